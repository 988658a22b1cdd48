"""Deck C, repeating (red) cards, rule changes and one-time conditional (green) cards: each
fires exactly when its card says — not before, not after, and once per trigger (F-650…F-657)."""

from __future__ import annotations

import pytest

from server.games.feast import moves
from server.games.feast.areas import KINDS
from server.games.feast.supply import add_building
from tests.games.feast.occupations.helpers import asked, goods, lay, occupy, pick, play, rolls, ships, table, to_feast
from tests.games.feast.situations import act, give, on_turn, refused, skip_feast


def test_patron_one_silver_off_spaces_costing_two() -> None:
    # occupation 2C: 1 silver off each action space costing at least 2 silver, not below 2 - 1
    s = occupy(lay(table(silver=2), "2C"), "c2_livestock_cattle")  # 3 silver for cattle and milk
    assert goods(s) == {"cattle": 1, "milk": 1} and s["seats"][0]["silver"] == 0
    s = occupy(lay(table(silver=1), "2C"), "c1_livestock_salt_meat")  # 2 -> 1
    assert goods(s) == {"salt_meat": 2} and s["seats"][0]["silver"] == 0
    s = occupy(lay(table(silver=1), "2C"), "c1_livestock_stockfish")  # costs 1: no discount
    assert s["seats"][0]["silver"] == 0
    s = occupy(lay(table(silver=1), "2C"), "c3_livestock_sheep_or_cattle")
    assert s["prompt"]["options"][1]["cost"] == {"silver": 1}  # the 1-silver cattle stays at 1
    s = ships(lay(table(silver=1), "2C"), knarr=1)
    s["round"] = 2
    assert occupy(s, "c2_emigrate")["seats"][0]["silver"] == 0  # emigration in round 2: 1 silver
    assert refused(table(silver=2), {"type": "occupy", "space": "c2_livestock_cattle"}) == "F-243"


def test_patron_on_buying_special_tiles() -> None:
    # occupation 2C: the purchase of special tiles costs 1 silver less once it totals 2 or more
    s = ships(lay(table(silver=2), "2C"), knarr=1)
    s = occupy(s, "c3_buy_special_tiles")
    s = act(s, 0, {"type": "buy", "tile": "helmet"})  # 1 silver: not yet
    s = act(s, 0, {"type": "buy", "tile": "belt"})  # helmet + belt: 3 - 1 = 2 in all
    assert s["seats"][0]["silver"] == 0 and goods(s) == {"helmet": 1, "belt": 1}
    s = ships(table(silver=1), knarr=1)
    assert {"type": "occupy", "space": "c3_buy_special_tiles"} in moves.legal(s, 0)
    s = occupy(s, "c3_buy_special_tiles")
    assert {"type": "buy", "tile": "belt"} not in moves.legal(s, 0)  # without Patron: 2 silver


def test_cottager_a_hide_per_house_built() -> None:
    # occupation 15C, F-650: each stone or long house built afterwards gives 1 hide
    s = occupy(lay(table(stone=1), "15C"), "c2_build_stone_house")
    assert goods(s) == {"hide": 1}
    s = occupy(lay(table(wood=2), "15C"), "c1_build_shed")
    assert goods(s) == {}
    s = lay(table(stone=1), "15C")
    s["buildings"]["stone_house"] = 0  # none left: nothing built, no hide
    assert refused(s, {"type": "occupy", "space": "c2_build_stone_house"}) == "F-243"


def test_clerk_before_overseas_trading_once_per_knarr() -> None:
    # occupation 88C, F-651: before each sea trade, per knarr, 1 silver: a good for the one up-left
    s = ships(lay(table(silver=3, cattle=1, sheep=1), "88C"), knarr=2)
    s = occupy(s, "c1_sea_trade")
    assert asked(s, "88C") == [
        {"give": {"silver": 1}, "upgrade": [["cattle", "robe"]]},
        {"give": {"silver": 1}, "upgrade": [["sheep", "skin_and_bones"]]},
    ]
    s = pick(s, {"give": {"silver": 1}, "upgrade": [["cattle", "robe"]]})
    s = pick(s, {"give": {"silver": 1}, "upgrade": [["sheep", "skin_and_bones"]]})
    assert s["prompt"]["kind"] == "sea_trade" and s["seats"][0]["silver"] == 0  # two knarrs: two, then the trade
    s = act(s, 0, {"type": "flip", "good": "robe"})
    assert goods(s) == {"treasure_chest": 1, "skin_and_bones": 1}


