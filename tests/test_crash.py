"""Crash safety, kept proved: kill -9 in the middle of ``analyze``, then check the store is
consistent (no half batch, every reference valid) and that a rerun completes with no
duplicates and the stories one clean run makes. SQLite and PostgreSQL (their transactions
differ; PostgreSQL when a server answers, see conftest.py). ``watch`` is killed the same way in
test_watch.py."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from corpora import event_partition, stored_ids, stored_partition, write_corpus
from runs import assert_consistent, start_storylens, wait_for_articles
from storylens.pipeline import analyze
from storylens.store import Store

pytestmark = pytest.mark.slow


# Six batches: the kill lands within a poll of the first commit, with most of the run to go.
CRASH_EVENTS = [0, 1, 2, 4, 5, 6]
CRASH_PER_EVENT = 4
CRASH_BATCH = 4


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_during_analyze_then_rerun(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = str(request.getfixturevalue("sqlite_db" if backend == "sqlite" else "postgres_db"))
    corpus = tmp_path / "corpus.jsonl"
    ids = write_corpus(corpus, CRASH_EVENTS, CRASH_PER_EVENT)
    args = ["analyze", str(corpus), "--db", db, "--batch-size", str(CRASH_BATCH), "--quiet"]
    process = start_storylens(*args)
    try:
        wait_for_articles(db, CRASH_BATCH, process)
    finally:
        process.kill()  # SIGKILL: no handler, no cleanup, like a power cut
        process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    killed_at = assert_consistent(db, CRASH_BATCH)
    assert 0 < killed_at < len(ids)

    # The rerun is a fresh run on the store the kill left; in this process, where the spaCy
    # pipeline is loaded already (a second subprocess would add its start-up and prove no more).
    with Store(db) as store:
        rerun = analyze([str(corpus)], store, batch_size=CRASH_BATCH)
    assert rerun.ok, rerun.rejected
    assert (rerun.stored, rerun.already_stored) == (len(ids) - killed_at, killed_at)
    assert assert_consistent(db, 1) == len(ids)
    assert stored_ids(db) == sorted(ids)
    assert stored_partition(db) == event_partition(ids)
