"""Shared fixtures: one real Redis for the session, real server processes on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from server.storage.embedded import EmbeddedRedis
from tests.cluster import ServerProc

# The longest tests (a browser's whole games, nodes killed around a cluster, thousands of
# random moves) start first, so that on several workers (scripts/test: pytest-xdist) the
# short ones fill the gaps instead of one worker finishing alone on a long tail.
LONG_FIRST = (
    "tests/web/",
    "tests/server/test_node_chaos.py",
    "tests/games/test_contract.py",
    "tests/games/test_schema.py",
    "tests/server/rooms/test_doc_tail.py",
    "tests/server/tournaments/test_director.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next((i for i, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)), len(LONG_FIRST))

    items.sort(key=rank)  # stable: each file's tests stay together, in their order


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
