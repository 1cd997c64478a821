"""Same fact in the story: whether a lone claim's closest sentence in another outlet tells it.

Experiment only (issue 19): ``src/storylens/compare/same_fact.py`` of commit 7bd2126, moved
here unchanged so that ``train_same_fact.py`` and ``dense_same_fact.py`` rerun; not shipped.

The same-claim model (``same_claim.py``) was fitted on MSRP, whose pairs were picked as likely
paraphrases (two in three are): it reads two sentences alone, and news outlets telling one
event say its facts in other words, with their own extra details, so it leaves most of them
apart ("Summers warned Wednesday that failure to pass a new tax cut compromise would
significantly raise the risk of a double-dip recession" / "Summers ... told reporters that
failure to pass a package like the tax deal 'would significantly increase the risk' of a
double-dip recession": p=0.38). Within one story more is known: which words are rare *in
this story* (every outlet names the event's people; few sentences give a figure or a
second name), whether the other outlet's sentence is the one of its article closest to the
claim, and whether the claim's sentence is in turn the one of its article closest to that
sentence (a mutual best match), and by how much it beats the next.

So each lone claim's closest sentence in each other outlet (by the words they share, each
weighted by how few of the story's sentences hold it, as ``lone_claims._nearest_sentences``
weighs them) is weighed by a small logistic model over those story features, the pointer
features (``pointers``) and the same-claim model's probability; ``same_fact_weights.json``,
trained by ``scripts/train_same_fact.py`` on fresh readers' verdicts on such pairs from the
BASIL events kept for tuning, which prints its leave-one-event-out figures. The threshold is
the lowest at which, on events the model was not fitted on, ``PROMOTED_RIGHT_TARGET`` of the
pairs it accepts tell the same fact. An accepted pair is one claim told by both outlets
(``claims.align_claims`` makes it shared).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import numpy as np
from scipy import sparse

from storylens.compare.logistic import Logistic, read_weights
from storylens.compare.pointers import pointer_features
from storylens.compare.same_claim import SameClaim
from storylens.compare.same_claim_features import ClaimProfile
from storylens.errors import ModelError
from storylens.records import Claim, ClaimMatch, ClaimStatus

WEIGHTS_FILE = Path(__file__).with_name("same_fact_weights.json")  # never written: experiment
# The weights file's format; a file of another version was written by another feature set.
WEIGHTS_VERSION = 1
# The share of the pairs it accepts that must tell the same fact (graded "right"; a
# "partial" pair, a sentence tied to the claim but not telling it, counts against), on events
# the model was not fitted on: a shared line a fact-checker can quote (issue 19).
PROMOTED_RIGHT_TARGET = 0.9
# What the model reads of a claim and another outlet's sentence, in this order.
FEATURES = (
    "same_claim",  # the same-claim model's best probability against the sentence's claims
    "overlap",  # Dice overlap of their words, each weighted by its rarity in the story
    "claim_share",  # ... the claim's weight found in the sentence
    "sentences_overlap",  # ... of the two whole sentences (the claim may be a clause)
    "names_min",  # the names both give, the smaller side's share (``pointers``)
    "names_max",  # ... the larger side's share
    "weight_min",  # the English information weight of the shared words, smaller side's share
    "weight_max",  # ... the larger side's share
    "rare_shared",  # names and numbers both give that few of the story's sentences give
    "numbers_conflict",  # both give numbers, and none the same
    "mutual_best",  # the claim's sentence is the one of its article closest to the sentence
    "margin",  # the overlap less that of the outlet's next closest sentence
    "lead_pair",  # both stand among their articles' first sentences
)
# A claim's closest sentence in another outlet is weighed from this overlap up: under it the
# two share a common word or two (``lone_claims.NEAREST_MIN_OVERLAP``); it also keeps the
# pairs weighed, and the same-claim calls they cost, few.
CANDIDATE_OVERLAP = 0.1
# A name or a number given by at most this many of the story's sentences is rare in it.
RARE_SENTENCES = 3
# The most rare names and numbers counted: past a few, more say little more.
MAX_RARE_SHARED = 3
# Sentences among their article's first this many are its lead.
LEAD_SENTENCES = 3
# The statuses of a claim no other outlet was found to tell: a same fact makes it shared.
LONE_STATUSES: frozenset[ClaimStatus] = frozenset({"only", "unplaced"})
# Digits an overlap is kept to: the sums run in the order of a set's words, which differs
# between processes, and a worker must decide as another process does.
OVERLAP_DIGITS = 6


@cache
def load_model(path: Path = WEIGHTS_FILE) -> Logistic:
    """The shipped same-fact model (read once)."""
    data = read_weights(path, WEIGHTS_VERSION, "same-fact", "scripts/train_same_fact.py")
    model = Logistic.from_json(data["model"])
    if model.features != FEATURES:
        raise ModelError(f"{path}: features {model.features}, this code reads {FEATURES}")
    return model


@dataclass(frozen=True)
class SameFact:
    """A lone claim (index in the claims) and another outlet's claim of its closest sentence
    that tell the same fact, with the model's probability."""

    claim: int
    other: int
    chance: float


