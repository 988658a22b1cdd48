"""Starting occupations (a, b, c), the repeating (red) cards and rule changes: each fires exactly
when its card says — not before, not after, and once per trigger (F-650…F-654). Every test
names its card (`# occupation 8a`); readings follow the official English appendix."""

from __future__ import annotations

import pytest

from server.games.feast import moves, setup
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
)
from tests.games.feast.situations import act, on_turn, refused, skip_feast


def raw(players: int, seed: int = 0, decks: str = "A", **options: str) -> dict:  # type: ignore[type-arg]
    return setup.setup(players, {"length": "long", "decks": decks, **options}, seed)


# --- repeating (red) and rule cards -------------------------------------------------------------


def _snare(monkeypatch: pytest.MonkeyPatch, card: str, success: bool, **supply: int):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1 if success else 5)
    s = occupy(lay(table(wood=1, **supply), card), "c2_laying_snare")
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 1} if success else {"type": "fail"})


def _hunt(monkeypatch: pytest.MonkeyPatch, card: str, win: bool, space: str = "c2_hunting_game"):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1 if win else 5)
    s = occupy(lay(table(wood=1), card), space)
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 1} if win else {"type": "fail"})


def test_craft_leader_before_income() -> None:
    # occupation 8a, F-650, F-651: before phase 7, at least 5 Vikings on Crafting spaces give 1 oil
    s = lay(table(flax=1, stone=1, ore=1, wood=2), "8a")
    s["seats"][0]["thing"] = 8
    s = occupy(s, "c1_craft_linen")
    s = occupy(s, "c3_forge")
    assert goods(s).get("oil", 0) == 0
    s = to_feast(s)  # 4 Vikings: phase 7 passes without oil
    assert goods(s).get("oil", 0) == 0
    s = lay(table(flax=1, ore=1, wood=1, stone=2, silver=2), "8a")
    s["seats"][0]["thing"] = 8
    for space in ("c1_craft_linen", "c3_forge", "c1_craft_rune_stone"):
        s = occupy(s, space)
    s = to_feast(s)
    assert goods(s)["oil"] == 1  # 5 Vikings on crafting spaces, once
    assert skip_feast(s)["seats"][0]["goods"]["oil"] == 1


def test_slowpoke_after_the_bonus_phase() -> None:
    # occupation 41a, F-651: right after phase 10, exactly 1 silver or 1 mead for 1 oil
    s = skip_feast(to_feast(lay(table(silver=1, mead=1), "41a")))
    options = asked(s, "41a")
    assert options == [{"give": {"silver": 1}, "get": {"oil": 1}}, {"give": {"mead": 1}, "get": {"oil": 1}}]
    assert s["phase"] == 10 and s["stage"] in ("after", "next")  # after the bonus phase
    s = pick(s, options[1])
    assert goods(s).get("oil") == 1 and goods(s).get("mead", 0) == 0
    assert s["prompt"]["kind"] != "card"  # once per round


