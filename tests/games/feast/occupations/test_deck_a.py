"""Deck A, one-time (yellow) and anytime (blue) cards: each card's exact effect (F-640…F-646).

Every test names its card (`# occupation 43A`); test_coverage.py checks that every card of
an implemented deck has one. The effect readings follow the official English appendix."""

from __future__ import annotations

from server.games.feast import moves
from server.games.feast.areas import KINDS
from server.games.feast.supply import add_building
from tests.games.feast.occupations.helpers import asked, goods, lay, pick, play, ships, table, weapons
from tests.games.feast.situations import act, give, refused


def test_fruit_picker() -> None:
    # occupation 43A, F-641: 1 fruits
    s = play(table(), "43A")
    assert goods(s) == {"fruits": 1} and s["prompt"]["kind"] == "turn"


def test_weapon_supplier_draws_four() -> None:
    # occupation 68A: 4 weapon cards from the draw pile
    s = table()
    deck = len(s["secret"]["weapons"])
    s = play(s, "68A")
    assert weapons(s) == 3 + 4 and len(s["secret"]["weapons"]) == deck - 4


def test_milker_per_animal_type() -> None:
    # occupation 10A: 1 milk and 1 silver with sheep or cattle, 2 and 2 with both
    assert goods(play(table(), "10A")) == {}
    s = play(table(sheep=3), "10A")
    assert goods(s) == {"sheep": 3, "milk": 1} and s["seats"][0]["silver"] == 1
    s = play(table(pregnant_sheep=1, cattle=1), "10A")
    assert goods(s)["milk"] == 2 and s["seats"][0]["silver"] == 2


def test_miner_per_longship() -> None:
    # occupation 22A: 1 ore, 1 stone, 1 silver per longship
    s = play(ships(table(), longship=2, knarr=1), "22A")
    p = s["seats"][0]
    assert (p["ore"], p["stone"], p["silver"]) == (2, 2, 2)
    p = play(table(), "22A")["seats"][0]
    assert (p["ore"], p["stone"], p["silver"]) == (0, 0, 0)


def test_custodian_per_house() -> None:
    # occupation 23A: 2 silver per stone house and long house, sheds do not count
    s = table()
    for b in ("stone_house", "long_house", "shed"):
        add_building(s, s["seats"][0], b)
    assert play(s, "23A")["seats"][0]["silver"] == 4


def test_whaling_equipper() -> None:
    # occupation 24A: 1 oil per knarr, 1 wood per whaling boat
    s = play(ships(table(), knarr=1, whaling_boat=2), "24A")
    assert goods(s) == {"oil": 1} and s["seats"][0]["wood"] == 2


def test_fisherman() -> None:
    # occupation 27A: 1 stockfish per whaling boat
    assert goods(play(ships(table(), whaling_boat=3), "27A")) == {"stockfish": 3}


def test_weapons_supplier_tiers() -> None:
    # occupation 32A, F-631: 0/1/2/3/4 longships give 0/2/5/10/10 weapons, only the matching tier
    for longships, drawn in ((0, 0), (1, 2), (2, 5), (3, 10), (4, 10)):
        s = play(ships(table(), longship=longships), "32A")
        assert weapons(s) == 3 + drawn, longships


def test_sheep_shearer_tiers() -> None:
    # occupation 33A, F-631: 3/4/6 sheep (pregnant ones count) give 1/2/3 wool
    for sheep, wool in ((2, 0), (3, 1), (4, 2), (5, 2), (6, 3)):
        s = play(table(sheep=sheep - 1, pregnant_sheep=1), "33A")
        assert goods(s).get("wool", 0) == wool, sheep


def test_cattle_breeder_breeds_for_its_owner_only() -> None:
    # occupation 35A, F-642: an Animal Breeding phase for the owner only
    s = table(sheep=2, pregnant_cattle=1)
    give(s, 1, sheep=2)
    s = play(s, "35A")
    assert goods(s) == {"sheep": 1, "pregnant_sheep": 1, "cattle": 2}
    assert goods(s, 1) == {"sheep": 2}


