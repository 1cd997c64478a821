"""``storylens watch``: new and changed files and new feed entries go through the pipeline in
batches; a restart goes on where the last run stopped; SIGTERM stops it cleanly."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from storylens.pipeline import PipelineRun
from storylens.store import Store
from storylens.watch import FeedPoller, WatchBatch, watch
from test_crash import STORYLENS, event_articles, event_partition, stored_partition


def _jsonl(path: Path, rows: list[dict[str, str]]) -> None:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def _watch_once(folder: Path, store: Store, state: Path, **options: object) -> list[WatchBatch]:
    batches: list[WatchBatch] = []
    watch(
        [folder],
        PipelineRun(store),
        state,
        max_passes=1,
        interval=0,
        settle_seconds=0,
        batch_size=4,
        on_batch=batches.append,
        **options,  # type: ignore[arg-type]
    )
    return batches


def test_new_and_changed_files_are_picked_up_once(tmp_path: Path) -> None:
    inbox, db, state = tmp_path / "inbox", str(tmp_path / "w.db"), tmp_path / "w.state"
    inbox.mkdir()
    rows = list(event_articles(0, 6))
    _jsonl(inbox / "feed.jsonl", rows[:3])
    (inbox / "note.txt").write_text("Quay notice\n" + rows[3]["text"], encoding="utf-8")
    with Store(db) as store:
        first = _watch_once(inbox, store, state)
        assert sum(b.summary.stored for b in first) == 4
        assert _watch_once(inbox, store, state) == []  # nothing new: nothing read
        _jsonl(inbox / "feed.jsonl", rows[:5])  # two lines appended: the file changed
        (inbox / "note.txt").touch()  # same bytes, new time: not read again
        again = _watch_once(inbox, store, state)
        assert sum(b.summary.stored for b in again) == 2  # batches of 4: 4 lines, then 1
        assert sum(b.summary.already_stored for b in again) == 3
        assert {b.inputs for b in again} == {1}  # only the changed file was read
        assert store.count_articles() == 3 + 1 + 2


def test_state_lost_means_read_again_but_nothing_stored_twice(tmp_path: Path) -> None:
    inbox, db, state = tmp_path / "inbox", str(tmp_path / "w.db"), tmp_path / "w.state"
    inbox.mkdir()
    _jsonl(inbox / "a.jsonl", list(event_articles(1, 3)))
    with Store(db) as store:
        _watch_once(inbox, store, state)
        state.unlink()
        batches = _watch_once(inbox, store, state)
        assert [(b.summary.stored, b.summary.already_stored) for b in batches] == [(0, 3)]


FEED = """<?xml version="1.0"?><rss version="2.0"><channel><title>Harbor Gazette</title>
{items}</channel></rss>"""
ITEM = "<item><guid>{id}</guid><title>{title}</title><description>{text}</description></item>"


def test_feed_entries_by_conditional_get(tmp_path: Path) -> None:
    rows = list(event_articles(2, 4))
    shown = {"count": 2}
    requests: list[httpx.Request] = []

    def respond(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        etag = f'"v{shown["count"]}"'
        if request.headers.get("If-None-Match") == etag:
            return httpx.Response(304)
        items = "".join(ITEM.format(**row) for row in rows[: shown["count"]])
        return httpx.Response(
            200,
            text=FEED.format(items=items),
            headers={"ETag": etag, "Content-Type": "application/rss+xml"},
        )

    poller = FeedPoller(httpx.MockTransport(respond))
    inbox, db, state = tmp_path / "inbox", str(tmp_path / "w.db"), tmp_path / "w.state"
    inbox.mkdir()
    url = "https://news.example/feed.rss"
    with Store(db) as store:
        first = _watch_once(inbox, store, state, feeds=[url], poller=poller)
        assert sum(b.summary.stored for b in first) == 2
        assert _watch_once(inbox, store, state, feeds=[url], poller=poller) == []
        assert requests[-1].headers["If-None-Match"] == '"v2"'
        shown["count"] = 4
        later = _watch_once(inbox, store, state, feeds=[url], poller=poller)
        assert [(b.summary.stored, b.summary.already_stored) for b in later] == [(2, 0)]
    poller.close()


def _stored_ids(db: str) -> list[str]:
    with Store(db, create=False) as store:
        return sorted(row["id"] for row in store.article_rows())


def test_sigterm_stops_watch_cleanly_and_a_restart_goes_on(tmp_path: Path) -> None:
    inbox, db = tmp_path / "inbox", str(tmp_path / "w.db")
    inbox.mkdir()
    rows = [row for event in range(4) for row in event_articles(event, 4)]
    _jsonl(inbox / "first.jsonl", rows[:8])
    command = [
        *STORYLENS,
        "watch",
        str(inbox),
        "--db",
        db,
        "--interval",
        "0.2",
        "--batch-size",
        "4",
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not Path(db).exists() or len(_stored_ids(db)) < 8):
            assert process.poll() is None
            time.sleep(0.2)
        _jsonl(inbox / "second.jsonl", rows[8:])  # arrives while it runs (settles in 2 s)
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 0, stderr
    assert "SIGTERM: stopping after the batch in flight" in stderr
    assert "batch 1: 1 inputs seen, 4 stored" in stdout
    assert len(_stored_ids(db)) in (8, 12, 16)  # whole batches only

    restart = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(_stored_ids(db)) < len(rows):
            assert restart.poll() is None
            time.sleep(0.2)
        restart.send_signal(signal.SIGINT)
        stdout, stderr = restart.communicate(timeout=120)
    finally:
        restart.kill()
    assert restart.returncode == 0, stderr
    assert "already stored" in stdout or "stored" in stdout
    ids = sorted(row["id"] for row in rows)
    assert _stored_ids(db) == ids
    assert stored_partition(db) == event_partition(ids)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_during_watch_then_restart(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from test_crash import assert_consistent, wait_for_articles

    db = str(request.getfixturevalue("sqlite_db" if backend == "sqlite" else "postgres_db"))
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    rows = [row for event in range(5) for row in event_articles(event, 4)]
    _jsonl(inbox / "all.jsonl", rows)
    old = time.time() - 60  # settled already
    import os

    os.utime(inbox / "all.jsonl", (old, old))
    state = tmp_path / "w.state"
    command = [
        *STORYLENS,
        "watch",
        str(inbox),
        "--db",
        db,
        "--interval",
        "0.2",
        "--batch-size",
        "2",
        "--state",
        str(state),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for_articles(db, 2, process)
        process.send_signal(signal.SIGKILL)
    finally:
        process.communicate(timeout=60)
    assert 0 < assert_consistent(db, 2) < len(rows)
    restart = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and len(_stored_ids(db)) < len(rows):
            assert restart.poll() is None
            time.sleep(0.2)
        restart.send_signal(signal.SIGTERM)
        _, stderr = restart.communicate(timeout=120)
    finally:
        restart.kill()
    assert restart.returncode == 0, stderr
    ids = sorted(row["id"] for row in rows)
    assert _stored_ids(db) == ids
    assert assert_consistent(db, 1) == len(ids)
