"""Which files in the watched folders are new or changed since ``watch`` last stored them.

Files are walked and named exactly as ``analyze FOLDER`` walks and names them
(``ingest.sources``), so an article stored by ``analyze`` counts as already stored here. A
file that was seen keeps the id it was given, even when a newcomer's name would now clash.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from storylens.ingest.sources import folder_ids, unique_id, walk_folder
from storylens.records import Rejection
from storylens.watch.state import FileSeen, WatchState

# A file modified less than this long ago may still be being written (a copy, a crawler
# appending lines): it is left for the next scan rather than read half-written.
SETTLE_SECONDS = 2.0
# Bytes read at a time when hashing a file.
HASH_CHUNK_BYTES = 1 << 20


@dataclass(frozen=True)
class FileChange:
    path: Path
    seen: FileSeen  # what the state records once its articles are stored


@dataclass(frozen=True)
class Scan:
    changed: list[FileChange]
    problems: list[Rejection]  # entries that are not files, each reported once
    unchanged: int  # files that only had their times touched, now recorded as they are


def file_sha1(path: Path) -> str:
    digest = hashlib.sha1()
    with path.open("rb") as handle:
        while chunk := handle.read(HASH_CHUNK_BYTES):
            digest.update(chunk)
    return digest.hexdigest()


def scan_folders(
    folders: Sequence[Path],
    state: WatchState,
    *,
    settle_seconds: float = SETTLE_SECONDS,
    now: float | None = None,
) -> Scan:
    """The files that are new or whose content changed, in walk order."""
    now = time.time() if now is None else now
    changed: list[FileChange] = []
    problems: list[Rejection] = []
    touched = 0
    taken: dict[str, Path] = {}
    for folder in folders:
        walked = list(walk_folder(folder))
        files = [item for item in walked if isinstance(item, Path)]
        ids = folder_ids(folder, files)
        for item in walked:
            if isinstance(item, Rejection):
                if item.input not in state.problems:
                    problems.append(item)
                continue
            key = str(item)
            known = state.files.get(key)
            try:
                status = item.stat()
            except OSError:
                continue  # gone between the walk and now: the next scan says so
            if known is not None:
                article_id = unique_id(item, known.article_id, taken)
                if (known.size, known.mtime_ns) == (status.st_size, status.st_mtime_ns):
                    continue
            else:
                article_id = unique_id(item, ids.get(item, item.stem), taken)
            if now - status.st_mtime_ns / 1e9 < settle_seconds:
                continue
            try:
                digest = file_sha1(item)
            except OSError:
                digest = ""  # unreadable: read_file says why
            seen = FileSeen(status.st_size, status.st_mtime_ns, digest, article_id)
            if known is not None and digest and known.sha1 == digest:
                state.files[key] = seen  # touched, same bytes: nothing to read
                touched += 1
                continue
            changed.append(FileChange(item, seen))
    return Scan(changed, problems, touched)
