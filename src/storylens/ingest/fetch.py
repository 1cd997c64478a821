"""Fetching articles by URL, politely (httpx).

One ``Fetcher`` serves a whole run, so what it learns about a host holds for all its URLs:
robots.txt is read once per origin and requests to one host are spaced. For each URL:

1. its origin's robots.txt must allow it (RFC 9309; an unreachable robots.txt allows nothing);
2. GET; redirects are followed one hop at a time, up to ``max_redirects``, so each hop is
   checked against its own host's robots.txt and waits its host's turn;
3. a 429, a 5xx or a dropped connection is retried with exponential backoff, and a
   Retry-After is honoured up to ``max_retry_wait_seconds`` (a longer one is not retried);
4. the body is streamed and reading stops at ``max_bytes``; everything for one URL has
   ``deadline_seconds`` in all, robots.txt, retries and their waits included, but not the
   waits for a host's turn (those are storylens's courtesy, not the server's slowness);
5. a feed (by Content-Type or its root element) gives its entries, each entry's link fetched
   as a page; any other body is read as an HTML page.

``fetch_feed`` polls a feed document under the same rules with a conditional GET (the ETag and
Last-Modified of the last poll sent back), so ``watch`` re-reads an unchanged feed for one
304 and no body. robots.txt is read again once it is ``max_robots_age_seconds`` old, so a
watch running for days follows a site's changed rules.

Every failure is a Rejection naming the URL. Tests inject the transport
(``httpx.MockTransport``), the clock and the sleep, so they never touch the network or wait.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

import httpx

from storylens._version import __version__
from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.download import Body, Reply, download, url_problem
from storylens.ingest.feeds import (
    entry_fields,
    entry_link,
    looks_like_feed,
    parse_feed,
    read_entry,
)
from storylens.ingest.html import read_html
from storylens.ingest.limits import (
    FETCH_BACKOFF_SECONDS,
    FETCH_DEADLINE_SECONDS,
    FETCH_RETRIES,
    FETCH_TIMEOUT_SECONDS,
    HOST_DELAY_SECONDS,
    MAX_CRAWL_DELAY_SECONDS,
    MAX_FEED_ENTRIES,
    MAX_FETCH_BYTES,
    MAX_REDIRECTS,
    MAX_RETRY_WAIT_SECONDS,
    MAX_ROBOTS_AGE_SECONDS,
    MAX_ROBOTS_BYTES,
)
from storylens.ingest.politeness import (
    Clock,
    HostPacer,
    Sleep,
    backoff_seconds,
)
from storylens.ingest.robots import (
    ROBOTS_AGENT,
    RobotsPolicy,
    policy_from_body,
    policy_from_status,
)
from storylens.records import Article, Rejection

logger = logging.getLogger(__name__)

USER_AGENT = f"{ROBOTS_AGENT}/{__version__} (+https://github.com/storylens/storylens)"
HTTP_NOT_MODIFIED = 304


@dataclass(frozen=True)
class FetchSettings:
    """The limits of fetching; each default is a named constant of ``ingest/limits.py``."""

    max_bytes: int = MAX_FETCH_BYTES
    deadline_seconds: float = FETCH_DEADLINE_SECONDS
    timeout_seconds: float = FETCH_TIMEOUT_SECONDS
    retries: int = FETCH_RETRIES
    backoff_seconds: float = FETCH_BACKOFF_SECONDS
    max_retry_wait_seconds: float = MAX_RETRY_WAIT_SECONDS
    host_delay_seconds: float = HOST_DELAY_SECONDS
    max_crawl_delay_seconds: float = MAX_CRAWL_DELAY_SECONDS
    max_redirects: int = MAX_REDIRECTS
    max_robots_bytes: int = MAX_ROBOTS_BYTES
    max_robots_age_seconds: float = MAX_ROBOTS_AGE_SECONDS
    max_feed_entries: int = MAX_FEED_ENTRIES
    user_agent: str = USER_AGENT

    def __post_init__(self) -> None:
        for setting in fields(self):
            value = getattr(self, setting.name)
            if isinstance(value, int | float) and value < 0:
                raise ValueError(f"fetch setting {setting.name} must not be negative: {value}")
        if self.deadline_seconds <= 0 or self.timeout_seconds <= 0:
            raise ValueError("fetch deadline_seconds and timeout_seconds must be above 0")


@dataclass(frozen=True)
class FeedDocument:
    """A feed polled with a conditional GET: changed (a 2xx with its body) or not (304).

    ``etag`` and ``last_modified`` are the validators to send next time: the server's new ones,
    else (a 304 need not repeat them) the ones that were sent.
    """

    url: str  # as asked
    final_url: str  # after redirects: what the entries' relative links are read against
    status: int
    body: bytes = b""
    content_type: str | None = None
    etag: str | None = None
    last_modified: str | None = None

    @property
    def not_modified(self) -> bool:
        return self.status == HTTP_NOT_MODIFIED


class _Budget:
    """The time left for one URL; waits for a host's turn are given back."""

    def __init__(self, clock: Clock, seconds: float) -> None:
        self._clock = clock
        self.seconds = seconds
        self._ends = clock() + seconds

    def remaining(self) -> float:
        return self._ends - self._clock()

    def give_back(self, seconds: float) -> None:
        self._ends += seconds


