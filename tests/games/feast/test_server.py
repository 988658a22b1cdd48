"""End to end: four bot clients play a whole short Feast for Odin game through a real
server while a spectator watches; the spectator never sees an occupation hand, nobody
sees the decks or the generator, and the `over` message carries the engine's result."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest

from tests.cluster import ServerProc
from tests.tables import play_to_the_end, table

PRIVATE = ("hand", "hand_cards", "card_state")  # a seat's occupation hand and card-private state
HAND_PATH = re.compile(r"/seats/\d+/(hand|hand_cards|card_state)(/|$)")


def _hand_leaks(frame: dict) -> bool:
    if frame["t"] == "snapshot":
        board = frame["view"]["table"] or {"seats": []}
        return any(key in seat for seat in board["seats"] for key in PRIVATE)
    if frame["t"] == "diff":
        return any(HAND_PATH.search(op["path"]) for op in frame["ops"])
    return False


@pytest.fixture
def fast_server(redis_url: str, tmp_path: Path) -> Iterator[ServerProc]:
    """A server whose per-connection frame rate lets bots run at machine speed: a Feast
    bot takes long runs of quick decisions (feast, placement chains) that outrun the
    default limit meant for people."""
    s = ServerProc(tmp_path, redis_url, LONGHALL_RATE="100000", LONGHALL_BURST="100000").start()
    yield s
    s.stop()


async def test_four_bots_and_a_spectator_play_a_short_game(fast_server: ServerProc) -> None:
    # F-100, F-101, F-119, F-720, F-730 through the server
    server = fast_server
    async with table(server.url, players=4, spectators=1, game="feast", options={"length": "short"}, record=True) as t:
        mirror, result = await play_to_the_end(t, seed=60)
        assert mirror.view["table"]["round"] == 6
        assert not any(_hand_leaks(f) for f in mirror.frames)  # F-119: the spectator sees no hand
        for client in t.everyone:  # decks, strip stack and the generator stay on the server
            frames = msgpack.packb(client.rooms[t.room].frames)
            assert b"secret" not in frames and b"rng" not in frames
