"""One committed move is one Redis round trip: one script call, nothing else."""

from __future__ import annotations

import asyncio
import random

import pytest
import redis

from tests.cluster import ServerProc
from tests.tables import table


def command_calls(r) -> dict[str, int]:
    return {k.removeprefix("cmdstat_"): v["calls"] for k, v in r.info("commandstats").items()}


@pytest.fixture
def alone(own_redis, tmp_path):
    """A node on a Redis of its own: no other room (left by other tests, judged absent or
    timed out by a referee) commits while the commands are counted."""
    node = ServerProc(tmp_path / "n", own_redis).start()
    r = redis.Redis.from_url(own_redis)
    yield node, r
    r.close()
    node.stop()


async def test_each_committed_move_is_one_script_call(alone) -> None:
    server, sync_redis = alone
    async with table(server.url, players=3, spectators=2) as t:
        rng = random.Random(7)
        await asyncio.sleep(0.2)
        sync_redis.config_resetstat()
        moves = 0
        while t.players[0].rooms[t.room].view["status"] != "over":
            view = t.players[0].rooms[t.room].view
            mover = t.players[view["to_act"][0]]
            seq = t.players[0].rooms[t.room].seq
            await mover.wait_until(lambda m=mover, s=seq: m.rooms[t.room].seq == s)
            await mover.move(t.room, rng.choice(await mover.legal(t.room)), seq=seq)
            moves += 1
            for c in t.everyone:
                await c.wait_until(lambda c=c, s=seq: c.rooms[t.room].seq == s + 1)
        calls = command_calls(sync_redis)
        calls.pop("config|resetstat", None)
        calls.pop("config", None)
        calls.pop("info", None)
        assert moves == 3 + 9
        assert calls.pop("evalsha") == moves  # the client-facing commands: one per move
        # everything else ran inside the script ...
        assert calls.pop("publish") == moves
        assert calls.pop("xadd") == moves
        # a plain move's entry goes onto the document's tail, the game's end writes it whole
        assert 0 < calls.pop("rpush") < moves
        # ... but for the matchmaker's lease polls, which tick on their own clock
        # (and the referee's, and the presence and absence sweeps: hashes of who is here)
        for cmd in ("set", "get", "pexpire", "smembers", "zcard", "zrange", "hgetall"):
            calls.pop(cmd, None)
        # (the matchmaker's passes are transactions on its own `mm:{mm}:` keys, never a room's)
        for cmd in ("multi", "exec"):
            calls.pop(cmd, None)
        # ... and the archiver, after the last move: announce, claim, read, release
        # (server/archive/archiver.py), and its sweeps of announced rooms
        for cmd in ("zadd", "xrange", "del", "zrangebyscore", "scan", "hmget", "xrevrange"):
            calls.pop(cmd, None)
        assert set(calls) <= {"hget", "hset", "expire", "zrem"}
