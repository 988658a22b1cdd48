"""Turn clocks, timeouts and bot seats (server.rooms.clocks, server.play.referee, server.play.bots)."""

from __future__ import annotations

import asyncio
import time

import pytest

from clients.python.client import Client, ServerError
from server.play.referee import LEASE_MS
from tests.cluster import ServerProc
from tests.tables import table


async def code_of(coro) -> str:
    with pytest.raises(ServerError) as err:
        await coro
    return err.value.code


async def test_bad_clock_settings_are_refused(server) -> None:
    c = await Client(server.url).connect()
    try:
        for bad in ({"per_move": 0}, {"per_move": 5, "total": 60}, {"total": 60, "timeout": "sleep"},
                    {"increment": 2}, {"per_move": "5"}, {"speed": 1}):  # fmt: skip
            assert await code_of(c.create("highcard", clock=bad)) == "bad_option", bad
    finally:
        await c.close()


async def test_a_bot_seat_plays_a_whole_game_with_a_person(server) -> None:
    host = await Client(server.url, name="ann").connect()
    try:
        room = (await host.create("highcard", seats=3)).room
        await host.add_bot(room)
        await host.add_bot(room, seat=2, level="greedy")
        seats = host.rooms[room].view["seats"]
        assert [s["bot"] for s in seats[1:]] == ["random", "greedy"] and seats[1]["name"] == "Bot 1"
        await host.start(room)
        mirror = host.rooms[room]
        while mirror.view["status"] != "over":  # the person plays; the bots answer on their own
            await host.wait_until(lambda: 0 in mirror.view["to_act"] or mirror.view["status"] == "over")
            if mirror.view["status"] == "over":
                break
            try:
                await host.move(room, (await host.legal(room))[0])
            except ServerError as exc:  # the bots bid beside the person: a bid on a seq they moved past
                assert exc.code == "stale_seq"
                await host.resync(room)
                continue
            assert "by" not in host.rooms[room].view["last"] or host.rooms[room].view["last"]["seat"] != 0
        assert len(mirror.view["result"]["scores"]) == 3
        assert mirror.view["last"]["seat"] == 0 or mirror.view["last"]["by"] == "bot"
        assert mirror.view["clock"]["setting"] is None  # bots without a clock: nobody else is timed
    finally:
        await host.close()


async def test_only_the_host_adds_bots_and_only_before_the_start(server) -> None:
    async with table(server.url, players=2, spectators=0, start=False) as t:
        host, guest = t.players
        await host.leave(t.room)  # free seat 0; the guest hosts now
        await guest.wait_until(lambda: guest.rooms[t.room].view["host"] == guest.player)
        assert await code_of(host.add_bot(t.room)) == "not_host"  # hosting passed on
        await guest.add_bot(t.room, level="random")
        assert await code_of(guest.add_bot(t.room)) == "room_full"
        assert await code_of(guest.add_bot(t.room, level="genius")) == "bad_field"
        await guest.start(t.room)
        assert await code_of(guest.add_bot(t.room)) == "already_started"


async def test_a_timeout_makes_the_bot_move_for_the_absent_seat(server) -> None:
    async with table(server.url, players=2, spectators=1, start=False) as t:
        host, guest = t.players
        # the room's clock is chosen at create: make a new room with one
        room = (await host.create("highcard", seats=2, clock={"per_move": 1})).room
        await guest.join(room)
        await host.start(room)
        mirror = host.rooms[room]
        clock = mirror.view["clock"]
        assert clock["setting"] == {"per_move": 1.0, "timeout": "bot"}
        asked = [d is not None for d in clock["deadline"]]
        assert asked == [True, True]  # a simultaneous bid: both seats are asked, both timed
        await host.move(room, {"type": "bid", "n": 1})
        started = time.monotonic()
        # the guest never answers: after its second, a bot bids for it
        await host.wait_until(lambda: mirror.view["table"]["phase"] != "bid", timeout=10)
        assert 0.7 < time.monotonic() - started < 8
        assert mirror.view["last"]["seat"] == 1
        assert mirror.view["last"]["by"] == "timeout"  # the log says why the seat decided


async def test_a_game_whose_seats_never_move_finishes_by_itself(server) -> None:
    async with table(server.url, players=2, spectators=0, start=False) as t:
        host, guest = t.players
        room = (await host.create("highcard", seats=2, clock={"total": 0.5, "increment": 0})).room
        await guest.join(room)
        await host.start(room)
        mirror = host.rooms[room]
        await host.wait_until(lambda: mirror.view["status"] == "over", timeout=30)
        assert len(mirror.view["result"]["scores"]) == 2
        assert all(left == 0 for left in mirror.view["clock"]["left"])  # both banks ran out


