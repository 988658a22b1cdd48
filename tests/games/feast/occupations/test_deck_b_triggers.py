"""Deck B, repeating (red) cards and rule changes: each fires exactly when its card says —
not before, not after, and once per trigger (F-650…F-654); every test names its card."""

from __future__ import annotations

import pytest

from server.games.feast import moves
from server.games.feast.areas import KINDS, spots
from server.games.feast.supply import add_building
from tests.games.feast.occupations.helpers import (
    asked,
    goods,
    lay,
    occupy,
    pick,
    play,
    rolls,
    ships,
    table,
    to_feast,
    weapons,
)
from tests.games.feast.situations import act, refused, skip_feast


def test_stone_carver_silver_per_stone_taken() -> None:
    # occupation 6B, F-650: 1 silver per stone taken from a mountain strip, after the action
    s = lay(table(), "6B")
    s["mountains"] = [{"id": 1, "slots": ["stone", "stone", "wood", "ore"]}]
    s = occupy(s, "c2_mountain_3_upgrade_1")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 3, "part": 3})
    p = s["seats"][0]
    assert (p["stone"], p["wood"], p["silver"]) == (2, 1, 2) and s["prompt"]["kind"] == "turn"
    s = occupy(lay(table(), "6B"), "c2_wood_per_player")  # wood and ore from the general supply
    assert s["seats"][0]["silver"] == 0


def test_archer_hunting_rolls_one_lower(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 13B, F-653: each Hunting Game roll counts 1 lower (a rolled 1 becomes 0: F-588)
    rolls(monkeypatch, 1)
    s = occupy(lay(table(), "13B"), "c1_hunting_game")
    assert s["prompt"]["mod"] == -1
    s = act(s, 0, {"type": "roll"})
    assert goods(s) == {"hide": 1, "game_meat": 1} and s["prompt"]["kind"] == "turn"
    assert occupy(lay(table(), "13B"), "c2_laying_snare")["prompt"]["mod"] == 0  # not a hunt


def test_locksmith_oil_for_each_new_chest() -> None:
    # occupation 28B: each chest or treasure chest received: 1 silver for 1 oil (optional)
    s = play(table(wood=1, silver=2, chest=1), "28B")  # the chest held already does not count
    s = occupy(s, "c2_craft_chest")  # 1 wood for 1 chest and 1 silver
    assert asked(s, "28B") == [{"give": {"silver": 1}, "get": {"oil": 1}}]
    s = pick(s, {"give": {"silver": 1}, "get": {"oil": 1}})
    assert goods(s) == {"chest": 2, "oil": 1} and s["seats"][0]["silver"] == 2
    assert s["prompt"]["kind"] == "turn"  # once per new chest; the chest held before gave nothing


def test_pea_counter_doubles_without_harvest() -> None:
    # occupation 97B: in phase 2 of a round without harvest, double the peas (at most 8)
    s = lay(table(peas=5), "97B")
    s = skip_feast(to_feast(s))
    assert s["round"] == 2 and goods(s)["peas"] == 5 + 1  # round 2 harvests peas too: no doubling
    s = skip_feast(to_feast(s))
    assert s["round"] == 3 and s["phase"] == 2
    assert asked(s, "97B") == [{"get": {"peas": 2}}]  # 6 peas: to 8
    s = pick(s, {"get": {"peas": 2}})
    assert goods(s)["peas"] == 8 and s["prompt"]["kind"] == "turn"


def test_judge_after_a_rune_stone_in_a_house() -> None:
    # occupation 101B: each rune stone placed in a stone or long house gives 1 mead and 1 silver
    s = lay(table(rune_stone=2), "101B")
    add_building(s, s["seats"][0], "stone_house")
    house = s["seats"][0]["areas"][1]
    turn, row, col = next(spots(house, "rune_stone"))
    s = act(s, 0, {"type": "place", "item": "rune_stone", "area": 1, "turn": turn, "row": row, "col": col})
    assert goods(s) == {"rune_stone": 1, "mead": 1} and s["seats"][0]["silver"] == 1
    home = s["seats"][0]["areas"][0]
    turn, row, col = next(spots(home, "rune_stone"))
    s = act(s, 0, {"type": "place", "item": "rune_stone", "area": 0, "turn": turn, "row": row, "col": col})
    assert goods(s) == {"mead": 1} and s["seats"][0]["silver"] == 1  # the home board: nothing


def test_fur_merchant_instead_of_the_upgrade() -> None:
    # occupation 102B: on the take-resources + upgrade-1 spaces, 1 game meat or silk for 1 fur instead
    s = lay(table(game_meat=1, silk=1), "102B")
    s["mountains"] = [{"id": 1, "slots": ["wood", "wood"]}]
    s = occupy(s, "c1_mountain_1_upgrade_1")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 1, "part": 1})
    s = act(s, 0, {"type": "finish"})
    assert asked(s, "102B") == [{"give": {"game_meat": 1}, "get": {"fur": 1}}, {"give": {"silk": 1}, "get": {"fur": 1}}]
    s = pick(s, {"give": {"silk": 1}, "get": {"fur": 1}})
    assert goods(s) == {"game_meat": 1, "fur": 1}
    s = lay(table(game_meat=1, peas=1), "102B")
    s["mountains"] = [{"id": 1, "slots": ["wood", "wood"]}]
    s = occupy(s, "c1_mountain_1_upgrade_1")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 1, "part": 1})
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    assert s["prompt"]["kind"] == "turn" and goods(s) == {"game_meat": 1, "mead": 1}  # upgraded: no exchange too