Judge = Callable[[Sequence[tuple[int, int]]], list[SameClaim]]


class StorySentences:
    """A story's whole sentences as the model reads them: their content stems, weighted by
    how few of the story's sentences hold them, names and numbers. ``claims`` are the
    comparison's claims and ``sentences`` each claim's whole sentence (``ClaimUnit``);
    ``profile`` reads a claim by its index, ``read_text`` a sentence by its text, and
    ``texts`` are the articles' texts by id."""

    def __init__(
        self,
        claims: Sequence[Claim],
        sentences: Sequence[tuple[int, int]],
        texts: Mapping[str, str],
        profile: Callable[[int], ClaimProfile],
        read_text: Callable[[str], ClaimProfile],
    ) -> None:
        self.claims = claims
        self.profile = profile
        self.read_text = read_text
        number: dict[tuple[str, int, int], int] = {}
        self.of_claim: list[int] = []
        self.rows: list[list[int]] = []  # each sentence's claims
        self.spans: list[tuple[str, int, int]] = []
        self.position: list[int] = []  # its place among its article's sentences
        seen: dict[str, int] = {}
        for index, claim in enumerate(claims):
            key = (claim.article_id, *sentences[index])
            if key not in number:
                number[key] = len(self.spans)
                self.spans.append(key)
                self.rows.append([])
                self.position.append(seen.get(claim.article_id, 0))
                seen[claim.article_id] = self.position[-1] + 1
            self.of_claim.append(number[key])
            self.rows[number[key]].append(index)
        self.texts = [texts[article][start:end] for article, start, end in self.spans]
        self.outlet = [claims[rows[0]].outlet for rows in self.rows]
        self.article = [claims[rows[0]].article_id for rows in self.rows]
        self.copy = [all(claims[row].status == "copy" for row in rows) for rows in self.rows]
        vocabulary: dict[str, int] = {}
        cells: list[tuple[int, int]] = []
        self.items: list[frozenset[str]] = []  # names and numbers
        for at, rows in enumerate(self.rows):
            stems: set[str] = set()
            items: set[str] = set()
            for row in rows:
                read = profile(row)
                stems |= read.stems
                items |= read.names | read.numbers
            self.items.append(frozenset(items))
            if not self.copy[at]:
                cells += [(at, vocabulary.setdefault(s, len(vocabulary))) for s in stems]
        self.vocabulary = vocabulary
        shape = (len(self.spans), len(vocabulary))
        self.stems = sparse.csr_matrix(
            (np.ones(len(cells)), ([r for r, _ in cells], [c for _, c in cells])), shape=shape
        ).sign()
        held = np.asarray(self.stems.sum(axis=0)).ravel()
        present = max(int((np.asarray(self.stems.sum(axis=1)).ravel() > 0).sum()), 1)
        self.weight = np.log(present / np.maximum(held, 1.0))
        self.weighted = (self.stems @ sparse.diags(self.weight)).tocsr()
        self.totals = np.asarray(self.weighted.sum(axis=1)).ravel()
        frequency: dict[str, int] = {}
        for at, items in enumerate(self.items):
            if not self.copy[at]:
                for item in items:
                    frequency[item] = frequency.get(item, 0) + 1
        self.item_frequency = frequency

    def claim_rows(self, rows: Sequence[int]) -> sparse.csr_matrix:
        """Some claims' stems (rows, in order) as 0/1 rows over the story's stems."""
        cells = [
            (at, self.vocabulary[s])
            for at, row in enumerate(rows)
            for s in self.profile(row).stems
            if s in self.vocabulary
        ]
        shape = (len(rows), len(self.vocabulary))
        return sparse.csr_matrix(
            (np.ones(len(cells)), ([r for r, _ in cells], [c for _, c in cells])), shape=shape
        ).sign()

    def overlaps(self, rows: sparse.csr_matrix, totals: np.ndarray) -> np.ndarray:
        """Dice overlap of weighted words of each of ``rows`` (0/1 stem rows, ``totals``
        their weights) with every sentence: rows x sentences."""
        both = (self.weighted @ rows.T).toarray().T
        with np.errstate(divide="ignore", invalid="ignore"):
            found = np.where(totals[:, None] > 0, 2 * both / (totals[:, None] + self.totals), 0.0)
        found = np.round(np.nan_to_num(found), OVERLAP_DIGITS)
        found[:, self.totals <= 0] = 0.0
        found[:, np.array(self.copy, dtype=bool)] = 0.0
        return found


