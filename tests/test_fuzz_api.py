"""Fuzzing the JSON API (schemathesis, from the OpenAPI spec) and the inputs issue 21 named
(hypothesis), with that issue's inputs as the seed corpus (``@example``).

Bounded for CI: the whole file runs in well under a minute; raise FUZZ_SCALE (an environment
variable, a whole number) for a longer hunt. Nothing leaves the process: the app is called
in-process, URLs are only parsed, never fetched.
"""

from __future__ import annotations

import gzip
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from storylens.errors import InputError
from storylens.ingest.download import host_problem, url_problem
from storylens.ingest.limits import MAX_REJECTIONS_LISTED
from storylens.ingest.sources import bounded_rejections, read_file, read_saved_page
from storylens.ingest.streams import LongLine, capped_lines, inflate
from storylens.pipeline import analyze, non_empty_lines
from storylens.records import Article, Rejection
from storylens.store import Store
from storylens.web import WebSettings, create_app

SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
TOKEN = "fuzz-token"
BODY = (
    "The lighthouse on Skerry Point went dark on Tuesday night after a storm cut the cable, "
    "the harbour board said, and a tender restored power by morning."
)
# Requests per API operation; POSTs run the pipeline, so fewer of them.
GET_EXAMPLES = 25
POST_EXAMPLES = 12


def fuzz(examples: int) -> Any:
    """Bounded hypothesis settings: no per-example deadline (the machine is shared), no
    database of failures written into the project."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


@pytest.fixture(scope="module")
def api_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("fuzz-api")
    corpus = folder / "corpus.jsonl"
    rows = [
        {"id": "2026/03/index", "outlet": "Skerry Times", "title": "Lighthouse dark", "text": BODY},
        {"id": "b-2", "outlet": "Coast \u202eDaily", "title": "Storm cuts cable", "text": BODY},
    ]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    db = str(folder / "api.db")
    with Store(db) as store:
        assert analyze([str(corpus)], store).ok
    return db


@pytest.fixture(scope="module")
def client(api_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(api_db, token=TOKEN))) as test_client:
        yield test_client


def _one_error_shape(response: Any) -> None:
    """Every answer below 500; every error in the one shape, its status the response's."""
    assert response.status_code < 500, (response.status_code, response.text[:300])
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"}, body
        assert body["error"]["status"] == response.status_code
        assert isinstance(body["error"]["message"], str) and "\n" not in body["error"]["message"]


def _operation_check(operation: Any, calls: dict[str, int]) -> Any:
    """A hypothesis test of one operation: its generated requests, each answer checked."""
    posting = operation.method.upper() == "POST"

    @fuzz(POST_EXAMPLES if posting else GET_EXAMPLES)
    @given(case=operation.as_strategy(), with_token=st.booleans())
    def check(case: Any, with_token: bool) -> None:
        headers = {"Authorization": f"Bearer {TOKEN}"} if posting and with_token else {}
        response = case.call(headers=headers)
        calls[operation.label] = calls.get(operation.label, 0) + 1
        _one_error_shape(response)

    return check


@pytest.mark.slow
def test_every_api_operation_answers_in_its_shape_under_schemathesis(api_db: str) -> None:
    """Every operation of the OpenAPI spec, the POST with and without the token."""
    import schemathesis

    schema = schemathesis.openapi.from_asgi(
        "/openapi.json", create_app(WebSettings(api_db, token=TOKEN))
    )
    calls: dict[str, int] = {}
    for result in schema.get_all_operations():
        _operation_check(result.ok(), calls)()
    assert any(label.startswith("POST") for label in calls)
    assert len(calls) >= 6 and min(calls.values()) >= 5, calls


