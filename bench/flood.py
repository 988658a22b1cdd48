"""Flooders: sockets that send the costliest request as fast as they can, and come back.

`python -m bench.flood URL SOCKETS SECONDS [KIND]` runs in its own process. Each socket
says hello, creates and starts a solo A Feast for Odin room (the biggest view), then
sends `resync` of it (`legal` with KIND=legal) without waiting for answers; when the
server closes it, it reconnects with the same token, rejoins and floods again, until
SECONDS pass. Prints one JSON line: answers served, refusals, closes by code, and how
long the first flood lasted before its close.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections import Counter
from typing import Any

import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

pack = msgpack.packb


class Tally:
    def __init__(self) -> None:
        self.got: Counter[str] = Counter()
        self.closes: Counter[str] = Counter()
        self.first_close: list[float] = []
        self.sent = 0


async def ask(ws: Any, msg: dict[str, Any], want: str) -> dict[str, Any]:
    await ws.send(pack(msg))
    while True:
        m = msgpack.unpackb(await ws.recv(), raw=False)
        if m["t"] in (want, "error"):
            return m


async def flood_once(url: str, token: str | None, room: str | None, kind: str, tally: Tally,
                     deadline: float) -> tuple[str | None, str | None]:  # fmt: skip
    async with connect(url, max_size=None, ping_interval=None, compression=None) as ws:
        hello: dict[str, Any] = {"t": "hello", "versions": [1]}
        if token:
            hello["token"] = token
        token = (await ask(ws, hello, "welcome")).get("token", token)
        if room is None:
            room = (await ask(ws, {"t": "create", "game": "feast", "seats": 1}, "joined")).get("room")
            await ask(ws, {"t": "start", "room": room}, "diff")
        else:
            await ask(ws, {"t": "join", "room": room}, "snapshot")
        frame = pack({"t": kind, "room": room, "seq": 0} if kind == "resync" else {"t": kind, "room": room})
        began = time.perf_counter()

        async def read() -> None:
            async for data in ws:
                m = msgpack.unpackb(data, raw=False)
                tally.got[m.get("code") or m["t"]] += 1

        reader = asyncio.create_task(read())
        try:
            while time.perf_counter() < deadline and not reader.done():
                await ws.send(frame)
                tally.sent += 1
                if tally.sent % 64 == 0:
                    await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await asyncio.wait_for(reader, max(0.1, deadline - time.perf_counter()))
        if ws.close_code is not None:
            tally.closes[str(ws.close_code)] += 1
            tally.first_close.append(time.perf_counter() - began)
    return token, room


async def flooder(url: str, kind: str, tally: Tally, deadline: float) -> None:
    token = room = None
    while time.perf_counter() < deadline:
        try:
            token, room = await flood_once(url, token, room, kind, tally, deadline)
        except (ConnectionClosed, InvalidStatus, OSError):
            tally.closes["refused"] += 1
        await asyncio.sleep(0.2)  # an attacker reconnects at once; this one barely waits


def main() -> None:
    url, sockets, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    kind = sys.argv[4] if len(sys.argv) > 4 else "resync"
    tally = Tally()
    deadline = time.perf_counter() + seconds

    async def go() -> None:
        await asyncio.gather(*(flooder(url, kind, tally, deadline) for _ in range(sockets)))

    asyncio.run(go())
    print(json.dumps({
        "kind": kind, "sockets": sockets, "sent": tally.sent, "answered": tally.got.get("snapshot", 0)
        + tally.got.get("moves", 0), "refused": tally.got.get("rate_limited", 0), "closes": tally.closes,
        "first_flood_s": min(tally.first_close, default=float("nan")),
    }))  # fmt: skip
    sys.stdout.flush()


if __name__ == "__main__":
    main()
