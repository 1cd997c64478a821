"""Bad inputs a new user meets: each is one Rejection naming the input and the reason, the rest
of the batch is kept, and nothing raises."""

from __future__ import annotations

import codecs
import gzip
import http.server
import io
import json
import os
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from conftest import local_http_server
from storylens.ingest import iter_inputs
from storylens.ingest.fetch import fetch_url
from storylens.ingest.limits import MAX_BAD_JSON_LINES_IN_A_ROW, MAX_ID_CHARS
from storylens.pipeline import analyze
from storylens.records import Article, Rejection
from storylens.store import Store

PIER = (
    "The council of Eastmere voted on Monday to close the old ferry pier after engineers found "
    "cracks in two of its supports, and the mayor said repairs would start in May."
)
LIBRARY = (
    "Ferris library reopened on Saturday after a two-year renovation that added a reading room, "
    "a children's wing and a cafe run by volunteers from the neighbourhood."
)


def articles(records: list[Article | Rejection]) -> list[Article]:
    return [r for r in records if isinstance(r, Article)]


def rejections(records: list[Article | Rejection]) -> list[Rejection]:
    return [r for r in records if isinstance(r, Rejection)]


def page(body: str) -> str:
    return f"<html><body><article><h1>News</h1><p>{body}</p><p>{body}</p></article></body></html>"


# -- 1. two inputs, one id ---------------------------------------------------------------------


def test_index_pages_in_different_folders_get_different_ids(tmp_path: Path) -> None:
    for month, body in (("01", PIER), ("02", LIBRARY)):
        (tmp_path / "2026" / month).mkdir(parents=True)
        (tmp_path / "2026" / month / "index.html").write_text(page(body), encoding="utf-8")
    (tmp_path / "alone.txt").write_text(PIER + " Alone.", encoding="utf-8")
    ids = [a.id for a in articles(list(iter_inputs([str(tmp_path)])))]
    assert ids == ["2026/01/index", "2026/02/index", "alone"]


def test_versions_of_one_report_get_different_ids(tmp_path: Path) -> None:
    (tmp_path / "report.v1.txt").write_text(PIER, encoding="utf-8")
    (tmp_path / "report.v2.txt").write_text(LIBRARY, encoding="utf-8")
    inputs = [str(tmp_path / "report.v1.txt"), str(tmp_path / "report.v2.txt")]
    assert [a.id for a in articles(list(iter_inputs(inputs)))] == ["report.v1", "report.v2"]


def test_same_name_given_twice_from_two_folders_gets_different_ids(tmp_path: Path) -> None:
    for folder, body in (("a", PIER), ("b", LIBRARY)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "index.html").write_text(page(body), encoding="utf-8")
    found = articles(list(iter_inputs([str(tmp_path / "a"), str(tmp_path / "b")])))
    assert len({a.id for a in found}) == 2


