"""JSON Lines and JSON corpora: one article object per line (or a list of them)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from storylens.ingest.html import read_html
from storylens.ingest.records import build_article
from storylens.records import Article, Rejection


def read_record(record: Any, source: str) -> Article | Rejection:
    """One corpus object: {id, url, outlet, title, published, authors, text | html}."""
    if not isinstance(record, dict):
        return Rejection(source, f"expected a JSON object, found {type(record).__name__}")
    fields = {key: record.get(key) for key in ("title", "outlet", "published", "authors")}
    if not record.get("text") and record.get("html"):
        return read_html(
            str(record["html"]),
            source,
            article_id=record.get("id"),
            url=record.get("url"),
            fields=fields,
        )
    return build_article(
        source,
        record.get("text"),
        article_id=record.get("id"),
        url=record.get("url"),
        **fields,
    )


def read_json_lines(lines: Iterable[str], input_name: str) -> Iterator[Article | Rejection]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        source = f"{input_name}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            yield Rejection(source, f"invalid JSON ({error.msg} at column {error.colno})")
            continue
        yield read_record(record, source)


def read_json_document(content: str, input_name: str) -> Iterator[Article | Rejection]:
    """A .json file: one article object, or a list of them."""
    try:
        document = json.loads(content)
    except json.JSONDecodeError as error:
        yield Rejection(input_name, f"invalid JSON ({error.msg} at line {error.lineno})")
        return
    if isinstance(document, list):
        for index, record in enumerate(document):
            yield read_record(record, f"{input_name}[{index}]")
    else:
        yield read_record(document, input_name)
