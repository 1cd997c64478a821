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
probability that another outlet tells the claim. The report calls the claim A's own only
under a low probability, and hedges the line ("B may say it in other words", pointing at B's
likeliest sentence) only from a high one; a claim between the two is *unplaced*: listed apart,
as a sentence storylens cannot place either way, never as "only in A". The two bounds are
where the leave-one-story-out precision of each kind of line reaches
``LINE_PRECISION_TARGET`` (the training script picks them): on the development stories the
model's single threshold made three lines in four true, which a fact-checker cannot quote.

A bare quotation (a source's words with no narration: “I was completely wrong.”) is no
outlet's claim at all: the quotes part carries it with its speaker, so it is not listed here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

import numpy as np
from scipy import sparse

from storylens.compare.logistic import Logistic, read_weights
from storylens.compare.quotes import quoted_share
from storylens.compare.same_claim import SameClaim, judge_many
from storylens.compare.same_claim_features import ClaimProfile, claim_profile
from storylens.errors import ModelError
from storylens.records import Claim, ClaimMatch

WEIGHTS_FILE = Path(__file__).with_name("lone_claim_weights.json")
# The weights file's format; a file of another version was written by another feature set.
WEIGHTS_VERSION = 2
# The share of "only in A" lines, and of hedged lines, that must be true on stories the model
# was not fitted on (the comparison issue's target for real news): the training script picks
# the two bounds that reach it.
LINE_PRECISION_TARGET = 0.90
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
    "numbers_found",  # the share of its numbers another outlet gives (1 with none)
    "quoted_share",  # the share of its characters inside quotation marks
)
# A candidate for the same-claim model shares at least this Dice overlap of content stems
# with the claim (the model calls no pair under 0.25 the same claim on MSRP)...
CANDIDATE_DICE = 0.2
# ... and at most this many are judged, best overlap first: each judged pair costs about half
# a millisecond, and a story may have dozens of outlets.
CANDIDATES = 6
# A claim among its article's first few is a lead claim: the other outlet's first sentence
# ranks this much higher as its nearest sentence (``_nearest_sentences``).
NEAREST_LEAD_CLAIMS = 3
NEAREST_LEAD_BONUS = 0.5
# Digits a nearest sentence's overlap is kept to (``_nearest_sentences``).
NEAREST_DIGITS = 6
# A sentence storylens cannot place shows another outlet's nearest sentence from this word
# overlap up (0..1). Of the sentence pairs graded as telling one fact (written stories, seeds,
# gvc-train), 154 of 164 overlap at least this much: under it a sentence shares a common word
# or two, which tells a reader nothing.
NEAREST_MIN_OVERLAP = 0.1

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
    # outlet -> (claim index, word overlap): its sentence sharing most of the claim's words,
    # each word weighted by how few of the story's sentences hold it (``_nearest_sentences``)
    nearest: dict[str, tuple[int, float]] = field(default_factory=dict)


Judge = Callable[[Sequence[tuple[int, int]]], list[SameClaim]]


