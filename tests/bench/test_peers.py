"""`bench.peers` still runs end to end: each system serves HighCard dealt again to the one
Node load client and commits moves, and the report carries every round's ratios (tiny
sizes; figures checked for sense, never for speed). Installs the bench's npm packages
itself when they are missing, as the bench does."""

from __future__ import annotations

import argparse
import shutil

import pytest

from bench.peers import __main__ as peers
from bench.peers import measure
from bench.peers.highcard import GAME
from bench.peers.systems import npm_ready

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="bench.peers needs node and npm")


def test_highcard_is_dealt_again_instead_of_ending() -> None:
    state = GAME.setup(4, {}, seed=3)
    for _ in range(2 * 16):  # two hands: 4 bids and 12 cards each
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    assert state["hand"] == 2 and state["phase"] == "bid" and GAME.result(state) is None
    assert all(len(hand) == 3 for hand in state["hands"]) and sum(state["scores"]) >= 2 * 3


def test_every_system_commits_moves_and_the_report_has_the_ratios() -> None:
    npm_ready()
    args = argparse.Namespace(rooms=2, rounds=1, warmup=1.0, window=3.0, spectators=0, idle_rooms=0, record=False,
                              json=None)  # fmt: skip
    r = peers.run(args)
    for name in peers.MAIN:
        f = r["rounds"][0][name]
        assert f["moves"] > 0 and f["stalls"] == 0, f
        assert 0 < f["rtt_p50"] <= f["rtt_p99"] <= f["rtt_max"]
        assert f["server_ms_per_move"] > 0 and f["client_ms_per_move"] > 0
    assert r["rounds"][0]["longhall"]["redis_ms_per_move"] > 0  # Redis is counted for Longhall
    text = peers.report(r)
    for name in peers.MAIN[1:]:
        row = next(line for line in text.splitlines() if line.startswith(f"| {peers.SPECS[name].label} |"))
        cells = [c.strip() for c in row.split("|")[2:-1]]  # moves/s, CPU per move, p99: one ratio per round
        assert len(cells) == 3 and all(float(c) > 0 for c in cells), row


@pytest.mark.parametrize("name", peers.MAIN)
def test_a_move_reaching_the_last_spectator_is_timed(name: str) -> None:
    npm_ready()
    f = measure.window(name, rooms=1, warmup=1.0, seconds=3.0, spectators=5)
    assert f["moves"] > 0 and f["fanout"] > 0, f  # moves every one of the 5 spectators saw
    assert f["fanout"] <= f["moves"] + 1 and 0 < f["fanout_p50"] <= f["fanout_p99"]


def test_idle_sockets_are_measured_per_socket() -> None:
    npm_ready()
    f = measure.idle("colyseus", rooms=2, settle=0.5)
    assert f["sockets"] == 8 and f["rss_held_mib"] > 0
