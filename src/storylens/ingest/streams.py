"""Reading large inputs with bounded memory: a .gz inflated under caps on its inflated size and
ratio (a gzip bomb is stopped, not inflated), and lines read in chunks, a line over the cap
skipped unread instead of held whole.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from storylens.errors import InputError, LimitExceeded
from storylens.ingest.decode import bom_encoding
from storylens.ingest.limits import (
    INFLATE_RATIO_FLOOR_BYTES,
    MAX_INFLATE_RATIO,
    MAX_INFLATED_BYTES,
    MAX_LINE_CHARS,
)

# Characters read at a time: large enough that reading is not per-line slow, small enough
# that one chunk is nothing beside the line cap.
CHUNK_CHARS = 1 << 20
# Bytes read to find a byte order mark.
_BOM_BYTES = 4
# What a broken compressed stream raises while it is read: gzip's EOFError for a truncated
# file, zlib.error for corrupt data, OSError (gzip.BadGzipFile) for a bad header.
_STREAM_ERRORS = (EOFError, zlib.error, OSError)


@dataclass(frozen=True)
class LongLine:
    """Stands for a line longer than the cap, which was skipped unread."""

    max_chars: int


class _InflateGuard(io.RawIOBase):
    """A gzip stream that refuses to inflate past the caps (``LimitExceeded``)."""

    def __init__(self, compressed: BinaryIO, input_name: str, max_bytes: int) -> None:
        self._compressed = compressed
        self._inflating = gzip.GzipFile(fileobj=compressed, mode="rb")
        self._input_name = input_name
        self._max_bytes = max_bytes
        self._broken: Exception | None = None
        self.inflated = 0

    @property
    def broken(self) -> Exception | None:
        """The error that ended the stream early, if one did."""
        return self._broken

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self._broken is not None:
            raise self._broken
        try:
            count = self._inflating.readinto(buffer)
        except _STREAM_ERRORS as error:
            # A stream cut or corrupt: first an end, so that the text decoded before the
            # break reaches the reader (it would go down with the chunk it sits in), then the
            # error on the next read.
            self._broken = error
            return 0
        self.inflated += count
        if self.inflated > self._max_bytes:
            raise LimitExceeded(
                self._input_name,
                f"inflates to more than {self._max_bytes:,} bytes (a gzip bomb, or an input "
                "to split into smaller files)",
            )
        if self.inflated > INFLATE_RATIO_FLOOR_BYTES:
            ratio = self.inflated / max(1, self._compressed.tell())
            if ratio > MAX_INFLATE_RATIO:
                raise LimitExceeded(
                    self._input_name,
                    f"inflates over {MAX_INFLATE_RATIO} times its size (a gzip bomb: news "
                    "text inflates 3-10 times)",
                )
        return count


def inflate(data: bytes, input_name: str, max_bytes: int) -> bytes:
    """``data`` gunzipped, refused (``LimitExceeded``) past ``max_bytes`` or the bomb ratio,
    and (``InputError``) when it is cut short or corrupt."""
    guard = _InflateGuard(io.BytesIO(data), input_name, max_bytes)
    inflated = io.BufferedReader(guard).read()
    if guard.broken is not None:
        raise InputError(input_name, f"cannot read ({guard.broken})")
    return inflated


@contextmanager
def open_text(path: Path, input_name: str) -> Iterator[TextIO]:
    """A file as text, gunzipped under the caps when it ends in ``.gz``: UTF-8 unless its byte
    order mark says otherwise; bytes that do not decode are replaced."""
    with path.open("rb") as raw:
        binary = raw
        if path.name.lower().endswith(".gz"):
            binary = io.BufferedReader(_InflateGuard(raw, input_name, MAX_INFLATED_BYTES))
        # JSON Lines is UTF-8, but a UTF-16 or UTF-32 export says so with its mark.
        encoding = bom_encoding(binary.peek(_BOM_BYTES)[:_BOM_BYTES]) or "utf-8"
        yield io.TextIOWrapper(binary, encoding=encoding, errors="replace")


def capped_lines(stream: TextIO, max_chars: int = MAX_LINE_CHARS) -> Iterator[str | LongLine]:
    """The lines of ``stream`` (each with its newline), read at most a chunk at a time and
    each as soon as it is whole (stdin may be a pipe that another process feeds); a line
    longer than ``max_chars`` is skipped and a ``LongLine`` given in its place."""
    parts: list[str] = []
    size = 0
    skipping = False
    while piece := stream.readline(CHUNK_CHARS):
        if not skipping:
            size += len(piece)
            if size > max_chars:
                skipping, parts = True, []
            else:
                parts.append(piece)
        if piece.endswith("\n"):
            yield LongLine(max_chars) if skipping else "".join(parts)
            parts, size, skipping = [], 0, False
    if skipping:
        yield LongLine(max_chars)
    elif parts:
        yield "".join(parts)
