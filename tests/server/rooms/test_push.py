"""Legal moves pushed with the change that makes a seat decide (`join`/`create` with
`push`): on real nodes, Redis and websockets, the socket of the seat to decide gets a
`moves` frame right behind that change's diff or snapshot — the same moves a `legal`
request answers — and no other socket gets it."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from redis.asyncio import Redis

from server.storage.fanout import Hub
from server.transport.session import Session
from tests.cluster import ServerProc
from tests.fuzz import Wire
from tests.wire import Tap


async def _pushed(seats: list[Tap], seq: int | None, timeout: float = 10.0) -> tuple[Tap, dict[str, Any]]:
    """The first seat whose socket got moves pushed for `seq` (None: any), and the frame."""
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        for tap in seats:
            for _, m in tap.frames:
                if m["t"] == "moves" and m.get("push") and seq in (None, m["seq"]):
                    return tap, m
        await asyncio.sleep(0.005)
    raise AssertionError(f"no seat was pushed its moves at seq {seq}")


async def _seated(p0_url: str, p1_url: str) -> tuple[str, list[Tap], Tap, Tap, str, int]:
    """A 2-seat Vikings room: both seats with `push`; a second socket of seat 1's player
    without it, a spectator; started. The room, the seats' taps, that socket, the
    spectator, the token, the seq of the start."""
    p0, p1 = Tap(p0_url), Tap(p1_url)
    await p0.open()
    token = (await p1.open())["token"]
    room = (await p0.ask({"t": "create", "game": "vikings", "seats": 2, "push": True}, "snapshot"))["room"]
    assert next(m for _, m in p0.frames if m["t"] == "joined")["push"] is True
    await p1.ask({"t": "join", "room": room, "push": True}, "snapshot")
    plain, watcher = Tap(p1_url), Tap(p0_url)
    await plain.open(token)
    await plain.ask({"t": "join", "room": room}, "snapshot")  # the same player, not pushed
    assert "push" not in next(m for _, m in plain.frames if m["t"] == "joined")
    await watcher.open()
    await watcher.ask({"t": "spectate", "room": room}, "snapshot")
    await p0.send({"t": "start", "room": room})
    started = (await _pushed([p0, p1], None))[1]["seq"]
    return room, [p0, p1], plain, watcher, token, started


async def _play(room: str, seats: list[Tap], decisions: int, rng: random.Random, seq: int) -> dict[int, Tap]:
    """Decide `decisions` times on pushed moves alone, from `seq` on; each pushed frame
    is checked against its change and against a `legal` request. Who decided at each seq."""
    decided: dict[int, Tap] = {}
    for _ in range(decisions):
        tap, moves = await _pushed(seats, seq)
        assert moves["room"] == room and moves["moves"]
        i = next(i for i, (_, m) in enumerate(tap.frames) if m is moves)
        before = tap.frames[i - 1][1]
        assert before["t"] in ("diff", "snapshot") and before["seq"] == seq  # right behind its change
        asked = await tap.ask({"t": "legal", "room": room}, "moves")
        assert "push" not in asked and asked["seq"] == seq and asked["moves"] == moves["moves"]
        move = rng.choice(moves["moves"])
        ok = await tap.ask({"t": "move", "room": room, "id": f"m{seq}", "seq": seq, "move": move}, "ok")
        assert ok["t"] == "ok", ok
        decided[seq] = tap
        seq = ok["seq"]
    return decided


async def _check(seats: list[Tap], plain: Tap, watcher: Tap, decided: dict[int, Tap]) -> None:
    """Each seat was pushed exactly the seqs it decided at (and one seat the last seq,
    undecided); nobody else got any."""
    last = max(decided) + 1
    decided = {**decided, last: (await _pushed(seats, last))[0]}
    for tap in (plain, watcher):
        await tap.wait_for(lambda m: m["t"] == "diff" and m["seq"] == last)
        assert not [m for _, m in tap.frames if m["t"] == "moves"]
    for tap in seats:
        pushed = [m["seq"] for _, m in tap.frames if m["t"] == "moves" and m.get("push")]
        assert sorted(pushed) == sorted(s for s, t in decided.items() if t is tap)  # once per seq


async def _game(p0_url: str, p1_url: str, seed: int) -> None:
    """25 decisions on pushed moves alone, by both seats; then the pushes checked."""
    room, seats, plain, watcher, _, seq = await _seated(p0_url, p1_url)
    try:
        decided = await _play(room, seats, 25, random.Random(seed), seq)
        assert len(set(decided.values())) == 2
        await _check(seats, plain, watcher, decided)
    finally:
        for tap in (*seats, plain, watcher):
            await tap.close()


async def test_the_seat_to_decide_is_pushed_its_legal_moves(server: ServerProc) -> None:
    await _game(server.url, server.url, 3)


async def test_a_commit_on_another_node_pushes_there(two_nodes: list[ServerProc]) -> None:
    """Seat 0 on one node, seat 1 on the other: each commit reaches the other node by
    pub/sub, which reads the room and pushes the moves of its seat."""
    await _game(two_nodes[0].url, two_nodes[1].url, 4)


async def test_a_snapshot_is_followed_by_the_moves_of_the_seat_to_decide(server: ServerProc) -> None:
    """Joining again (a new socket of the player) or a resync: the snapshot, then the
    moves when the seat is to decide; none when it is not."""
    room, seats, plain, watcher, token, seq = await _seated(server.url, server.url)
    again = Tap(server.url)
    try:
        while (await _pushed(seats, seq))[0] is not seats[1]:  # on until seat 1 decides
            seq = max(await _play(room, seats, 1, random.Random(seq), seq)) + 1
        await again.open(token)  # seat 1's player, on a new socket
        snap = await again.ask({"t": "join", "room": room, "push": True}, "snapshot")
        assert snap["seq"] == seq and 1 in snap["view"]["to_act"]
        moves = await again.wait_for(lambda m: m["t"] == "moves", 0, 5)
        assert again.frames[-1][1] is moves and again.frames[-2][1] is snap  # right behind it
        assert moves["seq"] == seq and moves["push"] is True
        for k, tap in enumerate(seats):  # a resync: seat 1 is pushed its moves again, seat 0 nothing
            mark = len(tap.frames)
            await tap.ask({"t": "resync", "room": room, "seq": seq}, "snapshot")
            await tap.ask({"t": "ping", "n": k}, "pong")  # anything pushed after the snapshot is in by now
            after = [m for _, m in tap.frames[mark:] if m["t"] == "moves"]
            assert [m["seq"] for m in after] == ([seq] if k == 1 else [])
        assert not [m for _, m in plain.frames if m["t"] == "moves"]
    finally:
        for tap in (*seats, plain, watcher, again):
            await tap.close()


def test_moves_pushed_while_a_socket_is_attached_follow_its_snapshot() -> None:
    """A socket being attached holds its pushes until its snapshot is out: the diffs
    newer than the snapshot follow it, each with the moves pushed after it; moves of a seq
    the socket does not show are dropped (a later change brings its own)."""
    wire = Wire()
    sess = Session(wire, 100.0, 100.0)
    sess.rooms["r"] = 1
    sess.pushing.add("r")
    sess.hold("r")
    sess.push("r", 5, b"diff5", None, b"moves5")
    sess.push("r", 6, b"diff6", None)
    sess.push_moves("r", 6, b"moves6")
    sess.push_moves("r", 7, b"moves7")  # read for a seq whose diff is not here yet
    sess.snapshot_sent("r", 5)  # the snapshot was read at seq 5: its diff and moves are in it
    assert wire.frames == [b"diff6", b"moves6"]
    sess.push("r", 7, b"diff7", None)
    sess.push_moves("r", 6, b"moves6")  # late: the socket shows seq 7
    sess.push_moves("r", 7, b"moves7")
    sess.pushing.discard("r")
    sess.push("r", 8, b"diff8", None)
    sess.push_moves("r", 8, b"moves8")  # the socket no longer asks
    assert wire.frames == [b"diff6", b"moves6", b"diff7", b"moves7", b"diff8"]


def test_a_publish_that_does_not_name_the_seats_to_decide_leaves_it_to_the_room_read() -> None:
    """A node of an older release publishes no `acting`: every pushed seat socket here is
    handed to `on_acting`, whose read of the room pushes only to the seats to decide; a
    publish that names them hands over only those."""
    wanted: list[list[tuple[Any, int]]] = []

    class Wanting:  # the hub's events (HubEvents) that note only the sockets handed over
        def on_acting(self, room: str, seq: int, wanting: list[tuple[Any, int]]) -> None:
            wanted.append(wanting)

        def on_remote(self, room: str, seq: int, id_key: str) -> None: ...
        def on_resubscribe(self) -> None: ...
        async def on_recovered(self) -> None: ...
        def on_direct(self, msg: dict[str, Any]) -> None: ...
        def on_delayed(self, room: str, seq: int) -> None: ...

    hub = Hub(Redis(), "n1", Wanting())
    socks = []
    for seat in (0, 1, None):
        sess = Session(Wire(), 100.0, 100.0)
        sess.player, sess.rooms["r"], sess.seen["r"] = f"p{seat}", seat, 4
        if seat is not None:
            sess.pushing.add("r")
        hub.local.setdefault("r", {})[sess] = seat
        socks.append(sess)
    frames = {"p": b"diff", "0": b"diff", "1": b"diff"}
    hub.deliver("r", 5, frames, None, ["p0", "p1"], None)  # no `acting`: an older node's publish
    hub.deliver("r", 6, frames, None, ["p0", "p1"], [1])
    hub.deliver("r", 7, frames, None, ["p0", "p1"], [])
    assert wanted == [[(socks[0], 0), (socks[1], 1)], [(socks[1], 1)]]
    assert all(s.out.frames == [b"diff"] * 3 for s in socks)  # type: ignore[attr-defined]
