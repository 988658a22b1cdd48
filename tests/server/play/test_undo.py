"""Undo within a turn (server.play.undo, a room option; issue #13).

The engines' own states first (server.play.undo is pure): for Vikings, Hunters and Feast a
decision inside a turn is taken back to the very state before it, a decision that drew
at random or from a hidden stack is refused (`undo_revealed`), and so is an undo by
another seat (`nothing_to_undo`). Then on the wire: whole games with undos are replayed
from seed + log to their final state, every socket's frames pass the leak checker, an
undo gives no time back, and the refusals carry their codes.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import httpx
import msgpack
import pytest

from clients.python.client import Client, ServerError
from protocol.diff import strict_equal
from server.games import registry
from server.games.rng import drawn
from server.play import bots, undo
from server.play.replay import documents
from server.rooms import document as rm
from server.rooms.errors import RoomError
from tests.leaks import Stats, WireClient, check_wire, room_record

GAMES = {"vikings": (2, {}), "hunters": (2, {}), "feast": (2, {"length": "short"})}
Step = tuple[dict[str, Any], int, Any, dict[str, Any]]  # state before, seat, move, state after


def doc_of(state: dict[str, Any], seats: int) -> rm.Doc:
    return {"undo_on": True, "status": rm.PLAYING, "seats": [{"player": f"p{i}"} for i in range(seats)],
            "state": state, "undo": None}  # fmt: skip


def find(game_name: str, want: Callable[[Step, bool], bool], tries: int = 40) -> Step:
    """The first decision of seeded random games (the seat still asked after it) that `want`
    accepts, given whether server.play.undo judges it to reveal something."""
    seats, options = GAMES[game_name]
    game = registry.get(game_name)
    assert game is not None
    for seed in range(tries):
        rng = random.Random(seed)
        state = game.setup(seats, game.resolve_options(options), seed)
        for _ in range(3000):
            acting = game.to_act(state)
            if not acting or game.result(state) is not None:
                break
            seat = acting[0]
            move = bots.choose(game, state, seat, "random", rng)
            after = game.apply(state, seat, move)
            if seat in game.to_act(after) and game.result(after) is None:
                step = (state, seat, move, after)
                if want(step, undo.reveals(game, state, after, seats)):
                    return step
            state = after
    raise AssertionError(f"no such decision in {tries} games of {game_name}")


def track(game_name: str, step: Step, old: rm.Doc | None = None) -> rm.Doc:
    before, seat, move, after = step
    game = registry.get(game_name)
    assert game is not None
    old = old or doc_of(before, GAMES[game_name][0])
    return undo.track(game, old, {**old, "state": after}, seat, move, None, 7)


def refusal(game_name: str, doc: rm.Doc, seat: int) -> str:
    with pytest.raises(RoomError) as err:
        undo.undone(registry.get(game_name), doc, seat, 8)  # type: ignore[arg-type]
    return err.value.code


# -- the engines' own states -------------------------------------------------------------------


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_a_decision_inside_a_turn_is_taken_back_to_the_very_state_before_it(game_name: str) -> None:
    game = registry.get(game_name)
    assert game is not None
    # two decisions of one seat in a row that reveal nothing: both come back, latest first
    first = find(game_name, lambda s, revealed: not revealed)
    doc1 = track(game_name, first)
    seat = first[1]
    second_move = bots.choose(game, first[3], seat, "random", random.Random(1))
    after2 = game.apply(first[3], seat, second_move)
    doc2 = undo.track(game, doc1, {**doc1, "state": after2}, seat, second_move, None, 8)
    if doc2["undo"] is not None and doc2["undo"]["moves"]:
        assert rm.undo_public(doc2) == {"seat": seat, "n": len(doc2["undo"]["moves"])}
        back1 = undo.undone(game, doc2, seat, 9)
        assert strict_equal(back1["state"], first[3])
    back = undo.undone(game, doc1, seat, 9)
    assert strict_equal(back["state"], first[0])  # every draw, shuffle and counter as before
    assert back["last"]["p"] == {"k": "undo", "seat": seat, "seq": 9, "undone": 7}
    assert rm.undo_public(back) == {"seat": None, "n": 0}
    for viewer in [None, *range(GAMES[game_name][0])]:
        assert game.view(back["state"], viewer) == game.view(first[0], viewer)


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_another_seat_cannot_take_a_decision_back(game_name: str) -> None:
    step = find(game_name, lambda s, revealed: not revealed)
    doc = track(game_name, step)
    other = (step[1] + 1) % GAMES[game_name][0]
    assert refusal(game_name, doc, other) == "nothing_to_undo"
    assert refusal(game_name, {**doc, "undo_on": False}, step[1]) == "undo_off"


def rolled(step: Step, revealed: bool) -> bool:
    return drawn(step[0]) != drawn(step[3])  # a die, a shuffle: the generator drew


def from_a_hidden_stack(game_name: str) -> Callable[[Step, bool], bool]:
    game = registry.get(game_name)
    assert game is not None
    return lambda s, revealed: drawn(s[0]) == drawn(s[3]) and game.hidden(s[0]) != game.hidden(s[3])


# F-: Feast's dice (a raid or an exploration roll) and a drawn occupation card; H-: the
# bonus tile drawn for the same seat after a completed forest with a gold mine; V-: new
# tiles drawn from the bag (the generator) while the seat is still asked.
REVEALS = [
    ("feast", "a dice roll", rolled),
    ("feast", "a card drawn", from_a_hidden_stack("feast")),
    ("hunters", "a tile drawn", from_a_hidden_stack("hunters")),
    ("vikings", "new tiles", rolled),
]


@pytest.mark.parametrize(("game_name", "what", "want"), REVEALS, ids=[f"{g}: {w}" for g, w, _ in REVEALS])
def test_a_decision_that_revealed_something_stands(game_name: str, what: str, want: Any) -> None:
    step = find(game_name, want, tries=200)
    game = registry.get(game_name)
    assert game is not None and undo.reveals(game, step[0], step[3], GAMES[game_name][0])
    # an earlier decision of the same seat that could be taken back cannot be any more
    pending = {"seat": step[1], "revealed": False, "base": step[0], "moves": [{"move": {}, "seq": 5}]}
    earlier = {**doc_of(step[0], GAMES[game_name][0]), "undo": pending}
    doc = track(game_name, step, earlier)
    assert refusal(game_name, doc, step[1]) == "undo_revealed", what
    assert rm.undo_public(doc) == {"seat": None, "n": 0}


def test_a_private_change_of_a_hand_counts_as_a_reveal() -> None:
    """A decision that changes what one seat sees otherwise than what the spectators see
    (a card into or out of a hand, a sealed bid) stands, even without a draw."""
    game = registry.get("feast")
    assert game is not None

    def private(step: Step, revealed: bool) -> bool:
        before, seat, _, after = step
        return (drawn(before) == drawn(after) and game.hidden(before) == game.hidden(after)
                and game.view(before, seat) != game.view(after, seat) and revealed)  # fmt: skip

    step = find("feast", private, tries=200)
    assert refusal("feast", track("feast", step), step[1]) == "undo_revealed"


def test_a_move_undo_loop_stops_at_the_undo_budget() -> None:
    """Issue #36, hole 4: a decision made and taken back again and again added two log
    entries a round and left the game where it was. Each seat has a budget of undos per
    game; past it the decision stands (`undo_spent`), so the loop ends."""
    step = find("vikings", lambda s, revealed: not revealed)
    before, seat, move, after = step
    game = registry.get("vikings")
    assert game is not None
    doc = doc_of(before, 2)
    for n in range(3):
        doc = undo.track(game, doc, {**doc, "state": after}, seat, move, None, 10 + 2 * n)
        doc = undo.undone(game, doc, seat, 11 + 2 * n, budget=3)
        assert strict_equal(doc["state"], before)
    assert doc["undos"] == [3, 0] if seat == 0 else doc["undos"] == [0, 3]
    doc = undo.track(game, doc, {**doc, "state": after}, seat, move, None, 16)
    with pytest.raises(RoomError) as err:
        undo.undone(game, doc, seat, 17, budget=3)
    assert err.value.code == "undo_spent"  # the fourth undo: the decision stands, the game goes on
    undo.undone(game, doc, seat, 17)  # (a replay applies what the log holds: no budget there)


# -- on the wire -------------------------------------------------------------------------------


async def undoing_player(c: Client, room: str, rng: random.Random, counts: dict[str, int]) -> None:
    """Random legal decisions; after one that may be taken back, now and then take it back
    (and check the table is as it was) before deciding again."""
    mirror = c.rooms[room]
    while True:
        await c.wait_until(lambda: mirror.result is not None or (mirror.view.get("status") == "playing"
                           and mirror.seat in mirror.view.get("to_act", [])), 120)  # fmt: skip
        if mirror.result is not None:
            return
        seq, table = mirror.seq, msgpack.unpackb(msgpack.packb(mirror.view["table"]))
        try:
            moves = await c.legal(room)
            if not moves:
                await c.wait_until(lambda s=seq: mirror.seq != s or mirror.result is not None, 120)
                continue
            await c.move(room, rng.choice(moves), seq=seq)
            u = mirror.view["undo"]
            if u["seat"] == mirror.seat and rng.random() < 0.4:
                await c.undo(room)
                assert mirror.view["table"] == table  # this seat's own view is as it was
                assert mirror.view["last"]["k"] == "undo"
                counts["undone"] += 1
            elif u["seat"] is None and mirror.seat in mirror.view["to_act"] and mirror.view["status"] == "playing":
                try:
                    await c.undo(room)
                    raise AssertionError("an undo with nothing to take back went through")
                except ServerError as exc:
                    if exc.code not in ("undo_revealed", "nothing_to_undo"):
                        raise
                    counts[exc.code] += 1
        except ServerError as exc:
            # another seat decided meanwhile (a simultaneous phase): the view moved on, and a
            # decision of ours it followed can no longer be taken back
            if exc.code not in ("stale_seq", "not_your_turn", "conflict", "rate_limited", "nothing_to_undo"):
                raise
            await c.resync(room)


@pytest.mark.parametrize("game_name", sorted(GAMES))
async def test_a_game_with_undos_replays_to_its_final_state_and_leaks_nothing(server, redis_url, game_name) -> None:
    seats, options = GAMES[game_name]
    players = [await WireClient(server.url, name=f"u{i}").connect() for i in range(seats)]
    watcher = await WireClient(server.url, name="w").connect()
    counts = {"undone": 0, "undo_revealed": 0, "nothing_to_undo": 0}
    try:
        room = (await players[0].create(game_name, options, seats=seats, undo=True)).room
        for p in players[1:]:
            await p.join(room)
        await watcher.spectate(room)
        await players[0].start(room)
        await asyncio.gather(*(undoing_player(p, room, random.Random(i), counts) for i, p in enumerate(players)))
        assert counts["undone"] > 0, counts
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            check = (await http.get(f"/api/rooms/{room}/replay/check")).json()
            replay = (await http.get(f"/api/rooms/{room}/replay")).json()
            said = (await http.get(f"/api/rooms/{room}/said")).json()["said"]
        assert check["ok"], check  # seed + log (undos applied) give the recorded final state and result
        final, log = await room_record(redis_url, room)
        assert sum(e["k"] == "undo" for e in log) == counts["undone"]
        assert len(replay["moves"]) == len(undo.moves_kept(log)) == check["moves"]
        assert len(said) == check["moves"]  # the move log in words leaves out what was taken back
        docs = documents(final, log)
        assert strict_equal(docs[-1]["state"], final["state"])
        stats = Stats()
        for sock in [*players, watcher]:
            check_wire(sock, room, docs, stats)
        assert stats.failures == [] and stats.views > 0
    finally:
        for c in [*players, watcher]:
            await c.close()


async def test_an_undo_gives_no_time_back_and_refusals_carry_their_codes(server) -> None:
    a, b = Client(server.url, name="a"), Client(server.url, name="b")
    await a.connect()
    await b.connect()
    try:
        plain = (await a.create("hunters", seats=2)).room
        await b.join(plain)
        await a.start(plain)
        assert a.rooms[plain].view["undo"] is None
        with pytest.raises(ServerError) as err:
            await a.undo(plain)
        assert err.value.code == "undo_off"

        room = (await a.create("hunters", seats=2, clock={"total": 600, "increment": 30}, undo=True)).room
        await b.join(room)
        await a.start(room)
        for c in (a, b):
            await c.wait_until(lambda c=c: c.rooms[room].view["status"] == "playing")
        mirror = a.rooms[room]
        seat = mirror.view["to_act"][0]
        me, other = (a, b) if mirror.seat == seat else (b, a)
        mine = me.rooms[room]
        clock = mine.view["clock"]
        deadline, left = clock["deadline"][seat], clock["left"][seat]
        with pytest.raises(ServerError) as err:
            await me.undo(room)
        assert err.value.code == "nothing_to_undo"  # nothing decided yet
        await asyncio.sleep(0.3)
        await me.move(room, (await me.legal(room))[0])  # H-17: the tile is laid; the seat still decides
        assert mine.view["undo"] == {"seat": seat, "n": 1}
        await other.wait_until(lambda: other.rooms[room].seq == mine.seq)
        with pytest.raises(ServerError) as err:
            await other.undo(room)
        assert err.value.code == "nothing_to_undo"
        stale = mine.seq - 1
        with pytest.raises(ServerError) as err:
            await me._request({"t": "undo", "room": room, "seq": stale}, {"diff"})
        assert err.value.code == "stale_seq"
        await me.undo(room)
        clock = mine.view["clock"]
        # back to the clock before the decision: the same deadline (time ran on), no increment kept
        assert clock["deadline"][seat] == deadline and clock["left"][seat] == left
        assert mine.view["last"]["k"] == "undo" and mine.view["undo"] == {"seat": None, "n": 0}
    finally:
        await a.close()
        await b.close()
