"""The two seed articles (real, kept outside the project): one story, captions as boilerplate.

Skipped where ../shared is absent (a user's machine); runs in CI.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import require_shared
from storylens.clean import clean_article
from storylens.export import article_records, story_records
from storylens.ingest import iter_inputs
from storylens.pipeline import analyze
from storylens.records import Article
from storylens.store import Store

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


@pytest.fixture(autouse=True)
def _seeds_here() -> None:
    require_shared(SEEDS)


def test_seeds_form_one_story(tmp_path: Path) -> None:
    with Store(tmp_path / "seeds.db") as store:
        summary = analyze([str(SEEDS)], store)
        assert summary.ok and summary.stored == 2
        stories = list(story_records(store))
        assert len(stories) == 1 and len(stories[0]["article_ids"]) == 2
        assert all(a["story_id"] == stories[0]["story_id"] for a in article_records(store))


def test_repeated_captions_are_boilerplate() -> None:
    articles = [a for a in iter_inputs([str(SEEDS)]) if isinstance(a, Article)]
    marked = {a.id: clean_article(a).boilerplate for a in articles}
    with_captions = [spans for spans in marked.values() if spans]
    assert len(with_captions) == 1, "one seed article repeats its body in photo captions"
    labels = [span.label for span in with_captions[0]]
    assert labels.count("caption restating the body") >= 2
    for spans in marked.values():
        for span in spans:
            # a caption restates a body sentence: every marked line has a longer original
            assert len(span.text.split()) >= 6


def test_show_lists_quotes_with_speakers_and_the_captions(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from storylens.cli import app

    db = str(tmp_path / "seeds.db")
    runner = CliRunner()
    assert runner.invoke(app, ["analyze", str(SEEDS), "--db", db]).exit_code == 0
    with Store(db) as store:
        story_id = next(iter(story_records(store)))["story_id"]
    shown = runner.invoke(app, ["show", story_id, "--db", db, "--all"], env={"COLUMNS": "250"})
    assert shown.exit_code == 0
    assert "Who said what" in shown.output and "Hilaria Baldwin" in shown.output
    assert "caption restating the body" in shown.output
