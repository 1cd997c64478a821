"""Hardening, round two (issue 21): each numbered defect, tried as a hostile or careless user
would, with the promise the README makes (one clear line, bounded memory, every page reachable).

Fictional text only; nothing here reaches beyond loopback (URLs go to ``httpx.MockTransport``
or are refused before any request).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import sqlite3
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from storylens.cli import app
from storylens.errors import InputError, SettingError, StoreError
from storylens.ingest.fetch import Fetcher
from storylens.ingest.limits import (
    MAX_LINE_CHARS,
    MAX_REJECTED_IN_A_ROW,
    MAX_REJECTIONS_LISTED,
)
from storylens.ingest.sources import iter_inputs, read_saved_page
from storylens.pipeline import analyze, count_records
from storylens.records import Article, Rejection
from storylens.store import Store
from storylens.watch.feeds import FeedPoller
from storylens.web import WebSettings, create_app

TOKEN = "hardening-token"
BODY = (
    "The ferry to Gullholm ran late on Friday after fog closed the outer harbour for three "
    "hours, the operator said, and passengers waited in the terminal until noon."
)
SITE = "https://news.example"
MB = 1024 * 1024


def _article(article_id: str, title: str = "Fog delays the Gullholm ferry") -> dict[str, str]:
    return {"id": article_id, "title": title, "outlet": "Harbour Post", "text": BODY}


def _peak_bytes(records: Iterator[object]) -> tuple[list[Any], int]:
    tracemalloc.start()
    try:
        found = list(records)
        return found, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# -- 1. bounded decompression and line length -------------------------------------------------


def test_a_gzip_bomb_is_refused_in_one_line_with_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "bomb.jsonl.gz"
    member = gzip.compress(b" " * (16 * MB), compresslevel=9)
    path.write_bytes(member * 16)  # 256 MB of spaces in 0.3 MB: a multi-member gzip
    records, peak = _peak_bytes(iter_inputs([str(path)]))
    [problem] = records
    assert isinstance(problem, Rejection) and "gzip bomb" in problem.reason
    assert peak < 64 * MB, f"peak {peak / MB:.0f} MB while refusing a bomb"


def test_an_overlong_line_is_skipped_unread_and_the_next_line_read(tmp_path: Path) -> None:
    path = tmp_path / "one-line.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        handle.write('{"id": "huge", "text": "' + "x" * (MAX_LINE_CHARS + 10) + '"}\n')
        handle.write(json.dumps(_article("after-it")) + "\n")
    records, peak = _peak_bytes(iter_inputs([str(path)]))
    assert [type(r).__name__ for r in records] == ["Rejection", "Article"]
    assert "line longer than" in records[0].reason
    assert records[1].id == "after-it"
    assert peak < 2.5 * MAX_LINE_CHARS, f"peak {peak / MB:.0f} MB for a line over the cap"


def test_a_truncated_gz_still_keeps_the_lines_before_the_break(tmp_path: Path) -> None:
    lines = [json.dumps(_article(f"kept-{n}")) for n in range(200)]
    data = gzip.compress(("\n".join(lines) + "\n").encode())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) * 3 // 4])
    records = list(iter_inputs([str(path)]))
    assert sum(isinstance(r, Article) for r in records) > 100
    assert isinstance(records[-1], Rejection) and "cannot read past" in records[-1].reason


# -- 2. a cap on rejections -------------------------------------------------------------------


def test_a_million_rejected_lines_stop_after_the_cap_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "ids.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"id":"x"}\n' * 1_000_000))
    started = time.monotonic()
    records = list(iter_inputs([str(path)]))
    assert time.monotonic() - started < 10
    assert len(records) == MAX_REJECTIONS_LISTED + 1
    last = records[-1]
    assert isinstance(last, Rejection) and last.input == str(path)
    assert f"{MAX_REJECTED_IN_A_ROW:,} records in a row rejected" in last.reason
    assert "\n" not in last.reason


def test_rejections_past_the_listed_cap_are_counted_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    rows = []
    for n in range(50):
        rows.append(json.dumps(_article(f"good-{n}")))
        rows.append(json.dumps({"id": f"bad-{n}"}))  # no text
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    records = list(iter_inputs([str(path)]))
    rejections = [r for r in records if isinstance(r, Rejection)]
    assert sum(isinstance(r, Article) for r in records) == 50
    assert len(rejections) == MAX_REJECTIONS_LISTED + 1
    assert rejections[-1].reason.startswith(f"{50 - MAX_REJECTIONS_LISTED} more records rejected")


# -- 3, 4, 9: the web server ------------------------------------------------------------------

BIDI_TITLE = "Harbour vote \u202eetov-on\u202c result"


@pytest.fixture(scope="module")
def web_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Articles whose ids hold "/" (as ids made from folders do) and one title with a
    right-to-left override."""
    folder = tmp_path_factory.mktemp("hardening")
    corpus = folder / "corpus.jsonl"
    rows = [
        _article("2026/01/index"),
        {**_article("2026/02/index", BIDI_TITLE), "outlet": "Coast Daily"},
    ]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    db = str(folder / "web.db")
    with Store(db) as store:
        assert analyze([str(corpus)], store).ok
    return db


