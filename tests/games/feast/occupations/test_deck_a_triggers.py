"""Deck A, repeating (red) cards and rule changes: each fires exactly when its card says —
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
    rolls,
    ships,
    table,
    to_feast,
    weapons,
)
from tests.games.feast.situations import act, confirm_all, give, pass_all, refused, skip_feast


def test_peddler_livestock_market_one_silver_cheaper() -> None:
    # occupation 1A: 1 silver off the total cost of a Livestock Market space, never below 0
    s = lay(table(silver=2), "1A")
    s = occupy(s, "c2_livestock_cattle")  # 3 silver for cattle and milk
    assert goods(s) == {"cattle": 1, "milk": 1} and s["seats"][0]["silver"] == 0
    s = lay(table(), "1A")
    s = occupy(s, "c3_livestock_sheep_or_cattle")
    assert s["prompt"]["options"][1]["cost"] == {}  # the cattle costs nothing, the sheep stays free
    assert refused(table(silver=2), {"type": "occupy", "space": "c2_livestock_cattle"}) == "F-243"
    s = occupy(lay(table(silver=1), "1A"), "c2_products_mead")
    assert s["seats"][0]["silver"] == 1 + 2  # not a Livestock Market: no change


def test_furrier_snare_on_exactly_one_silver() -> None:
    # occupation 3A: the eight spaces giving exactly 1 silver also give 1 snare, once
    s = lay(table(), "3A")
    s["weapon_discard"] = ["snare"]
    s = occupy(s, "c1_weekly_market")
    p = s["seats"][0]
    assert p["weapons"]["snare"] == 2 and p["silver"] == 1 and s["weapon_discard"] == []
    s = occupy(lay(table(), "3A"), "c2_products_mead")  # 2 silver
    assert s["seats"][0]["weapons"]["snare"] == 1
    s = occupy(lay(table(), "3A"), "c1_draw_occupation")
    assert s["seats"][0]["weapons"]["snare"] == 2


def test_miller_after_the_feast() -> None:
    # occupation 7A: right after phase 9, 1 / 2 grain in the supply give 1 / 2 silver
    for grain, silver in ((0, 0), (1, 1), (2, 2), (3, 2)):
        s = to_feast(lay(table(grain=grain), "7A"))
        assert s["prompt"]["kind"] == "feast" and s["seats"][0]["silver"] == 0  # not before
        s = skip_feast(s)
        assert s["seats"][0]["silver"] == silver and s["round"] == 2


def test_village_leader_before_the_feast() -> None:
    # occupation 165A: at the start of phase 9, at least 1 clothing gives 2 silver
    s = to_feast(lay(table(clothing=2), "165A"))
    assert s["prompt"]["kind"] == "feast" and s["seats"][0]["silver"] == 2
    assert skip_feast(s)["seats"][0]["silver"] == 2  # once per feast
    assert to_feast(lay(table(), "165A"))["seats"][0]["silver"] == 0


def test_ore_boatman_before_income() -> None:
    # occupation 9A: before phase 7, 1 ore per longship, only if placed at once on a board
    s = ships(lay(table(), "9A"), longship=2)
    s = pass_all(s)
    assert s["prompt"]["kind"] == "ready"
    s = confirm_all(s, "ready", {"type": "ready"})
    options = asked(s, "9A")
    assert options[0] == {"fn": "ore_boatman", "place": [0, 0, 0]} and s["phase"] == 7
    s = pick(s, options[0])
    s = act(s, 0, {"type": "decline"})  # the second ore is not placed: not received
    p = s["seats"][0]
    assert p["ore"] == 0 and p["areas"][0]["pieces"] == [["ore", 0, 0, 0]]
    s = to_feast(lay(table(), "9A"))
    assert s["prompt"]["kind"] == "feast"  # no longship: nothing asked


def test_helmsman_chest_then_weapon_after_longship_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 12A, F-658, F-650: 1 chest now; 1 weapon after each action using a longship
    from tests.games.feast.occupations.helpers import play

    rolls(monkeypatch, 8)
    s = play(ships(table(), longship=1), "12A")
    assert goods(s) == {"chest": 1}
    s = occupy(s, "c1_fishing")
    assert weapons(s) == 3
    s = occupy(s, "c1_raiding")
    s = act(s, 0, {"type": "roll"})
    assert weapons(s) == 3  # not before the action is over
    s = act(s, 0, {"type": "loot", "tile": "silverware"})
    assert weapons(s) == 4 and s["prompt"]["kind"] == "turn"


def test_ships_cook_before_overseas_trading() -> None:
    # occupation 36A, F-651: before sea trade, one salt / game / whale meat up one level
    s = ships(lay(table(silver=1, salt_meat=1, grain=1), "36A"), knarr=1)
    s = occupy(s, "c1_sea_trade")
    assert asked(s, "36A") == [{"upgrade": [["salt_meat", "linen"]]}]
    s = pick(s, {"upgrade": [["salt_meat", "linen"]]})
    assert s["prompt"]["kind"] == "sea_trade"  # then the action: the linen may be flipped
    s = act(s, 0, {"type": "flip", "good": "linen"})
    assert goods(s) == {"grain": 1, "silk": 1}


def test_foreign_trader_before_overseas_trading() -> None:
    # occupation 37A, F-651: before sea trade, any one good up one level (optional)
    s = ships(lay(table(silver=1, peas=1), "37A"), knarr=1)
    s = occupy(s, "c2_sea_trade")
    assert asked(s, "37A") == [{"upgrade": [["peas", "mead"]]}]
    s = act(s, 0, {"type": "decline"})
    assert s["prompt"]["kind"] == "sea_trade" and goods(s) == {"peas": 1}


def test_priest_oil_before_overseas_trading() -> None:
    # occupation 149A, F-652, WE-11: 1 oil before sea trade, flipped to a rune stone in it
    s = ships(lay(table(silver=1), "149A"), knarr=1)
    s = occupy(s, "c1_sea_trade")
    s = act(s, 0, {"type": "flip", "good": "oil"})
    assert goods(s) == {"rune_stone": 1}
    s = occupy(lay(table(), "149A"), "c1_fishing")
    assert goods(s) == {"stockfish": 1}


def test_peacemaker_instead_of_the_weapon() -> None:
    # occupation 38A: in phase 4, 1 wood, stone or ore instead of the weapon card
    s = skip_feast(to_feast(lay(table(), "38A")))
    assert [o["get"] for o in asked(s, "38A")] == [{"weapon": 1}, {"wood": 1}, {"stone": 1}, {"ore": 1}]
    assert s["phase"] == 4 and s["round"] == 2
    s = pick(s, {"get": {"wood": 1}})
    assert s["seats"][0]["wood"] == 1 and weapons(s) == 3 and weapons(s, 1) == 4
    assert s["prompt"]["kind"] == "turn"


def _round_without_harvest(s):  # type: ignore[no-untyped-def]
    """Play rounds 1 and 2 out (skipping card prompts): the state at phase 2 of round 3."""
    s = skip_feast(to_feast(s))
    while s["prompt"]["kind"] == "card":
        s = act(s, s["prompt"]["seat"], {"type": "decline"})
    return skip_feast(to_feast(s))


def test_spice_merchant_in_rounds_without_harvest() -> None:
    # occupation 94A: in phase 2 of a round without harvest, 2 oil for 1 spices, once
    s = lay(table(oil=5), "94A")
    s = skip_feast(to_feast(s))
    assert s["round"] == 2 and s["prompt"]["kind"] == "turn"  # round 2 has a harvest: nothing
    s = skip_feast(to_feast(s))
    assert s["round"] == 3 and s["phase"] == 2
    assert asked(s, "94A") == [{"give": {"oil": 2}, "get": {"spices": 1}}]
    s = pick(s, {"give": {"oil": 2}, "get": {"spices": 1}})
    assert goods(s)["spices"] == 1 and goods(s)["oil"] == 3 and s["prompt"]["kind"] == "turn"


def test_wanderer_in_rounds_without_harvest() -> None:
    # occupation 95A: in phase 2 of a round without harvest, up to 2 resources from one strip
    s = _round_without_harvest(lay(table(), "95A"))
    assert s["round"] == 3 and s["phase"] == 2
    strips = s["mountains"]
    assert asked(s, "95A") == [{"take": [m["id"], n]} for m in strips for n in (1, 2) if n <= len(m["slots"])]
    first = strips[0]
    before = {r: s["seats"][0][r] for r in ("wood", "stone", "ore", "silver")}
    expected = dict(before)
    for res in first["slots"][:2]:
        expected["silver" if res == "silver2" else res] += 2 if res == "silver2" else 1
    s = pick(s, {"take": [first["id"], 2]})
    assert {r: s["seats"][0][r] for r in before} == expected


def test_meat_merchant_in_rounds_without_harvest() -> None:
    # occupation 96A: 1 game meat for 1 whale meat, or 1 whale meat for 2 game meat
    s = _round_without_harvest(lay(table(game_meat=1, whale_meat=1), "96A"))
    assert asked(s, "96A") == [
        {"give": {"game_meat": 1}, "get": {"whale_meat": 1}},
        {"give": {"whale_meat": 1}, "get": {"game_meat": 2}},
    ]
    s = pick(s, {"give": {"whale_meat": 1}, "get": {"game_meat": 2}})
    assert (goods(s)["game_meat"], goods(s).get("whale_meat", 0)) == (3, 0)


def test_flax_baker_after_a_harvest() -> None:
    # occupation 171A, F-650, F-653: right after a phase 2 with a harvest, 1 flax for 1 grain and 1 silver
    s = skip_feast(to_feast(lay(table(), "171A")))
    assert s["round"] == 2 and s["phase"] == 2  # round 2 harvests flax
    s = pick(s, {"give": {"flax": 1}, "get": {"grain": 1, "silver": 1}})
    assert goods(s)["grain"] == 2 and s["seats"][0]["silver"] == 1  # 1 harvested + 1
    s = skip_feast(to_feast(s))
    assert s["round"] == 3 and s["prompt"]["kind"] == "turn"  # no harvest in round 3: nothing


def test_nobleman_after_grain_in_a_house() -> None:
    # occupation 98A: right after placing 1 grain in a stone or long house, 2 silver for 1 silk
    s = lay(table(silver=2, grain=1, peas=1), "98A")
    add_building(s, s["seats"][0], "stone_house")
    house = s["seats"][0]["areas"][1]
    for item in ("peas", "grain"):
        turn, row, col = next(spots(house, item))
        s = act(s, 0, {"type": "place", "item": item, "area": 1, "turn": turn, "row": row, "col": col})
        house = s["seats"][0]["areas"][1]
        if item == "peas":
            assert s["prompt"]["kind"] == "turn"  # peas: nothing
    assert asked(s, "98A") == [{"give": {"silver": 2}, "get": {"silk": 1}}]
    s = pick(s, {"give": {"silver": 2}, "get": {"silk": 1}})
    assert goods(s) == {"silk": 1} and s["prompt"] == {"kind": "turn", "seat": 0}


def test_tutor_plays_instead_of_drawing() -> None:
    # occupation 99A: instead of receiving an occupation, play one from hand
    s = lay(table(), "99A")
    s["seats"][0]["hand"] = ["43A"]
    s = occupy(s, "c1_draw_occupation")
    assert asked(s, "99A") == [{"fn": "tutor", "draw": True}, {"fn": "tutor", "play": "43A"}]
    s = pick(s, {"fn": "tutor", "play": "43A"})
    p = s["seats"][0]
    assert p["hand"] == [] and p["played"] == ["99A", "43A"] and goods(s) == {"fruits": 1} and p["silver"] == 1
    s = lay(table(), "99A")
    s["seats"][0]["hand"] = ["43A"]
    s = pick(occupy(s, "c1_draw_occupation"), {"fn": "tutor", "draw": True})
    assert len(s["seats"][0]["hand"]) == 2


def test_shipowner_after_building_a_knarr_or_longship() -> None:
    # occupation 117A: after building a knarr or longship (paying wood), one good up one level
    s = lay(table(wood=2, beans=1), "117A")
    s = occupy(s, "c2_build_knarr")
    assert s["seats"][0]["ships"] == [{"type": "knarr", "ore": 0}]
    s = pick(s, {"upgrade": [["beans", "milk"]]})
    assert goods(s) == {"milk": 1}
    s = occupy(lay(table(wood=1, beans=1), "117A"), "c1_build_whaling_boat")
    assert s["prompt"]["kind"] == "turn" and goods(s) == {"beans": 1}


def test_mountain_guard_by_resource_types() -> None:
    # occupation 122A: after a mountain action, 2 / 3 / 4 resource types give mead / hide / chest
    for slots, reward in (
        (["wood", "wood"], {}),
        (["wood", "stone"], {"mead": 1}),
        (["wood", "stone", "ore"], {"hide": 1}),
        (["wood", "stone", "ore", "silver2"], {"chest": 1}),
    ):
        s = lay(table(), "122A")
        s["mountains"] = [{"id": 1, "slots": slots + ["wood"]}]
        s = occupy(s, "c4_mountain_4_upgrade_2x2")
        s = act(s, 0, {"type": "take", "strip": 1, "n": len(slots), "part": 4})
        assert goods(s) == reward, slots


def _snare(monkeypatch: pytest.MonkeyPatch, card: str, success: bool):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1 if success else 5)
    s = lay(table(wood=1), card)
    s["mountains"] = [{"id": 1, "slots": ["stone", "wood"]}]
    s = occupy(s, "c2_laying_snare")
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 1} if success else {"type": "fail"})


def test_trapper_after_a_successful_snare(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 126A: each successful Laying a Snare gives 1 silver
    assert _snare(monkeypatch, "126A", True)["seats"][0]["silver"] == 1
    assert _snare(monkeypatch, "126A", False)["seats"][0]["silver"] == 0


def test_digger_after_a_successful_snare(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 128A: each successful Laying a Snare: take 1 resource from a mountain strip
    s = _snare(monkeypatch, "128A", True)
    s = pick(s, {"take": [1, 1]})
    assert s["seats"][0]["stone"] == 1 and s["mountains"][0]["slots"] == ["wood"]
    assert _snare(monkeypatch, "128A", False)["prompt"]["kind"] == "turn"


def _raid(monkeypatch: pytest.MonkeyPatch, card: str, roll: int, swords: int, win: bool):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, roll)
    s = ships(lay(table(long_sword=swords), card), longship=1)
    s = occupy(s, "c1_raiding")
    s = act(s, 0, {"type": "roll"})
    for _ in range(swords):
        s = act(s, 0, {"type": "offer", "res": "long_sword"})
    return act(s, 0, {"type": "loot", "tile": "silverware"} if win else {"type": "fail"})


def test_drunkard_after_a_failed_raid(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 134A: each failed Raiding (also on purpose) gives 1 mead
    assert goods(_raid(monkeypatch, "134A", 8, 0, False)) == {"mead": 1}
    assert goods(_raid(monkeypatch, "134A", 8, 0, True)) == {"silverware": 1}


def test_lone_wolf_one_long_sword_back(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 135A: a successful raid or pillage with exactly 1 long sword gives it back
    s = _raid(monkeypatch, "135A", 7, 1, True)
    assert s["seats"][0]["weapons"]["long_sword"] == 1 and s["weapon_discard"] == []
    s = _raid(monkeypatch, "135A", 6, 2, True)
    assert s["seats"][0]["weapons"]["long_sword"] == 0
    assert _raid(monkeypatch, "135A", 2, 1, False)["seats"][0]["weapons"]["long_sword"] == 1 + 1


def test_blubber_cook_after_a_successful_whaling(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 140A: each successful Whaling gives 1 more oil
    rolls(monkeypatch, 1)
    s = ships(lay(table(), "140A"), whaling_boat=1)
    s = occupy(s, "c3_whaling")
    s = act(s, 0, {"type": "roll"})  # 1 - 1 ore = 0: success at once (F-588)
    assert goods(s) == {"oil": 2, "skin_and_bones": 1, "whale_meat": 1}


def test_steersman_knarr_for_a_longship() -> None:
    # occupation 147A, F-646, F-653: actions needing a longship may be taken with a knarr
    s = ships(table(), knarr=1)
    assert {"type": "occupy", "space": "c1_raiding"} not in moves.legal(s, 0)
    s = lay(s, "147A")
    assert {"type": "occupy", "space": "c1_raiding"} in moves.legal(s, 0)
    s = occupy(s, "c2_pillaging")
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["mod"] == 0  # no longship ore to add


def test_merchant_one_more_level_after_upgrading() -> None:
    # occupation 152A: after an upgrade-3/4 action, one good upgraded in it climbs one more level
    s = lay(table(peas=1, flax=1), "152A")
    s = occupy(s, "c2_upgrade_3")
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    s = act(s, 0, {"type": "finish"})
    assert asked(s, "152A") == [{"upgrade": [["mead", "oil"]]}]  # not the flax: not upgraded
    s = pick(s, {"upgrade": [["mead", "oil"]]})
    assert goods(s) == {"oil": 1, "flax": 1}


def test_barbarian_per_game_or_whale_meat_served() -> None:
    # occupation 158A: in phase 9, each game or whale meat served gives 3 weapons and 1 silver
    s = to_feast(lay(table(game_meat=2), "158A"))
    s = act(s, 0, {"type": "serve", "item": "game_meat", "lay": "v"})
    assert weapons(s) == 3 + 3 and s["seats"][0]["silver"] == 1 and s["prompt"]["kind"] == "feast"
    s = act(s, 0, {"type": "serve", "item": "silver"})
    assert weapons(s) == 6  # silver served: nothing
    s = act(s, 0, {"type": "serve", "item": "game_meat", "lay": "v"})
    assert weapons(s) == 9 and s["seats"][0]["silver"] == 1


def test_armed_fighter_before_placing_in_column_four() -> None:
    # occupation 164A: before placing 4 Vikings, 1 stone or ore from a strip, before the column-4 card
    s = lay(table(silver=3), "164A")
    s["seats"][0]["hand"] = ["43A"]
    s["mountains"] = [{"id": 1, "slots": ["stone", "wood"]}, {"id": 2, "slots": ["wood", "ore"]}]
    s = act(s, 0, {"type": "occupy", "space": "c4_livestock_sheep_and_cattle"})
    assert asked(s, "164A") == [{"take": [1, 1]}]
    s = pick(s, {"take": [1, 1]})
    assert s["seats"][0]["stone"] == 1 and s["prompt"]["kind"] == "bonus_play"
    s = occupy(lay(table(silver=3), "164A"), "c3_weekly_market")
    assert s["prompt"]["kind"] == "turn"  # column 3: nothing


def test_pea_flour_baker_two_peas_horizontally() -> None:
    # occupation 186A, F-273: up to 2 peas horizontally in a feast
    s = to_feast(table(peas=3))
    s = act(s, 0, {"type": "serve", "item": "peas", "lay": "h"})
    assert refused(s, {"type": "serve", "item": "peas", "lay": "h"}) == "F-273"
    s = to_feast(lay(table(peas=3), "186A"))
    s = act(s, 0, {"type": "serve", "item": "peas", "lay": "h"})
    s = act(s, 0, {"type": "serve", "item": "mead", "lay": "v"}) if goods(s).get("mead") else s
    s = act(s, 0, {"type": "leave"})
    s = act(s, 0, {"type": "serve", "item": "peas", "lay": "h"})
    assert refused(s, {"type": "serve", "item": "peas", "lay": "h"}) == "F-273"
    assert give is not None and KINDS
