"""Fair randomness: a started game shows a commitment to its seed, the result reveals the
seed, and the log replays from it to the recorded final state (every draw checked)."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys

import httpx
import msgpack

from server.games import registry
from server.play.replay import draws, replay
from server.rooms import fairness as fair
from tests.cluster import EXTRA_GAMES, ROOT
from tests.tables import play_to_the_end, table


async def test_seed_committed_at_start_revealed_at_the_end_and_replayed(server, sync_redis) -> None:
    async with table(server.url, players=3, spectators=1, record=True) as t:
        view = t.spectators[0].rooms[t.room].view
        commitment = view["seed_hash"]
        assert len(commitment) == 64
        running = httpx.get(f"{server.http}/api/rooms/{t.room}/replay/check", timeout=30)
        assert running.status_code == 409  # the seed is secret while the game runs
        doc = msgpack.unpackb(sync_redis.hget(f"room:{{{t.room}}}:doc", "doc"), raw=False)
        assert doc["seed"].encode() not in b"".join(msgpack.packb(f) for f in t.spectators[0].rooms[t.room].frames)
        _, result = await play_to_the_end(t, seed=5)
        assert result["seed_hash"] == commitment
        assert hashlib.sha256(result["seed"].encode()).hexdigest() == commitment
        report = httpx.get(f"{server.http}/api/rooms/{t.room}/replay/check", timeout=30).json()
        assert report["ok"] and report["moves"] == 3 + 9 and report["draws"] > 0, report
        cli = subprocess.run(
            [sys.executable, "-m", "server.node.cli", "replay", t.room, "--url", server.http],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert cli.returncode == 0 and '"ok": true' in cli.stdout, cli.stdout + cli.stderr
        # a seed the game was not dealt from does not replay to the recorded state
        other = fair.new_seed()
        doc = msgpack.unpackb(sync_redis.hget(f"room:{{{t.room}}}:doc", "doc"), raw=False)
        forged = {**doc, "seed": other, "seed_hash": fair.commitment(other)}
        sync_redis.hset(f"room:{{{t.room}}}:doc", "doc", msgpack.packb(forged))
        report = httpx.get(f"{server.http}/api/rooms/{t.room}/replay/check", timeout=30).json()
        assert report["seed_matches_commitment"] and not report["state_matches"] and not report["ok"]
        cli = subprocess.run(
            [sys.executable, "-m", "server.node.cli", "replay", t.room, "--redis", server.redis_url],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
            env={**os.environ, "LONGHALL_EXTRA_GAMES": EXTRA_GAMES},
        )  # fmt: skip
        assert cli.returncode == 1 and '"state_matches": false' in cli.stdout, cli.stdout + cli.stderr


def test_replay_of_each_game_reaches_the_same_state() -> None:
    for name in ("vikings", "hunters", "feast"):
        game = registry.get(name)
        assert game is not None
        seed = fair.new_seed()
        options = game.resolve_options({"length": "short"} if name == "feast" else None)
        pick = random.Random(3)
        state = game.setup(2, options, fair.engine_seed(seed))
        moves = []
        for _ in range(60):
            seat = pick.choice(game.to_act(state))
            move = pick.choice(game.legal_moves(state, seat))
            moves.append((seat, move))
            state = game.apply(state, seat, move)
        assert replay(game, options, 2, seed, moves) == state
        assert draws(state) > 0
        other = fair.engine_seed(fair.new_seed())
        assert game.setup(2, options, other) != game.setup(2, options, fair.engine_seed(seed))
