"""What an operator reads: every room (private ones too), one room as a spectator sees it
with its log, this node's sockets, the matchmaking queues and the headline figures.

Where sockets are: Redis knows, per room, the spectators each node holds
(`room:{ID}:watch`, written by each node's sweep every few seconds) but not which node
holds a seated player's socket; so a room's `watchers` names every node with spectators
in it, and `here` counts the sockets of the answering node only (its `node`). A listing of
sockets is the answering node's own: another node's sockets are listed by asking it. A
socket's name says its node (`NODE.ID`), so any node can have it closed
(server.console.operations).

Deliberately left out: paging. The listing reads every room's document (a SCAN of the
rooms' meta, one pipelined read per room), at most `ROOMS` of them: an operator's look,
not a lobby.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any

import msgpack
from redis.asyncio import Redis

from server.play.wording import said
from server.rooms import document as rm
from server.rooms.service import Rooms
from server.runtime import metrics
from server.storage.keys import (
    CORRESPONDENCE_ROOMS,
    MATCHES,
    META_PATTERN,
    OPEN_ROOMS,
    PLAYING_ROOMS,
    QUEUES,
    keys,
    room_of_meta,
    ticket_key,
)
from server.storage.store import text
from server.transport.gateway import Gateway
from server.transport.session import Session

log = logging.getLogger("longhall.console")
ROOMS = 2000  # rooms a listing reads at most
ORDER = {rm.PLAYING: 0, rm.OPEN: 1, rm.OVER: 2}
LOG = 50  # log entries a room's inspection shows, the latest


def socket_id(node: str, sess: Session) -> str:
    """A socket's name while it is open: its node, and its number there (`id`)."""
    return f"{node}.{id(sess):x}"


def socket_of(name: str) -> tuple[str, int] | None:
    """The node and the number a socket's name holds (None: no socket's name)."""
    node, _, number = name.partition(".")
    try:
        return (node, int(number, 16)) if node and number else None
    except ValueError:
        return None


def seated(seats: list[Any]) -> list[dict[str, Any] | None]:
    """Who holds each seat: the player, their name and, for a bot, its level."""
    return [None if s is None else {k: s[k] for k in ("player", "name", "bot") if s.get(k) is not None} for s in seats]


