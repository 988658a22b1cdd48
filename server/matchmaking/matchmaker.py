"""Matchmaking: tickets in Redis, one matcher at a time under a lease, no ticket lost.

`queue {game, players, options}` files a ticket for the player in the queue of that
exact (game, player count, options), with the player's rating in that game (the
leaderboard's score; 0 for a newcomer); `unqueue` or a closed socket withdraws it. Every
node runs the matcher loop, but only the holder of the lease (SET NX PX, renewed while
held) matches, so any node may die. The matcher groups each queue's tickets by rating
(server.matchmaking.grouping: the window widens with waiting; bots may fill a table after
`LONGHALL_BOT_FILL` seconds), creates each room with those players seated and the game
started, and tells each player's node, which sends `matched {room, seat}`.

Every matchmade game is timed, so it is rated (server.rooms.document.rated) and no
player can stall it: a total per player with an increment per decision (`MATCH_CLOCKS`,
sized to each game's usual count of decisions per seat; `MATCH_CLOCK` for any other),
and a seat whose time runs out has a bot decide for it (the "bot" policy) at the pace of
its increment, so the game still ends by its rules and is rated by its scores. A player
gone from the table is claimed over by the others (server.play.absence).

That message is pub/sub, at most once: a node's subscription gap or a player's socket
dying with it loses it. So each matched player also gets a record, `mm:{mm}:told:<player>`
(the room and seat, kept TOLD_KEEP seconds), written before the players are told. A
player who sends `queue` again while its room is being played is answered `matched`
from that record instead of being queued for a second game; the Python and JS clients
send their `queue` again when they reconnect while waiting; and a node that lost its
pub/sub tells again, from the records, every socket of its own still waiting.

A match is made in steps that a matcher killed at any point leaves repeatable: first
the intent (`mm:match:<room>`: the players and the queue, listed in `mm:matches`; the
room id is drawn then), then each ticket is marked with the room and leaves its queue,
then the room is committed (only if it does not exist yet: a second commit of the same
room is refused by the commit script), then the players are told, and only then are
the tickets and the intent deleted. The next lease holder finishes every intent it
finds before matching anew; a player told twice joins the same room twice, harmlessly.
An intent whose player withdrew before the room existed is dropped and its other
players go back to their queue.

Keys: mm:{mm}:queues (set of queue keys), mm:{mm}:q:<game>:<players>:<options> (sorted
set of player ids by time), mm:{mm}:ticket:<player> (hash: queue, node, name, game,
options, rating, match), mm:{mm}:matches (set of pending room ids), mm:{mm}:match:<room>
(hash), mm:{mm}:told:<player> (hash: room, seat), mm:lease. Every key a transaction here
touches shares the hash tag {mm}, so on a Redis Cluster matchmaking lives in one slot (a
ticket and its queue change together): its load is one write per queue, unqueue and
match, not per move.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
from typing import Any, cast

from redis.asyncio import Redis

from server.games import registry
from server.matchmaking import grouping as matching
from server.rooms import arranged
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms.seating import table_for
from server.runtime import loops as background
from server.runtime import wallclock
from server.runtime.config import Settings
from server.storage.fanout import Hub
from server.storage.keys import (
    MATCHER_LEASE,
    QUEUES,
    board_key,
    keys,
    match_key,
    queue_key,
    ticket_key,
    told_key,
)
from server.storage.keys import MATCHES as PENDING
from server.storage.store import Store, text

log = logging.getLogger("longhall.matchmaker")
LEASE_MS = 3000
TICK = 0.1
SCAN = 5000  # tickets of one queue looked at per round, oldest first
TOLD_KEEP = 600  # seconds a player's match is remembered for a `queue` sent again
# The clock of a matchmade game, per game: random playouts make about 110 decisions per
# seat in a two-player Vikings game, 80 in Hunters & Gatherers, 90-110 in A Feast for Odin.
MATCH_CLOCKS: dict[str, dict[str, Any]] = {
    "vikings": {"total": 600, "increment": 5, "timeout": "bot"},
    "hunters": {"total": 600, "increment": 5, "timeout": "bot"},
    "feast": {"total": 1200, "increment": 10, "timeout": "bot"},
}
MATCH_CLOCK: dict[str, Any] = {"total": 900, "increment": 10, "timeout": "bot"}  # any other game


def match_clock(game: str) -> dict[str, Any]:
    """The clock setting of a matchmade game of `game` (server.rooms.clocks, checked)."""
    timing = clock.settings(MATCH_CLOCKS.get(game, MATCH_CLOCK))
    assert timing is not None
    return timing


class Matchmaker:
    def __init__(self, redis: Redis, store: Store, hub: Hub, node: str, settings: Settings | None = None) -> None:
        self.redis, self.store, self.hub, self.node = redis, store, hub, node
        self.settings = settings or Settings()
        self.made = 0  # rooms this node made (tests, bench)
        self.lease = background.Lease(redis, MATCHER_LEASE, node, LEASE_MS)

    async def queue(self, player: str, name: str, game_name: str, players: int, options: Any) -> dict[str, Any] | None:
        """File the player's ticket; or, when the player was matched into a room that is
        still being played (its `matched` may never have reached it), that match."""
        _, resolved, _ = table_for(game_name, players, options)
        key = queue_key(game_name, players, resolved)
        match = await self.told(player)
        if match is not None:
            return match
        await self.unqueue(player)  # one ticket per player
        rating = await self.redis.zscore(board_key(game_name), player)
        ticket = {
            "queue": key, "node": self.node, "name": name, "game": game_name, "players": str(players),
            "options": json.dumps(resolved), "rating": str(rating or 0.0), "since": repr(time.time()),
        }  # fmt: skip
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(ticket_key(player), mapping=ticket)  # type: ignore[arg-type]
            pipe.zadd(key, {player: float(ticket["since"])})
            pipe.sadd(QUEUES, key)
            await pipe.execute()
        return None

    async def told(self, player: str) -> dict[str, Any] | None:
        """The player's match while its room is being played with the player seated."""
        raw = {text(k): text(v) for k, v in (await self.redis.hgetall(told_key(player))).items()}
        if not raw:
            return None
        room, seat = raw["room"], int(raw["seat"])
        loaded = await self.store.load(room)
        doc = cast(rm.Doc, None if loaded is None else loaded.doc)  # (its tail changes no seat or status)
        if loaded is None or doc["status"] != rm.PLAYING or rm.seat_of(doc, player) != seat:
            await self.redis.delete(told_key(player))
            return None
        return {"room": room, "seat": seat}

    async def unqueue(self, player: str) -> None:
        key = await self.redis.hget(ticket_key(player), "queue")
        async with self.redis.pipeline(transaction=True) as pipe:
            if key:
                pipe.zrem(key, player)
            pipe.delete(ticket_key(player))
            await pipe.execute()

    def register(self, loops: background.Loops) -> None:
        """Its loop: a matching round every TICK under the lease (`release` hands it on)."""
        loops.every("matcher round", TICK, self.round, log)

    async def round(self) -> None:
        if await self.lease.hold():
            await self._match_all()

    async def release(self) -> None:
        """Hand the lease on at once if this node holds it (the loop stopped: a node going down)."""
        with contextlib.suppress(Exception):
            if text(await self.redis.get(MATCHER_LEASE)) == self.node:
                await self.redis.delete(MATCHER_LEASE)
        self.lease.forget()

    async def _match_all(self) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.smembers(PENDING)
            pipe.smembers(QUEUES)
            pending, queues = await pipe.execute()
        for raw in pending:  # a matcher died halfway: finish first
            await self._finish(text(raw))
        for raw in queues:
            key = text(raw)
            seats = int(key.split(":")[-2])
            entries: Any = await self.redis.zrange(key, 0, SCAN - 1, withscores=True)
            if not entries:
                continue
            players = [text(p) for p, _ in entries]
            async with self.redis.pipeline(transaction=False) as pipe:
                for p in players:
                    pipe.hgetall(ticket_key(p))
                raw_tickets = await pipe.execute()
            tickets, gone = [], []
            for (p, since), t in zip(entries, raw_tickets, strict=True):
                t = {text(k): text(v) for k, v in t.items()}
                if not t or t.get("queue") != key:
                    gone.append(text(p))
                elif not t.get("match"):
                    tickets.append(matching.Ticket(text(p), float(t.get("rating", 0)), float(since)))
            if gone:
                await self.redis.zrem(key, *gone)
            s = self.settings
            for g in matching.groups(tickets, seats, time.time(), s.match_window, s.match_widen, s.bot_fill):
                await self._intend(key, g)

    async def _intend(self, key: str, g: matching.Group) -> None:
        room = secrets.token_hex(5)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(match_key(room), mapping={"players": json.dumps(g.players), "bots": g.bots, "queue": key})
            pipe.sadd(PENDING, room)
            for p in g.players:
                pipe.hset(ticket_key(p), "match", room)
            pipe.zrem(key, *g.players)
            await pipe.execute()
        await self._finish(room)

    async def _finish(self, room: str) -> None:
        intent = {text(k): text(v) for k, v in (await self.redis.hgetall(match_key(room))).items()}
        if not intent:
            await self.redis.srem(PENDING, room)
            return
        players: list[str] = json.loads(intent["players"])
        async with self.redis.pipeline(transaction=False) as pipe:
            for p in players:
                pipe.hgetall(ticket_key(p))
            pipe.exists(keys(room)[0])
            *raw, exists = await pipe.execute()
        tickets = [{text(k): text(v) for k, v in t.items()} for t in raw]
        mine = [t.get("match") == room for t in tickets]
        if not exists and not all(mine):  # someone withdrew before the room existed
            await self._abandon(room, intent["queue"], players, tickets, mine)
            return
        if not exists:
            await self._make_room(room, players, tickets, int(intent.get("bots", 0)))
        async with self.redis.pipeline(transaction=True) as pipe:  # remembered before told
            for seat, p in enumerate(players):
                pipe.hset(told_key(p), mapping={"room": room, "seat": seat})
                pipe.expire(told_key(p), TOLD_KEEP)
            await pipe.execute()
        for seat, (p, t) in enumerate(zip(players, tickets, strict=True)):
            if t.get("node"):
                await self.hub.tell(t["node"], {"k": "matched", "player": p, "room": room, "seat": seat})
        async with self.redis.pipeline(transaction=True) as pipe:
            for p, ok in zip(players, mine, strict=True):
                if ok:
                    pipe.delete(ticket_key(p))
            pipe.delete(match_key(room))
            pipe.srem(PENDING, room)
            await pipe.execute()

    async def _abandon(self, room: str, key: str, players: list[str], tickets: list[dict[str, str]],
                       mine: list[bool]) -> None:  # fmt: skip
        async with self.redis.pipeline(transaction=True) as pipe:
            for p, t, ok in zip(players, tickets, mine, strict=True):
                if ok:  # back in its queue, with the time it first queued
                    pipe.hdel(ticket_key(p), "match")
                    pipe.zadd(key, {p: float(t.get("since", time.time()))})
            pipe.delete(match_key(room))
            pipe.srem(PENDING, room)
            await pipe.execute()

    async def _make_room(self, room: str, players: list[str], tickets: list[dict[str, str]], bots: int) -> None:
        game = registry.get(tickets[0]["game"])
        assert game is not None
        named = [(p, t["name"]) for p, t in zip(players, tickets, strict=True)]
        entry = {"k": "matched", "players": players, "bots": bots}
        if await arranged.arrange(
            self.store, self.redis, self.node, room, game, json.loads(tickets[0]["options"]),
            arranged.seats(named, bots, self.settings.bot_level), match_clock(game.info.name), entry,
            wallclock.now_ms(), int(self.settings.bot_delay * 1000),
        ):  # fmt: skip
            self.made += 1
