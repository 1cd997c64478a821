"""What the interfaces show of one story, assembled from the store: shared by CLI and web."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from storylens.compare import compare_story
from storylens.compare.quotes import spoken_words
from storylens.errors import NotFound
from storylens.records import StoryComparison
from storylens.store import Store


@dataclass(frozen=True)
class ArticleInStory:
    article_id: str
    outlet: str | None
    title: str | None
    published: str | None
    url: str | None
    duplicate_of: str | None
    score: float | None
    why: str
    boilerplate: tuple[tuple[str, str], ...]  # (reason, line) for each line analysis skipped
    recalls: tuple[tuple[str, str | None], ...] = ()  # (story id, title) of other events named


@dataclass(frozen=True)
class StoryView:
    story_id: str
    title: str | None
    articles: tuple[ArticleInStory, ...]
    quotes: tuple[dict[str, Any], ...]
    comparison: StoryComparison


def _why(row: dict[str, Any]) -> str:
    # The stored reasons already carry the score ("score 0.48 (words ...)", "copy of X
    # (containment 0.89)"); only an article without reasons needs it said.
    reasons = json.loads(row["story_reasons"] or "[]")
    if reasons:
        return "; ".join(reasons)
    score = row["story_score"]
    return f"score {score:.2f}" if score else "opened the story"


def _boilerplate(row: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    text = row["text"]
    return tuple((reason, text[start:end]) for start, end, reason in json.loads(row["boilerplate"]))


def _with_spoken_words(quote: dict[str, Any], article_text: str) -> dict[str, Any]:
    """The quote row plus ``spoken``: its words without a splitting attribution."""
    start = quote["start_char"]
    opening_mark = article_text[start - 1] if start > 0 else ""
    return {**quote, "spoken": spoken_words(quote["text"], opening_mark)}


def _recalled_stories(store: Store, recalled_ids: Iterable[str]) -> dict[str, str | None]:
    """Titles of the other stories the articles recall, leaving out any emptied since."""
    titles: dict[str, str | None] = {}
    for other in sorted(set(recalled_ids)):
        try:
            titles[other] = store.story_summary(other).title
        except NotFound:
            continue  # its articles all moved to another story (a split)
    return titles


def story_view(store: Store, story_id: str) -> StoryView:
    summary = store.story_summary(story_id)
    rows = list(store.article_rows(story_id))
    recalls = {row["id"]: json.loads(row.get("secondary_story_ids") or "[]") for row in rows}
    titles = _recalled_stories(store, (o for ids in recalls.values() for o in ids))
    texts = {row["id"]: row["text"] for row in rows}
    quote_rows = tuple(
        _with_spoken_words(q, texts[q["article_id"]]) for q in store.quote_rows(texts)
    )
    articles = tuple(
        ArticleInStory(
            article_id=row["id"],
            outlet=row["outlet"],
            title=row["title"],
            published=row["published"],
            url=row["url"],
            duplicate_of=row["duplicate_of"],
            score=row["story_score"],
            why=_why(row),
            boilerplate=_boilerplate(row),
            recalls=tuple(
                (other, titles[other])
                for other in recalls[row["id"]]
                if other in titles and other != story_id
            ),
        )
        for row in rows
    )
    return StoryView(
        story_id=story_id,
        title=summary.title,
        articles=articles,
        quotes=quote_rows,
        comparison=story_comparison(store, story_id, [row["id"] for row in rows]),
    )


def story_comparison(
    store: Store, story_id: str, article_ids: Iterable[str] | None = None
) -> StoryComparison:
    """The story's stored comparison, or one computed now when none is stored for its
    current articles (a store written before comparisons existed, or a run cut short)."""
    if article_ids is None:
        article_ids = store.story_summary(story_id).article_ids
    stored = store.stored_comparison(story_id)
    current = set(article_ids)
    if stored is not None and (
        set(stored.article_ids) == current or (stored.notes and set(stored.article_ids) <= current)
    ):
        return stored
    return compare_story(story_id, store.story_members(story_id))
