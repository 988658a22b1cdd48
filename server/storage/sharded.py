"""Sharded pub/sub on a Redis Cluster (Redis >= 7: SPUBLISH/SSUBSCRIBE): the fan-out
hub's bus there (server.storage.fanout.bus).

Classic PUBLISH would work there too, but the cluster bus copies every classic message to
every node of the cluster, so each node's network and CPU carry the fan-out of all rooms:
the cost grows with the number of shards instead of falling. A shard channel lives in
the slot of its name, so `room:{ID}` is owned by the master that owns the room's keys and
its messages never leave that shard. A Longhall node holds one subscriber connection per
master that owns a slot of a room it has sockets in (redis-py's ClusterPubSub), and reads
them in turn with a short poll (`POLL` seconds per connection: about N * POLL of added
latency at worst with N masters, and an idle node wakes 1/POLL times a second).

When a master fails over (or a slot moves), its subscriptions are gone: the server sends
SUNSUBSCRIBE for them, the connection drops, or the client learns a new slot map.
`Sharded.get` reports each of these as a lost connection; `Sharded.recover` then
refreshes the slot map and subscribes every channel again on its owner; the hub marks
the rooms stale meanwhile and catches their sockets up from the stored documents
(server.rooms.catchup: nothing committed is lost, only the fan-out messages of the gap).

The wait for Redis to confirm the subscriptions is the one the single-Redis buses make
(server.storage.channels).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from typing import Any

from redis.asyncio.cluster import ClusterPubSub

from server.storage.channels import CONFIRM, ping_token, time_left
from server.storage.store import text

POLL = 0.01  # seconds a sharded read waits on each master's connection


class _Subscriptions(ClusterPubSub):
    """redis-py's cluster pub/sub, told not to move subscriptions behind the hub's back.

    redis-py reacts to a change of the slot map by moving shard subscriptions in a task
    of its own: messages published in the gap are lost and nobody catches the rooms up,
    and the connection it closes takes with it the `sunsubscribe` that would have told.
    Here a change only raises a flag; `Sharded.get` reports it as a loss, and the hub's
    recovery moves every subscription and then catches its rooms up (server.rooms.catchup)."""

    def __init__(self, redis: Any, bus: Sharded) -> None:
        super().__init__(redis)
        self.bus = bus

    async def on_slots_changed(self) -> None:
        if self.bus.pubsub is self:  # not one the bus has already replaced
            self.bus.moved = True


class Sharded:
    """SPUBLISH / SSUBSCRIBE on a Redis Cluster, one subscriber connection per master.

    Anything that can leave a wanted channel unsubscribed is reported by `get` as a lost
    connection: a read error, a `sunsubscribe` the server sent of itself (its master
    gave up the slot), a change of the slot map. `recover` then starts over on fresh
    connections: the old ones close with whatever they still queue (one `sunsubscribe`
    per channel of a failed-over master, each of which would otherwise be one more loss)."""

    sharded = True
    publish_command = "SPUBLISH"

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self.wanted: set[str] = set()
        self.moved = False  # the slot map changed since the subscriptions were made
        self.pubsub = _Subscriptions(redis, self)
        self.early: deque[dict[str, Any]] = deque()  # messages read while recovering
        self._turn = 0

    async def subscribe(self, channel: str) -> None:
        self.wanted.add(channel)  # first: a recovery meanwhile subscribes it too
        await self.pubsub.ssubscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        self.wanted.discard(channel)
        await self.pubsub.sunsubscribe(channel)

    async def publish(self, channel: str, data: bytes) -> None:
        await self.redis.spublish(channel, data)

    async def get(self) -> dict[str, Any] | None:
        """The next message of one master's connection, each master in turn."""
        if self.moved:
            raise ConnectionError("the cluster's slot map changed: shard subscriptions may have moved")
        if self.early:
            return self.early.popleft()
        node = self._next_node()
        if node is None:
            await asyncio.sleep(POLL)
            return None
        return self._message(await self.pubsub.get_sharded_message(timeout=POLL, target_node=node))

    def _message(self, msg: dict[str, Any] | None) -> dict[str, Any] | None:
        if msg is None:
            return None
        kind = msg.get("type")
        if kind == "sunsubscribe" and text(msg["channel"]) in self.wanted:
            # the server dropped it (its master gave the slot up), or it is the late
            # answer to an unsubscribe of a room that a socket came back to meanwhile
            raise ConnectionError(f"shard channel {msg['channel']!r} unsubscribed by the server")
        if kind == "pong":
            return msg
        if kind != "smessage":
            return None
        return {**msg, "type": "message"}

    async def ping(self, channel: str, token: bytes) -> None:
        """A PING on the connection that subscribed `channel` (see Classic.ping)."""
        node = self.redis.get_node_from_key(channel)
        ps = self.pubsub.node_pubsub_mapping.get(node.name) if node is not None else None
        if ps is None or ps.connection is None:
            raise ConnectionError(f"no subscriber connection for {channel!r}")
        await ps.ping(token)

    def _next_node(self) -> Any:
        """The next master whose connection is up. redis-py lists a master's pub/sub as
        soon as a subscription to it begins, before its connection is made, and reading
        that one fails ("pubsub connection not set")."""
        names = [name for name, ps in self.pubsub.node_pubsub_mapping.items() if ps.connection is not None]
        if not names:
            return None
        self._turn = (self._turn + 1) % len(names)
        return self.redis.get_node(node_name=names[self._turn])

    async def recover(self) -> None:
        """Learn the slot map again, then subscribe every wanted channel on its owner over
        fresh connections. Raises when one could not be subscribed (the hub tries again)."""
        await self.redis.nodes_manager.initialize()
        self.moved = False
        old, self.pubsub = self.pubsub, _Subscriptions(self.redis, self)
        with contextlib.suppress(Exception):
            await old.aclose()
        for channel in list(self.wanted):
            if channel in self.wanted:  # not unsubscribed meanwhile
                await self.pubsub.ssubscribe(channel)
        await self._confirmed()

    async def _confirmed(self) -> None:
        """Wait until each master has answered a PING sent after the subscriptions made
        on its connection (a connection answers in order): every one is then in effect."""
        deadline = time.monotonic() + CONFIRM
        for name, ps in list(self.pubsub.node_pubsub_mapping.items()):
            node = self.redis.get_node(node_name=name)
            token = ping_token("recover")
            await ps.ping(token)
            while True:
                msg = await self.pubsub.get_sharded_message(timeout=time_left(deadline), target_node=node)
                if msg is not None and msg.get("type") == "pong" and msg.get("data") == token:
                    break
                kept = self._message(msg)
                if kept is not None:
                    self.early.append(kept)

    async def close(self) -> None:
        await self.pubsub.aclose()
