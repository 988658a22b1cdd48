"""Special tiles of the advanced version (V-116..V-120, section 13, V-130..V-139)."""

import pytest

from server.games.contract import IllegalMove
from server.games.vikings import fjord as fj
from server.games.vikings import scoring
from server.games.vikings.flow import begin_round
from tests.games.vikings.situations import ask, decisions, game, home, lay, play, tile, wheel


def advanced(display=("S1", "S2", "S5", "S11A"), **options):
    s = game(2, variant="advanced", auction=False, **options)
    s["table"]["display"] = list(display)
    lay(s, 0, {1: ["L"], 2: ["L"], 3: ["L"], 4: ["L"], 5: ["L"]})
    return s


def test_vx10_dearest_set_earns_a_special_tile():
    # VX-10 / V-117: the ship + warrior set for 10, the dearest on the wheel, earns one.
    s = advanced()
    wheel(s, {0: ("L", "blue"), 10: ("SG", "black")})
    s = play(s, 0, {"type": "buy", "slot": 10})
    assert s["table"]["prompt"] == {"seat": 0, "ask": "special"}
    assert decisions(s, 0) == [{"type": "special", "space": i} for i in range(4)] + [{"type": "decline"}]


def test_cheaper_set_earns_nothing():
    # V-117: only the currently most expensive set.
    s = advanced()
    wheel(s, {0: ("R", "yellow"), 3: ("R", "blue"), 10: ("SG", "black")})
    s = play(s, 0, {"type": "buy", "slot": 3})
    assert s["table"]["prompt"]["ask"] == "place"


def test_zero_purchase_never_earns():
    # V-117 / VD-9: the set at 0 earns nothing, even as the only (dearest) set left.
    s = advanced()
    wheel(s, {7: ("R", "blue")}, offset=7, bought=11)
    s = play(s, 0, {"type": "buy", "slot": 7})
    assert s["table"]["prompt"]["ask"] == "place"


def test_zero_purchase_lockout_option():
    # VD-9 option (RU): whoever takes a 0 set never earns a special tile again.
    s = advanced(zero_purchase_lockout=True)
    wheel(s, {0: ("R", "blue"), 10: ("SG", "black")})
    s = play(
        s,
        0,
        {"type": "buy", "slot": 0},
        {"type": "place", "row": 5, "col": 2},
        {"type": "viking", "to": "home"},
    )
    assert s["table"]["fjords"][0]["locked"]
    ask(s, 0, "buy")
    s = play(s, 0, {"type": "buy", "slot": 10})
    assert s["table"]["prompt"]["ask"] == "place"


def test_taken_display_space_stays_empty_until_next_round():
    # V-118: at most the tiles shown at the round start; V-116 / VD-10: refilled to 4 at
    # the next round's start, untaken tiles stay.
    s = advanced()
    wheel(s, {0: ("L", "blue"), 10: ("SG", "black")})
    s = play(s, 0, {"type": "buy", "slot": 10}, {"type": "special", "space": 1})
    assert s["table"]["display"] == ["S1", None, "S5", "S11A"]
    ask(s, 0, "special")
    with pytest.raises(IllegalMove) as refused:
        play(s, 0, {"type": "special", "space": 1})
    assert refused.value.rule == "V-118"
    s["hidden"]["pile"] = ["S9"]
    s["table"]["round"] = 2
    begin_round(s)
    assert s["table"]["display"] == ["S1", "S9", "S5", "S11A"]


def take(s, space):
    wheel(s, {0: ("L", "blue"), 10: ("SG", "black")})
    ask(s, 0, "buy")
    return play(s, 0, {"type": "buy", "slot": 10}, {"type": "special", "space": space})


def test_s1_five_gold_at_once():
    # S1 / V-119: 5 gold, the tile leaves the game.
    s = take(advanced(), 0)
    f = s["table"]["fjords"][0]
    assert f["gold"] == 30 - 10 + 5 and s["table"]["removed"]["specials"]["S1"] == 1


def test_s2_s3_goldsmith_bonus_and_stacking():
    # S2 / S3 / V-130 / V-131 / VA-15 / VD-15: +1 gold per S2 and +2 per S3 (kept by the
    # goldsmith row) for each unthreatened goldsmith, in small and large scorings.
    s = advanced()
    f = lay(s, 0, {4: [tile("L", "yellow"), tile("R", "yellow")]})
    f["specials"] = {"S2": 2, "S3": 1}
    scoring.small(s, 0)
    assert f["gold"] == 30 + 2 * (3 + 2 + 2)
    scoring.large(s, 0)
    assert f["gold"] == 30 + 4 * 7


def test_s5_s6_s7_large_scoring_only():
    # S5 / S6 / S7 / V-131: +1 VP per unthreatened noble / scout / fisherman, large only.
    s = advanced()
    f = lay(s, 0, {2: [tile("L", "red")], 3: [tile("L", "green")], 5: [tile("L", "blue")]})
    f["specials"] = {"S5": 1, "S6": 1, "S7": 1}
    scoring.small(s, 0)
    assert f["vp"] == 10
    scoring.large(s, 0)
    items = f["vp_items"]
    assert (items["noble_tiles"], items["scout_tiles"], items["fisherman_tiles"]) == (1, 1, 1)


