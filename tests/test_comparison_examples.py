"""End to end on the comparison examples (``examples/compare.jsonl``): two fictional events,
each told by three outlets, written so that every kind of difference the comparison looks for
occurs in them. The expected answers are in ``examples/gold.json`` under ``comparison``.

The demo inputs plus ``compare.jsonl`` are analysed once into a temporary SQLite store; each
test reads one part of one story's comparison from ``story_view``. Dates and tone come from the
analyse stage's timexes and tone marks: where a store holds none of them, those tests skip.
Each event's ``known_failures`` in the gold file are what a careful reader sees and storylens
does not yet; they are documented there and not asserted here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from storylens.clean import clean_article
from storylens.export import article_records, story_records
from storylens.pipeline import analyze
from storylens.records import Article, DetailValue, StoryComparison
from storylens.store import Store
from storylens.views import story_view

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
DEMO_INPUTS = [
    str(EXAMPLES / name) for name in ("corpus.jsonl", "wire.jsonl", "text", "html", "compare.jsonl")
]
GOLD = json.loads((EXAMPLES / "gold.json").read_text(encoding="utf-8"))
COMPARISON: dict[str, dict[str, Any]] = GOLD["comparison"]
EVENTS = sorted(COMPARISON)
# Input orders tried when clustering the whole demo corpus with the comparison examples.
ORDERS = 3


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    db = tmp_path_factory.mktemp("comparison") / "demo.db"
    opened = Store(db)
    summary = analyze(DEMO_INPUTS, opened)
    assert summary.ok, summary.rejected
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def comparisons(store: Store) -> dict[str, StoryComparison]:
    """Each gold event's comparison, found through the story its articles are in."""
    story_of = {a["id"]: a["story_id"] for a in article_records(store)}
    found = {}
    for slug, gold in COMPARISON.items():
        stories = {story_of[article_id] for article_id in gold["articles"]}
        assert len(stories) == 1, (slug, stories)
        found[slug] = story_view(store, stories.pop()).comparison
    return found


# Shared claims the same-claim model (issue 19, item 2) does not pair: each pair differs in a
# detail as well as in wording (Sunday / Saturday, $5.6 million / $6.5 million), and MSRP, the
# model's training data, calls such pairs different; rules that would pair them lowered its
# cross-validated accuracy (docs/comparison.md). (The short quote with "cheering supporters"
# beside the longer one is paired now: both are mostly one quotation, QUOTATION_CLAIM_SHARE.)
SAME_CLAIM_MISSES = {
    "shared": {
        "brackenford-mayoral-election-1",
        "tamsworth-astrolabe-theft-0",
    }
}

# Loaded words the analysis finds but the comparison does not list: the tone part lists only
# words it is sure of (analyse/tone.py `_is_sure`), and an unrated verb ("plundered") is not.
UNSURE_TONE_MISSES = {"tone_own": {"tamsworth-astrolabe-theft-0"}}


def _cases(part: str) -> list[Any]:
    """One test case per item of a gold part: (event, item); a known miss is a strict xfail."""
    cases = []
    for slug in EVENTS:
        value = COMPARISON[slug].get(part) or []
        items = (
            [(article, entry) for article, entries in value.items() for entry in entries]
            if isinstance(value, dict)
            else list(value)
        )
        for n, item in enumerate(items):
            known = f"{slug}-{n}" in SAME_CLAIM_MISSES.get(part, set())
            miss = pytest.mark.xfail(strict=True, reason="not the same claim to the model")
            if f"{slug}-{n}" in UNSURE_TONE_MISSES.get(part, set()):
                known = True
                miss = pytest.mark.xfail(strict=True, reason="an unrated verb is not listed")
            cases.append(pytest.param(slug, item, id=f"{slug}-{n}", marks=[miss] if known else []))
    return cases


def _has_dates(comparison: StoryComparison) -> bool:
    return bool(comparison.timeline)


def _has_tone(comparison: StoryComparison) -> bool:
    return any(p.own or p.scare or p.quoted for p in comparison.tone)


# -- stories ---------------------------------------------------------------------------------


def _expected_partition() -> set[frozenset[str]]:
    groups = list(GOLD["stories"].values()) + [g["articles"] for g in COMPARISON.values()]
    return {frozenset(group) for group in groups}


def test_each_event_is_a_story_of_its_own(store: Store) -> None:
    found = {frozenset(s["article_ids"]) for s in story_records(store)}
    assert found == _expected_partition()


def test_the_examples_hold_no_new_syndicated_copy(store: Store) -> None:
    copies = {a["id"]: a["duplicate_of"] for a in article_records(store) if a["duplicate_of"]}
    assert copies == GOLD["duplicates"]


@pytest.fixture(scope="module")
def features(store: Store) -> list[Any]:
    """Story features of every stored article, read again from the stored text."""
    from storylens.analyse.article import analyse_articles
    from storylens.analyse.nlp import load_pipeline
    from storylens.stories import extract_features

    articles = [
        Article(
            id=row["id"],
            text=row["text"],
            title=row["title"],
            outlet=row["outlet"],
            published=row["published"],
        )
        for row in article_records(store)
    ]
    cleaned = (clean_article(a) for a in articles)
    return [extract_features(a) for a in analyse_articles(cleaned, load_pipeline())]


