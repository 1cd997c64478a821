"""Each quote's act (speech, thought, intention, evidence) and its quoted segments.

Quotes stored before this revision are speech in one piece: that is what storylens reported
for them, and a rerun of ``analyze`` on the same inputs keeps them (ids are stable).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quotes") as batch:
        batch.add_column(sa.Column("act", sa.Text, nullable=False, server_default="speech"))
        batch.add_column(sa.Column("segments", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("quotes") as batch:
        batch.drop_column("segments")
        batch.drop_column("act")
