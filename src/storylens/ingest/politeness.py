"""How long to wait: between requests to one host, and before retrying a failed request.

The clock and the sleep are passed in, so that tests observe every wait without waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

Clock = Callable[[], float]
Sleep = Callable[[float], None]

# Statuses that say "not now" rather than "never": too many requests, and server errors other
# than 501 (Not Implemented) and 505 (HTTP Version Not Supported), which will not change.
_NEVER_BETTER = {501, 505}


def is_retryable_status(status: int) -> bool:
    return status == 429 or (500 <= status <= 599 and status not in _NEVER_BETTER)


def retry_after_seconds(value: str | None, server_date: str | None = None) -> float | None:
    """The seconds a Retry-After header asks for (RFC 9110 section 10.2.3: a number of
    seconds, or an HTTP date, read against the response's Date where it has one), or None
    when there is no header or it cannot be read."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
        now = parsedate_to_datetime(server_date) if server_date else datetime.now(UTC)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None or now.tzinfo is None:
        return None  # an HTTP date is always GMT; one without a zone is not one
    return max(0.0, (when - now).total_seconds())


def backoff_seconds(retry: int, first_wait: float, longest_wait: float) -> float:
    """Exponential backoff: ``first_wait`` before the first retry (``retry`` 0), doubled for
    each later one, never over ``longest_wait``.

    No random jitter: storylens is one client fetching one URL at a time, so there is no herd
    of clients to spread out, and a fixed schedule keeps runs and tests reproducible.
    """
    return min(longest_wait, first_wait * 2**retry)


class HostPacer:
    """Spaces requests to one host: the next starts ``delay`` seconds after the last ended."""

    def __init__(self, clock: Clock, sleep: Sleep) -> None:
        self._clock = clock
        self._sleep = sleep
        self._last_end: dict[str, float] = {}

    def wait_turn(self, host: str, delay: float) -> float:
        """Sleep until ``host`` may be asked again; returns the seconds slept."""
        last = self._last_end.get(host)
        if last is None:
            return 0.0
        wait = last + delay - self._clock()
        if wait <= 0:
            return 0.0
        self._sleep(wait)
        return wait

    def request_ended(self, host: str) -> None:
        self._last_end[host] = self._clock()
