"""Find quoted passages by their quotation marks, on plain text, before any attribution.

News text mixes straight and curly, double and single marks, uses the single close mark as an
apostrophe ("I’m", "the Baldwins’ show"), nests one kind inside the other, and carries a
quote over several paragraphs by opening each paragraph and closing only the last. Counting
marks in pairs (what textacy does) breaks on all of these and on an odd number of marks, so
this module reads marks left to right with a stack, decides from the characters around each
mark whether it can open or close, and never raises: a mark it cannot pair is left out.

``doc_marked_quotes`` gives the marks of a parsed article's text, found once per doc: the
quote and the tone passes both read them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from spacy.tokens import Doc

from storylens.analyse.doc_text import PerDoc, doc_text
from storylens.analyse.quotes.furniture import furniture_lines

DOUBLE_OPEN = "“„«"
DOUBLE_CLOSE = "”»"
SINGLE_OPEN = "‘‹"
SINGLE_CLOSE = "’›"
STRAIGHT_DOUBLE = '"'
STRAIGHT_SINGLE = "'"
ALL_MARKS = DOUBLE_OPEN + DOUBLE_CLOSE + SINGLE_OPEN + SINGLE_CLOSE + STRAIGHT_DOUBLE
ALL_MARKS_WITH_STRAIGHT = ALL_MARKS + STRAIGHT_SINGLE
_MARK_OR_LINE_BREAK = re.compile(f"[\n{re.escape(ALL_MARKS_WITH_STRAIGHT)}]")
# Two digits (not three) after a ‘: a year or decade cut short ("‘08", "‘90s").
_ELIDED_YEAR = re.compile(r"\d\d(?!\d)")
_DOUBLE_MARK = re.compile(f"[{re.escape(DOUBLE_OPEN + DOUBLE_CLOSE + STRAIGHT_DOUBLE)}]")

# Characters after which a straight mark opens a quote ("said: 'Yes'", "(\"so-called\")").
OPENING_CONTEXT = " \t\n([{—–-:;/" + DOUBLE_OPEN + SINGLE_OPEN + "\u00a0"
# Characters after a mark that closes a quote ('"Yes." He', '"no";').
CLOSING_FOLLOWERS = ".,;:!?)]"
# A quote left open at the end of a paragraph is closed there when it is at most this many
# characters long; longer runs are more likely a stray mark than a quote.
MAX_UNCLOSED_QUOTE_CHARS = 1500
# How far past a mark an ellipsis and its spaces may run ("” . . . he said") before a word.
ELLIPSIS_LOOKAHEAD_CHARS = 8
# Paragraphs after the first that a quotation marked only at its two ends may run over
# (``_closed_later``).
MAX_CONTINUED_PARAGRAPHS = 5
# A quote longer than this is a pairing error (a missed close mark swallowing an article).
MAX_QUOTE_CHARS = 6000


@dataclass(frozen=True)
class MarkedQuote:
    """A quoted passage: ``start``/``end`` are the content inside the marks.

    ``open_at``/``close_at`` are the mark offsets (``close_at`` equals ``end`` when a quote ran
    to the end of its paragraph without a close mark). ``depth`` is 0 for a top-level quote,
    1 for a quote inside it.
    """

    start: int
    end: int
    open_at: int
    close_at: int
    depth: int
    double: bool
    closed: bool


@dataclass
class _Open:
    at: int
    double: bool
    straight: bool
    content_start: int


_CloseFn = Callable[["_Open", int, int, bool], None]


def _is_word(char: str) -> bool:
    return char.isalnum()


def _next_non_space(text: str, index: int) -> str:
    while index < len(text) and text[index] in " \t\u00a0":
        index += 1
    return text[index] if index < len(text) else ""


def _after_ellipsis(text: str, index: int) -> str:
    """The first character from ``index`` on past spaces and an ellipsis ("… he said")."""
    rest = text[index : index + ELLIPSIS_LOOKAHEAD_CHARS].lstrip(" \u00a0.…")
    return rest[:1]


def _single_close_is_apostrophe(text: str, index: int, paragraph_end: int) -> bool:
    """A ’ after a capitalised word in "s" and before a lower-case word is a plural
    possessive ("the Baldwins’ show") when the paragraph has another single close mark
    further on to end the quote; after a common noun it closes a quote ("‘fireworks’ are")."""
    previous = text[index - 1] if index > 0 else ""
    following = _next_non_space(text, index + 1)
    if previous.lower() != "s" or not following.islower():
        return False
    word_start = index
    while word_start > 0 and text[word_start - 1].isalpha():
        word_start -= 1
    if not text[word_start : word_start + 1].isupper():
        return False
    rest = text[index + 1 : paragraph_end]
    return any(char in SINGLE_CLOSE or char == STRAIGHT_SINGLE for char in rest)


def _single_open_is_apostrophe(text: str, index: int) -> bool:
    """A ‘ typed (or autocorrected) for an apostrophe: a year or decade cut short (`in ‘08`,
    `the ‘90s`), a possessive after a word (`National Review‘s founding`, `CBS‘ Face the
    Nation`). Read as an open mark it opens a quotation nothing closes, and every quote after
    it in the paragraph is read as nested inside it (issue 23)."""
    previous = text[index - 1] if index > 0 else " "
    following = text[index + 1 : index + 4]
    if _ELIDED_YEAR.match(following) and not _is_word(previous):
        return True
    if not _is_word(previous):
        return False
    after = following[:1]
    return after.isspace() or (after == "s" and not _is_word(following[1:2]))


def _double_apostrophes_as_marks(text: str) -> str:
    """Some wires and archives write a double quote as two apostrophes (''Yes,'' she said).
    Read each pair as one straight double mark and a space, keeping every offset: the mark on
    the inner side, so that the quote's content starts and ends at the words."""
    if "''" not in text:
        return text
    chars = list(text)
    index = 0
    while index < len(chars) - 1:
        if chars[index] == "'" and chars[index + 1] == "'":
            before = chars[index - 1] if index > 0 else " "
            if before.isspace() or before in OPENING_CONTEXT:
                chars[index], chars[index + 1] = " ", '"'
            else:
                chars[index], chars[index + 1] = '"', " "
            index += 2
            continue
        index += 1
    return "".join(chars)


