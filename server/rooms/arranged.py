"""An arranged game: a room the server makes with its players already seated, its clock
set and its game started — matchmaking's tables and tournaments' (one commit).

The commit creates the room only if it does not exist (`expected_seq` -1: a second
commit of the same room is refused by the commit script), so whoever arranges a table
can do it again after a crash without making it twice.
"""

from __future__ import annotations

import secrets
from typing import Any

from redis.asyncio import Redis

from protocol.codec import pack
from server.games.contract import Game
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms import fairness as fair
from server.storage.fanout import payload
from server.storage.keys import CLOCKS
from server.storage.store import Commit, Store


def seats(players: list[tuple[str, str]], bots: int, level: str) -> list[rm.Seat | None]:
    """The seats of `players` (id, name) in order, then `bots` bots of `level`."""
    out: list[rm.Seat | None] = [{"player": p, "name": name} for p, name in players]
    for i in range(bots):
        out.append({"player": f"bot-{secrets.token_hex(4)}", "name": f"Bot {i + 1}", "bot": level})
    return out


async def arrange(store: Store, redis: Redis, node: str, room: str, game: Game, options: dict[str, Any],
                  seated: list[rm.Seat | None], clock_setting: dict[str, Any] | None, entry: dict[str, Any],
                  now: int, bot_delay: int) -> rm.Doc | None:  # fmt: skip
    """Make `room` with `seated` at its table and its game started, timed by `clock_setting`:
    its document; None if it existed already. `entry` is the room's first log entry (who
    arranged it)."""
    host = next((s["player"] for s in seated if s is not None and not s.get("bot")), "")
    opened: rm.Doc = {**rm.new_doc(game, options, len(seated), False, host, ""), "seats": seated,
                      "clock_setting": clock_setting}  # fmt: skip
    doc = clock.tick(game, opened, clock.started(fair.deal(game, opened), now), None, now, bot_delay)
    c = Commit(
        room=room, expected_seq=-1, doc=pack(doc), entry=entry,
        payload=payload(node, room, 0, {}, None, ""), meta={**rm.meta(doc), "private": 0},
        public="add", created=now, ttl=-1,
    )  # fmt: skip
    if (await store.commit(c)).status != "ok":
        return None
    await store.seated(room, [s["player"] for s in seated if s is not None and not s.get("bot")], now)  # games lists
    due = clock.next_deadline(doc)
    if due is not None:  # the referee times the seats and plays the bots
        await redis.zadd(CLOCKS, {room: due})
    return doc


def asked(game: Game, doc: rm.Doc) -> list[str]:
    """The players (not bots) an arranged game asks for its first decisions."""
    holders = doc["seats"]
    return [
        s["player"] for i in sorted(game.to_act(doc["state"])) if (s := holders[i]) is not None and not s.get("bot")
    ]
