"""``storylens watch``: new and changed files and new feed entries go through the pipeline in
batches; a restart goes on where the last run stopped, after kill -9 as after SIGTERM."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx

from corpora import (
    event_articles,
    event_partition,
    interleaved,
    stored_ids,
    stored_partition,
    write_jsonl,
)
from runs import assert_consistent, start_storylens, wait_for_articles
from storylens.ingest.fetch import Fetcher
from storylens.pipeline import PipelineRun
from storylens.records import Rejection
from storylens.store import Store
from storylens.watch import FeedPoller, WatchBatch, watch
from storylens.watch.state import FeedSeen


def _watch_once(
    folder: Path, store: Store, state: Path, batch_size: int = 4, **options: object
) -> list[WatchBatch]:
    """One pass of watch in this process, as ``storylens watch`` makes each pass."""
    batches: list[WatchBatch] = []
    watch(
        [folder],
        PipelineRun(store),
        state,
        max_passes=1,
        interval=0,
        settle_seconds=0,
        batch_size=batch_size,
        on_batch=batches.append,
        **options,  # type: ignore[arg-type]
    )
    return batches


def test_new_and_changed_files_are_picked_up_once(tmp_path: Path) -> None:
    inbox, db, state = tmp_path / "inbox", str(tmp_path / "w.db"), tmp_path / "w.state"
    inbox.mkdir()
    rows = list(event_articles(0, 6))
    write_jsonl(inbox / "feed.jsonl", rows[:3])
    (inbox / "note.txt").write_text("Quay notice\n" + rows[3]["text"], encoding="utf-8")
    with Store(db) as store:
        first = _watch_once(inbox, store, state)
        assert sum(b.summary.stored for b in first) == 4
        assert _watch_once(inbox, store, state) == []  # nothing new: nothing read
        write_jsonl(inbox / "feed.jsonl", rows[:5])  # two lines appended: the file changed
        (inbox / "note.txt").touch()  # same bytes, new time: not read again
        again = _watch_once(inbox, store, state)
        assert sum(b.summary.stored for b in again) == 2  # batches of 4: 4 lines, then 1
        assert sum(b.summary.already_stored for b in again) == 3
        assert {b.inputs for b in again} == {1}  # only the changed file was read
        assert store.count_articles() == 3 + 1 + 2


def test_state_lost_means_read_again_but_nothing_stored_twice(tmp_path: Path) -> None:
    inbox, db, state = tmp_path / "inbox", str(tmp_path / "w.db"), tmp_path / "w.state"
    inbox.mkdir()
    write_jsonl(inbox / "a.jsonl", list(event_articles(1, 3)))
    with Store(db) as store:
        _watch_once(inbox, store, state)
        state.unlink()
        batches = _watch_once(inbox, store, state)
        assert [(b.summary.stored, b.summary.already_stored) for b in batches] == [(0, 3)]


FEED = """<?xml version="1.0"?><rss version="2.0"><channel><title>Harbor Gazette</title>
{items}</channel></rss>"""
ITEM = "<item><guid>{id}</guid><title>{title}</title><description>{text}</description></item>"
SITE = "https://news.example"


class FakeClock:
    """A clock that only moves when the fetcher sleeps: host delays and backoff, not waited."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def _poller(transport: httpx.MockTransport) -> FeedPoller:
    clock = FakeClock()
    return FeedPoller(Fetcher(transport, clock=clock, sleep=clock.sleep))


