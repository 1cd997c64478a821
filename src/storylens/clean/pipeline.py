"""The clean stage: Article -> CleanArticle."""

from __future__ import annotations

from dataclasses import replace

from storylens.clean.boilerplate import find_boilerplate
from storylens.clean.offsets import offset_shifts
from storylens.clean.text import repair_text
from storylens.records import Article, CleanArticle


def clean_article(article: Article) -> CleanArticle:
    """Repair the text and title and mark the boilerplate lines of one article."""
    text = repair_text(article.text)
    title = repair_text(article.title) if article.title else article.title
    repaired = replace(article, text=text, title=title or None)
    return CleanArticle(
        article=repaired,
        boilerplate=find_boilerplate(text),
        input_offsets=offset_shifts(article.text, text) if text != article.text else (),
    )
