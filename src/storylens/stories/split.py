"""The split check: does a young story hold two events, and which of its members are the second?

An online clusterer decides on each article once: the first article of a new event often
joins the story of an earlier event of the same kind (a second earthquake in the region, a
second shooting in the town), since nothing better exists yet, and its successors follow it.
Once both events have a few articles the two groups are easy to tell apart. ``find_split``
tries three cuts of a story's members into two groups (a 2-means over their words and names,
the cut by whom their leads are about, the cut by the day their leads name) and says which
group to move out, when the two read as different events. The cost is bounded: the check
only runs on stories of at most ``SPLIT_MAX_MEMBERS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from storylens.stories.features import ArticleFeatures
from storylens.stories.index import DocumentFrequencies
from storylens.stories.scoring import (
    SAME_EVENT_DAYS,
    YEAR_CONFLICT_YEARS,
    ArticleVectors,
    ScoreRules,
    StoryProfile,
    Weights,
    actors_differ,
    days_differ,
    main_actor,
    main_day,
    profile_similarity,
    similarity_score,
)

# A split needs two groups of at least this many independent members: one odd article is an
# outlier, not an event, and a profile of two is too noisy to compare. B-cubed F1 over 10
# orders of bench/constants.py (docs/results/constants.json): 2, ECB+ 0.933 -> 0.913
# (gvc-train 0.975 -> 0.978, political features 0.996 -> 1.000); 4, AP state towns
# 1.000 -> 0.767, local reports 1.000 -> 0.917, wire/local/opinion 0.957, BASIL 0.986 and
# three more sets lower (ECB+ 0.936); 6, political features 0.766 as well.
SPLIT_MIN_PART = 3
# The check runs on stories of at most this many members: a larger story has a settled core,
# and the bound keeps the cost per article flat (24 still sees two merged events of a dozen).
# 12: ECB+ 0.933 -> 0.924; 48: the same stories.
SPLIT_MAX_MEMBERS = 24
# Two groups whose profiles score below this against each other are two events: two halves
# of one event's coverage mostly score 0.5-0.7 on ECB+, two same-kind events below 0.4.
SPLIT_THRESHOLD = 0.40
# ... and whose members score on average at least this much higher with the rest of their own
# group than with the other: two events' articles sit clearly in their group, while the two
# halves of one event told in varied words (a 2-means always finds some low-scoring cut) are
# each about as close to the other half.
SPLIT_MIN_MARGIN = 0.15
# Two events of one kind told in the same words (two players of one team arrested for drunk
# driving) differ in whom their leads are about: the cut by the person a member's lead names
# at least MIN_ACTOR_MENTIONS times (once is as often a witness or an official), and groups
# whose leads are about different people score SPLIT_ACTOR_FACTOR times their cross score.
# Both by hand, not swept; the rule lifted ECB+ 0.926 -> 0.931 over 10 orders (CHANGELOG.md).
MIN_ACTOR_MENTIONS = 2
SPLIT_ACTOR_FACTOR = 0.6
# Two same-kind events in one place (two shootings in one town, two votes of one parliament)
# share places, officials and the words of their kind of report; what differs is the day
# their leads say it happened. The cut by the first day each member's lead names, and groups
# whose leads name different days score SPLIT_DAY_FACTOR times: the same evidence of two
# events as different people, from the calendar instead of the cast, hence the same factor (not
# swept; the rule's figures, local reports 0.945 -> 1.000, are in CHANGELOG.md).
SPLIT_DAY_FACTOR = 0.6
# Rounds of assigning members to the nearer group: the two seeds already separate the events.
# 0 (the seeds alone): ECB+ 0.933 -> 0.900, political features 0.996 -> 0.973, wire/local/
# opinion 1.000 -> 0.957, BASIL 0.997; 2 and 3: ECB+ 0.934, no set lower (a candidate, not
# taken: see CHANGELOG.md).
SPLIT_ROUNDS = 1
# Weights whose plain-score rules are kept: one clusterer uses one set of weights.
PLAIN_RULES_KEPT = 8


@dataclass(frozen=True)
class SplitRules:
    """What a split needs: groups of ``min_part`` whose profiles score below ``threshold``
    against each other (times ``year_conflict`` when they agree on different years, times
    ``actor_factor`` when their leads are about different people, times ``day_factor`` when
    their leads name different days), and members at least ``min_margin`` closer to their own
    group than to the other. The defaults are the calibrated ones."""

    min_part: int = SPLIT_MIN_PART
    threshold: float = SPLIT_THRESHOLD
    year_conflict: float = 1.0
    min_margin: float = SPLIT_MIN_MARGIN
    actor_factor: float = SPLIT_ACTOR_FACTOR
    day_factor: float = SPLIT_DAY_FACTOR


@dataclass(frozen=True)
class Split:
    """A group of a story's members that reports another event, and how alike the groups are."""

    moved: tuple[str, ...]  # article ids to move out, in the order they joined
    cross_score: float
    margin: float = 0.0  # how much closer members are to their own group than to the other
    people: tuple[str, str] | None = None  # whom the leads are about (kept, moved), if they differ
    days: tuple[str, str] | None = (
        None  # the days the leads name most (kept, moved), if they differ
    )


