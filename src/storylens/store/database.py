"""Opening a database (SQLite by default, PostgreSQL by URL) and bringing its schema up to date."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.exc import SQLAlchemyError

from storylens.errors import StoreError

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


def create_database_engine(db: str | Path) -> Engine:
    url = database_url(db)
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS})
            event.listen(engine, "connect", _configure_sqlite)
        else:
            engine = create_engine(url, pool_pre_ping=True)
        with engine.connect():
            pass
    except SQLAlchemyError as error:
        raise StoreError(
            f"cannot open database {db}: {error.__class__.__name__}: {error}. "
            "Check the path or URL, and that the server is running."
        ) from error
    return engine


def migrate(engine: Engine) -> None:
    """Apply every migration that the database has not had yet (recorded by Alembic)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except SQLAlchemyError as error:
        raise StoreError(f"cannot bring the database schema up to date: {error}") from error


def table_names(engine: Engine) -> list[str]:
    return sorted(inspect(engine).get_table_names())
