"""Claims: each article's claim units (``claim_units``: sentences and the main clauses of long
ones) aligned across the story, and marked shared (with which outlets) or told by one outlet only.

Candidate pairs are found cheaply: a cosine over TF-IDF vectors of word stems, IDF taken over
the story's own claims (a word every outlet uses for this event, "Baldwin", says less than
"lawsuit"), with names and numbers counting more than other words. Whether a candidate pair
is the same claim is decided by the same-claim model (``same_claim.py``, trained on news
sentence pairs), which reads the two sentences' words, names, numbers and negations: "a
second series" and "a second season" are one claim though they share few weighted words.
Where ``storylens[embeddings]`` is installed, a dense sentence cosine can stand in beside it.

Boilerplate is never a claim. A syndicated copy's claims are marked ``copy``: the copy is an
echo of its original and confirms nothing, so it never makes a claim "shared". A sentence
another outlet prints word for word (a wire story run by two papers) is no outlet's alone: it
is shared, ``echoed_by`` the outlet that reprinted it, and no confirmation of it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from functools import lru_cache

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
from storylens.compare.lone_claims import (
    LoneEvidence,
    is_bare_quotation,
    lone_claim_evidence,
    nearest_matches,
    told_elsewhere,
)
from storylens.compare.lone_claims import load_model as load_lone_model
from storylens.compare.pointers import weigh_pointers
from storylens.compare.quotes import marked_phrases
from storylens.compare.same_claim import SameClaim, judge_many
from storylens.compare.same_claim_features import ClaimProfile, claim_profile, english_zipf
from storylens.compare.words import fold, words
from storylens.records import Claim, ClaimMatch, ClaimRelation, ClaimStatus, StoryMember

# Claim units (splitting) live in ``claim_units``; their names stay importable from here.
__all__ = [
    "LONG_SENTENCE_WORDS",
    "MIN_CLAIM_CONTENT_WORDS",
    "NAME_LABELS",
    "NAME_WEIGHT",
    "ClaimJudge",
    "ClaimUnit",
    "align_claims",
    "best_counterparts",
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
# Pairs at this word cosine or above go to the same-claim model, which decides: a paraphrase
# shares its names and a key word or two ("second series" / "second season", about 0.16),
# while under it pairs share a common word only. On 50 BASIL articles the model found the
# same claim in 0 of 4,324 judged pairs between 0.12 and 0.15, and 2 of 3,777 up to 0.2.
CANDIDATE_SIMILARITY = 0.15
# The model judges this many candidates per claim and other article, best cosine first: each
# judged pair costs about 0.5 ms, and on those 50 articles three candidates from 0.12 found
# the same 100 same-claim pairs as two from 0.15, judging 11,791 pairs instead of 6,831.
MAX_CANDIDATES = 2
# A candidate for the model has at least this Dice overlap of content stems: the model never
# calls a pair under it the same claim (none under 0.25 of its 3,026 "same" on MSRP, nor of
# its 100 on 50 BASIL articles), and the gate halves the pairs it judges.
MIN_CANDIDATE_DICE = 0.2
# A candidate for the model shares this many stems: one is enough for the model to weigh
# ("a second series" / "a second season" share only "second"); ``MIN_SHARED_STEMS`` guarded
# the cosine alone against a single rare word, which the model weighs itself.
MIN_CANDIDATE_SHARED_STEMS = 1
# Dense cosines below this say only "same kind of text"; above it they count as evidence.
DENSE_FLOOR = 0.5
# A lone claim is not called its outlet's own when the model gives another outlet's sentence
# at least this probability of being the same claim: the report says "B may say it in other
# words" instead. The model's threshold for "same" is 0.5 (fit on MSRP, where two in three
# pairs are paraphrases); under it sit the paraphrases it misses. Read on the 30 even BASIL
# events (1,983 lone claims), in a sample of 12 per band, the other outlet's sentence told
# the same claim in 9 of 12 scored 0.3-0.5, 7 of 12 at 0.2-0.3 and 3 of 12 at 0.1-0.2: from
# 0.2 up "only in A" is wrong more often than right, under it mostly right.
MAYBE_SAME = 0.2
# The second look reads the candidates the first judged (their decisions are kept, so it
# costs no model call): judging four per other article from a Dice of 0.1 hedged 312 lone
# claims on the even BASIL events instead of 298, for about 40% more CPU per comparison.
MAYBE_CANDIDATES = MAX_CANDIDATES
MAYBE_CANDIDATE_DICE = MIN_CANDIDATE_DICE
# Two claims that carry the same quotation of at least this many words tell of the same
# utterance whatever the model makes of the narration around it ("She joked: '...'" / "...
# before joking (or not): '...'"): at the least the other outlet may tell the claim. Five words
# are a sentence's worth; shorter runs ("No", "I'm sorry") recur by chance.
MIN_SHARED_QUOTE_WORDS = 5
# Two such claims are the same claim, not merely perhaps told, when the quotation they share
# is at least this share of the words of each: a source's words with a line of narration
# ("Asked point-blank, ... Weiner replied, '...'" / "'...,' Weiner told reporters") tell
# the same utterance. Under it, the quotation may be background to another claim ("A day
# after telling reporters that he's '...,' Weiner broke his silence Wednesday ...").
# Fresh readers of whole BASIL reports marked such a claim "only in A (B may say it in
# other words)" misleading where B prints the words.
QUOTATION_CLAIM_SHARE = 0.5
# A shorter quotation counts as the same words when it holds an uncommon word: at most this
# many words, a word of this many letters or more, rarer than this on wordfreq's Zipf scale
# (4.0: ten uses per million words; "jackass" 3.3, "destructive" 3.9, "racist" 4.4, "problem"
# 5.4). 3.6 and 4.0 were tried: 4.0 hedged more lone claims rightly on basil-dev (13 of 15
# new hedges true against 4 of 6) and on held-out BASIL (11 of 12 against 9 of 10).
MAX_TELLING_PHRASE_WORDS = 4
MIN_TELLING_WORD_CHARS = 5
MAX_TELLING_ZIPF = 4.0
# The sentences whose quotations are kept (``_quotations``): the claims of a story of
# ``story.MAX_COMPARED_ARTICLES`` articles, about 40 each.
QUOTATIONS_CACHE_TEXTS = 4096


def similarity_matrix(
    units: Sequence[ClaimUnit],
    dense: Callable[[Sequence[str]], np.ndarray] | None = None,
    vectors: np.ndarray | None = None,
) -> sparse.csr_matrix:
    """Cosine between every two claims (a sparse matrix; pairs sharing no word are absent).

    ``dense`` embeds texts into unit vectors (or ``vectors`` holds them, one row per claim);
    where given, a pair's score is the larger of the word cosine and the dense cosine's part
    above ``DENSE_FLOOR``, rescaled to 0..1.
    """
    vocabulary: dict[str, int] = {}
    document_frequency: Counter[str] = Counter()
    for unit in units:
        document_frequency.update(unit.stems.keys())
    rows, cols, values = [], [], []
    total = len(units)
    idfs = {
        item: math.log((1 + total) / (1 + frequency)) + 1.0
        for item, frequency in document_frequency.items()
    }
    for row, unit in enumerate(units):
        for item, count in unit.stems.items():
            column = vocabulary.setdefault(item, len(vocabulary))
            idf = idfs[item]
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
    if vectors is None and dense is not None and total:
        vectors = dense([unit.text for unit in units])
    if vectors is not None and total:
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


class ClaimJudge:
    """The same-claim model over one story's claims: each claim read once, each pair judged
    once. ``vectors`` (unit rows, one per claim) select the model that reads their cosine."""

    def __init__(self, units: Sequence[ClaimUnit], vectors: np.ndarray | None = None) -> None:
        self.units = units
        self.vectors = vectors
        self._profiles: dict[str, ClaimProfile] = {}
        self._decisions: dict[tuple[int, int], SameClaim] = {}

    def profile(self, index: int) -> ClaimProfile:
        return self.profile_text(self.units[index].text)

    def profile_text(self, text: str) -> ClaimProfile:
        """A sentence read once per story, whichever part asks: the pointer model reads the
        same claims and whole sentences again for each pointer (three in four of the
        story's profiles were read twice or more)."""
        found = self._profiles.get(text)
        if found is None:
            found = self._profiles[text] = claim_profile(text)
        return found

    def judge(self, pairs: Sequence[tuple[int, int]]) -> list[SameClaim]:
        """The decision on each (claim, claim) pair, in order."""
        keys = [(min(a, b), max(a, b)) for a, b in pairs]
        todo = sorted({key for key in keys if key not in self._decisions})
        cosines = None
        if self.vectors is not None:
            cosines = [float(self.vectors[a] @ self.vectors[b]) for a, b in todo]
        profiles = [(self.profile(a), self.profile(b)) for a, b in todo]
        for key, decision in zip(todo, judge_many(profiles, cosines), strict=True):
            self._decisions[key] = decision
        return [self._decisions[key] for key in keys]


def best_counterparts(
    row: int,
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    threshold: float,
    min_shared: int = MIN_SHARED_STEMS,
    judge: ClaimJudge | None = None,
) -> dict[int, tuple[float, int]]:
    """For one claim: its counterpart (score, index) in each other member, among the claims at
    or above ``threshold`` and sharing ``min_shared`` stems. Without ``judge`` the best cosine
    is the counterpart; with it, the ``MAX_CANDIDATES`` best go to the same-claim model, and the
    counterpart is the one it finds the same with the highest probability (the score)."""
    member, stems = units[row].member, units[row].stems
    start, end = cosine.indptr[row], cosine.indptr[row + 1]
    # The row's cells under the threshold dropped by array, the rest read as Python numbers:
    # a loop over numpy scalars cost a third of this function.
    scores = cosine.data[start:end]
    kept = ~(scores < threshold)
    candidates: dict[int, list[tuple[float, int]]] = {}
    for column, score in zip(
        cosine.indices[start:end][kept].tolist(), scores[kept].tolist(), strict=True
    ):
        other_unit = units[column]
        other = other_unit.member
        if other == member:
            continue
        shared = stems.keys() & other_unit.stems.keys()
        if len(shared) < min_shared:
            continue
        sizes = len(stems) + len(other_unit.stems)
        if judge is None or 2 * len(shared) >= MIN_CANDIDATE_DICE * sizes:
            candidates.setdefault(other, []).append((score, column))
    best: dict[int, tuple[float, int]] = {}
    if judge is None:
        for other, found in candidates.items():
            best[other] = max(found, key=lambda item: (item[0], -item[1]))
        return best
    pairs = [
        (other, column)
        for other, found in candidates.items()
        for _, column in sorted(found, key=lambda item: (-item[0], item[1]))[:MAX_CANDIDATES]
    ]
    for (other, column), decision in zip(
        pairs, judge.judge([(row, column) for _, column in pairs]), strict=True
    ):
        if decision.same and decision.score > best.get(other, (0.0, -1))[0]:
            best[other] = (decision.score, column)
    return best


def align_claims(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    echoes: frozenset[tuple[int, int]] = frozenset(),
    min_shared: int = MIN_SHARED_STEMS,
    judge: ClaimJudge | None = None,
) -> tuple[Claim, ...]:
    """Mark each claim shared (with the outlets that report it) or only in its own outlet.

    The candidates of a claim in each other article are the claims at ``CANDIDATE_SIMILARITY``
    or above; the same-claim model (``judge``, by default the lexical model over ``units``)
    decides which of them, if any, is the same claim, and how the two stand (``matches``).
    Copies take no part: a copy's claims are marked ``copy`` and confirm nothing.
    ``echoes`` holds (later, earlier) claim index pairs that are near-copies: the earlier
    claim is then echoed by the later outlet rather than confirmed by it, and neither claim is
    one outlet's alone: both are ``shared`` (``echoed_by`` names the other). ``min_shared`` is 0
    where dense vectors scored the claims: they can match claims told in other words.
    """
    judge = judge or ClaimJudge(units)
    copies = copies_in_story(members)
    groups = _Groups(len(units))
    shared: list[set[str]] = [set() for _ in units]
    echoed: list[set[str]] = [set() for _ in units]
    matches: list[list[ClaimMatch]] = [[] for _ in units]
    for row, unit in enumerate(units):
        if unit.member in copies:
            continue
        own_outlet = members[unit.member].outlet
        for other, (_, column) in best_counterparts(
            row,
            units,
            cosine,
            CANDIDATE_SIMILARITY,
            min(min_shared, MIN_CANDIDATE_SHARED_STEMS),
            judge,
        ).items():
            outlet = members[other].outlet
            if other in copies or outlet == own_outlet:
                continue
            groups.join(row, column)
            decision = judge.judge([(row, column)])[0]
            matches[row].append(_match(members[other], units[column], decision))
            if (row, column) in echoes or (column, row) in echoes:
                echoed[row].add(outlet)
            else:
                shared[row].add(outlet)
    for later, earlier in echoes:
        # A sentence two outlets print word for word is both outlets' (echoed), never "only"
        # one's, whatever the model made of the pair (a dateline can stand before one).
        late, early = members[units[later].member], members[units[earlier].member]
        if {units[later].member, units[earlier].member} & copies.keys() or (
            late.outlet == early.outlet
        ):
            continue
        groups.join(later, earlier)
        echoed[later].add(early.outlet)
        echoed[earlier].add(late.outlet)
    for row, column, quotation in _quotation_claims(members, units, cosine, copies, shared):
        teller = members[units[column].member]
        groups.join(row, column)
        shared[row].add(teller.outlet)
        decision = SameClaim(
            same=True,
            score=judge.judge([(row, column)])[0].score,
            relation="same",
            reason=f"both print the same {len(quotation.split())}-word quotation",
        )
        matches[row].append(_match(teller, units[column], decision))
    _mirror_matches(members, units, copies, matches, shared, echoed, echoes)
    maybe, quoting = _maybe_matches(members, units, cosine, copies, shared, echoed, judge)
    roots: dict[int, int] = {}
    claims: list[Claim] = []
    for row, unit in enumerate(units):
        member = members[unit.member]
        group = roots.setdefault(groups.find(row), len(roots))
        status: ClaimStatus = "shared" if shared[row] or echoed[row] else "only"
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
                matches=tuple(sorted(matches[row], key=lambda m: (m.outlet, m.article_id))),
            )
        )
    quoted = {row for row, unit in enumerate(units) if unit.quoted}
    sentences = [unit.sentence_span for unit in units]
    texts = {member.id: member.analysed.article.text for member in members}
    return tuple(_judge_lone_claims(claims, maybe, quoting, judge, quoted, sentences, texts))


