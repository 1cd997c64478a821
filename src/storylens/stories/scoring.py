"""How similar an article is to a story, as a few named, explainable parts.

A story is summarised by a profile: the summed (sublinear) counts of the words and names of
its independent articles, the quotes they carry, and the dates they were published. An
article is compared with a profile on four things that tell events apart:

- ``terms``: TF-IDF cosine of the article's words with the story's words (the topic);
- ``names``: TF-IDF cosine over people, organisations, places, explicit dates and numbers
  (what separates two events of the same kind: two rehab stays, two earthquakes);
- ``quotes``: the share of the article's quoted words that the story already quotes;
- ``time``: a decay when the article was published long after (or before) the story.

The parts are combined with fixed weights into one score that a threshold turns into a
join decision, and the shared words/names/quotes are kept as the human-readable reasons.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from operator import mul
from typing import NamedTuple

from storylens.stories.features import ArticleFeatures, published_day
from storylens.stories.index import DocumentFrequencies
from storylens.stories.regions import is_state_or_nation

# The figures below are B-cubed F1 over 10 shuffled orders of bench/constants.py, now -> at
# the value tried (docs/results/constants.json); "flat": no set moves by 0.0005.
# Words kept in a story profile, by TF-IDF weight: bounds the cost of scoring and memory
# for stories with hundreds of articles, and keeps far more than any one article brings.
# 200 and 800: flat (at 800 the same stories in every order).
PROFILE_TERMS = 400
# Names kept in a story profile: the same bound as the words, half as many since an article
# keeps half as many names as words (features.TOP_ENTITIES, TOP_TERMS). 100: ECB+
# 0.9333 -> 0.9327; 400: the same stories.
PROFILE_NAMES = 200
# Quote shingles kept per story profile: a memory bound, by hand; one article brings at most
# MAX_QUOTES quotes of MAX_QUOTE_WORDS words, some 300 shingles. 1000 and 4000: the same
# stories in every order of every set.
PROFILE_QUOTE_SHINGLES = 2000
# Quotes are compared on word 4-grams: long enough to be the same quote, short enough to
# survive the small edits outlets make ("I am" -> "I'm" breaks only the grams around it).
# 2: ECB+ 0.933 -> 0.935, no set lower (a candidate, not taken: see CHANGELOG.md); 3 and 5:
# flat; 8: political features 0.996 -> 0.988.
QUOTE_SHINGLE_WORDS = 4
# The story profile's norms are recomputed when the stream has grown by this share since,
# so the IDF they were computed with never drifts far. 0.05 and 0.2: flat; 0 (recomputed at
# every add): gvc-train 0.975 -> 0.976 at half again the clustering time (32.7 s against
# 21 s for 10 orders of every set).
NORM_REFRESH_GROWTH = 0.1
# Shared words, names and quotes shown as the reasons of a join.
REASON_TERMS = 6
REASON_NAMES = 6
REASON_QUOTES = 2
REASON_QUOTE_WORDS = 10
# Without publication dates, the latest year an article names stands in for when it was
# written; a story whose members agree on a year differs from an article this many years off.
# Two by hand: one year apart is no conflict, since a January report of a December event
# names both years. Acts on ECB+ only (no dates): 1, 0.933 -> 0.932; 3, 0.9333 -> 0.9328;
# 4, flat.
YEAR_CONFLICT_YEARS = 2
# Members that must agree on a year before it counts as the story's year: by hand; one
# member's latest year may be a background year it recalls. 1, 3 and 4: flat.
MIN_YEAR_SUPPORT = 2
# A person who gets at most this share of a group's lead mentions is a minor name there: the
# reports of a second drunk-driving arrest recall the first player in passing. A hand choice,
# with the rule's figures only (ECB+ 0.926 -> 0.931, CHANGELOG.md); no sweep of the share.
MINOR_ACTOR_SHARE = 0.2
# Two event days this far apart or nearer are one: a shooting "late Saturday" is reported as
# "early Sunday", and a lead may give the day police spoke rather than the day it happened.
SAME_EVENT_DAYS = 1
# Words of a place key that make it a region, not a town: one county holds the look-alike
# incidents of neighbouring towns, and one event's reports name its town or its county.
REGION_WORDS = frozenset({"county", "parish", "borough", "province", "region", "state"})
# A name's weight (features.entity_keys: 1 + log of its mentions, a lead mention counting
# LEAD_WEIGHT) at or under which it is named in passing: once, outside the lead.
PASSING_MENTION = 1.0
# A lead's first day is mostly when its event happened; the days after it are developments
# ("police said Wednesday") or an earlier event recalled, and count this much. Half by hand,
# not swept: the lead-day rules were measured as a whole (CHANGELOG.md).
LATER_LEAD_DAY_WEIGHT = 0.5


def sublinear(count: float) -> float:
    return 1.0 + math.log(count) if count > 0 else 0.0


def day_number(published: str | None) -> int | None:
    """The publication day as a day count, for distances in days (``published_day`` reads it)."""
    day = published_day(published)
    return date.fromisoformat(day).toordinal() if day else None


def latest_year(features: ArticleFeatures) -> int | None:
    """The latest year the article names: a stand-in for its date when none is given."""
    years = [int(key[2:]) for key, _ in features.entities if key.startswith("y:")]
    return max(years) if years else None


def quote_shingles(quotes: Iterable[str]) -> set[int]:
    shingles: set[int] = set()
    for quote in quotes:
        words = quote.split()
        if len(words) < QUOTE_SHINGLE_WORDS:
            continue
        for i in range(len(words) - QUOTE_SHINGLE_WORDS + 1):
            shingles.add(hash(" ".join(words[i : i + QUOTE_SHINGLE_WORDS])))
    return shingles


@dataclass
class ArticleVectors:
    """An article's weighted vectors under the current IDF, computed once per add."""

    terms: dict[str, float]
    names: dict[str, float]
    term_norm: float
    name_norm: float
    quote_shingles: set[int]
    day: int | None
    year: int | None
    lead_days: dict[int, float] = field(default_factory=dict)  # days the lead names, weighted
    lead_places: dict[str, float] = field(default_factory=dict)  # places the lead names
    # The days the article writes out anywhere ("d:" name keys: "the night of Dec. 7").
    written_days: dict[int, float] = field(default_factory=dict)
    # The IDF of each key of ``terms`` and of ``names``, in their order: a story's shared sum
    # reads them with no IDF look-up per shared key (``_shared_sum``).
    term_idfs: list[float] = field(default_factory=list, repr=False, compare=False)
    name_idfs: list[float] = field(default_factory=list, repr=False, compare=False)
    # ``lookup_keys`` ranked in full, once: the join and the gathering of lone articles ask
    # for the newcomer's under the same IDF.
    _ranked_keys: list[tuple[str, float]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def build(cls, features: ArticleFeatures, frequencies: DocumentFrequencies) -> ArticleVectors:
        """The article's vectors under the current IDF, built once per add: the checks after
        a join (split, rehoming, lone articles) ask for the same members' vectors again.
        Callers only read them."""
        return frequencies.built("vectors", features, lambda: cls._weigh(features, frequencies))

    @classmethod
    def _weigh(cls, features: ArticleFeatures, frequencies: DocumentFrequencies) -> ArticleVectors:
        parts = _member_parts(features, frequencies)
        terms, term_idfs = _weighted(parts.term_keys, parts.term_weights, frequencies)
        names, name_idfs = _weighted(
            [k for k, _ in features.entities], [w for _, w in features.entities], frequencies
        )
        return cls(
            terms=terms,
            names=names,
            term_norm=_norm(terms.values()),
            name_norm=_norm(names.values()),
            quote_shingles=parts.quote_shingles,
            day=parts.day,
            year=parts.year,
            lead_days=parts.lead_days,
            lead_places=parts.lead_places,
            written_days=written_day_weights(names),
            term_idfs=term_idfs,
            name_idfs=name_idfs,
        )

    def lookup_keys(self, limit: int) -> list[tuple[str, float]]:
        """The article's most distinctive words and names, for the candidate index."""
        if self._ranked_keys is None:
            # Ranked by (-weight, key) as plain tuples: no Python call per comparison.
            term_norm, name_norm = self.term_norm, self.name_norm
            ranked = sorted(
                [(-(w / term_norm), k) for k, w in self.terms.items()]
                + [(-(w / name_norm), k) for k, w in self.names.items()]
            )
            self._ranked_keys = [(k, -negated) for negated, k in ranked]
        return self._ranked_keys[:limit]


@dataclass(frozen=True)
class _MemberParts:
    """What an article adds to a profile that does not depend on the IDF."""

    term_keys: tuple[str, ...]
    term_weights: tuple[float, ...]  # each term's sublinear count, in ``term_keys`` order
    quote_shingles: set[int]  # shared by every reader: never changed in place
    lead_days: dict[int, float]
    lead_places: dict[str, float]
    year: int | None
    day: int | None


def _member_parts(features: ArticleFeatures, frequencies: DocumentFrequencies) -> _MemberParts:
    """The article's IDF-free parts, built once and kept across adds: one add rebuilds the
    profiles of the split check's groups and of the story it moves a member out of, over
    and over from the same members, and the next adds to that story do it again."""

    def build() -> _MemberParts:
        return _MemberParts(
            term_keys=tuple([term for term, _ in features.terms]),
            term_weights=tuple([sublinear(count) for _, count in features.terms]),
            quote_shingles=quote_shingles(features.quotes),
            lead_days=lead_day_weights(features),
            lead_places=lead_place_weights(features),
            year=latest_year(features),
            day=day_number(features.published),
        )

    return frequencies.kept("parts", features, build)


@dataclass
class StoryProfile:
    """What a story's independent articles say, summed, plus when they were published."""

    story_id: str
    terms: dict[str, float] = field(default_factory=dict)
    names: dict[str, float] = field(default_factory=dict)
    quote_shingles: set[int] = field(default_factory=set)
    articles: int = 0
    first_day: int | None = None
    last_day: int | None = None
    years: dict[int, int] = field(default_factory=dict)
    actors: dict[str, float] = field(default_factory=dict)  # people the members' leads name
    days: dict[int, float] = field(default_factory=dict)  # days the members' leads name
    places: dict[str, float] = field(default_factory=dict)  # places the members' leads name
    dense_sum: list[float] | None = None  # sum of members' unit embeddings, when they have them
    _term_norm: float = 0.0
    _name_norm: float = 0.0
    _norm_documents: int = -1
    _central: frozenset[str] | None = None

    def add(self, features: ArticleFeatures, frequencies: DocumentFrequencies) -> None:
        self.articles += 1
        parts = _member_parts(features, frequencies)
        terms = self.terms
        for term, weight in zip(parts.term_keys, parts.term_weights, strict=False):
            terms[term] = terms.get(term, 0.0) + weight
        names = self.names
        for key, weight in features.entities:
            names[key] = names.get(key, 0.0) + weight
        if len(self.quote_shingles) < PROFILE_QUOTE_SHINGLES:
            self.quote_shingles |= parts.quote_shingles
        if features.dense is not None:
            if self.dense_sum is None:
                self.dense_sum = [0.0] * len(features.dense)
            if len(self.dense_sum) == len(features.dense):
                self.dense_sum = [
                    a + b for a, b in zip(self.dense_sum, features.dense, strict=True)
                ]
        for key, count in features.actors:
            self.actors[key] = self.actors.get(key, 0.0) + count
        for ordinal, weight in parts.lead_days.items():
            self.days[ordinal] = self.days.get(ordinal, 0.0) + weight
        for place, weight in parts.lead_places.items():
            self.places[place] = self.places.get(place, 0.0) + weight
        year = parts.year
        if year is not None:
            self.years[year] = self.years.get(year, 0) + 1
        day = parts.day
        if day is not None:
            self.first_day = day if self.first_day is None else min(self.first_day, day)
            self.last_day = day if self.last_day is None else max(self.last_day, day)
        _prune(self.terms, PROFILE_TERMS, frequencies)
        _prune(self.names, PROFILE_NAMES, frequencies)
        self._norm_documents = -1
        self._central = None

    def central_names(self, frequencies: DocumentFrequencies, count: int) -> frozenset[str]:
        """The ``count`` weightiest names (summed weight x IDF): what the story is about.
        Kept until the story changes, since many articles ask about the same few stories."""
        if self._central is None:
            names = self.names
            ranked = sorted(names, key=lambda key: (-names[key] * frequencies.idf(key), key))
            self._central = frozenset(ranked[:count])
        return self._central

    def norms(self, frequencies: DocumentFrequencies) -> tuple[float, float]:
        stale = self._norm_documents < 0 or frequencies.documents > self._norm_documents * (
            1.0 + NORM_REFRESH_GROWTH
        )
        if stale:
            terms, names = self.terms, self.names
            self._term_norm = _norm(list(map(mul, terms.values(), frequencies.idfs(terms))))
            self._name_norm = _norm(list(map(mul, names.values(), frequencies.idfs(names))))
            self._norm_documents = frequencies.documents
        return self._term_norm, self._name_norm

    def year(self) -> int | None:
        """The year most members name last, when enough of them agree on it."""
        if not self.years:
            return None
        year, support = max(self.years.items(), key=lambda item: (item[1], item[0]))
        if support < MIN_YEAR_SUPPORT or support * 2 < sum(self.years.values()):
            return None
        return year

    def days_apart(self, day: int | None) -> int | None:
        if day is None or self.first_day is None or self.last_day is None:
            return None
        if day < self.first_day:
            return self.first_day - day
        return max(0, day - self.last_day)


@dataclass(frozen=True)
class Weights:
    """How the parts of the similarity add up (they sum to 1, so the score is in 0..1)."""

    terms: float
    names: float
    quotes: float
    dense: float = 0.0  # share of the score taken by embeddings, when both sides have them


@dataclass(frozen=True)
class ScoreRules:
    """How an article's score with a story is made: the parts' weights, the time decay
    (``grace_days`` of no decay, then ``decay_days`` per factor e), and the factor for a
    story whose members name a different year, and ``day_penalty`` taken off the score when
    the article's lead names another day than the story's leads (``days_differ``); an article
    whose lead names the story's day (``days_agree``) decays only after
    ``same_day_grace_days``; ``place_penalty`` is taken off when the article's lead and the
    story's leads name other towns (``places_differ``); an article whose words and names
    score at least ``strong_score`` with the story before the time factor may join it
    undecayed when no story scores above the bar with the decay (``join_scores``), or at
    least ``agreeing_score`` when the leads agree (``leads_agree``). The defaults leave time,
    years, days and places out."""

    weights: Weights
    grace_days: float = math.inf
    decay_days: float = 1.0
    year_conflict: float = 1.0
    day_penalty: float = 0.0
    same_day_grace_days: float = 0.0
    place_penalty: float = 0.0
    strong_score: float = math.inf
    agreeing_score: float = math.inf


@dataclass(frozen=True)
class Similarity:
    """The similarity of one article to one story, part by part, with its evidence."""

    story_id: str
    score: float
    terms: float
    names: float
    quotes: float
    time: float
    dense: float | None = None  # cosine of the embeddings, when both sides have them
    shared_terms: tuple[str, ...] = ()
    shared_names: tuple[str, ...] = ()
    shared_quotes: tuple[str, ...] = ()

    def reasons(self) -> tuple[str, ...]:
        reasons = [
            f"score {self.score:.2f} (words {self.terms:.2f}, names {self.names:.2f}, "
            f"quotes {self.quotes:.2f}"
            + (f", embeddings {self.dense:.2f}" if self.dense is not None else "")
            + f", time x{self.time:.2f})"
        ]
        if self.shared_names:
            reasons.append("shared names: " + ", ".join(self.shared_names))
        if self.shared_terms:
            reasons.append("shared words: " + ", ".join(self.shared_terms))
        for quote in self.shared_quotes:
            reasons.append(f"shared quote: “{quote}”")
        return tuple(reasons)


def actors_differ(left: dict[str, float], right: dict[str, float]) -> bool:
    """Whether two groups' leads are about different people: each group's main person (the
    one its leads name most) is at most a minor name in the other group's leads."""
    if not left or not right:
        return False
    return _minor_in(left, main_actor(right)) and _minor_in(right, main_actor(left))


def lead_place_weights(features: ArticleFeatures) -> dict[str, float]:
    """The towns an article's lead names, the first weighing most (a lead names where its
    event happened first). A region ("Dunmore County", "Harris County") is left out: the
    towns of one county share it, and one event's reports name its town or its county."""
    towns = [place for place in features.places if not is_region(place)]
    return {
        place: 1.0 if position == 0 else LATER_LEAD_DAY_WEIGHT
        for position, place in enumerate(towns)
    }


def is_region(place: str) -> bool:
    """Whether a place key names a county, parish or other region rather than a town."""
    return any(word in REGION_WORDS for word in place.removeprefix("e:").split(" "))


def places_differ(
    article_places: Iterable[str],
    article_names: Mapping[str, float],
    story_places: Iterable[str],
    story_names: Mapping[str, float],
) -> bool:
    """Whether an article's lead and a story's leads tell of events in other towns: both name
    a town, and no town either side's leads name is named by the other side more than in
    passing. The reports of one event name its town, its neighbourhood or its county as
    they please (on gvc-train a third of one incident's reports name a town in the lead that
    the story's leads do not), but one of them is named in the other's text; a look-alike
    incident in the next town is told without naming the first town, or naming it once
    ("deputies compared it with Sunday's robbery in Tamworth")."""
    article_towns = list(article_places)
    story_towns = list(story_places)
    if not article_towns or not story_towns:
        return False
    return not any(
        story_names.get(town, 0.0) > PASSING_MENTION for town in article_towns
    ) and not any(article_names.get(town, 0.0) > PASSING_MENTION for town in story_towns)


def lead_day_weights(features: ArticleFeatures) -> dict[int, float]:
    """The days an article's lead names (as day numbers), the first weighing most."""
    weights: dict[int, float] = {}
    for position, day in enumerate(features.days):
        ordinal = date.fromisoformat(day).toordinal()
        weight = 1.0 if position == 0 else LATER_LEAD_DAY_WEIGHT
        weights[ordinal] = max(weights.get(ordinal, 0.0), weight)
    return weights


def days_differ(left: dict[int, float], right: dict[int, float]) -> bool:
    """Whether two groups' leads tell of events on different days: the day each group's leads
    name most is, give or take ``SAME_EVENT_DAYS``, at most a minor day of the other group's.
    Two shootings in one town a week apart share the town, the street names and the words of
    a shooting report; the days their leads give are what differs."""
    if not left or not right:
        return False
    return _day_minor_in(left, main_day(right)) and _day_minor_in(right, main_day(left))


def days_agree(article: dict[int, float], story: dict[int, float]) -> bool:
    """Whether a day an article's lead names is, give or take ``SAME_EVENT_DAYS``, more than
    a minor day of the story's leads: a hearing or a sentencing weeks later whose lead dates
    the shooting it follows up (any of its days: such a lead names the hearing's day first;
    gvc-train 0.958 with its first day only, 0.963 with any)."""
    if not article or not story:
        return False
    return any(not _day_minor_in(story, day) for day in article)


def written_day_weights(names: Mapping[str, float]) -> dict[int, float]:
    """The days an article's text writes out (its ``d:`` name keys), as day numbers."""
    found: dict[int, float] = {}
    for key in names:
        if key.startswith("d:"):
            try:
                found[date.fromisoformat(key[2:]).toordinal()] = 1.0
            except ValueError:
                continue
    return found


def dates_story_day(article: ArticleVectors, story: StoryProfile) -> bool:
    """Whether a later article dates the story's event: its lead names the story's day
    (``days_agree``), or its text writes that day out ("accused of shooting her brother the
    night of Dec. 7", in a hearing report whose lead gives only the hearing's day) while its
    lead names no other day than the story's (``days_differ``). The written day alone also
    takes a later event that recalls an earlier one by its date (political features 0.996 ->
    0.988: a no-confidence vote that recalls the budget day); with the lead's day check,
    gvc-train 0.9746 -> 0.9754 and no corpus lower (ten orders, issue 23)."""
    if days_agree(article.lead_days, story.days):
        return True
    if not article.written_days or days_differ(article.lead_days, story.days):
        return False
    return days_agree(article.written_days, story.days)


def main_day(days: dict[int, float]) -> int:
    """The day named most (the earliest on a tie, so that the choice is stable)."""
    return min(days, key=lambda day: (-days[day], day))


def _day_minor_in(days: dict[int, float], day: int) -> bool:
    near = sum(w for d, w in days.items() if abs(d - day) <= SAME_EVENT_DAYS)
    return near <= MINOR_ACTOR_SHARE * sum(days.values())


def _minor_in(actors: dict[str, float], person: str) -> bool:
    return actors.get(person, 0.0) <= MINOR_ACTOR_SHARE * sum(actors.values())


def main_actor(actors: dict[str, float]) -> str:
    """The person named most (the first by key on a tie, so that the choice is stable)."""
    return min(actors, key=lambda key: (-actors[key], key))


def time_factor(days_apart: int | None, grace_days: float, decay_days: float) -> float:
    """1 within the grace period, then an exponential decay; 1 when a date is unknown."""
    if days_apart is None or days_apart <= grace_days:
        return 1.0
    return math.exp(-(days_apart - grace_days) / decay_days)


def similarity(
    article: ArticleVectors,
    features: ArticleFeatures,
    story: StoryProfile,
    frequencies: DocumentFrequencies,
    rules: ScoreRules,
) -> Similarity:
    parts = _similarity_parts(article, features, story, frequencies, rules, explain=True)
    return Similarity(
        story_id=story.story_id,
        score=parts.score,
        terms=parts.terms,
        names=parts.names,
        quotes=parts.quotes,
        time=parts.time,
        dense=parts.dense,
        shared_terms=_top_keys(parts.term_parts, REASON_TERMS),
        shared_names=_readable_names(parts.name_parts),
        shared_quotes=_shared_quotes(features.quotes, story) if parts.quotes > 0 else (),
    )


def similarity_score(
    article: ArticleVectors,
    features: ArticleFeatures,
    story: StoryProfile,
    frequencies: DocumentFrequencies,
    rules: ScoreRules,
) -> float:
    """The score of ``similarity`` alone, without ranking the shared words and names into
    reasons: for the checks that compare many article-profile pairs and explain none."""
    return _similarity_parts(article, features, story, frequencies, rules).score


def join_scores(
    article: ArticleVectors,
    features: ArticleFeatures,
    story: StoryProfile,
    frequencies: DocumentFrequencies,
    rules: ScoreRules,
) -> tuple[float, float]:
    """The score of ``similarity``, and the score without the time decay when the article's
    words and names score at least ``rules.strong_score`` with the story, or at least
    ``rules.agreeing_score`` and the leads agree (``leads_agree``); else the same."""
    parts = _similarity_parts(article, features, story, frequencies, rules)
    return parts.score, parts.undecayed


class JoinInputs(NamedTuple):
    """What the join decision weighs, as the learned join model reads it (``join_model.py``):
    the three similarities times the time factor, and whether the leads name other days."""

    terms: float
    names: float
    quotes: float
    other_day: float  # 1.0 when the article's lead and the story's leads name other days
    other_place: float  # 1.0 when they tell of another incident by town and day


JOIN_INPUT_NAMES = JoinInputs._fields


def join_inputs(
    article: ArticleVectors,
    features: ArticleFeatures,
    story: StoryProfile,
    frequencies: DocumentFrequencies,
    rules: ScoreRules,
) -> JoinInputs:
    """The join model's inputs for one article and one story (its training examples)."""
    parts = _similarity_parts(article, features, story, frequencies, rules)
    other_day = 1.0 if days_differ(article.lead_days, story.days) else 0.0
    other_place = 1.0 if other_incident(article, features, story) else 0.0
    time = parts.time
    return JoinInputs(
        time * parts.terms, time * parts.names, time * parts.quotes, other_day, other_place
    )


class _Parts(NamedTuple):
    """A score's parts (a tuple: one is made for every score, and a frozen dataclass's
    fields are set one Python call each)."""

    score: float
    terms: float
    names: float
    quotes: float
    time: float
    dense: float | None
    term_parts: dict[str, float]
    name_parts: dict[str, float]
    undecayed: float  # the score without the time decay when the words and names agree


def _similarity_parts(
    article: ArticleVectors,
    features: ArticleFeatures,
    story: StoryProfile,
    frequencies: DocumentFrequencies,
    rules: ScoreRules,
    explain: bool = False,
) -> _Parts:
    """The score's parts; with ``explain``, the shared words' and names' parts by key too
    (for the one story joined: the other scores need only their sums)."""
    weights = rules.weights
    term_norm, name_norm = story.norms(frequencies)
    if explain:
        term_parts = _shared_parts(article.terms, story.terms, frequencies)
        name_parts = _shared_parts(article.names, story.names, frequencies)
        term_shared, name_shared = sum(term_parts.values()), sum(name_parts.values())
    else:
        term_parts = name_parts = _NOT_EXPLAINED
        term_shared = _shared_sum(article.terms, article.term_idfs, story.terms)
        name_shared = _shared_sum(article.names, article.name_idfs, story.names)
    terms = _cosine(term_shared, article.term_norm, term_norm)
    names = _cosine(name_shared, article.name_norm, name_norm)
    quotes = 0.0
    if article.quote_shingles and story.quote_shingles:
        shared = len(article.quote_shingles & story.quote_shingles)
        quotes = shared / len(article.quote_shingles)
    sparse = weights.terms * terms + weights.names * names + weights.quotes * quotes
    apart = story.days_apart(article.day)
    grace = rules.grace_days
    if (
        rules.same_day_grace_days > grace
        and apart is not None
        and apart > grace
        and dates_story_day(article, story)
    ):
        grace = rules.same_day_grace_days  # a later report that dates the story's own event
    time = time_factor(apart, grace, rules.decay_days)
    year = 1.0
    if apart is None and article.year is not None:
        story_year = story.year()
        if story_year is not None and abs(story_year - article.year) >= YEAR_CONFLICT_YEARS:
            year = rules.year_conflict
    dense = _dense_cosine(features.dense, story.dense_sum)
    evidence = sparse
    if dense is not None:
        lifted = max(0.0, (dense - DENSE_FLOOR) / (1.0 - DENSE_FLOOR))
        evidence = (1.0 - weights.dense) * sparse + weights.dense * lifted
    penalty = 0.0
    if rules.day_penalty and days_differ(article.lead_days, story.days):
        penalty += rules.day_penalty
    if rules.place_penalty and other_incident(article, features, story):
        penalty += rules.place_penalty
    score = year * time * evidence
    # A story the time decay keeps out is still this article's event when their words and
    # names agree this strongly: the score it would have undecayed, for the join decision to
    # fall back on when no story scores above the bar with the decay.
    undecayed = score
    if time < 1.0 and (
        sparse >= rules.strong_score
        or (sparse >= rules.agreeing_score and leads_agree(article, features, story))
    ):
        undecayed = year * evidence
    if penalty:
        score = max(0.0, score - penalty)
        undecayed = max(0.0, undecayed - penalty)
    return _Parts(
        score, terms, names, quotes, year * time, dense, term_parts, name_parts, undecayed
    )


def leads_agree(article: ArticleVectors, features: ArticleFeatures, story: StoryProfile) -> bool:
    """Whether an article's lead and a story's leads tell of one event by place and day: they
    name a town in common, and neither other days (``days_differ``) nor other towns
    (``other_town``). A charge or a hearing weeks later whose lead names the shooting's town
    and no other day reads as that shooting's report; a same-kind event's lead names its
    own day or its own town."""
    if not set(article.lead_places) & set(story.places):
        return False
    if days_differ(article.lead_days, story.days):
        return False
    return not other_town(article, features, story)


def other_incident(article: ArticleVectors, features: ArticleFeatures, story: StoryProfile) -> bool:
    """Whether an article's lead and a story's leads state another incident: both give a day
    and a town, the towns differ (``places_differ``; a state or a country is no town:
    ``regions.py``) and no day is shared. Look-alike incidents a day apart in neighbouring
    towns share the county, the sheriff, the hospital and the words of their kind of report;
    only the place and the day their leads give tell them apart. Without the day the town
    alone also flags one event's reports (a court hearing in the county seat after a
    shooting in a village), and a lead with no day, the usual case on ECB+, is no evidence
    either way. Gold stories placed in three orders: it flags 18 of the 20 look-alike
    candidates above the join threshold, 15 of 545 gvc-train joins of one incident (28 for
    ``other_town``), none of 2,049 on ECB+ (60)."""
    if not article.lead_days or not story.days:
        return False
    towns = [place for place in article.lead_places if not is_state_or_nation(place)]
    story_towns = [place for place in story.places if not is_state_or_nation(place)]
    if not places_differ(towns, dict(features.entities), story_towns, story.names):
        return False
    return not any(day in story.days for day in article.lead_days)


def other_town(article: ArticleVectors, features: ArticleFeatures, story: StoryProfile) -> bool:
    """``places_differ`` for an article and a story, unless a day the article's lead names is
    one the story's leads name: reports dated to the same day that name a town and its
    neighbourhood (gvc-train: "Culebra" and "San Antonio") are one event's. Gold stories
    placed in three orders: this takes the reports of one event for another town's in 28 of
    545 gvc-train joins (48 without the day), 60 of 2,049 on ECB+, and flags 24 of the 26
    look-alike stories scoring above the join threshold (the lead-town test before issue 23:
    164 of 545 gvc-train joins)."""
    if not article.lead_places or not story.places:
        return False  # before the article's names are read: most candidates stop here
    mentions = dict(features.entities)
    if not places_differ(article.lead_places, mentions, story.places, story.names):
        return False
    return not any(day in story.days for day in article.lead_days)


# Embedding cosine that is no evidence of one event: all-MiniLM-L6-v2 gives two news reports
# of the same kind (two rehab stays, two earthquakes) a cosine near 0.5 whatever the event, so
# only the part above this floor counts: counting all of it chained same-kind stories together
# on ECB+ (figures in CHANGELOG.md).
DENSE_FLOOR = 0.5


def _dense_cosine(
    vector: Sequence[float] | None, story_sum: Sequence[float] | None
) -> float | None:
    """Cosine between an article's embedding and the story's summed embeddings, if both exist."""
    if vector is None or story_sum is None or len(vector) != len(story_sum):
        return None
    norm = _norm(story_sum)
    if norm == 0.0:
        return None
    return max(0.0, sum(a * b for a, b in zip(vector, story_sum, strict=True)) / norm)


def _shared_parts(
    article: dict[str, float], story: dict[str, float], frequencies: DocumentFrequencies
) -> dict[str, float]:
    # Bound once: this runs over every article key for every candidate story.
    story_weight_of, idf = story.get, frequencies.idf_lookup()
    return {
        key: weight * shared * idf(key)
        for key, weight in article.items()
        if (shared := story_weight_of(key))
    }


# The parts by key of a score not explained (``_similarity_parts`` without ``explain``).
_NOT_EXPLAINED: dict[str, float] = {}


def _shared_sum(article: dict[str, float], idfs: Sequence[float], story: dict[str, float]) -> float:
    """``sum(_shared_parts(article, story, frequencies).values())`` with ``idfs`` the IDF of
    each article key in order (``ArticleVectors.term_idfs``): the same products added in the
    same order, gathered in a list rather than a dictionary (a seventh faster), with no IDF
    look-up per shared key (this runs for every candidate story of every add and for the
    members in the checks after it). 0 when nothing is shared."""
    story_weight_of = story.get
    return sum(
        [
            weight * shared * idf
            for key, weight, idf in zip(article, article.values(), idfs, strict=False)
            if (shared := story_weight_of(key))
        ]
    )


def _weighted(
    keys: Sequence[str], weights: Sequence[float], frequencies: DocumentFrequencies
) -> tuple[dict[str, float], list[float]]:
    """``{key: weight * idf(key)}`` (a key given twice keeps its first place and its last
    weight, as a dict comprehension does), and the IDF of its keys in its order."""
    idfs = frequencies.idfs(keys)
    weighted = dict(zip(keys, map(mul, weights, idfs), strict=False))
    if len(weighted) < len(keys):
        idfs = frequencies.idfs(list(weighted))
    return weighted, idfs


def _cosine(shared: float, left_norm: float, right_norm: float) -> float:
    """The cosine of two vectors whose shared parts sum to ``shared`` (0 when no key is
    shared: no division then)."""
    if not shared or left_norm == 0.0 or right_norm == 0.0:
        return 0.0
    return min(1.0, shared / (left_norm * right_norm))


def _top_keys(parts: dict[str, float], limit: int) -> tuple[str, ...]:
    ranked = sorted(parts.items(), key=lambda item: (-item[1], item[0]))
    return tuple(key for key, _ in ranked[:limit])


def _readable_names(parts: dict[str, float]) -> tuple[str, ...]:
    """The top shared names, without the single words of a longer shared name."""
    names = [key.split(":", 1)[1] for key in _top_keys(parts, len(parts))]
    long_words = {word for name in names if " " in name for word in name.split(" ")}
    kept = [name for name in names if " " in name or name not in long_words]
    return tuple(kept[:REASON_NAMES])


def _shared_quotes(quotes: Sequence[str], story: StoryProfile) -> tuple[str, ...]:
    shared = []
    for quote in quotes:
        if quote_shingles([quote]) & story.quote_shingles:
            shared.append(" ".join(quote.split()[:REASON_QUOTE_WORDS]))
        if len(shared) >= REASON_QUOTES:
            break
    return tuple(shared)


def _norm(values: Iterable[float]) -> float:
    # Squares summed in order through ``map``: the same sum as a generator's, a third faster
    # (norms run over every profile's 600 keys after each change).
    listed = values if isinstance(values, list) else list(values)
    return math.sqrt(sum(map(mul, listed, listed)))


def _prune(weights: dict[str, float], limit: int, frequencies: DocumentFrequencies) -> None:
    """Keep the ``limit`` keys ranked first by (-weight x IDF, key)."""
    if len(weights) <= limit:
        return
    idfs = frequencies.idfs(weights)
    # The floats alone are sorted to find the cut: a list of floats sorts with a specialised
    # comparison and no Python call per key (a 460-key profile 117 -> 73 us; a big story's
    # profile is pruned at every add). Only keys tied at the cut are ranked by key, so the
    # same keys stay as with (-weight x IDF, key) sorted.
    scores = [-weight * idf for weight, idf in zip(weights.values(), idfs, strict=False)]
    ranked = sorted(scores)
    cut = ranked[limit - 1]
    places_at_cut = limit - bisect_left(ranked, cut)
    tied = sorted(key for key, score in zip(weights, scores, strict=True) if score == cut)
    dropped = [key for key, score in zip(weights, scores, strict=True) if score > cut]
    for key in dropped + tied[places_at_cut:]:
        del weights[key]


def profile_similarity(
    left: StoryProfile, right: StoryProfile, frequencies: DocumentFrequencies, weights: Weights
) -> float:
    """How alike two story profiles are (words, names, quotes; no time): the split check's
    measure of whether two groups of one story report the same event."""
    left_terms, left_names = left.norms(frequencies)
    right_terms, right_names = right.norms(frequencies)
    term_parts = _profile_parts(left.terms, right.terms, frequencies)
    name_parts = _profile_parts(left.names, right.names, frequencies)
    terms = _cosine(sum(term_parts.values()), left_terms, right_terms)
    names = _cosine(sum(name_parts.values()), left_names, right_names)
    quotes = 0.0
    if left.quote_shingles and right.quote_shingles:
        shared = len(left.quote_shingles & right.quote_shingles)
        quotes = shared / min(len(left.quote_shingles), len(right.quote_shingles))
    return weights.terms * terms + weights.names * names + weights.quotes * quotes


def _profile_parts(
    left: dict[str, float], right: dict[str, float], frequencies: DocumentFrequencies
) -> dict[str, float]:
    if len(right) < len(left):
        left, right = right, left
    parts = {}
    for key, weight in left.items():
        other = right.get(key)
        if other:
            parts[key] = weight * other * frequencies.idf(key) ** 2
    return parts
