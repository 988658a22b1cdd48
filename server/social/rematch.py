"""A rematch: after a game, "play again" with the same game, options and clock, the same
players, seats rotated by one (the second seat's player opens the new game).

A seated player of a finished room offers it by answering yes (`rematch {room}`); every
other human seat answers yes or no; bots say yes at once. The offer, its terms (the new
room's id is drawn with the offer, so whichever node sees the last yes makes that one
room) and who said yes live in `rematch_key(room)`, changed by one script at a time. The
last yes makes the new room with its players seated and its game started
(server.rooms.arranged); a no, or WAIT seconds without every yes, settles it as
declined or expired. Every change is told to every socket in the finished room, players
and spectators, on every node (`rematch` on the room's channel: server.storage.fanout),
with the new room once it started: its players then join it as any seated player does.

What it leaves out: a player who left the finished room's page hears nothing of the offer
(an invitation is the way to reach them: server.social.invitations)."""

from __future__ import annotations

import logging
import secrets
from typing import Any

import msgpack
from redis.asyncio import Redis

from protocol.codec import encode
from protocol.errors import ErrorCode
from server.rooms import arranged
from server.rooms import document as rm
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.seating import table_for
from server.rooms.service import Rooms
from server.runtime import loops as background
from server.runtime import wallclock
from server.storage.keys import REMATCHES, rematch_key
from server.storage.store import text

log = logging.getLogger("longhall.rematch")
WAIT = 120  # seconds every human seat has to answer
KEPT = WAIT + 3600  # seconds an offer is kept (a late answer learns how it ended)
SWEEP = 2.0  # seconds between looks for offers past their deadline
OPEN, STARTED, DECLINED, EXPIRED = "open", "started", "declined", "expired"

# KEYS[1] the offer; ARGV: packed terms (used if no offer yet), player, "1" yes / "0" no,
# KEPT. Answers {state, packed terms, players who said yes, 1 when this call made the offer,
# 1 when this call's no declined it}.
ANSWER = """
local made = 0
if redis.call('EXISTS', KEYS[1]) == 0 then
  if ARGV[3] == '0' then return {'none', '', {}, 0, 0} end
  redis.call('HSET', KEYS[1], 'terms', ARGV[1], 'state', 'open')
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  made = 1
end
local state = redis.call('HGET', KEYS[1], 'state')
local declined = 0
if state == 'open' then
  if ARGV[3] == '1' then
    redis.call('HSET', KEYS[1], 'yes:' .. ARGV[2], '1')
  else
    redis.call('HSET', KEYS[1], 'state', 'declined', 'by', ARGV[2])
    state = 'declined'
    declined = 1
  end
end
local yes = {}
for _, f in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(f, 1, 4) == 'yes:' then table.insert(yes, string.sub(f, 5)) end
end
return {state, redis.call('HGET', KEYS[1], 'terms'), yes, made, declined}
"""
# KEYS[1] the offer; ARGV[1] the state it settles in, if it is still open. Answers 1 if it was.
SETTLE = """
if redis.call('HGET', KEYS[1], 'state') ~= 'open' then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[1])
return 1
"""


def terms(doc: rm.Doc, now: int) -> dict[str, Any]:
    """The new game: the finished one's game, options and clock, its seats rotated by one."""
    if any(s is None for s in doc["seats"]):
        raise RoomError(ErrorCode.SEATS_OPEN, "a seat of this game is empty: make a new room instead")
    seats = [{k: s[k] for k in ("player", "name", "bot") if k in s} for s in doc["seats"] if s is not None]
    return {"room": secrets.token_hex(5), "game": doc["game"], "options": doc["options"],
            "clock": doc.get("clock_setting"), "seats": seats[1:] + seats[:1],
            "deadline": now + WAIT * 1000}  # fmt: skip


def humans(t: dict[str, Any]) -> list[str]:
    return [s["player"] for s in t["seats"] if not s.get("bot")]


def told(room: str, state: str, t: dict[str, Any], yes: list[str], by: str | None = None) -> dict[str, Any]:
    """The `rematch` frame every socket in `room` gets."""
    msg: dict[str, Any] = {"t": "rematch", "room": room, "state": state, "seats": t["seats"],
                           "accepted": [p for p in humans(t) if p in yes], "deadline": t["deadline"]}  # fmt: skip
    if state == STARTED:
        msg["new"] = t["room"]
    if by is not None:
        msg["by"] = by
    return msg


