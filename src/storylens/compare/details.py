"""Details that disagree: dates, times, ages, counts, amounts, places, roles and name spellings
that two outlets give for one thing, with both sentences.

Two values conflict only when they describe the same quantity or attribute of the same thing:
- an age belongs to a person, and is compared with the same person's age in every outlet; a
  role too, when both outlets state it the same way (an apposition, "Ruth Penn, the town
  clerk,") or in claims that say the same thing ("called by mayor Ana Brill");
- a date, a time of day, a count or an amount belongs to an event, so it is compared only
  between two claims that report the same thing (their cosine, ``DETAIL_CONTEXT``), and only
  with the value of the other claim that stands in the same place: the only one of its kind
  there, or the one whose neighbouring words are the same ("a $6.5 million sports centre" /
  "a $5.6 million plan for the sports centre"), so a sum demanded is not set against a sum
  granted; a count counts the same noun ("seven children" / "six children"). A date beside
  an act news dates ("passed", "quit", "held") is set only against a date of the same act,
  and, in claims too unlike to pair, against the one date of that act the other article
  gives with the same words beside it ("hold primaries in mid May" / "the primary would be
  held on April 30", not "held the seat from 1966"; "the bridge, which opened in 1963" /
  "the bridge, built in 1961");
- a place is compared only where both claims say where the same thing happened ("in Pellham"
  / "in Crosby Mills"): a dateline, a person's home state or an organisation's city is not
  where the event happened. A place that either article also names, an abbreviation and its
  name ("Ky." / "Kentucky"), and a place that may hold the other (a county, a state, a
  country, a neighbourhood) agree;
- a name spelt two ways ("Jarrell Penn" / "Jarell Penn") is one person's name in conflict; a
  bare name, or a capitalised word no entity was found in ("Rogers was injured"), spelt like
  another outlet's name is a possible one.

A conflict is confirmed (``disagree``) only when both values resolve and describe the same
thing; one that may be a conflict is ``unchecked`` (shown as possible) with its reason.
Approximate values ("more than 600", "about 10:30 p.m.") cover a range: "700" and "more than
600" agree. Each pair of values is shown once, in whichever order it was met first.
"""

from __future__ import annotations

import bisect
import calendar
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import date
from functools import lru_cache

from rapidfuzz import fuzz
from scipy import sparse

from storylens.analyse.details import parse_number
from storylens.analyse.quotes.cues import SPEECH_VERBS
from storylens.compare.claim_units import ClaimUnit, furniture_spans
from storylens.compare.claims import SAME_CLAIM_SIMILARITY
from storylens.compare.dates_words import date_in_words, date_interval
from storylens.compare.places import same_or_within
from storylens.compare.words import content_stems, fold, is_stop_word, stem, without_accents, words
from storylens.records import DetailConflict, DetailKind, DetailStatus, DetailValue, StoryMember

# Two claims this alike (claim cosine) report the same thing closely enough that a date,
# count or amount in both describes one event: lower than a shared claim, since one outlet
# may add a clause the other leaves out, higher than two sentences that share a name only.
DETAIL_CONTEXT = 0.2
# Human ages in news run up to about this; a bigger number after a name is not an age.
MAX_AGE = 120
# Words before a name that may state a role ("town manager Dana Holt"): at most this many.
MAX_ROLE_WORDS = 3
# How far before a name to look for its role words.
ROLE_WINDOW_CHARS = 60
# Counts at or above this look like years ("in 2021 people ..."), not counts of things.
YEAR_LIKE = 1800
# Content words either side of a value that say what it is a value of ("reward", "raised"):
# further words belong to the rest of the sentence ("died of a gunshot wound ... made her
# first court appearance Thursday" shares "wound" with the death, not with the day).
HEAD_WORDS = 2
# A relative date ("Friday", "last week") set against another date must have this many of
# its neighbouring words in common with it ("the early hours of"): relative dates mostly
# tell of the latest step each outlet had, not of one event.
RELATIVE_HEAD_WORDS = 2
# An approximate amount or count ("about $40 million", "nearly 600") covers this share either
# side; a rounded amount ("$43 million" for $43,885,310) agrees within it as well.
APPROXIMATE_SHARE = 0.1
# An approximate time of day ("about 10:30 p.m.", "shortly after 3 a.m.") covers this many
# minutes either side.
APPROXIMATE_MINUTES = 30
# Two spellings of a name this alike (0-100) with the rest of the name the same are one
# person's name spelt two ways; two different people's names ("Dana" / "Diane") differ more.
NAME_SPELLING_RATIO = 80
# Two roles a person is given before the name ("challenger Mitt Romney" / "nominee Mitt
# Romney") are set against each other only in claims this alike, near the same sentence: a
# person holds several roles at once, and outlets pick one.
ROLE_SAME_CLAIM = 0.6
# Name words shorter than this are initials or short forms ("J." / "Jo"), no spellings.
MIN_NAME_WORD = 4
# A body's name has this many words past a leading "the" before two outlets' names that
# differ in one word are read as one body named two ways. A name of three is an owner, a
# task and a kind: "Senate Intelligence Committee" and "Senate Judiciary Committee",
# "Chicago Police Department" and "Chicago Fire Department" are one owner's two bodies.
# Past three, one word of a task named in two words ("House Foreign Affairs Committee" /
# "House Foreign Relations Committee") is one chamber's committee named two ways.
MIN_BODY_NAME_WORDS = 4
# Entity labels of places: a body's name word that is one names its owner.
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})