def test_one_id_with_different_text_in_one_run_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "twice.jsonl"
    lines = [
        {"id": "e1", "text": PIER},
        {"id": "e1", "text": LIBRARY},
        {"id": "e1", "text": PIER},  # the same id and text: already stored, not an error
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with Store(tmp_path / "s.db") as store:
        summary = analyze([str(path)], store)
    assert summary.stored == 1 and summary.already_stored == 1
    assert len(summary.rejected) == 1
    assert summary.rejected[0].input == f"{path}:2"
    assert "already used in this run" in summary.rejected[0].reason


# -- 2. truncated archives ---------------------------------------------------------------------


def test_truncated_jsonl_gz_keeps_what_was_read_and_later_inputs(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl.gz"
    lines = [json.dumps({"id": f"n{i}", "text": f"{PIER} Line {i}."}) for i in range(200)]
    data = gzip.compress(("\n".join(lines) + "\n").encode())
    path.write_bytes(data[: len(data) // 2])
    later = tmp_path / "later.txt"
    later.write_text(LIBRARY, encoding="utf-8")
    records = list(iter_inputs([str(path), str(later)]))
    found = articles(records)
    assert len(found) > 10 and found[-1].id == "later"
    [problem] = rejections(records)
    assert problem.input.startswith(str(path)) and "cannot read past line" in problem.reason


def _warc(gz: bool) -> bytes:
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=gz)
    for index, body in enumerate((PIER, LIBRARY, PIER + " Again.")):
        headers = StatusAndHeaders(
            "200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.0"
        )
        record = writer.create_warc_record(
            f"https://echo.example/{index}",
            "response",
            payload=io.BytesIO(page(body).encode()),
            http_headers=headers,
        )
        writer.write_record(record)
    return buffer.getvalue()


@pytest.mark.parametrize("suffix", [".warc", ".warc.gz"])
def test_truncated_warc_keeps_what_was_read_and_says_so(tmp_path: Path, suffix: str) -> None:
    data = _warc(gz=suffix.endswith(".gz"))
    path = tmp_path / f"crawl{suffix}"
    path.write_bytes(data[:-200])
    records = list(iter_inputs([str(path)]))
    assert len(articles(records)) == 2
    [problem] = rejections(records)
    assert problem.input.startswith(str(path)) and "truncated WARC" in problem.reason


def test_whole_warc_has_no_rejection(tmp_path: Path) -> None:
    path = tmp_path / "crawl.warc.gz"
    path.write_bytes(_warc(gz=True))
    records = list(iter_inputs([str(path)]))
    assert len(articles(records)) == 3 and not rejections(records)


# -- 3, 4. deep JSON, a broken URL -------------------------------------------------------------


def test_deeply_nested_json_line_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text(
        "[" * 100_000 + "]" * 100_000 + "\n" + json.dumps({"text": PIER}) + "\n", encoding="utf-8"
    )
    records = list(iter_inputs([str(path)]))
    assert len(articles(records)) == 1
    [problem] = rejections(records)
    assert problem.input == f"{path}:1" and "nested too deeply" in problem.reason


def test_invalid_url_is_rejected() -> None:
    [problem] = list(iter_inputs(["http://[::1"]))
    assert isinstance(problem, Rejection) and problem.input == "http://[::1"
    assert "not a valid URL" in problem.reason


# -- 5. wrong JSON types -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            {"id": {"nested": 1}, "text": PIER},
            "field 'id': expected string or integer, found object",
        ),
        ({"id": "x", "text": ["a", "list"]}, "field 'text': expected string, found array"),
        ({"id": True, "text": PIER}, "field 'id': expected string or integer, found boolean"),
        ({"text": PIER, "authors": [1, 2]}, "field 'authors': expected strings, found integer"),
        ({"text": PIER, "outlet": {"name": "Echo"}}, "field 'outlet': expected string"),
        ({"id": "x" * (MAX_ID_CHARS + 1), "text": PIER}, "field 'id': longer than"),
    ],
)
def test_wrong_json_types_are_rejected_with_the_field(
    tmp_path: Path, record: dict[str, object], message: str
) -> None:
    path = tmp_path / "typed.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    [problem] = list(iter_inputs([str(path)]))
    assert isinstance(problem, Rejection) and message in problem.reason


def test_numeric_id_is_kept_as_its_digits(tmp_path: Path) -> None:
    path = tmp_path / "numbers.jsonl"
    path.write_text(json.dumps({"id": 42, "text": PIER}) + "\n", encoding="utf-8")
    [article] = list(iter_inputs([str(path)]))
    assert isinstance(article, Article) and article.id == "42"


# -- 6. encodings and files that are not JSON Lines --------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_file_with_a_bom_is_decoded(tmp_path: Path, encoding: str) -> None:
    bom = codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE
    path = tmp_path / "wide.txt"
    path.write_bytes(bom + f"Pier closes\n\n{PIER}\n".encode(encoding))
    [article] = list(iter_inputs([str(path)]))
    assert isinstance(article, Article) and article.text.strip() == PIER


def test_utf16_json_lines_with_a_bom_are_decoded(tmp_path: Path) -> None:
    path = tmp_path / "wide.jsonl"
    path.write_bytes(codecs.BOM_UTF16_LE + (json.dumps({"text": PIER}) + "\n").encode("utf-16-le"))
    [article] = list(iter_inputs([str(path)]))
    assert isinstance(article, Article) and article.text == PIER


