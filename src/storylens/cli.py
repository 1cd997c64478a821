"""The storylens command line: analyze, watch, stories, show, report, export, search, serve.

Exit codes: 0 when everything was stored, 1 when some inputs were rejected (the rest are
stored), 2 on usage errors (bad options, unknown story, unreadable database), 130 when a
second Ctrl-C or SIGTERM stops ``watch`` mid-batch (that batch is not stored).
"""

from __future__ import annotations

import gzip
import json
import logging
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn, TextIO

import typer
from rich.console import Console
from rich.markdown import Markdown
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
from rich.table import Table
from rich.text import Text

from storylens import __version__
from storylens.analyse.workers import DaskAnalyser, LocalAnalyser
from storylens.errors import (
    InputError,
    ModelError,
    NotFound,
    SettingError,
    StoreError,
    StorylensError,
)
from storylens.ingest.decode import decode_text
from storylens.pipeline import (
    DEFAULT_PIPELINE_BATCH,
    AnalyzeSummary,
    PipelineRun,
    analyze,
    count_records,
)
from storylens.store import DEFAULT_DB_PATH, Store
from storylens.store.search import MATCH_END, MATCH_START
from storylens.stories import StorySettings
from storylens.stories.settings import SETTINGS, read_settings
from storylens.views import StoryView, search_view, story_view
from storylens.watch import (
    DEFAULT_INTERVAL_SECONDS,
    WatchBatch,
    default_state_path,
    read_feed_list,
    watch,
)
from storylens.web.settings import CACHE_ENTRIES, DEFAULT_HOST, DEFAULT_PORT, TOKEN_ENV

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_USAGE = 2
# The run could not go on: the database cannot be opened, migrated or written, it was built
# by a newer storylens, or the spaCy model (or the embeddings extra) is missing.
EXIT_FAILED = 3
# 128 + SIGINT, the shell's code for a command stopped by Ctrl-C.
EXIT_INTERRUPTED = 130

app = typer.Typer(
    name="storylens",
    help="Turn news articles into stories and compare how outlets covered each one.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"storylens {__version__}\n")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
    verbose: Annotated[
        int,
        typer.Option(
            "--verbose",
            "-v",
            count=True,
            help="Say more on stderr: -v each batch and migration, -vv each fetch and story.",
        ),
    ] = 0,
) -> None:
    """Turn news articles into stories and compare how outlets covered each one."""
    _configure_logging(verbose)


# Log lines go to stderr, under the one logger every module's logger descends from.
LOG_FORMAT = "storylens: %(name)s: %(message)s"


class _StderrHandler(logging.StreamHandler[TextIO]):
    """Writes to whatever ``sys.stderr`` is when a line is logged, not when it was made."""

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _value: object) -> None:
        pass


def _configure_logging(verbose: int) -> None:
    """Warnings only by default; -v adds what each batch did, -vv every decision."""
    root = logging.getLogger("storylens")
    for handler in [h for h in root.handlers if isinstance(h, _StderrHandler)]:
        root.removeHandler(handler)
    handler = _StderrHandler()
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root.addHandler(handler)
    levels = (logging.WARNING, logging.INFO, logging.DEBUG)
    root.setLevel(levels[min(max(verbose, 0), len(levels) - 1)])


def _stdout() -> Console:
    # Made per command, not at import: the width then follows the terminal (and COLUMNS).
    return Console()


def _stderr() -> Console:
    return Console(stderr=True)


def exit_code_for(error: StorylensError) -> int:
    """The exit code of a command that stopped on ``error``: 2 for what the user asked wrong
    (an option, an unknown id or database, an unreadable input), 3 when the run could not go
    on (the database, the model)."""
    if isinstance(error, NotFound):
        return EXIT_USAGE
    if isinstance(error, StoreError | ModelError):
        return EXIT_FAILED
    return EXIT_USAGE


def _say_error(error: StorylensError, console: Console | None = None) -> None:
    """``error`` in one line on stderr, its untrusted parts neutralised."""
    (console or _stderr()).print(
        Text(f"error: {terminal_safe(str(error))}", style="red"), soft_wrap=True
    )


def _fail(error: StorylensError, console: Console | None = None) -> NoReturn:
    """Say ``error`` in one line on stderr and stop with its exit code."""
    _say_error(error, console)
    raise typer.Exit(exit_code_for(error)) from error


DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="STORYLENS_DB",
        metavar="PATH|URL",
        help="SQLite file path, or a postgresql:// URL for a shared server.",
    ),
]
# Options that analyze and watch share.
ModelOption = Annotated[
    str | None,
    typer.Option(metavar="NAME", help="spaCy pipeline package to use (default: best installed)."),
]
BatchSizeOption = Annotated[
    int, typer.Option(min=1, metavar="N", help="Articles per batch and per transaction.")
]
SettingOption = Annotated[
    list[str] | None,
    typer.Option(
        "--setting",
        metavar="NAME=VALUE",
        help="A story setting as NAME=VALUE (storylens settings lists them); repeatable.",
        show_default=False,
    ),
]


OutputOption = Annotated[
    Path | None,
    typer.Option("--output", "-o", metavar="FILE", help="Write here instead of stdout."),
]


def _open_store(
    db: str, *, create: bool = True, on_wait: Callable[[str], None] | None = None
) -> Store:
    """The store at ``db``; commands that only read pass ``create=False`` and so never
    make an empty database out of a mistyped path."""
    try:
        return Store(db, create=create, on_wait=on_wait)
    except StorylensError as error:
        _fail(error)


@app.command("analyze")
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
        int,
        typer.Option(
            min=0, metavar="N", help="Analyse on a local Dask cluster of this many processes."
        ),
    ] = 0,
    scheduler: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS", help="Analyse on the Dask cluster at this address (tcp://host:8786)."
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
        errors.print(Text("error: give files, folders, URLs or - , or --urls FILE", style="red"))
        raise typer.Exit(EXIT_USAGE)
    settings = _story_settings(errors, setting)
    waiting = _wait_notice(errors)
    store = _open_store(db, on_wait=waiting)
    try:
        analyser = (
            DaskAnalyser(model, scheduler=scheduler, workers=workers or 1)
            if scheduler or workers
            else LocalAnalyser(model)
        )
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
            )
        except BaseException as error:
            analyser.close()
            store.close()
            if isinstance(error, StorylensError):
                _fail(error, errors)
            raise
        # Read only after a run that went through: after a failure the store may not answer,
        # and asking it again would hide the first error.
        analyser.close()
        try:
            stories = store.count_stories()
        finally:
            store.close()

    for rejection in summary.rejected:
        errors.print(
            Text(f"rejected: {rejection.input}: {rejection.reason}", style="yellow"),
            soft_wrap=True,  # one line per input, whatever the terminal width
        )
    console.print(
        Text(
            f"{summary.stored} articles stored, {summary.already_stored} already stored, "
            f"{summary.duplicates} syndicated copies, {summary.new_stories} new stories "
            f"({stories} stories in {db}), {len(summary.rejected)} inputs rejected"
        ),
        soft_wrap=True,
    )
    raise typer.Exit(EXIT_OK if summary.ok else EXIT_REJECTED)


def _story_settings(errors: Console, pairs: list[str] | None) -> StorySettings:
    """The story settings with the user's ``--setting NAME=VALUE`` applied, or exit 2."""
    try:
        return read_settings(pairs or ())
    except SettingError as error:
        _fail(error, errors)


@app.command("settings")
def settings_command() -> None:
    """List the story settings that --setting NAME=VALUE changes, with their defaults."""
    table = _table(
        f"{len(SETTINGS)} story settings",
        ("name", "default", "meaning"),
        ((item.name, f"{item.default:g}", item.help) for item in SETTINGS),
    )
    _stdout().print(table)


def _wait_notice(errors: Console) -> Callable[[str], None]:
    """Says on stderr that this run waits for another writer; once per writer, not per batch."""
    said: set[str] = set()

    def waiting(line: str) -> None:
        if line not in said:
            said.add(line)
            errors.print(Text(f"storylens: {line}"), soft_wrap=True)

    return waiting


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


