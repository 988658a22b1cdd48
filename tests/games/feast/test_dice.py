"""Dice actions (F-550…F-598) with the rulebook's examples WE-1…WE-4 and scripted dice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server.games.feast import dice, moves
from tests.games.feast.situations import act, fresh, give, on_turn, refused


@pytest.fixture
def rolls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Script the die: append the faces the next rolls must show."""
    faces: list[int] = []
    it: Iterator[int] = iter(faces)

    def scripted(rng: dict, n: int) -> int:
        face = next(it)
        assert 1 <= face <= n
        return face - 1

    monkeypatch.setattr(dice, "below", scripted)
    return faces


def start(ships: list[tuple[str, int]], **supply: int) -> dict:
    s = on_turn(fresh(2, seed=3), 0)
    p = s["seats"][0]
    p["goods"], p["hand"], p["thing"] = {}, [], 12
    p["weapons"] = {"bow": 0, "snare": 0, "spear": 0, "long_sword": 0}
    p["ships"] = [{"type": t, "ore": ore} for t, ore in ships]
    return give(s, 0, **supply)


def go(s: dict, *moves_: dict) -> dict:
    for move in moves_:
        s = act(s, 0, move)
    return s


ROLL = {"type": "roll"}


def test_failed_raid(rolls: list[int]) -> None:
    # F-550, F-551, F-552, F-554, F-555, F-556, F-557, F-559, WE-1
    rolls += [4, 5, 3]
    s = start([("longship", 2)], stone=2, long_sword=1)
    s["weapon_discard"] = ["long_sword"]
    s = go(s, {"type": "occupy", "space": "c1_raiding"}, ROLL, ROLL, ROLL)
    assert {"type": "roll"} not in moves.legal(s, 0)  # three rolls at most
    assert dice.result(s["prompt"]) == 3  # the longship's ore adds nothing on a raid
    s = go(s, {"type": "offer", "res": "stone"}, {"type": "offer", "res": "stone"})
    s = go(s, {"type": "offer", "res": "long_sword"})
    assert [m["tile"] for m in moves.legal(s, 0) if m["type"] == "loot"] == ["rune_stone"]
    s = go(s, {"type": "fail"})
    p = s["seats"][0]
    assert (p["stone"], p["weapons"]["long_sword"]) == (3, 2)
    assert s["weapon_discard"] == []  # the owed sword came from the discard pile (F-595)
    assert s["spaces"]["c1_raiding"]["n"] == 1 and p["ships"][0]["ore"] == 2


def test_raid_auto_failure_at_five(rolls: list[int]) -> None:
    # F-557, WE-1 variant
    rolls += [3]
    s = go(start([("longship", 0)]), {"type": "occupy", "space": "c1_raiding"}, ROLL)
    assert [m for m in moves.legal(s, 0) if m["type"] == "loot"] == []


def test_successful_pillage(rolls: list[int]) -> None:
    # F-553, F-560, F-561, F-562, F-563, F-361 (ore stays on the ship), WE-2
    rolls += [4, 6]
    s = start([("longship", 2)], ore=1, long_sword=1)
    s = go(s, {"type": "arm", "ship": 0})  # before the action (F-360)
    s = go(s, {"type": "occupy", "space": "c2_pillaging"}, ROLL, ROLL)
    s = go(s, {"type": "offer", "res": "long_sword"})
    assert dice.result(s["prompt"]) == 10
    lootable = {m["tile"] for m in moves.legal(s, 0) if m["type"] == "loot"}
    assert {"jewelry", "fibula", "forge_hammer", "chest"} <= lootable and "treasure_chest" not in lootable
    assert refused(s, {"type": "loot", "tile": "treasure_chest"}, seat=0) == "F-558"
    s = go(s, {"type": "loot", "tile": "jewelry"})
    p = s["seats"][0]
    assert p["goods"] == {"jewelry": 1} and p["weapons"]["long_sword"] == 0
    assert p["ships"][0]["ore"] == 3 and s["weapon_discard"] == ["long_sword"]  # F-597
    assert s["spaces"]["c2_pillaging"]["n"] == 2


def test_pillage_uses_the_longship_with_most_ore(rolls: list[int]) -> None:
    # F-561, WE-2 variant
    rolls += [6]
    s = start([("longship", 1), ("longship", 3)])
    s = go(s, {"type": "occupy", "space": "c2_pillaging"}, ROLL)
    assert dice.result(s["prompt"]) == 9


def test_failed_pillage_returns_a_viking(rolls: list[int]) -> None:
    # F-564, F-590, F-591, WE-2 variant
    rolls += [2]
    s = go(start([("longship", 0)]), {"type": "occupy", "space": "c2_pillaging"}, ROLL, {"type": "fail"})
    p = s["seats"][0]
    assert (p["stone"], p["weapons"]["long_sword"]) == (1, 1)
    assert s["spaces"]["c2_pillaging"]["n"] == 1 and p["thing"] == 11


