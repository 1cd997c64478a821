"""Opening a database (SQLite by default, PostgreSQL by URL) and bringing its schema up to date."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.exc import SQLAlchemyError

from storylens.errors import MissingExtra, StoreError
from storylens.store.lock import (
    ADVISORY_NAMESPACE,
    MIGRATION_KEY,
    FileLock,
    WaitNotice,
    lock_file_for,
    sqlite_path,
)

logger = logging.getLogger(__name__)

DEFAULT_DB_PATH = "storylens.db"
# Seconds SQLite waits for another writer before giving up: a web server may be reading.
SQLITE_BUSY_TIMEOUT_SECONDS = 30
MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def database_url(db: str | Path) -> str:
    """A SQLAlchemy URL from a path or URL; ``postgresql://`` URLs use psycopg 3."""
    text = str(db)
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser()}"
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    return text


def _configure_sqlite(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers (the web UI) go on while a batch is written.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _require_psycopg() -> None:
    try:
        import psycopg  # noqa: F401
    except ImportError as error:
        raise MissingExtra("a postgresql:// database", "postgres") from error


def create_database_engine(db: str | Path) -> Engine:
    url = database_url(db)
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS})
            event.listen(engine, "connect", _configure_sqlite)
        else:
            if url.startswith("postgresql+psycopg"):
                _require_psycopg()
            engine = create_engine(url, pool_pre_ping=True)
        with engine.connect():
            pass
    except SQLAlchemyError as error:
        raise StoreError(
            f"cannot open database {db}: {error.__class__.__name__}: {error}. "
            "Check the path or URL, and that the server is running."
        ) from error
    return engine


def migrate(engine: Engine, on_wait: WaitNotice | None = None) -> None:
    """Apply every migration that the database has not had yet (recorded by Alembic).

    Two first runs on one database would both create the schema (on PostgreSQL the loser
    failed on ``alembic_version``'s key): the upgrade runs under a lock, and a store already
    at the head takes none, so readers never wait for it.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    try:
        if _at_head(engine, config):
            return
        logger.info("bringing the database schema up to date")
        if engine.dialect.name == "postgresql":
            with engine.begin() as connection:
                _migration_lock(connection, on_wait)  # released at this transaction's end
                _upgrade(connection, config)
            return
        path = sqlite_path(engine) if engine.dialect.name == "sqlite" else None
        lock = FileLock(lock_file_for(path)) if path is not None else None
        if lock is not None:
            lock.acquire(on_wait, "to finish creating the schema")
        try:
            with engine.begin() as connection:
                _upgrade(connection, config)
        finally:
            if lock is not None:
                lock.release()
    except SQLAlchemyError as error:
        raise StoreError(f"cannot bring the database schema up to date: {error}") from error


def _at_head(engine: Engine, config: Config) -> bool:
    heads = set(ScriptDirectory.from_config(config).get_heads())
    with engine.connect() as connection:
        return set(MigrationContext.configure(connection).get_current_heads()) == heads


def _upgrade(connection: Connection, config: Config) -> None:
    # Alembic reads the current revision inside this transaction, after the lock: a run
    # that waited sees the schema the other one committed and has nothing left to do.
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _migration_lock(connection: Connection, on_wait: WaitNotice | None) -> None:
    params = {"namespace": ADVISORY_NAMESPACE, "key": MIGRATION_KEY}
    if connection.scalar(text("SELECT pg_try_advisory_xact_lock(:namespace, :key)"), params):
        return
    if on_wait is not None:
        on_wait("waiting for the other writer to finish creating the schema")
    connection.execute(text("SELECT pg_advisory_xact_lock(:namespace, :key)"), params)


def table_names(engine: Engine) -> list[str]:
    return sorted(inspect(engine).get_table_names())
