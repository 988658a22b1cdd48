"""Sea trade, special tiles, emigration and exploration (F-402…F-432, F-500…F-525), WE-5, WE-8…WE-10."""

from __future__ import annotations

from server.games.feast import moves
from tests.games.feast.situations import act, finish_round, fresh, give, on_turn, refused


def start(ships: list[str] = (), rnd: int = 1, **supply: int) -> dict:
    s = fresh(2, seed=3)
    while s["round"] < rnd:
        s = finish_round(s)
    s = on_turn(s, 0)
    p = s["seats"][0]
    p["goods"], p["hand"], p["silver"], p["things"] = {}, [], 0, 0
    p["thing"] = 12
    p["ships"] = [{"type": t, "ore": 0} for t in ships]
    return give(s, 0, **supply)


def occupy(s: dict, space: str) -> dict:
    return act(s, 0, {"type": "occupy", "space": space})


def test_sea_trade() -> None:
    # F-500, F-501, F-502, F-503, F-504, WE-5
    s = start(["knarr"], oil=1, hide=1, wool=1, linen=2, clothing=1, silver=1)
    s = occupy(s, "c1_sea_trade")
    assert s["seats"][0]["silver"] == 0
    for good in ("oil", "hide", "wool", "linen"):
        s = act(s, 0, {"type": "flip", "good": good})
    assert refused(s, {"type": "flip", "good": "linen"}) == "F-501"
    s = act(s, 0, {"type": "flip", "good": "clothing"})
    assert s["seats"][0]["goods"] == {
        "rune_stone": 1,
        "silverware": 1,
        "chest": 1,
        "silk": 1,
        "linen": 1,
        "silver_hoard": 1,
    }
    assert s["prompt"]["kind"] == "turn"


def test_sea_trade_needs_a_knarr() -> None:
    # F-402, WE-5 negative
    assert refused(start(["longship"], silver=1), {"type": "occupy", "space": "c1_sea_trade"}) == "F-402"


def test_sea_trade_flipping_nothing_is_legal() -> None:
    # F-503, A-B-20
    s = occupy(start(["knarr"], silver=1), "c2_sea_trade")
    assert s["prompt"]["kind"] == "sea_trade"
    s = act(s, 0, {"type": "finish"})
    assert s["prompt"]["kind"] == "turn"


def test_buy_special_tiles() -> None:
    # F-505, F-506, F-507
    s = occupy(start(["knarr"], silver=3), "c3_buy_special_tiles")
    offered = {m["tile"] for m in moves.legal(s, 0) if m["type"] == "buy"}
    assert "english_crown" not in offered and "chalice" not in offered and "glass_beads" in offered
    assert {"type": "finish"} not in moves.legal(s, 0)  # at least one (A-B-27)
    s = act(s, 0, {"type": "buy", "tile": "helmet"})
    s = act(s, 0, {"type": "buy", "tile": "belt"})
    p = s["seats"][0]
    assert p["goods"] == {"helmet": 1, "belt": 1} and p["silver"] == 0
    assert "helmet" not in s["specials"] and s["prompt"]["kind"] == "turn"


def test_emigrate_a_longship() -> None:
    # F-510, F-511, F-512, F-513, F-361, WE-9
    s = start(["longship"], rnd=4, silver=4)
    s["seats"][0]["ships"][0]["ore"] = 2
    vikings = s["seats"][0]["thing"]
    s = occupy(s, "c2_emigrate")
    p = s["seats"][0]
    assert p["ships"] == [] and p["emigrated"] == ["longship"] and p["silver"] == 0
    assert p["thing"] == vikings - 2
    from server.games.feast import scoring

    assert scoring.breakdown(p)["emigration"] == 21 and scoring.breakdown(p)["ships"] == 0


def test_emigration_costs_the_round_number() -> None:
    # F-510
    assert refused(start(["knarr"], rnd=3, silver=2), {"type": "occupy", "space": "c3_emigrate"}) == "F-243"


def test_whaling_boats_never_emigrate() -> None:
    # F-515
    assert refused(start(["whaling_boat"], silver=5), {"type": "occupy", "space": "c2_emigrate"}) == "F-243"


