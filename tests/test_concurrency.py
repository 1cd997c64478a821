"""Concurrent writers: two runs on one store serialise story assignment (store/lock.py) and
see each other's stories, so two halves analysed at once give the stories of one run."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

from storylens.store import Store
from test_crash import STORYLENS, event_articles, event_partition, stored_partition

# Articles per event, split across the two halves so that every event has articles in both.
PER_EVENT = 6
EVENTS = range(6)
BATCH = 3


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_writer_lock_says_whom_it_waits_for(backend: str, request: pytest.FixtureRequest) -> None:
    db = str(request.getfixturevalue("sqlite_db" if backend == "sqlite" else "postgres_db"))
    with Store(db) as first, Store(db) as second:
        heard: list[str] = []
        entered = threading.Event()

        def wait_for_first() -> None:
            with second.writer_lock.hold(heard.append):
                entered.set()

        with first.writer_lock.hold():
            waiter = threading.Thread(target=wait_for_first)
            waiter.start()
            assert not entered.wait(0.5), "the second writer got in while the first held it"
        waiter.join(10)
        assert entered.is_set()
        assert heard == [
            f"waiting for the other writer (pid {os.getpid()}) to finish writing to {db}"
        ]


def test_first_runs_racing_on_the_migration_both_open(postgres_db: str) -> None:
    failures: list[BaseException] = []
    start = threading.Barrier(3)

    def open_store() -> None:
        start.wait()
        try:
            Store(postgres_db).close()
        except BaseException as error:  # reported below, with the test's own failure
            failures.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []


def _write_half(path: Path, rows: list[dict[str, str]]) -> list[str]:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return [row["id"] for row in rows]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_concurrent_halves_make_the_stories_of_one_run(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = str(request.getfixturevalue("sqlite_db" if backend == "sqlite" else "postgres_db"))
    rows = [row for event in EVENTS for row in event_articles(event, PER_EVENT)]
    # Each event's reports alternate between the halves; one article is in both (overlap).
    first = [row for n, row in enumerate(rows) if n % 2 == 0] + [rows[1]]
    second = [row for n, row in enumerate(rows) if n % 2 == 1]
    ids = sorted(
        set(_write_half(tmp_path / "a.jsonl", first))
        | set(_write_half(tmp_path / "b.jsonl", second))
    )
    runs = [
        subprocess.Popen(
            [*STORYLENS, "analyze", str(tmp_path / name), "--db", db, "--batch-size", str(BATCH)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("a.jsonl", "b.jsonl")
    ]
    outputs = [run.communicate(timeout=300) for run in runs]
    for run, (_, stderr) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, stderr
        assert "Traceback" not in stderr
    stored = sum(int(stdout.split(" articles stored")[0].split()[-1]) for stdout, _ in outputs)
    assert stored == len(ids)  # the article in both halves is stored once, by one of them
    already = sum(int(stdout.split(" already stored")[0].split()[-1]) for stdout, _ in outputs)
    assert already == 1
    assert stored_partition(db) == event_partition(ids)
