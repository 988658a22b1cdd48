"""Matchmaking: tickets in Redis sorted sets, one matcher at a time under a lease.

`queue {game, players, options}` files a ticket for the player in the queue of that
exact (game, player count, options); `unqueue` or a closed socket withdraws it. Every
node runs the matcher loop, but only the holder of the lease (SET NX PX, renewed while
held) matches, so any node may die. The matcher pops the oldest tickets of a full
queue, creates the room with those players seated and the game started, and tells each
player's node (its pub/sub channel), which sends `matched {room, seat}` to the player's
sockets; the client then joins the room as usual.

Keys: mm:queues (set of queue keys), mm:q:<game>:<players>:<options> (sorted set of
player ids by time), mm:ticket:<player> (hash: queue key, node, name), mm:lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from typing import Any

import msgpack
from redis.asyncio import Redis

from server import background, fair
from server import room as rm
from server.fanout import Hub, payload
from server.games import registry
from server.outage import STORE_ERRORS, QuietLog
from server.rooms import table_for
from server.store import Commit, Store

log = logging.getLogger("longhall.matchmaker")
quiet = QuietLog(log)
LEASE_MS = 3000
TICK = 0.1


def text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def queue_key(game: str, players: int, options: dict[str, Any]) -> str:
    digest = hashlib.sha1(json.dumps(options, sort_keys=True).encode()).hexdigest()[:12]
    return f"mm:q:{game}:{players}:{digest}"


class Matchmaker:
    def __init__(self, redis: Redis, store: Store, hub: Hub, node: str) -> None:
        self.redis, self.store, self.hub, self.node = redis, store, hub, node
        self._task: asyncio.Task[None] | None = None

    async def queue(self, player: str, name: str, game_name: str, players: int, options: Any) -> None:
        _, resolved, _ = table_for(game_name, players, options)
        key = queue_key(game_name, players, resolved)
        await self.unqueue(player)  # one ticket per player
        ticket = {
            "queue": key, "node": self.node, "name": name, "game": game_name, "players": str(players),
            "options": json.dumps(resolved),
        }  # fmt: skip
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(f"mm:ticket:{player}", mapping=ticket)  # type: ignore[arg-type]
            pipe.zadd(key, {player: time.time()})
            pipe.sadd("mm:queues", key)
            await pipe.execute()

    async def unqueue(self, player: str) -> None:
        key = await self.redis.hget(f"mm:ticket:{player}", "queue")
        async with self.redis.pipeline(transaction=True) as pipe:
            if key:
                pipe.zrem(key, player)
            pipe.delete(f"mm:ticket:{player}")
            await pipe.execute()

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        await background.stop(self._task)
        with contextlib.suppress(Exception):  # hand the lease on at once if we hold it
            if text(await self.redis.get("mm:lease")) == self.node:
                await self.redis.delete("mm:lease")

    async def _loop(self) -> None:
        while True:
            try:
                if await self._lease():
                    await self._match_all()
            except asyncio.CancelledError:
                raise
            except STORE_ERRORS as exc:
                quiet.warn("round", "matcher round failed", exc)
            except Exception:
                log.warning("matcher round failed", exc_info=True)
            await asyncio.sleep(TICK)

    async def _lease(self) -> bool:
        if await self.redis.set("mm:lease", self.node, nx=True, px=LEASE_MS):
            return True
        if text(await self.redis.get("mm:lease")) == self.node:
            await self.redis.pexpire("mm:lease", LEASE_MS)
            return True
        return False

    async def _match_all(self) -> None:
        for raw in await self.redis.smembers("mm:queues"):
            key = text(raw)
            players = int(key.split(":")[3])
            while await self.redis.zcard(key) >= players:
                popped: list[tuple[bytes, float]] = list(await self.redis.zpopmin(key, players))  # type: ignore[arg-type]
                if len(popped) < players:  # raced with an unqueue: put them back
                    if popped:
                        await self.redis.zadd(key, {text(p): score for p, score in popped})
                    break
                await self._make_room([text(p) for p, _ in popped])

    async def _make_room(self, players: list[str]) -> None:
        raw = [await self.redis.hgetall(f"mm:ticket:{p}") for p in players]
        tickets = [{text(k): text(v) for k, v in t.items()} for t in raw]
        if not all(tickets):  # a ticket vanished (unqueued between pop and here): requeue the rest
            for p, t in zip(players, tickets, strict=True):
                if t:
                    await self.redis.zadd(t["queue"], {p: time.time()})
            return
        game = registry.get(tickets[0]["game"])
        assert game is not None
        options = json.loads(tickets[0]["options"])
        seats = [{"player": p, "name": t["name"]} for p, t in zip(players, tickets, strict=True)]
        doc = {**rm.new_doc(game, options, len(players), False, players[0], ""), "seats": seats}
        doc = fair.deal(game, doc)
        room = secrets.token_hex(5)
        c = Commit(
            room=room, expected_seq=-1, doc=msgpack.packb(doc),
            entry={"k": "matched", "players": players},
            payload=payload(self.node, room, 0, {}, None, ""), meta={**rm.meta(doc), "private": 0},
            public="add", created=int(time.time() * 1000), ttl=-1,
        )  # fmt: skip
        if (await self.store.commit(c)).status != "ok":
            raise RuntimeError("room id collision while matching")
        for seat, (p, t) in enumerate(zip(players, tickets, strict=True)):
            await self.redis.delete(f"mm:ticket:{p}")
            await self.hub.tell(t["node"], {"k": "matched", "player": p, "room": room, "seat": seat})