def lone_claim_evidence(
    claims: Sequence[Claim],
    profile: Callable[[int], ClaimProfile] | None = None,
    judge: Judge | None = None,
    sentences: Sequence[tuple[int, int]] | None = None,
) -> dict[int, LoneEvidence]:
    """The evidence on each lone claim of a story (by its index in ``claims``). ``profile``
    and ``judge`` read and judge claims by index (the comparison passes its cached ones);
    ``sentences`` holds each claim's whole sentence (``ClaimUnit.sentence_span``), whole
    sentences being what a nearest sentence is read and shown as.

    The overlaps are sparse matrix products (claims, two-sentence windows and outlets by
    stem, against the lone claims' stem weights), so a story of a thousand claims costs
    milliseconds here, not a pass over every other claim per lone claim in Python."""
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

    lone = [i for i, claim in enumerate(claims) if claim.status == "only"]
    outlets = sorted({claim.outlet for claim in claims if claim.status != "copy"})
    if len(outlets) < 2 or not lone:
        return {}
    story = _story_matrices(claims, profile, sentences)
    lone_weights = story.weights_of(lone, profile)
    shared = (story.claim_stems @ lone_weights.sign().T).tocsc()  # claims x lone: stems shared
    in_window = (story.window_stems @ lone_weights.T).toarray()  # windows x lone
    in_outlet = (story.outlet_stems @ lone_weights.T).toarray()  # outlets x lone
    sizes = np.asarray(story.claim_stems.sum(axis=1)).ravel()
    # each claim's outlet by number, and whether it is a copy: a lone claim's candidates are
    # picked among the claims sharing a stem with it by array, not one claim at a time
    numbered = {name: number for number, name in enumerate(dict.fromkeys(story.outlet_of))}
    outlet_number = np.array([numbered[name] for name in story.outlet_of], dtype=np.int64)
    is_copy = np.array([claim.status == "copy" for claim in claims], dtype=bool)
    found: dict[int, tuple[list[float], dict[str, tuple[int, float]], list[tuple[int, int]]]] = {}
    for column, index in enumerate(lone):
        own, outlet = profile(index), claims[index].outlet
        others = [row for row, name in enumerate(story.outlets) if name != outlet]
        coverage = in_outlet[others, column]
        windows = in_window[:, column] * story.window_is_other[outlet]
        # Each other outlet's likeliest sentence, until the model scores one: the first of
        # its two sentences that carry most of the claim's words.
        likeliest: dict[str, tuple[int, float]] = {}
        for window in np.argsort(-windows, kind="stable"):
            if windows[window] <= 0:
                break
            likeliest.setdefault(story.window_outlet[window], (story.window_first[window], 0.0))
            if len(likeliest) == len(others):
                break
        names = [
            len(own.names & story.names_of[story.outlets[row]]) / len(own.names)
            if own.names
            else 1.0
            for row in others
        ]
        low, high = shared.indptr[column], shared.indptr[column + 1]
        rows, counts = shared.indices[low:high], shared.data[low:high]
        kept = (outlet_number[rows] != numbered[outlet]) & ~is_copy[rows]
        rows, counts = rows[kept], counts[kept]
        dice = 2 * counts / (len(own.stems) + sizes[rows])
        close = dice >= CANDIDATE_DICE
        rows, dice = rows[close], dice[close]
        # the best overlaps first, ties by the claim's place
        near = rows[np.lexsort((rows, -dice))][:CANDIDATES].tolist()
        features = [
            0.0,
            float(coverage.max()),
            float(coverage.min()),
            float(windows.max(initial=0.0)),
            max(names),
            math.log1p(story.position[index]),
            float(len(own.stems)),
            float(len(outlets)),
            max(
                (
                    len(own.numbers & story.numbers_of[story.outlets[row]]) / len(own.numbers)
                    if own.numbers
                    else 1.0
                )
                for row in others
            ),
            quoted_share(claims[index].text),
        ]
        found[index] = (features, likeliest, [(index, other) for other in near])
    nearest = _nearest_sentences(story, lone)
    pairs = [pair for _, _, wanted in found.values() for pair in wanted]
    decisions = dict(zip(pairs, judge(pairs), strict=True))
    evidence: dict[int, LoneEvidence] = {}
    for index, (features, likeliest, wanted) in found.items():
        for pair in wanted:
            score = decisions[pair].score
            features[0] = max(features[0], score)
            outlet = claims[pair[1]].outlet
            if score > likeliest.get(outlet, (-1, 0.0))[1]:
                likeliest[outlet] = (pair[1], score)
        evidence[index] = LoneEvidence(tuple(features), likeliest, nearest[index])
    return evidence


def nearest_sentences(
    claims: Sequence[Claim],
    rows: Sequence[int],
    profile: Callable[[int], ClaimProfile],
    sentences: Sequence[tuple[int, int]] | None = None,
) -> dict[int, dict[str, tuple[int, float]]]:
    """Each of ``rows``'s nearest sentence in each other outlet (``_nearest_sentences``), for
    a claim that is not lone (a summary line); ``profile`` reads a claim by its index,
    ``sentences`` gives each claim's whole sentence."""
    return _nearest_sentences(_story_matrices(claims, profile, sentences), list(rows))


