"""The compare stage for one story, from stored rows: StoryComparison."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storylens.compare.quotes import QuoteInStory, align_quotes
from storylens.records import StoryComparison


def compare_story(
    story_id: str, article_rows: Sequence[dict[str, Any]], quote_rows: Sequence[dict[str, Any]]
) -> StoryComparison:
    """Align the story's quotes across outlets and find who published first."""
    quotes = [
        QuoteInStory(
            article_id=row["article_id"],
            outlet=row.get("outlet"),
            text=row.get("spoken") or row["text"],
            speaker=row.get("speaker"),
            kind=row["kind"],
        )
        for row in quote_rows
    ]
    dated = sorted((row["published"], row["id"]) for row in article_rows if row.get("published"))
    return StoryComparison(
        story_id=story_id,
        quote_groups=align_quotes(quotes),
        first_article_id=dated[0][1] if dated else None,
    )
