"""Docs kept honest: docs/usage.md documents every command and option, docs/export.md every
export field, quote kind and act, the README's examples run as shown, the architecture doc
names every module, and docs/benchmarks.md's tables are those of the benches' result files."""

from __future__ import annotations

import json
import re
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, get_args

import pytest
import typer.main
from cogapp import Cog

from storylens.cli import app
from storylens.export import EXPORT_TABLES
from storylens.records import QuoteAct, QuoteKind
from storylens.usage import usage_lines

REPO = Path(__file__).resolve().parents[1]
README_PATH = REPO / "README.md"
README = README_PATH.read_text(encoding="utf-8")
USAGE_PATH = REPO / "docs" / "usage.md"
USAGE = USAGE_PATH.read_text(encoding="utf-8")
EXPORT = (REPO / "docs" / "export.md").read_text(encoding="utf-8")
# The README is the reader's door, not the reference (REVIEW.md 7).
MAX_README_BYTES = 10_000
ARCHITECTURE = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
COMMANDS: Any = typer.main.get_command(app)  # a click group: its .commands are the commands


@pytest.mark.parametrize("name", sorted(COMMANDS.commands))
def test_every_command_and_option_is_in_the_usage_doc(name: str) -> None:
    assert f"storylens {name}" in USAGE
    for param in COMMANDS.commands[name].params:
        for option in param.opts:
            if option.startswith("--"):
                assert option in USAGE, f"{name} {option} is not documented"


def _usage_lines() -> dict[str, str]:
    """The usage block, one synopsis line per command (its comment cut off)."""
    block = USAGE.split("## Usage", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = {}
    for line in block.strip().splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) > 1 and words[0] == "storylens" and not words[1].startswith("-"):
            lines[words[1]] = " ".join(words)
    return lines


@pytest.mark.parametrize("name", sorted(COMMANDS.commands))
def test_each_usage_line_lists_exactly_its_commands_options(name: str) -> None:
    # Typer bundles its own click, so parameters are told apart by their kind, not class.
    line = _usage_lines().get(name)
    assert line is not None, f"no usage line for {name}"
    params = COMMANDS.commands[name].params
    options = {
        option
        for param in params
        if param.param_type_name == "option"
        for option in param.opts + param.secondary_opts
        if option.startswith("--") and option != "--help"
    }
    assert set(re.findall(r"--[a-z][a-z-]*", line)) == options
    for param in params:
        described = param.type_descriptor  # Typer's own: click's `param.type` is gone
        if described.is_choice:  # a choice is shown with its values: `--format md|json`, `{a,b}`
            choices = [str(getattr(choice, "value", choice)) for choice in described.choices]
            assert "|".join(choices) in line or "{" + ",".join(choices) + "}" in line, (
                f"{name}: {param.name} choices {choices} not in {line!r}"
            )


def _cog_check(path: Path, *options: str) -> int:
    """cog's exit status for ``path`` in check mode: 0 when its generated blocks are current."""
    return Cog().main(
        ["cog", "--check", "--diff", "--check-fail-msg", "run make readme", *options, str(path)]
    )


def test_usage_block_is_generated_and_current(capsys: pytest.CaptureFixture[str]) -> None:
    assert "from storylens.usage import usage_block" in USAGE.split("## Usage", 1)[1]
    status = _cog_check(USAGE_PATH)
    assert status == 0, capsys.readouterr().out


def test_cog_check_fails_on_a_stale_usage_block(tmp_path: Path) -> None:
    stale = USAGE.replace(" [--db PATH|URL] [--limit N]\n", " [--db PATH|URL]\n", 1)
    assert stale != USAGE
    (tmp_path / "usage.md").write_text(stale, encoding="utf-8")
    assert _cog_check(tmp_path / "usage.md") == 5  # cog's code for a failed check


class Shade(StrEnum):
    light = "light"
    dark = "dark"


def _fictional_app() -> typer.Typer:
    """A small app with one of each kind of parameter the usage lines have to show."""
    demo = typer.Typer(name="lamp", add_completion=False)

    @demo.callback()
    def _options(
        version: Annotated[bool, typer.Option("--version", is_eager=True, help="Say it.")] = False,
        loud: Annotated[int, typer.Option("--loud", "-l", count=True, help="Louder \\[more].")] = 0,
    ) -> None:
        """Lamps."""

    @demo.command("light")
    def _light(
        rooms: Annotated[list[str], typer.Argument(metavar="ROOM")],
        shade: Annotated[Shade, typer.Option("--shade", "-s")] = Shade.light,
        timer: Annotated[int, typer.Option(metavar="MINUTES")] = 0,
        dim: Annotated[bool, typer.Option("--dim")] = False,
        tag: Annotated[list[str] | None, typer.Option(metavar="TAG")] = None,
    ) -> None:
        """Light rooms."""

    @demo.command("paint")
    def _paint(
        shade: Annotated[Shade, typer.Argument()],
        lamp_id: Annotated[str | None, typer.Argument()] = None,
    ) -> None:
        """Paint a lamp."""

    @demo.command("secret", hidden=True)
    def _secret() -> None:
        """Not shown."""

    return demo