_AGE_AFTER = re.compile(r"^\s*(?:,\s*|\()(\d{1,3})\s*(?:,|\)|\.(?:\s|$))")
_AGE_BEFORE = re.compile(r"(\d{1,3})-year-old\s+$")
# An age in a phrase set beside the name: "Jaylen Brooks, a 15-year-old sophomore," or
# "Jaylen Brooks, aged 15,", and "a 15-year-old boy, Jaylen Brooks, was shot" (the name
# closed by a comma or a stop: '15-year-old boy, Sgt. Dana Cole said' gives the speaker
# no age).
_AGE_APPOSED_AFTER = re.compile(r"^,\s+(?:(?:a|an)\s+(\d{1,3})-year-old\b|aged?\s+(\d{1,3})\b)")
_AGE_APPOSED_BEFORE = re.compile(r"\b(\d{1,3})-year-old\s+[a-z]+,\s+$")
_NAME_CLOSED = re.compile(r"^\s*[,.]")
# Characters read either side of a name for an age set beside it.
AGE_APPOSED_CHARS = 40
# An age said of a description that stands for a person named earlier: "The 45-year-old
# chef, who ..." (a definite description, no name after it).
_DESCRIBED_AGE = re.compile(r"\b[Tt]he\s+(\d{1,3})-year-old\s+([a-z]{3,})\b(?!\s+[A-Z])")
# A capitalised name and an age after it ("Vance, 42, was photographed"), read where the
# entity recogniser found no person there (it tags "42" a date now and then).
_NAME_THEN_AGE = re.compile(r"\b([A-Z][\w'’-]+(?:[^\S\n]+[A-Z][\w'’-]+)?)(?=\s*,\s*\d{1,3}\s*,)")
# A unit joined to its number ("47-page", "three-judge"), not a chain ("14-year-old",
# "6-foot-2"), whose own noun follows it ("a 47-page indictment").
_HYPHENED_UNIT = re.compile(r"^-([a-z]{3,})(?![\w-])(?=\s+[a-z])")
_COUNTED_NOUN = re.compile(r"^\s+(?:([a-z][\w-]*)\s+)?([a-z][\w-]{2,})")
# The role run starts at a word boundary: never inside a capitalised word ("Leader" is no
# "eader", "Justice" no "ustice").
_ROLE_BEFORE = re.compile(r"(?<![\w'’-])((?:[a-z][\w-]*\s+){1,6})$")
_ROLE_APPOSITIVE = re.compile(
    r"^,\s+(?:the|a|an|its|their)\s+((?:[\w'’-]+\s+){0,3}?[a-z][\w-]+)\s*[,.]"
)
# The words that open an appositive role right before it (", the ").
_APPOSITIVE_OPENING = re.compile(r",\s+(?:the|a|an|its|their)\s+(?:[\w'’-]+\s+){0,3}?$")
_MONEY_SCALE = {
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "m": 1e6,
    "bn": 1e9,
    "k": 1e3,
}
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
# Words that make a number a bound or an estimate, with the side of the bound.
_APPROXIMATE = re.compile(
    r"(?P<more>more\s+than|over|at\s+least|upwards\s+of|in\s+excess\s+of)"
    r"|(?P<less>fewer\s+than|less\s+than|under|up\s+to|at\s+most|nearly|almost|just\s+under)"
    r"|(?P<about>about|around|roughly|approximately|some|an\s+estimated|estimated|close\s+to|"
    r"shortly\s+(?:after|before)|just\s+(?:after|before)|after|before)",
    re.IGNORECASE,
)
# How far before a value to look for those words.
APPROXIMATE_WINDOW_CHARS = 24
# Words between a number and its noun that count a part of a group, not the group: "two
# other males" (with King, three), "three more victims".
_PART_WORDS = frozenset({"other", "others", "more", "additional", "further", "remaining"})
# Time words that are no counted nouns: "two years" is a duration, "three days" too.
_TIME_NOUNS = frozenset(
    stem(w)
    for w in ["years", "months", "weeks", "days", "hours", "minutes", "seconds", "times", "percent"]
)
_SPEECH_STEMS = frozenset(stem(verb) for verb in SPEECH_VERBS)
# Forms of reporting verbs the stems above miss ("said" does not stem to "say").
_REPORTING_STEMS = frozenset({"said", "told", "say", "tell", "announc", "according"})
# Two amounts are compared only in claims this alike: a story's amounts are many, and in
# claims that merely share a topic they are different sums (one demanded, one granted; a
# total and a part). Above the pairs of different sums seen on the BASIL dev events'
# even half (at most 0.29 where no other word tied them), below two reports of one price
# (0.48 in the written examples).
MONEY_ALIKE = 0.4
# The claim cosine at which each kind's values are compared (``DETAIL_CONTEXT`` otherwise).
_PAIRING_FLOOR = {
    "place": SAME_CLAIM_SIMILARITY,
    "date": SAME_CLAIM_SIMILARITY,
    "money": MONEY_ALIKE,
}
# A span of years a claim states: "from 1967 to 1979", "from 2009 through 2013".
_YEAR_RANGE = re.compile(r"\bfrom\s+(\d{4})\s+(?:to|until|till|through)\s+(\d{4})\b", re.I)
# Kinds whose values pair only where the words next to them are the same: a date, a time or
# a place in two alike claims may still belong to two events ("arrested Tuesday" /
# "charged Monday"); amounts and counts pair by their noun, or as the one of their kind.
_HEADED_KINDS = frozenset({"date", "time", "place", "money"})
# Words that make an amount one asked for rather than one paid or granted ("sought $5
# million", "demanded $5 billion"): an asked sum is set only against another asked sum.
_ASKED_STEMS = frozenset(
    stem(w)
    for w in ("sought", "seeking", "seeks", "sued", "demanded", "demands", "asked", "asking",
              "requested", "requests", "proposed", "wants", "wanted")
)  # fmt: skip
# Words that all say what a thing is worth: "values at $2.4 million" / "worth $4.2 million".
_WORTH_STEMS = frozenset(
    stem(w) for w in ("worth", "valued", "values", "value", "costs", "price", "priced")
)
# Words that all say a count's people were hurt ("three firefighters were treated" / "four
# firefighters injured"), or killed: news words the same toll many ways, and these are what
# the count is a count of.
_HURT_STEMS = frozenset(
    stem(w)
    for w in ("injured", "injuries", "hurt", "wounded", "treated", "hospitalized",
              "hospitalised")
)  # fmt: skip
_DEAD_STEMS = frozenset(stem(w) for w in ("killed", "died", "dead", "slain", "fatally"))
_HEAD_CLASSES = {"worth": _WORTH_STEMS, "hurt": _HURT_STEMS, "dead": _DEAD_STEMS}
# Acts news tells in several words, which an article dates once ("quit" / "left", "passed"
# / "voted", "hold" / "held"): a date of the same act in two articles is one date, where the
# words around both say the same of it (``LONE_DATE_SHARED_HEADS``).
_DATED_ACTS = {
    "leave": frozenset(stem(w) for w in ("quit", "left", "resigned", "departed")),
    "vote": frozenset(stem(w) for w in ("voted", "passed", "passing", "approved", "adopted")),
    "hold": frozenset(stem(w) for w in ("hold", "held", "holds", "holding")),
    "built": frozenset(stem(w) for w in ("built", "constructed", "erected", "opened")),
    "end": frozenset(stem(w) for w in ("ends", "ended", "expires", "expired")),
}
# Acts whose words say too many things to tell two dates of alike claims apart ("opened up
# about", "opened fire"): they pair two dates only where the words beside both say the same
# (``_lone_dates``: "the bridge, which opened in 1963" / "the bridge, built in 1961").
_LONE_ONLY_ACTS = frozenset({"built", "end"})
# Head words either side of a date read for its act: a date's act is often a few words
# from it ("hold special-election primaries in mid May").
ACT_HEAD_WORDS = 3
# Words of a date that place its year: a year, or a year or month counted from today.
_YEAR_WORDS = re.compile(r"\b\d{4}\b|\b(?:year|month|week)\b", re.IGNORECASE)
_WORD_AT = re.compile(r"[a-z][\w'’-]*")
# Head words, the act one, that two dates of one act in unlike sentences have in common:
# an act alone ("passed a bill last week" / "passed a budget Monday") tells of two acts.
LONE_DATE_SHARED_HEADS = 2
# TIMEX3 date values by how much time they name; "X" stands in for an unknown digit.
_GRANULARITIES = (
    re.compile(r"[\dX]{4}-[\dX]{2}-[\dX]{2}(T.*)?|[\dX]{4}-W[\dX]{2}-\d"),
    re.compile(r"[\dX]{4}-W[\dX]{1,2}"),
    re.compile(r"[\dX]{4}-[\dX]{2}"),
    re.compile(r"[\dX]{4}-(Q[1-4X]|H[12X])"),
    re.compile(r"[\dX]{4}"),
)
# Two dates this many granularity steps apart can describe one time (a day and its week).
MAX_GRANULARITY_STEPS = 1
# Dates of one act that two articles each date once (``_lone_dates``) are compared this many
# steps apart: a day with a month ("in mid May" / "on April 30"), a month with a year
# ("earlier this month" / "last year"), since the act and its words say they are one time.
MAX_LONE_GRANULARITY_STEPS = 2
# A clock time that names its day ("1:40 a.m. on November 4", "Tuesday at 9 p.m.").
_NAMES_A_DAY = re.compile(
    r"\b(?:" + "|".join(n[:3] for n in (*calendar.month_name[1:], *calendar.day_name)) + r")",
    re.IGNORECASE,
)
_NAMES_A_MONTH = re.compile(
    r"\b(?:" + "|".join(n[:3] for n in calendar.month_name[1:]) + r")|\d", re.IGNORECASE
)
# A date right after a reporting verb dates the statement, not the event it tells of.
_STATEMENT_DATE = re.compile(
    r"\b(?:said|says|say|told|announced|stated|wrote|tweeted|confirmed|reported|added)"
    r"(?:\s+(?:on|in|late|early|that))*\s*$",
    re.IGNORECASE,
)
_CLOCK = re.compile(r"T(\d{2}):(\d{2})")
# Marks after which lower-case words open a new clause rather than a title before a name.
_CLAUSE_END_MARKS = frozenset({",", ";", ":", "”", '"', "’", "'", ")"})
_REF_VALUES = frozenset({"PRESENT_REF", "PAST_REF", "FUTURE_REF"})
# Where a place follows one of these, the sentence says where something is or happened.
_LOCATIVE_BEFORE = re.compile(
    r"\b(?:in|at|near|outside|inside|to|from)\s+(?:the\s+|a\s+|downtown\s+|nearby\s+)?$",
    re.IGNORECASE,
)
# A dateline: the first words of a line in capitals, then a dash, a comma or an agency.
_DATELINE = re.compile(r"^[^\S\n]*[A-Z][A-Z .'’-]+(?:,\s*[A-Z][\w.]*\.?)*\s*(?:\(|—|–|--|-\s)")
# Details said of a person, paired by that person; the others pair by the claims they sit in.
_SUBJECT_KINDS = frozenset({"age", "role"})


# -- people ----------------------------------------------------------------------------------


class PersonIndex:
    """Full names in the story, so "Hilaria" and "Hilaria Baldwin" are one person and a bare
    "Baldwin" shared by two people is nobody in particular."""

    def __init__(self, members: Sequence[StoryMember]) -> None:
        self.full_names: dict[tuple[str, ...], str] = {}
        for member in members:
            for entity in member.analysed.entities:
                if entity.label == "PERSON" and len(words(entity.text)) >= 2:
                    key = tuple(fold(w) for w in words(entity.text))
                    self.full_names.setdefault(key, entity.text)
        # word -> the full names holding it: a mention is looked up by its words, not
        # tested against every full name of the story.
        self._holding: dict[str, set[tuple[str, ...]]] = {}
        for key in self.full_names:
            for word in key:
                self._holding.setdefault(word, set()).add(key)

    def resolve(self, mention: str) -> str | None:
        folded = [fold(w) for w in words(mention)]
        if not folded:
            return None
        keys = set.intersection(*(self._holding.get(word, set()) for word in folded))
        matches = {self.full_names[key] for key in keys}
        if len(matches) == 1:
            return matches.pop()
        return mention if len(folded) >= 2 and not matches else None


# -- extraction ------------------------------------------------------------------------------


def _sentence_of(member: StoryMember, position: int) -> str:
    text = member.analysed.article.text
    for sentence in member.analysed.sentences:
        if sentence.start <= position < sentence.end:
            start = text.rfind("\n", sentence.start, position) + 1 or sentence.start
            end = text.find("\n", position, sentence.end)
            return text[max(start, sentence.start) : end if end != -1 else sentence.end].strip()
    return ""


def _in_boilerplate(member: StoryMember, start: int, furniture: Sequence[tuple[int, int]]) -> bool:
    return any(s.start <= start < s.end for s in member.analysed.clean.boilerplate) or any(
        low <= start < high for low, high in furniture
    )


def _value(
    member: StoryMember, kind: DetailKind, subject: str, start: int, end: int, value: str
) -> DetailValue:
    return DetailValue(
        article_id=member.id,
        outlet=member.outlet,
        kind=kind,
        subject=subject,
        text=member.analysed.article.text[start:end],
        value=value,
        sentence=_sentence_of(member, start),
        start=start,
        end=end,
    )


def money_value(text: str) -> float | None:
    """The amount of a money phrase: "$3.5 million" -> 3500000."""
    number = _NUMBER.search(text)
    if not number:
        return None
    amount = float(number.group().replace(",", ""))
    for word in words(text[number.end() :])[:1]:
        amount *= _MONEY_SCALE.get(word.lower(), 1.0)
    return amount


