"""The watch loop: scan, read what is new, run it through the pipeline in batches, remember.

Every pass (one each ``interval`` seconds) scans the folders and polls the feeds, then streams
the new records through ``PipelineRun`` batch by batch. After each batch commits, the files
and feed entries whose records are all stored are written to the state file. The loop stops
between batches when ``stop`` is set (Ctrl-C, SIGTERM), so a batch is finished or, on a second
signal, abandoned by its transaction: the store never holds half a batch.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from storylens.ingest.sources import read_file
from storylens.pipeline import DEFAULT_PIPELINE_BATCH, AnalyzeSummary, PipelineRun
from storylens.records import Article, Rejection
from storylens.watch.feeds import FeedPoll, FeedPoller
from storylens.watch.files import SETTLE_SECONDS, FileChange, scan_folders
from storylens.watch.state import WatchState, load_state, save_state

# Seconds between two passes: new files show within seconds, and an idle watch costs a folder
# walk and one conditional GET per feed each time.
DEFAULT_INTERVAL_SECONDS = 30.0


@dataclass
class WatchBatch:
    """What one batch of a pass did: the line ``watch`` prints."""

    number: int
    inputs: int  # files and feeds whose records are in this batch
    summary: AnalyzeSummary


@dataclass
class WatchTotals:
    passes: int = 0
    batches: int = 0
    summary: AnalyzeSummary = field(default_factory=AnalyzeSummary)


@dataclass(frozen=True)
class _Done:
    """Marks the end of one input's records in the stream: remember it once stored."""

    change: FileChange | None = None
    feed: FeedPoll | None = None


_Item = tuple[Article | Rejection, str] | _Done  # a record with its file or feed, or an end


def watch(
    folders: Sequence[Path],
    run: PipelineRun,
    state_path: Path,
    *,
    feeds: Sequence[str] = (),
    poller: FeedPoller | None = None,
    interval: float = DEFAULT_INTERVAL_SECONDS,
    batch_size: int = DEFAULT_PIPELINE_BATCH,
    settle_seconds: float = SETTLE_SECONDS,
    max_passes: int | None = None,
    stop: threading.Event | None = None,
    on_batch: Callable[[WatchBatch], None] | None = None,
) -> WatchTotals:
    """Watch until ``stop`` is set or ``max_passes`` passes are done; what it stored."""
    stop = stop or threading.Event()
    state = load_state(state_path)
    if not state.is_empty() and run.store.count_articles() == 0:
        state = WatchState()  # a new or emptied database: what the state lists is not in it
    totals = WatchTotals()
    own_poller = poller is None and bool(feeds)
    poller = poller or (FeedPoller() if feeds else None)
    try:
        while not stop.is_set():
            _one_pass(
                folders,
                feeds,
                poller,
                run,
                state,
                state_path,
                batch_size,
                settle_seconds,
                stop,
                totals,
                on_batch,
            )
            totals.passes += 1
            if max_passes is not None and totals.passes >= max_passes:
                break
            stop.wait(interval)
    finally:
        if own_poller and poller is not None:
            poller.close()
    return totals


def _one_pass(
    folders: Sequence[Path],
    feeds: Sequence[str],
    poller: FeedPoller | None,
    run: PipelineRun,
    state: WatchState,
    state_path: Path,
    batch_size: int,
    settle_seconds: float,
    stop: threading.Event,
    totals: WatchTotals,
    on_batch: Callable[[WatchBatch], None] | None,
) -> None:
    scan = scan_folders(folders, state, settle_seconds=settle_seconds)
    items = _items(scan.problems, scan.changed, feeds, poller, state)
    for tagged, done in _batches(items, batch_size):
        records = [record for record, _ in tagged]
        if stop.is_set():
            return  # what is left is read again next time: nothing of it is remembered
        summary = run.run_batch(records) if records else AnalyzeSummary()
        for marker in done:
            if marker.change is not None:
                state.files[str(marker.change.path)] = marker.change.seen
            elif marker.feed is not None and marker.feed.seen is not None:
                marker.feed.seen.remember(marker.feed.new_keys)
                state.feeds[marker.feed.url] = marker.feed.seen
        state.problems.update(problem.input for problem in scan.problems)
        save_state(state, state_path)
        totals.summary.add(summary)
        if records:
            totals.batches += 1
            inputs = len({name for _, name in tagged})
            if on_batch:
                on_batch(WatchBatch(totals.batches, inputs, summary))
    if scan.unchanged:
        save_state(state, state_path)


def _items(
    problems: list[Rejection],
    changed: list[FileChange],
    feeds: Sequence[str],
    poller: FeedPoller | None,
    state: WatchState,
) -> Iterator[_Item]:
    for problem in problems:
        yield problem, problem.input
    for change in changed:
        for record in read_file(change.path, change.seen.article_id):
            yield record, str(change.path)
        yield _Done(change=change)
    if poller is not None:
        for url in feeds:
            poll = poller.poll(url, state.feeds.get(url))
            for record in poll.records:
                yield record, url
            yield _Done(feed=poll)


def _batches(
    items: Iterator[_Item], size: int
) -> Iterator[tuple[list[tuple[Article | Rejection, str]], list[_Done]]]:
    """Batches of ``size`` records, each with the inputs that ended within it."""
    records: list[tuple[Article | Rejection, str]] = []
    done: list[_Done] = []
    for item in items:
        if isinstance(item, _Done):
            done.append(item)
            continue
        if len(records) == size:
            yield records, done
            records, done = [], []
        records.append(item)
    if records or done:
        yield records, done
