"""The HTML pages: stories (with search and filters), a story's comparison, two articles side
by side, an article, and a person or organisation.

Templates are Jinja2 with autoescaping on: every untrusted string (titles, text, outlets,
quotes) is escaped where it is shown, and only ``http(s)`` URLs become links.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote, urlencode, urlsplit

import jinja2
from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup, escape

from storylens.compare.summary import shared_lines
from storylens.records import WordDiff
from storylens.report import variant_label
from storylens.store.search import MATCH_END, MATCH_START, MAX_QUERY_CHARS
from storylens.views import (
    DEFAULT_PAGE_SIZE,
    StoryFilters,
    article_view,
    entity_view,
    outlet_names,
    pair_view,
    search_view,
    stories_page,
    story_view,
)
from storylens.web.settings import WEB_DIR

router = APIRouter(include_in_schema=False)

ISO_DATE = r"^\d{4}-\d{2}-\d{2}$"
MAX_ID_CHARS = 300


def _safe_url(url: str | None) -> str | None:
    """The URL when it is http(s); anything else (javascript:, data:) is never a link."""
    if not url:
        return None
    try:
        scheme = urlsplit(url.strip()).scheme.lower()
    except ValueError:
        return None
    return url.strip() if scheme in ("http", "https") else None


def _highlight(snippet: str) -> Markup:
    """A search snippet escaped, then its match markers turned into <mark>."""
    escaped = str(escape(snippet))
    return Markup(escaped.replace(MATCH_START, "<mark>").replace(MATCH_END, "</mark>"))


def _diff(runs: tuple[WordDiff, ...]) -> Markup:
    parts = []
    for run in runs:
        words = escape(run.words)
        if run.op == "keep":
            parts.append(str(words))
        elif run.op == "remove":
            parts.append(f'<del title="left out">{words}</del>')
        else:
            parts.append(f'<ins title="added">{words}</ins>')
    return Markup(" ".join(parts))


def _path(value: str) -> str:
    return quote(value, safe="")


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(WEB_DIR / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.filters.update(
        safe_url=_safe_url, highlight=_highlight, diff=_diff, path=_path, relation=variant_label
    )
    return environment


templates = Jinja2Templates(env=_environment())


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status)


def error_page(request: Request, status: int, message: str) -> Response:
    return render(request, "error.html", status=status, status_code=status, message=message)


def _query(**params: Any) -> str:
    return urlencode({k: v for k, v in params.items() if v not in (None, "")})


@router.get("/", response_class=HTMLResponse)
def stories(
    request: Request,
    q: Annotated[str, Query(max_length=MAX_QUERY_CHARS)] = "",
    outlet: Annotated[str | None, Query(max_length=MAX_ID_CHARS)] = None,
    date_from: Annotated[str | None, Query(pattern=ISO_DATE)] = None,
    date_to: Annotated[str | None, Query(pattern=ISO_DATE)] = None,
    entity: Annotated[str | None, Query(max_length=MAX_ID_CHARS)] = None,
    page: Annotated[int, Query(ge=1, le=1_000_000)] = 1,
) -> HTMLResponse:
    store = request.app.state.store
    result = stories_page(
        store,
        page=page,
        page_size=DEFAULT_PAGE_SIZE,
        query=q,
        filters=StoryFilters(
            outlet=outlet or None, date_from=date_from, date_to=date_to, entity=entity or None
        ),
    )
    params = {
        "q": q,
        "outlet": outlet,
        "date_from": date_from,
        "date_to": date_to,
        "entity": entity,
    }
    return render(
        request,
        "stories.html",
        result=result,
        params=params,
        outlets=outlet_names(store),
        previous=_query(**params, page=page - 1) if page > 1 else None,
        following=_query(**params, page=page + 1) if page < result.pages else None,
    )


@router.get("/search", response_class=HTMLResponse)
def search(
    request: Request, q: Annotated[str, Query(min_length=1, max_length=MAX_QUERY_CHARS)]
) -> HTMLResponse:
    return render(request, "search.html", results=search_view(request.app.state.store, q))


@router.get("/stories/{story_id}", response_class=HTMLResponse)
def story(
    request: Request, story_id: Annotated[str, Path(max_length=MAX_ID_CHARS)]
) -> HTMLResponse:
    view = story_view(request.app.state.store, story_id)
    comparison = view.comparison
    outlet_of = {a.article_id: a.outlet or a.article_id for a in view.articles}
    columns = list(dict.fromkeys(outlet_of.values()))
    return render(
        request,
        "story.html",
        view=view,
        c=comparison,
        columns=columns,
        outlet_of=outlet_of,
        matrix=_quote_matrix(comparison, columns),
        shared=_shared_claims(comparison),
        only=_only_claims(comparison, columns),
        chart=_sourcing_chart(comparison),
        tone=_tone_in_context(view),
        pairs=[
            (a.article_id, b.article_id)
            for i, a in enumerate(view.articles)
            for b in view.articles[i + 1 :]
            if a.outlet != b.outlet
        ][:12],
    )


def _quote_matrix(comparison: Any, columns: list[str]) -> list[dict[str, Any]]:
    """One row per utterance, one cell per outlet: that outlet's variants of it."""
    rows = []
    for group in comparison.quote_groups:
        cells: dict[str, list[Any]] = {column: [] for column in columns}
        for variant in group.variants:
            cells.setdefault(variant.outlet or variant.article_id, []).append(variant)
        rows.append({"group": group, "cells": [cells[column] for column in columns]})
    return rows


