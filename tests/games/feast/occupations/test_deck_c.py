"""Deck C, one-time (yellow) and anytime (blue) cards: each card's exact effect (F-640…F-646).

Every test names its card (`# occupation 14C`); test_coverage.py checks that every card of
an implemented deck has one. The readings follow the official English appendix."""

from __future__ import annotations

import pytest

from server.games.feast import moves
from server.games.feast.supply import add_building
from tests.games.feast.occupations.helpers import asked, goods, lay, pick, play, rolls, ships, table, weapons
from tests.games.feast.situations import act, give, on_turn, refused


def _use(s, card: str, seat: int = 0):  # type: ignore[no-untyped-def]
    """The anytime options of `card` offered to `seat` now."""
    return [m for m in moves.legal(s, seat) if m.get("type") == "use_card" and m["card"] == card]


def test_ship_owner_one_or_two_sets_of_ships() -> None:
    # occupation 14C, F-631: 1 / 2 of each ship type give 1 / 2 whale meat, only the matching tier
    assert goods(play(ships(table(), whaling_boat=1, knarr=1), "14C")) == {}
    assert goods(play(ships(table(), whaling_boat=1, knarr=1, longship=1), "14C")) == {"whale_meat": 1}
    assert goods(play(ships(table(), whaling_boat=2, knarr=3, longship=2), "14C")) == {"whale_meat": 2}
    assert goods(play(ships(table(), whaling_boat=3, knarr=1, longship=3), "14C")) == {"whale_meat": 1}


def test_cottager_mead_per_house_now() -> None:
    # occupation 15C, F-658: now 2 mead per stone and long house (sheds do not count)
    s = table()
    for b in ("stone_house", "long_house", "shed"):
        add_building(s, s["seats"][0], b)
    assert goods(play(s, "15C")) == {"mead": 4}
    assert goods(play(table(), "15C")) == {}


def test_captain_ore_on_longships_and_whaling_boats() -> None:
    # occupation 16C, F-631: 4/5/6/7 ore on longships and whaling boats give 2/3/4/5 silver;
    # the printed ore of the whaling boats does not count
    for ore, silver in ((3, 0), (4, 2), (5, 3), (6, 4), (7, 5)):
        s = ships(table(), longship=3, whaling_boat=1)
        for i in range(ore):
            s["seats"][0]["ships"][i % 4]["ore"] += 1
        assert play(s, "16C")["seats"][0]["silver"] == silver, ore


def test_fighter_longships_with_two_or_more_ore() -> None:
    # occupation 18C, F-631: 1 / 2 / 3 longships holding 2-3 ore give silk / jewelry / silver hoard
    for loaded, good in ((0, None), (1, "silk"), (2, "jewelry"), (3, "silver_hoard")):
        s = ships(table(), longship=4)
        for i in range(loaded):
            s["seats"][0]["ships"][i]["ore"] = 2 + i % 2
        s["seats"][0]["ships"][3]["ore"] = 1  # one ore is not enough
        assert goods(play(s, "18C")) == ({good: 1} if good else {}), loaded


def test_host_special_tiles_in_supply_and_on_boards() -> None:
    # occupation 19C, F-631: exactly 3 / exactly 4 / at least 5 special tiles give silk / spices / jewelry
    s = table(glass_beads=1, helmet=1)
    s["seats"][0]["areas"][0]["pieces"].append(["belt", 0, 0, 0])
    assert goods(play(s, "19C"))["silk"] == 1
    assert goods(play(table(glass_beads=1, helmet=1, belt=1, crucifix=1), "19C"))["spices"] == 1
    five = play(table(glass_beads=1, helmet=1, belt=1, crucifix=1, chalice=1), "19C")
    assert goods(five)["jewelry"] == 1 and "silk" not in goods(five)
    assert goods(play(table(glass_beads=1, helmet=1), "19C")) == {"glass_beads": 1, "helmet": 1}


def test_storeman_a_fourth_tile() -> None:
    # occupation 31C, F-641: a fourth tile of a good held exactly 3 times; animals excluded
    s = play(table(peas=3, silk=3, sheep=3, flax=2, beans=4), "31C")
    assert asked(s, "31C") == [{"get": {"peas": 1}}, {"get": {"silk": 1}}]
    assert s["prompt"]["optional"] is False
    assert refused(s, {"type": "decline"}) == "F-640"
    s = pick(s, {"get": {"silk": 1}})
    assert goods(s)["silk"] == 4 and goods(s)["peas"] == 3
    assert goods(play(table(peas=3), "31C"))["peas"] == 4  # one choice: given at once
    assert goods(play(table(cattle=3), "31C")) == {"cattle": 3}


