"""Threat, small and large scoring, final scoring and the winner (sections 9 and 11)."""

from server.games.vikings import GAME, scoring
from server.games.vikings import fjord as fj
from tests.games.vikings.situations import game, home, lay, tile


def vx4(s, seat=0):
    """VX-4: column A (1) an unrepelled green ship over a noble, scout, goldsmith and
    fisherman; column B (2) a 3-VP ship repelled by a warrior, over a noble, scout and
    goldsmith; column C (3) a 3-gold ship repelled, a scout in row 3."""
    return lay(
        s,
        seat,
        {
            0: ["SG", "SB", "SR"],
            1: [tile("L"), tile("MA", "black"), tile("R", "black")],
            2: [tile("L", "red"), tile("R", "red")],
            3: [tile("L", "green"), tile("MB", "green"), tile("R", "green")],
            4: [tile("L", "yellow"), tile("R", "yellow")],
            5: [tile("L", "blue")],
        },
    )


def test_vx4_large_scoring():
    # VX-4 / V-74: ship B +3 VP, ship C +3 gold, noble A 0, noble B +2, scout A 0,
    # scout B +1 +1, scout C +1, goldsmiths A and B +3 gold each: 8 VP and 9 gold.
    s = game(2)
    f = vx4(s)
    scoring.large(s, 0)
    assert (f["vp"] - 10, f["gold"] - 30) == (8, 9)
    items = f["vp_items"]
    assert (items["warriors"], items["nobles"], items["scouts"]) == (3, 2, 3)


def test_vx4_small_scoring():
    # VX-4 / V-73: the same fjord in a small scoring: 6 gold, nothing else.
    s = game(2)
    f = vx4(s)
    scoring.small(s, 0)
    assert (f["vp"], f["gold"]) == (10, 36)


def test_threat_reach_by_sail_colour():
    # V-71 / V-11: red reaches rows 1-2, green 1-3, yellow 1-4, blue 1-5; V-8: a ship
    # in column c stands above the island tiles of column c.
    s = game(2)
    for ship, depth in (("SR", 2), ("SG", 3), ("SY", 4), ("SB", 5)):
        f = lay(s, 0, {0: [ship], **{row: [tile("L")] for row in range(1, 6)}})
        assert fj.threatened(f) == {(row, 1) for row in range(1, depth + 1)}


def test_warrior_repels_only_its_own_ship():
    # V-72: a warrior directly below repels; warriors elsewhere do nothing; the warrior
    # itself never scores.
    s = game(2)
    f = lay(s, 0, {0: ["SB", "SB"], 1: [tile("L", "black"), tile("R")], 2: [tile("L", "red"), tile("R", "red")]})
    assert fj.repelled(f, 1) and not fj.repelled(f, 2)
    assert fj.threatened(f) == {(r, 2) for r in range(1, 6)}
    scoring.large(s, 0)
    assert f["vp_items"]["nobles"] == 2 and f["vp_items"]["warriors"] == 3  # blue ship: 3 VP


def test_ship_with_no_warrior_row_tile():
    # VA-7: unrepelled; it threatens whatever tiles lie in its reach (here the scout).
    s = game(2)
    f = lay(s, 0, {0: ["SG"], 3: [tile("L", "green")]})
    scoring.large(s, 0)
    assert f["vp_items"]["scouts"] == 0 and f["vp_items"]["warriors"] == 0


def test_unthreatened_vikings_score_on_unfinished_islands():
    # Section 9 / V-70: vikings on island tiles score, island complete or not; each
    # player on their own fjord; vikings at home never score.
    s = game(2)
    f = lay(s, 0, {2: [tile("L", "red")], 4: [tile("L", "yellow")]})
    home(s, 0, red=3, yellow=2)
    other = s["table"]["fjords"][1]
    scoring.large(s, 0)
    assert (f["vp"], f["gold"]) == (12, 33)
    assert (other["vp"], other["gold"]) == (10, 30)


def test_scout_bonus_across_a_gap():
    # VA-6 / V-74 (5): goldsmith and fisherman only need to be in the same column below.
    s = game(2)
    f = lay(s, 0, {3: [tile("L"), tile("R", "green")], 5: [tile("L"), tile("R", "blue")]})
    scoring.large(s, 0)
    assert f["vp_items"]["scouts"] == 2  # 1 for the scout, 1 for the fisherman, no row 4


def test_unrepelled_ships_cost_nothing_during_the_game():
    # V-75: no loss in the round scorings.
    s = game(2)
    f = lay(s, 0, {0: ["SB", "SG"]})
    scoring.large(s, 0)
    scoring.small(s, 0)
    assert (f["vp"], f["gold"]) == (10, 30)


def test_vx6_final_ships():
    # VX-6 / V-90: a green 5-gold ship costs 5 gold; a blue 3-VP ship costs 3 VP.
    s = game(2)
    f = lay(s, 0, {0: ["SG", "SB"]})
    scoring.pay_for_ships(s, 0)
    assert (f["gold"], f["vp"], f["vp_items"]["ships"]) == (25, 7, -3)


