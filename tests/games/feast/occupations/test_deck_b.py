"""Deck B, one-time (yellow), anytime (blue) and one-time conditional (green) cards: each
card's exact effect (F-640…F-646, F-655…F-657). Every test names its card
(`# occupation 80B`); readings follow the official English appendix."""

from __future__ import annotations

from server.games.feast import areas, moves
from server.games.feast.supply import add_building
from tests.games.feast.occupations.helpers import asked, goods, lay, pick, play, ships, table
from tests.games.feast.situations import act, give, on_turn, refused


def test_archer_bow_now() -> None:
    # occupation 13B, F-641: 1 bow from the discard pile (else the deck) when played
    s = table()
    s["weapon_discard"] = ["bow"]
    s = play(s, "13B")
    assert s["seats"][0]["weapons"]["bow"] == 2 and s["weapon_discard"] == []


def test_meat_trader_per_knarr() -> None:
    # occupation 25B, F-641: 1 salt meat per knarr
    assert goods(play(ships(table(), knarr=2, longship=1), "25B")) == {"salt_meat": 2}
    assert goods(play(table(), "25B")) == {}


def test_meat_preserver_per_pair() -> None:
    # occupation 29B, F-641: 1 salt meat per pair of game meat and whale meat in the supply
    s = play(table(game_meat=3, whale_meat=2), "29B")
    assert goods(s) == {"game_meat": 3, "whale_meat": 2, "salt_meat": 2}
    assert goods(play(table(game_meat=2), "29B")) == {"game_meat": 2}


def test_silk_merchant_tiers() -> None:
    # occupation 30B, F-631: 1 / 2 / 3 silk give 1 / 3 / 6 silver
    for silk, silver in ((0, 0), (1, 1), (2, 3), (3, 6), (5, 6)):
        assert play(table(silk=silk), "30B")["seats"][0]["silver"] == silver


def test_master_joiner_wood_on_houses() -> None:
    # occupation 40B, F-646: wood may be placed on empty cells of stone and long houses as silver would
    s = table(wood=2)
    add_building(s, s["seats"][0], "stone_house")
    assert {"type": "place", "item": "wood"} not in moves.legal(s, 0)
    assert refused(s, {"type": "place", "item": "wood", "area": 1, "turn": 0, "row": 0, "col": 0}) == "F-305"
    s = lay(s, "40B")
    assert {"type": "place", "item": "wood"} in moves.legal(s, 0)
    s = act(s, 0, {"type": "place", "item": "wood"})
    assert {m.get("area") for m in moves.legal(s, 0) if m["type"] == "place"} == {1}  # houses only
    turn, row, col = next(areas.spots(s["seats"][0]["areas"][1], "silver_1"))
    s = act(s, 0, {"type": "place", "item": "wood", "area": 1, "turn": turn, "row": row, "col": col})
    p = s["seats"][0]
    assert p["wood"] == 1 and p["areas"][1]["pieces"] == [["wood", turn, row, col]]
    assert refused(s, {"type": "place", "item": "wood", "area": 0, "turn": 0, "row": 0, "col": 0}) == "F-331"


def test_master_tailor_anytime() -> None:
    # occupation 44B, F-645: 1 wool, 1 hide, 1 linen for 1 clothing and 3 silver, any number of times
    s = lay(table(wool=2, hide=2, linen=1), "44B")
    move = {
        "type": "use_card",
        "card": "44B",
        "give": {"wool": 1, "hide": 1, "linen": 1},
        "get": {"clothing": 1, "silver": 3},
    }
    s = act(s, 0, move)
    assert goods(s) == {"wool": 1, "hide": 1, "clothing": 1} and s["seats"][0]["silver"] == 3
    assert refused(s, move) == "F-645"  # no linen left


def test_ship_architect_anytime() -> None:
    # occupation 46B, F-645, F-659: 3 wood and 1 wool or 1 linen for a longship, room permitting
    s = lay(table(wood=6, linen=1), "46B")
    move = {"type": "use_card", "card": "46B", "give": {"wood": 3, "linen": 1}, "get": {"longship": 1}}
    s = act(s, 0, move)
    assert [sh["type"] for sh in s["seats"][0]["ships"]] == ["longship"] and s["seats"][0]["wood"] == 3
    s = ships(give(lay(table(wood=3, wool=1), "46B"), 0), knarr=4)
    assert refused(s, {**move, "give": {"wood": 3, "wool": 1}}) == "F-645"  # the harbour is full


