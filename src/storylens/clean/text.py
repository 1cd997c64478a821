"""Unicode repair and whitespace normalisation of article text.

The repaired text is what storylens stores and exports, so every offset found later
(sentences, quotes, entities) points into exactly that string.
"""

from __future__ import annotations

import re
from functools import lru_cache

import ftfy

# Curly quotes are kept: single and double curly marks carry meaning for quote extraction,
# and ftfy's default would straighten them.
_FTFY_CONFIG = ftfy.TextFixerConfig(uncurl_quotes=False, fix_latin_ligatures=True)

_HORIZONTAL_SPACE = re.compile(r"[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+")
# Zero-width characters, and control characters other than line breaks and tabs: invisible,
# and PostgreSQL refuses NUL in text.
_INVISIBLE = re.compile(r"[\u200b\u200c\u200d\u2060\ufeff\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_MANY_BLANK_LINES = re.compile(r"\n{3,}")


# Repaired texts kept: the pipeline repairs each text of a batch twice, once to tell whether it
# is stored already and once to clean it, and ftfy is the costly part of cleaning. Room for the
# texts and titles of a few batches (a few MB), so a larger --batch-size still finds them.
REPAIRED_TEXTS_KEPT = 512


# A repair that changed the text runs again, at most this many times in all (the second
# round finds what the first uncovered; a third has never been needed).
MAX_REPAIR_ROUNDS = 3


@lru_cache(maxsize=REPAIRED_TEXTS_KEPT)
def repair_text(text: str) -> str:
    """Fix mojibake and odd characters, and normalise white space.

    Lines are kept (a line is a paragraph in most inputs); runs of spaces become one space;
    three or more line breaks become a single blank line.
    """
    # Invisible characters go first: one inside a mojibake pair ("Â\u200b€") hides the pair
    # from ftfy, and removed after it would leave mojibake a second repair would fix. The
    # same holds for an odd space ("Â" and a thin space, read as "Â " once the space is
    # plain): so the steps run again on what they made until nothing changes, and a
    # repaired text repairs to itself.
    for _ in range(MAX_REPAIR_ROUNDS):
        repaired = _repair_once(text)
        if repaired == text:
            break
        text = repaired
    return text


def _repair_once(text: str) -> str:
    text = _INVISIBLE.sub("", text)
    text = ftfy.fix_text(text, config=_FTFY_CONFIG)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = [_HORIZONTAL_SPACE.sub(" ", line).strip() for line in text.split("\n")]
    text = "\n".join(lines)
    text = _MANY_BLANK_LINES.sub("\n\n", text)
    return text.strip()
