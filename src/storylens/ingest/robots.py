"""robots.txt: whether a site lets storylens fetch a URL, read as RFC 9309 says (protego).

protego rather than the standard library's ``urllib.robotparser``: the latter takes the first
matching rule instead of the longest and reads ``*`` and ``$`` in paths literally, so a news
site's ``Disallow: /*?share=`` or ``Allow: /news/`` under ``Disallow: /`` would be misread.
"""

from __future__ import annotations

from dataclasses import dataclass

from protego import Protego

# The product token storylens matches in ``User-agent:`` lines (RFC 9309 section 2.2.1).
ROBOTS_AGENT = "storylens"


@dataclass(frozen=True)
class RobotsPolicy:
    """What one origin's robots.txt allows: its rules, everything, or nothing (and why)."""

    rules: Protego | None = None  # None with no refusal: no robots.txt, everything allowed
    refusal: str | None = None  # why nothing may be fetched (robots.txt unreachable)

    def allows(self, url: str) -> bool:
        if self.refusal is not None:
            return False
        return self.rules is None or bool(self.rules.can_fetch(url, ROBOTS_AGENT))

    def crawl_delay(self) -> float | None:
        """The site's Crawl-delay for storylens in seconds, or None when it gives none."""
        if self.rules is None:
            return None
        delay = self.rules.crawl_delay(ROBOTS_AGENT)
        return float(delay) if delay is not None and delay >= 0 else None


ALLOW_ALL = RobotsPolicy()


def policy_from_body(body: bytes) -> RobotsPolicy:
    """The rules of a robots.txt that was fetched (HTTP 2xx)."""
    text = body.decode("utf-8", errors="replace")
    if text.lstrip().startswith("<"):
        # An HTML page served at /robots.txt (a "soft 404") holds no rules.
        return ALLOW_ALL
    try:
        return RobotsPolicy(rules=Protego.parse(text))
    except Exception:  # noqa: BLE001 - protego raises assorted errors on garbage
        # RFC 9309 section 2.2: crawlers parse what they can; a file that cannot be parsed
        # at all gives no rules.
        return ALLOW_ALL


def policy_from_status(status: int | None, reason: str) -> RobotsPolicy:
    """The policy when robots.txt could not be fetched: ``status`` is the HTTP status (None for
    a network error or a timeout), ``reason`` what went wrong.

    RFC 9309 section 2.3.1: a 4xx, or redirects past the cap, means there are no rules
    (everything allowed), except 429, which like a 5xx or a network error means the file is
    unreachable, and then nothing may be fetched.
    """
    if status is not None and 300 <= status < 500 and status != 429:
        return ALLOW_ALL
    return RobotsPolicy(refusal=reason)
