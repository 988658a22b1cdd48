"""One committed move is one Redis round trip: one script call, nothing else."""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections import Counter

import pytest
import redis

from server.storage.store import COMMIT
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


def script_calls(r, room: str) -> tuple[Counter[str], Counter[str]]:
    """From the slow log (every command, `slowlog-log-slower-than 0`): how many times each
    script ran, by its SHA, and how many of those runs named one of `room`'s keys."""
    every, on_room = Counter[str](), Counter[str]()
    for entry in r.slowlog_get(-1):
        args = [a.decode(errors="replace") if isinstance(a, bytes) else str(a) for a in entry["command"].split()]
        if args and args[0].upper() == "EVALSHA":
            every[args[1]] += 1
            if any(a.startswith(f"room:{{{room}}}") for a in args[3:]):
                on_room[args[1]] += 1
    return every, on_room


async def test_each_committed_move_is_one_script_call(alone) -> None:
    server, sync_redis = alone
    commit_sha = hashlib.sha1(COMMIT.encode()).hexdigest()
    async with table(server.url, players=3, spectators=2) as t:
        rng = random.Random(7)
        await asyncio.sleep(0.2)
        sync_redis.config_set("slowlog-max-len", 1_000_000)
        sync_redis.config_set("slowlog-log-slower-than", 0)
        sync_redis.slowlog_reset()
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
        sync_redis.config_set("slowlog-log-slower-than", -1)
        calls = command_calls(sync_redis)
        scripts, on_room = script_calls(sync_redis, t.room)
        assert moves == 3 + 9
        # the client-facing commands of the moves: one commit script call each, and no other
        # script touched the room (the matcher's and referee's leases are scripts too, on
        # their own keys and their own clock: counted apart, by their SHA)
        assert scripts[commit_sha] == moves
        assert on_room == Counter({commit_sha: moves})
        for cmd in ("config|resetstat", "config|set", "config", "slowlog|reset", "slowlog", "info", "evalsha"):
            calls.pop(cmd, None)
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
