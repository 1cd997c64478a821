"""Fetching articles by URL (httpx). Tests inject a transport so they never touch the network."""

from __future__ import annotations

import httpx

from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.html import read_html
from storylens.ingest.limits import MAX_FILE_BYTES
from storylens.records import Article, Rejection

# Seconds to wait for a news site; slower sites are reported, not waited on.
FETCH_TIMEOUT_SECONDS = 20.0
USER_AGENT = "storylens (+https://github.com/storylens/storylens)"


def fetch_url(url: str, transport: httpx.BaseTransport | None = None) -> Article | Rejection:
    headers = {"User-Agent": USER_AGENT}
    try:
        with httpx.Client(
            transport=transport,
            timeout=FETCH_TIMEOUT_SECONDS,
            follow_redirects=True,
            headers=headers,
        ) as client:
            response = client.get(url)
    except httpx.HTTPError as error:
        return Rejection(url, f"could not fetch ({type(error).__name__}: {error})")
    if response.status_code >= 400:
        return Rejection(url, f"HTTP {response.status_code} from the server")
    if len(response.content) > MAX_FILE_BYTES:
        return Rejection(url, f"page larger than {MAX_FILE_BYTES:,} bytes")
    try:
        html = decode_text(response.content, url)
    except InputError as error:
        return Rejection(url, error.reason)
    return read_html(html, url, url=str(response.url))
