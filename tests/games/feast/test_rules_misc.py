"""Smaller rules that cut across modules: pointers, limits, simultaneity, no discarding."""

from __future__ import annotations

from server.games.feast import moves, rounds
from server.games.feast.areas import KINDS, check, new_area, place
from server.games.feast.catalog import GOODS, SPACES, UPGRADE
from tests.games.feast.situations import (
    act,
    confirm_all,
    finish_round,
    fresh,
    give,
    on_turn,
    pass_all,
    refused,
    skip_feast,
)


def test_flipping_a_tile_is_exchanging_its_two_faces() -> None:
    # F-104: sea trade's green -> blue flip is the tile's other side
    for good, data in GOODS.items():
        if data["colour"] == "green":
            assert UPGRADE[good] == data["other_side"]


def test_home_board_areas() -> None:
    # F-121: goods area 13 x 12, 12-cell banquet table, harbour 3 + 4
    s = fresh(2)
    p = s["seats"][0]
    assert (KINDS["home"].width, KINDS["home"].height) == (13, 12)
    assert len(p["table"]) == 12 and p["ships"] == []


def test_general_supply_is_unlimited() -> None:
    # F-131, F-701: gains never run out
    s = on_turn(fresh(2), 0)
    give(s, 0, stockfish=500)
    s = act(s, 0, {"type": "occupy", "space": "c1_fishing"})
    assert s["seats"][0]["goods"]["stockfish"] == 501


def test_thing_penalties_are_unlimited() -> None:
    # F-703
    s = fresh(1)
    s["seats"][0]["things"] = 7
    s = finish_round(s)
    assert s["seats"][0]["things"] == 13


def test_solo_new_viking_moves_both_vikings() -> None:
    # F-206, F-810
    s = fresh(1, "long")
    s = finish_round(s)
    assert s["seats"][0]["thing"] == 6 + 5 + 2


def test_returned_vikings_may_be_placed_again() -> None:
    # F-246, F-590, F-612: a returned Viking is placed again and a column-3 space draws again
    s = on_turn(fresh(2, seed=3), 0)
    p = s["seats"][0]
    p["thing"] = 3
    p["ships"] = [{"type": "longship", "ore": 0}]
    s = act(s, 0, {"type": "occupy", "space": "c2_pillaging"})
    s = act(s, 0, {"type": "roll"})
    s = act(s, 0, {"type": "fail"})
    assert s["seats"][0]["thing"] == 2
    s = on_turn(s, 0)
    s = act(s, 0, {"type": "occupy", "space": "c2_products_mead"})
    assert s["seats"][0]["thing"] == 0


def test_bonuses_of_all_areas_arrive_together() -> None:
    # F-283, F-347: determined first, then received
    s = fresh(1)
    p = s["seats"][0]
    home, house = new_area("home"), new_area("stone_house")
    for r, c in [(4, 0), (4, 1), (5, 1), (6, 0), (6, 1)]:
        home["cover"][r] |= 1 << c
    ring = next(iter(KINDS["stone_house"].bonus_rings.values()))
    for b in range(20):
        if ring >> b & 1:
            house["cover"][b // 5] |= 1 << (b % 5)
    p["areas"] = [home, house]
    p["goods"] = {}
    rounds.pay_bonuses(s)
    assert p["ore"] == 1 and p["goods"] == {"hide": 1}


def test_cells_without_income_are_free() -> None:
    # F-307: any non-income cell in any order, e.g. the upper right
    home = new_area("home")
    assert check(home, "silver_10", 0, 0, 0, False) is None
    assert check(home, "ore", 0, 5, 11, False) is None


def test_emigrated_ship_frees_its_slot_and_is_no_ship() -> None:
    # F-353, F-405, F-512
    s = on_turn(fresh(2, seed=3), 0)
    p = s["seats"][0]
    p["ships"] = [{"type": "knarr", "ore": 0}] * 4
    give(s, 0, silver=6)
    s = act(s, 0, {"type": "occupy", "space": "c2_emigrate"})
    assert len(s["seats"][0]["ships"]) == 3
    s = on_turn(s, 0)
    s = act(s, 0, {"type": "buy_ship", "ship": "knarr"})
    assert len(s["seats"][0]["ships"]) == 4


def test_no_move_discards_anything() -> None:
    # F-370, F-409: the move vocabulary has no way to give away or discard
    assert not {"discard", "give", "drop", "remove", "take_back"} & set(moves.HANDLERS)


def test_exchange_inputs_come_from_the_supply() -> None:
    # F-409, F-346: a placed good is no input
    s = on_turn(fresh(2, seed=3), 0)
    p = s["seats"][0]
    p["goods"] = {"hide": 1, "linen": 1}
    place(p["areas"][0], "linen", 0, 0, 0)
    p["goods"].pop("linen")
    assert refused(s, {"type": "occupy", "space": "c2_craft_clothing"}, seat=0) == "F-243"


def test_no_income_after_the_end_step() -> None:
    # F-722: placements in the end step change nothing that is paid
    s = fresh(1, "short")
    while s["round"] < 6:
        s = finish_round(s)
    s = skip_feast(confirm_all(pass_all(s), "ready", {"type": "ready"}))
    silver = s["seats"][0]["silver"]
    s["seats"][0]["ore"] = 1
    s = act(s, 0, {"type": "place", "item": "ore", "area": 0, "turn": 0, "row": 11, "col": 0})
    s = act(s, 0, {"type": "done"})
    assert s["over"] and s["seats"][0]["silver"] == silver


def test_groups_decide_the_rules() -> None:
    # F-401: the eight background colours of the action board
    groups = {sp["group"] for sp in SPACES.values()}
    assert groups == {
        "production",
        "crafting_building",
        "mountains_trade",
        "sailing_knarr",
        "emigration",
        "exploration",
        "raiding_hunting",
        "occupation",
    }
