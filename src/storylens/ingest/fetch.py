"""Fetching articles by URL (httpx). Tests inject a transport so they never touch the network."""

from __future__ import annotations

import threading
import time

import httpx

from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.html import read_html
from storylens.ingest.limits import FETCH_DEADLINE_SECONDS, FETCH_TIMEOUT_SECONDS, MAX_FETCH_BYTES
from storylens.records import Article, Rejection

USER_AGENT = "storylens (+https://github.com/storylens/storylens)"


def fetch_url(
    url: str,
    transport: httpx.BaseTransport | None = None,
    *,
    max_bytes: int = MAX_FETCH_BYTES,
    deadline_seconds: float = FETCH_DEADLINE_SECONDS,
    timeout_seconds: float = FETCH_TIMEOUT_SECONDS,
) -> Article | Rejection:
    """Fetch one page and read it as HTML; every failure is a Rejection naming the URL.

    The body is streamed: reading stops at ``max_bytes`` of decoded body (whatever
    Content-Length says, or without one). The whole fetch has ``deadline_seconds``: httpx's
    timeouts bound each read, not their sum, so the fetch runs in a thread that is given up
    (and its connection closed) at the deadline, even while the headers are still trickling.
    """
    too_slow = Rejection(url, f"fetch took longer than {deadline_seconds:g} seconds (stopped)")
    client = httpx.Client(
        transport=transport,
        timeout=min(timeout_seconds, deadline_seconds),
        follow_redirects=True,
        headers={"User-Agent": USER_AGENT},
    )
    outcome: list[tuple[bytes, str] | Rejection | BaseException] = []
    started = time.monotonic()

    def run() -> None:
        try:
            outcome.append(_download(client, url, max_bytes, started + deadline_seconds))
        except BaseException as error:  # handed to the caller's thread below
            outcome.append(error)

    worker = threading.Thread(target=run, name=f"fetch {url}", daemon=True)
    worker.start()
    worker.join(deadline_seconds)
    # Closing the pool closes the socket: a worker still reading fails on its next read.
    client.close()
    if worker.is_alive():
        return too_slow
    result = outcome[0]
    if isinstance(result, BaseException):
        raise result
    if result is _TOO_SLOW:
        return too_slow
    if isinstance(result, Rejection):
        return result
    data, final_url = result
    # Parsing happens here, outside the deadline: it is our time, not the server's.
    try:
        html = decode_text(data, url)
    except InputError as error:
        return Rejection(url, error.reason)
    return read_html(html, url, url=final_url)


# Marks a download whose body was still arriving at the deadline.
_TOO_SLOW = Rejection("", "deadline")


def _download(
    client: httpx.Client, url: str, max_bytes: int, deadline: float
) -> tuple[bytes, str] | Rejection:
    """The body and the final URL (after redirects), or why not."""
    try:
        with client.stream("GET", url) as response:
            if response.status_code >= 400:
                return Rejection(url, f"HTTP {response.status_code} from the server")
            declared = response.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > max_bytes:
                return Rejection(url, f"page larger than {max_bytes:,} bytes")
            chunks: list[bytes] = []
            size = 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > max_bytes:
                    return Rejection(url, f"page larger than {max_bytes:,} bytes (stopped reading)")
                if time.monotonic() > deadline:
                    return _TOO_SLOW
                chunks.append(chunk)
            return b"".join(chunks), str(response.url)
    except httpx.InvalidURL as error:
        return Rejection(url, f"not a valid URL ({error})")
    except httpx.HTTPError as error:
        return Rejection(url, f"could not fetch ({type(error).__name__}: {error})")
