"""Find date, time, duration and set expressions in English news and give their TIMEX3 values.

``find_timexes(text, published)`` tags every temporal expression ("Friday", "Sept. 30", "the
third quarter", "two years ago", "the past three years", "daily") and normalises it to a TIMEX3
value read against the publication date: "Friday" in an article of Friday 2013-03-22 is
``2013-03-22``, "last week" is ``2013-W11``, "now" is ``PRESENT_REF``. ``resolve_phrase`` is the
normaliser on its own, for a phrase found elsewhere.

Why rule-based, in the manner of HeidelTime (Strötgen & Gertz): temporal expressions in news are
a small closed language (month and weekday names, a few units, a few modifiers), so compiled
regular expressions find them at a fraction of the cost of a parser, and the hard part is not
finding them but normalising them. Generic date parsers (dateparser) resolve relative phrases by
their own defaults ("Friday" is always last week's, "January" always the past one, quarters and
"now" are not dates at all); news needs the document's context instead: the publication date,
the tense of the sentence the expression stands in ("will meet Friday" looks forward, "met
Friday" back), and the date last mentioned ("a year earlier" after "the third quarter" is the
third quarter a year before). The tense is read from the words around the expression (modals,
"said", -ed verbs) with a light heuristic: no parse, so the tagger stays pure text and fast.

With no publication date (or an unreadable one) relative expressions keep an underspecified
value (``XXXX-WXX-2`` for "Tuesday", ``XXXX-01`` for "January") and absolute ones resolve fully;
``anchored`` marks every value that depends on the publication date or on the date last
mentioned.
"""

from __future__ import annotations

import bisect
import calendar
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Literal, NamedTuple

from storylens.records import Timex, TimexType

# "present": a present-tense verb governs the expression ("the hearing is Thursday", "the
# trial begins Monday"): a month is then the nearest one, a weekday the coming one (news puts
# a weekday beside a present verb for what is scheduled).
Tense = Literal["past", "present", "future"]

# --- limits -------------------------------------------------------------------------------

# A bare four-digit number is read as a year only in this range: outside it, news numbers are
# counts or model numbers far more often than years (a cue like "in 1066" still reads it).
BARE_YEAR_MIN = 1900
BARE_YEAR_MAX = 2099
# Years with a cue ("in 1648", "March 5, 1946") are accepted from here on: older ones are rare
# in news and four-digit counts ("in 1200 homes") are not.
CUED_YEAR_MIN = 1000
# A two-digit year ("'98") is put in the publication date's century unless that lands more
# than this many years after the publication: then it is the century before.
TWO_DIGIT_YEAR_FUTURE_WINDOW = 10
# A month or day named without a year and without a tense cue is put in the nearest year; a
# later one must be this many days nearer than the earlier one to win, as news mostly reports
# the past.
PAST_BIAS_DAYS = 31
# An anaphoric expression ("a year earlier", "two days later") reads the date last mentioned
# only when it was mentioned this few sentences back, or fewer; past that, the anchor.
REFERENCE_SENTENCES = 1
# "A year earlier" a few sentences after a quarter or half was named compares with that period
# (earnings reports name the quarter once, then compare figure after figure with it).
PERIOD_REFERENCE_SENTENCES = 3
# Words that join a further clause: a tense cue after one of them belongs to that clause's
# verb ("won on Tuesday and will take office next month", "sworn in on December 1 and has
# promised"), not to the expression before it.
_CLAUSE_JOINS = frozenset({"and", "but", "while", "whereas", "which", "who"})
# Punctuation after an expression that closes its clause: a verb after it is an attribution
# ("will choose a senator in November, the party said"), whose tense is the reporting's.
_ATTRIBUTION_BREAK = re.compile(r"[,;:\u201d\"]")
# An expression with at most this many words before it in its sentence ("On Saturday,", "Early
# in June,") is fronted: the clause after its comma is its own.
FRONTED_WORDS = 2
# A present-tense cue counts only this close before the expression ("is set for Tuesday",
# "begins Monday"); after it, only "is" or "are" as the next word ("Friday is the deadline").
PRESENT_WINDOW_WORDS = 2
# A tense cue further than this many words from the expression says little about it.
TENSE_WINDOW_WORDS = 12
# ... but where no cue of any tense stands that near, a future cue up to this many words back
# still decides: a long noun phrase may stand between the verb and its day.
FAR_FUTURE_WINDOW_WORDS = 24
# An -ing word shorter than this is mostly a noun ("thing", "king", "wing"), or "going",
# "doing", "being", which tell no arrangement of their own: no progressive for the month.
MIN_PROGRESSIVE_CHARS = 6
# How far before a holiday's name to read for a word that makes it a day ("before").
HOLIDAY_CUE_CHARS = 16
# A "duration" of more units than this is a misread number run ("10,000,000 years" in a table
# of figures), not a span of time news would give.
MAX_DURATION_AMOUNT = 10000

# --- vocabulary ---------------------------------------------------------------------------

_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
}  # fmt: skip
# Month words that are also common English words: written in lower case they are not months.
_MONTH_WORDS_NEEDING_CAPITAL = frozenset(
    {"may", "march", "mar", "jan", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "apr"}
)
_WEEKDAYS = {
    "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6,
    "sunday": 7,
}  # fmt: skip
_SEASONS = {"spring": "SP", "summer": "SU", "fall": "FA", "autumn": "FA", "winter": "WI"}
# The month each season starts in (northern hemisphere, as English-language news mostly is).
_SEASON_START = {"SP": 3, "SU": 6, "FA": 9, "WI": 12}
_PARTS_OF_DAY = {
    "morning": "MO", "afternoon": "AF", "evening": "EV", "night": "NI", "mid-afternoon": "AF",
    "midafternoon": "AF", "mid afternoon": "AF", "midmorning": "MO", "mid-morning": "MO",
}  # fmt: skip
_ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
    "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
    "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
    "twenty-first": 21, "twenty-second": 22, "twenty-third": 23, "twenty-fourth": 24,
    "twenty-fifth": 25, "twenty-sixth": 26, "twenty-seventh": 27, "twenty-eighth": 28,
    "twenty-ninth": 29, "thirtieth": 30, "thirty-first": 31,
}  # fmt: skip
_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_DECADE_WORDS = {
    "twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6, "seventies": 7,
    "eighties": 8, "nineties": 9,
}  # fmt: skip
_UNITS = {
    "second": "second", "seconds": "second", "minute": "minute", "minutes": "minute",
    "hour": "hour", "hours": "hour", "day": "day", "days": "day", "week": "week",
    "weeks": "week", "fortnight": "fortnight", "fortnights": "fortnight", "month": "month",
    "months": "month", "quarter": "quarter", "quarters": "quarter", "year": "year",
    "years": "year", "decade": "decade", "decades": "decade", "century": "century",
    "centuries": "century",
}  # fmt: skip
# TIMEX3 duration letters and how many of them one unit is.
_UNIT_CODE: dict[str, tuple[str, str, int]] = {
    "second": ("T", "S", 1), "minute": ("T", "M", 1), "hour": ("T", "H", 1),
    "day": ("", "D", 1), "week": ("", "W", 1), "fortnight": ("", "W", 2),
    "month": ("", "M", 1), "quarter": ("", "Q", 1), "year": ("", "Y", 1),
    "decade": ("", "Y", 10), "century": ("", "Y", 100),
}  # fmt: skip
# A fractional amount is written in the next smaller unit ("2 1/2 years" -> P2Y6M).
_SUBUNIT = {"year": ("month", 12), "month": ("day", 30), "day": ("hour", 24),
            "hour": ("minute", 60), "minute": ("second", 60), "week": ("day", 7)}  # fmt: skip

# Words that make a following four-digit number a count, not a year ("about 2000 people").
_QUANTITY_WORDS = frozenset({
    "about", "nearly", "almost", "some", "around", "approximately", "roughly", "estimated", "than",
    "least", "most", "only", "just", "over", "under", "total", "totaling", "totalling"
})  # fmt: skip
# Nouns counted by a preceding four-digit number ("2000 troops"): then it is no year.
_COUNT_NOUNS = frozenset({
    "people", "persons", "troops", "soldiers", "workers", "employees", "jobs", "shares", "votes",
    "cars", "vehicles", "units", "homes", "houses", "miles", "kilometers", "kilometres", "km",
    "feet", "meters", "metres", "tons", "tonnes", "barrels", "acres", "pounds", "dollars", "euros",
    "yen", "points", "cases", "deaths", "patients", "students", "members", "residents", "refugees",
    "prisoners", "civilians", "officers", "police", "copies", "pages", "words", "calories",
    "megawatts", "rooms", "seats", "beds", "flights", "passengers", "children", "men", "women",
    "families"
})  # fmt: skip
# Capitalised words that may stand before a year in running text ("In 1990", "Since 2001"):
# any other capitalised word there makes the number part of a name ("Windows 2000").
_YEAR_OPENERS = frozenset({
    "in", "since", "by", "until", "till", "from", "before", "after", "during", "through", "of",
    "and", "or", "to", "fiscal", "early", "late", "mid", "the", "between", "around", "about",
    "spring", "summer", "fall", "autumn", "winter", "christmas", "also", "only", "even", "but",
    "then", "circa", "ca", "year", "years"
})  # fmt: skip
# Weekday names that are part of a title or a name, not a day ("the Sunday Times").
_WEEKDAY_NAME_FOLLOWERS = frozenset({
    "times", "telegraph", "mirror", "express", "herald", "post", "tribune", "independent",
    "observer", "star", "mail"
})  # fmt: skip
# "current" in these is no reference to the present ("current account deficit").
_CURRENT_NOT_TIME = frozenset({
    "account", "accounts", "assets", "liabilities", "affairs", "events", "electrical", "electric",
    "ocean"
})  # fmt: skip
# Words in a sentence that show a quarter or half is a period of a match, not of the year.
_SPORTS_CUES = frozenset({
    "touchdown", "touchdowns", "goal", "goals", "scored", "game", "games", "match", "quarterback",
    "halftime", "half-time", "basket", "baskets", "innings", "inning", "penalty", "striker",
    "rebounds", "rebound"
})  # fmt: skip
# Words in a sentence that show a quarter or half is a reporting period.
_FINANCE_CUES = frozenset({
    "profit", "profits", "earnings", "sales", "revenue", "revenues", "results", "loss", "losses",
    "net", "income", "growth", "output", "deficit", "gdp", "economy", "earned", "dividend",
    "shares", "percent", "forecast", "fiscal"
})  # fmt: skip

