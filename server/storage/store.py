"""The Redis model of rooms: keys, the commit script, loading.

Keys share a hash tag per room so one room lives in one cluster slot:
  room:{ID}:doc    hash: seq, doc (msgpack of the room document, engine state included)
  room:{ID}:tail   list: the log entries of the plain moves committed since `doc` was
                   written (seq - LLEN of them); the document at `seq` is `doc` with them
                   applied again (see "The document and its tail" below)
  room:{ID}:meta   hash: what the lobby lists (game, seats taken/total, status, private)
  room:{ID}:log    stream: every committed change (moves, joins, start) — audit and replay
  room:{ID}:ids    hash: "<player>:<move id>" -> seq, for idempotent moves
  room:{ID}:watch  hash: node -> spectators connected there (refreshed, expires)
  rooms:public:{GAME}  sorted set of one game's open public room ids by creation time
                   (one index per game, each in its own cluster slot: no one hot key)
  rooms:playing    sorted set of games in play by when a player was last connected
  rooms:correspondence  sorted set of games of days per move in play, by their start: no
                   presence, absence or abandonment looks at them, their clocks end a stall
  rooms:open       sorted set of rooms not started yet, by creation (absent seats are freed)
  room:{ID}:here   hash: seat -> when a node last held a socket of it (server.play.absence)
  room:{ID}:chat   stream: the table's chat (server.play.chat)
Fan-out goes on the pub/sub channel room:{ID} (a shard channel on a Redis Cluster, in the
room's slot: server.storage.channels).

Every change of a room is ONE round trip: the commit script checks the expected seq
(optimistic concurrency) and the move id, writes the document, appends the log entry,
updates the lobby fields and publishes the fan-out payload. The script touches the
room's keys only, one cluster slot; the public-room index and the games-in-play index
span rooms, so they are updated after the commit, only when a room is created, starts or
ends (`_index`).

The document and its tail: a commit writes the whole document (about 4 KB in a game of
Vikings), except for a plain move — a player's own decision in an untimed room without
undo, that leaves the game in play, committed by the node that made the room's previous
commit too — which appends its log entry to the tail instead, until `doc_every` commits
have passed since the document was last written whole (server.rooms.service). Packing and
sending the whole document was a seventh of a node's CPU per move. A load reads the
document and its tail in one script and applies the tail's moves again through the
engine (`server.rooms.document.replayed`, called by the room service on the document and
tail a load returns), as the commit made them: every entry of a tail is a plain move,
so nothing but the engine's apply and the decision's description is made again. Every
other change, the end of a game among them, writes the whole document and empties the
tail: a finished room's `doc` is its final document. A node that shuts down gracefully
writes whole the documents whose tails it made (`flush`): a tail is replayed by the
engine of the release that wrote it, unless that node was killed.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

import msgpack
from redis.asyncio import Redis
from redis.exceptions import NoScriptError, RedisError

from protocol.codec import pack
from server.games import registry
from server.runtime import logs, metrics
from server.runtime.outage import QuietLog
from server.storage.client import clustered
from server.storage.keys import (
    CORRESPONDENCE_ROOMS,
    OPEN_ROOMS,
    PLAYING_ROOMS,
    channel,
    keys,
    player_rooms_key,
    public_key,
)
from server.storage.resp import ScriptRunner, plain

SEATS_KEPT = 500  # rooms a player's games list remembers, the newest
SEATS_TTL = 90 * 24 * 3600  # seconds a games list outlives its player's last seat (no guest's list stays for good)

COMMIT = """
local cur = tonumber(redis.call('HGET', KEYS[1], 'seq') or '-1')
if ARGV[3] ~= '' then
  local prev = redis.call('HGET', KEYS[3], ARGV[3])
  if prev then
    redis.call('HSET', KEYS[3], ARGV[3], prev)  -- a write: a WAIT after this answer covers the commit
    return {'dup', tonumber(prev)}
  end