def test_knarr_builder_instead_of_a_whaling_boat() -> None:
    # occupation 105B: on the whaling-boat space, a knarr for 3 wood instead
    s = occupy(lay(table(wood=3), "105B"), "c1_build_whaling_boat")
    assert asked(s, "105B") == [{"fn": "knarr_builder", "give": {"wood": 3}, "get": {"knarr": 1}}]
    s = pick(s, {"fn": "knarr_builder", "give": {"wood": 3}, "get": {"knarr": 1}})
    p = s["seats"][0]
    assert p["ships"] == [{"type": "knarr", "ore": 0}] and p["wood"] == 0 and s["prompt"]["kind"] == "turn"
    s = occupy(lay(table(wood=3), "105B"), "c1_build_whaling_boat")
    s = act(s, 0, {"type": "decline"})
    assert [sh["type"] for sh in s["seats"][0]["ships"]] == ["whaling_boat"] and s["seats"][0]["wood"] == 2


def test_warmonger_plunders_with_fewer_vikings() -> None:
    # occupation 106B, F-241: Plundering with 1 / 2 fewer Vikings with 3 / 4 longships
    s = ships(lay(table(), "106B"), longship=3)
    s["seats"][0]["thing"] = 3
    assert {"type": "occupy", "space": "c4_plundering"} in moves.legal(s, 0)
    s = occupy(s, "c4_plundering")
    assert s["spaces"]["c4_plundering"]["n"] == 3 and s["seats"][0]["thing"] == 0
    s = ships(table(), longship=3)
    s["seats"][0]["thing"] = 3
    assert refused(s, {"type": "occupy", "space": "c4_plundering"}) == "F-241"
    s = ships(lay(table(), "106B"), longship=4)
    s["seats"][0]["thing"] = 2
    assert occupy(s, "c4_plundering")["spaces"]["c4_plundering"]["n"] == 2


def test_adventurer_any_board_on_shetland() -> None:
    # occupation 107B, F-520: on the Shetland/Faroe space any face-up board, with any ship
    s = ships(lay(table(), "107B"), whaling_boat=1)
    s = occupy(s, "c1_explore")
    faces = {o["explore"] for o in s["prompt"]["options"]}
    assert len(faces) == len(s["exploration"]) > 2
    s = occupy(ships(table(), whaling_boat=1), "c1_explore")
    assert len(s["prompt"]["options"]) == 2  # without the card: Shetland and the Faroes only


