"""Catching up after a pub/sub loss (server.catchup) on a real node, a real Redis and real
sockets: the catch-up must not overtake a change this node is committing.

A `start` is answered by the diff of its commit. Between the commit script and that diff
the node still updates the lobby's indexes (server.store `_index`); a catch-up that read
the room meanwhile sent the host a snapshot at the new seq, the diff was then dropped as
already seen, and the host's `start` went unanswered (seen seating 200 tables on a
Redis Cluster, where a pub/sub read error made every node catch up again and again).
The relay below stands for a slow link: it holds the node's index update back, long
enough for the hub to lose its pub/sub connection and catch up in the gap.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import redis

from clients.python.client import Client
from server.embedded_redis import free_port
from server.store import keys
from tests.cluster import ServerProc


class Relay:
    """A TCP relay to Redis that holds back, while armed, the first request of the node
    that contains `marker`, and notes when a request containing `watch` goes through."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self.marker = b""
        self.held = asyncio.Event()  # the marked request is being held
        self.release = asyncio.Event()
        self.watch = b""
        self.watched = asyncio.Event()
        self.server: asyncio.Server | None = None
        self.pumps: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def start(self) -> Relay:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", self.port)
        return self

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        for task in self.pumps:
            task.cancel()
        await asyncio.gather(*self.pumps, return_exceptions=True)

    async def _link(self, node_r: asyncio.StreamReader, node_w: asyncio.StreamWriter) -> None:
        redis_r, redis_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        for task in (self._pump(node_r, redis_w, requests=True), self._pump(redis_r, node_w, requests=False)):
            t = asyncio.get_running_loop().create_task(task)
            self.pumps.add(t)
            t.add_done_callback(self.pumps.discard)

    async def _pump(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, requests: bool) -> None:
        try:
            while data := await src.read(65536):
                if requests and self.marker and self.marker in data:
                    self.marker = b""
                    self.held.set()
                    await self.release.wait()
                if requests and self.watch and self.watch in data:
                    self.watched.set()
                dst.write(data)
                await dst.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            with contextlib.suppress(Exception):
                dst.close()


async def test_a_catch_up_does_not_swallow_the_diff_that_answers_a_start(own_redis: str, data_dir: Path) -> None:
    direct = redis.Redis.from_url(own_redis)
    relay = await Relay(direct.connection_pool.connection_kwargs["port"]).start()
    node = await asyncio.to_thread(ServerProc(data_dir, relay.url).start)
    host, guest = Client(node.url, name="host"), Client(node.url, name="guest")
    try:
        await host.connect()
        await guest.connect()
        room = (await host.create("highcard", seats=2)).room
        await guest.join(room)
        relay.marker = b"rooms:playing"  # the index update after the start's commit script
        relay.watch = keys(room)[0].encode()  # a read of the room's document: the catch-up
        start = asyncio.get_running_loop().create_task(host.start(room))
        await asyncio.wait_for(relay.held.wait(), 10)
        relay.watched.clear()
        # the start is committed in Redis and not yet delivered: the hub loses its pub/sub
        assert direct.client_kill_filter(_type="pubsub") >= 1
        with contextlib.suppress(TimeoutError):  # the catch-up reads the room, unless it waits
            await asyncio.wait_for(relay.watched.wait(), 3)
        relay.release.set()
        await asyncio.wait_for(start, 10)  # answered by its diff
        assert host.rooms[room].view["status"] == "playing"
        await guest.wait_until(lambda: guest.rooms[room].view["status"] == "playing", 10)
    finally:
        relay.release.set()
        await host.close()
        await guest.close()
        await asyncio.to_thread(node.stop)
        await relay.stop()
        direct.close()