def test_no_room_for_another_ship() -> None:
    # F-514, A-B-12
    s = start(["knarr"], silver=5)
    s["seats"][0]["emigrated"] = ["knarr"] * 6  # round 1: cells 0-5 are the only free ones
    assert refused(s, {"type": "occupy", "space": "c2_emigrate"}) == "F-243"


def test_upgrade_boat_then_emigrate_the_new_knarr() -> None:
    # F-430, F-431, F-432, A-B-09: a full large harbour does not stop a knarr that emigrates at once
    s = start(["whaling_boat", "knarr", "knarr", "longship", "longship"], silver=1)
    s["seats"][0]["ships"][0]["ore"] = 1
    s = occupy(s, "c4_upgrade_boat_and_emigrate")
    options = s["prompt"]["options"]
    assert all(not ("swap" in o and "emigrate" not in o) for o in options)  # no slot for a kept knarr
    pick = next(i for i, o in enumerate(options) if o.get("emigrate") == "new")
    s = act(s, 0, {"type": "option", "pick": pick})
    p = s["seats"][0]
    assert [sh["type"] for sh in p["ships"]] == ["knarr", "knarr", "longship", "longship"]
    assert p["emigrated"] == ["knarr"] and p["silver"] == 0


def test_upgrade_boat_only() -> None:
    # F-430: each part may be skipped; no silver without emigration
    s = start(["whaling_boat"])
    s = occupy(s, "c4_upgrade_boat_and_emigrate")
    assert [sh["type"] for sh in s["seats"][0]["ships"]] == ["knarr"]


def test_one_ship_serves_several_actions() -> None:
    # F-403, F-521, WE-8: explore then emigrate with the same longship; not the other way round
    s = start(["longship"], rnd=6, silver=6)
    s = occupy(s, "c3_explore")
    if s["prompt"]["kind"] == "option":
        s = act(s, 0, {"type": "option", "pick": [o["explore"] for o in s["prompt"]["options"]].index("D")})
    s = on_turn(s, 0)
    s = occupy(s, "c2_emigrate")
    assert s["seats"][0]["emigrated"] == ["longship"]
    s = on_turn(s, 0)
    assert refused(s, {"type": "occupy", "space": "c3_pillaging"}) == "F-402"


def test_exploration_takes_the_board_and_its_silver() -> None:
    # F-520, F-522, F-523, F-524, WE-10
    s = start(["whaling_boat"], rnd=3)
    assert s["exploration"]["B"]["silver"] == 2
    s = occupy(s, "c1_explore")  # Shetland has flipped: Faroe is the only board of this space
    p = s["seats"][0]
    assert p["silver"] == 2 and p["areas"][-1]["kind"] == "faroe_islands"
    assert s["exploration"]["B"]["owner"] == 0 and p["ships"][0]["type"] == "whaling_boat"
    from server.games.feast import scoring

    assert scoring.breakdown(p)["exploration"] == 4


def test_exploration_needs_the_right_ship() -> None:
    # F-402, F-520, WE-10 negative: Iceland needs a knarr or longship
    assert refused(start(["whaling_boat"], rnd=3), {"type": "occupy", "space": "c2_explore"}) == "F-402"


def test_board_only_on_its_face_up_side() -> None:
    # F-524, F-525: Bear Island only after Shetland flipped; no board -> no placement
    s = start(["longship"], rnd=3)
    s = occupy(s, "c2_explore")
    faces = {s["exploration"][o["explore"]]["face"] for o in s["prompt"]["options"]}
    assert faces == {"bear_island", "iceland", "greenland"}
    s = start(["longship"], rnd=1)
    assert refused(s, {"type": "occupy", "space": "c3_explore"}) == "F-243"


def test_owned_exploration_board_pays_income() -> None:
    # F-263: including a board taken in this round's phase 5
    s = start(["whaling_boat"], rnd=1)
    s = occupy(s, "c1_explore")
    s = act(s, 0, {"type": "option", "pick": 0})
    assert s["seats"][0]["areas"][-1]["kind"] == "shetland"
    from server.games.feast.areas import income

    assert income(s["seats"][0]["areas"][-1]) == 0
