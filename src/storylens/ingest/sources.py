"""Which reader handles an input: folders, files by extension, URLs and stdin."""

from __future__ import annotations

import errno
import io
import os
import stat
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO, TypeVar

from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.feeds import read_feed
from storylens.ingest.fetch import Fetcher
from storylens.ingest.frontmatter import MetadataError, is_sidecar, read_sidecar
from storylens.ingest.html import read_html
from storylens.ingest.jsonlines import read_json_document, read_json_lines
from storylens.ingest.limits import (
    MAX_FILE_BYTES,
    MAX_REJECTED_IN_A_ROW,
    MAX_REJECTIONS_LISTED,
    MAX_URL_LIST_BYTES,
)
from storylens.ingest.streams import capped_lines, inflate, open_text
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
# Files that hold one article whose id is the file's name.
NAMED_SUFFIXES = TEXT_SUFFIXES + HTML_SUFFIXES
# Files in a folder that describe the folder rather than hold an article.
FOLDER_FILES_SKIPPED = ("readme", "license", "changelog")

Record = Article | Rejection
_Item = TypeVar("_Item")


def input_suffix(path: Path) -> str:
    name = path.name.lower()
    for suffix in sorted(SUPPORTED_SUFFIXES, key=len, reverse=True):
        if name.endswith(suffix):
            return suffix
    return path.suffix.lower()


def _strip_suffix(path: Path) -> str:
    """The path as text without the extension storylens reads it by: the id of a file."""
    text = path.as_posix()
    suffix = input_suffix(path)
    if suffix and text.lower().endswith(suffix) and len(text) > len(suffix):
        return text[: -len(suffix)]
    return text


def _article_id_from_name(path: Path) -> str:
    """A file's id: its name without the extension (``report.v1.txt`` -> ``report.v1``)."""
    return _strip_suffix(Path(path.name))


def _not_a_file(path: Path) -> str | None:
    """Why this path is not a regular file or folder to read, or None when it is one.

    Only stat() is called: a FIFO is never opened, since opening one blocks until a writer
    comes.
    """
    try:
        status = path.stat()
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "symbolic link loop (the link points back to itself)"
        if error.errno == errno.ENOENT and path.is_symlink():
            return f"dangling symbolic link (its target {os.readlink(path)!r} does not exist)"
        if error.errno == errno.ENOENT:
            return "no such file or folder"
        return f"cannot read ({error.strerror or error})"
    mode = status.st_mode
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO), not a file: not opened (it would wait for a writer)"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    return "not a regular file"


def read_file(path: Path, article_id: str | None = None) -> Iterator[Record]:
    """Every article in one file; problems come back as Rejections naming the file, at most
    ``MAX_REJECTIONS_LISTED`` of them one by one (see ``bounded_rejections``).

    ``article_id`` is the id for a one-article file (text, HTML); by default its name.
    """
    return bounded_rejections(_read_file(path, article_id), str(path))


def bounded_rejections(
    records: Iterable[_Item | Rejection],
    input_name: str,
    *,
    stop_after: int | None = MAX_REJECTED_IN_A_ROW,
) -> Iterator[_Item | Rejection]:
    """The records of one input (articles, or the URLs of a ``--urls`` file), its rejections
    listed up to ``MAX_REJECTIONS_LISTED`` and the rest counted in one closing line; after
    ``stop_after`` rejections in a row the rest of the input is not read (one line says so
    and counts them)."""
    listed = unlisted = in_a_row = 0
    last_reason = ""
    for record in records:
        if not isinstance(record, Rejection):
            in_a_row = 0
            yield record
            continue
        in_a_row += 1
        if listed < MAX_REJECTIONS_LISTED:
            listed += 1
            yield record
        else:
            unlisted += 1
            last_reason = record.reason
        if stop_after is not None and in_a_row >= stop_after:
            yield Rejection(
                input_name,
                f"rest not read: {in_a_row:,} records in a row rejected ({unlisted:,} of them "
                f"not listed; the last: {record.reason}), so this input holds no articles "
                "storylens can read",
            )
            return
    if unlisted:
        yield Rejection(
            input_name, f"{unlisted:,} more records rejected, not listed (the last: {last_reason})"
        )