def find_split(
    members: Sequence[ArticleFeatures],
    newcomer: str,
    frequencies: DocumentFrequencies,
    weights: Weights,
    rules: SplitRules,
    days_only: bool = False,
) -> Split | None:
    """The group to move out of a story whose members are ``members`` (founder first), or
    None when the story reads as one event by ``rules``. Three cuts are tried: a 2-means
    seeded by the newcomer and the member least like it, the cut by whom the leads are about,
    and the cut by the day the leads name (alone when ``days_only``)."""
    by_id = {m.article_id: m for m in members}
    if newcomer not in by_id or len(members) < 2 * rules.min_part:
        return None
    if days_only and sum(1 for m in members if m.days) < 2 * rules.min_part:
        return None
    vectors = {m.article_id: ArticleVectors.build(m, frequencies) for m in members}
    cuts = [_day_groups(members, vectors, frequencies, weights)]
    if not days_only:
        cuts = [
            _two_means(members, by_id[newcomer], vectors, frequencies, weights),
            _actor_groups(members, vectors, frequencies, weights),
            *cuts,
        ]
    for groups in cuts:
        if groups is None or min(len(groups[0]), len(groups[1])) < rules.min_part:
            continue
        left, right = group_profile(groups[0], frequencies), group_profile(groups[1], frequencies)
        cross = profile_similarity(left, right, frequencies, weights)
        left_year, right_year = left.year(), right.year()
        if left_year and right_year and abs(left_year - right_year) >= YEAR_CONFLICT_YEARS:
            cross *= rules.year_conflict  # the groups' members agree on different years
        people = None
        if actors_differ(left.actors, right.actors):
            cross *= rules.actor_factor  # the groups' leads are about different people
            people = (main_actor(left.actors), main_actor(right.actors))
        days = None
        if days_differ(left.days, right.days):
            cross *= rules.day_factor  # the groups' leads tell of events on different days
            days = (_iso(main_day(left.days)), _iso(main_day(right.days)))
        if cross >= rules.threshold:
            continue
        margin = _own_group_margin(groups, vectors, frequencies, weights)
        if margin < rules.min_margin:
            continue  # the members sit between the groups: one event cut in two
        founder = members[0].article_id
        founder_first = any(m.article_id == founder for m in groups[0])
        moved = groups[1] if founder_first else groups[0]
        if not founder_first:
            people = (people[1], people[0]) if people is not None else None
            days = (days[1], days[0]) if days is not None else None
        return Split(tuple(m.article_id for m in moved), cross, margin, people, days)
    return None


_Groups = tuple[list[ArticleFeatures], list[ArticleFeatures]]


def _two_means(
    members: Sequence[ArticleFeatures],
    seed: ArticleFeatures,
    vectors: dict[str, ArticleVectors],
    frequencies: DocumentFrequencies,
    weights: Weights,
) -> _Groups | None:
    """Members nearer the newcomer, and members nearer the member least like it."""
    seed_profile = group_profile([seed], frequencies)
    far = min(
        (m for m in members if m is not seed),
        key=lambda m: plain_score(vectors[m.article_id], m, seed_profile, frequencies, weights),
    )
    groups: _Groups = ([seed], [far])
    for _ in range(SPLIT_ROUNDS):
        groups = _nearer(members, groups, vectors, frequencies, weights)
        if not groups[0] or not groups[1]:
            return None
    return groups


def _actor_groups(
    members: Sequence[ArticleFeatures],
    vectors: dict[str, ArticleVectors],
    frequencies: DocumentFrequencies,
    weights: Weights,
) -> _Groups | None:
    """Members whose leads are about the story's most common main person, and members whose
    leads are about the second; members about neither go to the nearer group. Two events of
    one kind told in the same words (two players of one team arrested for drunk driving)
    differ in whom the leads name, which the word-based 2-means cannot see."""
    by_actor: dict[str, list[ArticleFeatures]] = {}
    for member in members:
        if member.actors and member.actors[0][1] >= MIN_ACTOR_MENTIONS:
            by_actor.setdefault(member.actors[0][0], []).append(member)
    if len(by_actor) < 2:
        return None
    first, second = sorted(by_actor.values(), key=len, reverse=True)[:2]
    placed = {m.article_id for m in first} | {m.article_id for m in second}
    rest = [m for m in members if m.article_id not in placed]
    near, other = _nearer(rest, (first, second), vectors, frequencies, weights)
    return first + near, second + other