end
if cur ~= tonumber(ARGV[1]) then return {'stale', cur} end
local seq = cur + 1
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[1], 'seq', seq, 'doc', ARGV[2])
  redis.call('DEL', KEYS[6])
else  -- a plain move: its entry goes to the tail, the document stays as it was written last
  redis.call('HSET', KEYS[1], 'seq', seq)
  redis.call('RPUSH', KEYS[6], ARGV[4])
end
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
  for i = 1, 6 do redis.call('EXPIRE', KEYS[i], ttl) end
elseif ttl < 0 then
  for i = 1, 6 do redis.call('PERSIST', KEYS[i]) end
end
redis.call('PUBLISH', ARGV[5], ARGV[6])
return {'ok', seq}
"""
# a node going down writes whole the documents whose tails it made (`Store.flush`): only
# while the room is still at the seq the node committed last
FLUSH = """
if tonumber(redis.call('HGET', KEYS[1], 'seq') or '-1') ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'doc', ARGV[2])
redis.call('DEL', KEYS[6])
return 1
"""
# a room as it stands: the document last written whole, the tail after it, the move ids
LOAD = """
return {redis.call('HMGET', KEYS[1], 'seq', 'doc'), redis.call('LRANGE', KEYS[6], 0, -1),
        redis.call('HGETALL', KEYS[3])}
