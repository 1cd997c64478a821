"""What the same-claim model reads of two sentences: word, n-gram, character, name, number and
negation overlaps, each a plain number, the same for (a, b) as for (b, a).

A sentence is read once into a ``ClaimProfile`` (its folded words, stems, n-grams, names,
numbers), so that a comparison pairing each claim with many others reads each claim once.
Names are found by their capital letters rather than by a parse: the comparison has no parse
of a claim on its own, and the same rule must hold in training and in use.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cached_property, lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel, Levenshtein
from rapidfuzz.process import cdist

from storylens.analyse.word_frequency import english_zipf
from storylens.compare.words import fold, is_stop_word, stem, with_states_spelt_out, words

# The n-gram lengths of words and of characters whose overlaps are features.
WORD_NGRAMS = (2, 3, 4)
CHAR_NGRAMS = (3, 4, 5)
# A word's information weight is this much above its Zipf frequency (the most common English
# words sit near 7.5): rare words ("subpoena", "Kiely") weigh most, as in an IDF.
ZIPF_CEILING = 8.0
# Two words of different stems still match when their spelling is this close (0..100):
# "organisation"/"organization", "Hilaria"/"Hillaria".
FUZZY_WORD_MATCH = 85.0
# Words that turn a claim into its denial.
NEGATIONS = frozenset(
    {"not", "no", "never", "n't", "none", "nobody", "nothing", "neither", "nor", "without"}
)
# Number words as digits, so that "three" meets "3".
NUMBER_WORDS = {
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "dozen": "12",
    "twenty": "20", "hundred": "100", "thousand": "1000", "million": "1000000",
    "billion": "1000000000",
}  # fmt: skip

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


@lru_cache(maxsize=65536)
def _weight(word: str) -> float:
    return max(ZIPF_CEILING - english_zipf(word), 0.5)


@lru_cache(maxsize=65536)
def _read_word(word: str) -> tuple[str, str | None, float]:
    """A word as a claim's profile reads it: folded; and, for a content word (no stop word,
    more than one letter), its stem and information weight. Kept per word: a story's claims
    repeat their words, and one look-up here replaces four."""
    folded = fold(word)
    if is_stop_word(word) or len(word) <= 1:
        return folded, None, 0.0
    return folded, stem(word), _weight(folded)


def _number(token: str) -> str:
    """A number as a comparable string: thousands commas out, trailing zeros of decimals out."""
    plain = token.replace(",", "")
    if "." in plain:
        plain = plain.rstrip("0").rstrip(".")
    return plain


@dataclass(frozen=True)
class ClaimProfile:
    """One sentence as the features read it."""

    text: str  # lower-cased, white space made single
    tokens: tuple[str, ...]  # folded words
    token_set: frozenset[str]
    stems: frozenset[str]  # stems of the content words
    weights: dict[str, float]  # content stem -> information weight
    names: frozenset[str]
    numbers: frozenset[str]
    negated: bool

    # The n-gram sets are read only when a pair is judged, and most of a story's claims are
    # profiled for their stems, names and numbers alone (the lone-claim matrices): they are
    # made on first use, which was a third of the cost of reading a claim.
    @cached_property
    def ngrams(self) -> tuple[frozenset[str], ...]:
        """Word n-grams, one set per WORD_NGRAMS, each n-gram its words joined by a space."""
        # Strings rather than tuples of words: a string keeps its hash, a tuple hashes its
        # words again at every set operation, which made these overlaps two thirds of the
        # cost of judging a pair. No word holds a space, so the sets count the same.
        tokens = self.tokens
        return tuple(
            frozenset(map(" ".join, zip(*(tokens[i:] for i in range(n)), strict=False)))
            for n in WORD_NGRAMS
        )

    @cached_property
    def chars(self) -> tuple[AbstractSet[str], ...]:
        """Character n-grams, one set per CHAR_NGRAMS (read-only)."""
        # Sliced straight from the text: the n-grams of one length need none of the shorter
        # ones (built up from the characters by ``map``, the same sets cost a sixth more).
        # A set made in one step, not a frozenset of a list: a fifth less (3,077 sentences of
        # 200 articles, 193 -> 154 ms), and only read by intersections.
        flat = self.text
        return tuple({flat[i : i + n] for i in range(len(flat) - n + 1)} for n in CHAR_NGRAMS)


def claim_profile(text: str, names: Sequence[str] | None = None) -> ClaimProfile:
    """Read one sentence. ``names`` are its names where a parse found them; otherwise the
    capitalised words after the first, and every capitalised word that is not a stop word."""
    written = words(with_states_spelt_out(text))
    read = [_read_word(word) for word in written]
    tokens = tuple(folded for folded, _, _ in read)
    content = [item for _, item, _ in read if item is not None]
    weights: dict[str, float] = {}
    for _, item, weight in read:
        if item is not None:
            weights[item] = max(weights.get(item, 0.0), weight)
    # a word's folded form is the one ``_read_word`` kept (``tokens``), not folded again
    if names is None:
        found = {
            tokens[position]
            for position, word in enumerate(written)
            if word[:1].isupper() and (position > 0 or not is_stop_word(word))
        }
    else:
        found = {fold(word) for name in names for word in words(name)}
    numbers = {_number(match.group()) for match in _NUMBER.finditer(text)}
    numbers.update(NUMBER_WORDS[token] for token in tokens if token in NUMBER_WORDS)
    flat = " ".join(tokens)
    digits = {tokens[position] for position, word in enumerate(written) if word.isdigit()}
    return ClaimProfile(
        text=flat,
        tokens=tokens,
        token_set=frozenset(tokens),
        stems=frozenset(content),
        weights=weights,
        names=frozenset(found - digits),
        numbers=frozenset(numbers),
        negated=any(token in NEGATIONS or token.endswith("n't") for token in tokens),
    )


def coverage(a: frozenset[object], b: frozenset[object]) -> tuple[float, float, float]:
    """The shared part as a share of the smaller side's, the larger side's, and their F1."""
    if not a or not b:
        return 0.0, 0.0, 0.0
    shared = len(a & b)
    first, second = shared / len(a), shared / len(b)
    f1 = 2 * shared / (len(a) + len(b))
    return min(first, second), max(first, second), f1


def weighted_coverage(a: ClaimProfile, b: ClaimProfile) -> tuple[float, float]:
    """The information weight of each side's content words found in the other (min, max)."""
    total_a, total_b = sum(a.weights.values()), sum(b.weights.values())
    if not total_a or not total_b:
        return 0.0, 0.0
    shared = a.stems & b.stems
    first = sum(a.weights[s] for s in shared) / total_a
    second = sum(b.weights[s] for s in shared) / total_b
    return min(first, second), max(first, second)


