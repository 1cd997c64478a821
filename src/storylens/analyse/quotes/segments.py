"""The contiguous runs of quoted words in one utterance.

A direct quote split by its attribution (`"You gotta start somewhere," he says. "Nobody
starts out ..."`) is one utterance but two runs of the speaker's words; the words between
them are the reporter's. Quote sets that annotate speech (and a reader comparing wording)
count each run apart, so a quote keeps its runs as ``segments`` and its ``text`` is their
words alone.
"""

from __future__ import annotations

import re

from storylens.analyse.quotes.furniture import furniture_lines
from storylens.analyse.quotes.marks import MarkedQuote

# A gap with a word in it is the reporter's (the attribution); a gap of spaces, punctuation
# and marks only (a paragraph break inside one long quote) joins two runs into one.
_WORD = re.compile(r"\w")


def quoted_segments(
    text: str, start: int, end: int, marked: list[MarkedQuote]
) -> tuple[tuple[int, int], ...]:
    """The runs of quoted words in ``text[start:end]``; one run when the span is not made of
    quotation marks alone (indirect and mixed quotes hold the reporter's clause as content)."""
    runs = _around_furniture(text, _marked_runs(text, start, end, marked))
    if len(runs) == 1:
        return ((start, end),)
    return tuple(_trimmed(text, s, e) for s, e in runs)


def _marked_runs(
    text: str, start: int, end: int, marked: list[MarkedQuote]
) -> list[tuple[int, int]]:
    inside = sorted(
        (q for q in marked if q.depth == 0 and start <= q.start and q.end <= end),
        key=lambda q: q.start,
    )
    if len(inside) < 2:
        return [(start, end)]
    if _WORD.search(text[start : inside[0].start]) or _WORD.search(text[inside[-1].end : end]):
        return [(start, end)]  # words outside the marks at either end: a mixed quote
    runs: list[tuple[int, int]] = [(inside[0].start, inside[0].end)]
    for quote in inside[1:]:
        gap = text[runs[-1][1] : quote.start]
        if _WORD.search(gap):
            runs.append((quote.start, quote.end))
        else:
            runs[-1] = (runs[-1][0], quote.end)
    return runs


def _around_furniture(text: str, runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The runs cut around the lines of page furniture inside them (a long quote whose next
    paragraph opens after an "Advertisement" line): those words are no one's."""
    cut: list[tuple[int, int]] = []
    for start, end in runs:
        piece = text[start:end]
        lines = [
            (start + a, start + b)
            for a, b in (furniture_lines(piece) if "\n" in piece else [])
            if a > 0 and piece[a - 1] == "\n" and b < len(piece) and piece[b] == "\n"
        ]
        for line_start, line_end in lines:
            if _WORD.search(text[start:line_start]):
                cut.append((start, line_start))
            start = line_end
        if _WORD.search(text[start:end]):
            cut.append((start, end))
    return cut or runs


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def segments_text(text: str, segments: tuple[tuple[int, int], ...]) -> str:
    """The utterance's words: its runs joined by a space."""
    return " ".join(text[s:e] for s, e in segments)


def segment_texts(text: str, segments: tuple[tuple[int, int], ...]) -> list[str]:
    """Each segment's words, cut from the quote's ``text`` (its segments joined by one space,
    as ``segments_text`` builds it), so no article text is needed to export them."""
    if not segments:
        return [text]
    pieces, at = [], 0
    for start, end in segments:
        pieces.append(text[at : at + end - start])
        at += end - start + 1
    return pieces
