"""Web archives (WARC): every HTML response record is read as a page (warcio)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed

from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.html import read_html
from storylens.records import Article, Rejection


def read_warc(stream: BinaryIO, input_name: str) -> Iterator[Article | Rejection]:
    try:
        for record in ArchiveIterator(stream):
            if record.rec_type != "response" or record.http_headers is None:
                continue
            content_type = record.http_headers.get_header("Content-Type") or ""
            if "html" not in content_type:
                continue
            url = record.rec_headers.get_header("WARC-Target-URI")
            source = f"{input_name}#{url}"
            try:
                html = decode_text(record.content_stream().read(), source)
            except InputError as error:
                yield Rejection(source, error.reason)
                continue
            yield read_html(html, source, url=url)
    except ArchiveLoadFailed as error:
        yield Rejection(input_name, f"not a readable WARC file ({error})")