def _fuzzy_coverage(
    a: ClaimProfile, b: ClaimProfile, shared: frozenset[str] | None = None
) -> float:
    """The smaller share of each side's content stems matched in the other, exactly or by a
    close spelling. ``shared``: their common stems, where the caller has them."""
    if not a.stems or not b.stems:
        return 0.0
    only_a, only_b = list(a.stems - b.stems), list(b.stems - a.stems)
    matched_a, matched_b = len(a.stems) - len(only_a), len(b.stems) - len(only_b)
    if only_a or only_b:
        # One C call for every stem of one side against every stem of the other (the ratio
        # is symmetric): the rows of a's unmatched stems and the columns of b's. The close
        # cells are read off as the matrix's nonzero cells (under the cutoff a score is 0):
        # reductions over its rows and columns cost more than the C call.
        both = list(a.stems & b.stems if shared is None else shared)
        close = cdist(
            only_a + both, only_b + both, scorer=fuzz.ratio, score_cutoff=FUZZY_WORD_MATCH
        )
        rows, columns = close.nonzero()
        unmatched_a, unmatched_b = len(only_a), len(only_b)
        matched_a += len({row for row in rows.tolist() if row < unmatched_a})
        matched_b += len({column for column in columns.tolist() if column < unmatched_b})
    return min(matched_a / len(a.stems), matched_b / len(b.stems))


def _unmatched_weight(a: ClaimProfile, b: ClaimProfile) -> tuple[float, float]:
    """The information weight of each side's content words the other lacks (min, max)."""
    first = sum(w for s, w in a.weights.items() if s not in b.stems)
    second = sum(w for s, w in b.weights.items() if s not in a.stems)
    return min(first, second), max(first, second)


def _ngram_precision(a: ClaimProfile, b: ClaimProfile) -> float:
    """A symmetric BLEU-like score: the geometric mean of word 1..4-gram overlaps."""
    sets = [a.token_set, *a.ngrams], [b.token_set, *b.ngrams]
    logs = []
    for one, other in zip(*sets, strict=True):
        shared = len(one & other)
        logs.append(math.log((shared + 1) / (min(len(one), len(other)) + 1)))
    return math.exp(sum(logs) / len(logs))


