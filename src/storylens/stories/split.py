"""The split check: does a story hold two events of the same kind?

An online clusterer decides on each article once, with what it has seen so far. The first
article of a new event often joins the story of an earlier event of the same kind (a second
earthquake in the same region, a second celebrity in rehab): nothing better exists yet, and
the two share most of their words. Its successors then follow it into that story. Once both
events have several articles, though, the two groups are easy to tell apart: their profiles
are far less alike than two halves of one event's coverage.

``find_split`` looks for such a second group in a story that just grew: a 2-means over the
members' features, seeded by the newcomer and the member least like it, and reports the group
to move out when both groups are big enough and their profiles score below a threshold
against each other (lowered, as a join score is, when the groups agree on different years).
It works on one story of bounded size, so its cost does not grow with the stream.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from storylens.stories.features import ArticleFeatures
from storylens.stories.index import DocumentFrequencies
from storylens.stories.scoring import (
    YEAR_CONFLICT_YEARS,
    ArticleVectors,
    StoryProfile,
    Weights,
    profile_similarity,
    similarity,
)

# Rounds of assigning members to the nearer group: the two seeds already separate the two
# events in most stories; a second round changed nothing measurable on ECB+ or BASIL.
SPLIT_ROUNDS = 1


@dataclass(frozen=True)
class Split:
    """A group of a story's members that reports another event, and how alike the groups are."""

    moved: tuple[str, ...]  # article ids to move out, in the order they joined
    cross_score: float


def find_split(
    members: Sequence[ArticleFeatures],
    newcomer: str,
    frequencies: DocumentFrequencies,
    weights: Weights,
    min_part: int,
    threshold: float,
    year_conflict: float = 1.0,
) -> Split | None:
    """The group to move out of a story whose members are ``members`` (founder first), or
    None when the story reads as one event."""
    by_id = {m.article_id: m for m in members}
    if newcomer not in by_id or len(members) < 2 * min_part:
        return None
    vectors = {m.article_id: ArticleVectors.build(m, frequencies) for m in members}
    seed = by_id[newcomer]
    seed_profile = _profile([seed], frequencies)
    far = min(
        (m for m in members if m.article_id != newcomer),
        key=lambda m: _score(vectors[m.article_id], m, seed_profile, frequencies, weights),
    )
    groups = ([seed], [far])
    for _ in range(SPLIT_ROUNDS):
        profiles = (_profile(groups[0], frequencies), _profile(groups[1], frequencies))
        near: list[ArticleFeatures] = []
        other: list[ArticleFeatures] = []
        for member in members:
            mine = vectors[member.article_id]
            to_near = _score(mine, member, profiles[0], frequencies, weights)
            to_other = _score(mine, member, profiles[1], frequencies, weights)
            (near if to_near >= to_other else other).append(member)
        if not near or not other:
            return None
        groups = (near, other)
    if min(len(groups[0]), len(groups[1])) < min_part:
        return None
    left, right = _profile(groups[0], frequencies), _profile(groups[1], frequencies)
    cross = profile_similarity(left, right, frequencies, weights)
    left_year, right_year = left.year(), right.year()
    if left_year and right_year and abs(left_year - right_year) >= YEAR_CONFLICT_YEARS:
        cross *= year_conflict  # the groups' members agree on different years
    if cross >= threshold:
        return None
    founder = members[0].article_id
    moved = groups[1] if any(m.article_id == founder for m in groups[0]) else groups[0]
    return Split(tuple(m.article_id for m in moved), cross)


def _profile(members: Sequence[ArticleFeatures], frequencies: DocumentFrequencies) -> StoryProfile:
    profile = StoryProfile("split")
    for member in members:
        profile.add(member, frequencies)
    return profile


def _score(
    vectors: ArticleVectors,
    features: ArticleFeatures,
    profile: StoryProfile,
    frequencies: DocumentFrequencies,
    weights: Weights,
) -> float:
    # No time decay and no year check: the members already passed those against the story.
    return similarity(vectors, features, profile, frequencies, weights, math.inf, 1.0).score
