"""How one outlet's wording of a quote differs from the fullest wording: a word-level diff and
the kind of difference it shows.

- identical: the same words, up to case and punctuation;
- truncated: words left out at the start or end only ("When I'm talking ..." against
  "Oh my God. When I'm talking ...");
- extended: words the fullest wording lacks, at the start or end ("No, when I'm talking");
- reworded: words changed or dropped inside, or an edge changed for words that stand for the
  same thing ("OMG!" for "Oh my God.").
A wording whose parts, cut at its ellipses ("I'm sorry. I was wrong … let the kitchen get
away"), each stand word for word and in order in the fullest wording is a cut (truncated):
the outlet marked what it left out and changed nothing.
Misattribution (another speaker) and paraphrase (reported speech) are judged by the caller,
which knows the speakers and kinds.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from rapidfuzz import fuzz

from storylens.compare.words import fold, is_stop_word, one_given_name, words
from storylens.records import WordDiff

# Two edge runs this alike (rapidfuzz ratio, 0-100) are one wording changed, not words cut
# from one side and others added: "gonna" / "going to".
SAME_EDGE_WORDING = 60.0

# An ellipsis marks words left out: "…" or three dots, spaced or not.
_ELLIPSIS = re.compile(r"\s*(?:…|\.\s?\.\s?\.)\s*")


# What a contraction's ending stands for, spelt out: "he's" is "he is" or "he has". An
# outlet that prints "he is" where another prints "he's" changed no word of the speaker's.
CONTRACTION_ENDINGS = {
    "'s": ("is", "has"),
    "'re": ("are",),
    "'m": ("am",),
    "'ve": ("have",),
    "'ll": ("will", "shall"),
    "'d": ("would", "had"),
    "n't": ("not",),
}
# Contractions whose first word is not the word before "n't", with their spellings in full.
_IRREGULAR_CONTRACTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "won't": (("will", "not"),),
    "can't": (("can", "not"), ("cannot",)),
    "shan't": (("shall", "not"),),
}


def _spelt_out(word: str) -> tuple[tuple[str, ...], ...]:
    """The ways a folded word may be written in full: "he's" -> ("he", "is"), ("he", "has");
    a word that is no contraction -> itself."""
    if word in _IRREGULAR_CONTRACTIONS:
        return _IRREGULAR_CONTRACTIONS[word]
    for ending, meanings in CONTRACTION_ENDINGS.items():
        if word.endswith(ending) and len(word) > len(ending):
            return tuple((word[: -len(ending)], meaning) for meaning in meanings)
    return ((word,),)


def _same_words_spelt_out(one: Sequence[str], other: Sequence[str]) -> bool:
    """Whether two runs of folded words differ only by contractions one side spells out
    ("he's determined" / "he is determined")."""

    def expansions(run: Sequence[str]) -> set[tuple[str, ...]]:
        found: set[tuple[str, ...]] = {()}
        for word in run:
            found = {done + way for done in found for way in _spelt_out(word)}
        return found

    if len(one) > MAX_CONTRACTED_RUN or len(other) > MAX_CONTRACTED_RUN:
        return False
    return bool(expansions(one) & expansions(other))


# A changed run longer than this many words is compared word for word: contractions are
# looked for in the short runs a diff leaves around them.
MAX_CONTRACTED_RUN = 6


def word_diff(
    reference: str, variant: str, *, contractions_kept: bool = False
) -> tuple[WordDiff, ...]:
    """The variant against the reference as runs of kept, removed and added words. With
    ``contractions_kept``, a contraction one side spells out ("he's" / "he is") counts as
    kept: the speaker's words, though not the outlet's letters."""
    ref_words, var_words = words(reference), words(variant)
    ref_folded, var_folded = [fold(w) for w in ref_words], [fold(w) for w in var_words]
    matcher = SequenceMatcher(None, ref_folded, var_folded, autojunk=False)
    runs: list[WordDiff] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal" or (
            contractions_kept
            and op == "replace"
            and _same_words_spelt_out(ref_folded[i1:i2], var_folded[j1:j2])
        ):
            if runs and runs[-1].op == "keep":
                runs[-1] = WordDiff("keep", f"{runs[-1].words} {' '.join(var_words[j1:j2])}")
            else:
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


def cut_at_ellipses(reference: str, variant: str) -> bool:
    """Whether ``variant`` is ``reference`` with words left out where it prints an ellipsis
    (or at its edges): each part between its ellipses stands word for word, in order, in the
    reference."""
    parts = [[fold(w) for w in words(part)] for part in _ELLIPSIS.split(variant)]
    parts = [part for part in parts if part]
    if len(parts) < 2:
        return False
    whole = [fold(w) for w in words(reference)]
    at = 0
    for part in parts:
        found = next(
            (i for i in range(at, len(whole) - len(part) + 1) if whole[i : i + len(part)] == part),
            None,
        )
        if found is None:
            return False
        at = found + len(part)
    return True


def classify_variant(
    reference: str, variant: str, *, contractions_kept: bool = False
) -> tuple[str, tuple[WordDiff, ...]]:
    """The relation of ``variant`` to ``reference`` and the diff that shows it; a contraction
    spelt out ("he is" for "he's") is a rewording unless ``contractions_kept``."""
    diff = word_diff(reference, variant, contractions_kept=contractions_kept)
    changed = [i for i, run in enumerate(diff) if run.op != "keep"]
    if not changed:
        return "identical", diff
    if not any(run.op == "add" for run in diff) and cut_at_ellipses(reference, variant):
        return "truncated", diff
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


def _name_words(speaker: str) -> set[str]:
    """The words of a speaker that can name someone: "the" or "of" name no one."""
    return {fold(w) for w in words(speaker) if not is_stop_word(w)}


@lru_cache(maxsize=16384)
def same_speaker(a: str | None, b: str | None) -> bool:
    """Two resolved speakers are one person unless both are known and share no name word."""
    if not a or not b:
        return True
    return bool({fold(w) for w in words(a)} & {fold(w) for w in words(b)})


@lru_cache(maxsize=16384)
def one_speaker(a: str | None, b: str | None) -> bool:
    """``same_speaker`` without the words that name no one: "the teaching" and "the
    scholars" share only "the", two speakers. A pronoun ("she") contradicts no one."""
    if not a or not b:
        return True
    if len(joint_names(a)) > 1 or len(joint_names(b)) > 1:
        # a joint statement's authors ("Ann Cole and Bo Reyes") take in each of them
        return any(one_speaker(x, y) for x in joint_names(a) for y in joint_names(b))
    mine, theirs = _name_words(a), _name_words(b)
    if not mine or not theirs:
        return True
    if _first_names_differ(a, b):
        return False  # "Dick Cheney" and "Mary Cheney" share a family, not a person
    return bool(mine & theirs)


