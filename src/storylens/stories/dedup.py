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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from datasketch import MinHash, MinHashLSH

from storylens.errors import SignatureMismatch
from storylens.records import Span

# 128 permutations: Jaccard estimates within about +-0.05, 512 bytes per article.
DEFAULT_NUM_PERM = 128
# Five-word shingles: long enough that two reports of one event rarely share many by chance.
DEFAULT_SHINGLE_WORDS = 5
# Fixed seed: signatures made in different processes and runs must be comparable.
DEFAULT_SEED = 1
# datasketch's default hash scheme since 2.0; stored so old signatures are never misread.
DEFAULT_SCHEME = "affine32"
# LSH retrieves pairs whose estimated Jaccard is about this or more; the copy decision is
# made afterwards on containment, so this only needs to be low enough to catch partial copies.
LSH_JACCARD_THRESHOLD = 0.4
# A text is a copy when at least this share of the shorter body's shingles is in the other.
DUPLICATE_CONTAINMENT = 0.8
# Bodies shorter than this many shingles are too short to call copies (a two-line brief).
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
        return MinHash(
            seed=self.params.seed,
            hashvalues=np.asarray(self.values, dtype=np.uint64),
            permutations=_permutations(self.params),
            scheme=self.params.scheme,
        )


@lru_cache(maxsize=8)
def _permutations(params: MinHashParams) -> Any:
    # datasketch draws the permutations again for every MinHash it builds; they depend only
    # on the parameters, and drawing them took a tenth of the clustering time.
    return MinHash(num_perm=params.num_perm, seed=params.seed, scheme=params.scheme).permutations


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
    minhash = MinHash(
        num_perm=params.num_perm,
        seed=params.seed,
        permutations=_permutations(params),
        scheme=params.scheme,
    )
    if shingles:
        minhash.update_batch(list(shingles))
    return Signature(params, tuple(int(v) for v in minhash.hashvalues), len(shingles))


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
    """An LSH index of signatures that answers "which stored articles does this one copy?"."""

    def __init__(self, params: MinHashParams | None = None) -> None:
        self.params = params or MinHashParams()
        self._lsh = MinHashLSH(threshold=LSH_JACCARD_THRESHOLD, num_perm=self.params.num_perm)
        # Values as uint32 arrays (512 bytes for 128 permutations, not 128 Python ints).
        self._signatures: dict[str, tuple[np.ndarray, int]] = {}

    def __len__(self) -> int:
        return len(self._signatures)

    def __contains__(self, article_id: object) -> bool:
        return article_id in self._signatures

    def add(self, article_id: str, signature: Signature) -> None:
        self._check(signature)
        if article_id in self._signatures or signature.shingles < MIN_SHINGLES_FOR_DUPLICATE:
            return
        self._signatures[article_id] = (
            np.asarray(signature.values, dtype=np.uint32),
            signature.shingles,
        )
        self._lsh.insert(article_id, signature.to_minhash(), check_duplication=False)

    def copies_of(self, signature: Signature) -> list[tuple[str, float]]:
        """Stored articles that this text copies or that copy it, with the containment."""
        self._check(signature)
        if signature.shingles < MIN_SHINGLES_FOR_DUPLICATE or not self._signatures:
            return []
        found = []
        values = np.asarray(signature.values, dtype=np.uint32)
        for key in self._lsh.query(signature.to_minhash()):
            stored, shingles = self._signatures[key]
            jaccard = float(np.count_nonzero(stored == values)) / len(values)
            containment = containment_from_jaccard(jaccard, signature.shingles, shingles)
            if containment >= DUPLICATE_CONTAINMENT:
                found.append((str(key), containment))
        found.sort(key=lambda pair: (-pair[1], pair[0]))
        return found

    def _check(self, signature: Signature) -> None:
        if signature.params != self.params:
            raise SignatureMismatch(
                f"this index holds MinHash signatures made with {self.params}, but got one "
                f"made with {signature.params}. Use the same StorySettings.minhash for all "
                f"articles, or re-run the analysis of the older ones."
            )
