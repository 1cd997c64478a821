"""The HTML pages: stories (with search and filters), a story's comparison, two articles side
by side, an article, and a person or organisation.

Templates are Jinja2 with autoescaping on: every untrusted string (titles, text, outlets,
quotes) is escaped where it is shown, and only ``http(s)`` URLs become links.
"""

from __future__ import annotations

from itertools import islice
from typing import Annotated, Any
from urllib.parse import quote, urlencode, urlsplit

import jinja2
from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup, escape

from storylens.compare.dates_words import (
    date_in_words,
    detail_value_in_words,
    published_in_words,
    status_in_words,
)
from storylens.compare.framing import NOTHING_LISTED, TONE_CHECKED, mark_kind
from storylens.compare.lineage import outlets_credited
from storylens.compare.names_only import NAMES_ONLY_WORDS
from storylens.compare.ranking import SHORT_LIST, short_list
from storylens.compare.scorecard import (
    CONFLICT_SCOPE_WORDS,
    HEDGED_WORDS,
    ONLY_CLAIMS_SHORT_LABELS,
    ONLY_HERE_LEGEND,
    SCORE_SECTIONS,
    UNPLACED_WORDS,
    anonymous_words,
    loaded_words_cell,
    maybe_note,
    maybe_only_words,
    nearest_words,
    only_claims_label,
    only_here_words,
)
from storylens.compare.summary import disputed_note, others_note
from storylens.evidence import Evidence
from storylens.people import is_entity_name
from storylens.records import WordDiff
from storylens.report import NO_CONFLICT_WORDS, agreeing_details_line, variant_label
from storylens.store.search import MATCH_END, MATCH_START, MAX_QUERY_CHARS
from storylens.views import (
    DEFAULT_PAGE_SIZE,
    STORY_SORTS,
    StoryFilters,
    article_view,
    entity_view,
    hedged_claims,
    names_only_by_outlet,
    only_claims,
    outlet_names,
    pair_view,
    search_view,
    shared_claims,
    stories_page,
    story_view,
    unplaced_claims,
)
from storylens.web.api import DateParam
from storylens.web.settings import WEB_DIR

router = APIRouter(include_in_schema=False)

MAX_ID_CHARS = 300


def _safe_url(url: str | None) -> str | None:
    """The URL when it is http(s); anything else (javascript:, data:) is never a link."""
    if not url:
        return None
    if not BIDI_CONTROLS.isdisjoint(url):
        return None  # a link whose text runs backwards is a disguise, never a link
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


# Path segments that browsers and HTTP clients read as steps in the path (RFC 3986's dot
# segments), not as names: "/articles/." is sent as "/articles/".
DOT_SEGMENTS = frozenset({".", ".."})


def path_segment(value: str) -> str:
    """An id as one segment of a link's path: every reserved character escaped, and a dot
    segment spelled out ("%2E"), so that any stored id, "." included, links to its page."""
    if value in DOT_SEGMENTS:
        return value.replace(".", "%2E")
    return quote(value, safe="")


def evidence_href(evidence: Evidence) -> str:
    """The article page with the characters a line rests on highlighted and scrolled to."""
    return f"/articles/{path_segment(evidence.article_id)}?hl={evidence.span}#hl"


def _of_outlet(found: list[Evidence], outlet: str) -> Evidence | None:
    """The first of a line's evidence in ``outlet``'s article."""
    return next((e for e in found if e.outlet == outlet), None)


# The ``hl`` parameter of the article page: the characters START-END to highlight.
HIGHLIGHT_PATTERN = r"^\d{1,9}-\d{1,9}$"


# Characters that reorder the text around them (UAX #9): embeddings, overrides (U+202E turns
# "gpj.exe" round), isolates, marks. Stored text is untrusted: it must not reorder the page.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# First Strong Isolate ... Pop Directional Isolate: what <bdi> does, written as characters so
# that it holds wherever a value goes (an attribute, <title>, an SVG label, where <bdi> cannot);
# the closing PDI also ends any override left open inside.
_ISOLATE_START, _ISOLATE_END = "\u2068", "\u2069"