def test_usage_lines_show_each_kind_of_parameter_in_the_order_asked() -> None:
    assert usage_lines(_fictional_app(), order=("paint",)) == [
        "lamp paint {light,dark} [LAMP_ID]",
        "lamp light ROOM... [--shade/-s light|dark] [--timer MINUTES] [--dim] [--tag TAG]...",
        "lamp --version   # Say it.",
        "lamp --loud/-l COMMAND ...   # Louder [more].",
    ]


@pytest.mark.parametrize(("table", "fields"), sorted(EXPORT_TABLES.items()))
def test_export_fields_are_documented(table: str, fields: tuple[str, ...]) -> None:
    row = re.search(rf"^\| {table} \| `([^`]+)` \|$", EXPORT, re.MULTILINE)
    assert row, f"no export row for {table}"
    assert tuple(row.group(1).split(", ")) == fields


@pytest.mark.parametrize("kind", get_args(QuoteKind))
def test_every_quote_kind_is_documented(kind: str) -> None:
    fields = EXPORT.split("## Export fields", 1)[1].split("\n## ", 1)[0]
    assert f"`{kind}`" in fields, f"quote kind {kind!r} is not documented in Export fields"


def test_quick_start_has_exactly_two_commands() -> None:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make demo", "make test"]


@pytest.mark.parametrize(
    "module",
    sorted(
        path
        for path in (REPO / "src" / "storylens").rglob("*.py")
        if path.name != "__init__.py" and "migrations" not in path.parts
    ),
    ids=lambda path: path.name,
)
def test_architecture_names_every_module(module: Path) -> None:
    assert module.name in ARCHITECTURE, f"docs/architecture.md does not mention {module.name}"


def _comparison_fields() -> list[tuple[str, str]]:
    import dataclasses

    from storylens import records

    found, seen, todo = [], set(), [records.StoryComparison]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for field in dataclasses.fields(cls):
            found.append((cls.__name__, field.name))
            for candidate in vars(records).values():
                if (
                    dataclasses.is_dataclass(candidate)
                    and isinstance(candidate, type)
                    and re.search(rf"\b{candidate.__name__}\b", str(field.type))
                ):
                    todo.append(candidate)
    return sorted(set(found))


