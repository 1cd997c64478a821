"""Reads for the interfaces that fetch only what a page shows: a page of stories with their
counts (one aggregate query, not every article row), one article, quotes by speaker.

Every filter is a bound parameter; nothing the user types is put into SQL text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, and_, func, or_, select

from storylens.store.schema import articles, comparisons, entities, quotes, stories


@dataclass(frozen=True)
class StoryFilters:
    outlet: str | None = None
    date_from: str | None = None  # ISO date, inclusive
    date_to: str | None = None  # ISO date, inclusive
    entity: str | None = None  # a person or organisation named in, or quoted by, the story
    story_ids: tuple[str, ...] | None = None  # from a full-text search


@dataclass(frozen=True)
class StoryListRow:
    story_id: str
    title: str | None
    outlets: tuple[str, ...]
    article_count: int
    duplicate_count: int
    first_published: str | None
    last_published: str | None
    summary: str | None


def _member_conditions(filters: StoryFilters) -> list[Any]:
    """Conditions on the stories' article rows; a story matches when any article does."""
    conditions = []
    if filters.outlet:
        conditions.append(articles.c.outlet == filters.outlet)
    if filters.date_from:
        conditions.append(articles.c.published >= filters.date_from)
    if filters.date_to:
        # Dates may carry a time ("2026-03-04T10:00"): compare up to the end of that day.
        conditions.append(articles.c.published <= filters.date_to + "T99")
    if filters.entity:
        name = filters.entity.lower()
        named = select(entities.c.article_id).where(func.lower(entities.c.text) == name)
        quoted = select(quotes.c.article_id).where(func.lower(quotes.c.speaker) == name)
        conditions.append(or_(articles.c.id.in_(named), articles.c.id.in_(quoted)))
    return conditions


def story_page(
    engine: Engine, filters: StoryFilters, offset: int, limit: int
) -> tuple[list[StoryListRow], int]:
    """One page of stories, newest first (by their latest article; undated stories after the
    dated ones), and how many match. Counts and dates come from the stories' own rows, which
    every batch write keeps; filters look at the articles only to pick the stories."""
    chosen = select(stories.c.id).where(stories.c.article_count > 0)
    conditions = _member_conditions(filters)
    if conditions:
        chosen = chosen.where(
            stories.c.id.in_(select(articles.c.story_id).where(and_(*conditions)))
        )
    if filters.story_ids is not None:
        chosen = chosen.where(stories.c.id.in_(list(filters.story_ids)))
    page = (
        select(
            stories.c.id,
            stories.c.title,
            stories.c.article_count,
            stories.c.duplicate_count,
            stories.c.first_published,
            stories.c.last_published,
        )
        .where(stories.c.id.in_(chosen))
        .order_by(
            stories.c.last_published.is_(None),
            stories.c.last_published.desc(),
            stories.c.last_seq.desc(),
        )
        .limit(limit)
        .offset(offset)
    )
    with engine.connect() as connection:
        total = connection.scalar(select(func.count()).select_from(chosen.subquery())) or 0
        rows = list(connection.execute(page))
        ids = [row.id for row in rows]
        outlets: dict[str, list[str]] = {}
        summaries: dict[str, str | None] = {}
        if ids:
            # Read apart from the page query: a comparison row is large, and joining it before
            # the sort would read every story's comparison.
            summaries = {
                row.story_id: row.summary
                for row in connection.execute(
                    select(comparisons.c.story_id, comparisons.c.summary).where(
                        comparisons.c.story_id.in_(ids)
                    )
                )
            }
            for row in connection.execute(
                select(articles.c.story_id, articles.c.outlet)
                .where(articles.c.story_id.in_(ids), articles.c.outlet.is_not(None))
                .distinct()
                .order_by(articles.c.story_id, articles.c.outlet)
            ):
                outlets.setdefault(row.story_id, []).append(row.outlet)
    return [
        StoryListRow(
            story_id=row.id,
            title=row.title,
            outlets=tuple(outlets.get(row.id, ())),
            article_count=row.article_count,
            duplicate_count=row.duplicate_count,
            first_published=row.first_published,
            last_published=row.last_published,
            summary=summaries.get(row.id),
        )
        for row in rows
    ], int(total)


def story_titles(engine: Engine, story_ids: list[str]) -> dict[str, str | None]:
    """Titles of these stories that still have articles (a split can empty one)."""
    if not story_ids:
        return {}
    with engine.connect() as connection:
        rows = connection.execute(
            select(stories.c.id, stories.c.title).where(
                stories.c.id.in_(story_ids), stories.c.article_count > 0
            )
        )
        return {row.id: row.title for row in rows}


def article_row(engine: Engine, article_id: str) -> dict[str, Any] | None:
    with engine.connect() as connection:
        row = connection.execute(select(articles).where(articles.c.id == article_id)).mappings()
        found = row.first()
        return dict(found) if found else None


def quote_rows(
    engine: Engine,
    *,
    speaker: str | None = None,
    story_id: str | None = None,
    offset: int = 0,
    limit: int = 50,
) -> tuple[list[dict[str, Any]], int]:
    """Quotes, filtered by speaker (case-blind) and story, in stored order; and the count."""
    query = select(
        quotes, articles.c.story_id, articles.c.outlet, articles.c.title, articles.c.published
    ).join(articles, articles.c.id == quotes.c.article_id)
    if speaker:
        query = query.where(func.lower(quotes.c.speaker) == speaker.lower())
    if story_id:
        query = query.where(articles.c.story_id == story_id)
    counted = select(func.count()).select_from(query.subquery())
    with engine.connect() as connection:
        total = connection.scalar(counted) or 0
        rows = connection.execute(
            query.order_by(articles.c.seq, quotes.c.position).limit(limit).offset(offset)
        ).mappings()
        return [dict(row) for row in rows], int(total)


def outlets(engine: Engine) -> list[str]:
    with engine.connect() as connection:
        rows = connection.execute(
            select(articles.c.outlet)
            .where(articles.c.outlet.is_not(None))
            .distinct()
            .order_by(articles.c.outlet)
        )
        return [row.outlet for row in rows]


def stories_mentioning(engine: Engine, name: str, limit: int) -> list[dict[str, Any]]:
    """Articles that name or quote this person or organisation, with their story."""
    lowered = name.lower()
    named = select(entities.c.article_id).where(func.lower(entities.c.text) == lowered)
    quoted = select(quotes.c.article_id).where(func.lower(quotes.c.speaker) == lowered)
    query = (
        select(
            articles.c.id,
            articles.c.story_id,
            articles.c.title,
            articles.c.outlet,
            articles.c.published,
        )
        .where(or_(articles.c.id.in_(named), articles.c.id.in_(quoted)))
        .order_by(articles.c.seq)
        .limit(limit)
    )
    with engine.connect() as connection:
        return [dict(row) for row in connection.execute(query).mappings()]


def json_list(value: str | None) -> list[Any]:
    return list(json.loads(value or "[]"))
