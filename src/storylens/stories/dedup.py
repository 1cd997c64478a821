"""Near-duplicate (syndicated or copied) articles: MinHash signatures and an LSH index.

A wire story reprinted by ten outlets is one piece of reporting, not ten. The signature is a
MinHash over word shingles of the cleaned body with the boilerplate lines left out, so a copy
with a different share bar or caption still matches. The parameters that made a signature
(permutations, shingle size, seed, hash scheme) travel with it, and two signatures made with
different parameters are never compared: that raises ``SignatureMismatch`` instead of
returning a meaningless similarity.

Copies are judged by *containment* (the share of the shorter text found in the longer one),
estimated from the MinHash Jaccard and the two shingle counts, so that an outlet that prints
a wire story and adds two paragraphs is still recognised as carrying a copy.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from storylens.errors import SignatureMismatch
from storylens.records import Span

if TYPE_CHECKING:
    from datasketch import MinHash

# The figures below are B-cubed F1 over 10 shuffled orders of every story set by
# bench/constants.py, with the copies found in those orders (now 268; docs/results/
# constants.json). Where a change moves a set it is ECB+, and lowers it.
# 128 permutations: Jaccard estimates within about +-0.05, 512 bytes per article. 64: ECB+
# 0.9333 -> 0.9317, 331 copies; 256: 0.9328, 197 copies.
DEFAULT_NUM_PERM = 128
# Five-word shingles: long enough that two reports of one event rarely share many by chance.
# 3: ECB+ 0.9313, 395 copies; 10: 0.9325, 228 copies.
DEFAULT_SHINGLE_WORDS = 5
# Fixed seed: signatures made in different processes and runs must be comparable.
DEFAULT_SEED = 1
# datasketch's default hash scheme since 2.0; stored so old signatures are never misread.
AFFINE32 = "affine32"
DEFAULT_SCHEME = AFFINE32
# LSH retrieves pairs whose estimated Jaccard is about this or more; the copy decision is
# made afterwards on containment, so this only needs to be low enough to catch partial copies.
# No code reads it: it names the threshold LSH_BANDS is datasketch's optimum for (0.2 and 0.8
# give the same stories and copies).
LSH_JACCARD_THRESHOLD = 0.4
# Bands of the LSH index: datasketch's optimum for that threshold over 128 permutations (equal
# weights of false positives and negatives), 32 bands of 4 rows; two signatures are
# candidates when all the values of one band agree. 16: flat, 190 copies; 64: flat, 305.
LSH_BANDS = 32
# Band keys of newly added articles wait in a dictionary; at this many articles they are
# merged into the sorted arrays, where a key costs 12 bytes instead of about 300 (the
# datasketch index's sets and byte strings: 10 KB per article at 10k articles). A memory
# bound: 512 and 2,048 give the same stories and copies.
LSH_MERGE_EVERY = 1024
# Seed of the odd 64-bit multipliers that mix a band's values into one key, and of a salt per
# band so that equal values in two bands give two keys (any fixed seed: keys are compared
# within one index, never stored).
LSH_KEY_SEED = 20261202
# A text is a copy when at least this share of the shorter body's shingles is in the other.
# A hand choice: a copy with a changed lead or a cut paragraph stays a copy, a report that
# reuses a few wire paragraphs beside its own reporting does not. 0.4: ECB+ 0.9293, 392
# copies; 0.6: 0.9304, 365; 0.9: 0.9320, 170.
DUPLICATE_CONTAINMENT = 0.8
# Bodies shorter than this many shingles are too short to call copies (a two-line brief).
# 10: ECB+ 0.9326, 278 copies; 40: flat, 258.
MIN_SHINGLES_FOR_DUPLICATE = 20

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class MinHashParams:
    """The parameters a signature was made with; only equal parameters are comparable."""

    num_perm: int = DEFAULT_NUM_PERM
    shingle_words: int = DEFAULT_SHINGLE_WORDS
    seed: int = DEFAULT_SEED
    scheme: str = DEFAULT_SCHEME


@dataclass(frozen=True)
class Signature:
    """A MinHash signature with its parameters and the number of distinct shingles."""

    params: MinHashParams
    values: tuple[int, ...]
    shingles: int

    def to_minhash(self) -> MinHash:
        """The signature as datasketch's ``MinHash`` (for callers who want its methods)."""
        from datasketch import MinHash

        return MinHash(
            seed=self.params.seed,
            hashvalues=np.asarray(self.values, dtype=np.uint64),
            permutations=_datasketch_permutations(self.params),
            scheme=self.params.scheme,
        )


