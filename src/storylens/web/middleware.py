"""ASGI middleware: security headers and the request size cap on every response, and a cache
of whole GET responses that lasts while the store does not change.

Written as plain ASGI (not Starlette's BaseHTTPMiddleware), which adds no task or queue per
request. The cache is keyed by path and query and holds a response only while the store's
version (``Store.data_version``, one indexed row) is the one it was made under, so a page is
never stale after ``analyze`` or a POST, whichever process wrote.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from storylens.web.settings import CONTENT_SECURITY_POLICY, MAX_REQUEST_BYTES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
# The bytes of responses each process keeps at most (beside ``--cache-entries``): the
# memory the cache may take, whatever the pages' sizes.
CACHE_MAX_BYTES = 64 * 1024 * 1024
# The largest response kept, a share of that: one response cannot push out all the others,
# and a 500-article story's JSON (12.5 MB, a second to make) is kept.
CACHE_MAX_BODY_BYTES = CACHE_MAX_BYTES // 4


class Guard:
    """Refuses bodies over the cap before reading them; adds the security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"")
        if length and (not length.isdigit() or int(length) > MAX_REQUEST_BYTES):
            body = json.dumps(
                {
                    "error": {
                        "status": 413,
                        "message": f"request body over {MAX_REQUEST_BYTES} bytes",
                    }
                }
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 413,
                    "headers": [(b"content-type", b"application/json"), *SECURITY_HEADERS],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class ResponseCache:
    """Whole GET responses (status 200, no credentials) while the store version holds.

    A request for a page being made already waits for it rather than making it again: under
    20 connections, the first requests of a page all missed the cache at once and each made
    it, a 500-article story's page 20 times over on two cores (seconds, for a page then
    served from memory)."""

    def __init__(self, app: ASGIApp, version: Callable[[], int], entries: int) -> None:
        self.app = app
        self.version = version
        self.capacity = entries
        self.entries: OrderedDict[tuple[str, bytes], tuple[int, list[Any], bytes]] = OrderedDict()
        self.seen_version: int | None = None
        self.kept_bytes = 0  # the bodies' bytes in ``entries``
        # (store version, path, query) -> set when the request making that response ends
        self.making: dict[tuple[int, str, bytes], asyncio.Event] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or self.capacity <= 0
            or scope["method"] != "GET"
            or any(name == b"authorization" for name, _ in scope.get("headers") or [])
        ):
            await self.app(scope, receive, send)
            return
        try:
            version = self.version()
        except Exception:  # the store cannot say: serve this request fresh, cache nothing
            await self.app(scope, receive, send)
            return
        if version != self.seen_version:
            self.entries.clear()
            self.kept_bytes = 0
            self.seen_version = version
        key = (scope["path"], scope.get("query_string", b""))
        making = self.making.get((version, *key))
        if making is not None:
            await making.wait()
        if await self._replay(key, send):
            return
        if making is None:
            # this request makes the response; the same requests meanwhile wait for it
            done = self.making[(version, *key)] = asyncio.Event()
            try:
                await self._make(key, scope, receive, send)
            finally:
                del self.making[(version, *key)]
                done.set()
        else:  # the response it waited for was not kept (not a 200, too large): its own
            await self._make(key, scope, receive, send)

    async def _replay(self, key: tuple[str, bytes], send: Send) -> bool:
        """Send the kept response for ``key``; False when none is kept."""
        cached = self.entries.get(key)
        if cached is None:
            return False
        self.entries.move_to_end(key)
        status, headers, body = cached
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return True

    async def _make(
        self, key: tuple[str, bytes], scope: Scope, receive: Receive, send: Send
    ) -> None:
        """Answer the request from the app, keeping a 200 response small enough."""
        started: dict[str, Any] = {}
        chunks: list[bytes] = []

        async def capture(message: Message) -> None:
            if message["type"] == "http.response.start":
                started.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if not message.get("more_body") and started.get("status") == 200:
                    body = b"".join(chunks)
                    if len(body) <= CACHE_MAX_BODY_BYTES:
                        self._keep(key, (200, list(started.get("headers", [])), body))
            await send(message)

        await self.app(scope, receive, capture)

    def _keep(self, key: tuple[str, bytes], entry: tuple[int, list[Any], bytes]) -> None:
        """Keep ``entry``, then drop the least recently used past the count or the bytes."""
        replaced = self.entries.pop(key, None)
        if replaced is not None:
            self.kept_bytes -= len(replaced[2])
        self.entries[key] = entry
        self.kept_bytes += len(entry[2])
        while len(self.entries) > self.capacity or self.kept_bytes > CACHE_MAX_BYTES:
            _, dropped = self.entries.popitem(last=False)
            self.kept_bytes -= len(dropped[2])
