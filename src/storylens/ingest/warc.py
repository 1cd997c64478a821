"""Web archives (WARC): every HTML response record is read as a page (warcio)."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO

from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.html import read_html
from storylens.records import Article, Rejection

if TYPE_CHECKING:
    from warcio.recordloader import ArcWarcRecord

# Bytes read at a time when a record's unread rest is skipped (to learn whether it is whole).
_SKIP_CHUNK = 1 << 16


def read_warc(
    stream: BinaryIO, input_name: str, size: int | None = None
) -> Iterator[Article | Rejection]:
    """Every HTML response record; a file that ends early (``size`` is the file's length) keeps
    the records read and says where it stops."""
    # warcio (and fsspec under it) imported here, not at the top: only WARC inputs pay for it
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    iterator = ArchiveIterator(stream)
    records = iter(iterator)
    read = pages = 0
    while True:
        try:
            record = next(records)
        except StopIteration:
            break
        except ArchiveLoadFailed as error:
            yield Rejection(input_name, f"not a readable WARC file ({error})")
            return
        except (AttributeError, TypeError, ValueError):
            # warcio fails in these ways on a record header without the fields it needs
            # (its Python error says nothing to the user: it named a None's "startswith").
            yield Rejection(
                input_name,
                "truncated or corrupt WARC file: a record header is cut short or lacks a field "
                "every record has (WARC-Type, Content-Length); the records before it were read",
            )
            return
        except (EOFError, zlib.error, OSError) as error:
            # warcio fails in these ways on a record cut inside its headers.
            yield Rejection(
                input_name,
                f"truncated or corrupt WARC file ({type(error).__name__}: {error}); the "
                "records before the break were read",
            )
            return
        read += 1
        url = record.rec_headers.get_header("WARC-Target-URI")
        source = f"{input_name}#{url}"
        declared = record.rec_headers.get_header("Content-Length") or ""
        if record.format.startswith("warc") and not declared.strip().isdigit():
            # Every WARC record states its length; without it the header was cut short.
            yield Rejection(
                source if url else input_name,
                "truncated WARC file: a record header ends early; the records before it were read",
            )
            return
        page = _page(record, source, url)
        # The rest of the record is read now, so that a record cut short is known: warcio
        # itself returns a short record without a word.
        while record.raw_stream.read(_SKIP_CHUNK):
            pass
        if getattr(record.raw_stream, "limit", 0) > 0:
            yield Rejection(
                source,
                f"truncated WARC file: this record ends {record.raw_stream.limit:,} bytes "
                "early; the records before it were read",
            )
            return
        if page is not None:
            pages += 1
            yield page
    # A gzipped WARC cut inside its last member ends without an error: the bytes after the
    # last whole record were never read as a record.
    read_up_to = getattr(iterator, "offset", None)
    if read == 0 and size:
        yield Rejection(input_name, "not a WARC file: no record could be read from it")
    elif pages == 0 and size:
        # Said, not skipped: a run that stores nothing from an input says why.
        yield Rejection(input_name, f"no HTML page in this web archive ({read:,} records read)")
    elif size is not None and isinstance(read_up_to, int) and read_up_to < size:
        yield Rejection(
            input_name,
            f"truncated WARC file: the last {size - read_up_to:,} bytes are not a whole record; "
            "the records before them were read",
        )


def _page(record: ArcWarcRecord, source: str, url: str | None) -> Article | Rejection | None:
    """The article in one record, or None when the record is not an HTML response."""
    if record.rec_type != "response" or record.http_headers is None:
        return None
    content_type = record.http_headers.get_header("Content-Type") or ""
    if "html" not in content_type:
        return None
    try:
        html = decode_text(record.content_stream().read(), source)
    except InputError as error:
        return Rejection(source, error.reason)
    return read_html(html, source, url=url)