def test_random_bytes_named_jsonl_give_a_few_lines_not_thousands(tmp_path: Path) -> None:
    path = tmp_path / "noise.jsonl"
    path.write_bytes(random.Random(7).randbytes(1_000_000))
    later = tmp_path / "later.txt"
    later.write_text(LIBRARY, encoding="utf-8")
    records = list(iter_inputs([str(path), str(later)]))
    problems = rejections(records)
    assert len(problems) == MAX_BAD_JSON_LINES_IN_A_ROW + 1
    assert "rest of the file not read" in problems[-1].reason
    assert [a.id for a in articles(records)] == ["later"]


# -- 7. FIFOs and links ------------------------------------------------------------------------


def test_fifo_is_named_and_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    [problem] = list(iter_inputs([str(fifo)]))  # would block forever if it were opened
    assert isinstance(problem, Rejection) and "FIFO" in problem.reason


def test_symlink_loop_is_named(tmp_path: Path) -> None:
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)
    [problem] = list(iter_inputs([str(loop)]))
    assert isinstance(problem, Rejection) and "symbolic link loop" in problem.reason


def test_folder_reports_dangling_links_fifos_and_loops(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.txt").write_text(PIER, encoding="utf-8")
    (folder / "gone.txt").symlink_to(folder / "nowhere.txt")
    os.mkfifo(folder / "pipe.txt")
    (folder / "self").symlink_to(folder)
    records = list(iter_inputs([str(folder)]))
    assert [a.id for a in articles(records)] == ["good"]
    reasons = {Path(r.input).name: r.reason for r in rejections(records)}
    assert set(reasons) == {"gone.txt", "pipe.txt", "self"}
    assert "dangling symbolic link" in reasons["gone.txt"]
    assert "FIFO" in reasons["pipe.txt"]
    assert "symbolic link loop" in reasons["self"]


# -- 8. endless and slow bodies ----------------------------------------------------------------


def test_body_without_content_length_stops_at_the_cap() -> None:
    sent = []

    def endless() -> Iterator[bytes]:
        for _ in range(10_000):
            sent.append(1)
            yield b"<p>" + b"x" * 1_000 + b"</p>"

    transport = httpx.MockTransport(lambda request: httpx.Response(200, content=endless()))
    problem = fetch_url("https://echo.example/endless", transport=transport, max_bytes=50_000)
    assert isinstance(problem, Rejection) and "larger than 50,000 bytes" in problem.reason
    assert len(sent) < 100  # stopped reading, not read all and then refused


class _Trickle(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        try:
            for _ in range(40):
                self.wfile.write(b"<p>slow</p>")
                self.wfile.flush()
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args: object) -> None:
        pass


def test_slow_trickling_server_hits_the_total_deadline() -> None:
    with local_http_server(_Trickle) as base:
        started = time.monotonic()
        problem = fetch_url(f"{base}/slow", deadline_seconds=0.5, timeout_seconds=2.0)
        assert time.monotonic() - started < 2.5  # the body alone would take 4 seconds
    assert isinstance(problem, Rejection) and "longer than 0.5 seconds" in problem.reason


def test_gz_cut_inside_its_first_bytes_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "stub.jsonl.gz"
    path.write_bytes(gzip.compress(json.dumps({"text": PIER}).encode())[:12])
    [problem] = list(iter_inputs([str(path)]))
    assert isinstance(problem, Rejection) and problem.input.startswith(str(path))


def test_warc_cut_inside_a_record_header_says_so(tmp_path: Path) -> None:
    data = _warc(gz=False)
    second = data.index(b"WARC/1.0", 1)
    path = tmp_path / "crawl.warc"
    path.write_bytes(data[: second + 60])  # inside the second record's WARC headers
    records = list(iter_inputs([str(path)]))
    assert len(articles(records)) == 1
    [problem] = rejections(records)
    assert problem.input.startswith(str(path)) and "truncated" in problem.reason


def test_server_trickling_its_headers_hits_the_total_deadline() -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def trickle() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.sendall(b"HTTP/1.1 200 OK\r\n")
            while not stop.is_set():  # one header byte at a time, never the blank line
                try:
                    connection.sendall(b"X")
                except OSError:
                    return
                time.sleep(0.1)

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/slow"
        started = time.monotonic()
        problem = fetch_url(url, deadline_seconds=0.5, timeout_seconds=2.0)
        assert time.monotonic() - started < 1.5
    finally:
        stop.set()
        listener.close()
    assert isinstance(problem, Rejection) and "longer than 0.5 seconds" in problem.reason
