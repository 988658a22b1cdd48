"""One way to open Longhall's Redis: a single server, or a Redis Cluster.

A URL whose scheme is `redis+cluster://` (or `rediss+cluster://` with TLS) names any
node of a Redis Cluster: the node opens redis-py's cluster client, which learns the slot
map from that node and follows MOVED/ASK redirects and failovers. Any other URL
(`redis://`, `rediss://`, `unix://`) is one Redis server (or a Sentinel-managed one
behind a stable address).

What changes on a cluster (each part says so where it acts):
- the commit script publishes with SPUBLISH and nodes listen with SSUBSCRIBE (sharded
  pub/sub: a message goes only to the shard that owns the room's slot), where a single
  Redis uses classic PUBLISH/SUBSCRIBE (server.channels);
- commits go through redis-py's cluster client instead of the lean RESP connection
  (server.resp talks to one host);
- keys that one script or transaction touches together share a hash tag.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlparse

from redis.asyncio import Redis
from redis.asyncio.cluster import ClusterPipeline, RedisCluster
from redis.exceptions import RedisClusterException

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}


def is_cluster(url: str) -> bool:
    return urlparse(url).scheme in CLUSTER_SCHEMES


def node_url(url: str) -> str:
    """The URL as redis-py reads it (the cluster marker dropped from the scheme)."""
    scheme = urlparse(url).scheme
    if scheme in CLUSTER_SCHEMES:
        return CLUSTER_SCHEMES[scheme] + url[len(scheme) :]
    return url


def connect(url: str, **kwargs: Any) -> Redis:
    """A redis-py asyncio client for `url`: a `RedisCluster` for a cluster URL. Both speak
    the same commands; callers that need to know ask `is_cluster` (or `clustered`).

    On a cluster a MOVED answer only corrects the slot map (`reinitialize_steps=0`).
    redis-py's default rebuilds it at every 5th MOVED by closing the client, and closing
    disconnects every connection, those other commands are using included: after a
    failover, under load, commits failed with "'NoneType' object has no attribute
    'writelines'" and were answered `internal`. A connection error still makes redis-py
    learn the whole map again, without closing anything."""
    if is_cluster(url):
        kwargs.setdefault("reinitialize_steps", 0)
        return GatedCluster.from_url(node_url(url), **kwargs)  # type: ignore[return-value]
    return Redis.from_url(url, **kwargs)


def clustered(client: Any) -> bool:
    return isinstance(client, RedisCluster)


class GatedCluster(RedisCluster):
    """redis-py's cluster client, whose commands beyond its pool wait for a turn.

    Its pool (`max_connections` per cluster node) raises MaxConnectionsError for a command
    that finds every connection busy, where a single Redis's pool waits: a burst (clients
    reconnecting after a node died, each reading its rooms) was answered `unavailable`.
    A command or a pipeline's execution takes a turn, and there are as many turns as
    connections in a node's pool less the one the node's pub/sub holds on each node: a
    turn uses at most one connection of a node, so none finds a pool full."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turns = asyncio.Semaphore(max(1, kwargs.get("max_connections", 100) - 1))

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        async with self.turns:
            return await super().execute_command(*args, **kwargs)

    def pipeline(self, transaction: Any | None = None, shard_hint: Any | None = None) -> ClusterPipeline:
        if shard_hint:  # as redis-py's own refuses it
            raise RedisClusterException("shard_hint is deprecated in cluster mode")
        return _GatedPipeline(self, transaction)  # type: ignore[abstract]  # as redis-py builds its own


class _GatedPipeline(ClusterPipeline):
    async def execute(self, raise_on_error: bool = True, allow_redirections: bool = True) -> list[Any]:
        assert isinstance(self.cluster_client, GatedCluster)
        async with self.cluster_client.turns:
            return await super().execute(raise_on_error, allow_redirections)