def extract_details(member: StoryMember, people: PersonIndex) -> list[DetailValue]:
    """Every comparable detail one article states, outside its boilerplate and furniture."""
    analysed = member.analysed
    text = analysed.article.text
    furniture = furniture_spans(text)
    found: list[DetailValue] = []
    for timex in analysed.timexes:
        if timex.value in _REF_VALUES or _in_boilerplate(member, timex.start, furniture):
            continue
        if _STATEMENT_DATE.search(text[max(0, timex.start - 30) : timex.start]):
            continue  # "said on Tuesday" dates a statement, which each outlet may have later
        names_day = bool(_NAMES_A_DAY.search(timex.text))
        if timex.type == "DATE" or (timex.type == "TIME" and names_day):
            found.append(_value(member, "date", "", timex.start, timex.end, timex.value))
        elif (
            timex.type == "TIME"
            and any(c.isdigit() for c in timex.text)  # "noon" may be a name ("High Noon")
            and (clock := _CLOCK.search(timex.value))
        ):
            # A clock time with no day of its own is compared as a time of day only: it is
            # read against each article's publication day, and two outlets' days differ
            # for the same night.
            found.append(
                _value(member, "time", "", timex.start, timex.end, f"{clock[1]}:{clock[2]}")
            )
    for entity in analysed.entities:
        if _in_boilerplate(member, entity.start, furniture):
            continue
        if entity.label in ("PERSON", "ORG"):
            person = people.resolve(entity.text)
            # The small model calls a surname alone an organisation now and then ("Vance, 42,
            # was photographed"); a mention whose every word is in one person's full name,
            # as the story gives it elsewhere, is that person.
            if person and (entity.label == "PERSON" or person != entity.text):
                found.extend(_person_details(member, person, entity.start, entity.end))
        elif entity.label == "MONEY":
            amount = money_value(entity.text)
            if amount is not None:
                found.append(
                    _value(member, "money", "amount", entity.start, entity.end, f"{amount:g}")
                )
        elif entity.label in ("GPE", "LOC", "FAC"):
            found.append(_value(member, "place", "", entity.start, entity.end, entity.text))
    aged = {value.start for value in found if value.kind == "age"}
    for mention in _NAME_THEN_AGE.finditer(text):
        if _in_boilerplate(member, mention.start(), furniture):
            continue
        person = people.resolve(mention.group(1))
        if person:
            for detail in _person_details(member, person, mention.start(), mention.end()):
                if detail.kind == "age" and detail.start not in aged:
                    aged.add(detail.start)
                    found.append(detail)
    found.extend(_described_ages(member, people, furniture, aged))
    money = [(e.start, e.end) for e in analysed.entities if e.label == "MONEY"]
    for number in analysed.numbers:
        if _in_boilerplate(member, number.start, furniture):
            continue
        if any(low <= number.start < high for low, high in money):
            continue  # "$6.5 million sports centre" is an amount, not a count of centres
        try:
            value = float(number.label)
        except ValueError:
            continue
        if value >= YEAR_LIKE:
            continue
        unit = _HYPHENED_UNIT.match(text[number.end : number.end + 40])
        if unit and stem(unit.group(1)) not in _TIME_NOUNS and parse_number(unit.group(1)) is None:
            # "a 47-page indictment": the number counts the unit joined to it.
            end = number.end + unit.end(1)
            found.append(
                _value(member, "count", unit.group(1).lower(), number.start, end, f"{value:g}")
            )
            continue
        after = _COUNTED_NOUN.match(text[number.end : number.end + 40])
        if not after:
            continue
        # The counted noun is the word after the number's adjective ("three injured
        # firefighters"), or the word right after it when a verb or a function word follows
        # ("four firefighters injured", "four stations responded", "35 homes were").
        second = after.group(2)
        at = 1 if after.group(1) and (is_stop_word(second) or _looks_like_verb(second)) else 2
        noun = after.group(at)
        if is_stop_word(noun) or (at == 2 and after.group(1) in _PART_WORDS):
            continue  # "King and two other males": the others, not the whole group
        if stem(noun) in _TIME_NOUNS or text[number.end : number.end + 1] == "-":
            continue  # "14-year-old" is an age, said of its person
        end = number.end + after.end(at)
        found.append(_value(member, "count", noun.lower(), number.start, end, f"{value:g}"))
    return found


def _described_ages(
    member: StoryMember,
    people: PersonIndex,
    furniture: Sequence[tuple[int, int]],
    aged: set[int],
) -> Iterator[DetailValue]:
    """Ages said of a person by description, not name ("The 45-year-old chef, who opened
    ..."): the person is the one the same article describes by that noun, in apposition or
    before the name ("Rafael Reyes, the chef behind ...", "chef Rafael Reyes"), if only one
    person is; otherwise the age is nobody's in particular."""
    text = member.analysed.article.text
    for described in _DESCRIBED_AGE.finditer(text):
        start = described.start(1)
        if start in aged or _in_boilerplate(member, start, furniture):
            continue
        if int(described.group(1)) > MAX_AGE:
            continue
        person = _described_person(member, people, described.group(2))
        if person is not None:
            aged.add(start)
            yield _value(member, "age", person, start, described.end(1), described.group(1))


def _described_person(member: StoryMember, people: PersonIndex, noun: str) -> str | None:
    """The one person an article calls ``noun`` beside the name, or None."""
    text = member.analysed.article.text
    after = re.compile(rf"^,\s+(?:the|a|an)\s+(?:[\w'’-]+\s+){{0,2}}?{re.escape(noun)}\b")
    before = re.compile(rf"\b{re.escape(noun)}\s+$")
    found = set()
    for entity in member.analysed.entities:
        if entity.label != "PERSON":
            continue
        if after.match(text[entity.end : entity.end + 60]) or before.search(
            text[max(0, entity.start - 30) : entity.start]
        ):
            person = people.resolve(entity.text)
            if person:
                found.add(person)
    return found.pop() if len(found) == 1 else None


def _role_before(text: str, start: int) -> tuple[int, int] | None:
    """The lower-case words right before a name that state a role ("by town manager Dana
    Holt"): the run after the last function word, with no verb form in it ("said", "joined")."""
    window_start = max(0, start - ROLE_WINDOW_CHARS)
    while window_start > 0 and text[window_start - 1].isalnum():
        window_start -= 1  # never start inside a word ("Inspector" read as "nspector")
    found = _ROLE_BEFORE.search(text[window_start:start])
    if not found:
        return None
    run: list[re.Match[str]] = []
    for word in reversed(list(re.finditer(r"[a-z][\w-]*", found.group(1)))):
        token = word.group()
        if is_stop_word(token) or _looks_like_verb(token):
            break
        run.insert(0, word)
    if not run or len(run) > MAX_ROLE_WORDS:
        return None
    offset = window_start + found.start(1)
    if text[: offset + run[0].start()].rstrip()[-1:] in _CLAUSE_END_MARKS:
        return None  # after a quotation or a clause: '," said Dwight Mitchell' states no role
    return offset + run[0].start(), offset + run[-1].end()


def _looks_like_verb(word: str) -> bool:
    # Without the parse: past and present participles, and the speech verbs' forms.
    return (
        word.endswith(("ed", "ing"))
        or stem(word) in _SPEECH_STEMS
        or stem(word) in _REPORTING_STEMS
        or word in SPEECH_VERBS
    )


def _person_details(
    member: StoryMember, person: str, start: int, end: int
) -> Iterator[DetailValue]:
    text = member.analysed.article.text
    age = _AGE_AFTER.match(text[end : end + 8])
    if age and int(age.group(1)) <= MAX_AGE:
        yield _value(member, "age", person, end + age.start(1), end + age.end(1), age.group(1))
    before = _AGE_BEFORE.search(text[max(0, start - 16) : start])
    if before and int(before.group(1)) <= MAX_AGE:
        offset = max(0, start - 16)
        yield _value(
            member, "age", person, offset + before.start(1), offset + before.end(1), before.group(1)
        )
    yield from _apposed_ages(member, person, start, end)
    role = _role_before(text, start)
    if role and "year-old" not in text[role[0] : role[1]]:
        yield _value(member, "role", person, role[0], role[1], text[role[0] : role[1]].lower())
    appositive = _ROLE_APPOSITIVE.match(text[end : end + 80])
    if appositive:
        yield _value(
            member,
            "role",
            person,
            end + appositive.start(1),
            end + appositive.end(1),
            appositive.group(1).lower(),
        )


def _apposed_ages(member: StoryMember, person: str, start: int, end: int) -> Iterator[DetailValue]:
    """An age given in a phrase beside the name ("Jaylen Brooks, aged 15,")."""
    text = member.analysed.article.text
    after = _AGE_APPOSED_AFTER.match(text[end : end + AGE_APPOSED_CHARS])
    if after:
        group = 1 if after.group(1) else 2
        if int(after.group(group)) <= MAX_AGE:
            low, high = end + after.start(group), end + after.end(group)
            yield _value(member, "age", person, low, high, after.group(group))
    offset = max(0, start - AGE_APPOSED_CHARS)
    before = _AGE_APPOSED_BEFORE.search(text[offset:start])
    if before and int(before.group(1)) <= MAX_AGE and _NAME_CLOSED.match(text[end : end + 2]):
        low, high = offset + before.start(1), offset + before.end(1)
        yield _value(member, "age", person, low, high, before.group(1))


def _name_values(
    member: StoryMember, furniture: Sequence[tuple[int, int]], label: str = "PERSON"
) -> list[DetailValue]:
    """Each full name (of a person, or of ``label``) one article writes, once, where it first
    writes it."""
    seen: dict[tuple[str, ...], DetailValue] = {}
    for entity in member.analysed.entities:
        parts = tuple(fold(w) for w in words(entity.text))
        if entity.label != label or len(parts) < 2 or parts in seen:
            continue
        if _in_boilerplate(member, entity.start, furniture):
            continue
        seen[parts] = _value(member, "name", "", entity.start, entity.end, entity.text)
    return list(seen.values())


# -- comparison ------------------------------------------------------------------------------


def compare_dates(a: str, b: str) -> tuple[DetailStatus, str]:
    """(status, reason) for two TIMEX3 date values said of one thing."""
    if "X" in a or "X" in b:
        return "unchecked", "a relative date with no publication date to read it against"
    if a == b:
        return "agree", "the same date"
    first, second = date_interval(a), date_interval(b)
    if first is None or second is None:
        return "unchecked", "not both calendar dates"
    if first[0] <= second[1] and second[0] <= first[1]:
        return "agree", f"{date_in_words(a)} and {date_in_words(b)} overlap"
    return "disagree", f"{date_in_words(a)} and {date_in_words(b)} do not overlap"


def _units_by_member(units: Sequence[ClaimUnit]) -> dict[int, list[int]]:
    """Claim indices per member, in text order (``claim_units`` makes them so)."""
    found: dict[int, list[int]] = {}
    for index, unit in enumerate(units):
        found.setdefault(unit.member, []).append(index)
    return found