# Tense cues read around an expression (lower case).
_FUTURE_WORDS = frozenset({
    "will", "shall", "won't", "upcoming", "tomorrow", "next", "may", "might", "'ll"
})  # fmt: skip
# These are future cues when "to" follows ("plans to", "is expected to", "is set to").
_FUTURE_BEFORE_TO = frozenset({
    "going", "plans", "plan", "planned", "planning", "expects", "expected", "expect", "scheduled",
    "slated", "due", "set", "aims", "aim", "intends", "intend", "hopes", "hope", "wants", "want",
    "seeks", "seek", "prepares", "preparing", "supposed", "likely"
})  # fmt: skip
# Going somewhere, in the present progressive before a destination ("is heading to",
# "are flying back"): an arrangement ahead of the report. Closed class.
_ARRANGED_TRAVEL = frozenset({
    "heading", "headed", "traveling", "travelling", "flying", "returning"
})  # fmt: skip
# (A contraction, "he's heading", is one token here and not read as "is": not handled.)
_PRESENT_BE = frozenset({"is", "are", "am"})
_PAST_BE = frozenset({"was", "were"})
# Verbs of leaving a post or a place whose past progressive tells an arrangement ("was leaving
# in February", "were stepping down"). Closed class; an action under way ("was working in
# March") stays in the past.
_SCHEDULED_GOING = frozenset({
    "leaving", "departing", "stepping", "retiring", "resigning", "returning", "arriving"
})  # fmt: skip
_DESTINATIONS = frozenset({"to", "for", "back", "home"})
# Present-tense verbs that carry a schedule ("begins Monday", "is in November", "has until
# Friday"): right beside the expression, one says "nearest" for a month and "coming" for a
# weekday, and stops a farther past cue ("said") from deciding.
_PRESENT_WORDS = frozenset({
    "is", "are", "has", "have", "begins", "starts",
    "opens", "ends", "closes", "comes", "meets", "votes", "heads", "faces", "returns", "resumes",
    "arrives", "leaves", "hosts", "visits", "travels", "testifies", "expires", "convenes",
    "debates", "goes", "kicks", "takes", "runs", "lasts", "continues"
})  # fmt: skip
# Their plural forms, verbs only where no determiner makes them nouns ("the vote Friday").
_PRESENT_PLURALS = frozenset({
    "begin", "start", "open", "meet", "vote", "head", "face", "return", "resume", "arrive",
    "convene", "debate", "go", "end", "close"
})  # fmt: skip
# Words after which a plural present form is an infinitive or a participle's verb, not the
# present tense ("were let go on Wednesday", "to vote Friday", "did not meet Monday").
_NOT_BEFORE_PRESENT_PLURAL = frozenset({
    "to", "let", "lets", "did", "didn't", "do", "does", "don't", "doesn't", "will", "would",
    "could", "should", "can", "must", "may", "might", "shall", "won't", "make", "made", "help",
    "helped", "see", "saw", "watch", "watched"
})  # fmt: skip
# Linking verbs: an -ed word after them is an adjective ("will remain closed until Thursday"),
# which says no tense, as after a form of "be".
_LINKING_VERBS = frozenset({
    "remain", "remains", "remained", "stay", "stays", "stayed", "seem", "seems", "get", "gets",
    "become", "becomes", "look", "looks", "appear", "appears", "keep", "kept"
})  # fmt: skip
# A preposition before an expression that puts it before the anchor whatever the verb
# ("since January, prices have risen").
_PAST_PREPOSITIONS = frozenset({"since"})
# Words that set an expression after the time of the act they close ("picked her on Wednesday
# to hold the seat until a special election in June"): where that act is dated at the report,
# the expression lies ahead of it.
_UNTIL_WORDS = frozenset({"until", "till"})
# How near the report's own day a dated act must be to count as "now" for ``_UNTIL_WORDS``.
NOW_DAYS = 7
# Phrases right before an expression that place it ahead of the report, whatever verb governs
# the sentence ("a vote could come as early as Thursday", "no later than Friday").
_FUTURE_PHRASES = (
    ("as", "early", "as"),
    ("as", "soon", "as"),
    ("no", "later", "than"),
    ("ahead", "of"),  # "campaigning ahead of Thursday's debate"
    ("in", "advance", "of"),
)
# ... and behind it ("spoke to him as recently as Wednesday": the latest time it happened).
_PAST_PHRASES = (("as", "recently", "as"),)
_PAST_WORDS = frozenset({
    "said", "was", "were", "had", "did", "didn't", "wasn't", "weren't", "hadn't", "ago",
    "yesterday", "last", "earlier", "told", "made", "took", "came", "went", "got", "gave", "found",
    "saw", "left", "met", "began", "fell", "rose", "won", "lost", "held", "sold", "bought", "paid",
    "hit", "knew", "thought", "brought", "sent", "spent", "built", "ran", "wrote", "spoke",
    "became", "chose", "grew", "led", "kept", "struck", "fought", "caught", "taught", "felt",
    "heard", "meant", "sought", "stood", "understood", "withdrew", "drew", "flew", "threw", "shot",
    "broke", "woke", "arose", "forgot", "overtook", "undertook", "swore", "tore", "wore", "bore",
    "slid", "fled", "bled", "fed", "sat", "lay", "laid", "stole", "froze", "shook", "rang", "sang",
    "sank", "swam"
})  # fmt: skip
# Modals that leave the time of their clause open ("could", "would"): for a month, the nearest.
_OPEN_MODALS = frozenset({"could", "would", "should", "can", "must"})
# Nouns that follow "to" with no determiner ("came to power in June", "went to work"): no
# infinitive.
_NOUNS_AFTER_TO = frozenset({
    "power", "office", "court", "trial", "school", "work", "bed", "prison", "jail", "hospital",
    "church", "market", "war", "town", "sea", "college", "university", "date"
})  # fmt: skip
# Words right before a month that make it the end of a span ("through September").
SPAN_END_LOOKBACK_CHARS = 12  # "through ", "until " and a space or two
_SPAN_END_BEFORE = re.compile(r"\b(?:through|until|till|thru)\s+$", re.IGNORECASE)
# A vote someone is up for or faces, right before a month ("senators up for re-election in
# November", "Democrats facing re-election in November hail from states Trump won"): it lies
# ahead of the telling whatever verb the sentence reports it with, so its month is the coming
# one, not the nearest behind (a fresh reader of BASIL event 49, published in January, found
# both dated the November before). "lost re-election in November" tells a vote held.
ELECTION_LOOKBACK_CHARS = 40
_FACING_ELECTION_BEFORE = re.compile(
    r"\b(?:up\s+for|fac(?:e|es|ing)|seek(?:s|ing)?|run(?:s|ning)?\s+for|stand(?:s|ing)?\s+for)"
    r"\s+(?:re-?election|election)\s+in\s+$",
    re.IGNORECASE,
)
# The present tense of verbs of intention, which look ahead wherever their "to" stands.
_INTENDS = frozenset({"plans", "intends", "aims", "hopes", "expects", "seeks"})
# Words of obligation before an infinitive ("has to pass a budget by October"): what must
# be done lies ahead. "had to" is past and stays out.
_OBLIGATION_BEFORE_TO = frozenset({"has", "have", "need", "needs"})
# Past verbs whose infinitive tells an act done by the time of the verb, not one still to
# come: implicatives ("managed to", "declined to", "failed to"), causatives with an object
# between ("had prompted him to hint on Tuesday", "forced the mayor to resign") and verbs of
# a start or a try ("began to", "tried to"). A weekday or a month in that infinitive is past,
# whatever clause comes after it ("... to hint on Tuesday that he might quit": a fresh reader
# of a BASIL report found that Tuesday dated a week ahead). Closed class; "got to", "used
# to" (also obligation, habit) and permissives ("allowed him to travel next week") stay out.
_DONE_BEFORE_TO = frozenset({
    "managed", "failed", "declined", "refused", "neglected", "bothered", "dared", "ventured",
    "happened", "remembered", "forgot", "hesitated", "prompted", "forced", "compelled",
    "caused", "led", "spurred", "drove", "helped", "began", "started", "tried", "attempted",
    "continued"
})  # fmt: skip
# Words before such a verb that make it no past act: a passive or a form still to come ("will
# be forced to close on Friday", "is forced to", "to try to").
_NOT_DONE_BEFORE = _PRESENT_BE | _FUTURE_WORDS | _OPEN_MODALS | {"be", "being", "to"}
# The most words an object may hold between such a verb and its "to" ("prompted the
# embattled governor to").
DONE_OBJECT_WORDS = 3
# Verbs that trace a thing to its origin with "back to" ("dates back to January", "goes back
# to the spring"): the time is before the telling, whatever the tense of the verb.
_ORIGIN_VERBS = frozenset({
    "date", "dates", "dated", "dating", "go", "goes", "going", "went", "trace", "traces",
    "traced", "tracing", "stretch", "stretches", "stretching", "hark", "harks", "harking"
})  # fmt: skip
# Modals that set a weekday in an act still to come ("should cancel Monday's meeting").
_WEEKDAY_OPEN_MODALS = frozenset({"should", "must"})
# The modal of the future seen from a past report ("said the school would open on Friday").
_FUTURE_IN_PAST = frozenset({"would"})
# Words ending in -ed that are no past-tense verbs.
_ED_NOT_PAST = frozenset({
    "need", "needed", "speed", "seed", "feed", "bed", "red", "shed", "hundred", "indeed",
    "proceed", "succeed", "exceed", "breed", "weed", "bleed", "embed", "creed", "greed", "steed",
    "tweed", "reed", "deed", "heed", "agreed"
})  # fmt: skip
_DETERMINERS = frozenset({
    "the", "a", "an", "its", "their", "his", "her", "our", "your", "this", "that", "these",
    "those"
})  # fmt: skip
# Titles before a month word make it a surname ("Mrs. May").
_TITLES = frozenset({"mrs", "ms", "mr", "miss", "dr", "prime", "minister"})
# Capitalised words that may follow a month alone ("June and July", "May To ...").
_MONTH_LINKS = frozenset({"and", "or", "to", "through", "until"})
_BE_FORMS = frozenset(["is", "are", "be", "been", "being", "am", "'s", "'re"])
# Abbreviations after which a full stop does not end a sentence.
_ABBREVIATIONS = frozenset({
    "mr", "mrs", "ms", "dr", "st", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
    "oct", "nov", "dec", "u.s", "inc", "co", "corp", "ltd", "jr", "sr", "gen", "gov", "sen", "rep",
    "no", "vs", "lt", "col", "sgt", "capt", "maj", "adm", "prof", "rev", "ft", "mt", "u.n", "u.k",
    "a.m", "p.m", "e.g", "i.e"
})  # fmt: skip

# --- regular expressions ------------------------------------------------------------------


def _alternation(words: list[str]) -> str:
    """A regex alternation of words, longest first so that the longest spelling wins."""
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|"
_MONTH += r"December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept\.?|Sep\.?|Oct\.?|"
_MONTH += r"Nov\.?|Dec\.?)(?![a-z])"
_WEEKDAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_DAYNUM = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?!\d|:\d)"
_ORDINAL_WORD = _alternation([w for w in _ORDINALS if not w[0].isdigit()])
_DAY = rf"(?:{_DAYNUM}|{_ORDINAL_WORD})"
_YEAR4 = r"(?:1\d|20)\d{2}(?!\d|,\d)"
_SPOKEN_YEAR = (
    r"(?:nineteen|twenty)[\s-]+(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    r"(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|oh[\s-](?:one|two|three|four|five|"
    r"six|seven|eight|nine))|two\s+thousand\s+(?:and\s+)?(?:one|two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
    r"nineteen)(?![\s-]+(?:years?|days?|people|dollars))"
)
_YEAR = rf"(?:{_YEAR4}|'\d{{2}}(?![\d']))"
_NUM_WORD = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:one|two|three|four|"
    r"five|six|seven|eight|nine)(?![a-z]))?|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|"
    r"(?:a|one|two|three|four|five)\s+(?:hundred|thousand)|(?:a\s+)?dozen|(?:a\s+)?couple(?:\s+of)?|"
    r"a\s+few|few|several|many|an?|half\s+an?)(?![a-z])"
)
_NUMBER = (
    rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?(?:\s+1/2|½)?|{_NUM_WORD}(?:\s+and\s+a\s+half)?)"
)
_UNIT = r"(?:seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|quarters?|years?|decades?|"
_UNIT += r"centuries|century)(?![a-z])"
_DUR_MOD = (
    r"(?:(?:about|around|approximately|roughly|nearly|almost|some|at\s+least|at\s+most|"
    r"more\s+than|less\s+than|fewer\s+than|no\s+more\s+than|no\s+less\s+than|up\s+to|"
    r"well\s+over|over|under|just|only)\s+)"
)
_PREFIX_MOD = r"(?:(?P<mod>early|mid|late|the\s+(?:end|beginning|start|middle)\s+of)[\s-]+)"
_DETERMINER_REL = (
    r"(?P<rel>last|next|this|this\s+coming|this\s+past|coming|past|previous|following|prior|"
    r"current|same|that|the\s+(?:last|next|past|previous|following|prior|current|same|"
    r"coming|latest|most\s+recent))"
)
_CLOCK = (
    r"(?:(?P<h>[01]?\d)(?:[:.](?P<mi>[0-5]\d))?\s*(?P<ampm>[ap]\.\s?m\.|[ap]m(?![a-z])|[ap]\.m(?![a-z.]))"
    r"|(?P<h24>[01]?\d|2[0-3]):(?P<mi24>[0-5]\d)(?=\s*(?:GMT|UTC|EST|EDT|CST|CDT|PST|PDT|BST|CET|"
    r"local|hours|h\b))"
    r"|(?P<hoc>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+o'clock"
    r"|(?P<named>noon|midday|midnight)(?!-))"  # "midnight-blue" is a colour
    r"(?:\s+(?P<tz>GMT|UTC|[ECMP][SD]T|BST|CET|local\s+time))?"
)


def _rx(pattern: str) -> re.Pattern[str]:
    """A rule's regex; it never starts inside a word ("now" in "know")."""
    return re.compile(rf"(?<!\w)(?:{pattern})", re.IGNORECASE | re.VERBOSE)


