"""Every read of the store, in typed records: the interfaces (``views.py``) and ``Store``'s
read methods (which delegate here) never see a row as a dict, and no JSON column leaves this
module undecoded.

A page of stories with their counts (one aggregate query, not every article row), every story
with its articles (``story_summaries``), articles, quotes, tone marks, dates and details, one
article, quotes by speaker, the articles that name someone. Large reads stream in chunks.
Every filter is a bound parameter; nothing the user types is put into SQL text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    ColumnElement,
    Connection,
    Engine,
    and_,
    case,
    cast,
    func,
    or_,
    select,
)

from storylens.compare.serialise import quote_groups_from_json
from storylens.records import COMPARISON_VERSION, QuoteGroup
from storylens.store.schema import (
    articles,
    comparisons,
    details,
    entities,
    quotes,
    stories,
    timexes,
    tone_marks,
)
from storylens.store.segments import decode_segments

# Rows fetched per round trip when streaming large tables out (exports, clusterer restore).
STREAM_CHUNK_ROWS = 1000

# The orders of the two story lists, as their indexes (migration 0006) hold them, so a page
# is read in index order and never sorts every story: newest first by latest article
# (undated stories after the dated ones), and largest first (``storylens stories``).
NEWEST_FIRST = (stories.c.last_published.desc().nulls_last(), stories.c.last_seq.desc())
LARGEST_FIRST = (
    stories.c.article_count.desc(),
    stories.c.last_published.asc().nulls_first(),
    stories.c.id,
)


@dataclass(frozen=True)
class StoryFilters:
    outlet: str | None = None
    date_from: str | None = None  # ISO date, inclusive
    date_to: str | None = None  # ISO date, inclusive
    entity: str | None = None  # a person or organisation named in, or quoted by, the story
    story_ids: tuple[str, ...] | None = None  # from a full-text search


@dataclass(frozen=True)
class StoryRow:
    """A story as every list shows it (``storylens stories``, the exports, the web's pages):
    its articles in stored order, outlets in order of first appearance, dates, and the first
    sentence of its comparison's summary where a page read it."""

    story_id: str
    title: str | None
    outlets: tuple[str, ...]
    article_count: int
    duplicate_count: int
    first_published: str | None
    last_published: str | None
    summary: str | None = None
    article_ids: tuple[str, ...] = ()


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


def _chosen(filters: StoryFilters) -> list[Any]:
    """The conditions on ``stories`` that pick the stories of a list: those with articles,
    matching the filters (which look at the articles only to pick the stories)."""
    chosen = [stories.c.article_count > 0]
    conditions = _member_conditions(filters)
    if conditions:
        chosen.append(stories.c.id.in_(select(articles.c.story_id).where(and_(*conditions))))
    if filters.story_ids is not None:
        chosen.append(stories.c.id.in_(list(filters.story_ids)))
    return chosen


_PAGE_COLUMNS = (
    stories.c.id,
    stories.c.title,
    stories.c.article_count,
    stories.c.duplicate_count,
    stories.c.first_published,
    stories.c.last_published,
)


def story_page(
    engine: Engine, filters: StoryFilters, offset: int, limit: int
) -> tuple[list[StoryRow], int]:
    """One page of stories, newest first (by their latest article; undated stories after the
    dated ones), and how many match. Counts and dates come from the stories' own rows, which
    every batch write keeps; filters look at the articles only to pick the stories."""
    chosen = _chosen(filters)
    # The conditions sit on the page query itself (not in a subquery of story ids), so an
    # unfiltered page is read in ``ix_stories_newest``'s order and stops at the page's end.
    page = select(*_PAGE_COLUMNS).where(*chosen).order_by(*NEWEST_FIRST).limit(limit).offset(offset)
    counted = select(func.count()).select_from(stories).where(*chosen)
    with engine.connect() as connection:
        total = connection.scalar(counted) or 0
        rows = list(connection.execute(page))
        return _story_rows(connection, rows), int(total)


def scored_story_page(
    engine: Engine,
    filters: StoryFilters,
    offset: int,
    limit: int,
    *,
    sort: str | None,
    having: str | None,
    scanned: int,
) -> tuple[list[StoryRow], int]:
    """A page of the newest ``scanned`` stories that match, most of the scorecard count
    ``sort`` first (ties newest first; stories without a current comparison last), of those
    only where the count ``having`` is above nought; and how many that is. The counts are
    the comparisons' own columns (``SCORE_COUNT_NAMES``): no comparison body is read."""
    for name in (sort, having):
        if name is not None and name not in SCORE_COUNT_NAMES:
            raise ValueError(f"no scorecard count {name!r}: one of {SCORE_COUNT_NAMES}")
    newest = (
        select(stories.c.id, stories.c.last_published, stories.c.last_seq)
        .where(*_chosen(filters))
        .order_by(*NEWEST_FIRST)
        .limit(scanned)
        .subquery()
    )
    joined = newest.outerjoin(
        comparisons,
        and_(comparisons.c.story_id == newest.c.id, comparisons.c.version == COMPARISON_VERSION),
    )
    kept = [comparisons.c[having] > 0] if having else []
    order: list[Any] = []
    if sort is not None:
        count = comparisons.c[sort]
        order.append(case((count.is_(None), 1), else_=-count))
    order += [newest.c.last_published.desc().nulls_last(), newest.c.last_seq.desc()]
    picked = select(newest.c.id).select_from(joined).where(*kept)
    with engine.connect() as connection:
        total = connection.scalar(select(func.count()).select_from(picked.subquery())) or 0
        ids = list(connection.scalars(picked.order_by(*order).limit(limit).offset(offset)))
        found = {
            row.id: row
            for row in connection.execute(select(*_PAGE_COLUMNS).where(stories.c.id.in_(ids)))
        }
        return _story_rows(connection, [found[i] for i in ids if i in found]), int(total)


def _story_rows(connection: Connection, rows: list[Any]) -> list[StoryRow]:
    """The page's stories (rows of ``_PAGE_COLUMNS``) with their outlets, articles and the
    first line of their comparison's summary."""
    ids = [row.id for row in rows]
    outlets: dict[str, list[str]] = {}
    members: dict[str, list[str]] = {}
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
        for row in connection.execute(
            select(articles.c.story_id, articles.c.id)
            .where(articles.c.story_id.in_(ids))
            .order_by(articles.c.seq)
        ):
            members.setdefault(row.story_id, []).append(row.id)
    return [
        StoryRow(
            story_id=row.id,
            title=row.title,
            outlets=tuple(outlets.get(row.id, ())),
            article_count=row.article_count,
            duplicate_count=row.duplicate_count,
            first_published=row.first_published,
            last_published=row.last_published,
            summary=summaries.get(row.id),
            article_ids=tuple(members.get(row.id, ())),
        )
        for row in rows
    ]


# The scorecard counts stored beside each comparison (migration 0007), by the names of
# ``compare.scorecard.SCORE_SECTIONS``: what a list of stories shows, sorts and filters by.
SCORE_COUNT_NAMES = ("conflicts", "possible_conflicts", "variants", "only_claims")


@dataclass(frozen=True)
class ScoreCounts:
    """A story's scorecard counts as a list of stories shows them (its badges)."""

    conflicts: int
    possible_conflicts: int
    variants: int
    only_claims: int

    def count(self, name: str) -> int:
        """A count by its name (``SCORE_COUNT_NAMES``), as ``Scorecard.count`` gives it."""
        value: int = getattr(self, name)
        return value


def score_counts(engine: Engine, story_ids: Iterable[str]) -> dict[str, ScoreCounts]:
    """The stored scorecard counts of these stories' current comparisons, by story id (a
    story without a comparison of this version has none)."""
    wanted = list(dict.fromkeys(story_ids))
    if not wanted:
        return {}
    query = select(comparisons.c.story_id, *(comparisons.c[n] for n in SCORE_COUNT_NAMES)).where(
        comparisons.c.story_id.in_(wanted), comparisons.c.version == COMPARISON_VERSION
    )
    with engine.connect() as connection:
        return {
            row.story_id: ScoreCounts(*(row[1:]))
            for row in connection.execute(query)
            if all(value is not None for value in row[1:])
        }


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


def article_row(engine: Engine, article_id: str) -> ArticleRow | None:
    with engine.connect() as connection:
        found = connection.execute(
            select(*_ARTICLE_COLUMNS).where(articles.c.id == article_id)
        ).first()
    return _article(found) if found is not None else None


def quote_page(
    engine: Engine,
    *,
    speaker: str | None = None,
    story_id: str | None = None,
    offset: int = 0,
    limit: int = 50,
) -> tuple[list[StoredQuote], int]:
    """Quotes, filtered by speaker (case-blind) and story, in stored order; and the count."""
    query = select(*_QUOTE_COLUMNS, articles.c.title, articles.c.published).join(
        articles, articles.c.id == quotes.c.article_id
    )
    if speaker:
        said_by: ColumnElement[str] = func.lower(quotes.c.speaker)
        if story_id:
            # A story's few articles are the short way in (``ix_articles_story_seq``), not a
            # speaker's every quote: `|| ''` keeps the name's index out of this plan.
            said_by = said_by.concat("")
        query = query.where(said_by == speaker.lower())
    if story_id:
        query = query.where(articles.c.story_id == story_id)
    counted = select(func.count()).select_from(query.subquery())
    with engine.connect() as connection:
        total = connection.scalar(counted) or 0
        rows = connection.execute(
            # Stored order: quotes are numbered as they are written, each batch's articles
            # in their ``seq`` order and each article's quotes by position, so the key is
            # the (seq, position) order, read from the primary key with no sort of them all.
            query.order_by(quotes.c.id).limit(limit).offset(offset)
        )
        return [_quote(row) for row in rows], int(total)


def quoted_story_ids(engine: Engine, speaker: str, limit: int) -> list[str | None]:
    """The story of each of the first ``limit`` quotes of ``speaker`` (case-blind), in
    stored order: what ``quote_page(speaker=...)`` lists, without the quotes or their count."""
    query = (
        select(articles.c.story_id)
        .join(articles, articles.c.id == quotes.c.article_id)
        .where(func.lower(quotes.c.speaker) == speaker.lower())
        .order_by(quotes.c.id)
        .limit(limit)
    )
    with engine.connect() as connection:
        return list(connection.scalars(query))


def outlets(engine: Engine) -> list[str]:
    """Every outlet name, in order: one index look-up per outlet (``ix_articles_outlet_story``:
    each the least name above the one before), not a read of every article's."""
    found = select(func.min(articles.c.outlet).label("outlet")).cte("found", recursive=True)
    after = select(func.min(articles.c.outlet)).where(articles.c.outlet > found.c.outlet)
    found = found.union_all(select(after.scalar_subquery()).where(found.c.outlet.is_not(None)))
    with engine.connect() as connection:
        rows = connection.execute(select(found.c.outlet).where(found.c.outlet.is_not(None)))
        return [row[0] for row in rows]


@dataclass(frozen=True)
class Mention:
    """An article that names or quotes someone."""

    article_id: str
    story_id: str | None
    title: str | None
    outlet: str | None
    published: str | None


def stories_mentioning(engine: Engine, name: str, limit: int) -> list[Mention]:
    """Articles that name or quote this person or organisation, with their story."""
    lowered = name.lower()
    named = select(entities.c.article_id).where(func.lower(entities.c.text) == lowered)
    quoted = select(quotes.c.article_id).where(func.lower(quotes.c.speaker) == lowered)
    # The first ``limit`` are chosen from ``ix_articles_id_seq`` alone; only they are read
    # from the table (a name can be in thousands of articles, and each row is its text).
    first = (
        select(articles.c.id)
        .where(or_(articles.c.id.in_(named), articles.c.id.in_(quoted)))
        .order_by(articles.c.seq)
        .limit(limit)
    )
    query = (
        select(
            articles.c.id,
            articles.c.story_id,
            articles.c.title,
            articles.c.outlet,
            articles.c.published,
        )
        .where(articles.c.id.in_(first.scalar_subquery()))
        .order_by(articles.c.seq)
    )
    with engine.connect() as connection:
        return [
            Mention(row.id, row.story_id, row.title, row.outlet, row.published)
            for row in connection.execute(query)
        ]


def _json_list(value: str | None) -> list[Any]:
    return list(json.loads(value or "[]"))


def _stream(engine: Engine, query: Any) -> Iterator[Any]:
    """Rows of a large read in chunks (a server-side cursor, which needs a transaction)."""
    with engine.connect() as connection:
        yield from connection.execution_options(yield_per=STREAM_CHUNK_ROWS).execute(query)


# -- stories with their articles ---------------------------------------------------------------


def story_summaries(
    engine: Engine, story_id: str | None = None, limit: int | None = None
) -> list[StoryRow]:
    """Every story (or the one asked for, or the first ``limit``) with its articles,
    outlets and dates: largest first, then by latest publication, earliest first. With a
    limit, the stories are chosen from their own rows and only their articles are read."""
    members_query = select(
        articles.c.id,
        articles.c.story_id,
        articles.c.outlet,
        articles.c.published,
        articles.c.duplicate_of,
    ).order_by(articles.c.seq)
    titles_query = select(stories.c.id, stories.c.title)
    chosen: list[str] | None = [story_id] if story_id is not None else None
    if chosen is None and limit is not None:
        with engine.connect() as connection:
            chosen = list(
                connection.scalars(
                    select(stories.c.id)
                    .where(stories.c.article_count > 0)
                    .order_by(*LARGEST_FIRST)
                    .limit(limit)
                )
            )
    if chosen is not None:  # those stories' own titles and articles, not every story's
        members_query = members_query.where(articles.c.story_id.in_(chosen))
        titles_query = titles_query.where(stories.c.id.in_(chosen))
    with engine.connect() as connection:
        titles = {row.id: row.title for row in connection.execute(titles_query)}
        grouped: dict[str, list[Any]] = {}
        for row in connection.execute(members_query):
            grouped.setdefault(row.story_id, []).append(row)
    summaries = []
    for found_id, members in grouped.items():
        dates = sorted(m.published for m in members if m.published)
        summaries.append(
            StoryRow(
                story_id=found_id,
                title=titles.get(found_id),
                outlets=tuple(dict.fromkeys(m.outlet for m in members if m.outlet)),
                article_count=len(members),
                duplicate_count=sum(1 for m in members if m.duplicate_of),
                first_published=dates[0] if dates else None,
                last_published=dates[-1] if dates else None,
                article_ids=tuple(m.id for m in members),
            )
        )
    summaries.sort(key=lambda s: (-s.article_count, s.last_published or "", s.story_id))
    return summaries


# -- articles ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ArticleRow:
    """A stored article as the interfaces and exports read it, its JSON columns decoded (the
    story features and the sentence offsets, which only the story and compare stages read,
    are left out)."""

    id: str
    url: str | None
    outlet: str | None
    title: str | None
    published: str | None
    authors: tuple[str, ...]
    text: str
    source: str
    model: str
    story_id: str | None
    duplicate_of: str | None
    story_score: float | None
    story_reasons: tuple[str, ...]
    secondary_story_ids: tuple[str, ...]
    boilerplate: tuple[tuple[int, int, str], ...]  # (start, end, reason) of skipped lines
    input_offsets: tuple[tuple[int, int], ...]  # clean.offsets' shifts back to the input text
    seq: int


_ARTICLE_COLUMNS = (
    articles.c.id,
    articles.c.url,
    articles.c.outlet,
    articles.c.title,
    articles.c.published,
    articles.c.authors,
    articles.c.text,
    articles.c.source,
    articles.c.model,
    articles.c.story_id,
    articles.c.duplicate_of,
    articles.c.story_score,
    articles.c.story_reasons,
    articles.c.secondary_story_ids,
    articles.c.boilerplate,
    articles.c.input_offsets,
    articles.c.seq,
)


def _article(row: Any) -> ArticleRow:
    return ArticleRow(
        id=row.id,
        url=row.url,
        outlet=row.outlet,
        title=row.title,
        published=row.published,
        authors=tuple(_json_list(row.authors)),
        text=row.text,
        source=row.source,
        model=row.model,
        story_id=row.story_id,
        duplicate_of=row.duplicate_of,
        story_score=row.story_score,
        story_reasons=tuple(_json_list(row.story_reasons)),
        secondary_story_ids=tuple(_json_list(row.secondary_story_ids)),
        boilerplate=tuple(
            (int(start), int(end), str(reason))
            for start, end, reason in _json_list(row.boilerplate)
        ),
        input_offsets=_offsets(row.input_offsets),
        seq=row.seq,
    )


def _offsets(stored: str | None) -> tuple[tuple[int, int], ...]:
    return tuple((int(at), int(shift)) for at, shift in _json_list(stored))


def article_rows(engine: Engine, story_id: str | None = None) -> Iterator[ArticleRow]:
    """Every article in stored order (streamed), or one story's (read at once)."""
    query = select(*_ARTICLE_COLUMNS).order_by(articles.c.seq)
    if story_id is None:
        yield from (_article(row) for row in _stream(engine, query))
        return
    with engine.connect() as connection:
        rows = [
            _article(row)
            for row in connection.execute(query.where(articles.c.story_id == story_id))
        ]
    yield from rows


# -- quotes, tone marks, dates, details --------------------------------------------------------


@dataclass(frozen=True)
class StoredQuote:
    """A stored quote with its article's story and outlet (and title and date, where the read
    joined them); ``segments`` are the quoted runs of a quote split by its attribution."""

    article_id: str
    position: int
    text: str
    start: int
    end: int
    speaker: str | None
    speaker_mention: str | None
    speaker_start: int | None
    speaker_end: int | None
    speaker_type: str
    cue: str | None
    kind: str
    reported_by: str | None
    act: str
    segments: tuple[tuple[int, int], ...]
    story_id: str | None
    outlet: str | None
    title: str | None = None
    published: str | None = None


_QUOTE_COLUMNS = (
    quotes.c.article_id,
    quotes.c.position,
    quotes.c.text,
    quotes.c.start_char,
    quotes.c.end_char,
    quotes.c.speaker,
    quotes.c.speaker_mention,
    quotes.c.speaker_start,
    quotes.c.speaker_end,
    quotes.c.speaker_type,
    quotes.c.cue,
    quotes.c.kind,
    quotes.c.reported_by,
    quotes.c.act,
    quotes.c.segments,
    articles.c.story_id,
    articles.c.outlet,
)


def _quote(row: Any) -> StoredQuote:
    mapping = row._mapping
    return StoredQuote(
        article_id=row.article_id,
        position=row.position,
        text=row.text,
        start=row.start_char,
        end=row.end_char,
        speaker=row.speaker,
        speaker_mention=row.speaker_mention,
        speaker_start=row.speaker_start,
        speaker_end=row.speaker_end,
        speaker_type=row.speaker_type,
        cue=row.cue,
        kind=row.kind,
        reported_by=row.reported_by,
        act=row.act or "speech",
        segments=decode_segments(row.segments),
        story_id=row.story_id,
        outlet=row.outlet,
        title=mapping.get("title"),
        published=mapping.get("published"),
    )


def quote_rows(engine: Engine, article_ids: Iterable[str] | None = None) -> Iterator[StoredQuote]:
    """Every quote in stored order (streamed), or those of these articles (read at once)."""
    query = (
        select(*_QUOTE_COLUMNS)
        .join(articles, articles.c.id == quotes.c.article_id)
        .order_by(articles.c.seq, quotes.c.position)
    )
    if article_ids is None:
        yield from (_quote(row) for row in _stream(engine, query))
        return
    query = query.where(quotes.c.article_id.in_(list(article_ids)))
    with engine.connect() as connection:
        rows = [_quote(row) for row in connection.execute(query)]
    yield from rows


@dataclass(frozen=True)
class ToneRow:
    """A stored tone mark, with its article's story and offset shifts (for input offsets)."""

    article_id: str
    story_id: str | None
    text: str
    start: int
    end: int
    polarity: str
    voice: str
    speaker: str | None
    target: str | None
    input_offsets: tuple[tuple[int, int], ...]


def tone_rows(engine: Engine) -> Iterator[ToneRow]:
    query = (
        select(tone_marks, articles.c.story_id, articles.c.input_offsets)
        .join(articles, articles.c.id == tone_marks.c.article_id)
        .order_by(articles.c.seq, tone_marks.c.start_char)
    )
    for row in _stream(engine, query):
        yield ToneRow(
            article_id=row.article_id,
            story_id=row.story_id,
            text=row.text,
            start=row.start_char,
            end=row.end_char,
            polarity=row.polarity,
            voice=row.voice,
            speaker=row.speaker,
            target=row.target,
            input_offsets=_offsets(row.input_offsets),
        )


@dataclass(frozen=True)
class TimexRow:
    """A stored date or time expression, with its article's offset shifts."""

    article_id: str
    text: str
    start: int
    end: int
    value: str
    timex_type: str
    anchored: bool
    input_offsets: tuple[tuple[int, int], ...]


def timex_rows(engine: Engine) -> Iterator[TimexRow]:
    query = (
        select(timexes, articles.c.input_offsets)
        .join(articles, articles.c.id == timexes.c.article_id)
        .order_by(articles.c.seq, timexes.c.start_char)
    )
    for row in _stream(engine, query):
        yield TimexRow(
            article_id=row.article_id,
            text=row.text,
            start=row.start_char,
            end=row.end_char,
            value=row.value,
            timex_type=row.timex_type,
            anchored=bool(row.anchored),
            input_offsets=_offsets(row.input_offsets),
        )


@dataclass(frozen=True)
class DetailRow:
    """A stored date or number the details stage read (``kind`` says which)."""

    article_id: str
    kind: str
    text: str
    value: str
    start: int
    end: int


def detail_rows(engine: Engine, article_ids: Iterable[str]) -> list[DetailRow]:
    query = select(details).where(details.c.article_id.in_(list(article_ids)))
    with engine.connect() as connection:
        return [
            DetailRow(row.article_id, row.kind, row.text, row.value, row.start_char, row.end_char)
            for row in connection.execute(query)
        ]


def person_names(engine: Engine, article_ids: Iterable[str]) -> list[str]:
    """The people these articles name (their PERSON entity texts), each once."""
    ids = list(article_ids)
    query = (
        select(entities.c.text)
        .where(entities.c.article_id.in_(ids), entities.c.label == "PERSON")
        .distinct()
    )
    with engine.connect() as connection:
        return [row.text for row in connection.execute(query)]


def story_people_names(engine: Engine, story_ids: Iterable[str]) -> dict[str, list[str]]:
    """Every person each of these stories names or quotes (its PERSON entities and its
    quotes' speakers), by story id: one query for each kind, not one per story."""
    wanted = list(dict.fromkeys(story_ids))
    found: dict[str, list[str]] = {story_id: [] for story_id in wanted}
    if not wanted:
        return found
    in_stories = articles.c.story_id.in_(wanted)
    named = (
        select(articles.c.story_id, entities.c.text)
        .join(articles, articles.c.id == entities.c.article_id)
        .where(in_stories, entities.c.label == "PERSON")
        .distinct()
    )
    quoted = (
        select(articles.c.story_id, quotes.c.speaker)
        .join(articles, articles.c.id == quotes.c.article_id)
        .where(in_stories, quotes.c.speaker.is_not(None))
        .distinct()
    )
    with engine.connect() as connection:
        for query in (named, quoted):
            for story_id, name in connection.execute(query):
                found[story_id].append(name)
    return found


def quotes_in_stories(
    engine: Engine, story_ids: Iterable[str], speakers: Iterable[str], limit: int
) -> dict[tuple[str, str], list[StoredQuote]]:
    """The quotes of each of these stories by each of these speakers (case-blind), in stored
    order, at most ``limit`` of each: ``quote_page(speaker=S, story_id=X)`` for every pair
    in one query. Keyed by (story id, speaker lower-cased as the database folds it), so
    ``(story_id, name.lower())`` finds what ``quote_page`` finds for that name."""
    wanted = list(dict.fromkeys(story_ids))
    names = sorted({name.lower() for name in speakers})
    found: dict[tuple[str, str], list[StoredQuote]] = {}
    if not wanted or not names:
        return found
    folded = func.lower(quotes.c.speaker)
    query = (
        select(
            *_QUOTE_COLUMNS,
            articles.c.title,
            articles.c.published,
            folded.label("speaker_folded"),
        )
        .join(articles, articles.c.id == quotes.c.article_id)
        # The stories' few articles are the short way in (``ix_articles_story_seq``), not
        # the speakers' every quote: `|| ''` keeps the name's index out of this plan.
        .where(articles.c.story_id.in_(wanted), folded.concat("").in_(names))
        .order_by(quotes.c.id)
    )
    with engine.connect() as connection:
        for row in connection.execute(query):
            kept = found.setdefault((row.story_id, row.speaker_folded), [])
            if len(kept) < limit:
                kept.append(_quote(row))
    return found


def stored_quote_groups(
    engine: Engine, story_ids: Iterable[str], spoken_by: frozenset[str] | None = None
) -> dict[str, tuple[QuoteGroup, ...]]:
    """The quote groups of these stories' stored comparisons (of ``COMPARISON_VERSION``;
    only those a speaker of ``spoken_by``, lower-case names, has a wording in), by story id.
    The database cuts the groups out of the body: a body is tens of KB (its claims most of
    it), its quote groups a few, and decoding whole bodies was a person page's largest cost."""
    wanted = list(dict.fromkeys(story_ids))
    if not wanted:
        return {}
    groups: ColumnElement[Any]
    if engine.dialect.name == "sqlite":
        groups = func.json_extract(comparisons.c.body, "$.quote_groups")
    else:
        groups = cast(comparisons.c.body, JSON)["quote_groups"].as_string()
    query = select(comparisons.c.story_id, groups.label("groups")).where(
        comparisons.c.story_id.in_(wanted), comparisons.c.version == COMPARISON_VERSION
    )
    with engine.connect() as connection:
        rows = list(connection.execute(query))
    # Read as a comparison with its quote groups alone, by the one decoder of stored bodies.
    return {
        row.story_id: quote_groups_from_json(
            '{"quote_groups": ' + (row.groups or "[]") + "}", spoken_by
        )
        for row in rows
    }


def story_outlets(
    engine: Engine, story_ids: Iterable[str]
) -> dict[str, list[tuple[str, str | None, str]]]:
    """(article id, outlet, text) of each story's articles in stored order, by story id,
    what ``naming.outlet_names`` reads; the text only where no outlet is given (the only
    case the name is inferred from it), so no other article's text is read."""
    wanted = list(dict.fromkeys(story_ids))
    found: dict[str, list[tuple[str, str | None, str]]] = {story_id: [] for story_id in wanted}
    if not wanted:
        return found
    query = (
        select(
            articles.c.story_id,
            articles.c.id,
            articles.c.outlet,
            case((func.coalesce(articles.c.outlet, "") == "", articles.c.text), else_="").label(
                "text"
            ),
        )
        .where(articles.c.story_id.in_(wanted))
        .order_by(articles.c.seq)
    )
    with engine.connect() as connection:
        for row in connection.execute(query):
            found[row.story_id].append((row.id, row.outlet, row.text))
    return found
