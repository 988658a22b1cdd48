"""Correspondence clocks (days per move), vacations and a player's games list
(server.rooms.clocks, server.play.referee, server.play.correspondence).

Each test runs its own Redis and node with the node's clock moved by a file
(server.runtime.wallclock, the `clock_file` setting): a day passes by writing the file,
never by sleeping. The referee acts on the moved clock within its round."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from clients.python.client import Client, ServerError
from server.rooms import clocks
from server.storage.keys import CORRESPONDENCE_ROOMS, PLAYING_ROOMS, keys
from tests.cluster import ServerProc
from tests.moved_clock import Time
from tests.tables import table

DAY = 24 * 3600 * 1000
HOUR = 3600 * 1000


@pytest.fixture
def moved(tmp_path: Path) -> Time:
    return Time(tmp_path / "clock-offset")


@pytest.fixture
def node(own_redis: str, tmp_path: Path, moved: Time) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "node", own_redis, LONGHALL_CLOCK_FILE=str(moved.path)).start()
    yield s
    s.stop()


@contextlib.asynccontextmanager
async def players(url: str, n: int) -> AsyncIterator[list[Client]]:
    cs = [await Client(url, name=f"p{i}").connect() for i in range(n)]
    try:
        yield cs
    finally:
        for c in cs:
            await c.close()


async def game_of(cs: list[Client], game: str, clock: dict[str, Any]) -> str:
    room = (await cs[0].create(game, seats=len(cs), clock=clock)).room
    for c in cs[1:]:
        await c.join(room)
    await cs[0].start(room)
    return room


def view(c: Client, room: str) -> dict[str, Any]:
    return c.rooms[room].view


async def decide(cs: list[Client], room: str) -> int:
    """One seat that is asked makes its first legal decision; that seat."""
    mirror = cs[0].rooms[room]
    seat = sorted(mirror.view["to_act"])[0]
    c = next(c for c in cs if c.rooms[room].seat == seat)
    await c.wait_until(lambda: c.rooms[room].seq >= mirror.seq)  # its move is sent at the seq it was asked at
    seq = await c.move(room, (await c.legal(room))[0], move_id=secrets.token_hex(4))  # (a new client's ids start again)
    await cs[0].wait_until(lambda: mirror.seq >= seq)
    return seat


@pytest.mark.parametrize("game", ["vikings", "hunters", "feast"])
async def test_a_correspondence_game_over_a_day_of_simulated_time(node: ServerProc, moved: Time, game: str) -> None:
    async with players(node.url, 2) as cs:
        room = await game_of(cs, game, {"days": 1})
        mirror = cs[0].rooms[room]
        clock = mirror.view["clock"]
        assert clock["setting"] == {"days": 1, "timeout": "bot"}
        for seat in mirror.view["to_act"]:  # asked at the start: a day each
            assert clock["deadline"][seat] == clock["now"] + DAY
        for _ in range(4):  # a decision every 5 hours of the day: each one resets the seat's day
            moved.advance(5 * HOUR)
            seat = await decide(cs, room)
            clock = mirror.view["clock"]
            if seat in mirror.view["to_act"]:  # asked again at once: a new day from this decision
                assert clock["deadline"][seat] == clock["now"] + DAY
            for other in mirror.view["to_act"]:
                assert clock["deadline"][other] is not None and clock["deadline"][other] <= clock["now"] + DAY
        assert mirror.view["status"] == "playing"
        due = min(d for d in mirror.view["clock"]["deadline"] if d is not None)
        late = sorted(s for s, d in enumerate(mirror.view["clock"]["deadline"]) if d == due)
        seq = mirror.seq
        moved.advance(due - mirror.view["clock"]["now"] + 1000)  # past it: a bot decides for the late seat
        await cs[0].wait_until(lambda: mirror.seq > seq, timeout=30)
        assert mirror.view["last"]["seat"] in late and mirror.view["last"]["by"] == "timeout"
        assert mirror.view["clock"]["now"] >= due  # acted on at the deadline, not before
        assert mirror.view["status"] == "playing"  # the game goes on
        moved.advance(1000)
        await decide(cs, room)  # the players decide again after it


async def test_a_forfeit_clock_ends_the_game_for_the_late_seat(node: ServerProc, moved: Time) -> None:
    async with players(node.url, 2) as cs:
        room = await game_of(cs, "vikings", {"days": 2, "timeout": "forfeit"})
        mirror = cs[0].rooms[room]
        deadline = mirror.view["clock"]["deadline"]
        late = min(s for s, d in enumerate(deadline) if d is not None)
        assert deadline[late] == mirror.view["clock"]["now"] + 2 * DAY
        moved.advance(2 * DAY + 1000)
        await cs[0].wait_until(lambda: mirror.view["status"] == "over", timeout=30)
        result = mirror.view["result"]
        assert result["abandoned"] is True and result["forfeit"] in (0, 1)
        assert result["winners"] == [1 - result["forfeit"]]


async def test_days_other_than_the_offered_ones_are_refused(node: ServerProc) -> None:
    async with players(node.url, 1) as (c,):
        for bad in ({"days": 4}, {"days": 1.5}, {"days": "1"}, {"days": True}, {"days": 1, "per_move": 60},
                    {"days": 2, "timeout": "sleep"}):  # fmt: skip
            with pytest.raises(ServerError) as err:
                await c.create("vikings", seats=2, clock=bad)
            assert err.value.code == "bad_option", bad
        mirror = await c.create("vikings", seats=2, clock={"days": 14, "timeout": "forfeit"})
        assert mirror.view["clock"]["setting"] == {"days": 14, "timeout": "forfeit"}
    for days in clocks.DAYS:  # the choices offered, and nothing between them
        assert clocks.settings({"days": days}) == {"days": days, "timeout": "bot"}
    for days in (0, 4, 6, 8, 10, 15, 30, -1):
        with pytest.raises(clocks.ClockError, match="days must be one of"):
            clocks.settings({"days": days})


def api(node: ServerProc, c: Client) -> httpx.Client:
    return httpx.Client(base_url=node.http, headers={"Authorization": f"Bearer {c.token}"}, timeout=30)


async def test_a_vacation_pauses_correspondence_clocks_only(node: ServerProc, moved: Time) -> None:
    async with players(node.url, 2) as cs:
        host, guest = cs
        room = await game_of(cs, "vikings", {"days": 1})
        short = await game_of(cs, "vikings", {"per_move": 600})
        mirror, quick = host.rooms[room], host.rooms[short]
        asked = [s for s, d in enumerate(mirror.view["clock"]["deadline"]) if d is not None]
        seat = asked[0]
        who = next(c for c in cs if c.rooms[room].seat == seat)
        before = mirror.view["clock"]["deadline"][seat]
        short_before = list(quick.view["clock"]["deadline"])  # (a copy: diffs change the view in place)
        moved.advance(60_000)  # a minute: less than the short clock's ten
        with api(node, who) as http:
            took = http.post(f"/api/players/{who.player}/vacation", json={"days": 3})
            assert took.status_code == 200, took.text
            body = took.json()
            assert body["paused"] == [room] and body["days_left"] == 11
            assert body["until"] >= before - DAY + 60_000 + 3 * DAY  # from now, three days
            await host.wait_until(lambda: mirror.view["clock"]["deadline"][seat] != before)
            assert mirror.view["clock"]["deadline"][seat] == before + 3 * DAY  # paused: extended by the vacation
            assert mirror.view["clock"]["away"][seat] == body["until"]
            assert quick.view["clock"]["deadline"] == short_before  # a short clock is never paused
            assert "away" not in quick.view["clock"]
            listed = http.get(f"/api/players/{who.player}/games").json()
            line = next(g for g in listed["games"] if g["room"] == room)
            assert line["deadline"] == before + 3 * DAY and listed["vacation"]["until"] == body["until"]
            refused = http.post(f"/api/players/{who.player}/vacation", json={"days": 12})
            assert refused.status_code == 409 and refused.json()["days_left"] == 11  # 14 a year
        seq, quick_seq = mirror.seq, quick.seq
        moved.advance(DAY)  # the day the seat had has passed: on vacation, its clock waits
        await host.wait_until(lambda: quick.seq > quick_seq, timeout=30)  # the short clock ran out (a referee round)
        quick_seq = quick.seq
        moved.advance(11 * 60 * 1000)
        await host.wait_until(lambda: quick.seq > quick_seq, timeout=30)  # and another round after that one
        assert mirror.seq == seq and mirror.view["clock"]["deadline"][seat] == before + 3 * DAY
        moved.advance(3 * DAY)  # past the extended deadline: the referee acts
        await host.wait_until(lambda: mirror.seq > seq, timeout=30)
        assert mirror.view["last"]["seat"] == seat and mirror.view["last"]["by"] == "timeout"


async def test_decisions_go_on_after_the_node_restarts(own_redis: str, tmp_path: Path, moved: Time) -> None:
    a = ServerProc(tmp_path / "a", own_redis, LONGHALL_CLOCK_FILE=str(moved.path)).start()
    try:
        async with players(a.url, 2) as cs:
            room = await game_of(cs, "hunters", {"days": 1})
            await decide(cs, room)
            tokens = [c.token for c in cs]
        a.kill()  # SIGKILL: nothing written on the way out
    finally:
        a.stop() if a.proc and a.proc.poll() is None else None
    b = ServerProc(tmp_path / "b", own_redis, LONGHALL_CLOCK_FILE=str(moved.path)).start()
    try:
        cs = [await Client(b.url, token=t).connect() for t in tokens]
        try:
            for c in cs:
                await c.join(room)
            mirror = cs[0].rooms[room]
            deadline = list(mirror.view["clock"]["deadline"])  # (a copy: diffs change the view in place)
            moved.advance(HOUR)
            seat = await decide(cs, room)  # a player decides on the new node, an hour later
            if seat in mirror.view["to_act"]:
                assert mirror.view["clock"]["deadline"][seat] == mirror.view["clock"]["now"] + DAY
            assert mirror.view["clock"]["deadline"] != deadline
            moved.advance(2 * DAY)  # and the new node's referee times out the next seat
            seq = mirror.seq
            await cs[0].wait_until(lambda: mirror.seq > seq, timeout=30)
            assert mirror.view["last"]["by"] == "timeout"
        finally:
            for c in cs:
                await c.close()
    finally:
        b.stop()


async def test_the_games_list_shows_every_seat_newest_change_first(node: ServerProc, own_redis: str) -> None:
    store = redis.Redis.from_url(own_redis)

    def ms() -> int:
        sec, usec = store.time()
        return int(sec) * 1000 + int(usec) // 1000

    def after_last_change() -> None:
        """The next change is later than the last (the list orders by the log's times, in ms)."""
        start = ms()
        while ms() == start:
            pass

    async with players(node.url, 3) as cs:
        ann, bob, cy = cs
        first = await game_of([ann, bob], "vikings", {"days": 3})
        after_last_change()
        second = await game_of([ann, cy], "hunters", {"days": 1})
        after_last_change()
        waiting = (await ann.create("feast", seats=2)).room  # open: nobody else yet
        after_last_change()
        left = (await bob.create("vikings", seats=2)).room
        await ann.join(left)
        await ann.leave(left)  # not sitting there any more: not listed
        after_last_change()
        await decide([ann, bob], first)  # the newest change now
        with api(node, ann) as http:
            got = http.get(f"/api/players/{ann.player}/games")
            assert got.status_code == 200
            body = got.json()
            games = body["games"]
            assert [g["room"] for g in games] == [first, waiting, second]
            by_room = {g["room"]: g for g in games}
            one = by_room[first]
            assert one["game"] == "vikings" and one["status"] == "playing" and one["seat"] == 0
            assert one["clock"] == {"days": 3, "timeout": "bot"}
            assert one["to_act"] == sorted(view(ann, first)["to_act"])
            assert one["your_turn"] == (0 in one["to_act"])
            assert one["deadline"] == view(ann, first)["clock"]["deadline"][0]
            assert [s["name"] for s in one["seats"]] == ["p0", "p1"]
            assert by_room[waiting]["status"] == "open" and by_room[waiting]["to_act"] == []
            assert by_room[waiting]["deadline"] is None
            assert games[0]["changed"] >= games[1]["changed"] >= games[2]["changed"]
            assert body["vacation"] == {"until": None, "days_left": 14}
            # only the player themselves
            assert httpx.get(f"{node.http}/api/players/{ann.player}/games").status_code == 401
            with api(node, bob) as other:
                assert other.get(f"/api/players/{ann.player}/games").status_code == 403
                assert [g["room"] for g in other.get(f"/api/players/{bob.player}/games").json()["games"]] == [
                    first,
                    left,
                ]


async def test_a_vacation_ended_early_gives_back_the_days_not_begun(node: ServerProc, moved: Time) -> None:
    async with players(node.url, 2) as cs:
        host = cs[0]
        room = await game_of(cs, "hunters", {"days": 1})
        mirror = host.rooms[room]
        seat = next(s for s, d in enumerate(mirror.view["clock"]["deadline"]) if d is not None)
        who = next(c for c in cs if c.rooms[room].seat == seat)
        before = mirror.view["clock"]["deadline"][seat]
        moved.advance(60_000)
        with api(node, who) as http:
            assert http.post(f"/api/players/{who.player}/vacation", json={"days": 3}).json()["days_left"] == 11
            await host.wait_until(lambda: mirror.view["clock"]["deadline"][seat] == before + 3 * DAY)
            moved.advance(DAY - 60_000)  # not quite one day of the three counted
            back = http.delete(f"/api/players/{who.player}/vacation")
            assert back.status_code == 200, back.text
            body = back.json()
            assert body["resumed"] == [room] and body["until"] is None and body["days_left"] == 13  # two given back
            # the seat keeps the part of the pause counted: a day less the minute, less the test's own milliseconds
            await host.wait_until(lambda: mirror.view["clock"]["deadline"][seat] < before + 3 * DAY)
            assert before + DAY - 60_000 <= mirror.view["clock"]["deadline"][seat] < before + DAY
            assert mirror.view["clock"]["away"][seat] is None
            again = http.delete(f"/api/players/{who.player}/vacation")
            assert again.status_code == 409 and again.json()["error"] == "no_vacation"
        seq = mirror.seq
        moved.advance(DAY)  # past the deadline as it stands now: the referee acts
        await host.wait_until(lambda: mirror.seq > seq, timeout=30)
        assert mirror.view["last"]["seat"] == seat and mirror.view["last"]["by"] == "timeout"


async def test_a_game_of_days_is_never_judged_absent_nor_abandoned(own_redis: str, tmp_path: Path) -> None:
    # short games beside it, under the same limits, show that the judge of absent seats and the
    # abandonment both looked while the game of days' players were away
    n = ServerProc(tmp_path / "n", own_redis, LONGHALL_ABSENT_AFTER="1", LONGHALL_CLAIM_AFTER="1",
                   LONGHALL_ABANDON_AFTER="2").start()  # fmt: skip
    store = redis.Redis.from_url(own_redis)

    def status(room: str) -> str:
        return (store.hget(keys(room)[3], "status") or b"").decode()

    async def until(test: Callable[[], bool]) -> None:
        for _ in range(600):
            if test():
                return
            await asyncio.sleep(0.1)
        raise AssertionError("not within a minute")

    try:
        async with (
            table(n.url, 2, 0, clock={"days": 1}) as days,
            table(n.url, 2, 0, clock={"per_move": 600}) as short,
            table(n.url, 2, 0, clock={"days": 2}, start=False) as waiting,
            table(n.url, 2, 0, clock={"per_move": 600}, start=False) as open_short,
        ):
            assert store.zscore(CORRESPONDENCE_ROOMS, days.room) is not None  # indexed apart when it starts
            assert store.zscore(PLAYING_ROOMS, days.room) is None and store.zscore(PLAYING_ROOMS, short.room)
            for t in (days, short, waiting, open_short):
                await t.players[1].close()
            a = short.players[0]
            await a.wait_until(lambda: a.rooms[short.room].view["absent"] == [1], timeout=60)
            await until(lambda: store.hget(keys(open_short.room)[3], "taken") == b"1")  # its guest's seat freed
            d = days.players[0]
            assert d.rooms[days.room].view["absent"] == []
            with pytest.raises(ServerError) as err:  # nobody claims a win over a player of days who is away
                await d.claim(days.room)
            assert err.value.code == "not_claimable"
            assert store.hget(keys(waiting.room)[3], "taken") == b"2"  # a game of days waits for its guest
            # a game of days indexed with the short games (by an earlier release) is moved, not ended
            store.zrem(CORRESPONDENCE_ROOMS, days.room)
            store.zadd(PLAYING_ROOMS, {days.room: 1})
            for t in (days, short):
                await t.players[0].close()
            await until(lambda: status(short.room) == "over")  # abandoned: nobody at its table
            await until(lambda: store.zscore(CORRESPONDENCE_ROOMS, days.room) is not None)
            assert status(days.room) == "playing" and store.zscore(PLAYING_ROOMS, days.room) is None
    finally:
        store.close()
        n.stop()
