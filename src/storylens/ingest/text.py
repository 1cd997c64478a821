"""Plain text and Markdown files: the first line is the title when it looks like one."""

from __future__ import annotations

import re

from storylens.ingest.limits import MAX_TITLE_CHARS
from storylens.ingest.records import build_article
from storylens.records import Article, Rejection

_SENTENCE_END = re.compile(r"[.!?…:;,][\"'’”)]*$")
_MARKDOWN_HEADING = re.compile(r"^#{1,6}\s+")


def looks_like_title(line: str) -> bool:
    """A headline is short, stands alone and does not end like a sentence."""
    line = line.strip()
    if not line or len(line) > MAX_TITLE_CHARS:
        return False
    if _MARKDOWN_HEADING.match(line):
        return True
    return not _SENTENCE_END.search(line)


def read_text(content: str, source: str, article_id: str) -> Article | Rejection:
    lines = content.strip().split("\n")
    title = None
    body = content
    if len(lines) > 1 and looks_like_title(lines[0]):
        title = _MARKDOWN_HEADING.sub("", lines[0]).strip()
        body = "\n".join(lines[1:])
    return build_article(source, body, article_id=article_id, title=title)