def test_master_mason_anytime() -> None:
    # occupation 51B, F-645: 1 rune stone for 1 silver and 1 milk or 1 cabbage
    s = lay(table(rune_stone=1), "51B")
    offered = [m for m in moves.legal(s, 0) if m["type"] == "use_card"]
    assert [m["get"] for m in offered] == [{"milk": 1, "silver": 1}, {"cabbage": 1, "silver": 1}]
    s = act(s, 0, offered[1])
    assert goods(s) == {"cabbage": 1} and s["seats"][0]["silver"] == 1


def _with_cloak_pin(s, seat: int):  # type: ignore[no-untyped-def]
    area = s["seats"][seat]["areas"][0]
    turn, row, col = next(iter(areas.spots(area, "cloak_pin")))
    areas.place(area, "cloak_pin", turn, row, col)
    return s, area


def test_courier_takes_the_cloak_pin() -> None:
    # occupation 70B: the Cloak pin from any player's board to your supply; silverware and rune stone in its place
    s, area = _with_cloak_pin(table(), 1)
    cover = list(area["cover"])
    s["seats"][0]["hand"] = ["70B"]
    s = play(s, "70B")
    assert asked(s, "70B") == [{"fn": "courier", "from": 1, "area": 0}]
    s = pick(s, {"fn": "courier", "from": 1, "area": 0})
    board = s["seats"][1]["areas"][0]
    assert goods(s) == {"cloak_pin": 1} and board["cover"] == cover
    assert sorted(piece[0] for piece in board["pieces"]) == ["rune_stone", "silverware"]
    assert play(table(), "70B")["prompt"]["kind"] == "turn"  # no cloak pin on a board: nothing


def test_earl_buys_a_stone_house_for_the_round() -> None:
    # occupation 72B: a stone house for as much silver as the round number (optional)
    s = play(table(silver=2), "72B")
    assert asked(s, "72B") == [{"give": {"silver": 1}, "get": {"building": "stone_house"}}]
    s = pick(s, {"give": {"silver": 1}, "get": {"building": "stone_house"}})
    assert [a["kind"] for a in s["seats"][0]["areas"]][-1] == "stone_house" and s["seats"][0]["silver"] == 1
    s = table()
    s["round"] = 3
    s = give(s, 0, silver=2)
    assert play(s, "72B")["prompt"]["kind"] == "turn"  # round 3 costs 3


def test_traveling_merchant_per_knarr() -> None:
    # occupation 78B: with 1 knarr turn up to 2 goods tiles over, one at a time
    s = play(ships(table(peas=3), knarr=1), "78B")
    opt = {"fn": "traveling_merchant", "upgrade": [["peas", "mead"]], "left": 2}
    assert asked(s, "78B") == [opt]
    s = pick(s, opt)
    s = pick(s, {**opt, "left": 1})
    assert goods(s) == {"peas": 1, "mead": 2} and s["prompt"]["kind"] == "turn"
    assert s["seats"][0]["card_state"] == {}
    assert play(table(peas=3), "78B")["prompt"]["kind"] == "turn"  # no knarr: nothing


def test_shepherd_boy() -> None:
    # occupation 80B: 2 silver for 1 sheep (optional)
    s = play(table(silver=3), "80B")
    s = pick(s, {"give": {"silver": 2}, "get": {"sheep": 1}})
    assert goods(s) == {"sheep": 1} and s["seats"][0]["silver"] == 1


def test_longship_builder_discount_per_knarr() -> None:
    # occupation 82B: a longship for 8 silver, 6 / 3 / 1 with 1 / 2 / 3 knarrs
    for knarrs, price in ((0, 8), (1, 6), (2, 3), (3, 1)):
        s = play(ships(table(silver=8), knarr=knarrs), "82B")
        assert asked(s, "82B") == [{"give": {"silver": price}, "get": {"longship": 1}}]
    s = play(ships(table(silver=2), knarr=1), "82B")
    assert s["prompt"]["kind"] == "turn"  # 6 silver needed


