"""The round's automatic phases, in order (F-200…F-297)."""

from __future__ import annotations

import pytest

from server.games.feast import rounds
from server.games.feast.areas import place
from tests.games.feast.situations import act, confirm_all, finish_round, fresh, pass_all, skip_feast


def test_first_decision_is_phase_five_of_round_one_after_phases_one_to_four() -> None:
    # F-200, F-201: phases 1-4 are automatic; the start player is asked first (F-240)
    s = fresh(3, seed=4)
    assert (s["round"], s["phase"]) == (1, 5)
    assert s["prompt"] == {"kind": "turn", "seat": s["start"]}


def test_new_viking_each_round() -> None:
    # F-205, F-124: 5 + n Vikings outside the table in round n of the long game
    s = fresh(2, "long")
    for rnd in range(1, 8):
        assert s["round"] == rnd
        for p in s["seats"]:
            assert p["thing"] == 5 + rnd
            assert sum(p["table"]) == 7 - rnd
        if rnd < 7:
            s = finish_round(s)


def test_short_game_vikings() -> None:
    # F-124: 6 + n in the short game; WE-A-8: short round 4 has 10 Vikings
    s = fresh(2, "short")
    for _ in range(3):
        s = finish_round(s)
    assert s["round"] == 4 and s["seats"][0]["thing"] == 10


def test_harvest_round_one() -> None:
    # F-210, F-211, F-212: round 1 harvests "1" = peas, flax, beans (plus the starting mead)
    assert fresh(2)["seats"][0]["goods"] == {"mead": 1, "peas": 1, "flax": 1, "beans": 1}


@pytest.mark.parametrize(
    "length,schedule",
    [
        ("long", {1: 3, 2: 4, 3: 0, 4: 5, 5: 0, 6: 6, 7: 0}),
        ("short", {1: 3, 2: 0, 3: 4, 4: 0, 5: 5, 6: 0}),
    ],
)
def test_harvest_schedule(length: str, schedule: dict[int, int]) -> None:
    # F-212, WE-A-8 (long round 4: peas, flax, beans, grain, cabbage; round 5 nothing)
    s = fresh(2, length)
    for rnd, count in schedule.items():
        s["seats"][0]["goods"] = {}
        s["round"], s["phase"], s["prompt"] = rnd, 2, None
        rounds.harvest(s)
        assert sum(s["seats"][0]["goods"].values()) == count, rnd
    s["seats"][0]["goods"] = {}
    s["round"] = 4 if length == "long" else 5
    rounds.harvest(s)
    assert set(s["seats"][0]["goods"]) == {"peas", "flax", "beans", "grain", "cabbage"}


def _boards(s: dict) -> list[tuple[str, int]]:
    return [(s["exploration"][pair]["face"], s["exploration"][pair]["silver"]) for pair in "ABCD"]


def test_exploration_flips_and_silver_long_game() -> None:
    # F-220, F-221, F-222, F-223, F-224, F-225, F-226, F-227, WE-A-12
    s = fresh(2, "long")
    seen = {}
    while s["round"] < 7:
        s = finish_round(s)
        seen[s["round"]] = _boards(s)
    assert seen[2] == [("shetland", 0), ("faroe_islands", 0), ("iceland", 0), ("greenland", 0)]
    assert seen[3] == [("bear_island", 0), ("faroe_islands", 2), ("iceland", 2), ("greenland", 2)]
    assert seen[4] == [("bear_island", 2), ("baffin_island", 0), ("iceland", 4), ("greenland", 4)]
    assert seen[5] == [("bear_island", 4), ("baffin_island", 2), ("labrador", 0), ("greenland", 6)]
    assert seen[6] == [("bear_island", 6), ("baffin_island", 4), ("labrador", 2), ("newfoundland", 0)]
    assert seen[7] == seen[6]  # no phase 3 in the last round


def test_exploration_flips_short_game_shifted_by_one() -> None:
    # F-220, F-221 (short: rounds 2-5)
    s = fresh(2, "short")
    while s["round"] < 4:
        s = finish_round(s)
    assert _boards(s) == [("bear_island", 4), ("baffin_island", 2), ("labrador", 0), ("greenland", 6)]


def test_owned_board_is_neither_flipped_nor_paid() -> None:
    # F-222, F-223, F-224, WE-A-12 variant: Faroe taken in round 3
    s = fresh(2, "long")
    while s["round"] < 3:
        s = finish_round(s)
    s["exploration"]["B"]["owner"] = 0
    s = finish_round(s)
    assert _boards(s) == [("bear_island", 2), ("faroe_islands", 2), ("iceland", 4), ("greenland", 4)]


def test_one_weapon_per_round() -> None:
    # F-230
    s = fresh(2)
    assert sum(s["seats"][0]["weapons"].values()) == 4
    s = finish_round(s)
    assert sum(s["seats"][0]["weapons"].values()) == 5
    assert len(s["secret"]["weapons"]) == 47 - 6 - 4


