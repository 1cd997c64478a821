"""Shared fixtures: the spaCy pipeline (loaded once), databases on SQLite and PostgreSQL;
the ``--fast`` option (no ``slow`` tests) and ``require_shared``."""

from __future__ import annotations

import http.server
import os
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from spacy.language import Language

from storylens.analyse.nlp import load_pipeline

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
SHARED = REPO.parent / "shared"
# The PostgreSQL server the store tests run against; CI's machine starts one on this address.
POSTGRES_ADMIN_URL = os.environ.get(
    "STORYLENS_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)


def pytest_addoption(parser: pytest.Parser) -> None:
    # The reverse of spaCy's --slow: the full run (make test, CI) is the default, and a
    # developer's quick loop (make test-fast) leaves the slow tier out.
    parser.addoption(
        "--fast",
        action="store_true",
        help="leave out the tests marked slow (concurrency, crash, browser, quality floors, "
        "schemathesis)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--fast"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


@pytest.fixture(scope="session")
def nlp() -> Language:
    return load_pipeline()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return str(tmp_path / "test.db")


def _postgres_available() -> bool:
    from sqlalchemy import create_engine
    from sqlalchemy.exc import OperationalError

    try:
        with create_engine(POSTGRES_ADMIN_URL).connect():
            return True
    except OperationalError:
        return False


@pytest.fixture
def postgres_db() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    from sqlalchemy import create_engine, text

    if not _postgres_available():
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not reachable at {POSTGRES_ADMIN_URL} in CI")
        pytest.skip("no PostgreSQL server on 127.0.0.1:5432")
    name = f"storylens_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest) -> str:
    """Each store test runs on both databases."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_db"))
    return str(request.getfixturevalue("postgres_db"))


# An article whose every field is hostile: what the web pages and terminal must show as text.
HOSTILE_ARTICLE = {
    "id": "hostile-1",
    "url": "javascript:alert(1)",
    "outlet": "Evil <b>Outlet</b>",
    "title": "<script>alert('title')</script> Quarry council row",
    "published": "2026-05-02",
    "text": (
        "The Quarry Hill council voted <script>alert('x')</script> on Friday to close the old "
        "quarry road, after a long and bitter debate.\n"
        "Residents said the <img src=x onerror=alert(2)> decision came too late. "
        "\u201cWe have waited ten years for this,\u201d said Nell Harrow, who chairs the "
        "residents' group."
    ),
}


@pytest.fixture(scope="session")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The demo inputs, and a hostile article, analysed once into a SQLite store."""
    import json

    from storylens.pipeline import analyze
    from storylens.store import Store

    folder = tmp_path_factory.mktemp("demo")
    hostile = folder / "hostile.jsonl"
    hostile.write_text(json.dumps(HOSTILE_ARTICLE) + "\n", encoding="utf-8")
    inputs = [
        str(EXAMPLES / name)
        for name in ("corpus.jsonl", "wire.jsonl", "compare.jsonl", "text", "html")
    ]
    path = str(folder / "demo.db")
    with Store(path) as store:
        summary = analyze([*inputs, str(hostile)], store)
        assert summary.ok
    return path


def require_shared(*paths: Path) -> None:
    """The one way a test that reads ../shared (evaluation data, the seeds, a scorer) stops
    where it is absent: a skip on a user's machine; under CI, a failure, since CI must run
    the quality floors, never skip them silently (REVIEW.md 8)."""
    missing = [path for path in paths if not path.exists()]
    if not missing:
        return
    message = f"{', '.join(map(str, missing))} not found (set STORYLENS_SHARED_DATA)"
    if os.environ.get("CI"):
        pytest.fail(f"{message}: CI must run this test")
    pytest.skip(message)


@contextmanager
def local_http_server(handler: type[http.server.BaseHTTPRequestHandler]) -> Iterator[str]:
    """A threaded HTTP server on 127.0.0.1 for one test: yields its base URL, then stops."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
