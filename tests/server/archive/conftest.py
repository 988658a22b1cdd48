"""Both archive backends for real: an SQLite file, and a PostgreSQL cluster of our own."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.archive.db import database_url, upgrade
from testbed.postgres import TempPostgres


@pytest.fixture(scope="session")
def postgres() -> Iterator[TempPostgres]:
    pg = TempPostgres().start()
    yield pg
    pg.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, migrated archive database of each backend (an async SQLAlchemy URL)."""
    if request.param == "sqlite":
        url = database_url("", tmp_path)
    else:
        url = database_url(request.getfixturevalue("postgres").new_database(), tmp_path)
    asyncio.run(upgrade(url))
    return url
