"""Story settings by name: each documented, bounded, and read from --setting NAME=VALUE."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storylens.cli import app
from storylens.errors import SettingError
from storylens.store import Store
from storylens.store.build import STORY_SETTINGS
from storylens.stories import StorySettings
from storylens.stories.settings import BY_NAME, SETTINGS, read_settings, settable_fields

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def test_every_story_setting_has_a_meaning_and_bounds_that_hold_its_default() -> None:
    assert [s.name for s in SETTINGS] == settable_fields()
    for setting in SETTINGS:
        assert setting.help and setting.low <= setting.default <= setting.high, setting.name


def test_the_usage_doc_lists_every_story_setting() -> None:
    readme = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", readme, flags=re.MULTILINE))
    assert set(BY_NAME) <= listed


def test_settings_are_read_by_name_with_their_type() -> None:
    read = read_settings(["join_threshold=0.2", "split-every=3"])
    assert read.join_threshold == 0.2 and read.split_every == 3
    assert read.term_weight == StorySettings().term_weight
    assert read_settings([]) == StorySettings()


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("join_treshold=0.2", "unknown setting 'join_treshold=0.2'"),
        ("join_threshold", "give NAME=VALUE"),
        ("join_threshold=high", "'high' is not a number"),
        ("split_every=1.5", "'1.5' is not a whole number"),
        ("join_threshold=1.5", "out of bounds (from 0 to 1)"),
        ("join_threshold=nan", "out of bounds"),
        ("minhash=3", "unknown setting"),  # stored signatures were made with the MinHash ones
    ],
)
def test_a_setting_that_does_not_exist_or_fit_is_refused(pair: str, message: str) -> None:
    with pytest.raises(SettingError, match=re.escape(message)):
        read_settings([pair])


def test_analyze_places_with_the_given_settings_and_refuses_a_typo(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Dunmore opens a footbridge on Saturday.\n", encoding="utf-8")
    db = str(tmp_path / "set.db")
    args = ["analyze", str(tmp_path / "a.txt"), "--db", db]
    typo = runner.invoke(app, [*args, "--setting", "join_treshold=0.3"])
    assert typo.exit_code == 2 and "unknown setting" in typo.output
    result = runner.invoke(app, [*args, "--setting", "join_threshold=0.3"])
    assert result.exit_code == 0, result.output
    with Store(db) as store:
        assert json.loads(store.build_record()[STORY_SETTINGS])["join_threshold"] == 0.3
    listed = runner.invoke(app, ["settings"])
    assert listed.exit_code == 0 and "join_threshold" in listed.output
