"""The commands that fill the store: ``analyze`` once, ``watch`` until stopped."""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from storylens.analyse.workers import DEFAULT_PARALLEL_FROM_ARTICLES, Analyser, DaskAnalyser
from storylens.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REJECTED,
    BatchSizeOption,
    DbOption,
    ModelOption,
    SettingOption,
    _fail,
    _open_store,
    _print_rejections,
    _stderr,
    _stdout,
    _story_settings,
    _wait_notice,
    plural,
)
from storylens.errors import InputError, StorylensError, UsageError
from storylens.ingest.records import normalise_published
from storylens.pipeline import (
    DEFAULT_PIPELINE_BATCH,
    AnalyzeSummary,
    PipelineRun,
    analyze,
    count_records,
)
from storylens.store import DEFAULT_DB_PATH
from storylens.watch import (
    DEFAULT_INTERVAL_SECONDS,
    WatchBatch,
    default_state_path,
    read_feed_list,
    watch,
)


def analyze_command(
    inputs: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="INPUT",
            help="Files, folders, URLs, or - for JSON Lines on stdin.",
            show_default=False,
        ),
    ] = None,
    db: DbOption = DEFAULT_DB_PATH,
    urls: Annotated[
        list[Path] | None,
        typer.Option(
            "--urls",
            metavar="FILE",
            help="A file of URLs to fetch, one per line (# comments); repeatable.",
            show_default=False,
        ),
    ] = None,
    model: ModelOption = None,
    batch_size: BatchSizeOption = DEFAULT_PIPELINE_BATCH,
    setting: SettingOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress display.")] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="Analyse on N local processes (default: every core from "
            f"{DEFAULT_PARALLEL_FROM_ARTICLES} inputs on; 1: this process only).",
            show_default=False,
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS", help="Analyse on the Dask cluster at this address (tcp://host:8786)."
        ),
    ] = None,
    outlet: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="The outlet of every article of this run's inputs."),
    ] = None,
    published: Annotated[
        str | None,
        typer.Option(
            metavar="DATE", help="The publication date of every article of this run's inputs."
        ),
    ] = None,
    embeddings: Annotated[
        bool,
        typer.Option(
            "--embeddings",
            # "\[" keeps Rich from reading "[embeddings]" as markup and dropping it.
            help="Also compare articles by sentence embeddings (needs storylens\\[embeddings]).",
        ),
    ] = False,
) -> None:
    """Ingest articles, analyse them, group them into stories and store everything."""
    console, errors = _stdout(), _stderr()
    inputs = inputs or []
    url_lists = [str(path) for path in urls or []]
    if not inputs and not url_lists:
        _fail(UsageError("give files, folders, URLs or - , or --urls FILE"), errors)
    settings = _story_settings(errors, setting)
    if published and normalise_published(published) is None:
        _fail(UsageError(f"--published {published!r} is not a date (2026-03-04, say)"), errors)
    if scheduler and workers is not None:
        _fail(UsageError("--workers is for local processes; leave it out with --scheduler"), errors)
    waiting = _wait_notice(errors)
    store = _open_store(db, on_wait=waiting)
    analyser: Analyser | None = None
    try:
        if scheduler:
            analyser = DaskAnalyser(model, scheduler=scheduler)
    except StorylensError as error:
        store.close()
        _fail(error, errors)
    shown = not quiet and errors.is_terminal
    # Counted only when shown: the count reads the JSON Lines files once more.
    total = count_records(inputs) if shown and not url_lists else None
    progress = _progress(errors, total, disable=not shown)
    with progress:
        task = progress.add_task("analysing", total=total)

        def report(summary: AnalyzeSummary) -> None:
            progress.update(
                task,
                completed=summary.processed,
                description=f"analysing: {summary.stored} stored, {len(summary.rejected)} rejected",
            )

        try:
            summary = analyze(
                inputs,
                store,
                model=model,
                batch_size=batch_size,
                stdin=sys.stdin,
                on_batch=report,
                embeddings=embeddings,
                analyser=analyser,
                on_wait=waiting,
                url_lists=url_lists,
                on_note=waiting,
                settings=settings,
                outlet=outlet,
                published=published,
                workers=workers,
                on_problem=waiting,
            )
        except BaseException as error:
            if analyser:
                analyser.close()
            store.close()
            if isinstance(error, StorylensError):
                _fail(error, errors)
            raise
        # Read only after a run that went through: after a failure the store may not answer,
        # and asking it again would hide the first error.
        if analyser:
            analyser.close()
        try:
            stories = store.count_stories()
        finally:
            store.close()

    _print_rejections(errors, summary)
    console.print(
        Text(
            f"{plural(summary.stored, 'article')} stored, {summary.already_stored} already "
            f"stored, {plural(summary.duplicates, 'syndicated copy', 'syndicated copies')}, "
            f"{plural(summary.new_stories, 'new story', 'new stories')} "
            f"({plural(stories, 'story', 'stories')} in {db}), "
            f"{plural(len(summary.rejected), 'input')} rejected"
        ),
        soft_wrap=True,
    )
    raise typer.Exit(EXIT_OK if summary.ok else EXIT_REJECTED)