def test_builder_bonus_phase_for_houses_only() -> None:
    # occupation 20A, F-642, F-281: the bonuses of the owner's houses, not of his boards
    s = table()
    p = s["seats"][0]
    add_building(s, p, "stone_house")
    for area in p["areas"]:  # every cell covered but the bonus cells
        kind = KINDS[area["kind"]]
        full = kind.cells & ~sum(kind.bonus)
        area["cover"] = [(full >> (r * kind.width)) & ((1 << kind.width) - 1) for r in range(kind.height)]
    house_bonus = [g for gives in KINDS["stone_house"].bonus.values() for g in gives]
    s = play(s, "20A")
    for good in house_bonus:
        assert s["seats"][0]["goods"].get(good, 0) >= 1
    home = [g for gives in KINDS["home"].bonus.values() for g in gives]
    assert all(g not in goods(s) for g in home if g not in house_bonus)


def test_orient_shipper_three_levels_to_blue() -> None:
    # occupation 17A: one orange (red, green) good becomes the blue good of its shape
    s = play(table(fruits=1, cattle=1, hide=1), "17A")
    options = asked(s, "17A")
    assert options == [
        {"upgrade": [["cattle", "silver_hoard"]]},
        {"upgrade": [["fruits", "treasure_chest"]]},
        {"upgrade": [["hide", "silverware"]]},
    ]
    s = pick(s, {"upgrade": [["fruits", "treasure_chest"]]})
    assert goods(s) == {"treasure_chest": 1, "cattle": 1, "hide": 1}
    s2 = play(table(fruits=1), "17A")
    assert goods(act(s2, 0, {"type": "decline"})) == {"fruits": 1}  # "can": optional


def test_ship_builder_once() -> None:
    # occupation 64A, F-640, F-659: 2 silver and a whaling boat for a longship, its ore lost
    s = table(silver=5)
    s["seats"][0]["ships"] = [{"type": "whaling_boat", "ore": 1}, {"type": "whaling_boat", "ore": 0}]
    s = play(s, "64A")
    assert asked(s, "64A") == [{"give": {"whaling_boat": 1, "silver": 2}, "get": {"longship": 1}}]
    s = pick(s, s["prompt"]["options"][0])
    p = s["seats"][0]
    assert p["ships"] == [{"type": "whaling_boat", "ore": 1}, {"type": "longship", "ore": 0}]
    assert p["silver"] == 3 and s["prompt"]["kind"] == "turn"  # once only
    assert play(table(silver=5), "64A")["prompt"]["kind"] == "turn"  # no whaling boat: nothing
    full = ships(table(silver=5), whaling_boat=1, knarr=4)
    assert play(full, "64A")["prompt"]["kind"] == "turn"  # F-659: no free large harbour slot


def test_dragonslayer_exchanges_once() -> None:
    # occupation 65A, F-640, WE-11: 4 snares and 4 spears give one treasure chest only
    s = table(snare=3, spear=3)  # 4 of each
    s = play(s, "65A")
    s = pick(s, {"give": {"snare": 2, "spear": 2}, "get": {"treasure_chest": 1}})
    p = s["seats"][0]
    assert p["goods"] == {"treasure_chest": 1} and p["weapons"]["snare"] == 2 and p["weapons"]["spear"] == 2
    assert s["prompt"]["kind"] == "turn" and s["weapon_discard"].count("snare") == 2


def test_field_farmer_goods_box_diagonal() -> None:
    # occupation 66A: pay 1 silver, one orange good one or two steps up-right in the goods box
    s = play(table(silver=1, beans=1, cabbage=1), "66A")
    assert asked(s, "66A") == [
        {"fn": "field_farmer", "good": "beans", "to": "salt_meat"},
        {"fn": "field_farmer", "good": "beans", "to": "skin_and_bones"},
        {"fn": "field_farmer", "good": "cabbage", "to": "sheep"},
        {"fn": "field_farmer", "good": "cabbage", "to": "robe"},
    ]
    s = pick(s, {"fn": "field_farmer", "good": "cabbage", "to": "robe"})
    assert goods(s) == {"beans": 1, "robe": 1} and s["seats"][0]["silver"] == 0
    assert play(table(beans=1), "66A")["prompt"]["kind"] == "turn"  # no silver: nothing


def test_cowherd() -> None:
    # occupation 74A: exactly 2 silver and 1 grain for 1 cattle
    s = play(table(silver=3, grain=2), "74A")
    s = pick(s, {"give": {"grain": 1, "silver": 2}, "get": {"cattle": 1}})
    assert goods(s) == {"grain": 1, "cattle": 1} and s["seats"][0]["silver"] == 1
    assert play(table(silver=1, grain=1), "74A")["prompt"]["kind"] == "turn"