def _judge_lone_claims(
    claims: list[Claim],
    maybe: dict[int, tuple[ClaimMatch, ...]],
    quoting: set[int],
    judge: ClaimJudge,
    quoted: AbstractSet[int] = frozenset(),
    sentences: Sequence[tuple[int, int]] | None = None,
    texts: Mapping[str, str] | None = None,
) -> list[Claim]:
    """Each lone claim called its outlet's own, hedged ("B may say it in other words"),
    unplaced (the lone-claim model cannot tell), or, a bare quotation or a sentence inside a
    quotation over several paragraphs (``quoted``), given to the quotes part
    (``lone_claims``). A claim that quotes words another outlet quotes is always hedged,
    whatever the lone-claim model makes of it. ``sentences`` holds each claim's whole
    sentence, as an unplaced claim's nearest sentences are shown, those the pointer model
    finds likely to tell the claim marked so (``pointers``) where ``texts``, the articles'
    texts, are given."""
    evidence = lone_claim_evidence(claims, judge.profile, judge.judge, sentences)
    doubts = told_elsewhere(evidence)
    model = load_lone_model()
    for row, claim in enumerate(claims):
        if claim.status != "only":
            continue
        placement = model.placement(doubts.get(row, 0.0))
        if row in quoted or is_bare_quotation(claim.text):
            claims[row] = replace(claim, status="quotation")
        elif row in quoting or placement == "hedged":
            hedges = maybe.get(row) or _likeliest(claims, evidence[row], doubts[row])
            claims[row] = replace(claim, maybe_matches=hedges)
        elif placement == "unplaced":
            nearest = (
                nearest_matches(claims, evidence[row].nearest, sentences=sentences)
                if row in evidence
                else ()
            )
            if texts is not None:
                nearest = weigh_pointers(claim.text, nearest, texts, judge.profile_text)
            claims[row] = replace(claim, status="unplaced", nearest=nearest)
    return claims