def _progress(console: Console, total: int | None, *, disable: bool) -> Progress:
    """A progress display on stderr; with a known total, the count of it and the time left."""
    columns: list[ProgressColumn | str] = [
        SpinnerColumn(),
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
    ]
    if total is not None:
        columns += [
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
        ]
    else:
        columns.append(TimeElapsedColumn())
    return Progress(*columns, console=console, disable=disable, transient=True)


def _watch_problem(
    folders: list[Path], feeds: Path | None
) -> tuple[StorylensError | None, list[str]]:
    """The first folder that is not one or a feed list that cannot be read, and the feeds."""
    problem: StorylensError | None = next(
        (InputError(str(f), "not a folder") for f in folders if not f.is_dir()), None
    )
    feed_urls: list[str] = []
    if feeds is not None:
        try:
            feed_urls = read_feed_list(feeds.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", error)
            problem = UsageError(f"cannot read the feed list {feeds}: {reason}")
    return problem, feed_urls


def watch_command(
    folders: Annotated[
        list[Path],
        typer.Argument(
            metavar="FOLDER", help="Folders to watch (read recursively).", show_default=False
        ),
    ],
    feeds: Annotated[
        Path | None,
        typer.Option("--feeds", metavar="FILE", help="File of feed URLs to poll, one a line."),
    ] = None,
    interval: Annotated[
        float,
        typer.Option(
            min=0.1, metavar="SECONDS", help="Seconds between two passes over the inputs."
        ),
    ] = DEFAULT_INTERVAL_SECONDS,
    db: DbOption = DEFAULT_DB_PATH,
    state: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help="What was seen (default: <db>.watch.json beside a SQLite file)."
        ),
    ] = None,
    model: ModelOption = None,
    batch_size: BatchSizeOption = DEFAULT_PIPELINE_BATCH,
    setting: SettingOption = None,
) -> None:
    """Keep the store up to date: new and changed files, new feed entries (Ctrl-C stops)."""
    console, errors = _stdout(), _stderr()
    problem, feed_urls = _watch_problem(folders, feeds)
    if problem is not None:
        _fail(problem, errors)
    settings = _story_settings(errors, setting)
    waiting = _wait_notice(errors)
    store = _open_store(db, on_wait=waiting)
    stop = threading.Event()

    def on_signal(signum: int, _frame: object) -> None:
        if stop.is_set():  # the second one: abandon the batch (its transaction rolls back)
            raise KeyboardInterrupt
        stop.set()
        errors.print(
            Text(
                f"storylens: {signal.Signals(signum).name}: stopping after the batch in "
                "flight (again to stop now)"
            )
        )

    def on_batch(batch: WatchBatch) -> None:
        _print_rejections(errors, batch.summary)
        done = batch.summary
        console.print(
            Text(
                f"batch {batch.number}: {plural(batch.inputs, 'input')} seen, {done.stored} "
                f"stored, {done.already_stored} already stored, {len(done.rejected)} rejected, "
                f"{plural(done.new_stories, 'new story', 'new stories')}"
            ),
            soft_wrap=True,
        )

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        run = PipelineRun(store, model=model, on_wait=waiting, on_note=waiting, settings=settings)
        errors.print(
            Text(
                f"storylens: watching {', '.join(map(str, folders))}"
                + (f" and {len(feed_urls)} feeds" if feed_urls else "")
                + f" every {interval:g} s into {db} (Ctrl-C stops)"
            ),
            soft_wrap=True,
        )
        totals = watch(
            folders,
            run,
            state or default_state_path(db),
            feeds=feed_urls,
            interval=interval,
            batch_size=batch_size,
            stop=stop,
            on_batch=on_batch,
        )
    except StorylensError as error:
        _fail(error, errors)
    except KeyboardInterrupt:
        errors.print(Text("storylens: stopped; the batch in flight was not stored"))
        raise typer.Exit(EXIT_INTERRUPTED) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        store.close()
    done = totals.summary
    errors.print(
        Text(
            f"storylens: stopped after {plural(totals.passes, 'pass', 'passes')}: "
            f"{plural(done.stored, 'article')} stored, {done.already_stored} already stored, "
            f"{len(done.rejected)} rejected, "
            f"{plural(done.new_stories, 'new story', 'new stories')}"
        ),
        soft_wrap=True,
    )