@app.command("watch")
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
    problem = next((f"{f}: not a folder" for f in folders if not f.is_dir()), None)
    feed_urls: list[str] = []
    if feeds is not None:
        try:
            feed_urls = read_feed_list(feeds.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            problem = f"cannot read the feed list {feeds}: {getattr(error, 'strerror', error)}"
    if problem:
        errors.print(Text(f"error: {terminal_safe(problem)}", style="red"), soft_wrap=True)
        raise typer.Exit(EXIT_USAGE)
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
                f"batch {batch.number}: {batch.inputs} inputs seen, {done.stored} stored, "
                f"{done.already_stored} already stored, {len(done.rejected)} rejected, "
                f"{done.new_stories} new stories"
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
            f"storylens: stopped after {totals.passes} passes: {done.stored} articles stored, "
            f"{done.already_stored} already stored, {len(done.rejected)} rejected, "
            f"{done.new_stories} new stories"
        ),
        soft_wrap=True,
    )


def _print_rejections(errors: Console, summary: AnalyzeSummary) -> None:
    for rejection in summary.rejected:
        errors.print(
            Text(
                f"rejected: {terminal_safe(rejection.input)}: {terminal_safe(rejection.reason)}",
                style="yellow",
            ),
            soft_wrap=True,  # one line per input, whatever the terminal width
        )


# Columns holding ids: never wrapped, so an id can be copied whole from an 80-column terminal.
ID_COLUMNS = frozenset({"story", "article"})
# Control characters (terminal escapes) and bidirectional overrides in untrusted text.
_UNPRINTABLE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """Untrusted text with nothing that a terminal would act on or display reordered."""
    return _UNPRINTABLE.sub("\ufffd", text)


def _table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
    """A table of untrusted text: every cell goes in as ``Text``, never read as markup."""
    table = Table(title=title)
    for column in columns:
        if column in ID_COLUMNS:
            table.add_column(column, no_wrap=True, overflow="ignore")
        else:
            table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(Text(terminal_safe(cell)) for cell in row))
    return table


@app.command("stories")
def stories_command(
    db: DbOption = DEFAULT_DB_PATH,
    limit: Annotated[
        int, typer.Option(min=1, metavar="N", help="Show at most this many stories.")
    ] = 50,
) -> None:
    """List the stories: title, outlets, articles and dates."""
    console = _stdout()
    store = _open_store(db, create=False)
    try:
        summaries = store.story_summaries(limit=limit)
        total = store.count_stories()
    finally:
        store.close()
    table = _table(
        f"{total} stories",
        ("story", "title", "outlets", "articles", "first", "last"),
        (
            (
                summary.story_id,
                summary.title or "",
                ", ".join(summary.outlets),
                str(summary.article_count)
                + (f" ({summary.duplicate_count} copies)" if summary.duplicate_count else ""),
                (summary.first_published or "")[:10],
                (summary.last_published or "")[:10],
            )
            for summary in summaries
        ),
    )
    console.print(table)


@app.command("show")
def show_command(
    story_id: Annotated[str, typer.Argument(help="A story id from `storylens stories`.")],
    db: DbOption = DEFAULT_DB_PATH,
    all_acts: Annotated[
        bool,
        typer.Option(
            "--all-acts", help="Also list thoughts, intentions and evidence, not only speech."
        ),
    ] = False,
) -> None:
    """One story: its articles and why each is there, who said what, and the comparison."""
    console = _stdout()
    view = _story_view_or_exit(db, story_id)

    console.print(Text(terminal_safe(view.title or view.story_id), style="bold"))
    console.print(Text(f"story {view.story_id} · {len(view.articles)} articles"))
    articles = [
        (
            article.article_id,
            article.outlet or "",
            (article.published or "")[:10],
            f"copy of {article.duplicate_of}. {article.why}"
            if article.duplicate_of
            else article.why,
        )
        for article in view.articles
    ]
    console.print(
        _table("Articles", ("article", "outlet", "published", "why it is here"), articles)
    )

    recalls = [
        (a.article_id, other, title or "") for a in view.articles for other, title in a.recalls
    ]
    if recalls:
        console.print(
            _table("Other events these articles recall", ("article", "story", "title"), recalls)
        )

    marked = [(a.article_id, reason, line) for a in view.articles for reason, line in a.boilerplate]
    if marked:
        console.print(
            _table("Boilerplate marked and skipped", ("article", "reason", "line"), marked)
        )

    attributed = [q for q in view.quotes if q.is_statement]
    shown = [q for q in attributed if all_acts or q.act == "speech"]
    quotes = [
        (
            quote.speaker or "(unknown)",
            quote.speaker_type,
            quote.spoken,
            quote.cue or "",
            quote.kind,
            quote.act,
            quote.outlet or quote.article_id,
        )
        for quote in shown
    ]
    console.print(
        _table(
            "Who said what",
            ("speaker", "type", "quote", "cue", "kind", "act", "outlet"),
            quotes,
        )
    )
    hidden = len(attributed) - len(shown)
    if hidden:
        console.print(
            Text(f"{hidden} other attributions (thoughts, intentions, evidence): --all-acts")
        )

    from storylens.report import write_markdown

    console.print(Markdown(terminal_safe(write_markdown(view)), hyperlinks=False))


