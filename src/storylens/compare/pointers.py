"""Which "closest in B" sentences are likely to tell the claim they stand under.

Under a claim storylens cannot place, and under a summary line it cannot pair with an outlet,
the comparison finds each other outlet's sentence sharing most of the claim's words
(``lone_claims._nearest_sentences``). Fresh readers graded those pointers against the whole
articles (``bench/gold/pointers_basil-dev.jsonl``): of 390, 113 point at the sentence that
tells the claim, 53 at a sentence tied to it, 153 at the closest sentence of an outlet that
does not tell it, and 67 at an unrelated sentence while the outlet tells the claim in
another one. Those 67 mislead: a reader who sees "closest in B" over the wrong sentence
takes it that B leaves the fact out. No reranking of an outlet's sentences by the word,
name or same-claim features picked the right one more often than the word overlap does.

So each pointer is weighed: a small logistic model over the claim and the sentence alone (the
names and the weighted words they share; ``pointer_weights.json``, trained by
``scripts/train_pointers.py``, which prints its leave-one-story-out figures) gives the
probability that the sentence tells the claim, and the threshold is the lowest at which, on
stories the model was not fitted on, ``MARKED_RIGHT_TARGET`` of the pointers it marks likely
are right. A likely pointer reads "closest in B"; every other reads "closest in B in words,
perhaps unrelated". Hiding the others was tried: fresh readers then marked a claim another
outlet plainly tells, with no sentence of it shown, misleading.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from storylens.compare.logistic import Logistic, read_weights
from storylens.compare.same_claim_features import (
    ClaimProfile,
    claim_profile,
    coverage,
    weighted_coverage,
)
from storylens.errors import ModelError
from storylens.records import ClaimMatch

WEIGHTS_FILE = Path(__file__).with_name("pointer_weights.json")
# The weights file's format; a file of another version was written by another feature set.
WEIGHTS_VERSION = 2
# The share of the pointers it marks likely that must point at the sentence that tells the
# claim, on stories the model was not fitted on: two in three, where about one pointer in
# four does. The training script picks the lowest threshold that reaches it. (A first target,
# at most one marked pointer in ten misleading, was met on nine dev events and missed on
# sixteen and on held-out ones: the features do not tell a right pointer from one that
# misses the outlet's own sentence, so the mark is a split, not a sure match.)
MARKED_RIGHT_TARGET = 2 / 3
# What the model reads of a claim and a sentence, in this order.
FEATURES = (
    "names_min",  # the names both give, as the smaller of the two sides' shares
    "names_max",  # ... the larger
    "weight_min",  # the information weight of the shared words, the smaller side's share
    "weight_max",  # ... the larger side's share
)
# The names features where one side names nobody: neither for the pair nor against it.
NO_NAMES = 0.5


def pointer_features(claim: ClaimProfile, sentence: ClaimProfile) -> list[float]:
    """The features of one pointer, in ``FEATURES`` order."""
    both_named = bool(claim.names) and bool(sentence.names)
    names = list(coverage(claim.names, sentence.names)[:2]) if both_named else [NO_NAMES] * 2
    return [*names, *weighted_coverage(claim, sentence)]


@cache
def pointer_model() -> Logistic:
    """The shipped pointer model (read once)."""
    data = read_weights(WEIGHTS_FILE, WEIGHTS_VERSION, "pointer", "scripts/train_pointers.py")
    model = Logistic.from_json(data["model"])
    if model.features != FEATURES:
        raise ModelError(f"{WEIGHTS_FILE}: features {model.features}, this code reads {FEATURES}")
    return model


def pointer_probabilities(
    pairs: Sequence[tuple[str, str]], read: Callable[[str], ClaimProfile] | None = None
) -> np.ndarray:
    """For each (claim, sentence) pair, the probability that the sentence tells the claim.
    Each text is read once (by ``read`` where given, as ``claim_profile`` reads it: the
    comparison passes the profiles its claim alignment already read): a story's pointers
    share their sentences."""
    if not pairs:
        return np.zeros(0)
    if read is None:
        read = cache(claim_profile)
    rows = np.array([pointer_features(read(a), read(b)) for a, b in pairs])
    return pointer_model().probabilities(rows)


def weigh_pointers(
    claim: str,
    matches: Sequence[ClaimMatch],
    texts: Mapping[str, str],
    read: Callable[[str], ClaimProfile] | None = None,
) -> tuple[ClaimMatch, ...]:
    """The nearest sentences ``matches`` of ``claim``, each one the pointer model finds likely
    to tell it marked ``nearest-likely``; the others stay ``nearest`` (shown as perhaps
    unrelated). ``texts``: the story's article texts by id, where each match's sentence
    stands; ``read`` reads a text (``pointer_probabilities``)."""
    if not matches:
        return ()
    model = pointer_model()
    chances = pointer_probabilities(
        [(claim, texts[match.article_id][match.start : match.end]) for match in matches], read
    )
    return tuple(
        replace(
            match,
            relation="nearest-likely",
            reason=f"{match.reason}; likely the same fact (pointer model, p={chance:.2f})",
        )
        if chance >= model.threshold
        else match
        for match, chance in zip(matches, chances, strict=True)
    )
