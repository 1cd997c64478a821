"""Aligning quotes across the articles of a story: which outlet carries which words, and how.

Two quotes are the same utterance when one's words appear, nearly verbatim, inside the other's,
or when the two differ by a word or two (rapidfuzz's partial and plain ratios on normalised
text): outlets trim, split and re-punctuate quotes more often than they reword them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from storylens.records import QuoteGroup, QuoteVariant

# Partial-ratio score (0-100) above which two quotes are taken as one utterance.
SAME_UTTERANCE_SCORE = 85.0
# Quotes shorter than this many words are too generic to align ("No.", "I'm sorry").
MIN_ALIGN_WORDS = 2
# Kinds of quote that carry someone's words (a nested quote too: other outlets may print the
# same words first-hand); scare quotes and paraphrase are not aligned.
ALIGNED_KINDS = frozenset({"direct", "mixed", "nested"})

# Quote marks by family: a quote opened with one family is closed and reopened with it.
_DOUBLE_MARKS = '"“”„«»'
_SINGLE_MARKS = "'‘’‚‹›"
# An attribution between two parts of a quote is short: ", Castellano said at a briefing. "
MAX_INTERRUPTION_CHARS = 120

_NON_WORD = re.compile(r"[^\w\s]")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class QuoteInStory:
    article_id: str
    outlet: str | None
    text: str
    speaker: str | None
    kind: str


def spoken_words(text: str, opening_mark: str = "") -> str:
    """The quote without the attribution that splits it.

    A quote stored as one span (``I'm sorry," Alec said, "I was wrong.``) holds the words
    between its parts; these are cut to " … ". ``opening_mark`` is the character before the
    quote in the article, which says which family of marks delimits its parts.
    """
    if opening_mark and opening_mark in _DOUBLE_MARKS:
        marks = re.escape(_DOUBLE_MARKS)
    elif opening_mark and opening_mark in _SINGLE_MARKS:
        marks = re.escape(_SINGLE_MARKS)
    else:
        return text
    # A closing mark is not followed by a letter (I’m), an opening one not preceded by one.
    pattern = re.compile(
        rf"(?<!\s)[{marks}](?!\w)([^{marks}]{{1,{MAX_INTERRUPTION_CHARS}}})(?<!\w)[{marks}](?=\w)"
    )
    parts: list[str] = []
    position = 0
    for interruption in pattern.finditer(text):
        parts.append(text[position : interruption.start()].rstrip(" ,"))
        position = interruption.end()
    if not parts:
        return text
    parts.append(text[position:])
    return " … ".join(part.strip() for part in parts if part.strip())


def normalise_quote(text: str) -> str:
    text = text.replace("’", "'").lower()
    return _SPACES.sub(" ", _NON_WORD.sub(" ", text)).strip()


def _same_utterance(a: str, b: str) -> float:
    """How surely two normalised quotes are one utterance (0-100).

    The partial ratio finds a quote trimmed by one outlet inside the other's longer version;
    the plain ratio finds one re-worded by a dropped or changed word.
    """
    if not a or not b:
        return 0.0
    return max(float(fuzz.partial_ratio(a, b)), float(fuzz.ratio(a, b)))


def align_quotes(quotes: Sequence[QuoteInStory]) -> tuple[QuoteGroup, ...]:
    """Group the quotes of a story by utterance; groups carried by most articles come first."""
    groups: list[list[tuple[QuoteInStory, str]]] = []
    for quote in quotes:
        if quote.kind not in ALIGNED_KINDS:
            continue
        normalised = normalise_quote(quote.text)
        if len(normalised.split()) < MIN_ALIGN_WORDS:
            continue
        best, best_score = None, 0.0
        for group in groups:
            score = max(_same_utterance(normalised, member) for _, member in group)
            if score > best_score:
                best, best_score = group, score
        if best is not None and best_score >= SAME_UTTERANCE_SCORE:
            best.append((quote, normalised))
        else:
            groups.append([(quote, normalised)])

    result = []
    for group in groups:
        reference_quote, reference = max(group, key=lambda item: len(item[1]))
        speakers = Counter(q.speaker for q, _ in group if q.speaker)
        variants = tuple(
            QuoteVariant(
                article_id=q.article_id,
                outlet=q.outlet,
                text=q.text,
                speaker=q.speaker,
                similarity=round(float(fuzz.ratio(normalised, reference)), 1),
            )
            for q, normalised in group
        )
        result.append(
            QuoteGroup(
                speaker=speakers.most_common(1)[0][0] if speakers else None,
                reference=reference_quote.text,
                variants=variants,
                outlets=tuple(dict.fromkeys(q.outlet or q.article_id for q, _ in group)),
                wording_differs=len({n for _, n in group}) > 1,
            )
        )
    result.sort(key=lambda g: (-g.article_count, g.reference))
    return tuple(result)
