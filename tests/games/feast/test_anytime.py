"""Anytime actions through the move interface: placing, storing, buying and arming ships (F-300…F-361)."""

from __future__ import annotations

import pytest

from server.games.contract import IllegalMove
from server.games.feast import moves
from tests.games.feast.situations import act, confirm_all, fresh, give, on_turn, pass_all, refused


def start(**supply: int) -> dict:
    s = on_turn(fresh(2, seed=3), 0)
    s["seats"][0]["goods"] = {}
    return give(s, 0, **supply)


def test_placing_is_a_chain_of_three_short_choices() -> None:
    # F-300, F-301: item -> area and orientation -> cell
    s = start(oil=1)
    first = [m for m in moves.legal(s, 0) if m["type"] == "place"]
    assert first == [{"type": "place", "item": "oil"}]
    s = act(s, 0, first[0])
    second = moves.legal(s, 0)
    assert {"type": "cancel"} in second
    assert {"type": "place", "item": "oil", "area": 0, "turn": 0} in second
    s = act(s, 0, {"type": "place", "item": "oil", "area": 0, "turn": 0})
    third = [m for m in moves.legal(s, 0) if m["type"] == "place"]
    assert {"type": "place", "item": "oil", "area": 0, "turn": 0, "row": 0, "col": 0} in third
    assert len(third) < 200
    s = act(s, 0, {"type": "place", "item": "oil", "area": 0, "turn": 0, "row": 0, "col": 0})
    p = s["seats"][0]
    assert p["goods"] == {} and p["areas"][0]["pieces"] == [["oil", 0, 0, 0]] and p["draft"] is None


def test_cancel_a_draft() -> None:
    # F-345: trying out is free; only a committed placement changes the board
    s = act(start(oil=1), 0, {"type": "place", "item": "oil"})
    s = act(s, 0, {"type": "cancel"})
    assert s["seats"][0]["draft"] is None and s["seats"][0]["goods"] == {"oil": 1}


def test_placed_silver_leaves_the_supply() -> None:
    # F-301, F-346, F-355: a 4-coin covers 2 x 2 and costs 4 silver
    s = start(silver=5)
    s = act(s, 0, {"type": "place", "item": "silver_4", "area": 0, "turn": 0, "row": 0, "col": 0})
    assert s["seats"][0]["silver"] == 1
    assert s["seats"][0]["areas"][0]["cover"][:2] == [3, 3]


def test_refused_placements_cite_their_rule() -> None:
    # F-305, F-306, F-302
    s = start(oil=2, peas=1)
    assert refused(s, {"type": "place", "item": "peas", "area": 0, "turn": 0, "row": 0, "col": 0}) == "F-305"
    assert refused(s, {"type": "place", "item": "oil", "area": 0, "turn": 1, "row": 10, "col": 1}) == "F-306"
    s = act(s, 0, {"type": "place", "item": "oil", "area": 0, "turn": 0, "row": 0, "col": 0})
    assert refused(s, {"type": "place", "item": "oil", "area": 0, "turn": 0, "row": 0, "col": 1}) == "F-302"


def test_no_placement_inside_an_action() -> None:
    # F-201, O-2: not while an option of the space is pending
    s = start(silver=1, oil=1)
    s = act(s, 0, {"type": "occupy", "space": "c3_livestock_sheep_or_cattle"})
    assert s["prompt"]["kind"] == "option"
    assert all(m["type"] == "option" for m in moves.legal(s, 0))
    assert refused(s, {"type": "place", "item": "oil"}) == "F-201"


def test_placing_during_the_income_window() -> None:
    # F-347, F-201: before income every player may place, then confirms
    s = pass_all(start(oil=1))
    assert s["prompt"]["kind"] == "ready" and s["prompt"]["waiting"] == [0, 1]
    assert {"type": "place", "item": "oil"} in moves.legal(s, 0)


def test_store_wood_and_stone_on_a_shed() -> None:
    # F-330, A-A-10
    s = start(wood=2, stone=1)
    s["seats"][0]["sheds"] = [{"wood": 0, "stone": 0}]
    assert {"type": "store", "res": "wood", "shed": 0} in moves.legal(s, 0)
    s = act(s, 0, {"type": "store", "res": "wood", "shed": 0})
    assert s["seats"][0]["sheds"] == [{"wood": 1, "stone": 0}] and s["seats"][0]["wood"] == 1
    s["seats"][0]["sheds"] = [{"wood": 3, "stone": 3}]
    assert refused(s, {"type": "store", "res": "wood", "shed": 0}) == "F-330"


