"""The pages at a glance in a real browser (issue 20): an axe-core audit of every page kind,
the scorecard inside the first screen, the seeds' story page height with lists collapsed, and
screenshots at 1280 and 390 px kept in test-artifacts/glance/.

axe-core's script ships inside the axe-playwright-python package (a dev dependency):
nothing is downloaded at test time.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (after test_browser's skip)

from conftest import EXAMPLES, REPO, require_shared
from test_browser import ARTIFACTS, _free_port, browser  # noqa: F401 - the browser fixture

pytestmark = pytest.mark.slow

SEEDS = REPO.parent / "shared" / "seeds"
WIDTHS = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}
# axe-core's impact levels a page may not have.
FORBIDDEN_IMPACTS = ("serious", "critical")
# The most a story page of two articles may run to at 1280 px with its lists folded.
MAX_STORY_HEIGHT = 3_000


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A store of the fictional pair and, where ../shared is there, the seeds; served."""
    import uvicorn

    from storylens.pipeline import analyze
    from storylens.store import Store
    from storylens.web import WebSettings, create_app

    inputs = [str(EXAMPLES / "pair")] + ([str(SEEDS)] if SEEDS.exists() else [])
    path = str(tmp_path_factory.mktemp("glance-browser") / "glance.db")
    with Store(path) as store:
        assert analyze(inputs, store).ok
    port = _free_port()
    instance = uvicorn.Server(
        uvicorn.Config(
            create_app(WebSettings(path)), host="127.0.0.1", port=port, log_level="warning"
        )
    )
    threading.Thread(target=instance.run, daemon=True).start()
    deadline = time.monotonic() + 20
    while not instance.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    import httpx

    stories = httpx.get(base + "/api/stories").json()["stories"]
    found = {"base": base}
    for story in stories:
        key = "seeds" if "Hilaria" in (story["title"] or "") else "pair"
        found[key] = story["story_id"]
    yield found
    instance.should_exit = True


def _pages(site: dict[str, str], story: str) -> dict[str, str]:
    base = site["base"]
    with __import__("httpx").Client() as client:
        detail = client.get(f"{base}/api/stories/{site[story]}").json()
    left, right = [a["article_id"] for a in detail["story"]["articles"]][:2]
    person = "Hilaria Baldwin" if story == "seeds" else "Alan Pryce"
    return {
        "stories": f"{base}/",
        "story": f"{base}/stories/{site[story]}",
        "pair": f"{base}/stories/{site[story]}/compare?left={left}&right={right}",
        "article": f"{base}/articles/{left}",
        "person": f"{base}/entities/{person.replace(' ', '%20')}",
        "search": f"{base}/search?q=dam",
        "error": f"{base}/entities/many",
    }


def _open(browser: Browser, width: str) -> Any:  # noqa: F811
    return browser.new_context(viewport=WIDTHS[width])  # type: ignore[arg-type]


def test_every_page_kind_passes_axe(browser: Browser, site: dict[str, str]) -> None:  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = _open(browser, "1280")
    page = context.new_page()
    problems = []
    stories = ["pair", "seeds"] if "seeds" in site else ["pair"]
    for kind, url in [item for story in stories for item in _pages(site, story).items()]:
        page.goto(url)
        violations = axe.run(page).response["violations"]
        problems += [
            f"{kind}: {v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
            for v in violations
            if v["impact"] in FORBIDDEN_IMPACTS
        ]
        headings = page.eval_on_selector_all(
            "h1, h2, h3, h4, h5, h6", "hs => hs.map(h => +h.tagName[1])"
        )
        assert headings.count(1) == 1, f"{kind}: {headings.count(1)} h1"
        jumps = [b for a, b in zip(headings, headings[1:], strict=False) if b > a + 1]
        assert not jumps, f"{kind}: a heading skips a level {headings}"
        assert page.locator("table:not(:has(caption))").count() == 0, (
            f"{kind}: table without caption"
        )
    context.close()
    assert not problems, "\n".join(problems)


def _luminance(hex_colour: str) -> float:
    if len(hex_colour) == 4:  # "#fff"
        hex_colour = "#" + "".join(c * 2 for c in hex_colour[1:])
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_focus_ring_stands_out_three_to_one() -> None:
    css = (REPO / "src/storylens/web/static/style.css").read_text()
    colours = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b", css))
    for background in ("bg", "soft"):
        low, high = sorted((_luminance(colours["focus"]), _luminance(colours[background])))
        assert (high + 0.05) / (low + 0.05) >= 3, background


def test_the_scorecard_is_in_the_first_screen(browser: Browser, site: dict[str, str]) -> None:  # noqa: F811
    context = _open(browser, "1280")
    page = context.new_page()
    page.goto(_pages(site, "pair")["story"])
    box = page.locator("#scorecard").bounding_box()
    context.close()
    assert box is not None and box["y"] + box["height"] <= WIDTHS["1280"]["height"], box


def test_screenshots_at_two_widths(browser: Browser, site: dict[str, str]) -> None:  # noqa: F811
    story = "seeds" if "seeds" in site else "pair"
    folder = ARTIFACTS / "glance"
    folder.mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        context = _open(browser, width)
        page: Page = context.new_page()
        for kind in ("stories", "story", "pair", "person", "article"):
            page.goto(_pages(site, story)[kind])
            page.screenshot(path=str(folder / f"{kind}-{width}.png"), full_page=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"{kind} at {width}px is {overflow}px too wide"
            if kind == "pair" and width == "390":
                label = page.evaluate(
                    "getComputedStyle(document.querySelector('.pair td'), '::before').content"
                )
                assert label.strip('"'), "stacked claims carry their outlet's name"
        context.close()
    assert len(list(folder.glob("*.png"))) >= 8


def test_the_seeds_story_page_is_short(browser: Browser, site: dict[str, str]) -> None:  # noqa: F811
    require_shared(SEEDS)
    context = _open(browser, "1280")
    page = context.new_page()
    page.goto(_pages(site, "seeds")["story"])
    assert page.locator("details[open]").count() == 0
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"seeds story page: {height} px at 1280 px")
    context.close()
    assert height < MAX_STORY_HEIGHT
