"""The commit's pure part (server.rooms.transition), without Redis or sockets: what one
commit writes and delivers follows from the room before it and the decision alone."""

from __future__ import annotations

import random
from typing import Any

import jsonpatch
import msgpack

from protocol.diff import strict_equal
from server.games import registry
from server.games.contract import Game
from server.play import undo
from server.play.replay import STAMPS, documents
from server.rooms import clocks, transition
from server.rooms import document as rm
from server.rooms import fairness as fair
from server.rooms.cache import Entry
from tests.toygame import HighCard

GAME = HighCard()
NOW = 1_700_000_000_000


def room(doc: rm.Doc, seq: int, game: Game = GAME) -> Entry:
    e = Entry("r1")
    e.seq, e.doc, e.game, e.base, e.own = seq, doc, game, seq, True
    return e


def open_room(clock: Any = None, undo_on: bool = False) -> rm.Doc:
    doc = {**rm.new_doc(GAME, {"bonus": 2}, 2, False, "p0", "Ann"), "clock_setting": clocks.settings(clock)}
    if undo_on:
        doc["undo_on"] = True
    return rm.with_seat(doc, 1, {"player": "p1", "name": "Bo"})


def started(clock: Any = None, undo_on: bool = False) -> tuple[Entry, transition.Made]:
    """A two-seat HighCard room at seq 1 (created at 0, joined) and the commit of its start."""
    e = room(open_room(clock, undo_on), 1)
    return e, transition.made(e, fair.deal(GAME, e.doc, "seed"), {"k": "start"}, STAMPS, NOW, 0, "n1", "")


def moved(e: Entry, seat: int, move: Any, stamps: tuple[transition.Stamp, ...] = STAMPS,
          **entry: Any) -> tuple[Entry, transition.Made, dict[str, Any]]:  # fmt: skip
    """The room `e` after its commit, and the commit of `seat`'s `move`."""
    state = GAME.apply(e.doc["state"], seat, move)
    doc = rm.decided(e.doc, GAME, seat, move, state, GAME.result(state), e.seq + 1)
    log = {"k": "move", "seat": seat, "move": move, **entry}
    return e, transition.made(e, doc, log, stamps, NOW + 1000, 0, "n1", "p:1"), log


def after(e: Entry, made: transition.Made) -> Entry:
    """The room as a node caches it once `made` is committed."""
    nxt = room(made.doc, e.seq + 1)
    nxt.views = made.views
    return nxt


def test_every_frame_brings_its_views_to_the_committed_ones() -> None:
    e, start = started()
    e = after(e, start)
    e, m, _ = moved(e, 0, {"type": "bid", "n": 1})
    for seat in (None, 0, 1):
        frame = msgpack.unpackb(m.frames["p" if seat is None else str(seat)], raw=False)
        assert frame["t"] == "diff" and frame["seq"] == 3 and frame["room"] == "r1"
        assert strict_equal(jsonpatch.apply_patch(e.view(seat), frame["ops"]), m.views[seat])
    # a sealed bid: the bidder's own view tells it, the others' do not
    assert m.views[0]["last"] != m.views[1]["last"] and m.frames["0"] != m.frames["1"]
    assert m.acting == [1] and m.holders == ["p0", "p1"] and m.over is None


def test_the_payload_carries_each_frame_once_with_the_seats_that_read_it() -> None:
    e, start = started()
    _, m, _ = moved(after(e, start), 0, {"type": "bid", "n": 1})
    node, _, body = m.payload.partition(b"|")
    p = msgpack.unpackb(body, raw=False)
    assert node == b"n1" and p["k"] == "commit" and p["r"] == "r1" and p["s"] == 3 and p["i"] == "p:1"
    assert {seat: p["u"][i] for seat, i in p["f"].items()} == m.frames
    assert len(p["u"]) == len({id(f) for f in m.frames.values()})  # a frame shared by seats travels once
    assert p["h"] == ["p0", "p1"] and p["a"] == [1]


def test_the_lobby_fields_go_with_a_change_of_seats_or_status_only() -> None:
    e, start = started()
    assert start.lobby == rm.meta(start.doc) and start.lobby["status"] == "playing"
    _, m, _ = moved(after(e, start), 0, {"type": "bid", "n": 1})
    assert m.lobby is None


def test_the_end_of_a_game_brings_the_over_frame_and_the_seed() -> None:
    e, start = started()
    e = after(e, start)
    m = None
    while e.doc["status"] == "playing":
        seat = GAME.to_act(e.doc["state"])[0]
        e, m, _ = moved(e, seat, GAME.legal_moves(e.doc["state"], seat)[0])
        e = after(e, m)
    assert m is not None and m.over is not None and m.acting == []
    over = msgpack.unpackb(m.over, raw=False)
    assert over["t"] == "over" and over["result"]["seed"] == "seed"
    assert over["result"]["seed_hash"] == fair.commitment("seed")