def _raid_prompt(monkeypatch: pytest.MonkeyPatch, card: str, space: str = "c1_raiding", ore: int = 2):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 4)
    s = ships(lay(table(), card), longship=1)
    s["seats"][0]["ships"][0]["ore"] = ore
    return occupy(s, space)


def test_sword_fighter_ore_for_two_on_each_raid_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 90C, F-651: before Raiding, 1 ore from the longship for +2 on every roll
    s = _raid_prompt(monkeypatch, "90C")
    s = pick(s, {"fn": "sword_fighter", "ship": 0})
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["mod"] == 2
    assert s["seats"][0]["ships"][0]["ore"] == 1
    s = act(s, 0, {"type": "roll"})
    s = act(s, 0, {"type": "roll"})
    assert s["prompt"]["roll"] + s["prompt"]["mod"] == 6  # on each roll
    s = _raid_prompt(monkeypatch, "90C", "c2_pillaging")
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["mod"] == 2  # pillaging: not asked; ore adds as usual
    s = _raid_prompt(monkeypatch, "90C", ore=0)
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["mod"] == 0


def _no_harvest_round(s):  # type: ignore[no-untyped-def]
    """Rounds 1 and 2 played out: the state after phase 2 of round 3 (no harvest)."""
    s = skip_feast(to_feast(s))
    while s["prompt"]["kind"] == "card":
        s = act(s, s["prompt"]["seat"], {"type": "decline"})
    assert s["round"] == 2
    return skip_feast(to_feast(s))


def test_sympathetic_soul_in_rounds_without_harvest() -> None:
    # occupation 92C, F-631: in phase 2 without harvest, 3 / 4 / 5 special tiles give 1 / 2 / 3 silver
    s = lay(table(glass_beads=1, helmet=1, belt=1, crucifix=1), "92C")
    s = skip_feast(to_feast(s))
    assert s["round"] == 2 and s["seats"][0]["silver"] == 0  # round 2 has a harvest: nothing
    s = skip_feast(to_feast(s))
    assert s["round"] == 3 and s["seats"][0]["silver"] == 2
    s = _no_harvest_round(lay(table(glass_beads=1, helmet=1), "92C"))
    assert s["seats"][0]["silver"] == 0


def _extra(card: str, build, until):  # type: ignore[no-untyped-def]
    """The goods the card added by the time `until` is reached: with and without it, same game."""
    with_card, without = goods(until(build(lay(table(), card)))), goods(until(build(table())))
    diff = {g: with_card.get(g, 0) - without.get(g, 0) for g in set(with_card) | set(without)}
    return {g: n for g, n in diff.items() if n}


def test_helper_in_time_of_need_by_whaling_boats() -> None:
    # occupation 93C, F-631, WE-11: without harvest, exactly 1 / 2 / 3 whaling boats: beans / grain / cabbage
    def first_two(s):  # type: ignore[no-untyped-def]
        return skip_feast(to_feast(skip_feast(to_feast(s))))

    for boats, good in ((0, None), (1, "beans"), (2, "grain"), (3, "cabbage")):
        extra = _extra("93C", lambda s, b=boats: ships(s, whaling_boat=b), first_two)
        assert extra == ({good: 1} if good else {}), boats
    after_round_one = _extra("93C", lambda s: ships(s, whaling_boat=2), lambda s: skip_feast(to_feast(s)))
    assert after_round_one == {}  # round 2 has a harvest: nothing


