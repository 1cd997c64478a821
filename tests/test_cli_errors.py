"""Exit codes by kind of error, one line per error (never a traceback), and -v logging."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from storylens import cli
from storylens.cli import EXIT_FAILED, EXIT_USAGE, app, exit_code_for
from storylens.errors import InputError, ModelError, NotFound, SettingError, StoreError

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
