"""New entries of watched feeds: a conditional GET (ETag / Last-Modified), then only the
entries whose keys ``watch`` has not stored yet.

An unchanged feed costs one request answered by 304 and no body. Each new entry's page is
fetched politely by the ingest ``Fetcher`` (robots.txt, per-host delay, retries), falling back
on the text the feed carries, as ``analyze URL`` does for a feed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx

from storylens.ingest.feeds import entry_fields, entry_key, entry_link, parse_feed, read_entry
from storylens.ingest.fetch import USER_AGENT, Fetcher
from storylens.ingest.limits import FETCH_TIMEOUT_SECONDS, MAX_FETCH_BYTES
from storylens.records import Article, Rejection
from storylens.watch.state import FeedSeen

HTTP_NOT_MODIFIED = 304


@dataclass
class FeedPoll:
    """One poll of one feed: its records, and what the state records once they are stored."""

    url: str
    records: list[Article | Rejection] = field(default_factory=list)
    seen: FeedSeen | None = None  # None: nothing to remember (unchanged, or failed)
    new_keys: list[str] = field(default_factory=list)


def read_feed_list(text: str) -> list[str]:
    """Feed URLs, one a line; blank lines and ``#`` comments skipped."""
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


class FeedPoller:
    """Polls feeds; ``transport`` is httpx's, injected by tests."""

    def __init__(self, transport: httpx.BaseTransport | None = None) -> None:
        self._client = httpx.Client(
            transport=transport,
            timeout=FETCH_TIMEOUT_SECONDS,
            follow_redirects=True,
            headers={"User-Agent": USER_AGENT},
        )
        self._fetcher = Fetcher(transport)

    def close(self) -> None:
        self._client.close()
        self._fetcher.close()

    def poll(self, url: str, seen: FeedSeen | None) -> FeedPoll:
        seen = seen or FeedSeen()
        result = FeedPoll(url)
        headers = {}
        if seen.etag:
            headers["If-None-Match"] = seen.etag
        if seen.last_modified:
            headers["If-Modified-Since"] = seen.last_modified
        try:
            body, response = self._get(url, headers)
        except httpx.HTTPError as error:
            result.records.append(Rejection(url, f"could not fetch the feed ({error})"))
            return result
        if response.status_code == HTTP_NOT_MODIFIED:
            return result
        if response.status_code >= 400:
            result.records.append(Rejection(url, f"HTTP {response.status_code} from the server"))
            return result
        if body is None:
            result.records.append(Rejection(url, f"feed larger than {MAX_FETCH_BYTES:,} bytes"))
            return result
        feed = parse_feed(body, url, content_type=response.headers.get("Content-Type"))
        if isinstance(feed, Rejection):
            result.records.append(feed)
            return result
        known = set(seen.entries)
        for index, entry in enumerate(feed.entries):
            key = entry_key(entry, index)
            if key in known:
                continue
            result.new_keys.append(key)
            result.records.append(self._entry_article(url, str(response.url), feed, index, entry))
        result.seen = FeedSeen(
            etag=response.headers.get("ETag"),
            last_modified=response.headers.get("Last-Modified"),
            entries=list(seen.entries),
        )
        return result

    def _get(self, url: str, headers: dict[str, str]) -> tuple[bytes | None, httpx.Response]:
        """The body (None past the byte cap) and the response."""
        with self._client.stream("GET", url, headers=headers) as response:
            chunks, size = [], 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > MAX_FETCH_BYTES:
                    return None, response
                chunks.append(chunk)
            return b"".join(chunks), response

    def _entry_article(
        self, url: str, final_url: str, feed: Any, index: int, entry: Any
    ) -> Article | Rejection:
        fallback = read_entry(feed, index, entry, url)
        link = entry_link(entry, final_url)
        if link is None:
            return fallback
        page = self._fetcher.fetch_page(
            link, article_id=entry.get("id") or None, fields=entry_fields(feed, entry)
        )
        return fallback if isinstance(page, Rejection) and isinstance(fallback, Article) else page