_MARKED_BY_DOC: PerDoc[tuple[MarkedQuote, ...]] = PerDoc(
    lambda doc: tuple(find_marked_quotes(doc_text(doc)))
)


def doc_marked_quotes(doc: Doc) -> list[MarkedQuote]:
    """``find_marked_quotes`` on the text of ``doc``, read once per doc (``PerDoc``, like
    ``doc_text``): the quote and the tone passes of an article both need its marks, and
    reading them is a tenth of the tone stage (issue #22)."""
    return list(_MARKED_BY_DOC(doc))


def find_marked_quotes(text: str) -> list[MarkedQuote]:
    """Every quoted passage in ``text``, top-level and nested, ordered by start."""
    text = _double_apostrophes_as_marks(text)
    found: list[MarkedQuote] = []
    stack: list[_Open] = []
    length = len(text)
    index = 0
    paragraph_end = text.find("\n")
    if paragraph_end < 0:
        paragraph_end = length

    def close(open_mark: _Open, content_end: int, close_at: int, closed: bool) -> None:
        depth = sum(1 for other in stack if other is not open_mark and other.at < open_mark.at)
        if 0 < content_end - open_mark.content_start <= MAX_QUOTE_CHARS:
            found.append(
                MarkedQuote(
                    start=open_mark.content_start,
                    end=content_end,
                    open_at=open_mark.at,
                    close_at=close_at,
                    depth=min(depth, 1),
                    double=open_mark.double,
                    closed=closed,
                )
            )

    while index < length:
        char = text[index]
        if char == "\n":
            index = _end_paragraph(text, index, stack, close)
            paragraph_end = text.find("\n", index)
            if paragraph_end < 0:
                paragraph_end = length
            continue
        if char not in ALL_MARKS_WITH_STRAIGHT:
            # On to the next mark or line break: the characters between change nothing, and
            # stepping over each in Python was most of this function's time (issue #22).
            stop = _MARK_OR_LINE_BREAK.search(text, index)
            index = stop.start() if stop is not None else length
            continue
        previous = text[index - 1] if index > 0 else " "
        following = text[index + 1] if index + 1 < length else " "
        double = char in DOUBLE_OPEN or char in DOUBLE_CLOSE or char == STRAIGHT_DOUBLE
        top_same = next((o for o in reversed(stack) if o.double == double), None)

        if (
            char in DOUBLE_OPEN
            and top_same is not None
            and not previous.isspace()
            and previous not in OPENING_CONTEXT
            and (following.isspace() or following in CLOSING_FOLLOWERS or index + 1 == length)
        ):
            # `“It's unusual,“ said Larry Noble`: an open mark typed for the close one; after
            # a word or a comma and before a space it can only close the quote that is open.
            _pop_to(stack, top_same, index, close)
        elif char in SINGLE_OPEN and _single_open_is_apostrophe(text, index):
            pass  # `in ‘08`, `National Review‘s`, `CBS‘ Face the Nation`: no quote opens
        elif char in DOUBLE_OPEN or char in SINGLE_OPEN:
            # A curly open mark between two letters is a typo for "said‘word’", still an open.
            stack.append(_Open(index, double, False, index + 1))
        elif char in DOUBLE_CLOSE or char in SINGLE_CLOSE:
            if not double and _is_word(previous) and _is_word(following):
                pass  # an apostrophe inside a word: I’m, don’t
            elif (
                top_same is None
                and double
                and (previous == "\n" or index == 0)
                and _is_word(_after_ellipsis(text, index + 1))
            ):
                # ”Mr. Trump embodies ...” or ”… he delivered” at a paragraph start: a close
                # mark typed for an open one (autocorrect); nothing is open, so it can only open.
                stack.append(_Open(index, double, False, index + 1))
            elif top_same is None:
                pass  # a close with nothing to close: a possessive (Baldwins’) or a stray mark
            elif not double and _single_close_is_apostrophe(text, index, paragraph_end):
                pass
            else:
                _pop_to(stack, top_same, index, close)
        else:
            # Straight marks: decide from context, then from what is open.
            can_open = (previous in OPENING_CONTEXT or index == 0) and not following.isspace()
            can_close = not previous.isspace() and (not _is_word(following) or index + 1 == length)
            if char == STRAIGHT_SINGLE:
                if _is_word(previous) and _is_word(following):
                    index += 1
                    continue  # don't, it's
                if can_open and not following.isalpha():
                    can_open = False  # '90s, a lone mark
            if top_same is not None and can_close:
                if char == STRAIGHT_SINGLE and _single_close_is_apostrophe(
                    text, index, paragraph_end
                ):
                    index += 1
                    continue
                _pop_to(stack, top_same, index, close)
            elif can_open:
                stack.append(_Open(index, double, True, index + 1))
            elif top_same is not None and char == STRAIGHT_DOUBLE:
                _pop_to(stack, top_same, index, close)
        index += 1
    _end_paragraph(text, length, stack, close)
    found.sort(key=lambda quote: (quote.start, -quote.end))
    return found