def test_sheds_take_only_wood_and_stone_on_the_board_never() -> None:
    # F-330, F-305
    s = start(wood=1, oil=1)
    s["seats"][0]["sheds"] = [{"wood": 0, "stone": 0}]
    with pytest.raises(IllegalMove):
        act(s, 0, {"type": "store", "res": "oil", "shed": 0})
    assert refused(s, {"type": "store", "res": "wood", "area": 0}) == "F-330"


def test_buy_ships_at_their_value() -> None:
    # F-350, F-351, WE-A-14
    s = act(start(silver=8), 0, {"type": "buy_ship", "ship": "longship"})
    assert s["seats"][0]["ships"] == [{"type": "longship", "ore": 0}] and s["seats"][0]["silver"] == 0
    assert refused(start(silver=4), {"type": "buy_ship", "ship": "knarr"}) == "F-350"


def test_harbour_limits() -> None:
    # F-352, WE-A-14
    s = start(silver=20)
    s["seats"][0]["ships"] = [{"type": "whaling_boat", "ore": 0}] * 3
    assert refused(s, {"type": "buy_ship", "ship": "whaling_boat"}) == "F-352"
    s["seats"][0]["ships"] = [{"type": "knarr", "ore": 0}] * 2 + [{"type": "longship", "ore": 0}] * 2
    assert refused(s, {"type": "buy_ship", "ship": "knarr"}) == "F-352"


def test_arm_ships_with_ore() -> None:
    # F-360: whaling boat 1 free slot, longship 3, knarr none
    s = start(ore=3)
    s["seats"][0]["ships"] = [{"type": "whaling_boat", "ore": 0}, {"type": "knarr", "ore": 0}]
    s = act(s, 0, {"type": "arm", "ship": 0})
    assert s["seats"][0]["ships"][0]["ore"] == 1
    assert refused(s, {"type": "arm", "ship": 0}) == "F-360"
    assert refused(s, {"type": "arm", "ship": 1}) == "F-360"


def test_end_step_places_on_extra_cells() -> None:
    # F-721, F-310: the end step offers the extra cells
    s = fresh(1, "short")
    from tests.games.feast.situations import finish_round, skip_feast

    while s["round"] < 6:
        s = finish_round(s)
    s = confirm_all(pass_all(s), "ready", {"type": "ready"})
    s = skip_feast(s)
    assert s["prompt"]["kind"] == "end"
    s["seats"][0]["silver"] = 2
    s = act(s, 0, {"type": "place", "item": "silver_2", "area": 0, "turn": 0, "row": 1, "col": 11})
    assert s["seats"][0]["areas"][0]["cover"][1] == 0b1100000000000
    s = act(s, 0, {"type": "done"})
    assert s["over"]


def test_food_on_a_house_stays_there() -> None:
    # F-335, F-331: food placed on a house left the supply and is not served at the feast
    from server.games.feast.areas import new_area

    s = start(peas=1)
    s["seats"][0]["areas"].append(new_area("long_house"))
    s = act(s, 0, {"type": "place", "item": "peas", "area": 1, "turn": 0, "row": 0, "col": 0})
    assert s["seats"][0]["goods"] == {} and s["seats"][0]["areas"][1]["pieces"] == [["peas", 0, 0, 0]]


def test_other_players_place_during_someone_elses_turn() -> None:
    # F-201, F-300: open out of turn, and the decision stays where it was
    s = start()
    give(s, 1, oil=1)
    s["seats"][1]["goods"] = {"oil": 1}
    assert moves.to_act(s) == [0]
    assert {"type": "place", "item": "oil"} in moves.legal(s, 1)
    assert all(m["type"] in moves.ANYTIME_MOVES for m in moves.legal(s, 1))
    s = act(s, 1, {"type": "place", "item": "oil", "area": 0, "turn": 0, "row": 0, "col": 0})
    assert s["seats"][1]["areas"][0]["pieces"] == [["oil", 0, 0, 0]] and moves.to_act(s) == [0]
    assert refused(s, {"type": "pass"}, seat=1) == "F-240"


def test_no_anytime_action_while_another_player_resolves_an_action() -> None:
    # F-201, A-A-18: never inside an action once it has started
    s = start(silver=1)
    s["seats"][1]["goods"] = {"oil": 1}
    s = act(s, 0, {"type": "occupy", "space": "c3_livestock_sheep_or_cattle"})
    assert s["prompt"]["kind"] == "option"
    assert moves.legal(s, 1) == []
    assert refused(s, {"type": "place", "item": "oil"}, seat=1) == "F-240"


def test_no_placing_after_confirming_the_window() -> None:
    # F-347, F-721: a confirmed player waits for the others
    s = pass_all(start(oil=1))
    s = act(s, 0, {"type": "ready"})
    assert moves.legal(s, 0) == []
    assert refused(s, {"type": "place", "item": "oil"}) == "F-240"
