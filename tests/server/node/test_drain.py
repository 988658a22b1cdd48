"""Probes and graceful shutdown, on real processes and real sockets (server.node.drain).

SIGTERM: /ready fails while the node drains, a move already received is committed and
answered, every socket is closed with 1012, the process exits 0, and the clients
reconnect by themselves (here to a node restarted on the same port, as behind a load
balancer) and finish their game.
"""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path

import httpx
import redis

from clients.python.bot import play
from protocol.errors import CLOSE_RESTART
from server.storage.embedded import EmbeddedRedis
from tests.cluster import ServerProc
from tests.tables import table


def test_live_and_ready_answer(server: ServerProc) -> None:
    live = httpx.get(server.http + "/live")
    ready = httpx.get(server.http + "/ready")
    assert live.status_code == 200 and live.json()["ok"] is True
    assert ready.status_code == 200 and ready.json() == {"ok": True, "node": live.json()["node"], "draining": False}
    assert httpx.get(server.http + "/health").status_code == 200


def test_ready_fails_while_redis_is_down_and_live_does_not(tmp_path: Path) -> None:
    store = EmbeddedRedis(tmp_path / "redis")
    store.start()
    node = ServerProc(tmp_path / "node", store.url).start()
    try:
        store.stop()
        ready = httpx.get(node.http + "/ready", timeout=5)
        assert ready.status_code == 503
        assert ready.json()["ok"] is False and "redis" in ready.json()
        assert httpx.get(node.http + "/health", timeout=5).status_code == 503
        assert httpx.get(node.http + "/live", timeout=5).status_code == 200
    finally:
        node.stop()


async def test_sigterm_drains_then_closes_with_1012_and_clients_finish_elsewhere(
    redis_url: str, tmp_path: Path
) -> None:
    draining = ServerProc(tmp_path / "a", redis_url, LONGHALL_DRAIN_SECONDS="5").start()  # slow machines too
    other = ServerProc(tmp_path / "b", redis_url).start()
    later = None
    try:
        async with table([draining.url, other.url], players=2, spectators=1) as t:
            mover = t.players[0]  # on the draining node
            await mover.move(t.room, {"type": "bid", "n": 1})
            assert draining.proc is not None
            draining.proc.send_signal(signal.SIGTERM)
            await asyncio.sleep(0.3)
            ready = httpx.get(draining.http + "/ready")
            assert ready.status_code == 503 and ready.json()["draining"] is True
            assert httpx.get(draining.http + "/live").status_code == 200
            # still serving while it drains: a request on its socket is answered
            assert mover.close_codes == []
            await mover.legal(t.room)
            await asyncio.to_thread(draining.proc.wait, 15)
            assert draining.proc.returncode == 0
            await mover.wait_until(lambda: mover.close_codes != [], timeout=5)
            assert mover.close_codes == [CLOSE_RESTART]
            later = ServerProc(tmp_path / "c", redis_url, port=draining.port).start()
            finals = await asyncio.gather(*(play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)))
            assert finals[0] == finals[1] and finals[0] is not None
            assert mover.reconnects == 1
    finally:
        draining.stop()
        other.stop()
        if later is not None:
            later.stop()


async def test_a_move_in_flight_at_sigterm_is_committed_and_answered_before_the_close(
    redis_url: str, tmp_path: Path
) -> None:
    node = ServerProc(tmp_path / "a", redis_url).start()
    admin = redis.Redis.from_url(redis_url)
    try:
        async with table(node.url, players=2, spectators=0) as t:
            mover = t.players[0]
            seq = mover.rooms[t.room].seq
            admin.execute_command("CLIENT", "PAUSE", 1500, "WRITE")  # the commit waits in Redis
            sent = time.monotonic()
            move = asyncio.create_task(mover.move(t.room, {"type": "bid", "n": 1}))
            await asyncio.sleep(0.4)
            assert node.proc is not None
            node.proc.send_signal(signal.SIGTERM)
            committed = await asyncio.wait_for(move, 10)
            assert time.monotonic() - sent >= 1.0, "answered only once Redis took the commit"
            assert committed == seq + 1
            assert mover.reconnects == 0, "answered on the socket it was sent on, not after a reconnect"
            await asyncio.to_thread(node.proc.wait, 15)
            assert node.proc.returncode == 0
            await mover.wait_until(lambda: mover.close_codes != [], timeout=5)
            assert mover.close_codes == [CLOSE_RESTART]
            entries = admin.xrange(f"room:{{{t.room}}}:log")
            assert sum(b"move" in e[1][b"entry"] for e in entries) == 1
    finally:
        admin.execute_command("CLIENT", "UNPAUSE")
        admin.close()
        node.stop()
