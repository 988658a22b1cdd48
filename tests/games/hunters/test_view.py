"""Views (HA-26 and the contract): everything on the table is public, the stack orders
and the seed are not, and the view says whose decision it is and what is asked."""

from __future__ import annotations

import json
import random

from server.games.hunters import GAME

from .table import RED, new_game, place


def test_ha26_drawn_tile_is_shown_to_everyone() -> None:
    # HA-26: the tile in hand is public; every seat and spectators see the same view.
    s = new_game(3)
    views = [GAME.view(s, seat) for seat in (None, 0, 1, 2)]
    assert all(v == views[0] for v in views)
    assert views[0]["hand"] == s["hand"]
    assert views[0]["prompt"] == {"seat": 0, "ask": "place", "tile": s["hand"], "bonus": False}
    assert views[0]["to_act"] == [0]


def test_h10_h11_stack_orders_and_seed_are_in_no_view() -> None:
    # H-10, H-11: the land and bonus stacks are face down: only their sizes show.
    rng = random.Random(3)
    s = new_game(2, seed=99)
    for _ in range(30):
        view = GAME.view(s, None)
        text = json.dumps(view)
        assert "rng" not in view and "land" not in view and "bonus" not in view
        assert all(f'"{tile}"' not in text for tile in s["land"] + s["bonus"])
        assert view["land_left"] == len(s["land"]) and view["bonus_left"] == len(s["bonus"])
        seat = GAME.to_act(s)[0]
        s = GAME.apply(s, seat, rng.choice(GAME.legal_moves(s, seat)))


def test_figure_prompt_and_shared_subtrees() -> None:
    # The figure step's prompt says where and with what; public parts are the state's own.
    s = place(new_game(), "T14", -1, 0, 1, seat=RED)
    view = GAME.view(s, RED)
    assert view["prompt"] == {"seat": RED, "ask": "figure", "at": "-1,0", "tile": "T14", "clan": 5, "huts": 2}
    assert view["map"] is s["map"] and view["figures"] is s["figures"] and view["supply"] is s["supply"]


def test_map_entries_keep_their_identity_across_a_move() -> None:
    # Unchanged tiles are shared between the old and new state, so view diffs skip them.
    s = new_game()
    t = GAME.apply(s, 0, GAME.legal_moves(s, 0)[0])
    assert t["map"]["0,0"] is s["map"]["0,0"]
