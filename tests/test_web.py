"""The web app in-process (FastAPI's TestClient): every route, errors, the token rule,
escaping of hostile text, security headers, limits, and a bounded schemathesis run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from storylens.web import WebSettings, create_app
from storylens.web.settings import MAX_REQUEST_BYTES

TOKEN = "test-token-123"


@pytest.fixture(scope="module")
def client(demo_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(demo_db, token=TOKEN))) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def astrolabe(client: TestClient) -> dict[str, Any]:
    body = client.get("/api/stories", params={"q": "astrolabe"}).json()
    assert body["total"] == 1
    return dict(body["stories"][0])


def _error(response: Any, status: int) -> str:
    assert response.status_code == status
    body = response.json()
    assert set(body) == {"error"} and body["error"]["status"] == status
    return str(body["error"]["message"])


# -- pages -----------------------------------------------------------------------------------


def test_stories_page_lists_newest_first_with_counts(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "15 stories" in page.text
    listed = client.get("/api/stories", params={"page_size": 100}).json()["stories"]
    dates = [s["last_published"] for s in listed if s["last_published"]]
    assert dates == sorted(dates, reverse=True)
    assert any(s["duplicate_count"] == 1 for s in listed)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"q": "astrolabe"}, 1),
        ({"outlet": "Metro Wire"}, 8),
        ({"date_from": "2026-09-01", "date_to": "2026-09-30"}, 1),
        ({"entity": "Daniel Brannigan"}, 1),
    ],
)
def test_stories_filter(client: TestClient, params: dict[str, str], expected: int) -> None:
    assert client.get("/api/stories", params=params).json()["total"] == expected
    assert client.get("/", params=params).status_code == 200


def test_stories_paginate(client: TestClient) -> None:
    first = client.get("/api/stories", params={"page_size": 5}).json()
    second = client.get("/api/stories", params={"page_size": 5, "page": 2}).json()
    assert len(first["stories"]) == 5 and first["total"] == 15
    assert not {s["story_id"] for s in first["stories"]} & {
        s["story_id"] for s in second["stories"]
    }
    assert 'rel="next"' in client.get("/", params={"page": 1}).text or first["total"] <= 20


def test_story_page_shows_every_part(client: TestClient, astrolabe: dict[str, Any]) -> None:
    page = client.get(f"/stories/{astrolabe['story_id']}")
    assert page.status_code == 200
    for part in (
        "The outlets, side by side",
        'class="matrix"',
        "What they share, and what only one reports",
        "Details that disagree",
        '<svg class="chart"',
        "How each outlet's own words frame it",
        "Who published first",
        "Timeline",
        "Why it is here",
        "<del",
        "<ins",
    ):
        assert part in page.text, part
    assert "attributed to another speaker" in page.text


def test_two_articles_side_by_side(client: TestClient, astrolabe: dict[str, Any]) -> None:
    story = client.get(f"/api/stories/{astrolabe['story_id']}").json()
    left, right = [a["article_id"] for a in story["story"]["articles"]][:2]
    page = client.get(
        f"/stories/{astrolabe['story_id']}/compare", params={"left": left, "right": right}
    )
    assert page.status_code == 200
    outlets = [a["outlet"] for a in story["story"]["articles"]][:2]
    assert "same claim" in page.text and any(f"only {o}" in page.text for o in outlets)
    assert "details disagree" in page.text
    assert (
        client.get(
            f"/stories/{astrolabe['story_id']}/compare", params={"left": left, "right": "nope"}
        ).status_code
        == 404
    )


def test_article_and_entity_pages(client: TestClient) -> None:
    page = client.get("/articles/gazette-port-alder-fire")
    assert page.status_code == 200
    assert 'class="q' in page.text and "/entities/" in page.text
    quotes = client.get("/api/quotes", params={"speaker": "Daniel Brannigan"}).json()
    assert quotes["total"] >= 2
    person = client.get("/entities/Daniel%20Brannigan")
    assert person.status_code == 200 and "as each outlet gave them" in person.text
    # each quote with its words, and each article naming him linked to its page
    first = quotes["quotes"][0]
    assert str(escape(first["text"][:40])) in person.text
    named = person.text.split('id="h-named"', 1)[1]
    assert f'href="/articles/{first["article_id"]}"' in named
    assert client.get("/entities/Nobody%20Atall").status_code == 404


def test_the_article_page_lists_statements_not_scare_quoted_phrases(client: TestClient) -> None:
    page = client.get("/articles/signalpost-brackenford-mayor")
    assert page.status_code == 200 and "legacy" in page.text  # in the text, marked as tone
    assert "<td>direct</td>" in page.text and "<td>scare</td>" not in page.text


def test_boilerplate_is_shown_folded_with_its_reason(client: TestClient) -> None:
    found = False
    for article in ("crestline-spat-signalpost", "signalpost-silverlight-spat"):
        page = client.get(f"/articles/{article}")
        found = found or '<details class="boilerplate">' in page.text
    assert found


def test_search_page_and_api_show_the_matching_words(client: TestClient) -> None:
    page = client.get("/search", params={"q": "astrolabe"})
    assert page.status_code == 200 and "<mark>" in page.text
    body = client.get("/api/search", params={"q": "astrolabe"}).json()
    assert body["stories"] and body["articles"]
    assert all("[" in hit["snippet"] for hit in body["articles"])


def test_search_words_are_never_query_syntax(client: TestClient) -> None:
    for query in ['" OR 1=1 --', "NEAR(", "astrolabe*", "'; DROP TABLE articles; --"]:
        assert client.get("/api/search", params={"q": query}).status_code == 200
    assert client.get("/api/stories").json()["total"] == 15


# -- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["/api/stories/s-nope", "/api/articles/nope", "/api/nothing-here"],
)
def test_unknown_ids_are_404_in_the_error_shape(client: TestClient, path: str) -> None:
    _error(client.get(path), 404)


@pytest.mark.parametrize(
    "params",
    [{"page": 0}, {"page_size": 1000}, {"date_from": "yesterday"}, {"q": "x" * 500}],
)
def test_bad_parameters_are_422_in_the_error_shape(
    client: TestClient, params: dict[str, Any]
) -> None:
    _error(client.get("/api/stories", params=params), 422)


def test_pages_answer_errors_as_pages(client: TestClient) -> None:
    page = client.get("/stories/s-nope")
    assert page.status_code == 404 and "<html" in page.text
    assert client.get("/", params={"page": 0}).status_code == 422


# -- posting ---------------------------------------------------------------------------------

NEW_ARTICLE = {
    "id": "posted-1",
    "outlet": "Harbor Gazette",
    "published": "2026-10-02",
    "title": "Lantern festival returns to Quay Street",
    "text": (
        "The lantern festival returned to Quay Street in Port Alder on Thursday night after "
        "a two-year break, drawing about 4,000 people, organisers said.\n"
        "\u201cIt feels like the town has its heart back,\u201d said organiser Ruth Okafor."
    ),
}


def test_posting_needs_the_token(client: TestClient) -> None:
    _error(client.post("/api/articles", json=NEW_ARTICLE), 401)
    _error(
        client.post("/api/articles", json=NEW_ARTICLE, headers={"Authorization": "Bearer wrong"}),
        401,
    )


def test_posting_with_the_token_runs_the_pipeline(client: TestClient) -> None:
    headers = {"Authorization": f"Bearer {TOKEN}"}
    before = client.get("/api/stories").json()["total"]  # now in the response cache
    first = client.post("/api/articles", json=[NEW_ARTICLE], headers=headers)
    assert first.status_code == 200, first.text
    assert first.json()["stored"] == 1
    assert first.json()["new_stories"] == 1
    assert client.get("/api/stories").json()["total"] == before + 1, "a stale cached page"
    again = client.post("/api/articles", json=NEW_ARTICLE, headers=headers).json()
    assert again["stored"] == 0 and again["already_stored"] == 1
    assert client.get("/api/articles/posted-1").json()["outlet"] == "Harbor Gazette"
    bad = client.post("/api/articles", json={"id": "x"}, headers=headers).json()
    assert bad["stored"] == 0 and bad["rejected"]
    _error(client.post("/api/articles", content=b"{nope", headers=headers), 422)


def test_a_server_without_a_token_refuses_every_post(demo_db: str) -> None:
    with TestClient(create_app(WebSettings(demo_db))) as anonymous:
        message = _error(
            anonymous.post("/api/articles", json=NEW_ARTICLE, headers={"Authorization": "Bearer "}),
            401,
        )
        assert "--token" in message


def test_oversized_bodies_are_refused_before_reading(client: TestClient) -> None:
    body = b"x" * (MAX_REQUEST_BYTES + 1)
    response = client.post(
        "/api/articles", content=body, headers={"Authorization": f"Bearer {TOKEN}"}
    )
    _error(response, 413)


# -- safety ----------------------------------------------------------------------------------


def test_hostile_text_renders_as_text(client: TestClient) -> None:
    article = client.get("/articles/hostile-1")
    assert article.status_code == 200
    for page in (article.text, client.get("/").text, client.get("/search?q=quarry").text):
        assert "<script>alert" not in page
        assert "<img src=x" not in page
        assert "<b>Outlet</b>" not in page
        assert 'href="javascript:' not in page
    assert "&lt;script&gt;" in article.text
    story_id = client.get("/api/articles/hostile-1").json()["story_id"]
    story = client.get(f"/stories/{story_id}").text
    assert "<script>alert" not in story and 'href="javascript:' not in story


def test_security_headers_on_every_response(client: TestClient) -> None:
    for path in ("/", "/api/stories", "/api/stories/s-nope", "/static/style.css"):
        headers = client.get(path).headers
        assert "default-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"


def test_pages_load_nothing_from_another_origin(client: TestClient) -> None:
    for path in ("/", "/articles/gazette-port-alder-fire"):
        text = client.get(path).text
        assert "http://" not in text.replace('href="http', "") or "cdn" not in text
        assert "<script" not in text  # no script at all: the pages work without JavaScript


def test_openapi_documents_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in (
        "/api/stories",
        "/api/stories/{story_id}",
        "/api/articles/{article_id}",
        "/api/quotes",
        "/api/search",
        "/api/articles",
    ):
        assert path in schema["paths"], path
    assert json.dumps(schema)  # serialisable


@pytest.mark.slow
def test_schemathesis_finds_no_server_errors(demo_db: str) -> None:
    """Every GET operation, fed schema-generated parameters (bounded), answers below 500."""
    import schemathesis
    from hypothesis import HealthCheck, given, settings

    schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(WebSettings(demo_db)))
    failures: list[tuple[str, Any, int]] = []
    calls: list[int] = []
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.method.upper() != "GET":
            continue

        @settings(
            max_examples=SCHEMATHESIS_EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy())
        def check(case: Any) -> None:
            response = case.call()
            calls.append(response.status_code)
            if response.status_code >= 500:
                failures.append((case.formatted_path, case.query, response.status_code))

        check()
    assert len(calls) >= 5 * 10, "schemathesis generated too few requests to mean anything"
    assert not failures


# Generated requests per API operation: enough to reach odd parameters, bounded in time.
SCHEMATHESIS_EXAMPLES = 30


def test_a_story_has_one_json_shape_in_the_api_and_the_report(
    client: TestClient, demo_db: str, astrolabe: dict[str, Any]
) -> None:
    from typer.testing import CliRunner

    from storylens.cli import app

    story_id = astrolabe["story_id"]
    report = CliRunner().invoke(app, ["report", story_id, "--db", demo_db, "--format", "json"])
    assert report.exit_code == 0, report.output
    served = client.get(f"/api/stories/{story_id}")
    assert served.status_code == 200
    assert served.json() == json.loads(report.stdout)
    assert served.json()["schema"] == "storylens.story-comparison"


def test_a_server_process_moves_its_start_up_out_of_the_collector(
    demo_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`storylens serve`'s processes freeze what they hold at start-up (templates compiled):
    a full collection then skips it, rather than stalling every request for ~100 ms."""
    import gc

    from storylens.web.app import app_from_environment, settings_to_environment
    from storylens.web.pages import templates

    compiled: dict[object, object] = {}
    monkeypatch.setattr(templates.env, "cache", compiled)
    for name, value in settings_to_environment(WebSettings(demo_db)).items():
        monkeypatch.setenv(name, value)
    try:
        app = app_from_environment()
        assert gc.get_freeze_count() > 0
        assert len(compiled) == len(templates.env.list_templates()) > 0
    finally:
        gc.unfreeze()
    with TestClient(app) as served:
        assert served.get("/").status_code == 200


def test_story_page_tone_says_what_it_lists(client: TestClient) -> None:
    """The tone section says which kinds of word it lists and which it never does ("none
    sure" read as "no loaded words"), and names no polarity beside a loaded word: a word's
    lean is not the outlet's stance ("a robust process of selling the deal" is critical)."""
    stories = client.get("/api/stories", params={"page_size": 50}).json()["stories"]
    pages = [client.get(f"/stories/{s['story_id']}").text for s in stories]
    tones = [
        page.split('<section id="tone"', 1)[1].split("</section>", 1)[0]
        for page in pages
        if '<section id="tone"' in page
    ]
    assert tones and all("Never listed: nouns" in tone for tone in tones)
    listed = [tone for tone in tones if 'class="tone-loaded"' in tone]
    assert listed, "some demo story lists a loaded word"
    assert not any("(negative" in tone or "(positive" in tone for tone in tones)