@pytest.mark.parametrize("seed", range(ORDERS))
def test_stories_come_out_as_written_in_any_order(features: list[Any], seed: int) -> None:
    # tests/test_stories_examples.py's expectations, with compare.jsonl added to the corpus.
    from storylens.stories import StoryClusterer

    shuffled = list(features)
    random.Random(seed).shuffle(shuffled)
    clusterer = StoryClusterer()
    for item in shuffled:
        clusterer.add(item)
    assert {frozenset(g) for g in clusterer.stories().values()} == _expected_partition()
    for copy, original in GOLD["duplicates"].items():
        assignment = clusterer.assignment(copy)
        assert assignment is not None and assignment.duplicate_of == original
    for slug in EVENTS:
        for article_id in COMPARISON[slug]["articles"]:
            assignment = clusterer.assignment(article_id)
            assert assignment is not None and assignment.duplicate_of is None


# -- quotes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("slug", "expected"), _cases("quote_variants"))
def test_quote_variant(
    comparisons: dict[str, StoryComparison], slug: str, expected: dict[str, str]
) -> None:
    variants = [
        (group, variant)
        for group in comparisons[slug].quote_groups
        for variant in group.variants
        if variant.article_id == expected["article"]
        and expected["substring"].lower() in variant.text.lower()
    ]
    assert variants, f"no quote holding {expected['substring']!r} in {expected['article']}"
    assert [v.relation for _, v in variants] == [expected["relation"]]
    group, variant = variants[0]
    assert variant.speaker and expected["speaker"] in variant.speaker
    if expected["relation"] != "reference":
        assert len(group.variants) >= 2


# -- claims ----------------------------------------------------------------------------------


def _claims(comparison: StoryComparison, article_id: str, substring: str) -> list[Any]:
    found = [c for c in comparison.claims if c.article_id == article_id and substring in c.text]
    assert found, f"no claim holding {substring!r} in {article_id}"
    return found


@pytest.mark.parametrize(("slug", "expected"), _cases("shared"))
def test_shared_claim(
    comparisons: dict[str, StoryComparison], slug: str, expected: dict[str, Any]
) -> None:
    claims = _claims(comparisons[slug], expected["article"], expected["substring"])
    reporting = {outlet for c in claims if c.status == "shared" for outlet in c.shared_with}
    reporting |= {c.outlet for c in claims if c.status == "shared"}
    assert reporting == set(expected["outlets"])


@pytest.mark.parametrize(("slug", "expected"), _cases("only_in"))
def test_claim_only_in_one_outlet(
    comparisons: dict[str, StoryComparison], slug: str, expected: tuple[str, str]
) -> None:
    article_id, substring = expected
    claims = _claims(comparisons[slug], article_id, substring)
    # A lone bare quotation is the quotes part's ("quotation"): one outlet's all the same; a
    # lone claim the model cannot call the outlet's own is listed apart ("unplaced"), never
    # as shared.
    assert all(c.status in ("only", "unplaced", "quotation") and not c.shared_with for c in claims)


# -- details ---------------------------------------------------------------------------------


def _side_matches(side: DetailValue, wanted: str) -> bool:
    return wanted in (side.value, side.text)


def _conflict_matches(conflict: Any, expected: dict[str, Any]) -> bool:
    if conflict.kind != expected["kind"] or conflict.status != expected["status"]:
        return False
    first, second = expected["values"]
    sides = (conflict.first, conflict.second)
    return any(
        _side_matches(a, first) and _side_matches(b, second) for a, b in (sides, sides[::-1])
    )


@pytest.mark.parametrize(("slug", "expected"), _cases("conflicts"))
def test_detail_conflict(
    comparisons: dict[str, StoryComparison], slug: str, expected: dict[str, Any]
) -> None:
    comparison = comparisons[slug]
    if expected["kind"] == "date" and not _has_dates(comparison):
        pytest.skip("no dates in this store: the analysis records no timexes yet")
    matches = [c for c in comparison.details if _conflict_matches(c, expected)]
    assert matches, [
        (c.kind, c.status, c.first.text, c.second.text)
        for c in comparison.details
        if c.kind == expected["kind"]
    ]
    if "words" in expected:
        texts = {matches[0].first.text, matches[0].second.text}
        assert texts == set(expected["words"])


# -- sourcing --------------------------------------------------------------------------------


def _share(comparison: StoryComparison, article_id: str) -> float:
    (profile,) = [p for p in comparison.sourcing if p.article_ids == (article_id,)]
    return profile.anonymous_share


@pytest.mark.parametrize("slug", EVENTS)
def test_one_outlet_leans_on_anonymous_sources(
    comparisons: dict[str, StoryComparison], slug: str
) -> None:
    comparison = comparisons[slug]
    for article_id in COMPARISON[slug]["anonymous_reliance"]:
        share = _share(comparison, article_id)
        others = [o for o in COMPARISON[slug]["articles"] if o != article_id]
        assert share >= 0.25
        assert all(share > _share(comparison, o) for o in others)


