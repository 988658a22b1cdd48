"""End to end: four bot clients play a whole advanced game through a real server while a
spectator watches; the spectator's diff-built mirror equals a fresh snapshot, and the
`over` message carries the engine's result."""

from __future__ import annotations

import msgpack

from tests.tables import play_to_the_end, table


async def test_four_bots_play_an_advanced_game_with_a_spectator(server) -> None:
    # V-30 / V-98 / VA-21 through the server: the whole game, the result to everyone.
    options = {"variant": "advanced"}
    async with table(server.url, players=4, spectators=1, game="vikings", options=options, record=True) as t:
        mirror, result = await play_to_the_end(t, seed=7)
        assert mirror.view["table"]["round"] == 6 and mirror.view["table"]["over"]
        assert result["winners"] and set(result["winners"]) <= {0, 1, 2, 3}
        for client in t.everyone:  # VA-21: the bag, stacks, pile and rng never leave the server
            frames = msgpack.packb(client.rooms[t.room].frames)
            assert all(word not in frames for word in (b"bag", b"stacks", b"pile", b"rng", b"hidden"))
