"""The Redis model of rooms: keys, the commit script, loading.

Keys share a hash tag per room so one room lives in one cluster slot:
  room:{ID}:doc    hash: seq, doc (msgpack of the room document, engine state included)
  room:{ID}:meta   hash: what the lobby lists (game, seats taken/total, status, private)
  room:{ID}:log    stream: every committed change (moves, joins, start) — audit and replay
  room:{ID}:ids    hash: "<player>:<move id>" -> seq, for idempotent moves
  room:{ID}:watch  hash: node -> spectators connected there (refreshed, expires)
  rooms:public     sorted set of open public room ids by creation time
  rooms:playing    sorted set of games in play by when a player was last connected
  rooms:open       sorted set of rooms not started yet, by creation (absent seats are freed)
  room:{ID}:here   hash: seat -> when a node last held a socket of it (server.absence)
  room:{ID}:chat   stream: the table's chat (server.chat)
Fan-out goes on the pub/sub channel room:{ID}.

Every change of a room is ONE round trip: the commit script checks the expected seq
(optimistic concurrency) and the move id, writes the document, appends the log entry,
updates the lobby fields and publishes the fan-out payload. The script touches the
room's keys only, one cluster slot; the public-room index and the games-in-play index
span rooms, so they are updated after the commit, only when a room is created, starts or
ends (`_index`).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

import msgpack
from redis.asyncio import Redis
from redis.exceptions import RedisError

from server import logs, metrics
from server.resp import ScriptRunner

COMMIT = """
local cur = tonumber(redis.call('HGET', KEYS[1], 'seq') or '-1')
if ARGV[3] ~= '' then
  local prev = redis.call('HGET', KEYS[3], ARGV[3])
  if prev then return {'dup', tonumber(prev)} end
