"""The database tables, as SQLAlchemy Core metadata.

Portable types only (Text, Integer, Float), so the same schema runs on SQLite and PostgreSQL.
JSON-shaped fields are stored as text: both databases read it, and nothing queries inside them.
Column names avoid SQL keywords (``start_char`` not ``start``); exports use the public names.
The migrations in ``migrations/versions`` create these tables; a test checks they agree.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, Table, Text

metadata = MetaData()

articles = Table(
    "articles",
    metadata,
    Column("id", Text, primary_key=True),
    Column("url", Text),
    Column("outlet", Text),
    Column("title", Text),
    Column("published", Text),
    Column("authors", Text, nullable=False, default="[]"),
    Column("text", Text, nullable=False),
    Column("source", Text, nullable=False, default=""),
    Column("content_hash", Text, nullable=False),
    Column("boilerplate", Text, nullable=False, default="[]"),
    Column("model", Text, nullable=False, default=""),
    Column("story_id", Text),
    Column("duplicate_of", Text),
    Column("story_score", Float),
    Column("story_reasons", Text, nullable=False, default="[]"),
    Column("secondary_story_ids", Text, nullable=False, default="[]"),
    Column("features", Text),
    Column("seq", Integer, nullable=False),
    Column("ingested_at", Text, nullable=False),
    Index("ix_articles_story_id", "story_id"),
    Index("ix_articles_seq", "seq"),
)

stories = Table(
    "stories",
    metadata,
    Column("id", Text, primary_key=True),
    Column("title", Text),
    Column("founding_article_id", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    Column("updated_at", Text, nullable=False),
)

quotes = Table(
    "quotes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("article_id", Text, ForeignKey("articles.id", ondelete="CASCADE"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("start_char", Integer, nullable=False),
    Column("end_char", Integer, nullable=False),
    Column("speaker", Text),
    Column("speaker_mention", Text),
    Column("speaker_start", Integer),
    Column("speaker_end", Integer),
    Column("speaker_type", Text, nullable=False),
    Column("cue", Text),
    Column("kind", Text, nullable=False),
    Column("reported_by", Text),
    Index("ix_quotes_article_id", "article_id"),
)

entities = Table(
    "entities",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("article_id", Text, ForeignKey("articles.id", ondelete="CASCADE"), nullable=False),
    Column("text", Text, nullable=False),
    Column("label", Text, nullable=False),
    Column("start_char", Integer, nullable=False),
    Column("end_char", Integer, nullable=False),
    Index("ix_entities_article_id", "article_id"),
)

details = Table(
    "details",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("article_id", Text, ForeignKey("articles.id", ondelete="CASCADE"), nullable=False),
    Column("kind", Text, nullable=False),  # "date" or "number"
    Column("text", Text, nullable=False),
    Column("value", Text, nullable=False),
    Column("start_char", Integer, nullable=False),
    Column("end_char", Integer, nullable=False),
    Index("ix_details_article_id", "article_id"),
)

rejections = Table(
    "rejections",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("input", Text, nullable=False),
    Column("reason", Text, nullable=False),
    Column("rejected_at", Text, nullable=False),
)
