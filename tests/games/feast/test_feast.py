"""Phase 8 (breeding) and phase 9 (the feast), with the rulebook's worked examples."""

from __future__ import annotations

from server.games.feast import rounds
from tests.games.feast.situations import act, confirm_all, finish_round, fresh, pass_all, refused


def _breed(goods: dict[str, int]) -> dict[str, int]:
    p = {"goods": dict(goods)}
    rounds.breed_player(p)
    return {k: v for k, v in p["goods"].items() if v}


def test_birth() -> None:
    # F-266, WE-A-1
    assert _breed({"sheep": 2, "pregnant_sheep": 1}) == {"sheep": 4}


def test_one_pregnancy_only() -> None:
    # F-267, WE-A-2
    assert _breed({"sheep": 4}) == {"sheep": 3, "pregnant_sheep": 1}


def test_lone_pregnant_animal_still_gives_birth() -> None:
    # F-268, WE-A-3
    assert _breed({"pregnant_sheep": 1}) == {"sheep": 2}
    assert _breed({"sheep": 1}) == {"sheep": 1}


def test_species_independent_two_round_cycle() -> None:
    # F-265, F-269, WE-A-4
    after = _breed({"sheep": 2, "pregnant_sheep": 1, "cattle": 2})
    assert after == {"sheep": 4, "cattle": 1, "pregnant_cattle": 1}
    assert _breed(after) == {"sheep": 3, "pregnant_sheep": 1, "cattle": 3}


def at_feast(rnd: int = 4, players: int = 1, length: str = "long", **supply: int) -> dict:
    s = fresh(players, length)
    while s["round"] < rnd:
        s = finish_round(s)
    s = pass_all(s)
    s["seats"][0]["things"] = 0
    s["seats"][0]["goods"] = dict(supply)
    s["seats"][0]["silver"] = supply.pop("silver", 0)
    s["seats"][0]["goods"].pop("silver", None)
    return confirm_all(s, "ready", {"type": "ready"})


def serve(s: dict, item: str, lay: str = "v") -> dict:
    return act(s, 0, {"type": "serve", "item": item, "lay": lay})


def test_feast_run_in_round_four_of_the_long_game() -> None:
    # F-270, WE-A-5: cells 0-8 are empty, Vikings on 9-11
    s = at_feast(4)
    assert s["prompt"]["kind"] == "feast"
    assert (s["feast"][0]["pos"], s["feast"][0]["end"]) == (0, 9)


def test_worked_feast_round_four() -> None:
    # F-271, F-272, F-273, F-276, WE-A-5
    s = at_feast(4, salt_meat=2, beans=1, mead=1, silver=1)
    s = serve(s, "salt_meat", "h")
    s = serve(s, "beans")
    s = serve(s, "mead", "h")
    things = s["seats"][0]["things"]
    s = serve(s, "silver")
    assert s["seats"][0]["things"] == things == 0
    assert s["seats"][0]["goods"] == {"salt_meat": 1}  # served tiles went back to the supply
    assert s["seats"][0]["silver"] == 0
    assert s["round"] == 5  # the feast ended and the round moved on


def test_second_horizontal_tile_of_a_type_is_refused() -> None:
    # F-273, WE-A-5 variant
    s = at_feast(4, salt_meat=2, beans=1)
    s = serve(s, "salt_meat", "h")
    s = serve(s, "beans")
    assert refused(s, {"type": "serve", "item": "salt_meat", "lay": "h"}) == "F-273"
    s = serve(s, "salt_meat", "v")
    assert s["feast"][0]["pos"] == 7


def test_orange_next_to_orange_is_refused() -> None:
    # F-272, WE-A-5 variant: peas after beans
    s = at_feast(4, salt_meat=1, beans=1, peas=1)
    s = serve(s, "salt_meat", "h")
    s = serve(s, "beans")
    assert refused(s, {"type": "serve", "item": "peas", "lay": "h"}) == "F-272"


def test_red_next_to_red_even_for_square_tiles() -> None:
    # F-272, F-273, WE-A-5 variant: milk next to milk
    s = at_feast(4, milk=2)
    s = serve(s, "milk")
    assert refused(s, {"type": "serve", "item": "milk", "lay": "v"}) == "F-272"


def test_tile_may_not_lie_over_a_viking() -> None:
    # F-274, WE-A-5 variant: grain horizontal on 8-11 is refused, vertical on 8 is fine
    s = at_feast(4, salt_meat=1, beans=1, mead=1, grain=1)
    for item, lay in (("salt_meat", "h"), ("beans", "v"), ("mead", "h")):
        s = serve(s, item, lay)
    assert refused(s, {"type": "serve", "item": "grain", "lay": "h"}) == "F-274"
    s = serve(s, "grain", "v")
    assert s["seats"][0]["things"] == 0


def test_each_empty_cell_is_a_thing_penalty() -> None:
    # F-275, A-A-05, WE-A-5 variant: cell 8 left empty
    s = at_feast(4, salt_meat=1, beans=1, mead=1)
    for item, lay in (("salt_meat", "h"), ("beans", "v"), ("mead", "h")):
        s = serve(s, item, lay)
    s = act(s, 0, {"type": "leave"})
    assert s["seats"][0]["things"] == 1


def test_leave_the_rest() -> None:
    # F-275
    s = at_feast(1)
    s = act(s, 0, {"type": "leave_rest"})
    assert s["seats"][0]["things"] == 6


def test_nothing_else_may_be_served() -> None:
    # F-271: no ore, no green or blue goods
    s = at_feast(1, oil=1)
    s["seats"][0]["ore"] = 1
    for item in ("oil", "ore", "wood"):
        assert refused(s, {"type": "serve", "item": item, "lay": "v"}) == "F-271"


def test_pregnant_animal_may_be_served() -> None:
    # A-A-03, F-276: a pregnant sheep covers 4 cells horizontally and is gone
    s = at_feast(1)
    s["seats"][0]["goods"] = {"pregnant_sheep": 1}  # after phase 8
    s = serve(s, "pregnant_sheep", "h")
    assert s["seats"][0]["goods"] == {}


def test_emigrated_ships_shorten_the_run() -> None:
    # F-270, WE-A-6: long round 2 with two ships emigrated: cells 2-6
    s = fresh(1)
    s = finish_round(s)
    s["seats"][0]["emigrated"] = ["knarr", "longship"]
    s["seats"][0]["things"] = 0
    s = pass_all(s)
    s["seats"][0]["goods"] = {"fruits": 1, "milk": 1}
    s = confirm_all(s, "ready", {"type": "ready"})
    assert (s["feast"][0]["pos"], s["feast"][0]["end"]) == (2, 7)
    s = serve(s, "fruits")
    s = serve(s, "milk")
    assert s["seats"][0]["things"] == 0


def test_players_feast_at_the_same_time() -> None:
    # F-277: every player with empty cells is asked at once
    s = at_feast(1, players=3)
    assert s["prompt"]["waiting"] == [0, 1, 2]


def test_short_last_round_has_twelve_cells() -> None:
    # WE-A-6: short game round 6, no emigration: 12 cells to cover
    s = at_feast(6, length="short")
    assert (s["feast"][0]["pos"], s["feast"][0]["end"]) == (0, 12)