def test_f590_failed_pillage_may_leave_the_viking_on_the_space(rolls: list[int]) -> None:
    # F-590, F-564: returning the Viking is the player's choice ("you may return");
    # the default answer returns it, "stay" keeps both Vikings on the space.
    rolls += [2]
    s = go(start([("longship", 0)]), {"type": "occupy", "space": "c2_pillaging"}, ROLL)
    assert moves.legal(s, 0)[-2:] == [{"type": "fail"}, {"type": "fail", "vikings": "stay"}]
    s = go(s, {"type": "fail", "vikings": "stay"})
    p = s["seats"][0]
    assert (p["stone"], p["weapons"]["long_sword"]) == (1, 1)  # the compensation all the same
    assert s["spaces"]["c2_pillaging"]["n"] == 2 and p["thing"] == 10


def test_f590_whaling_failure_may_keep_both_vikings(rolls: list[int]) -> None:
    # F-590, F-587: whaling failure may return 2 Vikings; "return" says so explicitly.
    for choice, n, thing in (("stay", 4, 8), ("return", 2, 10)):
        rolls += [9]
        s = start([("whaling_boat", 0)])
        s = go(s, {"type": "occupy", "space": "c4_whaling"}, ROLL, {"type": "fail", "vikings": choice})
        assert (s["spaces"]["c4_whaling"]["n"], s["seats"][0]["thing"]) == (n, thing)


def test_f590_no_choice_where_no_viking_returns(rolls: list[int]) -> None:
    # F-590, F-576: a failed hunting game returns nobody: only the plain failure is listed.
    rolls += [7]
    s = go(start([]), {"type": "occupy", "space": "c2_hunting_game"}, ROLL)
    assert [m for m in moves.legal(s, 0) if m["type"] == "fail"] == [{"type": "fail"}]
    assert refused(s, {"type": "fail", "vikings": "stay"}) == "F-590"


def test_pillage_may_take_a_special_tile_even_the_crown(rolls: list[int]) -> None:
    # F-558, F-563, F-740
    rolls += [12]
    s = start([("longship", 3)], stone=1)
    s = go(s, {"type": "occupy", "space": "c3_pillaging"}, ROLL, {"type": "offer", "res": "stone"})
    s = go(s, {"type": "loot", "tile": "english_crown"})
    assert "english_crown" not in s["specials"] and s["seats"][0]["goods"]["english_crown"] == 1


def test_failed_hunt(rolls: list[int]) -> None:
    # F-575, F-576, F-577, F-590, WE-3: nothing spent, no Viking returns
    rolls += [3, 7, 4]
    s = start([], wood=2, bow=2)
    s = go(s, {"type": "occupy", "space": "c2_hunting_game"}, ROLL, ROLL, ROLL)
    assert {"type": "hunt", "wood": 2} in moves.legal(s, 0)  # 2 wood + 2 bows
    s = go(s, {"type": "fail"})
    p = s["seats"][0]
    assert (p["wood"], p["weapons"]["bow"]) == (3, 3) and s["spaces"]["c2_hunting_game"]["n"] == 2


def test_successful_hunt_pays_the_result(rolls: list[int]) -> None:
    # F-575, F-577, F-597
    rolls += [4]
    s = start([], wood=2, bow=2)
    s = go(s, {"type": "occupy", "space": "c1_hunting_game"}, ROLL, {"type": "hunt", "wood": 2})
    p = s["seats"][0]
    assert p["goods"] == {"hide": 1, "game_meat": 1} and (p["wood"], p["weapons"]["bow"]) == (0, 0)
    assert s["weapon_discard"] == ["bow", "bow"]


def test_snare(rolls: list[int]) -> None:
    # F-580, F-581, WE-3 contrast: failure gives wood + snare and returns 1 Viking
    rolls += [3, 7, 4]
    s = start([], wood=2, snare=2)
    s = go(s, {"type": "occupy", "space": "c2_laying_snare"}, ROLL, ROLL, ROLL, {"type": "fail"})
    p = s["seats"][0]
    assert (p["wood"], p["weapons"]["snare"]) == (3, 3) and s["spaces"]["c2_laying_snare"]["n"] == 1
    rolls += [1]
    s = start([], snare=1)
    s = go(s, {"type": "occupy", "space": "c2_laying_snare"}, ROLL, {"type": "hunt", "wood": 0})
    p = s["seats"][0]
    assert p["goods"] == {"fur": 1} and p["weapons"]["snare"] == 1  # paid one, got one back