def test_master_count_after_the_two_viking_sea_trade() -> None:
    # occupation 109B: after the 2-Viking Overseas Trading space, 1 silver per knarr
    s = occupy(ships(lay(table(silver=1), "109B"), knarr=2), "c2_sea_trade")
    s = act(s, 0, {"type": "finish"})
    assert s["seats"][0]["silver"] == 2
    s = occupy(ships(lay(table(silver=1), "109B"), knarr=2), "c1_sea_trade")
    assert act(s, 0, {"type": "finish"})["seats"][0]["silver"] == 0  # the 1-Viking space: nothing


def test_carpenter_before_building() -> None:
    # occupation 121B, F-651: before a house or ship building action, 1 resource from a strip
    s = lay(table(stone=1), "121B")
    s["mountains"] = [{"id": 1, "slots": ["stone", "wood"]}]
    s = occupy(s, "c2_build_stone_house")
    assert asked(s, "121B") == [{"take": [1, 1]}] and s["seats"][0]["areas"][-1]["kind"] == "home"  # before
    s = pick(s, {"take": [1, 1]})
    assert s["seats"][0]["areas"][-1]["kind"] == "stone_house" and s["seats"][0]["stone"] == 1
    assert occupy(lay(table(), "121B"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_laborer_after_exactly_two_silver() -> None:
    # occupation 124B: after an action giving exactly 2 silver, 2 silver for 1 grain and 2 wood
    s = occupy(lay(table(), "124B"), "c2_products_mead")
    assert asked(s, "124B") == [{"give": {"silver": 2}, "get": {"grain": 1, "wood": 2}}]
    s = pick(s, {"give": {"silver": 2}, "get": {"grain": 1, "wood": 2}})
    assert goods(s) == {"mead": 2, "grain": 1} and s["seats"][0]["wood"] == 2
    s = occupy(lay(table(silver=5), "124B"), "c1_weekly_market")  # 1 silver
    assert s["prompt"]["kind"] == "turn"


def _raid(monkeypatch: pytest.MonkeyPatch, card: str, win: bool):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 8)
    s = occupy(ships(lay(table(), card), longship=1), "c1_raiding")
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "loot", "tile": "silverware"} if win else {"type": "fail"})


def test_lance_bearer_after_a_successful_raid(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 133B: each successful Raiding gives 1 silver or 1 peas (not pillaging)
    s = _raid(monkeypatch, "133B", True)
    assert asked(s, "133B") == [{"get": {"silver": 1}}, {"get": {"peas": 1}}] and s["prompt"]["optional"] is False
    s = pick(s, {"get": {"peas": 1}})
    assert goods(s) == {"silverware": 1, "peas": 1}
    assert _raid(monkeypatch, "133B", False)["prompt"]["kind"] == "turn"


def _whale(monkeypatch: pytest.MonkeyPatch, card: str, roll: int, spears: int):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, roll)
    s = ships(lay(table(spear=spears - 1), card), whaling_boat=1)
    s = occupy(s, "c3_whaling")
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 0})


def test_whale_catcher_one_spear_back(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 142B: a successful Whaling paid with exactly 1 spear gives the spear back
    s = _whale(monkeypatch, "142B", 2, 1)  # 2 - 1 ore = 1 spear
    assert s["seats"][0]["weapons"]["spear"] == 1 and s["weapon_discard"] == []
    s = _whale(monkeypatch, "142B", 3, 2)  # 2 spears: none back
    assert s["seats"][0]["weapons"]["spear"] == 0


def _hunt(monkeypatch: pytest.MonkeyPatch, card: str, win: bool, silver: int = 0):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1 if win else 5)
    s = occupy(lay(table(wood=1, silver=silver), card), "c2_hunting_game")
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 1} if win else {"type": "fail"})