class Fetcher:
    """Fetches URLs for one run; close it (or use ``with``) to close its connections."""

    def __init__(
        self,
        transport: httpx.BaseTransport | None = None,
        *,
        settings: FetchSettings | None = None,
        clock: Clock = time.monotonic,
        sleep: Sleep = time.sleep,
    ) -> None:
        self.settings = settings or FetchSettings()
        self._transport = transport
        self._clock = clock
        self._sleep = sleep
        self._pacer = HostPacer(clock, sleep)
        self._robots: dict[str, tuple[RobotsPolicy, float]] = {}  # origin -> rules, read at
        self._host_delays: dict[str, float] = {}  # host -> its Crawl-delay, where longer
        self._client: httpx.Client | None = None

    @property
    def clock(self) -> Clock:
        """The clock the fetcher paces by (tests give a fake one)."""
        return self._clock

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def fetch(self, url: str) -> Iterator[Article | Rejection]:
        """The article at ``url``, or one record per entry when it is a feed."""
        reply = self._get(url, _Budget(self._clock, self.settings.deadline_seconds))
        if reply.failure is not None:
            yield Rejection(url, reply.failure)
        elif looks_like_feed(reply.headers.get("Content-Type"), reply.body):
            yield from self._feed(url, reply)
        else:
            yield _read_page(url, reply)

    def fetch_page(
        self, url: str, *, article_id: Any = None, fields: dict[str, Any] | None = None
    ) -> Article | Rejection:
        """The article at ``url`` read as an HTML page; ``fields`` given win (as in read_html)."""
        reply = self._get(url, _Budget(self._clock, self.settings.deadline_seconds))
        if reply.failure is not None:
            return Rejection(url, reply.failure)
        return _read_page(url, reply, article_id=article_id, fields=fields)

    def fetch_feed(
        self,
        url: str,
        *,
        etag: str | None = None,
        last_modified: str | None = None,
        retries: int | None = None,
    ) -> FeedDocument | Rejection:
        """The feed document at ``url``, asked for only if it changed since the poll that gave
        ``etag`` / ``last_modified`` (RFC 9110 section 13.1), under the rules of every fetch.
        ``retries`` (default: the settings') is 0 for a poller that backs off across polls."""
        conditions: dict[str, str] = {}
        if etag:
            conditions["If-None-Match"] = etag
        if last_modified:
            conditions["If-Modified-Since"] = last_modified
        reply = self._get(
            url,
            _Budget(self._clock, self.settings.deadline_seconds),
            headers=conditions,
            retries=retries,
        )
        if reply.failure is not None:
            return Rejection(url, reply.failure)
        status = reply.status or 0
        if status == HTTP_NOT_MODIFIED and not conditions:
            return Rejection(url, "HTTP 304 (not modified) to a request that was not conditional")
        if status != HTTP_NOT_MODIFIED and not 200 <= status < 300:
            return Rejection(url, f"HTTP {status} from the server")
        return FeedDocument(
            url,
            reply.url,
            status,
            reply.body,
            content_type=reply.headers.get("Content-Type"),
            etag=reply.headers.get("ETag") or (etag if status == HTTP_NOT_MODIFIED else None),
            last_modified=reply.headers.get("Last-Modified")
            or (last_modified if status == HTTP_NOT_MODIFIED else None),
        )

    # -- feeds ------------------------------------------------------------------------------

    def _feed(self, url: str, reply: Reply) -> Iterator[Article | Rejection]:
        """Each entry's page, fetched politely; an entry without a link, or whose page cannot
        be had, falls back on the text the feed carries (the publisher syndicated it)."""
        feed = parse_feed(
            reply.body, url, base_url=reply.url, content_type=reply.headers.get("Content-Type")
        )
        if isinstance(feed, Rejection):
            yield feed
            return
        cap = self.settings.max_feed_entries
        for index, entry in enumerate(feed.entries):
            if index == cap:
                yield Rejection(
                    f"{url}#{index}-",
                    f"rest of the feed not fetched: it has more than {cap:,} entries",
                )
                return
            link = entry_link(entry)
            if link is None:
                yield read_entry(feed, index, entry, url)
                continue
            page = self.fetch_page(
                link, article_id=entry.get("id") or None, fields=entry_fields(feed, entry)
            )
            if isinstance(page, Article):
                yield page
                continue
            fallback = read_entry(feed, index, entry, url)
            yield fallback if isinstance(fallback, Article) else page

    # -- one URL: robots, redirects ---------------------------------------------------------

    def _get(
        self,
        url: str,
        budget: _Budget,
        body: Body | None = None,
        *,
        robots: bool = True,
        headers: Mapping[str, str] | None = None,
        retries: int | None = None,
    ) -> Reply:
        """The final reply for ``url`` (a 2xx, or a 3xx without a redirect), or a reply whose
        ``failure`` says why there is none. ``headers`` go with every hop: a feed that moved
        still answers the conditional GET its validators came from."""
        body = body or Body(self.settings.max_bytes)
        problem = url_problem(url)
        if problem is not None:
            return Reply(url, failure=problem)
        current = url
        status: int | None = None
        for _hop in range(self.settings.max_redirects + 1):
            if robots:
                refusal = self._robots_refusal(current, budget)
                if refusal is not None:
                    return Reply(url, failure=refusal)
            reply = self._get_with_retries(current, budget, body, headers, retries)
            if reply.failure is not None:
                if current != url:
                    return replace(reply, failure=f"{reply.failure} (redirected to {current})")
                return reply
            if reply.redirect_to is None:
                return reply
            status, current = reply.status, reply.redirect_to
            problem = url_problem(current)
            if problem is not None:
                return Reply(url, status, failure=f"redirected to {current!r}: {problem}")
        return Reply(
            url,
            status,
            failure=f"more than {self.settings.max_redirects} redirects (a redirect loop?); "
            f"stopped before {current}",
        )

    def _robots_refusal(self, url: str, budget: _Budget) -> str | None:
        """Why robots.txt forbids ``url``, or None when it allows it."""
        target = httpx.URL(url)
        origin = f"{target.scheme}://{target.netloc.decode('ascii')}"
        cached = self._robots.get(origin)
        if cached is None or self._clock() - cached[1] > self.settings.max_robots_age_seconds:
            policy = self._read_robots(origin, budget)
            self._robots[origin] = (policy, self._clock())
            delay = policy.crawl_delay()
            if cached is not None:  # read again: its Crawl-delay may have gone
                self._host_delays.pop(target.host, None)
            if delay is not None and delay > self.settings.host_delay_seconds:
                self._host_delays[target.host] = min(delay, self.settings.max_crawl_delay_seconds)
        else:
            policy = cached[0]
        if policy.allows(url):
            return None
        return policy.refusal or f"disallowed by robots.txt ({origin}/robots.txt)"

    def _read_robots(self, origin: str, budget: _Budget) -> RobotsPolicy:
        robots_url = f"{origin}/robots.txt"
        reply = self._get(
            robots_url,
            budget,
            Body(self.settings.max_robots_bytes, truncate=True, stop_on_markup=True),
            robots=False,
        )
        if reply.failure is None:
            return policy_from_body(reply.body)
        return policy_from_status(
            reply.status,
            f"robots.txt could not be read ({reply.failure}); storylens fetches nothing from a "
            "site whose robots.txt is unreachable (RFC 9309)",
        )

    # -- one request: retries, pacing, deadline ---------------------------------------------

    def _get_with_retries(
        self,
        url: str,
        budget: _Budget,
        body: Body,
        headers: Mapping[str, str] | None = None,
        retries: int | None = None,
    ) -> Reply:
        settings = self.settings
        host = httpx.URL(url).host
        delay = self._host_delays.get(host, settings.host_delay_seconds)
        attempts = (settings.retries if retries is None else retries) + 1
        for attempt in range(attempts):
            budget.give_back(self._pacer.wait_turn(host, delay))
            reply = self._request(url, budget, body, headers)
            self._pacer.request_ended(host)
            logger.debug("GET %s: %s", url, reply.status or reply.failure)
            if not reply.retryable:
                return reply
            if attempt == attempts - 1:
                if attempts == 1:
                    return reply
                return replace(reply, failure=f"{reply.failure} ({attempts} attempts)")
            wait = backoff_seconds(
                attempt, settings.backoff_seconds, settings.max_retry_wait_seconds
            )
            if reply.retry_after is not None:
                if reply.retry_after > settings.max_retry_wait_seconds:
                    return replace(
                        reply,
                        failure=f"{reply.failure}; it asks to retry after "
                        f"{reply.retry_after:g} s, longer than storylens waits "
                        f"({settings.max_retry_wait_seconds:g} s)",
                    )
                wait = reply.retry_after
            if wait >= budget.remaining():
                return replace(
                    reply,
                    failure=f"{reply.failure}; no time left to retry within "
                    f"{budget.seconds:g} seconds",
                )
            logger.info("retrying %s in %g s: %s", url, wait, reply.failure)
            self._sleep(wait)
        raise AssertionError("unreachable: the last attempt returns")  # pragma: no cover

    def _request(
        self, url: str, budget: _Budget, body: Body, headers: Mapping[str, str] | None = None
    ) -> Reply:
        """One GET within the budget. httpx's timeouts bound each read, not their sum, so the
        request runs in a thread that is given up at the deadline (its connection closed),
        even while the headers are still trickling in."""
        too_slow = Reply(url, failure=_too_slow(budget.seconds))
        remaining = budget.remaining()
        if remaining <= 0:
            return too_slow
        client = self._open_client()
        outcome: list[Reply | BaseException] = []
        ends_at = time.monotonic() + remaining

        def run() -> None:
            try:
                outcome.append(download(client, url, body, ends_at, too_slow, headers))
            except BaseException as error:  # handed to the caller's thread below
                outcome.append(error)

        worker = threading.Thread(target=run, name=f"fetch {url}", daemon=True)
        worker.start()
        worker.join(remaining)
        if worker.is_alive():
            # Closing the pool closes the socket: the worker fails on its next read. The next
            # request opens a new client.
            client.close()
            self._client = None
            return too_slow
        result = outcome[0]
        if isinstance(result, BaseException):
            # Not an HTTP error (those are replies): a transport or a decoder that broke.
            return Reply(url, failure=f"could not fetch ({type(result).__name__}: {result})")
        return result

    def _open_client(self) -> httpx.Client:
        if self._client is None:
            settings = self.settings
            self._client = httpx.Client(
                transport=self._transport,
                timeout=min(settings.timeout_seconds, settings.deadline_seconds),
                follow_redirects=False,  # followed by hand, see _get
                headers={"User-Agent": settings.user_agent},
            )
        return self._client


def fetch_url(
    url: str,
    transport: httpx.BaseTransport | None = None,
    *,
    max_bytes: int = MAX_FETCH_BYTES,
    deadline_seconds: float = FETCH_DEADLINE_SECONDS,
    timeout_seconds: float = FETCH_TIMEOUT_SECONDS,
) -> Article | Rejection:
    """Fetch one page with a Fetcher of its own (robots.txt, retries, redirects, caps)."""
    settings = FetchSettings(
        max_bytes=max_bytes, deadline_seconds=deadline_seconds, timeout_seconds=timeout_seconds
    )
    with Fetcher(transport, settings=settings) as fetcher:
        return fetcher.fetch_page(url)


def _too_slow(seconds: float) -> str:
    return f"fetch took longer than {seconds:g} seconds (stopped)"


def _read_page(
    url: str, reply: Reply, *, article_id: Any = None, fields: dict[str, Any] | None = None
) -> Article | Rejection:
    # Parsing happens outside the deadline: it is our time, not the server's.
    try:
        html = decode_text(reply.body, url)
    except InputError as error:
        return Rejection(url, error.reason)
    return read_html(html, url, article_id=article_id, url=reply.url, fields=fields)