FEATURE_NAMES: tuple[str, ...] = (
    "word_min", "word_max", "word_f1",
    "stem_min", "stem_max", "stem_f1",
    "weighted_min", "weighted_max",
    "unmatched_weight_min", "unmatched_weight_max",
    "fuzzy_stem_min",
    *(f"word{n}_{part}" for n in WORD_NGRAMS for part in ("min", "max", "f1")),
    *(f"char{n}_{part}" for n in CHAR_NGRAMS for part in ("min", "max", "f1")),
    "bleu",
    "ratio", "token_sort_ratio", "token_set_ratio", "partial_ratio",
    "word_levenshtein", "word_indel",
    "length_ratio", "length_difference", "length_mean",
    "names_min", "names_max", "names_unmatched", "names_missing_one_side",
    "numbers_both", "numbers_shared", "numbers_conflict", "numbers_one_side",
    "negation_mismatch",
)  # fmt: skip


def _shared_coverage(shared: int, size_a: int, size_b: int) -> tuple[float, float, float]:
    """``coverage`` from the count of shared items and the two sides' sizes."""
    if not size_a or not size_b:
        return 0.0, 0.0, 0.0
    first, second = shared / size_a, shared / size_b
    f1 = 2 * shared / (size_a + size_b)
    return min(first, second), max(first, second), f1


def pair_features(a: ClaimProfile, b: ClaimProfile) -> list[float]:
    """The features of one pair, in ``FEATURE_NAMES`` order."""
    # Each overlap is counted once: the word and n-gram counts serve both their coverages
    # and the BLEU-like score, the shared stems the stem, weight and fuzzy features. The
    # sums and quotients are those of ``coverage``, ``weighted_coverage`` and
    # ``_ngram_precision``, in the same order, so the features are the same numbers.
    word_sets = [(a.token_set, b.token_set), *zip(a.ngrams, b.ngrams, strict=True)]
    word_counts = [(len(one & other), len(one), len(other)) for one, other in word_sets]
    shared_stems = a.stems & b.stems
    row: list[float] = []
    row += _shared_coverage(*word_counts[0])
    row += _shared_coverage(len(shared_stems), len(a.stems), len(b.stems))
    total_a, total_b = sum(a.weights.values()), sum(b.weights.values())
    if not total_a or not total_b:
        row += [0.0, 0.0]
    else:
        first = sum(a.weights[s] for s in shared_stems) / total_a
        second = sum(b.weights[s] for s in shared_stems) / total_b
        row += [min(first, second), max(first, second)]
    row += [math.log1p(value) for value in _unmatched_weight(a, b)]
    row.append(_fuzzy_coverage(a, b, shared_stems))
    for counts in word_counts[1:]:
        row += _shared_coverage(*counts)
    for chars_a, chars_b in zip(a.chars, b.chars, strict=True):
        row += _shared_coverage(len(chars_a & chars_b), len(chars_a), len(chars_b))
    logs = [
        math.log((shared + 1) / (min(size_a, size_b) + 1)) for shared, size_a, size_b in word_counts
    ]
    row.append(math.exp(sum(logs) / len(logs)))
    row += [
        fuzz.ratio(a.text, b.text) / 100,
        fuzz.token_sort_ratio(a.text, b.text) / 100,
        fuzz.token_set_ratio(a.text, b.text) / 100,
        fuzz.partial_ratio(a.text, b.text) / 100,
        Levenshtein.normalized_similarity(a.tokens, b.tokens),
        Indel.normalized_similarity(a.tokens, b.tokens),
    ]
    short, long = sorted((len(a.tokens), len(b.tokens)))
    row += [short / long if long else 0.0, math.log1p(long - short), math.log1p(short + long)]
    names = coverage(a.names, b.names)
    row += [names[0], names[1], math.log1p(len(a.names ^ b.names))]
    row.append(float(bool(a.names) != bool(b.names)))
    both = bool(a.numbers) and bool(b.numbers)
    row += [
        float(both),
        coverage(a.numbers, b.numbers)[2],
        float(both and a.numbers != b.numbers),
        float(bool(a.numbers) != bool(b.numbers)),
    ]
    row.append(float(a.negated != b.negated))
    return row