def _unit_at(units: Sequence[ClaimUnit], own: Sequence[int], position: int) -> int | None:
    """The claim of one member (``own``: its claim indices) that holds ``position``."""
    starts = [units[i].start for i in own]
    place = bisect.bisect_right(starts, position) - 1
    if place >= 0 and position < units[own[place]].end:
        return own[place]
    return None


# Sentence pairs whose shared words are kept: two sentences that hold several details (a date
# and a count) are paired once per detail, and each pair reads every word of both.
SHARED_WORDS_CACHE = 4096


@lru_cache(maxsize=SHARED_WORDS_CACHE)
def _shared_words(first: str, second: str) -> str:
    theirs = set(content_stems(second))
    kept = [w.lower() for w in words(first) if not is_stop_word(w) and stem(w) in theirs]
    return " ".join(dict.fromkeys(kept)) or "the same event"


# Words right before two values that, the same in both and holding a name, put the values in
# one slot of one event ("at the Crestline Film Festival on"): the head words leave names out,
# and a venue is what ties two days of one evening.
SLOT_WORDS = 4


# Characters read back from a value for its ``SLOT_WORDS`` words: room for long words.
SLOT_CHARS_PER_WORD = 20


def _words_before(text: str, start: int) -> tuple[str, ...]:
    """The ``SLOT_WORDS`` words right before ``start`` in its line (fewer at a line's start)."""
    line_start = text.rfind("\n", 0, start) + 1
    reach = SLOT_WORDS * SLOT_CHARS_PER_WORD
    return words(text[max(line_start, start - reach) : start])[-SLOT_WORDS:]


def _head_stems(text: str, start: int, end: int, low: int, high: int) -> frozenset[str]:
    """The stems of the few lower-case content words either side of a value inside its claim
    (``low``..``high``): what the value is a value of ("shot and killed ... on Monday")."""
    before = [_head_class(s) for s in _lower_stems(text[low:start]) if _head_word(s)]
    after = [_head_class(s) for s in _lower_stems(text[end:high]) if _head_word(s)]
    return frozenset(before[-HEAD_WORDS:] + after[:HEAD_WORDS])


def _content(word: str) -> bool:
    return word[:1].islower() and not is_stop_word(word) and len(word) > 1


def _lower_stems(text: str) -> list[str]:
    # Names are left out: "Harris County" in both sentences says where, not what happened.
    return [stem(w) for w in words(text) if w[:1].islower() and not is_stop_word(w) and len(w) > 1]


def _asked(heads: frozenset[str]) -> bool:
    return bool(heads & _ASKED_STEMS)


def _head_class(item: str) -> str:
    for name, stems in _HEAD_CLASSES.items():
        if item in stems:
            return name
    return item


def _act_of(item: str) -> str:
    for name, stems in _DATED_ACTS.items():
        if item in stems:
            return name
    return item


def _head_word(item: str) -> bool:
    # Numbers and speech verbs say nothing of what a value is: "said Tuesday" / "said on
    # Wednesday" tell of two statements, not of one event's day. Time nouns neither: "found
    # at 10 a.m., 18 hours after" and "missing shortly after 4 p.m. ... for 18 hours" tell
    # of two moments of one escape, whose only common word is the duration's "hours".
    return (
        not item[0].isdigit()
        and item not in _SPEECH_STEMS
        and item not in _REPORTING_STEMS
        and item not in _TIME_NOUNS
    )


def _bound(text: str, start: int, value_text: str) -> str | None:
    """ "more", "less" or "about" where the words before a value (or in it) make it a bound."""
    window = text[max(0, start - APPROXIMATE_WINDOW_CHARS) : start] + " " + value_text
    found = None
    for match in _APPROXIMATE.finditer(window):
        found = match.lastgroup
    return found


def _within(a: float, b: float, bound_a: str | None, bound_b: str | None, tolerance: float) -> bool:
    """Whether two numbers, each perhaps a bound or an estimate, can be one quantity."""
    for value, bound, other in ((a, bound_a, b), (b, bound_b, a)):
        if bound == "more" and other >= value:
            return True
        if bound == "less" and other <= value:
            return True
        if bound == "about" and abs(other - value) <= tolerance * max(abs(value), 1.0):
            return True
    return a == b


class _Pairing:
    """What the pairing of two details needs from the story, computed once."""

    def __init__(
        self,
        members: Sequence[StoryMember],
        units: Sequence[ClaimUnit],
        cosine: sparse.csr_matrix,
    ) -> None:
        self.members = members
        self.units = units
        self.rows = [
            dict(zip(cosine.indices[a:b].tolist(), cosine.data[a:b].tolist(), strict=True))
            for a, b in zip(cosine.indptr[:-1], cosine.indptr[1:], strict=True)
        ]
        self.folded_texts = [_fold_text(m.analysed.article.text) for m in members]

    def similarity(self, unit_a: int | None, unit_b: int | None) -> float:
        if unit_a is None or unit_b is None:
            return 0.0
        return self.rows[unit_a].get(unit_b, 0.0)

    def text(self, detail: DetailValue, member: int) -> str:
        return self.members[member].analysed.article.text

    def heads_needed(self, first: DetailValue, second: DetailValue, i: int, j: int) -> int:
        """Words next to two disagreeing values that must be the same: one for two dates
        that both name their month ("on Nov. 15" / "on Nov. 14"), ``RELATIVE_HEAD_WORDS``
        where one is read from a publication day ("Friday", "last week"): those mostly tell
        of the latest step each outlet had."""
        if first.kind != "date":
            return 0
        if _relative(self.members[i], first) or _relative(self.members[j], second):
            return RELATIVE_HEAD_WORDS
        return 1

    def same_slot(self, first: DetailValue, i: int, second: DetailValue, j: int) -> bool:
        """Whether two values follow the same named words ("at the Crestline Film Festival
        on Friday night" / "... on Saturday evening"): ``SLOT_WORDS`` words, one a name,
        the same in both sentences, right before each value."""
        before_a = _words_before(self.text(first, i), first.start)
        before_b = _words_before(self.text(second, j), second.start)
        return (
            len(before_a) == SLOT_WORDS
            and [fold(w) for w in before_a] == [fold(w) for w in before_b]
            and any(w[:1].isupper() for w in before_a)
        )

    def acts(self, detail: DetailValue, member: int, unit: int) -> frozenset[str]:
        """The head words of a value that tell an act done to what it counts: a class of
        them ("hurt"), or a past participle ("evacuated")."""
        claim = self.units[unit]
        text = self.text(detail, member)
        near = text[claim.start : detail.start], text[detail.end : claim.end]
        before = [w for w in words(near[0]) if _content(w)][-HEAD_WORDS:]
        after = [w for w in words(near[1]) if _content(w)][:HEAD_WORDS]
        found = set()
        for word in before + after:
            item = _head_class(stem(word))
            if item in _HEAD_CLASSES or (word.endswith("ed") and _head_word(item)):
                found.add(item)
        return frozenset(found)

    def heads(self, detail: DetailValue, member: int, unit: int) -> frozenset[str]:
        claim = self.units[unit]
        return _head_stems(
            self.text(detail, member), detail.start, detail.end, claim.start, claim.end
        )

    def same_acts(
        self, first: DetailValue, i: int, unit_a: int, second: DetailValue, j: int, unit_b: int
    ) -> bool:
        """Whether two dates may date one act: where either stands beside a word of an act
        news dates (``_DATED_ACTS``: "passed a bill last week"), the other stands beside a
        word of the same act; a date beside none ("sent the bill to her desk Monday") dates
        some other step of the story."""
        if first.kind != "date":
            return True
        telling = _DATED_ACTS.keys() - _LONE_ONLY_ACTS
        acts_a = self.act_heads(first, i, unit_a) & telling
        acts_b = self.act_heads(second, j, unit_b) & telling
        return acts_a == acts_b or bool(acts_a & acts_b)

    def act_heads(self, detail: DetailValue, member: int, unit: int) -> frozenset[str]:
        """``ACT_HEAD_WORDS`` head words either side of a date, its act's words read as
        the act (``_DATED_ACTS``)."""
        claim = self.units[unit]
        text = self.text(detail, member)
        before = [_act_of(s) for s in _lower_stems(text[claim.start : detail.start])]
        after = [_act_of(s) for s in _lower_stems(text[detail.end : claim.end])]
        kept = [s for s in before if _head_word(s)][-ACT_HEAD_WORDS:]
        return frozenset(kept + [s for s in after if _head_word(s)][:ACT_HEAD_WORDS])


def _across_outlets(members: Sequence[StoryMember]) -> Iterator[tuple[int, int]]:
    """Each pair of member indexes (i < j) whose articles are two outlets': one outlet's
    articles never contradict one another here."""
    for i in range(len(members)):
        for j in range(i + 1, len(members)):
            if members[i].outlet != members[j].outlet:
                yield i, j


def find_conflicts(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    copies: dict[int, int],
) -> tuple[DetailConflict, ...]:
    """Pairs of details that describe the same thing in two outlets: disagreeing ones, ones
    that cannot be checked, and agreeing ones (so a reader sees what was checked)."""
    if len({member.outlet for member in members}) < 2:
        return ()  # every pair below is of two outlets
    people = PersonIndex(members)
    per_member = [
        [] if index in copies else extract_details(member, people)
        for index, member in enumerate(members)
    ]
    by_member = _units_by_member(units)
    pairing = _Pairing(members, units, cosine)
    located = []
    for index, details in enumerate(per_member):
        own = []
        for detail in details:
            unit = _unit_at(units, by_member.get(index, []), detail.start)
            if unit is not None:
                detail = replace(detail, sentence=units[unit].text)
            own.append((detail, unit))
        located.append(own)
    # Only details of one kind pair up: grouping them by kind spares the test of every
    # other pair, which for a large story runs to millions.
    grouped = [_by_kind(pairs) for pairs in located]
    results: dict[tuple[object, ...], DetailConflict] = {}
    for i, j in _across_outlets(members):
        for conflict in _member_pairs(grouped[i], grouped[j], pairing, i, j):
            results.setdefault(_shown_once(conflict), conflict)
    # Counts paired by their noun alone come after those of paired claims, which show a
    # pair of values by the articles that tell them most alike. Each article's lone counts
    # are read once, not once per other article.
    lone = [_counts_by_act(grouped[i].get("count", []), pairing, i) for i in range(len(members))]
    for i, j in _across_outlets(members):
        for conflict in _lone_counts(lone[i], lone[j], pairing, i, j):
            results.setdefault(_shown_once(conflict), conflict)
    # Dates likewise: one act each article dates once ("quit" / "left"), told in sentences
    # too unlike to pair as claims.
    one_act: set[tuple[str, int, str, int]] = set()
    dated = [_dates_by_act(grouped[i].get("date", []), pairing, i) for i in range(len(members))]
    for i, j in _across_outlets(members):
        for conflict in _lone_dates(dated[i], dated[j], pairing, i, j):
            if _shown_once(conflict) not in results:
                results[_shown_once(conflict)] = conflict
                one_act.add(_spans(conflict))
    for conflict in [
        *_name_spellings(members, copies),
        *_one_word_spellings(members, copies),
        *_body_names(members, copies),
    ]:
        results.setdefault(_shown_once(conflict), conflict)
    found = _one_reading_per_date(list(results.values()), one_act)
    order = {"disagree": 0, "unchecked": 1, "agree": 2}
    return tuple(sorted(found, key=lambda c: (order[c.status], c.kind, c.subject)))


