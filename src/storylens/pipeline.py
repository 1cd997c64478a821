"""The whole job: inputs -> articles -> clean -> analyse -> stories -> store, batch by batch.

Each batch is analysed, placed into stories and written in one transaction before the next is
read, so memory stays flat and a crash loses at most the batch in flight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any, TextIO

from storylens.analyse.nlp import load_pipeline
from storylens.analyse.workers import Analyser, LocalAnalyser
from storylens.clean import repair_text
from storylens.compare import compare_story
from storylens.ingest import iter_inputs
from storylens.records import Article, Rejection, StoryAssignment
from storylens.store import Store, StoredArticle
from storylens.store.store import text_hash
from storylens.stories import ArticleFeatures, StoryClusterer, extract_features
from storylens.stories.embeddings import ArticleEncoder

# Articles per transaction: one spaCy batch, one commit. Small enough that a crash loses little.
DEFAULT_PIPELINE_BATCH = 64


@dataclass
class AnalyzeSummary:
    """What one run of ``analyze`` did, for the command line and the tests."""

    stored: int = 0
    already_stored: int = 0
    duplicates: int = 0  # syndicated or copied articles linked to an original
    new_stories: int = 0
    rejected: list[Rejection] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.rejected


def _batches(
    items: Iterable[Article | Rejection], size: int
) -> Iterator[list[Article | Rejection]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def analyze(
    inputs: Iterable[str],
    store: Store,
    *,
    model: str | None = None,
    batch_size: int = DEFAULT_PIPELINE_BATCH,
    stdin: TextIO | None = None,
    on_batch: Callable[[AnalyzeSummary], None] | None = None,
    embeddings: bool = False,
    analyser: Analyser | None = None,
) -> AnalyzeSummary:
    """Run the full pipeline over ``inputs`` and store the results in ``store``.

    With ``embeddings``, each article also gets a dense sentence embedding that the story
    stage scores beside words and names (needs ``pip install 'storylens[embeddings]'``).
    ``analyser`` says where analysis runs (default: this process; see ``analyse.workers``).
    """
    analyser = analyser or LocalAnalyser(model)
    load_pipeline(model)  # fail early, before any input is read, when the model is missing
    encoder = ArticleEncoder() if embeddings else None
    clusterer = StoryClusterer()
    clusterer.restore(_stored_state(store))
    summary = AnalyzeSummary()
    seen_in_run: dict[str, tuple[str, str]] = {}  # id -> (text hash, input) stored this run
    # New stories are counted in the store, so that those a split opens count too.
    stories_before = store.count_stories()

    for batch in _batches(iter_inputs(inputs, stdin=stdin), batch_size):
        rejected = [item for item in batch if isinstance(item, Rejection)]
        fresh = _new_articles(
            [item for item in batch if isinstance(item, Article)],
            store,
            seen_in_run,
            summary,
            rejected,
        )
        analysed, failed = analyser(fresh)
        rejected.extend(failed)
        stored: list[StoredArticle] = []
        vectors = encoder.embed(analysed) if encoder else [None] * len(analysed)
        for item, vector in zip(analysed, vectors, strict=True):
            features = extract_features(item)
            if vector is not None:
                features = replace(features, dense=vector)
            assignment = clusterer.add(features)
            summary.duplicates += assignment.duplicate_of is not None
            stored.append(StoredArticle(item, assignment, features.to_json()))
        revised = clusterer.take_revisions()
        left = store.story_ids_of([r.article_id for r in revised])  # stories that lost members
        store.save_batch(stored, rejected, revised=revised)
        touched = left | {s.assignment.story_id for s in stored} | {r.story_id for r in revised}
        compare_stories(store, touched, encoder.embed_texts if encoder else None)
        summary.new_stories = max(0, store.count_stories() - stories_before)
        summary.stored += len(stored)
        summary.rejected.extend(rejected)
        if on_batch:
            on_batch(summary)
    return summary


def compare_stories(
    store: Store,
    story_ids: Iterable[str],
    dense: Callable[[Sequence[str]], Any] | None = None,
) -> int:
    """Recompute and store the comparison of each of these stories (only these: a batch
    touches a few stories, and the others' comparisons still hold). ``dense`` embeds claims
    where the embeddings extra is in use. Returns how many were computed."""
    computed, emptied = [], []
    for story_id in sorted(set(story_ids)):
        members = store.story_members(story_id)
        if members:
            computed.append(compare_story(story_id, members, dense))
        else:
            emptied.append(story_id)
    store.save_comparisons(computed, emptied)
    return len(computed)


def _stored_state(store: Store) -> Iterator[tuple[ArticleFeatures, StoryAssignment]]:
    for features_json, assignment in store.story_state():
        yield ArticleFeatures.from_json(features_json), assignment


def _new_articles(
    articles: list[Article],
    store: Store,
    seen_in_run: dict[str, tuple[str, str]],
    summary: AnalyzeSummary,
    rejected: list[Rejection],
) -> list[Article]:
    """Drop articles already stored (same id, same text); refuse an id reused for other text,
    whether stored by an earlier run or met earlier in this one (never a silent drop)."""
    known = store.known_hashes([a.id for a in articles])
    fresh = []
    for article in articles:
        source = article.source or article.id
        text_digest = text_hash(repair_text(article.text))
        stored_hash = known.get(article.id)
        earlier = seen_in_run.get(article.id)
        if earlier is not None:
            earlier_hash, earlier_source = earlier
            if earlier_hash == text_digest:
                summary.already_stored += 1
            else:
                rejected.append(
                    Rejection(
                        source,
                        f"id {article.id!r} is already used in this run by {earlier_source} "
                        "with different text; give this article another id (the first one "
                        "is kept)",
                    )
                )
            continue
        if stored_hash == text_digest:
            summary.already_stored += 1
        elif stored_hash is not None:
            rejected.append(
                Rejection(
                    source,
                    f"id {article.id!r} is already stored with different text; give this "
                    "article another id (the stored one is kept)",
                )
            )
            continue
        else:
            fresh.append(article)
        seen_in_run[article.id] = (text_digest, source)
    return fresh