@pytest.fixture(scope="module")
def client(web_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(web_db, token=TOKEN))) as test_client:
        yield test_client


def _error(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["status"] == status
    return str(body["error"]["message"])


@pytest.mark.parametrize(
    "header",
    [b"Bearer t\xe9st", b"Bearer \xff\xfe", "Bearer tökén".encode(), b"\xe9", b"Bearer"],
)
def test_a_malformed_authorization_header_is_401_not_500(client: TestClient, header: bytes) -> None:
    response = client.post("/api/articles", json=_article("p-1"), headers={"Authorization": header})
    _error(response, 401)


def test_a_non_ascii_token_is_refused_at_start_up(web_db: str) -> None:
    with pytest.raises(SettingError, match="visible ASCII"):
        WebSettings(web_db, token="tökén")
    assert WebSettings(web_db, token="s3cr3t!~").token == "s3cr3t!~"


def test_article_ids_with_slashes_open_from_the_links_the_pages_print(client: TestClient) -> None:
    story_id = client.get("/api/stories").json()["stories"][0]["story_id"]
    page = client.get(f"/stories/{story_id}").text
    assert 'href="/articles/2026%2F01%2Findex"' in page
    assert client.get("/articles/2026%2F01%2Findex").status_code == 200
    api = client.get("/api/articles/2026%2F01%2Findex")
    assert api.status_code == 200 and api.json()["article_id"] == "2026/01/index"
    _error(client.get("/api/articles/2026%2F99%2Fnone"), 404)


def test_bidi_overrides_in_stored_text_are_isolated_on_every_page(client: TestClient) -> None:
    pages = [client.get("/articles/2026%2F02%2Findex").text]
    story_id = client.get("/api/stories").json()["stories"][0]["story_id"]
    pages.append(client.get(f"/stories/{story_id}").text)
    for page in pages:
        assert "\u202e" in page  # shown, as text
        # Every override sits inside an isolate (FSI ... PDI), so it cannot reorder what
        # follows it on the page.
        outside = page.replace("\u2068" + BIDI_TITLE + "\u2069", "")
        assert "\u202e" not in outside


@pytest.mark.parametrize("path", ["/api/stories", "/"])
@pytest.mark.parametrize("value", ["2026-13-45", "2026-02-30", "0000-01-01"])
def test_impossible_filter_dates_are_422(client: TestClient, path: str, value: str) -> None:
    response = client.get(path, params={"date_from": value})
    assert response.status_code == 422, response.text
    assert client.get(path, params={"date_from": "2026-02-28"}).status_code == 200


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_a_post_declared_other_than_json_is_refused(client: TestClient, content_type: str) -> None:
    response = client.post(
        "/api/articles",
        content=json.dumps(_article("plain-1")).encode(),
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": content_type},
    )
    assert "JSON" in _error(response, 415)


def test_a_posted_articles_rejection_is_named_by_its_id(client: TestClient) -> None:
    body = [{"id": "too-short-1", "text": "Fog."}, {"text": "Fog again."}]
    response = client.post("/api/articles", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200, response.text
    assert [r["input"] for r in response.json()["rejected"]] == ["too-short-1", "[1]"]


# -- 5. explain's input guards ----------------------------------------------------------------


def test_explain_refuses_devices_fifos_and_oversized_pages(tmp_path: Path) -> None:
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="FIFO"):
        read_saved_page(fifo)  # before: blocked here for ever, waiting for a writer
    with pytest.raises(InputError, match="device"):
        read_saved_page(Path("/dev/zero"))
    big = tmp_path / "big.html"
    big.write_bytes(b"<p>" + b"x" * (21 * 1000 * 1000))
    with pytest.raises(InputError, match="larger than"):
        read_saved_page(big)
    bomb = tmp_path / "bomb.html.gz"
    bomb.write_bytes(gzip.compress(b" " * (64 * MB)))
    with pytest.raises(InputError, match="inflates to more than"):
        read_saved_page(bomb)
    page = tmp_path / "ok.html.gz"
    page.write_bytes(gzip.compress(b"<html><body><p>Fog.</p></body></html>"))
    assert "Fog." in read_saved_page(page)


# -- 6. URLs validated before any network call ------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "https://xn--/",
        "https://exa mple.com/x",
        "http://[bad",
        "http://[bad]/x",
        "http://a..b/",
        "http://-news.example/",
        "http://1.2.3.999/",
        f"http://{'a' * 64}.example/",
    ],
)
def test_an_invalid_url_is_refused_without_a_request(url: str) -> None:
    requests: list[httpx.Request] = []

    def respond(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(200, text="User-agent: *\nAllow: /\n")

    slept: list[float] = []
    with Fetcher(httpx.MockTransport(respond), sleep=slept.append) as fetcher:
        [problem] = list(iter_inputs([url], fetcher=fetcher))
    assert isinstance(problem, Rejection) and problem.reason.startswith("not a valid URL")
    assert "storylens bug" not in problem.reason
    assert requests == [] and slept == []


def test_a_valid_international_host_is_still_fetched() -> None:
    requests: list[str] = []

    def respond(request: httpx.Request) -> httpx.Response:
        requests.append(request.url.raw_host.decode("ascii"))
        return httpx.Response(404)

    with Fetcher(httpx.MockTransport(respond), sleep=lambda _s: None) as fetcher:
        list(iter_inputs(["https://bücher.example/x"], fetcher=fetcher))
    assert requests and set(requests) == {"xn--bcher-kva.example"}


# -- 7. the store: read-only, one-line errors, who holds a lock -------------------------------


def test_a_read_only_store_reads_and_cannot_write(web_db: str, tmp_path: Path) -> None:
    with Store(web_db, read_only=True) as store:
        assert store.count_stories() >= 1
        with pytest.raises(StoreError) as caught:
            store.save_batch([], [Rejection("x", "y")])
    assert "readonly" in str(caught.value) and "\n" not in str(caught.value)


def test_a_database_that_cannot_be_opened_says_so_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "not-a-file.db"
    folder.mkdir()
    with pytest.raises(StoreError) as caught:
        Store(str(folder))
    message = str(caught.value)
    assert "\n" not in message and "Background on this error" not in message
    assert "server is running" not in message  # a file has no server


def test_a_locked_database_names_its_holder_and_the_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("storylens.store.database.SQLITE_BUSY_TIMEOUT_SECONDS", 0.3)
    db = tmp_path / "locked.db"
    Store(str(db)).close()
    other = sqlite3.connect(db)  # another program holding a write transaction
    other.execute("BEGIN EXCLUSIVE")
    try:
        with Store(str(db)) as store, pytest.raises(StoreError) as caught:
            store.save_batch([], [Rejection("x", "y")])
    finally:
        other.rollback()
        other.close()
    message = str(caught.value)
    assert "\n" not in message and "[SQL:" not in message
    assert "locked by another program, not a storylens writer" in message
    assert "after waiting 0.3 s" in message


# -- 8. a feed file's progress total ----------------------------------------------------------

FEED = (
    '<?xml version="1.0"?><rss version="2.0"><channel><title>Harbour Post</title>{items}'
    "</channel></rss>"
)
ITEM = "<item><guid>e-{n}</guid><title>Fog {n}</title><description>{body}</description></item>"


def test_a_feed_file_counts_its_entries_for_the_progress_total(tmp_path: Path) -> None:
    feed = tmp_path / "harbour.rss"
    feed.write_text(FEED.format(items="".join(ITEM.format(n=n, body=BODY) for n in range(7))))
    atom = tmp_path / "harbour.atom"
    atom.write_text(
        '<feed xmlns="http://www.w3.org/2005/Atom">'
        + "<entry><title>Fog</title></entry>" * 3
        + "</feed>"
    )
    assert count_records([str(feed)]) == 7
    assert count_records([str(atom), str(feed)]) == 10


# -- 9. small ones: WARC garbage, a failing feed's backoff ------------------------------------


@pytest.mark.parametrize(
    "data",
    [b"WARC/1.0\r\nWARC-Type: response\r\n\r\n", b"WARC/1.0\r\nWARC-Type: response\r\n\r\nxx"],
)
def test_a_garbage_warc_says_what_is_wrong_without_python_errors(
    tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "garbage.warc"
    path.write_bytes(data)
    [problem] = list(iter_inputs([str(path)]))
    assert isinstance(problem, Rejection)
    assert "WARC" in problem.reason
    assert "NoneType" not in problem.reason and "Error" not in problem.reason


def test_a_warc_without_pages_says_so(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=False)
    headers = StatusAndHeaders("200 OK", [("Content-Type", "image/png")], protocol="HTTP/1.1")
    record = writer.create_warc_record(
        f"{SITE}/a.png", "response", payload=io.BytesIO(b"\x89PNG"), http_headers=headers
    )
    writer.write_record(record)
    path = tmp_path / "images.warc"
    path.write_bytes(buffer.getvalue())
    [problem] = list(iter_inputs([str(path)]))
    assert isinstance(problem, Rejection) and "no HTML page" in problem.reason


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_a_failing_feed_backs_off_across_passes_not_within_each() -> None:
    asked: list[str] = []

    def respond(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/robots.txt":
            return httpx.Response(200, text="User-agent: *\nAllow: /\n")
        asked.append(request.url.path)
        return httpx.Response(503)

    clock = _Clock()
    poller = FeedPoller(Fetcher(httpx.MockTransport(respond), clock=clock, sleep=clock.sleep))
    url = f"{SITE}/feed.rss"
    for _pass in range(7):  # passes 30 s apart: the default interval
        poll = poller.poll(url, None)
        assert all(isinstance(r, Rejection) for r in poll.records)
        clock.now += 30.0
    # Polled at 0 s, then after 60 s and 120 s of backoff (at 60 s and 180 s): three
    # requests in seven passes, and never a retry's wait within a pass.
    assert asked == ["/feed.rss"] * 3
    assert sum(clock.sleeps) < 3.0  # host pacing only; before: 7 s of retries every pass


# -- 5 and 7 on the command line: explain's guards, stdout, read-only reads ------------------


def _storylens(*args: str, stdout: Any = None) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).with_name("storylens")), *args]
    return subprocess.run(
        command, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_explain_refuses_a_device_or_fifo_in_one_line(tmp_path: Path, kind: str) -> None:
    target = Path("/dev/zero")
    if kind == "fifo":
        target = tmp_path / "page.html"
        os.mkfifo(target)
    result = CliRunner().invoke(app, ["explain", str(target)])
    assert result.exit_code == 2
    [line] = result.output.strip().splitlines()
    assert line.startswith(f"error: {target}: a ")


@pytest.mark.parametrize("command", [["export", "articles"], ["stories"]])
def test_a_write_error_on_stdout_is_one_line_and_exit_3(web_db: str, command: list[str]) -> None:
    with open("/dev/full", "w") as full:  # noqa: PTH123 - a device, not a path to build
        result = _storylens(*command, "--db", web_db, stdout=full)
    assert result.returncode == 3, result.stderr
    assert result.stderr.strip().splitlines() == [
        "error: cannot write the output (stdout): No space left on device"
    ]


@pytest.mark.parametrize(
    "command",
    [["stories"], ["search", "fog"], ["export", "articles"], ["show", "nosuch"]],
)
def test_read_commands_open_the_store_read_only(
    web_db: str, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[bool] = []

    def spy(db: str, **options: Any) -> Store:
        opened.append(bool(options.get("read_only")))
        return Store(db, **options)

    monkeypatch.setattr("storylens.cli.common.Store", spy)
    CliRunner().invoke(app, [*command, "--db", web_db])
    assert opened == [True]


def test_a_database_error_no_command_expected_is_one_line_and_exit_3(
    web_db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sqlalchemy.exc import OperationalError

    from storylens.cli import main

    def failing(_store: Store) -> int:
        raise OperationalError(
            "SELECT count(*) FROM stories", {}, sqlite3.OperationalError("disk I/O error")
        )

    monkeypatch.setattr(Store, "count_stories", failing)
    monkeypatch.setattr(sys, "argv", ["storylens", "stories", "--db", web_db])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 3
    assert capsys.readouterr().err.strip().splitlines() == [
        "error: the database failed (OperationalError: disk I/O error)"
    ]


def test_a_store_sqlite_cannot_open_read_only_is_read_immutable(
    web_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a read-only disk SQLite cannot make the -shm file a WAL reader needs; the store
    is then read as immutable (what the disk guarantees). Simulated: root ignores file modes."""
    from sqlalchemy.exc import OperationalError

    import storylens.store.database as database

    real = database._connected_reader
    urls: list[str] = []

    def on_read_only_disk(url: str) -> Any:
        urls.append(url)
        if "immutable=1" not in url:
            raise OperationalError("open", {}, sqlite3.OperationalError("unable to open database"))
        return real(url)

    monkeypatch.setattr(database, "_connected_reader", on_read_only_disk)
    with Store(web_db, read_only=True) as store:
        assert store.count_stories() >= 1
    assert ["immutable=1" in url for url in urls] == [False, True]


def test_a_url_list_of_bad_lines_lists_its_cap_and_counts_the_rest(tmp_path: Path) -> None:
    # Every line is no http(s) URL: nothing is fetched, and the list is one input like a file.
    urls = tmp_path / "urls.txt"
    urls.write_text("".join(f"ftp://nowhere/{n}\n" for n in range(MAX_REJECTIONS_LISTED + 30)))
    rejected = list(iter_inputs([], url_lists=[str(urls)]))
    assert all(isinstance(item, Rejection) for item in rejected)
    assert len(rejected) == MAX_REJECTIONS_LISTED + 1
    assert rejected[-1].input == str(urls)
    assert rejected[-1].reason.startswith("30 more records rejected, not listed")
