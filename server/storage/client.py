"""One way to open Longhall's Redis: a single server, or a Redis Cluster.

A URL whose scheme is `redis+cluster://` (or `rediss+cluster://` with TLS) names any
node of a Redis Cluster, or several, comma-separated
(`redis+cluster://redis-0:6379,redis-1:6379,redis-2:6379`): the node opens redis-py's
cluster client, which learns the slot map from the first of them that answers (a node
started while one of them is down still finds the cluster) and follows MOVED/ASK
redirects and failovers. Any other URL
(`redis://`, `rediss://`, `unix://`) is one Redis server (or a Sentinel-managed one
behind a stable address).

What changes on a cluster (each part says so where it acts):
- the commit script publishes with SPUBLISH and nodes listen with SSUBSCRIBE (sharded
  pub/sub: a message goes only to the shard that owns the room's slot), where a single
  Redis uses classic PUBLISH/SUBSCRIBE (server.storage.channels);
- commits go through redis-py's cluster client instead of the lean RESP connection
  (server.storage.resp talks to one host);
- keys that one script or transaction touches together share a hash tag.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from redis.asyncio import Redis
from redis.asyncio.cluster import ClusterNode, ClusterPipeline, RedisCluster
from redis.asyncio.connection import Connection, SSLConnection
from redis.exceptions import ConnectionError, RedisClusterException

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
_IN_COMMAND: ContextVar[bool] = ContextVar("in_command", default=False)


def is_cluster(url: str) -> bool:
    return urlparse(url).scheme in CLUSTER_SCHEMES


def node_url(url: str) -> str:
    """The URL as redis-py reads it (the cluster marker dropped from the scheme)."""
    scheme = urlparse(url).scheme
    if scheme in CLUSTER_SCHEMES:
        return CLUSTER_SCHEMES[scheme] + url[len(scheme) :]
    return url


def seeds(url: str) -> tuple[str, list[tuple[str, int]]]:
    """A URL naming one node, and the (host, port) of every node it names when it names
    several (`host:port,host:port`: none when it names one)."""
    scheme, sep, rest = url.partition("://")
    netloc, slash, path = rest.partition("/")
    user, at, hosts = netloc.rpartition("@")
    named = [h.strip() for h in hosts.split(",")]
    if len(named) == 1:
        return url, []
    nodes = []
    for h in named:
        host, colon, port = h.rpartition(":")
        nodes.append((host.strip("[]"), int(port)) if colon and port.isdigit() else (h, 6379))
    return f"{scheme}{sep}{user}{at}{named[0]}{slash}{path}", nodes


def connect(url: str, **kwargs: Any) -> Redis:
    """A redis-py asyncio client for `url`: a `RedisCluster` for a cluster URL. Both speak
    the same commands; callers that need to know ask `is_cluster` (or `clustered`).

    On a cluster a MOVED answer only corrects the slot map (`reinitialize_steps=0`).
    redis-py's default rebuilds it at every 5th MOVED by closing the client, and closing
    disconnects every connection, those other commands are using included: after a
    failover, under load, commits failed with "'NoneType' object has no attribute
    'writelines'" and were answered `internal`. A connection error still makes redis-py
    learn the whole map again, without closing anything.

    Either way its connections fail a write on a socket closed under it as a
    ConnectionError (`_CleanWrites`), but for one Redis behind `rediss://` or `unix://`,
    whose connection class redis-py picks from the URL whatever it is given."""
    if is_cluster(url):
        kwargs.setdefault("reinitialize_steps", 0)
        one, named = seeds(url)
        if named:  # each tried in turn until one answers
            kwargs["startup_nodes"] = [ClusterNode(host, port) for host, port in named]
        return GatedCluster.from_url(node_url(one), **kwargs)  # type: ignore[return-value]
    if urlparse(url).scheme == "redis":
        kwargs.setdefault("connection_class", _Connection)
    return Redis.from_url(url, **kwargs)


def clustered(client: Any) -> bool:
    return isinstance(client, RedisCluster)


class GatedCluster(RedisCluster):
    """redis-py's cluster client, whose commands beyond its pool wait for a turn, and
    whose reaction to a cluster down closes nothing another command is using.

    Its pool (`max_connections` per cluster node) raises MaxConnectionsError for a command
    that finds every connection busy, where a single Redis's pool waits: a burst (clients
    reconnecting after a node died, each reading its rooms) was answered `unavailable`.
    A command or a pipeline's execution takes a turn, and there are as many turns as
    connections in a node's pool less the one the node's pub/sub holds on each node: a
    turn uses at most one connection of a node, so none finds a pool full.

    A command answered CLUSTERDOWN (a master died and its replica is not yet promoted)
    makes redis-py close the whole client to learn the slot map again; that disconnects
    the connections other commands are in the middle of, and those failed with errors
    from inside the client (AttributeError, a RuntimeError of the event loop), answered
    `internal`. Closed from inside a command, it now only marks the map to be learnt again
    at the next command; the nodes that are gone are let go as redis-py lets go of nodes
    a new map drops (their connections closed once their commands are done)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turns = asyncio.Semaphore(max(1, kwargs.get("max_connections", 100) - 1))
        # redis-py fixes its connections' class; the nodes the slot map adds are built from
        # these arguments (shared with its nodes manager), the first ones exist already
        tls = self.connection_kwargs["connection_class"] is SSLConnection
        kind = _TLSConnection if tls else _Connection
        self.connection_kwargs["connection_class"] = kind
        for node in self.nodes_manager.startup_nodes.values():
            node.connection_class = kind

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        async with self.turns:
            inside = _IN_COMMAND.set(True)
            try:
                return await super().execute_command(*args, **kwargs)
            finally:
                _IN_COMMAND.reset(inside)

    async def aclose(self) -> None:
        if _IN_COMMAND.get():
            self._initialize = True
            return
        await super().aclose()

    def pipeline(self, transaction: Any | None = None, shard_hint: Any | None = None) -> ClusterPipeline:
        if shard_hint:  # as redis-py's own refuses it
            raise RedisClusterException("shard_hint is deprecated in cluster mode")
        return _GatedPipeline(self, transaction)  # type: ignore[abstract]  # as redis-py builds its own


class _GatedPipeline(ClusterPipeline):
    async def execute(self, raise_on_error: bool = True, allow_redirections: bool = True) -> list[Any]:
        assert isinstance(self.cluster_client, GatedCluster)
        async with self.cluster_client.turns:
            inside = _IN_COMMAND.set(True)
            try:
                return await super().execute(raise_on_error, allow_redirections)
            finally:
                _IN_COMMAND.reset(inside)


if TYPE_CHECKING:
    _Base = Connection
else:
    _Base = object


class _CleanWrites(_Base):
    """A write on a connection whose socket closed under it (its Redis died, or redis-py
    let it go meanwhile) fails as a ConnectionError, which redis-py's cluster client
    meets by learning the slot map again and retrying: uvloop raises a RuntimeError for
    a write on a closed transport, and a connection let go has no writer left (an
    AttributeError) — neither of which the client knows, so the node answered `internal`."""

    async def send_packed_command(self, command: bytes | str | Iterable[bytes], check_health: bool = True) -> None:
        try:
            await super().send_packed_command(command, check_health)
        except (RuntimeError, AttributeError) as exc:
            raise ConnectionError(f"the connection closed under a write: {exc}") from exc


class _Connection(_CleanWrites, Connection):
    pass


class _TLSConnection(_CleanWrites, SSLConnection):
    pass
