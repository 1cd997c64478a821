"""Summary and timeline: a few central sentences chosen across outlets, and the dated events the
articles mention, each with its sentence, outlet and resolved date.

The summary is extractive: a claim scores by how many outlets report it independently, how
central it is (its summed similarity to the story's other claims) and how early it comes in
its article (news puts the event first). Each chosen claim comes from a different claim group,
so the summary does not say one thing three times.

A line never puts one outlet's wording under another: it names the outlets that print these
very words, and gives each other outlet's own sentence for the same claim beside it (outlets
that word a claim differently also differ in its details: "last week" against "on Tuesday").
A claim whose sentence holds a detail another outlet disputes or cannot be checked against
is left out of the summary: a summary line should need no footnote.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from scipy import sparse

from storylens.compare.claim_units import ClaimUnit, furniture_spans
from storylens.compare.words import fold, words
from storylens.records import (
    Claim,
    DetailConflict,
    StoryMember,
    SummarySentence,
    TimelineEntry,
    Wording,
)

# Sentences in the summary.
SUMMARY_SENTENCES = 3
# A claim among the first few of its article is usually the event itself.
LEAD_CLAIMS = 3
# Weight of being in the lead, and of each further outlet that reports the claim.
LEAD_BONUS = 0.5
OUTLET_BONUS = 1.0
# Claims longer than this many characters read badly as a summary line.
MAX_SUMMARY_CHARS = 320
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


def _wording(text: str) -> tuple[str, ...]:
    return tuple(fold(w) for w in words(text))


def claim_line(claim: Claim, claims: Sequence[Claim]) -> SummarySentence:
    """A claim as one line: its words, the outlets that print these very words, and each
    other outlet's own sentence of the same claim (its first, in the article's order)."""
    wording = _wording(claim.text)
    same: dict[str, None] = {claim.outlet: None}
    others: dict[str, str] = {}
    for other in claims:
        if other.group != claim.group or other.status == "copy" or other.outlet == claim.outlet:
            continue
        if other.outlet in same or other.outlet in others:
            continue
        if _wording(other.text) == wording:
            same[other.outlet] = None
        else:
            others[other.outlet] = other.text
    return SummarySentence(
        text=claim.text,
        article_id=claim.article_id,
        outlet=claim.outlet,
        outlets=tuple(same),
        other_wordings=tuple(Wording(outlet, text) for outlet, text in others.items()),
    )


def shared_lines(claims: Sequence[Claim]) -> tuple[SummarySentence, ...]:
    """One line per group of shared claims, from its first claim, as ``claim_line`` words it."""
    seen: set[int] = set()
    lines = []
    for claim in claims:
        if claim.status == "shared" and claim.group not in seen:
            seen.add(claim.group)
            lines.append(claim_line(claim, claims))
    return tuple(lines)


def _disputed(claim: Claim, details: Sequence[DetailConflict]) -> bool:
    return any(
        value.article_id == claim.article_id and claim.start <= value.start < claim.end
        for detail in details
        if detail.status != "agree"
        for value in (detail.first, detail.second)
    )


def summarise(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    claims: Sequence[Claim],
    cosine: sparse.csr_matrix,
    details: Sequence[DetailConflict] = (),
) -> tuple[SummarySentence, ...]:
    if not claims:
        return ()
    centrality = np.asarray(cosine.sum(axis=1)).ravel() - 1.0  # minus its own cosine
    top = float(centrality.max()) or 1.0
    position: dict[int, int] = {}
    scored = []
    for row, claim in enumerate(claims):
        if claim.status in ("copy", "quotation") or len(claim.text) > MAX_SUMMARY_CHARS:
            continue
        place = position.get(units[row].member, 0)
        position[units[row].member] = place + 1
        score = (
            OUTLET_BONUS * len(claim.shared_with)
            + centrality[row] / top
            + (LEAD_BONUS if place < LEAD_CLAIMS else 0.0)
        )
        scored.append((score, row))
    scored.sort(key=lambda item: (-item[0], item[1]))
    chosen, groups = [], set()
    for _, row in scored:
        claim = claims[row]
        if claim.group in groups or _disputed(claim, details):
            continue
        groups.add(claim.group)
        chosen.append(claim_line(claim, claims))
        if len(chosen) == SUMMARY_SENTENCES:
            break
    return tuple(chosen)


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