def _shown_once(conflict: DetailConflict) -> tuple[object, ...]:
    """What a row is shown once for: a pair of values of one kind (of one person, for an age
    or a role), in whichever order and by whichever two outlets it was met first."""
    values = tuple(sorted((conflict.first.value, conflict.second.value)))
    subject = conflict.subject if conflict.kind in _SUBJECT_KINDS else ""
    return conflict.kind, subject, values


def _member_pairs(
    firsts: dict[str, list[tuple[DetailValue, int | None]]],
    seconds: dict[str, list[tuple[DetailValue, int | None]]],
    pairing: _Pairing,
    i: int,
    j: int,
) -> Iterator[DetailConflict]:
    for kind, mine in firsts.items():
        theirs = seconds.get(kind, [])
        if not theirs:
            continue
        if kind in _SUBJECT_KINDS:
            for first, unit_a in mine:
                for second, unit_b in theirs:
                    if first.subject == second.subject:
                        conflict = _person_pair(first, second, unit_a, unit_b, pairing, i, j)
                        if conflict is not None:
                            yield conflict
            continue
        yield from _claim_pairs(kind, mine, theirs, pairing, i, j)


# Nouns that count many groups of one story (the shot, the hurt, the witnesses: "four people"
# / "Six people, including two congressmen"): their counts pair only in claims that pair.
_GENERIC_COUNTED = frozenset(
    stem(w) for w in ("people", "persons", "others", "men", "women", "adults", "individuals")
)


def _lone_counts(
    lone_a: dict[tuple[str, str], tuple[DetailValue, int]],
    lone_b: dict[tuple[str, str], tuple[DetailValue, int]],
    pairing: _Pairing,
    i: int,
    j: int,
) -> Iterator[DetailConflict]:
    """Counts of one noun told of the same act ("Thirty homes on Tanner Lane were evacuated" /
    "Thirty-five homes were evacuated in Brindle early on Saturday"; "treated" and "injured"
    both say hurt), each the only count of that noun and act in its article: one count told
    two ways, though the sentences around them differ too much for the claims to pair.
    ``lone_a`` and ``lone_b`` are the two articles' ``_counts_by_act``."""
    for key, (first, _) in lone_a.items():
        if key in lone_b:
            conflict = _event_pair(first, lone_b[key][0], pairing, i, j)
            if conflict is not None:
                yield conflict


def _dates_by_act(
    located: Sequence[tuple[DetailValue, int | None]], pairing: _Pairing, member: int
) -> dict[str, list[tuple[DetailValue, frozenset[str]]]]:
    """act -> [(a date, its head words)], for each act of ``_DATED_ACTS`` an article dates
    (in a claim): "passing a resolution on Tuesday" dates the vote. An act's word dates only
    the nearest date of its claim ("joined in 2009 and quit earlier this month": the quitting
    is of this month)."""
    by_unit = _by_unit(located)
    by_act: dict[str, list[tuple[DetailValue, frozenset[str]]]] = {}
    for unit, dates in by_unit.items():
        acts = _act_words(pairing, dates[0], member, unit)
        for detail in dates:
            heads = pairing.act_heads(detail, member, unit)
            for act in heads & _DATED_ACTS.keys():
                where = min(acts[act], key=lambda at: _distance(detail, at))
                if min(dates, key=lambda other: _distance(other, where)) is detail:
                    by_act.setdefault(act, []).append((detail, heads))
    return by_act


def _distance(detail: DetailValue, position: int) -> int:
    return max(detail.start - position, position - detail.end, 0)


def _act_words(
    pairing: _Pairing, detail: DetailValue, member: int, unit: int
) -> dict[str, list[int]]:
    """act -> where its words stand in the claim (``_DATED_ACTS``)."""
    claim = pairing.units[unit]
    text = pairing.text(detail, member)
    found: dict[str, list[int]] = {}
    for word in _WORD_AT.finditer(text, claim.start, claim.end):
        act = _act_of(stem(word.group()))
        if act in _DATED_ACTS:
            found.setdefault(act, []).append(word.start())
    return found


def _lone_dates(
    dated_a: dict[str, list[tuple[DetailValue, frozenset[str]]]],
    dated_b: dict[str, list[tuple[DetailValue, frozenset[str]]]],
    pairing: _Pairing,
    i: int,
    j: int,
) -> Iterator[DetailConflict]:
    """Dates of one act of one thing that each of two articles dates once (``_dates_by_act``:
    "passing a resolution on Tuesday reaffirming the motto" / "voted ... on a bill that
    reaffirmed the motto"), though the sentences differ too much to pair as claims."""
    for act, dates_a in dated_a.items():
        for first, second in _one_act_dates(dates_a, dated_b.get(act, [])):
            a, b = pairing.members[i], pairing.members[j]
            if _ahead(a, first) != _ahead(b, second):
                continue  # "passed it on Tuesday" / "will approve it in October": two acts
            if (_relative(a, first) or _relative(b, second)) and _day(a) != _day(b):
                continue  # "held a hearing Tuesday", each outlet the latest of its own day
            guessed = _guessed_year(first) or _guessed_year(second)
            if guessed and first.value[:4] != second.value[:4]:
                continue  # "in June" read as last June by one article, next by another
            conflict = _event_pair(first, second, pairing, i, j)
            if conflict is not None:
                yield conflict


def _one_act_dates(
    dates_a: Sequence[tuple[DetailValue, frozenset[str]]],
    dates_b: Sequence[tuple[DetailValue, frozenset[str]]],
) -> Iterator[tuple[DetailValue, DetailValue]]:
    """The pairs of two articles' dates of one act that share ``LONE_DATE_SHARED_HEADS`` head
    words, the act one, where neither date shares as many with another date of the other
    article: "will hold primaries in mid May" meets "the primary would be held on April 30",
    not "held the seat from 1966" ("hold" alone: the same act word, another thing done)."""
    for first, heads_a in dates_a:
        alike = [s for s, heads_b in dates_b if len(heads_a & heads_b) >= LONE_DATE_SHARED_HEADS]
        if len(alike) != 1:
            continue
        second = alike[0]
        heads_b = next(h for s, h in dates_b if s is second)
        back = [f for f, h in dates_a if len(h & heads_b) >= LONE_DATE_SHARED_HEADS]
        if len(back) == 1:
            yield first, second


def _day(member: StoryMember) -> str:
    """The publication day of an article ("" where it gives none)."""
    return (member.analysed.article.published or "")[:10]


def _guessed_year(detail: DetailValue) -> bool:
    """Whether a date's year is the recogniser's guess: a month or a day named without a
    year or a word that places it ("in June", "on May 3"; not "last year", "this month")."""
    return not _YEAR_WORDS.search(detail.text)


def _ahead(member: StoryMember, detail: DetailValue) -> bool | None:
    """Whether a date lies after its article's publication day (an act planned, not done),
    or None where either is not known."""
    published = member.analysed.article.published
    interval = date_interval(detail.value)
    try:
        day = date.fromisoformat(published[:10]) if published else None
    except ValueError:
        return None
    if day is None or interval is None:
        return None
    return interval[0] > day


def _counts_by_act(
    located: Sequence[tuple[DetailValue, int | None]], pairing: _Pairing, member: int
) -> dict[tuple[str, str], tuple[DetailValue, int]]:
    """(counted noun, act) -> the count, for each noun and act an article counts once (in a
    claim); generic nouns (``_GENERIC_COUNTED``) and participles counted as nouns ("27
    wounded") are left out."""
    by_act: dict[tuple[str, str], list[tuple[DetailValue, int]]] = {}
    for detail, unit in located:
        noun = stem(detail.subject)
        if unit is None or noun in _GENERIC_COUNTED or _looks_like_verb(detail.subject):
            continue  # "40 wounded" counts no noun: the wounded of which hours, of where?
        for act in pairing.acts(detail, member, unit):
            by_act.setdefault((noun, act), []).append((detail, unit))
    return {key: counts[0] for key, counts in by_act.items() if len(counts) == 1}


