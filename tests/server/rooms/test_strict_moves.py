"""Moves are exactly one of the forms the game lists, and move ids are compared as sent:
a move with a field too many is refused and never stored; the integer 1 and the string
"1" are two different ids."""

from __future__ import annotations

import pytest

from clients.python.client import ServerError
from tests.tables import table


async def test_extra_fields_are_refused_and_never_stored(server, sync_redis) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        a, _ = t.players
        seq = a.rooms[t.room].seq
        before = sync_redis.hgetall(f"room:{{{t.room}}}:doc")
        log_before = sync_redis.xlen(f"room:{{{t.room}}}:log")
        for move in (
            {"type": "bid", "n": 1, "pad": "x" * 50_000},
            {"type": "bid", "n": 1, "note": 0},
            {"type": "bid"},
            {"type": "bid", "n": [1]},
            {"type": "fold"},
        ):
            with pytest.raises(ServerError) as err:
                await a.move(t.room, move, seq=seq)
            assert err.value.code == "bad_move", (move, err.value)
        assert sync_redis.hgetall(f"room:{{{t.room}}}:doc") == before
        assert sync_redis.xlen(f"room:{{{t.room}}}:log") == log_before
        assert await a.move(t.room, {"type": "bid", "n": 1}, seq=seq) == seq + 1


async def test_move_ids_one_and_string_one_are_different_ids(server) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        a, b = t.players
        seq = a.rooms[t.room].seq
        assert await a.move(t.room, {"type": "bid", "n": 1}, move_id=1, seq=seq) == seq + 1  # type: ignore[arg-type]
        await b.wait_until(lambda: b.rooms[t.room].seq == seq + 1)
        assert await b.move(t.room, {"type": "bid", "n": 0}, move_id="1") == seq + 2  # applied, not a duplicate
        await a.wait_until(lambda: a.rooms[t.room].seq == seq + 2)
        play = {"type": "play", "card": a.rooms[t.room].view["table"]["hand"][0]}
        assert a.rooms[t.room].view["to_act"] == [0]  # seat 0 leads the first trick
        assert await a.move(t.room, play, move_id="1") == seq + 3  # a's "1" is not a's 1
        # the same id, same type, again: answered with its first outcome
        assert await a.move(t.room, {"type": "bid", "n": 1}, move_id=1, seq=seq) == seq + 1  # type: ignore[arg-type]