# Each rule: a name and its regex. The longest match wins where rules overlap.
_RX_ISO = _rx(
    r"\b(?P<y>\d{4})-(?P<m>[01]\d)-(?P<d>[0-3]\d)(?:[T\s](?P<hh>[0-2]\d):(?P<mm>[0-5]\d))?\b"
)
_RX_NUMERIC = _rx(r"(?<![\d/.])(?P<a>[01]?\d)/(?P<b>[0-3]?\d)/(?P<y>\d{4}|\d{2})(?![\d/])")
# "February the 15th", as people say it: "the" before a day only with an ordinal ending, so
# that "in June the 3 men" and "in May the fourth son" stay months.
_THE_ORDINAL_DAY = r"(?:the\s+(?=(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)\b))?"
_RX_MDY = _rx(
    rf"""(?:(?P<wd>{_WEEKDAY}),?\s+)?(?:the\s+)?(?P<month>{_MONTH})\s+{_THE_ORDINAL_DAY}(?P<day>{_DAY})
    (?:(?:,\s*|\s+)(?P<year>{_YEAR4}))?\b"""
)
_RX_DMY = _rx(
    rf"""(?:(?P<wd>{_WEEKDAY}),?\s+)?(?:the\s+)?(?P<day>{_DAY})(?:\s+of)?\s+(?P<month>{_MONTH})
    (?:,?\s+(?P<year>{_YEAR4}))?\b"""
)
_RX_MONTH_YEAR = _rx(
    rf"""{_PREFIX_MOD}?(?P<month>{_MONTH})(?:,?\s+(?:of\s+)?)(?:(?P<year>{_YEAR})|(?P<spoken>{_SPOKEN_YEAR}))
    (?![\w'])"""
)
_RX_MONTH = _rx(
    rf"""{_PREFIX_MOD}?(?:(?P<rel>last|next|this|this\s+coming|this\s+past|coming|past)\s+)?
    (?P<month>{_MONTH})\b"""
)
_RX_YEAR = _rx(
    rf"""{_PREFIX_MOD}?(?:(?P<fiscal>fiscal(?:\s+year)?|FY|calendar(?:\s+year)?)\s*)?
    (?P<year>{_YEAR})(?:'s)?(?!\s*(?:%|percent|per\s+cent)|[.,]\d|\w)"""
)
_RX_SPOKEN_YEAR = _rx(rf"{_PREFIX_MOD}?(?P<spoken>{_SPOKEN_YEAR})(?![\w-])")
_RX_DECADE = _rx(
    r"""(?:the\s+)?(?:(?P<mod>early|mid|late)[\s-]+)?(?:(?P<cent>1\d|20)(?P<dec>\d)0|'(?P<short>\d)0)
    '?s\b"""
)
_RX_DECADE_WORD = _rx(
    r"the\s+(?:(?P<mod>early|mid|late)[\s-]+)?(?P<word>twenties|thirties|forties|fifties|sixties|"
    r"seventies|eighties|nineties)\b"
)
_RX_CENTURY = _rx(
    rf"""(?:the\s+)?(?:(?P<mod>early|mid|late)[\s-]+)?(?:(?P<ord>{_ORDINAL_WORD}|\d{{1,2}}(?:st|nd|rd|th))
    |(?P<rel>this|last|next|the\s+last|the\s+next|the\s+past|the\s+previous))[\s-]+century\b"""
)
_RX_QUARTER = _rx(
    rf"""(?:(?P<det>the|this|that|last|next|its|their)\s+)?
    (?:(?P<yearpre>{_YEAR4}|this\s+year's|last\s+year's|next\s+year's)\s+)?
    (?:(?P<adj>(?:(?:latest|current|previous|past|prior|same|comparable|recent|most\s+recent|
    fiscal|just-ended|just\s+ended|final|year-earlier|year-ago|preceding)[\s-]+)+))?
    (?:(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|final|last)[\s-]+)?
    (?:fiscal[\s-]+)?(?P<noun>quarter|period)(?![\w-])
    (?:\s+of\s+(?:(?:fiscal\s+)?(?P<yearpost>{_YEAR4})|(?P<relyear>this|last|next)\s+year|
    the\s+(?P<theyear>year|fiscal\s+year)))?"""
)
_RX_HALF = _rx(
    rf"""(?:(?P<det>the|this|last|next)\s+)?(?:(?P<yearpre>{_YEAR4}|this\s+year's|last\s+year's)\s+)?
    (?P<ord>first|second|last|latter|back)(?P<sep>[\s-]+)half(?![\w-])
    (?:\s+of\s+(?:(?:fiscal\s+)?(?P<yearpost>{_YEAR4})|(?P<relyear>this|last|next)\s+year|
    the\s+(?P<theyear>year)))?"""
)
_RX_SEASON = _rx(
    rf"""{_PREFIX_MOD}?(?:(?P<det>the|this|last|next|this\s+past|this\s+coming|past|coming)\s+)?
    (?P<season>spring|summer|fall|autumn|winter)(?![\w-])
    (?:(?:\s+of)?\s+(?P<year>{_YEAR4}))?"""
)
_RX_WEEKDAY = _rx(
    rf"""(?:(?P<mod>early|late|earlier|later)\s+)?
    (?:(?P<rel>last|next|this|this\s+coming|this\s+past|coming|past)\s+)?(?P<wd>{_WEEKDAY})
    (?:'s)?(?:\s+(?P<part>morning|afternoon|evening|night))?\b"""
)
_RX_WEEKDAY_PLURAL = _rx(
    r"(?:on\s+)(?P<wd>Mondays|Tuesdays|Wednesdays|Thursdays|Fridays|Saturdays|Sundays)\b"
)
_RX_DAYWORD = _rx(
    r"""(?:(?P<mod>early|late|earlier|later)\s+)?
    (?P<word>today|tonight|yesterday|tomorrow|the\s+day\s+before\s+yesterday|
    the\s+day\s+after\s+tomorrow)(?:'s)?
    (?:\s+(?P<part>morning|afternoon|evening|night))?\b"""
)
_RX_PART_OF_DAY = _rx(
    r"""(?:(?P<mod>early|late|earlier|later)\s+)?(?P<rel>this|last|tomorrow|yesterday)\s+
    (?P<part>morning|afternoon|evening|night)\b
    |(?P<mid>mid[\s-]?afternoon|mid[\s-]?morning)\b"""
)
_RX_REL_UNIT = _rx(
    rf"""(?:(?P<mod>early|late|earlier|later|the\s+(?:end|beginning|start|middle|rest)\s+of)\s+)?
    {_DETERMINER_REL}\s+(?P<unit>week|weekend|month|year|decade|fiscal\s+year|calendar\s+year|
    day)\b(?!-)"""
)
_RX_THE_UNIT = _rx(
    r"""(?P<mod>the\s+(?:end|beginning|start|middle)\s+of)\s+the\s+(?P<unit>week|month|year|
    decade|fiscal\s+year)\b|the\s+(?P<unit2>weekend|fiscal\s+year|current\s+fiscal\s+year)\b"""
)
_RX_AGO = _rx(
    rf"""(?:{_DUR_MOD})?(?P<num>{_NUMBER})[\s-]+(?:more\s+)?(?P<unit>{_UNIT})
    (?:\s+or\s+(?:so|two|more))?\s+(?P<dir>ago|earlier|later|from\s+now|hence)
    (?!\s+(?:the|a|an|his|her|its|their|this|that|he|she|it|they|we|i)\b)"""
)
_RX_YEAR_EARLIER = _rx(
    rf"""(?:the\s+)?(?:(?:comparable|same|corresponding)\s+)?(?P<kind>year|month|quarter)-(?:earlier|ago)
    (?:\s+(?:(?P<num>{_NUMBER})\s+months|(?P<noun>quarter|period|month|year|week|half)))?\b"""
)
_RX_DURATION = _rx(
    rf"""(?:{_DUR_MOD})?(?:the\s+(?P<adj>(?:(?:past|last|next|first|coming|previous|final|
    following|latest|recent|initial|remaining|same|preceding|ensuing|prior)\s+)?))?
    (?P<num>{_NUMBER})(?P<sep>[\s-]+)(?:more\s+|additional\s+|straight\s+|consecutive\s+)?
    (?P<unit>{_UNIT})(?P<tail>-old|-long)?"""
)
_RX_VAGUE = _rx(
    rf"""(?:in\s+)?(?:(?P<the>the)\s+)?(?P<dir>recent|coming|past|last|next|previous|
    ensuing|following)\s+(?:(?:few|several|couple\s+of|many)\s+)?(?P<unit>{_UNIT})
    |(?P<the2>the)\s+(?P<unit2>days|weeks|months|years|decades)\s+(?P<ahead>ahead|to\s+come)
    |(?:for|within|over|after|in|during)\s+(?P<bare>(?:hours|days|weeks|months|years|decades|
    centuries))(?!\s+(?:ago|earlier|later|of\b))
    |(?P<long>hours|days|weeks|months|years|decades)-long"""
)
_RX_SET = _rx(
    rf"""(?P<adverb>daily|weekly|monthly|annually|yearly|hourly|nightly|biweekly|bimonthly|
    semiannually|quarterly)\b
    |(?P<every>every|each|per)\s+(?:(?P<other>other)\s+)?(?:(?P<num>{_NUMBER})\s+)?
    (?P<what>{_UNIT}|{_WEEKDAY}|{_MONTH}|spring|summer|fall|autumn|winter|weekend|morning|
    night|evening|afternoon)
    |(?P<freq>once|twice|thrice|(?:{_NUMBER})\s+times)\s+(?:a|an|per|each|every)\s+
    (?P<funit>{_UNIT})"""
)
_RX_REF = _rx(
    r"""(?P<present>right\s+now|now(?!-)|currently|presently|nowadays|these\s+days|at\s+present|
    the\s+present(?!\s+(?:day|time))|the\s+present\s+day|current(?=\s+[a-z]))
    |(?P<past>recently|recent(?=\s+[a-z])|lately|formerly|the\s+past(?!\s+(?:tense|participle)))
    |(?P<future>the\s+(?:near\s+|distant\s+|foreseeable\s+)?future|the\s+near\s+term|
    the\s+long\s+term|a\s+later\s+date|someday)\b"""
)
# Holidays: ("fixed", month, day), ("nth", month, nth weekday (-1: the last), ISO weekday),
# ("election", 11, 0): the Tuesday after the first Monday of November, ("easter", 0, days after).
_HOLIDAY_NAMES: dict[str, tuple[str, int, int, int]] = {
    "christmas eve": ("fixed", 12, 24, 0), "christmas day": ("fixed", 12, 25, 0),
    "christmas": ("fixed", 12, 25, 0), "new year's eve": ("fixed", 12, 31, 0),
    "new year's day": ("fixed", 1, 1, 0), "independence day": ("fixed", 7, 4, 0),
    "the fourth of july": ("fixed", 7, 4, 0), "july fourth": ("fixed", 7, 4, 0),
    "halloween": ("fixed", 10, 31, 0), "valentine's day": ("fixed", 2, 14, 0),
    "veterans day": ("fixed", 11, 11, 0), "veterans' day": ("fixed", 11, 11, 0),
    "st. patrick's day": ("fixed", 3, 17, 0), "boxing day": ("fixed", 12, 26, 0),
    "thanksgiving day": ("nth", 11, 4, 4), "thanksgiving": ("nth", 11, 4, 4),
    "labor day": ("nth", 9, 1, 1), "memorial day": ("nth", 5, -1, 1),
    "martin luther king day": ("nth", 1, 3, 1), "presidents' day": ("nth", 2, 3, 1),
    "presidents day": ("nth", 2, 3, 1), "columbus day": ("nth", 10, 2, 1),
    "mother's day": ("nth", 5, 2, 7), "father's day": ("nth", 6, 3, 7),
    "election day": ("election", 11, 0, 0), "easter": ("easter", 0, 0, 0),
    "easter sunday": ("easter", 0, 0, 0), "good friday": ("easter", 0, -2, 0),
    "easter monday": ("easter", 0, 1, 0),
}  # fmt: skip
_RX_HOLIDAY = _rx(
    rf"(?P<name>{_alternation(list(_HOLIDAY_NAMES))})(?![\w'])(?:,?\s+(?P<year>{_YEAR4}))?"
)
_RX_CLOCK = _rx(
    rf"(?:(?:around|about|approximately|roughly|shortly\s+(?:before|after))\s+)?{_CLOCK}"
)

_OF_AFTER = re.compile(r"\s+of\b")
_AGE_AFTER = re.compile(r"[\s-]+old\b")
_RATE_BEFORE = re.compile(
    r"(?:\d|million|billion|thousand|hundred|percent|%|dollars|cents|hours|times|once|twice)"
    r"[\s,]*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|'ll")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n")
_GAP_MERGE = re.compile(r"\s*,?\s*(?:(?:on|at)\s+)?", re.IGNORECASE)
_VALUE_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_VALUE_WEEK = re.compile(r"^(\d{4})-W(\d{2})$")
_VALUE_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_VALUE_QUARTER = re.compile(r"^(\d{4})-([QH])(\d)$")
_VALUE_SEASON = re.compile(r"^(\d{4})-(SP|SU|FA|WI)$")
_VALUE_YEAR = re.compile(r"^(\d{4})$")
_PUBLISHED = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})(?![\d])")


# --- results and context ------------------------------------------------------------------


class Resolution(NamedTuple):
    """A TIMEX3 value and type for a phrase, and whether it depends on the anchor date."""

    value: str
    type: TimexType
    anchored: bool


@dataclass
class _Found:
    """What a rule made of its match. ``sets_reference`` says a later "a year earlier" or
    "the quarter" may read it: anaphoric values themselves do not become the reference."""

    value: str
    type: TimexType
    anchored: bool
    sets_reference: bool = True


# A word of a sentence: start, end, lower-cased text, whether it was written in lower case.
_Token = tuple[int, int, str, bool]


@dataclass
class _Context:
    """One document being read: the anchor, the sentence bounds, the dates mentioned so far."""

    text: str
    dct: date | None
    tense_override: Tense | None
    sentence_starts: list[int]
    last_reference: tuple[str, int] | None = None  # value, sentence index
    last_quarter: tuple[str, int] | None = None  # value, sentence index
    probing: bool = False  # checking a match's context only: no dates resolved yet
    _tokens: dict[int, list[_Token]] = field(default_factory=dict)

    def sentence_of(self, position: int) -> int:
        return bisect.bisect_right(self.sentence_starts, position) - 1

    def sentence_span(self, index: int) -> tuple[int, int]:
        start = self.sentence_starts[index]
        end = (
            self.sentence_starts[index + 1]
            if index + 1 < len(self.sentence_starts)
            else len(self.text)
        )
        return start, end

    def tokens(self, index: int) -> list[_Token]:
        if index not in self._tokens:
            start, end = self.sentence_span(index)
            self._tokens[index] = [
                (m.start(), m.end(), m.group().lower(), m.group().islower())
                for m in _WORD.finditer(self.text, start, end)
            ]
        return self._tokens[index]


def _sentence_starts(text: str) -> list[int]:
    starts = [0]
    for m in _SENTENCE_END.finditer(text):
        if m.group() != "\n":
            before = text[max(0, m.start() - 12) : m.start()].rstrip(".!?\"')]")
            last = before.split()[-1].lower() if before.split() else ""
            if last.rstrip(".") in _ABBREVIATIONS or (len(last) == 1 and last.isalpha()):
                continue
        starts.append(m.end())
    return starts


def _parse_published(published: str | None) -> date | None:
    """The publication day of an ISO date or datetime string; None for anything else (a
    garbled date must not anchor anything)."""
    m = _PUBLISHED.match(published) if published else None
    if not m:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


# --- tense --------------------------------------------------------------------------------


def _cue(tokens: list[_Token], i: int) -> Tense | None:
    word = tokens[i][2]
    following = tokens[i + 1][2] if i + 1 < len(tokens) else ""
    if word in _FUTURE_WORDS or word.endswith("'ll"):
        return "future"
    previous_word = tokens[i - 1][2] if i > 0 else ""
    if word in _FUTURE_BEFORE_TO and following in ("to", "for"):
        # After a determiner the word is a noun ("over his plans to address Congress next
        # week"): the plan may be old news, and the expression another verb's.
        return None if previous_word in _DETERMINERS else "future"
    if word in ("is", "are") and following == "to":  # "is to resume"
        return "future"
    if word in _INTENDS and previous_word not in _DETERMINERS:
        # "Ms. Pelosi plans on Thursday to bring up two bills": the present of an intention
        # looks ahead with the day set between it and its "to"
        return "future"
    if word in _ARRANGED_TRAVEL and previous_word in _PRESENT_BE and following in _DESTINATIONS:
        # "is heading to Georgetown for a speech Thursday morning": the present progressive
        # of going somewhere tells an arrangement ahead of the report
        return "future"
    if word in _PAST_WORDS:
        if previous_word in _BE_FORMS and word not in _BE_FORMS:
            # "will be held", "would be sold": a participle after "be" tells no tense (as an
            # -ed word there does not); the auxiliary before it does
            return None
        return "past"
    if word in _PRESENT_WORDS or (
        word in _PRESENT_PLURALS
        and previous_word not in _DETERMINERS
        and previous_word not in _NOT_BEFORE_PRESENT_PLURAL
        and previous_word not in _BE_FORMS
        and previous_word not in _PAST_WORDS
        and tokens[i][3]
    ):
        if word in ("has", "have") and following in ("been", "had"):
            return "past"
        return "present"
    if len(word) >= 5 and word.endswith("ed") and word not in _ED_NOT_PAST:
        previous = tokens[i - 1][2] if i > 0 else ""
        if previous in _BE_FORMS or previous in _LINKING_VERBS:
            return None  # passive ("is expected", "will be held"), adjective ("remain closed")
        if previous in _DETERMINERS:  # an adjective: "the reduced dividend"
            return None
        if previous == "has" or previous == "have":
            return "past"
        return "past" if tokens[i][3] else None  # capitalised: a name ("Ahmed", "United")
    return None


def _ends_future_phrase(tokens: list[_Token], i: int) -> bool:
    """Whether token ``i`` is the last word of one of ``_FUTURE_PHRASES``."""
    return any(
        i + 1 >= len(phrase)
        and tuple(tokens[k][2] for k in range(i + 1 - len(phrase), i + 1)) == phrase
        for phrase in _FUTURE_PHRASES
    )


def _open_tense(ctx: _Context, start: int, end: int) -> Tense | None:
    """The tense for a month, a season, a holiday or a day of a month: a modal, an
    infinitive or a verb in the present progressive before it leaves its time open (the
    nearest)."""
    return _tense(ctx, start, end, modals=_OPEN_MODALS, infinitives=True, progressives=True)


def _present_progressive(tokens: list[_Token], i: int) -> bool:
    """Whether token ``i`` is the -ing verb of a present progressive ("is running for
    re-election ... in November"): an arrangement or an action under way, whose month is the
    nearest one, whatever a verb in a clause farther back says ("who has represented ...")."""
    word = tokens[i][2]
    if i > 0 and word in _SCHEDULED_GOING and tokens[i - 1][2] in _PAST_BE:
        # "had said Mattis was leaving in February": going somewhere or leaving a post, told
        # in the past progressive, is an arrangement ahead of the telling, so its month is
        # the nearest, not the one before (a fresh reader found it a year early)
        return True
    return (
        i > 0
        and word.endswith("ing")
        and len(word) >= MIN_PROGRESSIVE_CHARS
        and tokens[i][3]  # lower-case: "Is Fleming" is no verb
        and tokens[i - 1][2] in _PRESENT_BE
    )


def _infinitive(text: str, tokens: list[_Token], i: int) -> bool:
    """Whether token ``i`` is the "to" of an infinitive ("voted to close the branch at the
    end of June"): its clause is after the verb before it, its time open as a modal's."""
    if tokens[i][2] != "to" or i + 1 >= len(tokens):
        return False
    start, _, word, lower = tokens[i + 1]
    if text[tokens[i][1] : start].strip():
        return False  # "fell to $16.25 in trading": a number or a mark between
    return lower and word not in _DETERMINERS and word not in _NOUNS_AFTER_TO


def _obliged_or_intended(tokens: list[_Token], i: int) -> bool:
    """Whether the "to" at ``i`` follows a word of intention or obligation ("plans to", "wants
    to", "has to", "needs to"), itself no noun after a determiner ("his plans to")."""
    if i < 1:
        return False
    word = tokens[i - 1][2]
    if word not in _FUTURE_BEFORE_TO and word not in _OBLIGATION_BEFORE_TO:
        return False
    return i < 2 or tokens[i - 2][2] not in _DETERMINERS


