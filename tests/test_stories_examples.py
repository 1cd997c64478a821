"""End to end on the fictional example corpus and the seed articles: stories come out as
written in ``examples/gold.json``, in any input order, and the syndicated copy is linked."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import require_shared
from storylens.clean import clean_article
from storylens.records import Article
from storylens.stories import ArticleFeatures, StoryClusterer, extract_features

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
# Input orders tried on the examples: each shuffles the whole corpus differently.
ORDERS = 6


def _example_articles() -> Iterator[Article]:
    for name in ("corpus.jsonl", "wire.jsonl"):
        for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                yield Article(
                    id=row["id"],
                    text=row["text"],
                    title=row.get("title"),
                    outlet=row.get("outlet"),
                    published=row.get("published"),
                    source=name,
                )
    for path in sorted((EXAMPLES / "text").glob("*.txt")):
        title, _, body = path.read_text(encoding="utf-8").partition("\n")
        yield Article(id=path.stem, text=body.strip(), title=title.strip(), source=str(path))
    trafilatura = pytest.importorskip("trafilatura")
    for path in sorted((EXAMPLES / "html").glob("*.html")):
        text = trafilatura.extract(path.read_text(encoding="utf-8")) or ""
        yield Article(id=path.stem, text=text, source=str(path))


def _features(articles: list[Article]) -> list[ArticleFeatures]:
    from storylens.analyse.article import analyse_articles
    from storylens.analyse.nlp import load_pipeline

    cleaned = (clean_article(a) for a in articles)
    return [extract_features(a) for a in analyse_articles(cleaned, load_pipeline())]


@lru_cache(maxsize=1)
def example_features() -> tuple[ArticleFeatures, ...]:
    if not (EXAMPLES / "gold.json").exists():
        pytest.skip("examples/ is not there")
    return tuple(_features(list(_example_articles())))


def gold() -> dict[str, object]:
    loaded: dict[str, object] = json.loads((EXAMPLES / "gold.json").read_text(encoding="utf-8"))
    return loaded


def cluster(features: list[ArticleFeatures]) -> StoryClusterer:
    clusterer = StoryClusterer()
    for item in features:
        clusterer.add(item)
    return clusterer


def as_partition(groups: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(group) for group in groups}


@pytest.mark.parametrize("seed", range(ORDERS))
def test_example_events_come_out_as_written(seed: int) -> None:
    features = list(example_features())
    random.Random(seed).shuffle(features)
    clusterer = cluster(features)
    expected = gold()["stories"]
    assert isinstance(expected, dict)
    assert as_partition(list(clusterer.stories().values())) == as_partition(list(expected.values()))


@pytest.mark.parametrize("seed", range(ORDERS))
def test_the_syndicated_copy_is_linked_to_its_original(seed: int) -> None:
    features = list(example_features())
    random.Random(seed).shuffle(features)
    clusterer = cluster(features)
    duplicates = gold()["duplicates"]
    assert isinstance(duplicates, dict)
    for copy, original in duplicates.items():
        copy_assignment = clusterer.assignment(copy)
        original_assignment = clusterer.assignment(original)
        assert copy_assignment is not None and original_assignment is not None
        assert copy_assignment.story_id == original_assignment.story_id
        # Copy first, original later: the copy is re-pointed (see take_revisions).
        assert copy_assignment.duplicate_of == original
        assert original_assignment.duplicate_of is None
    flagged = {a for a in gold_ids() if (x := clusterer.assignment(a)) and x.duplicate_of}
    assert flagged == set(duplicates)


def gold_ids() -> list[str]:
    stories = gold()["stories"]
    assert isinstance(stories, dict)
    return [article_id for ids in stories.values() for article_id in ids]


def test_secondary_events_are_recorded() -> None:
    secondary = gold().get("secondary", {})
    stories = gold()["stories"]
    assert isinstance(secondary, dict) and isinstance(stories, dict)
    features = list(example_features())
    for article_id, story_slug in secondary.items():
        # The link can only be made to a story that exists when the article arrives.
        ordered = [f for f in features if f.article_id != article_id]
        ordered += [f for f in features if f.article_id == article_id]
        clusterer = cluster(ordered)
        assignment = clusterer.assignment(article_id)
        other = clusterer.assignment(stories[story_slug][0])
        assert assignment is not None and other is not None
        assert assignment.story_id != other.story_id  # the main event wins
        assert other.story_id in assignment.secondary_story_ids


def test_the_seed_articles_form_one_story() -> None:
    require_shared(SEEDS)
    paths = sorted(SEEDS.glob("*.txt"))
    assert len(paths) >= 2, f"{SEEDS} holds the two seed articles"
    articles = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        title = text.split("\n", 1)[0]
        articles.append(Article(id=path.stem, text=text, title=title, source=str(path)))
    for order in (articles, articles[::-1]):
        clusterer = cluster(_features(order))
        assert len(clusterer.stories()) == 1
