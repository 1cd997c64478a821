"""Stream statistics and the inverted index that finds candidate stories for an article.

Document frequencies are counted over the independent articles seen so far (copies do not
count), so IDF reflects the stream the clusterer actually works on. The inverted index maps
each distinctive key (a content word or a name) to the stories that used it most recently;
a new article looks up its own most distinctive keys and gets a short list of candidate
stories, so the cost per article does not grow with the number of stored articles. Stories
that left the clusterer's time window are ``forget``-ten: they stop being candidates at once
and their posting entries are swept out in bulk, so the index holds the window only.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from itertools import filterfalse, repeat
from typing import Any, TypeVar

_Built = TypeVar("_Built")

# Posting lists keep this many most recent stories per key: bounded work per lookup, and a
# key shared by more stories than this is not what tells one event from another anyway.
# The figures below are B-cubed F1 over 10 shuffled orders of every story set by
# bench/constants.py (docs/results/constants.json). 32: flat (one order of one set moves);
# 128: the same stories in every order.
POSTING_LIMIT = 64
# Keys of the incoming article looked up in the index, by TF-IDF weight. A hand choice: its
# most distinctive words and names find its event's stories, and each key more costs one more
# posting list read per article. 12: wire/local/opinion 1.000 -> 0.984, week follow-ups
# 0.982 -> 0.976, BASIL 1.000 -> 0.999; 48: gvc-train 0.9754 -> 0.9748.
LOOKUP_KEYS = 24
# Candidate stories scored in full per article (the rest are never looked at). A hand choice:
# scoring the 16 took 23% of clustering CPU after 12,000 articles (docs/scaling.md). 8 and 32:
# flat (2 and 4 of 120 orders give other stories, no set moves by 0.0005).
MAX_CANDIDATES = 16
# Forgotten stories' posting entries are swept out once there are this many forgotten stories
# per live one: a sweep reads every posting list, so sweeping at a share of the live stories
# keeps its cost per forgotten story bounded (and the dead entries at most this share).
# Not reached on the dev sets (stories are forgotten from the 1,000th arrival on, and no set
# has 1,000 articles): 0.125 and 0.5 give the same stories; its cost is bench/scale.py's.
SWEEP_SHARE = 0.25
# Owners whose IDF-free values (``DocumentFrequencies.kept``) outlive an add: the checks after
# a join rebuild the profiles of a young story's members, which joined up to some 16,000
# articles before (the clusterer keeps the features of its 20,000 most recent articles for
# them); 8,192 holds 93% of those rebuilds on the synthetic stream at 10k-14k articles.
KEPT_OWNERS = 8192


class DocumentFrequencies:
    """How many independent articles used each key; smoothed IDF from them."""

    def __init__(self) -> None:
        self.documents = 0
        self._counts: Counter[str] = Counter()
        # IDF values computed since the last add: scoring one article against its candidate
        # stories (and a story's members against it) asks for the same keys many times over.
        self._idf = _IdfTable(self.documents, self._counts)
        # Per-article values built since the last add (an article's IDF-weighted vectors):
        # within one add the split check, the rehoming of a weakest member and the gathering
        # of lone articles build them again for the same members under the same IDF.
        self._built: dict[tuple[str, int], tuple[object, Any]] = {}
        # Per-article values that do not depend on the IDF, kept across adds (``kept``).
        self._kept: dict[tuple[str, int], tuple[object, Any]] = {}

    def add(self, keys: Iterable[str]) -> None:
        self.documents += 1
        self._counts.update(keys)
        self._idf.reset(self.documents, self._counts)
        self._built.clear()

    def built(self, kind: str, owner: object, build: Callable[[], _Built]) -> _Built:
        """``build()``, computed once per ``owner`` object and ``kind`` until the next add
        (which changes every IDF, so nothing built before it is reused after it)."""
        return _cached(self._built, kind, owner, build)

    def kept(self, kind: str, owner: object, build: Callable[[], _Built]) -> _Built:
        """``build()``, computed once per ``owner`` object and ``kind`` and kept across adds
        for the ``KEPT_OWNERS`` owners first asked about most recently: for values that do
        not depend on the IDF (an article's sublinear counts, its lead days)."""
        return _cached(self._kept, kind, owner, build, KEPT_OWNERS)

    def count(self, key: str) -> int:
        return self._counts.get(key, 0)

    def idf(self, key: str) -> float:
        return self._idf[key]

    def idf_lookup(self) -> Callable[[str], float]:
        """``idf`` as a plain dictionary lookup, for the scoring loops that ask for it millions
        of times per thousand articles; valid until the next add."""
        return self._idf.__getitem__

    def idfs(self, keys: Collection[str]) -> list[float]:
        """``[idf(key) for key in keys]``, with the keys not asked for since the last add
        filled in one batch (``_IdfTable.fill``) rather than one Python call each: a
        profile's norms and its prune ask for some 600 keys, a third of them new."""
        table = self._idf
        table.fill(keys)
        return list(map(table.__getitem__, keys))

    def _smoothed_idf(self, key: str) -> float:
        # Smoothed as in scikit-learn (+1 on both sides, +1 after the log): a key seen in
        # every article keeps a small positive weight, an unseen key gets the largest.
        return math.log((1 + self.documents) / (1 + self._counts.get(key, 0))) + 1.0

    def __len__(self) -> int:
        return len(self._counts)


def _cached(
    values: dict[tuple[str, int], tuple[object, Any]],
    kind: str,
    owner: object,
    build: Callable[[], _Built],
    limit: int | None = None,
) -> _Built:
    """``build()`` for ``owner`` and ``kind``, from ``values`` or made and put there; past
    ``limit`` entries the one first made longest ago is dropped."""
    key = (kind, id(owner))
    entry = values.get(key)
    # The owner is kept beside the value, so its id cannot be reused by another object while
    # the entry lives; the identity check is then only a safeguard.
    if entry is None or entry[0] is not owner:
        entry = (owner, build())
        values[key] = entry
        if limit is not None and len(values) > limit:
            del values[next(iter(values))]
    value: _Built = entry[1]
    return value


class _IdfTable(dict[str, float]):
    """IDF by key, each computed on first use: a hit is a dictionary lookup, with no Python
    call in between. A miss computes ``DocumentFrequencies._smoothed_idf`` inline (the same
    operations: an add asks for some 600 keys anew)."""

    def __init__(self, documents: int, counts: Counter[str]) -> None:
        super().__init__()
        self.reset(documents, counts)

    def reset(self, documents: int, counts: Counter[str]) -> None:
        self.clear()
        self._documents_plus_one = 1 + documents
        self._count = counts.get
        # IDF by document frequency under this corpus size, for ``fill``.
        self._by_count: dict[int, float] = {}

    def __missing__(self, key: str) -> float:
        value = self[key] = math.log(self._documents_plus_one / (1 + self._count(key, 0))) + 1.0
        return value

    def fill(self, keys: Iterable[str]) -> None:
        """Compute the IDF of those of ``keys`` not in the table yet, all at once. Keys of one
        document frequency share one value, computed once (``__missing__``'s operations)."""
        missing = list(filterfalse(self.__contains__, keys))
        if not missing:
            return
        by_count = self._by_count
        for key, count in zip(missing, map(self._count, missing, repeat(0)), strict=False):
            value = by_count.get(count)
            if value is None:
                value = by_count[count] = math.log(self._documents_plus_one / (1 + count)) + 1.0
            self[key] = value


class CandidateIndex:
    """key -> the stories that used it most recently (insertion-ordered, bounded)."""

    def __init__(self, posting_limit: int = POSTING_LIMIT) -> None:
        self.posting_limit = posting_limit
        self._postings: dict[str, dict[str, None]] = {}
        self._stories: set[str] = set()  # live stories (ever added and not forgotten)
        self._forgotten: set[str] = set()  # forgotten stories whose entries are not swept yet

    def add(self, story_id: str, keys: Iterable[str]) -> None:
        self._stories.add(story_id)
        # A story id reused after it was forgotten (a split's new story, say) is live again;
        # its old entries are swept with the others and its new ones added below.
        if self._forgotten:
            self._forgotten.discard(story_id)
        for key in keys:
            posting = self._postings.get(key)
            if posting is None:
                self._postings[key] = {story_id: None}
                continue
            # Move the story to the most recent end, then drop the oldest beyond the limit.
            posting.pop(story_id, None)
            posting[story_id] = None
            if len(posting) > self.posting_limit:
                del posting[next(iter(posting))]

    def forget(self, story_ids: Iterable[str]) -> None:
        """Stop offering these stories as candidates; their entries go at the next sweep."""
        for story_id in story_ids:
            if story_id in self._stories:
                self._stories.discard(story_id)
                self._forgotten.add(story_id)
        if len(self._forgotten) > SWEEP_SHARE * max(1, len(self._stories)):
            self._sweep()

    def candidates(
        self, weighted_keys: Iterable[tuple[str, float]], limit: int = MAX_CANDIDATES
    ) -> list[str]:
        """Stories sharing the given keys, best first by the summed weight of shared keys."""
        votes: dict[str, float] = {}
        for key, weight in weighted_keys:
            for story_id in self._postings.get(key, ()):
                votes[story_id] = votes.get(story_id, 0.0) + weight
        forgotten = self._forgotten
        live = (
            votes.items() if not forgotten else [i for i in votes.items() if i[0] not in forgotten]
        )
        # Ranked by (-votes, story id) as plain tuples: no Python call per comparison.
        ranked = sorted([(-weight, story_id) for story_id, weight in live])
        return [story_id for _, story_id in ranked[:limit]]

    def stories_with(self, key: str) -> list[str]:
        forgotten = self._forgotten
        return [s for s in self._postings.get(key, ()) if s not in forgotten]

    def _sweep(self) -> None:
        """Drop the forgotten stories' entries, and the keys no live story uses any more."""
        forgotten = self._forgotten
        emptied = []
        for key, posting in self._postings.items():
            for story_id in [s for s in posting if s in forgotten]:
                del posting[story_id]
            if not posting:
                emptied.append(key)
        for key in emptied:
            del self._postings[key]
        forgotten.clear()

    def __len__(self) -> int:
        return len(self._postings)
