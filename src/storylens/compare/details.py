"""Details that disagree: dates, ages, counts, amounts, places and roles that two outlets give
for the same thing, with both sentences.

What a value describes decides what it is compared with:
- an age or a role belongs to a person, so it is compared with the same person's age or role
  in every other outlet;
- a date, a count or an amount belongs to an event or a thing, so it is compared only where
  the two sentences report the same thing (their claims are alike, ``DETAIL_CONTEXT``) and,
  for counts, count the same noun ("seven children" / "six children");
- a place is compared only between two claims that say the same thing.
Dates are compared as the intervals their TIMEX3 values cover, so "last week" agrees with a
Tuesday inside that week; a relative date with no publication date cannot be checked, and is
shown with both phrases.
"""

from __future__ import annotations

import bisect
import calendar
import re
from collections.abc import Iterator, Sequence
from datetime import date, timedelta
from functools import lru_cache

from scipy import sparse

from storylens.analyse.quotes.cues import SPEECH_VERBS
from storylens.compare.claims import SAME_CLAIM_SIMILARITY, ClaimUnit
from storylens.compare.words import content_stems, fold, is_stop_word, stem, words
from storylens.records import DetailConflict, DetailKind, DetailStatus, DetailValue, StoryMember

# Two sentences this alike (claim cosine) report the same thing closely enough that a date,
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

_AGE_AFTER = re.compile(r"^\s*(?:,\s*|\()(\d{1,3})\s*(?:,|\)|\.(?:\s|$))")
_AGE_BEFORE = re.compile(r"(\d{1,3})-year-old\s+$")
_COUNTED_NOUN = re.compile(r"^\s+(?:[a-z][\w-]*\s+)?([a-z][\w-]{2,})")
_ROLE_BEFORE = re.compile(r"((?:[a-z][\w-]*\s+){1,6})$")
_ROLE_APPOSITIVE = re.compile(
    r"^,\s+(?:the|a|an|its|their)\s+((?:[\w'’-]+\s+){0,3}?[a-z][\w-]+)\s*[,.]"
)
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
# Time words that are no counted nouns: "two years" is a duration, "three days" too.
_TIME_NOUNS = frozenset(
    stem(w)
    for w in ["years", "months", "weeks", "days", "hours", "minutes", "seconds", "times", "percent"]
)
_SPEECH_STEMS = frozenset(stem(verb) for verb in SPEECH_VERBS)
# TIMEX3 date values by how much time they name; "X" stands in for an unknown digit.
_GRANULARITIES = (
    re.compile(r"[\dX]{4}-[\dX]{2}-[\dX]{2}(T.*)?|[\dX]{4}-W[\dX]{2}-\d"),
    re.compile(r"[\dX]{4}-W[\dX]{1,2}"),
    re.compile(r"[\dX]{4}-[\dX]{2}"),
    re.compile(r"[\dX]{4}-(Q[1-4X]|H[12X])"),
    re.compile(r"[\dX]{4}"),
)
# Two dates this many granularity steps apart can describe one time (a day and its month).
MAX_GRANULARITY_STEPS = 2
# A clock time that names its day ("1:40 a.m. on November 4", "Tuesday at 9 p.m.").
_NAMES_A_DAY = re.compile(
    r"\b(?:" + "|".join(n[:3] for n in (*calendar.month_name[1:], *calendar.day_name)) + r")",
    re.IGNORECASE,
)
_REF_VALUES = frozenset({"PRESENT_REF", "PAST_REF", "FUTURE_REF"})
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

    def resolve(self, mention: str) -> str | None:
        folded = [fold(w) for w in words(mention)]
        if not folded:
            return None
        matches = {
            name for key, name in self.full_names.items() if all(word in key for word in folded)
        }
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


