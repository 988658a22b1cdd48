"""Placing Vikings; production, crafting/building and occupation spaces (F-240…F-248, F-400…F-624)."""

from __future__ import annotations

import pytest

from server.games.feast import moves
from tests.games.feast.situations import act, fresh, give, on_turn, refused


def start(**supply: int) -> dict:
    """Two players, seat 0 to act in round 1 with an emptied supply plus `supply`, and
    Ship Builder 64A in hand (its exchange is not affordable here, so playing it changes nothing)."""
    s = on_turn(fresh(2, seed=3), 0)
    p = s["seats"][0]
    p["goods"] = {}
    p["hand"] = ["64A"]
    return give(s, 0, **supply)


def occupy(s: dict, space: str, seat: int = 0) -> dict:
    s = act(s, seat, {"type": "occupy", "space": space})
    if s["prompt"]["kind"] == "bonus_play":
        s = act(s, seat, {"type": "skip"})  # F-611: the column-4 card is optional
    return s


def test_placing_takes_column_many_vikings() -> None:
    # F-241, F-400
    s = occupy(start(), "c2_products_mead")
    assert s["seats"][0]["thing"] == 4
    assert s["spaces"]["c2_products_mead"] == {"seat": 0, "n": 2, "round": 1}


def test_not_enough_vikings() -> None:
    # F-241
    s = start()
    s["seats"][0]["thing"] = 1
    assert refused(s, {"type": "occupy", "space": "c2_products_mead"}) == "F-241"


def test_each_space_once_per_round() -> None:
    # F-242
    s = occupy(start(), "c1_fishing")
    s = on_turn(s, 1)
    assert refused(s, {"type": "occupy", "space": "c1_fishing"}, seat=1) == "F-242"


def test_use_one_rule() -> None:
    # F-243, F-407, F-411, A-B-04: no silver for salt meat, no cattle for milk
    s = start()
    assert refused(s, {"type": "occupy", "space": "c1_livestock_salt_meat"}) == "F-243"
    assert refused(s, {"type": "occupy", "space": "c1_products_milk"}) == "F-243"
    offered = {m.get("space") for m in moves.legal(s, 0)}
    assert "c1_products_milk" not in offered and "c1_fishing" in offered


def test_turn_passes_clockwise_and_pass_ends_placing() -> None:
    # F-240, F-245, F-247
    s = occupy(start(), "c1_fishing")
    assert s["prompt"] == {"kind": "turn", "seat": 1}
    s = act(s, 1, {"type": "pass"})
    assert s["prompt"] == {"kind": "turn", "seat": 0}
    s = occupy(s, "c1_weekly_market")
    assert s["prompt"] == {"kind": "turn", "seat": 0}  # seat 1 passed and is skipped


def test_player_without_vikings_passes_automatically() -> None:
    # F-245, F-248
    s = start()
    s["seats"][1]["thing"] = 0
    s = occupy(s, "c1_fishing")
    assert s["prompt"] == {"kind": "turn", "seat": 0} and s["seats"][1]["passed"]


def test_acting_out_of_turn() -> None:
    # F-240
    s = start()
    assert refused(s, {"type": "occupy", "space": "c1_fishing"}, seat=1) == "F-240"


@pytest.mark.parametrize(
    "space,supply,gain",
    [
        ("c1_fishing", {}, {"stockfish": 1}),
        ("c1_livestock_stockfish", {"silver": 1}, {"stockfish": 2}),
        ("c1_livestock_salt_meat", {"silver": 2}, {"salt_meat": 2}),
        ("c1_weekly_market", {}, {"beans": 1, "silver": 1}),
        ("c2_livestock_sheep", {"silver": 1}, {"sheep": 1}),
        ("c2_livestock_cattle", {"silver": 3}, {"cattle": 1, "milk": 1}),
        ("c2_weekly_market", {}, {"flax": 1, "stockfish": 1, "silver": 1}),
        ("c2_products_mead", {}, {"mead": 2, "silver": 2}),
        ("c3_weekly_market", {}, {"fruits": 1, "oil": 1, "salt_meat": 1, "silver": 1}),
        ("c4_livestock_sheep_and_cattle", {"silver": 3}, {"sheep": 1, "cattle": 1}),
        ("c4_weekly_market", {}, {"spices": 1, "silver": 1}),
    ],
)
def test_production_spaces(space: str, supply: dict, gain: dict) -> None:
    # F-410, F-414, F-415
    s = occupy(start(**supply), space)
    p = s["seats"][0]
    got = dict(p["goods"])
    if p["silver"]:
        got["silver"] = p["silver"]
    assert got == gain