COMPARISON_DOC = (REPO / "docs" / "comparison.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("record", "field"), _comparison_fields())
def test_every_comparison_field_is_documented(record: str, field: str) -> None:
    assert f"`{field}`" in COMPARISON_DOC, f"{record}.{field} is not in docs/comparison.md"


@pytest.mark.parametrize("act", get_args(QuoteAct))
def test_every_quote_act_is_documented(act: str) -> None:
    fields = EXPORT.split("## Export fields", 1)[1].split("\n## ", 1)[0]
    assert f"`{act}`" in fields, f"quote act {act!r} is not documented in Export fields"


def test_the_readme_is_short_and_leads_with_the_quick_start() -> None:
    assert len(README.encode("utf-8")) < MAX_README_BYTES
    headings = re.findall(r"^## (.+)$", README, re.MULTILINE)
    assert headings[:4] == ["Quick start", "Compare two articles", "Browse the stories",
                            "Your own articles"]  # fmt: skip
    assert "../shared" not in README  # every command it shows works from a fresh clone


def test_the_readme_compare_example_prints_what_it_shows() -> None:
    from typer.testing import CliRunner

    section = README.split("## Compare two articles", 1)[1].split("\n## ", 1)[0]
    command = section.split("```sh", 1)[1].split("```", 1)[0].strip()
    shown = section.split("```text", 1)[1].split("```", 1)[0].strip().splitlines()
    args = command.split()[1:]
    assert command.split()[0].endswith("storylens") and args[0] == "compare"
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    printed = re.sub(r"\[([^]]+)\]\([^)]+\)", r"\1", result.stdout)  # links as their text
    for line in shown:
        assert line in printed, line


BENCH = REPO / "bench"
BENCHMARKS_PATH = REPO / "docs" / "benchmarks.md"
BENCHMARKS = BENCHMARKS_PATH.read_text(encoding="utf-8")
# bench/ files that are not benches: shared helpers (``_*.py``) and the join model's trainer.
# Not benches with a results table: a trainer, and a diagnostic that prints one run's timeline.
NOT_BENCHES = {"train_join_model.py", "pool_timeline.py"}
sys.path.insert(0, str(BENCH))
import _results  # noqa: E402  (bench/_results.py)


def _tabled() -> set[str]:
    """The result files docs/benchmarks.md draws a table from, by name."""
    return set(re.findall(r'table\("([\w-]+)"', BENCHMARKS))


def test_benchmark_tables_are_generated_and_current(capsys: pytest.CaptureFixture[str]) -> None:
    assert _results.results_dir() == REPO / "docs" / "results"
    status = _cog_check(BENCHMARKS_PATH, "-I", str(BENCH))
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize(
    "bench",
    sorted(
        p.stem
        for p in BENCH.glob("*.py")
        if not p.name.startswith("_") and p.name not in NOT_BENCHES
    ),  # fmt: skip
)
def test_every_bench_has_a_table(bench: str) -> None:
    assert bench in _tabled(), f"docs/benchmarks.md draws no table from {bench}'s results"
    assert f"bench/{bench}.py" in BENCHMARKS


def test_every_result_file_has_a_table() -> None:
    written = {path.stem for path in (REPO / "docs" / "results").glob("*.json")}
    assert written <= _tabled(), f"results with no table: {sorted(written - _tabled())}"


def _write_demo(folder: Path) -> Path | None:
    table = _results.Table(
        "demo set (3 items)",
        {"storylens": {"F1": 0.81249, "n": 3, "ms": 1.234}, "base": {"F1": 0.5, "ms": None}},
        ("base",),
        {"ms": ".2f"},
    )
    return _results.save_results("demo", table, note="A note.")


def test_a_result_file_holds_the_run_and_renders_as_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(_results.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["/somewhere/bench/demo.py", "--seeds", "3"])
    path = _write_demo(tmp_path)
    assert path == tmp_path / "demo.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["command"] == ".venv/bin/python bench/demo.py --seeds 3"
    assert saved["machine"]["nproc"] >= 1 and saved["process"]["cpu_seconds"] >= 0
    rows = saved["tables"][0]["rows"]
    assert [(r["name"], r["baseline"]) for r in rows] == [("storylens", False), ("base", True)]
    assert rows[0]["figures"] == {"F1": 0.81249, "n": 3, "ms": 1.234}  # as measured
    shown = _results.table("demo")
    assert "| demo set (3 items) | F1 | n | ms |" in shown
    assert "| storylens | 0.812 | 3 | 1.23 |" in shown
    assert "| base (baseline) | 0.500 | — | — |" in shown
    assert "`.venv/bin/python bench/demo.py --seeds 3` on " in shown and "A note." in shown


def test_a_bench_not_run_shows_its_command_and_no_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(_results.ENV_DIR, str(tmp_path))
    shown = _results.table("tone-folds", ".venv/bin/python bench/tone.py --folds 5")
    assert shown == (
        "Not run yet: `.venv/bin/python bench/tone.py --folds 5` writes "
        "`docs/results/tone-folds.json`.\n"
    )
    assert "`.venv/bin/python bench/scale.py`" in _results.table("scale")


def test_a_partial_run_leaves_the_docs_results_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(_results.ENV_DIR, raising=False)
    monkeypatch.setattr(_results, "DEFAULT_DIR", tmp_path / "results")
    table = _results.Table("half", {"storylens": {"F1": 0.9}})
    assert _results.save_results("demo", table, partial=True) is None
    assert not (tmp_path / "results").exists()
    assert _results.save_results("demo", table) == tmp_path / "results" / "demo.json"


def test_cog_check_fails_on_a_table_stale_against_its_result_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(_results.ENV_DIR, str(tmp_path))
    _write_demo(tmp_path)
    doc = tmp_path / "benchmarks.md"
    doc.write_text(
        "# Demo\n\n<!-- [[[cog\nimport cog\nfrom _results import table\n"
        'cog.out(table("demo"))\n]]] -->\n<!-- [[[end]]] -->\n',
        encoding="utf-8",
    )
    assert Cog().main(["cog", "-r", "-I", str(BENCH), str(doc)]) == 0
    assert "| storylens | 0.812 |" in doc.read_text(encoding="utf-8")
    assert _cog_check(doc, "-I", str(BENCH)) == 0
    result = tmp_path / "demo.json"
    result.write_text(result.read_text(encoding="utf-8").replace("0.81249", "0.79"), "utf-8")
    assert _cog_check(doc, "-I", str(BENCH)) == 5  # a new run, the table not written again
    result.unlink()
    assert _cog_check(doc, "-I", str(BENCH)) == 5  # the file gone: "not run yet", not figures
