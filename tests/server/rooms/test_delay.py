"""Spectators shown a game late (server.rooms.delay), through a real node and real sockets:
frame by frame, a spectator never sees a decision younger than the room's delay, every
frame it gets is the rightful public view at its seq (judged as the leak checker judges),
and the players' frames are those of a room without a delay."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
import msgpack
import pytest
from redis.asyncio import Redis

from clients.python.client import Client, ServerError
from server.play.replay import documents
from server.rooms import delay
from server.storage.keys import channel
from tests.cluster import ServerProc
from tests.leaks import Judge, game_of, room_record
from tests.server.rooms.test_catchup import behind_a_relay
from tests.tables import Table, table


async def one_move(t: Table, rng: random.Random) -> tuple[int, float]:
    """One random legal decision by whoever must act, once every player shows the room's
    latest seq; the seq it made and when it was sent (time.monotonic)."""
    view = t.players[0].rooms[t.room].view
    seat = rng.choice(view["to_act"])
    mover = next(c for c in t.players if c.rooms[t.room].seat == seat)
    seq = mover.rooms[t.room].seq
    choice = rng.choice(await mover.legal(t.room))
    sent = time.monotonic()
    made = await mover.move(t.room, choice, seq=seq)
    for c in t.players:
        await c.wait_until(lambda c=c: c.rooms[t.room].seq >= made)
    return made, sent


async def shows(watcher: Client, room: str, seq: int) -> None:
    """Wait until spectator `watcher` shows at least `seq`; when it never does, say what it got."""
    mine = watcher.rooms[room]
    try:
        await watcher.wait_until(lambda: mine.seq >= seq)
    except TimeoutError:
        came = [(f["t"], f.get("seq")) for f in mine.frames][-12:]
        raise AssertionError(f"shown {mine.seq}, not {seq}; reconnects {watcher.reconnects} "
                             f"(closes {watcher.close_codes}); its last frames {came}") from None  # fmt: skip


def over(t: Table) -> bool:
    return t.players[0].rooms[t.room].view["status"] == "over"


async def late_to_the_end(t: Table, watcher: Client, rng: random.Random, n: int, started: int) -> int:
    """Random decisions until the game ends; after each, spectator `watcher` shows exactly
    the table of `n` commits ago (or the start), never a later one; at the end, the result.
    The last seq made."""
    made = -1
    while not over(t):
        made, _ = await one_move(t, rng)
        if over(t):
            break
        shown = max(started, made - n)
        await shows(watcher, t.room, shown)
        await asyncio.sleep(0.05)  # a frame let go too early would be here by now
        assert watcher.rooms[t.room].seq == shown
    await watcher.wait_until(lambda: watcher.rooms[t.room].result is not None)
    return made


async def judged(redis_url: str, t: Table, watcher: Client) -> int:
    """Every snapshot and diff `watcher` got, judged against the room's rightful public
    view at its seq (rebuilt from the log after the game); the frames judged."""
    final, log = await room_record(redis_url, t.room)
    judge = Judge(t.room, documents(final, log, game_of(final["game"])))
    frames = [f for f in watcher.rooms[t.room].frames if f["t"] in ("snapshot", "diff")]
    for f in frames:
        failure, _ = judge.frame(msgpack.packb(f), f, None)
        assert failure is None, failure
    return len(frames)


def test_a_setting_is_moves_or_seconds_within_bounds() -> None:
    assert delay.setting(None) is None
    assert delay.setting({"moves": 3}) == {"moves": 3}
    assert delay.setting({"moves": 0}) == {"moves": 0}
    assert delay.setting({"seconds": 2}) == {"seconds": 2.0}
    for bad in ({"moves": -1}, {"moves": 201}, {"moves": 1.5}, {"seconds": 0}, {"seconds": 4000},
                {"minutes": 1}, {"moves": 1, "seconds": 1}, {"moves": True}, [], "moves"):  # fmt: skip
        with pytest.raises(delay.DelayError):
            delay.setting(bad)


def test_timed_rooms_are_delayed_by_default_and_only_while_in_play() -> None:
    seats: list[Any] = [{"player": "a", "name": "a"}, {"player": "b", "name": "b"}]
    timed = {"status": "playing", "seats": seats, "clock_setting": {"per_move": 60}}
    assert delay.of(timed) == delay.Delay(moves=4)  # two decisions per seat
    assert delay.of({**timed, "spectator_delay": {"moves": 0}}) is None
    assert delay.of({**timed, "spectator_delay": {"seconds": 5.0}}) == delay.Delay(seconds=5.0)
    assert delay.of({**timed, "status": "open"}) is None
    assert delay.of({**timed, "status": "over"}) is None
    untimed = {"status": "playing", "seats": seats, "clock_setting": None}
    assert delay.of(untimed) is None
    assert delay.of({**untimed, "spectator_delay": {"moves": 2}}) == delay.Delay(moves=2)


async def test_a_spectator_sees_each_decision_n_commits_late_and_everything_at_the_end(server, redis_url) -> None:
    rng = random.Random(5)
    n = 2
    async with table(server.url, players=2, spectators=1, record=True, spectator_delay={"moves": n}) as t:
        watcher = t.spectators[0]
        mine = watcher.rooms[t.room]
        started = mine.seq  # the start itself came live: nothing was decided before it
        assert mine.delay is None  # the room was open when it was watched
        while not over(t):
            made, _ = await one_move(t, rng)
            if over(t):
                break
            # no commit past `made` exists until the next move: the spectator shows exactly
            # the table of n commits ago (or the start), never a later one
            shown = max(started, made - n)
            await watcher.wait_until(lambda shown=shown: mine.seq >= shown)
            await asyncio.sleep(0.05)  # a frame let go too early would be here by now
            assert mine.seq == shown
        await watcher.wait_until(lambda: mine.result is not None)
        final = t.players[0].rooms[t.room].seq
        assert mine.seq == final  # the end lets everything go, then the result
        assert [f["t"] for f in mine.frames].count("over") == 1
        assert await judged(redis_url, t, watcher) >= final - started
        for player in t.players:  # the players saw every commit, none late
            diffs = [f["seq"] for f in player.rooms[t.room].frames if f["t"] == "diff"]
            assert diffs == list(range(diffs[0], final + 1))


async def test_a_spectator_who_comes_late_waits_for_the_table_then_another_gets_it_at_once(server, redis_url) -> None:
    rng = random.Random(8)
    n = 3
    async with table(server.url, players=2, spectators=0, spectator_delay={"moves": n}) as t:
        for _ in range(2):
            live, _ = await one_move(t, rng)
        first = await Client(server.url, name="late", record=True).connect()
        second = await Client(server.url, name="later", record=True).connect()
        try:
            mirror = await first.spectate(t.room)
            assert mirror.delay == {"moves": n} and mirror.seq == -1  # joined, nothing shown yet
            for step in range(1, n + 1):
                made, _ = await one_move(t, rng)
                if step < n:
                    await asyncio.sleep(0.05)
                    assert mirror.seq == -1
            await first.wait_until(lambda: mirror.seq == live)  # the table as it was when it came
            other = await second.spectate(t.room)
            assert other.seq == live and other.delay == {"moves": n}  # the line's table, at once
            made, _ = await one_move(t, rng)
            for c in (first, second):
                await c.wait_until(lambda c=c: c.rooms[t.room].seq == made - n)
            await second.resync(t.room)  # a resync gives the latest table it may see, not the live one
            assert second.rooms[t.room].seq == made - n
            while not over(t):
                await one_move(t, rng)
            for c in (first, second):
                await c.wait_until(lambda c=c: c.rooms[t.room].result is not None)
                assert await judged(redis_url, t, c) > 0
        finally:
            await first.close()
            await second.close()


async def test_a_delay_in_seconds_never_shows_a_decision_sooner(server, redis_url) -> None:
    rng = random.Random(3)
    seconds = 0.6
    async with table(server.url, players=2, spectators=1, record=True, spectator_delay={"seconds": seconds}) as t:
        watcher = t.spectators[0]
        mine = watcher.rooms[t.room]
        arrived: dict[int, float] = {}
        orig = watcher._on_frame

        def spy(msg: dict[str, Any]) -> None:
            if msg.get("t") in ("diff", "snapshot"):
                arrived.setdefault(msg["seq"], time.monotonic())
            orig(msg)

        watcher._on_frame = spy  # type: ignore[method-assign]
        sent: dict[int, float] = {}
        for _ in range(4):
            made, at = await one_move(t, rng)
            sent[made] = at
        await watcher.wait_until(lambda: mine.seq >= max(sent), 10)
        for seq, at in sent.items():
            # sent before the commit, let go no sooner than `seconds` after it reached the node
            assert arrived[seq] - at >= seconds, (seq, arrived[seq] - at)
        assert await judged(redis_url, t, watcher) >= len(sent)


async def test_a_timed_room_is_delayed_by_default_and_said_keeps_its_last_decisions_back(server) -> None:
    rng = random.Random(4)
    async with table(server.url, players=2, spectators=0, clock={"per_move": 600}) as t:
        watcher = await Client(server.url, name="watcher").connect()
        try:
            mirror = await watcher.spectate(t.room)
            assert mirror.delay == {"moves": 4}  # two decisions per seat
            for _ in range(5):
                await one_move(t, rng)
            url = server.url.replace("ws://", "http://").rsplit("/", 1)[0]
            async with httpx.AsyncClient(base_url=url) as http:
                anyone = (await http.get(f"/api/rooms/{t.room}/said")).json()["said"]
                said = f"/api/rooms/{t.room}/said"
                mine = (await http.get(said, headers={"Authorization": f"Bearer {t.players[0].token}"})).json()["said"]
                theirs = (await http.get(said, headers={"Authorization": f"Bearer {watcher.token}"})).json()["said"]
            assert len(mine) == 5  # a player's token: every decision
            assert len(anyone) == len(theirs) == 1  # the last four commits kept back
            assert anyone == mine[:1]
        finally:
            await watcher.close()


async def test_a_spectator_on_another_node_is_shown_the_room_as_late(two_nodes, redis_url) -> None:
    rng = random.Random(6)
    n = 2
    a, b = (node.url for node in two_nodes)
    async with table([a, a, b], players=2, spectators=1, record=True, spectator_delay={"moves": n}) as t:
        watcher = t.spectators[0]
        mine = watcher.rooms[t.room]
        await late_to_the_end(t, watcher, rng, n, mine.seq)
        assert mine.seq == t.players[0].rooms[t.room].seq
        assert await judged(redis_url, t, watcher) > 0


async def test_a_spectator_who_reconnects_goes_on_from_the_table_it_was_shown(two_nodes, redis_url) -> None:
    """A spectator's socket drops (a phone changing networks) and comes back to its node.
    The room's line there outlived it (`delay.LINGER`): it is shown at once the table it
    was at, not made to wait a whole delay of decisions for anything, and goes on as late
    as before. (A line made anew would start from the live table, held back N commits;
    with nobody deciding until the spectator catches up, it would wait for ever.)"""
    rng = random.Random(7)
    n = 2
    a, b = (node.url for node in two_nodes)
    async with table([a, a, b], players=2, spectators=1, record=True, spectator_delay={"moves": n}) as t:
        watcher = t.spectators[0]
        mine = watcher.rooms[t.room]
        started = mine.seq
        for _ in range(n + 2):
            made, _ = await one_move(t, rng)
            assert not over(t), "HighCard lasts longer than this"
        shown = made - n
        await watcher.wait_until(lambda: mine.seq >= shown)
        before = len(mine.frames)
        await watcher.drop()
        await watcher.wait_until(lambda: watcher.reconnects == 1)
        mine = watcher.rooms[t.room]
        came = [(f["t"], f.get("seq")) for f in mine.frames[before:]]
        assert ("snapshot", shown) in came, came  # the table it was at, with no decision since
        assert mine.seq == shown
        made = await late_to_the_end(t, watcher, rng, n, started)
        assert await judged(redis_url, t, watcher) > made - started - n


async def test_a_spectator_goes_on_through_what_its_line_held_when_a_commit_was_missed(
    own_redis: str, data_dir: Path, tmp_path: Path
) -> None:
    """The spectator's node (A, behind a relay) loses its pub/sub, and a move is committed
    on the players' node (B) in the gap: A's line misses its frame. A's catch-up starts
    the line again from a read of the room, keeping the frames it held from before: the
    spectator is shown the table of n commits ago at once, as it would have been. (The line
    used to drop them and hold the read a whole delay: the spectator stayed a decision
    behind until the players had made n more.)"""
    rng = random.Random(11)
    n = 2
    async with (
        behind_a_relay(own_redis, data_dir, tmp_path) as pair,
        table(
            [pair.b.url, pair.b.url, pair.a.url], players=2, spectators=1, record=True, spectator_delay={"moves": n}
        ) as t,
    ):
        watcher = t.spectators[0]
        mine = watcher.rooms[t.room]
        started = mine.seq
        for _ in range(n + 1):
            made, _ = await one_move(t, rng)
            assert not over(t), "HighCard lasts longer than this"
        await shows(watcher, t.room, made - n)
        pair.relay.hold(b"SUBSCRIBE")  # node A's resubscription after the loss
        assert pair.direct.client_kill_filter(_type="pubsub") >= 2
        await asyncio.wait_for(pair.relay.held.wait(), 10)
        made, _ = await one_move(t, rng)  # its publish reaches nobody on A
        assert not over(t)
        pair.relay.release()
        await shows(watcher, t.room, made - n)
        await asyncio.sleep(0.05)
        assert mine.seq == made - n
        made = await late_to_the_end(t, watcher, rng, n, started)
        assert await judged(own_redis, t, watcher) > made - started - n


async def test_a_line_without_spectators_goes_after_a_while_and_its_channel_with_it(
    redis_url, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Node b's last spectator leaves: b stays subscribed to the room while the line
    lingers, then lets both go (its players' node a keeps its own subscription). A
    spectator who comes afterwards starts a new line: held back, shown nothing yet."""
    n = 2
    a = ServerProc(tmp_path_factory.mktemp("a"), redis_url).start()
    b = ServerProc(tmp_path_factory.mktemp("b"), redis_url, LONGHALL_SPECTATOR_LINGER="0.3").start()
    r = Redis.from_url(redis_url)
    rng = random.Random(9)

    async def subscribers(room: str) -> int:
        return int(dict(await r.pubsub_numsub(channel(room)))[channel(room).encode()])

    try:
        async with table([a.url, a.url, b.url], players=2, spectators=1, spectator_delay={"moves": n}) as t:
            for _ in range(n + 1):
                await one_move(t, rng)
            assert await subscribers(t.room) == 2  # a (the players) and b (the spectator's line)
            await t.spectators[0].close()
            deadline = time.monotonic() + 30
            while await subscribers(t.room) == 2:
                assert time.monotonic() < deadline, "node b kept the room's channel"
                await asyncio.sleep(0.05)
            assert await subscribers(t.room) == 1
            late = await Client(b.url, name="late").connect()
            try:
                mirror = await late.spectate(t.room)
                assert mirror.delay == {"moves": n} and mirror.seq == -1  # a new line: nothing shown yet
            finally:
                await late.close()
    finally:
        await r.aclose()
        a.stop()
        b.stop()