def test_forest_blacksmith_before_exchanging_ore() -> None:
    # occupation 103C, F-651: right before exchanging ore for a chest, 1 resource from a strip;
    # the exchange is then made with ore, not wood
    s = lay(table(ore=1, wood=1), "103C")
    s["mountains"] = [{"id": 1, "slots": ["stone", "ore"]}]
    s = occupy(s, "c2_craft_chest")
    assert asked(s, "103C") == [{"fn": "forest_blacksmith", "take": [1, 1]}]
    s = pick(s, {"fn": "forest_blacksmith", "take": [1, 1]})
    p = s["seats"][0]
    assert (p["stone"], p["ore"], p["wood"]) == (1, 0, 1) and goods(s) == {"chest": 1}
    s = lay(table(wood=1), "103C")  # no ore: only an ore from the strip may be taken, then used
    s["mountains"] = [{"id": 1, "slots": ["stone"]}, {"id": 2, "slots": ["ore", "wood"]}]
    s = occupy(s, "c2_craft_chest")
    assert asked(s, "103C") == [{"fn": "forest_blacksmith", "take": [2, 1]}]
    s = act(s, 0, {"type": "decline"})
    assert s["seats"][0]["wood"] == 0 and goods(s) == {"chest": 1}  # declined: wood as usual
    s = lay(table(wood=1, stone=1), "103C")
    s = occupy(s, "c1_craft_rune_stone")
    assert s["prompt"]["kind"] == "turn"  # not an ore exchange


def test_birka_settler_emigrates_after_the_column_2_trade() -> None:
    # occupation 110C, F-651: after the column-2 sea trade, an Emigration action (paying its cost)
    s = ships(lay(table(silver=2), "110C"), knarr=1)
    s = occupy(s, "c2_sea_trade")
    s = act(s, 0, {"type": "finish"})  # nothing flipped (allowed, A-B-20)
    s = pick(s, {"fn": "birka_settler"})
    p = s["seats"][0]
    assert p["emigrated"] == ["knarr"] and p["ships"] == [] and p["silver"] == 0  # 1 + round 1
    s = ships(lay(table(silver=2), "110C"), knarr=1)
    s = act(occupy(s, "c1_sea_trade"), 0, {"type": "finish"})
    assert s["prompt"]["kind"] == "turn" and s["seats"][0]["emigrated"] == []  # column 1: nothing


def test_artist_silver_per_resource_type_exchanged() -> None:
    # occupation 111C: after a crafting space, 1 silver per type of building resource exchanged
    s = occupy(lay(table(stone=2, wood=2), "111C"), "c3_craft_chests_runes")
    assert s["seats"][0]["silver"] == 2
    s = occupy(lay(table(stone=1), "111C"), "c1_craft_rune_stone")
    assert s["seats"][0]["silver"] == 1 + 1
    s = occupy(lay(table(flax=1), "111C"), "c1_craft_linen")
    assert s["seats"][0]["silver"] == 0
    s = occupy(lay(table(wood=2), "111C"), "c1_build_shed")  # building is not crafting
    assert s["seats"][0]["silver"] == 0


def test_silk_stitcher_after_crafting() -> None:
    # occupation 114C, F-651: after each crafting space, 3 silver for 1 silk (once)
    s = occupy(lay(table(flax=1, silver=6), "114C"), "c1_craft_linen")
    assert asked(s, "114C") == [{"give": {"silver": 3}, "get": {"silk": 1}}]
    s = pick(s, {"give": {"silver": 3}, "get": {"silk": 1}})
    assert goods(s) == {"linen": 1, "silk": 1} and s["prompt"]["kind"] == "turn"
    assert occupy(lay(table(silver=6), "114C"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_oil_seller_after_upgrade_one_spaces() -> None:
    # occupation 123C, F-651: after a "resources + upgrade 1 good" space, 1 oil for 1 silverware
    s = lay(table(mead=1), "123C")
    s["mountains"] = [{"id": 1, "slots": ["wood", "wood"]}]
    s = occupy(s, "c1_mountain_1_upgrade_1")
    s = act(s, 0, {"type": "upgrade", "good": "mead", "to": "oil"})
    s = act(s, 0, {"type": "take", "strip": 1, "n": 1, "part": 1})
    s = pick(s, {"give": {"oil": 1}, "get": {"silverware": 1}})  # the oil just made
    assert goods(s) == {"silverware": 1}
    s = lay(table(oil=1, peas=1), "123C")
    s = occupy(s, "c1_upgrade_2")  # upgrades 2 goods: not an "upgrade 1 good" space
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    s = act(s, 0, {"type": "finish"})
    assert s["prompt"]["kind"] == "turn" and goods(s) == {"oil": 1, "mead": 1}


def _snare(monkeypatch: pytest.MonkeyPatch, success: bool, snares: int = 2):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1 if success else 5)
    s = lay(table(wood=1, snare=snares - 1), "130C")
    s = occupy(s, "c2_laying_snare")
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 1} if success else {"type": "fail"})


