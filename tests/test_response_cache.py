"""The cache of whole GET responses (``web/middleware.py``): the same requests at once make
a page once, and the bytes it keeps are bounded."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storylens.web import middleware
from storylens.web.middleware import ResponseCache


def _get(cache: ResponseCache, path: str) -> Any:
    async def get() -> bytes:
        sent: list[Any] = []

        async def send(message: Any) -> None:
            sent.append(message)

        scope = {"type": "http", "method": "GET", "path": path, "query_string": b"", "headers": []}
        await cache(scope, None, send)  # type: ignore[arg-type]
        return b"".join(m.get("body", b"") for m in sent)

    return get()


def test_the_same_requests_at_once_make_the_page_once() -> None:
    made = []
    release = asyncio.Event()

    async def slow_page(scope: Any, receive: Any, send: Any) -> None:
        made.append(scope["path"])
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"page"})

    cache = ResponseCache(slow_page, version=lambda: 1, entries=8)

    async def run() -> list[bytes]:
        waiting = [asyncio.create_task(_get(cache, "/stories/big")) for _ in range(5)]
        other = asyncio.create_task(_get(cache, "/stories/other"))
        await asyncio.sleep(0.01)
        release.set()
        return await asyncio.gather(*waiting, other)

    assert asyncio.run(run()) == [b"page"] * 6
    assert sorted(made) == ["/stories/big", "/stories/other"]


def test_the_cache_keeps_a_bounded_number_of_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(middleware, "CACHE_MAX_BYTES", 100)
    monkeypatch.setattr(middleware, "CACHE_MAX_BODY_BYTES", 40)
    made = []

    async def page(scope: Any, receive: Any, send: Any) -> None:
        made.append(scope["path"])
        size = int(scope["path"].rsplit("/", 1)[1])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"x" * size})

    cache = ResponseCache(page, version=lambda: 1, entries=8)

    async def run(paths: list[str]) -> None:
        for path in paths:
            await _get(cache, path)

    asyncio.run(run(["/a/30", "/b/30", "/c/30", "/d/50"]))
    assert list(cache.entries) == [("/a/30", b""), ("/b/30", b""), ("/c/30", b"")]
    assert cache.kept_bytes == 90  # /d/50 is over the largest body kept
    asyncio.run(run(["/e/30", "/a/30"]))  # /a was pushed out by /e: made again
    assert made == ["/a/30", "/b/30", "/c/30", "/d/50", "/e/30", "/a/30"]
    assert cache.kept_bytes == sum(len(body) for _, _, body in cache.entries.values()) <= 100