def _done_infinitive(text: str, tokens: list[_Token], i: int) -> bool:
    """Whether the "to" at ``i`` opens an infinitive of an act done at the time of a past
    verb before it (``_DONE_BEFORE_TO``), an object of up to ``DONE_OBJECT_WORDS`` words
    between them and no mark ("had prompted him to hint", not "prompted, he said, to")."""
    if not _infinitive(text, tokens, i):
        return False
    for k in range(i - 1, max(-1, i - 2 - DONE_OBJECT_WORDS), -1):
        if _ATTRIBUTION_BREAK.search(text[tokens[k][1] : tokens[k + 1][0]]):
            return False
        word = tokens[k][2]
        if word in _DONE_BEFORE_TO:
            # "the led" is no verb; "will be forced to" no past act
            return k == 0 or tokens[k - 1][2] not in _DETERMINERS | _NOT_DONE_BEFORE
        if _cue(tokens, k) is not None or word == "to":
            return False  # another verb between: the infinitive is its own
    return False


def _traced_back(tokens: list[_Token], before: list[int]) -> bool:
    """Whether the words right before an expression trace something back to it ("dates back
    to January", "going back to 2010")."""
    last = [tokens[i][2] for i in before[-3:]]
    return len(last) == 3 and last[0] in _ORIGIN_VERBS and last[1:] == ["back", "to"]


def _tense(
    ctx: _Context,
    start: int,
    end: int,
    modals: frozenset[str] = frozenset(),
    infinitives: bool = False,
    progressives: bool = False,
) -> Tense | None:
    """The tense the words nearest to an expression in its sentence point to, if any.

    ``modals``: these modal verbs ("could lose the House in November") are a cue of their own
    that leaves the time open (present: the nearest month, the coming weekday), so a reporting
    verb farther back ("said") does not decide; read for a month, whose year it chooses, and
    "would" for a weekday ("said counsellors would be available on Friday"). ``infinitives``:
    the "to" of an infinitive is such a cue too ("voted to close the branch at the end of
    June"), read for a month, a season or a holiday."""
    if ctx.tense_override is not None:
        return ctx.tense_override
    tokens = ctx.tokens(ctx.sentence_of(start))
    best: tuple[int, Tense] | None = None
    before = [i for i, t in enumerate(tokens) if t[1] <= start]
    after = [i for i, t in enumerate(tokens) if t[0] >= end]
    if before and tokens[before[-1]][2] in _PAST_PREPOSITIONS:
        return "past"
    if _until_after_now(ctx, tokens, before, start):
        return "future"
    if any(tuple(tokens[i][2] for i in before[-len(p) :]) == p for p in _FUTURE_PHRASES):
        return "future"
    if any(tuple(tokens[i][2] for i in before[-len(p) :]) == p for p in _PAST_PHRASES):
        return "past"
    if _traced_back(tokens, before):
        return "past"
    # A fronted expression ("On Saturday, leaders will gather"): the comma after it opens its
    # own clause, not an attribution, so the verb after the comma is the one it goes with.
    fronted = len(before) <= FRONTED_WORDS and not any(_cue(tokens, i) for i in before)
    for distance, i in enumerate(reversed(before[-TENSE_WINDOW_WORDS:])):
        if _ends_future_phrase(tokens, i):
            # "in advance of his appearance on the campus on Thursday": the phrase governs
            # the noun the expression hangs on, with no verb between them.
            return "future"
        cue = _cue(tokens, i)
        if cue is None and _done_infinitive(ctx.text, tokens, i):
            # "had prompted him to hint on Tuesday that he might quit": the act of the
            # infinitive was done by the past verb's time; a verb after the expression is
            # another clause's
            best = (0, "past")
            break
        opens = (
            tokens[i][2] in modals
            or (infinitives and _infinitive(ctx.text, tokens, i))
            or (progressives and _present_progressive(tokens, i))
        )
        if cue is None and opens:
            cue = "present"
            if infinitives and _obliged_or_intended(tokens, i):
                # "plans to withdraw the troops in the summer", "has to pass a budget by
                # October": the infinitive of an intention or an obligation lies ahead of the
                # telling, so its season or month is the coming one, not the nearest
                cue = "future"
            distance = 0  # the modal's own clause holds the month, however far back it is
        if cue == "present" and distance > PRESENT_WINDOW_WORDS:
            continue  # "is recovering from Wednesday's crash": the verb is another phrase's
        if cue:
            best = (distance, cue)
            break
    for distance, i in enumerate(after[:TENSE_WINDOW_WORDS]):
        if best is not None and distance >= best[0]:
            break
        if tokens[i][2] in _CLAUSE_JOINS or (
            _ATTRIBUTION_BREAK.search(ctx.text[end : tokens[i][0]]) and not fronted
        ):
            break  # "in Tuesday's election and will take office": the cue is another verb's
        cue = _cue(tokens, i)
        if cue == "present" and (distance > 0 or tokens[i][2] not in _BE_FORMS):
            continue  # "Monday's attack is the deadliest", "Sunday's debate": a noun's
        if cue:
            best = (distance, cue)
            break
    if best is None:
        # No verb of any tense near it, before or after: a future cue farther back in the
        # sentence ("is expected to push ... in his State of the Union address Tuesday")
        # still governs it.
        far = before[-FAR_FUTURE_WINDOW_WORDS:-TENSE_WINDOW_WORDS]
        if any(_cue(tokens, i) == "future" for i in far):
            return "future"
    return best[1] if best else None


def _until_after_now(ctx: _Context, tokens: list[_Token], before: list[int], start: int) -> bool:
    """Whether the expression closes a span ("until ...") opened by an act this sentence dates
    at the report's own day: "on Wednesday picked a former aide to fill the seat until a
    special election in June" (published that Wednesday) means the coming June, though the
    verb is past. Without such a date ("he served as mayor until June") the tense decides."""
    if ctx.dct is None or ctx.last_reference is None:
        return False
    value, sentence = ctx.last_reference
    if sentence != ctx.sentence_of(start) or not any(
        tokens[i][2] in _UNTIL_WORDS for i in before[-TENSE_WINDOW_WORDS:]
    ):
        return False
    day = _VALUE_DAY.match(value)
    if day is None:
        return False
    act = _safe_date(int(day[1]), int(day[2]), int(day[3]))
    return act is not None and abs((act - ctx.dct).days) <= NOW_DAYS


# --- calendar helpers ---------------------------------------------------------------------


