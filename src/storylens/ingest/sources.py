"""Which reader handles an input: folders, files by extension, URLs and stdin."""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.feeds import read_feed
from storylens.ingest.fetch import fetch_url
from storylens.ingest.html import read_html
from storylens.ingest.jsonlines import read_json_document, read_json_lines
from storylens.ingest.limits import MAX_FILE_BYTES
from storylens.ingest.text import read_text
from storylens.ingest.warc import read_warc
from storylens.records import Article, Rejection

TEXT_SUFFIXES = (".txt", ".md")
HTML_SUFFIXES = (".html", ".htm")
JSON_LINES_SUFFIXES = (".jsonl", ".ndjson", ".jsonl.gz")
JSON_SUFFIXES = (".json",)
FEED_SUFFIXES = (".rss", ".atom", ".xml")
WARC_SUFFIXES = (".warc", ".warc.gz")
SUPPORTED_SUFFIXES = (
    TEXT_SUFFIXES
    + HTML_SUFFIXES
    + JSON_LINES_SUFFIXES
    + JSON_SUFFIXES
    + FEED_SUFFIXES
    + WARC_SUFFIXES
)
# Files in a folder that describe the folder rather than hold an article.
FOLDER_FILES_SKIPPED = ("readme", "license", "changelog")

Record = Article | Rejection


def _suffix(path: Path) -> str:
    name = path.name.lower()
    for suffix in sorted(SUPPORTED_SUFFIXES, key=len, reverse=True):
        if name.endswith(suffix):
            return suffix
    return path.suffix.lower()


def _article_id_from_name(path: Path) -> str:
    return path.name.split(".")[0] or path.name


def read_file(path: Path) -> Iterator[Record]:
    """Every article in one file; problems come back as Rejections naming the file."""
    name = str(path)
    suffix = _suffix(path)
    if suffix not in SUPPORTED_SUFFIXES:
        yield Rejection(
            name,
            f"unknown file type {suffix or '(no extension)'!r}; storylens "
            f"reads {', '.join(SUPPORTED_SUFFIXES)}",
        )
        return
    try:
        size = path.stat().st_size
        if size == 0:
            yield Rejection(name, "empty file")
            return
        if size > MAX_FILE_BYTES and suffix not in JSON_LINES_SUFFIXES + WARC_SUFFIXES:
            yield Rejection(name, f"file larger than {MAX_FILE_BYTES:,} bytes")
            return
        if suffix in WARC_SUFFIXES:
            with path.open("rb") as stream:
                yield from read_warc(stream, name)
            return
        if suffix in JSON_LINES_SUFFIXES:
            opener = gzip.open if suffix.endswith(".gz") else open
            with opener(path, "rt", encoding="utf-8", errors="replace") as handle:
                yield from read_json_lines(handle, name)
            return
        data = path.read_bytes()
    except OSError as error:
        yield Rejection(name, f"cannot read ({error.strerror or error})")
        return
    if suffix in FEED_SUFFIXES:
        yield from read_feed(data, name)
        return
    try:
        content = decode_text(data, name)
    except InputError as error:
        yield Rejection(name, error.reason)
        return
    if suffix in TEXT_SUFFIXES:
        yield read_text(content, name, _article_id_from_name(path))
    elif suffix in HTML_SUFFIXES:
        yield read_html(content, name, article_id=_article_id_from_name(path))
    else:
        yield from read_json_document(content, name)


def _walk_folder(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if path.is_file() and not path.name.lower().startswith(FOLDER_FILES_SKIPPED):
            yield path


def iter_inputs(inputs: Iterable[str], stdin: TextIO | None = None) -> Iterator[Record]:
    """Articles and rejections from every input, in order: files, folders, URLs and ``-``."""
    for raw in inputs:
        if raw == "-":
            stream = stdin if stdin is not None else io.StringIO("")
            yield from read_json_lines(stream, "stdin")
        elif raw.startswith(("http://", "https://")):
            yield fetch_url(raw)
        else:
            path = Path(raw)
            if path.is_dir():
                for file in _walk_folder(path):
                    yield from read_file(file)
            elif path.exists():
                yield from read_file(path)
            else:
                yield Rejection(raw, "no such file or folder")