def _first_names_differ(a: str, b: str) -> bool:
    """Whether two full names (two capitalised words or more) open on different first names;
    one may shorten the other ("Tim", "Timothy") or misspell it by a letter."""
    if not (is_named(a) and is_named(b)):
        return False
    first = [[fold(w) for w in words(name)] for name in (a, b)]
    if any(len(name) < 2 for name in first):
        return False
    x, y = first[0][0], first[1][0]
    if x in _TITLES or y in _TITLES:
        return False  # "Mr. Ethers" names no first name
    # "Vincente Fox" in one outlet's lead is its misspelt "Vicente Fox"
    return len(x) > 1 and len(y) > 1 and not one_given_name(x, y)


# Words before a surname that are no first name.
_TITLES = frozenset(
    {"mr", "mrs", "ms", "miss", "dr", "prof", "rev", "sen", "rep", "gov", "gen", "sir", "lord"}
    | {"lady", "dame", "father", "president", "senator", "judge", "justice", "chief", "mayor"}
    | {"governor", "congressman", "congresswoman", "secretary", "minister", "prime", "rabbi"}
)


# Words that open a description, not a name ("The headline", "Some", "His spokesman").
_DETERMINERS = frozenset(
    {"the", "a", "an", "some", "one", "his", "her", "their", "its", "this", "that", "these"}
    | {"those", "many", "several", "other", "another", "all", "both", "each", "two", "three"}
)
# Lower-case words a person's name may hold ("Ludwig van Beethoven", "Osama bin Laden").
_NAME_PARTICLES = frozenset({"van", "von", "de", "del", "der", "da", "di", "la", "le", "bin", "al"})


