"""A story page on a large story: its long lists show their first rows and say how many
more, ``?show=all`` lists them all; the page reads the claims' matches only where its shared
lines use them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from storylens.store import Store
from storylens.views import shared_claims, story_view
from storylens.web import WebSettings, create_app, pages


@pytest.fixture(scope="module")
def client(demo_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(WebSettings(demo_db, cache_entries=0))) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def story(client: TestClient) -> dict[str, Any]:
    """The demo's story with the most articles, as the API gives it."""
    listed = client.get("/api/stories", params={"page_size": 100}).json()["stories"]
    largest = max(listed, key=lambda s: s["article_count"])
    assert largest["article_count"] >= 3
    return dict(client.get(f"/api/stories/{largest['story_id']}").json())


def _lineage_links(html: str) -> list[str]:
    section = html[
        html.index('<ol class="lineage">') : html.index("</ol>", html.index('<ol class="lineage">'))
    ]
    return re.findall(r'<li><a href="/articles/([^"]+)"', section)


def test_a_story_within_the_rows_is_the_whole_page(
    client: TestClient, story: dict[str, Any]
) -> None:
    story_id = story["story"]["story_id"]
    page = client.get(f"/stories/{story_id}").text
    assert "more-rows" not in page
    assert page == client.get(f"/stories/{story_id}", params={"show": "all"}).text


def test_long_lists_show_their_first_rows_and_say_how_many_more(
    client: TestClient, story: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pages, "STORY_PAGE_ROWS", 1)
    story_id = story["story"]["story_id"]
    total = len(story["comparison"]["lineage"])
    page = client.get(f"/stories/{story_id}").text
    assert len(_lineage_links(page)) == 1
    more = total - 1
    noun = "article" if more == 1 else "articles"
    link = f'<a href="/stories/{story_id}?show=all#lineage">show all {total}</a>'
    assert f'<p class="meta more-rows">{more} more {noun}: {link}</p>' in page
    # the counts a reader sees stay the whole story's
    articles = len(story["story"]["articles"])
    assert f"{articles} articles from" in page
    full = client.get(f"/stories/{story_id}", params={"show": "all"}).text
    assert "more-rows" not in full
    assert len(_lineage_links(full)) == total
    # the API's document is whole whatever the page shows
    assert client.get(f"/api/stories/{story_id}").json() == story


def test_show_takes_all_or_nothing(client: TestClient, story: dict[str, Any]) -> None:
    story_id = story["story"]["story_id"]
    assert client.get(f"/stories/{story_id}", params={"show": "some"}).status_code == 422


def test_the_page_reads_the_matches_its_shared_lines_use(demo_db: str) -> None:
    with Store(demo_db, create=False) as store:
        story_ids = [row.story_id for row in store.story_summaries()]
        assert story_ids
        for story_id in story_ids:
            whole = story_view(store, story_id).comparison
            lean = story_view(store, story_id, claim_matches=False).comparison
            assert shared_claims(lean) == shared_claims(whole), story_id
            assert [c.text for c in lean.claims] == [c.text for c in whole.claims]
            assert lean.quote_groups == whole.quote_groups
