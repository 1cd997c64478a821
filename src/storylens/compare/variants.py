"""How one outlet's wording of a quote differs from the fullest wording: a word-level diff and
the kind of difference it shows.

- identical: the same words, up to case and punctuation;
- truncated: words left out at the start or end only ("When I'm talking ..." against
  "Oh my God. When I'm talking ...");
- extended: words the fullest wording lacks, at the start or end ("No, when I'm talking");
- reworded: words changed or dropped inside, or an edge changed for words that stand for the
  same thing ("OMG!" for "Oh my God.").
Misattribution (another speaker) and paraphrase (reported speech) are judged by the caller,
which knows the speakers and kinds.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from functools import lru_cache

from rapidfuzz import fuzz

from storylens.compare.words import fold, words
from storylens.records import WordDiff

# Two edge runs this alike (rapidfuzz ratio, 0-100) are one wording changed, not words cut
# from one side and others added: "gonna" / "going to".
SAME_EDGE_WORDING = 60.0


def word_diff(reference: str, variant: str) -> tuple[WordDiff, ...]:
    """The variant against the reference as runs of kept, removed and added words."""
    ref_words, var_words = words(reference), words(variant)
    matcher = SequenceMatcher(
        None, [fold(w) for w in ref_words], [fold(w) for w in var_words], autojunk=False
    )
    runs: list[WordDiff] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            runs.append(WordDiff("keep", " ".join(var_words[j1:j2])))
            continue
        if i2 > i1:
            runs.append(WordDiff("remove", " ".join(ref_words[i1:i2])))
        if j2 > j1:
            runs.append(WordDiff("add", " ".join(var_words[j1:j2])))
    return tuple(runs)


def _initials(text: str) -> str:
    return "".join(fold(w)[0] for w in words(text) if w)


def _same_wording(removed: str, added: str) -> bool:
    """Two runs that say the same thing: an initialism of the other, or nearly the same."""
    a, b = fold(removed).replace(" ", ""), fold(added).replace(" ", "")
    if not a or not b:
        return False
    if a == _initials(added) or b == _initials(removed):
        return True
    return float(fuzz.ratio(removed.lower(), added.lower())) >= SAME_EDGE_WORDING


def classify_variant(reference: str, variant: str) -> tuple[str, tuple[WordDiff, ...]]:
    """The relation of ``variant`` to ``reference`` and the diff that shows it."""
    diff = word_diff(reference, variant)
    changed = [i for i, run in enumerate(diff) if run.op != "keep"]
    if not changed:
        return "identical", diff
    kept = [i for i, run in enumerate(diff) if run.op == "keep"]
    if not kept:
        return "reworded", diff
    inner = [i for i in changed if kept[0] < i < kept[-1]]
    if inner:
        return "reworded", diff
    edges = [diff[i] for i in changed]
    removed = " ".join(run.words for run in edges if run.op == "remove")
    added = " ".join(run.words for run in edges if run.op == "add")
    if added and removed:
        leading = [diff[i] for i in changed if i < kept[0]]
        trailing = [diff[i] for i in changed if i > kept[-1]]
        for side in (leading, trailing):
            side_removed = " ".join(r.words for r in side if r.op == "remove")
            side_added = " ".join(r.words for r in side if r.op == "add")
            if side_removed and side_added and _same_wording(side_removed, side_added):
                return "reworded", diff
    return ("extended" if added else "truncated"), diff


@lru_cache(maxsize=16384)
def same_speaker(a: str | None, b: str | None) -> bool:
    """Two resolved speakers are one person unless both are known and share no name word."""
    if not a or not b:
        return True
    return bool({fold(w) for w in words(a)} & {fold(w) for w in words(b)})