def test_breeder_turns_one_cattle() -> None:
    # occupation 79A: 1 cattle to its pregnant side (not a breeding phase)
    s = play(table(cattle=2), "79A")
    s = pick(s, {"give": {"cattle": 1}, "get": {"pregnant_cattle": 1}})
    assert goods(s) == {"cattle": 1, "pregnant_cattle": 1}


def test_wholesaler_four_of_one_type() -> None:
    # occupation 83A: up to 4 goods of one type (pregnant and not alike), one level each
    s = play(table(grain=5, sheep=1, pregnant_sheep=1), "83A")
    options = asked(s, "83A")
    assert {"upgrade": [["grain", "salt_meat"]] * 4} in options
    assert {"upgrade": [["grain", "salt_meat"]] * 5} not in options
    assert {"upgrade": [["sheep", "fur"], ["pregnant_sheep", "fur"]]} in options
    s = pick(s, {"upgrade": [["grain", "salt_meat"]] * 4})
    assert goods(s) == {"grain": 1, "salt_meat": 4, "sheep": 1, "pregnant_sheep": 1}


def test_hide_buyer_matching_tiers() -> None:
    # occupation 86A, F-631, WE-11: with 5 silver pay 2 for 1 hide or 4 for 2, not 6 for 3
    s = play(table(silver=5), "86A")
    assert asked(s, "86A") == [
        {"give": {"silver": 2}, "get": {"hide": 1}},
        {"give": {"silver": 4}, "get": {"hide": 2}},
    ]
    s = pick(s, {"give": {"silver": 4}, "get": {"hide": 2}})
    assert goods(s) == {"hide": 2} and s["seats"][0]["silver"] == 1


def test_preacher_crucifix_or_four_from_one_strip() -> None:
    # occupation 87A: the crucifix, or exactly 4 resources from one mountain strip
    s = table()
    s["mountains"] = [{"id": 1, "slots": ["wood", "silver2", "stone", "ore", "ore"]}, {"id": 2, "slots": ["wood"]}]
    s = play(s, "87A")
    assert asked(s, "87A") == [{"get": {"crucifix": 1}}, {"take": [1, 4]}]
    s2 = pick(s, {"take": [1, 4]})
    p = s2["seats"][0]
    assert (p["wood"], p["silver"], p["stone"], p["ore"]) == (1, 2, 1, 1)
    assert s2["mountains"][0]["slots"] == ["ore"]
    s3 = pick(s, {"get": {"crucifix": 1}})
    assert goods(s3) == {"crucifix": 1} and "crucifix" not in s3["specials"]


def test_homecomer_vikings_back_from_column_four() -> None:
    # occupation 76A: 1 Viking from each of the owner's column-4 spaces to his Thing square
    s = table(silver=3)
    s["seats"][0]["hand"] = ["76A"]
    s = act(s, 0, {"type": "occupy", "space": "c4_livestock_sheep_and_cattle"})
    assert s["prompt"]["kind"] == "bonus_play"  # F-611: played before the action
    s = act(s, 0, {"type": "play", "card": "76A"})
    assert s["spaces"]["c4_livestock_sheep_and_cattle"]["n"] == 3
    assert s["seats"][0]["thing"] == 6 - 4 + 1 and goods(s) == {"sheep": 1, "cattle": 1}


def test_follower_uses_an_occupied_column_two_space() -> None:
    # occupation 77A, F-642, F-612: an occupied column-2 space, no Vikings placed, no column bonus
    s = table()
    s["spaces"]["c2_products_mead"] = {"seat": 1, "n": 2, "round": 1}
    s = play(s, "77A")
    assert asked(s, "77A") == [{"fn": "follower", "space": "c2_products_mead"}]  # free spaces are not offered
    s = pick(s, {"fn": "follower", "space": "c2_products_mead"})
    p = s["seats"][0]
    assert goods(s) == {"mead": 2} and p["silver"] == 2 and p["thing"] == 6 - 2
    assert s["spaces"]["c2_products_mead"]["seat"] == 1 and s["prompt"]["kind"] == "turn"