def _story_view_or_exit(db: str, story_id: str) -> StoryView:
    store = _open_store(db, create=False)
    try:
        return story_view(store, story_id)
    except NotFound as error:
        _fail(error)
    finally:
        store.close()


class ReportFormat(StrEnum):
    md = "md"
    json = "json"


@app.command("report")
def report_command(
    story_id: Annotated[str, typer.Argument(help="A story id from `storylens stories`.")],
    db: DbOption = DEFAULT_DB_PATH,
    output_format: Annotated[
        ReportFormat, typer.Option("--format", "-f", help="md for people, json for tools.")
    ] = ReportFormat.md,
    output: OutputOption = None,
) -> None:
    """Write one story's comparison as a Markdown report or as JSON (docs/comparison.md)."""
    view = _story_view_or_exit(db, story_id)
    from storylens.report import write_json, write_markdown

    text = write_markdown(view) if output_format is ReportFormat.md else write_json(view)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        _stderr().print(Text(f"error: cannot write {output}: {error.strerror}", style="red"))
        raise typer.Exit(EXIT_USAGE) from error


class ExportTable(StrEnum):
    articles = "articles"
    stories = "stories"
    quotes = "quotes"
    comparisons = "comparisons"
    tone = "tone"
    dates = "dates"


class ExportFormat(StrEnum):
    jsonl = "jsonl"
    csv = "csv"
    json = "json"


# tests/test_cli_report.py checks that these enums name exactly EXPORT_TABLES and
# EXPORT_FORMATS (a module-level assert would vanish under python -O).


@app.command("export")
def export_command(
    table: Annotated[ExportTable, typer.Argument(help="What to export.")],
    db: DbOption = DEFAULT_DB_PATH,
    output_format: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="Output format.")
    ] = ExportFormat.jsonl,
    output: OutputOption = None,
) -> None:
    """Export articles, stories, quotes, comparisons, tone marks or dates (JSONL, CSV, JSON)."""
    from storylens.export import write_export  # the comparison's modules: only here

    store = _open_store(db, create=False)
    try:
        if output is None:
            write_export(store, table.value, output_format.value, sys.stdout)
        else:
            try:
                handle = output.open("w", encoding="utf-8", newline="")
            except OSError as error:
                _stderr().print(
                    Text(f"error: cannot write {output}: {error.strerror}", style="red")
                )
                raise typer.Exit(EXIT_USAGE) from error
            with handle:
                write_export(store, table.value, output_format.value, handle)
    finally:
        store.close()


@app.command("explain")
def explain_command(
    page: Annotated[Path, typer.Argument(help="A saved HTML page (.html, .htm, .html.gz).")],
    url: Annotated[
        str | None,
        typer.Option(metavar="URL", help="The URL the page was read from (for site names)."),
    ] = None,
    output_format: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="table|json",
            help="table (default) or json (with every candidate).",
        ),
    ] = "table",
) -> None:
    """Which value of each metadata field storylens takes from a page, from where, and why."""
    console, errors = _stdout(), _stderr()
    if output_format not in ("table", "json"):
        errors.print(Text("error: --format is table or json", style="red"))
        raise typer.Exit(EXIT_USAGE)
    try:
        data = page.read_bytes()
        if page.name.lower().endswith(".gz"):
            data = gzip.decompress(data)
        html = decode_text(data, str(page))
    except (OSError, EOFError, InputError) as error:
        reason = getattr(error, "reason", None) or getattr(error, "strerror", None) or error
        errors.print(Text(terminal_safe(f"error: {page}: {reason}"), style="red"))
        raise typer.Exit(EXIT_USAGE) from error
    from storylens.ingest.html import explain_html  # trafilatura and extruct: only here

    report = explain_html(html, url)
    if output_format == "json":
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        return
    if "error" in report:
        errors.print(Text(terminal_safe(f"error: {page}: {report['error']}"), style="red"))
        raise typer.Exit(EXIT_REJECTED)
    rows = []
    for name in ("title", "authors", "published", "outlet", "url"):
        choice = report[name]
        value = choice["value"]
        shown = ", ".join(value) if isinstance(value, list) else str(value or "–")
        rows.append((name, shown, choice["source"], choice["reason"]))
    body = report["body"]
    rows.append(("body", f"{body['words']} words", body["source"], body["reason"]))
    console.print(_table(f"Metadata of {page}", ("field", "value", "source", "why"), rows))
    for note in report.get("notes", []):
        console.print(Text(terminal_safe(f"note: {note}")))


