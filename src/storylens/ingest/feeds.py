"""RSS and Atom feeds: each entry with enough text becomes an article (feedparser)."""

from __future__ import annotations

from collections.abc import Iterator

import feedparser

from storylens.ingest.html import read_html
from storylens.ingest.records import build_article
from storylens.records import Article, Rejection


def read_feed(content: bytes, input_name: str) -> Iterator[Article | Rejection]:
    feed = feedparser.parse(content)
    if feed.bozo and not feed.entries:
        yield Rejection(input_name, f"not a readable RSS/Atom feed ({feed.bozo_exception})")
        return
    outlet = feed.feed.get("title")
    for index, entry in enumerate(feed.entries):
        source = f"{input_name}#{entry.get('id') or index}"
        body_html = ""
        if entry.get("content"):
            body_html = entry.content[0].get("value", "")
        body_html = body_html or entry.get("summary", "")
        fields = {
            "title": entry.get("title"),
            "outlet": outlet,
            "published": entry.get("published") or entry.get("updated"),
            "authors": [a.get("name") for a in entry.get("authors", []) if a.get("name")],
        }
        if "<" in body_html:
            yield read_html(
                f"<html><body><article>{body_html}</article></body></html>",
                source,
                article_id=entry.get("id"),
                url=entry.get("link"),
                fields=fields,
            )
        else:
            yield build_article(
                source, body_html, article_id=entry.get("id"), url=entry.get("link"), **fields
            )