def _read_file(path: Path, article_id: str | None) -> Iterator[Record]:
    name = str(path)
    article_id = article_id or _article_id_from_name(path)
    suffix = input_suffix(path)
    if suffix not in SUPPORTED_SUFFIXES:
        yield Rejection(
            name,
            f"unknown file type {suffix or '(no extension)'!r}; storylens "
            f"reads {', '.join(SUPPORTED_SUFFIXES)}",
        )
        return
    problem = _not_a_file(path)
    if problem is not None:
        yield Rejection(name, problem)
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
                yield from read_warc(stream, name, size)
            return
        if suffix in JSON_LINES_SUFFIXES:
            with open_text(path, name) as handle:
                yield from read_json_lines(capped_lines(handle), name)
            return
        data = path.read_bytes()
    except (OSError, EOFError, zlib.error) as error:
        # EOFError and zlib.error: a .gz cut or corrupt before its first few bytes.
        reason = getattr(error, "strerror", None) or error
        yield Rejection(name, f"cannot read ({reason})")
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
        try:
            sidecar = read_sidecar(path)
        except MetadataError as error:
            yield Rejection(name, str(error))
            return
        yield read_text(content, name, article_id, sidecar)
    elif suffix in HTML_SUFFIXES:
        yield read_html(content, name, article_id=article_id)
    else:
        yield from read_json_document(content, name)


def read_saved_page(path: Path) -> str:
    """A saved page (``.html``, ``.htm``, ``.html.gz``) as text, under the guards of every
    input file: devices, FIFOs and folders refused unopened, ``MAX_FILE_BYTES`` on the file
    and on what it inflates to, binary data refused (``InputError`` naming the file)."""
    name = str(path)
    problem = _not_a_file(path)
    if problem is None and path.is_dir():
        problem = "a folder, not a saved page"
    if problem is not None:
        raise InputError(name, problem)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise InputError(name, f"file larger than {MAX_FILE_BYTES:,} bytes")
        data = path.read_bytes()
    except OSError as error:
        raise InputError(name, f"cannot read ({error.strerror or error})") from error
    if name.lower().endswith(".gz"):
        data = inflate(data, name, MAX_FILE_BYTES)
    return decode_text(data, name)


def walk_folder(folder: Path) -> Iterator[Path | Rejection]:
    """Every file under ``folder`` in sorted order, and a Rejection for each entry that is not
    one (dangling link, link loop, FIFO, socket, device) instead of skipping it silently.

    Links to folders are followed once: a folder already walked (a link loop) is reported.
    """
    walked: set[str] = set()

    def walk(directory: Path) -> Iterator[Path | Rejection]:
        walked.add(os.path.realpath(directory))
        try:
            names = sorted(os.listdir(directory))
        except OSError as error:
            yield Rejection(str(directory), f"cannot read folder ({error.strerror or error})")
            return
        for entry in names:
            if entry.startswith("."):
                continue
            path = directory / entry
            problem = _not_a_file(path)
            if problem is not None:
                yield Rejection(str(path), problem)
            elif path.is_dir():
                if os.path.realpath(path) in walked:
                    # A loop, or a second way to a folder: read once, and say so.
                    yield Rejection(
                        str(path),
                        "symbolic link loop or repeat: links to a folder already read here",
                    )
                else:
                    yield from walk(path)
            elif not entry.lower().startswith(FOLDER_FILES_SKIPPED) and not is_sidecar(path):
                yield path

    yield from walk(folder)


def folder_ids(folder: Path, files: list[Path]) -> dict[Path, str]:
    """Each file's id: its name without the extension, or, when two files of the folder would
    share that, its path relative to the folder (``2026/01/index.html`` -> ``2026/01/index``)."""
    files = [path for path in files if input_suffix(path) in NAMED_SUFFIXES]
    names = Counter(_article_id_from_name(path) for path in files)
    return {
        path: (
            _article_id_from_name(path)
            if names[_article_id_from_name(path)] == 1
            else _strip_suffix(path.relative_to(folder))
        )
        for path in files
    }


def unique_id(path: Path, article_id: str, taken: dict[str, Path]) -> str:
    """The id, or the path as given without its extension when an earlier input of this run
    already took it; remembers the id taken."""
    if input_suffix(path) not in NAMED_SUFFIXES:
        return article_id  # not used: the file's records carry their own ids
    if article_id in taken and taken[article_id] != path:
        article_id = _strip_suffix(path)
    taken.setdefault(article_id, path)
    return article_id


def _is_url(text: str) -> bool:
    return text.lower().startswith(("http://", "https://"))


