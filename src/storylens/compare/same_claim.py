"""Do two sentences make the same claim? One decision for the whole comparison.

A logistic regression over the features of ``same_claim_features`` (word, stem, n-gram and
character overlaps, names, numbers, negation), trained on MSRP's news sentence pairs by
``scripts/train_same_claim.py``; its weights, the training data's name and the
cross-validated figures are in ``same_claim_weights.json`` beside this module, read once.
Two models are kept: ``lexical`` (the default, no PyTorch) and ``dense``, which also reads the
cosine of the two sentences' all-MiniLM-L6-v2 vectors where ``storylens[embeddings]`` gives
them. docs/comparison.md gives the figures.

    >>> from storylens import same_claim
    >>> same_claim("The council approved the budget on Monday.",
    ...            "On Monday the council passed the budget.").same
    True

Past the yes/no, ``relation`` says how the two stand: the same claim; the same claim with a
detail one side adds; the same claim with a detail that conflicts (the numbers differ, or one
name stands in the other's place); or unrelated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import numpy as np

from storylens.compare.logistic import Logistic, fit_logistic, read_weights
from storylens.compare.same_claim_features import (
    FEATURE_NAMES,
    ClaimProfile,
    claim_profile,
    pair_features,
)
from storylens.errors import ModelError
from storylens.records import ClaimRelation

WEIGHTS_FILE = Path(__file__).with_name("same_claim_weights.json")
# The weights file's format; a file of another version was written by another feature set.
WEIGHTS_VERSION = 1
# The dense model's one extra feature, after FEATURE_NAMES.
DENSE_FEATURE = "minilm_cosine"
# One side adds a detail when it holds at least this many content words the other lacks while
# the other lacks at most one of its own: a paraphrase swaps words on both sides ("talk turned
# to a second series" / "the presenter asked about a second season"), an added detail ("at the
# Brackenford depot") lengthens one side only.
ADDED_DETAIL_WORDS = 2
# Words of attribution, not content: "X said ..." and "X told reporters ..." carry one claim.
SPEECH_WORDS = frozenset({"said", "say", "told", "tell", "added", "add", "according", "stated"})
# A shorter claim wholly inside a longer one is "the same claim, one side adds a detail" when
# it holds at least this many content words: "The vote was close" is inside too many others.
# MSRP calls a third of such pairs equivalent (its "equivalent" drops a pair where one side
# adds much); taking them all as the same claim moved its 5-fold accuracy by -0.0015 (noise).
MIN_CONTAINED_WORDS = 3
# The most differing words a reason names.
REASON_WORDS = 3

ModelName = Literal["lexical", "dense"]


@dataclass(frozen=True)
class SameClaim:
    """The decision on one pair of sentences."""

    same: bool
    score: float  # the model's probability that the two make the same claim, 0..1
    relation: ClaimRelation
    reason: str
    model: ModelName = "lexical"


@dataclass(frozen=True)
class SameClaimModel(Logistic):
    """A fitted logistic regression over standardised features, and which model it is."""

    name: ModelName = "lexical"

    @classmethod
    def read(cls, name: ModelName, data: dict[str, Any]) -> SameClaimModel:
        """The model ``name`` from its weights file's entry."""
        return cls(name=name, **Logistic.fields_from_json(data))


def fit_model(
    name: ModelName, features: Sequence[str], rows: np.ndarray, labels: np.ndarray
) -> SameClaimModel:
    """Fit the logistic regression (``logistic.fit_logistic``) as the model ``name``."""
    fitted = fit_logistic(features, rows, labels)
    return SameClaimModel(name=name, **fitted.fields())


@cache
def load_models(path: Path = WEIGHTS_FILE) -> dict[str, SameClaimModel]:
    """The shipped models by name, read once."""
    data = read_weights(path, WEIGHTS_VERSION, "same-claim", "scripts/train_same_claim.py")
    models = {
        name: SameClaimModel.read(name, data["models"][name]) for name in ("lexical", "dense")
    }
    if models["lexical"].features != FEATURE_NAMES:
        raise ModelError(f"{path}: its features are not this code's: run the training again")
    return models


