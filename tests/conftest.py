"""Shared fixtures: one real Redis for the session, real server processes on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from server.storage.embedded import EmbeddedRedis
from tests.cluster import ServerProc


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    r = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    r.start()
    yield r
    r.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server: EmbeddedRedis) -> str:
    return redis_server.url


@pytest.fixture(scope="session")
def server(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """One shared server process for tests that do not kill or restart it."""
    s = ServerProc(tmp_path_factory.mktemp("node"), redis_url).start()
    yield s
    s.stop()


@pytest.fixture
def two_nodes(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProc]]:
    """Two server processes sharing the session's Redis."""
    nodes = [ServerProc(tmp_path_factory.mktemp(f"node{i}"), redis_url).start() for i in range(2)]
    yield nodes
    for n in nodes:
        n.stop()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[str]:
    """A Redis of the test's own: its nodes alone hold the matcher's and referee's leases
    (on the session's Redis the shared server could hold them, with its own settings)."""
    r = EmbeddedRedis(tmp_path / "own-redis")
    r.start()
    yield r.url
    r.stop()


@pytest.fixture
def sync_redis(redis_url: str) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(redis_url)
    yield r
    r.close()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    return d
