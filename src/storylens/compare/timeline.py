"""Timeline: the dated events the articles mention, each with its sentence, the outlets that
report that event and its resolved date (TIMEX3), earliest first."""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import replace

from scipy import sparse

from storylens.compare.claim_units import ClaimUnit, furniture_spans
from storylens.records import StoryMember, TimelineEntry

# Two claims giving one date this alike (claim cosine) tell the same event, and the outlets
# behind them share a timeline row; below it the same year or day is another episode.
TIMELINE_SAME_EVENT = 0.2
# A TIMEX3 value that names a calendar day, which a later bare clock time belongs to.
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# A clock time that names its day ("1:40 a.m. on November 4", "Tuesday at 9 p.m.").
_NAMES_A_DAY = re.compile(
    r"\b(?:" + "|".join(n[:3] for n in (*calendar.month_name[1:], *calendar.day_name)) + r")",
    re.IGNORECASE,
)
# Timeline values that are no point in time.
_NOT_DATES = frozenset({"PRESENT_REF", "PAST_REF", "FUTURE_REF"})


def timeline(
    members: Sequence[StoryMember],
    copies: dict[int, int],
    units: Sequence[ClaimUnit] = (),
    cosine: sparse.csr_matrix | None = None,
) -> tuple[TimelineEntry, ...]:
    """Dated mentions, earliest first; one entry per date and event, with every outlet that
    reports that event. Unresolved dates (no publication date) come last.

    Two outlets share an entry only where they give the same date in claims that tell the
    same thing (claim cosine ``TIMELINE_SAME_EVENT``): "in 2021" in one outlet's account of
    one episode and in another's of a different one are two rows. A clock time that names no
    day takes the day of the event its article dates just before it, not the publication day.
    """
    entries: dict[tuple[str, str, int], TimelineEntry] = {}
    claims_of: dict[tuple[str, str], list[tuple[int, int | None]]] = {}
    by_member = _claims_by_member(units)
    for index, member in enumerate(members):
        if index in copies:
            continue
        analysed = member.analysed
        text = analysed.article.text
        skip = [(s.start, s.end) for s in analysed.clean.boilerplate]
        skip += furniture_spans(text)
        last_day: str | None = None
        for timex in sorted(analysed.timexes, key=lambda t: t.start):
            if timex.type not in ("DATE", "TIME") or timex.value in _NOT_DATES:
                continue
            if any(low <= timex.start < high for low, high in skip):
                continue
            value = timex.value
            if timex.type == "DATE" and _DAY.fullmatch(value):
                last_day = value
            elif timex.type == "TIME" and not _NAMES_A_DAY.search(timex.text):
                clock = value[value.index("T") :] if "T" in value else ""
                value = f"{last_day or 'XXXX-XX-XX'}{clock}"
            sentence = next(
                (
                    text[s.start : s.end].strip()
                    for s in analysed.sentences
                    if s.start <= timex.start < s.end
                ),
                "",
            )
            unit = _claim_at(units, by_member.get(index, []), timex.start)
            key_words = (value, timex.text.lower())
            known_rows = claims_of.setdefault(key_words, [])
            row = next(
                (number for number, other in known_rows if _same_event(cosine, unit, other)),
                None,
            )
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
    return tuple(sorted(entries.values(), key=lambda e: (not e.resolved, e.value, e.text)))


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


def _same_event(cosine: sparse.csr_matrix | None, a: int | None, b: int | None) -> bool:
    """Whether two claims holding one date tell the same event. Without the claims (a caller
    that passes none) the date and its words alone decide, as before."""
    if cosine is None:
        return True
    if a is None or b is None:
        return False
    return a == b or float(cosine[a, b]) >= TIMELINE_SAME_EVENT