def _claim_pairs(
    kind: str,
    mine: Sequence[tuple[DetailValue, int | None]],
    theirs: Sequence[tuple[DetailValue, int | None]],
    pairing: _Pairing,
    i: int,
    j: int,
) -> Iterator[DetailConflict]:
    """Details of an event's kind, paired claim by claim: within two claims alike enough, each
    value meets the one of the other claim that stands in its place."""
    by_unit_a = _by_unit(mine)
    by_unit_b = _by_unit(theirs)
    for unit_a, values_a in by_unit_a.items():
        for unit_b, values_b in by_unit_b.items():
            similarity = pairing.similarity(unit_a, unit_b)
            floor = _PAIRING_FLOOR.get(kind, DETAIL_CONTEXT)
            if similarity < floor:
                continue
            span_a = _year_range(values_a, pairing, i, unit_a) if kind == "date" else None
            span_b = _year_range(values_b, pairing, j, unit_b) if span_a else None
            if span_a is not None and span_b is not None:
                # two spans of years in alike claims are one span (a term of office): its
                # first years meet, and its last ("from 1967 to 1979" / "from 1966 to 1978")
                for first, second in zip(span_a, span_b, strict=True):
                    conflict = _event_pair(first, second, pairing, i, j)
                    if conflict is not None:
                        yield conflict
                continue
            for first, second in _counterparts(values_a, values_b, pairing, i, j, unit_a, unit_b):
                conflict = _event_pair(first, second, pairing, i, j)
                if conflict is None:
                    continue
                if (
                    conflict.status == "disagree"
                    and pairing.heads_needed(first, second, i, j)
                    > len(pairing.heads(first, i, unit_a) & pairing.heads(second, j, unit_b))
                    and not pairing.same_slot(first, i, second, j)
                ):
                    continue
                if conflict.status != "agree" and not pairing.same_acts(
                    first, i, unit_a, second, j, unit_b
                ):
                    continue  # "passed a bill last week" / "sent a bill to her desk Monday"
                yield conflict


def _year_range(
    values: Sequence[DetailValue], pairing: _Pairing, member: int, unit: int
) -> tuple[DetailValue, DetailValue] | None:
    """The first and last year of the one span of years a claim states ("served from 1967 to
    1979"), as its date values, or None where it states none or several."""
    claim = pairing.units[unit]
    text = pairing.text(values[0], member) if values else ""
    found = list(_YEAR_RANGE.finditer(text, claim.start, claim.end))
    if len(found) != 1:
        return None
    at = {value.start: value for value in values}
    first, last = at.get(found[0].start(1)), at.get(found[0].start(2))
    return (first, last) if first is not None and last is not None else None


def _by_unit(
    located: Sequence[tuple[DetailValue, int | None]],
) -> dict[int, list[DetailValue]]:
    found: dict[int, list[DetailValue]] = {}
    for detail, unit in located:
        if unit is not None:
            found.setdefault(unit, []).append(detail)
    return found


def _counterparts(
    values_a: Sequence[DetailValue],
    values_b: Sequence[DetailValue],
    pairing: _Pairing,
    i: int,
    j: int,
    unit_a: int,
    unit_b: int,
) -> Iterator[tuple[DetailValue, DetailValue]]:
    """The value pairs of two alike claims that stand in one place: equal values pair first
    (and are then spoken for), then the one of each kind left on either side, then those whose
    neighbouring words are the same. A count pairs only with a count of the same noun."""
    left = list(values_a)
    right = list(values_b)
    for first in list(left):
        same = next((s for s in right if _same_value(first, s)), None)
        if same is not None:
            yield first, same
            left.remove(first)
            right.remove(same)
    if left and right and left[0].kind == "count":
        for first in list(left):
            match = [s for s in right if stem(s.subject) == stem(first.subject)]
            if len(match) == 1:
                yield first, match[0]
                right.remove(match[0])
        return
    alike_claims = pairing.similarity(unit_a, unit_b) >= SAME_CLAIM_SIMILARITY
    if len(left) == 1 and len(right) == 1 and left[0].kind not in _HEADED_KINDS and alike_claims:
        yield left[0], right[0]
        return
    for first in left:
        heads = pairing.heads(first, i, unit_a)
        alike = [
            s
            for s in right
            if (
                heads & pairing.heads(s, j, unit_b)
                and _asked(heads) == _asked(pairing.heads(s, j, unit_b))
            )
            or pairing.same_slot(first, i, s, j)
        ]
        if len(alike) == 1:
            yield first, alike[0]


def _same_value(first: DetailValue, second: DetailValue) -> bool:
    """Values that can be one: such a pair is spoken for, and neither value is then set
    against another value of the other claim ("$43,885,310" meets "$43 million")."""
    if first.kind == "place":
        return same_or_within(first.value, second.value)
    if first.kind in ("money", "count"):
        return _numbers_agree(first, second, None, None)
    return first.value == second.value


def _by_kind(
    located: Sequence[tuple[DetailValue, int | None]],
) -> dict[str, list[tuple[DetailValue, int | None]]]:
    """One member's located details by kind, in their order; a detail outside every claim
    is left out unless its kind pairs by subject, since ``_event_pair`` needs its claim."""
    found: dict[str, list[tuple[DetailValue, int | None]]] = {}
    for detail, unit in located:
        if unit is not None or detail.kind in _SUBJECT_KINDS:
            found.setdefault(detail.kind, []).append((detail, unit))
    return found


def _granularity(value: str) -> int | None:
    """0 for a day, 1 a week, 2 a month, 3 a quarter or half, 4 a year; None otherwise."""
    for level, pattern in enumerate(_GRANULARITIES):
        if pattern.fullmatch(value):
            return level
    return None


def _spans(conflict: DetailConflict) -> tuple[str, int, str, int]:
    return (
        conflict.first.article_id,
        conflict.first.start,
        conflict.second.article_id,
        conflict.second.start,
    )


def _one_reading_per_date(
    conflicts: list[DetailConflict], one_act: set[tuple[str, int, str, int]]
) -> list[DetailConflict]:
    """Dates are compared only with dates of a like granularity (a day with a week, not with
    a month or a year: "in 1958 ... stolen on Sunday" tells of two times), and a date that
    agrees with one date of the other article is not said to disagree with its others ("on
    Monday, a day after Sunday's theft")."""
    agreeing = {
        (c.first.article_id, c.first.start, c.second.article_id)
        for c in conflicts
        if c.kind == "date" and c.status == "agree"
    } | {
        (c.second.article_id, c.second.start, c.first.article_id)
        for c in conflicts
        if c.kind == "date" and c.status == "agree"
    }
    kept = []
    for c in conflicts:
        if c.kind == "date":
            first, second = _granularity(c.first.value), _granularity(c.second.value)
            steps = MAX_LONE_GRANULARITY_STEPS if _spans(c) in one_act else MAX_GRANULARITY_STEPS
            if first is None or second is None or abs(first - second) > steps:
                continue
            if c.status != "agree" and (
                (c.first.article_id, c.first.start, c.second.article_id) in agreeing
                or (c.second.article_id, c.second.start, c.first.article_id) in agreeing
            ):
                continue
        kept.append(c)
    return kept


def _role_words(role: str) -> set[str]:
    """The words that state a role: not the owner ("the museum's curator" is a curator)."""
    return {stem(w) for w in words(role) if not is_stop_word(w) and not fold(w).endswith("'s")}


def _agreement(same: bool) -> DetailStatus:
    return "agree" if same else "disagree"


def _is_appositive(text: str, detail: DetailValue) -> bool:
    return bool(_APPOSITIVE_OPENING.search(text[max(0, detail.start - 40) : detail.start]))


def _person_pair(
    first: DetailValue,
    second: DetailValue,
    unit_a: int | None,
    unit_b: int | None,
    pairing: _Pairing,
    i: int,
    j: int,
) -> DetailConflict | None:
    """An age or a role of one person in two outlets."""
    if first.kind == "age":
        return DetailConflict(
            "age",
            first.subject,
            first,
            second,
            _agreement(first.value == second.value),
            f"age {first.value} / {second.value}",
        )
    same = bool(_role_words(first.value) & _role_words(second.value))
    # A person holds several roles at once ("senator" and "party leader"): two roles are set
    # against each other only where both outlets state the role the same way, in apposition,
    # or in claims that say the same thing.
    stated_alike = _is_appositive(pairing.text(first, i), first) and _is_appositive(
        pairing.text(second, j), second
    )
    if not same and not stated_alike and pairing.similarity(unit_a, unit_b) < ROLE_SAME_CLAIM:
        return None
    return DetailConflict(
        "role", first.subject, first, second, _agreement(same), f"{first.value} / {second.value}"
    )


def _event_pair(
    first: DetailValue,
    second: DetailValue,
    pairing: _Pairing,
    i: int,
    j: int,
) -> DetailConflict | None:
    kind = first.kind
    members = pairing.members
    subject = first.subject if kind == "count" else _shared_words(first.sentence, second.sentence)
    if kind == "place":
        return _place_pair(first, second, subject, pairing, i, j)
    if kind == "date":
        status: DetailStatus
        status, reason = compare_dates(first.value, second.value)
        anchored = _anchored(members[i], first) or _anchored(members[j], second)
        if status != "agree" and anchored and fold(first.text) == fold(second.text):
            return None  # one phrase ("on Sunday") read against two publication days
        if anchored and not (
            members[i].analysed.article.published and members[j].analysed.article.published
        ):
            status, reason = (
                "unchecked",
                (
                    f"“{first.text}” / “{second.text}”: relative dates, and not every article "
                    "gives its publication date"
                ),
            )
        clocks = _clocks_of_one_day(first.value, second.value)
        if status == "agree" and clocks is not None and not _bounded(pairing, first, second, i, j):
            # "10:30 p.m. on Saturday" / "10:45 p.m. Saturday": one day, two times of it. A
            # time given as a bound or an estimate ("just before 3 a.m." / "around 2:15
            # a.m.") often times another moment of the night (a call, not the shooting).
            return _time_pair(first, second, *clocks, subject, pairing, i, j)
        return DetailConflict(kind, subject, first, second, status, reason)
    text_a, text_b = pairing.text(first, i), pairing.text(second, j)
    bound_a = _bound(text_a, first.start, first.text)
    bound_b = _bound(text_b, second.start, second.text)
    reason = _pair_reason(first, second)
    if kind == "time":
        a, b = _minutes(first.value), _minutes(second.value)
        return _time_pair(first, second, a, b, subject, pairing, i, j)
    if _numbers_agree(first, second, _firm(bound_a), _firm(bound_b)):
        return DetailConflict(kind, subject, first, second, "agree", reason)
    if _numbers_agree(first, second, bound_a, bound_b):
        # "220 jobs" / "about 240 jobs": an estimate near the other value may be that value,
        # or another count (one outlet counts contract staff); the reader is told so.
        return DetailConflict(kind, subject, first, second, "unchecked", reason + _estimates(kind))
    return DetailConflict(kind, subject, first, second, "disagree", reason)


