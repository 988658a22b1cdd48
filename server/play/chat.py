"""Table chat: per-room messages, players' and spectators' channels kept apart.

`chat {room, text, id?}` from a socket in a room: a seated player's message goes to the
`players` channel, which everyone at the table reads (players and spectators); a
spectator's goes to the `spectators` channel, which only spectators read (no
kibitzing to the players). Answered by the message itself coming back as
`chat {room, channel, messages: [{n, player, name, seat, text, at}]}`; on `join` and
`spectate` the socket gets the last HISTORY messages it may read the same way.

Messages live in the room's stream `room:{ID}:chat` (the room's hash tag, capped at
KEEP entries, gone with the room; archived with the game). A message is two round trips
(a script that adds it to the stream, then PUBLISH on the room's channel with the stream
id); other nodes forward it to their sockets in the room by channel. A message sent with
an `id` is posted at most once: the script keeps each (player, id) for ID_TTL seconds, and
the same id again (a resend after `unavailable`, when the first try may have been stored)
is answered with the message first posted, published again (clients keep a message once
by its `n`, so a reader that had it sees no change, one that missed it gets it). Text is
cleaned (NFC, no control or format characters) and at most MAX_TEXT characters; each
player may send RATE messages per second with a burst of BURST (per node; the request
limits of server.transport.limits apply as well). Muting a player is the reader's choice and
happens in the client.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgpack
from redis.asyncio import Redis

from protocol.codec import encode
from protocol.errors import ErrorCode
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.runtime.buckets import Bucket
from server.storage.fanout import Hub, chat_payload
from server.storage.keys import channel, chat_id_key, chat_key
from server.storage.store import text as str_of

PLAYERS, SPECTATORS = "players", "spectators"
MAX_TEXT = 500
KEEP = 500  # messages a room's stream keeps
HISTORY = 50  # messages a socket gets when it enters a room
RATE, BURST = 1.0, 5.0
TTL = 8 * 24 * 3600  # seconds a room's chat outlives its last message at most
ID_TTL = 600  # seconds a message id is remembered

# KEYS[1] the room's chat stream, KEYS[2] (when the message has an id) its id record, in
# the same slot; ARGV: channel, packed message, KEEP, TTL, ID_TTL. Answers {n, channel,
# packed message, 1 when it was posted before under this id}.
POST = """
if KEYS[2] then
  local old = redis.call('HMGET', KEYS[2], 'n', 'c', 'm')
  if old[1] then return {old[1], old[2], old[3], 1} end
end
local n = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'c', ARGV[1], 'm', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
if KEYS[2] then
  redis.call('HSET', KEYS[2], 'n', n, 'c', ARGV[1], 'm', ARGV[2])
  redis.call('EXPIRE', KEYS[2], ARGV[5])
end
return {n, ARGV[1], ARGV[2], 0}
"""


def clean(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch == "\n")
    return kept.strip()[:MAX_TEXT]


class Chat:
    def __init__(self, redis: Redis, hub: Hub, node: str) -> None:
        self.redis = redis
        self.hub = hub
        self.node = node
        self.buckets: dict[str, Bucket] = {}  # a player's messages
        self._post = redis.register_script(POST)

    def _allowed(self, player: str) -> bool:
        now = time.monotonic()
        bucket = self.buckets.get(player)
        if bucket is None:
            bucket = self.buckets[player] = Bucket(RATE, BURST)
        if not bucket.take(1.0, now):
            return False
        if len(self.buckets) > 100_000:  # forget the quiet ones
            self.buckets = {p: b for p, b in self.buckets.items() if now - b.stamp < 60}
        return True

    async def say(self, sess: Member, room: str, text: str, mid: str | int | None = None) -> None:
        if room not in sess.rooms:
            raise RoomError(ErrorCode.NOT_IN_ROOM, f"join or spectate {room!r} first")
        body = clean(text)
        if not body:
            raise RoomError(ErrorCode.BAD_FIELD, "say something")
        assert sess.player is not None
        if not self._allowed(sess.player):
            raise RoomError(ErrorCode.RATE_LIMITED, "one message a second; wait a moment")
        seat = sess.rooms[room]
        chan = SPECTATORS if seat is None else PLAYERS
        msg = {"player": sess.player, "name": sess.name, "seat": seat, "text": body, "at": int(time.time() * 1000)}
        keys = [chat_key(room)] if mid is None else [chat_key(room), chat_id_key(room, sess.player, mid)]
        n, chan_b, packed, _ = await self._post(keys=keys, args=[chan, msgpack.packb(msg), KEEP, TTL, ID_TTL])
        msg = msgpack.unpackb(packed, raw=False)  # the first post's, for an id sent again
        msg["n"], chan = str_of(n), str_of(chan_b)
        frame = encode({"t": "chat", "room": room, "channel": chan, "messages": [msg]})
        await self.hub.bus.publish(channel(room), chat_payload(self.node, room, chan, frame))
        self.hub.deliver_chat(room, chan, frame)

    async def history(self, sess: Member, room: str) -> None:
        """The last messages of the channels this socket reads, oldest first."""
        seat = sess.rooms.get(room)
        readable = {PLAYERS} if seat is not None else {PLAYERS, SPECTATORS}
        by_channel: dict[str, list[dict[str, Any]]] = {}
        for said in await messages(self.redis, room, last=HISTORY * 2):
            if said.channel in readable:
                by_channel.setdefault(said.channel, []).append({**said.message, "n": said.n})
        for chan, msgs in by_channel.items():
            sess.send({"t": "chat", "room": room, "channel": chan, "messages": msgs[-HISTORY:]})


@dataclass(frozen=True)
class Said:
    n: str  # the stream id
    channel: str
    message: dict[str, Any]  # {player, name, seat, text, at (ms)}


async def messages(redis: Redis, room: str, last: int | None = None) -> list[Said]:
    """A room's kept messages (the `last` ones; None: all), oldest first, both channels:
    the one reader of the stream (history, reports, the archive)."""
    raw: Any
    if last is None:
        raw = await redis.xrange(chat_key(room), "-", "+")
    else:
        newest: Any = await redis.xrevrange(chat_key(room), "+", "-", count=last)
        raw = newest[::-1]
    return [Said(str_of(sid), str_of(fields[b"c"]), msgpack.unpackb(fields[b"m"], raw=False)) for sid, fields in raw]


async def read_all(redis: Redis, room: str) -> list[dict[str, Any]]:
    """Every kept message of a room, for the archive: {player, channel, text, at}."""
    return [
        {"player": s.message["player"], "channel": s.channel, "text": s.message["text"],
         "at": datetime.fromtimestamp(s.message["at"] / 1000, UTC)}
        for s in await messages(redis, room)
    ]  # fmt: skip