def _pop_to(stack: list[_Open], target: _Open, close_at: int, close: _CloseFn) -> None:
    """Close ``target`` at ``close_at``; marks opened inside it and never closed are dropped."""
    while stack:
        top = stack[-1]
        if top is target:
            close(top, close_at, close_at, True)
            stack.pop()
            return
        stack.pop()


def _end_paragraph(text: str, newline_at: int, stack: list[_Open], close: _CloseFn) -> int:
    """Handle quotes still open at a line break; return where scanning resumes.

    A paragraph that opens a quote and does not close it continues the quote when the next
    paragraph opens with the same kind of mark (the print convention for long quotes).
    Otherwise a double or curly quote is closed at the line end (a missing close mark) and
    a straight single one dropped (more often an apostrophe than a quote).
    """
    resume = newline_at
    while resume < len(text) and text[resume] in "\n \t\u00a0\r":
        resume += 1
    if not stack:
        return max(resume, newline_at + 1)
    # A line of page furniture between two paragraphs of a long quote ("Advertisement") does
    # not end it: the quote goes on where the next paragraph opens with a mark.
    after = _past_furniture(text, resume)
    next_char = text[after] if after < len(text) else ""
    outer = stack[0]
    continues = (
        after < len(text)
        and len(stack) == 1
        and (
            (outer.double and next_char in DOUBLE_OPEN + STRAIGHT_DOUBLE)
            or (not outer.double and next_char in SINGLE_OPEN + STRAIGHT_SINGLE)
        )
    )
    if continues:
        return after + 1  # skip the continuation mark; the quote stays open
    if len(stack) == 1 and outer.double and not outer.straight and _closed_later(text, after):
        return after  # a blog's long quotation: the paragraphs go on unmarked to its close
    for open_mark in stack:
        end = newline_at
        while end > open_mark.content_start and text[end - 1].isspace():
            end -= 1
        if (open_mark.double or not open_mark.straight) and (
            end - open_mark.content_start <= MAX_UNCLOSED_QUOTE_CHARS
        ):
            close(open_mark, end, end, False)
        break  # only the outermost open quote can be a real one left open
    stack.clear()
    return max(resume, newline_at + 1)


def _closed_later(text: str, start: int) -> bool:
    """Whether a curly double quotation left open before ``start`` closes in a later
    paragraph that nothing opens again: sites quoting another site's post mark only its first
    and last paragraphs ("“Expect more of this. ...\nLet's recap ...\n... Act
    accordingly.”"). Each paragraph up to the close must open with no mark and leave no
    quotation of its own open, within ``MAX_CONTINUED_PARAGRAPHS``; a stray open mark, closed
    by nothing within reach, is none."""
    for _ in range(MAX_CONTINUED_PARAGRAPHS):
        if start >= len(text) or text[start] in ALL_MARKS_WITH_STRAIGHT:
            return False
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        depth = 0
        for found in _DOUBLE_MARK.finditer(text, start, end):
            char = found.group()
            if char in DOUBLE_OPEN:
                depth += 1
            elif char in DOUBLE_CLOSE:
                depth -= 1
                if depth < 0:
                    return True
            elif char == STRAIGHT_DOUBLE:
                return False  # straight marks cannot say which way they face here
        if depth:
            return False
        start = end
        while start < len(text) and text[start] in "\n \t\u00a0\r":
            start += 1
    return False


def _past_furniture(text: str, start: int) -> int:
    """Where the text goes on after the lines of page furniture that open at ``start``."""
    while start < len(text):
        line_end = text.find("\n", start)
        if line_end < 0:
            line_end = len(text)
        if not furniture_lines(text[start:line_end]):
            return start
        start = line_end
        while start < len(text) and text[start] in "\n \t\u00a0\r":
            start += 1
    return start