def test_modifier_ore_back_from_ships() -> None:
    # occupation 39C, F-646: any time, ore from whaling boats and longships back into the supply
    s = ships(table(), longship=1, whaling_boat=1)
    s["seats"][0]["ships"][0]["ore"] = 2
    assert _use(s, "39C") == []  # not played
    s = lay(s, "39C")
    assert _use(s, "39C") == [{"type": "use_card", "card": "39C", "fn": "modifier", "ship": 0}]
    s = act(s, 0, _use(s, "39C")[0])
    s = act(s, 0, _use(s, "39C")[0])
    assert s["seats"][0]["ore"] == 2 and s["seats"][0]["ships"][0]["ore"] == 0
    assert _use(s, "39C") == []  # the printed ore of the whaling boat stays


def test_pirate_treasure_chest_any_time() -> None:
    # occupation 45C, F-645: any time and any number of times, 1 wood + 6 silver -> 1 treasure chest
    s = lay(table(wood=2, silver=12), "45C")
    move = {"type": "use_card", "card": "45C", "give": {"wood": 1, "silver": 6}, "get": {"treasure_chest": 1}}
    s = act(act(s, 0, move), 0, move)
    assert goods(s) == {"treasure_chest": 2} and s["seats"][0]["silver"] == 0
    assert refused(s, move) == "F-645"


def test_plower_an_extra_harvest() -> None:
    # occupation 49C, F-645: 1 cattle (pregnant or not) for peas, flax, beans, grain and cabbage
    s = lay(table(pregnant_cattle=1), "49C")
    (move,) = _use(s, "49C")
    s = act(s, 0, move)
    assert goods(s) == {g: 1 for g in ("peas", "flax", "beans", "grain", "cabbage")}
    assert s["prompt"] == {"kind": "turn", "seat": 0} and _use(s, "49C") == []


def test_plower_counts_as_a_harvest_phase_for_cards() -> None:
    # occupation 49C with Sower 169C and Flax Baker 171A: their harvest triggers fire
    s = lay(table(cattle=1, flax=1, grain=1), "49C", "169C", "171A")
    s = act(s, 0, _use(s, "49C")[0])
    assert asked(s, "169C") == [{"get": {"flax": 1}}, {"get": {"grain": 1}}]  # held before the harvest
    assert "peas" not in goods(s)  # Sower first (start of the phase), then the harvest
    s = act(s, 0, {"type": "choose", "pick": 0})
    assert asked(s, "171A") == [{"give": {"flax": 1}, "get": {"grain": 1, "silver": 1}}]
    s = act(s, 0, {"type": "decline"})
    assert goods(s)["flax"] == 3 and goods(s)["grain"] == 2 and s["prompt"] == {"kind": "turn", "seat": 0}


def test_treasurer_chest_to_treasure_chest() -> None:
    # occupation 55C, F-645: any time, 1 chest + 3 silver -> 1 treasure chest
    s = lay(table(chest=1, silver=3), "55C")
    s = act(s, 0, {"type": "use_card", "card": "55C", "give": {"chest": 1, "silver": 3}, "get": {"treasure_chest": 1}})
    assert goods(s) == {"treasure_chest": 1} and s["seats"][0]["silver"] == 0 and _use(s, "55C") == []


def test_inspector_vikings_back_from_a_space() -> None:
    # occupation 60C, F-640: 1 Viking back to the Thing square, or 2 for silver equal to the round
    s = table(silver=1)
    s["spaces"]["c1_fishing"] = {"seat": 0, "n": 1, "round": 1}
    s = play(s, "60C")  # 2 Vikings on the play-occupations space
    assert asked(s, "60C") == [
        {"fn": "inspector", "space": "c1_fishing", "n": 1},
        {"fn": "inspector", "space": "c2_play_occupations", "n": 1},
        {"fn": "inspector", "space": "c2_play_occupations", "n": 2, "give": {"silver": 1}},
    ]
    s = pick(s, {"fn": "inspector", "space": "c1_fishing", "n": 1})
    p = s["seats"][0]
    assert p["thing"] == 6 - 2 + 1 and "c1_fishing" not in s["spaces"]  # free to be used again
    assert {"type": "occupy", "space": "c1_fishing"} in moves.legal(on_turn(s, 0), 0)
    s = play(table(silver=1), "60C")
    s = pick(s, {"fn": "inspector", "space": "c2_play_occupations", "n": 2, "give": {"silver": 1}})
    assert s["seats"][0]["thing"] == 6 and s["seats"][0]["silver"] == 0


