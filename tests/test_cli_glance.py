"""The terminal at 80 columns (issue 20, items 3 and 6): ``show`` opens on the scorecard and
stays short (``--all`` for everything), no word is broken mid-word and no date wrapped, search
keeps the spaces around highlighted words and says "no matches" in one line, counts take the
right plural, and ``analyze --outlet --published`` names a run's inputs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import EXAMPLES
from storylens.cli import app

runner = CliRunner()
NARROW = {"COLUMNS": "80"}
WIDE = {"COLUMNS": "1000"}
_WORDS = re.compile(r"[A-Za-z][A-Za-z’'-]*[A-Za-z]")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@pytest.fixture(scope="module")
def pair_db(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    db = str(tmp_path_factory.mktemp("cli-glance") / "pair.db")
    result = runner.invoke(app, ["analyze", str(EXAMPLES / "pair"), "--db", db, "-q"])
    assert result.exit_code == 0, result.output
    story = re.search(r"s-[0-9a-f]+", runner.invoke(app, ["stories", "--db", db]).stdout)
    assert story
    return db, story.group(0)


def test_show_opens_on_the_scorecard_and_is_short(pair_db: tuple[str, str]) -> None:
    db, story = pair_db
    glance = runner.invoke(app, ["show", story, "--db", db], env=NARROW)
    everything = runner.invoke(app, ["show", story, "--db", db, "--all"], env=NARROW)
    assert glance.exit_code == 0 and everything.exit_code == 0, glance.output
    lines = glance.stdout.splitlines()
    assert any("What differs, at a glance" in line for line in lines[:8])
    assert "Harbour Gazette" in glance.stdout and "The Valley Courier" in glance.stdout
    # the story's title is one outlet's headline, and the heading says whose
    assert "the title is The Valley Courier's headline" in " ".join(lines[:4])
    assert "--all" in lines[-1]
    assert len(lines) < len(everything.stdout.splitlines()) / 2


@pytest.mark.parametrize("extra", [[], ["--all"]], ids=["glance", "all"])
def test_show_at_80_columns_breaks_no_word_and_no_date(
    pair_db: tuple[str, str], extra: list[str]
) -> None:
    db, story = pair_db
    narrow = runner.invoke(app, ["show", story, "--db", db, *extra], env=NARROW).stdout
    wide = runner.invoke(app, ["show", story, "--db", db, *extra], env=WIDE).stdout
    assert max(len(line) for line in narrow.splitlines()) <= 80
    whole = set(_WORDS.findall(wide))
    # a word too long for its column may end in an ellipsis, never go on the next line
    cut = {m.group(0) for m in re.finditer(_WORDS.pattern + "(?=…)", narrow)}
    broken = {word for word in _WORDS.findall(narrow) if word not in whole | cut}
    assert not broken, f"words cut across lines: {sorted(broken)[:10]}"
    assert set(_DATE.findall(narrow)) == set(_DATE.findall(wide))


def test_search_keeps_spaces_and_says_no_match_in_one_line(pair_db: tuple[str, str]) -> None:
    db, _ = pair_db
    found = runner.invoke(app, ["search", "Pryce", "--db", db], env=WIDE)
    assert found.exit_code == 0, found.output
    assert "chair Alan Pryce" in found.stdout
    none = runner.invoke(app, ["search", "zeppelin", "--db", db], env=NARROW)
    assert none.exit_code == 0
    assert none.stdout.strip().splitlines() == ["no matches for 'zeppelin'"]


def test_counts_take_their_plural_and_a_run_names_its_outlet(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    text = (EXAMPLES / "pair" / "heron-lake-courier.txt").read_text(encoding="utf-8")
    (folder / "courier.txt").write_text(text, encoding="utf-8")
    (folder / "empty.txt").write_text("", encoding="utf-8")
    db = str(tmp_path / "one.db")
    args = ["analyze", str(folder), "--db", db, "--outlet", "Heron Post", "--published"]
    result = runner.invoke(app, [*args, "2026-04-15"], env=WIDE)
    assert result.exit_code == 1, result.output  # the empty file is rejected
    assert "1 article stored" in result.stdout and "1 input rejected" in result.stdout
    assert "1 new story (1 story in" in result.stdout
    stories = runner.invoke(app, ["stories", "--db", db], env=WIDE).stdout
    assert "Heron Post" in stories and "2026-04-15" in stories
    bad = runner.invoke(app, [*args, "someday soon"])
    assert bad.exit_code == 2 and "--published 'someday soon' is not a date" in bad.stderr
