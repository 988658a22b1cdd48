"""Reports: a player reports another (with the room where it happened, if any, and what
happened in their words), recorded for the operators (`REPORTS`, newest first, the latest
KEEP; the console lists them: server.console.routes). A report naming a room keeps the
room's last CONTEXT chat messages with it (both channels, as the operators read them):
the evidence outlives the room's chat, which goes with the room. The reporter's answer
is the report without them (a player does not read the spectators' channel). Each player may send PER_HOUR
reports an hour (server.social.allowance). A report changes nothing by itself: what to do
is the operators' call (server.console.operations)."""

from __future__ import annotations

import json
from typing import Any

from redis.asyncio import Redis

from server.play.chat import messages
from server.runtime import wallclock
from server.storage.keys import REPORTS

KEEP = 5000  # reports kept
PER_HOUR = 10  # reports a player may send an hour
REASON = 500  # characters of a reason kept
CONTEXT = 30  # chat messages of the room kept with a report


async def record(redis: Redis, reporter: str, player: str, name: str, room: str | None, reason: str) -> dict[str, Any]:
    """The report of `player` (shown to the reporter as `name`) by `reporter`, kept."""
    report = {"at": wallclock.now_ms(), "by": reporter, "player": player, "name": name, "room": room,
              "reason": reason[:REASON]}  # fmt: skip
    chat = await said_in(redis, room) if room else []
    pipe = redis.pipeline(transaction=False)
    pipe.lpush(REPORTS, json.dumps({**report, "chat": chat}))
    pipe.ltrim(REPORTS, 0, KEEP - 1)
    await pipe.execute()
    return report


async def said_in(redis: Redis, room: str) -> list[dict[str, Any]]:
    """The room's last CONTEXT chat messages, oldest first: who, at which seat (None: a
    spectator), on which channel, what, when."""
    return [
        {"player": s.message["player"], "name": s.message.get("name") or "", "seat": s.message.get("seat"),
         "channel": s.channel, "text": s.message["text"], "at": s.message["at"]}
        for s in await messages(redis, room, last=CONTEXT)
    ]  # fmt: skip


async def latest(redis: Redis, count: int) -> list[dict[str, Any]]:
    raw: Any = await redis.lrange(REPORTS, 0, count - 1)
    return [json.loads(r) for r in raw]
