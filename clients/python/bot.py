"""A bot on top of the reference client: plays uniformly random legal moves.

`play(client, room)` takes a seat's decisions until the game is over; `run_bot` is the
`longhall bot` command (create or join a room, wait for the game, play it out). While it
waits it says for what on standard error; standard output holds the room and the result.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from typing import Any

from .client import Client, RoomMirror, ServerError

RETRYABLE = {"stale_seq", "not_your_turn", "conflict", "rate_limited", "unavailable"}


def my_turn(client: Client, room: str) -> bool:
    mirror = client.rooms[room]
    return mirror.view.get("status") == "playing" and mirror.seat in mirror.view.get("to_act", [])


async def play(client: Client, room: str, rng: random.Random, timeout: float = 120.0) -> dict[str, Any]:
    """Play `room` to its end; the final result."""
    mirror = client.rooms[room]
    while True:
        await client.wait_until(lambda: mirror.result is not None or my_turn(client, room), timeout)
        if mirror.result is not None:
            return mirror.result
        seq = mirror.seq
        try:
            moves = await client.legal(room)
            if not moves:
                await client.wait_until(lambda s=seq: mirror.seq != s or mirror.result is not None, timeout)
                continue
            await client.move(room, rng.choice(moves), seq=seq)
        except ServerError as exc:
            if exc.code not in RETRYABLE:
                raise
            if exc.code == "rate_limited":  # the server drops frames over its rate: slow down
                await asyncio.sleep(0.05 + rng.random() * 0.1)
            await client.resync(room)


def waiting_for(mirror: RoomMirror, hosting: bool) -> str | None:
    """The players a bot seated in an open room waits for, in words (None: none)."""
    free = [str(i) for i, s in enumerate(mirror.view["seats"]) if s is None]
    if mirror.view.get("status") != "open" or not free:
        return None
    many = len(free) > 1
    said = (
        f"room {mirror.room}: waiting for {len(free)} more player{'s' if many else ''} "
        f"(seat{'s' if many else ''} {', '.join(free)}); another bot joins with: longhall bot --room {mirror.room}"
    )
    return said + ("; or start with --fill-bots to seat server bots" if hosting else "")  # fmt: skip


async def run_bot(url: str, game: str | None, room: str | None, seats: int | None, options: str,
                  seed: int | None, spectate: bool, fill: str | None = None) -> int:  # fmt: skip
    """`fill`: as the host, seat server bots of this level (add_bot) in every other seat."""
    rng = random.Random(seed)
    client = await Client(url, name=f"bot-{rng.randrange(1000)}").connect()
    try:
        if game:
            mirror = await client.create(game, json.loads(options), seats)
            print(f"room {mirror.room}", flush=True)
            for _ in range(mirror.view["seats"].count(None) if fill else 0):
                await client.add_bot(mirror.room, level=fill or "random")
        elif room and spectate:
            mirror = await client.spectate(room)
        elif room:
            mirror = await client.join(room)
        else:
            raise SystemExit("give --game to create a room or --room to join one")
        if spectate:
            await client.wait_until(lambda: mirror.result is not None, timeout=24 * 3600)
        else:
            hosting = mirror.view.get("host") == client.player
            if said := waiting_for(mirror, hosting):
                print(said, file=sys.stderr, flush=True)
            await client.wait_until(lambda: all(mirror.view["seats"]), timeout=24 * 3600)
            if mirror.view["status"] == "open" and not hosting:
                print(f"room {mirror.room}: every seat is taken; waiting for the host to start", file=sys.stderr)
            if mirror.view["status"] == "open" and hosting:
                try:
                    await client.start(mirror.room)
                except ServerError as exc:
                    if exc.code != "already_started":
                        raise
            # only the host starts: the others wait (asking would race the host's start, and
            # the refusal could arrive after the start's diff, as the answer to a later request)
            await client.wait_until(lambda: mirror.view["status"] != "open", timeout=24 * 3600)
            await play(client, mirror.room, rng, timeout=24 * 3600)
        print(json.dumps(mirror.result), flush=True)
        return 0
    finally:
        await client.close()
