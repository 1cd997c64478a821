"""RSS and Atom feeds: each entry with enough text becomes an article (feedparser).

A feed read from a file gives the text the feed itself carries; a feed fetched by URL
(``fetch.py``) fetches each entry's link as a page and uses these helpers for the rest.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urljoin

from lxml import etree

from storylens.ingest.html import read_html
from storylens.ingest.records import build_article
from storylens.records import Article, Rejection

# Bytes at the start of a body where a feed's root element is looked for.
_SNIFF_BYTES = 2048
# A feed's root element, after an optional XML declaration, comments, processing instructions
# and a doctype: <rss>, Atom's <feed>, RSS 1.0's <rdf:RDF>. An HTML page's root is <html>.
_FEED_ROOT = re.compile(
    rb"^\s*(?:(?:<\?[^>]*\?>|<!--.*?-->|<!DOCTYPE[^>]*>)\s*)*<(?:rss|feed|rdf:RDF)[\s>/]",
    re.IGNORECASE | re.DOTALL,
)
# Content types that name a feed; plain XML types are sniffed like any other.
_FEED_TYPES = ("application/rss+xml", "application/atom+xml", "application/rdf+xml")


def looks_like_feed(content_type: str | None, body: bytes) -> bool:
    """Whether a fetched body is a feed: by its Content-Type, else by its root element
    (servers often label feeds ``text/xml``, ``text/html`` or ``text/plain``)."""
    if content_type and content_type.split(";")[0].strip().lower() in _FEED_TYPES:
        return True
    head = body[:_SNIFF_BYTES]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16: sniff its ASCII-range text
        head = head.decode("utf-16", errors="ignore").encode("ascii", errors="ignore")
    return bool(_FEED_ROOT.match(head.removeprefix(b"\xef\xbb\xbf")))


def parse_feed(
    content: bytes,
    input_name: str,
    *,
    base_url: str | None = None,
    content_type: str | None = None,
) -> Any:
    """The parsed feed, or a Rejection when it has no entries and is not a feed.

    ``base_url`` (the URL the feed was fetched from) resolves relative entry links, and
    ``content_type`` gives feedparser the charset the server declared. The links are resolved
    here, not by feedparser: given a base, it resolves RSS guids as links too, and an entry's
    id would then depend on where the feed was read from.
    """
    import feedparser  # here, not at the top: only feed inputs pay for it

    headers = {}
    if content_type:
        headers["content-type"] = content_type
    try:
        feed = feedparser.parse(content, response_headers=headers)
    except (ValueError, LookupError, TypeError, RecursionError) as error:
        # feedparser reads the XML declaration's encoding name itself and breaks on a name
        # that is not UTF-8 (UnicodeDecodeError) or holds a NUL (ValueError); found by fuzzing.
        return Rejection(
            input_name, f"not a readable RSS/Atom feed ({type(error).__name__}: {error})"
        )
    if feed.bozo and not feed.entries:
        return Rejection(input_name, f"not a readable RSS/Atom feed ({feed.bozo_exception})")
    if base_url:
        for entry in feed.entries:
            link = _text(entry.get("link"))
            if link is not None:
                entry["link"] = _resolve(base_url, link.strip())
    return feed


def _resolve(base_url: str, link: str) -> str:
    try:
        return urljoin(base_url, link)
    except ValueError:  # an unreadable link, such as an unclosed [IPv6 host: kept as it is
        return link


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def entry_key(entry: Any, index: int) -> str:
    """What names an entry in its feed: its id (guid), else its position."""
    return _text(entry.get("id")) or str(index)


def entry_link(entry: Any, base_url: str | None = None) -> str | None:
    """The entry's http(s) link, or None; a relative link is read against ``base_url`` (the
    feed's URL; ``parse_feed`` given it has resolved them already)."""
    link = _text(entry.get("link"))
    if link is None:
        return None
    link = _resolve(base_url, link.strip()) if base_url else link.strip()
    return link if link.lower().startswith(("http://", "https://")) else None


def entry_fields(feed: Any, entry: Any) -> dict[str, Any]:
    """The metadata a feed gives for one entry."""
    authors = entry.get("authors")
    return {
        "title": _text(entry.get("title")),
        "outlet": _text(feed.feed.get("title")),
        "published": _text(entry.get("published")) or _text(entry.get("updated")),
        "authors": [
            name
            for author in (authors if isinstance(authors, list) else [])
            if isinstance(author, dict) and (name := _text(author.get("name")))
        ],
    }


def read_entry(feed: Any, index: int, entry: Any, input_name: str) -> Article | Rejection:
    """The article an entry carries in the feed itself (its content, else its summary)."""
    source = f"{input_name}#{entry_key(entry, index)}"
    body_html = ""
    content = entry.get("content")
    if isinstance(content, list) and content and isinstance(content[0], dict):
        body_html = _text(content[0].get("value")) or ""
    body_html = body_html or _text(entry.get("summary")) or ""
    fields = entry_fields(feed, entry)
    article_id = _text(entry.get("id"))
    if "<" in body_html:
        return read_html(
            f"<html><body><article>{body_html}</article></body></html>",
            source,
            article_id=article_id,
            url=entry_link(entry),
            fields=fields,
        )
    return build_article(source, body_html, article_id=article_id, url=entry_link(entry), **fields)


# The elements that are a feed's entries: RSS 2.0 and 1.0 items, Atom entries.
_ENTRY_NAMES = frozenset({"item", "entry"})


def count_feed_entries(content: bytes) -> int | None:
    """How many entries a feed holds, counted by a streaming XML parse (a fraction of what
    feedparser takes), or None when the XML cannot be read that way (feedparser, which is
    more lenient, may still read it)."""
    count = 0
    try:
        for _event, element in etree.iterparse(
            io.BytesIO(content), events=("end",), resolve_entities=False, no_network=True
        ):
            if isinstance(element.tag, str) and etree.QName(element).localname in _ENTRY_NAMES:
                count += 1
            element.clear()
    except (etree.XMLSyntaxError, ValueError):
        return None
    return count


def read_feed(content: bytes, input_name: str) -> Iterator[Article | Rejection]:
    feed = parse_feed(content, input_name)
    if isinstance(feed, Rejection):
        yield feed
        return
    for index, entry in enumerate(feed.entries):
        yield read_entry(feed, index, entry, input_name)
