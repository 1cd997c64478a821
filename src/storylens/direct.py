"""Two or more articles compared directly, with no store: ``compare_articles``.

The inputs are read as ``analyze`` reads them (files, folders, URLs), analysed in this
process, and compared as one story; the result is the same ``StoryView`` the store's pages
and reports read, so ``report.write_markdown`` and ``report.write_json`` print it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from storylens.analyse.batch import analyse_batch
from storylens.compare import compare_story
from storylens.ingest import iter_inputs
from storylens.naming import name_comparison, outlet_names
from storylens.records import Article, Rejection, StoryMember
from storylens.report import DIRECT_STORY_ID
from storylens.views import ArticleInStory, StoryView


@dataclass(frozen=True)
class DirectComparison:
    view: StoryView
    rejections: tuple[Rejection, ...]


def compare_articles(inputs: Iterable[str], model: str | None = None) -> DirectComparison:
    """Compare the articles of ``inputs`` as one story; inputs that cannot be read come back
    as rejections and the rest are compared."""
    articles: list[Article] = []
    rejections: list[Rejection] = []
    for record in iter_inputs(inputs):
        if isinstance(record, Article):
            articles.append(record)
        else:
            rejections.append(record)
    analysed, failed = analyse_batch(articles, model) if articles else ([], [])
    rejections.extend(failed)
    members = [StoryMember(item, seq=seq) for seq, item in enumerate(analysed)]
    names = outlet_names(
        (m.id, m.analysed.article.outlet, m.analysed.article.text) for m in members
    )
    comparison = compare_story(DIRECT_STORY_ID, members)
    view = StoryView(
        story_id=DIRECT_STORY_ID,
        title=next((m.analysed.article.title for m in members if m.analysed.article.title), None),
        articles=tuple(
            ArticleInStory(
                article_id=m.id,
                outlet=m.analysed.article.outlet,
                title=m.analysed.article.title,
                published=m.analysed.article.published,
                url=m.analysed.article.url,
                duplicate_of=None,
                score=None,
                why="given to compare",
                boilerplate=(),
                name=names[m.id].name,
                name_note=names[m.id].note,
            )
            for m in members
        ),
        quotes=(),
        comparison=name_comparison(comparison, names),
        texts={m.id: m.analysed.article.text for m in members},
        analysed_quotes={m.id: m.analysed.quotes for m in members},
    )
    return DirectComparison(view, tuple(rejections))
