"""HTML pages: the body (``body.py``) and the metadata (``metadata.py``) of one news page.

trafilatura reads the body for precision, with a second reading when that body is missing or
clearly short; the title, authors, date, outlet and URL come from every source the page offers,
one stated rule per field. Fields given by the input win over extracted ones. A page that cannot
be read gives a ``Rejection`` with the reason, never an exception.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from storylens.ingest.limits import MAX_FILE_BYTES
from storylens.ingest.records import build_article
from storylens.records import Article, Rejection

if TYPE_CHECKING:
    from storylens.ingest.metadata import Candidates, PageMetadata

# A page larger than a file may be is not one article; lxml would also spend minutes on it.
MAX_HTML_CHARS = MAX_FILE_BYTES


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
    if not isinstance(html, str) or not html.strip():
        return Rejection(source, "empty HTML page")
    if len(html) > MAX_HTML_CHARS:
        return Rejection(source, f"HTML page longer than {MAX_HTML_CHARS:,} characters")
    page_url = str(url) if url else None
    # trafilatura and extruct cost half a second of start-up: imported by the first page.
    from storylens.ingest.body import choose_body, precise_extraction
    from storylens.ingest.metadata import page_metadata, parse_page

    try:
        document = precise_extraction(html, page_url)
        fallback = {} if document is None else _trafilatura_fields(document)
        tree = parse_page(html)
        chosen, candidates = page_metadata(html, page_url, fallback, tree=tree)
        body = choose_body(
            html,
            page_url,
            document.text if document else None,
            **_body_hints(tree, chosen, candidates),
        )
        if not body.text:
            return Rejection(source, "no article body found in the HTML")
    # lxml and the extractors raise these on pages they cannot parse (broken markup, deep
    # nesting, odd encodings): the page is rejected with the reason, the batch goes on.
    except (ValueError, TypeError, LookupError, AttributeError, RecursionError) as error:
        return Rejection(source, f"not parseable HTML ({type(error).__name__}: {error})"[:300])
    return build_article(
        source,
        body.text,
        article_id=article_id,
        title=fields.get("title") or chosen.title.value,
        url=url or chosen.url.value,
        outlet=fields.get("outlet") or chosen.outlet.value,
        published=fields.get("published") or chosen.published.value,
        authors=fields.get("authors") or list(chosen.authors.value or ()),
    )


def explain_html(html: str, url: str | None = None) -> dict[str, Any]:
    """What ``read_html`` would take from the page and why: each metadata field's value,
    source and rule, every candidate the page offered, and which extractor gave the body."""
    from storylens.ingest.body import choose_body, precise_extraction
    from storylens.ingest.metadata import explain_page, page_metadata, parse_page

    try:
        document = precise_extraction(html, url)
        fallback = {} if document is None else _trafilatura_fields(document)
        tree = parse_page(html)
        chosen, candidates = page_metadata(html, url, fallback, tree=tree)
        hints = _body_hints(tree, chosen, candidates)
        body = choose_body(html, url, document.text if document else None, **hints)
    except (ValueError, TypeError, LookupError, AttributeError, RecursionError) as error:
        return {"error": f"not parseable HTML ({type(error).__name__}: {error})"[:300]}
    report = explain_page(html, url, fallback)
    report["body"] = {
        "source": body.source,
        "reason": body.reason,
        "furniture dropped": dict(body.dropped),
        "words": len(body.text.split()),
        "start": body.text[:200],
    }
    return report


def _body_hints(tree: Any, chosen: PageMetadata, candidates: Candidates) -> dict[str, Any]:
    """What the body rules need from the page: its tree, the headline shown, the authors."""
    headline = candidates.headline[0].value if candidates.headline else chosen.title.value
    authors = tuple(chosen.authors.value or ())
    return {"tree": tree, "headline": headline, "authors": authors}


def _trafilatura_fields(document: Any) -> dict[str, Any]:
    return {
        "title": document.title,
        "author": document.author,
        "date": document.date,
        "sitename": document.sitename,
    }
