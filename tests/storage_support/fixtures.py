"""Fixtures shared by the storage tests (a pytest plugin: pyproject.toml's addopts): every storage test that is not about files runs on
both kinds of database, a SQLite file and a throwaway PostgreSQL server (`location`, `db`)."""

from __future__ import annotations

import pytest

from canasta_score import storage
from storage_support import postgres

DATABASES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server():
    """One throwaway PostgreSQL 15 for the whole run (127.0.0.1 only), stopped at the end."""
    reason = postgres.missing()
    if reason:
        pytest.fail(reason, pytrace=False)
    with postgres.throwaway_server() as server:
        yield server


@pytest.fixture(params=DATABASES)
def location(request, tmp_path):
    """Where a test's games live: a new SQLite file, or a new database on the server."""
    if request.param == "sqlite":
        yield tmp_path / "games.db"
        return
    server = request.getfixturevalue("postgres_server")
    url = server.new_database()
    yield url
    server.drop_database(url)


@pytest.fixture
def db(location):
    database = storage.open_database(location)
    yield database
    database.close()
