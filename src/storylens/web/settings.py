"""The web interface's settings and limits, each a named default (importable without FastAPI,
so the command line can show them in ``--help`` cheaply)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from storylens.errors import SettingError

# The templates and the static files ship inside the package, beside this module.
WEB_DIR = Path(__file__).parent

# The server listens on loopback unless told otherwise: a store may hold unpublished work.
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# Bodies larger than this are refused before they are read (a POST of articles).
MAX_REQUEST_BYTES = 5 * 1024 * 1024
# Articles one POST may carry.
MAX_POSTED_ARTICLES = 200
# Everything is served from this origin; no inline script, no outside fonts or scripts.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
TOKEN_ENV = "STORYLENS_TOKEN"
# Whole GET responses each server process keeps while the store is unchanged; 0 turns the
# cache off. A few hundred pages cover what many readers open at once.
CACHE_ENTRIES = 512


@dataclass(frozen=True)
class WebSettings:
    db: str
    token: str | None = None  # POST /api/articles needs it; without one, posting is off
    model: str | None = None  # the spaCy pipeline for posted articles
    cache_entries: int = CACHE_ENTRIES
    # a folder the server's processes share their cached pages in (``serve --workers`` makes
    # one for its run); None: each process caches its own
    cache_dir: str | None = None

    def __post_init__(self) -> None:
        if self.token and not _is_header_text(self.token):
            # Refused at start-up: an HTTP client sends header values as ASCII (httpx, curl
            # with a UTF-8 locale sends other bytes), so no request could ever match it.
            raise SettingError(
                "the --token must be visible ASCII characters (letters, digits, punctuation), "
                "without spaces"
            )


def _is_header_text(token: str) -> bool:
    return bool(token) and all("!" <= char <= "~" for char in token)
