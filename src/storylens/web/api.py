"""The JSON API: stories, a story with its comparison, articles, quotes, search, and POST of
articles into the pipeline (only with the server's token).

Every list is paginated (``page``, ``page_size`` up to ``MAX_PAGE_SIZE``); every error has the
shape ``{"error": {"status", "message"}}`` (``app.error_body``).
"""

from __future__ import annotations

import io
import json
import secrets
from dataclasses import asdict
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import AfterValidator
from starlette.concurrency import run_in_threadpool

from storylens.compare.serialise import QUOTE_RECORD_FIELDS, quote_to_dict
from storylens.pipeline import analyze
from storylens.report import report_json
from storylens.store.search import MATCH_END, MATCH_START, MAX_QUERY_CHARS
from storylens.views import (
    DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
    SEARCH_HITS,
    QuoteRow,
    StoryFilters,
    article_view,
    quotes_page,
    search_view,
    stories_page,
    story_view,
)
from storylens.web.settings import MAX_POSTED_ARTICLES, MAX_REQUEST_BYTES

router = APIRouter(prefix="/api", tags=["api"])

ISO_DATE = r"^\d{4}-\d{2}-\d{2}$"
# Ids and names are short; longer ones are refused rather than searched for.
MAX_ID_CHARS = 300

Page = Annotated[int, Query(ge=1, le=1_000_000, description="1-based page number")]
PageSize = Annotated[int, Query(ge=1, le=MAX_PAGE_SIZE)]
Text = Annotated[str | None, Query(max_length=MAX_ID_CHARS)]


def real_date(value: str | None) -> str | None:
    """A YYYY-MM-DD that names a day of the calendar (2026-13-45 has the shape, not a day)."""
    if value is not None:
        try:
            date.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a date of the calendar") from None
    return value


DateParam = Annotated[
    str | None, Query(pattern=ISO_DATE, description="YYYY-MM-DD"), AfterValidator(real_date)
]
# Media types a POST body may be declared as; a browser form's text/plain or urlencoded body
# (sent cross-site without a CORS preflight) is refused.
JSON_MEDIA_TYPES = ("application/json",)
PathId = Annotated[str, Path(max_length=MAX_ID_CHARS)]
SearchQuery = Annotated[str, Query(min_length=1, max_length=MAX_QUERY_CHARS)]
# A quote in /api/quotes and /api/articles/{id}: the quotes export's fields for the whole
# utterance, its quoted runs in ``segments`` (docs/export.md, "Quote fields").
API_QUOTE_FIELDS = (*QUOTE_RECORD_FIELDS, "segments")


def _store(request: Request) -> Any:
    return request.app.state.store


def _plain(snippet: str) -> str:
    return snippet.replace(MATCH_START, "[").replace(MATCH_END, "]")


@router.get("/stories", summary="Stories, newest first, with filters and full-text search")
def list_stories(
    request: Request,
    page: Page = 1,
    page_size: PageSize = DEFAULT_PAGE_SIZE,
    q: Annotated[str, Query(max_length=MAX_QUERY_CHARS)] = "",
    outlet: Text = None,
    date_from: DateParam = None,
    date_to: DateParam = None,
    entity: Text = None,
) -> JSONResponse:
    result = stories_page(
        _store(request),
        page=page,
        page_size=page_size,
        query=q,
        filters=StoryFilters(outlet=outlet, date_from=date_from, date_to=date_to, entity=entity),
    )
    return JSONResponse(
        {
            "page": result.page,
            "page_size": result.page_size,
            "total": result.total,
            "stories": [asdict(item) for item in result.items],
        }
    )


@router.get("/stories/{story_id}", summary="One story: its articles and its comparison")
def get_story(request: Request, story_id: PathId) -> JSONResponse:
    """The document `storylens report --format json` writes (docs/comparison.md)."""
    return JSONResponse(report_json(story_view(_store(request), story_id)))


# ":path": ids made from folders hold "/" (``2026/01/index``); the links carry it as %2F,
# which the server decodes before routing.
@router.get("/articles/{article_id:path}", summary="One article with its quotes and tone marks")
def get_article(request: Request, article_id: PathId) -> JSONResponse:
    view = article_view(_store(request), article_id)
    return JSONResponse(
        {
            "article_id": view.article_id,
            "story_id": view.story_id,
            "title": view.title,
            "outlet": view.outlet,
            "published": view.published,
            "url": view.url,
            "authors": list(view.authors),
            "duplicate_of": view.duplicate_of,
            "text": "\n".join("".join(s.text for s in p.segments) for p in view.paragraphs),
            "quotes": [_quote(q) for q in view.quotes],
            "tone": [asdict(mark) for mark in view.tone],
            "entities": [{"name": name, "label": label} for name, label in view.entities],
        }
    )


