"""The storylens command line: one module per command group, as spaCy's ``cli/``.

``common`` holds the app, its exit codes, the shared options and ``_fail``; ``analyze``
fills the store (analyze, watch); ``read`` reads it (settings, stories, show, search);
``report`` writes a story or a table out and explains a page (report, export, explain);
``serve`` serves it; ``compare`` compares inputs with no store. Commands are registered
here, in the order ``--help`` lists them.
"""

from __future__ import annotations

import sys
from typing import TextIO, cast

# First: the collector set for start-up, and wordfreq imported (see the module).
from storylens.cli import _startup  # noqa: F401  # isort: skip

from sqlalchemy.exc import SQLAlchemyError

from storylens.cli.analyze import analyze_command, watch_command
from storylens.cli.common import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REJECTED,
    EXIT_USAGE,
    GuardedStdout,
    _say_error,
    app,
    exit_code_for,
    terminal_safe,
)
from storylens.cli.compare import compare_command
from storylens.cli.read import search_command, settings_command, show_command, stories_command
from storylens.cli.report import (
    ExplainFormat,
    ExportFormat,
    ExportTable,
    ReportFormat,
    explain_command,
    export_command,
    report_command,
)
from storylens.cli.serve import serve_command
from storylens.errors import StoreError, StorylensError
from storylens.store.database import describe_error

COMMANDS = (
    ("compare", compare_command),
    ("analyze", analyze_command),
    ("settings", settings_command),
    ("watch", watch_command),
    ("stories", stories_command),
    ("show", show_command),
    ("report", report_command),
    ("export", export_command),
    ("explain", explain_command),
    ("search", search_command),
    ("serve", serve_command),
)
for _name, _command in COMMANDS:
    app.command(_name)(_command)


def main() -> None:
    """Entry point of the ``storylens`` command: an error a command did not handle is one
    line and its exit code, never a traceback."""
    try:
        _run()
    except StorylensError as error:
        _say_error(error)
        sys.exit(exit_code_for(error))
    except SQLAlchemyError as error:  # a read that failed where no command expected it
        failure = StoreError(f"the database failed ({describe_error(error)})")
        _say_error(failure)
        sys.exit(exit_code_for(failure))


def _run() -> None:
    """The command, its writes to stdout guarded; output is buffered, so what a full disk
    refuses shows at the last flush, after the command: stdout is flushed here."""
    stdout = GuardedStdout(sys.stdout)
    sys.stdout = cast(TextIO, stdout)
    try:
        app()
    finally:
        stdout.flush()


__all__ = [
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_REJECTED",
    "EXIT_USAGE",
    "ExplainFormat",
    "ExportFormat",
    "ExportTable",
    "ReportFormat",
    "app",
    "exit_code_for",
    "main",
    "terminal_safe",
]