def test_milk_and_wool_per_animal_up_to_three() -> None:
    # F-411
    s = occupy(start(cattle=1, pregnant_cattle=1), "c1_products_milk")
    assert s["seats"][0]["goods"]["milk"] == 2
    s = occupy(start(sheep=5), "c3_products_wool")
    assert s["seats"][0]["goods"]["wool"] == 3


def test_weekly_market_four_with_animals() -> None:
    # F-412
    s = occupy(start(sheep=1, cattle=3), "c4_weekly_market")
    p = s["seats"][0]
    assert (p["goods"]["milk"], p["goods"]["wool"], p["goods"]["spices"], p["silver"]) == (2, 1, 1, 1)


@pytest.mark.parametrize("players,wood", [(1, 1), (2, 2), (4, 4)])
def test_wood_per_player(players: int, wood: int) -> None:
    # F-413, A-B-03
    s = on_turn(fresh(players), 0)
    s = occupy(s, "c2_wood_per_player")
    assert (s["seats"][0]["wood"], s["seats"][0]["ore"]) == (wood, 1)


def test_sheep_or_cattle_choice() -> None:
    # F-410, F-243: two usable variants -> an option prompt
    s = occupy(start(silver=1), "c3_livestock_sheep_or_cattle")
    assert s["prompt"]["kind"] == "option" and len(s["prompt"]["options"]) == 2
    s = act(s, 0, {"type": "option", "pick": 1})
    assert s["seats"][0]["goods"]["cattle"] == 1 and s["seats"][0]["silver"] == 0


def test_build_shed_and_houses() -> None:
    # F-421, F-408
    s = occupy(start(wood=2), "c1_build_shed")
    assert s["seats"][0]["sheds"] == [{"wood": 0, "stone": 0}] and s["buildings"]["shed"] == 2
    s = occupy(start(stone=1), "c2_build_stone_house")
    assert [a["kind"] for a in s["seats"][0]["areas"]] == ["home", "stone_house"]


def test_empty_building_stack() -> None:
    # F-421, F-700
    s = start(wood=2)
    s["buildings"]["shed"] = 0
    assert refused(s, {"type": "occupy", "space": "c1_build_shed"}) == "F-243"


def test_build_ships_needs_a_free_slot() -> None:
    # F-422, F-406
    s = occupy(start(wood=1), "c1_build_whaling_boat")
    assert s["seats"][0]["ships"] == [{"type": "whaling_boat", "ore": 0}]
    s = start(wood=2)
    s["seats"][0]["ships"] = [{"type": "knarr", "ore": 0}] * 4
    assert refused(s, {"type": "occupy", "space": "c2_build_knarr"}) == "F-243"


def test_house_and_ship_pairs() -> None:
    # F-423, A-B-05
    s = occupy(start(stone=2, wood=2), "c4_build_house_and_ship")
    s = act(s, 0, {"type": "option", "pick": 1})
    p = s["seats"][0]
    assert [sh["type"] for sh in p["ships"]] == ["knarr"] and p["areas"][-1]["kind"] == "long_house"
    assert (p["stone"], p["wood"]) == (0, 0)


def test_crafting_exchanges() -> None:
    # F-420, F-424, F-425, F-428
    s = occupy(start(flax=2), "c1_craft_linen")
    assert s["seats"][0]["goods"] == {"flax": 1, "linen": 1}  # once only
    s = occupy(start(linen=1, hide=1), "c2_craft_clothing")
    assert s["seats"][0]["goods"] == {"clothing": 1} and s["seats"][0]["silver"] == 2
    s = occupy(start(stone=1), "c1_craft_rune_stone")
    assert s["seats"][0]["goods"] == {"rune_stone": 1} and s["seats"][0]["silver"] == 1
    s = occupy(start(stone=2, wood=2), "c3_craft_chests_runes")
    assert s["seats"][0]["goods"] == {"chest": 2, "rune_stone": 2}


def test_chest_from_wood_or_ore() -> None:
    # F-428
    s = occupy(start(wood=1, ore=1), "c2_craft_chest")
    assert s["prompt"]["kind"] == "option"
    s = act(s, 0, {"type": "option", "pick": 1})
    assert (s["seats"][0]["wood"], s["seats"][0]["ore"], s["seats"][0]["goods"]) == (1, 0, {"chest": 1})