def test_antlers_seller_after_a_successful_hunt(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 143B: each successful Hunting Game gives 1 silver
    assert _hunt(monkeypatch, "143B", True)["seats"][0]["silver"] == 1
    assert _hunt(monkeypatch, "143B", False)["seats"][0]["silver"] == 0


def test_deerstalker_after_a_successful_hunt(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 144B: each successful Hunting Game: 2 silver for 1 skin and bones (optional)
    s = _hunt(monkeypatch, "144B", True, silver=2)
    s = pick(s, {"give": {"silver": 2}, "get": {"skin_and_bones": 1}})
    assert goods(s) == {"hide": 1, "game_meat": 1, "skin_and_bones": 1}
    assert _hunt(monkeypatch, "144B", False, silver=2)["prompt"]["kind"] == "turn"


def test_stone_crusher_once_per_action_with_stone() -> None:
    # occupation 156B: an action giving at least 1 stone gives 1 silver, once
    s = lay(table(), "156B")
    s["mountains"] = [{"id": 1, "slots": ["stone", "stone", "wood"]}]
    s = occupy(s, "c2_mountain_3_upgrade_1")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 3})
    assert s["seats"][0]["silver"] == 1
    assert occupy(lay(table(), "156B"), "c1_fishing")["seats"][0]["silver"] == 0