class Rematches:
    def __init__(self, redis: Redis, rooms: Rooms, bot_delay: int) -> None:
        self.redis, self.rooms, self.bot_delay = redis, rooms, bot_delay
        self._answer = redis.register_script(ANSWER)
        self._settle = redis.register_script(SETTLE)

    async def answer(self, sess: Member, room: str, yes: bool) -> None:
        """A player's yes (which offers the rematch if nobody did) or no. The offer's terms
        are read from the finished room, which an archived room keeps only a while; later
        answers read them from the offer."""
        assert sess.player is not None
        now = wallclock.now_ms()
        kept = await self.redis.hget(rematch_key(room), "terms")
        offered = msgpack.unpackb(kept, raw=False) if kept is not None else await self._offer(room, now)
        if sess.player not in humans(offered):
            raise RoomError(ErrorCode.NOT_SEATED, "only the game's players answer a rematch")
        got = await self._answer(keys=[rematch_key(room)],
                                 args=[msgpack.packb(offered), sess.player, int(yes), KEPT])  # fmt: skip
        state, packed, yes_list, made, declined = (
            text(got[0]),
            got[1],
            [text(p) for p in got[2]],
            int(got[3]),
            int(got[4]),
        )
        if state == "none":
            raise RoomError(ErrorCode.REMATCH_CLOSED, "no rematch was offered")
        t: dict[str, Any] = msgpack.unpackb(packed, raw=False)
        if made:
            await self.redis.zadd(REMATCHES, {room: t["deadline"]})
        if state == OPEN and set(humans(t)) <= set(yes_list):
            if not await self._settle(keys=[rematch_key(room)], args=[STARTED]):
                return  # another node took the last yes too and starts it: it tells the room
            await self._start(room, t, now)
            state = STARTED
        elif declined:
            await self.redis.zrem(REMATCHES, room)
        elif state == STARTED:  # a yes again after it started (a page reloaded, say): told again, and the
            await self._start(room, t, now)  # room made if the node that started it died before making it
            sess.send(told(room, state, t, yes_list))
            return
        elif state != OPEN:
            raise RoomError(ErrorCode.REMATCH_CLOSED, f"this rematch was {state}")
        msg = told(room, state, t, yes_list, sess.player if declined else None)
        await self.rooms.hub.announce(room, encode(msg))
        if room not in sess.rooms:  # answering from a page that left the room (archived meanwhile)
            sess.send(msg)

    async def _offer(self, room: str, now: int) -> dict[str, Any]:
        doc = (await self.rooms.entry(room)).doc
        if doc["status"] != rm.OVER:
            raise RoomError(ErrorCode.NOT_OVER, "a rematch is offered once the game is over")
        return terms(doc, now)

    async def _start(self, room: str, t: dict[str, Any], now: int) -> None:
        await self.redis.zrem(REMATCHES, room)
        game, options, _ = table_for(t["game"], len(t["seats"]), t["options"])
        made = await arranged.arrange(self.rooms.store, self.redis, self.rooms.node, t["room"], game, options,
                                      t["seats"], t["clock"], {"k": "rematch", "of": room}, now,
                                      self.bot_delay)  # fmt: skip
        if not made:
            log.debug("the rematch of %s was made already as %s", room, t["room"])

    async def expire(self) -> None:
        """Settle the offers past their deadline as expired, and tell their rooms."""
        due: Any = await self.redis.zrangebyscore(REMATCHES, "-inf", wallclock.now_ms())
        for raw in due:
            room = text(raw)
            if not await self.redis.zrem(REMATCHES, room):
                continue  # another node's
            if not await self._settle(keys=[rematch_key(room)], args=[EXPIRED]):
                continue  # answered meanwhile
            packed, fields = (
                await self.redis.hget(rematch_key(room), "terms"),
                await self.redis.hkeys(rematch_key(room)),
            )
            if packed is None:
                continue
            yes = [text(f)[4:] for f in fields if text(f).startswith("yes:")]
            frame = encode(told(room, EXPIRED, msgpack.unpackb(packed, raw=False), yes))
            await self.rooms.hub.announce(room, frame)

    def register(self, loops: background.Loops) -> None:
        loops.every("rematch deadlines", SWEEP, self.expire, log)
