"""A comparison line's evidence link in a real browser (issue 19, item 8): clicking it opens
the article with the line's sentence highlighted, scrolled into view and outlined, and the
page passes axe-core's audit.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect  # noqa: E402  (after test_browser's skip)

from conftest import EXAMPLES
from test_browser import LAPTOP, _free_port, browser, shot  # noqa: F401 - the browser fixture

pytestmark = pytest.mark.slow

FORBIDDEN_IMPACTS = ("serious", "critical")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The fictional pair, stored and served: (base URL, its story id)."""
    import uvicorn

    from storylens.pipeline import analyze
    from storylens.store import Store
    from storylens.web import WebSettings, create_app

    path = str(tmp_path_factory.mktemp("evidence-browser") / "pair.db")
    with Store(path) as store:
        assert analyze([str(EXAMPLES / "pair")], store).ok
        (row,) = store.story_summaries()
    port = _free_port()
    instance = uvicorn.Server(
        uvicorn.Config(create_app(WebSettings(path)), host="127.0.0.1", port=port)
    )
    threading.Thread(target=instance.run, daemon=True).start()
    deadline = time.monotonic() + 20
    while not instance.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", row.story_id
    instance.should_exit = True


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport=LAPTOP)
    opened = context.new_page()
    yield opened
    context.close()


def _in_view(page: Page, selector: str) -> bool:
    return bool(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }",
        )
    )


def test_a_lone_claims_link_opens_its_sentence_highlighted(
    page: Page, site: tuple[str, str]
) -> None:
    base, story_id = site
    page.goto(f"{base}/stories/{story_id}")
    # the pair's lone claims are listed "not placed", folded: open the first outlet's list
    page.locator("details.more:has(ul.claims.unplaced) > summary").first.click()
    lone = page.locator("ul.claims.only > li:visible, ul.claims.unplaced > li:visible")
    item = lone.filter(has=page.locator("a.ev")).last
    claim = item.evaluate("li => li.firstChild.textContent").strip()
    link = item.locator("a.ev").first
    href = link.get_attribute("href") or ""
    start, end = map(int, re.search(r"hl=(\d+)-(\d+)", href).groups())  # type: ignore[union-attr]
    assert end - start == len(claim)
    link.click()
    page.wait_for_url(re.compile(r"/articles/.*hl=.*#hl$"))
    mark = page.locator("mark#hl")
    expect(mark).to_be_visible()
    assert mark.inner_text().strip() == claim
    assert _in_view(page, "mark#hl"), "the highlighted sentence is scrolled into view"
    outline = page.eval_on_selector("mark#hl", "e => getComputedStyle(e).outlineStyle")
    assert outline != "none", "the target sentence is outlined"
    shot(page, "evidence-article")


def test_a_summary_outlet_link_and_the_page_pass_axe(page: Page, site: tuple[str, str]) -> None:
    from axe_playwright_python.sync_playwright import Axe

    base, story_id = site
    page.goto(f"{base}/stories/{story_id}")
    item = page.locator(".summary-list > li").first
    outlet = item.locator("a.ev-outlet").first
    sentence = item.evaluate("li => li.firstChild.textContent").strip()
    outlet.click()
    page.wait_for_url(re.compile(r"#hl$"))
    assert " ".join(page.locator("mark.evidence").all_inner_texts()).strip() == sentence
    assert _in_view(page, "mark#hl")
    axe = Axe()
    problems = [
        f"{v['id']} ({v['impact']})"
        for v in axe.run(page).response["violations"]
        if v["impact"] in FORBIDDEN_IMPACTS
    ]
    page.goto(f"{base}/stories/{story_id}")
    problems += [
        f"story: {v['id']} ({v['impact']})"
        for v in axe.run(page).response["violations"]
        if v["impact"] in FORBIDDEN_IMPACTS
    ]
    assert not problems, problems
