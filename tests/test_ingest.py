"""Ingest: every reader, ids, and every kind of broken input."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import httpx
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from storylens.ingest import iter_inputs
from storylens.ingest.fetch import fetch_url
from storylens.ingest.records import content_id
from storylens.ingest.text import looks_like_title
from storylens.records import Article, Rejection

BODY = (
    "The council of Eastmere voted on Monday to close the old ferry pier after engineers found "
    'cracks in two of its supports. "We cannot risk it," said Mayor Dana Holt.'
)
PAGE = f"""<html><head><title>Eastmere closes ferry pier</title>
<meta property="og:title" content="Eastmere closes ferry pier">
<meta property="article:published_time" content="2026-04-02T09:00:00Z">
<meta name="author" content="Lee Park"></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Eastmere closes ferry pier</h1><p>{BODY}</p>
<p>Engineers will return in May to decide whether the pier can be repaired or must be
replaced, the council said in a statement after the vote on Monday evening.</p></article>
<footer>Copyright 2026 Eastmere Echo. All rights reserved.</footer></body></html>"""


def only(records: list[Article | Rejection]) -> Article:
    assert len(records) == 1 and isinstance(records[0], Article), records
    return records[0]


def test_text_file_title_and_id_from_name(tmp_path: Path) -> None:
    path = tmp_path / "pier-vote.txt"
    path.write_text(f"Eastmere closes ferry pier\n\n{BODY}\n", encoding="utf-8")
    article = only(list(iter_inputs([str(path)])))
    assert article.id == "pier-vote"
    assert article.title == "Eastmere closes ferry pier"
    assert article.text.strip() == BODY


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Eastmere closes ferry pier", True),
        ("# Markdown headline.", True),
        ("The council voted on Monday to close the pier.", False),
        ("x" * 300, False),
    ],
)
def test_looks_like_title(line: str, expected: bool) -> None:
    assert looks_like_title(line) is expected


def test_json_lines_keep_ids_and_metadata(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    record = {
        "id": "e1",
        "url": "https://echo.example/1",
        "outlet": "Eastmere Echo",
        "title": "Pier closes",
        "published": "2026-04-02",
        "authors": ["Lee Park"],
        "text": BODY,
    }
    path.write_text(json.dumps(record) + "\n\n", encoding="utf-8")
    article = only(list(iter_inputs([str(path)])))
    assert (article.id, article.outlet, article.authors) == ("e1", "Eastmere Echo", ("Lee Park",))
    assert article.published == "2026-04-02T00:00:00"


def test_json_lines_with_html_instead_of_text(tmp_path: Path) -> None:
    path = tmp_path / "pages.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write(json.dumps({"id": "p1", "html": PAGE, "outlet": "Echo"}) + "\n")
    article = only(list(iter_inputs([str(path)])))
    assert "cracks in two of its supports" in article.text
    assert article.outlet == "Echo"
    assert article.title == "Eastmere closes ferry pier"


def test_invalid_json_line_is_rejected_and_others_kept(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        json.dumps({"id": "ok", "text": BODY})
        + "\n{not json\n"
        + json.dumps({"id": "no-text"})
        + "\n",
        encoding="utf-8",
    )
    records = list(iter_inputs([str(path)]))
    assert [type(r).__name__ for r in records] == ["Article", "Rejection", "Rejection"]
    assert isinstance(records[1], Rejection) and records[1].input.endswith("mixed.jsonl:2")
    assert "invalid JSON" in records[1].reason
    assert isinstance(records[2], Rejection) and records[2].reason == "no article text"


def test_json_document_with_a_list(tmp_path: Path) -> None:
    path = tmp_path / "two.json"
    path.write_text(json.dumps([{"text": BODY}, {"text": BODY + " More."}]), encoding="utf-8")
    records = list(iter_inputs([str(path)]))
    assert all(isinstance(r, Article) for r in records) and len(records) == 2


def test_html_page_body_and_metadata(tmp_path: Path) -> None:
    path = tmp_path / "pier.html"
    path.write_text(PAGE, encoding="utf-8")
    article = only(list(iter_inputs([str(path)])))
    assert article.id == "pier"
    assert "cracks in two of its supports" in article.text
    assert "Home" not in article.text and "Copyright" not in article.text
    assert article.published and article.published.startswith("2026-04-02")


def test_rss_feed_entries(tmp_path: Path) -> None:
    path = tmp_path / "feed.rss"
    path.write_text(
        f"""<?xml version="1.0"?><rss version="2.0"><channel><title>Eastmere Echo</title>
        <item><title>Pier closes</title><link>https://echo.example/1</link><guid>echo-1</guid>
        <pubDate>Thu, 02 Apr 2026 09:00:00 GMT</pubDate><description>{BODY}</description></item>
        </channel></rss>""",
        encoding="utf-8",
    )
    article = only(list(iter_inputs([str(path)])))
    assert (article.id, article.outlet, article.title) == ("echo-1", "Eastmere Echo", "Pier closes")
    assert article.published and article.published.startswith("2026-04-02")


def test_warc_response_records(tmp_path: Path) -> None:
    path = tmp_path / "crawl.warc.gz"
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        headers = StatusAndHeaders(
            "200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.0"
        )
        record = writer.create_warc_record(
            "https://echo.example/pier",
            "response",
            payload=io.BytesIO(PAGE.encode()),
            http_headers=headers,
        )
        writer.write_record(record)
    article = only(list(iter_inputs([str(path)])))
    assert article.url == "https://echo.example/pier"
    assert "cracks in two of its supports" in article.text


def test_stdin_json_lines() -> None:
    stdin = io.StringIO(json.dumps({"id": "s1", "text": BODY}) + "\n")
    article = only(list(iter_inputs(["-"], stdin=stdin)))
    assert article.id == "s1" and article.source == "stdin:1"


def test_url_fetch_uses_the_transport() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, html=PAGE)

    article = fetch_url("https://echo.example/pier", transport=httpx.MockTransport(handler))
    assert isinstance(article, Article) and "ferry pier" in article.text
    missing = fetch_url(
        "https://echo.example/gone",
        transport=httpx.MockTransport(lambda request: httpx.Response(404)),
    )
    assert isinstance(missing, Rejection) and "HTTP 404" in missing.reason


def test_content_hash_id_is_stable() -> None:
    assert content_id(BODY) == content_id("  " + BODY.replace(" ", "  ") + "\n")
    assert content_id(BODY) != content_id(BODY + " Extra.")


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.txt", b"", "empty file"),
        ("binary.txt", bytes(range(256)) * 4, "binary data"),
        ("notes.xyz", b"some notes", "unknown file type '.xyz'"),
        ("short.txt", b"Too short.", "text shorter than"),
        (
            "latin.txt",
            "Caf\xe9 owners in Eastmere said the pier closure hurt trade. ".encode("latin-1") * 3,
            None,
        ),
    ],
)
def test_broken_files_name_the_input_and_the_reason(
    tmp_path: Path, name: str, content: bytes, reason: str | None
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    records = list(iter_inputs([str(path)]))
    assert len(records) == 1
    if reason is None:
        assert isinstance(records[0], Article) and "Café" in records[0].text
        return
    assert isinstance(records[0], Rejection)
    assert records[0].input == str(path)
    assert reason in records[0].reason


def test_missing_path_and_folder_walk(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text(BODY, encoding="utf-8")
    (tmp_path / "README.md").write_text("about this folder", encoding="utf-8")
    (tmp_path / ".hidden.txt").write_text(BODY, encoding="utf-8")
    records = list(iter_inputs([str(tmp_path), str(tmp_path / "missing.txt")]))
    assert isinstance(records[0], Article) and records[0].id == "a"
    assert isinstance(records[1], Rejection) and records[1].reason == "no such file or folder"
    assert len(records) == 2


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.txt"
    path.write_text(BODY, encoding="utf-8")

    def refuse(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied")

    # Tests run as root in CI, where chmod does not stop reads: refuse the read itself.
    monkeypatch.setattr(Path, "read_bytes", refuse)
    records = list(iter_inputs([str(path)]))
    assert isinstance(records[0], Rejection)
    assert records[0].reason == "cannot read (Permission denied)"