def _in_boilerplate(member: StoryMember, start: int) -> bool:
    return any(s.start <= start < s.end for s in member.analysed.clean.boilerplate)


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
    """Every comparable detail one article states, outside its boilerplate."""
    analysed = member.analysed
    text = analysed.article.text
    found: list[DetailValue] = []
    for timex in analysed.timexes:
        # A clock time with no day of its own is left out: it is read against each article's
        # publication day, and two outlets' days differ for the same night.
        explicit = timex.type == "DATE" or (
            timex.type == "TIME" and bool(_NAMES_A_DAY.search(timex.text))
        )
        dated = explicit and timex.value not in _REF_VALUES
        if dated and not _in_boilerplate(member, timex.start):
            found.append(_value(member, "date", "", timex.start, timex.end, timex.value))
    for entity in analysed.entities:
        if _in_boilerplate(member, entity.start):
            continue
        if entity.label == "PERSON":
            person = people.resolve(entity.text)
            if person:
                found.extend(_person_details(member, person, entity.start, entity.end))
        elif entity.label == "MONEY":
            amount = money_value(entity.text)
            if amount is not None:
                found.append(
                    _value(member, "money", "amount", entity.start, entity.end, f"{amount:g}")
                )
        elif entity.label in ("GPE", "LOC", "FAC"):
            found.append(_value(member, "place", "", entity.start, entity.end, entity.text))
    for number in analysed.numbers:
        if _in_boilerplate(member, number.start):
            continue
        noun = _COUNTED_NOUN.match(text[number.end : number.end + 40])
        try:
            value = float(number.label)
        except ValueError:
            continue
        if not noun or value >= YEAR_LIKE or is_stop_word(noun.group(1)):
            continue
        counted = stem(noun.group(1))
        if counted in _TIME_NOUNS:
            continue
        end = number.end + noun.end()
        found.append(
            _value(member, "count", noun.group(1).lower(), number.start, end, f"{value:g}")
        )
    return found


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
    return offset + run[0].start(), offset + run[-1].end()


def _looks_like_verb(word: str) -> bool:
    # Without the parse: past and present participles, and the speech verbs' forms.
    return word.endswith(("ed", "ing")) or stem(word) in _SPEECH_STEMS or word in SPEECH_VERBS


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
    role = _role_before(text, start)
    if role:
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


# -- comparison ------------------------------------------------------------------------------


