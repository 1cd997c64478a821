"""One batch through the per-article stages: Article -> CleanArticle -> AnalysedArticle.

A plain function of records, so the same code runs in this process or in a Dask worker; the
spaCy pipeline is loaded once per process (``load_pipeline`` is cached).
"""

from __future__ import annotations

from collections.abc import Sequence

from storylens.analyse.article import analyse_articles
from storylens.analyse.nlp import load_pipeline
from storylens.clean import clean_article
from storylens.records import AnalysedArticle, Article, Rejection

BatchResult = tuple[list[AnalysedArticle], list[Rejection]]


def analyse_batch(articles: Sequence[Article], model: str | None = None) -> BatchResult:
    """Clean and analyse a batch; an article spaCy fails on is rejected, the rest go on."""
    nlp = load_pipeline(model)
    cleans = [clean_article(article) for article in articles]
    try:
        return list(analyse_articles(cleans, nlp)), []
    except Exception:  # noqa: BLE001 - find the article that fails, report it, keep the rest
        if len(cleans) == 1:
            raise
    analysed: list[AnalysedArticle] = []
    rejected: list[Rejection] = []
    for clean in cleans:
        try:
            analysed.extend(analyse_articles([clean], nlp))
        except Exception as error:  # noqa: BLE001
            rejected.append(
                Rejection(clean.article.source or clean.id, f"analysis failed: {error}")
            )
    return analysed, rejected