async def test_forfeit_policy_ends_the_game_naming_the_seat(server) -> None:
    async with table(server.url, players=2, spectators=0, start=False) as t:
        host, guest = t.players
        room = (await host.create("highcard", seats=2, clock={"per_move": 0.5, "timeout": "forfeit"})).room
        await guest.join(room)
        await host.start(room)
        await host.move(room, {"type": "bid", "n": 0})
        mirror = host.rooms[room]
        await host.wait_until(lambda: mirror.view["status"] == "over", timeout=10)
        result = mirror.view["result"]
        assert result["abandoned"] is True and result["forfeit"] == 1 and result["winners"] == [0]


async def test_total_clock_charges_the_mover_and_adds_the_increment(server) -> None:
    async with table(server.url, players=2, spectators=0, start=False) as t:
        host, guest = t.players
        room = (await host.create("highcard", seats=2, clock={"total": 60, "increment": 5})).room
        await guest.join(room)
        await host.start(room)
        mirror = host.rooms[room]
        await asyncio.sleep(0.3)
        await host.move(room, {"type": "bid", "n": 1})
        left = mirror.view["clock"]["left"]
        assert 64_000 < left[0] < 64_800  # 60 s - ~0.3 s + 5 s
        assert left[1] == 60_000  # still asked: its time runs from its deadline, not its bank
        assert mirror.view["clock"]["deadline"][0] is None


async def test_a_clock_survives_every_node_restarting(own_redis, tmp_path) -> None:
    redis_url = own_redis
    a = ServerProc(tmp_path / "a", redis_url).start()
    try:
        host = await Client(a.url).connect()
        guest = await Client(a.url).connect()
        # spectated live (a timed room's spectators are shown it late by default: server.rooms.delay)
        room = (await host.create("highcard", seats=2, clock={"per_move": 2}, spectator_delay={"moves": 0})).room
        await guest.join(room)
        await host.start(room)
        deadline = host.rooms[room].view["clock"]["deadline"][1]
        await host.move(room, {"type": "bid", "n": 1})
        await host.close()
        await guest.close()
        a.kill()  # SIGKILL: nothing written on the way out
        b = ServerProc(tmp_path / "b", redis_url).start()
        up = time.time() * 1000
        try:
            watcher = await Client(b.url).connect()
            mirror = await watcher.spectate(room)
            view = mirror.view
            if view["table"]["phase"] == "bid":  # not acted on yet: the deadline was not reset by the restart
                assert view["clock"]["deadline"][1] == deadline
            else:  # (a loaded machine: the new node took the lease and acted first) at the deadline, not before
                assert view["last"]["by"] == "timeout"
                assert all(d >= deadline + 2000 for d in view["clock"]["deadline"] if d is not None)
            await watcher.wait_until(lambda: mirror.view["table"]["phase"] != "bid", timeout=30)
            # acted on once the new node took the dead one's lease: a lease period late at most
            assert time.time() * 1000 - max(deadline, up) < LEASE_MS + 12000  # (a loaded machine too)
            await watcher.close()
        finally:
            b.stop()
    finally:
        a.stop() if a.proc and a.proc.poll() is None else None


async def test_a_snapshot_carries_the_servers_now_for_a_client_that_reloads(server) -> None:
    """A client that (re)loads counts a clock down from the server's time (the snapshot's
    `now`), not from the time of the room's last change (the view's `clock.now`)."""
    async with table(server.url, players=2, spectators=0, start=False) as t:
        host, guest = t.players
        room = (await host.create("highcard", seats=2, clock={"per_move": 30}, spectator_delay={"moves": 0})).room
        await guest.join(room)
        await host.start(room)
        await asyncio.sleep(1.2)  # nothing changes meanwhile: the view's `now` grows old
        late = await Client(server.url).connect()
        try:
            before = time.time() * 1000
            mirror = await late.spectate(room)
            clock = mirror.view["clock"]
            server_now = mirror.server_now()
            assert server_now is not None and abs(server_now - before) < 1000  # one machine, one clock
            assert server_now - clock["now"] >= 1100  # the snapshot's time, not the last change's
            left = clock["deadline"][1] - server_now
            assert 25_000 < left <= 30_000 - 1100, left  # what a reloaded page shows: time has run
        finally:
            await late.close()
