"""The command line's comparison: report (Markdown and JSON), the comparison, tone and dates
exports, and an unknown story id."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storylens.cli import app
from storylens.export import DATE_FIELDS, TONE_FIELDS
from storylens.records import COMPARISON_VERSION
from storylens.report import REPORT_SCHEMA
from test_cli import write_corpus

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("report")
    corpus = write_corpus(folder / "corpus")
    path = str(folder / "report.db")
    assert runner.invoke(app, ["analyze", str(corpus), "--db", path]).exit_code == 0
    return path


def _pier_story(db: str) -> str:
    out = runner.invoke(app, ["export", "stories", "--db", db]).output
    stories = [json.loads(line) for line in out.splitlines()]
    return next(s["story_id"] for s in stories if "pier-echo" in s["article_ids"])


def test_report_markdown_shows_every_part(db: str) -> None:
    result = runner.invoke(app, ["report", _pier_story(db), "--db", db])
    assert result.exit_code == 0, result.output
    for heading in (
        "## Summary",
        "## Who published first",
        "## Quotes across outlets",
        "## What the outlets share",
        "## Details that disagree",
        "## Sourcing",
        "## Tone and framing",
    ):
        assert heading in result.output
    assert "We cannot risk the lives" in result.output
    assert "reworded" in result.output  # "the people" / "people"
    # the sourcing table says under it what its cells count and what "never names" means
    sourcing = result.output.split("## Sourcing")[1].split("\n## ")[0]
    assert "“never names”, those another outlet quotes by name" in sourcing
    # the tone section says which kinds of word it lists and which it never does, and has no
    # line for an outlet with nothing listed: "none sure" and "none found of the kinds above"
    # read as "no loaded words" where an outlet wrote "the uproar among liberals"
    tone = result.output.split("## Tone and framing")[1].split("\n## ")[0]
    assert "Never listed: nouns" in tone
    # and that it misses some even of the kinds it lists (a reader took a rated adjective the
    # parse tied to no one for one it had checked and found not loaded)
    assert "even of the four kinds" in tone
    assert "none" not in tone.lower().split("never listed")[0]
    assert "In its own voice: \n" not in tone and "none found" not in tone


def test_report_json_has_schema_version_and_the_comparison(db: str, tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    story = _pier_story(db)
    result = runner.invoke(
        app, ["report", story, "--db", db, "--format", "json", "-o", str(target)]
    )
    assert result.exit_code == 0, result.output
    body = json.loads(target.read_text(encoding="utf-8"))
    assert body["schema"] == REPORT_SCHEMA and body["version"] == COMPARISON_VERSION
    assert body["comparison"]["story_id"] == story
    assert {a["article_id"] for a in body["story"]["articles"]} == {"pier-echo", "pier-courier"}
    shared = [c for c in body["comparison"]["claims"] if c["status"] == "shared"]
    assert shared, "the two pier reports share claims"


def test_unknown_story_is_one_line_and_exit_2(db: str) -> None:
    for command in (["report", "s-nope"], ["show", "s-nope"]):
        result = runner.invoke(app, [*command, "--db", db])
        assert result.exit_code == 2
        assert "no story 's-nope'" in result.output
        assert "Traceback" not in result.output


def test_report_to_a_missing_folder_is_one_line_and_exit_2(db: str, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "r.md"
    result = runner.invoke(app, ["report", _pier_story(db), "--db", db, "-o", str(target)])
    assert result.exit_code == 2 and "cannot write" in result.output


def test_exports_of_comparisons_tone_and_dates(db: str) -> None:
    comparisons = runner.invoke(app, ["export", "comparisons", "--db", db]).output.splitlines()
    assert len(comparisons) == 2
    assert all(json.loads(line)["version"] == COMPARISON_VERSION for line in comparisons)
    dates = runner.invoke(app, ["export", "dates", "--db", db, "--format", "csv"]).output
    rows = list(csv.DictReader(io.StringIO(dates)))
    assert rows and tuple(rows[0]) == DATE_FIELDS
    assert {"Monday", "Saturday night"} & {row["text"] for row in rows}
    tone = runner.invoke(app, ["export", "tone", "--db", db]).output.splitlines()
    for line in tone:
        assert tuple(json.loads(line)) == TONE_FIELDS


def test_date_and_tone_offsets_point_into_the_text_as_given(tmp_path: Path) -> None:
    text = (
        "The  Harlow   council met on Tuesday.  Its leader,  Mira Stone, gave an "
        "excruciatingly awkward speech  on Friday, and \u00a0critics called it shameful.\n"
        "Residents will vote again in March."
    )
    corpus = tmp_path / "spaced.jsonl"
    record = {"id": "spaced", "published": "2026-03-06", "outlet": "Echo", "text": text}
    corpus.write_text(json.dumps(record) + "\n", encoding="utf-8")
    db = str(tmp_path / "spaced.db")
    assert runner.invoke(app, ["analyze", str(corpus), "--db", db]).exit_code == 0
    dates = runner.invoke(app, ["export", "dates", "--db", db]).output.splitlines()
    tone = runner.invoke(app, ["export", "tone", "--db", db]).output.splitlines()
    rows = [json.loads(line) for line in dates + tone]
    assert {"Tuesday", "Friday", "March"} <= {row["text"] for row in rows}
    for row in rows:
        assert text[row["start"] : row["end"]] == row["text"]


def test_tables_fit_80_columns_without_breaking_ids(db: str) -> None:
    out = runner.invoke(app, ["stories", "--db", db], env={"COLUMNS": "80"}).output
    assert max(len(line) for line in out.splitlines()) <= 80
    ids = [
        json.loads(line)["story_id"]
        for line in runner.invoke(app, ["export", "stories", "--db", db]).output.splitlines()
    ]
    assert all(story_id in out for story_id in ids)


def test_search_shows_stories_articles_quotes_and_the_matching_words(db: str) -> None:
    result = runner.invoke(app, ["search", "pier", "--db", db], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "pier-echo" in result.output and "Quotes" in result.output
    assert "pier" in result.output.lower()


def test_read_commands_never_create_a_database(tmp_path: Path) -> None:
    missing = tmp_path / "typo.db"
    for command in (["stories"], ["search", "x"], ["report", "s-1"], ["export", "stories"]):
        result = runner.invoke(app, [*command, "--db", str(missing)])
        assert result.exit_code == 2 and "no database at" in result.output
    assert not missing.exists()


def test_hostile_names_are_inert_in_the_terminal(tmp_path: Path) -> None:
    corpus = tmp_path / "evil.jsonl"
    record = {
        "id": "evil-1",
        "outlet": "Evil\x1b[2J\u202eOutlet",
        "title": "Night \x1b]52;c;aGVsbG8=\x07 market",
        "text": "The night market in Kellby opened on Friday with forty stalls and a band. " * 3,
    }
    corpus.write_text(json.dumps(record) + "\n", encoding="utf-8")
    db = str(tmp_path / "evil.db")
    runner.invoke(app, ["analyze", str(corpus), "--db", db])
    out = runner.invoke(app, ["stories", "--db", db]).output
    assert "\x1b" not in out and "\u202e" not in out
    story_id = json.loads(runner.invoke(app, ["export", "stories", "--db", db]).output)["story_id"]
    for command in (["show", story_id], ["search", "night market"]):
        shown = runner.invoke(app, [*command, "--db", db]).output
        assert "market" in shown, command
        assert "\x1b" not in shown and "\u202e" not in shown, command


def test_the_export_choices_are_the_export_contracts() -> None:
    from storylens.cli import ExportFormat, ExportTable
    from storylens.export import EXPORT_FORMATS, EXPORT_TABLES

    assert {t.value for t in ExportTable} == set(EXPORT_TABLES)
    assert {f.value for f in ExportFormat} == set(EXPORT_FORMATS)


def test_serve_on_a_missing_database_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--db", str(tmp_path / "none.db"), "--port", "8999"])
    assert result.exit_code == 2 and "no database at" in result.output


def test_export_to_a_missing_folder_is_one_line_and_exit_2(db: str, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "dir" / "x.jsonl"
    result = runner.invoke(app, ["export", "stories", "--db", db, "-o", str(target)])
    assert result.exit_code == 2 and "cannot write" in result.output
    assert "Traceback" not in result.output


def test_analyze_help_keeps_the_extra_name() -> None:
    out = runner.invoke(app, ["analyze", "--help"], env={"COLUMNS": "200"}).output
    assert "storylens[embeddings]" in out


@pytest.mark.parametrize("command", ["report", "export"])
def test_an_output_that_cannot_be_written_is_one_line_and_exit_2(
    db: str, tmp_path: Path, command: str
) -> None:
    target = tmp_path / "no-such-folder" / "out.txt"
    what = _pier_story(db) if command == "report" else "stories"
    result = runner.invoke(app, [command, what, "--db", db, "-o", str(target)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: cannot write {target}: No such file or directory"
    assert not target.parent.exists()
