"""Embedded social posts: the post is its author's direct quote.

A page that embeds a post renders it as the post's text followed by a credit line, "— Dana
Holt (@danaholt) March 4, 2026" (``clean.boilerplate`` marks that line as furniture). The
text above the credit is what the author wrote, word for word, with no quotation marks
and no speech verb: a direct quote whose speaker the credit names.
"""

from __future__ import annotations

import re

from storylens.analyse.quotes.parse import FoundQuote
from storylens.analyse.quotes.speakers import ResolvedSpeaker
from storylens.clean.boilerplate import EMBED_CREDIT, line_spans

# A link the embed leaves at the end of the post ("pic.twitter.com/x1", "https://t.co/x1")
# is no part of the author's words.
_TRAILING_LINKS = re.compile(r"(?:\s*(?:https?://|pic\.twitter\.com/)\S+)+\s*$")
POST_CUE = "posted"


def find_embedded_posts(text: str) -> list[FoundQuote]:
    """A direct quote for each line that an embedded post's credit line follows."""
    found: list[FoundQuote] = []
    lines = line_spans(text)
    for index, (start, end) in enumerate(lines):
        credit = EMBED_CREDIT.match(text[start:end])
        if credit is None or index == 0:
            continue
        post_start, post_end = lines[index - 1]
        if EMBED_CREDIT.match(text[post_start:post_end]):
            continue  # two credits in a row: the line above is no post
        trailing = _TRAILING_LINKS.search(text, post_start, post_end)
        if trailing is not None:
            post_end = trailing.start()
        if not text[post_start:post_end].strip():
            continue
        name = credit.group("name").strip()
        name_start = start + credit.start("name")
        quote = FoundQuote(post_start, post_end, "direct", None, POST_CUE, None)
        quote.speaker = ResolvedSpeaker(name, name, name_start, name_start + len(name), "person")
        found.append(quote)
    return found