def read_url_list(path: Path) -> Iterator[str | Rejection]:
    """The URLs of a ``--urls`` file: one a line; blank lines and ``#`` comments are skipped,
    and a line that is not an http(s) URL is a Rejection naming the file and the line."""
    name = str(path)
    problem = _not_a_file(path)
    if problem is None and path.is_dir():
        problem = "a folder, not a list of URLs"
    if problem is not None:
        yield Rejection(name, problem)
        return
    try:
        if path.stat().st_size > MAX_URL_LIST_BYTES:
            yield Rejection(name, f"URL list larger than {MAX_URL_LIST_BYTES:,} bytes")
            return
        content = decode_text(path.read_bytes(), name)
    except OSError as error:
        yield Rejection(name, f"cannot read ({error.strerror or error})")
        return
    except InputError as error:
        yield Rejection(name, error.reason)
        return
    for number, line in enumerate(content.splitlines(), start=1):
        url = line.strip()
        if not url or url.startswith("#"):
            continue
        if _is_url(url):
            yield url
        else:
            yield Rejection(f"{name}:{number}", "not an http(s) URL")


def iter_inputs(
    inputs: Iterable[str],
    stdin: TextIO | None = None,
    *,
    url_lists: Iterable[str] = (),
    fetcher: Fetcher | None = None,
) -> Iterator[Record]:
    """Articles and rejections from every input, in order: files, folders, URLs and ``-``,
    then the URLs of each ``url_lists`` file (``--urls``).

    Ids taken from file names are unique within the run (see ``folder_ids``, ``unique_id``).
    URLs share one ``Fetcher`` (robots.txt read once per site, requests to a host spaced); one
    is opened on the first URL unless given, and closed at the end.
    """
    own_fetcher: Fetcher | None = None

    def fetch(url: str) -> Iterator[Record]:
        nonlocal own_fetcher
        if fetcher is not None:
            return fetcher.fetch(url)
        if own_fetcher is None:
            own_fetcher = Fetcher()
        return own_fetcher.fetch(url)

    taken: dict[str, Path] = {}  # ids from file names in this run, and the file of each
    try:
        for raw in inputs:
            if raw == "-":
                stream = stdin if stdin is not None else io.StringIO("")
                lines = read_json_lines(capped_lines(stream), "stdin")
                yield from _guarded(bounded_rejections(lines, "stdin"), "stdin")
            elif _is_url(raw):
                yield from _guarded(fetch(raw), raw)
            else:
                yield from _guarded(_read_path(raw, taken), raw)
        for url_list in url_lists:
            listed = bounded_rejections(read_url_list(Path(url_list)), url_list)
            for item in _guarded(listed, url_list):
                if isinstance(item, Rejection):
                    yield item
                else:
                    yield from _guarded(fetch(item), item)
    finally:
        if own_fetcher is not None:
            own_fetcher.close()


def _guarded(records: Iterator[_Item], input_name: str) -> Iterator[_Item | Rejection]:
    """The records of one input; should a reader still raise (a parser broken by an input no
    test foresaw), the records before are kept and one Rejection names the input, so the run
    goes on. The readers themselves are fuzzed without this net (tests/test_fuzz_readers.py)."""
    try:
        yield from records
    except Exception as error:  # noqa: BLE001 - the last line of defence, said in the reason
        yield Rejection(
            input_name,
            f"could not be read ({type(error).__name__}: {error}); this is a storylens bug, "
            "please report it with the input",
        )


def _read_path(raw: str, taken: dict[str, Path]) -> Iterator[Record]:
    """A file or a folder given on the command line."""
    path = Path(raw)
    problem = _not_a_file(path)
    if problem is not None:
        yield Rejection(raw, problem)
    elif path.is_dir():
        # Each file of a folder is an input of its own: a folder is never cut short, but it
        # lists no more rejections than one file.
        yield from bounded_rejections(_read_folder(path, taken), raw, stop_after=None)
    else:
        yield from read_file(path, unique_id(path, _article_id_from_name(path), taken))


def _read_folder(path: Path, taken: dict[str, Path]) -> Iterator[Record]:
    walked = list(walk_folder(path))
    files = [item for item in walked if isinstance(item, Path)]
    ids = folder_ids(path, files)
    for item in walked:
        if isinstance(item, Rejection):
            yield item
        else:
            article_id = ids.get(item, _article_id_from_name(item))
            yield from read_file(item, unique_id(item, article_id, taken))