def _likeliest(
    claims: Sequence[Claim], evidence: LoneEvidence, doubt: float
) -> tuple[ClaimMatch, ...]:
    """The other outlet likeliest to tell a lone claim, at its likeliest sentence."""
    if not evidence.likeliest:
        return ()
    outlet = max(evidence.likeliest, key=lambda o: (evidence.likeliest[o][1], o))
    at, score = evidence.likeliest[outlet]
    other = claims[at]
    reason = (
        f"may be told in other words (lone-claim model, p={doubt:.2f}; "
        f"same-claim model, p={score:.2f})"
    )
    return (
        ClaimMatch(
            article_id=other.article_id,
            outlet=other.outlet,
            start=other.start,
            end=other.end,
            relation="maybe-same" if score >= MAYBE_SAME else "maybe-told",
            score=score,
            reason=reason,
        ),
    )


def _match(member: StoryMember, unit: ClaimUnit, decision: SameClaim) -> ClaimMatch:
    return ClaimMatch(
        article_id=member.id,
        outlet=member.outlet,
        start=unit.start,
        end=unit.end,
        relation=decision.relation,
        score=decision.score,
        reason=decision.reason,
    )


def _mirror_matches(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    copies: dict[int, int],
    matches: list[list[ClaimMatch]],
    shared: list[set[str]],
    echoed: list[set[str]],
    echoes: frozenset[tuple[int, int]],
) -> None:
    """Make each match hold both ways. A claim's search judges only its best few candidates by
    word cosine, so B's sentence can be the counterpart of A's claim while B's own search
    looked at other sentences of A first: A's claim was then "shared with B" and B's
    sentence "only in B" at once. The model's decision is symmetric, so the match is too."""
    position = {(members[u.member].id, u.start, u.end): row for row, u in enumerate(units)}
    for row, unit in enumerate(units):
        outlet = members[unit.member].outlet
        for match in list(matches[row]):
            column = position.get((match.article_id, match.start, match.end))
            if column is None or units[column].member in copies:
                continue
            if any(m.article_id == members[unit.member].id for m in matches[column]):
                continue
            matches[column].append(
                replace(
                    match,
                    article_id=members[unit.member].id,
                    outlet=outlet,
                    start=unit.start,
                    end=unit.end,
                )
            )
            if (row, column) in echoes or (column, row) in echoes:
                echoed[column].add(outlet)
            else:
                shared[column].add(outlet)