def nearest_matches(
    claims: Sequence[Claim],
    nearest: dict[str, tuple[int, float]],
    outlets: Sequence[str] = (),
    sentences: Sequence[tuple[int, int]] | None = None,
) -> tuple[ClaimMatch, ...]:
    """The nearest sentences worth showing a reader, one per outlet in the order of their
    names (only ``outlets``, where given): those sharing at least ``NEAREST_MIN_OVERLAP``.
    Each is shown whole (``sentences``, each claim's sentence, where given): a main clause
    cut from a long sentence hid what its sentence goes on to tell from fresh readers ("...
    McCarthy had voiced support" without "for legal status")."""
    found = []
    for outlet in sorted(nearest):
        at, overlap = nearest[outlet]
        if overlap < NEAREST_MIN_OVERLAP or (outlets and outlet not in outlets):
            continue
        other = claims[at]
        start, end = sentences[at] if sentences is not None else (other.start, other.end)
        found.append(
            ClaimMatch(
                article_id=other.article_id,
                outlet=other.outlet,
                start=start,
                end=end,
                relation="nearest",
                score=overlap,
                reason=f"the sentence of {outlet} sharing most of its words ({overlap:.2f})",
            )
        )
    return tuple(found)


def _nearest_sentences(
    story: _StoryMatrices, lone: list[int]
) -> dict[int, dict[str, tuple[int, float]]]:
    """Each lone claim's nearest sentence in each other outlet, by the words they share: the
    Dice overlap of their content words, a word weighing the log of how many of the story's
    sentences lack it (a name or a number few sentences give outweighs "said" or the story's
    own subject). The other outlet's sentences are read whole: a main clause cut from a long
    sentence is read with the clauses beside it, since the words that carry the fact may
    stand in any of them. A claim in its article's lead (``NEAREST_LEAD_CLAIMS``) ranks the
    other outlet's first sentence ``NEAREST_LEAD_BONUS`` higher: a lead tells the event,
    and other outlets tell it in their own lead in other words. The value kept is the plain
    overlap, the bonus only ranks.

    Against the pairs of sentences graded as telling one fact (the written stories, the seeds
    and gvc-train; two BASIL development events as their readers marked them), the overlap of
    single claims picked the other sentence for 118 of 140, 8 of 12, 8 of 12 and 67 of 131;
    the same-claim model's highest score picks it for 100, 7, 8 and 46. A whole-sentence
    model (trained on MSRP) scores a sentence low where it adds other facts, as most news
    sentences do. The overlap's share of the claim alone, or the mean of both shares, did no
    better. Read whole and with the lead ranked first, it finds the sentence a grader named
    (graded rows and the sentences their notes quote) for 189 of 264 on basil-dev (180
    before; for a lead claim 47 of 76, 40 before), and for as many as before on the written
    stories, the seeds and gvc-train."""
    told = story.claim_stems
    present = np.asarray(told.sum(axis=1)).ravel() > 0
    sentences = max(int(present.sum()), 1)
    holding = np.asarray(told.sum(axis=0)).ravel()
    weight = np.log(sentences / np.maximum(holding, 1.0))
    whole = (story.sentence_claims @ told).sign()  # sentences x stems
    weighted = whole @ sparse.diags(weight)
    totals = np.asarray(weighted.sum(axis=1)).ravel()
    lone_rows = told[lone]
    both = (weighted @ lone_rows.T).toarray()  # sentences x lone: weight of the words both hold
    own = np.asarray((told @ sparse.diags(weight))[lone].sum(axis=1)).ravel()
    with np.errstate(divide="ignore", invalid="ignore"):
        overlap = np.where(own > 0, 2 * both / (own[None, :] + totals[:, None]), 0.0)
    # rounded: the sums run in the order of a set's words, which differs between processes,
    # and a worker must pick and store what one process does
    overlap = np.round(np.nan_to_num(overlap), NEAREST_DIGITS)
    overlap[totals <= 0, :] = 0.0
    in_lead = np.array([story.position[index] < NEAREST_LEAD_CLAIMS for index in lone])
    bonus = np.outer(story.sentence_opens, in_lead) * (overlap >= NEAREST_MIN_OVERLAP)
    ranked = overlap * (1.0 + NEAREST_LEAD_BONUS * bonus)
    outlet_of = np.array([story.outlet_of[first] for first in story.sentence_first])
    found: dict[int, dict[str, tuple[int, float]]] = {index: {} for index in lone}
    lone_outlets = np.array([story.outlet_of[index] for index in lone])
    for outlet in story.outlets:
        rows = np.flatnonzero(outlet_of == outlet)
        if not len(rows):
            continue
        block = ranked[rows, :]  # this outlet's sentences x lone
        best = block.argmax(axis=0)  # the first of equal ranks: the earliest sentence
        values = overlap[rows[best], np.arange(len(lone))]
        for column in np.flatnonzero((values > 0) & (lone_outlets != outlet)):
            first = story.sentence_first[rows[best[column]]]
            found[lone[column]][outlet] = (int(first), float(values[column]))
    return found


