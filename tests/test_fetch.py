"""Fetching by URL: retries, Retry-After, robots.txt, per-host delay, redirects, feeds, caps.

Every test runs on httpx.MockTransport or a server on 127.0.0.1, and a fake clock whose sleep
only moves the clock, so the waits are observed without being waited. The sites are fictional.
"""

from __future__ import annotations

import http.server
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import httpx
import pytest

from conftest import local_http_server
from storylens.ingest import iter_inputs
from storylens.ingest.fetch import USER_AGENT, Fetcher, FetchSettings
from storylens.ingest.politeness import backoff_seconds, is_retryable_status, retry_after_seconds
from storylens.records import Article, Rejection

SITE = "https://harbor.example"
BODY = (
    "The harbour board of Saltwick agreed on Tuesday to dredge the north channel before the "
    "autumn storms, after two fishing boats ran aground there in a single week."
)


def page(title: str = "Saltwick dredges north channel", body: str = BODY) -> str:
    return f"""<html><head><title>{title}</title></head><body>
<nav><a href="/">Home</a></nav><article><h1>{title}</h1><p>{body}</p>
<p>Work starts in September and should take three weeks, the board said in a statement
issued after the meeting on Tuesday evening at the harbour office.</p></article></body></html>"""


class FakeClock:
    """A monotonic clock that only moves when something sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


Handler = Callable[[httpx.Request], httpx.Response]


class Site:
    """A mock web: a handler per path (robots.txt is a 404 unless given), and a log of every
    request with the fake time it was made."""

    def __init__(self, routes: Mapping[str, Handler | httpx.Response], clock: FakeClock) -> None:
        self.routes = routes
        self.clock = clock
        self.log: list[tuple[float, str]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.log.append((self.clock.now, str(request.url)))
        key = f"{request.url.scheme}://{request.url.host}{request.url.path}"
        route = self.routes.get(key) or self.routes.get(request.url.path)
        if route is None:
            return httpx.Response(404)
        return route(request) if callable(route) else route

    def times(self, url: str) -> list[float]:
        return [when for when, asked in self.log if asked == url]


def fetcher(
    routes: Mapping[str, Handler | httpx.Response], **settings: object
) -> tuple[Fetcher, Site, FakeClock]:
    clock = FakeClock()
    site = Site(routes, clock)
    fetch = Fetcher(
        httpx.MockTransport(site),
        settings=FetchSettings(**settings),  # type: ignore[arg-type]
        clock=clock,
        sleep=clock.sleep,
    )
    return fetch, site, clock


def html(text: str = "", **headers: str) -> httpx.Response:
    return httpx.Response(200, html=text or page(), headers=headers)


def sequence(*responses: httpx.Response | Exception) -> Handler:
    """A handler that answers with each response in turn (the last one after that)."""
    queue = list(responses)

    def answer(request: httpx.Request) -> httpx.Response:
        item = queue.pop(0) if len(queue) > 1 else queue[0]
        if isinstance(item, Exception):
            raise item
        return item

    return answer


# -- retries -----------------------------------------------------------------------------------


def test_503_is_retried_with_backoff_then_succeeds() -> None:
    fetch, site, _ = fetcher({"/story": sequence(httpx.Response(503), httpx.Response(503), html())})
    article = fetch.fetch_page(f"{SITE}/story")
    assert isinstance(article, Article) and "north channel" in article.text
    # robots.txt at 0; the page after the host delay (1 s), then backoff waits of 1 and 2 s.
    assert site.times(f"{SITE}/story") == [1.0, 2.0, 4.0]


def test_retries_give_up_with_the_number_of_attempts() -> None:
    fetch, site, _ = fetcher({"/story": httpx.Response(502)}, retries=2)
    problem = fetch.fetch_page(f"{SITE}/story")
    assert isinstance(problem, Rejection) and problem.input == f"{SITE}/story"
    assert problem.reason == "HTTP 502 from the server (3 attempts)"
    assert len(site.times(f"{SITE}/story")) == 3


def test_connection_error_is_retried() -> None:
    fetch, site, _ = fetcher({"/story": sequence(httpx.ConnectError("refused"), html())})
    assert isinstance(fetch.fetch_page(f"{SITE}/story"), Article)
    assert len(site.times(f"{SITE}/story")) == 2


def test_retry_after_seconds_is_honoured() -> None:
    busy = httpx.Response(429, headers={"Retry-After": "7"})
    fetch, site, _ = fetcher({"/story": sequence(busy, html())})
    assert isinstance(fetch.fetch_page(f"{SITE}/story"), Article)
    first, second = site.times(f"{SITE}/story")
    assert second - first == 7.0


def test_retry_after_as_a_date_is_read_against_the_server_date() -> None:
    busy = httpx.Response(
        503,
        headers={
            "Date": "Tue, 03 Mar 2026 10:00:00 GMT",
            "Retry-After": "Tue, 03 Mar 2026 10:00:12 GMT",
        },
    )
    fetch, site, _ = fetcher({"/story": sequence(busy, html())})
    assert isinstance(fetch.fetch_page(f"{SITE}/story"), Article)
    first, second = site.times(f"{SITE}/story")
    assert second - first == 12.0


def test_retry_after_longer_than_the_cap_is_not_retried() -> None:
    busy = httpx.Response(429, headers={"Retry-After": "3600"})
    fetch, site, clock = fetcher({"/story": busy})
    problem = fetch.fetch_page(f"{SITE}/story")
    assert isinstance(problem, Rejection) and "HTTP 429" in problem.reason
    assert "retry after 3600 s, longer than storylens waits (30 s)" in problem.reason
    assert len(site.times(f"{SITE}/story")) == 1
    assert 3600 not in clock.sleeps


def test_retries_stop_when_the_deadline_would_pass() -> None:
    fetch, site, _ = fetcher({"/story": httpx.Response(503)}, deadline_seconds=2.5)
    problem = fetch.fetch_page(f"{SITE}/story")
    assert isinstance(problem, Rejection)
    assert "no time left to retry within 2.5 seconds" in problem.reason
    assert len(site.times(f"{SITE}/story")) == 2  # waits 1 s, then 2 s would pass the deadline


@pytest.mark.parametrize("status", [400, 401, 403, 404, 410, 501])
def test_client_errors_are_not_retried(status: int) -> None:
    fetch, site, clock = fetcher({"/story": httpx.Response(status)})
    problem = fetch.fetch_page(f"{SITE}/story")
    assert isinstance(problem, Rejection) and problem.reason == f"HTTP {status} from the server"
    assert len(site.times(f"{SITE}/story")) == 1
    assert clock.sleeps == [1.0]  # only the host delay after robots.txt


def test_retry_helpers() -> None:
    assert [backoff_seconds(n, 1.0, 30.0) for n in range(7)] == [1, 2, 4, 8, 16, 30, 30]
    assert retry_after_seconds("120") == 120.0
    assert retry_after_seconds(None) is None
    assert retry_after_seconds("soon") is None
    assert (
        retry_after_seconds("Tue, 03 Mar 2026 09:00:00 GMT", "Tue, 03 Mar 2026 10:00:00 GMT") == 0
    )
    assert is_retryable_status(429) and is_retryable_status(504)
    assert not is_retryable_status(404) and not is_retryable_status(501)


# -- robots.txt --------------------------------------------------------------------------------

ROBOTS = """User-agent: *
Disallow: /private/
Disallow: /*?print=

User-agent: otherbot
Disallow: /
"""


def test_robots_disallow_is_a_rejection_and_robots_is_read_once() -> None:
    routes: dict[str, Handler | httpx.Response] = {
        "/robots.txt": httpx.Response(200, text=ROBOTS),
        "/private/memo": html(),
        "/news/one": html(),
        "/news/two": html(),
    }
    fetch, site, _ = fetcher(routes)
    blocked = fetch.fetch_page(f"{SITE}/private/memo")
    assert isinstance(blocked, Rejection)
    assert blocked.reason == f"disallowed by robots.txt ({SITE}/robots.txt)"
    printed = fetch.fetch_page(f"{SITE}/news/one?print=1")
    assert isinstance(printed, Rejection) and "disallowed by robots.txt" in printed.reason
    assert isinstance(fetch.fetch_page(f"{SITE}/news/one"), Article)
    assert isinstance(fetch.fetch_page(f"{SITE}/news/two"), Article)
    assert len(site.times(f"{SITE}/robots.txt")) == 1
    assert not site.times(f"{SITE}/private/memo")  # never asked


def test_robots_group_for_storylens_applies() -> None:
    robots = "User-agent: *\nAllow: /\n\nUser-agent: storylens\nDisallow: /\n"
    fetch, site, _ = fetcher({"/robots.txt": httpx.Response(200, text=robots), "/a": html()})
    problem = fetch.fetch_page(f"{SITE}/a")
    assert isinstance(problem, Rejection) and "disallowed by robots.txt" in problem.reason


def test_unreachable_robots_txt_allows_nothing() -> None:
    fetch, site, _ = fetcher({"/robots.txt": httpx.Response(503), "/a": html()}, retries=1)
    problem = fetch.fetch_page(f"{SITE}/a")
    assert isinstance(problem, Rejection)
    assert problem.reason.startswith("robots.txt could not be read (HTTP 503 from the server")
    assert not site.times(f"{SITE}/a")


def test_html_served_as_robots_txt_allows_everything() -> None:
    fetch, _, _ = fetcher(
        {"/robots.txt": html("<html><body>Not found</body></html>"), "/a": html()}
    )
    assert isinstance(fetch.fetch_page(f"{SITE}/a"), Article)


def test_crawl_delay_spaces_requests_to_the_host() -> None:
    robots = "User-agent: *\nCrawl-delay: 5\n"
    routes = {"/robots.txt": httpx.Response(200, text=robots), "/a": html(), "/b": html()}
    fetch, site, _ = fetcher(routes)
    fetch.fetch_page(f"{SITE}/a")
    fetch.fetch_page(f"{SITE}/b")
    assert [when for when, _ in site.log] == [0.0, 5.0, 10.0]


def test_crawl_delay_is_capped() -> None:
    robots = "User-agent: *\nCrawl-delay: 3600\n"
    fetch, site, _ = fetcher({"/robots.txt": httpx.Response(200, text=robots), "/a": html()})
    fetch.fetch_page(f"{SITE}/a")
    assert site.times(f"{SITE}/a") == [30.0]


# -- per-host delay and the User-Agent ---------------------------------------------------------


def test_requests_to_one_host_are_spaced_and_other_hosts_do_not_wait() -> None:
    routes = {
        "https://harbor.example/a": html(),
        "https://harbor.example/b": html(),
        "https://tides.example/c": html(),
    }
    fetch, site, clock = fetcher(routes)
    for url in routes:
        assert isinstance(fetch.fetch_page(url), Article)
    # harbor: robots 0, /a 1, /b 2; tides: robots and /c without waiting for harbor.
    assert site.times("https://harbor.example/a") == [1.0]
    assert site.times("https://harbor.example/b") == [2.0]
    assert site.times("https://tides.example/robots.txt") == [2.0]
    assert site.times("https://tides.example/c") == [3.0]
    assert clock.sleeps == [1.0, 1.0, 1.0]


def test_user_agent_names_storylens() -> None:
    seen: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["User-Agent"])
        return html()

    fetch, _, _ = fetcher({"/a": answer, "/robots.txt": answer})
    fetch.fetch_page(f"{SITE}/a")
    assert seen == [USER_AGENT, USER_AGENT] and USER_AGENT.startswith("storylens/")


# -- redirects ---------------------------------------------------------------------------------


def redirect(to: str, status: int = 301) -> httpx.Response:
    return httpx.Response(status, headers={"Location": to})


def test_redirect_loop_is_a_rejection() -> None:
    fetch, site, _ = fetcher({"/a": redirect("/b"), "/b": redirect("/a")})
    problem = fetch.fetch_page(f"{SITE}/a")
    assert isinstance(problem, Rejection) and problem.input == f"{SITE}/a"
    assert problem.reason.startswith("more than 5 redirects")
    assert len([url for _, url in site.log if not url.endswith("robots.txt")]) == 6


def test_redirects_within_the_cap_are_followed_to_the_final_url() -> None:
    routes = {"/t/1": redirect("/go/1", 302), "/go/1": redirect("/news/1"), "/news/1": html()}
    fetch, _, _ = fetcher(routes, max_redirects=2)
    article = fetch.fetch_page(f"{SITE}/t/1")
    assert isinstance(article, Article) and article.url == f"{SITE}/news/1"


def test_each_redirect_hop_is_checked_against_its_sites_robots_txt() -> None:
    routes: dict[str, Handler | httpx.Response] = {
        "https://harbor.example/out": redirect("https://tides.example/private/x"),
        "https://tides.example/robots.txt": httpx.Response(200, text=ROBOTS),
        "https://tides.example/private/x": html(),
    }
    fetch, site, _ = fetcher(routes)
    problem = fetch.fetch_page(f"{SITE}/out")
    assert isinstance(problem, Rejection) and "tides.example/robots.txt" in problem.reason
    assert not site.times("https://tides.example/private/x")


def test_redirect_to_another_scheme_is_a_rejection() -> None:
    fetch, _, _ = fetcher({"/a": redirect("ftp://harbor.example/file")})
    problem = fetch.fetch_page(f"{SITE}/a")
    assert isinstance(problem, Rejection) and "not an http(s) URL" in problem.reason


# -- feeds -------------------------------------------------------------------------------------

FEED = f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Harbor Gazette</title>
<item><guid>hg-1</guid><title>Channel to be dredged</title><link>{SITE}/news/1</link>
<pubDate>Tue, 03 Mar 2026 08:00:00 GMT</pubDate><description>Short teaser.</description></item>
<item><guid>hg-2</guid><title>Boats aground</title><link>/news/2</link>
<description>{BODY}</description></item>
<item><guid>hg-3</guid><title>Gone</title><link>{SITE}/news/3</link>
<description>Teaser.</description></item>
</channel></rss>"""


@pytest.mark.parametrize("content_type", ["application/rss+xml", "text/html; charset=utf-8"])
def test_feed_url_expands_to_its_entries_pages(content_type: str) -> None:
    routes: dict[str, Handler | httpx.Response] = {
        "/feed": httpx.Response(200, text=FEED, headers={"Content-Type": content_type}),
        "/news/1": html(page(body=BODY + " The first page.")),
        "/news/2": redirect("/news/2b"),
        "/news/2b": httpx.Response(503),
    }
    fetch, site, _ = fetcher(routes, retries=0)
    first, second, third = list(fetch.fetch(f"{SITE}/feed"))
    # The page, with the feed's id and fields (they win, as with any input's fields).
    assert isinstance(first, Article) and "The first page." in first.text
    assert first.id == "hg-1" and first.title == "Channel to be dredged"
    assert first.outlet == "Harbor Gazette" and first.url == f"{SITE}/news/1"
    assert first.published == "2026-03-03T08:00:00+00:00"
    # A page that cannot be had: the feed's own text, which is long enough here.
    assert isinstance(second, Article) and second.id == "hg-2" and second.text == BODY
    # ... and which is too short here: the page's rejection is kept.
    assert isinstance(third, Rejection) and third.input == f"{SITE}/news/3"
    assert third.reason == "HTTP 404 from the server"
    # Entry pages were fetched politely: one host, one request a second.
    times = [when for when, _ in site.log]
    assert all(later - earlier >= 1.0 for earlier, later in zip(times, times[1:], strict=False))


def test_feed_entries_past_the_cap_are_reported_in_one_line() -> None:
    items = "".join(
        f"<item><guid>e{n}</guid><description>{BODY}</description></item>" for n in range(5)
    )
    feed = f"<rss version='2.0'><channel><title>T</title>{items}</channel></rss>"
    fetch, _, _ = fetcher({"/feed": httpx.Response(200, text=feed)}, max_feed_entries=3)
    records = list(fetch.fetch(f"{SITE}/feed"))
    assert [type(r).__name__ for r in records] == ["Article", "Article", "Article", "Rejection"]
    assert "more than 3 entries" in records[-1].reason  # type: ignore[union-attr]


def test_a_page_is_not_taken_for_a_feed() -> None:
    fetch, _, _ = fetcher({"/a": html()})
    [article] = list(fetch.fetch(f"{SITE}/a"))
    assert isinstance(article, Article) and article.url == f"{SITE}/a"


# -- conditional GET of a feed (watch) --------------------------------------------------------

ETAG = '"hg-v7"'
MODIFIED = "Tue, 03 Mar 2026 08:00:00 GMT"


def conditional_feed(asked: list[httpx.Request]) -> Handler:
    """A feed that answers 304 to a request carrying its validators."""

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(request)
        if request.headers.get("If-None-Match") == ETAG:
            return httpx.Response(304, headers={"ETag": ETAG})
        return httpx.Response(
            200,
            text=FEED,
            headers={
                "Content-Type": "application/rss+xml",
                "ETag": ETAG,
                "Last-Modified": MODIFIED,
            },
        )

    return answer


def test_feed_poll_gives_its_validators_and_sends_them_back() -> None:
    asked: list[httpx.Request] = []
    fetch, _, _ = fetcher({"/feed": conditional_feed(asked)})
    first = fetch.fetch_feed(f"{SITE}/feed")
    assert not isinstance(first, Rejection)
    assert (first.status, first.etag, first.last_modified) == (200, ETAG, MODIFIED)
    assert first.body == FEED.encode() and first.content_type == "application/rss+xml"
    assert "If-None-Match" not in asked[0].headers
    again = fetch.fetch_feed(f"{SITE}/feed", etag=first.etag, last_modified=first.last_modified)
    assert asked[1].headers["If-None-Match"] == ETAG
    assert asked[1].headers["If-Modified-Since"] == MODIFIED
    assert not isinstance(again, Rejection) and again.not_modified and again.body == b""
    # A 304 that does not repeat Last-Modified: the one sent is kept for the next poll.
    assert (again.etag, again.last_modified) == (ETAG, MODIFIED)


def test_feed_poll_by_last_modified_alone() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        if request.headers.get("If-Modified-Since") == MODIFIED:
            return httpx.Response(304)
        return httpx.Response(200, text=FEED, headers={"Last-Modified": MODIFIED})

    fetch, _, _ = fetcher({"/feed": answer})
    again = fetch.fetch_feed(f"{SITE}/feed", last_modified=MODIFIED)
    assert not isinstance(again, Rejection) and again.not_modified
    assert (again.etag, again.last_modified) == (None, MODIFIED)


def test_feed_poll_honours_robots_txt() -> None:
    asked: list[httpx.Request] = []
    robots = "User-agent: *\nDisallow: /private/\n"
    fetch, site, _ = fetcher(
        {"/robots.txt": httpx.Response(200, text=robots), "/private/feed": conditional_feed(asked)}
    )
    problem = fetch.fetch_feed(f"{SITE}/private/feed", etag=ETAG)
    assert problem == Rejection(
        f"{SITE}/private/feed", f"disallowed by robots.txt ({SITE}/robots.txt)"
    )
    assert asked == [] and site.times(f"{SITE}/robots.txt") == [0.0]


def test_feed_poll_retries_a_503_with_backoff_and_the_host_delay() -> None:
    feed = httpx.Response(200, text=FEED, headers={"ETag": ETAG})
    fetch, site, _ = fetcher({"/feed": sequence(httpx.Response(503), feed)})
    document = fetch.fetch_feed(f"{SITE}/feed")
    assert not isinstance(document, Rejection) and document.etag == ETAG
    # robots.txt at 0, the feed after the host delay (1 s), again after a backoff of 1 s.
    assert site.times(f"{SITE}/feed") == [1.0, 2.0]


def test_feed_poll_failures_are_rejections() -> None:
    fetch, _, _ = fetcher(
        {
            "/gone": httpx.Response(410),
            "/down": httpx.Response(503),
            "/odd": httpx.Response(304),
            "/big": httpx.Response(200, content=b"<rss>" + b"x" * 30_000),
        },
        retries=1,
        max_bytes=20_000,
    )
    assert fetch.fetch_feed(f"{SITE}/gone") == Rejection(f"{SITE}/gone", "HTTP 410 from the server")
    assert fetch.fetch_feed(f"{SITE}/down") == Rejection(
        f"{SITE}/down", "HTTP 503 from the server (2 attempts)"
    )
    assert fetch.fetch_feed(f"{SITE}/odd") == Rejection(
        f"{SITE}/odd", "HTTP 304 (not modified) to a request that was not conditional"
    )
    big = fetch.fetch_feed(f"{SITE}/big")
    assert isinstance(big, Rejection) and "larger than 20,000 bytes" in big.reason


def test_feed_poll_follows_a_moved_feed_with_its_validators() -> None:
    asked: list[httpx.Request] = []
    routes = {"/old-feed": redirect("/feed"), "/feed": conditional_feed(asked)}
    fetch, _, _ = fetcher(routes)
    document = fetch.fetch_feed(f"{SITE}/old-feed", etag=ETAG)
    assert not isinstance(document, Rejection) and document.not_modified
    assert document.final_url == f"{SITE}/feed" and asked[0].headers["If-None-Match"] == ETAG


def test_robots_txt_is_read_again_after_a_day() -> None:
    fetch, site, clock = fetcher({"/feed": httpx.Response(200, text=FEED)})
    fetch.fetch_feed(f"{SITE}/feed")
    clock.now += 3600  # an hour later: the robots.txt read still holds
    fetch.fetch_feed(f"{SITE}/feed")
    assert len(site.times(f"{SITE}/robots.txt")) == 1
    clock.now += 24 * 3600
    fetch.fetch_feed(f"{SITE}/feed")
    assert len(site.times(f"{SITE}/robots.txt")) == 2


# -- caps and deadlines ------------------------------------------------------------------------


def test_huge_body_without_content_length_stops_at_the_cap() -> None:
    sent: list[int] = []

    def endless() -> Iterator[bytes]:
        while True:
            sent.append(1)
            yield b"<p>" + b"x" * 1_000 + b"</p>"

    fetch, _, _ = fetcher(
        {"/big": lambda request: httpx.Response(200, content=endless())}, max_bytes=20_000
    )
    problem = fetch.fetch_page(f"{SITE}/big")
    assert isinstance(problem, Rejection) and "larger than 20,000 bytes" in problem.reason
    assert len(sent) < 30


def test_declared_huge_body_is_refused_before_reading() -> None:
    big = httpx.Response(200, headers={"Content-Length": str(10**12)}, content=b"")
    fetch, _, _ = fetcher({"/big": big}, max_bytes=20_000)
    problem = fetch.fetch_page(f"{SITE}/big")
    assert isinstance(problem, Rejection) and problem.reason == "page larger than 20,000 bytes"


def test_images_and_videos_are_refused_on_their_headers() -> None:
    fetch, _, _ = fetcher({"/pic": httpx.Response(200, headers={"Content-Type": "image/jpeg"})})
    problem = fetch.fetch_page(f"{SITE}/pic")
    assert (
        isinstance(problem, Rejection) and problem.reason == "not a page (Content-Type image/jpeg)"
    )


def test_huge_robots_txt_is_read_up_to_its_cap() -> None:
    robots = "User-agent: *\nDisallow: /private/\n" + "# padding\n" * 100
    fetch, _, _ = fetcher(
        {"/robots.txt": httpx.Response(200, text=robots), "/private/a": html()},
        max_robots_bytes=40,
    )
    problem = fetch.fetch_page(f"{SITE}/private/a")
    assert isinstance(problem, Rejection) and "disallowed by robots.txt" in problem.reason


class _Slow(http.server.BaseHTTPRequestHandler):
    """robots.txt at once; pages a few bytes every tenth of a second."""

    def do_GET(self) -> None:
        self.send_response(200 if self.path != "/robots.txt" else 404)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        if self.path == "/robots.txt":
            return
        try:
            for _ in range(50):
                self.wfile.write(b"<p>slow</p>")
                self.wfile.flush()
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args: object) -> None:
        pass


def test_slow_local_server_hits_the_deadline_and_the_next_url_still_works() -> None:
    with local_http_server(_Slow) as base:
        settings = FetchSettings(deadline_seconds=0.5, timeout_seconds=2.0, host_delay_seconds=0)
        with Fetcher(settings=settings) as fetch:
            started = time.monotonic()
            problem = fetch.fetch_page(f"{base}/slow")
            assert time.monotonic() - started < 2.0  # the body alone takes 5 s
            assert isinstance(problem, Rejection)
            assert problem.reason == "fetch took longer than 0.5 seconds (stopped)"
            again = fetch.fetch_page(f"{base}/slower")  # a fresh client after the give-up
            assert isinstance(again, Rejection) and "longer than 0.5" in again.reason


# -- inputs: URLs and --urls files -------------------------------------------------------------


def test_url_list_file_is_fetched_line_by_line(tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(f"# morning list\n{SITE}/a\n\nnot a url\n{SITE}/gone\n", encoding="utf-8")
    fetch, site, _ = fetcher({"/a": html()})
    records = list(iter_inputs([], url_lists=[str(urls)], fetcher=fetch))
    assert [type(r).__name__ for r in records] == ["Article", "Rejection", "Rejection"]
    assert records[1] == Rejection(f"{urls}:4", "not an http(s) URL")
    assert records[2] == Rejection(f"{SITE}/gone", "HTTP 404 from the server")


def test_missing_url_list_is_one_rejection(tmp_path: Path) -> None:
    missing = tmp_path / "none.txt"
    assert list(iter_inputs([], url_lists=[str(missing)])) == [
        Rejection(str(missing), "no such file or folder")
    ]


def test_url_inputs_share_one_fetcher() -> None:
    fetch, site, _ = fetcher({"/a": html(), "/b": html()})
    records = list(iter_inputs([f"{SITE}/a", f"{SITE}/b"], fetcher=fetch))
    assert all(isinstance(r, Article) for r in records)
    assert len(site.times(f"{SITE}/robots.txt")) == 1


@pytest.mark.parametrize("url", ["http://[::1", "https://", "http:///no-host"])
def test_invalid_urls_are_rejections(url: str) -> None:
    fetch, site, _ = fetcher({})
    problem = fetch.fetch_page(url)
    assert isinstance(problem, Rejection) and problem.input == url
    assert not site.log


def test_negative_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="host_delay_seconds"):
        FetchSettings(host_delay_seconds=-1)
