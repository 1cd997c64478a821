"""Timeline: the dated events the articles mention, each with its sentence, the outlets that
report that event and its resolved date (TIMEX3), earliest first.

A time of day belongs to the day of the event it tells, not to the publication day the
tagger reads it against (issue 19): "the blaze broke out at about 10:40 p.m." in an article
of Wednesday that opens on "Tuesday night" is Tuesday 22:40. A clock time that names no day
(and "tonight", "this morning" inside a quotation, said on the day of the event) takes the
last day its article named before it whose part of the day fits the hour ("Thursday
morning" for 7:50 a.m., not "on Friday" between them), else the last whole day named; a day
after the publication (a day announced ahead) places no past clock time. A time no named day
fits is left out of a dated article's timeline: a reader should not be shown a guess.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta

from scipy import sparse

from storylens.analyse.quotes.cues import PEOPLE_NOUNS
from storylens.analyse.quotes.marks import find_marked_quotes
from storylens.compare.claim_units import ClaimUnit, furniture_spans, lines_of_sentences
from storylens.compare.dates_words import date_interval
from storylens.compare.words import is_stop_word, words
from storylens.records import StoryMember, TimelineEntry, Timex

# Two claims giving one date this alike (claim cosine) tell the same event, and the outlets
# behind them share a timeline row; below it the same year or day is another episode. A row
# shows one outlet's sentence and names every outlet merged into it, so a wrong merge puts an
# outlet under an event it does not tell (fresh readers marked three such rows), while a
# missed one only gives each outlet a row of its own. Of the cross-outlet merges on the BASIL
# tuning events, those at 0.2-0.3 were one event about three times in four ("the House
# voted ... on Wednesday" / "Obama said Wednesday"; "Mary Cheney criticized ... in a Friday
# post" / "Liz Cheney on Friday first articulated" were not); from 0.3 all were.
TIMELINE_SAME_EVENT = 0.3
# How many claims open an article: its lead, which tells the story's main event. Where the
# leads of two outlets date one day in the same words, they tell that event, however unalike
# their wording ("The Florida Republican, who delivered his speech ... on Wednesday" / "Sen.
# Marco Rubio set forth a foreign policy vision Wednesday", cosine 0.07; fresh readers of
# BASIL event 32 found the speech split into two rows, each leaving an outlet out). Two, not
# one: a lead of one sentence may come second, after a dateline's or a scene's.
LEAD_CLAIMS = 2
# A TIMEX3 value that names a day (a date, a weekday with no publication date to place it, a
# day with no year), then maybe its time: "2026-01-22", "XXXX-WXX-4", "2026-01-22TMO".
_DAY_VALUE = re.compile(r"(\d{4}-\d{2}-\d{2}|XXXX-WXX-\d|XXXX-\d{2}-\d{2})(?:T(.+))?")
# A time of day that names its day ("1:40 a.m. on November 4", "Tuesday at 9 p.m.", "yesterday
# morning", "3/4"): it keeps the tagger's value.
_NAMES_A_DAY = re.compile(
    r"\b(?:"
    + "|".join(n[:3] for n in (*calendar.month_name[1:], *calendar.day_name))
    + r"|yesterday|tomorrow|today)|\d{1,4}[-/]\d",
    re.IGNORECASE,
)
# A possessive ending on a date's words ("Wednesday's", "the week’s").
_POSSESSIVE_END = re.compile(r"['’]s?$")
# A clock time, "09:30" or "24:00" (midnight), after the "T" of a TIMEX3 value.
_CLOCK = re.compile(r"(\d{2}):\d{2}")
# A time of day said from where its writer or speaker stands ("tonight", "this morning",
# "last night"): the publication's day outside a quotation, the event's inside one.
_DEICTIC = re.compile(r"\b(?:this|tonight|last)\b", re.IGNORECASE)
# A day said in words relative to when they are spoken ("... that I cannot speak to here
# today"): inside a quotation it is the day of the speech, which the article seldom dates.
# (A time of day so said, "tonight", is placed on the day of its event: ``_floats``.)
_SPOKEN_DAY = re.compile(
    r"(?:(?:earlier|later|early|late)\s+)?(?:today|yesterday|tomorrow)", re.IGNORECASE
)
# A day followed by the distance to the event it dates ("on Monday, a day after thieves stole
# the astrolabe"): the event's day is named too, and what follows tells that event.
_DAYS_FROM_EVENT = re.compile(
    r",?\s+(?P<n>a|one|two|three|the)\s+days?\s+(?P<dir>after|before)\b", re.IGNORECASE
)
_DAY_COUNTS = {"a": 1, "one": 1, "the": 1, "two": 2, "three": 3}
# The small hours (midnight to MORNING_FROM) are a part of their own: they fit a named night
# as the next calendar day ("Tuesday night ... at 1:40 a.m.": Wednesday).
SMALL_HOURS = "SH"
# The hour each part of a day starts at, so that a clock time finds a day named with a part
# that fits ("Thursday morning" for 7:50 a.m.). TIMEX3 names the parts (MO, AF, EV, NI) but
# gives no hours; these are the usual English ones (morning until noon, evening from five,
# night from nine until the small hours).
MORNING_FROM = 5
AFTERNOON_FROM = 12
EVENING_FROM = 17
NIGHT_FROM = 21
# The longest whole sentence a row shows in place of a piece the splitter cut: a quotation
# of several sentences is the claim's, too long to read as one row.
MAX_ROW_CHARS = 400
_CLOSING_MARKS = "\u201d\u2019"
# Quotation marks: a day word inside one ("we voted for change tonight") was said on the day
# of the event, not written on the publication day.
_OPENING_MARKS = "\u201c\u2018"
_CLOSING_MARKS = "\u201d"
# Timeline values that are no point in time.
_NOT_DATES = frozenset({"PRESENT_REF", "PAST_REF", "FUTURE_REF"})
# A span counted back or ahead from the publication ("over the past decade", "in the last
# year", "the next decade"): ten years or twelve months up to or from the report, not the
# calendar decade or year the tagger gives ("200", "2011"); a fresh reader found such rows
# misleading or wrong. "The coming year" and "the next year" stay: a calendar year, or the
# year after one just told.
_ROLLING_SPAN = re.compile(
    r"the\s+(?:(?:past|last)\s+(?:decade|year)|(?:next|coming)\s+decade)", re.IGNORECASE
)
# A date that is part of a name, not an event of the story: after "post-" or "pre-" ("the
# post-Sept. 11 law", "pre-2008 levels"), or a year after a title word and "of" ("the
# Housing Act of 1978", "the Treaty of 1818").
_NAME_PREFIX = re.compile(r"\b(?:post|pre)-$", re.IGNORECASE)
_TITLE_OF = re.compile(
    r"\b(?:Acts?|Law|Bill|Treaty|Accords?|Agreement|Convention|Compact|Amendments?|Code|"
    r"Resolution|Declaration|Protocol|Charter|Class)\s+of\s+$"
)
# How many characters before a date to read for such a name.
NAME_LOOKBACK_CHARS = 16
# A year that opens a description set after a person's name ("Sarah Palin, the 2008
# Republican vice presidential nominee, weighed in on Monday"): it says who the person is, not
# when the story's event happened (a fresh reader found the row dated 2008).
_DESCRIPTION_OPENS = re.compile(r",\s+(?:the|a|an)\s+$", re.IGNORECASE)
_DESCRIPTION_RUNS_TO = re.compile(r"[^,.;:()\n]{0,80}?(?=[,.;:)\n])")
# A preposition before a year that makes it the time of the clause ("In 2016 Mayor Cole ...").
_TIME_PREPOSITION_BEFORE = re.compile(
    r"\b(?:in|since|by|during|until|till|from|before|after|of|through)\s+$", re.IGNORECASE
)
# ... or one set before the name ("2016 Democratic House candidate Zephyr Teachout said"): a
# few words after the year, the last a role noun, then a capitalised name.
_DESCRIPTION_BEFORE_NAME = re.compile(
    r"(?P<words>(?:\s+[\w'’.-]+){1,5}?)\s+(?=[A-Z][\w'’-]+\s+[A-Z][\w'’-]+)"
)
# ... or a year that says which race a person runs in or won, the noun phrase ending on a role
# noun ("the first 2016 candidate to release ...", "a 2020 hopeful who ..."): a few words
# after the year, to a clause word or a mark.
_YEAR_OF_A_ROLE = re.compile(
    r"(?P<words>(?:\s+[\w'’-]+){1,4}?)(?=\s+(?:to|who|that|in|on|at|for|of|and|or|is|was|"
    r"has|had|said|says)\b|[,.;:)\n])"
)
# The nouns such a description ends on: a role a person holds or held.
_ROLE_NOUNS = PEOPLE_NOUNS | frozenset(
    {"nominee", "candidate", "winner", "champion", "laureate", "graduate", "recipient"}
    | {"runner-up", "hopeful", "contender", "finalist", "medalist", "medallist"}
)
# The most words a title in quotation marks has ("Meet the Press" has a small word and is
# not caught; "Fox News Sunday" is).
MAX_TITLE_WORDS = 5


def timeline(
    members: Sequence[StoryMember],
    copies: dict[int, int],
    units: Sequence[ClaimUnit] = (),
    cosine: sparse.csr_matrix | None = None,
) -> tuple[TimelineEntry, ...]:
    """Dated mentions, earliest first; one entry per date and event, with every outlet that
    reports that event. Unresolved dates (no publication date) come last.

    Two outlets share an entry only where they give the same date in claims that tell the
    same thing (claim cosine ``TIMELINE_SAME_EVENT``), or where both leads give that day in
    the same words (``LEAD_CLAIMS``): "in 2021" in one outlet's account of one episode and in
    another's of a different one are two rows. A time of day is placed on
    the day of its event (``place_times_of_day``), or left out when no named day fits.
    """
    entries: dict[tuple[str, str, int], TimelineEntry] = {}
    claims_of: dict[tuple[str, str], list[tuple[int, int | None]]] = {}
    by_member = _claims_by_member(units)
    leads = {unit for own in by_member.values() for unit in own[:LEAD_CLAIMS]}
    for index, member in enumerate(members):
        if index in copies:
            continue
        analysed = member.analysed
        text = analysed.article.text
        skip = [(s.start, s.end) for s in analysed.clean.boilerplate]
        skip += furniture_spans(text)
        dated = sorted(
            (
                t
                for t in analysed.timexes
                if t.type in ("DATE", "TIME") and t.value not in _NOT_DATES
            ),
            key=lambda t: t.start,
        )
        placed = place_times_of_day(text, dated, analysed.article.published)
        titles = title_spans(text)
        lines = list(lines_of_sentences(text, analysed.sentences))
        for timex, value in zip(dated, placed, strict=True):
            if value is None or any(low <= timex.start < high for low, high in skip):
                continue
            if any(low <= timex.start and timex.end <= high for low, high in titles):
                continue  # a show's or a work's name in marks ("This Week", "Fox News Sunday")
            if not _a_point_of_the_story(text, timex, value, analysed.article.published):
                continue
            spoken = timex.type == "DATE" and _SPOKEN_DAY.fullmatch(timex.text)
            if spoken and _inside_quotation(text, timex.start):
                # a speaker's "today" is the day of the speech, not of the publication: left
                # off rather than dated on a guess (a fresh reader found a hearing's "today"
                # under the next day's article date)
                continue
            if _clock_time_quoted(timex, text):
                # "I was in the ICU at 2 a.m. with families ...": a speaker's hour with no day
                # named is of a day the article does not give (a fresh reader of BASIL event
                # 34 found a memoir's "2 a.m." under the report's day)
                continue
            # the sentence's part on the expression's own line: the splitter may run a
            # sentence across a paragraph break (a closing mark, then the next paragraph)
            sentence = next(
                (text[low:high] for low, high in lines if low <= timex.start < high),
                "",
            )
            unit = _claim_at(units, by_member.get(index, []), timex.start)
            if unit is not None and _a_fragment(sentence):
                # the claim's whole sentence: the splitter may cut a quotation at a stop inside
                # it ("“Cancel the meeting. Now,” Schumer tweeted Friday.": the row showed
                # "Now,” Schumer tweeted Friday."), which the claims join again
                low, high = units[unit].sentence_span
                whole = text[low:high]
                if low <= timex.start < high and "\n" not in whole and len(whole) <= MAX_ROW_CHARS:
                    sentence = whole
            # "Wednesday's speech" and "on Wednesday" give one day in one word: a possessive
            # ending keeps no claim of that day out of another outlet's row
            key_words = (value, _POSSESSIVE_END.sub("", timex.text.lower()))
            known_rows = claims_of.setdefault(key_words, [])
            row = _closest_row(cosine, unit, known_rows)
            if row is None and unit in leads and "X" not in value and _DAY_VALUE.fullmatch(value):
                row = _lead_row(unit, known_rows, leads, entries, key_words, member.outlet)
            if row is not None:
                known = entries[(*key_words, row)]
                if member.outlet not in known.outlets:
                    entries[(*key_words, row)] = replace(
                        known, outlets=(*known.outlets, member.outlet)
                    )
                continue
            row = len(known_rows)
            known_rows.append((row, unit))
            entries[(*key_words, row)] = TimelineEntry(
                value=value,
                text=timex.text,
                sentence=sentence,
                article_id=member.id,
                outlet=member.outlet,
                outlets=(member.outlet,),
                resolved="X" not in value,
            )
    return tuple(sorted(entries.values(), key=_in_time_order))


def _a_point_of_the_story(text: str, timex: Timex, value: str, published: str | None) -> bool:
    """Whether a date is a point in time the story tells: not a span counted from the
    publication (``_ROLLING_SPAN``), not part of a name (``_NAME_PREFIX``, ``_TITLE_OF``), and
    not, in a dated article, a value the tagger could not place ("that same day" with no day
    told before it, "XXXX-XX-XX"): shown raw or as "not placed" it tells a reader nothing,
    and a guess would mislead (the rule this module follows for a time of day)."""
    if _ROLLING_SPAN.fullmatch(timex.text):
        return False
    before = text[max(0, timex.start - NAME_LOOKBACK_CHARS) : timex.start]
    if _NAME_PREFIX.search(before) or _TITLE_OF.search(before):
        return False
    if _describes_a_person(text, timex, before):
        return False
    return not (_publication_day(published) is not None and "X" in value)


def _describes_a_person(text: str, timex: Timex, before: str) -> bool:
    """Whether a year opens a description of a person set after their name (", the 2008
    Republican vice presidential nominee,"): one that runs to the next comma or stop and
    ends on a role noun; or one set right before the name, ending on a role noun ("2016
    Democratic House candidate Zephyr Teachout"); or one that says which race a person is a
    candidate in ("the first 2016 candidate to release ...")."""
    if not timex.text.isdigit():
        return False
    ahead = _DESCRIPTION_BEFORE_NAME.match(text, timex.end)
    if (
        ahead is not None
        and ahead["words"].split()[-1].lower() in _ROLE_NOUNS
        and not _TIME_PREPOSITION_BEFORE.search(before)
    ):
        return True  # "2016 Democratic House candidate Zephyr Teachout", not "In 2016 ..."
    of_a_role = _YEAR_OF_A_ROLE.match(text, timex.end)
    if (
        of_a_role is not None
        and of_a_role["words"].split()[-1].lower() in _ROLE_NOUNS
        # one noun phrase: "a 1999 book with his father" runs past its noun to another's
        and not any(is_stop_word(word) for word in of_a_role["words"].split())
        and not _TIME_PREPOSITION_BEFORE.search(before)
    ):
        return True  # "the first 2016 candidate to release ...", not "in 2016 the nominee"
    if not _DESCRIPTION_OPENS.search(before):
        return False
    runs = _DESCRIPTION_RUNS_TO.match(text, timex.end)
    if runs is None:
        return False
    described = runs.group().split()
    return bool(described) and described[-1].lower() in _ROLE_NOUNS


def _in_time_order(entry: TimelineEntry) -> tuple[bool, date, str, str]:
    """Rows by the first day their date covers ("2011-W21-WE", the weekend, before
    "2011-06-01"; the value's text alone put it after), then by the value and the words."""
    first = _first_day(entry.value)
    return (not entry.resolved, first or date.max, entry.value, entry.text)


# Coarse TIMEX3 values a calendar interval does not cover: a decade ("195"), a century
# ("19"), a season ("2015-SU") or a half ("2015-H1"); each sorts by its first day.
_COARSE = re.compile(
    r"(?P<decade>\d{3})|(?P<century>\d{2})|(?P<year>\d{4})-(?P<part>SP|SU|FA|WI|H1|H2)"
)
_PART_FIRST_MONTH = {"SP": 3, "SU": 6, "FA": 9, "WI": 12, "H1": 1, "H2": 7}


def _first_day(value: str) -> date | None:
    """The first day a date value covers, for the rows' order: "the '50s" before 2016."""
    days = date_interval(value)
    if days is not None:
        return days[0]
    coarse = _COARSE.fullmatch(value)
    if coarse is None:
        return None
    try:
        if coarse["decade"]:
            return date(int(coarse["decade"]) * 10, 1, 1)
        if coarse["century"]:
            return date(int(coarse["century"]) * 100, 1, 1)
        return date(int(coarse["year"]), _PART_FIRST_MONTH[coarse["part"]], 1)
    except ValueError:  # the first decade or century: no year 0
        return None


def _claims_by_member(units: Sequence[ClaimUnit]) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for index, unit in enumerate(units):
        found.setdefault(unit.member, []).append(index)
    return found


def _claim_at(units: Sequence[ClaimUnit], own: Sequence[int], position: int) -> int | None:
    for index in own:
        if units[index].start <= position < units[index].end:
            return index
    return None


def _clock_time_quoted(timex: Timex, text: str) -> bool:
    """Whether a clock time that names no day ("2 a.m.") stands inside a quotation."""
    if timex.type != "TIME" or _NAMES_A_DAY.search(timex.text):
        return False
    if not any(c.isdigit() for c in timex.text):
        return False  # "last night", "this afternoon": said of a day the speaker stands in
    return _inside_quotation(text, timex.start)


def _a_fragment(sentence: str) -> bool:
    """Whether a row's sentence is a piece the splitter cut: it opens on a small letter ("in
    next year's primary."), or closes a quotation it never opened."""
    closes = sum(sentence.count(mark) for mark in _CLOSING_MARKS)
    opens = sum(sentence.count(mark) for mark in _OPENING_MARKS)
    return sentence[:1].islower() or closes > opens


def _closest_row(
    cosine: sparse.csr_matrix | None, unit: int | None, rows: Sequence[tuple[int, int | None]]
) -> int | None:
    """The row of one date whose claim tells the same event as ``unit``, the most alike of
    them where several do: the first that passed put an outlet's lead, which names the day,
    under another outlet's row of a detail told that day (a fresh reader of BASIL event 31
    found fox's lead listed beside nyt's speaking fees, and missing from the row of the
    release that it tells)."""
    matching = [(number, other) for number, other in rows if _same_event(cosine, unit, other)]
    if not matching:
        return None
    if cosine is None or unit is None:
        return matching[0][0]

    def likeness(other: int | None) -> float:
        if other is None:
            return -1.0
        return 2.0 if other == unit else float(cosine[unit, other])

    return max(matching, key=lambda item: likeness(item[1]))[0]


def _lead_row(
    unit: int | None,
    rows: Sequence[tuple[int, int | None]],
    leads: set[int],
    entries: dict[tuple[str, str, int], TimelineEntry],
    key_words: tuple[str, str],
    outlet: str,
) -> int | None:
    """The row of one day opened by another outlet's lead, for a lead claim giving that day in
    the same words (``LEAD_CLAIMS``): both tell the story's main event. A row that already
    names the outlet is none: the claim is another of its events that day. Placed days only:
    a year or a month in a lead is often background, and a "Wednesday" with no publication
    date to place it may be of another week. Of the rows it joined, all 5 on the BASIL
    tuning events told one event, and 2 of 3 on the written stories (the miss: a chef's
    apology and the health department's statement, both of one Friday)."""
    for number, other in rows:
        lead = other is not None and other != unit and other in leads
        if lead and outlet not in entries[(*key_words, number)].outlets:
            return number
    return None


def _same_event(cosine: sparse.csr_matrix | None, a: int | None, b: int | None) -> bool:
    """Whether two claims holding one date tell the same event. Without the claims (a caller
    that passes none) the date and its words alone decide, as before."""
    if cosine is None:
        return True
    if a is None or b is None:
        return False
    return a == b or float(cosine[a, b]) >= TIMELINE_SAME_EVENT


@dataclass(frozen=True)
class _NamedDay:
    """A day an article names, and the part of it named with it (MO, AF, EV, NI), if any."""

    day: str
    part: str | None


def place_times_of_day(
    text: str, timexes: Sequence[Timex], published: str | None
) -> list[str | None]:
    """Each timex's value for the timeline, in the order given (text order): a time of day
    that names no day placed on the day of its event (see the module docstring), None for one
    no named day fits in a dated article; every other value as the tagger gave it."""
    anchor = _publication_day(published)
    named: list[_NamedDay] = []
    values: list[str | None] = []
    for timex in timexes:
        value: str | None = timex.value
        if _floats(text, timex):
            time = timex.value[timex.value.index("T") + 1 :]
            day = _day_of(time, named, anchor)
            if day is not None:
                value = f"{day}T{time}"
            else:
                value = None if anchor is not None else f"XXXX-XX-XXT{time}"
        values.append(value)
        if value is not None and (match := _DAY_VALUE.fullmatch(value)):
            named.append(_NamedDay(match[1], _part_of(match[2])))
            if event := _event_day(text, timex.end, match[1]):
                named.append(_NamedDay(event, None))
    return values


def _publication_day(published: str | None) -> date | None:
    try:
        return date.fromisoformat(published[:10]) if published else None
    except ValueError:
        return None


def title_spans(text: str) -> list[tuple[int, int]]:
    """The phrases in quotation marks that are titles: two to ``MAX_TITLE_WORDS`` words, each
    capitalised (`on ABC's "This Week,"`, `"Fox News Sunday"`): a date's words inside one
    name a programme, not a day."""
    spans = []
    for quoted in find_marked_quotes(text):
        found = words(text[quoted.start : quoted.end])
        titled = all(word[:1].isupper() for word in found)
        if quoted.depth == 0 and 2 <= len(found) <= MAX_TITLE_WORDS and titled:
            spans.append((quoted.start, quoted.end))
    return spans


def _floats(text: str, timex: Timex) -> bool:
    """Whether a time of day takes its day from the events around it: one that names no day
    ("at 7:50 a.m.", "by mid-morning"); "tonight" or "this morning" only inside a quotation
    (outside, the writer's day)."""
    if timex.type != "TIME" or "T" not in timex.value or _NAMES_A_DAY.search(timex.text):
        return False
    return not _DEICTIC.search(timex.text) or _inside_quotation(text, timex.start)


def _inside_quotation(text: str, position: int) -> bool:
    paragraph = text[text.rfind("\n", 0, position) + 1 : position]
    opened = sum(paragraph.count(mark) for mark in _OPENING_MARKS)
    closed = paragraph.count(_CLOSING_MARKS)
    return opened > closed or paragraph.count('"') % 2 == 1


def _event_day(text: str, end: int, day: str) -> str | None:
    """The day of the event a named day is dated from ("Monday, a day after ..."), if any."""
    match = _DAYS_FROM_EVENT.match(text, end)
    if match is None or day.startswith("X"):
        return None
    days = _DAY_COUNTS[match["n"].lower()]
    step = -days if match["dir"].lower() == "after" else days
    return (date.fromisoformat(day) + timedelta(days=step)).isoformat()


def _part_of(time: str | None) -> str | None:
    """The part of the day a TIMEX3 time names or its hour falls in; None for a whole day."""
    if not time:
        return None
    clock = _CLOCK.fullmatch(time)
    if clock is None:
        return time if time in ("MO", "AF", "EV", "NI") else None
    hour = int(clock[1])
    if hour < MORNING_FROM:
        return SMALL_HOURS
    if hour >= NIGHT_FROM:  # midnight, T24:00, ends its day's night
        return "NI"
    if hour >= EVENING_FROM:
        return "EV"
    return "AF" if hour >= AFTERNOON_FROM else "MO"


def _day_of(time: str, named: Sequence[_NamedDay], anchor: date | None) -> str | None:
    """The day a time of day belongs to: the last day named before it with a part that fits
    (the small hours fit a night, as its next day), else the last whole day named; never a
    day after the publication."""
    part = _part_of(time)
    before = [n for n in named if anchor is None or n.day[0] == "X" or n.day <= anchor.isoformat()]
    fits = {SMALL_HOURS: (SMALL_HOURS, "NI")}.get(part or "", (part,))
    fitting = [n for n in before if n.part in fits] or [n for n in before if n.part is None]
    if not fitting:
        return None
    chosen = fitting[-1]
    if part == SMALL_HOURS and chosen.part == "NI":
        if chosen.day[0] == "X":
            return None  # the day after an unplaced night: no value says it
        return (date.fromisoformat(chosen.day) + timedelta(days=1)).isoformat()
    return chosen.day