def _day_groups(
    members: Sequence[ArticleFeatures],
    vectors: dict[str, ArticleVectors],
    frequencies: DocumentFrequencies,
    weights: Weights,
) -> _Groups | None:
    """Members whose leads first name the story's most common day (give or take
    ``SAME_EVENT_DAYS``), and members whose leads first name the next most common day apart
    from it; members naming no day go to the nearer group. Two shootings in one town a week
    apart differ in the day, which words and places cannot show."""
    first_days = {
        m.article_id: date.fromisoformat(m.days[0]).toordinal() for m in members if m.days
    }
    groups: list[list[ArticleFeatures]] = []
    left = [m for m in members if m.article_id in first_days]
    for _ in range(2):
        if not left:
            return None
        support = {
            day: sum(1 for m in left if abs(first_days[m.article_id] - day) <= SAME_EVENT_DAYS)
            for day in {first_days[m.article_id] for m in left}
        }
        center = min(support, key=lambda day: (-support[day], day))
        groups.append(
            [m for m in left if abs(first_days[m.article_id] - center) <= SAME_EVENT_DAYS]
        )
        left = [m for m in left if abs(first_days[m.article_id] - center) > SAME_EVENT_DAYS]
    placed = {m.article_id for group in groups for m in group}
    rest = [m for m in members if m.article_id not in placed]
    near, other = _nearer(rest, (groups[0], groups[1]), vectors, frequencies, weights)
    return groups[0] + near, groups[1] + other


def _nearer(
    members: Sequence[ArticleFeatures],
    groups: _Groups,
    vectors: dict[str, ArticleVectors],
    frequencies: DocumentFrequencies,
    weights: Weights,
) -> _Groups:
    """Each member in the group whose profile scores it higher (the first on a tie)."""
    profiles = (group_profile(groups[0], frequencies), group_profile(groups[1], frequencies))
    near: list[ArticleFeatures] = []
    other: list[ArticleFeatures] = []
    for member in members:
        mine = vectors[member.article_id]
        to_near = plain_score(mine, member, profiles[0], frequencies, weights)
        to_other = plain_score(mine, member, profiles[1], frequencies, weights)
        (near if to_near >= to_other else other).append(member)
    return near, other


def _own_group_margin(
    groups: tuple[list[ArticleFeatures], list[ArticleFeatures]],
    vectors: dict[str, ArticleVectors],
    frequencies: DocumentFrequencies,
    weights: Weights,
) -> float:
    """The mean of (score with the rest of its own group - score with the other group) over
    all members; leaving the member out keeps it from counting its own words as agreement.
    Runs only for a cut that passed the profile test, on at most ``SPLIT_MAX_MEMBERS``."""
    total = 0.0
    for mine, other in ((groups[0], groups[1]), (groups[1], groups[0])):
        other_profile = group_profile(other, frequencies)
        for member in mine:
            rest = group_profile([m for m in mine if m is not member], frequencies)
            own_vectors = vectors[member.article_id]
            total += plain_score(own_vectors, member, rest, frequencies, weights) - plain_score(
                own_vectors, member, other_profile, frequencies, weights
            )
    return total / (len(groups[0]) + len(groups[1]))


def _iso(day_number: int) -> str:
    return date.fromordinal(day_number).isoformat()


def group_profile(
    members: Sequence[ArticleFeatures], frequencies: DocumentFrequencies
) -> StoryProfile:
    profile = StoryProfile("split")
    for member in members:
        profile.add(member, frequencies)
    return profile


def plain_score(
    vectors: ArticleVectors,
    features: ArticleFeatures,
    profile: StoryProfile,
    frequencies: DocumentFrequencies,
    weights: Weights,
) -> float:
    """A member's score with a group's profile, with no time decay and no year check: the
    members already passed those against the story."""
    return similarity_score(vectors, features, profile, frequencies, _plain_rules(weights))


@lru_cache(maxsize=PLAIN_RULES_KEPT)
def _plain_rules(weights: Weights) -> ScoreRules:
    """The rules of ``plain_score``: made once per weights (a frozen dataclass's fields are
    set one Python call each, and the checks after a join score some twenty members)."""
    return ScoreRules(weights)