@pytest.mark.parametrize("slug", EVENTS)
def test_one_outlet_names_every_source(comparisons: dict[str, StoryComparison], slug: str) -> None:
    comparison = comparisons[slug]
    for article_id in COMPARISON[slug]["named_only"]:
        (profile,) = [p for p in comparison.sourcing if p.article_ids == (article_id,)]
        counts = {c.source_type: c.quotes for c in profile.counts}
        assert counts.get("anonymous", 0) == 0 and profile.anonymous == ()
        assert counts["person"] >= 3


# -- tone ------------------------------------------------------------------------------------


def _tone(comparison: StoryComparison, article_id: str) -> Any:
    if not _has_tone(comparison):
        pytest.skip("no tone marks in this store: the analysis records none yet")
    (profile,) = [p for p in comparison.tone if p.article_id == article_id]
    return profile


@pytest.mark.parametrize(("slug", "expected"), _cases("tone_own"))
def test_loaded_word_only_one_outlet_uses(
    comparisons: dict[str, StoryComparison], slug: str, expected: tuple[str, str]
) -> None:
    article_id, word = expected
    profile = _tone(comparisons[slug], article_id)
    assert word in [w.lower() for w in profile.distinctive]
    others = [p for p in comparisons[slug].tone if p.article_id != article_id]
    assert all(word not in [m.text.lower() for m in p.own] for p in others)


@pytest.mark.parametrize(("slug", "expected"), _cases("tone_scare"))
def test_scare_quoted_wording(
    comparisons: dict[str, StoryComparison], slug: str, expected: tuple[str, str]
) -> None:
    article_id, words = expected
    profile = _tone(comparisons[slug], article_id)
    assert words in [m.text for m in profile.scare]


@pytest.mark.parametrize(("slug", "expected"), _cases("tone_quoted"))
def test_loaded_word_in_a_sources_quote(
    comparisons: dict[str, StoryComparison], slug: str, expected: dict[str, str]
) -> None:
    profile = _tone(comparisons[slug], expected["article"])
    speakers = [m.speaker for m in profile.quoted if m.text.lower() == expected["word"]]
    assert speakers == [expected["speaker"]]


# -- lineage, timeline -----------------------------------------------------------------------


@pytest.mark.parametrize("slug", EVENTS)
def test_who_published_first(comparisons: dict[str, StoryComparison], slug: str) -> None:
    comparison = comparisons[slug]
    assert comparison.first_article_id == COMPARISON[slug]["first"]
    assert (comparison.lineage[0].article_id, comparison.lineage[0].role) == (
        COMPARISON[slug]["first"],
        "first",
    )


@pytest.mark.parametrize("slug", EVENTS)
def test_a_later_article_echoes_sentences(
    comparisons: dict[str, StoryComparison], slug: str
) -> None:
    comparison = comparisons[slug]
    expected = COMPARISON[slug]["echo"]
    echoed = [
        e.text
        for e in comparison.echoes
        if (e.article_id, e.earlier_article_id) == (expected["article"], expected["of"])
    ]
    for sentence in expected["sentences"]:
        assert any(text.startswith(sentence) for text in echoed), (sentence, echoed)
    (entry,) = [e for e in comparison.lineage if e.article_id == expected["article"]]
    assert entry.role == expected["role"]
    assert 0 < entry.reused_share < 0.5  # an echo of a few sentences, mostly its own text


@pytest.mark.parametrize(("slug", "expected"), _cases("timeline"))
def test_timeline_entry(
    comparisons: dict[str, StoryComparison], slug: str, expected: dict[str, str]
) -> None:
    comparison = comparisons[slug]
    if not _has_dates(comparison):
        pytest.skip("no dates in this store: the analysis records no timexes yet")
    entries = [(t.text, t.value) for t in comparison.timeline if expected["outlet"] in t.outlets]
    assert (expected["words"], expected["value"]) in entries


def test_a_comparison_serialises_as_dataclasses_asdict_would(
    comparisons: dict[str, StoryComparison],
) -> None:
    import dataclasses

    from storylens.compare.serialise import (
        comparison_from_json,
        comparison_to_dict,
        comparison_to_json,
    )

    for comparison in comparisons.values():
        assert comparison_to_dict(comparison) == dataclasses.asdict(comparison)
        assert comparison_from_json(comparison_to_json(comparison)) == comparison


@pytest.mark.parametrize("slug", EVENTS)
def test_a_summary_wording_is_told_in_the_claim_lists_too(
    comparisons: dict[str, StoryComparison], slug: str
) -> None:
    """An outlet's sentence a summary line shows as its wording of the line: the line's claim
    is shared with that outlet, never "only" its own nor "B may say it" (issue 19)."""
    comparison = comparisons[slug]
    claims = {(c.article_id, c.text): c for c in comparison.claims if c.status != "copy"}
    for line in comparison.summary:
        claim = claims[(line.article_id, line.text)]
        told = {*claim.shared_with, *claim.echoed_by}
        assert {w.outlet for w in line.other_wordings} <= told, (slug, line.text)
        assert not {m.outlet for m in claim.maybe_matches} & told
