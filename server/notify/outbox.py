"""The queue of notifications to send: a Redis stream (`notify:queue`) every node writes
and the couriers read (server.notify.courier).

`notify(player, kind, payload)` puts one on the queue at once (an invitation: the part
that invites calls it). What the room service reports after a commit — a seat asked to
decide, a game over — is only noted in memory (`asked`, `over`) and written by a loop a
few times a second, all in one pipeline: the move's one round trip stays one, and a
player whose socket at this node is at the table is never even queued. Nothing is lost
but a notification when the node dies within that moment."""

from __future__ import annotations

import json
import time
from typing import Any

from redis.asyncio import Redis

from server.runtime import loops as background
from server.storage.keys import NOTIFY_QUEUE

KINDS = ("turn", "over", "invite")  # what a player may ask to hear of (server.notify.book)
FLUSH = 0.2  # seconds between writes of what the commits noted
QUEUE_LENGTH = 100_000  # entries the stream keeps at most (about: MAXLEN ~)


def entry(player: str, kind: str, payload: dict[str, Any], at_ms: int) -> dict[str, str]:
    """One notification as the stream holds it."""
    return {"p": player, "k": kind, "d": json.dumps(payload, separators=(",", ":")), "t": str(at_ms)}


class Outbox:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.noted: list[dict[str, str]] = []

    async def notify(self, player: str, kind: str, payload: dict[str, Any]) -> None:
        """Queue a notification for `player` (kind: one of KINDS; payload: plain data, with
        `room` when it is about a room — none is sent while the player is at that table)."""
        if kind not in KINDS:
            raise ValueError(f"unknown notification kind {kind!r}")
        await self.redis.xadd(NOTIFY_QUEUE, entry(player, kind, payload, now_ms()), maxlen=QUEUE_LENGTH,  # type: ignore[arg-type]
                              approximate=True)  # fmt: skip

    def note(self, player: str, kind: str, payload: dict[str, Any]) -> None:
        """Queue a notification with the next flush (a commit's report: no I/O now)."""
        self.noted.append(entry(player, kind, payload, now_ms()))

    async def flush(self) -> None:
        noted, self.noted = self.noted, []
        if not noted:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for fields in noted:
                pipe.xadd(NOTIFY_QUEUE, fields, maxlen=QUEUE_LENGTH, approximate=True)  # type: ignore[arg-type]
            await pipe.execute()

    def register(self, loops: background.Loops) -> None:
        loops.every("notifications queued", FLUSH, self.flush)


def now_ms() -> int:
    return int(time.time() * 1000)
