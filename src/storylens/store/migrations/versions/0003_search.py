"""Full-text search, a store version for readers' caches, a one-line summary stored beside
each comparison, and each story's counts and dates kept on its row (so lists of stories read
one table).

search_documents, indexed by FTS5 on SQLite and by a GIN index on
PostgreSQL; filled from the articles and quotes already stored.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    version = op.create_table(
        "store_version",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.bulk_insert(version, [{"id": 1, "version": 0}])
    with op.batch_alter_table("comparisons") as batch:
        batch.add_column(sa.Column("summary", sa.Text))
    with op.batch_alter_table("stories") as batch:
        batch.add_column(sa.Column("article_count", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(
            sa.Column("duplicate_count", sa.Integer, nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("first_published", sa.Text))
        batch.add_column(sa.Column("last_published", sa.Text))
        batch.add_column(sa.Column("last_seq", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_stories_recent", "stories", ["last_published", "last_seq"])
    op.create_index("ix_articles_outlet", "articles", ["outlet"])
    op.execute(
        "UPDATE stories SET "
        "article_count = (SELECT count(*) FROM articles a WHERE a.story_id = stories.id), "
        "duplicate_count = (SELECT count(*) FROM articles a WHERE a.story_id = stories.id "
        "AND a.duplicate_of IS NOT NULL), "
        "first_published = (SELECT min(published) FROM articles a WHERE a.story_id = stories.id), "
        "last_published = (SELECT max(published) FROM articles a WHERE a.story_id = stories.id), "
        "last_seq = COALESCE((SELECT max(seq) FROM articles a WHERE a.story_id = stories.id), 0)"
    )
    op.create_table(
        "search_documents",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column(
            "article_id",
            sa.Text,
            sa.ForeignKey("articles.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("quote_position", sa.Integer),
        sa.Column("body", sa.Text, nullable=False),
    )
    op.create_index("ix_search_documents_article_id", "search_documents", ["article_id"])
    op.execute(
        "INSERT INTO search_documents (kind, article_id, quote_position, body) "
        "SELECT 'article', id, NULL, COALESCE(title, '') || ' ' || text FROM articles"
    )
    op.execute(
        "INSERT INTO search_documents (kind, article_id, quote_position, body) "
        "SELECT 'quote', article_id, position, text || ' ' || COALESCE(speaker, '') FROM quotes"
    )
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "CREATE VIRTUAL TABLE search_fts USING fts5(body, content='search_documents', "
            "content_rowid='id', tokenize='porter unicode61')"
        )
        op.execute("INSERT INTO search_fts(rowid, body) SELECT id, body FROM search_documents")
    else:
        op.execute(
            "CREATE INDEX ix_search_documents_tsv ON search_documents "
            "USING gin (to_tsvector('english', body))"
        )


def downgrade() -> None:
    op.drop_table("store_version")
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TABLE search_fts")
    op.drop_table("search_documents")
    op.drop_index("ix_stories_recent", "stories")
    op.drop_index("ix_articles_outlet", "articles")
    with op.batch_alter_table("stories") as batch:
        for name in ("last_seq", "last_published", "first_published", "duplicate_count"):
            batch.drop_column(name)
        batch.drop_column("article_count")
    with op.batch_alter_table("comparisons") as batch:
        batch.drop_column("summary")
