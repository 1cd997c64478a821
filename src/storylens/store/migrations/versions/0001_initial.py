"""Initial schema: articles, stories, quotes, entities, details, rejections.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _article_id_column() -> sa.Column[str]:
    return sa.Column(
        "article_id", sa.Text, sa.ForeignKey("articles.id", ondelete="CASCADE"), nullable=False
    )


def upgrade() -> None:
    op.create_table(
        "articles",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("url", sa.Text),
        sa.Column("outlet", sa.Text),
        sa.Column("title", sa.Text),
        sa.Column("published", sa.Text),
        sa.Column("authors", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("content_hash", sa.Text, nullable=False),
        sa.Column("boilerplate", sa.Text, nullable=False),
        sa.Column("model", sa.Text, nullable=False),
        sa.Column("story_id", sa.Text),
        sa.Column("duplicate_of", sa.Text),
        sa.Column("story_score", sa.Float),
        sa.Column("story_reasons", sa.Text, nullable=False),
        sa.Column("secondary_story_ids", sa.Text, nullable=False),
        sa.Column("features", sa.Text),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("ingested_at", sa.Text, nullable=False),
    )
    op.create_index("ix_articles_story_id", "articles", ["story_id"])
    op.create_index("ix_articles_seq", "articles", ["seq"])
    op.create_table(
        "stories",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("title", sa.Text),
        sa.Column("founding_article_id", sa.Text, nullable=False),
        sa.Column("created_at", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Text, nullable=False),
    )
    op.create_table(
        "quotes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "article_id",
            sa.Text,
            sa.ForeignKey("articles.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("start_char", sa.Integer, nullable=False),
        sa.Column("end_char", sa.Integer, nullable=False),
        sa.Column("speaker", sa.Text),
        sa.Column("speaker_mention", sa.Text),
        sa.Column("speaker_start", sa.Integer),
        sa.Column("speaker_end", sa.Integer),
        sa.Column("speaker_type", sa.Text, nullable=False),
        sa.Column("cue", sa.Text),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("reported_by", sa.Text),
    )
    op.create_index("ix_quotes_article_id", "quotes", ["article_id"])
    op.create_table(
        "entities",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _article_id_column(),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("label", sa.Text, nullable=False),
        sa.Column("start_char", sa.Integer, nullable=False),
        sa.Column("end_char", sa.Integer, nullable=False),
    )
    op.create_index("ix_entities_article_id", "entities", ["article_id"])
    op.create_table(
        "details",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _article_id_column(),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("start_char", sa.Integer, nullable=False),
        sa.Column("end_char", sa.Integer, nullable=False),
    )
    op.create_index("ix_details_article_id", "details", ["article_id"])
    op.create_table(
        "rejections",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("input", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("rejected_at", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("rejections", "details", "entities", "quotes", "stories", "articles"):
        op.drop_table(name)
