"""Crash safety, kept proved: kill -9 in the middle of ``analyze`` and of ``watch``, then check
the store is consistent (no half batch, every reference valid) and that a rerun completes with
no duplicates and the articles one clean run stores. SQLite always; PostgreSQL when a server
answers (see conftest.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select, text

from storylens.store import Store
from storylens.store.schema import articles, comparisons, quotes, search_documents, stories

STORYLENS = [str(Path(sys.executable).with_name("storylens"))]
# Events of the written corpus: each has its own place, people, organisation and subject, so
# the articles of one event share names and words that no other event has.
EVENTS = [
    ("Brackenford", "Ilse Varga", "Brackenford Water Board", "reservoir", "dam", "leak"),
    ("Quillmouth", "Osric Pell", "Quillmouth Ferry Company", "ferry", "harbour", "strike"),
    ("Larkspur Vale", "Tamsin Ode", "Larkspur Orchard Union", "orchard", "frost", "harvest"),
    ("Dunmere", "Perrin Hask", "Dunmere Rail Trust", "tramline", "signal", "derailment"),
    ("Whitcombe", "Anouk Brell", "Whitcombe Library Guild", "library", "manuscript", "theft"),
    ("Fenhollow", "Caspar Lund", "Fenhollow Fire Brigade", "warehouse", "blaze", "smoke"),
    ("Ostmark Bay", "Rhea Solberg", "Ostmark Fishing Cooperative", "trawler", "storm", "rescue"),
    ("Granby Heath", "Milo Taverner", "Granby Heath Council", "bridge", "flood", "closure"),
    ("Corriemoor", "Edda Finch", "Corriemoor Observatory", "telescope", "comet", "discovery"),
    ("Saltcombe", "Jory Wrenn", "Saltcombe School Board", "school", "roof", "collapse"),
    ("Pellinore", "Vesna Kade", "Pellinore Mining Company", "mine", "tunnel", "rescue"),
    ("Ashgrove", "Tobias Marr", "Ashgrove Zoo Trust", "zoo", "tiger", "escape"),
]
OUTLETS = ["Harbor Gazette", "Daily Lantern", "Northern Courier", "Evening Ledger", "Wire Desk"]


def event_articles(event: int, count: int) -> Iterator[dict[str, str]]:
    """``count`` fictional reports of one event, each worded differently."""
    place, person, org, thing, cause, outcome = EVENTS[event]
    facts = [
        f"The {outcome} at the {place} {thing} followed weeks of {cause} warnings.",
        f"{person} of the {org} said crews reached the {thing} within the hour.",
        f"\u201cNobody in {place} should have to live with this {cause},\u201d {person} said.",
        f"The {org} has called an emergency meeting about the {thing}.",
        f"Inspectors from {place} examined the {cause} damage around the {thing} overnight.",
        f"Neighbours of the {place} {thing} described the {outcome} as sudden and frightening.",
        f"{person} said the {org} had asked twice for money to repair the {thing}.",
        f"The {thing} in {place} will stay shut until the {org} finishes its review.",
    ]
    for index in range(count):
        outlet = OUTLETS[index % len(OUTLETS)]
        # Each report tells a different selection of the facts, in its own order.
        chosen = [facts[(index * 3 + step * (index % 3 + 1)) % len(facts)] for step in range(5)]
        yield {
            "id": f"ev{event:02d}-{index:02d}",
            "outlet": outlet,
            "title": f"{place} {thing} {outcome}: {person} speaks ({index})",
            "published": f"2026-03-{3 + index % 3:02d}",
            "text": " ".join(dict.fromkeys(chosen))
            + f" {outlet} filed report number {index + 1} on the {place} {outcome}.",
        }


def write_corpus(path: Path, events: range | list[int], per_event: int) -> list[str]:
    """A JSON Lines corpus of these events, interleaved (as a news stream is); its ids."""
    rows = [row for event in events for row in event_articles(event, per_event)]
    rows.sort(key=lambda row: (row["id"][-2:], row["id"]))
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return [row["id"] for row in rows]


def stored_partition(db: str) -> set[frozenset[str]]:
    """The stories as sets of article ids: what must match whatever the run's history."""
    with Store(db, create=False) as store:
        return {frozenset(s.article_ids) for s in store.story_summaries()}


