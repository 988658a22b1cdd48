"""The end of the game and final scoring (H-60..H-67, H-80..H-82, HA-1, HA-2, HA-7,
HA-8, HA-11, HA-15, HA-18, HA-23), with the worked examples HX-8, HX-9, HX-15, HX-16."""

from __future__ import annotations

from server.games.contract import clone
from server.games.hunters import GAME
from server.games.hunters.features import meadow_points
from server.games.hunters.scoring import ITEMS, final_scoring, majority

from .table import BLUE, GREEN, RED, YELLOW, feature, figures_of, given, last_tile, new_game, play, segment


def meadow(deer: int = 0, mammoth: int = 0, tiger: int = 0, aurochs: int = 0, fire: int = 0) -> dict:
    return {
        "kind": "meadow",
        "deer": deer,
        "mammoth": mammoth,
        "tiger": tiger,
        "aurochs": aurochs,
        "fire": fire,
    }


def ending(state: dict, tile: str, x: int, y: int, rotation: int = 0, **kw: object) -> dict:
    """Play `tile` as the last regular tile of the game."""
    return play(last_tile(given(state, tile)), tile, x, y, rotation, **kw)  # type: ignore[arg-type]


def test_h60_game_ends_after_the_last_regular_tile() -> None:
    # H-60: the turn that places the last land tile ends the game; bonus tiles unused.
    s = ending(new_game(), "T07", 0, -1)
    assert GAME.result(s) is not None and GAME.to_act(s) == [] and len(s["bonus"]) == 12
    assert GAME.legal_moves(s, 0) == [] and GAME.legal_moves(s, 1) == []


def test_ha11_stack_running_out_through_discards_ends_the_game() -> None:
    # HA-11, H-60: every tile left is unplaceable: discarded, and the game ends at once.
    s = play(new_game(), "T20", 1, 0, 2)
    s = play(s, "T32", 0, 1, 2)  # closes the start forest: a bonus turn follows
    s = given(s, "B05")
    s["discards"] += [t for t in s["land"] if t != "T57"]
    s["land"] = ["T57"]  # forest all round: no place on this forest-free edge
    s = play(s, "B05", 1, 1)
    assert s["discards"][-1] == "T57" and s["land"] == [] and GAME.result(s) is not None


def test_h61_h62_ha7_unfinished_forest_pays_nothing_and_its_gatherer_leaves() -> None:
    # H-61, H-62, HA-7: red's gatherer in the open start forest: 0 points, back home.
    s = ending(new_game(), "T20", 1, 0, 2, seat=RED, figure=("clan", "forest"))
    assert s["result"]["scores"] == [0, 0]
    assert not figures_of(s, RED) and s["supply"][RED]["clan"] == 5


def test_h63_hx8_ha8_ha18_huts_score_every_fish_of_the_system() -> None:
    # HX-8, H-63, HA-8, HA-18: start lake (1) + T18's lake (1) + T46's lake (3) in one
    # open system with blue's hut: blue scores 5 at the end.
    s = play(new_game(), "T18", -1, 0, 0, seat=BLUE, figure=("hut", "lake"))
    s = ending(s, "T46", -2, 0, 1, seat=RED)  # R M M F turned: its river faces east
    assert s["result"]["breakdown"][BLUE]["huts"] == 5 and s["result"]["scores"] == [0, 5]


def test_h63_tied_huts_both_score() -> None:
    # H-63: red's system (start lake, 1 fish) and blue's (T04's lake, 1 fish) are joined
    # by a river round T54-T03-T51: one hut each, both score the 2 fish.
    s = play(new_game(), "T68", -1, 0, 0, seat=RED, figure=("hut", "river"))
    s = play(s, "T04", 0, -1, 1, seat=BLUE, figure=("hut", "lake"))
    s = play(s, "T54", -1, -1, 0)
    s = play(s, "T03", -1, -2, 0)
    s = ending(s, "T51", 0, -2, 0)
    assert s["result"]["breakdown"][RED]["huts"] == 2 and s["result"]["breakdown"][BLUE]["huts"] == 2


def test_h64_hx9_meadow_values() -> None:
    # HX-9, H-64, HA-15: (1) 1 deer: 2; (2) deer, mammoth, tiger: 2 each for red and
    # yellow; (3) 2 deer 2 mammoths 1 aurochs 1 tiger: 8 for red alone; (4) 1 deer
    # 2 tigers: 0, never negative (H-67).
    assert meadow_points(meadow(deer=1)) == 2
    assert meadow_points(meadow(deer=1, mammoth=1, tiger=1)) == 2
    assert majority([RED, YELLOW]) == [RED, YELLOW]
    assert meadow_points(meadow(deer=2, mammoth=2, aurochs=1, tiger=1)) == 8
    assert majority([RED, RED, GREEN]) == [RED]
    assert meadow_points(meadow(deer=1, tiger=2)) == 0


