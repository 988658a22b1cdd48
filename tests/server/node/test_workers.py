"""`longhall serve --workers 2` with its embedded Redis: two processes behind one port
share the rooms (the kernel spreads connections over them)."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx

from clients.python.bot import play
from tests.cluster import ServerProc
from tests.tables import table


async def test_two_workers_serve_one_port(data_dir: Path) -> None:
    node = ServerProc(data_dir, args=("--workers", "2")).start()
    try:
        seen: set[str] = set()
        deadline = time.monotonic() + 120  # the second worker may start late on a loaded machine
        while len(seen) < 2 and time.monotonic() < deadline:  # fresh connections, until both answered one
            seen.add(httpx.get(node.http + "/health").json()["node"])
            if len(seen) < 2:
                await asyncio.sleep(0.02)
        assert len(seen) == 2
        async with table(node.url, players=2, spectators=1) as t:
            finals = await asyncio.gather(*(play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)))
            assert finals[0] == finals[1] and finals[0]["winners"]
    finally:
        node.stop()
