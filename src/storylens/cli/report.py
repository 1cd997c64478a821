"""The commands that write a story or a table out (``report``, ``export``) or say how one
saved page was read (``explain``)."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from storylens.cli.common import (
    EXIT_REJECTED,
    DbOption,
    OutputOption,
    _fail,
    _open_store,
    _output,
    _stderr,
    _stdout,
    _story_view_or_exit,
    _table,
    terminal_safe,
)
from storylens.errors import InputError
from storylens.ingest.sources import read_saved_page
from storylens.store import DEFAULT_DB_PATH


class ReportFormat(StrEnum):
    md = "md"
    json = "json"


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
    with _output(output) as handle:
        handle.write(text)


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

    store = _open_store(db, create=False, read_only=True)
    try:
        with _output(output) as handle:
            write_export(store, table.value, output_format.value, handle)
    finally:
        store.close()


class ExplainFormat(StrEnum):
    table = "table"
    json = "json"


# The fields of explain's table, in the order a reader checks a byline.
EXPLAINED_FIELDS = ("title", "authors", "published", "outlet", "url")


def explain_command(
    page: Annotated[Path, typer.Argument(help="A saved HTML page (.html, .htm, .html.gz).")],
    url: Annotated[
        str | None,
        typer.Option(metavar="URL", help="The URL the page was read from (for site names)."),
    ] = None,
    output_format: Annotated[
        ExplainFormat,
        typer.Option(
            "--format",
            metavar="table|json",
            help="table (default) or json (with every candidate).",
        ),
    ] = ExplainFormat.table,
) -> None:
    """Which value of each metadata field storylens takes from a page, from where, and why."""
    console, errors = _stdout(), _stderr()
    try:
        html = read_saved_page(page)  # analyze's guards: no device, FIFO or bomb is read
    except InputError as error:
        _fail(error, errors)
    from storylens.ingest.html import explain_html  # trafilatura and extruct: only here

    report = explain_html(html, url)
    if output_format is ExplainFormat.json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        return
    if "error" in report:
        _fail(InputError(str(page), str(report["error"])), errors, exit_code=EXIT_REJECTED)
    rows = []
    for name in EXPLAINED_FIELDS:
        choice = report[name]
        value = choice["value"]
        shown = ", ".join(value) if isinstance(value, list) else str(value or "–")
        rows.append((name, shown, choice["source"], choice["reason"]))
    body = report["body"]
    rows.append(("body", f"{body['words']} words", body["source"], body["reason"]))
    console.print(_table(f"Metadata of {page}", ("field", "value", "source", "why"), rows))
    for note in report.get("notes", []):
        console.print(Text(terminal_safe(f"note: {note}")))
