"""Claims: each article's claim units (``claim_units``: sentences and the main clauses of long
ones) aligned across the story, and marked shared (with which outlets) or told by one outlet only.

Two claims say the same thing when their weighted words overlap: a cosine over TF-IDF vectors
of word stems, IDF taken over the story's own claims (a word every outlet uses for this event,
"Baldwin", says less than "lawsuit"), with names and numbers counting more than other words,
since the same fact told in other words still names the same people, places and figures.
Where ``storylens[embeddings]`` is installed, a dense sentence cosine can stand in beside it.

Boilerplate is never a claim. A syndicated copy's claims are marked ``copy``: the copy is an
echo of its original and confirms nothing, so it never makes a claim "shared".
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np
from scipy import sparse

from storylens.compare.claim_units import (
    LONG_SENTENCE_WORDS,
    MIN_CLAIM_CONTENT_WORDS,
    NAME_LABELS,
    NAME_WEIGHT,
    ClaimUnit,
    claim_units,
)
from storylens.records import Claim, ClaimStatus, StoryMember

# Claim units (splitting) live in ``claim_units``; their names stay importable from here.
__all__ = [
    "LONG_SENTENCE_WORDS",
    "MIN_CLAIM_CONTENT_WORDS",
    "NAME_LABELS",
    "NAME_WEIGHT",
    "ClaimUnit",
    "align_claims",
    "claim_units",
    "copies_in_story",
    "similarity_matrix",
]

# Cosine at which two claims are taken to report the same fact. Same-fact sentences in
# different words share their names and a few key words (about 0.3-0.6); two different facts
# about the same people share the names only (under 0.25).
SAME_CLAIM_SIMILARITY = 0.3
# Two claims must share at least this many stems to be one claim: two short sentences can
# reach a high cosine on a single rare word ("We want it back" / "always wanted to know").
MIN_SHARED_STEMS = 2
# Dense cosines below this say only "same kind of text"; above it they count as evidence.
DENSE_FLOOR = 0.5


def similarity_matrix(
    units: Sequence[ClaimUnit],
    dense: Callable[[Sequence[str]], np.ndarray] | None = None,
) -> sparse.csr_matrix:
    """Cosine between every two claims (a sparse matrix; pairs sharing no word are absent).

    ``dense`` embeds texts into unit vectors; where given, a pair's score is the larger of the
    word cosine and the dense cosine's part above ``DENSE_FLOOR``, rescaled to 0..1.
    """
    vocabulary: dict[str, int] = {}
    document_frequency: Counter[str] = Counter()
    for unit in units:
        document_frequency.update(unit.stems.keys())
    rows, cols, values = [], [], []
    total = len(units)
    for row, unit in enumerate(units):
        for item, count in unit.stems.items():
            column = vocabulary.setdefault(item, len(vocabulary))
            idf = math.log((1 + total) / (1 + document_frequency[item])) + 1.0
            rows.append(row)
            cols.append(column)
            values.append((1.0 + math.log(count)) * idf if count >= 1 else count * idf)
    matrix = sparse.csr_matrix(
        (np.array(values, dtype=np.float64), (rows, cols)), shape=(total, len(vocabulary))
    )
    norms = np.sqrt(matrix.multiply(matrix).sum(axis=1)).A1
    norms[norms == 0] = 1.0
    matrix = sparse.diags(1.0 / norms) @ matrix
    cosine = (matrix @ matrix.T).tocsr()
    if dense is not None and total:
        vectors = dense([unit.text for unit in units])
        dense_scores = np.clip((vectors @ vectors.T - DENSE_FLOOR) / (1 - DENSE_FLOOR), 0, 1)
        cosine = sparse.csr_matrix(np.maximum(cosine.toarray(), dense_scores))
    return cosine


def copies_in_story(members: Sequence[StoryMember]) -> dict[int, int]:
    """Member index of each syndicated copy -> member index of its original in this story."""
    index = {member.id: position for position, member in enumerate(members)}
    return {
        position: index[member.duplicate_of]
        for position, member in enumerate(members)
        if member.duplicate_of in index
    }


class _Groups:
    """Union-find over claim indices: claims that say the same thing share a group."""

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))

    def find(self, item: int) -> int:
        while self.parent[item] != item:
            self.parent[item] = self.parent[self.parent[item]]
            item = self.parent[item]
        return item

    def join(self, a: int, b: int) -> None:
        self.parent[self.find(a)] = self.find(b)


def best_counterparts(
    row: int,
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    threshold: float,
    min_shared: int = MIN_SHARED_STEMS,
) -> dict[int, tuple[float, int]]:
    """For one claim: the best-scoring claim (score, index) in each other member, at or above
    ``threshold`` and sharing ``min_shared`` stems."""
    member = units[row].member
    start, end = cosine.indptr[row], cosine.indptr[row + 1]
    best: dict[int, tuple[float, int]] = {}
    for column, score in zip(cosine.indices[start:end], cosine.data[start:end], strict=True):
        other = units[column].member
        if other == member or score < threshold or score <= best.get(other, (0.0, -1))[0]:
            continue
        shared = units[row].stems.keys() & units[column].stems.keys()
        if len(shared) >= min_shared:
            best[other] = (float(score), int(column))
    return best


def align_claims(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    echoes: frozenset[tuple[int, int]] = frozenset(),
    min_shared: int = MIN_SHARED_STEMS,
) -> tuple[Claim, ...]:
    """Mark each claim shared (with the outlets that report it) or only in its own outlet.

    A claim matches its best counterpart in each other article at ``SAME_CLAIM_SIMILARITY``
    or above. Copies take no part: a copy's claims are marked ``copy`` and confirm nothing.
    ``echoes`` holds (later, earlier) claim index pairs that are near-copies: the earlier
    claim is then echoed by the later outlet rather than confirmed by it. ``min_shared`` is 0
    where dense vectors scored the claims: they can match claims told in other words.
    """
    copies = copies_in_story(members)
    groups = _Groups(len(units))
    shared: list[set[str]] = [set() for _ in units]
    echoed: list[set[str]] = [set() for _ in units]
    for row, unit in enumerate(units):
        if unit.member in copies:
            continue
        own_outlet = members[unit.member].outlet
        for other, (_, column) in best_counterparts(
            row, units, cosine, SAME_CLAIM_SIMILARITY, min_shared
        ).items():
            outlet = members[other].outlet
            if other in copies or outlet == own_outlet:
                continue
            groups.join(row, column)
            if (row, column) in echoes or (column, row) in echoes:
                echoed[row].add(outlet)
            else:
                shared[row].add(outlet)
    roots: dict[int, int] = {}
    claims = []
    for row, unit in enumerate(units):
        member = members[unit.member]
        group = roots.setdefault(groups.find(row), len(roots))
        status: ClaimStatus = "shared" if shared[row] else "only"
        if unit.member in copies:
            status = "copy"
        claims.append(
            Claim(
                article_id=member.id,
                outlet=member.outlet,
                start=unit.start,
                end=unit.end,
                text=unit.text,
                status=status,
                group=group,
                shared_with=tuple(sorted(shared[row])),
                echoed_by=tuple(sorted(echoed[row] - shared[row])),
                copy_of=members[copies[unit.member]].id if unit.member in copies else None,
            )
        )
    return tuple(claims)
