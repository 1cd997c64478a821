"""ASGI middleware: security headers and the request size cap on every response, and a cache
of whole GET responses that lasts while the store does not change.

Written as plain ASGI (not Starlette's BaseHTTPMiddleware), which adds no task or queue per
request. The cache is keyed by path and query and holds a response only while the store's
version (``Store.data_version``, one indexed row) is the one it was made under, so a page is
never stale after ``analyze`` or a POST, whichever process wrote.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
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
# The bytes of responses the server's processes keep in their shared folder at most.
SHARED_MAX_BYTES = 4 * CACHE_MAX_BYTES

Entry = tuple[int, list[Any], bytes]  # status, headers, body


class SharedResponses:
    """Responses kept in a folder every process of one server reads and writes, so a page
    is made once per server, not once per process (``serve --workers 2`` made each page
    twice, and each path's first request in each process waited for it). A file per
    response, named by the store version and a hash of the path and query, written under
    another name then renamed, so a reader sees a whole file or none. The folder is the
    server's own (``serve`` makes it and removes it); its bytes are bounded by
    ``SHARED_MAX_BYTES``, the oldest files removed first."""

    def __init__(self, folder: str) -> None:
        self.folder = Path(folder)
        self.written = 0  # bytes this process wrote since it last swept the folder
        self.swept_version: int | None = None

    def _path(self, version: int, key: tuple[str, bytes]) -> Path:
        digest = hashlib.sha256(key[0].encode() + b"\0" + key[1]).hexdigest()
        return self.folder / f"{version}-{digest}"

    def get(self, version: int, key: tuple[str, bytes]) -> Entry | None:
        try:
            data = self._path(version, key).read_bytes()
        except OSError:
            return None
        head, _, body = data.partition(b"\n")
        status, headers = json.loads(head)
        return status, [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers], body

    def put(self, version: int, key: tuple[str, bytes], entry: Entry) -> None:
        status, headers, body = entry
        head = json.dumps(
            [status, [(k.decode("latin-1"), v.decode("latin-1")) for k, v in headers]]
        )
        final = self._path(version, key)
        partial = final.with_name(f".{final.name}.{os.getpid()}")
        try:
            partial.write_bytes(head.encode() + b"\n" + body)
            os.replace(partial, final)
        except OSError:  # a full or vanished folder: the page is still served
            return
        self.written += len(body)
        if version != self.swept_version or self.written > SHARED_MAX_BYTES // 4:
            self._sweep(version)

    def _sweep(self, version: int) -> None:
        """Remove the files of other store versions, then the oldest past the bound."""
        self.swept_version, self.written = version, 0
        kept, total = [], 0
        for found in os.scandir(self.folder):
            try:
                if found.name.startswith(f"{version}-"):
                    stat = found.stat()
                    kept.append((stat.st_mtime, stat.st_size, found.path))
                    total += stat.st_size
                elif not found.name.startswith("."):
                    os.remove(found.path)
            except OSError:
                continue  # another process removed it first
        for _, size, path in sorted(kept):
            if total <= SHARED_MAX_BYTES:
                break
            with contextlib.suppress(OSError):
                os.remove(path)
            total -= size


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

    def __init__(
        self,
        app: ASGIApp,
        version: Callable[[], int],
        entries: int,
        shared: SharedResponses | None = None,
    ) -> None:
        self.app = app
        self.shared = shared
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
        if self.shared is not None and (found := self.shared.get(version, key)) is not None:
            self._keep(key, found)  # another process of the server made it
            await _send(found, send)
            return
        if making is None:
            # this request makes the response; the same requests meanwhile wait for it
            done = self.making[(version, *key)] = asyncio.Event()
            try:
                await self._make(version, key, scope, receive, send)
            finally:
                del self.making[(version, *key)]
                done.set()
        else:  # the response it waited for was not kept (not a 200, too large): its own
            await self._make(version, key, scope, receive, send)

    async def _replay(self, key: tuple[str, bytes], send: Send) -> bool:
        """Send the kept response for ``key``; False when none is kept."""
        cached = self.entries.get(key)
        if cached is None:
            return False
        self.entries.move_to_end(key)
        await _send(cached, send)
        return True

    async def _make(
        self, version: int, key: tuple[str, bytes], scope: Scope, receive: Receive, send: Send
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
                        entry = (200, list(started.get("headers", [])), body)
                        self._keep(key, entry)
                        if self.shared is not None:
                            self.shared.put(version, key, entry)
            await send(message)

        await self.app(scope, receive, capture)

    def _keep(self, key: tuple[str, bytes], entry: Entry) -> None:
        """Keep ``entry``, then drop the least recently used past the count or the bytes."""
        replaced = self.entries.pop(key, None)
        if replaced is not None:
            self.kept_bytes -= len(replaced[2])
        self.entries[key] = entry
        self.kept_bytes += len(entry[2])
        while len(self.entries) > self.capacity or self.kept_bytes > CACHE_MAX_BYTES:
            _, dropped = self.entries.popitem(last=False)
            self.kept_bytes -= len(dropped[2])


async def _send(entry: Entry, send: Send) -> None:
    """Send a kept response whole."""
    status, headers, body = entry
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