def _add_months(year: int, month: int, n: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + n
    return index // 12, index % 12 + 1


def _week(day: date) -> str:
    iso = day.isocalendar()
    return f"{iso[0]:04d}-W{iso[1]:02d}"


def _day(day: date) -> str:
    return day.isoformat()


def _quarter_of(day: date) -> int:
    return (day.month - 1) // 3 + 1


def _nth_weekday(year: int, month: int, nth: int, weekday: int) -> date:
    """The nth (1-based; -1 the last) ISO weekday of a month."""
    if nth > 0:
        first = date(year, month, 1)
        offset = (weekday - first.isoweekday()) % 7
        return first + timedelta(days=offset + 7 * (nth - 1))
    next_year, next_month = _add_months(year, month, 1)
    last = date(next_year, next_month, 1) - timedelta(days=1)
    return last - timedelta(days=(last.isoweekday() - weekday) % 7)


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month = (h + ell - 7 * m + 114) // 31
    day = (h + ell - 7 * m + 114) % 31 + 1
    return date(year, month, day)


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _choose_year(
    dct: date, tense: Tense | None, make: Callable[[int], date | None], strict: bool = False
) -> int:
    """The year that puts a yearless date on the side of the anchor its sentence points to.

    Past tense: the last one on or before the anchor; future: the next one on or after it
    (``strict`` leaves the anchor day itself out, for "last"/"next"); no cue: the nearest,
    with the past preferred unless the future one is clearly nearer.
    """
    candidates = [(y, make(y)) for y in (dct.year - 1, dct.year, dct.year + 1)]
    dated = [(y, d) for y, d in candidates if d is not None]
    if not dated:
        return dct.year
    if tense == "past":
        past = [(y, d) for y, d in dated if d < dct or (d == dct and not strict)]
        return past[-1][0] if past else dct.year
    if tense == "future":
        future = [(y, d) for y, d in dated if d > dct or (d == dct and not strict)]
        return future[0][0] if future else dct.year
    best_past = max(((y, d) for y, d in dated if d <= dct), key=lambda p: p[1], default=None)
    best_future = min(((y, d) for y, d in dated if d > dct), key=lambda p: p[1], default=None)
    if best_past is None:
        return best_future[0] if best_future else dct.year
    if best_future is None:
        return best_past[0]
    past_gap = (dct - best_past[1]).days
    future_gap = (best_future[1] - dct).days
    return best_future[0] if future_gap + PAST_BIAS_DAYS < past_gap else best_past[0]


def _period_year(number: int, per_year: int, current: int, year: int, tense: Tense | None) -> int:
    """The year of a quarter or half named without one: the nearest such period to the
    anchor's, on the side the tense points to. A future sentence may still be about the period
    just ended ("expects to report third-quarter profit" in October), as results come out
    after a period closes."""
    here = year * per_year + current - 1
    options = [(y, y * per_year + number - 1 - here) for y in (year - 1, year, year + 1)]
    if tense == "past":
        options = [o for o in options if o[1] <= 0]
    elif tense == "future":
        options = [o for o in options if o[1] >= -1]
    return min(options, key=lambda o: (abs(o[1]), o[1] > 0))[0]


def _parse_number(text: str) -> float | None:
    """The amount of a number phrase: None for a vague one ("a few", "several")."""
    t = re.sub(r"\s+", " ", text.lower().strip())
    half = 0.0
    if t.endswith(" and a half"):
        t, half = t[: -len(" and a half")], 0.5
    if t.endswith("½"):
        t, half = t[:-1].strip(), 0.5
    if t.endswith(" 1/2"):
        t, half = t[:-4].strip(), 0.5
    if t in ("a few", "few", "several", "many", "a couple", "couple"):
        return None if t not in ("a couple", "couple") else 2.0 + half
    if t in ("a couple of", "couple of"):
        return 2.0 + half
    if t in ("a", "an", "one"):
        return 1.0 + half
    if t in ("half a", "half an"):
        return 0.5
    if t in ("dozen", "a dozen"):
        return 12.0 + half
    if t.endswith(("hundred", "thousand")):
        head = t.split()[0]
        scale = 100.0 if t.endswith("hundred") else 1000.0
        return scale * (1 if head == "a" else _SMALL.get(head, 1)) + half
    digits = t.replace(",", "")
    try:
        return float(digits) + half
    except ValueError:
        pass
    parts = re.split(r"[\s-]", t)
    total = 0
    for part in parts:
        if part in _TENS:
            total += _TENS[part]
        elif part in _SMALL:
            total += _SMALL[part]
        else:
            return None
    return float(total) + half


def _spoken_year(text: str) -> int | None:
    words = re.split(r"[\s-]+", text.lower())
    if words[:2] == ["two", "thousand"]:
        rest = [w for w in words[2:] if w != "and"]
        return 2000 + (sum(_SMALL.get(w, 0) for w in rest) if rest else 0)
    if words[0] not in ("nineteen", "twenty"):
        return None
    century = 19 if words[0] == "nineteen" else 20
    rest = words[1:]
    if rest and rest[0] == "oh":
        return century * 100 + _SMALL.get(rest[1], 0) if len(rest) > 1 else None
    number = 0
    for w in rest:
        number += _TENS.get(w, _SMALL.get(w, 0))
    return century * 100 + number


def _duration(amount: float | None, unit: str) -> str:
    """A TIMEX3 duration: ``P3Y``, ``PT5H``, ``P2Y6M``; ``PXY`` for a vague amount."""
    time_part, letter, factor = _UNIT_CODE[unit]
    if amount is None:
        return f"P{time_part}X{letter}"
    amount *= factor
    if amount == int(amount):
        return f"P{time_part}{int(amount)}{letter}"
    if unit in _SUBUNIT:
        whole = int(amount)
        sub_unit, per = _SUBUNIT[unit]
        rest = (amount - whole) * per
        if rest == int(rest):
            sub_time, sub_letter, _ = _UNIT_CODE[sub_unit]
            head = f"{whole}{letter}" if whole else ""
            if time_part or sub_time:
                return (
                    f"PT{head}{int(rest)}{sub_letter}"
                    if not head or time_part
                    else (f"P{head}T{int(rest)}{sub_letter}")
                )
            return f"P{head}{int(rest)}{sub_letter}"
    return f"P{time_part}{amount:g}{letter}"


def _granularity(value: str) -> str | None:
    if _VALUE_DAY.match(value):
        return "day"
    if _VALUE_WEEK.match(value):
        return "week"
    if _VALUE_MONTH.match(value):
        return "month"
    q = _VALUE_QUARTER.match(value)
    if q:
        return "quarter" if q.group(2) == "Q" else "half"
    if _VALUE_SEASON.match(value):
        return "season"
    if _VALUE_YEAR.match(value):
        return "year"
    return None


def _shift(value: str, unit: str, n: int) -> str | None:
    """A specific TIMEX3 value moved by n units; the result has the unit's granularity, except
    that a month, quarter, half or season moved by years stays one ("a year earlier" than the
    third quarter is the third quarter before)."""
    gran = _granularity(value)
    if gran is None:
        return None
    year = int(value[:4])
    if unit in ("decade", "century"):
        n, unit = n * (10 if unit == "decade" else 100), "year"
    if unit == "year":
        if gran in ("month", "quarter", "half", "season"):
            return f"{year + n:04d}{value[4:]}"
        return f"{year + n:04d}"
    if gran == "day":
        m = _VALUE_DAY.match(value)
        assert m is not None
        base = date(year, int(m.group(2)), int(m.group(3)))
    elif gran == "month":
        base = date(year, int(value[5:7]), 1)
    elif gran == "quarter":
        base = date(year, 3 * (int(value[6]) - 1) + 1, 1)
    elif gran == "week":
        base = date.fromisocalendar(year, int(value[6:8]), 1)
    else:
        return None
    if unit in ("day", "week", "fortnight"):
        if gran != "day" and unit == "day":
            return None
        days = n * {"day": 1, "week": 7, "fortnight": 14}[unit]
        moved = base + timedelta(days=days)
        return _week(moved) if gran == "week" else _day(moved)
    if unit == "month":
        y, mo = _add_months(base.year, base.month, n)
        if gran == "day":
            return f"{y:04d}-{mo:02d}"
        return f"{y:04d}-{mo:02d}" if gran == "month" else None
    if unit == "quarter":
        q = 3 * (int(value[6]) - 1) if gran == "quarter" else base.month - 1
        y, mo = _add_months(base.year, q + 1, 3 * n)
        return f"{y:04d}-Q{(mo - 1) // 3 + 1}"
    return None


# --- the rules ----------------------------------------------------------------------------


def _month_number(token: str) -> int | None:
    word = token.rstrip(".").lower()
    month = _MONTHS.get(word)
    if month is None:
        return None
    if word in _MONTH_WORDS_NEEDING_CAPITAL and not token[0].isupper():
        return None
    return month


def _day_number(token: str) -> int | None:
    t = token.lower()
    if t in _ORDINALS:
        return _ORDINALS[t]
    digits = re.match(r"\d+", t)
    return int(digits.group()) if digits else None


def _year_number(token: str, dct: date | None) -> int | None:
    t = token.strip()
    if t.startswith("'"):
        short = int(t[1:3])
        if dct is None:
            return 1900 + short if short > TWO_DIGIT_YEAR_FUTURE_WINDOW else 2000 + short
        year = dct.year // 100 * 100 + short
        return year - 100 if year > dct.year + TWO_DIGIT_YEAR_FUTURE_WINDOW else year
    return int(t[:4])


def _reference_near(ctx: _Context, start: int) -> str | None:
    if ctx.last_reference is None:
        return None
    value, sentence = ctx.last_reference
    return value if ctx.sentence_of(start) - sentence <= REFERENCE_SENTENCES else None


def _r_iso(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    d = _safe_date(int(m["y"]), int(m["m"]), int(m["d"]))
    if d is None:
        return None
    if m["hh"]:
        return _Found(f"{_day(d)}T{m['hh']}:{m['mm']}", "TIME", False)
    return _Found(_day(d), "DATE", False)


def _r_numeric(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    a, b = int(m["a"]), int(m["b"])
    month, day = (a, b) if a <= 12 else (b, a)  # US order unless the first cannot be a month
    year = int(m["y"])
    if year < 100:
        year += (
            1900
            if year > TWO_DIGIT_YEAR_FUTURE_WINDOW + (ctx.dct.year % 100 if ctx.dct else 0)
            else 2000
        )
    d = _safe_date(year, month, day)
    return _Found(_day(d), "DATE", False) if d else None


def _month_day(
    ctx: _Context,
    month: int,
    day: int,
    year: int | None,
    start: int,
    end: int,
    weekday: int | None = None,
) -> _Found | None:
    """A month and day, with the year given or chosen; a weekday written with it ("Monday,
    Oct. 26") picks the nearby year in which the day falls on that weekday."""
    if year is not None:
        d = _safe_date(year, month, day)
        return _Found(_day(d), "DATE", False) if d else None
    if _safe_date(2000, month, day) is None:  # 2000 is a leap year: Feb 29 passes
        return None
    if ctx.dct is None:
        return _Found(f"XXXX-{month:02d}-{day:02d}", "DATE", True)
    told = _reference_near(ctx, start)
    if told and told[:4].isdigit() and _THAT_YEAR_AFTER.match(ctx.text, end):
        # "On July 22 that year": the year just told, not the report's
        d = _safe_date(int(told[:4]), month, day)
        return _Found(_day(d), "DATE", True) if d else None
    if weekday is not None:
        near = ctx.dct.year
        fits = [
            y
            for y in (near, near - 1, near + 1)
            if (d := _safe_date(y, month, day)) is not None and d.isoweekday() == weekday
        ]
        if fits:
            return _Found(f"{fits[0]:04d}-{month:02d}-{day:02d}", "DATE", True)
    # "would reopen on June 30": nearest. A date before a noun ("the June 19 election") is
    # no time of the sentence's verb ("were pushing for a postponement of the June 19
    # election", a week before it): the nearest one, as for a month so used.
    tense = None if _attributive(ctx.text, start, end) else _open_tense(ctx, start, end)
    earlier = _earlier_year_written(ctx, told, start) if tense in ("past", None) else None
    if earlier is not None:
        # a past told in an earlier year just written out ("... in 2016. On Oct. 7, WikiLeaks
        # released ..."): the day of that year, not of the report's
        d = _safe_date(earlier, month, day)
        if d is not None:
            return _Found(_day(d), "DATE", True)
    y = _choose_year(ctx.dct, tense, lambda y: _safe_date(y, month, day))
    return _Found(f"{y:04d}-{month:02d}-{day:02d}", "DATE", True)


def _earlier_year_written(ctx: _Context, told: str | None, start: int) -> int | None:
    """The year of the date just told where it is earlier than the report's and written out
    in figures in this sentence or the one before ("in 2016"; not "last year", whose value is
    a year too but says nothing of where the story stands)."""
    if ctx.dct is None or not told or not told[:4].isdigit() or int(told[:4]) >= ctx.dct.year:
        return None
    sentence = ctx.sentence_of(start)
    since = ctx.sentence_starts[max(0, sentence - REFERENCE_SENTENCES)]
    written = re.search(rf"\b{told[:4]}\b", ctx.text[since:start]) is not None
    return int(told[:4]) if written else None


def _r_mdy(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    month = _month_number(m["month"])
    day = _day_number(m["day"])
    if month is None or day is None:
        return None
    year = _year_number(m["year"], ctx.dct) if m["year"] else None
    if year is not None and year < CUED_YEAR_MIN:
        return None
    weekday = _WEEKDAYS[m["wd"].lower()] if m["wd"] else None
    return _month_day(ctx, month, day, year, start, end, weekday)


def _full_month(token: str) -> str:
    """The full name of the month a month word names, in lower case."""
    return calendar.month_name[_MONTHS[token.rstrip(".").lower()]].lower()


# How far back a month's owner's name is read for its "the" ("the Harbour Workers' March").
OWNER_LOOKBACK_CHARS = 60
# A capitalised owner in the possessive ("Women's", "People’s", "Veterans'").
_NAMED_FOR_OWNER = re.compile(r"[A-Z][a-z]+(?:['’]s|s['’])")


def _words_before(text: str, start: int) -> list[str]:
    """The whole words within ``OWNER_LOOKBACK_CHARS`` before ``start``."""
    window_start = max(0, start - OWNER_LOOKBACK_CHARS)
    found = text[window_start:start].split()
    if window_start > 0 and not text[window_start - 1].isspace():
        found = found[1:]  # a word the window cut
    return found


def _after_the(words: list[str]) -> bool:
    """Whether the capitalised words that end ``words`` (none or more: "Harbour" of "the
    Harbour Workers'") follow a "the"."""
    rest = list(words)
    while rest and rest[-1][:1].isupper() and rest[-1].lower() != "the":
        rest.pop()
    return bool(rest) and rest[-1].lower() == "the"


def _month_alone_ok(m: re.Match[str], text: str) -> bool:
    """A month name alone: "May" needs a cue before it (a modal otherwise, or a name), and a
    name-like neighbour ("Theresa May", "April Smith") makes any month word a name."""
    token = m["month"]
    start = m.start("month")
    before = text[max(0, start - 20) : start].split()
    previous = before[-1] if before else ""
    after = text[m.end("month") : m.end("month") + 20].split()
    following = after[0] if after else ""
    if following == "of":
        return False  # "the March of the Mothers"; "March of 1998" is the month-year rule's
    if token.isupper() and token.lower() != _full_month(token) and not text.isupper():
        return False  # "DEC", "MAR": an agency's or a company's initials, not a month
    word = following.rstrip(".,;:")
    if word[:1].isupper() and word.isalpha() and word.lower() not in _MONTH_LINKS:
        return False  # "April Smith", "June Carter"
    if previous[:1].isupper() and previous.rstrip(".,").lower() in _TITLES:
        return False  # "Mrs. May"
    if _NAMED_FOR_OWNER.fullmatch(previous) and _after_the(_words_before(text, start)[:-1]):
        # "the anniversary of the Women's March", "the People's March": an event's name after
        # "the" and a capitalised owner (a fresh reader of BASIL event 49 found "March 2017" in
        # the timeline); "Britain's March budget" has no "the" and stays a month
        return False
    if previous[:1].isupper() and previous.isalpha() and previous.lower() not in _YEAR_OPENERS:
        sentence_start = start - len(previous) - 1 <= 0 or text[
            max(0, start - len(previous) - 3) : start - len(previous)
        ].strip() in (".", "", '"')
        if not sentence_start:
            return False
    if token.rstrip(".").lower() == "may":
        cue = previous.lower().rstrip(",")
        return bool(m["rel"] or m["mod"]) or cue in (
            "in", "since", "until", "till", "by", "during", "early", "late", "mid", "of",
            "through", "from", "before", "after", "last", "next", "this", "and", "to", "or",
        )  # fmt: skip
    return True


def _attributive(text: str, start: int, end: int) -> bool:
    """Whether a month word (or a month and day) after a determiner modifies the noun after
    it ("the November election", "its June meeting", "the June 19 vote")."""
    inside = text[start:end].split()
    before = text[max(0, start - 8) : start].split()[-1:]
    # the expression may hold its determiner, right before the month ("the June 19"; not
    # "the end of January")
    held = len(inside) > 1 and inside[0].lower() in _DETERMINERS
    determiner = inside[:1] if held and _month_number(inside[1]) is not None else before
    after = re.match(r"(?:'s|\u2019s)?\s+([a-z]+)", text[end : end + 20])
    return bool(determiner and determiner[0].lower() in _DETERMINERS and after)


# "that" right before a month names a month of the time just told ("that March"), except
# after a verb that reports or believes, where it opens a clause ("said that March would be
# busy") and the month is read as any other.
_THAT_BEFORE = re.compile(r"(?:\b([a-z]+)\s+)?\bthat\s+(?:same\s+)?$", re.IGNORECASE)
# A month, then a link and another month with its year ("June and July 2016", "June to
# August 2016"): the year of both.
_LINKED_MONTH_YEAR = re.compile(
    rf"\s+(?:and|or|to|through|until|-|–)\s+{_MONTH}\.?\s+(?P<year>\d{{4}})\b"
)
# A day of a month said to be in the year just told ("On July 22 that year").
_THAT_YEAR_AFTER = re.compile(r",?\s+(?:of\s+)?that\s+(?:same\s+)?year\b", re.IGNORECASE)
# How far before a month to read for "that" and the verb before it.
THAT_LOOKBACK_CHARS = 24
_CLAUSE_VERBS = frozenset(
    """
    said says told think thinks thought believe believes believed expect expects expected hope
    hopes hoped know knew noted added warned argued announced insisted claimed predicted
    """.split()  # noqa: SIM905 - a word list reads better as text
)


def _r_month(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    month = _month_number(m["month"])
    if month is None or not _month_alone_ok(m, ctx.text):
        return None
    if ctx.dct is None:
        return _Found(f"XXXX-{month:02d}", "DATE", True)
    rel = (m["rel"] or "").lower().split()
    dct = ctx.dct
    here = date(dct.year, dct.month, 1)
    linked = _LINKED_MONTH_YEAR.match(ctx.text, m.end("month"))
    if not rel and linked:
        # "between June and July 2016": the year the second month is given is the first's
        return _Found(f"{int(linked['year']):04d}-{month:02d}", "DATE", True)
    told = _reference_near(ctx, start)
    that = _THAT_BEFORE.search(ctx.text, max(0, start - THAT_LOOKBACK_CHARS), start)
    if not rel and that and (that[1] or "").lower() not in _CLAUSE_VERBS and told:
        # "won Iowa in 2008 but withdrew that March": the month of the year just told
        year = int(told[:4])
    elif rel == ["this"]:
        year = dct.year
    elif rel and rel[0] in ("last", "past") or rel == ["this", "past"]:
        year = _choose_year(here, "past", lambda y: date(y, month, 1), strict=True)
    elif rel and rel[0] in ("next", "coming") or rel == ["this", "coming"]:
        year = _choose_year(here, "future", lambda y: date(y, month, 1), strict=True)
    else:
        # A month before a noun ("the November election") is no time of the sentence's verb
        # ("said Republicans feared the November election"): the nearest one.
        attributive = _attributive(ctx.text, start, m.end("month"))
        tense = None if attributive else _open_tense(ctx, start, end)
        if tense is None and not attributive:
            tense = _far_tense(ctx, start) or _present_be_before(ctx, start)
        if tense == "present" and _SPAN_END_BEFORE.search(
            ctx.text, max(0, start - SPAN_END_LOOKBACK_CHARS), start
        ):
            # "a second would provide money through September": a span an open act runs to
            # ends ahead of the telling, not at the nearest such month behind it
            tense = "future"
        if _FACING_ELECTION_BEFORE.search(ctx.text, max(0, start - ELECTION_LOOKBACK_CHARS), start):
            tense = "future"  # "senators up for re-election in November said ...": the vote ahead
        year = _choose_year(here, tense, lambda y: date(y, month, 1))
    return _Found(f"{year:04d}-{month:02d}", "DATE", True)


def _present_be_before(ctx: _Context, start: int) -> Tense | None:
    """For a bare month with no other cue: "is" or "are" as the nearest verb before it in its
    clause looks ahead ("is up for re-election in November", a fresh reader of a held-out
    BASIL report: the November after publication, not the one before)."""
    if ctx.tense_override is not None:
        return None
    tokens = ctx.tokens(ctx.sentence_of(start))
    before = [i for i, t in enumerate(tokens) if t[1] <= start][-TENSE_WINDOW_WORDS:]
    for i in reversed(before):
        if tokens[i][2] in _CLAUSE_JOINS:
            return None
        if tokens[i][2] in _PRESENT_BE:
            return "future"
        if _cue(tokens, i) is not None:
            return None
    return None


def _far_tense(ctx: _Context, start: int) -> Tense | None:
    """For a bare month with no cue near it, the first past or future cue further back in
    its sentence, its main verb ("They included the placement of a bomb at the outer wall of
    the compound in June": the June before, not the nearer June ahead; a fresh reader of a
    BASIL dev report). Read for bare months only: for days of months it moved TempEval-3
    values the wrong way."""
    if ctx.tense_override is not None:
        return ctx.tense_override
    tokens = ctx.tokens(ctx.sentence_of(start))
    before = [i for i, t in enumerate(tokens) if t[1] <= start]
    for i in reversed(before[:-TENSE_WINDOW_WORDS]):
        cue = _cue(tokens, i)
        if cue in ("past", "future"):
            return cue
    return None


def _r_month_year(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    month = _month_number(m["month"])
    if month is None:
        return None
    year = _year_number(m["year"], ctx.dct) if m["year"] else _spoken_year(m["spoken"])
    if year is None or year < CUED_YEAR_MIN:
        return None
    return _Found(f"{year:04d}-{month:02d}", "DATE", bool(m["year"] and m["year"][0] == "'"))


def _year_ok(m: re.Match[str], text: str) -> bool:
    """A bare four-digit number is a year unless it counts something or is part of a name."""
    token = m["year"]
    if token.startswith("'"):
        return True
    year = int(token[:4])
    cued = bool(m["mod"] or m["fiscal"])
    start = m.start("year")
    if start > 0 and text[start - 1] in "$£€#.-/":
        return False
    before = text[max(0, start - 30) : start].split()
    previous = before[-1] if before else ""
    after = text[m.end("year") : m.end("year") + 30].split()
    following = after[0].strip(".,;:").lower() if after else ""
    if following in _COUNT_NOUNS or previous.lower() in _QUANTITY_WORDS:
        return False
    if previous.lower() in ("no.", "number", "nos.", "no"):
        return False
    if (
        not cued
        and previous[:1].isupper()
        and previous.isalpha()
        and previous.lower() not in _YEAR_OPENERS
        and _month_number(previous) is None
    ):
        return False  # part of a name: "Windows 2000", "Euro 2016"
    if cued or previous.lower().rstrip(",") in _YEAR_OPENERS:
        return year >= CUED_YEAR_MIN
    return BARE_YEAR_MIN <= year <= BARE_YEAR_MAX


def _r_year(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    if not _year_ok(m, ctx.text):
        return None
    year = _year_number(m["year"], ctx.dct)
    if year is None:
        return None
    return _Found(f"{year:04d}", "DATE", m["year"].startswith("'"))


def _r_spoken_year(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    """A year said in words, as transcripts of broadcast news write it ("nineteen ninety-six")."""
    year = _spoken_year(m["spoken"])
    if year is None:
        return None
    return _Found(f"{year:04d}", "DATE", False)


def _r_decade(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    if m["cent"]:
        return _Found(f"{m['cent']}{m['dec']}", "DATE", False)
    return _decade_of_digit(int(m["short"]), ctx)


def _r_decade_word(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    return _decade_of_digit(_DECADE_WORDS[m["word"].lower()], ctx)


def _decade_of_digit(digit: int, ctx: _Context) -> _Found:
    """A decade named without its century ("the '90s", "the nineties"): the latest one that
    has begun by the publication date; the 1900s when there is no date to place it."""
    if ctx.dct is None:
        return _Found(f"19{digit}", "DATE", True)
    decade = ctx.dct.year // 100 * 10 + digit
    if decade * 10 > ctx.dct.year:
        decade -= 10
    return _Found(f"{decade:03d}", "DATE", True)


def _r_century(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    if m["ord"]:
        number = _ORDINALS.get(m["ord"].lower()) or _day_number(m["ord"])
        if not number:
            return None
        return _Found(f"{number - 1:02d}", "DATE", False)
    if ctx.dct is None:
        return _Found("XX", "DATE", True)
    rel = m["rel"].lower().split()[-1]
    offset = {"this": 0, "last": -1, "past": -1, "previous": -1, "next": 1}[rel]
    if m["rel"].lower().startswith("the ") and rel in ("last", "past", "next"):
        return _Found(_duration(1, "century"), "DURATION", False)
    return _Found(f"{ctx.dct.year // 100 + offset:02d}", "DATE", True)


def _period_is_sport(ctx: _Context, start: int) -> bool:
    words = {t[2] for t in ctx.tokens(ctx.sentence_of(start))}
    return bool(words & _SPORTS_CUES) and not words & _FINANCE_CUES


def _explicit_period_year(m: re.Match[str], ctx: _Context) -> tuple[int | None, bool]:
    """The year a quarter or half names ("1989's", "of 1984", "this year's"): (year, anchored)."""
    pre = (m["yearpre"] or "").lower()
    if pre[:4].isdigit():
        return int(pre[:4]), False
    if m["yearpost"]:
        return int(m["yearpost"]), False
    rel = pre.split()[0] if pre else (m["relyear"] or "").lower()
    if rel or m["theyear"]:
        if ctx.dct is None:
            return None, True
        return ctx.dct.year + {"this": 0, "last": -1, "next": 1, "": 0}[rel], True
    return None, True


_QUARTER_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
                     "fourth": 4, "4th": 4}  # fmt: skip


def _r_quarter(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    det = (m["det"] or "").lower()
    adj = " ".join((m["adj"] or "").lower().replace("-", " ").split())
    ordinal = (m["ord"] or "").lower()
    if re.match(r"[\s-]+(?:point|century|mile|final|finals)\b", ctx.text[end : end + 9]):
        return None
    if not (det or adj or ordinal or m["yearpre"]):
        return None  # "quarter" alone is a fraction ("a quarter of the vote")
    year, anchored = _explicit_period_year(m, ctx)
    number = _QUARTER_ORDINALS.get(ordinal)
    # "the latest period", "the year-earlier period": a quarter only in a text that has named
    # one; any other "period" is a stretch of time of its own.
    if m["noun"].lower() == "period" and (
        number is not None or not adj or ctx.last_quarter is None and not ctx.probing
    ):
        return None
    if number is not None or ordinal == "final":
        if year is None and _period_is_sport(ctx, start):
            return None
        number = number or 4
        if year is not None:
            return _Found(f"{year:04d}-Q{number}", "DATE", anchored)
        if ctx.dct is None:
            return _Found(f"XXXX-Q{number}", "DATE", True)
        y = _period_year(number, 4, _quarter_of(ctx.dct), ctx.dct.year, _tense(ctx, start, end))
        if "year earlier" in adj or "year ago" in adj:
            y -= 1
        return _Found(f"{y:04d}-Q{number}", "DATE", True)
    if year is not None:
        return None
    return _relative_quarter(det, adj, ordinal, ctx, start, end)


def _relative_quarter(
    det: str, adj: str, ordinal: str, ctx: _Context, start: int, end: int
) -> _Found | None:
    """A quarter named by its relation: to the anchor ("last quarter", "the current quarter")
    or to the quarter last mentioned ("the quarter", "the year-earlier quarter")."""
    reference = ctx.last_quarter[0] if ctx.last_quarter else None
    if ctx.dct is None and reference is None:
        return _Found("XXXX-QX", "DATE", True, False)
    current = f"{ctx.dct.year:04d}-Q{_quarter_of(ctx.dct)}" if ctx.dct else reference
    assert current is not None
    previous = _shift(current, "quarter", -1) or current
    if "year earlier" in adj or "year ago" in adj or "comparable" in adj:
        base = reference or previous
        return _Found(_shift(base, "year", -1) or base, "DATE", True, False)
    if adj in ("previous", "prior", "preceding") and det in ("the", "its", "their", ""):
        base = reference or current  # sequential: the quarter before the one reported on
        return _Found(_shift(base, "quarter", -1) or base, "DATE", True, False)
    if ordinal == "last" or det == "last" or adj in ("past", "previous", "prior", "preceding"):
        return _Found(previous, "DATE", True)
    if det == "next":
        return _Found(_shift(current, "quarter", 1) or current, "DATE", True)
    if "current" in adj or det == "this":
        return _Found(current, "DATE", True)
    if "latest" in adj or "recent" in adj or "just ended" in adj:
        # the latest quarter reported: the one last named, unless that one has not ended
        latest = reference if reference and reference <= previous else previous
        return _Found(latest, "DATE", True, False)
    if det in ("the", "that", "its", "their") and not adj or "same" in adj:
        if reference:
            return _Found(reference, "DATE", True, False)
        if _period_is_sport(ctx, start):
            return None
        base = previous if _tense(ctx, start, end) == "past" else current
        return _Found(base, "DATE", True, False)
    return None


def _r_half(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    ordinal = m["ord"].lower()
    number = 1 if ordinal == "first" else 2
    year, anchored = _explicit_period_year(m, ctx)
    hyphen = "-" in m["sep"]
    if year is None and not m["theyear"] and not m["relyear"]:
        # "the second half" alone is as often a match's as a year's: only a hyphenated
        # business adjective ("first-half profit") or a finance sentence makes it a period.
        words = {t[2] for t in ctx.tokens(ctx.sentence_of(start))}
        if not words & _FINANCE_CUES or (not hyphen and _period_is_sport(ctx, start)):
            return None
        if ctx.dct is None:
            return _Found(f"XXXX-H{number}", "DATE", True)
        dh = 1 if ctx.dct.month <= 6 else 2
        y = _period_year(number, 2, dh, ctx.dct.year, _tense(ctx, start, end))
        return _Found(f"{y:04d}-H{number}", "DATE", True)
    if year is None:
        return _Found(f"XXXX-H{number}", "DATE", True)
    return _Found(f"{year:04d}-H{number}", "DATE", anchored)


def _season_year(dct: date, season: str, tense: Tense | None, strict: bool) -> int:
    start_month = _SEASON_START[season]
    return _choose_year(dct, tense, lambda y: date(y, start_month, 1), strict=strict)


def _r_season(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    word = m["season"].lower()
    det = " ".join((m["det"] or "").lower().split())
    # A season with no determiner, year or modifier is a date only after a preposition: bare,
    # it is a verb ("prices fall"), or a noun's modifier ("a winter weather advisory").
    if not (det or m["year"] or m["mod"]):
        before = ctx.text[max(0, start - 12) : start].lower().split()
        if not before or before[-1] not in (
            "in",
            "during",
            "since",
            "until",
            "by",
            "late",
            "early",
        ):
            return None  # "prices fall", "a hot spring", "winter weather"
    season = _SEASONS[word]
    if m["year"]:
        return _Found(f"{int(m['year'][:4]):04d}-{season}", "DATE", False)
    if ctx.dct is None:
        return _Found(f"XXXX-{season}", "DATE", True)
    dct = ctx.dct
    if det == "this":
        # The season of the anchor's year (winter: the one that has its December in it).
        year = dct.year - 1 if season == "WI" and dct.month <= 2 else dct.year
    elif det in ("last", "past", "this past"):
        year = _season_year(dct, season, "past", strict=True)
        current = date(year, _SEASON_START[season], 1)
        if (dct - current).days < 92:  # the season under way is "this", not "last"
            year -= 1
    elif det in ("next", "coming", "this coming"):
        year = _season_year(dct, season, "future", strict=True)
    else:
        # A modal leaves it open ("would remain shut until the summer"): this year's.
        tense = _open_tense(ctx, start, end)
        year = _season_year(dct, season, tense, strict=False)
        if tense in (None, "present"):
            year = dct.year - 1 if season == "WI" and dct.month <= 2 else dct.year
    return _Found(f"{year:04d}-{season}", "DATE", True)


def _weekday_date(dct: date, weekday: int, rel: str, tense: Tense | None) -> date:
    """The day a weekday name means: "last"/"this past" the one before the anchor, "next"/
    "coming" the one after ("next": one of the week after the anchor's); bare, the nearest on
    the side the tense points to (same day included; a present-tense verb points to the
    coming one), the past one without a cue."""
    back = (dct.isoweekday() - weekday) % 7
    forward = (weekday - dct.isoweekday()) % 7
    if rel in ("last", "past", "this past"):
        return dct - timedelta(days=back or 7)
    if rel == "next" and forward and dct.isoweekday() + forward <= 7:
        # "next Thursday" said on a Wednesday: this week's Thursday would be "Thursday" or
        # "this Thursday"; "next" is the one of the week after.
        return dct + timedelta(days=forward + 7)
    if rel in ("next", "coming", "this coming"):
        return dct + timedelta(days=forward or 7)
    if rel == "this":
        return dct + timedelta(days=forward) if tense != "past" else dct - timedelta(days=back)
    if tense in ("future", "present"):
        return dct + timedelta(days=forward)
    return dct - timedelta(days=back)


# How far before a weekday to read for "the <noun> from".
FROM_LOOKBACK_CHARS = 40
# Words after "from <weekday>" that make it the start of a span ("from Tuesday to Friday"),
# not where something came from.
_SPAN_ENDS = frozenset({"to", "until", "till", "through", "thru", "-", "–"})


def _came_from(before: Sequence[str], following: Sequence[str]) -> bool:
    """Whether a bare weekday is where a thing came from ("the message from Tuesday is
    clear"): a determiner, a noun, "from", the day; a day already past, whatever the tense of
    the verb after it (a fresh reader of a held-out BASIL report found it dated to the
    Tuesday after). Not the start of a span ("from Tuesday to Friday") nor of a time ahead
    ("will be open again from Wednesday")."""
    return (
        len(before) >= 3
        and before[-1].lower() == "from"
        and before[-3].lower().lstrip("\"“‘'") in _DETERMINERS
        and not (following and following[0].strip(",.").lower() in _SPAN_ENDS)
    )


def _r_weekday(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    following = ctx.text[m.end("wd") : m.end("wd") + 14].split()
    if (
        following
        and following[0][0].isupper()
        and following[0].strip(",.").lower() in _WEEKDAY_NAME_FOLLOWERS
    ):
        return None  # "the Sunday Times"
    before = ctx.text[max(0, m.start("wd") - 8) : m.start("wd")].lower().split()
    if before and before[-1] in ("good", "black", "cyber", "super", "ash", "holy", "bloody"):
        return None  # named days and holidays ("Good Friday" is a holiday rule of its own)
    weekday = _WEEKDAYS[m["wd"].lower()]
    part = _PARTS_OF_DAY.get((m["part"] or "").lower())
    rel = " ".join((m["rel"] or "").lower().split())
    if ctx.dct is None:
        value = f"XXXX-WXX-{weekday}"
        return _Found(value + (f"T{part}" if part else ""), "TIME" if part else "DATE", True)
    tense = _tense(ctx, start, end)
    if not rel and _deferred_to(ctx, start, tense):
        tense = "future"
    came_from = not rel and _came_from(
        ctx.text[max(0, m.start("wd") - FROM_LOOKBACK_CHARS) : m.start("wd")].split(), following
    )
    if came_from:
        tense = "past"
    day = _weekday_date(ctx.dct, weekday, rel, tense)
    # "would" ("said counsellors would be available on Friday") leaves the day open from a
    # past report: the nearest such weekday, before or after the anchor. Other modals rarely
    # do for a day ("could not be located Wednesday"), nor does a possessive weekday ("would
    # get around Wednesday's ruling": the ruling is what came before).
    possessive = ctx.text[m.end("wd") : m.end("wd") + 2] in ("'s", "\u2019s")
    opened = _tense(ctx, start, end, modals=_FUTURE_IN_PAST) == "present"
    # An infinitive or "should" before the day ("called for Mr. Trump to cancel the Monday
    # session", "should cancel Monday's meeting") sets it in an act still to come at the
    # telling, whatever the verb of saying: the nearest such weekday, a possessive one too.
    ahead = _tense(ctx, start, end, modals=_WEEKDAY_OPEN_MODALS, infinitives=True) in (
        "present",
        "future",
    )
    if (
        not rel
        and not came_from
        and tense in ("past", None)
        and ((opened and not possessive) or ahead)
    ):
        back = (ctx.dct.isoweekday() - weekday) % 7
        forward = (weekday - ctx.dct.isoweekday()) % 7
        day = ctx.dct + timedelta(days=forward if forward < back else -back)
    if part:
        return _Found(f"{_day(day)}T{part}", "TIME", True)
    return _Found(_day(day), "DATE", True)


# "until Friday": a wait up to a day; with no verb of any tense near it ("are not waiting
# until Friday to post"), or after a verb that puts something off ("postponed until Tuesday
# morning"), the day is the coming one, not the one before the report.
_UNTIL = frozenset({"until", "till"})
_DEFERRAL_VERBS = frozenset({
    "postponed", "delayed", "deferred", "adjourned", "recessed", "extended", "put", "pushed",
    "moved", "rescheduled", "suspended", "waiting", "wait", "waits"
})  # fmt: skip


def _deferred_to(ctx: _Context, start: int, tense: Tense | None) -> bool:
    """Whether a weekday ends a wait ahead of the report ("until Friday"): right after
    "until" with no tense read, or with a verb that puts off (``_DEFERRAL_VERBS``) before it;
    "off" or "back" may stand between ("put off until Monday")."""
    tokens = ctx.tokens(ctx.sentence_of(start))
    before = [t[2] for t in tokens if t[1] <= start]
    if not before or before[-1] not in _UNTIL:
        return False
    verb = [w for w in before[:-1] if w not in ("off", "back")][-1:]
    return tense is None or bool(verb and verb[0] in _DEFERRAL_VERBS)


def _r_weekday_plural(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    weekday = _WEEKDAYS[m["wd"].lower().rstrip("s")]
    return _Found(f"XXXX-WXX-{weekday}", "SET", False)


def _opens_sentence(ctx: _Context, position: int) -> bool:
    """Whether a word opens its sentence, a quotation, a clause after a colon or a line."""
    before = ctx.text[ctx.sentence_starts[ctx.sentence_of(position)] : position]
    before = before.rstrip(" \t\"'`\u201c\u2018(")
    return not before or before.endswith((":", "\n", ";", "\u2014", "--"))


def _r_dayword(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    word = " ".join(m["word"].lower().split())
    if word == "today":
        before = ctx.text[max(0, m.start("word") - 5) : m.start("word")]
        after = ctx.text[m.end("word") : m.end("word") + 8].lower()
        if before.endswith("USA ") or after.startswith((" show", " program")):
            return None  # "USA Today", NBC's "Today" show
    if m["word"][0].isupper() and not _opens_sentence(ctx, m.start("word")):
        return None  # a title inside a sentence: NBC's "Tonight", the "Today" programme
    offset = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1,
              "the day before yesterday": -2, "the day after tomorrow": 2}[word]  # fmt: skip
    part = _PARTS_OF_DAY.get((m["part"] or "").lower()) or ("NI" if word == "tonight" else None)
    if ctx.dct is None:
        return _Found("XXXX-XX-XX" + (f"T{part}" if part else ""), "TIME" if part else "DATE", True)
    day = _day(ctx.dct + timedelta(days=offset))
    return _Found(day + (f"T{part}" if part else ""), "TIME" if part else "DATE", True)


def _r_part_of_day(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    if m["mid"]:
        part, offset = _PARTS_OF_DAY[m["mid"].lower().replace(" ", "-")], 0
    else:
        part = _PARTS_OF_DAY[m["part"].lower()]
        rel = m["rel"].lower()
        offset = {"this": 0, "last": -1, "yesterday": -1, "tomorrow": 1}[rel]
        if rel == "last" and part != "NI":
            return None  # "last morning" is no English date
    if ctx.dct is None:
        return _Found(f"XXXX-XX-XXT{part}", "TIME", True)
    return _Found(f"{_day(ctx.dct + timedelta(days=offset))}T{part}", "TIME", True)


def _unit_value(ctx: _Context, unit: str, offset: int) -> str | None:
    """The anchor's week, weekend, month, year or decade moved by offset units."""
    dct = ctx.dct
    if dct is None:
        return {"week": "XXXX-WXX", "weekend": "XXXX-WXX-WE", "month": "XXXX-XX", "year": "XXXX",
                "decade": "XXX", "day": "XXXX-XX-XX"}.get(unit)  # fmt: skip
    if unit == "day":
        return _day(dct + timedelta(days=offset))
    if unit in ("week", "weekend"):
        return _week(dct + timedelta(days=7 * offset)) + ("-WE" if unit == "weekend" else "")
    if unit == "month":
        y, mo = _add_months(dct.year, dct.month, offset)
        return f"{y:04d}-{mo:02d}"
    if unit == "year":
        return f"{dct.year + offset:04d}"
    if unit == "decade":
        return f"{dct.year // 10 + offset:03d}"
    return None


_ANAPHORIC_STEP = {"same": 0, "that": 0, "following": 1, "next": 1, "previous": -1, "prior": -1}
_DEICTIC_STEP = {"last": -1, "past": -1, "this past": -1, "this": 0, "current": 0, "next": 1,
                 "coming": 1, "this coming": 1, "latest": -1, "most recent": -1}  # fmt: skip
# Days said from where a speaker stands.
_SPOKEN_WORDS = re.compile(r"\b(?:today|yesterday|tomorrow|tonight)\b", re.IGNORECASE)
# A clause right after "the same day" that says which day it is ("the same day that ...",
# "the same week as ...").
_DEFINED_AFTER = re.compile(r"\s+(?:that|as|when|on\s+which)\b", re.IGNORECASE)
_UNDERSPECIFIED = {"day": "XXXX-XX-XX", "week": "XXXX-WXX", "weekend": "XXXX-WXX-WE",
                   "month": "XXXX-XX", "year": "XXXX", "decade": "XXX"}  # fmt: skip


def _r_rel_unit(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    """ "last week", "this year", "earlier this month"; "that day", "the following year" read
    the date last mentioned."""
    written = " ".join(m["rel"].lower().split())
    rel = written[4:] if written.startswith("the ") else written
    unit = m["unit"].lower().split()[-1]
    if m["mod"] and "rest" in m["mod"].lower():
        return None  # "the rest of the year" is a span, not the year
    # "next" after "the" is anaphoric ("the next day"); alone it is deictic ("next week").
    anaphoric = rel in ("same", "that", "following", "previous", "prior") or (
        rel == "next" and written.startswith("the ")
    )
    if unit == "day" and not anaphoric:
        return None  # "this day", "the last day (of ...)" are no dates by themselves
    if anaphoric and rel == "same" and _DEFINED_AFTER.match(ctx.text, end):
        # "later the same day that Trump called on Russians ...": the clause after it says
        # which day, not the date last mentioned
        return _Found(_UNDERSPECIFIED.get(unit, "XXXX"), "DATE", True, False)
    if anaphoric:
        step = _ANAPHORIC_STEP[rel]
        reference = ctx.last_reference[0] if ctx.last_reference else None
        if reference is not None and _granularity(reference) is not None:
            if unit == "year":
                return _Found(f"{int(reference[:4]) + step:04d}", "DATE", True, False)
            if unit == "day" and _granularity(reference) != "day":
                return _Found(_UNDERSPECIFIED["day"], "DATE", True, False)
            shifted = _shift(reference, "week" if unit == "weekend" else unit, step)
            if shifted:
                return _Found(shifted, "DATE", True, False)
        if rel in ("same", "that") or unit == "day" or ctx.dct is None:
            return _Found(_UNDERSPECIFIED.get(unit, "XXXX"), "DATE", True, False)
        offset = step
    else:
        offset = _DEICTIC_STEP.get(rel, 0)
    if unit == "weekend" and rel == "this" and ctx.dct is not None and ctx.dct.isoweekday() <= 3:
        offset = -1 if _tense(ctx, start, end) == "past" else 0
    if unit == "week" and rel == "this" and ctx.dct is not None and ctx.dct.isoweekday() >= 6:
        # written at the weekend, "will unveil ... this week" is the week about to begin
        offset = 1 if _tense(ctx, start, end) == "future" else 0
    value = _unit_value(ctx, unit, offset)
    return _Found(value, "DATE", True) if value else None


def _r_the_unit(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    unit = (m["unit"] or m["unit2"]).lower().split()[-1]
    if unit == "weekend":
        if ctx.dct is None:
            return _Found("XXXX-WXX-WE", "DATE", True)
        # On a weekend day "the weekend" is this one; on a weekday the one before it unless
        # the sentence looks ahead.
        ahead = ctx.dct.isoweekday() >= 6 or _tense(ctx, start, end) == "future"
        offset = 0 if ahead else -1
        return _Found(_unit_value(ctx, "weekend", offset) or "", "DATE", True)
    value = _unit_value(ctx, unit, 0)
    return _Found(value, "DATE", True) if value else None


def _r_ago(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    unit = _UNITS[m["unit"].lower()]
    amount = _parse_number(m["num"])
    direction = " ".join(m["dir"].lower().split())
    sign = -1 if direction in ("ago", "earlier", "before") else 1
    if amount is None:
        return _Found("PAST_REF" if sign < 0 else "FUTURE_REF", "DATE", True, False)
    if direction in ("before", "after"):
        # "two days before the vote" leaves the anchor to another expression: a duration.
        return _Found(_duration(amount, unit), "DURATION", False, False)
    n = int(round(amount))
    if amount != n or n == 0 or unit in ("second", "minute", "hour"):
        return _Found(_duration(amount, unit), "DURATION", False, False)
    anaphoric = direction in ("earlier", "later")
    reference = _reference_near(ctx, start)
    period = _period_reference(ctx, start, anaphoric)
    if period is not None and unit == "year" and (anaphoric or n == 1):
        # "up from $3 million a year earlier/ago" after a quarter is that quarter a year before
        shifted = _shift(period, "year", sign * n)
        if shifted:
            return _Found(shifted, "DATE", True, False)
    base: str | None = None
    if direction == "later" and reference is None and ctx.last_reference is not None:
        # "In a message a week later, ..." two sentences after "on Oct. 3, 2016": a story
        # told forward counts from the last day it named, not from the report's day
        reference = ctx.last_reference[0]
    if anaphoric and reference is not None:
        base = reference
    elif ctx.dct is not None:
        base = _day(ctx.dct)
    if base is None:
        return _Found("PAST_REF" if sign < 0 else "FUTURE_REF", "DATE", True, False)
    if unit in ("decade", "century"):
        shifted = _shift(base, "year", sign * n * (10 if unit == "decade" else 100))
        if shifted and unit == "decade":
            shifted = shifted[:3]
        elif shifted:
            shifted = shifted[:2]
    else:
        shifted = _shift(
            base,
            unit if unit != "fortnight" else "week",
            sign * n * (2 if unit == "fortnight" else 1),
        )
        if shifted and unit in ("week", "fortnight") and _granularity(shifted) == "day":
            d = _VALUE_DAY.match(shifted)
            assert d is not None
            shifted = _week(date(int(d.group(1)), int(d.group(2)), int(d.group(3))))
    if shifted is None:
        return _Found("PAST_REF" if sign < 0 else "FUTURE_REF", "DATE", True, False)
    return _Found(shifted, "DATE", True, False)


def _period_reference(ctx: _Context, start: int, anaphoric: bool) -> str | None:
    """The reporting period a comparison ("a year earlier", "year-ago") is about: the quarter
    or half named a few sentences back; for "earlier"/"later", also a month or season named
    just before."""
    near = _reference_near(ctx, start)
    if near is not None and _granularity(near) in ("quarter", "half"):
        return near
    if anaphoric and near is not None and _granularity(near) in ("month", "season"):
        return near
    if ctx.last_quarter is not None:
        value, sentence = ctx.last_quarter
        if ctx.sentence_of(start) - sentence <= PERIOD_REFERENCE_SENTENCES:
            return value
    return None


def _r_year_earlier(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    """ "the year-earlier quarter", "year-ago profit": the period reported on, a unit before."""
    if m["num"]:
        amount = _parse_number(m["num"])
        return _Found(_duration(amount, "month"), "DURATION", False, False)
    kind = m["kind"].lower()
    noun = (m["noun"] or "").lower()
    reference = _period_reference(ctx, start, anaphoric=True)
    if noun == "quarter" and reference is not None and _granularity(reference) != "quarter":
        reference = ctx.last_quarter[0] if ctx.last_quarter else None
    if reference is None and ctx.dct is not None:
        if noun == "quarter":
            current = f"{ctx.dct.year}-Q{_quarter_of(ctx.dct)}"
            reference = _shift(current, "quarter", -1)
        else:
            reference = f"{ctx.dct.year}"
    if reference is None:
        return _Found("XXXX-QX" if noun == "quarter" else "XXXX", "DATE", True, False)
    shifted = _shift(reference, kind, -1)
    return _Found(shifted, "DATE", True, False) if shifted else None


def _r_duration(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    unit = _UNITS[m["unit"].lower()]
    num = m["num"].lower()
    plural = m["unit"].lower().endswith("s") or m["unit"].lower() == "centuries"
    if num in ("a", "an") and unit in ("second", "quarter"):
        return None  # "a second time", "a quarter of the vote"
    if num in ("a", "an") and plural:
        return None
    amount = _parse_number(m["num"])
    if amount is not None and amount > MAX_DURATION_AMOUNT:
        return None
    if num in ("many", "several", "few", "a few") and not plural:
        return None
    if amount is not None and amount != 1 and not plural and "-" not in m["sep"] and not m["tail"]:
        return None  # "three year" only in a compound ("a three year plan"): rare, skip
    if unit == "quarter" and (amount is None or "-" in m["sep"] or _OF_AFTER.match(ctx.text, end)):
        return None  # "three-quarters of its food" is a fraction
    if m["tail"] and m["tail"].lower() == "-old" or _AGE_AFTER.match(ctx.text, end):
        return None  # an age ("a 6-year-old boy", "52 years old") places nothing in time
    if num in ("a", "an") and _RATE_BEFORE.search(ctx.text, max(0, start - 24), start):
        return None  # a rate ("$2 million a year", "24 hours a day"), not a span of time
    return _Found(_duration(amount, unit), "DURATION", False, False)


def _r_vague(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    if m["long"]:
        return _Found(_duration(None, _UNITS[m["long"].lower()]), "DURATION", False, False)
    if m["bare"]:
        return _Found(_duration(None, _UNITS[m["bare"].lower()]), "DURATION", False, False)
    if m["unit2"]:
        return _Found("FUTURE_REF", "DATE", True, False)
    unit_word = m["unit"].lower()
    unit = _UNITS[unit_word]
    plural = unit_word.endswith("s") or unit_word == "centuries"
    direction = m["dir"].lower()
    if not plural:
        return None
    if direction in ("recent", "past", "last", "previous"):
        if direction != "recent" and not m["the"]:
            return None
        if direction == "recent" and unit in ("second", "minute"):
            return None
        return _Found("PAST_REF", "DATE", True, False)
    if direction in ("next", "following", "ensuing") and not m["the"]:
        return None
    return _Found("FUTURE_REF", "DATE", True, False)


def _r_set(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    if m["adverb"]:
        word = m["adverb"].lower()
        value = {"daily": "P1D", "weekly": "P1W", "monthly": "P1M", "annually": "P1Y",
                 "yearly": "P1Y", "hourly": "PT1H", "nightly": "P1D", "biweekly": "P2W",
                 "bimonthly": "P2M", "semiannually": "P6M", "quarterly": "P3M"}[word]  # fmt: skip
        return _Found(value, "SET", False, False)
    if m["freq"]:
        return _Found(_duration(1, _UNITS[m["funit"].lower()]), "SET", False, False)
    what = m["what"]
    lower = what.lower().rstrip(".")
    step = 2 if m["other"] else 1
    if m["num"]:
        amount = _parse_number(m["num"])
        step = int(amount) if amount else step
    if lower in _UNITS or lower.rstrip("s") in _UNITS:
        return _Found(
            _duration(step, _UNITS.get(lower, _UNITS.get(lower.rstrip("s"), "day"))),
            "SET",
            False,
            False,
        )
    if lower in _WEEKDAYS:
        return _Found(f"XXXX-WXX-{_WEEKDAYS[lower]}", "SET", False, False)
    month = _month_number(what)
    if month is not None:
        return _Found(f"XXXX-{month:02d}", "SET", False, False)
    if lower in _SEASONS:
        return _Found(f"XXXX-{_SEASONS[lower]}", "SET", False, False)
    if lower == "weekend":
        return _Found("XXXX-WXX-WE", "SET", False, False)
    part = _PARTS_OF_DAY.get(lower)
    if part:
        return _Found(f"XXXX-XX-XXT{part}", "SET", False, False)
    return None


def _r_ref(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    if m["present"]:
        word = m["present"].lower()
        if word == "current":
            following = ctx.text[end : end + 20].split()
            if following and following[0].lower().strip(".,") in _CURRENT_NOT_TIME:
                return None
        return _Found("PRESENT_REF", "DATE", True, False)
    if m["past"]:
        return _Found("PAST_REF", "DATE", True, False)
    return _Found("FUTURE_REF", "DATE", True, False)


def _holiday_date(name: str, year: int) -> date | None:
    kind, month, number, weekday = _HOLIDAY_NAMES[name]
    if kind == "fixed":
        return _safe_date(year, month, number)
    if kind == "nth":
        return _nth_weekday(year, month, number, weekday)
    if kind == "election":
        return _nth_weekday(year, 11, 1, 1) + timedelta(days=1)
    return _easter(year) + timedelta(days=number)


# Words before a holiday's name that make it a day ("on Christmas", "before Thanksgiving",
# "this Easter"); with none of them, and no year, the name is the holiday in general
# ("kids can't celebrate Christmas", "the Christmas spirit"), no day of the story.
_HOLIDAY_CUES = frozenset({
    "on", "by", "before", "after", "until", "till", "since", "over", "at", "for", "during",
    "through", "around", "near", "from", "to", "this", "last", "next", "past", "coming", "of",
    "ahead", "following"
})  # fmt: skip


# A word before a holiday's name that says which one it is: "this" the nearest, "last" and
# "past" the one before the report, "next" and "coming" the one after it.
_HOLIDAY_DEIXIS: dict[str, Tense | None] = {
    "this": None,
    "last": "past",
    "past": "past",
    "next": "future",
    "coming": "future",
}


def _r_holiday(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    name = " ".join(m["name"].lower().split())
    if not m["name"][0].isupper():
        return None
    before = _WORD.findall(ctx.text, max(0, start - HOLIDAY_CUE_CHARS), start)
    if (
        not m["year"]
        and not name.startswith("the ")
        and (not before or before[-1].lower() not in _HOLIDAY_CUES)
    ):
        return None
    if m["year"]:
        d = _holiday_date(name, int(m["year"]))
        return _Found(_day(d), "DATE", False) if d else None
    if ctx.dct is None:
        kind, month, number, _ = _HOLIDAY_NAMES[name]
        value = f"XXXX-{month:02d}-{number:02d}" if kind == "fixed" else "XXXX-XX-XX"
        return _Found(value, "DATE", True)
    deixis = before[-1].lower() if before else ""
    if deixis in _HOLIDAY_DEIXIS:
        # "this Memorial Day", the day after it, is that day, whatever a verb later in the
        # sentence says ("... on this Memorial Day holiday that I might not be afforded"): a
        # fresh reader found it dated to the next year's
        tense: Tense | None = _HOLIDAY_DEIXIS[deixis]
    else:
        tense = _open_tense(ctx, start, end)  # "would close before Christmas"
    year = _choose_year(
        ctx.dct, tense, lambda y: _holiday_date(name, y), strict=bool(tense and deixis)
    )
    d = _holiday_date(name, year)
    return _Found(_day(d), "DATE", True) if d else None


def _clock_value(m: re.Match[str]) -> str | None:
    if m["named"]:
        return {"noon": "T12:00", "midday": "T12:00", "midnight": "T24:00"}[m["named"].lower()]
    if m["h24"]:
        return f"T{int(m['h24']):02d}:{m['mi24']}"
    if m["hoc"]:
        hour = int(m["hoc"]) if m["hoc"].isdigit() else _SMALL.get(m["hoc"].lower(), 0)
        return f"T{hour:02d}:00" if 1 <= hour <= 12 else None
    hour = int(m["h"])
    if not 1 <= hour <= 12:
        return None
    pm = m["ampm"].lower().startswith("p")
    hour = hour % 12 + (12 if pm else 0)
    return f"T{hour:02d}:{m['mi'] or '00'}"


def _r_clock(m: re.Match[str], ctx: _Context, start: int, end: int) -> _Found | None:
    clock = _clock_value(m)
    if clock is None:
        return None
    day = _day(ctx.dct) if ctx.dct else "XXXX-XX-XX"
    return _Found(day + clock, "TIME", True, False)


_Rule = Callable[[re.Match[str], _Context, int, int], "_Found | None"]
# Longer matches win; where two rules match the same span, the earlier rule here wins.
_RULES: tuple[tuple[str, re.Pattern[str], _Rule], ...] = (
    ("iso", _RX_ISO, _r_iso),
    ("numeric", _RX_NUMERIC, _r_numeric),
    ("mdy", _RX_MDY, _r_mdy),
    ("dmy", _RX_DMY, _r_mdy),
    ("month_year", _RX_MONTH_YEAR, _r_month_year),
    ("holiday", _RX_HOLIDAY, _r_holiday),
    ("quarter", _RX_QUARTER, _r_quarter),
    ("half", _RX_HALF, _r_half),
    ("year_earlier", _RX_YEAR_EARLIER, _r_year_earlier),
    ("ago", _RX_AGO, _r_ago),
    ("decade", _RX_DECADE, _r_decade),
    ("decade_word", _RX_DECADE_WORD, _r_decade_word),
    ("century", _RX_CENTURY, _r_century),
    ("dayword", _RX_DAYWORD, _r_dayword),
    ("part_of_day", _RX_PART_OF_DAY, _r_part_of_day),
    ("weekday", _RX_WEEKDAY, _r_weekday),
    ("weekday_plural", _RX_WEEKDAY_PLURAL, _r_weekday_plural),
    ("rel_unit", _RX_REL_UNIT, _r_rel_unit),
    ("the_unit", _RX_THE_UNIT, _r_the_unit),
    ("season", _RX_SEASON, _r_season),
    ("month", _RX_MONTH, _r_month),
    ("year", _RX_YEAR, _r_year),
    ("spoken_year", _RX_SPOKEN_YEAR, _r_spoken_year),
    ("set", _RX_SET, _r_set),
    ("duration", _RX_DURATION, _r_duration),
    ("vague", _RX_VAGUE, _r_vague),
    ("ref", _RX_REF, _r_ref),
    ("clock", _RX_CLOCK, _r_clock),
)
_RULE_ORDER = {name: i for i, (name, _, _) in enumerate(_RULES)}
# Words every match of a rule contains, searched for before the rule's regex is run. A rule's
# regex starts with a lookbehind, which leaves the regex engine no first character to skip to:
# it is tried at every position of the text. A keyword search skips through the text to the
# keyword's first letter, about ten times faster, and most of these rules match in few
# articles (a quarter, a century, a spoken year), so most of their scans are saved. Each
# keyword is a part no match can lack (read off the rule's regex above; same flags, so the
# same case folding); rules whose words are in nearly every article have none.
_RULE_KEYWORDS: dict[str, re.Pattern[str]] = {
    name: re.compile(keyword, re.IGNORECASE)
    for name, keyword in (
        ("iso", r"\d{4}-[01]\d-[0-3]\d"),
        ("numeric", r"/\d{1,2}/\d\d"),  # the month or day, then the year
        ("quarter", r"quarter|period"),
        ("half", r"half"),
        ("year_earlier", r"-(?:earlier|ago)"),
        ("ago", r"ago|earlier|later|from\s+now|hence"),
        ("decade", r"\d0'?s"),  # "1990s", "'90s"
        ("century", r"century"),
        ("season", r"spring|summer|fall|autumn|winter"),
        ("spoken_year", r"nineteen|twenty|two\s+thousand"),
        # a digit before "a.m."/"pm" (after the minutes, if any), "14:30", or a named time
        ("clock", r"\d\s*[ap]\.?\s?m|\d:[0-5]\d|o'clock|noon|midday|midnight"),
    )
}


# The characters a match of each rule can start with (the first letters of its words, its
# digits), as a class under the rule's flags, so in either case. Tried as a lookahead before
# the rule at each position of the text: where the character is none of them, one class test
# fails the position, not every alternative of the regex in turn; each scan is about a fifth
# faster and finds the same matches. tests/test_timex.py reads every rule's possible first
# characters off its parsed regex and fails when a class here lacks one.
_RULE_FIRST_CHARACTERS: dict[str, str] = {
    "iso": r"\d",
    "numeric": r"01\d",
    "mdy": "adfjmnostw",
    "dmy": "0-9efmnstw",
    "month_year": "adefjlmnost",
    "holiday": "bcefghijlmnpstv",
    "quarter": "1-4cfijlmnpqrsty",
    "half": "12bflnst",
    "year_earlier": "cmqsty",
    "ago": r"\dacdefhjlmnorstuw",
    "decade": "'12elmt",
    "decade_word": "t",
    "century": r"\deflmnst",
    "dayword": "elty",
    "part_of_day": "elmty",
    "weekday": "cefmlnpstw",
    "weekday_plural": "o",
    "rel_unit": "ceflnpst",
    "the_unit": "t",
    "season": "aceflmnpstw",
    "month": "acdefjlmnopst",
    "year": "'12cefltm",
    "spoken_year": "elmnt",
    "set": r"\dabcdefhmnopqstwy",
    "duration": r"\dacdefhjlmnorstuw",
    "vague": "acdefhilmnoprtwy",
    "ref": "acflnprst",
    "clock": r"012\daefmnorst",
}


def _scanned(name: str, pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The rule's regex as it scans a text: its first-character class, then the regex."""
    return re.compile(f"(?=[{_RULE_FIRST_CHARACTERS[name]}])(?:{pattern.pattern})", pattern.flags)


_SCANS: tuple[tuple[str, re.Pattern[str], _Rule], ...] = tuple(
    (name, _scanned(name, pattern), resolve) for name, pattern, resolve in _RULES
)


@dataclass
class _Candidate:
    start: int
    end: int
    rule: str
    match: re.Match[str]
    resolve: _Rule


def _candidates(text: str) -> list[_Candidate]:
    found: list[_Candidate] = []
    for name, pattern, resolve in _SCANS:
        keyword = _RULE_KEYWORDS.get(name)
        if keyword is not None and keyword.search(text) is None:
            continue  # no match of the rule can lack its keyword
        for m in pattern.finditer(text):
            if m.end() > m.start():
                found.append(_Candidate(m.start(), m.end(), name, m, resolve))
    return found


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Offsets without leading prepositions the patterns take for context ("in", "on")."""
    span = text[start:end]
    lead = re.match(r"(?:in|on|for|within|over|after|during)\s+(?=\S)", span, re.IGNORECASE)
    if lead and not re.match(r"over\s+(?:a|an|\d|one|two|three)", span, re.IGNORECASE):
        start += lead.end()
    stripped = text[start:end].rstrip(" ,")
    return start, start + len(stripped)


def _select(ctx: _Context, candidates: list[_Candidate]) -> list[tuple[_Candidate, _Found]]:
    """Longest candidates first, each resolved in text order once chosen; a candidate its rule
    rejects leaves the place to the next longest."""
    order = sorted(candidates, key=lambda c: (-(c.end - c.start), _RULE_ORDER[c.rule], c.start))
    taken: list[tuple[int, int]] = []
    chosen: list[_Candidate] = []
    for cand in order:
        if any(cand.start < e and s < cand.end for s, e in taken):
            continue
        if not _acceptable(cand, ctx):
            continue
        taken.append((cand.start, cand.end))
        chosen.append(cand)
    chosen.sort(key=lambda c: c.start)
    resolved: list[tuple[_Candidate, _Found]] = []
    for cand in chosen:
        result = cand.resolve(cand.match, ctx, cand.start, cand.end)
        if result is None or not result.value:
            continue
        resolved.append((cand, result))
        if (
            result.sets_reference
            and result.type == "DATE"
            and not _spoken_day_in_quotation(ctx.text, cand.start, cand.end)
        ):
            gran = _granularity(result.value)
            if gran is not None:
                ctx.last_reference = (result.value, ctx.sentence_of(cand.start))
                if gran == "quarter":
                    ctx.last_quarter = (result.value, ctx.sentence_of(cand.start))
    return resolved


def _spoken_day_in_quotation(text: str, start: int, end: int) -> bool:
    """Whether a day said from where its speaker stands ("earlier today") is inside a
    quotation opened on its line: it is the day of the words, which the article seldom
    dates, so "a week later" in the next sentence does not count from it (a fresh reader of
    a BASIL report found a 2016 message "a week later" dated from the report's day in 2017)."""
    if not _SPOKEN_WORDS.search(text, start, end):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    return before.count("\u201c") > before.count("\u201d") or before.count('"') % 2 == 1


def _acceptable(cand: _Candidate, ctx: _Context) -> bool:
    """The context checks of a rule, made before choosing among overlapping matches (no dates
    are resolved here: that needs the document order)."""
    probe = _Context(ctx.text, None, "past", ctx.sentence_starts, probing=True, _tokens=ctx._tokens)
    return cand.resolve(cand.match, probe, cand.start, cand.end) is not None


def _merge(text: str, found: list[tuple[int, int, _Found]]) -> list[tuple[int, int, _Found]]:
    """Join a clock time with the day beside it ("10 p.m. Wednesday", "Friday at noon")."""
    merged: list[tuple[int, int, _Found]] = []
    i = 0
    while i < len(found):
        start, end, item = found[i]
        if i + 1 < len(found):
            n_start, n_end, n_item = found[i + 1]
            gap = text[end:n_start]
            if _GAP_MERGE.fullmatch(gap):
                day, clock = None, None
                if item.type == "TIME" and "T" in item.value and _VALUE_DAY.match(n_item.value):
                    day, clock = n_item.value, item.value.split("T", 1)[1]
                elif (
                    _VALUE_DAY.match(item.value)
                    and n_item.type == "TIME"
                    and re.match(r"^[\dX]{4}-[\dX]{2}-[\dX]{2}T\d", n_item.value)
                ):
                    day, clock = item.value, n_item.value.split("T", 1)[1]
                if day and clock:
                    merged.append((start, n_end, _Found(f"{day}T{clock}", "TIME", True)))
                    i += 2
                    continue
        merged.append((start, end, item))
        i += 1
    return merged


def _run(text: str, published: str | None, tense: Tense | None) -> list[tuple[int, int, _Found]]:
    ctx = _Context(text, _parse_published(published), tense, _sentence_starts(text))
    resolved = _select(ctx, _candidates(text))
    spans = []
    for cand, result in resolved:
        start, end = _trim(text, cand.start, cand.end)
        if end > start:
            spans.append((start, end, result))
    return _merge(text, spans)


def find_timexes(text: str, published: str | None) -> tuple[Timex, ...]:
    """Every date, time, duration and set expression in ``text`` with its TIMEX3 value, read
    against ``published`` (an ISO date or datetime; None or unreadable: relative expressions
    keep underspecified values)."""
    return tuple(
        Timex(start, end, text[start:end], f.value, f.type, f.anchored)
        for start, end, f in _run(text, published, None)
    )


def resolve_phrase(
    phrase: str,
    published: str | None,
    *,
    tense: Tense | None = None,
    reference: str | None = None,
) -> Resolution | None:
    """The TIMEX3 value of one temporal phrase ("last Friday", "the third quarter") read
    against ``published``. ``tense`` says which way its sentence looks (None: read from the
    phrase's own words, past-leaning like news); ``reference`` is the date last mentioned
    before it (a TIMEX3 value), for "a year earlier" or "the quarter". None when the phrase
    holds no temporal expression; the longest one found when it holds several."""
    ctx = _Context(phrase, _parse_published(published), tense, [0])
    if reference is not None and _granularity(reference) is not None:
        ctx.last_reference = (reference, 0)
        if _granularity(reference) == "quarter":
            ctx.last_quarter = (reference, 0)
    resolved = _merge(phrase, [(c.start, c.end, f) for c, f in _select(ctx, _candidates(phrase))])
    if not resolved:
        return None
    best = max(resolved, key=lambda item: item[1] - item[0])[2]
    return Resolution(best.value, best.type, best.anchored)
