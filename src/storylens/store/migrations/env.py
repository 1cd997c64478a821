"""Alembic environment: storylens passes its own connection, so no ini file is needed."""

from __future__ import annotations

from alembic import context

from storylens.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