@fuzz(60)
@given(value=st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
@example(value="Bearer t\u00e9st")
@example(value="Bearer \u00ff\u00fe")
@example(value="bearer " + TOKEN + "\u00e9")
@example(value="Bearer  " + TOKEN)
def test_any_authorization_header_is_401_or_accepted(client: TestClient, value: str) -> None:
    response = client.post(
        "/api/articles",
        content=b"[]",
        headers={"Authorization": value.encode("latin-1"), "Content-Type": "application/json"},
    )
    _one_error_shape(response)
    scheme, _, given_token = value.partition(" ")
    if scheme.lower() != "bearer" or given_token.strip() != TOKEN:
        assert response.status_code == 401


DATES = st.from_regex(r"\A\d{4}-\d{2}-\d{2}\Z", fullmatch=True)


@fuzz(40)
@given(value=DATES)
@example(value="2026-13-45")
@example(value="2026-02-29")
@example(value="2024-02-29")
def test_a_filter_date_is_422_exactly_when_it_is_no_day(client: TestClient, value: str) -> None:
    from datetime import date

    try:
        date.fromisoformat(value)
        real = True
    except ValueError:
        real = False
    response = client.get("/api/stories", params={"date_to": value})
    _one_error_shape(response)
    assert response.status_code == (200 if real else 422)


@fuzz(30)
@given(media_type=st.from_regex(r"\A[a-z]{1,12}/[a-z0-9.+-]{1,16}\Z", fullmatch=True))
@example(media_type="text/plain")
@example(media_type="application/json")
@example(media_type="application/vnd.api+json")
def test_a_post_is_read_only_when_declared_json(client: TestClient, media_type: str) -> None:
    response = client.post(
        "/api/articles",
        content=b"{nope",
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": media_type},
    )
    _one_error_shape(response)
    json_like = media_type == "application/json" or media_type.endswith("+json")
    assert response.status_code == (422 if json_like else 415)


ID_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)


@fuzz(40)
@given(article_id=ID_TEXT)
@example(article_id="2026/03/index")
@example(article_id="../../etc/passwd")
@example(article_id="a%2Fb")
@example(article_id=".")
@example(article_id="..")
def test_any_article_id_in_a_link_answers_200_or_404(client: TestClient, article_id: str) -> None:
    from urllib.parse import quote

    from storylens.web.pages import path_segment

    for prefix in ("/api/articles/", "/articles/"):
        # the segment as the pages write it in their links
        response = client.get(prefix + path_segment(article_id))
        assert response.status_code in (200, 404, 422), (article_id, response.status_code)
        if prefix.startswith("/api"):
            _one_error_shape(response)
    if article_id in ("2026/03/index", "b-2"):
        assert client.get("/api/articles/" + quote(article_id, safe="")).status_code == 200


# -- inputs: URLs, lines, gzip, rejections, pages ---------------------------------------------


@fuzz(300)
@given(url=st.text(max_size=60).map(lambda t: "https://" + t))
@example(url="https://xn--/")
@example(url="https://exa mple.com/x")
@example(url="http://[bad")
@example(url="https://xn--bcher-kva.example/")
def test_url_problem_never_raises_and_passes_only_valid_hosts(url: str) -> None:
    problem = url_problem(url)
    if problem is None:
        parsed = httpx.URL(url)
        assert parsed.host
        assert host_problem(parsed.raw_host.decode("ascii")) is None
    else:
        assert problem.startswith("not ") and "\n" not in problem


@fuzz(200)
@given(
    lines=st.lists(st.text(st.characters(blacklist_characters="\n\r"), max_size=30), max_size=8),
    cap=st.integers(min_value=1, max_value=25),
)
def test_capped_lines_gives_each_line_or_its_long_line_marker(lines: list[str], cap: int) -> None:
    text = "".join(line + "\n" for line in lines)
    found = list(capped_lines(io.StringIO(text), max_chars=cap))
    assert len(found) == len(lines)
    for line, item in zip(lines, found, strict=True):
        if len(line) + 1 > cap:
            assert isinstance(item, LongLine)
        else:
            assert item == line + "\n"


@fuzz(80)
@given(data=st.binary(max_size=400), cut=st.integers(min_value=0, max_value=400))
@example(data=b" " * 300, cut=400)
@example(data=b'{"id":"x"}\n' * 30, cut=400)
def test_inflate_gives_the_bytes_or_one_input_error(data: bytes, cut: int) -> None:
    whole = gzip.compress(data)
    packed = whole[:cut]
    try:
        inflated = inflate(packed, "page.gz", 1_000)
    except InputError as error:
        assert "\n" not in str(error)
        assert len(data) > 1_000 or 0 < cut < len(whole)
        return
    # Nothing is given silently cut short: all of it, or (an empty file) nothing.
    assert inflated == (data if packed == whole else b"")


