"""The hot reads use indexes: no page, search or `stories` reads a big table whole.

Every SELECT the list, story, search, article and person pages, the quotes API and
`stories` run is captured as it runs and explained (EXPLAIN QUERY PLAN on SQLite; EXPLAIN
with sequential scans priced out on PostgreSQL, so a scan left in the plan is one no index
can serve). On a 100k-article store a full read of articles, quotes or entities per request
is what kept a page from staying under 100 ms (``bench/scale.py web``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import event

from storylens import views
from storylens.records import (
    AnalysedArticle,
    Article,
    CleanArticle,
    Entity,
    Quote,
    Span,
    StoryAssignment,
)
from storylens.store import Store, StoredArticle
from storylens.store.reads import StoryFilters, outlets

# The tables that grow with the store; a small table (store_version, store_meta) may be read.
BIG_TABLES = (
    "articles",
    "quotes",
    "entities",
    "details",
    "timexes",
    "tone_marks",
    "stories",
    "comparisons",
    "search_documents",
)
_SQLITE_FULL_SCAN = re.compile(rf"^SCAN ({'|'.join(BIG_TABLES)})$")
_SQLITE_INDEX_SCAN = re.compile(rf"^SCAN ({'|'.join(BIG_TABLES)}) USING (COVERING )?INDEX")
_POSTGRES_FULL_SCAN = re.compile(rf"Seq Scan on ({'|'.join(BIG_TABLES)})\b")

PEOPLE = ("Dana Holt", "Sam Ito", "Mara Quist", "Ana Brill")
OUTLETS = ("Harbor Gazette", "Metro Wire", "Coast Herald")


def _stored(number: int) -> StoredArticle:
    story = number // 3
    person = PEOPLE[story % len(PEOPLE)]
    said = f"The pier {story} would close"
    text = f"{person} said “{said},” on Tuesday.\nResidents of Port Alder met on Friday."
    start = text.index(said)
    analysed = AnalysedArticle(
        clean=CleanArticle(
            Article(
                f"a{number}",
                text,
                title=f"Pier {story} closes",
                outlet=OUTLETS[number % len(OUTLETS)],
                published=f"2026-04-{1 + story % 28:02d}",
                source=f"a{number}.txt",
            )
        ),
        sentences=(Span(0, text.index("\n"), "sentence"),),
        entities=(Entity(person, "PERSON", 0, len(person)),),
        quotes=(
            Quote(
                said,
                start,
                start + len(said),
                person,
                person,
                0,
                len(person),
                "person",
                "said",
                "direct",
            ),
        ),
    )
    return StoredArticle(analysed, StoryAssignment(f"a{number}", f"s-{story}", 0.5, False))


@pytest.fixture
def store(any_db: str) -> Iterator[Store]:
    with Store(any_db) as opened:
        opened.save_batch([_stored(number) for number in range(30)])
        yield opened


def _plans(store: Store, run: Callable[[], Any]) -> list[tuple[str, list[str]]]:
    """Each SELECT ``run`` makes, with the lines of its plan."""
    seen: list[tuple[str, Any]] = []

    def capture(*args: Any) -> None:
        _connection, _cursor, statement, parameters, _context, _many = args
        if statement.lstrip().upper().startswith(("SELECT", "WITH")):
            seen.append((statement, parameters))

    event.listen(store.engine, "before_cursor_execute", capture)
    try:
        run()
    finally:
        event.remove(store.engine, "before_cursor_execute", capture)
    postgresql = store.engine.dialect.name == "postgresql"
    explained = []
    with store.engine.connect() as connection:
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        if postgresql:
            # Tiny tables are cheapest read whole: price that out, so that a sequential
            # scan left in a plan is one no index can serve.
            cursor.execute("SET enable_seqscan = off")
        for statement, parameters in seen:
            prefix = "EXPLAIN " if postgresql else "EXPLAIN QUERY PLAN "
            cursor.execute(prefix + statement, parameters)
            lines = [str(row[0] if postgresql else row[3]) for row in cursor.fetchall()]
            explained.append((" ".join(statement.split()), lines))
    return explained


def _full_reads(plans: list[tuple[str, list[str]]]) -> list[str]:
    """The statements that read a big table whole: a scan with no index, or (SQLite) a
    whole index read whose rows are then sorted (so no LIMIT stops it early). A scan in
    primary-key order that a LIMIT stops (``ORDER BY quotes.id LIMIT``) reads a page."""
    found = []
    for statement, lines in plans:
        sorted_after = any("TEMP B-TREE FOR ORDER BY" in line for line in lines)
        for line in lines:
            bare = line.strip()
            full = _SQLITE_FULL_SCAN.match(bare)
            if (
                full
                and not sorted_after
                and re.search(rf"ORDER BY {full.group(1)}\.id LIMIT", statement)
            ):
                continue
            if (
                _POSTGRES_FULL_SCAN.search(bare)
                or full
                or (sorted_after and _SQLITE_INDEX_SCAN.match(bare))
            ):
                found.append(f"{bare} <- {statement}")
    return found


READS: dict[str, Callable[[Store], Any]] = {
    "stories page": lambda s: views.stories_page(s),
    "stories page 2": lambda s: views.stories_page(s, page=2, page_size=3),
    "stories by outlet": lambda s: views.stories_page(s, filters=StoryFilters(outlet=OUTLETS[0])),
    "stories naming": lambda s: views.stories_page(s, filters=StoryFilters(entity="dana holt")),
    "stories matching": lambda s: views.stories_page(s, query="pier Alder"),
    "outlets": lambda s: outlets(s.reader),
    "story page": lambda s: views.story_view(s, "s-2"),
    "article page": lambda s: views.article_view(s, "a4"),
    "search": lambda s: views.search_view(s, "pier close"),
    "person page": lambda s: views.entity_view(s, "Dana Holt"),
    "quotes": lambda s: views.quotes_page(s, offset=5, limit=5),
    "quotes by speaker": lambda s: views.quotes_page(s, speaker="sam ito"),
    "stories command": lambda s: views.story_list(s, 5),
}


@pytest.mark.parametrize("name", sorted(READS))
def test_hot_reads_use_an_index(store: Store, name: str) -> None:
    plans = _plans(store, lambda: READS[name](store))
    assert plans, "the read ran no query"
    assert _full_reads(plans) == []


# A list sorted or filtered by a scorecard count looks through the newest
# ``views.MAX_SCORED_STORIES`` stories that match, read in index order up to that LIMIT, and
# sorts those by the counts stored beside their comparisons (no comparison body is read).
SCORED_READS: dict[str, Callable[[Store], Any]] = {
    "stories by a count": lambda s: views.stories_page(s, sort="variants", page=2, page_size=3),
    "stories having a count": lambda s: views.stories_page(s, having="only_claims"),
    "stories by outlet and a count": lambda s: views.stories_page(
        s, filters=StoryFilters(outlet=OUTLETS[0]), sort="conflicts"
    ),
}
_NEWEST_WINDOW = re.compile(
    r"FROM \(SELECT stories\.id AS id, .* ORDER BY stories\.last_published DESC .* LIMIT"
)


@pytest.mark.parametrize("name", sorted(SCORED_READS))
def test_lists_by_a_count_read_a_bounded_window(store: Store, name: str) -> None:
    plans = _plans(store, lambda: SCORED_READS[name](store))
    assert plans, "the read ran no query"
    unbounded = [line for line in _full_reads(plans) if not _NEWEST_WINDOW.search(line)]
    assert unbounded == []


def test_the_check_finds_a_full_read(store: Store) -> None:
    """The check above can fail: a filter on an unindexed column is a full read."""
    from sqlalchemy import select

    from storylens.store.schema import articles

    def unindexed() -> None:
        with store.reader.connect() as connection:
            connection.execute(select(articles.c.id).where(articles.c.title == "x")).all()

    assert _full_reads(_plans(store, unindexed))


def test_lists_keep_their_order(store: Store) -> None:
    """Read from the indexes, the lists keep the orders they promise."""
    page = views.stories_page(store, page_size=100)
    dates = [row.last_published for row in page.items]
    assert dates == sorted(dates, reverse=True)
    assert page.total == 10
    second = views.stories_page(store, page=2, page_size=4)
    assert [r.story_id for r in second.items] == [r.story_id for r in page.items[4:8]]
    rows, total = views.story_list(store, 3)
    assert total == 10 and [r.article_count for r in rows] == [3, 3, 3]
    assert [r.last_published for r in rows] == sorted(r.last_published for r in rows)
    assert outlets(store.reader) == sorted(OUTLETS)
    quoted, count = views.quotes_page(store, limit=100)
    assert count == 30
    assert [q.article_id for q in quoted] == [f"a{n}" for n in range(30)]
    by_speaker, count = views.quotes_page(store, speaker="DANA HOLT", limit=100)
    assert count == len(by_speaker) == 9
    assert {q.speaker for q in by_speaker} == {"Dana Holt"}


def test_outlets_of_an_empty_store(sqlite_db: str) -> None:
    with Store(sqlite_db) as empty:
        assert outlets(empty.reader) == []