def test_forge_jewelry_or_forge_special_tile() -> None:
    # F-426, A-B-07
    s = occupy(start(ore=1), "c3_forge")
    labels = [list(o["gain"]) for o in s["prompt"]["options"]]
    assert ["jewelry"] in labels and ["crucifix"] in labels and ["fibula"] in labels
    assert ["belt"] not in labels
    pick = labels.index(["crucifix"])
    s = act(s, 0, {"type": "option", "pick": pick})
    assert s["seats"][0]["goods"] == {"crucifix": 1} and "crucifix" not in s["specials"]  # F-507


def test_silver_robe_jewelry() -> None:
    # F-427
    s = occupy(start(wool=1, silverware=1), "c4_craft_silver_robe_jewelry")
    assert len(s["prompt"]["options"]) == 4
    s = act(s, 0, {"type": "option", "pick": 3})
    assert s["seats"][0]["goods"] == {"robe": 1, "jewelry": 1} and s["seats"][0]["silver"] == 4


def test_column_three_draws_a_card_before_the_action() -> None:
    # F-610, F-244
    s = start()
    hand = len(s["seats"][0]["hand"])
    s = occupy(s, "c3_weekly_market")
    assert len(s["seats"][0]["hand"]) == hand + 1


def test_column_four_may_play_a_card_first() -> None:
    # F-611, F-244
    s = start(silver=3)
    card = s["seats"][0]["hand"][0]
    s = act(s, 0, {"type": "occupy", "space": "c4_livestock_sheep_and_cattle"})
    assert s["prompt"]["kind"] == "bonus_play"
    s = act(s, 0, {"type": "play", "card": card})
    assert s["seats"][0]["played"] == [card] and s["seats"][0]["goods"] == {"sheep": 1, "cattle": 1}


def test_draw_and_play_occupation_spaces() -> None:
    # F-601, F-603, F-604, F-605, F-606, F-607, F-429
    s = occupy(start(), "c1_draw_occupation")
    assert len(s["seats"][0]["hand"]) == 2 and s["seats"][0]["silver"] == 1
    s = start(stone=1)
    card = s["seats"][0]["hand"][0]
    s = occupy(s, "c1_play_occupation")
    assert s["prompt"]["kind"] == "play"
    s = act(s, 0, {"type": "play", "card": card})
    p = s["seats"][0]
    assert p["played"] == [card] and p["stone"] == 0 and p["silver"] == 1


def test_play_space_needs_a_card() -> None:
    # F-603, A-B-15
    s = start(stone=1)
    s["seats"][0]["hand"] = []
    assert refused(s, {"type": "occupy", "space": "c1_play_occupation"}) == "F-243"


def test_play_one_to_four_with_the_drawn_card() -> None:
    # F-605, F-610: the card drawn on placement may be played at once
    s = occupy(start(), "c3_play_occupations")
    hand = list(s["seats"][0]["hand"])
    assert len(hand) == 2
    for card in hand:
        s = act(s, 0, {"type": "play", "card": card})
    assert sorted(s["seats"][0]["played"]) == sorted(hand)


def test_stop_after_the_minimum() -> None:
    # F-604
    s = occupy(start(), "c2_play_occupations")
    assert {"type": "stop"} not in moves.legal(s, 0)
    s["seats"][0]["hand"].append("1A")
    s = act(s, 0, {"type": "play", "card": "1A"})
    assert {"type": "stop"} in moves.legal(s, 0)
    s = act(s, 0, {"type": "stop"})
    assert s["prompt"]["kind"] == "turn"


def test_empty_occupation_deck_gives_no_card() -> None:
    # F-602
    s = start()
    s["secret"]["occupations"] = []
    s = occupy(s, "c1_draw_occupation")
    assert len(s["seats"][0]["hand"]) == 1 and s["seats"][0]["silver"] == 1


def test_copy_space_with_four_players() -> None:
    # F-620, F-621, F-622, F-623, F-624
    s = fresh(4, seed=2)
    column = s["copies"]["ext_1_2"]
    space = "c1_fishing" if column == 1 else "c2_products_mead"
    s = on_turn(s, 1)
    s = act(s, 1, {"type": "occupy", "space": space})
    s = on_turn(s, 0)
    s = act(s, 0, {"type": "occupy", "space": "ext_1_2", "copy": space})
    assert s["spaces"]["ext_1_2"]["seat"] == 0
    assert s["seats"][0]["goods"].get("stockfish" if column == 1 else "mead", 0) >= 1
    s = on_turn(s, 2)
    assert refused(s, {"type": "occupy", "space": "ext_1_2", "copy": space}, seat=2) == "F-242"
    s = on_turn(s, 3)
    assert refused(s, {"type": "occupy", "space": "ext_3_4", "copy": space}, seat=3) == "F-621"