def test_hx9_1_green_hunter_on_one_deer() -> None:
    # HX-9 (1), H-64: T60's deer in green's meadow (the start tile's has no animal).
    s = new_game(3)
    s = ending(s, "T60", 0, -1, seat=GREEN, figure=("clan", "meadow"))
    assert s["result"]["breakdown"][GREEN]["meadows"] == 2 and s["result"]["winners"] == [GREEN]


def meadow_at(state: dict, at: str, tile: str) -> tuple[int, int, int, int, int]:
    """(deer, mammoths, tigers, aurochs, fires) of the meadow through the tile at `at`."""
    rec = feature(state, at, tile, "meadow")
    return rec["deer"], rec["mammoth"], rec["tiger"], rec["aurochs"], rec["fire"]


def test_hx9_2_red_and_yellow_hunters_on_a_built_board() -> None:
    # HX-9 (2), H-64, H-39: red's hunter on T72 (deer) beside T22 (tiger), yellow's on
    # T41 (mammoth); T74 (no animal) joins them round the start tile's west river:
    # 1 deer, 1 mammoth, 1 tiger: red 2, yellow 2.
    s = play(new_game(4), "T72", 0, -1, 0, seat=RED, figure=("clan", "meadow"))
    s = play(s, "T22", 1, -1, 0, seat=BLUE)
    s = play(s, "T41", -1, -1, 2, seat=YELLOW, figure=("clan", "meadow"))  # F F M M: apart
    assert feature(s, "0,-1", "T72", "meadow") is not feature(s, "-1,-1", "T41", "meadow")
    s = ending(s, "T74", -1, 0, 3, seat=GREEN)  # M R F M turned
    assert meadow_at(s, "0,-1", "T72") == (1, 1, 1, 0, 0)
    b = s["result"]["breakdown"]
    assert (b[RED]["meadows"], b[YELLOW]["meadows"], b[BLUE]["meadows"]) == (2, 2, 0)


def test_hx9_4_one_deer_two_tigers_on_a_built_board() -> None:
    # HX-9 (4), H-64, H-67: blue's hunter on T60 (deer) between T22 and T08 (a tiger
    # each): the deer is eaten, the extra tiger costs nothing: blue 0, never negative.
    s = play(new_game(), "T60", 0, -1, 0, seat=BLUE, figure=("clan", "meadow"))
    s = play(s, "T22", 1, -1, 0, seat=RED)
    s = ending(s, "T08", -1, -1, 0, seat=RED)
    assert meadow_at(s, "0,-1", "T60") == (1, 0, 2, 0, 0)
    assert s["result"]["breakdown"][BLUE]["meadows"] == 0


def test_hx16_on_a_built_board_b05_and_t22_tigers_driven_off() -> None:
    # HX-16, H-64, H-77: red's hunter on B05 (fire, 1 tiger); T60 and T37 (a deer each)
    # and T22 (a tiger) join its meadow: 2 deer, 2 tigers, a fire: 4 points.
    s = play(new_game(), "B05", 0, -1, 0, seat=RED, figure=("clan", "meadow"))
    s = play(s, "T60", -1, -1, 0, seat=BLUE)
    s = play(s, "T37", 1, -1, 0, seat=BLUE)
    s = ending(s, "T22", 0, -2, 0, seat=BLUE)
    assert meadow_at(s, "0,-1", "B05") == (2, 0, 2, 0, 1)
    assert s["result"]["breakdown"][RED]["meadows"] == 4


def test_hx16_h77_fire_sends_the_tigers_away() -> None:
    # HX-16, H-64, H-77, HA-15: 2 deer, 2 tigers and a fire: 4 points.
    assert meadow_points(meadow(deer=2, tiger=2, fire=1)) == 4
    assert meadow_points(meadow(deer=2, tiger=2)) == 0


def test_h77_b05_fire_drives_off_its_own_tiger_and_t22s() -> None:
    # H-77, HA-15, H-64: B05 (fire, 1 tiger; no aurochs) beside T60 (deer) and T22
    # (tiger): the fire sends both tigers away, the deer survives: red 2. With B05 read
    # as an aurochs this meadow scored 4.
    s = play(new_game(), "B05", 0, -1, 0, seat=RED, figure=("clan", "meadow"))
    s = play(s, "T22", 1, -1, 1, seat=BLUE)  # F F M M turned: meadow faces north and west
    s = ending(s, "T60", 0, -2, 0, seat=BLUE)
    assert s["result"]["breakdown"][RED]["meadows"] == 2
    assert meadow_points(meadow(deer=1, tiger=2)) == 0  # the same animals without the fire


def shrine_board() -> dict:
    """Blue's shrine hunter on B03 (1 aurochs); red hunters on T20 (mammoth) and T32
    (deer) in separate meadows; T60 (deer) and T41 (mammoth) lead towards (0,-2)."""
    s = play(new_game(), "B03", 0, -1, 0, seat=BLUE, figure=("clan", "meadow"))
    s = play(s, "T20", -1, -1, 0, seat=RED, figure=("clan", "meadow"))
    s = play(s, "T41", 1, -1, 2, seat=BLUE)  # M M F F turned: meadow W and S
    s = play(s, "T32", 1, -2, 0, seat=RED, figure=("clan", "meadow"))
    return play(s, "T60", -1, -2, 0, seat=BLUE)


