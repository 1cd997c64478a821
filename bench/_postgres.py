"""A throwaway PostgreSQL database for a bench run (the server at STORYLENS_TEST_POSTGRES)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable

POSTGRES_ADMIN = os.environ.get(
    "STORYLENS_TEST_POSTGRES", "postgresql://postgres@127.0.0.1/postgres"
)


def fresh_database(prefix: str) -> tuple[str, Callable[[], None]]:
    """A new database named ``<prefix>_<random>`` (its URL) and the function that drops it."""
    from sqlalchemy import create_engine, text

    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    admin_url = POSTGRES_ADMIN.replace("postgresql://", "postgresql+psycopg://", 1)
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return POSTGRES_ADMIN.rsplit("/", 1)[0] + f"/{name}", drop