async def test_a_delay_that_is_not_one_is_refused(server) -> None:
    c = await Client(server.url, name="host").connect()
    try:
        for bad in ({"moves": -2}, {"hours": 1}, {"seconds": 0}):
            with pytest.raises(ServerError) as refused:
                await c.create("highcard", seats=2, spectator_delay=bad)
            assert refused.value.code == "bad_option"
    finally:
        await c.close()


class Watching:
    """What a node's spectator socket is to a line (server.transport.session.Session's
    push, send_frame and snapshot_sent): the seqs and kinds of what it was sent."""

    def __init__(self, seq: int) -> None:
        self.seq = seq
        self.got: list[tuple[str, int]] = []

    def push(self, room: str, seq: int, frame: bytes | None, over: bytes | None) -> None:
        if seq > self.seq and frame is not None:
            self.seq = seq
            self.got.append((msgpack.unpackb(frame)["t"], seq))

    def send_frame(self, frame: bytes) -> None:
        m = msgpack.unpackb(frame)
        self.got.append((m["t"], m.get("seq", -1)))

    def snapshot_sent(self, room: str, seq: int) -> None:
        self.seq = seq


def test_a_line_made_as_the_game_starts_goes_on_from_the_live_table_through_what_came_while_it_read() -> None:
    # the spectators were shown the start (seq 2) live; the line the node makes then reads
    # the room, and on a busy node the read answers a few commits on (seq 5), the frames of
    # 3–5 having come meanwhile. Before: the line started from 5 held back 2 commits, and
    # the spectator, at 2, was shown nothing until 7 — in a test that waits for it to show
    # 3 before any more decisions, never (run 3's failure, "shown 2, not 3")
    async def go() -> None:
        w = Watching(2)
        line = delay.Line("r", delay.Delay(moves=2), {"r": {w: None}}, restart=lambda _line: None)
        line.shown_live(2)
        line.pending = True  # (Delays.begin: the room is being read)
        diff = {s: msgpack.packb({"t": "diff", "room": "r", "seq": s, "ops": []}) for s in range(3, 9)}
        for s in (3, 4, 5):
            line.feed(s, diff[s], None)
        assert w.got == []
        line.start(5, msgpack.packb({"table": 5}))
        assert w.got == [("diff", 3)]  # 5 commits made: the table of 3 shown
        line.feed(6, diff[6], None)
        assert w.got[-1] == ("diff", 4)
        line.feed(7, diff[7], None)
        assert w.got[-1] == ("snapshot", 5) and line.view == {"table": 5}  # the read: whole, then diffs onto it
        line.feed(8, diff[8], None)
        assert w.got[-1] == ("diff", 6) and w.seq == 6

    asyncio.run(go())
