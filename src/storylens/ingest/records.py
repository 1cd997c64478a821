"""Building Article records from raw fields: ids, dates, authors, and the checks on the body."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from storylens.ingest.limits import MAX_ARTICLE_CHARS, MAX_ID_CHARS, MIN_ARTICLE_CHARS
from storylens.records import Article, Rejection

_SPACES = re.compile(r"\s+")
# NUL cannot be stored in PostgreSQL text and never belongs in metadata.
_NUL = "\x00"


def _field(value: Any) -> str | None:
    """A metadata value as clean text, or None when empty."""
    if value is None:
        return None
    text = str(value).replace(_NUL, "").strip()
    return text or None


def content_id(text: str) -> str:
    """A stable id from the article body: the same text always gets the same id."""
    normalised = _SPACES.sub(" ", text).strip().lower()
    return "a-" + hashlib.sha1(normalised.encode("utf-8")).hexdigest()[:16]


def normalise_published(value: Any) -> str | None:
    """An ISO date or datetime string, or None when the value cannot be read as a date."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime | date):
        return value.isoformat()
    text = str(value).strip()
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).isoformat()
    except ValueError:
        pass
    try:
        from email.utils import parsedate_to_datetime

        return parsedate_to_datetime(text).isoformat()
    except (TypeError, ValueError, IndexError):
        pass
    import dateparser

    parsed = dateparser.parse(text, languages=["en"])
    return parsed.isoformat() if parsed else None


def normalise_authors(value: Any) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        parts: Iterable[Any] = re.split(r";|\band\b|,(?=\s*[A-Z])", value)
    elif isinstance(value, list | tuple):
        parts = value
    else:
        return (str(value),)
    return tuple(text for part in parts if (text := _field(part)))


def build_article(
    source: str,
    text: str | None,
    *,
    article_id: Any = None,
    title: Any = None,
    url: Any = None,
    outlet: Any = None,
    published: Any = None,
    authors: Any = None,
) -> Article | Rejection:
    """Check the body and metadata and return an Article, or a Rejection that says why."""
    if text is None or not str(text).strip():
        return Rejection(source, "no article text")
    body = str(text)
    if len(body) > MAX_ARTICLE_CHARS:
        return Rejection(source, f"text longer than {MAX_ARTICLE_CHARS:,} characters")
    if len(body.strip()) < MIN_ARTICLE_CHARS:
        return Rejection(source, f"text shorter than {MIN_ARTICLE_CHARS} characters")
    given_id = _field(article_id)
    if given_id is not None and len(given_id) > MAX_ID_CHARS:
        return Rejection(source, f"id longer than {MAX_ID_CHARS:,} characters")
    return Article(
        id=given_id or content_id(body),
        text=body,
        title=_field(title),
        url=_field(url),
        outlet=_field(outlet),
        published=normalise_published(published),
        authors=normalise_authors(authors),
        source=source,
    )