def test_h65_hx15_shrine_hunter_alone_scores_against_more_hunters() -> None:
    # HX-15, H-65, H-29: T07 joins the shrine meadow with red's two hunters' meadows.
    # Animals: 2 deer, 3 mammoths (T20, T41, T07), 1 aurochs: 12 for blue, red nothing
    # despite two hunters (the rulebook's picture: 3 deer, blue 6).
    s = ending(shrine_board(), "T07", 0, -2, seat=RED)
    assert len(figures_of(s, RED, "hunter")) == 2
    assert s["result"]["breakdown"][BLUE]["meadows"] == 12 and s["result"]["breakdown"][RED]["meadows"] == 0


def test_hx15_on_a_built_board_only_deer_besides_b03s_aurochs() -> None:
    # HX-15, H-65, H-29, H-77: the example's meadow (3 deer, blue's shrine hunter, two red
    # hunters) from real tiles with no other animals: T37, T60 and T32 bring a deer each,
    # T13 and T40 (red's hunters, apart until T32 joins them) none. The only shrine tile,
    # B03, carries an aurochs, so blue scores 2 x (3 deer + 1 aurochs) = 8 where the
    # rulebook's picture, without that aurochs, gives 6; red scores nothing.
    s = play(new_game(), "B03", 0, -1, 0, seat=BLUE, figure=("clan", "meadow"))
    s = play(s, "T13", -1, -1, 0, seat=RED, figure=("clan", "meadow"))  # M F F M
    s = play(s, "T37", 1, -1, 0, seat=BLUE)  # F F M M
    s = play(s, "T40", 1, -2, 0, seat=RED, figure=("clan", "meadow"))  # M F F M
    s = play(s, "T60", -1, -2, 0, seat=BLUE)
    s = ending(s, "T32", 0, -2, 2, seat=RED)  # F M M M turned: joins all three meadows
    assert meadow_at(s, "0,-1", "B03") == (3, 0, 0, 1, 0)
    assert len(figures_of(s, RED, "hunter")) == 2
    b = s["result"]["breakdown"]
    assert (b[BLUE]["meadows"], b[RED]["meadows"]) == (8, 0)


def test_ha1_several_shrine_hunters_use_the_majority_among_them() -> None:
    # HA-1: (robustness, one shrine in the game) two shrine hunters of different seats
    # tie: both score; the plain hunters of the meadow still count for nothing.
    s = ending(shrine_board(), "T07", 0, -2, seat=RED)
    t = clone(s)
    del t["result"]
    for f in t["figures"]:
        if f["seat"] == RED:
            f["shrine"] = True
            break
    t["points"] = [dict.fromkeys(ITEMS, 0) for _ in range(2)]
    final_scoring(t)
    assert t["result"]["breakdown"][RED]["meadows"] == 12 and t["result"]["breakdown"][BLUE]["meadows"] == 12


def test_ha2_shrine_laid_into_an_occupied_meadow_gets_no_shrine_hunter() -> None:
    # HA-2, H-25: red's hunter already holds the start tile's meadow; B03 joins it.
    s = play(new_game(), "T19", -1, 0, 0, seat=RED, figure=("clan", "meadow", 0))
    s = given(s, "B03", seat=BLUE)
    s = GAME.apply(s, BLUE, {"type": "place", "x": 0, "y": -1, "rotation": 0})
    assert {"type": "clan", "segment": segment("B03", "meadow")} not in GAME.legal_moves(s, BLUE)


def test_h66_animals_without_hunters_score_for_nobody() -> None:
    # H-66: a deer meadow with no hunter pays nothing; unclosed meadows still score.
    s = ending(new_game(), "T60", 0, -1)
    assert s["result"]["scores"] == [0, 0] and s["result"]["winners"] == [0, 1]


def test_h81_ha23_ties_share_the_win_and_h82_breakdown() -> None:
    # H-81, HA-23: equal top scores share the victory. H-82: per-item breakdown.
    s = ending(new_game(), "T60", 0, -1)
    result = GAME.result(s)
    assert result is not None and result["winners"] == [0, 1]
    assert set(result["breakdown"][0]) == {"rivers", "forests", "mushrooms", "huts", "meadows"}
    s = ending(new_game(), "T60", 0, -1, seat=BLUE, figure=("clan", "meadow"))
    assert GAME.result(s)["winners"] == [BLUE]  # type: ignore[index]


def test_h80_h67_laps_of_the_score_track() -> None:
    # H-80, H-67: the exact score is kept; the view also shows laps of 50.
    s = new_game()
    s["points"][RED]["forests"] = 57
    view = GAME.view(s, None)
    assert view["scores"] == [57, 0] and view["laps"] == [1, 0]
