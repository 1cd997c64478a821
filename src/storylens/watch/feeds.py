"""New entries of watched feeds: a conditional GET (ETag / Last-Modified), then only the
entries whose keys ``watch`` has not stored yet.

Everything goes through one ingest ``Fetcher`` kept for the whole watch, the feed document as
much as each entry's page: robots.txt, retries with backoff, the per-host delay, the byte cap
and the deadline hold for a poll as for ``analyze URL``, and a host's pace carries from one
pass to the next. An unchanged feed costs one request answered by 304 and no body. A new
entry whose page cannot be had falls back on the text the feed carries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from storylens.ingest.feeds import entry_fields, entry_key, entry_link, parse_feed, read_entry
from storylens.ingest.fetch import Fetcher
from storylens.ingest.politeness import Clock, backoff_seconds
from storylens.records import Article, Rejection
from storylens.watch.state import FeedSeen

# Seconds a feed that failed is left alone before it is polled again, doubled at each failure
# in a row: a feed that is down costs one request now and then, not a round of retries with
# their waits (7 s) on every pass of the watch.
FEED_BACKOFF_SECONDS = 60.0
# The longest a failing feed is left alone: it is still tried every hour, so a site back up
# is read again within the hour.
MAX_FEED_BACKOFF_SECONDS = 3600.0


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
    """Polls feeds through ``fetcher`` (tests inject one with a mock transport and a fake
    clock, which the backoff reads too); without one it opens its own, and closes it in
    ``close``."""

    def __init__(self, fetcher: Fetcher | None = None) -> None:
        self._own_fetcher = fetcher is None
        self._fetcher = fetcher or Fetcher()
        self._clock: Clock = self._fetcher.clock
        self._failing: dict[str, tuple[int, float]] = {}  # url -> failures in a row, retry at

    def close(self) -> None:
        if self._own_fetcher:
            self._fetcher.close()

    def poll(self, url: str, seen: FeedSeen | None) -> FeedPoll:
        """The feed's new entries; a feed that failed lately is not asked (an empty poll)
        until its backoff has passed, and a failing poll is not retried within the pass."""
        seen = seen or FeedSeen()
        result = FeedPoll(url)
        failures, retry_at = self._failing.get(url, (0, 0.0))
        if self._clock() < retry_at:
            return result
        document = self._fetcher.fetch_feed(
            url, etag=seen.etag, last_modified=seen.last_modified, retries=0
        )
        if isinstance(document, Rejection):
            wait = backoff_seconds(failures, FEED_BACKOFF_SECONDS, MAX_FEED_BACKOFF_SECONDS)
            self._failing[url] = (failures + 1, self._clock() + wait)
            result.records.append(
                Rejection(document.input, f"{document.reason}; polled again in {wait:g} s")
            )
            return result
        self._failing.pop(url, None)
        if document.not_modified:
            if (document.etag, document.last_modified) != (seen.etag, seen.last_modified):
                # A 304 may bring new validators (RFC 9110 section 15.4.5): send those next.
                result.seen = FeedSeen(document.etag, document.last_modified, list(seen.entries))
            return result
        feed = parse_feed(
            document.body, url, base_url=document.final_url, content_type=document.content_type
        )
        if isinstance(feed, Rejection):
            result.records.append(feed)
            return result
        known = set(seen.entries)
        for index, entry in enumerate(feed.entries):
            key = entry_key(entry, index)
            if key in known:
                continue
            result.new_keys.append(key)
            result.records.append(self._entry_article(url, feed, index, entry))
        result.seen = FeedSeen(document.etag, document.last_modified, list(seen.entries))
        return result

    def _entry_article(self, url: str, feed: Any, index: int, entry: Any) -> Article | Rejection:
        fallback = read_entry(feed, index, entry, url)
        link = entry_link(entry)  # parse_feed resolved it against the feed's final URL
        if link is None:
            return fallback
        page = self._fetcher.fetch_page(
            link, article_id=entry.get("id") or None, fields=entry_fields(feed, entry)
        )
        return fallback if isinstance(page, Rejection) and isinstance(fallback, Article) else page
