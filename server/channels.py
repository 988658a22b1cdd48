"""The pub/sub transport under the fan-out hub (server.fanout): classic or sharded.

On a single Redis, `Classic` is plain PUBLISH/SUBSCRIBE over one connection: redis-py
resubscribes by itself after a reconnect.

On a Redis Cluster, `Sharded` uses sharded pub/sub (Redis >= 7: SPUBLISH/SSUBSCRIBE).
Classic PUBLISH would work there too, but the cluster bus copies every classic message to
every node of the cluster, so each node's network and CPU carry the fan-out of all rooms:
the cost grows with the number of shards instead of falling. A shard channel lives in
the slot of its name, so `room:{ID}` is owned by the master that owns the room's keys and
its messages never leave that shard. A Longhall node holds one subscriber connection per
master that owns a slot of a room it has sockets in (redis-py's ClusterPubSub), and reads
them in turn with a short poll (`POLL` seconds per connection: about N * POLL of added
latency at worst with N masters, and an idle node wakes 1/POLL times a second).

When a master fails over (or a slot moves), its subscriptions are gone: the server sends
SUNSUBSCRIBE for them, or the connection drops. `Sharded.recover` then refreshes the slot
map and subscribes every channel again on its new owner; the hub marks the rooms stale
meanwhile so that sockets resync from the stored documents (nothing committed is lost,
only the fan-out messages of the gap).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from redis.asyncio import Redis

from server.redis_client import clustered

log = logging.getLogger("longhall.channels")
POLL = 0.01  # seconds a sharded read waits on each master's connection


class Classic:
    """PUBLISH / SUBSCRIBE on one Redis."""

    sharded = False
    publish_command = "PUBLISH"

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.pubsub = redis.pubsub(ignore_subscribe_messages=True)

    async def subscribe(self, channel: str) -> None:
        await self.pubsub.subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        await self.pubsub.unsubscribe(channel)

    async def publish(self, channel: str, data: bytes) -> None:
        await self.redis.publish(channel, data)

    async def get(self) -> dict[str, Any] | None:
        """The next message (blocking); None for anything that is not one."""
        msg = await self.pubsub.get_message(timeout=None)
        return msg if msg is not None and msg.get("type") == "message" else None

    async def recover(self) -> None:
        """Reconnect now (redis-py resubscribes a classic PubSub when it reconnects), so
        that the catch-up that follows reads rooms after the subscriptions are back."""
        await self.pubsub.ping()

    async def close(self) -> None:
        await self.pubsub.aclose()


class Sharded:
    """SPUBLISH / SSUBSCRIBE on a Redis Cluster, one subscriber connection per master."""

    sharded = True
    publish_command = "SPUBLISH"

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self.pubsub = redis.pubsub()
        self.wanted: set[bytes] = set()
        self.lost = False  # a subscription went away without our asking: recover

    async def subscribe(self, channel: str) -> None:
        self.wanted.add(channel.encode())
        await self.pubsub.ssubscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        self.wanted.discard(channel.encode())
        await self.pubsub.sunsubscribe(channel)

    async def publish(self, channel: str, data: bytes) -> None:
        await self.redis.spublish(channel, data)

    async def get(self) -> dict[str, Any] | None:
        if not self.pubsub.node_pubsub_mapping:
            await asyncio.sleep(POLL)
            return None
        msg = await self.pubsub.get_sharded_message(timeout=POLL)
        if msg is None:
            return None
        kind = msg.get("type")
        if kind == "sunsubscribe" and msg.get("channel") in self.wanted:
            self.lost = True  # the slot moved (a failover): the server dropped our subscription
            raise ConnectionError(f"shard channel {msg['channel']!r} unsubscribed by the server")
        if kind != "smessage":
            return None
        return {**msg, "type": "message"}

    async def recover(self) -> None:
        """Learn the slot map again and subscribe every wanted channel on its owner."""
        with contextlib.suppress(Exception):
            await self.redis.nodes_manager.initialize()
        try:
            await self.pubsub.reinitialize_shard_subscriptions()
        except Exception as exc:
            log.warning("shard subscriptions not all moved yet: %s", exc)
        for channel in list(self.wanted):  # a channel the server dropped is not tracked any more
            if channel not in self.pubsub.shard_channels:
                with contextlib.suppress(Exception):
                    await self.pubsub.ssubscribe(channel)
        self.lost = False

    async def close(self) -> None:
        await self.pubsub.aclose()


def bus(redis: Any) -> Classic | Sharded:
    return Sharded(redis) if clustered(redis) else Classic(redis)
