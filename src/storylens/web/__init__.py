"""The web interface: server-rendered pages and a JSON API over one store (``create_app``)."""

from storylens.web.app import create_app
from storylens.web.settings import WebSettings

__all__ = ["WebSettings", "create_app"]
