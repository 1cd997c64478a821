"""A summary line's wordings, told in the claim lists too: one account of who tells what.

A summary line shows another outlet's own sentence beside it ("nyt: Larry Summers ... told a
group of reporters that failure to pass a package like the tax deal ... 'would significantly
increase the risk' of a double-dip recession") where that sentence shares most of the line's
rare words (``summary._told_in_other_words``), though the same-claim model did not match the
two. The claim lists read the model's decisions only, and called the same claim "hpo or nyt
may say it in other words", or could not place it: the report said one thing in its summary
and another in its lists (issue 19). So each such pair is made one shared claim: both claims
shared with each other's outlet, matched with each other, and of one group; the lists, the
"Shared" lines and the summary then tell the same.

A story-level model to find such pairs beyond the summary (a lone claim's closest sentence
in each other outlet, weighed by its words' rarity in the story, mutual best matches, shared
rare names and the same-claim model's probability) was trained on the graded pairs of the
BASIL events kept for tuning and not kept: leave one event out, no threshold made the pairs
it accepted 0.9 right with a useful recall (the CHANGELOG gives the figures).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from storylens.compare.same_claim import judge_profiles
from storylens.compare.same_claim_features import claim_profile
from storylens.compare.words import fold, words
from storylens.records import Claim, ClaimMatch, ClaimStatus, SummarySentence

# The statuses of a claim no other outlet was found to tell: a wording shown beside its
# summary line makes it shared.
LONE_STATUSES: frozenset[ClaimStatus] = frozenset({"only", "unplaced"})


@dataclass(frozen=True)
class ToldPair:
    """Two claims (indices in the story's claims) of two outlets that tell one fact, the
    same-claim model's probability and why they are one."""

    claim: int
    other: int
    score: float
    reason: str


def with_summary_wordings(
    claims: Sequence[Claim],
    summary: Sequence[SummarySentence],
    sentences: Sequence[tuple[int, int]],
    texts: Mapping[str, str],
) -> tuple[Claim, ...]:
    """The claims, each summary line's claim shared with each outlet whose own sentence the
    line shows beside it (``other_wordings``) and that its claim is not yet shared with.
    ``sentences`` holds each claim's whole sentence (``ClaimUnit.sentence_span``), as a
    line's wording is shown whole; ``texts`` are the articles' texts by id."""
    return tuple(join_as_shared(claims, summary_pairs(claims, summary, sentences, texts)))


def summary_pairs(
    claims: Sequence[Claim],
    summary: Sequence[SummarySentence],
    sentences: Sequence[tuple[int, int]],
    texts: Mapping[str, str],
) -> list[ToldPair]:
    """(line's claim, the claim of the outlet's sentence shown beside it) for each wording of
    a summary line not yet matched with the line's claim."""
    rows: dict[tuple[str, str], int] = {}
    for row, claim in enumerate(claims):
        if claim.status != "copy":
            rows.setdefault((claim.article_id, claim.text), row)
    # each outlet's whole sentences and the claims cut from them, read only where a line has
    # a wording to place (most stories' summaries show none told in other words)
    of_sentence: dict[tuple[str, str], list[int]] | None = None
    pairs = []
    for line in summary:
        found = rows.get((line.article_id, line.text))
        if found is None:
            continue
        row, claim = found, claims[found]
        told = {match.outlet for match in claim.matches} | {*claim.shared_with, *claim.echoed_by}
        for wording in line.other_wordings:
            if wording.outlet in told or wording.outlet == claim.outlet:
                continue
            if of_sentence is None:
                of_sentence = _claims_by_sentence(claims, sentences, texts)
            cut = of_sentence.get((wording.outlet, wording.text))
            if not cut:
                continue
            other = _likeliest_clause(claims, cut, line.text)
            score = judge_profiles(claim_profile(claim.text), claim_profile(claims[other].text))
            pairs.append(
                ToldPair(
                    row,
                    other,
                    score.score,
                    "told in other words: the summary shows it as this outlet's wording "
                    f"(it shares most of the line's rare words; same-claim model, "
                    f"p={score.score:.2f})",
                )
            )
    return pairs


def _claims_by_sentence(
    claims: Sequence[Claim], sentences: Sequence[tuple[int, int]], texts: Mapping[str, str]
) -> dict[tuple[str, str], list[int]]:
    """(outlet, whole sentence) -> the claims cut from it, copies left out."""
    found: dict[tuple[str, str], list[int]] = {}
    for row, claim in enumerate(claims):
        if claim.status != "copy":
            start, end = sentences[row]
            found.setdefault((claim.outlet, texts[claim.article_id][start:end]), []).append(row)
    return found


def _likeliest_clause(claims: Sequence[Claim], cut: Sequence[int], line: str) -> int:
    """Of the claims cut from one sentence (a long one is cut into clauses), the one sharing
    most words with the ``line``; the first on a tie."""
    wanted = {fold(word) for word in words(line)}
    return max(
        cut, key=lambda row: (len(wanted & {fold(w) for w in words(claims[row].text)}), -row)
    )


def join_as_shared(claims: Sequence[Claim], pairs: Sequence[ToldPair]) -> list[Claim]:
    """The claims with each of ``pairs`` told by both outlets: both claims shared with each
    other's outlet, matched with each other, and of one group (their groups joined, the
    groups numbered again in order of first appearance). A lone claim made shared shows no
    more hedge ("B may say it") nor closest sentences: another outlet tells it."""
    found = list(claims)
    if not pairs:
        return found
    parent = {claim.group: claim.group for claim in claims}

    def root(group: int) -> int:
        while parent[group] != group:
            parent[group] = parent[parent[group]]
            group = parent[group]
        return group

    for pair in pairs:
        for at, other in ((pair.claim, pair.other), (pair.other, pair.claim)):
            claim, teller = found[at], found[other]
            if any(m.article_id == teller.article_id for m in claim.matches):
                continue
            match = ClaimMatch(
                article_id=teller.article_id,
                outlet=teller.outlet,
                start=teller.start,
                end=teller.end,
                relation="same",
                score=pair.score,
                reason=pair.reason,
            )
            lone = claim.status in LONE_STATUSES
            found[at] = replace(
                claim,
                status="shared" if lone else claim.status,
                shared_with=tuple(sorted({*claim.shared_with, teller.outlet})),
                matches=tuple(
                    sorted((*claim.matches, match), key=lambda m: (m.outlet, m.article_id))
                ),
                maybe_matches=() if lone else claim.maybe_matches,
                nearest=() if lone else claim.nearest,
            )
        parent[root(found[pair.claim].group)] = root(found[pair.other].group)
    numbers: dict[int, int] = {}
    return [
        replace(claim, group=numbers.setdefault(root(claim.group), len(numbers))) for claim in found
    ]