def test_festive_hunter_hunts_after_a_feast_with_game_meat(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 159B, F-642: game meat served at the feast: a Hunting Game action afterwards
    rolls(monkeypatch, 1)
    s = to_feast(lay(table(game_meat=1, wood=1), "159B"))
    s = act(s, 0, {"type": "serve", "item": "game_meat", "lay": "v"})
    assert s["prompt"]["kind"] == "feast"  # not before the feast is over
    s = skip_feast(s)
    assert asked(s, "159B") == [{"fn": "festive_hunt"}]
    s = pick(s, {"fn": "festive_hunt"})
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["spot"] is None
    s = act(s, 0, {"type": "roll"})
    s = act(s, 0, {"type": "hunt", "wood": 1})
    assert (goods(s)["hide"], goods(s)["game_meat"]) == (1, 1)
    s = skip_feast(to_feast(lay(table(game_meat=1), "159B")))
    assert s["prompt"]["kind"] == "turn" and s["round"] == 2  # no game meat served: nothing


def test_whaling_assistant_seven_vikings_in_column_three() -> None:
    # occupation 161B: in the bonus phase, at least 7 Vikings on column-3 spaces give 1 cabbage
    for placed, cabbage in (
        (["c3_weekly_market", "c3_products_wool"], 0),
        (["c3_weekly_market", "c3_products_wool", "c3_forge"], 1),
    ):
        s = lay(table(), "161B")
        for sid in placed:
            s["spaces"][sid] = {"seat": 0, "n": 3, "round": 1}
        s = skip_feast(to_feast(s))
        assert goods(s).get("cabbage", 0) == cabbage and s["round"] == 2


def test_weapons_warden_not_the_first_time_in_a_round() -> None:
    # occupation 166B: before each column-2 placement a weapon, except the first in the round
    s = lay(table(), "166B")
    s = occupy(s, "c2_products_mead")
    assert weapons(s) == 3 and s["prompt"]["kind"] == "turn"
    s = occupy(s, "c2_weekly_market")
    assert asked(s, "166B") == [{"get": {"weapon": 1}}]
    s = pick(s, {"get": {"weapon": 1}})
    assert weapons(s) == 4 and goods(s)["flax"] == 1
    assert occupy(s, "c1_fishing")["prompt"]["kind"] == "turn"


def test_taster_before_the_feast() -> None:
    # occupation 167B: at the start of phase 9, 1 / 2+ spices give 1 / 2 silver
    for spices, silver in ((0, 0), (1, 1), (2, 2), (4, 2)):
        s = to_feast(lay(table(spices=spices), "167B"))
        assert s["prompt"]["kind"] == "feast" and s["seats"][0]["silver"] == silver


def test_punchcutter_in_the_mountain_phase() -> None:
    # occupation 173B: phase 11 removes ore and "2 silver" from the strips: 1 and 2 silver
    s = lay(table(), "173B")
    s["mountains"] = [
        {"id": 1, "slots": ["ore", "wood"]},
        {"id": 2, "slots": ["silver2", "ore"]},
        {"id": 3, "slots": ["wood"]},
    ]
    s = skip_feast(to_feast(s))
    assert s["seats"][0]["silver"] == 3 and s["round"] == 2


def test_codliver_oil_presser_after_stockfish() -> None:
    # occupation 175B: after an action giving stockfish, 1 silver for 1 oil (optional)
    s = occupy(lay(table(silver=1), "175B"), "c1_fishing")
    s = pick(s, {"give": {"silver": 1}, "get": {"oil": 1}})
    assert goods(s) == {"stockfish": 1, "oil": 1} and s["seats"][0]["silver"] == 0
    assert occupy(lay(table(silver=1), "175B"), "c2_products_mead")["prompt"]["kind"] == "turn"


def test_etiquette_teacher_after_playing() -> None:
    # occupation 176B: after an action in which an occupation is played, 1 peas
    s = lay(table(), "176B")
    s = play(s, "43A")
    assert goods(s) == {"fruits": 1, "peas": 1}
    assert goods(occupy(lay(table(), "176B"), "c1_fishing")) == {"stockfish": 1}


def _covered_but(area, bit: int) -> None:  # type: ignore[no-untyped-def]
    kind = KINDS[area["kind"]]
    row_bits = (1 << kind.width) - 1
    area["cover"] = [row_bits & ~(bit >> (r * kind.width)) for r in range(kind.height)]


def test_maid_single_bonus_good_for_silverware() -> None:
    # occupation 177B, F-281: each house yielding exactly 1 bonus good may swap it for 1 silverware
    s = lay(table(), "177B")
    for b in ("stone_house", "long_house", "stone_house"):
        add_building(s, s["seats"][0], b)
    houses = s["seats"][0]["areas"]
    _covered_but(houses[1], 128)  # the stone house yields its hide
    _covered_but(houses[2], 1024 | 4096)  # the long house yields peas and oil: two goods
    s = skip_feast(to_feast(s))
    assert s["phase"] == 10 and asked(s, "177B") == [
        {"fn": "maid", "house": 1, "give": {"hide": 1}, "get": {"silverware": 1}}
    ]
    s = pick(s, asked(s, "177B")[0])
    assert goods(s)["silverware"] == 1 and "hide" not in goods(s)
    assert s["prompt"]["kind"] == "turn" and s["round"] == 2  # once per house
    s = lay(table(), "177B")
    add_building(s, s["seats"][0], "stone_house")
    s = skip_feast(to_feast(s))
    assert s["round"] == 2 and "silverware" not in goods(s)  # no bonus: nothing


def test_dorestad_traveller_instead_of_raiding(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 185B: instead of a Raiding action, upgrade up to 2 goods by one level
    s = occupy(ships(lay(table(peas=2), "185B"), longship=1), "c1_raiding")
    s = pick(s, {"fn": "dorestad_traveller"})
    assert s["prompt"]["kind"] == "trade" and s["prompt"]["upgrades"] == 2
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    assert goods(s) == {"mead": 2} and s["prompt"]["kind"] == "turn"  # no raid
    s = occupy(ships(lay(table(peas=2), "185B"), longship=1), "c1_raiding")
    assert act(s, 0, {"type": "decline"})["prompt"]["kind"] == "dice"


def test_chronicler_belt_after_a_viking_action() -> None:
    # occupation 187B: after a Viking action, 2 flax for the Belt while it is in the supply
    s = occupy(lay(table(flax=2), "187B"), "c1_fishing")
    s = pick(s, {"give": {"flax": 2}, "get": {"belt": 1}})
    assert goods(s) == {"stockfish": 1, "belt": 1} and "belt" not in s["specials"]
    s = lay(table(flax=2), "187B")
    s["specials"].remove("belt")
    assert occupy(s, "c1_fishing")["prompt"]["kind"] == "turn"


def test_bosporus_merchant_oil_with_each_new_spices() -> None:
    # occupation 190B: each spices received gives 1 oil
    s = play(table(silver=3, spices=1), "190B")  # the spices held already do not count
    s = occupy(s, "c4_weekly_market")
    assert goods(s) == {"spices": 2, "oil": 1}
    s["seats"][0]["thing"] = 1
    s = occupy(s, "c1_fishing")
    assert goods(s)["oil"] == 1  # no new spices: nothing