# The last story's matrices, kept for the summary's nearest sentences, which read the same
# claims right after the lone claims did (building them was a tenth of the comparison's cost).
_last_story: list[tuple[tuple[object, ...], _StoryMatrices]] = []


def _story_matrices(
    claims: Sequence[Claim],
    profile: Callable[[int], ClaimProfile],
    sentences: Sequence[tuple[int, int]] | None = None,
) -> _StoryMatrices:
    """The story's matrices, built once for the claims of one comparison. The key holds
    everything they are read from (a claim's stems are its text's): the claims' statuses
    change between the two readers, but not which are copies."""
    key = (
        tuple((c.article_id, c.outlet, c.start, c.end, c.text, c.status == "copy") for c in claims),
        None if sentences is None else tuple(sentences),
    )
    last = _last_story[-1] if _last_story else None  # one read: threads may share the cache
    if last is not None and last[0] == key:
        return last[1]
    story = _StoryMatrices(claims, profile, sentences)
    _last_story[:] = [(key, story)]
    return story


class _StoryMatrices:
    """A story's claims as sparse stem matrices: each claim's stems, each two-sentence
    window's (a claim and the next of its article), each outlet's; ``weights_of`` gives some
    claims' stem weights as shares of their total."""

    def __init__(
        self,
        claims: Sequence[Claim],
        profile: Callable[[int], ClaimProfile],
        sentences: Sequence[tuple[int, int]] | None = None,
    ) -> None:
        self.outlets = sorted({claim.outlet for claim in claims if claim.status != "copy"})
        outlet_row = {outlet: row for row, outlet in enumerate(self.outlets)}
        self.outlet_of = [claim.outlet for claim in claims]
        self.position: list[int] = []
        self.names_of: dict[str, set[str]] = {outlet: set() for outlet in self.outlets}
        self.numbers_of: dict[str, set[str]] = {outlet: set() for outlet in self.outlets}
        vocabulary: dict[str, int] = {}
        claim_cells: list[tuple[int, int]] = []
        window_cells: list[tuple[int, int]] = []
        self.window_outlet: list[str] = []
        self.window_first: list[int] = []
        seen: dict[str, int] = {}
        for index, claim in enumerate(claims):
            self.position.append(seen.get(claim.article_id, 0))
            seen[claim.article_id] = self.position[-1] + 1
            if claim.status == "copy":
                continue
            read = profile(index)
            self.names_of[claim.outlet] |= read.names
            self.numbers_of[claim.outlet] |= read.numbers
            stems = {vocabulary.setdefault(item, len(vocabulary)) for item in read.stems}
            claim_cells += [(index, column) for column in stems]
            following = index + 1
            if following < len(claims) and claims[following].article_id == claim.article_id:
                stems |= {
                    vocabulary.setdefault(i, len(vocabulary)) for i in profile(following).stems
                }
            window = len(self.window_outlet)
            self.window_outlet.append(claim.outlet)
            self.window_first.append(index)
            window_cells += [(window, column) for column in stems]
        shape = len(vocabulary)
        self.claim_stems = _binary(claim_cells, (len(claims), shape))
        self.window_stems = _binary(window_cells, (len(self.window_outlet), shape))
        outlet_of_window = np.array([outlet_row[o] for o in self.window_outlet], dtype=np.int64)
        by_outlet = sparse.csr_matrix(
            (np.ones(len(outlet_of_window)), (outlet_of_window, np.arange(len(outlet_of_window)))),
            shape=(len(self.outlets), len(self.window_outlet)),
        )
        self.outlet_stems = (by_outlet @ self.window_stems).sign().tocsr()
        self.window_is_other = {
            outlet: np.array([o != outlet for o in self.window_outlet], dtype=np.float64)
            for outlet in self.outlets
        }
        self.vocabulary = vocabulary
        # each whole sentence (the claims cut from it): its first claim, whether it opens its
        # article, and a sentences x claims matrix joining its claims' stems
        number: dict[tuple[str, int, int], int] = {}
        of_claim = []
        self.sentence_first: list[int] = []
        self.sentence_opens: list[bool] = []
        for index, claim in enumerate(claims):
            low, high = sentences[index] if sentences is not None else (claim.start, claim.end)
            key = (claim.article_id, low, high)
            if key not in number:
                number[key] = len(self.sentence_first)
                self.sentence_first.append(index)
                self.sentence_opens.append(self.position[index] == 0)
            of_claim.append(number[key])
        self.sentence_claims = sparse.csr_matrix(
            (np.ones(len(claims)), (of_claim, np.arange(len(claims)))),
            shape=(len(self.sentence_first), len(claims)),
        )

    def weights_of(
        self, lone: Sequence[int], profile: Callable[[int], ClaimProfile]
    ) -> sparse.csr_matrix:
        """The stem weights of these claims (rows, in order), each a share of its total."""
        rows, cols, weights = [], [], []
        for row, index in enumerate(lone):
            read = profile(index)
            total = sum(read.weights.values()) or 1.0
            for item, weight in read.weights.items():
                rows.append(row)
                cols.append(self.vocabulary[item])
                weights.append(weight / total)
        shape = (len(lone), len(self.vocabulary))
        return sparse.csr_matrix((weights, (rows, cols)), shape=shape)