def test_harbor_guard_emigrates_cheaper() -> None:
    # occupation 84B, F-510: emigrate now, 1 silver off per large ship (round 3: 3 - 2 = 1)
    s = ships(table(silver=1), knarr=1, longship=1)
    s["round"] = 3
    s = play(s, "84B")
    options = asked(s, "84B")
    assert [o["type"] for o in options] == ["knarr", "longship"] and options[0]["give"] == {"silver": 1}
    s = pick(s, options[1])
    p = s["seats"][0]
    assert p["emigrated"] == ["longship"] and [sh["type"] for sh in p["ships"]] == ["knarr"] and p["silver"] == 0


def test_chronicler_treasure_chest_anytime() -> None:
    # occupation 187B, F-645: 3 flax for 1 treasure chest, any number of times
    s = lay(table(flax=6), "187B")
    move = {"type": "use_card", "card": "187B", "give": {"flax": 3}, "get": {"treasure_chest": 1}}
    s = act(act(s, 0, move), 0, move)
    assert goods(s) == {"treasure_chest": 2}


def test_boat_builder_once_at_four_large_ships() -> None:
    # occupation 178B, F-655, F-656: as soon as 4 large ships are owned, 2 whaling boats, once
    s = play(ships(table(), knarr=3), "178B")
    assert len(s["seats"][0]["ships"]) == 3  # not yet
    s = lay(ships(table(wood=3, linen=1), knarr=3), "46B")
    s["seats"][0]["hand"] = ["178B"]
    s = play(s, "178B")
    s = act(s, 0, {"type": "use_card", "card": "46B", "give": {"wood": 3, "linen": 1}, "get": {"longship": 1}})
    kinds = [sh["type"] for sh in s["seats"][0]["ships"]]
    assert kinds.count("whaling_boat") == 2 and s["seats"][0]["card_state"]["178B"] == "fired"
    s["seats"][0]["ships"] = [sh for sh in s["seats"][0]["ships"] if sh["type"] != "whaling_boat"]
    s = act(on_turn(s, 0), 0, {"type": "pass"})
    assert len(s["seats"][0]["ships"]) == 4  # never again
    s = play(ships(table(), knarr=2, longship=2), "178B")  # F-656: fires at once when played
    assert [sh["type"] for sh in s["seats"][0]["ships"]].count("whaling_boat") == 2


def test_cutter_operator_next_knarr_only() -> None:
    # occupation 179B, F-655, F-657: the next knarr acquired gives 1 stockfish and 1 silver per knarr, once
    s = play(ships(table(wood=4), knarr=1), "179B")
    assert goods(s) == {} and s["seats"][0]["silver"] == 0  # the knarr owned before does not count
    s = act(on_turn(s, 0), 0, {"type": "occupy", "space": "c2_build_knarr"})
    assert goods(s) == {"stockfish": 2} and s["seats"][0]["silver"] == 2
    s["seats"][0]["ships"].append({"type": "knarr", "ore": 0})  # a third knarr
    s = act(on_turn(s, 0), 0, {"type": "pass"})
    assert goods(s) == {"stockfish": 2} and s["seats"][0]["silver"] == 2  # only that once


def _scored(boards: int, last: bool, card: bool) -> int:
    from tests.games.feast.situations import confirm_all, pass_all, skip_feast

    s = lay(table(), "189B") if card else table()
    for pair in sorted(s["exploration"])[:boards]:
        s["exploration"][pair]["owner"] = 0
    if last:
        s["round"] = s["rounds"]
    s = skip_feast(confirm_all(pass_all(s), "ready", {"type": "ready"}))
    assert s["prompt"]["kind"] == ("end" if last else "turn")
    return int(s["seats"][0]["silver"])


def test_seafarer_at_final_scoring() -> None:
    # occupation 189B: at final scoring 4 / 9 / 16 silver with 2 / 3 / 4 exploration boards
    for boards, silver in ((1, 0), (2, 4), (3, 9), (4, 16)):
        assert _scored(boards, True, True) - _scored(boards, True, False) == silver
    assert _scored(4, False, True) == _scored(4, False, False)  # not before the last round