def test_feed_entries_by_conditional_get(tmp_path: Path) -> None:
    rows = list(event_articles(2, 4))
    shown = {"count": 2}
    requests: list[httpx.Request] = []

    def respond(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        if request.url.path == "/robots.txt":
            return httpx.Response(404)
        etag = f'"v{shown["count"]}"'
        if request.headers.get("If-None-Match") == etag:
            return httpx.Response(304)
        items = "".join(ITEM.format(**row) for row in rows[: shown["count"]])
        return httpx.Response(
            200,
            text=FEED.format(items=items),
            headers={"ETag": etag, "Content-Type": "application/rss+xml"},
        )

    poller = _poller(httpx.MockTransport(respond))
    inbox, db, state = tmp_path / "inbox", str(tmp_path / "w.db"), tmp_path / "w.state"
    inbox.mkdir()
    url = f"{SITE}/feed.rss"
    with Store(db) as store:
        first = _watch_once(inbox, store, state, feeds=[url], poller=poller)
        assert sum(b.summary.stored for b in first) == 2
        assert _watch_once(inbox, store, state, feeds=[url], poller=poller) == []
        assert requests[-1].headers["If-None-Match"] == '"v2"'
        shown["count"] = 4
        later = _watch_once(inbox, store, state, feeds=[url], poller=poller)
        assert [(b.summary.stored, b.summary.already_stored) for b in later] == [(2, 0)]
    # The feed went through the polite fetcher: robots.txt read once, for the whole watch.
    assert [r.url.path for r in requests].count("/robots.txt") == 1
    poller.close()


def test_feed_poll_honours_robots_txt_and_backs_off() -> None:
    feed = FEED.format(items=ITEM.format(**next(event_articles(3, 1))))
    answers = {"/feed.rss": [httpx.Response(503), httpx.Response(200, text=feed)]}

    def respond(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/robots.txt":
            return httpx.Response(200, text="User-agent: *\nDisallow: /private/\n")
        queue = answers.get(request.url.path)
        return queue.pop(0) if queue else httpx.Response(404)

    clock = FakeClock()
    poller = FeedPoller(Fetcher(httpx.MockTransport(respond), clock=clock, sleep=clock.sleep))
    blocked = poller.poll(f"{SITE}/private/feed.rss", FeedSeen(etag='"v1"'))
    assert blocked.records == [
        Rejection(
            f"{SITE}/private/feed.rss",
            f"disallowed by robots.txt ({SITE}/robots.txt); polled again in 60 s",
        )
    ]
    assert blocked.seen is None  # nothing remembered: a later pass asks again
    failed = poller.poll(f"{SITE}/feed.rss", None)  # a 503: not retried within the pass
    assert [r.reason for r in failed.records] == ["HTTP 503 from the server; polled again in 60 s"]
    clock.sleep(60.0)  # the feed's backoff has passed
    polled = poller.poll(f"{SITE}/feed.rss", None)
    assert [type(r).__name__ for r in polled.records] == ["Article"]
    assert polled.new_keys == ["ev03-00"] and polled.seen is not None


def _watch_command(inbox: Path, db: str, state: Path) -> list[str]:
    return ["watch", str(inbox), "--db", db, "--state", str(state)]


# Small batches commit early, so the kill and the SIGTERM land with most of the work to go.
LIFE_BATCH = 2
# A short interval: a restart's second pass (the file that arrived) comes at once.
LIFE_INTERVAL = "0.1"


def _settled(path: Path) -> None:
    """Date a written file a minute back: settled already (watch leaves a file written in
    the last 2 s for the next pass), so the test need not wait out the settling time."""
    old = time.time() - 60
    os.utime(path, (old, old))


def test_watch_killed_stopped_and_restarted_stores_each_article_once(tmp_path: Path) -> None:
    """One watch's life: killed with -9 after its first batch, restarted and stopped by
    SIGTERM while a file that arrived meanwhile is half stored, restarted again until
    everything is stored, each article once. SQLite only: the store's side of a kill is
    proved on both databases by test_crash.py, and what watch adds (its state file) is the
    same on both."""
    inbox, db, state = tmp_path / "inbox", str(tmp_path / "w.db"), tmp_path / "w.state"
    inbox.mkdir()
    rows = interleaved([0, 1, 2, 4], 4)
    write_jsonl(inbox / "first.jsonl", rows[:8])
    _settled(inbox / "first.jsonl")
    command = [*_watch_command(inbox, db, state), "--batch-size", str(LIFE_BATCH)]
    command += ["--interval", LIFE_INTERVAL]

    killed = start_storylens(*command)
    try:
        wait_for_articles(db, LIFE_BATCH, killed)
    finally:
        killed.kill()
        killed.communicate(timeout=60)
    assert killed.returncode == -signal.SIGKILL
    assert 0 < assert_consistent(db, LIFE_BATCH) < len(rows)

    stopped = start_storylens(*command)
    try:
        wait_for_articles(db, 8, stopped)  # the first file, with what the kill left
        write_jsonl(inbox / "second.jsonl", rows[8:])  # arrives while it runs
        _settled(inbox / "second.jsonl")
        wait_for_articles(db, 8 + LIFE_BATCH, stopped)
        stopped.send_signal(signal.SIGTERM)
        stdout, stderr = stopped.communicate(timeout=120)
    finally:
        stopped.kill()
    assert stopped.returncode == 0, stderr
    assert "SIGTERM: stopping after the batch in flight" in stderr
    assert "batch 1: 1 input seen" in stdout
    # Whole batches, and it stopped there rather than running on to the end.
    assert 8 + LIFE_BATCH <= assert_consistent(db, LIFE_BATCH) < len(rows)

    # The last restart runs in this process (the pipeline is loaded already): it reads the
    # state the stopped run wrote, as a new process would, and stores the rest.
    with Store(db) as store:
        rest = _watch_once(inbox, store, state, batch_size=LIFE_BATCH)
    # Only the second file is read again (the state lists the first as stored), and what of
    # it the stopped run stored counts as already stored.
    assert sum(b.summary.stored + b.summary.already_stored for b in rest) == len(rows) - 8
    assert sum(b.summary.stored for b in rest) > 0
    ids = sorted(row["id"] for row in rows)
    assert stored_ids(db) == ids
    assert assert_consistent(db, 1) == len(ids)
    assert stored_partition(db) == event_partition(ids)
