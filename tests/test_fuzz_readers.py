"""Fuzzing every reader (hypothesis): whatever the bytes, a reader returns Articles and
Rejections and never raises.

Each test is bounded by ``max_examples`` so the file runs in well under half a minute; raise
FUZZ_SCALE (an environment variable, a whole number) for a longer hunt on a fast machine. The
inputs are generated, or small fictional documents cut and mutated.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from storylens.errors import InputError
from storylens.ingest.decode import decode_text
from storylens.ingest.feeds import looks_like_feed, read_feed
from storylens.ingest.fetch import Fetcher, FetchSettings
from storylens.ingest.html import read_html
from storylens.ingest.jsonlines import read_json_document, read_json_lines
from storylens.ingest.limits import MAX_ARTICLE_CHARS
from storylens.ingest.robots import policy_from_body
from storylens.ingest.sources import read_file, read_url_list
from storylens.ingest.text import read_text
from storylens.ingest.warc import read_warc
from storylens.records import Article, Rejection

SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
BODY = (
    "The ferry to Gullholm ran late on Friday after fog closed the outer harbour for three "
    "hours, the operator said, and passengers waited in the terminal until noon."
)


def fuzz(examples: int) -> Any:
    """Bounded hypothesis settings: no per-example deadline (the machine is slow and shared),
    and no database of failures written into the project."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def check_records(records: Iterable[object]) -> list[Article | Rejection]:
    """Every record is an Article or a Rejection, each well formed."""
    out: list[Article | Rejection] = []
    for record in records:
        assert isinstance(record, Article | Rejection), record
        out.append(record)
        if isinstance(record, Article):
            assert record.id and record.text.strip() and len(record.text) <= MAX_ARTICLE_CHARS
        else:
            assert isinstance(record.input, str) and record.reason
    return out


def mutate(data: bytes, cut: int, flips: list[tuple[int, int]]) -> bytes:
    """``data`` cut to ``cut`` bytes (0 keeps it whole) with some bytes replaced."""
    out = bytearray(data[:cut] if cut else data)
    for position, value in flips:
        if out:
            out[position % len(out)] = value
    return bytes(out)


MUTATIONS = st.tuples(
    st.integers(min_value=0, max_value=4_000),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=8),
)

# -- JSON Lines and JSON -----------------------------------------------------------------------

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
FIELDS = ["id", "url", "outlet", "title", "published", "authors", "text"]
CORPUS_OBJECTS = st.fixed_dictionaries(
    {},
    optional={
        **{name: JSON_VALUES | st.text(max_size=200) for name in FIELDS},
        "text": st.sampled_from([BODY, BODY * 3, "", " "]) | JSON_VALUES,
    },
)


def _lines(draw_objects: list[Any], raw: list[str], depth: int) -> list[str]:
    lines = [json.dumps(item) for item in draw_objects] + raw
    if depth:
        lines.append("[" * depth + "]" * depth)
    return lines


@fuzz(60)
@given(
    st.lists(CORPUS_OBJECTS | JSON_VALUES, max_size=6),
    st.lists(st.text(max_size=80), max_size=15),
    st.sampled_from([0, 0, 50, 100_000]),
)
def test_json_lines_reader(objects: list[Any], raw: list[str], depth: int) -> None:
    check_records(read_json_lines(_lines(objects, raw, depth), "fuzz.jsonl"))


@fuzz(40)
@given(st.lists(CORPUS_OBJECTS, min_size=1, max_size=3))
def test_json_lines_reader_with_html(objects: list[dict[str, Any]]) -> None:
    for item in objects:
        item.pop("text", None)
        item["html"] = f"<html><body><article><p>{BODY}</p></article></body></html>"
    check_records(read_json_lines([json.dumps(item) for item in objects], "fuzz.jsonl"))


@fuzz(100)
@given(st.text(max_size=300) | JSON_VALUES.map(json.dumps))
def test_json_document_reader(content: str) -> None:
    check_records(read_json_document(content, "fuzz.json"))


# -- feeds -------------------------------------------------------------------------------------

