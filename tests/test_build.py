"""What a store was built with (store/build.py): recorded by each run, compared by the next."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storylens import __version__
from storylens.cli import app
from storylens.errors import StoreError
from storylens.store import Store
from storylens.store.build import FEATURES, MODEL, STORY_SETTINGS, Build, build_notes
from storylens.stories import StorySettings
from storylens.stories.features import FEATURES_VERSION

runner = CliRunner()
REPORT = (
    "Dunmore opens a footbridge\n\n"
    "The new footbridge over the Vell river in Dunmore opened on Saturday, the council said.\n"
)


def _build() -> Build:
    return Build("core_web_sm-3.8.0", StorySettings())


def test_a_new_store_has_nothing_to_differ_from() -> None:
    assert build_notes({}, _build()) == []
    assert build_notes(_build().as_record(), _build()) == []


def test_another_model_and_other_settings_are_said_in_one_line_each() -> None:
    stored = _build().as_record()
    stored[MODEL] = "core_web_lg-3.8.0"
    settings = json.loads(stored[STORY_SETTINGS])
    settings["join_threshold"] = 0.2
    del settings["split_day_factor"]  # a setting the store's storylens did not have yet
    stored[STORY_SETTINGS] = json.dumps(settings)
    notes = build_notes(stored, _build())
    assert len(notes) == 2
    assert "analysed with core_web_lg-3.8.0; this run uses core_web_sm-3.8.0" in notes[0]
    assert "join_threshold: 0.2 -> 0.15" in notes[1]
    assert "split_day_factor: none -> 0.6" in notes[1]


def test_features_newer_than_this_storylens_reads_are_refused() -> None:
    stored = _build().as_record()
    stored[FEATURES] = str(FEATURES_VERSION + 1)
    with pytest.raises(StoreError, match="newer than this storylens reads"):
        build_notes(stored, _build())


def test_each_run_records_its_build_and_the_next_says_what_changed(tmp_path: Path) -> None:
    db = str(tmp_path / "built.db")
    (tmp_path / "a.txt").write_text(REPORT, encoding="utf-8")
    first = runner.invoke(app, ["analyze", str(tmp_path / "a.txt"), "--db", db])
    assert first.exit_code == 0, first.output
    with Store(db) as store:
        record = store.build_record()
        assert record["storylens"] == __version__
        assert record[FEATURES] == str(FEATURES_VERSION)
        assert json.loads(record[STORY_SETTINGS])["join_threshold"] == 0.15
        # As if an earlier storylens had placed the stories with another threshold.
        older = replace(StorySettings(), join_threshold=0.2)
        store.record_build(Build(record[MODEL], older, storylens="0.0.9").as_record())
    (tmp_path / "b.txt").write_text(REPORT.replace("Saturday", "Sunday"), encoding="utf-8")
    second = runner.invoke(app, ["analyze", str(tmp_path / "b.txt"), "--db", db])
    assert second.exit_code == 0, second.output
    assert "placed with other settings (join_threshold: 0.2 -> 0.15)" in second.output
    with Store(db) as store:
        assert json.loads(store.build_record()[STORY_SETTINGS])["join_threshold"] == 0.15


def test_a_store_from_a_newer_storylens_stops_the_run(tmp_path: Path) -> None:
    db = str(tmp_path / "newer.db")
    with Store(db) as store:
        record = _build().as_record()
        record[FEATURES] = str(FEATURES_VERSION + 1)
        store.record_build(record)
    (tmp_path / "a.txt").write_text(REPORT, encoding="utf-8")
    result = runner.invoke(app, ["analyze", str(tmp_path / "a.txt"), "--db", db])
    assert result.exit_code == 3  # the run cannot go on
    assert "upgrade storylens to continue it" in result.output
    with Store(db) as store:
        assert store.count_articles() == 0