def _quotation_claims(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    copies: dict[int, int],
    shared: list[set[str]],
) -> Iterator[tuple[int, int, str]]:
    """(claim, other outlet's claim, the quotation) for each claim no other outlet was found
    to share that is mostly a quotation another outlet's claim is mostly made of too (at
    least ``QUOTATION_CLAIM_SHARE`` of the words of each): the same utterance, told by both.
    The best such claim per other outlet, by word cosine."""
    quotations = [_quotations(unit.text) for unit in units]
    sizes = [len(words(unit.text)) for unit in units]
    for row, unit in enumerate(units):
        if unit.member in copies or shared[row] or not quotations[row]:
            continue
        outlet = members[unit.member].outlet
        best: dict[str, tuple[float, int, str]] = {}
        start, end = cosine.indptr[row], cosine.indptr[row + 1]
        for column, score in zip(
            cosine.indices[start:end].tolist(), cosine.data[start:end].tolist(), strict=True
        ):
            other = units[column].member
            other_outlet = members[other].outlet
            if other in copies or other_outlet == outlet or not quotations[column]:
                continue
            common = _common_quotation(quotations[row], quotations[column])
            if common is None:
                continue
            mine, theirs = common
            if (
                min(len(mine.split()) / sizes[row], len(theirs.split()) / sizes[column])
                < QUOTATION_CLAIM_SHARE
            ):
                continue
            if float(score) > best.get(other_outlet, (-1.0, 0, ""))[0]:
                best[other_outlet] = (float(score), int(column), min(mine, theirs, key=len))
        for other_outlet in sorted(best):
            _, column, quotation = best[other_outlet]
            yield row, column, quotation


