"""What ``watch`` has seen, remembered in a small JSON file beside the database.

The store already refuses duplicates (an article stored is skipped by id and text hash), so
this file only saves work: a file or feed entry it lists is not read again. It is written
after each batch commits, atomically (a temporary file renamed over the old one), so a kill
at any moment leaves either the old state or the new one. A state that lags the store by one
batch only means that batch's files are read again and counted as already stored.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from storylens.errors import StoreError

STATE_VERSION = 1
# Entry keys remembered per feed: a feed shows its latest tens to hundreds of entries, so this
# many covers every entry it will show again; older keys would only grow the file.
MAX_REMEMBERED_ENTRIES = 2_000


@dataclass(frozen=True)
class FileSeen:
    """A file as it was when its articles were stored: changed when size or mtime moves and
    the content hash differs."""

    size: int
    mtime_ns: int
    sha1: str
    article_id: str  # the id its name gave it, kept so a later clash cannot rename it


@dataclass
class FeedSeen:
    etag: str | None = None
    last_modified: str | None = None
    entries: list[str] = field(default_factory=list)  # entry keys, oldest first

    def remember(self, keys: list[str]) -> None:
        known = set(self.entries)
        self.entries.extend(key for key in keys if key not in known)
        del self.entries[:-MAX_REMEMBERED_ENTRIES]


@dataclass
class WatchState:
    files: dict[str, FileSeen] = field(default_factory=dict)
    problems: set[str] = field(default_factory=set)  # paths already reported as not a file
    feeds: dict[str, FeedSeen] = field(default_factory=dict)

    def is_empty(self) -> bool:
        return not (self.files or self.problems or self.feeds)


def default_state_path(db: str) -> Path:
    """``<db>.watch.json`` beside a SQLite file; for a server URL, a file in the current
    folder named after the URL (a server has no folder of its own to write into)."""
    if "://" not in db:
        database = Path(db).expanduser()
        return database.with_name(database.name + ".watch.json")
    digest = hashlib.sha1(db.encode("utf-8")).hexdigest()[:12]
    return Path(f"storylens-watch-{digest}.json")


def load_state(path: Path) -> WatchState:
    """The state at ``path``; none yet is an empty state, an unreadable one is an error."""
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return WatchState()
    except OSError as error:
        raise StoreError(f"cannot read watch state {path}: {error.strerror or error}") from error
    try:
        data = json.loads(raw)
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"version {data.get('version')!r}, expected {STATE_VERSION}")
        return WatchState(
            files={name: FileSeen(**seen) for name, seen in data["files"].items()},
            problems=set(data["problems"]),
            feeds={url: FeedSeen(**seen) for url, seen in data["feeds"].items()},
        )
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise StoreError(
            f"watch state {path} is not readable ({error}); delete it to read every input "
            "again (articles already stored are skipped)"
        ) from error


def save_state(state: WatchState, path: Path) -> None:
    data: dict[str, Any] = {
        "version": STATE_VERSION,
        "files": {name: asdict(seen) for name, seen in sorted(state.files.items())},
        "problems": sorted(state.problems),
        "feeds": {url: asdict(seen) for url, seen in sorted(state.feeds.items())},
    }
    temporary = path.with_name(path.name + ".tmp")
    try:
        with temporary.open("w", encoding="utf-8") as handle:
            json.dump(data, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        raise StoreError(f"cannot write watch state {path}: {error.strerror or error}") from error
