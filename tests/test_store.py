"""The store, run against SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect

from storylens.errors import StoreError
from storylens.records import (
    AnalysedArticle,
    Article,
    CleanArticle,
    Entity,
    Quote,
    Rejection,
    Span,
    StoryAssignment,
)
from storylens.store import Store, StoredArticle, database_url
from storylens.store.database import create_database_engine, migrate, table_names
from storylens.store.schema import metadata


def make_stored(article_id: str, story_id: str, outlet: str, published: str) -> StoredArticle:
    text = f"Mayor Dana Holt said the pier would close. Article {article_id}."
    analysed = AnalysedArticle(
        clean=CleanArticle(
            Article(
                id=article_id,
                text=text,
                outlet=outlet,
                published=published,
                authors=("Lee Park",),
                source=f"{article_id}.txt",
            ),
            boilerplate=(Span(0, 5, "share or navigation line"),),
        ),
        sentences=(Span(0, 42, "sentence"), Span(43, len(text), "sentence")),
        entities=(Entity("Dana Holt", "PERSON", 6, 15),),
        dates=(Span(0, 3, "2026-04-02", "Monday"),),
        quotes=(
            Quote(
                "the pier would close",
                21,
                41,
                "Dana Holt",
                "Mayor Dana Holt",
                0,
                15,
                "person",
                "said",
                "indirect",
            ),
        ),
    )
    assignment = StoryAssignment(article_id, story_id, 0.5, False, reasons=("shared: pier",))
    return StoredArticle(analysed, assignment, json.dumps({"id": article_id}))


def test_migrations_create_the_schema_tables(any_db: str) -> None:
    engine = create_database_engine(any_db)
    migrate(engine)
    migrate(engine)  # a second run finds nothing to do
    # SQLite's full-text index is a virtual table with shadow tables of its own.
    tables = {name for name in table_names(engine) if not name.startswith("search_fts")}
    assert tables == set(metadata.tables) | {"alembic_version"}
    inspector = inspect(engine)
    for name, table in metadata.tables.items():
        stored = {column["name"] for column in inspector.get_columns(name)}
        assert stored == {column.name for column in table.columns}, name
    engine.dispose()


def test_save_and_read_back(any_db: str) -> None:
    with Store(any_db) as store:
        store.save_batch(
            [
                make_stored("a1", "s-1", "Echo", "2026-04-02"),
                make_stored("a2", "s-1", "Courier", "2026-04-03"),
                make_stored("b1", "s-2", "Echo", "2026-05-01"),
            ],
            [Rejection("bad.txt", "empty file")],
        )
        assert store.count_articles() == 3
        assert store.known_hashes(["a1", "zz"]).keys() == {"a1"}
        summary = store.story_summary("s-1")
        assert summary.article_ids == ("a1", "a2")
        assert summary.outlets == ("Echo", "Courier")
        assert (summary.first_published, summary.last_published) == ("2026-04-02", "2026-04-03")
        assert summary.title == "Mayor Dana Holt said the pier would close."
        quotes = list(store.quote_rows(["a2"]))
        assert [(q.speaker, q.start, q.outlet) for q in quotes] == [("Dana Holt", 21, "Courier")]
        state = list(store.story_state())
        assert [a.article_id for _, a in state] == ["a1", "a2", "b1"]
        assert state[0][1].reasons == ("shared: pier",)
        assert store.rejection_rows()[0]["reason"] == "empty file"


def test_members_of_several_stories_are_read_as_each_story_alone(
    any_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import storylens.store.store as store_module

    monkeypatch.setattr(store_module, "MAX_IDS_PER_QUERY", 2)  # ids read a few at a time
    with Store(any_db) as store:
        store.save_batch(
            [
                make_stored("a1", "s-1", "Echo", "2026-04-02"),
                make_stored("b1", "s-2", "Echo", "2026-05-01"),
                make_stored("a2", "s-1", "Courier", "2026-04-03"),
                make_stored("a3", "s-1", "Ledger", "2026-04-04"),
            ]
        )
        wanted = ["s-2", "s-none", "s-1"]
        together = store.members_of_stories(wanted)
        assert [story_id for story_id, _ in together] == wanted
        assert [[m.id for m in members] for _, members in together] == [
            ["b1"],
            [],
            ["a1", "a2", "a3"],
        ]
        alone = [store.story_members(story_id) for story_id in wanted]
        assert [members for _, members in together] == alone
        assert together[2][1][1].analysed.quotes[0].speaker == "Dana Holt"


def test_a_failed_batch_stores_nothing(any_db: str) -> None:
    with Store(any_db) as store:
        store.save_batch([make_stored("a1", "s-1", "Echo", "2026-04-02")])
        duplicate_id = make_stored("a1", "s-1", "Echo", "2026-04-02")
        fresh = make_stored("c1", "s-3", "Echo", "2026-04-02")
        with pytest.raises(StoreError, match="nothing of it was kept"):
            store.save_batch([fresh, duplicate_id])
        assert store.count_articles() == 1
        assert list(store.quote_rows(["c1"])) == []


def test_database_url() -> None:
    assert database_url("x.db") == "sqlite:///x.db"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:////tmp/y.db") == "sqlite:////tmp/y.db"


def test_revised_assignments_are_saved_with_the_batch(any_db: str) -> None:
    with Store(any_db) as store:
        store.save_batch([make_stored("copy", "s-1", "Tribune", "2026-04-02")])
        revised = StoryAssignment("copy", "s-2", 0.9, False, duplicate_of="orig")
        store.save_batch([make_stored("orig", "s-2", "Wire", "2026-04-01")], revised=[revised])
        rows = {row.id: row for row in store.article_rows()}
        assert (rows["copy"].story_id, rows["copy"].duplicate_of) == ("s-2", "orig")


def test_a_story_opened_by_a_revision_gets_its_row(any_db: str) -> None:
    with Store(any_db) as store:
        store.save_batch([make_stored("a1", "s-1", "Echo", "2026-04-02")])
        moved = StoryAssignment("a1", "s-9", 0.0, True, reasons=("moved from s-1",))
        store.save_batch([], revised=[moved])
        summary = store.story_summary("s-9")
        assert summary.article_ids == ("a1",)
        assert summary.title and summary.title.startswith("Mayor Dana Holt said")


def test_full_text_search_on_either_database(any_db: str) -> None:
    from storylens.store.search import MATCH_END, MATCH_START, search

    with Store(any_db) as store:
        store.save_batch(
            [
                make_stored("a1", "s-1", "Echo", "2026-04-02"),
                make_stored("b1", "s-2", "Courier", "2026-05-01"),
            ]
        )
        hits = search(store.engine, "pier", limit=10)
        assert {h.article_id for h in hits} == {"a1", "b1"}
        assert all(f"{MATCH_START}pier{MATCH_END}" in h.snippet.lower() for h in hits)
        assert {h.kind for h in hits} == {"article", "quote"}
        assert search(store.engine, '" OR ) NEAR(', limit=10) == []
        assert search(store.engine, "", limit=10) == []


def test_story_rows_keep_counts_and_dates(any_db: str) -> None:
    from storylens.store.reads import StoryFilters, story_page

    with Store(any_db) as store:
        version = store.data_version()
        store.save_batch(
            [
                make_stored("a1", "s-1", "Echo", "2026-04-02"),
                make_stored("a2", "s-1", "Courier", "2026-04-03"),
                make_stored("b1", "s-2", "Echo", "2026-05-01"),
            ]
        )
        assert store.data_version() > version
        rows, total = story_page(store.engine, StoryFilters(), 0, 10)
        assert total == 2 and [r.story_id for r in rows] == ["s-2", "s-1"]
        assert (rows[1].article_count, rows[1].first_published, rows[1].last_published) == (
            2,
            "2026-04-02",
            "2026-04-03",
        )
        assert rows[1].outlets == ("Courier", "Echo")
        only_courier, count = story_page(store.engine, StoryFilters(outlet="Courier"), 0, 10)
        assert count == 1 and only_courier[0].story_id == "s-1"
        moved = StoryAssignment("a2", "s-2", 0.4, False)
        store.save_batch([], revised=[moved])
        rows, _ = story_page(store.engine, StoryFilters(), 0, 10)
        assert {r.story_id: r.article_count for r in rows} == {"s-2": 2, "s-1": 1}


def test_a_limited_list_of_stories_is_the_head_of_the_whole_list(any_db: str) -> None:
    with Store(any_db) as store:
        batch = [
            make_stored(f"a{i}", f"s-{i % 3}", f"Outlet {i}", f"2026-03-0{1 + i % 5}")
            for i in range(7)
        ]
        store.save_batch(batch, [])
        whole = store.story_summaries()
        assert [s.story_id for s in store.story_summaries(limit=2)] == [
            s.story_id for s in whole[:2]
        ]
        assert store.story_summaries(limit=2) == whole[:2]


def test_a_sqlite_file_locked_at_first_connect_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two writers opening one new file: the WAL switch can answer "locked" at once, without
    # SQLite's busy wait; the open tries again instead of failing in 0 s.
    import sqlite3

    from storylens.store import database

    configure = database._configure_sqlite
    refusals = iter([True, True])

    def refuse_twice(connection: Any, record: Any) -> None:
        if next(refusals, False):
            raise sqlite3.OperationalError("database is locked")
        configure(connection, record)

    monkeypatch.setattr(database, "_configure_sqlite", refuse_twice)
    engine = database.create_database_engine(tmp_path / "new.db")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine.dispose()


def test_head_revision_is_alembics_head() -> None:
    """The revision a store at the head records, known without Alembic, is the newest
    migration's: a new migration must move it too."""
    from alembic.script import ScriptDirectory

    from storylens.store.database import HEAD_REVISION, _alembic_config

    assert ScriptDirectory.from_config(_alembic_config()).get_heads() == [HEAD_REVISION]
