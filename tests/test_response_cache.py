"""The cache of whole GET responses (``web/middleware.py``): the same requests at once make
a page once, and the bytes it keeps are bounded."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from storylens.web import middleware
from storylens.web.middleware import ResponseCache, SharedResponses


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


def _counting_page(made: list[str]) -> Any:
    async def page(scope: Any, receive: Any, send: Any) -> None:
        made.append(scope["path"])
        size = int(scope["path"].rsplit("/", 1)[1])
        await send({"type": "http.response.start", "status": 200, "headers": [(b"x-made", b"yes")]})
        await send({"type": "http.response.body", "body": b"p" * size})

    return page


def test_the_processes_of_a_server_make_a_page_once(tmp_path: Path) -> None:
    made: list[str] = []
    first, second = (
        ResponseCache(
            _counting_page(made),
            version=lambda: 1,
            entries=8,
            shared=SharedResponses(str(tmp_path)),
        )
        for _ in range(2)
    )
    assert asyncio.run(_get(first, "/stories/10")) == b"p" * 10
    assert asyncio.run(_get(second, "/stories/10")) == b"p" * 10  # from the folder
    assert made == ["/stories/10"]
    assert second.entries[("/stories/10", b"")][1] == [(b"x-made", b"yes")]


def test_a_shared_page_of_another_store_version_is_not_served(tmp_path: Path) -> None:
    made: list[str] = []
    version = [1]
    caches = [
        ResponseCache(
            _counting_page(made),
            version=lambda: version[0],
            entries=8,
            shared=SharedResponses(str(tmp_path)),
        )
        for _ in range(2)
    ]
    asyncio.run(_get(caches[0], "/stories/10"))
    version[0] = 2  # a write: every page is made again, once
    asyncio.run(_get(caches[1], "/stories/10"))
    asyncio.run(_get(caches[0], "/stories/10"))
    assert made == ["/stories/10", "/stories/10"]
    assert [p.name.split("-")[0] for p in tmp_path.iterdir()] == ["2"]  # the old one swept


def test_the_shared_folder_keeps_a_bounded_number_of_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(middleware, "SHARED_MAX_BYTES", 100)
    cache = ResponseCache(
        _counting_page([]), version=lambda: 1, entries=8, shared=SharedResponses(str(tmp_path))
    )
    for name in "abcdefgh":
        asyncio.run(_get(cache, f"/{name}/30"))
    files = list(tmp_path.iterdir())
    assert files and sum(p.stat().st_size for p in files) <= 100
    assert asyncio.run(_get(cache, "/h/30")) == b"p" * 30
