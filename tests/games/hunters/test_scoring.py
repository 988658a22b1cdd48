"""Scoring completed rivers and forests during play and the return of followers
(H-36..H-41, H-50..H-52), with the rulebook's worked examples HX-1..HX-7, HX-14, HX-17."""

from __future__ import annotations

from server.games.hunters import GAME

from .table import BLUE, RED, feature, figures_of, new_game, place, play, shelf


def river_of_three(fisher_first: bool = True) -> dict:
    """HX-1's layout: T45 (lake, 2 fish) - T19 - T04 (lake, 1 fish), north of the start."""
    s = new_game()
    s = play(s, "T19", 0, -1, 0, seat=RED, figure=("clan", "river") if fisher_first else None)
    return play(s, "T45", -1, -1, 2, seat=BLUE)  # M M F R turned: river faces east


def test_hx1_river_of_three_segments_between_two_lakes() -> None:
    # HX-1, H-37: 3 segments + 2 + 1 fish = 6 for red's lone fisher.
    s = play(river_of_three(), "T04", 1, -1, 0, seat=BLUE)
    assert s["points"][RED]["rivers"] == 6 and s["points"][BLUE]["rivers"] == 0
    assert s["scored"] == [{"feature": "river", "tiles": 3, "points": 6, "seats": [RED]}]


def test_hx2_h40_points_go_to_the_fisher_not_the_placer() -> None:
    # HX-2, H-40: blue's tile (with a gatherer in its forest) completes a 2-segment river
    # from a 1-fish lake to a spring: red's fisher scores 2 + 1 = 3, blue nothing for it.
    s = play(new_game(), "T04", 0, -1, 1, seat=RED, figure=("clan", "river"))
    s = play(s, "T17", 0, -2, 0, seat=BLUE, figure=("clan", "forest"))
    assert s["points"][RED]["rivers"] == 3
    assert s["points"][BLUE] == {"rivers": 0, "forests": 0, "mushrooms": 0, "huts": 0, "meadows": 0}
    assert figures_of(s, BLUE, "gatherer") and not figures_of(s, RED)


def test_hx3_h39_two_tile_forest_scores_4_and_no_bonus() -> None:
    # HX-3, H-38, H-70: a 2-tile forest (two caps) gives red 4 and no bonus tile.
    s = play(new_game(), "T20", 0, -1, 0, seat=RED, figure=("clan", "forest"))
    s = play(s, "T32", 1, -1, 1, seat=BLUE)
    assert s["points"][RED]["forests"] == 4
    assert s["turn"]["bonus"] is False and len(s["bonus"]) == 12 and GAME.to_act(s) == [RED]


def test_h39_forest_without_followers_scores_for_nobody() -> None:
    # H-39: completed with nobody in it: no points, but it is scored (and closed).
    s = play(new_game(), "T20", 0, -1, 0, seat=RED)
    s = play(s, "T32", 1, -1, 1, seat=BLUE)
    assert s["scored"] == [{"feature": "forest", "tiles": 2, "points": 4, "seats": []}]
    assert all(sum(p.values()) == 0 for p in s["points"])


def five_tile_forest(s: dict, red_at: int = -1, blue_at: int | None = None) -> dict:
    """HX-4's layout on the shelf: cap (-2) T27 (-1) [T47 (0) laid last] T49 (1) cap (2)."""
    row = {-2: ("T20", 0), -1: ("T27", 0), 1: ("T49", 0), 2: ("T32", 1)}
    for x, (tile, rot) in row.items():
        fig = ("clan", "forest") if x in (red_at, blue_at) else None
        s = play(s, tile, x, -2, rot, seat=BLUE if x == blue_at else RED, figure=fig)
    return s


def test_hx4_h68_h69_forest_with_nuggets_gives_one_bonus_tile() -> None:
    # HX-4, H-68, H-69: 5 tiles, several nuggets: red scores 10 and draws one bonus tile.
    s = five_tile_forest(shelf(new_game()))
    s = play(s, "T47", 0, -2, 0, seat=RED)
    assert s["points"][RED]["forests"] == 10
    assert s["turn"]["bonus"] is True and GAME.to_act(s) == [RED]
    assert s["hand"].startswith("B") and len(s["bonus"]) == 11


def test_hx5_h68_ha12_the_placer_takes_the_bonus_turn() -> None:
    # HX-5, H-68, HA-12: blue completes red's forest: red scores, blue draws the bonus.
    s = five_tile_forest(shelf(new_game()))
    s = play(s, "T47", 0, -2, 0, seat=BLUE)
    assert s["points"][RED]["forests"] == 10 and s["points"][BLUE]["forests"] == 0
    assert s["turn"]["bonus"] is True and GAME.to_act(s) == [BLUE]


def test_hx6_joined_forests_tie_and_both_score() -> None:
    # HX-6, H-29, H-39: the last tile joins red's and blue's forests: 10 each.
    s = five_tile_forest(shelf(new_game()), red_at=-1, blue_at=1)
    s = play(s, "T47", 0, -2, 0, seat=RED)
    assert s["points"][RED]["forests"] == 10 and s["points"][BLUE]["forests"] == 10
    assert s["scored"][0]["seats"] == [RED, BLUE]


