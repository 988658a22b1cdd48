"""Fixtures of the tests on a real Redis Cluster (testbed/redis_cluster.py): one 3-master
cluster per module, skipped where Redis 7 is missing, and a cluster client on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.cluster import RedisCluster as ClusterClient

from testbed.redis_cluster import RedisCluster, missing


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisCluster]:
    why = missing()
    if why is not None:
        pytest.skip(why)
    c = RedisCluster(Path(tmp_path_factory.mktemp("cluster"))).start()
    yield c
    c.stop()


@pytest.fixture
def client(cluster: RedisCluster) -> Iterator[ClusterClient]:
    c = ClusterClient(host="127.0.0.1", port=cluster.ports[0])
    yield c
    c.close()
