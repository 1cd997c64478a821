"""Finding boilerplate inside an article: share lines, video prompts, and captions.

News pages repeat themselves: a photo caption or pull quote restates a body sentence almost
word for word, and share/follow/"Scroll down for video" lines sit between paragraphs. Such lines
would count twice as facts and quotes, so they are marked (with a reason) and the later stages
skip them. The text itself is not changed.
"""

from __future__ import annotations

import re

from storylens.records import Span

# A line whose distinct words are at least this share of another line's words restates it.
CAPTION_CONTAINMENT = 0.6
# A line that restates another this fully is a repeat even when it is a full sentence.
REPEAT_CONTAINMENT = 0.85
# Lines shorter than this many words are too short to judge as restatements.
MIN_RESTATEMENT_WORDS = 6

_PROMPT_PATTERNS = re.compile(
    r"""^(?:
        scroll\s+down\s+for\s+(?:video|more)
      | (?:share|email|print|tweet)\s+(?:this|the)\s+(?:article|story|page)
      | follow\s+us\s+on\b
      | (?:click|tap)\s+here\b
      | (?:read|see)\s+more\s*:
      | advertisement
      | (?:article|story)\s+continu(?:e|es|ed)\s+(?:below|after)
      | continue\s+reading\b
      | (?:sign\s+up|subscribe)\s+(?:for|to)\s+(?:our|the)\b
      | related\s*:
      | watch\s*:
      | ©|\(c\)\s*\d{4}|copyright\s+\d{4}
    )""",
    re.IGNORECASE | re.VERBOSE,
)
# Prompt lines are short; a long line that merely starts with "Watch:" is content.
MAX_PROMPT_WORDS = 15
# The credit line of an embedded social post: "— Dana Holt (@danaholt) March 4, 2026". The
# post above it is kept (it is its author's words); the credit line is page furniture.
EMBED_CREDIT = re.compile(
    r"^[—–-]\s*(?P<name>[^()\n]{1,80}?)\s*\(@(?P<handle>\w{1,30})\)"
    r"\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4}\s*$"
)

_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"[.!?…][\"'’”)\]]*$")


def line_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the text's non-blank lines."""
    spans = []
    position = 0
    for line in text.split("\n"):
        if line.strip():
            spans.append((position, position + len(line)))
        position += len(line) + 1
    return spans


def find_boilerplate(text: str) -> tuple[Span, ...]:
    """Return the boilerplate lines of ``text`` as spans labelled with the reason."""
    lines = line_spans(text)
    words = [set(_WORD.findall(text[start:end].lower())) for start, end in lines]
    found: dict[int, str] = {}

    for index, (start, end) in enumerate(lines):
        line = text[start:end]
        if _PROMPT_PATTERNS.match(line) and len(words[index]) <= MAX_PROMPT_WORDS:
            found[index] = "share or navigation line"
        elif EMBED_CREDIT.match(line):
            found[index] = "credit line of an embedded post"

    # Each line is compared with every other: its caption look and word count are read once.
    caption_like = [not _SENTENCE_END.search(text[start:end]) for start, end in lines]
    judged = [i for i, line_words in enumerate(words) if len(line_words) >= MIN_RESTATEMENT_WORDS]
    for index in judged:
        if index in found or index == 0:
            continue
        size = len(words[index])
        is_caption_like = caption_like[index]
        # A full sentence can only repeat an earlier line; a caption is compared with all.
        others = judged if is_caption_like else [i for i in judged if i < index]
        for other in others:
            if other == index or other in found:
                continue
            # A line with too few words cannot hold this share of the line's words (the
            # same division as below, so the bound never skips a line that would pass).
            if len(words[other]) / size < CAPTION_CONTAINMENT:
                continue
            shared = len(words[index] & words[other]) / size
            restates_earlier_line = other < index
            # of two captions restating each other, the later one is marked
            other_is_later_caption = caption_like[other] and not restates_earlier_line
            if shared >= CAPTION_CONTAINMENT and is_caption_like and not other_is_later_caption:
                found[index] = "caption restating the body"
                break
            if shared >= REPEAT_CONTAINMENT and restates_earlier_line:
                found[index] = "repeats an earlier paragraph"
                break

    return tuple(
        Span(start=lines[i][0], end=lines[i][1], label=reason, text=text[slice(*lines[i])])
        for i, reason in sorted(found.items())
    )
