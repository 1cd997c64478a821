"""One GET: the body streamed and capped, a redirect to follow, or why not (httpx).

``fetch.py`` decides what to ask and when (robots.txt, retries, pacing, the deadline); this
module only asks once and reports, never raising for what a server or a URL does.
"""

from __future__ import annotations

import ipaddress
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

import httpx
import idna

from storylens.ingest.politeness import is_retryable_status, retry_after_seconds

_SCHEMES = ("http", "https")
# Errors of a connection that may work on a second try: refused or dropped connections,
# timeouts, a server that hung up mid-response. Not: an invalid URL, an unsupported scheme.
_RETRYABLE_ERRORS = (httpx.NetworkError, httpx.TimeoutException, httpx.RemoteProtocolError)
# Media types that are never an article page: refused on their headers, the body unread.
_NOT_PAGES = ("image/", "audio/", "video/", "font/")
# A DNS name's limits (RFC 1035 section 2.3.4): 253 characters in all, 63 a label.
MAX_HOST_CHARS = 253
MAX_LABEL_CHARS = 63
# A label of a host name: letters, digits, hyphens inside; "_" too, which DNS allows and some
# sites' subdomains use, though RFC 952 does not.
_LABEL = re.compile(r"^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$")


@dataclass(frozen=True)
class Body:
    """How much of a body to read, and what to do past the cap."""

    max_bytes: int
    truncate: bool = False  # keep the first max_bytes instead of refusing the page
    stop_on_markup: bool = False  # robots.txt: a body starting with "<" is an HTML page


@dataclass(frozen=True)
class Reply:
    """What one GET gave: a body, a redirect, or a failure with its reason."""

    url: str
    status: int | None = None
    headers: httpx.Headers = field(default_factory=httpx.Headers)
    body: bytes = b""
    redirect_to: str | None = None
    failure: str | None = None
    retryable: bool = False
    retry_after: float | None = None


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be fetched, or None: checked before any network call, so a host
    that cannot exist is never looked up in DNS nor retried."""
    try:
        parsed = httpx.URL(url)
        host = parsed.host  # decoded lazily: an invalid A-label ("xn--") raises only here
    except (httpx.InvalidURL, TypeError, ValueError, UnicodeError) as error:
        return f"not a valid URL ({error})"
    if parsed.scheme not in _SCHEMES:
        return "not an http(s) URL"
    if not host:
        return "not a valid URL (no host)"
    problem = host_problem(parsed.raw_host.decode("ascii", errors="replace"))
    return None if problem is None else f"not a valid URL (host {host!r}: {problem})"


def host_problem(host: str) -> str | None:
    """Why ``host`` (as sent: IDNA-encoded, an IP address without brackets) is neither an IP
    address nor a host name DNS could hold, or None."""
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return "not an IPv6 address"
        return None
    name = host.lower().removesuffix(".")  # a trailing dot names the root: "example.com."
    labels = name.split(".")
    if all(label.isdigit() for label in labels):
        try:
            ipaddress.IPv4Address(name)
        except ValueError:
            return "not an IPv4 address"
        return None
    if len(name) > MAX_HOST_CHARS:
        return f"longer than {MAX_HOST_CHARS} characters"
    for label in labels:
        if not label:
            return "an empty label (two dots in a row)"
        if len(label) > MAX_LABEL_CHARS:
            return f"a label longer than {MAX_LABEL_CHARS} characters"
        if not _LABEL.match(label):
            return "not a host name (only letters, digits and inner hyphens; no spaces or %)"
        if label.startswith("xn--"):
            try:
                idna.decode(label)
            except (idna.IDNAError, UnicodeError):
                return "not a valid international domain name (a broken xn-- label)"
    return None


def download(
    client: httpx.Client,
    url: str,
    body: Body,
    ends_at: float,
    too_slow: Reply,
    headers: Mapping[str, str] | None = None,
) -> Reply:
    """One GET: the body (streamed and capped), the redirect, or why not. ``headers`` are
    added to the request (a feed poll's If-None-Match and If-Modified-Since)."""
    try:
        with client.stream("GET", url, headers=headers) as response:
            status = response.status_code
            if response.next_request is not None:
                return Reply(url, status, redirect_to=str(response.next_request.url))
            if status >= 400:
                return Reply(
                    url,
                    status,
                    failure=f"HTTP {status} from the server",
                    retryable=is_retryable_status(status),
                    retry_after=retry_after_seconds(
                        response.headers.get("Retry-After"), response.headers.get("Date")
                    ),
                )
            media_type = response.headers.get("Content-Type", "").strip().lower()
            if media_type.startswith(_NOT_PAGES):
                return Reply(url, status, failure=f"not a page (Content-Type {media_type})")
            declared = response.headers.get("Content-Length", "")
            if not body.truncate and declared.isdigit() and int(declared) > body.max_bytes:
                return Reply(url, status, failure=f"page larger than {body.max_bytes:,} bytes")
            chunks: list[bytes] = []
            size = 0
            for chunk in response.iter_bytes():
                if body.stop_on_markup and not chunks and chunk.lstrip()[:1] == b"<":
                    chunks.append(chunk)
                    break
                if time.monotonic() > ends_at:
                    return too_slow
                if size + len(chunk) > body.max_bytes:
                    if not body.truncate:
                        return Reply(
                            url,
                            status,
                            failure=f"page larger than {body.max_bytes:,} bytes (stopped reading)",
                        )
                    chunks.append(chunk[: body.max_bytes - size])
                    break
                size += len(chunk)
                chunks.append(chunk)
            data = b"".join(chunks)
            return Reply(str(response.url), status, headers=response.headers, body=data)
    except httpx.InvalidURL as error:
        return Reply(url, failure=f"not a valid URL ({error})")
    except _RETRYABLE_ERRORS as error:
        return Reply(
            url, failure=f"could not fetch ({type(error).__name__}: {error})", retryable=True
        )
    except (httpx.HTTPError, httpx.StreamError) as error:
        return Reply(url, failure=f"could not fetch ({type(error).__name__}: {error})")
