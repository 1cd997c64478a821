"""The web UI in a real browser: Playwright driving Debian's Chromium (never a downloaded one)
against `storylens serve`'s app on a local port. Screenshots go to test-artifacts/.

Skipped where /usr/bin/chromium is missing, except in CI (`.ci/run` installs it).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow


CHROMIUM = Path(os.environ.get("STORYLENS_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(os.environ.get("STORYLENS_ARTIFACTS", REPO / "test-artifacts"))
# Flags for a headless Chromium on a closed network, as root: no sandbox, no calls home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing in CI: .ci/run installs Debian's chromium")
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(demo_db: str) -> Iterator[str]:
    import uvicorn

    from storylens.web import WebSettings, create_app

    port = _free_port()
    config = uvicorn.Config(
        create_app(WebSettings(demo_db)), host="127.0.0.1", port=port, log_level="warning"
    )
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not instance.started:
        if time.monotonic() > deadline:
            pytest.fail("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=LAPTOP)
    opened = context.new_page()
    yield opened
    context.close()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _no_outside_requests(page: Page, server: str) -> list[str]:
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(server) else None)
    return outside


def test_stories_search_story_matrix_and_pair(page: Page, server: str) -> None:
    outside = _no_outside_requests(page, server)
    page.goto(server + "/")
    expect(page.get_by_role("heading", name="Stories", exact=True)).to_be_visible()
    total = page.request.get(server + "/api/stories").json()["total"]
    expect(page.locator(".story-item")).to_have_count(min(total, 20))
    shot(page, "01-stories")

    page.get_by_label("Search titles, text and quotes").fill("astrolabe")
    page.get_by_role("button", name="Search").click()
    expect(page.locator("mark").first).to_have_text("astrolabe", ignore_case=True)
    shot(page, "02-search")

    page.locator("section[aria-labelledby=h-stories] a").first.click()
    expect(page.locator("table.matrix").first).to_be_visible()
    reworded = page.locator(".variant.reworded").first
    expect(reworded.locator("del, ins").first).to_be_visible()
    expect(page.locator(".variant.misattributed").first).to_contain_text("to ")
    expect(page.locator("svg.chart").first).to_be_visible()
    expect(page.locator("table.details tr.disagree").first).to_be_visible()
    shot(page, "03-story")

    page.locator(".pairs a").first.click()
    expect(page.locator("table.pair")).to_be_visible()
    expect(page.locator("tr.row-shared").first).to_be_visible()
    shot(page, "04-pair")
    assert not outside, f"requests left the server: {outside}"


def test_article_and_person_pages(page: Page, server: str) -> None:
    page.goto(server + "/articles/signalpost-brackenford-mayor")
    expect(page.locator(".text .q").first).to_be_visible()
    expect(page.locator(".text .sp").first).to_be_visible()
    shot(page, "05-article")
    page.locator(".text a.entity", has_text="Brannigan").first.click()
    expect(page.get_by_role("heading", name="All their quotes")).to_be_visible()
    expect(page.locator(".wording").first).to_be_visible()
    shot(page, "06-person")


def test_hostile_article_runs_no_script(page: Page, server: str) -> None:
    dialogs: list[Any] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(server + "/articles/hostile-1")
    expect(page.locator("h1")).to_contain_text("<script>")
    assert page.locator("a[href^='javascript']").count() == 0
    assert not dialogs


def test_a_phone_reads_the_story_without_sideways_scrolling(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    phone = context.new_page()
    phone.goto(server + "/")
    phone.locator(".story-item a").first.click()
    expect(phone.locator("h1")).to_be_visible()
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    shot(phone, "07-phone-story")
    context.close()
    assert overflow <= 1, f"the page is {overflow}px wider than the phone"


def test_keyboard_reaches_the_content(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.keyboard.press("Tab")
    expect(page.locator(".skip")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()
