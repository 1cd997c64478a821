"""Lone claims: how likely it is that another outlet tells a claim no match was found for.

The same-claim model judges sentence pairs, and a lone claim is one it matched with nothing.
Read as a fact-checker reads it, "only in A" is then wrong about as often as right: the other
outlets tell the lead fact in other words, across two sentences, or with one detail changed
(on the graded written stories and the seeds, 143 of 368 plain "only in" lines). So the
comparison asks a second question of each lone claim, about the other outlets' whole
articles: do they carry its words (weighted by how rare a word is), its names, a sentence the
same-claim model half believes, in the lead or deep down? A small logistic model over those
features (``lone_claim_weights.json``, trained on the graded written stories and the seeds by
``scripts/train_lone_claims.py``, which prints its leave-one-story-out figures) gives the
probability that another outlet tells the claim; from its threshold up the report hedges the
line ("B may say it in other words", pointing at B's likeliest sentence) rather than calling
the claim A's own.

A bare quotation (a source's words with no narration: “I was completely wrong.”) is no
outlet's claim at all: the quotes part carries it with its speaker, so it is not listed here.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from storylens.compare.logistic import Logistic
from storylens.compare.same_claim import SameClaim, judge_many
from storylens.compare.same_claim_features import ClaimProfile, claim_profile
from storylens.errors import ModelError
from storylens.records import Claim

WEIGHTS_FILE = Path(__file__).with_name("lone_claim_weights.json")
# The weights file's format; a file of another version was written by another feature set.
WEIGHTS_VERSION = 1
# What the model reads of a lone claim, in this order.
FEATURES = (
    "best_same_claim",  # the same-claim model's best probability against another outlet
    "coverage_max",  # the claim's word weight found in the other outlet that has most of it
    "coverage_min",  # ... in the other outlet that has least of it
    "window_max",  # ... in two consecutive sentences of one other outlet
    "names_found",  # the share of its names another outlet names
    "log_position",  # log(1 + its place in its article): leads tell what everyone tells
    "content_words",  # how many content words it has
    "outlets",  # how many outlets the story has
)
# A candidate for the same-claim model shares at least this Dice overlap of content stems
# with the claim (the model calls no pair under 0.25 the same claim on MSRP)...
CANDIDATE_DICE = 0.2
# ... and each other outlet gives at most this many, best overlap first: each judged pair
# costs about half a millisecond, and the best three carry the best score on the dev stories.
CANDIDATES_PER_OUTLET = 3

_OPENING_MARKS = '“‘"«'
_CLOSING_MARKS = '”’"»'
# Narration between two quotations: a closing mark (not an apostrophe: no letter after it),
# words, an opening mark ("...,” Okafor said. “...").
_NARRATION_BETWEEN = re.compile(r"[”\"’»](?![A-Za-z])[^“”\"‘’«»]*[A-Za-z]{2,}[^“”\"‘’«»]*[“\"‘«]")


def is_bare_quotation(text: str) -> bool:
    """Whether a claim is a quotation and nothing else: it opens and closes with a mark and
    no narration stands between marks inside it."""
    text = text.strip()
    if len(text) < 2 or text[0] not in _OPENING_MARKS or text[-1] not in _CLOSING_MARKS:
        return False
    return _NARRATION_BETWEEN.search(text[1:-1]) is None


@dataclass(frozen=True)
class LoneEvidence:
    """What the model reads of one lone claim, and each other outlet's likeliest sentence."""

    features: tuple[float, ...]
    likeliest: dict[str, tuple[int, float]]  # outlet -> (claim index, same-claim score)


Judge = Callable[[Sequence[tuple[int, int]]], list[SameClaim]]


def _dice(a: ClaimProfile, b: ClaimProfile) -> float:
    sizes = len(a.stems) + len(b.stems)
    return 2 * len(a.stems & b.stems) / sizes if sizes else 0.0


def _weight_found(claim: ClaimProfile, stems: set[str] | frozenset[str]) -> float:
    total = sum(claim.weights.values())
    if not total:
        return 0.0
    return sum(weight for item, weight in claim.weights.items() if item in stems) / total