@lru_cache(maxsize=16384)
def is_named(speaker: str | None) -> bool:
    """Whether a speaker is a name ("Jon Thompson", "Mr. Etheridge"), not a description ("the
    headline", "some", "Senior White House officials"): every word capitalised but a name's
    particles, the first not a determiner. The authors of a joint statement ("Ann Cole and Bo
    Reyes") are named when each of them is."""
    return len(joint_names(speaker or "")) > 1 or _one_name(speaker or "")


def _one_name(speaker: str) -> bool:
    found = words(speaker)
    if not found or fold(found[0]) in _DETERMINERS:
        return False
    return all(w[0].isupper() or w in _NAME_PARTICLES or _CAMEL_NAME.match(w) for w in found)


# A surname that opens on a small prefix before its capital ("diGenova", "deBlasio"), as the
# quote stage's name words allow.
_CAMEL_NAME = re.compile(r"[a-z]{1,3}[A-Z]")
_JOINT = re.compile(r",\s+|\s+and\s+")


@lru_cache(maxsize=16384)
def joint_names(speaker: str) -> tuple[str, ...]:
    """The authors of a joint statement as the extractor names them ("Ann Cole, Bo Reyes and
    Li Wen"): the names, where every part is one; else the speaker alone ("Cole and others",
    "one of the largest and oldest groups" are no list of names)."""
    parts = tuple(part for part in _JOINT.split(speaker) if part)
    if len(parts) > 1 and all(_one_name(part) for part in parts):
        return parts
    return (speaker,)


# Words that turn a statement into its opposite; a contraction ending in "n't" is one too.
# "No" is left out: as often an interjection ("No, when I speak, you listen") as a negation.
NEGATION_WORDS = frozenset({"not", "never", "nor", "neither", "nobody", "nothing"})


def negation_differs(diff: Sequence[WordDiff]) -> bool:
    """Whether a wording's diff against the reference adds or drops a negation: two prints
    of one utterance that may say opposite things, which "reworded" alone would hide. Words
    cut from or added at either end of the shared words (a truncated print that stops before
    "..., never practiced law") change no shared statement and are not read."""
    kept = [i for i, run in enumerate(diff) if run.op == "keep"]
    inner = diff[kept[0] : kept[-1] + 1] if kept else diff
    inside, anywhere = _negations(inner), _negations(diff)
    # a negation added inside that the diff drops elsewhere (or dropped inside and added
    # elsewhere) is a clause moved or respelled ("It wasn't funny" put before the sentence it
    # followed), not a statement turned round: a fresh reader of a never-graded BASIL event
    # found such a move called "a negation differs"
    return bool(inside["add"] - anywhere["remove"] or inside["remove"] - anywhere["add"])


def _negations(diff: Sequence[WordDiff]) -> dict[str, Counter[str]]:
    """The negation words each side of a diff adds or drops, folded ("wasn’t" is "wasn't")."""
    found: dict[str, Counter[str]] = {"add": Counter(), "remove": Counter()}
    for run in diff:
        if run.op in found:
            found[run.op].update(
                folded
                for folded in map(fold, words(run.words))
                if folded in NEGATION_WORDS or folded.endswith("n't")
            )
    return found
