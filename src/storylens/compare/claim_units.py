"""Claim units: each article cut into claims that stand alone, before any alignment.

A claim is a sentence, or a main clause of a long sentence with its own subject (a clause
that needs the sentence before it, "when talk turned to ..." or "leaving fans cringing", is
no claim). A quotation is never cut inside: pieces the sentence splitter made inside one pair
of quotation marks are joined again, and a mark left dangling at a claim's edge (its partner
in another paragraph) is trimmed. Furniture is never a claim: the cleaner's boilerplate, and
lines the cleaner keeps but no reader would quote (a copyright or "may not be published" line,
a bracketed note, a photo credit).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from storylens.compare.words import content_stems, word_matches, words
from storylens.records import Span, StoryMember

# Sentences longer than this many words are split into their main clauses: a long news
# sentence often joins two facts ("X happened on Tuesday; Y said ...") that outlets report apart.
LONG_SENTENCE_WORDS = 30
# A clause shorter than this joins its neighbour: "she said" or "and he left" is no fact.
MIN_CLAUSE_WORDS = 5
# Claims with fewer content words than this are too slight to align ("No.", "Stop!").
MIN_CLAIM_CONTENT_WORDS = 2
# Names (people, places, organisations) and numbers weigh this much more than other words.
NAME_WEIGHT = 2.0
# Entity labels whose words count as names.
NAME_LABELS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "EVENT", "WORK_OF_ART", "PRODUCT"}
)

# Where a long sentence may be cut: a semicolon, or a comma and a coordinating conjunction
# followed by a word that can open a subject (a pronoun, a determiner, a capitalised name).
# Subordinate clauses ("when ...", "after ...") and participles ("leaving ...") are never cut
# off: alone they state nothing.
_CLAUSE_BREAK = re.compile(
    r"\s*;\s+|,\s+(?:and|but|yet|so)\s+(?=(?:he|she|they|it|we|i|you|there|the|a|an|his|her|"
    r"their|its|this|that|these|those|police|officials|[A-Z][\w'’-]*)\b)"
)
# Lines no reader would quote as a fact, whole: a copyright or syndication notice, a bracketed
# editor's note, a photo credit or gallery caption furniture.
_FURNITURE_LINE = re.compile(
    r"""^[\s(]*(?:©|\(c\)|copyright\b|\(?tm\s+and\s+(?:©\s*)?copyright\b)
    |\ball\s+rights\s+reserved\b
    |\bmay\s+not\s+be\s+(?:re)?(?:published|broadcast|rewritten|redistributed)\b
    |^\s*\[[^\]]*\]\s*$
    |^\s*(?:photos?|images?|photo\s+credit|credit|buy\s+photo)\s*:
    |^\s*(?:buy\s+photo|image\s+via|photo\s+via|photo\s+by|photos\s+by|photo\s+courtesy)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# A photo credit at the end of a caption line: "(Photo: Police department)".
_CREDIT = re.compile(r"\s*\((?:photos?|images?|credit)\b[^()]*\)\s*$", re.IGNORECASE)
# Quotation marks: double ones pair by kind; a curly single mark between two letters is an
# apostrophe ("You’re"), not a quotation mark.
_OPENING = "“‘"
_CLOSING = "”’"
_MARK = re.compile('[“”‘’"]')


@dataclass(frozen=True)
class ClaimUnit:
    """A claim before alignment: where it is, and its weighted stems."""

    member: int  # index into the story's members
    start: int
    end: int
    text: str
    stems: dict[str, float]


def furniture_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds lines (or a closing photo credit) that are never claims."""
    spans = []
    position = 0
    for line in text.split("\n"):
        if _FURNITURE_LINE.search(line):
            spans.append((position, position + len(line)))
        elif credit := _CREDIT.search(line):
            spans.append((position + credit.start(), position + len(line)))
        position += len(line) + 1
    return spans


def _inside(start: int, end: int, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(low <= start and end <= high for low, high in ranges)


def _clauses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The (start, end) of each main clause of a long sentence; the whole sentence otherwise.
    A cut is never made inside a quotation."""
    sentence = text[start:end]
    if len(words(sentence)) <= LONG_SENTENCE_WORDS:
        return [(start, end)]
    pieces: list[list[int]] = []
    position = 0
    for cut in _CLAUSE_BREAK.finditer(sentence):
        if _quote_depth(sentence[: cut.start()]) != 0:
            continue
        pieces.append([position, cut.start()])
        position = cut.end()
    pieces.append([position, len(sentence)])
    merged: list[list[int]] = []
    for piece in pieces:
        short = len(words(sentence[piece[0] : piece[1]])) < MIN_CLAUSE_WORDS
        if merged and (
            short or len(words(sentence[merged[-1][0] : merged[-1][1]])) < MIN_CLAUSE_WORDS
        ):
            merged[-1][1] = piece[1]
        else:
            merged.append(piece)
    return [(start + a, start + b) for a, b in merged if sentence[a:b].strip()]


def _marks(text: str) -> Iterator[tuple[int, bool]]:
    """(position, opens) of each quotation mark; apostrophes and ambiguous marks left out."""
    straight_open = False
    for found in _MARK.finditer(text):
        position, char = found.start(), found.group()
        before = text[position - 1] if position else " "
        after = text[position + 1] if position + 1 < len(text) else " "
        if char in "‘’" and before.isalnum() and after.isalnum():
            continue  # an apostrophe
        if char == "’" and before in "sS" and not after.isalnum():
            continue  # a plural possessive ("the players’ union") reads as one too
        if char in _OPENING:
            yield position, True
        elif char in _CLOSING:
            yield position, False
        else:
            straight_open = not straight_open
            yield position, straight_open


def _quote_depth(text: str) -> int:
    """Open quotations at the end of ``text``; negative where it closes one it never opened."""
    depth = 0
    for _, opens in _marks(text):
        depth += 1 if opens else -1
    return depth


def _whole_quotations(text: str, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pieces of one line joined where the splitter cut inside a quotation."""
    joined: list[tuple[int, int]] = []
    depth = 0
    for start, end in pieces:
        if joined and depth > 0:
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((start, end))
        depth = max(_quote_depth(text[joined[-1][0] : joined[-1][1]]), 0)
    return joined


def _trim_dangling(text: str, start: int, end: int) -> tuple[int, int]:
    """A claim without a quotation mark whose partner lies outside it."""
    piece = text[start:end]
    marks = list(_marks(piece))
    opened: list[int] = []
    unmatched: list[int] = []
    for position, opens in marks:
        if opens:
            opened.append(position)
        elif opened:
            opened.pop()
        else:
            unmatched.append(position)
    unmatched += opened
    low, high = 0, len(piece)
    for position in sorted(unmatched):
        if not piece[low:position].strip():
            low = position + 1
    for position in sorted(unmatched, reverse=True):
        if not piece[position + 1 : high].strip(" .,;:!?"):
            high = position
    trimmed = piece[low:high]
    lead = len(trimmed) - len(trimmed.lstrip())
    return start + low + lead, start + low + len(trimmed.rstrip())


def lines_of_sentences(text: str, sentences: Sequence[Span]) -> Iterator[tuple[int, int]]:
    """Each sentence cut at line breaks: a claim never runs from one paragraph (or a caption)
    into the next, which the sentence splitter sometimes does when a line has no period."""
    for sentence in sentences:
        start = sentence.start
        for piece in text[sentence.start : sentence.end].split("\n"):
            stripped = piece.strip()
            if stripped:
                offset = start + piece.index(stripped)
                yield offset, offset + len(stripped)
            start += len(piece) + 1


def _claim_spans(text: str, sentences: Sequence[Span]) -> Iterator[tuple[int, int]]:
    """Sentence pieces by line, a quotation's pieces joined again, in text order."""
    line: list[tuple[int, int]] = []
    for start, end in lines_of_sentences(text, sentences):
        if line and "\n" in text[line[-1][1] : start]:
            yield from _whole_quotations(text, line)
            line = []
        line.append((start, end))
    yield from _whole_quotations(text, line)


class _NameRanges:
    """Where an article's names are, asked "is this offset inside a name?" once per word of
    every claim: a bisection over the ranges sorted by start, not a scan of every name."""

    def __init__(self, ranges: Sequence[tuple[int, int]]) -> None:
        ordered = sorted(ranges)
        self.starts = [low for low, _ in ordered]
        # The furthest end of the ranges up to each one: ranges may overlap or nest, so the
        # last range starting before an offset is not the only one that can hold it.
        self.reach = list(accumulate((high for _, high in ordered), max))

    def holds(self, position: int) -> bool:
        place = bisect.bisect_right(self.starts, position) - 1
        return place >= 0 and position < self.reach[place]


@lru_cache(maxsize=65536)
def _word_stems(word: str) -> tuple[str, ...]:
    """``content_stems`` of one word, kept: a story's articles repeat their words, and each
    comparison of a story reads every word of every member again."""
    return tuple(content_stems(word))


def _weighted_stems(text: str, offset: int, names: _NameRanges) -> dict[str, float]:
    counts: dict[str, float] = {}
    for match in word_matches(text):
        stems = _word_stems(match.group())
        if not stems:
            continue
        is_name = match.group()[0].isdigit() or names.holds(offset + match.start())
        weight = NAME_WEIGHT if is_name else 1.0
        for item in stems:
            counts[item] = counts.get(item, 0.0) + weight
    return counts


def _cut_furniture(
    start: int, end: int, furniture: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """A span without the furniture at its end (a closing photo credit); None if all of it is."""
    for low, high in furniture:
        if low <= start and end <= high:
            return None
        if start < low < end <= high:
            end = low
    return start, end


def claim_units(members: Sequence[StoryMember]) -> list[ClaimUnit]:
    """Every claim of every member, in article order, boilerplate and furniture left out."""
    units: list[ClaimUnit] = []
    for index, member in enumerate(members):
        analysed = member.analysed
        text = analysed.article.text
        skip = [(span.start, span.end) for span in analysed.clean.boilerplate]
        furniture = furniture_spans(text)
        names = _NameRanges([(e.start, e.end) for e in analysed.entities if e.label in NAME_LABELS])
        for line_start, line_end in _claim_spans(text, analysed.sentences):
            if _inside(line_start, line_end, skip):
                continue
            kept = _cut_furniture(line_start, line_end, furniture)
            if kept is None:
                continue
            for clause_start, clause_end in _clauses(text, *kept):
                start, end = _trim_dangling(text, clause_start, clause_end)
                if start >= end:
                    continue
                piece = text[start:end]
                stems = _weighted_stems(piece, start, names)
                last = units[-1] if units else None
                if len(stems) >= MIN_CLAIM_CONTENT_WORDS:
                    units.append(ClaimUnit(index, start, end, piece, stems))
                elif last and last.member == index and "\n" not in text[last.end : start]:
                    # A fragment the splitter cut off ("Why? | Why are you distracting me?")
                    # belongs to the claim before it on the same line.
                    merged = {
                        k: last.stems.get(k, 0.0) + stems.get(k, 0.0) for k in {*last.stems, *stems}
                    }
                    units[-1] = ClaimUnit(
                        index, last.start, end, text[last.start : end].strip(), merged
                    )
    return units
