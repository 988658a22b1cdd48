"""The load client: many concurrent rooms of random bot games over real websockets.

Runs in its own process (`python -m bench.loadgen ...`) and prints one JSON line of raw
figures. Bots keep no full mirror: they follow only `/to_act` and `/status` from the
diffs (a full JSON Patch mirror per bot would make the load client, not the server, the
bottleneck on a 2-core machine). Each decision is `legal` then `move` — or, with
`--push`, the seats join with `push` and decide on the legal moves the server sends with
the diff that makes them decide (one frame fewer each way per decision); the move round
trip is `move` sent → `ok` received. The fan-out time is `move` sent → the diff of that
seq received by the last spectator of the room.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections import Counter
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

pack = msgpack.packb
PUSH_WAIT = 2.0  # seconds a pushed seat waits for its moves before it asks (counted as `push_missing`)


class Conn:
    """One bot socket: answers to its requests through a queue, pushes tracked inline."""

    def __init__(self, ws: ClientConnection, room_stats: Room, push: bool = False) -> None:
        self.ws = ws
        self.push = push
        self.pushed: tuple[int, list[Any]] = (-2, [])  # the seq and legal moves last pushed
        self.room = room_stats
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.seat: int | None = None
        self.to_act: list[int] = []
        self.status = "open"
        self.seq = -1
        self.turn = asyncio.Event()
        self.want_snapshot = False
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        try:
            async for data in self.ws:
                msg = msgpack.unpackb(data, raw=False)
                t = msg["t"]
                if t == "diff":
                    self.room.push(self, msg["seq"], len(data), "diff")
                    self.track(msg["ops"])
                    self.seq = msg["seq"]
                elif t == "snapshot" and self.want_snapshot:
                    self.want_snapshot = False
                    self.room.stats.snapshot_bytes.append(len(data))
                elif t == "snapshot":
                    self.room.push(self, msg["seq"], len(data), "snapshot")
                    view = msg["view"]
                    self.to_act, self.status, self.seq = list(view["to_act"]), view["status"], msg["seq"]
                elif t == "over":
                    self.status = "over"
                elif t == "moves" and msg.get("push"):
                    self.pushed = (msg["seq"], msg["moves"])
                    if msg["seq"] == self.seq:
                        self.turn.set()
                    continue
                if t in ("diff", "snapshot", "over"):
                    # pushed: the turn is taken once the moves of this seq are in (they follow)
                    if self.status == "over" or (self.seat in self.to_act and not self.push):
                        self.turn.set()
                else:
                    self.answers.put_nowait(msg)
        except Exception:
            self.status = "closed"
            self.turn.set()

    def track(self, ops: list[dict[str, Any]]) -> None:
        for op in ops:
            path = op["path"]
            if path == "/to_act":
                self.to_act = list(op["value"])
            elif path.startswith("/to_act/"):
                i = int(path[8:])
                if op["op"] == "replace":
                    self.to_act[i] = op["value"]
                elif op["op"] == "add":
                    self.to_act.insert(i, op["value"])
                else:
                    del self.to_act[i]
            elif path == "/status":
                self.status = op["value"]

    async def ask(self, msg: dict[str, Any]) -> dict[str, Any]:
        await self.ws.send(pack(msg))
        return await self.answers.get()


class Room:
    """Figures of one room's games."""

    def __init__(self, stats: Stats, spectators: int) -> None:
        self.stats = stats
        self.spectators = spectators
        self.sent: dict[int, float] = {}  # seq -> when its move was sent
        self.seen: Counter[int] = Counter()

    def push(self, conn: Conn, seq: int, size: int, kind: str) -> None:
        self.stats.frames[kind] += 1
        self.stats.bytes[kind] += size
        if conn.seat is None and seq in self.sent:
            self.seen[seq] += 1
            if self.seen[seq] == self.spectators:
                self.stats.fanout.append((time.perf_counter() - self.sent.pop(seq)) * 1000)
                del self.seen[seq]


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.fanout: list[float] = []
        self.frames: Counter[str] = Counter()
        self.bytes: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.games = 0
        self.snapshot_bytes: list[int] = []


async def hello(url: str, room: Room, push: bool) -> Conn:
    ws = await connect(url, max_size=None, ping_interval=None, compression=None)
    conn = Conn(ws, room, push)
    await conn.ask({"t": "hello", "versions": [1]})
    return conn