@app.command("search")
def search_command(
    query: Annotated[str, typer.Argument(help="Words to find in titles, texts and quotes.")],
    db: DbOption = DEFAULT_DB_PATH,
    limit: Annotated[
        int, typer.Option(min=1, max=100, metavar="N", help="Hits of each kind.")
    ] = 10,
) -> None:
    """Stories, articles and quotes that match the words, the matching words shown."""
    console = _stdout()
    store = _open_store(db, create=False)
    try:
        results = search_view(store, query, limit)
    finally:
        store.close()

    def marked(snippet: str) -> Text:
        shown = Text()
        for index, part in enumerate(re.split(f"[{MATCH_START}{MATCH_END}]", snippet)):
            shown.append(
                terminal_safe(" ".join(part.split())), style="bold reverse" if index % 2 else ""
            )
        return shown

    console.print(
        _table("Stories", ("story", "title"), [(sid, t or "") for sid, t in results.stories])
    )
    articles = Table(title="Articles")
    articles.add_column("article", no_wrap=True, overflow="ignore")
    articles.add_column("outlet", overflow="fold")
    articles.add_column("matching words", overflow="fold")
    for hit in results.articles:
        articles.add_row(
            Text(terminal_safe(hit.article_id)),
            Text(terminal_safe(hit.outlet or "")),
            marked(hit.snippet),
        )
    console.print(articles)
    quoted = Table(title="Quotes")
    quoted.add_column("article", no_wrap=True, overflow="ignore")
    quoted.add_column("speaker", overflow="fold")
    quoted.add_column("matching words", overflow="fold")
    for hit, speaker in results.quotes:
        quoted.add_row(
            Text(terminal_safe(hit.article_id)),
            Text(terminal_safe(speaker or "unknown")),
            marked(hit.snippet),
        )
    console.print(quoted)


@app.command("serve")
def serve_command(
    db: DbOption = DEFAULT_DB_PATH,
    host: Annotated[
        str, typer.Option(metavar="HOST", help="Address to listen on (loopback by default).")
    ] = DEFAULT_HOST,
    port: Annotated[
        int, typer.Option(min=1, max=65535, metavar="PORT", help="Port to listen on.")
    ] = DEFAULT_PORT,
    token: Annotated[
        str | None,
        typer.Option(
            envvar=TOKEN_ENV,
            metavar="TOKEN",
            help="Token that POST /api/articles must carry (Bearer).",
        ),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            metavar="NAME", help="spaCy pipeline for posted articles (default: best installed)."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1, max=64, metavar="N", help="Server processes (one per core is typical)."
        ),
    ] = 1,
    cache_entries: Annotated[
        int,
        typer.Option(
            min=0,
            metavar="N",
            help="Pages each process caches while the store is unchanged; 0: off.",
        ),
    ] = CACHE_ENTRIES,
) -> None:
    """Serve the web interface and the JSON API over the store (http://HOST:PORT/)."""
    from storylens.web.server import serve
    from storylens.web.settings import WebSettings

    store = _open_store(db, create=False)  # fail here, with one line, not inside the server
    store.close()
    _stderr().print(Text(f"storylens: serving {db} on http://{host}:{port}/ (Ctrl-C stops)"))
    serve(WebSettings(db, token, model, cache_entries), host, port, workers)


def main() -> None:
    """Entry point of the ``storylens`` command: an error a command did not handle is one
    line and its exit code, never a traceback."""
    try:
        app()
    except StorylensError as error:
        _say_error(error)
        sys.exit(exit_code_for(error))