@fuzz(60)
@given(kinds=st.lists(st.booleans(), max_size=120), stop=st.integers(min_value=1, max_value=40))
def test_bounded_rejections_keeps_every_article_and_lists_a_bounded_few(
    kinds: list[bool], stop: int
) -> None:
    records: list[Article | Rejection] = [
        Article(id=f"a{n}", text=BODY) if good else Rejection(f"in:{n}", "no article text")
        for n, good in enumerate(kinds)
    ]
    out = list(bounded_rejections(records, "in", stop_after=stop))
    rejections = [r for r in out if isinstance(r, Rejection)]
    assert len(rejections) <= MAX_REJECTIONS_LISTED + 1
    run, stopped_at = 0, None
    for index, good in enumerate(kinds):
        run = 0 if good else run + 1
        if run >= stop:
            stopped_at = index
            break
    expected = kinds if stopped_at is None else kinds[: stopped_at + 1]
    assert [r.id for r in out if isinstance(r, Article)] == [
        f"a{n}" for n, good in enumerate(expected) if good
    ]


SEED_LINES = [b'{"id":"x"}', b" " * 50, b'{"text": "' + BODY.encode() + b'"}', b"\xff\xfe{", b"["]


@fuzz(60)
@given(
    lines=st.lists(st.sampled_from(SEED_LINES) | st.binary(max_size=60), max_size=60),
    gz=st.booleans(),
    cut=st.integers(min_value=0, max_value=100),
)
def test_a_json_lines_file_of_anything_gives_records_and_bounded_rejections(
    tmp_path_factory: pytest.TempPathFactory, lines: list[bytes], gz: bool, cut: int
) -> None:
    data = b"\n".join(lines)
    if gz:
        data = gzip.compress(data)
        data = data[: max(1, len(data) * cut // 100)] if cut < 100 else data
    path = tmp_path_factory.mktemp("jsonl") / ("f.jsonl.gz" if gz else "f.jsonl")
    path.write_bytes(data)
    records = list(read_file(Path(path)))
    assert all(isinstance(r, Article | Rejection) for r in records)
    rejections = [r for r in records if isinstance(r, Rejection)]
    assert len(rejections) <= MAX_REJECTIONS_LISTED + 1
    assert all("\n" not in r.reason and "storylens bug" not in r.reason for r in rejections)


@fuzz(60)
@given(data=st.binary(max_size=300), gz=st.booleans())
@example(data=b"<html><body><p>" + BODY.encode() + b"</p></body></html>", gz=True)
@example(data=b"\x00" * 40, gz=False)
def test_a_saved_page_of_anything_is_text_or_one_input_error(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, gz: bool
) -> None:
    path = tmp_path_factory.mktemp("page") / ("p.html.gz" if gz else "p.html")
    path.write_bytes(gzip.compress(data) if gz else data)
    try:
        assert isinstance(read_saved_page(path), str)
    except InputError as error:
        assert "\n" not in str(error)


@fuzz(80)
@given(tail=st.binary(max_size=120))
@example(tail=b"WARC-Type: response\r\n\r\n")
@example(tail=b"WARC-Type: response\r\nContent-Length: x\r\n\r\n")
def test_a_warc_of_garbage_says_so_without_python_error_names(
    tmp_path_factory: pytest.TempPathFactory, tail: bytes
) -> None:
    path = tmp_path_factory.mktemp("warc") / "g.warc"
    path.write_bytes(b"WARC/1.0\r\n" + tail)
    records = list(read_file(path))
    for record in records:
        if isinstance(record, Rejection):
            assert "NoneType" not in record.reason and "storylens bug" not in record.reason


@fuzz(200)
@given(data=st.binary(max_size=80) | st.sampled_from(SEED_LINES), chunk=st.integers(1, 9))
def test_counting_lines_in_chunks_counts_what_reading_lines_would(data: bytes, chunk: int) -> None:
    expected = sum(1 for line in io.BytesIO(data) if not line.isspace())
    assert non_empty_lines(io.BytesIO(data), chunk) == expected
