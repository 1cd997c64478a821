"""Shared fixtures: the spaCy pipeline (loaded once), databases on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
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