"""
# a move answered from a node's cache (a resend) when commits wait for replicas: the id's
# commit must still be in Redis; writing its entry again lets a WAIT after it cover it
CONFIRM = """
local seq = redis.call('HGET', KEYS[1], ARGV[1])
if seq then redis.call('HSET', KEYS[1], ARGV[1], seq) end
return seq
"""
# on a Redis Cluster the fan-out is sharded pub/sub: the channel room:{ID} is in the
# room's slot, so the script still touches one slot (server.storage.channels)
COMMIT_SHARDED = COMMIT.replace("redis.call('PUBLISH'", "redis.call('SPUBLISH'")

log = logging.getLogger("longhall.store")
quiet = QuietLog(log)


def text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


@dataclass
class Commit:
    """One change of a room, as the commit script takes it."""

    room: str
    expected_seq: int
    doc: bytes  # b"": a plain move, its entry appended to the tail instead
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
    confirmed: bool = True  # as many replicas as asked for acknowledged it (`Store.replicas`)


@dataclass
class Loaded:
    """A room as Redis holds it: the document at `seq` is `doc` with the `tail`'s plain
    moves made again (server.rooms.service does it). A tail changes no seat, status,
    clock or option: what the lobby, the referee and the matchmaker read of `doc` is current."""

    seq: int
    doc: dict[str, Any]  # the document last written whole, at seq - len(tail)
    ids: dict[str, int]
    tail: list[dict[str, Any]]  # the log entries of the plain moves committed since (oldest first)

    @property
    def base(self) -> int:
        return self.seq - len(self.tail)


class Store:
    """`replicas`: how many replicas must acknowledge a commit (Redis WAIT, within
    `replica_wait` seconds) before a move is answered `ok` (0: none, the default)."""

    def __init__(self, redis: Redis, url: str = "", timeout: float = 5.0, replicas: int = 0,
                 replica_wait: float = 1.0) -> None:  # fmt: skip
        self.redis = redis
        self.sharded = clustered(redis)
        self.replicas = replicas
        self.wait_ms = max(1, int(min(replica_wait, timeout / 2) * 1000))  # a WAIT ends well within the timeout
        script = COMMIT_SHARDED if self.sharded else COMMIT
        lean = url and plain(url) and not self.sharded  # the lean runner talks to one host
        self._lean = ScriptRunner(url, script, timeout=timeout) if lean else None
        self._lean_confirm = ScriptRunner(url, CONFIRM, size=1, timeout=timeout) if lean and replicas else None
        self._commit = redis.register_script(script)
        self._confirm = redis.register_script(CONFIRM)
        self._load = redis.register_script(LOAD)
        self._flush = redis.register_script(FLUSH)

    async def commit(self, c: Commit) -> Outcome:
        meta = [str(x) for kv in (c.meta or {}).items() for x in kv]
        argv: list[bytes | str | int] = [
            c.expected_seq, c.doc, c.id_key, pack(c.entry), channel(c.room), c.payload,
            len(meta) // 2, *meta, c.ttl,
        ]  # fmt: skip
        t0 = time.perf_counter()
        acked = self.replicas
        if self.replicas:
            (status, seq), acked = await self._waited(self._commit, self._lean, keys(c.room), argv)
        elif self._lean is not None:
            status, seq = await self._lean(keys(c.room), argv)
        else:
            status, seq = await self._commit(keys=keys(c.room), args=argv)
        out = Outcome(status.decode() if isinstance(status, bytes) else status, int(seq), acked >= self.replicas)
        if not out.confirmed and out.status != "stale":
            quiet.warn("replicas", f"a commit of room {c.room} was not acknowledged by {self.replicas} replica(s)")
        metrics.commit_done(c.entry.get("k", "?"), out.status if out.confirmed else "unconfirmed",
                            time.perf_counter() - t0)  # fmt: skip
        if out.status == "ok":
            logs.committed(c.room, c.entry, out.seq, c.meta)
            if c.public or c.ttl < 0 or c.entry.get("k") == "create":
                await self._index(c)
        return out

    async def confirm(self, room: str, id_key: str) -> bool | None:
        """Whether a move id's commit, still in Redis, is acknowledged by `replicas`
        replicas now (a resend answered from a node's cache); None: Redis no longer holds
        it (lost with a master that died before replicating it: the move may be applied
        afresh)."""
        (seq,), acked = await self._waited(self._confirm, self._lean_confirm, [keys(room)[2]], [id_key])
        return None if seq is None else acked >= self.replicas

    async def _waited(self, script: Any, lean: ScriptRunner | None, k: list[str], argv: list[Any]) -> tuple[Any, int]:
        """A script's reply (a list) and the replicas that acknowledged its writes (a WAIT
        after it, on its connection: WAIT counts the writes of the connection it is sent on)."""
        if lean is not None:
            reply, acked = await lean.waited(k, argv, self.replicas, self.wait_ms)
        else:
            try:
                reply, acked = await self._pipelined(script.sha, k, argv)
            except NoScriptError:  # a restarted Redis forgot it: loaded, then once more
                await self.redis.script_load(script.script)
                reply, acked = await self._pipelined(script.sha, k, argv)
        return (reply if isinstance(reply, list) else [reply]), int(acked)

    async def _pipelined(self, sha: str, k: list[str], argv: list[Any]) -> list[Any]:
        """EVALSHA then WAIT, one pipeline on the node that owns the keys."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.execute_command("EVALSHA", sha, len(k), *k, *argv)  # (its method is barred from cluster pipelines)
        on = {"target_nodes": self.redis.get_node_from_key(k[0])} if self.sharded else {}  # type: ignore[attr-defined]
        pipe.execute_command("WAIT", self.replicas, self.wait_ms, **on)
        return await pipe.execute()

    async def _index(self, c: Commit) -> None:
        """List a new public room in the lobby, or drop one that ended; list a game that
        starts as in play, or drop one that ended. Not atomic with the commit (the indexes
        live in other cluster slots): if this fails, the room is committed all the same;
        an unlisted room is still joined by its id, a listed one that has expired is
        pruned by `public_rooms`, and a game in play missing from its index is added back
        by the presence sweep of a node its players are connected to (server.play.abandonment)."""
        try:
            game = ""
            if c.public:
                game = str((c.meta or {}).get("game") or text(await self.redis.hget(keys(c.room)[3], "game")))
            async with self.redis.pipeline(transaction=False) as pipe:  # one round trip (several slots)
                if c.entry.get("k") == "create":
                    pipe.zadd(OPEN_ROOMS, {c.room: c.created})
                if c.ttl < 0:  # a game starts: in play from now (server.play.abandonment refreshes it)
                    days = (c.meta or {}).get("days")  # a game of days per move: its clock alone watches it
                    pipe.zadd(CORRESPONDENCE_ROOMS if days else PLAYING_ROOMS, {c.room: c.created})
                    pipe.zrem(OPEN_ROOMS, c.room)
                if c.public == "add":
                    pipe.zadd(public_key(game), {c.room: c.created})
                elif c.public == "rem":
                    pipe.zrem(public_key(game), c.room)
                    pipe.zrem(PLAYING_ROOMS, c.room)
                    pipe.zrem(CORRESPONDENCE_ROOMS, c.room)
                await pipe.execute()
        except (OSError, RedisError):
            log.warning("room indexes not updated", extra={"room": c.room, "status": c.public})

    async def load(self, room: str) -> Loaded | None:
        (seq, raw), tail, flat = await self._load(keys=keys(room))
        if seq is None or raw is None:
            return None
        ids = {text(flat[i]): int(flat[i + 1]) for i in range(0, len(flat), 2)}
        entries = [msgpack.unpackb(e, raw=False) for e in tail]
        return Loaded(int(seq), msgpack.unpackb(raw, raw=False), ids, entries)

    async def flush(self, room: str, seq: int, doc: bytes) -> bool:
        """Write the room's document at `seq` whole and empty its tail, if Redis holds the
        room at that seq still (a node's graceful shutdown: server.rooms.service.flush)."""
        return bool(await self._flush(keys=keys(room), args=[seq, doc]))

    def close(self) -> None:
        if self._lean is not None:
            self._lean.close()

    async def public_ids(self, games: list[str], limit: int) -> list[tuple[str, str]]:
        """The newest `limit` open public rooms over every game's index: (game, room)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for game in games:
                pipe.zrevrange(public_key(game), 0, limit - 1, withscores=True)
            answers = await pipe.execute()
        found = [(score, game, text(r)) for game, rows in zip(games, answers, strict=True) for r, score in rows]
        found.sort(reverse=True)
        return [(game, rid) for _, game, rid in found[:limit]]

    async def public_rooms(self, limit: int = 200, games: list[str] | None = None) -> list[dict[str, Any]]:
        """The lobby: open public rooms of `games` (default: every hosted game), newest first."""
        listed = await self.public_ids(games if games is not None else list(registry.games()), limit)
        ids = [rid for _, rid in listed]
        async with self.redis.pipeline(transaction=False) as pipe:
            for rid in ids:
                pipe.hgetall(keys(rid)[3])
                pipe.hvals(keys(rid)[4])
            answers = await pipe.execute()
        rooms = []
        gone = []
        for (game, rid), meta, watch in zip(listed, answers[::2], answers[1::2], strict=True):
            if not meta:  # the room expired (abandoned before its start)
                gone.append((game, rid))
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
                    "rated": m.get("rated") == "1",
                }
            )
        for game, rid in gone:
            await self.redis.zrem(public_key(game), rid)
        return rooms

    async def seated(self, room: str, players: list[str], at: int) -> None:
        """Note that `players` took a seat in `room` at `at` (ms): their games lists
        (server.play.correspondence) read these, newest first, the longest cut to SEATS_KEPT."""
        if not players:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for player in players:
                pipe.zadd(player_rooms_key(player), {room: at})
                pipe.zremrangebyrank(player_rooms_key(player), 0, -SEATS_KEPT - 1)
                pipe.expire(player_rooms_key(player), SEATS_TTL)
            await pipe.execute()

    async def last_changes(self, rooms: list[str]) -> list[int | None]:
        """When each room last changed (ms, the id of its log's last entry; None: no log)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.xrevrange(keys(room)[1], count=1)
            answers = await pipe.execute()
        out: list[int | None] = []
        for entries in answers:
            if not entries:
                out.append(None)
                continue
            sid = entries[0][0]
            out.append(int((sid.decode() if isinstance(sid, bytes) else str(sid)).split("-")[0]))
        return out

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
