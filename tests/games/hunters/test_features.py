"""Features on the landscape: rivers, lakes, river systems, meadows, forests (H-3,
H-30..H-35, HA-19..HA-21), tracked incrementally by union-find."""

from __future__ import annotations

from server.games.hunters.features import root
from server.games.hunters.tiles import TILES

from .table import feature, new_game, place, play, segment


def test_h30_river_with_an_open_end_and_a_lake_end() -> None:
    # H-30: T19 west of the start tile carries the start tile's river on; one end in the
    # lake, one at an open side: not complete.
    s = place(new_game(), "T19", -1, 0)
    river = feature(s, "-1,0", "T19", "river")
    assert river is feature(s, "0,0", "S00", "river")
    assert river["open"] == 1 and sorted(river["tiles"]) == [0, 1] and len(river["lakes"]) == 1
    assert s["turn"]["completed"] == []


def test_h31_h32_a_lake_ends_rivers_but_joins_the_system() -> None:
    # H-31: the three river pieces of T18 (all into one lake) are three rivers;
    # H-32: they, their lake and what they reach form one river system.
    s = place(new_game(), "T18", -1, 0, 0)  # R R M R: its E river meets the start river
    rivers = {id(feature(s, "-1,0", "T18", "river", n)) for n in range(3)}
    assert len(rivers) == 3
    base = s["base"]["-1,0"]
    systems = {root(s["system"], base + segment("T18", k, n)) for k, n in (("river", 0), ("river", 1), ("lake", 0))}
    start_lake = root(s["system"], s["base"]["0,0"] + segment("S00", "lake"))
    assert systems == {start_lake}
    assert s["fish"][start_lake] == 1 + 1  # the start lake and T18's lake


def test_h33_loop_is_complete() -> None:
    # H-33: four river corners closing a loop complete a river with no ends.
    s = play(new_game(), "T68", 0, -1)  # N-E corner resting on the start tile's meadow
    s = play(s, "T03", 0, -2)  # S-E corner
    s = play(s, "T51", 1, -2)  # W-S corner
    s = place(s, "T28", 1, -1)  # N-W corner closes the loop
    loop = feature(s, "1,-1", "T28", "river")
    assert loop["open"] == 0 and loop["lakes"] == [] and sorted(loop["tiles"]) == [1, 2, 3, 4]
    assert len(s["turn"]["completed"]) == 1


def test_h33_ha19_lake_to_spring_is_complete() -> None:
    # H-33, HA-19: a spring ends a river; T04's lake (1 fish) to T17's spring.
    s = play(new_game(), "T04", 0, -1, 1)  # M M M R turned: river faces north
    s = place(s, "T17", 0, -2, 0)  # F F R M: river from S to a spring
    river = feature(s, "0,-2", "T17", "river")
    assert river["open"] == 0 and len(river["lakes"]) == 1
    assert TILES["T17"].segments[segment("T17", "river")].springs == 1


def test_h34_meadows_join_across_halves_and_rivers_split_them() -> None:
    # H-34: T19 north of the start tile: its southern meadow joins the start tile's
    # northern meadow; its river keeps its northern meadow apart.
    s = place(new_game(), "T19", 0, -1, 0)  # M R M R
    south = feature(s, "0,-1", "T19", "meadow", 1)
    north = feature(s, "0,-1", "T19", "meadow", 0)
    assert south is feature(s, "0,0", "S00", "meadow", 0)
    assert north is not south
    assert south["mammoth"] == 1  # T19's mammoth stands in [E1 S0 S1 W0]


def test_ha21_meadow_areas_on_one_tile_stay_apart() -> None:
    # HA-21: T23's two rivers cut it into three meadows, tracked separately.
    s = place(new_game(), "T23", -1, 0, 0)
    meadows = {id(feature(s, "-1,0", "T23", "meadow", n)) for n in range(3)}
    assert len(meadows) == 3


def test_ha20_two_river_pieces_on_one_tile_are_two_rivers() -> None:
    # HA-20: T23's N-E and W-S rivers are different rivers unless joined elsewhere.
    s = place(new_game(), "T23", -1, 0, 0)
    assert feature(s, "-1,0", "T23", "river", 0) is not feature(s, "-1,0", "T23", "river", 1)


def test_h35_forest_completes_when_no_side_is_open() -> None:
    # H-35: the start tile's E+S forest with a cap on each side is complete.
    s = play(new_game(), "T20", 1, 0, 2)  # forest cap facing west
    assert feature(s, "0,0", "S00", "forest")["open"] == 1
    s = place(s, "T32", 0, 1, 2)  # forest cap facing north
    forest = feature(s, "0,0", "S00", "forest")
    assert forest["open"] == 0 and sorted(forest["tiles"]) == [0, 1, 2] and forest["nugget"]


def test_h3_forest_river_meadow_are_features_across_tiles() -> None:
    # H-3: one forest over two tiles (start tile and T20) is one feature record.
    s = place(new_game(), "T20", 1, 0, 2)
    assert feature(s, "1,0", "T20", "forest") is feature(s, "0,0", "S00", "forest")
