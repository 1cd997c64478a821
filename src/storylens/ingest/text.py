"""Plain text and Markdown files: metadata from a front-matter header or a sidecar
(``ingest/frontmatter.py``); otherwise the first line is the title when it looks like one."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from storylens.ingest.frontmatter import MetadataError, split_front_matter
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


def read_text(
    content: str, source: str, article_id: str, sidecar: Mapping[str, Any] | None = None
) -> Article | Rejection:
    """One article; ``sidecar`` holds the fields of its sidecar file, which win over the
    header's. A header that cannot be read rejects the file: its metadata would be lost."""
    try:
        written = split_front_matter(content)
    except MetadataError as error:
        return Rejection(source, str(error))
    fields = {**written.fields, **(sidecar or {})}
    body = written.body
    lines = body.strip().split("\n")
    if "title" not in fields and len(lines) > 1 and looks_like_title(lines[0]):
        fields["title"] = _MARKDOWN_HEADING.sub("", lines[0]).strip()
        body = "\n".join(lines[1:])
    return build_article(source, body, article_id=article_id, **fields)
