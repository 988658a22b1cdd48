"""Frames the node keeps packed (a view per seq and seat, a seat's `moves` per seq) are
byte for byte the frames it would encode afresh."""

from __future__ import annotations

import random

from protocol.codec import decode_any, encode, snapshot_frame
from server.games import registry
from server.rooms import document as rm
from server.rooms.cache import Entry


def test_a_snapshot_from_a_packed_view_is_the_encoded_snapshot() -> None:
    game = registry.get("feast")
    assert game is not None
    options = game.resolve_options({"length": "short", "decks": "mixed"})
    state = game.setup(2, options, 7)
    rng = random.Random(7)
    for _ in range(40):  # into the game: hands, card state, a log
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    doc = {**rm.new_doc(game, options, 2, False, "p0", "p0"), "status": rm.PLAYING, "state": state,
           "seats": [{"player": "p0", "name": "a"}, {"player": "p1", "name": "b"}]}  # fmt: skip
    e = Entry("r1")
    e.game, e.doc, e.seq = game, doc, 41
    for seat in (0, 1, None):
        view = e.view(seat)
        want = encode({"t": "snapshot", "room": "r1", "seq": 41, "view": view, "now": 1_700_000_000_123})
        assert snapshot_frame("r1", 41, e.packed_view(seat), 1_700_000_000_123) == want
        assert decode_any(want)["view"] == view
    assert e.packed_view(0) is e.packed_view(0)  # packed once per seq
    moves = e.kept(("moves", 0), lambda: encode({"t": "moves", "room": "r1", "seq": 41, "moves": []}))
    assert moves[1] is False and e.kept(("moves", 0), lambda: b"not made again") == (moves[0], True)
    e.seq, e.views = 42, {}
    e.packed_view(0)
    assert e.frames[0] == 42  # a new seq packs again