def test_hx7_majority_takes_all() -> None:
    # HX-7, H-39: 6-tile forest, 2 red gatherers and 1 blue: red 12, blue 0.
    s = shelf(new_game())
    s = play(s, "T66", -2, -2, 0, seat=RED, figure=("clan", "forest"))
    s = play(s, "T20", -3, -2, 0, seat=BLUE)
    s = play(s, "T27", 0, -2, 0, seat=RED, figure=("clan", "forest"))
    s = play(s, "T32", 2, -2, 1, seat=BLUE, figure=("clan", "forest"))
    s = play(s, "T47", -1, -2, 0, seat=RED)
    assert len(figures_of(s, RED, "gatherer")) == 2  # H-29: two in one forest is fine
    s = play(s, "T49", 1, -2, 0, seat=BLUE)
    assert s["points"][RED]["forests"] == 12 and s["points"][BLUE]["forests"] == 0
    assert not figures_of(s, RED, "gatherer") and not figures_of(s, BLUE, "gatherer")  # H-50


def test_hx14_h52_place_score_and_return_in_one_turn() -> None:
    # HX-14, H-52, HA-14: red completes the river with the tile that carries red's new
    # fisher: scored, and the fisher is back in supply before blue's turn.
    s = river_of_three(fisher_first=False)
    s = play(s, "T04", 1, -1, 0, seat=RED, figure=("clan", "river"))
    assert s["points"][RED]["rivers"] == 6
    assert s["supply"][RED]["clan"] == 5 and GAME.to_act(s) == [BLUE]


def test_h36_scoring_waits_for_the_figure_step() -> None:
    # H-36, H-14: after the tile is laid nothing is scored yet; the figure step first.
    s = place(river_of_three(), "T04", 1, -1, 0, seat=BLUE)
    assert s["turn"]["phase"] == "figure" and len(s["turn"]["completed"]) == 1
    assert s["points"][RED]["rivers"] == 0
    s = GAME.apply(s, BLUE, {"type": "pass"})
    assert s["points"][RED]["rivers"] == 6


def test_h37_both_ends_in_one_lake_count_its_fish_once() -> None:
    # H-37, HA-6: a river leaving T18's lake and coming back to it: 4 tiles + 1 fish.
    s = play(new_game(), "T18", 0, -1, 0, seat=RED, figure=("clan", "river"))  # river N
    s = play(s, "T51", 0, -2, 0, seat=BLUE)
    s = play(s, "T03", -1, -2, 0, seat=BLUE)
    s = play(s, "T68", -1, -1, 0, seat=BLUE)
    assert s["points"][RED]["rivers"] == 5


def test_h38_hx17_ha4_mushroom_tile_adds_two() -> None:
    # HX-17, H-38, HA-4: 3-tile forest with the mushroom tile B02: 3 x 2 + 2 = 8.
    s = play(new_game(), "B02", 0, -1, 2, seat=RED, figure=("clan", "forest"))
    s = play(s, "T32", 0, -2, 0, seat=BLUE)
    s = play(s, "T75", 1, -1, 1, seat=BLUE)
    assert s["points"][RED]["forests"] == 6 and s["points"][RED]["mushrooms"] == 2
    assert s["scored"][0]["points"] == 8


def test_h41_a_completed_forest_is_scored_once() -> None:
    # H-41: once complete the forest is closed; later tiles beside it change nothing.
    s = play(new_game(), "T20", 0, -1, 0, seat=RED, figure=("clan", "forest"))
    s = play(s, "T32", 1, -1, 1, seat=BLUE)
    forest = feature(s, "0,-1", "T20", "forest")
    assert forest["done"] and forest["open"] == 0
    s = play(s, "T07", 0, -2, 0, seat=RED)
    s = play(s, "T60", 1, -2, 0, seat=BLUE)
    assert s["points"][RED]["forests"] == 4 and s["scored"] == []


def test_h50_h51_followers_return_hunters_and_huts_stay() -> None:
    # H-50, H-51: the completing tile gets a hut on its lake; the fisher goes home,
    # the hut (and red's earlier hunter) stay on the board.
    s = new_game()
    s = play(s, "T19", 0, -1, 0, seat=RED, figure=("clan", "river"))
    s = play(s, "T45", -1, -1, 2, seat=BLUE, figure=("clan", "meadow"))
    s = play(s, "T04", 1, -1, 0, seat=RED, figure=("hut", "lake"))
    assert [f["role"] for f in s["figures"]] == ["hunter", "hut"]
    assert s["supply"][RED] == {"clan": 5, "huts": 1} and s["supply"][BLUE] == {"clan": 4, "huts": 2}


def test_ha5_a_loop_through_one_tile_twice_counts_it_once() -> None:
    # HA-5, H-37: a segment is a tile. The loop passes T23 twice (both its rivers):
    # 7 different tiles, no lake: red's fisher scores 7, not 8.
    s = play(new_game(), "T68", 0, -1, 0)
    s = play(s, "T23", 0, -2, 0, seat=RED, figure=("clan", "river", 0))  # its N-E river
    for tile, x, y in (("T51", 1, -2), ("T28", 1, -1), ("T59", 0, -3), ("T43", -1, -3)):
        s = play(s, tile, x, y, 0, seat=BLUE)
    assert s["points"][RED]["rivers"] == 0
    s = play(s, "T50", -1, -2, 0, seat=BLUE)
    assert s["points"][RED]["rivers"] == 7