def test_wharf_owner_sells_a_longship() -> None:
    # occupation 61C, F-640: 1 longship (its ore is lost) for 8 silver, once
    s = ships(table(), longship=2)
    s["seats"][0]["ships"][0]["ore"] = 2
    s = play(s, "61C")
    s = pick(s, {"give": {"longship": 1}, "get": {"silver": 8}})
    assert s["seats"][0]["silver"] == 8 and s["seats"][0]["ships"] == [{"type": "longship", "ore": 2}]
    assert play(table(), "61C")["prompt"]["kind"] == "turn"  # no longship: nothing asked


def test_hornturner_sheep_and_or_drinking_horn() -> None:
    # occupation 63C, F-643: 1 sheep for salt meat, wool and hide, and/or the Drinking Horn for 3 silver
    meat = {"salt_meat": 1, "wool": 1, "hide": 1}
    s = play(table(pregnant_sheep=1, silver=3), "63C")
    assert asked(s, "63C") == [
        {"give": {"pregnant_sheep": 1}, "get": meat},
        {"give": {"silver": 3}, "get": {"drinking_horn": 1}},
        {"give": {"pregnant_sheep": 1, "silver": 3}, "get": {**meat, "drinking_horn": 1}},
    ]
    s = pick(s, asked(s, "63C")[2])
    assert goods(s) == {**meat, "drinking_horn": 1} and "drinking_horn" not in s["specials"]
    s = table(sheep=1, silver=3)
    s["specials"].remove("drinking_horn")  # already gone: cannot be bought
    assert asked(play(s, "63C"), "63C") == [{"give": {"sheep": 1}, "get": meat}]


def test_private_chef() -> None:
    # occupation 67C, F-640: 4 silver for 2 silverware, 1 game meat and 1 mead
    s = play(table(silver=5), "67C")
    s = pick(s, {"give": {"silver": 4}, "get": {"silverware": 2, "game_meat": 1, "mead": 1}})
    assert goods(s) == {"silverware": 2, "game_meat": 1, "mead": 1} and s["seats"][0]["silver"] == 1
    assert play(table(silver=3), "67C")["prompt"]["kind"] == "turn"


def test_innkeeper_takes_the_drinking_horn_from_a_board() -> None:
    # occupation 71C, F-641: the Drinking Horn from any board into your supply; 1 chest and
    # 1 rune stone fill its cells (coverage and income unchanged)
    from server.games.feast.areas import income, place, spots

    s = table()
    s["specials"].remove("drinking_horn")
    board = s["seats"][1]["areas"][0]
    turn, row, col = next(spots(board, "drinking_horn"))
    place(board, "drinking_horn", turn, row, col)
    cover, paid = list(board["cover"]), income(board)
    s = play(s, "71C")
    s = pick(s, {"fn": "innkeeper", "from": 1, "area": 0})
    board = s["seats"][1]["areas"][0]
    assert goods(s) == {"drinking_horn": 1}
    assert sorted(p[0] for p in board["pieces"]) == ["chest", "rune_stone"]
    assert board["cover"] == cover and income(board) == paid
    assert play(table(), "71C")["prompt"]["kind"] == "turn"  # no horn on a board: nothing


def test_metalsmith_silverware_crucifix_or_chalice() -> None:
    # occupation 73C, F-631: 0 / 2 / 5 silver for 1 silverware / the Crucifix / the Chalice
    s = play(table(silver=4), "73C")
    assert asked(s, "73C") == [{"get": {"silverware": 1}}, {"give": {"silver": 2}, "get": {"crucifix": 1}}]
    s = pick(s, {"give": {"silver": 2}, "get": {"crucifix": 1}})
    assert goods(s) == {"crucifix": 1} and s["seats"][0]["silver"] == 2
    s = pick(play(table(silver=5), "73C"), {"give": {"silver": 5}, "get": {"chalice": 1}})
    assert goods(s) == {"chalice": 1} and s["seats"][0]["silver"] == 0


def test_bone_collector() -> None:
    # occupation 75C, F-640: 1 silver for 1 skin and bones, once
    s = pick(play(table(silver=2), "75C"), {"give": {"silver": 1}, "get": {"skin_and_bones": 1}})
    assert goods(s) == {"skin_and_bones": 1} and s["seats"][0]["silver"] == 1 and s["prompt"]["kind"] == "turn"


def test_quartermaster_longship_cheaper_by_weapons() -> None:
    # occupation 81C: a longship (8 silver) 1 silver cheaper per long sword, 1/2 per bow and spear
    s = table(silver=6, long_sword=1)  # 1 bow + 1 spear + 1 long sword: 8 - 2 = 6
    s = play(s, "81C")
    s = pick(s, {"give": {"silver": 6}, "get": {"longship": 1}})
    assert s["seats"][0]["silver"] == 0 and [sh["type"] for sh in s["seats"][0]["ships"]] == ["longship"]
    assert weapons(s) == 4  # the weapons are kept
    s = play(table(silver=6, spear=1), "81C")  # 8 - 1.5 = 6.5, rounded down to 6
    assert asked(s, "81C") == [{"give": {"silver": 6}, "get": {"longship": 1}}]
    assert play(table(silver=6), "81C")["prompt"]["kind"] == "turn"  # 8 - 1 = 7: too dear


