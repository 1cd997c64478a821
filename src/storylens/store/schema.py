"""The database tables, as SQLAlchemy Core metadata.

Portable types only (Text, Integer, Float), so the same schema runs on SQLite and PostgreSQL.
JSON-shaped fields are stored as text: both databases read it, and nothing queries inside them.
Column names avoid SQL keywords (``start_char`` not ``start``); exports use the public names.
The migrations in ``migrations/versions`` create these tables; a test checks they agree.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, Table, Text, func

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
    Column("sentences", Text, nullable=False, default="[]"),  # [[start, end], ...]
    # Where the stored (repaired) text's offsets fall in the text as given: [[stored, given]]
    # at each point the two diverge, so exports can point into the input as scorers read it.
    Column("input_offsets", Text, nullable=False, default="[]"),
    Column("seq", Integer, nullable=False),
    Column("ingested_at", Text, nullable=False),
    # a story's articles in stored order, with no sort (migration 0006)
    Index("ix_articles_story_seq", "story_id", "seq"),
    Index("ix_articles_seq", "seq"),
    # the first articles (by seq) that name someone, chosen before any row is read
    Index("ix_articles_id_seq", "id", "seq"),
    # the outlet filter (its stories from the index alone) and the list of outlets
    Index("ix_articles_outlet_story", "outlet", "story_id"),
)

stories = Table(
    "stories",
    metadata,
    Column("id", Text, primary_key=True),
    Column("title", Text),
    Column("founding_article_id", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    Column("updated_at", Text, nullable=False),
    # Kept by each batch write for the stories it touched, so that a page of stories is read
    # from this table alone rather than by grouping every article.
    Column("article_count", Integer, nullable=False, default=0),
    Column("duplicate_count", Integer, nullable=False, default=0),
    Column("first_published", Text),
    Column("last_published", Text),
    Column("last_seq", Integer, nullable=False, default=0),
    # The page of stories newest first and `stories`' largest first, read in index order
    # rather than sorted per page: migration 0006 creates them with each database's NULLS
    # order, ``reads.NEWEST_FIRST`` and ``reads.LARGEST_FIRST`` are the queries' orders.
)
Index("ix_stories_newest", stories.c.last_published.desc().nulls_last(), stories.c.last_seq.desc())
Index(
    "ix_stories_largest",
    stories.c.article_count.desc(),
    stories.c.last_published.asc().nulls_first(),
    stories.c.id,
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
    # speech, thought, intention or evidence (analyse/quotes/acts.py); migration 0004
    Column("act", Text, nullable=False, server_default="speech"),
    # the quoted segments as JSON [[start, end], ...]; NULL for a quote in one piece
    Column("segments", Text),
    Index("ix_quotes_article_position", "article_id", "position"),
)
# A person's quotes, looked up case-blind (migration 0006).
Index("ix_quotes_speaker_lower", func.lower(quotes.c.speaker))

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
# The articles that name a person, looked up case-blind (migration 0006).
Index("ix_entities_text_lower", func.lower(entities.c.text))

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

timexes = Table(
    "timexes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("article_id", Text, ForeignKey("articles.id", ondelete="CASCADE"), nullable=False),
    Column("text", Text, nullable=False),
    Column("start_char", Integer, nullable=False),
    Column("end_char", Integer, nullable=False),
    Column("value", Text, nullable=False),
    Column("timex_type", Text, nullable=False),
    Column("anchored", Integer, nullable=False, default=0),
    Index("ix_timexes_article_id", "article_id"),
)

tone_marks = Table(
    "tone_marks",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("article_id", Text, ForeignKey("articles.id", ondelete="CASCADE"), nullable=False),
    Column("text", Text, nullable=False),
    Column("start_char", Integer, nullable=False),
    Column("end_char", Integer, nullable=False),
    Column("polarity", Text, nullable=False),
    Column("voice", Text, nullable=False),
    Column("score", Float, nullable=False, default=0.0),
    Column("target", Text),
    Column("speaker", Text),
    Index("ix_tone_marks_article_id", "article_id"),
)

# One row per story: its comparison as JSON (the report's schema), and the article ids it was
# computed from, so a reader can tell a stale comparison from a current one.
comparisons = Table(
    "comparisons",
    metadata,
    Column("story_id", Text, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("article_ids", Text, nullable=False),
    Column("body", Text, nullable=False),
    Column("computed_at", Text, nullable=False),
    Column("summary", Text),  # the comparison's first summary sentence, for story lists
    # The scorecard's counts a list of stories shows, sorts and filters by (the keys of
    # ``compare.scorecard.SCORE_SECTIONS``), written with the body so that a list reads no
    # body (migration 0007); NULL only beside a body of another comparison version.
    Column("conflicts", Integer),
    Column("possible_conflicts", Integer),
    Column("variants", Integer),
    Column("only_claims", Integer),
)

# What full-text search reads: one row per article (title and text) and per quote (its words
# and speaker). SQLite indexes it with an FTS5 table over this one (``search_fts``, made by
# migration 0003), PostgreSQL with a GIN index on its own text search vector of ``body``.
search_documents = Table(
    "search_documents",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", Text, nullable=False),  # "article" or "quote"
    Column("article_id", Text, ForeignKey("articles.id", ondelete="CASCADE"), nullable=False),
    Column("quote_position", Integer),
    Column("body", Text, nullable=False),
    Index("ix_search_documents_article_id", "article_id"),
)

# What the store was built with, one row per key (``store/build.py``): the storylens version,
# the spaCy model, the story-feature version and the story settings of its last writer.
store_meta = Table(
    "store_meta",
    metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)

# One row whose number goes up with every write (a batch, a comparison): readers that cache
# what they show (the web server's processes) check it to know their copy is current.
store_version = Table(
    "store_version",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
)