def _clocks_of_one_day(a: str, b: str) -> tuple[int, int] | None:
    """The minutes of the day of two TIMEX3 values that name one day and a clock time each
    ("2026-02-28T22:30" / "2026-02-28T22:45"), or None."""
    first, second = _DAY_AND_CLOCK.fullmatch(a), _DAY_AND_CLOCK.fullmatch(b)
    if first is None or second is None or first[1] != second[1]:
        return None
    return _minutes(first[2]), _minutes(second[2])


def _bounded(pairing: _Pairing, first: DetailValue, second: DetailValue, i: int, j: int) -> bool:
    """Whether either of two values is given as a bound or an estimate ("about", "before")."""
    return bool(
        _bound(pairing.text(first, i), first.start, first.text)
        or _bound(pairing.text(second, j), second.start, second.text)
    )


def _time_pair(
    first: DetailValue,
    second: DetailValue,
    a: int,
    b: int,
    subject: str,
    pairing: _Pairing,
    i: int,
    j: int,
) -> DetailConflict:
    """Two times of day (``a``, ``b``: minutes), each perhaps an estimate or a bound."""
    kind = first.kind
    text_a, text_b = pairing.text(first, i), pairing.text(second, j)
    bound_a = _bound(text_a, first.start, first.text)
    bound_b = _bound(text_b, second.start, second.text)
    reason = _pair_reason(first, second)
    close = abs(a - b) <= APPROXIMATE_MINUTES and bool(bound_a or bound_b)
    if (
        close
        and bound_a == bound_b == "about"
        and abs(a - b) > ESTIMATE_ROUNDING_MINUTES
        and not _side_holds(text_a, first, a, b, text_b, second)
    ):
        # "about 8:30" / "around 8": two estimates may be one time, or two.
        doubt = reason + _estimates("time")
        return DetailConflict(kind, subject, first, second, "unchecked", doubt)
    return DetailConflict(kind, subject, first, second, _agreement(a == b or close), reason)


# A day with a clock time, as TIMEX3 writes it: "2026-02-28T22:30".
_DAY_AND_CLOCK = re.compile(r"(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})")
# A time given as an estimate ("about 3 a.m.") is rounded to the quarter hour: another
# estimate this close ("around 2:45 a.m.") is the same time; further apart, within
# ``APPROXIMATE_MINUTES``, the two may be one time or two.
ESTIMATE_ROUNDING_MINUTES = 15
# "shortly before 8 a.m.", "just after 10": a time that bounds the other from one side.
_SIDE_BEFORE = re.compile(r"\b(after|before)\s*$", re.IGNORECASE)
_SIDE_IN = re.compile(r"\b(after|before)\s+(?=\d)", re.IGNORECASE)


def _side(text: str, detail: DetailValue) -> str | None:
    """ "after" or "before" where a time is given as one side of a moment."""
    found = _SIDE_IN.search(detail.text) or _SIDE_BEFORE.search(
        text[max(0, detail.start - APPROXIMATE_WINDOW_CHARS) : detail.start]
    )
    return found.group(1).lower() if found else None


def _side_holds(
    text_a: str, first: DetailValue, a: int, b: int, text_b: str, second: DetailValue
) -> bool:
    """Whether one time, given as "before" or "after" a moment, holds the other ("shortly
    before 8 a.m." holds 7:50)."""
    for side, own, other in ((_side(text_a, first), a, b), (_side(text_b, second), b, a)):
        if (side == "before" and other <= own) or (side == "after" and other >= own):
            return True
    return False


# Said of two values that agree only as estimates ("about", "around"): possible, not
# confirmed, and not agreeing either.
_ESTIMATED = {"time": "time", "money": "amount", "count": "count"}


def _estimates(kind: str) -> str:
    """ ": close, but an estimate; perhaps the same time, perhaps not"."""
    what = _ESTIMATED.get(kind, "value")
    return f": close, but an estimate; perhaps the same {what}, perhaps not"


def _firm(bound: str | None) -> str | None:
    """A bound that holds a value for sure ("more than 600" holds 700); an estimate's
    "about" does not."""
    return bound if bound in ("more", "less") else None


def _numbers_agree(
    first: DetailValue, second: DetailValue, bound_a: str | None, bound_b: str | None
) -> bool:
    """Whether two amounts or counts can be one quantity: equal, within a bound or estimate
    ("more than 600" holds 700), or a rounded amount beside the exact one ("$43 million" for
    $43,885,310)."""
    a_value, b_value = float(first.value), float(second.value)
    if _within(a_value, b_value, bound_a, bound_b, APPROXIMATE_SHARE):
        return True
    exact = [d for d in (first, second) if "," in d.text]
    close = abs(a_value - b_value) <= APPROXIMATE_SHARE * max(a_value, b_value)
    return first.kind == "money" and len(exact) == 1 and close


def _pair_reason(first: DetailValue, second: DetailValue) -> str:
    return f"“{first.text}” / “{second.text}”"


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def _place_pair(
    first: DetailValue,
    second: DetailValue,
    subject: str,
    pairing: _Pairing,
    i: int,
    j: int,
) -> DetailConflict | None:
    """Two places are set against each other only as where the same thing happened, and
    neither article names the other's place (so neither holds the other, as far as the two
    articles tell)."""
    text_a, text_b = pairing.text(first, i), pairing.text(second, j)
    for text, detail in ((text_a, first), (text_b, second)):
        if not _LOCATIVE_BEFORE.search(text[max(0, detail.start - 16) : detail.start]):
            return None
        if _is_dateline(text, detail):
            return None
    if same_or_within(first.value, second.value):
        return DetailConflict(
            "place", subject, first, second, "agree", f"{first.value} / {second.value}"
        )
    if (
        fold(second.value) in pairing.folded_texts[i]
        or fold(first.value) in pairing.folded_texts[j]
    ):
        return None  # each article names both places: one may hold the other
    return DetailConflict(
        "place", subject, first, second, "disagree", f"{first.value} / {second.value}"
    )


def _is_dateline(text: str, detail: DetailValue) -> bool:
    line_start = text.rfind("\n", 0, detail.start) + 1
    head = _DATELINE.match(text[line_start : line_start + 80])
    return head is not None and detail.start < line_start + head.end()


def _relative(member: StoryMember, detail: DetailValue) -> bool:
    """A date read from the publication day alone ("Friday", "last week"), not one that
    names its month ("Monday, Nov. 15" only takes its year from it)."""
    return _anchored(member, detail) and not _NAMES_A_MONTH.search(detail.text)


def _anchored(member: StoryMember, detail: DetailValue) -> bool:
    return any(
        t.start == detail.start and t.end == detail.end and t.anchored
        for t in member.analysed.timexes
    )


# -- names -----------------------------------------------------------------------------------


def _name_spellings(
    members: Sequence[StoryMember], copies: dict[int, int]
) -> Iterator[DetailConflict]:
    """One person's name spelt two ways by two outlets: the same number of words, all but one
    the same, the odd one alike (``NAME_SPELLING_RATIO``) and neither spelling in the other's
    article (an article that writes both may be telling of two people). Names are indexed by
    their words less one, so only names that can differ in one word are ever compared."""
    buckets: dict[tuple[int, int, tuple[str, ...]], list[tuple[int, DetailValue, tuple[str, ...]]]]
    buckets = {}
    for index, member in enumerate(members):
        if index in copies:
            continue
        for name in _name_values(member, furniture_spans(member.analysed.article.text)):
            plain = tuple(_plain(w) for w in words(name.value))
            for position in range(len(plain)):
                rest = plain[:position] + plain[position + 1 :]
                buckets.setdefault((len(plain), position, rest), []).append((index, name, plain))
    folded_texts = [_fold_text(m.analysed.article.text) for m in members]
    for (_, odd, _), entries in buckets.items():
        for n, (i, first, plain_a) in enumerate(entries):
            for j, second, plain_b in entries[n + 1 :]:
                if members[i].outlet == members[j].outlet or plain_a == plain_b:
                    continue
                if not _alike_spellings(plain_a[odd], plain_b[odd]):
                    continue
                if fold(second.value) in folded_texts[i] or fold(first.value) in folded_texts[j]:
                    continue
                if i > j:
                    first, second = second, first
                shared = " ".join(w for k, w in enumerate(words(first.value)) if k != odd)
                yield DetailConflict(
                    "name",
                    shared,
                    first,
                    second,
                    "disagree",
                    f"{first.value} / {second.value}: one name spelt two ways",
                )


def _full_name_words(member: StoryMember) -> set[str]:
    """The words, by their plain spelling, of the names an article writes in full."""
    return {
        _plain(w)
        for e in member.analysed.entities
        if e.label == "PERSON" and len(words(e.text)) >= 2
        for w in words(e.text)
    }


def _one_word_names(
    member: StoryMember, furniture: Sequence[tuple[int, int]]
) -> dict[str, DetailValue]:
    """The names an article writes as one word ("Stacy", "Cowen"), each where it first does,
    by their plain spelling, less the words of its own full names ("Cowan" of "Mo Cowan")."""
    in_full = _full_name_words(member)
    found: dict[str, DetailValue] = {}
    for entity in member.analysed.entities:
        parts = words(entity.text)
        if entity.label != "PERSON" or len(parts) != 1:
            continue
        plain = _plain(parts[0])
        if plain in in_full or plain in found or len(plain) < MIN_NAME_WORD:
            continue
        if _in_boilerplate(member, entity.start, furniture):
            continue
        found[plain] = _value(member, "name", "", entity.start, entity.end, entity.text)
    return found