def _binary(cells: list[tuple[int, int]], shape: tuple[int, int]) -> sparse.csr_matrix:
    rows = [row for row, _ in cells]
    cols = [col for _, col in cells]
    return sparse.csr_matrix((np.ones(len(cells)), (rows, cols)), shape=shape).sign().tocsr()


@dataclass(frozen=True)
class LoneClaimModel:
    """The lone-claim model and where its probability puts a lone claim: under ``own_below``
    the claim is its outlet's own, from ``hedge_from`` another outlet may tell it, and between
    the two it is unplaced."""

    logistic: Logistic
    own_below: float
    hedge_from: float

    def placement(self, told: float) -> Literal["own", "hedged", "unplaced"]:
        if told < self.own_below:
            return "own"
        return "hedged" if told >= self.hedge_from else "unplaced"


@cache
def load_model(path: Path = WEIGHTS_FILE) -> LoneClaimModel:
    """The shipped lone-claim model, read once."""
    data = read_weights(path, WEIGHTS_VERSION, "lone-claim", "scripts/train_lone_claims.py")
    model = Logistic.from_json(data["model"])
    if model.features != FEATURES:
        raise ModelError(f"{path}: its features are not this code's: run the training again")
    own_below, hedge_from = float(data["own_below"]), float(data["hedge_from"])
    if not 0.0 <= own_below <= hedge_from:
        raise ModelError(f"{path}: own_below must lie between 0 and hedge_from")
    return LoneClaimModel(model, own_below, hedge_from)


def told_elsewhere(
    evidence: dict[int, LoneEvidence], model: Logistic | None = None
) -> dict[int, float]:
    """The probability that another outlet tells each lone claim."""
    if not evidence:
        return {}
    model = model or load_model().logistic
    rows = np.array([item.features for item in evidence.values()], dtype=np.float64)
    return {
        index: round(float(p), 4)
        for index, p in zip(evidence, model.probabilities(rows), strict=True)
    }
