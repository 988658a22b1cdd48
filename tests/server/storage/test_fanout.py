"""The fan-out hub (server.storage.fanout) on a real Redis that goes away and comes back: a room
whose channel subscription failed is subscribed by the next socket added to it, so its
sockets get the other nodes' commits once the store is back. (Before, the first socket
stayed registered with no subscription made, every later socket counted the room as
subscribed, and nothing published to the room reached this node again.)"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgpack
import pytest
from redis.asyncio import Redis

from server.runtime.outage import STORE_ERRORS
from server.storage.embedded import EmbeddedRedis
from server.storage.fanout import CHAT, COMMIT, Hub, Unheard, chat_payload, kind, payload
from server.storage.keys import channel
from server.transport.session import Session


class Frames:
    """A socket's writer that keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def write(self, frame: bytes) -> None:
        self.sent.append(frame)

    def close(self, code: int, reason: str) -> None:
        pass


def seated(room: str, player: str) -> tuple[Session, Frames]:
    out = Frames()
    sess = Session(out, rate=100, burst=100)
    sess.player, sess.rooms[room], sess.seen[room] = player, 0, 0
    return sess, out


async def test_a_failed_subscription_is_made_by_the_next_socket_of_the_room(tmp_path: Path) -> None:
    store = EmbeddedRedis(tmp_path / "redis")
    redis = Redis.from_url(store.start(), socket_timeout=2, socket_connect_timeout=1)
    hub = Hub(redis, "here", Unheard())
    await hub.start()
    try:
        first, _ = seated("r1", "p1")
        store.stop()
        conn = hub.bus.pubsub.connection
        for _ in range(600):  # until the hub's reader has seen its connection go (30 s at most)
            if conn is None or not conn.is_connected:
                break
            await asyncio.sleep(0.05)
        with pytest.raises(STORE_ERRORS):
            await hub.add("r1", first, 0)  # answered `unavailable`; the client sends it again
        store.start()
        second, out = seated("r1", "p1")
        await hub.add("r1", second, 0)
        frame = b"diff-1"
        body = payload("there", "r1", 1, {"0": frame}, None, "", ["p1"])
        for _ in range(600):  # the hub's reader comes back from the outage on its own (30 s at most)
            await redis.publish(channel("r1"), body)
            await asyncio.sleep(0.05)
            if out.sent:
                break
        assert out.sent == [frame]
    finally:
        await hub.stop()
        await redis.aclose()
        store.stop()


def test_a_payload_says_its_kind_and_an_earlier_releases_is_told_by_its_fields() -> None:
    def read(data: bytes) -> dict[str, Any]:
        return msgpack.unpackb(data.partition(b"|")[2], raw=False)

    assert kind(read(payload("n", "r", 3, {"0": b"f"}, None, ""))) == COMMIT
    assert kind(read(chat_payload("n", "r", "players", b"frame"))) == CHAT
    assert kind({"r": "r", "c": "players", "m": b"frame"}) == CHAT  # an earlier node's chat message
    assert kind({"r": "r", "s": 3, "u": [], "f": {}}) == COMMIT  # and its commit
