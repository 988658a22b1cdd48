"""SIGKILL mid-game: nothing acknowledged is lost, the game continues where it was."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from pathlib import Path

import redis

from clients.python.bot import play
from tests.cluster import ServerProc
from tests.tables import table


def redis_pid(data: Path) -> int:
    return int((data / "redis.pid").read_text().strip())


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not Path(f"/proc/{pid}/status").read_text().count("State:\tZ")


async def test_sigkill_loses_no_acknowledged_move(data_dir: Path) -> None:
    node = ServerProc(data_dir).start()  # embedded redis, appendfsync always
    port = node.port
    rng = random.Random(5)
    try:
        async with table(node.url, players=3, spectators=1) as t:
            acked: list[tuple[int, int]] = []  # (seat, seq) of every acknowledged move
            for _ in range(5):  # the three bids and two cards
                view = t.players[0].rooms[t.room].view
                seat = view["to_act"][0]
                mover = t.players[seat]
                await mover.wait_until(lambda m=mover: m.rooms[t.room].seq == t.players[0].rooms[t.room].seq)
                moves = await mover.legal(t.room)
                acked.append((seat, await mover.move(t.room, rng.choice(moves))))
                for c in t.players:
                    await c.wait_until(lambda c=c: c.rooms[t.room].seq == acked[-1][1])
            rpid = redis_pid(data_dir)
            node.kill()  # SIGKILL the server: no shutdown code runs
            os.kill(rpid, signal.SIGKILL)  # and its redis, so only the disk remains
            deadline = time.monotonic() + 10
            while alive(rpid) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not alive(rpid)

            node = ServerProc(data_dir, port=port).start()  # same data dir, same address
            for c in t.everyone:  # the clients reconnect by themselves and resync
                await c.wait_until(lambda c=c: c.reconnects >= 1, timeout=30)
            mirror = t.spectators[0].rooms[t.room]
            assert mirror.seq == acked[-1][1]
            assert mirror.view["table"]["bid_in"] == [True, True, True]
            assert len(mirror.view["table"]["log"]) == 2
            r = redis.Redis.from_url((data_dir / "redis.url").read_text().strip())
            entries = r.xrange(f"room:{{{t.room}}}:log")
            moves = [e for _, e in entries if b"\xa1k\xa4move" in e[b"entry"]]
            assert len(moves) == 5
            r.close()
            results = [play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)]
            finals = await asyncio.gather(*results)
            assert finals[0]["winners"] and finals[0] == finals[1] == finals[2]
    finally:
        node.stop()
