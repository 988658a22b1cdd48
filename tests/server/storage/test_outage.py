"""Redis stops answering mid-game: the move is refused as `unavailable` in bounded time
(never acknowledged), and once Redis is back, resending the same id applies it once."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import msgpack
import pytest
import redis

from clients.python.client import ServerError
from tests.cluster import ServerProc
from tests.tables import table


async def test_a_frozen_redis_makes_moves_unavailable_then_resend_applies_once(data_dir: Path) -> None:
    node = ServerProc(data_dir, LONGHALL_REDIS_TIMEOUT="1").start()  # embedded redis
    redis_pid = int((data_dir / "redis.pid").read_text())
    try:
        async with table(node.url, players=2, spectators=0) as t:
            a = t.players[0]
            seq = a.rooms[t.room].seq
            move = {"t": "move", "room": t.room, "id": "frozen", "seq": seq, "move": {"type": "bid", "n": 1}}
            os.kill(redis_pid, signal.SIGSTOP)
            try:
                with pytest.raises(ServerError) as err:
                    await a._request_once(move, {"ok"}, timeout=15)
                assert err.value.code == "unavailable"
            finally:
                os.kill(redis_pid, signal.SIGCONT)
            assert await a.move(t.room, {"type": "bid", "n": 1}, move_id="frozen", seq=seq) == seq + 1
            r = redis.Redis.from_url((data_dir / "redis.url").read_text().strip())
            ids = [msgpack.unpackb(e[b"entry"]).get("id") for _, e in r.xrange(f"room:{{{t.room}}}:log")]
            r.close()
            assert ids.count("frozen") == 1
    finally:
        node.stop()
