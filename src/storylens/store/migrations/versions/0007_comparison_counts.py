"""The scorecard's counts a list of stories shows, sorts and filters by, stored beside each
comparison (``conflicts``, ``possible_conflicts``, ``variants``, ``only_claims``).

A page of 20 stories read and decoded 20 comparison bodies (tens of KB of JSON each) for
four numbers, and a list sorted by a count decoded up to 10,000 of them; on a 100k-article
store that was four fifths of the list page's time. The counts are now written with the
comparison (``Store.save_comparisons``) and read from these columns.

The comparisons stored before this revision get their counts here, from their bodies, by the
same ``scorecard`` the writer uses: about 3 ms each (a minute for 20,000 stories). Bodies of
another comparison version are left without counts: readers do not show those comparisons,
and the next ``analyze`` of their story writes them anew.

Revision ID: 0007
Revises: 0006
"""

import logging

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

COUNT_COLUMNS = ("conflicts", "possible_conflicts", "variants", "only_claims")
# Comparisons decoded and updated per round (bounded memory on a large store).
FILL_CHUNK = 500

logger = logging.getLogger("storylens.store")


def upgrade() -> None:
    for name in COUNT_COLUMNS:
        op.add_column("comparisons", sa.Column(name, sa.Integer))
    _fill_counts(op.get_bind())


def _fill_counts(connection: sa.Connection) -> None:
    # Imported here: only a store with comparisons to fill needs the compare stage's code.
    from storylens.compare.scorecard import scorecard
    from storylens.compare.serialise import comparison_from_json
    from storylens.records import COMPARISON_VERSION

    comparisons = sa.table(
        "comparisons",
        sa.column("story_id", sa.Text),
        sa.column("version", sa.Integer),
        sa.column("body", sa.Text),
        *(sa.column(name, sa.Integer) for name in COUNT_COLUMNS),
    )
    story_ids = list(
        connection.scalars(
            sa.select(comparisons.c.story_id)
            .where(comparisons.c.version == COMPARISON_VERSION)
            .order_by(comparisons.c.story_id)
        )
    )
    if story_ids:
        logger.info("storing the scorecard counts of %d comparisons", len(story_ids))
    update = (
        sa.update(comparisons)
        .where(comparisons.c.story_id == sa.bindparam("key"))
        .values({name: sa.bindparam(name) for name in COUNT_COLUMNS})
    )
    for start in range(0, len(story_ids), FILL_CHUNK):
        part = story_ids[start : start + FILL_CHUNK]
        rows = connection.execute(
            sa.select(comparisons.c.story_id, comparisons.c.body).where(
                comparisons.c.story_id.in_(part)
            )
        )
        counts = []
        for story_id, body in rows:
            try:
                card = scorecard(comparison_from_json(body))
            except (ValueError, TypeError, KeyError) as error:
                # A body this code cannot read keeps no counts (its story lists without
                # badges) rather than leaving the store unopenable; `analyze` rewrites it.
                logger.warning("no scorecard counts for story %s: %s", story_id, error)
                continue
            counts.append({"key": story_id, **{n: card.count(n) for n in COUNT_COLUMNS}})
        if counts:
            connection.execute(update, counts)


def downgrade() -> None:
    with op.batch_alter_table("comparisons") as batch:
        for name in reversed(COUNT_COLUMNS):
            batch.drop_column(name)