def _quote(quote: QuoteRow) -> dict[str, Any]:
    return quote_to_dict(quote, API_QUOTE_FIELDS)


@router.get("/quotes", summary="Quotes by speaker and story")
def list_quotes(
    request: Request,
    speaker: Text = None,
    story_id: Text = None,
    page: Page = 1,
    page_size: PageSize = DEFAULT_PAGE_SIZE,
) -> JSONResponse:
    rows, total = quotes_page(
        _store(request),
        speaker=speaker,
        story_id=story_id,
        offset=(page - 1) * page_size,
        limit=page_size,
    )
    return JSONResponse(
        {
            "page": page,
            "page_size": page_size,
            "total": total,
            "quotes": [_quote(row) for row in rows],
        }
    )


@router.get("/search", summary="Stories, articles and quotes matching the words")
def search(
    request: Request,
    q: SearchQuery,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE_SIZE)] = SEARCH_HITS,
) -> JSONResponse:
    results = search_view(_store(request), q, limit)
    return JSONResponse(
        {
            "query": q,
            "stories": [{"story_id": sid, "title": title} for sid, title in results.stories],
            "articles": [
                {
                    "article_id": h.article_id,
                    "story_id": h.story_id,
                    "title": h.title,
                    "outlet": h.outlet,
                    "snippet": _plain(h.snippet),
                }
                for h in results.articles
            ],
            "quotes": [
                {
                    "article_id": h.article_id,
                    "story_id": h.story_id,
                    "outlet": h.outlet,
                    "speaker": speaker,
                    "snippet": _plain(h.snippet),
                }
                for h, speaker in results.quotes
            ],
        }
    )


def _authorised(request: Request, authorization: str | None) -> None:
    token = request.app.state.settings.token
    if not token:
        raise HTTPException(401, "posting articles is off: start the server with --token")
    scheme, _, given = (authorization or "").partition(" ")
    # Compared as bytes: compare_digest refuses str with non-ASCII characters (a 500 before),
    # and a header is bytes that the server decoded as Latin-1, so this gives them back.
    given_bytes = given.strip().encode("latin-1", errors="replace")
    if scheme.lower() != "bearer" or not secrets.compare_digest(given_bytes, token.encode()):
        raise HTTPException(401, "missing or wrong token (Authorization: Bearer TOKEN)")


@router.post(
    "/articles",
    summary="Run articles (one corpus-format object or a list) through the pipeline",
    status_code=200,
)
async def post_articles(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> JSONResponse:
    _authorised(request, authorization)
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type and media_type not in JSON_MEDIA_TYPES and not media_type.endswith("+json"):
        raise HTTPException(
            415, f"body must be JSON (Content-Type: application/json), not {media_type}"
        )
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_REQUEST_BYTES:
            raise HTTPException(413, f"request body over {MAX_REQUEST_BYTES} bytes")
    try:
        payload = json.loads(body or b"null")
    except (ValueError, RecursionError) as error:
        raise HTTPException(422, f"body is not JSON: {error}") from error
    items = payload if isinstance(payload, list) else [payload]
    if not items or not all(isinstance(item, dict) for item in items):
        raise HTTPException(422, "body must be an article object or a list of them")
    if len(items) > MAX_POSTED_ARTICLES:
        raise HTTPException(413, f"at most {MAX_POSTED_ARTICLES} articles per request")
    lines = "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items)

    def run() -> Any:
        with request.app.state.write_lock:
            return analyze(
                ["-"],
                request.app.state.store,
                stdin=io.StringIO(lines),
                model=request.app.state.settings.model,
            )

    summary = await run_in_threadpool(run)
    return JSONResponse(
        {
            "stored": summary.stored,
            "already_stored": summary.already_stored,
            "duplicates": summary.duplicates,
            "new_stories": summary.new_stories,
            "rejected": [
                {"input": _posted_name(r.input, items), "reason": r.reason}
                for r in summary.rejected
            ],
        }
    )


def _posted_name(input_name: str, items: list[Any]) -> str:
    """A rejection's name as the poster knows it: the article's id, else its place in the
    body (``[0]``), rather than the line of the pipeline's stdin it went through."""
    stream, _, line = input_name.partition(":")
    if stream != "stdin":
        return input_name
    if not line:
        return "request"  # a line about the whole body (the rejections not listed)
    if line.isdigit() and 1 <= int(line) <= len(items):
        given = items[int(line) - 1].get("id")
        return str(given) if given not in (None, "") else f"[{int(line) - 1}]"
    return input_name