def test_snare_specialist_a_viking_back_for_two_snares(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 130C, F-651: after a successful snare, discard 2 snares to get 1 Viking back
    s = _snare(monkeypatch, True)  # 2 snares + 1 won
    assert asked(s, "130C") == [{"fn": "snare_specialist", "give": {"snare": 2}, "space": "c2_laying_snare"}]
    s = pick(s, asked(s, "130C")[0])
    p = s["seats"][0]
    assert p["weapons"]["snare"] == 1 and p["thing"] == 5 and s["spaces"]["c2_laying_snare"]["n"] == 1
    assert s["weapon_discard"].count("snare") == 2
    assert _snare(monkeypatch, False)["prompt"]["kind"] == "turn"  # failure: nothing


def _pillage_loot(monkeypatch: pytest.MonkeyPatch, card: str, specials: list[str]) -> list[str]:
    """Pillaging with a result of 4 + 3 ore + 5 stones = 12: the tiles within reach."""
    s = _raid_prompt(monkeypatch, card, "c2_pillaging", ore=3)
    s["specials"] = specials
    s = act(s, 0, {"type": "roll"})
    s["seats"][0]["stone"] += 5
    for _ in range(5):
        s = act(s, 0, {"type": "offer", "res": "stone"})
    return [m["tile"] for m in moves.legal(s, 0) if m["type"] == "loot"]


def test_loot_hunter_top_special_tile_cheaper(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 139C: raiding and pillaging, the special tile(s) of highest sword value still
    # on the board cost 1 less sword value
    loot = _pillage_loot(monkeypatch, "139C", ["round_shield", "throwing_axe", "glass_beads"])
    assert "round_shield" in loot  # 13 - 1 = 12
    assert "round_shield" not in _pillage_loot(monkeypatch, "90C", ["round_shield", "glass_beads"])
    loot = _pillage_loot(monkeypatch, "139C", ["english_crown", "round_shield"])
    assert "round_shield" not in loot and "english_crown" not in loot  # only the highest (16 -> 15)


def test_sledger_minus_one_on_hunting_and_snares(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 146C, F-653: each roll on Hunting Game or Laying a Snare counts 1 lower
    rolls(monkeypatch, 1)
    s = occupy(lay(table(), "146C"), "c1_hunting_game")
    assert s["prompt"]["mod"] == -1
    s = act(s, 0, {"type": "roll"})  # 1 - 1 = 0: success at once (F-588)
    assert goods(s) == {"hide": 1, "game_meat": 1}
    s = occupy(lay(table(), "146C"), "c2_laying_snare")
    assert s["prompt"]["mod"] == -1
    s = ships(lay(table(), "146C"), whaling_boat=1)
    assert occupy(s, "c3_whaling")["prompt"]["mod"] == -1  # whaling: only the boat's ore


def test_spice_merchant_after_building_a_knarr() -> None:
    # occupation 148C, F-651: after building a knarr paying wood, 3 silver for 1 spices
    s = occupy(lay(table(wood=2, silver=3), "148C"), "c2_build_knarr")
    s = pick(s, {"give": {"silver": 3}, "get": {"spices": 1}})
    assert goods(s) == {"spices": 1} and s["seats"][0]["ships"] == [{"type": "knarr", "ore": 0}]
    s = occupy(lay(table(wood=1, silver=3), "148C"), "c1_build_whaling_boat")
    assert s["prompt"]["kind"] == "turn"
    s = occupy(lay(table(wood=2, stone=2, silver=3), "148C"), "c4_build_house_and_ship")
    assert [o["gain"] for o in s["prompt"]["options"]][1] == {"building": "long_house", "ship": "knarr"}
    s = act(s, 0, {"type": "option", "pick": 0})  # stone house and longship: no knarr
    assert s["prompt"]["kind"] == "turn"


def _serve(s, seat: int, item: str):  # type: ignore[no-untyped-def]
    return act(s, seat, {"type": "serve", "item": item, "lay": "v"})


def test_skinner_skin_and_bones_per_animal_served() -> None:
    # occupation 157C, F-278: in the feast, 1 skin and bones per sheep or cattle served
    s = to_feast(lay(table(sheep=1, cattle=1, peas=1), "157C"))
    s = _serve(s, 0, "sheep")
    assert goods(s) == {"cattle": 1, "peas": 1, "skin_and_bones": 1}
    s = _serve(s, 0, "peas")
    s = _serve(s, 0, "cattle")
    assert goods(s) == {"skin_and_bones": 2}
    s = to_feast(lay(table(peas=1), "157C"))
    assert goods(_serve(s, 0, "peas")) == {}


def test_flax_farmer_seven_vikings_on_column_2() -> None:
    # occupation 162C: in the bonus phase, at least 7 Vikings on column-2 spaces give 1 flax
    def spaces(n):  # type: ignore[no-untyped-def]
        def put(s):  # type: ignore[no-untyped-def]
            for sid in ("c2_products_mead", "c2_weekly_market", "c2_upgrade_3", "c2_explore")[: (n + 1) // 2]:
                s["spaces"][sid] = {"seat": 0, "n": 2, "round": 1}
            if n % 2:
                s["spaces"]["c2_explore"] = {"seat": 0, "n": 1, "round": 1}
            return s

        return put

    def round_one(s):  # type: ignore[no-untyped-def]
        return skip_feast(to_feast(s))

    assert _extra("162C", spaces(7), round_one) == {"flax": 1}
    assert _extra("162C", spaces(6), round_one) == {}


def test_earl_of_lade_three_on_the_thing_square(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 168C: each time the Vikings on the Thing square become exactly 3, 1 silver
    s = play(table(), "168C")  # 6 -> 4 on the play-occupations space
    assert s["seats"][0]["silver"] == 0
    s = occupy(s, "c1_fishing")  # 4 -> 3
    assert s["seats"][0]["silver"] == 1
    s = occupy(s, "c1_weekly_market")  # 3 -> 2
    assert s["seats"][0]["silver"] == 1 + 1  # the market's silver only
    rolls(monkeypatch, 8)
    s = play(table(wood=1), "168C")
    s = occupy(s, "c2_laying_snare")  # 4 -> 2
    s = act(act(s, 0, {"type": "roll"}), 0, {"type": "fail"})  # 1 Viking back: 2 -> 3
    assert s["seats"][0]["silver"] == 1 and s["seats"][0]["thing"] == 3
    s = occupy(s, "c1_fishing")
    assert s["seats"][0]["silver"] == 1  # 3 -> 2: nothing


def test_sower_more_flax_or_grain_in_a_harvest() -> None:
    # occupation 169C, F-653: at the start of a harvest, flax held: 1 more flax; or grain held: 1 more grain
    def until_round_two_harvest(s):  # type: ignore[no-untyped-def]
        return skip_feast(to_feast(s))

    assert _extra("169C", lambda s: s, until_round_two_harvest) == {}  # nothing held
    assert _extra("169C", lambda s: s, lambda s: s) == {}  # not before the phase
    s = skip_feast(to_feast(lay(table(flax=1, grain=1), "169C")))
    assert s["round"] == 2 and asked(s, "169C") == [{"get": {"flax": 1}}, {"get": {"grain": 1}}]
    assert refused(s, {"type": "decline"}) == "F-640"
    s = pick(s, {"get": {"grain": 1}})
    harvested = goods(skip_feast(to_feast(table(flax=1, grain=1))))
    assert goods(s)["grain"] == harvested["grain"] + 1 and goods(s)["flax"] == harvested["flax"]


def test_fish_cook_stockfish_into_the_houses() -> None:
    # occupation 172C, F-278: after the feast, the stockfish served may go into your houses
    s = lay(table(stockfish=2, silver=1), "172C")
    add_building(s, s["seats"][0], "stone_house")
    s = to_feast(s)
    s = _serve(s, 0, "stockfish")
    s = act(s, 0, {"type": "serve", "item": "silver"})
    s = _serve(s, 0, "stockfish")
    s = skip_feast(s)
    options = asked(s, "172C")
    assert all(o["fn"] == "fish_cook" and o["area"] == 1 for o in options) and s["phase"] == 9
    s = pick(s, options[0])
    s = pick(s, asked(s, "172C")[0])  # the second one
    house = s["seats"][0]["areas"][1]
    assert [piece[0] for piece in house["pieces"]] == ["stockfish", "stockfish"] and "stockfish" not in goods(s)
    assert KINDS[house["kind"]].house and s["prompt"]["kind"] != "card"
    s = skip_feast(to_feast(lay(table(), "172C")))
    assert s["round"] == 2  # nothing served: nothing asked


def test_beach_raider_once_with_three_longships() -> None:
    # occupation 180C, F-655, F-656: as soon as 3 longships are owned, once: 4 / 3 / 2 silverware
    # for a round income of at most 5 / 11 / 30 (the home board alone pays 0)
    s = play(ships(table(silver=8), longship=2), "180C")
    assert goods(s) == {}  # 2 longships: not yet
    s = act(on_turn(s, 0), 0, {"type": "buy_ship", "ship": "longship"})
    assert goods(s) == {"silverware": 4} and s["seats"][0]["card_state"]["180C"] == "fired"
    s["seats"][0]["ships"].pop()
    s = give(s, 0, silver=8)
    s = act(s, 0, {"type": "buy_ship", "ship": "longship"})
    assert goods(s) == {"silverware": 4}  # only once
    assert goods(play(ships(table(), longship=3), "180C")) == {"silverware": 4}  # at play (F-656)


def test_sail_patcher_once_with_three_large_ships() -> None:
    # occupation 181C, F-656, WE-11: 3 large ships at play: 3 / 2 / 1 wool for income up to 4 / 9 / 30, at once
    s = ships(table(), knarr=2, longship=1)
    s["seats"][0]["areas"][0]["cover"] = [0] * len(s["seats"][0]["areas"][0]["cover"])
    assert goods(play(s, "181C")) == {"wool": 3}
    assert goods(play(ships(table(), knarr=2, whaling_boat=3), "181C")) == {}


def test_mineworker_a_silver_per_silver_pair_mined() -> None:
    # occupation 188C, F-650: each "2 silver" taken from a mountain strip gives 1 more silver
    s = lay(table(), "188C")
    s["mountains"] = [{"id": 1, "slots": ["wood", "silver2"]}, {"id": 2, "slots": ["silver2"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    assert s["seats"][0]["silver"] == 2 + 1 and s["seats"][0]["wood"] == 1
    s = lay(table(), "188C")
    s["mountains"] = [{"id": 1, "slots": ["wood", "stone"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    assert s["seats"][0]["silver"] == 0


def test_mineworker_also_when_a_card_takes_the_pair() -> None:
    # occupation 188C, F-650: a silver pair taken through another card (103C) counts too
    s = lay(table(ore=1), "188C", "103C")
    s["mountains"] = [{"id": 1, "slots": ["silver2"]}]
    s = occupy(s, "c2_craft_chest")
    s = pick(s, {"fn": "forest_blacksmith", "take": [1, 1]})
    assert s["seats"][0]["silver"] == 2 + 1 + 1 and goods(s) == {"chest": 1}  # pair, card, chest space


def test_cottager_once_per_house_and_not_at_play() -> None:
    # occupation 15C, F-658: the play part gives no hide; each later house gives one more
    s = play(table(stone=3), "15C")
    assert goods(s) == {}
    s = occupy(s, "c2_build_stone_house")
    assert goods(s) == {"hide": 1}
    s["seats"][0]["thing"] = 3
    s = occupy(s, "c3_build_long_house")
    assert goods(s) == {"hide": 2}