def isolate_bidi(value: Any) -> Any:
    """Every value a template shows: text holding bidi controls is isolated from its
    surroundings (the ``finalize`` of the environment)."""
    if isinstance(value, str) and not BIDI_CONTROLS.isdisjoint(value):
        isolated = _ISOLATE_START + value + _ISOLATE_END
        return Markup(isolated) if isinstance(value, Markup) else isolated
    return value


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(WEB_DIR / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        finalize=isolate_bidi,
    )
    environment.filters.update(
        safe_url=_safe_url,
        highlight=_highlight,
        diff=_diff,
        path=path_segment,
        relation=variant_label,
        names_someone=is_entity_name,
    )
    environment.globals.update(
        date_words=date_in_words,
        agreeing_details_line=agreeing_details_line,
        no_conflict_words=NO_CONFLICT_WORDS,
        value_words=detail_value_in_words,
        status_words=status_in_words,
        published_words=published_in_words,
        of_outlet=_of_outlet,
        evidence_href=evidence_href,
        maybe_note=maybe_note,
        maybe_only_words=maybe_only_words,
        only_claims_label=only_claims_label,
        anonymous_words=anonymous_words,
        only_here_words=only_here_words,
        loaded_words_cell=loaded_words_cell,
        tone_checked=TONE_CHECKED,
        only_here_legend=ONLY_HERE_LEGEND,
        no_listed_words=NOTHING_LISTED,
        mark_kind=mark_kind,
        others_note=others_note,
        disputed_note=disputed_note,
    )
    return environment


templates = Jinja2Templates(env=_environment())


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status)


def error_page(request: Request, status: int, message: str) -> Response:
    return render(request, "error.html", status=status, status_code=status, message=message)


def _query(**params: Any) -> str:
    return urlencode({k: v for k, v in params.items() if v not in (None, "")})


def _choice(names: Any) -> str:
    """A query pattern that takes one of ``names`` and nothing else."""
    return "^(?:" + "|".join(names) + ")$"


# What the story list calls each count it sorts and filters by.
SCORE_LABELS = {
    "conflicts": ("conflicting detail", "conflicting details"),
    "possible_conflicts": ("possible conflict", "possible conflicts"),
    "variants": ("quote variant", "quote variants"),
    "only_claims": ONLY_CLAIMS_SHORT_LABELS,
}


@router.get("/", response_class=HTMLResponse)
def stories(
    request: Request,
    q: Annotated[str, Query(max_length=MAX_QUERY_CHARS)] = "",
    outlet: Annotated[str | None, Query(max_length=MAX_ID_CHARS)] = None,
    date_from: DateParam = None,
    date_to: DateParam = None,
    entity: Annotated[str | None, Query(max_length=MAX_ID_CHARS)] = None,
    page: Annotated[int, Query(ge=1, le=1_000_000)] = 1,
    sort: Annotated[str, Query(pattern=_choice(STORY_SORTS))] = "newest",
    has: Annotated[str | None, Query(pattern=_choice(SCORE_SECTIONS))] = None,
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
        sort=sort,
        having=has or None,
    )
    params = {
        "q": q,
        "outlet": outlet,
        "date_from": date_from,
        "date_to": date_to,
        "entity": entity,
        "sort": None if sort == "newest" else sort,
        "has": has,
    }
    return render(
        request,
        "stories.html",
        result=result,
        params=params,
        outlets=outlet_names(store),
        labels=SCORE_LABELS,
        sections=SCORE_SECTIONS,
        previous=_query(**params, page=page - 1) if page > 1 else None,
        following=_query(**params, page=page + 1) if page < result.pages else None,
    )


@router.get("/search", response_class=HTMLResponse)
def search(
    request: Request, q: Annotated[str, Query(min_length=1, max_length=MAX_QUERY_CHARS)]
) -> HTMLResponse:
    return render(request, "search.html", results=search_view(request.app.state.store, q))


# The ``show`` parameter of the story page: "all" lists every row of every list.
SHOW_ALL = "all"


@router.get("/stories/{story_id}", response_class=HTMLResponse)
def story(
    request: Request,
    story_id: Annotated[str, Path(max_length=MAX_ID_CHARS)],
    show: Annotated[str | None, Query(pattern=_choice([SHOW_ALL]))] = None,
) -> HTMLResponse:
    """A story's comparison. The lists that grow with the story's articles (each outlet's
    articles, the lineage, the reused sentences) show their first ``STORY_PAGE_ROWS`` rows,
    say how many more there are, and link to ``?show=all``, the page with every row."""
    view = story_view(request.app.state.store, story_id, claim_matches=False)
    comparison = view.comparison
    outlet_of = view.outlet_of
    columns = list(dict.fromkeys(outlet_of.values()))
    matrix = _quote_matrix(comparison, columns)
    only = only_claims(comparison)
    hedged = hedged_claims(comparison)
    unplaced = unplaced_claims(comparison)
    return render(
        request,
        "story.html",
        view=view,
        c=comparison,
        published_of={a.article_id: a.published for a in view.articles},
        card=view.scorecard,
        columns=columns,
        column_articles=[
            (column, [a for a in view.articles if outlet_of[a.article_id] == column])
            for column in columns
        ],
        outlet_of=outlet_of,
        matrix=[row for row in matrix if row["carried"] > 1],
        lone_quotes=[row for row in matrix if row["carried"] <= 1],
        fold=SHORT_LIST,
        fold_short=SHORT_CONTEXT_LIST,
        shared=shared_claims(comparison),
        only=[(column, *short_list(only.get(column, []), comparison.claims)) for column in columns],
        hedged=hedged,
        # outlets with lone claims listed as hedged or not placed: "nothing of its own" would
        # be more than storylens knows
        unsure_outlets={claim.outlet for claim, _ in hedged} | set(unplaced),
        hedged_words=HEDGED_WORDS,
        unplaced=[(column, unplaced[column]) for column in columns if column in unplaced],
        unplaced_words=UNPLACED_WORDS,
        nearest_words=nearest_words,
        conflict_scope_words=CONFLICT_SCOPE_WORDS,
        named=[(column, people) for column, people in names_only_by_outlet(comparison).items()],
        named_words=NAMES_ONLY_WORDS,
        chart=_sourcing_chart(comparison),
        tone=_tone_in_context(view),
        pairs=_pair_links(view.articles, outlet_of),
        rows=None if show == SHOW_ALL else STORY_PAGE_ROWS,
        show_all=f"/stories/{path_segment(story_id)}?show={SHOW_ALL}",
    )