def _common_quotation(a: Sequence[str], b: Sequence[str]) -> tuple[str, str] | None:
    """The quotations, one of ``a`` and one of ``b`` (folded), of which one stands word for
    word inside the other (a print may cut a quotation short), the longest such pair; None
    where there is none."""
    found = [(one, other) for one in a for other in b if _holds(one, other)]
    return max(found, key=lambda pair: len(pair[0]) + len(pair[1])) if found else None


def _holds(one: str, other: str) -> bool:
    """Whether the shorter of two folded quotations stands word for word in the longer."""
    shorter, longer = sorted((one, other), key=len)
    return f" {shorter} " in f" {longer} "


def _maybe_matches(
    members: Sequence[StoryMember],
    units: Sequence[ClaimUnit],
    cosine: sparse.csr_matrix,
    copies: dict[int, int],
    shared: list[set[str]],
    echoed: list[set[str]],
    judge: ClaimJudge,
) -> tuple[dict[int, tuple[ClaimMatch, ...]], set[int]]:
    """For each claim no other outlet was found to share or echo: the sentence of each other
    outlet that the model scores at least ``MAYBE_SAME`` as the same claim, or that quotes the
    same words (``shares_a_quotation``), the best per outlet, if any."""
    quotations = [_quotations(unit.text) for unit in units]
    # Read once: the loop below visits every pair of claims that share a word.
    outlets = [member.outlet for member in members]
    found: dict[int, tuple[ClaimMatch, ...]] = {}
    quotes_another: set[int] = set()
    for row, unit in enumerate(units):
        if unit.member in copies or shared[row] or echoed[row]:
            continue
        own_outlet = outlets[unit.member]
        start, end = cosine.indptr[row], cosine.indptr[row + 1]
        candidates: dict[int, list[tuple[float, int]]] = {}
        quoting: set[int] = set()
        for column, score in zip(
            cosine.indices[start:end].tolist(), cosine.data[start:end].tolist(), strict=True
        ):
            other = units[column].member
            if other in copies or outlets[other] == own_outlet:
                continue
            # (most claims quote nothing: no call for them)
            if quotations[row] and _same_quotation(quotations[row], quotations[column]):
                quoting.add(int(column))
            elif score >= CANDIDATE_SIMILARITY:
                common = len(unit.stems.keys() & units[column].stems.keys())
                sizes = len(unit.stems) + len(units[column].stems)
                if common and 2 * common >= MAYBE_CANDIDATE_DICE * sizes:
                    candidates.setdefault(other, []).append((float(score), int(column)))
        pairs = sorted(quoting) + [
            column
            for found_here in candidates.values()
            for _, column in sorted(found_here, key=lambda i: (-i[0], i[1]))[:MAYBE_CANDIDATES]
        ]
        if quoting:
            quotes_another.add(row)
        # per outlet, a sentence printing the same quotation first (the line then says so),
        # then the one the model scores highest
        best: dict[str, tuple[tuple[bool, float], int, SameClaim]] = {}
        for column, decision in zip(pairs, judge.judge([(row, c) for c in pairs]), strict=True):
            outlet = members[units[column].member].outlet
            likely = decision.score >= MAYBE_SAME or column in quoting
            rank = (column in quoting, decision.score)
            if likely and rank > best.get(outlet, ((False, -1.0),))[0]:
                best[outlet] = (rank, column, decision)
        if best:
            found[row] = tuple(
                _match(
                    members[units[column].member],
                    units[column],
                    SameClaim(
                        same=False,
                        score=decision.score,
                        relation=_quoting_relation(quotations[row], units[column].text)
                        if column in quoting
                        else "maybe-same",
                        reason=decision.reason,
                        model=decision.model,
                    ),
                )
                for _, column, decision in (best[outlet] for outlet in sorted(best))
            )
    return found, quotes_another