class Survey:
    def __init__(self, redis: Redis, rooms: Rooms, gateway: Gateway, node: str) -> None:
        self.redis, self.rooms, self.gateway, self.node = redis, rooms, gateway, node

    def socket(self, sess: Session) -> dict[str, Any]:
        return {"socket": socket_id(self.node, sess), "player": sess.player, "name": sess.name,
                "rooms": [{"room": r, "seat": s} for r, s in sess.rooms.items()]}  # fmt: skip

    def here(self, room: str) -> int:
        return len(self.rooms.hub.local.get(room, {}))

    async def all_rooms(self) -> list[dict[str, Any]]:
        """Every room in Redis, in play first, then open, then over; newest seq first within."""
        ids = []
        async for key in self.redis.scan_iter(match=META_PATTERN, count=1000):
            ids.append(room_of_meta(text(key)))
            if len(ids) >= ROOMS:
                break
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in ids:
                doc_key, _, _, meta_key, watch_key, _ = keys(room)
                pipe.hgetall(meta_key)
                pipe.hmget(doc_key, "seq", "doc")
                pipe.hgetall(watch_key)
            answers = await pipe.execute()
        found = []
        for i, room in enumerate(ids):
            meta, (seq, raw), watch = answers[3 * i : 3 * i + 3]
            if not meta or raw is None or seq is None:
                continue  # expired between the scan and the read
            try:
                found.append(self._row(room, {text(k): text(v) for k, v in meta.items()}, int(seq), raw, watch))
            except (KeyError, TypeError, ValueError) as exc:  # not a room's document: nothing to list
                log.warning("room %s is not listed: its document is not a room's (%r)", room, exc)
        found.sort(key=lambda r: (ORDER.get(r["status"], 3), -r["seq"]))
        return found

    def _row(self, room: str, meta: dict[str, str], seq: int, raw: bytes, watch: dict[Any, Any]) -> dict[str, Any]:
        doc = msgpack.unpackb(raw, raw=False)  # (a tail of plain moves changes no seat or status)
        watchers = {text(n): int(c) for n, c in watch.items()}
        return {"room": room, "game": doc["game"], "status": doc["status"], "private": meta.get("private") == "1",
                "seq": seq, "players": seated(doc["seats"]), "host": doc.get("host"),
                "spectators": sum(watchers.values()), "watchers": watchers, "here": self.here(room)}  # fmt: skip

    async def room(self, room: str) -> dict[str, Any] | None:
        """One room: its public view (a spectator's), its decisions in words, its latest log
        entries and this node's sockets in it; None when Redis has no such room."""
        if not await self.redis.exists(keys(room)[0]):
            return None
        async with self.rooms.lock(room):
            e = await self.rooms.entry(room)
            assert e.game is not None
            view = rm.view(e.doc, e.game, room, None)
            seq, private = e.seq, bool(e.doc.get("private"))
        doc_key, log_key, _, _, watch_key, _ = keys(room)
        latest: Any = await self.redis.xrevrange(log_key, "+", "-", count=LOG)
        watch = await self.redis.hgetall(watch_key)
        members = self.rooms.hub.local.get(room, {})
        here = [self.socket(s) for s in self.gateway.sessions if s in members]
        return {"room": room, "seq": seq, "private": private, "node": self.node, "view": view,
                "said": await said(self.redis, room, whole=True) or [],
                "log": [{"seq": int(f.get(b"seq", b"0")), **msgpack.unpackb(f[b"entry"], raw=False)}
                        for _, f in reversed(latest)],
                "watchers": {text(n): int(c) for n, c in watch.items()}, "sockets": here}  # fmt: skip

    def sockets(self, player: str | None = None) -> list[dict[str, Any]]:
        """This node's open sockets (one player's: `player`)."""
        chosen = self.gateway.by_player.get(player, set()) if player else self.gateway.sessions
        return sorted((self.socket(s) for s in chosen if not s.closed), key=lambda s: (s["player"] or "", s["socket"]))

    async def queues(self) -> dict[str, Any]:
        """Every matchmaking queue with its tickets (oldest first), and the matches under way."""
        listed = sorted(text(q) for q in await self.redis.smembers(QUEUES))
        out = []
        for key in listed:
            entries: Any = await self.redis.zrange(key, 0, -1, withscores=True)
            async with self.redis.pipeline(transaction=False) as pipe:
                for player, _ in entries:
                    pipe.hgetall(ticket_key(text(player)))
                tickets = await pipe.execute()
            game, players = key.split(":")[-3:-1]
            rows = [{"player": text(p), "since": since, "name": text(t.get(b"name", b"")),
                     "rating": float(t.get(b"rating", 0)), "node": text(t.get(b"node", b""))}
                    for (p, since), t in zip(entries, tickets, strict=True)]  # fmt: skip
            out.append({"queue": key, "game": game, "players": int(players), "tickets": rows})
        matching = sorted(text(m) for m in await self.redis.smembers(MATCHES))
        return {"queues": out, "matching": matching}

    async def figures(self) -> dict[str, Any]:
        """The headline figures: the deployment's rooms (from Redis) and this node's metrics."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zcard(PLAYING_ROOMS)
            pipe.zcard(CORRESPONDENCE_ROOMS)
            pipe.zcard(OPEN_ROOMS)
            playing, days, open_ = await pipe.execute()
        seats = Counter(seat is None for s in self.gateway.sessions for seat in s.rooms.values())
        return {"node": self.node, "rooms_playing": playing, "rooms_correspondence": days, "rooms_open": open_,
                "sockets_seated": seats[False], "sockets_watching": seats[True], **metrics.headline()}  # fmt: skip