def closest_pairs(story: StorySentences, lone: Sequence[int]) -> list[tuple[int, int, float]]:
    """(claim, sentence, overlap) for each of ``lone``'s closest sentence in each other outlet
    (the earliest of equal overlaps), from ``CANDIDATE_OVERLAP`` up."""
    if not lone:
        return []
    rows = story.claim_rows(lone)
    totals = rows @ story.weight
    overlap = story.overlaps(rows, totals)
    outlets = np.array(story.outlet)
    found = []
    for column, index in enumerate(lone):
        own = story.claims[index].outlet
        for outlet in sorted(set(story.outlet) - {own}):
            sentences = np.flatnonzero(outlets == outlet)
            best = sentences[int(overlap[column, sentences].argmax())]
            if overlap[column, best] >= CANDIDATE_OVERLAP:
                found.append((index, int(best), float(overlap[column, best])))
    return found


def pair_rows(
    story: StorySentences, pairs: Sequence[tuple[int, int]], judge: Judge
) -> tuple[np.ndarray, list[int]]:
    """The features of each (claim, sentence) pair, in ``FEATURES`` order, and the claim of
    each sentence the same-claim model scores highest against the claim (the one the claim
    is joined with)."""
    if not pairs:
        return np.zeros((0, len(FEATURES))), []
    claims = [claim for claim, _ in pairs]
    rows = story.claim_rows(claims)
    totals = rows @ story.weight
    overlap = story.overlaps(rows, totals)
    # each claim's sentence against every sentence: the reverse look, for mutual best matches
    targets = sorted({sentence for _, sentence in pairs})
    back = story.overlaps(story.stems[targets], story.totals[targets])
    back_of = {sentence: at for at, sentence in enumerate(targets)}
    outlets = np.array(story.outlet)
    articles = np.array(story.article)
    judged = [(claim, other) for claim, sentence in pairs for other in story.rows[sentence]]
    scores = {pair: decision.score for pair, decision in zip(judged, judge(judged), strict=True)}
    found, joined = [], []
    for column, (claim, sentence) in enumerate(pairs):
        best_other = max(story.rows[sentence], key=lambda other: (scores[(claim, other)], -other))
        joined.append(best_other)
        own = story.profile(claim)
        theirs = story.read_text(story.texts[sentence])
        both = overlap[column, sentence]
        shared = sum(
            story.weight[story.vocabulary[s]]
            for s in own.stems & theirs.stems
            if s in story.vocabulary
        )
        own_sentence = story.of_claim[claim]
        claim_share = shared / totals[column] if totals[column] > 0 else 0.0
        sentences_overlap = float(back[back_of[sentence], own_sentence])
        in_outlet = np.flatnonzero(outlets == story.outlet[sentence])
        others = np.sort(overlap[column, in_outlet])[::-1]
        margin = both - (others[1] if len(others) > 1 else 0.0)
        in_article = np.flatnonzero(articles == story.claims[claim].article_id)
        reverse = back[back_of[sentence], in_article]
        mutual = float(in_article[int(reverse.argmax())] == own_sentence and reverse.max() > 0)
        rare = [
            item
            for item in story.items[own_sentence] & story.items[sentence]
            if story.item_frequency.get(item, 0) <= RARE_SENTENCES
        ]
        conflict = bool(own.numbers) and bool(theirs.numbers) and not own.numbers & theirs.numbers
        lead = max(story.position[own_sentence], story.position[sentence]) < LEAD_SENTENCES
        found.append(
            [
                max(scores[(claim, other)] for other in story.rows[sentence]),
                both,
                claim_share,
                sentences_overlap,
                *pointer_features(own, theirs),
                float(min(len(rare), MAX_RARE_SHARED)),
                float(conflict),
                mutual,
                margin,
                float(lead),
            ]
        )
    return np.array(found, dtype=np.float64), joined