@lru_cache(maxsize=QUOTATIONS_CACHE_TEXTS)
def _quotations(text: str) -> tuple[str, ...]:
    """A sentence's quotations of ``MIN_SHARED_QUOTE_WORDS`` words or more, folded, and its
    short ones that hold an uncommon word (``_telling_phrase``). Kept per text: the
    quotation claims, the second look at lone claims and the summary each read them again
    for every claim of the story."""
    if not any(mark in text for mark in "\"“”‘’'«»"):
        return ()
    folded = (_folded(phrase) for phrase in marked_phrases(text))
    return tuple(
        q for q in folded if len(q.split()) >= MIN_SHARED_QUOTE_WORDS or _telling_phrase(q)
    )


def _telling_phrase(folded: str) -> bool:
    """A short quotation two outlets would not both print by chance: at most
    ``MAX_TELLING_PHRASE_WORDS`` words, one of them an uncommon word of
    ``MIN_TELLING_WORD_CHARS`` letters or more ("jackass", "racist elements", "destructive");
    "No", "I'm sorry" and "the best" recur in any story."""
    phrase_words = folded.split()
    return 0 < len(phrase_words) <= MAX_TELLING_PHRASE_WORDS and any(
        len(word) >= MIN_TELLING_WORD_CHARS and english_zipf(word) < MAX_TELLING_ZIPF
        for word in phrase_words
    )


