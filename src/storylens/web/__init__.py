"""The web interface: server-rendered pages and a JSON API over one store (``create_app``).

``create_app`` and ``WebSettings`` are loaded on first use, so that the command line, which
reads only ``web.settings`` for its defaults, does not import FastAPI on every start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from storylens.web.app import create_app
    from storylens.web.settings import WebSettings

__all__ = ["WebSettings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from storylens.web.app import create_app

        return create_app
    if name == "WebSettings":
        from storylens.web.settings import WebSettings

        return WebSettings
    raise AttributeError(f"module 'storylens.web' has no attribute {name!r}")