def _shared_claims(comparison: Any) -> list[Any]:
    return list(shared_lines(comparison.claims))


def _only_claims(comparison: Any, columns: list[str]) -> list[tuple[str, list[Any]]]:
    return [
        (column, [c for c in comparison.claims if c.outlet == column and c.status == "only"])
        for column in columns
    ]


# Width in SVG units of the longest bar in a sourcing chart.
CHART_WIDTH = 240
CHART_COLOURS = {
    "person": "#2b6cb0",
    "organization": "#2f855a",
    "anonymous": "#c05621",
    "unnamed": "#718096",
    "unattributed": "#b83280",
}


def _sourcing_chart(comparison: Any) -> list[dict[str, Any]]:
    """Per outlet, one bar per source type: quoted words, scaled to the widest outlet."""
    largest = (
        max((s.words for p in comparison.sourcing_by_outlet for s in p.counts), default=0) or 1
    )
    return [
        {
            "profile": profile,
            "bars": [
                {
                    "type": count.source_type,
                    "quotes": count.quotes,
                    "words": count.words,
                    "width": round(CHART_WIDTH * count.words / largest, 1),
                    "colour": CHART_COLOURS[count.source_type],
                }
                for count in profile.counts
            ],
        }
        for profile in comparison.sourcing_by_outlet
    ]


def _tone_in_context(view: Any) -> list[dict[str, Any]]:
    """Each tone mark with the words around it, for highlighting in context."""
    texts = view.texts
    found = []
    for profile in view.comparison.tone:
        text = texts.get(profile.article_id, "")
        marks = []
        for mark in (*profile.own, *profile.reported, *profile.scare, *profile.quoted):
            left = text.rfind("\n", 0, mark.start) + 1
            right = text.find("\n", mark.end)
            right = len(text) if right == -1 else right
            before = text[max(left, mark.start - TONE_CONTEXT_CHARS) : mark.start]
            after = text[mark.end : min(right, mark.end + TONE_CONTEXT_CHARS)]
            marks.append({"mark": mark, "before": before, "after": after})
        found.append({"profile": profile, "marks": marks})
    return found


# Characters of context shown either side of a tone mark.
TONE_CONTEXT_CHARS = 70


@router.get("/stories/{story_id}/compare", response_class=HTMLResponse)
def compare_two(
    request: Request,
    story_id: Annotated[str, Path(max_length=MAX_ID_CHARS)],
    left: Annotated[str, Query(max_length=MAX_ID_CHARS)],
    right: Annotated[str, Query(max_length=MAX_ID_CHARS)],
) -> HTMLResponse:
    view = story_view(request.app.state.store, story_id)
    articles = {a.article_id: a for a in view.articles}
    if left not in articles or right not in articles:
        return error_page(request, 404, f"both articles must be in story {story_id}")  # type: ignore[return-value]
    return render(
        request,
        "pair.html",
        view=view,
        left=articles[left],
        right=articles[right],
        rows=pair_view(view.comparison, left, right),
    )


@router.get("/articles/{article_id}", response_class=HTMLResponse)
def article(
    request: Request, article_id: Annotated[str, Path(max_length=MAX_ID_CHARS)]
) -> HTMLResponse:
    return render(request, "article.html", a=article_view(request.app.state.store, article_id))


@router.get("/entities/{name}", response_class=HTMLResponse)
def entity(request: Request, name: Annotated[str, Path(max_length=MAX_ID_CHARS)]) -> HTMLResponse:
    return render(request, "entity.html", e=entity_view(request.app.state.store, name))
