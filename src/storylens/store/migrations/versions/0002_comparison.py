"""The comparison: article sentences and input offsets, timexes, tone marks, comparisons.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _article_id_column() -> sa.Column[str]:
    return sa.Column(
        "article_id", sa.Text, sa.ForeignKey("articles.id", ondelete="CASCADE"), nullable=False
    )


def upgrade() -> None:
    with op.batch_alter_table("articles") as batch:
        batch.add_column(sa.Column("sentences", sa.Text, nullable=False, server_default="[]"))
        batch.add_column(sa.Column("input_offsets", sa.Text, nullable=False, server_default="[]"))
    op.create_table(
        "timexes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _article_id_column(),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("start_char", sa.Integer, nullable=False),
        sa.Column("end_char", sa.Integer, nullable=False),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("timex_type", sa.Text, nullable=False),
        sa.Column("anchored", sa.Integer, nullable=False),
    )
    op.create_index("ix_timexes_article_id", "timexes", ["article_id"])
    op.create_table(
        "tone_marks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _article_id_column(),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("start_char", sa.Integer, nullable=False),
        sa.Column("end_char", sa.Integer, nullable=False),
        sa.Column("polarity", sa.Text, nullable=False),
        sa.Column("voice", sa.Text, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("target", sa.Text),
        sa.Column("speaker", sa.Text),
    )
    op.create_index("ix_tone_marks_article_id", "tone_marks", ["article_id"])
    op.create_table(
        "comparisons",
        sa.Column("story_id", sa.Text, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("article_ids", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("computed_at", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("comparisons", "tone_marks", "timexes"):
        op.drop_table(name)
    with op.batch_alter_table("articles") as batch:
        batch.drop_column("input_offsets")
        batch.drop_column("sentences")
