"""Exit codes by kind of error, one line per error (never a traceback), and -v logging."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storylens import cli
from storylens.cli import EXIT_FAILED, EXIT_REJECTED, EXIT_USAGE, app, exit_code_for
from storylens.errors import (
    InputError,
    ModelError,
    NotFound,
    OutputError,
    SettingError,
    StoreError,
    UsageError,
)

runner = CliRunner()
REPORT = "Dunmore opens a footbridge\n\nThe footbridge over the Vell opened on Saturday.\n"


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (NotFound("no story 's-1'"), EXIT_USAGE),
        (SettingError("unknown setting"), EXIT_USAGE),
        (InputError("a.txt", "unreadable"), EXIT_USAGE),
        (StoreError("cannot write"), EXIT_FAILED),
        (ModelError("no model"), EXIT_FAILED),
        (UsageError("give files"), EXIT_USAGE),
        (OutputError("out.json", "No such file or directory"), EXIT_USAGE),
    ],
)
def test_each_kind_of_error_has_its_exit_code(error: Exception, code: int) -> None:
    assert exit_code_for(error) == code  # type: ignore[arg-type]


def test_a_database_that_cannot_be_reached_is_one_line_and_exit_3(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(REPORT, encoding="utf-8")
    unreachable = "postgresql://postgres@127.0.0.1:1/nothing"  # no server listens on port 1
    result = runner.invoke(app, ["analyze", str(tmp_path / "a.txt"), "--db", unreachable])
    assert result.exit_code == EXIT_FAILED
    assert result.output.strip().startswith("error:") and "Traceback" not in result.output


def test_an_error_no_command_handled_is_one_line_with_its_code(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> None:
        raise StoreError("the disk is full")

    monkeypatch.setattr(cli, "app", broken)
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    assert stopped.value.code == EXIT_FAILED
    assert capsys.readouterr().err.strip() == "error: the disk is full"


def test_verbose_says_what_each_batch_and_each_article_did(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(REPORT, encoding="utf-8")
    db = str(tmp_path / "v.db")
    quiet = runner.invoke(app, ["analyze", str(tmp_path / "a.txt"), "--db", db])
    assert "storylens.pipeline" not in quiet.output
    (tmp_path / "b.txt").write_text(REPORT.replace("Saturday", "Sunday"), encoding="utf-8")
    loud = runner.invoke(app, ["-vv", "analyze", str(tmp_path / "b.txt"), "--db", db])
    assert loud.exit_code == 0, loud.output
    assert "storylens: storylens.pipeline: story state read from the store: 1 articles" in (
        loud.output
    )
    assert "storylens: storylens.pipeline: batch: 1 stored" in loud.output
    assert "b -> s-" in loud.output  # -vv: each article's story


def _a_file_not_a_folder(folder: Path) -> list[str]:
    (folder / "a.txt").write_text(REPORT, encoding="utf-8")
    return ["watch", str(folder / "a.txt"), "--db", str(folder / "w.db")]


def _an_unreadable_feed_list(folder: Path) -> list[str]:
    return ["watch", str(folder), "--feeds", str(folder / "none.txt")]


@pytest.mark.parametrize(
    ("command", "code", "line"),
    [
        (
            lambda _: ["analyze"],
            EXIT_USAGE,
            "error: give files, folders, URLs or - , or --urls FILE",
        ),
        (_a_file_not_a_folder, EXIT_USAGE, "error: {folder}/a.txt: not a folder"),
        (
            _an_unreadable_feed_list,
            EXIT_USAGE,
            "error: cannot read the feed list {folder}/none.txt: No such file or directory",
        ),
        (
            lambda folder: ["explain", str(folder / "none.html")],
            EXIT_USAGE,
            "error: {folder}/none.html: no such file or folder",
        ),
    ],
    ids=["no-inputs", "not-a-folder", "feed-list", "no-page"],
)
def test_each_command_error_is_one_line_through_fail(
    tmp_path: Path, command: Callable[[Path], list[str]], code: int, line: str
) -> None:
    result = runner.invoke(app, command(tmp_path))
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(line.format(folder=tmp_path)), lines
    assert result.stdout == ""


def test_explain_format_is_a_choice(tmp_path: Path) -> None:
    result = runner.invoke(app, ["explain", str(tmp_path / "a.html"), "--format", "yaml"])
    assert result.exit_code == EXIT_USAGE
    assert "'yaml' is not one of 'table', 'json'" in " ".join(
        result.stderr.replace("│", "").split()
    )


def test_a_page_explain_cannot_parse_is_one_line_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "odd.html"
    page.write_text("<html><body><p>A page.</p></body></html>", encoding="utf-8")
    monkeypatch.setattr(
        "storylens.ingest.html.explain_html", lambda html, url: {"error": "not parseable HTML"}
    )
    result = runner.invoke(app, ["explain", str(page)])
    assert result.exit_code == EXIT_REJECTED
    assert result.stderr.strip() == f"error: {page}: not parseable HTML"


@pytest.mark.parametrize(
    ("module", "extra", "command"),
    [
        ("psycopg", "postgres", ["stories", "--db", "postgresql://postgres@127.0.0.1:1/x"]),
        ("distributed", "dask", ["analyze", "{folder}/a.txt", "--workers", "2"]),
        ("sentence_transformers", "embeddings", ["analyze", "{folder}/a.txt", "--embeddings"]),
    ],
)
def test_a_missing_extra_is_one_line_and_exit_3_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, extra: str, command: list[str]
) -> None:
    (tmp_path / "a.txt").write_text(REPORT, encoding="utf-8")
    monkeypatch.setitem(sys.modules, module, None)  # its import fails, as when not installed
    monkeypatch.chdir(tmp_path)  # analyze's default store goes here
    result = runner.invoke(app, [part.format(folder=tmp_path) for part in command])
    assert result.exit_code == EXIT_FAILED, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert lines[0].endswith(f"not installed: pip install 'storylens[{extra}]'")
