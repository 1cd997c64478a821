"""Full-text search, and a one-line summary stored beside each comparison.

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
    with op.batch_alter_table("comparisons") as batch:
        batch.add_column(sa.Column("summary", sa.Text))
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
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TABLE search_fts")
    op.drop_table("search_documents")
    with op.batch_alter_table("comparisons") as batch:
        batch.drop_column("summary")