end
if cur ~= tonumber(ARGV[1]) then return {'stale', cur} end
local seq = cur + 1
redis.call('HSET', KEYS[1], 'seq', seq, 'doc', ARGV[2])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[3], ARGV[3], seq) end
redis.call('XADD', KEYS[2], '*', 'seq', seq, 'entry', ARGV[4])
local n = tonumber(ARGV[7])
if n > 0 then
  local meta = {}
  for i = 8, 7 + 2 * n do meta[#meta + 1] = ARGV[i] end
  redis.call('HSET', KEYS[4], unpack(meta))
end
local ttl = tonumber(ARGV[8 + 2 * n])
if ttl > 0 then
  for i = 1, 5 do redis.call('EXPIRE', KEYS[i], ttl) end
elseif ttl < 0 then
  for i = 1, 5 do redis.call('PERSIST', KEYS[i]) end
end
redis.call('PUBLISH', ARGV[5], ARGV[6])
return {'ok', seq}
"""

PUBLIC_ROOMS = "rooms:public"
log = logging.getLogger("longhall.store")
PLAYING_ROOMS = "rooms:playing"  # games in play by last presence (server.abandon)
OPEN_ROOMS = "rooms:open"  # rooms not started yet, by creation (server.absence)


def keys(room: str) -> list[str]:
    base = f"room:{{{room}}}"
    return [f"{base}:doc", f"{base}:log", f"{base}:ids", f"{base}:meta", f"{base}:watch"]


def here_key(room: str) -> str:
    """Who holds a socket of each seat (server.absence); dropped with the room."""
    return f"room:{{{room}}}:here"


def channel(room: str) -> str:
    return f"room:{{{room}}}"


@dataclass
class Commit:
    """One change of a room, as the commit script takes it."""

    room: str
    expected_seq: int
    doc: bytes
    entry: dict[str, Any]
    payload: bytes
    id_key: str = ""
    meta: dict[str, str | int] | None = None
    ttl: int = 0  # seconds to live from now; 0 keeps the current expiry, -1 removes it (a start)
    public: str = ""  # "add" | "rem" | ""
    created: int = 0  # ms: a new public room's listing time, a started game's first presence


@dataclass
class Outcome:
    status: str  # "ok" | "dup" | "stale"
    seq: int


@dataclass
class Loaded:
    seq: int
    doc: dict[str, Any]
    doc_bytes: bytes
    ids: dict[str, int]


class Store:
    def __init__(self, redis: Redis, url: str = "", timeout: float = 5.0) -> None:
        self.redis = redis
        self._lean = ScriptRunner(url, COMMIT, timeout=timeout) if url and ScriptRunner.usable(url) else None
        self._commit = redis.register_script(COMMIT)

    async def commit(self, c: Commit) -> Outcome:
        meta = [str(x) for kv in (c.meta or {}).items() for x in kv]
        argv = [
            c.expected_seq, c.doc, c.id_key, msgpack.packb(c.entry), channel(c.room), c.payload,
            len(meta) // 2, *meta, c.ttl,
        ]  # fmt: skip
        t0 = time.perf_counter()
        if self._lean is not None:
            status, seq = await self._lean(keys(c.room), argv)
        else:
            status, seq = await self._commit(keys=keys(c.room), args=argv)
        out = Outcome(status.decode() if isinstance(status, bytes) else status, int(seq))
        metrics.commit_done(c.entry.get("k", "?"), out.status, time.perf_counter() - t0)
        if out.status == "ok":
            logs.committed(c.room, c.entry, out.seq, c.meta)
            if c.public or c.ttl < 0 or c.entry.get("k") == "create":
                await self._index(c)
        return out

    async def _index(self, c: Commit) -> None:
        """List a new public room in the lobby, or drop one that ended; list a game that
        starts as in play, or drop one that ended. Not atomic with the commit (the indexes
        live in other cluster slots): if this fails, the room is committed all the same;
        an unlisted room is still joined by its id, a listed one that has expired is
        pruned by `public_rooms`, and a game in play missing from its index is added back
        by the presence sweep of a node its players are connected to (server.abandon)."""
        try:
            if c.entry.get("k") == "create":
                await self.redis.zadd(OPEN_ROOMS, {c.room: c.created})
            if c.ttl < 0:  # a game starts: in play from now (server.abandon refreshes it)
                await self.redis.zadd(PLAYING_ROOMS, {c.room: c.created})
                await self.redis.zrem(OPEN_ROOMS, c.room)
            if c.public == "add":
                await self.redis.zadd(PUBLIC_ROOMS, {c.room: c.created})
            elif c.public == "rem":
                await self.redis.zrem(PUBLIC_ROOMS, c.room)
                await self.redis.zrem(PLAYING_ROOMS, c.room)
        except (OSError, RedisError):
            log.warning("room indexes not updated", extra={"room": c.room, "status": c.public})

    async def load(self, room: str) -> Loaded | None:
        k = keys(room)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(k[0], "seq", "doc")
            pipe.hgetall(k[2])
            (seq, doc), ids = await pipe.execute()
        if seq is None or doc is None:
            return None
        return Loaded(
            int(seq),
            msgpack.unpackb(doc, raw=False),
            doc,
            {key.decode(): int(v) for key, v in ids.items()},
        )

    def close(self) -> None:
        if self._lean is not None:
            self._lean.close()

    async def public_rooms(self, limit: int = 200) -> list[dict[str, Any]]:
        ids = [
            r.decode() if isinstance(r, bytes) else str(r)
            for r in await self.redis.zrevrange(PUBLIC_ROOMS, 0, limit - 1)
        ]
        async with self.redis.pipeline(transaction=False) as pipe:
            for rid in ids:
                pipe.hgetall(keys(rid)[3])
                pipe.hvals(keys(rid)[4])
            answers = await pipe.execute()
        rooms = []
        gone = []
        for rid, meta, watch in zip(ids, answers[::2], answers[1::2], strict=True):
            if not meta:  # the room expired (abandoned before its start)
                gone.append(rid)
                continue
            m = {k.decode(): v.decode() for k, v in meta.items()}
            rooms.append(
                {
                    "room": rid,
                    "game": m.get("game"),
                    "status": m.get("status"),
                    "seats": int(m.get("seats", 0)),
                    "taken": int(m.get("taken", 0)),
                    "options": msgpack.unpackb(bytes.fromhex(m.get("options", "80"))),
                    "spectators": sum(int(w) for w in watch),
                }
            )
        if gone:
            await self.redis.zrem(PUBLIC_ROOMS, *gone)
        return rooms

    async def set_watchers(self, node: str, counts: dict[str, int], ttl: int) -> None:
        if not counts:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for room, n in counts.items():
                key = keys(room)[4]
                if n:
                    pipe.hset(key, node, n)
                    pipe.expire(key, ttl)
                else:
                    pipe.hdel(key, node)
            await pipe.execute()
