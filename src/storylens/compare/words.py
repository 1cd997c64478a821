"""Words as the compare stage counts them: one tokeniser and one crude stem for every part.

The comparison works from stored text, not from a parse, so that it can be recomputed for a
story without spaCy. The same tokens feed claim alignment, quote diffs and lineage, so two
parts never disagree about what counts as the same word.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from rapidfuzz.distance import Levenshtein
from spacy.lang.en.stop_words import STOP_WORDS

from storylens.people import nicknamed
from storylens.stories.regions import AP_STATE_NAMES

# A word: letters or digits, with an inner apostrophe (I'm, Baldwin's) or hyphen (re-opening).
_WORD = re.compile(r"\w+(?:['’\-]\w+)*")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'"})


# Texts whose words are kept: a comparison splits the same names and sentences into words
# again and again (200 articles: 209,000 splits of 30,000 texts). Texts up to a long
# sentence's length are kept by the thousand; longer ones (whole articles, split two or three
# times per comparison) only the last few, so that a process serving many stories does not
# hold every article's words.
WORDS_CACHE_TEXTS = 16384
WORDS_CACHE_MAX_CHARS = 1000
LONG_TEXTS_KEPT = 64


def words(text: str) -> tuple[str, ...]:
    """The words of ``text`` as written (case kept), for diffs shown to people."""
    if len(text) > WORDS_CACHE_MAX_CHARS:
        return _kept_long_words(text)
    return _kept_words(text)


@lru_cache(maxsize=WORDS_CACHE_TEXTS)
def _kept_words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text))


@lru_cache(maxsize=LONG_TEXTS_KEPT)
def _kept_long_words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text))


def word_matches(text: str) -> Iterator[re.Match[str]]:
    """Each word of ``text`` with its position."""
    return _WORD.finditer(text)


# Kept per word (as ``stem`` is): every part of a comparison folds the same words of the same
# articles again, over a million times for a large story.
@lru_cache(maxsize=65536)
def fold(word: str) -> str:
    """A word compared case-, apostrophe- and hyphen-blind (re-opening = reopening)."""
    return word.translate(_APOSTROPHES).lower().replace("-", "")


def without_accents(text: str) -> str:
    """``text`` with its letters' accents dropped ("Calderón" -> "Calderon"): a newsroom whose
    type system drops an accent prints the same name, not another one."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude suffix stem, so that 'interrupting' meets 'interrupted' and 'jobs' meets 'job'.

    Crude on purpose: both sides of every comparison go through the same rule, so an odd stem
    still matches its own kind; a real lemmatiser would need the parse.
    """
    word = fold(word)
    if word.endswith("'s"):
        word = word[:-2]
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: len(word) - len(suffix)] + keep
    return word


def content_stems(text: str) -> list[str]:
    """The stems of the words that carry content (no stop words, no one-letter words)."""
    return [stem(w) for w in words(text) if fold(w) not in STOP_WORDS and len(w) > 1]


# Pronouns that stand as a clause's subject (the summary's pronoun openers, a bare "she said").
SUBJECT_PRONOUNS = frozenset({"he", "she", "they", "i", "we"})


def is_stop_word(word: str) -> bool:
    return fold(word) in STOP_WORDS


# The states' abbreviations of news style (AP) and the names they stand for: "Hope, Ark." and
# "Hope, Arkansas" are one place to every part that compares words. One list, kept where the
# story stage (which runs first) reads it too.
STATE_ABBREVIATIONS = {short.title(): full.title() for short, full in AP_STATE_NAMES.items()}
# An abbreviation stands after a comma or a place and ends on its full stop ("Hope, Ark.").
STATE_ABBREVIATION = re.compile(
    r"(?<![\w.])("
    + "|".join(re.escape(key) for key in sorted(STATE_ABBREVIATIONS, key=len, reverse=True))
    + r")\.(?=\s|$|[,;:)\"”’])"
)


def with_states_spelt_out(text: str) -> str:
    """``text`` with each state's abbreviation written as the state's name."""
    if "." not in text:
        return text
    return STATE_ABBREVIATION.sub(lambda found: STATE_ABBREVIATIONS[found.group(1)], text)


# A name shorter than this is not matched by its spelling: short names differ by one letter
# as often as not ("Lee", "Lea").
MIN_MISSPELT_CHARS = 5
# Letters one spelling of a name may differ by from another (an edit: a letter left out,
# added or changed): two is already another person's name ("McCaul", "McCain").
MISSPELT_EDITS = 1


def one_given_name(a: str, b: str) -> bool:
    """Whether two folded given names are one person's: one shortens the other ("Tim",
    "Timothy"), misspells it by a letter ("Vincente", "Vicente") or is its nickname ("Liz",
    "Elizabeth"; ``people.nicknamed``)."""
    return a.startswith(b) or b.startswith(a) or misspelt(a, b) or nicknamed(a, b)


def misspelt(name: str, word: str) -> bool:
    """Whether two folded words are one name spelt two ways: both long enough, the same first
    letter, and a letter apart ("Cowen", "Cowan"; "Vincente", "Vicente")."""
    if min(len(name), len(word)) < MIN_MISSPELT_CHARS or name[0] != word[0]:
        return False
    return (
        abs(len(name) - len(word)) <= MISSPELT_EDITS
        and Levenshtein.distance(name, word, score_cutoff=MISSPELT_EDITS) <= MISSPELT_EDITS
    )