def _one_word_spellings(
    members: Sequence[StoryMember], copies: dict[int, int]
) -> Iterator[DetailConflict]:
    """A name one outlet writes as one word in a spelling no other outlet uses ("Stacy",
    "Cowen"), alike (``NAME_SPELLING_RATIO``) to a name word another outlet writes ("Stacey",
    "Cowan" of "Mo Cowan"): one person's name spelt two ways, or two people. Possible, not
    confirmed: a bare first or last name says less of whom it names than a full one."""
    kept = [index for index in range(len(members)) if index not in copies]
    plain_words = {i: {_plain(w) for w in words(members[i].analysed.article.text)} for i in kept}
    bare: dict[int, dict[str, DetailValue]] = {}
    named: dict[int, dict[str, DetailValue]] = {}
    # plain word -> every name holding it, full names first: whom an untagged word names
    holders: dict[int, dict[str, list[DetailValue]]] = {}
    for i in kept:
        furniture = furniture_spans(members[i].analysed.article.text)
        bare[i] = _one_word_names(members[i], furniture)
        full = _name_values(members[i], furniture)
        named[i] = {
            _plain(word): name for name in reversed(full) for word in words(name.value)
        } | bare[i]
        holders[i] = {}
        for name in full:
            for word in words(name.value):
                holders[i].setdefault(_plain(word), []).append(name)
        for plain, name in bare[i].items():
            holders[i].setdefault(plain, [name])
    seen: set[tuple[str, str]] = set()
    lower_words = set().union(*(_lower_words(members[i].analysed.article.text) for i in kept))
    for i in kept:
        outlet = members[i].outlet
        others = [j for j in kept if members[j].outlet != outlet]
        own = {p: v for p, v in bare[i].items() if not any(p in plain_words[j] for j in others)}
        # each word of this outlet's, with the other outlet of its first alike spelling
        found: list[tuple[str, DetailValue, int, tuple[str, DetailValue]]] = []
        for plain, first in own.items():
            for j in others:
                match = _alike_name(plain, named[j])
                if match is not None:
                    found.append((plain, first, j, match))
                    break
        for plain, first in _untagged_names(members[i], bare[i], lower_words).items():
            if any(plain in plain_words[j] for j in others):
                continue  # another outlet writes this spelling too
            # The word's own article may spell the name a third way ("Cowen", "Cowmen"):
            # the word is then compared as that spelling is.
            spellings = [plain, *(p for p in own if _alike_spellings(plain, p))]
            for j in others:
                match = _one_name_alike(spellings, holders[j])
                # a word read as a name only beside the name its article writes
                if match is not None and match[0] in plain_words[i]:
                    found.append((plain, first, j, match))
                    break
        for plain, first, j, (word, second) in found:
            key = (min(plain, word), max(plain, word))
            if key not in seen:
                seen.add(key)
                yield _spelling_conflict(first, second, i < j, outlet, word in plain_words[i])


def _alike_name(plain: str, named: dict[str, DetailValue]) -> tuple[str, DetailValue] | None:
    """The first name word of ``named`` spelt like ``plain`` (not its plural), with its name."""
    return next(
        (
            (word, value)
            for word, value in named.items()
            if _alike_spellings(plain, word) and not _plural_of(plain, word)
        ),
        None,
    )


# A capitalised word of a name's length, whole (not a piece of "Ja'Mare" or "Smith-Jones"),
# as the subject of its clause: a verb after it, perhaps past an adverb ("Rogers was
# injured", "Cowmen also emphasized", "Lock said"), not "Check out" or "Colt stampede".
_CAPITALISED_SUBJECT = re.compile(
    r"(?<![\w'’-])[A-Z][a-z]{3,}(?![\w'’-])"
    r"(?=\s+(?:[a-z]+ly\s+|also\s+|then\s+|later\s+)?"
    r"(?:was|is|has|had|have|will|would|could|can|did|does|says|said|told|[a-z]{2,}ed)\b)"
)


def _lower_words(text: str) -> set[str]:
    return {w for w in words(text) if w[:1].islower()}


def _untagged_names(
    member: StoryMember, bare: dict[str, DetailValue], lower_words: set[str]
) -> dict[str, DetailValue]:
    """The capitalised words of an article the entity recogniser tagged nothing that stand as
    a clause's subject, each where it first does, by their plain spelling: a misspelt name
    often goes untagged ("Cowmen also emphasized", "Rogers was injured"). A word any article
    of the story writes in lower case ("Rich", "Will") is a word, not a name; a word of the
    article's own full names or bare names is that name, compared already."""
    text = member.analysed.article.text
    furniture = furniture_spans(text)
    tagged = sorted((e.start, e.end) for e in member.analysed.entities)
    starts = [start for start, _ in tagged]
    in_full = _full_name_words(member)
    found: dict[str, DetailValue] = {}
    for word in _CAPITALISED_SUBJECT.finditer(text):
        place = bisect.bisect_right(starts, word.start()) - 1
        if place >= 0 and word.start() < tagged[place][1]:
            continue
        plain = _plain(word.group())
        if plain in found or plain in bare or plain in in_full or plain in lower_words:
            continue
        if _in_boilerplate(member, word.start(), furniture):
            continue
        found[plain] = _value(member, "name", "", word.start(), word.end(), word.group())
    return found


def _one_name_alike(
    spellings: Sequence[str], holders: dict[str, list[DetailValue]]
) -> tuple[str, DetailValue] | None:
    """(word, name) for the one name of another article holding a word alike to one of
    ``spellings`` (``holders``: word -> the names holding it); None where none does or
    several names do (whom the word names is then unknown: "Roger Wicker" and "Roger
    Williams"). The plural of a surname is its family ("Clintons" of "Hillary Clinton"); of a
    first name, a spelling ("Rogers" of "Roger Williams")."""
    alike = [
        (word, names)
        for word, names in holders.items()
        if any(
            _alike_spellings(plain, word)
            and not (_plural_of(plain, word) and _surname_in(word, names))
            for plain in spellings
        )
    ]
    if len(alike) != 1 or len({name.value for name in alike[0][1]}) != 1:
        return None
    return alike[0][0], alike[0][1][0]


def _surname_in(word: str, names: Sequence[DetailValue]) -> bool:
    """Whether ``word`` ends one of ``names`` (a bare name may be a surname too)."""
    return any(_plain(words(name.value)[-1]) == word for name in names)


def _spelling_conflict(
    first: DetailValue, second: DetailValue, in_order: bool, outlet: str, writes_both: bool
) -> DetailConflict:
    """The possible conflict of a bare name (``first``, of ``outlet``) and another outlet's
    alike spelling, in the story's order of the two articles."""
    a, b = (first, second) if in_order else (second, first)
    if writes_both:
        doubt = f"{outlet} writes both, so perhaps a misspelling, or two people"
    else:
        doubt = "one name spelt two ways, or two people"
    return DetailConflict(
        "name", second.value, a, b, "unchecked", f"{a.value} / {b.value}: {doubt}"
    )


def _body_names(members: Sequence[StoryMember], copies: dict[int, int]) -> Iterator[DetailConflict]:
    """One body (a committee, an agency) named two ways by two outlets: names of at least
    ``MIN_BODY_NAME_WORDS`` words past a leading "the", all the same but one content word
    ("the House Foreign Relations Committee" / "the House Foreign Affairs Committee"), and
    neither name in the other's article (an article that writes both tells of two bodies).
    A body's name runs from its owner to its kind ("Senate Judiciary Committee", "Tampa
    Police Department"): two first words, or a differing word that is a place, are two
    owners and so two bodies. Possible, not confirmed: two bodies' names can still differ
    in one word."""
    buckets: dict[tuple[int, int, tuple[str, ...]], list[tuple[int, DetailValue, tuple[str, ...]]]]
    buckets = {}
    for index, member in enumerate(members):
        if index in copies:
            continue
        for name in _name_values(member, furniture_spans(member.analysed.article.text), "ORG"):
            plain = tuple(_plain(w) for w in words(name.value))
            while plain and is_stop_word(plain[0]):
                plain = plain[1:]
            if len(plain) < MIN_BODY_NAME_WORDS:
                continue
            for position in range(len(plain)):
                rest = plain[:position] + plain[position + 1 :]
                buckets.setdefault((len(plain), position, rest), []).append((index, name, plain))
    plain_texts = [" ".join(_plain(w) for w in words(m.analysed.article.text)) for m in members]
    places = {
        _plain(w)
        for m in members
        for e in m.analysed.entities
        if e.label in PLACE_LABELS
        for w in words(e.text)
    }
    for (_, odd, _), entries in buckets.items():
        if odd == 0:
            continue
        for n, (i, first, plain_a) in enumerate(entries):
            for j, second, plain_b in entries[n + 1 :]:
                if members[i].outlet == members[j].outlet or plain_a == plain_b:
                    continue
                if {plain_a[odd], plain_b[odd]} & places:
                    continue
                if is_stop_word(plain_a[odd]) or is_stop_word(plain_b[odd]):
                    continue
                if " ".join(plain_b) in plain_texts[i] or " ".join(plain_a) in plain_texts[j]:
                    continue
                if i > j:
                    first, second = second, first
                yield DetailConflict(
                    "name",
                    " ".join("…" if _plain(w) == plain_a[odd] else w for w in words(first.value)),
                    first,
                    second,
                    "unchecked",
                    f"{first.value} / {second.value}: one body named two ways, or two bodies",
                )


def _plural_of(x: str, y: str) -> bool:
    # "the Trumps" are the family of "Trump", "the Clintons" of "Hillary Clinton".
    return x == f"{y}s" or y == f"{x}s"


def _alike_spellings(x: str, y: str) -> bool:
    """Two spellings of one name word: the same first letter, long enough to be no initial,
    and alike (``NAME_SPELLING_RATIO``)."""
    if min(len(x), len(y)) < MIN_NAME_WORD or x[0] != y[0]:
        return False
    return fuzz.ratio(x, y) >= NAME_SPELLING_RATIO


def _fold_text(text: str) -> str:
    # A whole article folded as ``fold`` folds a word, outside ``fold``'s per-word cache.
    return " ".join(fold(w) for w in text.split())


# Kept per word, as ``fold`` is: the names part reads every word of every article through
# it (a story's articles repeat their words), a tenth of finding the conflicts.
@lru_cache(maxsize=65536)
def _plain(word: str) -> str:
    """A name word without case or accents: "Calderón" and "Calderon" are one spelling, an
    accent dropped by a newsroom's type system rather than a different name."""
    folded = fold(word)
    return without_accents(folded[:-2] if folded.endswith("'s") else folded)