def test_craft_apprentice_before_crafting() -> None:
    # occupation 113a, F-651: before each Crafting space, 1 resource from a mountain strip
    s = lay(table(flax=1), "113a")
    s["mountains"] = [{"id": 1, "slots": ["stone", "wood"]}]
    s = occupy(s, "c1_craft_linen")
    assert asked(s, "113a") == [{"take": [1, 1]}] and goods(s) == {"flax": 1}  # before the action
    s = pick(s, {"take": [1, 1]})
    assert s["seats"][0]["stone"] == 1 and goods(s) == {"linen": 1}
    assert occupy(lay(table(), "113a"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_forester_before_hunting_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 145a, F-651: before each Hunting Game, 1 resource from a mountain strip
    rolls(monkeypatch, 1)
    s = lay(table(), "145a")
    s["mountains"] = [{"id": 1, "slots": ["wood", "ore"]}]
    s = occupy(s, "c1_hunting_game")
    assert asked(s, "145a") == [{"take": [1, 1]}]
    s = pick(s, {"take": [1, 1]})
    assert s["seats"][0]["wood"] == 1 and s["prompt"]["kind"] == "dice"
    assert occupy(lay(table(wood=1), "145a"), "c2_laying_snare")["prompt"]["kind"] == "dice"  # not a hunt


def test_woodcutter_two_wood_give_silver() -> None:
    # occupation 154a, F-650: a Viking action giving at least 2 wood also gives 1 silver, once
    s = lay(table(), "154a")
    s["mountains"] = [{"id": 1, "slots": ["wood", "wood", "wood", "stone"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    assert s["seats"][0]["wood"] == 2 and s["seats"][0]["silver"] == 1
    s = lay(table(), "154a")
    s["mountains"] = [{"id": 1, "slots": ["wood", "stone", "wood"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    assert s["seats"][0]["wood"] == 1 and s["seats"][0]["silver"] == 0


def test_farmhand_column_two_hunt(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 163a, F-650: a successful Hunting Game with 2 Vikings gives 1 hide and 1 silver more
    s = _hunt(monkeypatch, "163a", True)
    assert goods(s) == {"hide": 2, "game_meat": 1} and s["seats"][0]["silver"] == 1
    s = _hunt(monkeypatch, "163a", False)
    assert s["seats"][0]["silver"] == 0 and "hide" not in goods(s)
    s = _hunt(monkeypatch, "163a", True, "c1_hunting_game")  # column 1: nothing
    assert goods(s) == {"hide": 1, "game_meat": 1} and s["seats"][0]["silver"] == 0


def test_refugee_helper_emigration_two_cheaper() -> None:
    # occupation 170a, F-646: every Emigration costs 2 silver less
    from server.games.feast import occupations

    p = lay(table(), "170a")["seats"][0]
    for sid in ("c2_emigrate", "c3_emigrate", "c4_upgrade_boat_and_emigrate"):
        assert occupations.discount(p, sid) == 2
    assert occupations.discount(p, "c2_livestock_cattle") == 0
    s = occupy(ships(lay(table(), "170a"), longship=1), "c2_emigrate")  # round 1 costs 1 silver: free
    assert s["seats"][0]["emigrated"] == ["longship"] and s["seats"][0]["silver"] == 0
    assert refused(ships(table(), longship=1), {"type": "occupy", "space": "c2_emigrate"}) == "F-243"


def test_bosporus_traveller_each_new_cattle() -> None:
    # occupation 174a, F-650: each new cattle in the stable: 3 silver for silk or 4 silver for spices
    s = play(table(silver=8, cattle=1), "174a")  # the cattle held already does not count
    assert s["prompt"]["kind"] == "turn"
    s = occupy(s, "c2_livestock_cattle")  # 3 silver: cattle and milk
    silk, spices = {"give": {"silver": 3}, "get": {"silk": 1}}, {"give": {"silver": 4}, "get": {"spices": 1}}
    assert asked(s, "174a") == [silk, spices]
    s = pick(s, {"give": {"silver": 4}, "get": {"spices": 1}})
    assert goods(s)["spices"] == 1 and s["seats"][0]["silver"] == 1 and s["prompt"]["kind"] == "turn"


def test_barkeeper_mead_on_crafting() -> None:
    # occupation 112b, F-650: each Crafting space also gives 1 mead
    assert goods(occupy(lay(table(flax=1), "112b"), "c1_craft_linen")) == {"linen": 1, "mead": 1}
    assert goods(occupy(lay(table(), "112b"), "c1_fishing")) == {"stockfish": 1}


def test_princess_silverware_on_house_building() -> None:
    # occupation 115b, F-650: each House Building space also gives 1 silverware
    s = occupy(lay(table(stone=2), "115b"), "c2_build_stone_house")
    assert goods(s) == {"silverware": 1}
    assert "silverware" not in goods(occupy(lay(table(wood=2), "115b"), "c1_build_shed"))


def test_milkman_milk_on_weekly_market() -> None:
    # occupation 119b, F-650: each Weekly Market space also gives 1 milk
    s = occupy(lay(table(), "119b"), "c1_weekly_market")
    assert goods(s).get("milk") == 1
    assert goods(occupy(lay(table(), "119b"), "c1_fishing")) == {"stockfish": 1}


def test_middleman_upgrade_after_weekly_market() -> None:
    # occupation 120b, F-651: after a Weekly Market space, 1 silver for a "+1 good" upgrade
    s = occupy(lay(table(stockfish=1), "120b"), "c1_weekly_market")
    options = asked(s, "120b")
    assert {"give": {"silver": 1}, "upgrade": [["stockfish", "hide"]]} in options
    s = pick(s, {"give": {"silver": 1}, "upgrade": [["stockfish", "hide"]]})
    assert goods(s).get("hide") == 1 and "stockfish" not in goods(s)
    assert occupy(lay(table(stockfish=1), "120b"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_angler_stockfish_on_successful_snare(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 127b, F-650: each successful Laying a Snare also gives 1 stockfish
    assert goods(_snare(monkeypatch, "127b", True)).get("stockfish") == 1
    assert "stockfish" not in goods(_snare(monkeypatch, "127b", False))


def test_meat_curer_snare_for_salt_meat(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 129b, F-651: after a successful snare, 1 snare for 1 salt meat (optional)
    s = _snare(monkeypatch, "129b", True)
    snares = s["seats"][0]["weapons"]["snare"]
    s = pick(s, {"give": {"snare": 1}, "get": {"salt_meat": 1}})
    assert goods(s).get("salt_meat") == 1 and s["seats"][0]["weapons"]["snare"] == snares - 1
    assert _snare(monkeypatch, "129b", False)["prompt"]["kind"] == "turn"


def test_cooper_wood_for_stockfish() -> None:
    # occupation 155b, F-651: after an action giving at least 2 wood, 1 wood for 1 stockfish (once)
    s = lay(table(), "155b")
    s["mountains"] = [{"id": 1, "slots": ["wood", "wood", "stone"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    s = pick(s, {"give": {"wood": 1}, "get": {"stockfish": 1}})
    assert s["seats"][0]["wood"] == 1 and goods(s) == {"stockfish": 1} and s["prompt"]["kind"] == "turn"
    assert occupy(lay(table(), "155b"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_hunter_every_roll_one_lower(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 4c, F-653: every die roll counts 1 lower, raiding and pillaging too
    s = occupy(lay(table(), "4c"), "c1_hunting_game")
    assert s["prompt"]["mod"] == -1
    s = occupy(ships(lay(table(), "4c"), longship=1), "c1_raiding")
    assert s["prompt"]["mod"] == -1


def test_messenger_stone_and_mead_on_weekly_market() -> None:
    # occupation 118c, F-650: each Weekly Market space also gives 1 stone and 1 mead
    s = occupy(lay(table(), "118c"), "c1_weekly_market")
    assert s["seats"][0]["stone"] == 1 and goods(s).get("mead") == 1
    assert occupy(lay(table(), "118c"), "c1_fishing")["seats"][0]["stone"] == 0


def test_scribe_rune_stone_on_exploration_or_emigration() -> None:
    # occupation 125c, F-650: each Exploration or Emigration action also gives 1 rune stone
    s = occupy(ships(lay(table(silver=1), "125c"), longship=1), "c2_emigrate")
    assert s["seats"][0]["emigrated"] == ["longship"]
    assert goods(s).get("rune_stone") == 1
    assert "rune_stone" not in goods(occupy(lay(table(), "125c"), "c1_fishing"))


def test_bait_layer_stockfish_for_game_meat(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 131c, F-651: after each Laying a Snare, won or not, 1 stockfish for 1 game meat
    for success in (True, False):
        s = _snare(monkeypatch, "131c", success, stockfish=1)
        s = pick(s, {"give": {"stockfish": 1}, "get": {"game_meat": 1}})
        assert goods(s).get("game_meat") == 1 and "stockfish" not in goods(s)
    assert _snare(monkeypatch, "131c", True)["prompt"]["kind"] == "turn"  # no stockfish: nothing


def test_proficient_hunter_four_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 153a, F-552, F-653: every action with a dice roll allows up to 4 rolls instead of 3
    rolls(monkeypatch, 5)
    for card, allowed in ((None, 3), ("153a", 4)):
        s = table(wood=1)
        s = occupy(lay(s, card) if card else s, "c2_laying_snare")
        for _ in range(allowed):
            s = act(s, 0, {"type": "roll"})
        assert {"type": "roll"} not in moves.legal(s, 0)
        assert refused(s, {"type": "roll"}) == "F-552"


def test_undertaker_rune_stone_on_an_exploration_board() -> None:
    # occupation 100b, F-650: each rune stone placed on an exploration board gives 1 silver
    from server.games.feast.areas import new_area, spots

    s = lay(table(rune_stone=3), "100b")
    p = s["seats"][0]
    p["areas"].append(new_area("shetland"))
    add_building(s, p, "stone_house")
    for index, silver in ((0, 0), (2, 0), (1, 1)):  # home board, house: nothing; Shetland: 1 silver
        turn, row, col = next(spots(s["seats"][0]["areas"][index], "rune_stone"))
        s = act(s, 0, {"type": "place", "item": "rune_stone", "area": index, "turn": turn, "row": row, "col": col})
        assert s["seats"][0]["silver"] == silver, index


def _raid(monkeypatch: pytest.MonkeyPatch, card: str, times: int):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1)
    s = occupy(ships(lay(table(), card), longship=1), "c1_raiding")
    for _ in range(times):
        s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "fail"})


def test_disheartened_warrior_early_failed_raid(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 104b, F-650: a raid declared failed after the first or second roll: 1 stockfish or 1 oil
    for times in (1, 2):
        s = _raid(monkeypatch, "104b", times)
        assert asked(s, "104b") == [{"get": {"stockfish": 1}}, {"get": {"oil": 1}}] and not s["prompt"]["optional"]
        s = pick(s, {"get": {"oil": 1}})
        assert goods(s)["oil"] == 1 and s["prompt"]["kind"] == "turn"
    assert _raid(monkeypatch, "104b", 3)["prompt"]["kind"] == "turn"  # after the third roll: nothing


def _whale(monkeypatch: pytest.MonkeyPatch, boats: int, wood: int, win: bool = True):  # type: ignore[no-untyped-def]
    """A Whaling whose result is 1 (paid with `wood` or a spear), or failed."""
    s = ships(lay(table(wood=wood, spear=2), "141c"), whaling_boat=boats)
    s = occupy(s, "c3_whaling")
    if s["prompt"]["kind"] == "option":  # use every boat
        s = act(s, 0, {"type": "option", "pick": len(s["prompt"]["options"]) - 1})
    assert s["prompt"]["kind"] == "dice"
    rolls(monkeypatch, 1 - s["prompt"]["mod"])
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": wood} if win else {"type": "fail"})


def test_ivory_sculptor_whaling_without_wood(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 141c, F-650: a successful Whaling without wood: 1 cabbage / beans / peas for 1 / 2 / 3 boats
    for boats, crop in ((1, "cabbage"), (2, "beans"), (3, "peas")):
        assert goods(_whale(monkeypatch, boats, 0)).get(crop) == 1, boats  # paid with 1 spear
    s = _whale(monkeypatch, 1, 1)  # paid 1 wood: nothing
    assert not {"cabbage", "beans", "peas"} & set(goods(s))
    s = _whale(monkeypatch, 1, 0, win=False)
    assert not {"cabbage", "beans", "peas"} & set(goods(s))
    s = ships(lay(table(spear=2), "141c"), whaling_boat=2)  # 2 boats owned, 1 used: cabbage
    s = occupy(s, "c3_whaling")
    s = act(s, 0, {"type": "option", "pick": 0})
    rolls(monkeypatch, 1 - s["prompt"]["mod"])
    s = act(act(s, 0, {"type": "roll"}), 0, {"type": "hunt", "wood": 0})
    assert goods(s).get("cabbage") == 1 and "beans" not in goods(s)


def test_trident_hunter_spear_now_and_double_spears(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 11c, F-641, F-653, F-577: 1 spear now (from the discard pile); when whaling each spear counts 2
    s = table()
    s["weapon_discard"] = ["spear"]
    s = play(s, "11c")
    assert s["seats"][0]["weapons"]["spear"] == 2 and s["weapon_discard"] == []
    s = ships(s, whaling_boat=1)
    s = occupy(s, "c3_whaling")
    rolls(monkeypatch, 4 - s["prompt"]["mod"])  # result 4: 2 spears
    s = act(s, 0, {"type": "roll"})
    assert {"type": "hunt", "wood": 0} in moves.legal(s, 0)
    s = act(s, 0, {"type": "hunt", "wood": 0})
    assert s["seats"][0]["weapons"]["spear"] == 0 and goods(s).get("whale_meat")
    s = ships(lay(table(wood=1, spear=0), "11c"), whaling_boat=1)  # 1 spear held
    s = occupy(s, "c3_whaling")
    rolls(monkeypatch, 3 - s["prompt"]["mod"])  # result 3: 1 wood + 1 spear, or 2 spears (not held)
    s = act(s, 0, {"type": "roll"})
    assert [m for m in moves.legal(s, 0) if m["type"] == "hunt"] == [{"type": "hunt", "wood": 1}]
    s = ships(table(spear=1), whaling_boat=1)  # without the card, 2 spears pay only 2
    s = occupy(s, "c3_whaling")
    rolls(monkeypatch, 4 - s["prompt"]["mod"])
    s = act(s, 0, {"type": "roll"})
    assert [m for m in moves.legal(s, 0) if m["type"] == "hunt"] == []


def test_steward_stores_for_silver_before_income() -> None:
    # occupation 42b, F-651, F-330: before phase 7, exactly 1 wood or 1 stone on a shed for 1 silver
    s = lay(table(wood=2, stone=1), "42b")
    add_building(s, s["seats"][0], "shed")
    s = to_feast(s)
    assert s["prompt"]["kind"] == "card" and s["phase"] == 7  # before the income
    offered = asked(s, "42b")
    assert offered == [
        {"fn": "steward", "res": "wood", "shed": 0, "get": {"silver": 1}},
        {"fn": "steward", "res": "stone", "shed": 0, "get": {"silver": 1}},
    ]
    silver = s["seats"][0]["silver"]
    s = pick(s, offered[0])
    p = s["seats"][0]
    assert p["sheds"] == [{"wood": 1, "stone": 0}] and p["wood"] == 1 and p["silver"] == silver + 1
    assert s["prompt"]["kind"] != "card"  # once per round
    s = to_feast(lay(table(wood=2), "42b"))
    assert s["prompt"]["kind"] == "feast"  # no shed: nothing


def test_ironsmith_viking_back_after_paying_ore() -> None:
    # occupation 108c, F-651: after exchanging ore on the chest or forge space, 1 silver for 1 Viking back
    s = lay(table(wood=1, ore=1), "108c")
    s = occupy(s, "c2_craft_chest")
    s = act(s, 0, {"type": "option", "pick": 1})  # the ore
    offered = asked(s, "108c")
    assert offered == [{"fn": "ironsmith", "give": {"silver": 1}, "space": "c2_craft_chest"}]
    thing = s["seats"][0]["thing"]
    s = pick(s, offered[0])
    p = s["seats"][0]
    assert p["thing"] == thing + 1 and s["spaces"]["c2_craft_chest"]["n"] == 1 and p["silver"] == 0
    s = occupy(lay(table(wood=1, ore=1), "108c"), "c2_craft_chest")
    s = act(s, 0, {"type": "option", "pick": 0})  # the wood: nothing
    assert s["prompt"]["kind"] == "turn" and s["spaces"]["c2_craft_chest"]["n"] == 2


def test_meat_buyer_game_meat_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 150c, F-651: 2 stockfish / salt meat received at once: 1 of them may be game meat instead
    s = occupy(lay(table(silver=1), "150c"), "c1_livestock_stockfish")
    assert asked(s, "150c") == [{"give": {"stockfish": 1}, "get": {"game_meat": 1}}]
    s = pick(s, {"give": {"stockfish": 1}, "get": {"game_meat": 1}})
    assert goods(s) == {"stockfish": 1, "game_meat": 1} and s["prompt"]["kind"] == "turn"
    s = occupy(lay(table(silver=2), "150c"), "c1_livestock_salt_meat")
    s = pick(s, {"give": {"salt_meat": 1}, "get": {"game_meat": 1}})
    assert goods(s) == {"salt_meat": 1, "game_meat": 1}
    s = occupy(lay(table(), "150c"), "c1_fishing")  # 1 stockfish: nothing
    assert s["prompt"]["kind"] == "turn" and goods(s) == {"stockfish": 1}


def test_catapulter_stone_adds_two(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 89a, F-556, F-653: on Raiding and Pillaging each stone offered adds 2 instead of 1
    rolls(monkeypatch, 3)
    for card, result in ((None, 5), ("89a", 7)):
        s = ships(table(stone=2), longship=1)
        s = occupy(lay(s, card) if card else s, "c1_raiding")
        s = act(s, 0, {"type": "roll"})
        s = act(act(s, 0, {"type": "offer", "res": "stone"}), 0, {"type": "offer", "res": "stone"})
        from server.games.feast import dice

        assert dice.result(s["prompt"]) == result
    s = occupy(ships(lay(table(stone=2), "89a"), longship=1), "c2_pillaging")
    assert s["prompt"]["stone_value"] == 2


def test_berserker_ore_for_three_on_pillaging() -> None:
    # occupation 132b, F-651, F-561: before Pillaging, 1 ore off the pillaging longship for +3 on each roll
    s = ships(lay(table(), "132b"), longship=2)
    s["seats"][0]["ships"][1]["ore"] = 2
    s = occupy(s, "c2_pillaging")
    assert asked(s, "132b") == [{"fn": "berserker", "ship": 1}]  # the longship carrying the most ore
    s = pick(s, {"fn": "berserker", "ship": 1})
    assert s["seats"][0]["ships"][1]["ore"] == 1 and s["seats"][0]["ore"] == 0
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["mod"] == 1 + 3
    s = ships(lay(table(), "132b"), longship=1)
    s["seats"][0]["ships"][0]["ore"] = 1
    s = occupy(s, "c1_raiding")  # raiding: nothing
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["mod"] == 0
    s = occupy(ships(lay(table(), "132b"), longship=1), "c2_pillaging")  # no ore: nothing
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["mod"] == 0


def test_master_bricklayer_houses_one_stone_cheaper() -> None:
    # occupation 116c, F-646: building a stone or long house costs 1 stone less (the house-and-ship space too)
    s = occupy(lay(table(), "116c"), "c2_build_stone_house")  # 1 stone: free
    assert s["seats"][0]["areas"][-1]["kind"] == "stone_house" and s["seats"][0]["stone"] == 0
    s = occupy(lay(table(stone=1), "116c"), "c3_build_long_house")  # 2 stone: 1
    assert s["seats"][0]["areas"][-1]["kind"] == "long_house" and s["seats"][0]["stone"] == 0
    assert refused(table(stone=1), {"type": "occupy", "space": "c3_build_long_house"}) == "F-243"
    s = occupy(lay(table(wood=2), "116c"), "c1_build_shed")  # a shed: no stone to save
    assert s["seats"][0]["wood"] == 0 and len(s["seats"][0]["sheds"]) == 1
    from server.games.feast import actions

    s = lay(table(), "116c")
    costs = [v["cost"] for v in actions.variants(s, s["seats"][0], "c4_build_house_and_ship")]
    assert costs == [{"stone": 1, "wood": 2}, {"stone": 1, "wood": 2}]


def test_melee_fighter_spears_for_long_swords(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 137a, F-556, F-653: on Raiding and Pillaging spears may be offered as long swords
    from server.games.feast import dice

    rolls(monkeypatch, 4)
    s = occupy(ships(table(spear=1), longship=1), "c1_raiding")
    s = act(s, 0, {"type": "roll"})
    assert {"type": "offer", "res": "spear"} not in moves.legal(s, 0)
    assert refused(s, {"type": "offer", "res": "spear"}) == "F-556"
    s = occupy(ships(lay(table(spear=1), "137a"), longship=1), "c1_raiding")  # 2 spears
    s = act(s, 0, {"type": "roll"})
    s = act(act(s, 0, {"type": "offer", "res": "spear"}), 0, {"type": "offer", "res": "spear"})
    assert dice.result(s["prompt"]) == 6 and {"type": "offer", "res": "spear"} not in moves.legal(s, 0)
    s = act(s, 0, {"type": "loot", "tile": "rune_stone"})
    assert s["seats"][0]["weapons"]["spear"] == 0 and s["weapon_discard"].count("spear") == 2
    assert goods(s) == {"rune_stone": 1}


def test_thing_spokesman_vikings_back_from_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 151c, F-650, F-590: each time 1 or 2 Vikings come back to the Thing square from the board, 1 silver
    rolls(monkeypatch, 5)
    s = play(table(wood=1), "151c")
    s["seats"][0]["thing"] = 8
    s = occupy(s, "c1_hunting_game")
    s = act(s, 0, {"type": "roll"})
    s = act(s, 0, {"type": "fail"})  # a failed Hunting Game: no Viking back, nothing
    assert s["seats"][0]["silver"] == 0
    thing = s["seats"][0]["thing"]
    s = occupy(s, "c2_laying_snare")
    s = act(s, 0, {"type": "roll"})
    s = act(s, 0, {"type": "fail"})  # a failed snare: 1 of the 2 Vikings back
    assert s["seats"][0]["thing"] == thing - 1 and s["seats"][0]["silver"] == 1
    s = occupy(ships(s, whaling_boat=1), "c3_whaling")
    rolls(monkeypatch, 12)
    s = act(s, 0, {"type": "roll"})
    s = act(s, 0, {"type": "fail"})  # a failed whaling: 2 of the 3 Vikings back
    assert s["seats"][0]["thing"] == thing - 2 and s["seats"][0]["silver"] == 2
    s = skip_feast(to_feast(s))  # the round's return and the new round give nothing
    assert s["round"] == 2 and s["seats"][0]["silver"] == 2


def test_sober_man_silver_for_a_feast_without_mead() -> None:
    # occupation 160a, F-278, F-651: at the feast, 1 silver to serve right away for serving no mead in it
    s = to_feast(lay(table(mead=2), "160a"))
    assert asked(s, "160a") == [{"fn": "sober_man", "get": {"silver": 1}}] and s["phase"] == 9
    s = pick(s, {"fn": "sober_man", "get": {"silver": 1}})
    assert s["prompt"]["kind"] == "feast" and s["seats"][0]["silver"] == 1
    assert not [m for m in moves.legal(s, 0) if m.get("item") == "mead"]
    assert refused(s, {"type": "serve", "item": "mead", "lay": "v"}) == "F-278"
    s = act(s, 0, {"type": "serve", "item": "silver"})  # served right away
    s = skip_feast(s)
    assert s["round"] == 2 and "160a" not in s["seats"][0]["card_state"]  # mead again in the next feast
    s = to_feast(lay(table(mead=2), "160a"))
    s = act(s, 0, {"type": "decline"})  # declined: mead may be served, no silver
    assert {"type": "serve", "item": "mead", "lay": "v"} in moves.legal(s, 0) and s["seats"][0]["silver"] == 0


def test_raider_one_higher_and_a_split_loot(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 136c, F-558, F-653: Raiding and Pillaging rolls count 1 higher; the result may be split into two goods
    from server.games.feast import dice

    rolls(monkeypatch, 13 - 1)  # result 13 with the card's +1
    s = occupy(ships(table(), longship=1), "c1_raiding")
    s = act(s, 0, {"type": "roll"})
    assert not [m for m in moves.legal(s, 0) if "tile2" in m]
    assert refused(s, {"type": "loot", "tile": "rune_stone", "tile2": "rune_stone"}) == "F-558"
    s = occupy(ships(lay(table(), "136c"), longship=1), "c1_raiding")
    assert s["prompt"]["mod"] == 1
    s = act(s, 0, {"type": "roll"})
    assert dice.result(s["prompt"]) == 13
    pair = {"type": "loot", "tile": "rune_stone", "tile2": "silverware"}  # 6 + 7
    assert pair in moves.legal(s, 0)
    assert {"type": "loot", "tile": "rune_stone", "tile2": "chest"} not in moves.legal(s, 0)  # 6 + 8 > 13
    assert refused(s, {"type": "loot", "tile": "silverware", "tile2": "chest"}) == "F-558"
    s = act(s, 0, pair)
    assert goods(s) == {"rune_stone": 1, "silverware": 1} and s["prompt"]["kind"] == "turn"
    s = occupy(ships(lay(table(), "136c"), longship=1), "c2_pillaging")
    assert s["prompt"]["mod"] == 1


def test_robber_green_goods_as_loot(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 138c, F-558: on Raiding and Pillaging a green good may be taken, worth its blue back less 1
    rolls(monkeypatch, 6)
    s = occupy(ships(table(), longship=1), "c1_raiding")
    s = act(s, 0, {"type": "roll"})
    assert {"type": "loot", "tile": "hide"} not in moves.legal(s, 0)
    assert refused(s, {"type": "loot", "tile": "hide"}) == "F-558"
    s = occupy(ships(lay(table(), "138c"), longship=1), "c1_raiding")
    s = act(s, 0, {"type": "roll"})  # result 6
    loot = {m["tile"] for m in moves.legal(s, 0) if m["type"] == "loot"}
    assert {"oil", "hide", "rune_stone"} <= loot and "wool" not in loot  # hide 7 - 1 = 6; wool 8 - 1 = 7
    s = act(s, 0, {"type": "loot", "tile": "hide"})
    assert goods(s) == {"hide": 1}


def test_latecomer_a_free_column_one_space_next_to_a_viking() -> None:
    # occupation 91c, F-642: at the end of phase 5, 1 silver to use a free column-1 space above or below one's own
    s = occupy(lay(table(silver=2), "91c"), "c1_fishing")
    s = act(on_turn(s, 1), 1, {"type": "occupy", "space": "c1_hunting_game"})  # above: taken by the other player
    s = act(act(s, 1, {"type": "roll"}), 1, {"type": "fail"})
    s = to_feast(s)
    assert s["phase"] == 6  # after the last placement of phase 5, before the new start player
    stockfish = {"fn": "latecomer", "give": {"silver": 1}, "space": "c1_livestock_stockfish"}
    assert asked(s, "91c") == [stockfish]  # the space below
    thing = s["seats"][0]["thing"]
    s = pick(s, stockfish)
    p = s["seats"][0]
    assert goods(s)["stockfish"] == 1 + 2 and p["silver"] == 0 and p["thing"] == thing
    assert "c1_livestock_stockfish" not in s["spaces"]  # no Viking placed
    s = to_feast(occupy(lay(table(silver=1), "91c"), "c1_fishing"))  # 1 silver: only the free hunt above
    assert [o["space"] for o in asked(s, "91c")] == ["c1_hunting_game"]
    s = to_feast(occupy(lay(table(silver=2), "91c"), "c2_products_mead"))  # no Viking in column 1: nothing
    assert s["prompt"]["kind"] == "feast"