def _interval(value: str) -> tuple[date, date] | None:
    """The days a TIMEX3 date value covers, or None for one that is not a calendar date."""
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}(T.*)?", value):
            day = date.fromisoformat(value[:10])
            return day, day
        if match := re.fullmatch(r"(\d{4})-W(\d{1,2})", value):
            first = date.fromisocalendar(int(match[1]), int(match[2]), 1)
            return first, first + timedelta(days=6)
        if match := re.fullmatch(r"(\d{4})-(\d{2})", value):
            first = date(int(match[1]), int(match[2]), 1)
            following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
            return first, following - timedelta(days=1)
        if match := re.fullmatch(r"(\d{4})-Q([1-4])", value):
            quarter = int(match[2])
            first = date(int(match[1]), 3 * quarter - 2, 1)
            last_month = 3 * quarter
            following = date(first.year + last_month // 12, last_month % 12 + 1, 1)
            return first, following - timedelta(days=1)
        if re.fullmatch(r"\d{4}", value):
            return date(int(value), 1, 1), date(int(value), 12, 31)
    except ValueError:
        return None
    return None


def compare_dates(a: str, b: str) -> tuple[DetailStatus, str]:
    """(status, reason) for two TIMEX3 date values said of one thing."""
    if "X" in a or "X" in b:
        return "unchecked", "a relative date with no publication date to read it against"
    if a == b:
        return "agree", "the same date"
    first, second = _interval(a), _interval(b)
    if first is None or second is None:
        return "unchecked", "not both calendar dates"
    if first[0] <= second[1] and second[0] <= first[1]:
        return "agree", f"{a} and {b} overlap"
    return "disagree", f"{a} and {b} do not overlap"


def _same_place(a: str, b: str) -> bool:
    fa, fb = fold(a).replace(" ", ""), fold(b).replace(" ", "")
    initials_a = "".join(fold(w)[0] for w in words(a))
    initials_b = "".join(fold(w)[0] for w in words(b))
    return (
        fa in fb
        or fb in fa
        or fa == initials_b
        or fb == initials_a
        or bool({fold(w) for w in words(a)} & {fold(w) for w in words(b)})
    )


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


def find_conflicts(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    copies: dict[int, int],
) -> tuple[DetailConflict, ...]:
    """Pairs of details that describe the same thing in two outlets: disagreeing ones, ones
    that cannot be checked, and agreeing ones (so a reader sees what was checked)."""
    people = PersonIndex(members)
    per_member = [
        [] if index in copies else extract_details(member, people)
        for index, member in enumerate(members)
    ]
    by_member = _units_by_member(units)
    located = [
        [(detail, _unit_at(units, by_member.get(index, []), detail.start)) for detail in details]
        for index, details in enumerate(per_member)
    ]
    rows = [
        dict(zip(cosine.indices[a:b].tolist(), cosine.data[a:b].tolist(), strict=True))
        for a, b in zip(cosine.indptr[:-1], cosine.indptr[1:], strict=True)
    ]
    # Only details of one kind pair up: grouping them by kind spares the test of every
    # other pair, which for a large story runs to millions. Within a kind the pairs keep
    # their order, and so does what the sort below leaves tied (it sorts by kind too).
    grouped = [_by_kind(pairs) for pairs in located]
    results: dict[tuple[object, ...], DetailConflict] = {}
    for i in range(len(members)):
        for j in range(i + 1, len(members)):
            if members[i].outlet == members[j].outlet:
                continue
            for kind, firsts in grouped[i].items():
                for first, unit_a in firsts:
                    for second, unit_b in grouped[j].get(kind, ()):
                        conflict = _pair(first, second, unit_a, unit_b, rows, members, i, j)
                        if conflict is None:
                            continue
                        values = tuple(sorted((first.value, second.value)))
                        key = (conflict.kind, conflict.subject, values, conflict.status)
                        results.setdefault(key, conflict)
    found = _one_reading_per_date(list(results.values()))
    order = {"disagree": 0, "unchecked": 1, "agree": 2}
    return tuple(sorted(found, key=lambda c: (order[c.status], c.kind, c.subject)))


def _by_kind(
    located: Sequence[tuple[DetailValue, int | None]],
) -> dict[str, list[tuple[DetailValue, int | None]]]:
    """One member's located details by kind, in their order; a detail outside every claim
    is left out unless its kind pairs by subject, since ``_pair`` needs its claim."""
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


def _one_reading_per_date(conflicts: list[DetailConflict]) -> list[DetailConflict]:
    """Dates are compared only with dates of a like granularity (a day with a week
    or a month, not with a year: "in 1958 ... stolen on Sunday" tells of two times), and a
    date that agrees with one date of the other sentence is not said to disagree with its
    others ("on Monday, a day after Sunday's theft")."""
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
            if first is None or second is None or abs(first - second) > MAX_GRANULARITY_STEPS:
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


def _pair(
    first: DetailValue,
    second: DetailValue,
    unit_a: int | None,
    unit_b: int | None,
    rows: Sequence[dict[int, float]],
    members: Sequence[StoryMember],
    i: int,
    j: int,
) -> DetailConflict | None:
    if first.kind != second.kind:
        return None
    kind = first.kind
    if kind in _SUBJECT_KINDS:
        if first.subject != second.subject:
            return None
        if kind == "age":
            return DetailConflict(
                kind,
                first.subject,
                first,
                second,
                _agreement(first.value == second.value),
                f"age {first.value} / {second.value}",
            )
        overlap = _role_words(first.value) & _role_words(second.value)
        return DetailConflict(
            kind,
            first.subject,
            first,
            second,
            _agreement(bool(overlap)),
            f"{first.value} / {second.value}",
        )
    if unit_a is None or unit_b is None:
        return None
    similarity = rows[unit_a].get(unit_b, 0.0)
    if kind == "place":
        if similarity < SAME_CLAIM_SIMILARITY or _same_place(first.value, second.value):
            return None
        subject = _shared_words(first.sentence, second.sentence)
        return DetailConflict(
            kind, subject, first, second, "disagree", f"{first.value} / {second.value}"
        )
    if similarity < DETAIL_CONTEXT:
        return None
    if kind == "count" and stem(first.subject) != stem(second.subject):
        return None
    subject = first.subject if kind == "count" else _shared_words(first.sentence, second.sentence)
    if kind == "date":
        status: DetailStatus
        status, reason = compare_dates(first.value, second.value)
        anchored = _anchored(members[i], first) or _anchored(members[j], second)
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
        return DetailConflict(kind, subject, first, second, status, reason)
    return DetailConflict(
        kind,
        subject,
        first,
        second,
        _agreement(first.value == second.value),
        f"{first.value} / {second.value}",
    )


def _anchored(member: StoryMember, detail: DetailValue) -> bool:
    return any(
        t.start == detail.start and t.end == detail.end and t.anchored
        for t in member.analysed.timexes
    )
