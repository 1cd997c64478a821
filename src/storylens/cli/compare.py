"""``compare``: two or more articles (files, folders or URLs) compared directly, with no
store, printed as the Markdown report or as JSON."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from storylens.cli.common import (
    EXIT_OK,
    EXIT_REJECTED,
    ModelOption,
    OutputOption,
    _fail,
    _output,
    _stderr,
    terminal_safe,
)
from storylens.cli.report import ReportFormat
from storylens.errors import InputError, StorylensError

# A comparison needs two accounts at least.
MIN_ARTICLES = 2


def compare_command(
    inputs: Annotated[
        list[str],
        typer.Argument(
            metavar="INPUT", help="Two or more files, folders or URLs.", show_default=False
        ),
    ],
    output_format: Annotated[
        ReportFormat, typer.Option("--format", "-f", help="md for people, json for tools.")
    ] = ReportFormat.md,
    output: OutputOption = None,
    model: ModelOption = None,
) -> None:
    """Compare articles directly, with no store: the story report of what differs."""
    errors = _stderr()
    from storylens.direct import compare_articles
    from storylens.report import write_json, write_markdown

    try:
        result = compare_articles(inputs, model=model)
    except StorylensError as error:
        _fail(error, errors)
    for rejection in result.rejections:
        errors.print(
            Text(
                f"rejected: {terminal_safe(rejection.input)}: {terminal_safe(rejection.reason)}",
                style="yellow",
            ),
            soft_wrap=True,
        )
    found = len(result.view.articles)
    if found < MIN_ARTICLES:
        _fail(
            InputError(
                " ".join(inputs),
                f"{found} {'article' if found == 1 else 'articles'} read; compare needs "
                f"{MIN_ARTICLES} or more",
            ),
            errors,
            exit_code=EXIT_REJECTED,
        )
    view = result.view
    text = write_markdown(view) if output_format is ReportFormat.md else write_json(view)
    with _output(output) as handle:
        handle.write(text)
    raise typer.Exit(EXIT_REJECTED if result.rejections else EXIT_OK)
