"""HTML pages: trafilatura extracts the body and metadata; htmldate fills in a missing date."""

from __future__ import annotations

from typing import Any

import htmldate
import trafilatura

from storylens.ingest.records import build_article
from storylens.records import Article, Rejection


def read_html(
    html: str,
    source: str,
    *,
    article_id: Any = None,
    url: Any = None,
    fields: dict[str, Any] | None = None,
) -> Article | Rejection:
    """Extract an article from an HTML page; fields given by the input win over extracted ones."""
    fields = fields or {}
    try:
        document = trafilatura.bare_extraction(
            html, url=url, with_metadata=True, include_comments=False, favor_precision=True
        )
    except (ValueError, TypeError) as error:  # lxml raises these on pages it cannot parse
        return Rejection(source, f"not parseable HTML ({error})")
    if document is None or isinstance(document, dict) or not document.text:
        return Rejection(source, "no article body found in the HTML")
    published = fields.get("published") or document.date
    if not published:
        published = htmldate.find_date(html, extensive_search=False, outputformat="%Y-%m-%d")
    return build_article(
        source,
        document.text,
        article_id=article_id,
        title=fields.get("title") or document.title,
        url=url or document.url,
        outlet=fields.get("outlet") or document.sitename,
        published=published,
        authors=fields.get("authors") or document.author,
    )