def test_gold_ship_shortfall_paid_in_vp():
    # V-90 / VD-7: all the gold, then 1 VP per missing gold.
    s = game(2)
    f = lay(s, 0, {0: ["SG"]})
    f["gold"] = 2
    scoring.pay_for_ships(s, 0)
    assert (f["gold"], f["vp"]) == (0, 7)


def test_losses_stop_at_zero():
    # V-99 / VA-10: the score never goes below 0; the cut loss is reported.
    s = game(2)
    f = lay(s, 0, {0: ["SB", "SB", "SB", "SB"]})
    f["vp"], f["vp_items"]["start"] = 5, 5
    scoring.pay_for_ships(s, 0)
    assert f["vp"] == 0 and f["cut"] == 7


def test_vx11_gold_conversion():
    # VX-11 / V-91: 23 gold -> 4 VP, 3 gold kept; with S10: 7 VP, 2 gold kept.
    s = game(2)
    for owned, expected in (({}, (4, 3)), ({"S10": 1}, (7, 2))):
        f = s["table"]["fjords"][0]
        f.update(gold=23, vp=0, specials=owned)
        f["vp_items"] = dict.fromkeys(f["vp_items"], 0)
        scoring.gold_to_vp(s, 0)
        assert (f["vp"], f["gold"]) == expected


def test_vx7_food():
    # VX-7 / V-95 / V-97: A has 23 vikings, 5 unthreatened fishermen on islands: +4 VP.
    # B has 23 vikings, 3 such fishermen: capacity 15, shortage 8: -8 VP.
    s = game(2)
    for seat, fishermen, change in ((0, 5, 4), (1, 3, -8)):
        f = lay(s, seat, {5: [tile("L", "blue")] + [tile("MA", "blue")] * (fishermen - 1)})
        home(s, seat, grey=4, red=23 - fishermen - 4)  # boatsmen count too (V-95)
        f["vp"] = f["vp_items"]["start"] = 20
        scoring.food(s, seat)
        assert f["vp_items"]["food"] == change


def test_threatened_or_home_fishermen_feed_nobody():
    # V-95: a fisherman at home or threatened must be fed himself.
    s = game(2)
    f = lay(s, 0, {0: ["SB"], 5: [tile("L", "blue"), tile("R", "blue")]})
    home(s, 0, blue=1)
    scoring.food(s, 0)
    assert f["vp_items"]["food"] == 2 * (5 - 3)  # only the fisherman in column 2 feeds


def test_vx8_islands():
    # VX-8 / V-93 / V-94: three completed islands, one six tiles long; an unfinished
    # one does not count.
    s = game(2)
    f = lay(
        s,
        0,
        {
            1: ["L", "MA", "MB", "MC", "MD", "R"],
            2: ["L", "R", "L", "MA"],
            3: [None, "L", "MB", "R"],
        },
    )
    assert sorted(fj.islands(f)) == [2, 3, 6]


def test_majorities_and_ties():
    # V-92 (boatsmen, S8 counting one), V-93 (islands), V-94 (longest): most get the
    # points, ties all score; VA-8: nobody with 0.
    s = game(3)
    lay(s, 0, {1: ["L", "R"], 2: ["L", "MA", "R"]})
    lay(s, 1, {1: ["L", "MA", "R"], 2: ["L", "R"]})
    lay(s, 2, {})
    home(s, 0, grey=1)
    home(s, 1)
    home(s, 2)
    s["table"]["fjords"][1]["specials"] = {"S8": 1}
    scoring.final(s)
    items = [f["vp_items"] for f in s["table"]["fjords"]]
    assert [i["boatsmen"] for i in items] == [10, 10, 0]
    assert [i["islands"] for i in items] == [7, 7, 0]
    assert [i["longest_island"] for i in items] == [5, 5, 0]
    s = game(2)
    scoring.final(s)
    assert all(f["vp_items"]["boatsmen"] == 0 for f in s["table"]["fjords"])  # VA-8


def test_final_scoring_order_ships_before_gold():
    # V-90 then V-91: ships are paid before the gold converts.
    s = game(2)
    f = lay(s, 0, {0: ["SG"]})
    f["gold"] = 9
    scoring.final(s)
    assert f["vp_items"]["gold"] == 0 and f["gold"] == 4


def test_final_threat_after_forced_boatsmen():
    # VA-20 / V-96: threat is read on the final fjord: a warrior carried in the last large
    # scoring repels the ship at the end too.
    s = game(2)
    f = lay(s, 0, {0: ["SB"], 1: [tile("L", "black")]})
    scoring.pay_for_ships(s, 0)
    assert f["vp_items"]["ships"] == 0


def test_winner_and_gold_tiebreak():
    # V-98: most VP wins; tie: most gold left; still tied: shared.
    s = game(3)
    s["table"]["over"] = True
    for f, (vp, gold) in zip(s["table"]["fjords"], ((40, 2), (40, 3), (39, 4)), strict=True):
        f["vp"], f["gold"] = vp, gold
        f["vp_items"] = dict.fromkeys(f["vp_items"], 0) | {"start": vp}
    assert GAME.result(s)["winners"] == [1]
    s["table"]["fjords"][0]["gold"] = 3
    assert GAME.result(s)["winners"] == [0, 1]
    assert GAME.result(s)["scores"] == [40, 40, 39]
