"""Full-text search over titles, article text and quotes: SQLite FTS5 or PostgreSQL's own.

The user's words are never spliced into SQL or into a query language: on SQLite each word is
quoted as an FTS5 string (so ``OR``, ``NEAR`` or a stray ``"`` mean nothing special), on
PostgreSQL the text goes to ``plainto_tsquery``. Matching words come back between
``MATCH_START`` and ``MATCH_END``, which the interfaces turn into highlights after escaping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import Engine, text

# Markers around matching words in snippets: control characters no article text keeps
# (repair removes them), so they cannot be forged by the text itself.
MATCH_START = "\x02"
MATCH_END = "\x03"
# Words either side of a match in a snippet.
SNIPPET_WORDS = 12
# A query longer than this is cut: search words, not documents.
MAX_QUERY_CHARS = 200
# At most this many words of a query are used.
MAX_QUERY_WORDS = 12

_QUERY_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class SearchHit:
    kind: str  # "article" or "quote"
    article_id: str
    quote_position: int | None
    story_id: str | None
    title: str | None
    outlet: str | None
    snippet: str  # with MATCH_START / MATCH_END around the matching words


def query_words(query: str) -> list[str]:
    return _QUERY_WORD.findall(query[:MAX_QUERY_CHARS])[:MAX_QUERY_WORDS]


def search(engine: Engine, query: str, limit: int, offset: int = 0) -> list[SearchHit]:
    """Documents matching every word of ``query``, best first."""
    words = query_words(query)
    if not words:
        return []
    if engine.dialect.name == "sqlite":
        match = " ".join('"' + word.replace('"', "") + '"' for word in words)
        sql = text(
            "SELECT d.kind, d.article_id, d.quote_position, a.story_id, a.title, a.outlet, "
            f"snippet(search_fts, 0, :start, :end, '…', {SNIPPET_WORDS * 2}) AS snippet "
            "FROM search_fts JOIN search_documents d ON d.id = search_fts.rowid "
            "JOIN articles a ON a.id = d.article_id "
            "WHERE search_fts MATCH :match ORDER BY rank LIMIT :limit OFFSET :offset"
        )
        params = {"match": match}
    else:
        sql = text(
            "SELECT d.kind, d.article_id, d.quote_position, a.story_id, a.title, a.outlet, "
            "ts_headline('english', d.body, plainto_tsquery('english', :query), "
            f"'StartSel=' || :start || ', StopSel=' || :end || ', MaxWords={SNIPPET_WORDS * 2}, "
            f"MinWords={SNIPPET_WORDS}') AS snippet "
            "FROM search_documents d JOIN articles a ON a.id = d.article_id "
            "WHERE to_tsvector('english', d.body) @@ plainto_tsquery('english', :query) "
            "ORDER BY ts_rank(to_tsvector('english', d.body), "
            "plainto_tsquery('english', :query)) DESC, d.id LIMIT :limit OFFSET :offset"
        )
        params = {"query": " ".join(words)}
    with engine.connect() as connection:
        rows = connection.execute(
            sql,
            {**params, "start": MATCH_START, "end": MATCH_END, "limit": limit, "offset": offset},
        )
        return [
            SearchHit(
                kind=row.kind,
                article_id=row.article_id,
                quote_position=row.quote_position,
                story_id=row.story_id,
                title=row.title,
                outlet=row.outlet,
                snippet=row.snippet or "",
            )
            for row in rows
        ]