def same_facts(
    story: StorySentences, lone: Sequence[int], judge: Judge, model: Logistic | None = None
) -> list[SameFact]:
    """The pairs of ``lone`` claims and other outlets' claims the model finds tell the same
    fact: each lone claim's closest sentence in each other outlet, weighed."""
    model = model or load_model()
    pairs = [(claim, sentence) for claim, sentence, _ in closest_pairs(story, lone)]
    rows, joined = pair_rows(story, pairs, judge)
    if not pairs:
        return []
    chances = model.probabilities(rows)
    return [
        SameFact(claim, other, round(float(chance), 4))
        for (claim, _), other, chance in zip(pairs, joined, chances, strict=True)
        if chance >= model.threshold and not math.isnan(chance)
    ]


def join_same_facts(claims: Sequence[Claim], facts: Sequence[SameFact]) -> list[Claim]:
    """The claims with each pair of ``facts`` told by both outlets: both claims shared with
    each other's outlet, matched with each other, and of one group (their groups joined;
    the groups numbered again in order of first appearance)."""
    found = list(claims)
    if not facts:
        return found
    parent = {claim.group: claim.group for claim in claims}

    def root(group: int) -> int:
        while parent[group] != group:
            parent[group] = parent[parent[group]]
            group = parent[group]
        return group

    for fact in facts:
        for at, other in ((fact.claim, fact.other), (fact.other, fact.claim)):
            claim, teller = found[at], found[other]
            if any(m.article_id == teller.article_id for m in claim.matches):
                continue
            match = ClaimMatch(
                article_id=teller.article_id,
                outlet=teller.outlet,
                start=teller.start,
                end=teller.end,
                relation="same",
                score=fact.chance,
                reason=f"same fact in this story (same-fact model, p={fact.chance:.2f})",
            )
            found[at] = replace(
                claim,
                status="shared" if claim.status in LONE_STATUSES else claim.status,
                shared_with=tuple(sorted({*claim.shared_with, teller.outlet})),
                matches=tuple(
                    sorted((*claim.matches, match), key=lambda m: (m.outlet, m.article_id))
                ),
                maybe_matches=(),
                nearest=(),
            )
        parent[root(found[fact.claim].group)] = root(found[fact.other].group)
    numbers: dict[int, int] = {}
    return [
        replace(claim, group=numbers.setdefault(root(claim.group), len(numbers))) for claim in found
    ]