FEED = f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Gullholm Gazette</title>
<item><guid>gg-1</guid><title>Fog delays ferry</title><link>https://gullholm.example/1</link>
<pubDate>Fri, 06 Mar 2026 12:00:00 GMT</pubDate><author>Ana Ruiz</author>
<description>{BODY}</description></item>
<item><guid>gg-2</guid><title>Harbour reopens</title><link>/2</link>
<description>&lt;p&gt;{BODY}&lt;/p&gt;</description></item>
</channel></rss>""".encode()
ATOM = f"""<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Echo</title>
<entry><id>urn:e:1</id><title>Fog</title><link href="https://gullholm.example/a"/>
<updated>2026-03-06T12:00:00Z</updated><author><name>Ana Ruiz</name></author>
<content type="html">&lt;p&gt;{BODY}&lt;/p&gt;</content></entry></feed>""".encode()


@fuzz(60)
@given(st.sampled_from([FEED, ATOM]), MUTATIONS)
def test_feed_reader_on_mutated_feeds(feed: bytes, mutation: tuple[int, Any]) -> None:
    data = mutate(feed, *mutation)
    check_records(read_feed(data, "fuzz.rss"))
    assert isinstance(looks_like_feed("application/xml", data), bool)


@fuzz(60)
@given(st.binary(max_size=600) | st.text(max_size=300).map(str.encode))
def test_feed_reader_on_random_bytes(data: bytes) -> None:
    check_records(read_feed(data, "fuzz.rss"))


@pytest.mark.parametrize(
    "data",
    [
        # Found by fuzzing: feedparser decodes the declared encoding's name as UTF-8 and
        # raised UnicodeDecodeError, or ValueError on a NUL in it.
        b'<?xml version="1.0" encoding="\x80"?><rss/>',
        b'<?xml version="1.0" encoding="utf\x00-8"?><rss/>',
    ],
)
def test_feeds_found_by_fuzzing_are_rejected(data: bytes) -> None:
    [problem] = check_records(read_feed(data, "found.rss"))
    assert isinstance(problem, Rejection) and "not a readable RSS/Atom feed" in problem.reason


# -- WARC --------------------------------------------------------------------------------------


def _warc(gz: bool, html: bytes, *http_headers: tuple[str, str]) -> bytes:
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=gz)
    for number in range(2):
        fields = [("Content-Type", "text/html; charset=utf-8"), *http_headers]
        headers = StatusAndHeaders("200 OK", fields, protocol="HTTP/1.1")
        record = writer.create_warc_record(
            f"https://gullholm.example/{number}",
            "response",
            payload=io.BytesIO(html),
            http_headers=headers,
        )
        writer.write_record(record)
    return buffer.getvalue()


PAGE = f"<html><body><article><h1>Fog</h1><p>{BODY}</p></article></body></html>".encode()
WARCS = [
    _warc(False, PAGE),
    _warc(True, PAGE),
    _warc(False, b"\xff\xfe\x00<" * 40),
    _warc(False, gzip.compress(PAGE), ("Content-Encoding", "gzip")),
    _warc(False, b"%x\r\n%s\r\n0\r\n\r\n" % (len(PAGE), PAGE), ("Transfer-Encoding", "chunked")),
]


@fuzz(60)
@given(st.sampled_from(WARCS), MUTATIONS)
def test_warc_reader_on_mutated_archives(warc: bytes, mutation: tuple[int, Any]) -> None:
    data = mutate(warc, *mutation)
    check_records(read_warc(io.BytesIO(data), "fuzz.warc", len(data)))


@fuzz(60)
@given(
    st.binary(max_size=400)
    | st.text(max_size=200).map(lambda text: b"WARC/1.0\r\n" + text.encode())
)
def test_warc_reader_on_random_bytes(data: bytes) -> None:
    check_records(read_warc(io.BytesIO(data), "fuzz.warc", len(data)))


# -- text, decoding, gzip, files ---------------------------------------------------------------


@fuzz(200)
@given(st.binary(max_size=400) | st.text(max_size=200).map(lambda t: t.encode("utf-16")))
def test_decode_and_text_reader(data: bytes) -> None:
    try:
        text = decode_text(data, "fuzz.txt")
    except InputError as error:
        assert error.reason
        return
    assert isinstance(text, str)
    check_records([read_text(text, "fuzz.txt", "fuzz")])


@fuzz(100)
@given(st.text(max_size=400))
def test_text_reader(content: str) -> None:
    check_records([read_text(content, "fuzz.txt", "fuzz")])


GZ_LINES = gzip.compress(
    "\n".join(json.dumps({"id": f"g{n}", "text": BODY}) for n in range(3)).encode()
)
SUFFIXES = [".jsonl.gz", ".jsonl", ".json", ".txt", ".md", ".rss", ".warc", ".warc.gz", ".html"]


@fuzz(80)
@given(
    st.sampled_from(SUFFIXES),
    st.sampled_from([GZ_LINES, gzip.compress(FEED), WARCS[1], b""]) | st.binary(max_size=300),
    MUTATIONS,
)
def test_every_file_kind_and_gzip(suffix: str, data: bytes, mutation: tuple[int, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_bytes(mutate(data, *mutation))
        check_records(read_file(path))


@fuzz(60)
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_url_list_reader(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "urls.txt"
        path.write_bytes(data)
        for item in read_url_list(path):
            assert isinstance(item, Rejection) or item.lower().startswith(("http://", "https://"))


# -- HTML --------------------------------------------------------------------------------------

TAGS = st.sampled_from(
    [
        "<p>",
        "</p>",
        "<article>",
        "</article>",
        "<div>",
        "<script>",
        "<!--",
        "-->",
        "<meta ",
        '<meta property="article:published_time" content="',
        '">',
        "<title>",
        "</title>",
        "&amp;",
        "&#0;",
        "\x00",
        "<html>",
        "<body>",
        "<![CDATA[",
        "<?xml ?>",
        "<br/>",
        '<a href="',
    ]
)


@fuzz(40)
@given(st.lists(TAGS | st.text(max_size=30) | st.just(BODY), max_size=25).map("".join))
@example("</p>")  # found by fuzzing: lxml's "Document is empty" from the second extractor
@example("<body><style><time><noscript><body>")  # found by fuzzing: htmldate's AssertionError
def test_html_reader(html: str) -> None:
    check_records([read_html(html, "fuzz.html")])


# -- robots.txt and fetching -------------------------------------------------------------------

HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40)
RESPONSES = st.fixed_dictionaries(
    {
        "status": st.sampled_from([200, 200, 301, 302, 307, 404, 429, 500, 503]),
        "body": st.sampled_from([PAGE, FEED, ATOM, b"User-agent: *\nDisallow: /a\n"])
        | st.binary(max_size=300),
    },
    optional={
        "Location": st.sampled_from(["/a", "https://other.example/b", "ftp://x", "//[::1", ""])
        | HEADER_TEXT,
        "Retry-After": st.sampled_from(["0", "2", "999999", "Fri, 06 Mar 2026 12:00:00 GMT"])
        | HEADER_TEXT,
        "Content-Type": st.sampled_from(
            ["text/html", "application/rss+xml", "text/xml; charset=latin-1", "image/png"]
        )
        | HEADER_TEXT,
        "Content-Length": st.sampled_from(["0", "99999999999", "-1", "x"]),
    },
)


@fuzz(60)
@given(st.binary(max_size=500) | st.text(max_size=300).map(str.encode))
def test_robots_parser(data: bytes) -> None:
    policy = policy_from_body(data)
    assert isinstance(policy.allows("https://gullholm.example/a?b=c"), bool)
    delay = policy.crawl_delay()
    assert delay is None or delay >= 0


@fuzz(60)
@given(
    st.lists(RESPONSES, min_size=1, max_size=6),
    st.sampled_from(["https://gullholm.example/a", "http://gullholm.example:8080/feed"])
    | st.text(max_size=30).map(lambda text: "http://" + text),
)
def test_fetcher_on_any_server_reply(replies: list[dict[str, Any]], url: str) -> None:
    queue = list(replies)

    def answer(request: httpx.Request) -> httpx.Response:
        reply = dict(queue.pop(0) if len(queue) > 1 else queue[0])
        status, body = reply.pop("status"), reply.pop("body")
        return httpx.Response(status, headers=reply, content=body)

    clock = [0.0]
    settings_ = FetchSettings(retries=1, max_redirects=2, max_feed_entries=2)

    def sleep(seconds: float) -> None:
        assert 0 <= seconds <= settings_.max_retry_wait_seconds + settings_.host_delay_seconds
        clock[0] += seconds

    with Fetcher(
        httpx.MockTransport(answer), settings=settings_, clock=lambda: clock[0], sleep=sleep
    ) as fetcher:
        check_records(fetcher.fetch(url))


# -- the net under the readers -----------------------------------------------------------------


def test_a_reader_that_still_raises_costs_one_input_not_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from storylens.ingest import sources

    def broken(path: Path, article_id: str | None = None) -> Iterable[Article | Rejection]:
        yield Rejection(str(path), "first record")
        raise RuntimeError("parser broke")

    (tmp_path / "a.txt").write_text(BODY, encoding="utf-8")
    monkeypatch.setattr(sources, "read_file", broken)
    records = list(sources.iter_inputs([str(tmp_path / "a.txt"), "-"]))
    assert [r.reason for r in records if isinstance(r, Rejection)] == [
        "first record",
        "could not be read (RuntimeError: parser broke); this is a storylens bug, please "
        "report it with the input",
    ]