def _same_quotation(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether ``b`` prints a quotation of ``a`` (both folded): where ``a`` holds a quotation
    of ``MIN_SHARED_QUOTE_WORDS`` words or more, one of those and one of ``b``'s hold each
    other word for word and the shorter runs to that length too; where it holds only short
    telling phrases, one of them stands whole in one of ``b``'s (a single word only in a short
    one of ``b``'s). A line with a long quotation does
    not "print the same quotation" as an outlet that prints one uncommon word of it or of a
    quotation beside it: a fresh reader found "B prints the same quotation" under a remark of
    which B printed only "profoundly"."""
    long = [q for q in a if len(q.split()) >= MIN_SHARED_QUOTE_WORDS]
    if not long:
        # a one-word quotation is the same only where the other prints it as a short
        # quotation too: nyt's conservatives' word "amnesty" is no quotation of McCarthy's
        # "There won't be amnesty inside it" (a fresh reader marked the line wrong)
        # and ``b`` must print the whole phrase: hpo's "It was a prank" is not printed by fox,
        # whose quotation is the one word "prank" (a fresh reader marked the line wrong)
        return any(
            f" {one} " in f" {other} "
            and (len(one.split()) > 1 or len(other.split()) < MIN_SHARED_QUOTE_WORDS)
            for one in a
            for other in b
        )
    return any(
        _holds(one, other) and len(other.split()) >= MIN_SHARED_QUOTE_WORDS
        for one in long
        for other in b
    )


def _folded(text: str) -> str:
    return " ".join(fold(word) for word in words(text))


def shares_a_quotation(a: str, b: str) -> bool:
    """Whether sentence ``b`` prints the quotation of sentence ``a`` (``_same_quotation``:
    word for word, case, accents and curly marks aside)."""
    return _same_quotation(_quotations(a), _quotations(b))


def prints_part_of_quotation(a: str, b: str) -> bool:
    """Whether sentence ``b``, printing a quotation of sentence ``a`` (``shares_a_quotation``),
    prints only part of it: each of ``a``'s quotations of ``MIN_SHARED_QUOTE_WORDS`` words or
    more that ``b`` prints, it prints cut short. A fresh reader found "B prints the same
    quotation" under a remark of three sentences of which B printed the last words."""
    return _part_of_quotation(_quotations(a), b)


def _part_of_quotation(a: Sequence[str], b_text: str) -> bool:
    shared = [
        one
        for one in a
        for other in _quotations(b_text)
        if len(one.split()) >= MIN_SHARED_QUOTE_WORDS
        and len(other.split()) >= MIN_SHARED_QUOTE_WORDS
        and _holds(one, other)
    ]
    # a quotation printed whole in pieces around its attribution ("“I trust in God,” she
    # said, “but ...”") is printed whole
    joined = f" {' '.join(_folded(phrase) for phrase in marked_phrases(b_text))} "
    return bool(shared) and not any(f" {one} " in joined for one in shared)


def _quoting_relation(a: Sequence[str], b_text: str) -> ClaimRelation:
    """A lone claim's match that prints its quotation: "part-quotation" where it prints only
    part of it (``_part_of_quotation``), else "same-quotation"."""
    return "part-quotation" if _part_of_quotation(a, b_text) else "same-quotation"