def test_s9_food_surplus():
    # S9: +3 VP per spare place instead of +2.
    s = advanced()
    f = lay(s, 0, {5: [tile("L", "blue")]})
    f["specials"] = {"S9": 1}
    scoring.food(s, 0)
    assert f["vp_items"]["food"] == 3 * 4


def test_s8_figures_are_not_fed():
    # V-120 / VD-8: persons drawn on special tiles (S8 boatsmen) need no food.
    s = advanced()
    f = lay(s, 0, {5: [tile("L", "blue")]})
    f["specials"] = {"S8": 2}
    scoring.food(s, 0)
    assert f["vp_items"]["food"] == 2 * 4


def test_s11_exchange_at_once():
    # V-135: the building tile takes the place of a normal tile with that building; the
    # viking on it stays; the normal tile leaves the game.
    s = advanced()
    lay(s, 0, {3: [tile("L"), tile("MA", "green"), tile("R")]})
    s = take(s, 3)
    cell = fj.cell(s["table"]["fjords"][0], 3, 2)
    assert cell == {"t": "MA", "v": "green", "b": "S11A"}
    assert s["table"]["removed"]["tiles"]["MA"] == 1 and s["table"]["fjords"][0]["waiting"] == []


def test_s11_choice_between_matching_tiles():
    # V-135: with two matching tiles the player chooses which one is exchanged.
    s = advanced()
    lay(s, 0, {3: [tile("L"), tile("MA"), tile("MA")]})
    s = take(s, 3)
    assert decisions(s, 0) == [{"type": "exchange", "row": 3, "col": c} for c in (2, 3)]
    with pytest.raises(IllegalMove) as refused:
        play(s, 0, {"type": "exchange", "row": 3, "col": 1})
    assert refused.value.rule == "V-135"
    s = play(s, 0, {"type": "exchange", "row": 3, "col": 3})
    assert fj.cell(s["table"]["fjords"][0], 3, 3)["b"] == "S11A"


def test_s11_waits_for_a_matching_tile():
    # V-136: no such tile: it waits; the next matching tile placed is exchanged at once,
    # and the viking bought with it may stand on it.
    s = advanced()
    s = take(s, 3)
    s = play(s, 0, {"type": "place", "row": 0, "col": 1})
    assert s["table"]["fjords"][0]["waiting"] == ["S11A"]
    wheel(s, {0: ("L", "red"), 4: ("MA", "green")})
    ask(s, 0, "buy")
    s = play(
        s,
        0,
        {"type": "buy", "slot": 4},
        {"type": "decline"},
        {"type": "place", "row": 3, "col": 2},
        {"type": "viking", "to": "tile"},
    )
    f = s["table"]["fjords"][0]
    assert fj.cell(f, 3, 2) == {"t": "MA", "v": "green", "b": "S11A"} and f["waiting"] == []


def test_s11_is_an_island_tile():
    # V-137: the building tile counts for completed islands (and everything else).
    s = advanced()
    f = lay(s, 0, {2: [tile("L"), tile("MB", building="S11B"), tile("R")]})
    assert fj.islands(f) == [3]


def test_s11_final_points():
    # V-138: +1 per viking on the building tile and the 8 around it, if the building
    # tile is not threatened; neighbours may be threatened. V-139: they are fed as usual.
    s = advanced()
    f = lay(
        s,
        0,
        {
            0: [None, None, "SR"],
            1: [tile("L", "black"), tile("MA"), tile("R")],
            2: [tile("L", "red"), tile("MC", "red", "S11C"), tile("R", "red")],
            3: [tile("L", "green"), tile("R"), tile("L", "green")],
        },
    )
    assert scoring.buildings(f) == 6  # the red at column 3 is threatened but counts
    f["rows"][0][1] = {"t": "SB"}
    assert scoring.buildings(f) == 0  # now the building tile itself is threatened
    home(s, 0)
    scoring.food(s, 0)
    assert f["vp_items"]["food"] == -6  # V-139: every viking is counted for food


def test_food_ignores_building_figures_option():
    # VD-8 option (PL/FI): vikings on special tiles are not counted for food.
    s = advanced(food_ignores_figures_on_special_tiles=True)
    f = lay(s, 0, {5: [tile("L", "blue"), tile("MD", "blue", "S11D")]})
    home(s, 0)
    scoring.food(s, 0)
    assert f["vp_items"]["food"] == 2 * (10 - 1)


def test_building_points_after_food_with_the_floor_at_each_loss():
    # VA-16 / V-138 / V-99: building points come after food; food's loss stops at 0
    # first, then the building adds its points.
    s = advanced()
    s["table"]["players"] = 2
    f = lay(s, 0, {2: [tile("L", "red"), tile("MC", "red", "S11C"), tile("R", "red")]})
    home(s, 0, black=30)
    f["vp"] = f["vp_items"]["start"] = 2
    f["gold"] = 0
    lay(s, 1, {})
    scoring.final(s)
    # 2 + 7 (islands) + 5 (longest) = 14, food -33 stops at 0, then the building +3.
    assert f["vp_items"]["food"] == -14 and f["vp_items"]["buildings"] == 3
    assert f["vp"] == 3 and f["cut"] == 19