@lru_cache(maxsize=8)
def _datasketch_permutations(params: MinHashParams) -> Any:
    # datasketch draws the permutations again for every MinHash it builds; they depend only
    # on the parameters, and drawing them took a tenth of the clustering time.
    from datasketch import MinHash

    return MinHash(num_perm=params.num_perm, seed=params.seed, scheme=params.scheme).permutations


# datasketch's "affine32" scheme is computed here (``_affine32_values``) without importing
# datasketch: its package imports scipy.integrate (for LSH parameters storylens does not use),
# a quarter of a second at every start (issue #22). tests/test_dedup.py holds the two equal.
_UINT32_MAX = np.uint32(0xFFFFFFFF)
# MurmurHash3's 32-bit finalizer (shift, multiplier, shift, multiplier; its last shift is the
# first again), as datasketch pre-mixes each shingle's hash with it.
_FMIX32 = (np.uint32(16), np.uint32(0x85EBCA6B), np.uint32(13), np.uint32(0xC2B2AE35))


@lru_cache(maxsize=8)
def _affine32_permutations(num_perm: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """datasketch's permutations h -> a * h + b (mod 2^32), ``a`` odd, drawn as it draws them."""
    generator = np.random.RandomState(seed)
    a = generator.randint(0, 1 << 31, num_perm, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
    b = generator.randint(0, 1 << 32, num_perm, dtype=np.uint32)
    return a, b


def _affine32_values(shingles: Sequence[bytes], num_perm: int, seed: int) -> np.ndarray:
    """datasketch's ``MinHash(scheme="affine32").update_batch(shingles).hashvalues``: each
    shingle's SHA-1 (its first four bytes, little-endian), pre-mixed, permuted, and the least
    value of each permutation."""
    if not shingles:
        return np.full(num_perm, _UINT32_MAX, dtype=np.uint32)
    hashes = np.frombuffer(
        b"".join(hashlib.sha1(shingle).digest()[:4] for shingle in shingles), dtype="<u4"
    ).astype(np.uint32)
    shift1, multiplier1, shift2, multiplier2 = _FMIX32
    hashes = hashes ^ (hashes >> shift1)
    hashes = hashes * multiplier1
    hashes = hashes ^ (hashes >> shift2)
    hashes = hashes * multiplier2
    hashes = hashes ^ (hashes >> shift1)
    a, b = _affine32_permutations(num_perm, seed)
    permuted = hashes.reshape(-1, 1) * a + b
    return permuted.min(axis=0)


def body_without_boilerplate(text: str, boilerplate: Sequence[Span]) -> str:
    """The text with boilerplate spans cut out (offsets are not needed after this)."""
    if not boilerplate:
        return text
    pieces = []
    position = 0
    for span in sorted(boilerplate, key=lambda s: s.start):
        if span.start > position:
            pieces.append(text[position : span.start])
        position = max(position, span.end)
    pieces.append(text[position:])
    return "\n".join(pieces)


def word_shingles(text: str, size: int) -> set[bytes]:
    words = _WORD.findall(text.lower())
    if len(words) < size:
        return {" ".join(words).encode("utf-8")} if words else set()
    return {" ".join(words[i : i + size]).encode("utf-8") for i in range(len(words) - size + 1)}


def make_signature(text: str, params: MinHashParams | None = None) -> Signature:
    """The MinHash signature of ``text`` (already stripped of boilerplate)."""
    params = params or MinHashParams()
    shingles = word_shingles(text, params.shingle_words)
    if params.scheme == AFFINE32:
        values = _affine32_values(list(shingles), params.num_perm, params.seed)
    else:  # another of datasketch's schemes: datasketch itself
        from datasketch import MinHash

        minhash = MinHash(
            num_perm=params.num_perm,
            seed=params.seed,
            permutations=_datasketch_permutations(params),
            scheme=params.scheme,
        )
        if shingles:
            minhash.update_batch(list(shingles))
        values = minhash.hashvalues
    return Signature(params, tuple(int(v) for v in values), len(shingles))


def check_comparable(left: Signature, right: Signature) -> None:
    if left.params != right.params:
        raise SignatureMismatch(
            f"MinHash signatures made with different parameters cannot be compared: "
            f"{left.params} vs {right.params}. Analyse the articles again into a new database "
            f"(storylens analyze --db NEW.db ...) so that every signature uses the same settings."
        )


def estimated_jaccard(left: Signature, right: Signature) -> float:
    check_comparable(left, right)
    a = np.asarray(left.values)
    b = np.asarray(right.values)
    return float(np.count_nonzero(a == b)) / len(a)


def estimated_containment(left: Signature, right: Signature) -> float:
    """Share of the smaller shingle set found in the other, from Jaccard and the set sizes."""
    return containment_from_jaccard(estimated_jaccard(left, right), left.shingles, right.shingles)


def containment_from_jaccard(jaccard: float, left_size: int, right_size: int) -> float:
    smaller = min(left_size, right_size)
    if smaller == 0:
        return 0.0
    # |A n B| = J (|A| + |B|) / (1 + J)
    shared = jaccard * (left_size + right_size) / (1.0 + jaccard)
    return min(1.0, shared / smaller)


class DuplicateIndex:
    """An LSH index of signatures that answers "which stored articles does this one copy?".

    Each article's band keys (one 64-bit hash per band of ``LSH_BANDS``) sit in one sorted
    array with the article's slot beside each, and its values in one row of a matrix: about
    1 KB per article. Removed articles are marked and dropped at the next merge; their rows
    are reclaimed when they outnumber the live ones.
    """

    def __init__(self, params: MinHashParams | None = None) -> None:
        self.params = params or MinHashParams()
        self._rows = max(1, self.params.num_perm // LSH_BANDS)
        self._bands = self.params.num_perm // self._rows
        mixing = np.random.default_rng(LSH_KEY_SEED)
        odd = mixing.integers(0, 2**62, size=self._rows, dtype=np.uint64)
        self._row_multipliers = odd * np.uint64(2) + np.uint64(1)
        self._band_salts = mixing.integers(0, 2**63, size=self._bands, dtype=np.uint64)
        self._slot_of: dict[str, int] = {}
        self._ids: list[str | None] = []  # slot -> article id (None once removed)
        self._values = np.zeros((0, self.params.num_perm), dtype=np.uint32)
        self._shingles = np.zeros(0, dtype=np.int64)
        self._sorted_keys = np.zeros(0, dtype=np.uint64)
        self._sorted_slots = np.zeros(0, dtype=np.int64)
        self._fresh: dict[int, list[int]] = {}  # band key -> slots added since the merge
        self._fresh_articles = 0
        self._removed = 0

    def __len__(self) -> int:
        return len(self._slot_of)

    def __contains__(self, article_id: object) -> bool:
        return article_id in self._slot_of

    def add(self, article_id: str, signature: Signature) -> None:
        self._check(signature)
        if article_id in self._slot_of or signature.shingles < MIN_SHINGLES_FOR_DUPLICATE:
            return
        values = np.asarray(signature.values, dtype=np.uint32)
        slot = len(self._ids)
        if slot == len(self._values):
            grown = max(1024, 2 * slot)
            self._values = np.resize(self._values, (grown, self.params.num_perm))
            self._shingles = np.resize(self._shingles, grown)
        self._values[slot] = values
        self._shingles[slot] = signature.shingles
        self._ids.append(article_id)
        self._slot_of[article_id] = slot
        for key in self._band_keys(values).tolist():
            self._fresh.setdefault(key, []).append(slot)
        self._fresh_articles += 1
        if self._fresh_articles >= LSH_MERGE_EVERY:
            self._merge()

    def remove(self, article_id: str) -> None:
        """Forget a stored article (its story left the clusterer's window); unknown: no-op."""
        slot = self._slot_of.pop(article_id, None)
        if slot is not None:
            self._ids[slot] = None
            self._removed += 1

    def copies_of(self, signature: Signature) -> list[tuple[str, float]]:
        """Stored articles that this text copies or that copy it, with the containment."""
        self._check(signature)
        if signature.shingles < MIN_SHINGLES_FOR_DUPLICATE or not self._slot_of:
            return []
        values = np.asarray(signature.values, dtype=np.uint32)
        slots = self._candidate_slots(self._band_keys(values))
        if not slots:
            return []
        rows = np.fromiter(slots, dtype=np.int64, count=len(slots))
        agree = np.count_nonzero(self._values[rows] == values, axis=1)
        found = []
        for slot, same in zip(rows.tolist(), agree.tolist(), strict=True):
            jaccard = same / len(values)
            shingles = int(self._shingles[slot])
            containment = containment_from_jaccard(jaccard, signature.shingles, shingles)
            if containment >= DUPLICATE_CONTAINMENT:
                found.append((str(self._ids[slot]), containment))
        found.sort(key=lambda pair: (-pair[1], pair[0]))
        return found

    def _band_keys(self, values: np.ndarray) -> np.ndarray:
        """One 64-bit key per band: the band's values mixed with odd multipliers (wrapping),
        and the band's number, so equal bands give equal keys (and others almost never)."""
        bands = values[: self._bands * self._rows].astype(np.uint64)
        bands = bands.reshape(self._bands, self._rows)
        keys = (bands * self._row_multipliers).sum(axis=1, dtype=np.uint64)
        return keys ^ self._band_salts

    def _candidate_slots(self, keys: np.ndarray) -> set[int]:
        slots: set[int] = set()
        if self._sorted_keys.size:
            left = np.searchsorted(self._sorted_keys, keys, side="left")
            right = np.searchsorted(self._sorted_keys, keys, side="right")
            for start, end in zip(left.tolist(), right.tolist(), strict=True):
                if end > start:
                    slots.update(self._sorted_slots[start:end].tolist())
        fresh = self._fresh
        for key in keys.tolist():
            found = fresh.get(key)
            if found:
                slots.update(found)
        ids = self._ids
        return {slot for slot in slots if ids[slot] is not None}

    def _merge(self) -> None:
        """Move the fresh band keys into the sorted arrays, dropping removed articles' keys;
        reclaim removed articles' rows when they outnumber the live ones."""
        fresh_keys = np.fromiter(
            (key for key, slots in self._fresh.items() for _ in slots), dtype=np.uint64
        )
        fresh_slots = np.fromiter(
            (slot for slots in self._fresh.values() for slot in slots), dtype=np.int64
        )
        keys = np.concatenate([self._sorted_keys, fresh_keys])
        slots = np.concatenate([self._sorted_slots, fresh_slots])
        alive = np.fromiter((i is not None for i in self._ids), dtype=bool, count=len(self._ids))
        keep = alive[slots]
        keys, slots = keys[keep], slots[keep]
        order = np.argsort(keys, kind="stable")
        self._sorted_keys, self._sorted_slots = keys[order], slots[order]
        self._fresh = {}
        self._fresh_articles = 0
        if self._removed > len(self._slot_of):
            self._reclaim(alive)

    def _reclaim(self, alive: np.ndarray) -> None:
        live = np.flatnonzero(alive)
        new_slot = np.full(len(alive), -1, dtype=np.int64)
        new_slot[live] = np.arange(len(live))
        self._values = self._values[live]
        self._shingles = self._shingles[live]
        self._ids = [self._ids[slot] for slot in live.tolist()]
        self._slot_of = {
            article_id: slot for slot, article_id in enumerate(self._ids) if article_id
        }
        self._sorted_slots = new_slot[self._sorted_slots]
        self._removed = 0

    def _check(self, signature: Signature) -> None:
        if signature.params != self.params:
            raise SignatureMismatch(
                f"this index holds MinHash signatures made with {self.params}, but got one "
                f"made with {signature.params}. Use the same StorySettings.minhash for all "
                f"articles, or re-run the analysis of the older ones."
            )
