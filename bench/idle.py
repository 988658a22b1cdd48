"""Idle connections: open N websockets to a server, say hello on each, hold them.

`python -m bench.idle URL N HOLD_SECONDS` prints one JSON line when all N are open and
greeted ("ready"), holds them HOLD_SECONDS, then closes them and prints the figures.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

import msgpack
from websockets.asyncio.client import ClientConnection, connect

HELLO = msgpack.packb({"t": "hello", "versions": [1]})


async def main(url: str, n: int, hold: float) -> None:
    socks: list[ClientConnection] = []
    failed = 0
    start = time.perf_counter()
    sem = asyncio.Semaphore(200)

    async def one() -> None:
        nonlocal failed
        async with sem:
            try:
                ws = await connect(url, ping_interval=None, compression=None, open_timeout=60, max_queue=4)
                await ws.send(HELLO)
                await ws.recv()
                socks.append(ws)
            except Exception:
                failed += 1

    await asyncio.gather(*(one() for _ in range(n)))
    opened = time.perf_counter() - start
    print(json.dumps({"ready": len(socks), "failed": failed, "open_seconds": opened}), flush=True)
    await asyncio.sleep(hold)
    await asyncio.gather(*(ws.close() for ws in socks), return_exceptions=True)
    print(json.dumps({"done": len(socks)}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
