"""Opening a database (SQLite by default, PostgreSQL by URL) and bringing its schema up to date."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.exc import SQLAlchemyError

from storylens.errors import MissingExtra, StoreError
from storylens.store.lock import (
    ADVISORY_NAMESPACE,
    MIGRATION_KEY,
    FileLock,
    WaitNotice,
    lock_file_for,
    lock_holder,
    sqlite_path,
)

if TYPE_CHECKING:
    from alembic.config import Config

logger = logging.getLogger(__name__)

DEFAULT_DB_PATH = "storylens.db"
# Seconds SQLite waits for another writer before giving up: a web server may be reading.
SQLITE_BUSY_TIMEOUT_SECONDS = 30
# Pause between two tries to open a SQLite file another process is creating: switching a new
# file to WAL can answer "locked" at once, without SQLite's busy wait (seen with two writers
# opening one new file under load), so the open is tried again until the busy timeout.
SQLITE_OPEN_RETRY_SECONDS = 0.1
# Where Alembic records the revision a store is at (its default table name).
VERSION_TABLE = "alembic_version"
MIGRATIONS_DIR = Path(__file__).parent / "migrations"
# The newest migration's revision. A store at it needs no upgrade, and one query tells that:
# every command opens a store, and going through Alembic cost each about 0.15 s (importing
# it, reading every migration script). tests/test_store.py holds this equal to Alembic's head.
HEAD_REVISION = "0007"


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


def _configure_sqlite_reader(dbapi_connection: Any, _record: Any) -> None:
    # No journal mode set: that is a write, and a reader's file may be on a read-only disk.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA query_only=ON")
    cursor.close()


def _read_only_url(path: Path, *, immutable: bool) -> str:
    """A SQLite URI that opens ``path`` read-only (``mode=ro``); ``immutable`` also tells
    SQLite that nothing can change the file, so it needs no -shm beside it: what a read-only
    disk allows (https://www.sqlite.org/uri.html)."""
    flags = "mode=ro&immutable=1" if immutable else "mode=ro"
    return f"sqlite:///file:{quote(str(path.resolve()))}?{flags}&uri=true"


def _require_psycopg() -> None:
    try:
        import psycopg  # noqa: F401
    except ImportError as error:
        raise MissingExtra("a postgresql:// database", "postgres") from error


def create_database_engine(db: str | Path, *, read_only: bool = False) -> Engine:
    """An engine for ``db``; ``read_only`` opens a SQLite file read-only (commands that only
    read: a store on a read-only disk can still be listed, shown, searched and exported)."""
    url = database_url(db)
    started = time.monotonic()
    try:
        if url.startswith("sqlite") and read_only and "://" not in str(db):
            return _read_only_engine(Path(str(db)).expanduser())
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS})
            event.listen(engine, "connect", _configure_sqlite)
        else:
            if url.startswith("postgresql+psycopg"):
                _require_psycopg()
            engine = create_engine(url, pool_pre_ping=True)
        _first_connect(engine, sqlite=url.startswith("sqlite"), started=started)
    except SQLAlchemyError as error:
        hint = "check the path or URL, and that the server is running"
        if url.startswith("sqlite"):
            hint = "check the path, and that the file and its folder can be read and written"
        raise StoreError(
            f"cannot open database {db} ({describe_error(error, db, started)}); {hint}"
        ) from error
    return engine


def _first_connect(engine: Engine, *, sqlite: bool, started: float) -> None:
    while True:
        try:
            with engine.connect():
                return
        except SQLAlchemyError as error:
            waited = time.monotonic() - started
            if not sqlite or "locked" not in str(error) or waited >= SQLITE_BUSY_TIMEOUT_SECONDS:
                raise
            time.sleep(SQLITE_OPEN_RETRY_SECONDS)


def _read_only_engine(path: Path) -> Engine:
    try:
        return _connected_reader(_read_only_url(path, immutable=False))
    except SQLAlchemyError:
        # SQLite reads a WAL database read-only only where it can make the -shm file; on a
        # read-only disk it cannot, and nothing can change the file there: read it immutable.
        return _connected_reader(_read_only_url(path, immutable=True))


def _connected_reader(url: str) -> Engine:
    engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS})
    event.listen(engine, "connect", _configure_sqlite_reader)
    with engine.connect() as connection:
        connection.execute(text("SELECT count(*) FROM sqlite_master"))
    return engine


def describe_error(
    error: SQLAlchemyError, db: str | Path | None = None, started: float | None = None
) -> str:
    """A database error in one line: the driver's own message (without the SQL and
    SQLAlchemy's "Background on this error" link); a locked SQLite file says who holds it
    and how long this process waited (``started``, a ``time.monotonic()``)."""
    cause = getattr(error, "orig", None) or error
    lines = str(cause).strip().splitlines() or [type(cause).__name__]
    message = lines[0]
    if "database is locked" in message and db and "://" not in str(db):
        seconds = None if started is None else round(time.monotonic() - started, 1)
        waited = "" if seconds is None else f" after waiting {seconds:g} s"
        holder = lock_holder(Path(str(db)).expanduser())
        message = f"database is locked by {holder}{waited}"
    return f"{type(cause).__name__}: {message}"


def migrate(engine: Engine, on_wait: WaitNotice | None = None) -> None:
    """Apply every migration that the database has not had yet (recorded by Alembic).

    Two first runs on one database would both create the schema (on PostgreSQL the loser
    failed on ``alembic_version``'s key): the upgrade runs under a lock, and a store already
    at the head takes none, so readers never wait for it.
    """
    started = time.monotonic()
    try:
        if _at_head(engine):
            return
        config = _alembic_config()
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
        path = sqlite_path(engine) if engine.dialect.name == "sqlite" else None
        problem = describe_error(error, path or str(engine.url), started)
        raise StoreError(f"cannot bring the database schema up to date ({problem})") from error


def at_head(engine: Engine) -> bool:
    """Whether the database has every migration (a reader cannot apply one)."""
    try:
        return _at_head(engine)
    except SQLAlchemyError as error:
        problem = describe_error(error, str(engine.url))
        raise StoreError(f"cannot read the database schema ({problem})") from error


def _at_head(engine: Engine) -> bool:
    with engine.connect() as connection:
        if not inspect(connection).has_table(VERSION_TABLE):
            return False
        found = connection.scalars(text(f"SELECT version_num FROM {VERSION_TABLE}")).all()
    return set(found) == {HEAD_REVISION}


def _alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def _upgrade(connection: Connection, config: Config) -> None:
    from alembic import command

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
