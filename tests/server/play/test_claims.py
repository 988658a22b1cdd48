"""No way out of a rated loss (issue #36, hole 3): the players left at a table claim the
win over a seat gone past the limit (server.play.absence), every matchmade game is
timed (server.matchmaking.matchmaker), and only timed games are rated, a claimed one as
a loss for the seats gone (server.archive.ratings)."""

from __future__ import annotations

import asyncio
import time

import msgpack
import pytest

from clients.python.client import ServerError
from server.archive.finished import record
from server.archive.ratings import places
from server.play.absence import claim_times, claimed
from server.rooms import document as rm
from server.rooms.errors import RoomError
from tests.cluster import ServerProc
from tests.tables import table

CLOCK = {"per_move": 600}  # timed, so rated; never runs out within a test
STARTED = [(b"1000-0", {b"entry": msgpack.packb({"k": "start"}), b"seq": b"1"})]  # a room's log: its start
FIRST_MOVE = (b"1001-0", {b"entry": msgpack.packb({"k": "move", "seat": 0, "move": {"type": "bid", "n": 1}}),
                          b"seq": b"2"})  # fmt: skip
LOG = [*STARTED, FIRST_MOVE]  # ... and a first decision: a game that ended before one is not rated


@pytest.fixture
def node(own_redis, tmp_path):
    n = ServerProc(tmp_path / "n", own_redis, LONGHALL_ABSENT_AFTER="5", LONGHALL_CLAIM_AFTER="6").start()
    yield n
    n.stop()


def playing(seats: int = 3) -> rm.Doc:
    doc: rm.Doc = {
        "game": "highcard", "options": {}, "status": rm.PLAYING, "private": False, "host": "p0", "state": {},
        "result": None, "seats": [{"player": f"p{i}", "name": f"P{i}"} for i in range(seats)],
        "clock_setting": {"per_move": 600.0, "timeout": "bot"},
    }  # fmt: skip
    return doc


def refusal(doc: rm.Doc, seat: int, now: int) -> str:
    with pytest.raises(RoomError) as err:
        claimed(doc, seat, now)
    return err.value.code


async def test_the_player_left_behind_claims_the_win_over_a_seat_gone_too_long(node) -> None:
    async with table(node.url, players=2, spectators=1, clock=CLOCK) as t:
        a, b = t.players
        mirror = a.rooms[t.room]
        with pytest.raises(ServerError) as err:  # everyone is here: nothing to claim
            await a.claim(t.room)
        assert err.value.code == "not_claimable"
        await b.close()  # the losing player walks away instead of losing
        await a.wait_until(lambda: mirror.view["absent"] == [1], timeout=15)
        at = mirror.view["claim_at"][1]
        assert mirror.view["claim_at"][0] is None and at is not None
        while (mirror.server_now() or 0) < at:  # the view says from when a claim is taken
            await asyncio.sleep(0.2)
        result = await a.claim(t.room)
        assert result["forfeit"] == 1 and result["claimed"] is True and result["winners"] == [0]
        watcher = t.spectators[0].rooms[t.room]
        await t.spectators[0].wait_until(lambda: watcher.result is not None)
        assert watcher.result == result


def test_a_claim_is_refused_before_the_limit_and_never_over_a_seat_that_is_here() -> None:
    now = int(time.time() * 1000)
    doc = playing()
    assert refusal(doc, 0, now) == "not_claimable"  # nobody gone
    gone = {**doc, "absent": [2], "claim_at": claim_times(3, [2], {2: now - 1000}, 5000)}
    assert refusal(gone, 0, now) == "not_claimable"  # gone 1 s of the 5 s
    assert refusal(gone, 2, now + 10_000) == "not_claimable"  # the claimer's own seat: they are here
    over = claimed(gone, 0, now + 4000)
    assert over["status"] == rm.OVER and over["result"]["forfeit"] == 2 and over["result"]["winners"] == [0, 1]
    assert refusal(over, 0, now + 5000) == "game_over"


def test_a_claim_forfeits_every_seat_gone_past_the_limit_and_no_other() -> None:
    now = int(time.time() * 1000)
    seen = {1: now - 9000, 2: now - 8000, 3: now - 1000}
    doc = {**playing(4), "absent": [1, 2, 3], "claim_at": claim_times(4, [1, 2, 3], seen, 5000)}
    result = claimed(doc, 0, now)["result"]
    assert (result["forfeit"], result["forfeits"], result["winners"]) == (1, [1, 2], [0, 3])


def test_a_claimed_timed_game_is_rated_as_a_loss_for_the_seats_gone() -> None:
    now = int(time.time() * 1000)
    doc = {**playing(3), "absent": [1], "claim_at": claim_times(3, [1], {1: now - 9000}, 5000), "seed": "s"}
    over = claimed({**doc, "seed_hash": "h"}, 0, now)
    rec = record("r1", dict(over), LOG)
    assert rec.rated
    assert places(rec) == [(0, "p0", 1), (1, "p1", 2), (2, "p2", 1)]
    assert places(record("r1", dict(over), STARTED)) == []  # claimed before anyone moved: aborted, unrated


def test_only_a_timed_game_is_rated() -> None:
    finished = {**playing(2), "status": rm.OVER, "result": {"scores": [3, 9], "winners": [1]}}
    assert places(record("r1", dict(finished), LOG)) == [(0, "p0", 2), (1, "p1", 1)]
    untimed = {**finished, "clock_setting": None}  # a casual room: a stall there is bounded by nothing
    assert not record("r2", dict(untimed), LOG).rated and places(record("r2", dict(untimed), LOG)) == []
