"""The view diff against a generic one: microseconds per view diff over consecutive
public views of random games, Longhall's differ (protocol/diff.py) against
`jsonpatch.make_patch`, and the ops and bytes each produces."""

from __future__ import annotations

import random
import time
from typing import Any

import jsonpatch
import msgpack

from protocol.diff import make_patch
from server.games import registry

PLAYERS = {"vikings": 4, "hunters": 4, "feast": 4}


def view_pairs(name: str, moves: int = 400, seed: int = 1) -> list[tuple[Any, Any]]:
    game = registry.get(name)
    assert game is not None
    pick = random.Random(seed)
    state = game.setup(PLAYERS.get(name, game.info.min_players), game.resolve_options({}), seed)
    pairs = []
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = pick.choice(game.to_act(state))
        nxt = game.apply(state, seat, pick.choice(game.legal_moves(state, seat)))
        pairs.append((game.view(state, None), game.view(nxt, None)))
        state = nxt
    return pairs


def timed(fn: Any, pairs: list[tuple[Any, Any]]) -> tuple[float, float, float]:
    """Mean µs per diff, ops per diff, msgpack bytes of the ops per diff."""
    start = time.perf_counter()
    outs = [fn(a, b) for a, b in pairs]
    us = (time.perf_counter() - start) / len(pairs) * 1e6
    ops = [list(o) for o in outs]
    return us, sum(map(len, ops)) / len(ops), sum(len(msgpack.packb(o)) for o in ops) / len(ops)


def compare(name: str) -> dict[str, float]:
    pairs = view_pairs(name)
    ours = timed(make_patch, pairs)
    generic = timed(lambda a, b: jsonpatch.make_patch(a, b).patch, pairs)
    view_bytes = sum(len(msgpack.packb(b)) for _, b in pairs) / len(pairs)
    return {
        "ours_us": ours[0], "ours_ops": ours[1], "ours_bytes": ours[2],
        "jsonpatch_us": generic[0], "jsonpatch_ops": generic[1], "jsonpatch_bytes": generic[2],
        "view_bytes": view_bytes, "speedup": generic[0] / ours[0],
    }  # fmt: skip


def all_games() -> dict[str, dict[str, float]]:
    return {name: compare(name) for name in sorted(registry.games()) if name in PLAYERS}


if __name__ == "__main__":
    for name, f in all_games().items():
        print(
            f"{name:8} diff {f['ours_us']:7.1f} µs ({f['ours_ops']:.1f} ops, {f['ours_bytes']:.0f} B)   "
            f"jsonpatch {f['jsonpatch_us']:7.1f} µs ({f['jsonpatch_ops']:.1f} ops, {f['jsonpatch_bytes']:.0f} B)   "
            f"{f['speedup']:.0f}× faster; whole view {f['view_bytes']:.0f} B"
        )
