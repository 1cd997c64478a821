"""What a store was built with: the storylens version, spaCy model, story-feature version and
story settings of its last writer (``store/build.py`` compares them with a new run's).

A store from before this revision has no record; its next run writes one.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "store_meta",
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("store_meta")
