"""What every command shares: the app, its exit codes, the shared options, ``_fail``.

Exit codes: 0 when everything was stored, 1 when some inputs were rejected (the rest are
stored), 2 on usage errors (bad options, unknown story, unreadable database, an output that
cannot be written), 3 when the run could not go on, 130 when a second Ctrl-C or SIGTERM stops
``watch`` mid-batch (that batch is not stored).
"""

from __future__ import annotations

import errno
import logging
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn, TextIO

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from storylens._version import __version__
from storylens.errors import (
    MissingExtra,
    ModelError,
    NotFound,
    OutputError,
    SettingError,
    StdoutError,
    StoreError,
    StorylensError,
)
from storylens.pipeline import AnalyzeSummary
from storylens.store import Store
from storylens.stories import StorySettings
from storylens.stories.settings import read_settings
from storylens.views import StoryView, story_view

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_USAGE = 2
# The run could not go on: the database cannot be opened, migrated or written, it was built
# by a newer storylens, or the spaCy model or an extra (embeddings, postgres, dask) is missing.
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
    (an option, an unknown id or database, an unreadable input, an unwritable output), 3 when
    the run could not go on (the database, the model, an extra not installed, stdout)."""
    if isinstance(error, NotFound):
        return EXIT_USAGE
    if isinstance(error, StoreError | ModelError | MissingExtra | StdoutError):
        return EXIT_FAILED
    return EXIT_USAGE


def _say_error(error: StorylensError, console: Console | None = None) -> None:
    """``error`` in one line on stderr, its untrusted parts neutralised."""
    (console or _stderr()).print(
        Text(f"error: {terminal_safe(str(error))}", style="red"), soft_wrap=True
    )


def _fail(
    error: StorylensError, console: Console | None = None, *, exit_code: int | None = None
) -> NoReturn:
    """Say ``error`` in one line on stderr and stop with its exit code (or ``exit_code``, for
    an input that was read and rejected rather than one that could not be read)."""
    _say_error(error, console)
    raise typer.Exit(exit_code_for(error) if exit_code is None else exit_code) from error


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
    db: str,
    *,
    create: bool = True,
    on_wait: Callable[[str], None] | None = None,
    read_only: bool = False,
) -> Store:
    """The store at ``db``; commands that only read pass ``create=False`` and so never
    make an empty database out of a mistyped path, and ``read_only`` (a store on a read-only
    disk can still be read)."""
    try:
        return Store(db, create=create, on_wait=on_wait, read_only=read_only)
    except StorylensError as error:
        _fail(error)


def _story_view_or_exit(db: str, story_id: str) -> StoryView:
    store = _open_store(db, create=False, read_only=True)
    try:
        return story_view(store, story_id)
    except NotFound as error:
        _fail(error)
    finally:
        store.close()


class GuardedStdout:
    """stdout, whose failed writes (``export > /dev/full``) raise the one ``StdoutError``
    instead of an OSError traceback; everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as error:
            raise self._failed(error) from error

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise self._failed(error) from error

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)

    def _failed(self, error: OSError) -> Exception:
        # Output is buffered; what is left would fail again at the interpreter's own flush
        # at exit, after the one line: stdout goes to the null device from here on.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
        except (OSError, ValueError):  # no file behind it (a test's capture)
            pass
        if error.errno == errno.EPIPE:
            return error  # the reader left (``| head``): no fault of ours, said by no line
        return StdoutError(error.strerror or str(error))


@contextmanager
def _output(path: Path | None) -> Iterator[TextIO]:
    """Where a command writes: stdout, or the file ``path`` (a file that cannot be opened or
    written is one line and exit 2)."""
    if path is None:
        yield sys.stdout
        return
    try:
        with path.open("w", encoding="utf-8", newline="") as handle:
            yield handle
    except OSError as error:
        _fail(OutputError(str(path), error.strerror or str(error)))


def _story_settings(errors: Console, pairs: list[str] | None) -> StorySettings:
    """The story settings with the user's ``--setting NAME=VALUE`` applied, or exit 2."""
    try:
        return read_settings(pairs or ())
    except SettingError as error:
        _fail(error, errors)


def _wait_notice(errors: Console) -> Callable[[str], None]:
    """Says on stderr that this run waits for another writer; once per writer, not per batch."""
    said: set[str] = set()

    def waiting(line: str) -> None:
        if line not in said:
            said.add(line)
            errors.print(Text(f"storylens: {line}"), soft_wrap=True)

    return waiting


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
# Columns holding dates: never wrapped, a date is read whole.
DATE_COLUMNS = frozenset({"first", "last", "published", "date"})
# Control characters (terminal escapes) and bidirectional overrides in untrusted text.
_UNPRINTABLE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def plural(count: int, one: str, many: str | None = None) -> str:
    """ "1 copy", "2 copies": the count with the word in its number (``many`` defaults to
    ``one`` + "s")."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def terminal_safe(text: str) -> str:
    """Untrusted text with nothing that a terminal would act on or display reordered."""
    return _UNPRINTABLE.sub("\ufffd", text)


def _table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
    """A table of untrusted text: every cell goes in as ``Text``, never read as markup."""
    table = Table(title=title)
    for column in columns:
        if column in ID_COLUMNS:
            table.add_column(column, no_wrap=True, overflow="ignore")
        elif column in DATE_COLUMNS:
            table.add_column(column, no_wrap=True, min_width=10)
        else:
            table.add_column(column, overflow="ellipsis")  # wrap at words; never split one
    for row in rows:
        table.add_row(*(Text(terminal_safe(cell)) for cell in row))
    return table
