"""Shared lines: one line per group of claims two or more outlets report, as the report's
"Shared" list and the story page show them.

A line is worded from the group's first claim (``line_openers``) as a summary line is
(``summary.claim_line``): under the outlets that print its words, with each other outlet's
own sentence beside it where the pairing is sure. An outlet of the group with no such
sentence is named unmatched, and the comparison gives it the closest sentence of that outlet,
weighed by the pointer model (``with_shared_pointers``), so the line points where the outlet
may tell the claim rather than only doubting that it does. The lines are made when a page or a
report is read, from the stored claims; their pointers are stored with the claims.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace

from storylens.compare.claim_units import ClaimUnit
from storylens.compare.lone_claims import nearest_matches, nearest_sentences
from storylens.compare.pointers import weigh_pointers
from storylens.compare.same_claim_features import ClaimProfile
from storylens.compare.summary import (
    claim_line,
    disputes_in,
    part_quoting_outlets,
    quoting_outlets,
)
from storylens.records import Claim, DetailConflict, StoryMember, SummarySentence, Wording


def line_openers(kinds: Iterable[tuple[str, int]]) -> set[int]:
    """The positions of the claims ``shared_lines`` words its lines from, given each claim's
    (status, group) in the comparison's order: the first shared claim of each group. Theirs
    are the only claims' ``matches`` the lines read (``_best_counterparts``)."""
    seen: set[int] = set()
    found = set()
    for at, (status, group) in enumerate(kinds):
        if status == "shared" and group not in seen:
            seen.add(group)
            found.add(at)
    return found


def shared_lines(
    claims: Sequence[Claim], details: Sequence[DetailConflict] = ()
) -> tuple[SummarySentence, ...]:
    """One line per group of shared claims, from its first claim, as ``claim_line`` words it.
    An outlet of the group with no sentence sure enough to stand beside the line is named as
    unmatched (it may tell the claim in other words), not left off in silence: a line under
    "Shared" that shows one outlet alone would otherwise read as that outlet's claim shared.
    A line whose sentences state a detail the outlets give differently says so
    (``disputed``): shared, the claim is not shared down to that figure."""
    by_group: dict[int, list[Claim]] = {}
    for claim in claims:
        if claim.status != "copy":
            by_group.setdefault(claim.group, []).append(claim)
    outlets = list(dict.fromkeys(c.outlet for c in claims if c.status != "copy"))
    openers = line_openers((claim.status, claim.group) for claim in claims)
    lines = []
    for at, claim in enumerate(claims):
        if at not in openers:
            continue
        group = by_group[claim.group]
        line = claim_line(claim, claims)
        told = {*line.outlets, *(w.outlet for w in line.other_wordings)}
        # any outlet printing the line's quotation says so, in the group or not: "shared by A
        # and B" above C's sentence quoting the same words would read as C leaving it out
        quoting = quoting_outlets(claim, claims, [o for o in outlets if o not in told])
        unmatched = tuple(o for o in _unmatched_outlets(group, told) if o not in quoting)
        shown = [claim] + [c for c in group if Wording(c.outlet, c.text) in line.other_wordings]
        lines.append(
            replace(
                line,
                unmatched=unmatched,
                same_quotation=quoting,
                part_quotation=part_quoting_outlets(claim, claims, quoting),
                disputed=disputes_in(shown, details),
                nearest=tuple(m for m in claim.nearest if m.outlet in unmatched),
            )
        )
    return tuple(lines)


def _unmatched_outlets(group: Iterable[Claim], told: AbstractSet[str]) -> tuple[str, ...]:
    """The outlets of a group's claims that a line of it does not show (``told``)."""
    return tuple(o for o in dict.fromkeys(c.outlet for c in group) if o not in told)


def _unmatched(claim: Claim, claims: Sequence[Claim]) -> tuple[str, ...]:
    """The outlets a shared line worded from ``claim`` names as unmatched (``shared_lines``),
    without the rest of the line: quotations are looked for only where some outlet is."""
    line = claim_line(claim, claims)
    told = {*line.outlets, *(w.outlet for w in line.other_wordings)}
    group = [c for c in claims if c.group == claim.group and c.status != "copy"]
    unmatched = _unmatched_outlets(group, told)
    if not unmatched:
        return ()
    quoting = quoting_outlets(claim, claims, unmatched)
    return tuple(o for o in unmatched if o not in quoting)


def with_shared_pointers(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    claims: Sequence[Claim],
    read_claim: Callable[[int], ClaimProfile],
    read_text: Callable[[str], ClaimProfile] | None = None,
) -> tuple[Claim, ...]:
    """The claims, each shared line's claim (``line_openers``) holding the closest sentence
    of each outlet of its group the line cannot show beside it (``shared_lines``' unmatched
    outlets), weighed as a summary line's are (``pointers``). Two fresh readers found "storylens
    cannot tell whether B tells it" under a shared line whose fact B's lead plainly tells: B's
    sentence of the group was paired with another outlet's wording, not with the line's."""
    openers = line_openers((claim.status, claim.group) for claim in claims)
    wanted = {row: outlets for row in openers if (outlets := _unmatched(claims[row], claims))}
    if not wanted:
        return tuple(claims)
    sentences = [unit.sentence_span for unit in units]
    near = nearest_sentences(claims, sorted(wanted), read_claim, sentences)
    texts = {member.id: member.analysed.article.text for member in members}
    pointed = list(claims)
    for row, unmatched in wanted.items():
        matches = nearest_matches(claims, near.get(row, {}), unmatched, sentences)
        pointed[row] = replace(
            claims[row], nearest=weigh_pointers(claims[row].text, matches, texts, read_text)
        )
    return tuple(pointed)
