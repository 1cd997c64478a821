"""One writer at a time: the lock a run holds while it places a batch into stories and writes it.

Online clustering decides each article against the stories it knows. Two runs that each cluster
against the stories of their own start split every event they share (ECB+ run as two
concurrent halves: CHANGELOG.md). So story assignment and the batch write happen under one
lock per database, and the clusterer is reloaded from the store whenever another writer has
written since (``pipeline.PipelineRun``). Analysis itself runs outside the lock, in parallel.

- PostgreSQL: a session-level advisory lock on a connection of its own. The server releases it
  when the session ends, so a writer killed with -9 never leaves it held.
- SQLite: ``flock`` on ``<db>.lock`` beside the database (no table, so no migration). The
  kernel releases it when the process dies, however it dies. The holder writes its pid into
  the file so that a waiting writer can say whom it waits for.

The same lock, taken around the Alembic upgrade, keeps two first runs from both creating the
schema (``database.migrate``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, text

from storylens.errors import StoreError

# Advisory lock keys (the two-integer form, so they read as a pair in pg_locks): a namespace
# that no other application is likely to pick ("stly" in ASCII), then one key per purpose.
ADVISORY_NAMESPACE = 0x73746C79
WRITER_KEY = 1
MIGRATION_KEY = 2
# What a writer calls itself on PostgreSQL, so that a waiting one can name it by its pid.
APPLICATION_NAME = "storylens writer pid {pid}"
LOCK_SUFFIX = ".lock"

WaitNotice = Callable[[str], None]


def sqlite_path(engine: Engine) -> Path | None:
    """The database file of a SQLite engine, or None for an in-memory one (no other writer)."""
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file::memory:"):
        return None
    return Path(database)


def lock_file_for(database: Path) -> Path:
    return database.with_name(database.name + LOCK_SUFFIX)


class FileLock:
    """An exclusive ``flock`` on a file; re-entrant within one holder is not needed here."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self, on_wait: WaitNotice | None, what: str) -> None:
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise StoreError(
                f"cannot create the writer lock {self.path}: {error.strerror or error}; "
                "the folder of the database must be writable"
            ) from error
        if not _try_lock(self._fd):
            if on_wait is not None:
                on_wait(f"waiting for the other writer ({_holder(self._fd)}) {what}")
            _lock(self._fd)
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, str(os.getpid()).encode("ascii"), 0)

    def release(self) -> None:
        if self._fd is None:
            return
        try:
            os.ftruncate(self._fd, 0)  # no stale pid for the next waiter to name
            _unlock(self._fd)
        finally:
            os.close(self._fd)
            self._fd = None


def lock_holder(database: Path) -> str:
    """Who holds a SQLite database that answers "locked": the storylens writer its lock file
    names, or another program (a sqlite3 shell, a backup) when no storylens writer holds it."""
    try:
        fd = os.open(lock_file_for(database), os.O_RDONLY)
    except OSError:
        return "another program (no storylens writer has used this database here)"
    try:
        if _try_lock(fd):
            _unlock(fd)
            return "another program, not a storylens writer (the writer lock is free)"
        holder = _holder(fd)
    finally:
        os.close(fd)
    if holder == f"pid {os.getpid()}":
        return "another program, not a storylens writer (this process is the writer)"
    return f"the storylens writer {holder}"


def _holder(fd: int) -> str:
    try:
        pid = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        pid = ""
    return f"pid {pid}" if pid.isdigit() else "pid unknown"


if sys.platform == "win32":  # pragma: no cover - CI runs on Linux
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _lock(fd: int) -> None:
        while not _try_lock(fd):
            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)  # retries for 10 s, then raises: loop

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _advisory_holder(connection: Connection, key: int) -> str:
    row = connection.execute(
        text(
            "SELECT a.application_name, a.pid FROM pg_locks l "
            "JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted "
            "AND l.classid = :namespace AND l.objid = :key AND l.objsubid = 2"
        ),
        {"namespace": ADVISORY_NAMESPACE, "key": key},
    ).first()
    if row is None:
        return "pid unknown"
    name = row.application_name or ""
    prefix = APPLICATION_NAME.split("{", 1)[0]
    if name.startswith(prefix):
        return f"pid {name[len(prefix) :]}"
    return f"server backend pid {row.pid}"


def advisory_lock(connection: Connection, key: int, on_wait: WaitNotice | None, what: str) -> None:
    """Take a session-level advisory lock on ``connection``, saying whom it waits for."""
    params = {"namespace": ADVISORY_NAMESPACE, "key": key}
    if connection.scalar(text("SELECT pg_try_advisory_lock(:namespace, :key)"), params):
        return
    if on_wait is not None:
        on_wait(f"waiting for the other writer ({_advisory_holder(connection, key)}) {what}")
    connection.execute(text("SELECT pg_advisory_lock(:namespace, :key)"), params)


def advisory_unlock(connection: Connection, key: int) -> None:
    connection.execute(
        text("SELECT pg_advisory_unlock(:namespace, :key)"),
        {"namespace": ADVISORY_NAMESPACE, "key": key},
    )


class WriterLock:
    """The database's writer lock; ``with lock.hold(): ...`` around each batch's writes."""

    def __init__(self, engine: Engine, db: str) -> None:
        self.engine = engine
        self.db = db
        self._connection: Connection | None = None  # PostgreSQL: the session holding the lock

    @contextmanager
    def hold(self, on_wait: WaitNotice | None = None) -> Iterator[None]:
        what = f"to finish writing to {self.db}"
        if self.engine.dialect.name == "postgresql":
            connection = self._session()
            advisory_lock(connection, WRITER_KEY, on_wait, what)
            try:
                yield
            finally:
                advisory_unlock(connection, WRITER_KEY)
            return
        path = sqlite_path(self.engine) if self.engine.dialect.name == "sqlite" else None
        if path is None:
            yield
            return
        lock = FileLock(lock_file_for(path))
        lock.acquire(on_wait, what)
        try:
            yield
        finally:
            lock.release()

    def _session(self) -> Connection:
        if self._connection is None:
            # AUTOCOMMIT: the session holds the lock without holding a transaction open.
            self._connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            self._connection.execute(
                text("SELECT set_config('application_name', :name, false)"),
                {"name": APPLICATION_NAME.format(pid=os.getpid())},
            )
        return self._connection

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
