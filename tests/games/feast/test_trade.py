"""Mountains and trade spaces (F-450…F-468), with worked examples WE-6 and WE-7."""

from __future__ import annotations

from server.games.feast import moves
from tests.games.feast.situations import act, fresh, give, on_turn, refused

X = ["wood", "wood", "wood", "wood", "stone", "stone", "silver2"]


def start(strips: list[list[str]] | None = None, **supply: int) -> dict:
    s = on_turn(fresh(2, seed=3), 0)
    s["seats"][0]["goods"] = {}
    s["seats"][0]["hand"] = []  # no column-4 card prompt
    if strips is not None:
        s["mountains"] = [{"id": i + 1, "slots": list(slots)} for i, slots in enumerate(strips)]
    return give(s, 0, **supply)


def occupy(s: dict, space: str) -> dict:
    return act(s, 0, {"type": "occupy", "space": space})


def test_three_plus_two() -> None:
    # F-451, F-452, F-453, F-454, F-455, F-458, WE-6
    s = occupy(start([X, ["ore", "silver2"]]), "c3_mountain_3_2")
    assert refused(s, {"type": "take", "strip": 1, "n": 5, "part": 3}) == "F-454"
    s = act(s, 0, {"type": "take", "strip": 1, "n": 3, "part": 3})
    assert refused(s, {"type": "take", "strip": 1, "n": 2, "part": 2}) == "F-455"
    s = act(s, 0, {"type": "take", "strip": 2, "n": 2, "part": 2})
    p = s["seats"][0]
    assert (p["wood"], p["ore"], p["silver"]) == (3, 1, 2)
    assert s["mountains"] == [{"id": 1, "slots": ["wood", "stone", "stone", "silver2"]}]
    assert s["prompt"]["kind"] == "turn"  # nothing left: the action is over


def test_take_fewer_and_stop() -> None:
    # F-451, F-460
    s = occupy(start([X]), "c1_mountain_2")
    assert {"type": "finish"} not in moves.legal(s, 0)
    s = act(s, 0, {"type": "take", "strip": 1, "n": 1, "part": 2})
    assert s["prompt"]["kind"] == "turn" and s["seats"][0]["wood"] == 1


def test_three_plus_two_with_one_strip() -> None:
    # F-457, A-B-21: only the "up to 3" part can be used
    s = occupy(start([X]), "c3_mountain_3_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 3})
    assert s["prompt"]["kind"] == "turn"


def test_two_two_two_two() -> None:
    # F-456, F-459
    strips = [["wood", "stone", "ore"], ["ore", "ore"], ["stone"], ["wood", "wood"]]
    s = occupy(start(strips, peas=1), "c4_mountain_2222_or_upgrade_3x2")
    assert s["prompt"]["kind"] == "option"
    s = act(s, 0, {"type": "option", "pick": 0})
    assert refused(s, {"type": "take", "strip": 1, "n": 3, "part": 2}) == "F-454"
    assert refused(s, {"type": "take", "strip": 3, "n": 2, "part": 2}) == "F-451"
    for sid, n in ((1, 2), (2, 2), (3, 1), (4, 2)):
        s = act(s, 0, {"type": "take", "strip": sid, "n": n, "part": 2})
    p = s["seats"][0]
    assert (p["wood"], p["stone"], p["ore"]) == (3, 2, 2)


def test_mountain_space_needs_a_strip() -> None:
    # F-457, F-243
    s = start([])
    assert refused(s, {"type": "occupy", "space": "c1_mountain_2"}) == "F-243"


def test_one_level_upgrade() -> None:
    # F-462, F-463, WE-7: stockfish -> hide; not silverware, not wool
    s = occupy(start([X], stockfish=1), "c1_mountain_1_upgrade_1")
    assert refused(s, {"type": "upgrade", "good": "stockfish", "to": "silverware"}) == "F-462"
    assert refused(s, {"type": "upgrade", "good": "stockfish", "to": "wool"}) == "F-462"
    s = act(s, 0, {"type": "upgrade", "good": "stockfish", "to": "hide"})
    assert s["seats"][0]["goods"] == {"hide": 1}
    assert s["prompt"]["kind"] == "trade"  # the mountain part is still open
    s = act(s, 0, {"type": "finish"})
    assert s["prompt"]["kind"] == "turn"


def test_no_tile_climbs_twice_in_one_action() -> None:
    # F-463, WE-7: 2 peas -> 2 mead is fine, peas -> mead -> oil is not
    s = occupy(start(peas=1), "c1_upgrade_2")
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    assert s["prompt"]["kind"] == "turn"  # the new mead may not climb again
    s = occupy(start(peas=2), "c1_upgrade_2")
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    assert s["seats"][0]["goods"] == {"mead": 2}


def test_two_level_upgrades() -> None:
    # F-464, A-B-11, WE-7: peas -> oil and milk -> chest on the 4 + upgrade 2x2 space
    s = occupy(start([X], peas=1, milk=1), "c4_mountain_4_upgrade_2x2")
    s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "oil"})
    s = act(s, 0, {"type": "upgrade", "good": "milk", "to": "chest"})
    assert s["seats"][0]["goods"] == {"oil": 1, "chest": 1}


def test_upgrade_limits() -> None:
    # F-468: an upgrade-3 space upgrades at most 3 tiles
    s = occupy(start(peas=4), "c2_upgrade_3")
    for _ in range(3):
        s = act(s, 0, {"type": "upgrade", "good": "peas", "to": "mead"})
    assert s["seats"][0]["goods"] == {"peas": 1, "mead": 3} and s["prompt"]["kind"] == "turn"


def test_animals_upgrade_and_lose_pregnancy() -> None:
    # F-465, A-B-10
    s = occupy(start(pregnant_sheep=1), "c1_upgrade_2")
    s = act(s, 0, {"type": "upgrade", "good": "pregnant_sheep", "to": "fur"})
    assert s["seats"][0]["goods"] == {"fur": 1}


def test_blue_goods_do_not_climb() -> None:
    # F-462
    s = start(rune_stone=1)
    assert refused(s, {"type": "occupy", "space": "c1_upgrade_2"}) == "F-243"


def test_upgrade_three_and_four_weapons() -> None:
    # F-466: four weapons whether or not anything is upgraded
    s = occupy(start(), "c3_upgrade_3_weapons_4")
    p = s["seats"][0]
    assert sum(p["weapons"].values()) == 8  # 4 at the start of round 1 + 4
    assert s["prompt"]["kind"] == "turn"


def test_wood_per_player_is_not_a_mountain_action() -> None:
    # F-461: wood comes from the general supply
    s = start([X])
    s = occupy(s, "c2_wood_per_player")
    assert s["mountains"][0]["slots"] == X