def test_a_plain_move_goes_to_the_tail_until_the_document_is_due() -> None:
    e, start = started()
    assert not transition.appends(e, start, {"k": "start"}, 8)  # not a move
    e = after(e, start)
    _, m, log = moved(e, 0, {"type": "bid", "n": 1})
    assert transition.appends(e, m, log, 8)
    assert not transition.appends(e, m, log, 1)  # the document written whole at every commit
    e.base = e.seq + 1 - 8
    assert not transition.appends(e, m, log, 8)  # `doc_every` commits since it was written whole
    e.base, e.own = e.seq, False
    assert not transition.appends(e, m, log, 8)  # another node made the last commit
    e.own = True
    _, by_bot, log = moved(e, 0, {"type": "bid", "n": 1}, by="timeout")
    assert not transition.appends(e, by_bot, log, 8)  # a decision the seat's player did not make
    assert by_bot.doc["last"]["p"]["by"] == "timeout" and by_bot.doc["last"]["0"]["by"] == "timeout"


def test_a_stamped_or_timed_move_is_written_whole() -> None:
    e, start = started(undo_on=True)
    e = after(e, start)
    _, m, log = moved(e, 0, {"type": "bid", "n": 1})
    assert m.marked and m.doc["undo"] is None  # a sealed bid reveals to its seat: nothing to take back, yet marked
    assert not transition.appends(e, m, log, 8)
    _, unstamped, log = moved(e, 0, {"type": "bid", "n": 1}, stamps=())
    assert not unstamped.marked and "undo" not in unstamped.doc
    e, start = started(clock={"per_move": 30})
    assert start.timed and start.doc["clock"]["deadline"] == [NOW + 30_000, NOW + 30_000]
    e = after(e, start)
    _, m, log = moved(e, 0, {"type": "bid", "n": 1})
    assert m.timed and m.doc["clock"]["deadline"] == [None, NOW + 30_000]  # charged at the commit's `now`
    assert not transition.appends(e, m, log, 8)


def test_how_long_redis_keeps_a_room() -> None:
    opened, playing, over = ({"status": s} for s in ("open", "playing", "over"))
    assert transition.ttl(opened, opened, 60, 600) == 60  # an open room: its time again from each change
    assert transition.ttl(opened, playing, 60, 600) == -1  # started: kept until it ends
    assert transition.ttl(playing, playing, 60, 600) == 0  # as it was
    assert transition.ttl(playing, over, 60, 600) == 600
    assert transition.ttl(over, over, 60, 600) == 0


def test_a_replay_of_the_log_marks_each_document_as_the_commit_did() -> None:
    e, start = started(undo_on=True)
    log: list[dict[str, Any]] = [{"k": "create", "player": "p0", "name": "Ann"},
                                 {"k": "join", "seat": 1, "player": "p1", "name": "Bo"}, {"k": "start"}]  # fmt: skip
    made = []
    e = after(e, start)
    for seat, move, by in ((0, {"type": "bid", "n": 1}, None), (1, {"type": "bid", "n": 0}, "timeout")):
        _, m, entry = moved(e, seat, move, **({"by": by} if by else {}))
        log.append(entry)
        made.append(m)
        e = after(e, m)
    final = {**e.doc, "seed": "seed"}
    rebuilt = documents(final, log, GAME)
    for m, doc in zip(made, rebuilt[3:], strict=True):
        assert strict_equal(m.doc, {**doc, "clock_setting": None})
    assert undo.stamp in STAMPS


def test_views_cut_together_are_the_views_cut_one_by_one_and_their_frames_bring_them_through_whole_games() -> None:
    # a seat's view shares all but its table and last decision with the public one (the
    # public view's own objects, rm.views): each is still the view `view` cuts afresh for
    # it, and every frame brings every seat's view to it
    for name, options, players in (("feast", {"length": "short"}, 3), ("hunters", {}, 2), ("highcard", {}, 2)):
        game = GAME if name == "highcard" else registry.get(name)
        assert game is not None and not game.open_information
        opts = game.resolve_options(options)
        doc = {**rm.new_doc(game, opts, players, False, "p0", "Ann"), "status": rm.PLAYING,
               "seats": [{"player": f"p{i}", "name": f"n{i}"} for i in range(players)],
               "state": game.setup(players, opts, 5)}  # fmt: skip
        e, rng = room(doc, 1, game), random.Random(5)
        for n in range(120):
            if game.result(e.doc["state"]) is not None:
                break
            seat = rng.choice(game.to_act(e.doc["state"]))
            move = rng.choice(game.legal_moves(e.doc["state"], seat))
            state = game.apply(e.doc["state"], seat, move)
            new = rm.decided(e.doc, game, seat, move, state, game.result(state), e.seq + 1)
            m = transition.made(e, new, {"k": "move", "seat": seat, "move": move}, STAMPS, NOW + n, 0, "n1", "")
            for s in (None, *range(players)):
                assert strict_equal(m.views[s], rm.view(m.doc, game, "r1", s)), (name, n, s)
                ops = msgpack.unpackb(m.frames["p" if s is None else str(s)], raw=False)["ops"]
                assert strict_equal(jsonpatch.apply_patch(e.view(s), ops), m.views[s]), (name, n, s)
            nxt = room(m.doc, e.seq + 1, game)
            nxt.views = m.views
            e = nxt
        assert n >= 8, (name, n)  # (the toy HighCard ends in 8)
