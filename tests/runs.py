"""storylens run as a user runs it, in a subprocess, and the checks of the store it leaves
(crash, watch and concurrency tests).

Each subprocess costs seconds of start-up (imports and the spaCy pipeline), so the tests start
few of them and poll the store instead of sleeping.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select, text

from storylens.store import Store
from storylens.store.schema import articles, comparisons, quotes, search_documents, stories

STORYLENS = [str(Path(sys.executable).with_name("storylens"))]
# Seconds a test waits for a run to reach a point (a batch committed, a file stored): far more
# than a run of these small corpora takes, even on a loaded 2-core machine.
RUN_TIMEOUT_SECONDS = 120
POLL_SECONDS = 0.05


def run_storylens(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*STORYLENS, *args],
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_SECONDS * 2,
        check=False,
    )


def start_storylens(*args: str, stdin: bool = False) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*STORYLENS, *args],
        stdin=subprocess.PIPE if stdin else None,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def article_count(db: str) -> int:
    """Articles committed so far; 0 while the schema is not there yet."""
    url = (
        f"sqlite:///{db}"
        if "://" not in db
        else db.replace("postgresql://", "postgresql+psycopg://")
    )
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.scalar(select(func.count()).select_from(articles)) or 0
    except Exception:  # noqa: BLE001 - no database or no schema yet: nothing committed
        return 0
    finally:
        engine.dispose()


def wait_until(done: Callable[[], bool], processes: list[subprocess.Popen[str]], what: str) -> None:
    """Poll until ``done``; fail at once if a run ends first, or after the timeout."""
    deadline = time.monotonic() + RUN_TIMEOUT_SECONDS
    while not done():
        for process in processes:
            if process.poll() is not None:
                _, stderr = process.communicate()
                pytest.fail(f"the run ended before {what} (exit {process.returncode}): {stderr}")
        if time.monotonic() > deadline:
            pytest.fail(f"not {what} within {RUN_TIMEOUT_SECONDS} s")
        time.sleep(POLL_SECONDS)


def wait_for_articles(db: str, at_least: int, *processes: subprocess.Popen[str]) -> None:
    wait_until(
        lambda: article_count(db) >= at_least,
        list(processes),
        f"{at_least} articles were committed",
    )


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