def test_hornblower_hunting_and_or_snare(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 85C, F-642, F-643: 1 silver for Hunting Game and/or 2 for Laying a Snare, in
    # that order, without Vikings: a failure returns none
    rolls(monkeypatch, 6)
    s = play(table(silver=3, wood=1), "85C")
    assert [o["actions"] for o in asked(s, "85C")] == [["hunting"], ["snare"], ["hunting", "snare"]]
    s = pick(s, {"fn": "hornblower", "give": {"silver": 3}, "actions": ["hunting", "snare"]})
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["space"] == "c1_hunting_game"
    assert s["prompt"]["spot"] is None and s["seats"][0]["silver"] == 0
    s = act(act(s, 0, {"type": "roll"}), 0, {"type": "fail"})
    assert s["prompt"]["kind"] == "dice" and s["prompt"]["space"] == "c2_laying_snare"
    s = act(act(s, 0, {"type": "roll"}), 0, {"type": "fail"})
    p = s["seats"][0]
    assert p["thing"] == 4 and s["spaces"]["c2_play_occupations"]["n"] == 2  # no Viking came back
    assert s["prompt"]["kind"] == "turn"


def test_herb_gardener_once_with_two_houses() -> None:
    # occupation 182C, F-655: once 2 houses are owned, once at any time: 2 / 5 wood for 1 / 2 spices
    s = lay(table(wood=7), "182C")
    add_building(s, s["seats"][0], "stone_house")
    assert _use(s, "182C") == []  # one house: not yet
    add_building(s, s["seats"][0], "long_house")
    options = _use(s, "182C")
    assert [(o["give"], o["get"]) for o in options] == [({"wood": 2}, {"spices": 1}), ({"wood": 5}, {"spices": 2})]
    s = act(s, 0, options[1])
    assert goods(s) == {"spices": 2} and s["seats"][0]["wood"] == 2
    assert _use(s, "182C") == [] and s["seats"][0]["card_state"] == {"182C": "fired"}  # only once


def test_grain_deliveryman_per_knarr() -> None:
    # occupation 183C, F-631: 1 / 2 / 3 / 4 knarrs give the crops of harvest number up to 1 / 2 / 3 / 4
    crops = ["peas", "beans", "flax", "grain", "cabbage", "fruits"]
    for knarrs, n in ((0, 0), (1, 3), (2, 4), (3, 5), (4, 6)):
        assert goods(play(ships(table(), knarr=knarrs), "183C")) == {g: 1 for g in crops[:n]}, knarrs


def test_sponsor_a_longship_with_three_ore() -> None:
    # occupation 184C: with 3 ore, 4 wood or 3 silver for a longship carrying 3 of that ore
    s = play(table(ore=3, wood=4, silver=3), "184C")
    assert asked(s, "184C") == [{"fn": "sponsor", "give": {"wood": 4}}, {"fn": "sponsor", "give": {"silver": 3}}]
    s = pick(s, {"fn": "sponsor", "give": {"silver": 3}})
    p = s["seats"][0]
    assert p["ore"] == 0 and p["silver"] == 0 and p["wood"] == 4 and p["ships"] == [{"type": "longship", "ore": 3}]
    assert play(table(ore=2, silver=3), "184C")["prompt"]["kind"] == "turn"  # fewer than 3 ore: no


def test_mineworker_silver_by_player_count() -> None:
    # occupation 188C, F-641: now 0 / 1 / 2 / 3 silver in a 1 / 2 / 3 / 4-player game
    for players, silver in ((1, 0), (2, 1), (3, 2), (4, 3)):
        assert play(table(players), "188C")["seats"][0]["silver"] == silver, players


def test_deck_c_cards_are_dealt() -> None:
    # F-115, F-600: with decks C the occupation deck holds the 44 deck C cards, all implemented
    from tests.games.feast.situations import fresh

    s = fresh(2, decks="C")
    dealt = s["secret"]["occupations"] + [c for p in s["seats"] for c in p["hand"]]
    regular = [c for c in dealt if c[-1] == "C"]
    assert len(regular) == 44
    mixed = fresh(2, decks="mixed", seed=1)
    assert sum(1 for c in mixed["secret"]["occupations"] if c.endswith("C")) >= 40
    assert give  # the situation helpers stay importable