async def play_seat(conn: Conn, room: str, rng: random.Random, think: float, stats: Stats, deadline: float) -> None:
    n = 0
    while conn.status == "playing" and time.perf_counter() < deadline:
        wait = max(0.001, deadline - time.perf_counter())
        try:
            await asyncio.wait_for(conn.turn.wait(), min(wait, PUSH_WAIT) if conn.push else wait)
        except TimeoutError:
            if time.perf_counter() >= deadline:
                break
        conn.turn.clear()
        if conn.status != "playing" or conn.seat not in conn.to_act:
            continue
        if think:
            await asyncio.sleep(think)
        seq = conn.seq
        if conn.push and conn.pushed[0] == seq:
            moves = conn.pushed[1]
        else:
            if conn.push:  # the seat decides and no moves came with the diff: counted, then asked
                stats.errors["push_missing"] += 1
            moves = (await conn.ask({"t": "legal", "room": room}))["moves"]
        if not moves:
            continue
        n += 1
        t0 = time.perf_counter()
        conn.room.sent[seq + 1] = t0
        reply = await conn.ask({"t": "move", "room": room, "id": n, "seq": seq, "move": rng.choice(moves)})
        if reply["t"] == "ok":
            stats.rtt.append((time.perf_counter() - t0) * 1000)
        else:
            conn.room.sent.pop(seq + 1, None)
            stats.errors[reply.get("code", "?")] += 1
            if conn.seat in conn.to_act:
                conn.turn.set()


async def run_room(urls: list[str], args: argparse.Namespace, index: int, stats: Stats, deadline: float) -> None:
    rng = random.Random(args.seed * 1000 + index)
    room_stats = Room(stats, args.spectators)
    url = urls[index % len(urls)]
    seats = args.players
    conns = [await hello(url, room_stats, args.push and i < seats) for i in range(seats + args.spectators)]
    players = conns[: args.players]
    options = json.loads(args.options)
    while time.perf_counter() < deadline:
        create = {"t": "create", "game": args.game, "options": options, "seats": args.players, "push": args.push}
        if args.clock:
            create["clock"] = json.loads(args.clock)
        joined = await players[0].ask(create)
        if "room" not in joined:
            raise RuntimeError(f"create answered {joined}")
        room = joined["room"]
        for i, c in enumerate(conns):
            c.seat = i if i < args.players else None
            c.status = "open"
            if i > 0:
                await c.ask({"t": "join", "room": room, "push": args.push} if i < args.players else
                            {"t": "spectate", "room": room})  # fmt: skip
        await players[0].ws.send(pack({"t": "start", "room": room}))  # answered by a diff
        while any(c.status != "playing" for c in players):
            await asyncio.sleep(0.001)
        for c in players:
            c.turn.set()
        await asyncio.gather(*(play_seat(c, room, rng, args.think, stats, deadline) for c in players))
        if players[0].status == "over":
            stats.games += 1
        # the size of a whole view, for the diff/snapshot ratio (answered by a push)
        players[0].want_snapshot = True
        await players[0].ws.send(pack({"t": "resync", "room": room, "seq": 0}))
        for c in conns:
            await c.ask({"t": "leave", "room": room})
    for c in conns:
        await c.ws.close()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--urls", required=True, help="comma-separated ws URLs; rooms alternate between them")
    p.add_argument("--rooms", type=int, default=50)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--spectators", type=int, default=1)
    p.add_argument("--game", default="vikings")
    p.add_argument("--options", default='{"variant": "advanced"}')
    p.add_argument("--think", type=float, default=0.0, help="seconds a bot waits before each decision")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--push", action="store_true", help="seats get their legal moves pushed instead of asking")
    p.add_argument("--clock", default="", help="a room clock as JSON (create's `clock`); empty: untimed rooms")
    args = p.parse_args()
    stats = Stats()
    start = time.perf_counter()
    deadline = start + args.seconds
    urls = args.urls.split(",")

    async def go() -> None:
        await asyncio.gather(*(run_room(urls, args, i, stats, deadline) for i in range(args.rooms)))

    asyncio.run(asyncio.wait_for(go(), args.seconds + 60))
    elapsed = time.perf_counter() - start
    print(json.dumps({
        "seconds": elapsed, "rtt_ms": stats.rtt, "fanout_ms": stats.fanout, "frames": stats.frames,
        "bytes": stats.bytes, "errors": stats.errors, "games": stats.games, "snapshot_bytes": stats.snapshot_bytes,
    }))  # fmt: skip
    sys.stdout.flush()


if __name__ == "__main__":
    main()