def lone_claim_evidence(
    claims: Sequence[Claim],
    profile: Callable[[int], ClaimProfile] | None = None,
    judge: Judge | None = None,
) -> dict[int, LoneEvidence]:
    """The evidence on each lone claim of a story (by its index in ``claims``). ``profile``
    and ``judge`` read and judge claims by index (the comparison passes its cached ones)."""
    if profile is None:
        read: dict[int, ClaimProfile] = {}

        def profile(index: int) -> ClaimProfile:
            if index not in read:
                read[index] = claim_profile(claims[index].text)
            return read[index]

    if judge is None:
        chosen = profile

        def judge(pairs: Sequence[tuple[int, int]]) -> list[SameClaim]:
            return judge_many([(chosen(a), chosen(b)) for a, b in pairs])

    outlets = sorted({claim.outlet for claim in claims if claim.status != "copy"})
    by_outlet: dict[str, list[int]] = {}
    position: dict[int, int] = {}
    seen: dict[str, int] = {}
    for index, claim in enumerate(claims):
        position[index] = seen.get(claim.article_id, 0)
        seen[claim.article_id] = position[index] + 1
        if claim.status != "copy":
            by_outlet.setdefault(claim.outlet, []).append(index)
    stems_of = {
        o: frozenset().union(*(profile(i).stems for i in found)) for o, found in by_outlet.items()
    }
    names_of = {
        o: frozenset().union(*(profile(i).names for i in found)) for o, found in by_outlet.items()
    }
    evidence: dict[int, LoneEvidence] = {}
    for index, claim in enumerate(claims):
        if claim.status != "only" or len(outlets) < 2:
            continue
        own = profile(index)
        coverage, windows, names = [], [], []
        pairs: list[tuple[int, int]] = []
        likeliest: dict[str, tuple[int, float]] = {}
        for outlet, found in by_outlet.items():
            if outlet == claim.outlet:
                continue
            coverage.append(_weight_found(own, stems_of[outlet]))
            best_window, best_at = 0.0, found[0]
            for first, second in zip(found, [*found[1:], None], strict=True):
                window = set(profile(first).stems)
                if second is not None and claims[second].article_id == claims[first].article_id:
                    window |= profile(second).stems
                share = _weight_found(own, window)
                if share > best_window:
                    best_window, best_at = share, first
            windows.append(best_window)
            likeliest[outlet] = (best_at, 0.0)
            names.append(len(own.names & names_of[outlet]) / len(own.names) if own.names else 1.0)
            near = sorted(
                (j for j in found if _dice(own, profile(j)) >= CANDIDATE_DICE),
                key=lambda j: (-_dice(own, profile(j)), j),
            )
            pairs += [(index, j) for j in near[:CANDIDATES_PER_OUTLET]]
        best = 0.0
        for (_, other), decision in zip(pairs, judge(pairs), strict=True):
            best = max(best, decision.score)
            outlet = claims[other].outlet
            if decision.score > likeliest[outlet][1]:
                likeliest[outlet] = (other, decision.score)
        features = (
            best,
            max(coverage),
            min(coverage),
            max(windows),
            max(names),
            math.log1p(position[index]),
            float(len(own.stems)),
            float(len(outlets)),
        )
        evidence[index] = LoneEvidence(features, likeliest)
    return evidence


@cache
def load_model(path: Path = WEIGHTS_FILE) -> Logistic:
    """The shipped lone-claim model, read once."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ModelError(f"{path}: cannot read the lone-claim weights ({error})") from error
    if data.get("version") != WEIGHTS_VERSION:
        raise ModelError(
            f"{path}: lone-claim weights of version {data.get('version')!r}, this code reads "
            f"version {WEIGHTS_VERSION}: run scripts/train_lone_claims.py"
        )
    model = Logistic.from_json(data["model"])
    if model.features != FEATURES:
        raise ModelError(f"{path}: its features are not this code's: run the training again")
    return model


def told_elsewhere(
    evidence: dict[int, LoneEvidence], model: Logistic | None = None
) -> dict[int, float]:
    """The probability that another outlet tells each lone claim."""
    if not evidence:
        return {}
    model = model or load_model()
    rows = np.array([item.features for item in evidence.values()], dtype=np.float64)
    return {
        index: round(float(p), 4)
        for index, p in zip(evidence, model.probabilities(rows), strict=True)
    }