def contained(a: ClaimProfile, b: ClaimProfile) -> bool:
    """Is the shorter sentence's every content word (attribution aside) in the longer one, and
    no number of each side missing from the other?"""
    if (a.numbers - b.numbers) and (b.numbers - a.numbers):
        return False
    short, long = sorted((a, b), key=lambda profile: len(profile.stems))
    content = short.stems - SPEECH_WORDS
    return len(content) >= MIN_CONTAINED_WORDS and content <= long.stems and long.stems > content


def _relation(same: bool, a: ClaimProfile, b: ClaimProfile) -> tuple[ClaimRelation, str]:
    """How two sentences stand, and the detail that says so."""
    if not same:
        return "unrelated", ""
    only_a, only_b = sorted(a.numbers - b.numbers), sorted(b.numbers - a.numbers)
    if only_a and only_b:
        return "conflicting-detail", f"numbers differ: {', '.join(only_a)} / {', '.join(only_b)}"
    names_a, names_b = sorted(a.names - b.names), sorted(b.names - a.names)
    if len(names_a) == 1 and len(names_b) == 1 and a.names & b.names:
        return "conflicting-detail", f"names differ: {names_a[0]} / {names_b[0]}"
    extra_a, extra_b = a.stems - b.stems, b.stems - a.stems
    fewer, more = sorted((len(extra_a), len(extra_b)))
    if (fewer <= 1 and more >= ADDED_DETAIL_WORDS) or only_a or only_b:
        longer = extra_a if len(extra_a) + len(only_a) > len(extra_b) + len(only_b) else extra_b
        # heaviest first, ties by the word: a set's order changes from run to run
        added = sorted(longer, key=lambda s: (-(a.weights.get(s) or b.weights.get(s) or 0.0), s))
        return "adds-detail", f"one side adds: {', '.join(added[:REASON_WORDS])}"
    return "same", ""


def judge_profiles(
    a: ClaimProfile,
    b: ClaimProfile,
    dense_cosine: float | None = None,
    models: dict[str, SameClaimModel] | None = None,
) -> SameClaim:
    """The decision on two read sentences; ``dense_cosine`` picks the dense model."""
    return judge_many([(a, b)], None if dense_cosine is None else [dense_cosine], models)[0]


def judge_many(
    pairs: Sequence[tuple[ClaimProfile, ClaimProfile]],
    dense_cosines: Sequence[float] | None = None,
    models: dict[str, SameClaimModel] | None = None,
) -> list[SameClaim]:
    """The decisions on many pairs at once (one matrix product, not one per pair)."""
    if not pairs:
        return []
    models = models or load_models()
    model = models["lexical" if dense_cosines is None else "dense"]
    rows = np.array([pair_features(a, b) for a, b in pairs], dtype=np.float64)
    if dense_cosines is not None:
        rows = np.hstack([rows, np.asarray(dense_cosines, dtype=np.float64)[:, None]])
    decisions = []
    for (a, b), score in zip(pairs, model.probabilities(rows), strict=True):
        paraphrase = bool(score >= model.threshold)
        same = paraphrase or contained(a, b)
        relation, detail = _relation(same, a, b)
        if same and not paraphrase:
            relation, detail = "adds-detail", "the shorter is wholly inside the longer"
        shared = len(a.stems & b.stems)
        words = f"{shared} of {max(len(a.stems), len(b.stems))} content words shared"
        verdict = "same claim" if same else "not the same claim"
        reason = f"{verdict} ({model.name} model, p={score:.2f}): {words}"
        decisions.append(
            SameClaim(
                same=same,
                score=round(float(score), 4),
                relation=relation,
                reason=f"{reason}; {detail}" if detail else reason,
                model=model.name,
            )
        )
    return decisions


def same_claim(a: str, b: str, dense_cosine: float | None = None) -> SameClaim:
    """Do sentences ``a`` and ``b`` make the same claim? ``dense_cosine``, the cosine of their
    all-MiniLM-L6-v2 vectors where the caller has them, selects the dense model."""
    if not isinstance(a, str) or not isinstance(b, str):
        raise TypeError("same_claim compares two strings")
    if dense_cosine is not None and not math.isfinite(dense_cosine):
        raise ValueError(f"dense_cosine must be a finite number, got {dense_cosine!r}")
    return judge_profiles(claim_profile(a), claim_profile(b), dense_cosine)
