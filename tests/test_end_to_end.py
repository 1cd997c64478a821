"""End to end on the sample corpus in examples/: stories, copies, quotes, re-runs, bad inputs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from storylens.compare.serialise import quote_to_dict
from storylens.export import (
    QUOTE_FIELDS,
    article_records,
    printed_words,
    quote_records,
    story_records,
)
from storylens.pipeline import analyze
from storylens.store import Store
from storylens.views import all_quotes, story_view

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
DEMO_INPUTS = [str(EXAMPLES / name) for name in ("corpus.jsonl", "wire.jsonl", "text", "html")]
GOLD = json.loads((EXAMPLES / "gold.json").read_text(encoding="utf-8"))
# Share of the written quote expectations that must come out with the right speaker and kind.
MIN_QUOTE_EXPECTATIONS_MET = 0.8


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    db = tmp_path_factory.mktemp("e2e") / "demo.db"
    store = Store(db)
    summary = analyze(DEMO_INPUTS, store)
    assert summary.ok, summary.rejected
    yield store
    store.close()


def test_every_article_is_stored_once_in_one_story(demo_store: Store) -> None:
    articles = list(article_records(demo_store))
    gold_ids = {i for ids in GOLD["stories"].values() for i in ids}
    assert {a["id"] for a in articles} == gold_ids
    assert all(a["story_id"] for a in articles)


def test_stories_come_out_as_written(demo_store: Store) -> None:
    found = sorted(sorted(s["article_ids"]) for s in story_records(demo_store))
    expected = sorted(sorted(ids) for ids in GOLD["stories"].values())
    assert found == expected


def test_the_syndicated_copy_points_to_its_original(demo_store: Store) -> None:
    by_id = {a["id"]: a for a in article_records(demo_store)}
    for copy, original in GOLD["duplicates"].items():
        assert by_id[copy]["duplicate_of"] == original
    assert sum(1 for a in by_id.values() if a["duplicate_of"]) == len(GOLD["duplicates"])


def test_recalled_events_are_linked_in_the_story_view(demo_store: Store) -> None:
    # A link can only point to a story that exists when the article arrives, so in the
    # demo's input order it is recorded in one direction or the other.
    story_of = {a["id"]: a["story_id"] for a in article_records(demo_store)}
    for article_id, recalled_slug in GOLD["secondary"].items():
        main_story = story_of[article_id]
        recalled_story = story_of[GOLD["stories"][recalled_slug][0]]
        forward = story_view(demo_store, main_story)
        backward = story_view(demo_store, recalled_story)
        linked = {
            (a.article_id, other)
            for view in (forward, backward)
            for a in view.articles
            for other, _ in a.recalls
        }
        assert (article_id, recalled_story) in linked or any(
            other == main_story and story_of[a] == recalled_story for a, other in linked
        ), (article_id, recalled_slug, linked)


def _matches(expectation: dict[str, Any], quote: dict[str, Any]) -> bool:
    """The quote holds the expected words, by the expected speaker (anonymous: by type only)."""
    anonymous = expectation["speaker_type"] == "anonymous"
    return (
        quote["article_id"] == expectation["article_id"]
        and expectation["text_contains"].lower() in quote["text"].lower()
        and (anonymous or quote["speaker"] == expectation["speaker"])
        and quote["speaker_type"] == expectation["speaker_type"]
        and quote["reported_by"] == expectation.get("reported_by")
    )


def _stored_quotes(store: Store) -> list[dict[str, Any]]:
    """Every stored quote as the export writes a row, a nested one too: the gold lists who
    said what, second-hand words included, though the export leaves those to the row of the
    quote that holds them (the API gives them)."""
    return [
        quote_to_dict(replace(quote, text=printed_words(quote)), QUOTE_FIELDS)
        for quote in all_quotes(store)
    ]


def test_quotes_with_their_speakers(demo_store: Store) -> None:
    quotes = _stored_quotes(demo_store)
    met = [e for e in GOLD["quotes"] if any(_matches(e, q) for q in quotes)]
    missed = [e for e in GOLD["quotes"] if e not in met]
    share = len(met) / len(GOLD["quotes"])
    assert share >= MIN_QUOTE_EXPECTATIONS_MET, json.dumps(missed, indent=1)


def test_quote_offsets_point_into_the_exported_text(demo_store: Store) -> None:
    texts = {a["id"]: a["text"] for a in article_records(demo_store)}
    quotes = list(quote_records(demo_store))
    assert quotes
    for quote in quotes:
        text = texts[quote["article_id"]]
        if quote["segments"]:  # a split quote: its runs, as the article prints them
            runs = [text[start:end] for start, end in quote["segments"]]
            assert quote["text"] == " … ".join(runs)
        else:
            assert text[quote["start"] : quote["end"]] == quote["text"]


def test_running_again_adds_nothing(demo_store: Store) -> None:
    before = demo_store.count_articles(), len(list(quote_records(demo_store)))
    summary = analyze(DEMO_INPUTS, demo_store)
    assert (summary.stored, summary.already_stored) == (0, before[0])
    assert (demo_store.count_articles(), len(list(quote_records(demo_store)))) == before


def test_broken_inputs_keep_the_rest(tmp_path: Path) -> None:
    with Store(tmp_path / "broken.db") as store:
        summary = analyze([str(EXAMPLES / "broken")], store)
        assert summary.stored == 1
        assert len(summary.rejected) == 5
        assert store.count_articles() == 1


def _partition(store: Store) -> list[list[str]]:
    return sorted(sorted(s["article_ids"]) for s in story_records(store))


def test_several_runs_give_the_stories_of_one_run(demo_store: Store, tmp_path: Path) -> None:
    with Store(tmp_path / "batches.db") as store:
        for one_input in DEMO_INPUTS:  # four runs, each restoring the clusterer from the store
            assert analyze([one_input], store, batch_size=5).ok
        assert _partition(store) == _partition(demo_store)
        ids_by_first_article = {s["article_ids"][0]: s["story_id"] for s in story_records(store)}
        for story in story_records(demo_store):
            # a story keeps its id: the id follows the article that opened it
            if story["article_ids"][0] in ids_by_first_article:
                assert ids_by_first_article[story["article_ids"][0]] == story["story_id"]