def test_follower_failed_snare_returns_no_viking(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # occupation 77A, F-590: failing a granted Laying a Snare gives no Viking back
    from tests.games.feast.occupations.helpers import rolls

    rolls(monkeypatch, 5)
    s = table()
    s["spaces"]["c2_laying_snare"] = {"seat": 1, "n": 2, "round": 1}
    s = pick(play(s, "77A"), {"fn": "follower", "space": "c2_laying_snare"})
    s = act(s, 0, {"type": "roll"})
    s = act(s, 0, {"type": "fail"})
    assert s["seats"][0]["thing"] == 4 and s["spaces"]["c2_laying_snare"] == {"seat": 1, "n": 2, "round": 1}


def test_chief_extra_feast_alone() -> None:
    # occupation 5A, F-642, F-278: a feast for the owner alone, now; the regular one still comes
    s = play(table(), "5A")
    assert s["prompt"] == {"kind": "extra_feast", "seat": 0, "waiting": [0]}
    assert moves.to_act(s) == [0] and {"type": "leave_rest"} in moves.legal(s, 0)
    open_cells = s["feast"][0]["end"] - s["feast"][0]["pos"]
    s = act(s, 0, {"type": "leave_rest"})
    assert s["seats"][0]["things"] == open_cells and "feast" not in s
    assert s["prompt"]["kind"] == "turn" and s["phase"] == 5


# --- blue: anytime exchanges (F-645) ---------------------------------------------------------------


def _use(s, seat: int, card: str, **option):  # type: ignore[no-untyped-def]
    return act(s, seat, {"type": "use_card", "card": card, **option})


def test_farmer_cattle_for_jewelry_any_time() -> None:
    # occupation 48A, F-645, F-365: any cattle, pregnant or not, for 1 jewelry, also out of turn
    s = lay(table(), "48A", seat=1)
    give(s, 1, cattle=1, pregnant_cattle=1)
    offered = [m for m in moves.legal(s, 1) if m["type"] == "use_card"]
    assert offered == [
        {"type": "use_card", "card": "48A", "give": {"cattle": 1}, "get": {"jewelry": 1}},
        {"type": "use_card", "card": "48A", "give": {"pregnant_cattle": 1}, "get": {"jewelry": 1}},
    ]
    s = _use(s, 1, "48A", give={"cattle": 1}, get={"jewelry": 1})
    s = _use(s, 1, "48A", give={"pregnant_cattle": 1}, get={"jewelry": 1})
    assert goods(s, 1) == {"jewelry": 2} and moves.to_act(s) == [0]
    assert refused(s, {"type": "use_card", "card": "48A", "give": {"cattle": 1}, "get": {"jewelry": 1}}, 1) == "F-645"


def test_rune_engraver() -> None:
    # occupation 50A: 1 rune stone for 1 hide
    s = _use(lay(table(rune_stone=2), "50A"), 0, "50A", give={"rune_stone": 1}, get={"hide": 1})
    assert goods(s) == {"rune_stone": 1, "hide": 1}


def test_tradesman_silk_or_chest() -> None:
    # occupation 54A, F-631: 1 silverware for 1 silk or 1 chest
    s = lay(table(silverware=2), "54A")
    s = _use(s, 0, "54A", give={"silverware": 1}, get={"silk": 1})
    s = _use(s, 0, "54A", give={"silverware": 1}, get={"chest": 1})
    assert goods(s) == {"silk": 1, "chest": 1}


def test_arms_dealer_any_two_weapons() -> None:
    # occupation 56A: any 2 weapon cards for 1 ore (they go to the discard pile, F-597)
    s = lay(table(), "56A")  # 1 bow, 1 snare, 1 spear
    offered = [m["give"] for m in moves.legal(s, 0) if m["type"] == "use_card"]
    assert offered == [{"bow": 1, "snare": 1}, {"bow": 1, "spear": 1}, {"snare": 1, "spear": 1}]
    s = _use(s, 0, "56A", give={"bow": 1, "spear": 1}, get={"ore": 1})
    assert s["seats"][0]["ore"] == 1 and weapons(s) == 1 and sorted(s["weapon_discard"]) == ["bow", "spear"]


def test_linseed_oil_presser() -> None:
    # occupation 58A: 2 flax for 3 oil
    s = _use(lay(table(flax=3), "58A"), 0, "58A", give={"flax": 2}, get={"oil": 3})
    assert goods(s) == {"flax": 1, "oil": 3}


def test_linen_weaver() -> None:
    # occupation 59A: 2 flax and 1 silver for 2 linen
    s = lay(table(flax=2), "59A")
    assert not [m for m in moves.legal(s, 0) if m["type"] == "use_card"]  # no silver
    s = _use(give(s, 0, silver=1), 0, "59A", give={"flax": 2, "silver": 1}, get={"linen": 2})
    assert goods(s) == {"linen": 2} and s["seats"][0]["silver"] == 0