def test_successful_whaling_at_zero(rolls: list[int]) -> None:
    # F-585, F-586, F-588, F-589, F-610, F-404, WE-4
    rolls += [8, 4]
    s = start([("whaling_boat", 1), ("whaling_boat", 1)], silver=3)
    s = go(s, {"type": "buy_ship", "ship": "whaling_boat"})
    hand = len(s["seats"][0]["hand"])
    s = go(s, {"type": "occupy", "space": "c3_whaling"})
    options = s["prompt"]["options"]
    pick = next(i for i, o in enumerate(options) if len(o["boats"]) == 3)
    s = go(s, {"type": "option", "pick": pick})
    assert len(s["seats"][0]["hand"]) == hand + 1
    s = go(s, ROLL)
    assert dice.result(s["prompt"]) == 3
    s = go(s, ROLL)  # 4 - 5 -> 0: immediate success
    p = s["seats"][0]
    assert p["goods"] == {"oil": 1, "skin_and_bones": 1, "whale_meat": 1}
    assert p["silver"] == 0 and [sh["ore"] for sh in p["ships"]] == [1, 1, 0]
    assert s["spaces"]["c3_whaling"]["n"] == 3 and s["prompt"]["kind"] == "turn"


def test_whaling_mini_case_and_failure(rolls: list[int]) -> None:
    # F-586, F-587, F-588, WE-4 mini-case and variant
    rolls += [2]
    s = go(start([("whaling_boat", 1)]), {"type": "occupy", "space": "c4_whaling"}, ROLL)
    assert s["seats"][0]["goods"] == {"oil": 1, "skin_and_bones": 1, "whale_meat": 1}
    rolls += [9]
    s = go(start([("whaling_boat", 0)]), {"type": "occupy", "space": "c4_whaling"}, ROLL, {"type": "fail"})
    p = s["seats"][0]
    assert (p["wood"], p["weapons"]["spear"]) == (1, 1) and s["spaces"]["c4_whaling"]["n"] == 2


def test_whaling_needs_a_whaling_boat() -> None:
    # F-402, F-585
    assert refused(start([("knarr", 0)]), {"type": "occupy", "space": "c3_whaling"}) == "F-402"


def test_no_arming_during_an_action(rolls: list[int]) -> None:
    # F-360, F-589, O-2
    rolls += [9]
    s = go(start([("whaling_boat", 0)], ore=1), {"type": "occupy", "space": "c4_whaling"}, ROLL)
    assert all(m["type"] != "arm" for m in moves.legal(s, 0))
    assert refused(s, {"type": "arm", "ship": 0}, seat=0) == "F-201"


def test_must_roll_once_and_no_roll_after_offering(rolls: list[int]) -> None:
    # F-552, F-553
    rolls += [5]
    s = go(start([("longship", 0)], stone=1), {"type": "occupy", "space": "c1_raiding"})
    assert moves.legal(s, 0) == [{"type": "roll"}]
    s = go(s, ROLL, {"type": "offer", "res": "stone"})
    assert refused(s, ROLL) == "F-553"


def test_tribute() -> None:
    # F-570, A-B-13: two longships, one silver hoard, no die
    s = go(start([("longship", 0), ("longship", 0)]), {"type": "occupy", "space": "c4_plundering"})
    assert s["seats"][0]["goods"] == {"silver_hoard": 1}
    assert refused(start([("longship", 0)]), {"type": "occupy", "space": "c4_plundering"}) == "F-402"


def test_owed_weapon_searched_in_the_deck() -> None:
    # F-595, F-598
    from server.games.feast.weapons import owed_weapon

    s = fresh(2)
    deck = list(s["secret"]["weapons"])
    assert owed_weapon(s, "spear") == "spear"
    assert sorted(s["secret"]["weapons"]) == sorted(deck[: deck.index("spear")] + deck[deck.index("spear") + 1 :])


def test_f595_f702_an_owed_weapon_found_nowhere_is_a_counted_stand_in() -> None:
    # F-595, F-702: no spear in the discard pile or the deck: one is created (weapons are
    # unlimited) and counted, so the card counts stay honest.
    from server.games.feast.weapons import owed_weapon

    s = fresh(2)
    s["secret"]["weapons"] = [w for w in s["secret"]["weapons"] if w != "spear"]
    assert owed_weapon(s, "spear") == "spear"
    assert s["weapons_created"] == {"bow": 0, "snare": 0, "spear": 1, "long_sword": 0}


def test_raid_exact_match_option(rolls: list[int]) -> None:
    # F-558, A-B-01, O-1: the seed's "equal to" reading as an option
    rolls += [7]
    s = start([("longship", 0)])
    s["raid_exact_match"] = True
    s = go(s, {"type": "occupy", "space": "c1_raiding"}, ROLL)
    lootable = {m["tile"] for m in moves.legal(s, 0) if m["type"] == "loot"}
    assert lootable == {"silverware", "glass_beads"}