def event_partition(ids: list[str]) -> set[frozenset[str]]:
    """The stories a written corpus holds: one per event (ids start with the event's)."""
    events: dict[str, set[str]] = {}
    for article_id in ids:
        events.setdefault(article_id.split("-")[0], set()).add(article_id)
    return {frozenset(members) for members in events.values()}


def assert_consistent(db: str, batch_size: int) -> int:
    """The store after a kill: references valid, whole batches only. Its article count."""
    with Store(db, create=False) as store:
        engine = store.engine
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                assert connection.scalar(text("PRAGMA integrity_check")) == "ok"
                assert list(connection.execute(text("PRAGMA foreign_key_check"))) == []
            count = connection.scalar(select(func.count()).select_from(articles)) or 0
            assert count % batch_size == 0, f"{count} articles: a half batch is stored"
            orphans = {
                "quotes": select(func.count())
                .select_from(quotes)
                .where(quotes.c.article_id.not_in(select(articles.c.id))),
                "articles without a story": select(func.count())
                .select_from(articles)
                .where(articles.c.story_id.not_in(select(stories.c.id))),
                "copies of nothing": select(func.count())
                .select_from(articles)
                .where(
                    articles.c.duplicate_of.is_not(None),
                    articles.c.duplicate_of.not_in(select(articles.c.id)),
                ),
                "search rows": select(func.count())
                .select_from(search_documents)
                .where(search_documents.c.article_id.not_in(select(articles.c.id))),
                "comparisons": select(func.count())
                .select_from(comparisons)
                .where(comparisons.c.story_id.not_in(select(stories.c.id))),
            }
            for name, query in orphans.items():
                assert connection.scalar(query) == 0, f"{name} point at nothing"
            indexed = connection.scalar(
                select(func.count(func.distinct(search_documents.c.article_id))).where(
                    search_documents.c.kind == "article"
                )
            )
            assert indexed == count, "an article is stored without its search entry"
            counted = connection.scalar(select(func.sum(stories.c.article_count))) or 0
            assert counted == count, "story counts disagree with the articles stored"
    return count


def wait_for_articles(db: str, at_least: int, process: subprocess.Popen[bytes]) -> None:
    """Poll the store until a batch is committed (the run is then mid-way)."""
    url = (
        f"sqlite:///{db}"
        if "://" not in db
        else db.replace("postgresql://", "postgresql+psycopg://")
    )
    engine = create_engine(url)
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            assert process.poll() is None, "the run ended before it could be killed"
            try:
                with engine.connect() as connection:
                    if (
                        connection.scalar(select(func.count()).select_from(articles)) or 0
                    ) >= at_least:
                        return
            except Exception:  # the schema is not there yet
                pass
            time.sleep(0.05)
        pytest.fail("no batch was committed within 120 s")
    finally:
        engine.dispose()


def run_storylens(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*STORYLENS, *args], capture_output=True, text=True, timeout=timeout, check=False
    )


# Enough articles that analysis takes a few seconds in small batches, so the kill lands mid-run.
CRASH_EVENTS = range(8)
CRASH_PER_EVENT = 6
CRASH_BATCH = 4


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_during_analyze_then_rerun(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = str(request.getfixturevalue("sqlite_db" if backend == "sqlite" else "postgres_db"))
    corpus = tmp_path / "corpus.jsonl"
    ids = write_corpus(corpus, CRASH_EVENTS, CRASH_PER_EVENT)
    args = ["analyze", str(corpus), "--db", db, "--batch-size", str(CRASH_BATCH), "--quiet"]
    process = subprocess.Popen([*STORYLENS, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for_articles(db, CRASH_BATCH, process)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    killed_at = assert_consistent(db, CRASH_BATCH)
    assert 0 < killed_at < len(ids)

    rerun = run_storylens(*args)
    assert rerun.returncode == 0, rerun.stderr
    assert assert_consistent(db, 1) == len(ids)
    assert f"{len(ids) - killed_at} articles stored" in rerun.stdout
    with Store(db, create=False) as store:
        assert sorted(row["id"] for row in store.article_rows()) == sorted(ids)
    assert stored_partition(db) == event_partition(ids)
