"""Absent players: a seated player with no socket anywhere for `LONGHALL_ABSENT_AFTER`
seconds is marked absent in the room's view; before the start their seat is freed.

Every node writes, every REFRESH seconds, when it last held a socket of each seat:
`room:{ID}:here` (hash seat -> ms; the room's hash tag, expires on its own). The node
holding the referee's lease judges, every REFRESH seconds, the rooms in play
(`rooms:playing`) and the open rooms (`rooms:open`), BATCH of each index per look, going
round each index from look to look: a human seat not seen within the limit is absent —
in a game in play the document lists it in `absent` (the view shows it; the clock and
abandonment rules go on as before), in an open room the seat is freed as if its player
had left. A seat seen again is taken off the list: the returning player simply has their
seat, as always. A seat never seen by any node counts from when the judge first looked
at it. Each change is an ordinary commit (seq-checked, one round trip).

A room of days per move (server.rooms.clocks, `correspondence`) is not judged, open or in
play: its players come and go, a host waits days for an opponent, and its clock ends a
stall. Nobody is marked absent there, so nobody claims a win over an absent seat there.

Claiming the win (lichess's "claim victory"): with the absent seats the document keeps
`claim_at`, per seat the time (ms) from which the others may claim the win over it — the
player's last time seen plus `LONGHALL_CLAIM_AFTER`. A seated player present at the
table then sends `claim {room}`: the game ends with every seat gone past that limit
forfeited (`server.rooms.document.forfeited`, `claimed`), rated as their loss in a rated
game (server.archive.ratings). So a losing player who disconnects cannot hold the others
hostage, and a game abandoned by one side is never a way out of a rated loss.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from redis.asyncio import Redis

from protocol.errors import ErrorCode
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms.cache import Entry
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.service import Change, Rooms
from server.runtime import loops as background
from server.storage.keys import OPEN_ROOMS, PLAYING_ROOMS, here_key

log = logging.getLogger("longhall.absence")
REFRESH = 2.0  # seconds between a node's writes of who it holds
BATCH = 500  # rooms judged per look


class Absence:
    def __init__(self, redis: Redis, rooms: Rooms, after: float, claim_after: float = 120.0) -> None:
        self.redis = redis
        self.rooms = rooms
        self.after_ms = int(after * 1000)
        self.claim_ms = int(claim_after * 1000)  # from a player's last time seen to a claim over their seat
        self.next: dict[str, int] = {}  # index -> the rank its next look starts at

    def register(self, loops: background.Loops) -> None:
        """Its loop: who this node holds, written every REFRESH seconds (the referee judges)."""
        loops.every("absence refresh", REFRESH, self.refresh, log)

    def held(self) -> dict[str, set[int]]:
        """Seats this node holds a socket of, by room (the socket's player holds the seat)."""
        out: dict[str, set[int]] = {}
        for room, members in self.rooms.hub.local.items():
            e = self.rooms.cache.get(room)
            if e is None or e.doc.get("status") == rm.OVER or clock.correspondence(e.doc):
                continue
            holders = rm.holders(e.doc)
            seats = {s for r, s in members.items() if s is not None and s < len(holders) and holders[s] == r.player}
            if seats:
                out[room] = seats
        return out

    async def refresh(self) -> None:
        held = self.held()
        if not held:
            return
        now = int(time.time() * 1000)
        ttl = max(self.after_ms * 2, 60_000)
        async with self.redis.pipeline(transaction=False) as pipe:
            for room, seats in held.items():
                pipe.hset(here_key(room), mapping={str(s): now for s in seats})
                pipe.pexpire(here_key(room), ttl)
            await pipe.execute()

    async def judge(self) -> int:
        """Mark, unmark or free absent seats; how many rooms changed."""
        rooms: list[Any] = []
        for index in (PLAYING_ROOMS, OPEN_ROOMS):  # the next BATCH of each index, from where the last look ended
            start = self.next.get(index, 0)
            part = await self.redis.zrange(index, start, start + BATCH - 1)
            self.next[index] = start + len(part) if len(part) == BATCH else 0
            rooms += part
        changed = 0
        now = int(time.time() * 1000)
        names = [raw.decode() if isinstance(raw, bytes) else str(raw) for raw in rooms]
        async with self.redis.pipeline(transaction=False) as pipe:  # every room's presence in one round trip
            for room in names:
                pipe.hgetall(here_key(room))
            presence = await pipe.execute()
        for room, here in zip(names, presence, strict=True):
            try:
                changed += await self._judge(room, now, {int(k): int(v) for k, v in here.items()})
            except RoomError as exc:
                if exc.code == "unknown_room":
                    await self.redis.zrem(OPEN_ROOMS, room)
        return changed

    async def _judge(self, room: str, now: int, seen: dict[int, int]) -> int:
        """1 when `room` changed: the first absent player's seat freed before the start, or
        the seats marked absent in play changed; else 0."""

        async def judge(e: Entry, attempt: int) -> Change | None:
            doc = e.doc
            if doc["status"] not in (rm.OPEN, rm.PLAYING):  # ended since the index was read: its keys may
                return None  # be gone already (archived), and a presence written now would outlive them
            if clock.correspondence(doc):  # players of a game of days come and go: its clock judges them
                return None
            people = [i for i, s in enumerate(doc["seats"]) if s is not None and not s.get("bot")]
            unseen = [i for i in people if i not in seen]
            if unseen:  # counted from now on
                await self.redis.hset(here_key(room), mapping={str(i): now for i in unseen})
                await self.redis.pexpire(here_key(room), max(self.after_ms * 2, 60_000))
            gone = sorted(i for i in people if i in seen and now - seen[i] > self.after_ms)
            if doc["status"] == rm.OPEN:
                if not gone:
                    return None
                seat = gone[0]
                return rm.with_seat(doc, seat, None), {"k": "leave", "seat": seat, "absent": True}
            claims = claim_times(len(doc["seats"]), gone, seen, self.claim_ms)
            if gone == sorted(doc.get("absent") or []) and claims == doc.get("claim_at"):
                return None
            return {**doc, "absent": gone, "claim_at": claims}, {"k": "absent", "seats": gone}

        return int(await self.rooms.change(room, judge) is not None)


def claim_times(n: int, gone: list[int], seen: dict[int, int], claim_ms: int) -> list[int | None] | None:
    """Per seat of `n`, from when the others may claim the win over it: each seat `gone`
    from its last time `seen` plus the limit; None for a seat here, and when none is gone."""
    if not gone:
        return None
    return [seen[i] + claim_ms if i in gone else None for i in range(n)]


def claimable(doc: rm.Doc, seat: int, now: int) -> list[int]:
    """The seats `seat`'s player may claim the win over at `now` (ms): absent, and gone
    past the limit. Never the claimer's own (a player who sends a claim is here)."""
    at = doc.get("claim_at") or []
    absent = set(doc.get("absent") or [])
    return [i for i, t in enumerate(at) if t is not None and t <= now and i in absent and i != seat]


def claimed(doc: rm.Doc, seat: int, now: int) -> rm.Doc:
    """The document after `seat` claims the win at `now`: the seats gone too long forfeit;
    or a refusal (not_claimable) saying when a claim will be possible, if it will."""
    if doc["status"] != rm.PLAYING:
        raise RoomError(ErrorCode.GAME_OVER, "the game is over")
    over = claimable(doc, seat, now)
    if not over:
        later = [t for i, t in enumerate(doc.get("claim_at") or []) if t is not None and i != seat]
        when = f": possible in {max(1, (min(later) - now + 999) // 1000)} s" if later else ""
        raise RoomError(ErrorCode.NOT_CLAIMABLE, f"no other player has been gone long enough to claim the win{when}")
    return rm.forfeited(doc, over, claimed=True)


async def claim(rooms: Rooms, sess: Member, room: str) -> None:
    """The `claim {room}` request of a seated player: an ordinary commit, answered by its diff."""

    def decide(e: Entry, attempt: int) -> Change:
        seat = rooms.seat_for_move(sess, e)
        now = int(time.time() * 1000)
        doc = claimed(e.doc, seat, now)
        return doc, {"k": "claim", "seat": seat, "player": sess.player, "seats": claimable(e.doc, seat, now)}

    await rooms.change(room, decide)