def test_empty_weapon_deck_reshuffles_the_discard_pile() -> None:
    # F-702, A-A-23
    s = fresh(2)
    s["secret"]["weapons"] = []
    s["weapon_discard"] = ["spear"]
    rounds.new_weapons(s)
    assert s["weapon_discard"] == [] and s["seats"][s["start"]]["weapons"]["spear"] == 2


def test_start_player_is_the_last_to_place() -> None:
    # F-255, A-A-17: the last placement, not the last pass
    s = fresh(2, seed=1)
    first = s["prompt"]["seat"]
    other = 1 - first
    s = act(s, first, {"type": "pass"})
    s = act(s, other, {"type": "occupy", "space": "c1_fishing"})
    s = act(s, other, {"type": "pass"})
    assert s["start"] == other
    assert s["prompt"]["kind"] == "ready"


def test_income_is_the_lowest_uncovered_number() -> None:
    # F-260, F-261, F-263, WE-A-7: an ore on [11,0] makes income 1
    s = fresh(2)
    s = pass_all(s)
    place(s["seats"][0]["areas"][0], "ore", 0, 11, 0)
    silver = [p["silver"] for p in s["seats"]]
    s = confirm_all(s, "ready", {"type": "ready"})
    assert [p["silver"] for p in s["seats"]] == [silver[0] + 1, silver[1] + 0]


def test_final_income_may_be_recorded() -> None:
    # F-297, F-264, F-739, A-A-13
    s = fresh(1, "short", final_income="record")
    while s["round"] < 6:
        s = finish_round(s)
    place(s["seats"][0]["areas"][0], "ore", 0, 11, 0)
    s = pass_all(s)
    silver = s["seats"][0]["silver"]
    s = confirm_all(s, "ready", {"type": "ready"})
    assert s["seats"][0]["silver"] == silver and s["seats"][0]["final_income"] == 1


def test_bonuses_mountains_and_return_happen_in_phases_ten_to_twelve() -> None:
    # F-288, F-290, F-294: after round 1 every revealed strip lost a resource and one new strip shows
    s = fresh(2)
    strips = [dict(m, slots=list(m["slots"])) for m in s["mountains"]]
    s = act(s, s["prompt"]["seat"], {"type": "occupy", "space": "c1_fishing"})
    s = finish_round(s)
    assert [m["slots"] for m in s["mountains"][:2]] == [m["slots"][1:] for m in strips]
    assert len(s["mountains"]) == 3 and s["spaces"] == {}
    assert sum(p["thing"] for p in s["seats"]) == 14


def test_mountain_strip_emptied_in_phase_eleven_leaves() -> None:
    # F-289, WE-A-13: a strip holding only one silver pair goes, then a new strip is revealed
    s = fresh(2)
    s["mountains"][0]["slots"] = ["silver2"]
    rounds.mountains(s)
    assert len(s["mountains"]) == 2 and s["mountains"][0]["slots"] != []


def test_no_strip_revealed_when_the_stack_is_empty() -> None:
    # F-291, A-A-12
    s = fresh(4)
    s["secret"]["strips"] = []
    rounds.mountains(s)
    assert len(s["mountains"]) == 3


def test_last_round_ends_after_the_feast() -> None:
    # F-202, F-296, F-720, F-285: no bonuses, no mountains, no return in the last round
    s = fresh(2, "short")
    while s["round"] < 6:
        s = finish_round(s)
    s = pass_all(s)
    strips = [list(m["slots"]) for m in s["mountains"]]
    s = confirm_all(s, "ready", {"type": "ready"})
    s = skip_feast(s)
    assert s["prompt"]["kind"] == "end"  # F-721
    assert [list(m["slots"]) for m in s["mountains"]] == strips
    s = confirm_all(s, "end", {"type": "done"})
    assert s["over"] and s["round"] == 6


def test_phase_order_is_fixed() -> None:
    # F-200: the automatic phases table
    assert sorted(rounds.AUTOMATIC) == [1, 2, 3, 4, 6, 7, 8, 10, 11, 12]


def test_f702_a_random_weapon_with_no_card_anywhere_is_a_counted_stand_in() -> None:
    # F-702, A-A-23: weapons are unlimited (seed); with deck and discard pile both empty
    # one stand-in of a random type is created and counted; no phantom deck appears.
    from server.games.feast.game import GAME
    from server.games.feast.weapons import draw_weapon

    s = fresh(2)
    s["secret"]["weapons"], s["weapon_discard"] = [], []
    weapon = draw_weapon(s)
    assert s["secret"]["weapons"] == [] and sum(s["weapons_created"].values()) == 1
    assert s["weapons_created"][weapon] == 1
    view = GAME.view(s, None)
    assert view["decks_left"]["weapons"] == 0 and view["weapons_created"] == s["weapons_created"]