def _pair_links(articles: Any, outlet_of: dict[str, str]) -> list[tuple[str, str]]:
    """The first ``MAX_PAIR_LINKS`` pairs of articles from two outlets, in the story's order:
    made lazily, since a 500-article story has 125,000 pairs."""
    pairs = (
        (a.article_id, b.article_id)
        for i, a in enumerate(articles)
        for b in articles[i + 1 :]
        if outlet_of[a.article_id] != outlet_of[b.article_id]
    )
    return list(islice(pairs, MAX_PAIR_LINKS))


# Items of the lists that give context rather than differences (shared claims, tone in
# context, the timeline) shown before the rest fold: the page should open on what differs.
SHORT_CONTEXT_LIST = 2
# Side-by-side links a story page offers (the first pairs, in the story's order).
MAX_PAIR_LINKS = 12
# Rows a story page shows of each list that grows with the story's articles (an outlet's
# articles, the lineage, the reused sentences) before it says how many more and links to the
# page with them all: a 500-article story's page was 430 KB, nine tenths of it these lists,
# while a story of a few dozen articles fits.
STORY_PAGE_ROWS = 25


def _quote_matrix(comparison: Any, columns: list[str]) -> list[dict[str, Any]]:
    """One row per utterance, one cell per outlet: that outlet's variants of it."""
    rows = []
    for group in comparison.quote_groups:
        cells: dict[str, list[Any]] = {column: [] for column in columns}
        for variant in group.variants:
            cells.setdefault(variant.outlet or variant.article_id, []).append(variant)
        carried = sum(1 for column in columns if cells[column])
        rows.append(
            {"group": group, "cells": [cells[column] for column in columns], "carried": carried}
        )
    return rows


# Width in SVG units of the longest bar in a sourcing chart.
CHART_WIDTH = 240
CHART_COLOURS = {
    "person": "#2b6cb0",
    "organization": "#2f855a",
    "anonymous": "#c05621",
    "unnamed": "#718096",
}


def _sourcing_chart(comparison: Any) -> list[dict[str, Any]]:
    """Per outlet, one bar per source type: quoted words, scaled to the widest outlet."""
    largest = (
        max((s.words for p in comparison.sourcing_by_outlet for s in p.counts), default=0) or 1
    )
    return [
        {
            "profile": profile,
            "retells": outlets_credited(comparison.lineage, profile.outlet),
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
    view = story_view(request.app.state.store, story_id, claim_matches=False)
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


# ":path": ids and names may hold "/" (ids made from folders, "AC/DC"); see api.py.
@router.get("/articles/{article_id:path}", response_class=HTMLResponse)
def article(
    request: Request,
    article_id: Annotated[str, Path(max_length=MAX_ID_CHARS)],
    hl: Annotated[str | None, Query(pattern=HIGHLIGHT_PATTERN)] = None,
) -> HTMLResponse:
    """An article; ``hl=START-END`` highlights those characters (a comparison line's
    evidence) in a <mark id="hl"> that the link's ``#hl`` scrolls to."""
    span = tuple(int(n) for n in hl.split("-")) if hl else None
    view = article_view(request.app.state.store, article_id, span)  # type: ignore[arg-type]
    return render(request, "article.html", a=view)


@router.get("/entities/{name:path}", response_class=HTMLResponse)
def entity(request: Request, name: Annotated[str, Path(max_length=MAX_ID_CHARS)]) -> HTMLResponse:
    return render(request, "entity.html", e=entity_view(request.app.state.store, name))
