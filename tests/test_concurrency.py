"""Concurrent writers: two runs on one store serialise story assignment (store/lock.py) and
see each other's stories, so two halves analysed at once give the stories of one run.

Without the lock and the reload, the two halves each open a story for an event they both see
first (ECB+ as two concurrent halves: B-cubed F1 0.92 -> 0.65), and an article given to both is
stored twice or aborts a run; this test fails on both when the lock is taken away."""

from __future__ import annotations

import os
import re
import threading

import pytest

from corpora import bcubed_f1, event_articles, event_partition, jsonl, stored_partition
from runs import start_storylens, wait_for_articles
from storylens.store import Store

pytestmark = pytest.mark.slow


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


# Each half's batches; the halves are fed on stdin in lockstep, one batch each per round.
HALF_BATCH = 3
# The first batch of each half is an event of its own: once both are stored, both runs are up
# (imports and the spaCy pipeline loaded), and each later round reaches them at one moment.
WARM_UP_EVENTS = (8, 9)
# Rounds in which two events open in both halves at once (the race the lock is for), with one
# article given to both runs (the one another writer stores meanwhile). Without the lock a
# race is lost only when the two runs' batches overlap in time, which a round does about half
# the time on SQLite; a round costs half a second, so four give the missing lock four chances.
RACE_ROUNDS = 4
Rows = list[dict[str, str]]


def _halves() -> tuple[list[Rows], list[Rows]]:
    """Each half's rounds; every event ends with four reports, two from each half."""
    first: list[Rows] = [list(event_articles(WARM_UP_EVENTS[0], HALF_BATCH))]
    second: list[Rows] = [list(event_articles(WARM_UP_EVENTS[1], HALF_BATCH))]
    last_first: Rows = []
    last_second: Rows = []
    for race in range(RACE_ROUNDS):
        shared_event, other = (list(event_articles(2 * race + n, 4)) for n in (0, 1))
        first.append([shared_event[0], other[0], shared_event[2]])
        second.append([shared_event[1], other[1], shared_event[2]])
        last_first += [shared_event[3], other[3]]
        last_second += [other[2]]
    return [*first, last_first], [*second, last_second]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_concurrent_halves_make_the_stories_of_one_run(
    backend: str, request: pytest.FixtureRequest
) -> None:
    db = str(request.getfixturevalue("sqlite_db" if backend == "sqlite" else "postgres_db"))
    halves = _halves()
    args = ["analyze", "-", "--db", db, "--batch-size", str(HALF_BATCH), "--quiet"]
    runs = [start_storylens(*args, stdin=True) for _ in halves]
    given: set[str] = set()
    try:
        for number in range(len(halves[0])):
            for run, rounds in zip(runs, halves, strict=True):
                assert run.stdin is not None
                run.stdin.write(jsonl(rounds[number]))
                run.stdin.flush()
                given |= {row["id"] for row in rounds[number]}
            if number < len(halves[0]) - 1:
                wait_for_articles(db, len(given), *runs)
        outputs = [run.communicate(timeout=120) for run in runs]  # closes stdin: the end
    finally:
        for run in runs:
            run.kill()
        found, truth = stored_partition(db), event_partition(given)
        figure = (
            f"{len(found)} stories for {len(truth)} events, "
            f"B-cubed F1 {bcubed_f1(found, truth):.3f}"
        )
        print(f"two concurrent halves on {backend}: {figure}")
    for run, (_, stderr) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, stderr
        assert "Traceback" not in stderr
    stored = sum(
        int(re.search(r"(\d+) articles? stored", stdout).group(1))  # type: ignore[union-attr]
        for stdout, _ in outputs
    )
    assert stored == len(given), figure  # an article given to both is stored once
    already = sum(int(stdout.split(" already stored")[0].split()[-1]) for stdout, _ in outputs)
    assert already == RACE_ROUNDS, figure
    assert found == truth, figure
