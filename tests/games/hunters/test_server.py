"""End to end: five bot clients play a whole Hunters & Gatherers game through a real
server while a spectator watches; the spectator's diff-built mirror equals a fresh
snapshot, the `over` message carries the engine's result, and no frame carries the
stack order, the generator or the union-find working data."""

from __future__ import annotations

import msgpack

from tests.tables import play_to_the_end, table


async def test_five_bots_and_a_spectator_play_a_whole_game(server) -> None:
    # H-8 (five players), H-60 (the end), H-81/H-82 (result) through the server.
    async with table(server.url, players=5, spectators=1, game="hunters", record=True) as t:
        mirror, result = await play_to_the_end(t, seed=30)
        board = mirror.view["table"]
        assert board["land_left"] == 0 and board["to_act"] == []
        # the room's result is the engine's plus the revealed seed (fair randomness)
        assert board["result"] == {k: v for k, v in result.items() if k not in ("seed", "seed_hash")}
        assert len(board["map"]) + len(board["discards"]) >= 79  # start + 78 regular tiles
        for client in t.everyone:  # H-10, H-11: stack order and seed stay on the server
            frames = msgpack.packb(client.rooms[t.room].frames)
            assert all(word not in frames for word in (b"rng", b"feats", b"parent", b"frontier"))
