"""Indexes that keep the pages and `stories` fast on a large store (100k articles).

Each replaces a full read of a big table, found with EXPLAIN QUERY PLAN (SQLite) and EXPLAIN
(PostgreSQL) on the queries of the list, story, search and person pages and of `stories`:

- the page of stories, newest first, read in index order (``ix_stories_newest``) instead of
  sorting every story per page; `stories`' largest first likewise (``ix_stories_largest``,
  which also answers the count of stories that hold articles);
- a person's page and the entity filter look names up case-blind: ``lower(text)`` of
  entities and ``lower(speaker)`` of quotes are indexed (they were whole-table scans);
- a story's articles in stored order (``story_id, seq``) and an article's quotes in order
  (``article_id, position``) come from the index without a sort, and the stories of one
  outlet from ``outlet, story_id`` alone (not 12k article rows for an outlet with 12k
  articles); these replace the one-column indexes they start with.

The orders are spelt per database: PostgreSQL sorts NULL last ascending and first
descending, SQLite the other way, and each index must match its query's NULLS order.

Revision ID: 0006
Revises: 0005
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    op.drop_index("ix_stories_recent", "stories")
    if postgresql:
        op.execute(
            "CREATE INDEX ix_stories_newest ON stories "
            "(last_published DESC NULLS LAST, last_seq DESC)"
        )
        op.execute(
            "CREATE INDEX ix_stories_largest ON stories "
            "(article_count DESC, last_published ASC NULLS FIRST, id)"
        )
    else:
        op.execute("CREATE INDEX ix_stories_newest ON stories (last_published DESC, last_seq DESC)")
        op.execute(
            "CREATE INDEX ix_stories_largest ON stories (article_count DESC, last_published, id)"
        )
    op.execute("CREATE INDEX ix_entities_text_lower ON entities (lower(text))")
    op.execute("CREATE INDEX ix_quotes_speaker_lower ON quotes (lower(speaker))")
    op.create_index("ix_articles_story_seq", "articles", ["story_id", "seq"])
    op.drop_index("ix_articles_story_id", "articles")
    op.create_index("ix_quotes_article_position", "quotes", ["article_id", "position"])
    op.drop_index("ix_quotes_article_id", "quotes")
    op.create_index("ix_articles_outlet_story", "articles", ["outlet", "story_id"])
    op.drop_index("ix_articles_outlet", "articles")


def downgrade() -> None:
    op.create_index("ix_articles_outlet", "articles", ["outlet"])
    op.drop_index("ix_articles_outlet_story", "articles")
    op.create_index("ix_quotes_article_id", "quotes", ["article_id"])
    op.drop_index("ix_quotes_article_position", "quotes")
    op.create_index("ix_articles_story_id", "articles", ["story_id"])
    op.drop_index("ix_articles_story_seq", "articles")
    op.drop_index("ix_quotes_speaker_lower", "quotes")
    op.drop_index("ix_entities_text_lower", "entities")
    op.drop_index("ix_stories_largest", "stories")
    op.drop_index("ix_stories_newest", "stories")
    op.create_index("ix_stories_recent", "stories", ["last_published", "last_seq"])
