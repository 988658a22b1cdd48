"""Placing tiles and vikings in the home fjord (sections 7 and 8)."""

import pytest

from server.games.contract import IllegalMove
from server.games.vikings import GAME
from server.games.vikings import fjord as fj
from server.games.vikings.placement import ask_place
from tests.games.vikings.situations import ask, decisions, game, lay, play, tile


def holding(kind, viking, rows=None, start_tile=False, **options):
    """Seat 0 has just bought (kind, viking) and must place it."""
    s = game(2, **options)
    lay(s, 0, rows or {})
    s["table"]["fjords"][0]["start_tile"] = start_tile
    s["table"]["hand"] = {"tile": kind, "viking": viking, "pos": None}
    s["table"]["bought"] = 1
    ask(s, 0, "place")
    return s


def places(s):
    return [[m["row"], m["col"]] for m in decisions(s, 0) if m["type"] == "place"]


def refused(s, move):
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, 0, move)
    return err.value.rule


def test_ship_row_first_three_in_any_order():
    # V-56 / VD-6 (RU default): columns 1-3 in any order, a gap like 1 and 3 allowed.
    s = holding("SG", "black", {0: ["SB"]})
    assert places(s) == [[0, 2], [0, 3]]
    s = holding("SG", "black", {0: ["SB", None, "SR"]})
    assert places(s) == [[0, 2]]
    # column 4 and beyond only once 1-3 are full, then gap-free.
    assert refused(holding("SG", "black", {0: ["SB"]}), {"type": "place", "row": 0, "col": 4}) == "V-56"
    assert places(holding("SG", "black", {0: ["SB", "SR", "SY", "SG"]})) == [[0, 5]]


def test_ship_row_contiguous_reading():
    # VD-6 option (PL/FI): every later ship touches a placed ship.
    s = holding("SG", "black", {0: [None, None, "SB"]}, ship_row_contiguous=True)
    assert places(s) == [[0, 2]]
    assert places(holding("SG", "black", {}, ship_row_contiguous=True)) == [[0, 1], [0, 2], [0, 3]]


def test_ships_only_in_the_ship_row():
    # V-56: a ship never goes in an island row.
    assert refused(holding("SG", "red", {1: ["L"]}), {"type": "place", "row": 1, "col": 2}) == "V-56"


def test_islands_only_in_island_rows():
    # V-57: island tiles in rows 1-5 on an empty place.
    s = holding("L", "blue", {2: ["L"]})
    assert refused(s, {"type": "place", "row": 0, "col": 1}) == "V-57"
    assert refused(s, {"type": "place", "row": 2, "col": 1}) == "V-57"


def test_island_must_touch_a_side():
    # V-58: a full side shared with the fjord (column 1) or a tile; a corner is not enough.
    s = holding("MA", "blue", {2: ["L"]})
    assert refused(s, {"type": "place", "row": 3, "col": 2}) == "V-58"  # only a corner
    assert [2, 2] in places(s)
    # VD-5 default: a ship above counts as a neighbour (warrior row under a ship).
    s = holding("R", "blue", {0: [None, "SG"]})
    assert [1, 2] in places(s)
    # VD-5 option (RU): only islands or the fjord.
    s = holding("R", "blue", {0: [None, "SG"]}, island_adjacency_islands_only=True)
    assert [1, 2] not in places(s)
    assert refused(s, {"type": "place", "row": 1, "col": 2}) == "V-58"


def test_edges_must_match():
    # V-60: sea meets sea, land meets land; column 1 shows sea on its left.
    s = holding("R", "blue", {3: ["L", "R"]})
    assert refused(s, {"type": "place", "row": 3, "col": 3}) == "V-60"  # R right of R: land vs sea
    assert refused(s, {"type": "place", "row": 4, "col": 1}) == "V-60"  # land left edge at the coast
    s = holding("L", "blue", {3: ["L", "R"]})
    assert [3, 3] in places(s)  # sea meets sea
    # V-59: no rotation: a right end never fits to the left of a left end.
    s = holding("R", "blue", {3: [None, "L"]})
    assert [3, 1] not in places(s)
    # Vertical neighbours need no matching.
    s = holding("MA", "blue", {3: ["L", "MB"]})
    assert [4, 2] in places(s) and [2, 2] in places(s) and [3, 3] in places(s)


def test_unplaceable_island_is_discarded():
    # V-61: a middle tile with no land edge to join is removed; its viking goes home.
    s = holding("MA", "blue", {row: ["L", "R"] for row in range(1, 6)})
    assert places(s) == []
    ask_place(s, 0)
    assert s["table"]["removed"]["tiles"]["MA"] == 1
    assert s["table"]["fjords"][0]["home"]["blue"] == 1
    assert s["table"]["prompt"]["seat"] == 1 and s["table"]["prompt"]["ask"] == "buy"


def test_placeable_tile_may_not_be_discarded():
    # V-61: a tile with a legal position may not be discarded.
    assert refused(holding("L", "blue"), {"type": "discard"}) == "V-61"


def test_start_tile_with_the_first_tile():
    # V-62 / VA-18: with the first bought tile the start tile goes to column 1 of an empty
    # island row, before or after the bought tile; it carries no viking.
    s = holding("R", "blue", start_tile=True)
    moves = decisions(s, 0)
    assert [m for m in moves if m["type"] == "start"] == [{"type": "start", "row": r} for r in range(1, 6)]
    assert places(s) == []  # a right end needs the start tile first
    s = play(s, 0, {"type": "start", "row": 5})
    assert fj.cell(s["table"]["fjords"][0], 5, 1) == {"t": "L", "v": None}
    assert places(s) == [[5, 2]]
    s = play(s, 0, {"type": "place", "row": 5, "col": 2})
    assert s["table"]["prompt"]["ask"] == "viking"  # blue in the fisherman row


def test_start_tile_after_the_bought_tile():
    # V-62: after the bought tile, the start tile is asked for next; only empty rows.
    s = holding("L", "red", start_tile=True)
    s = play(s, 0, {"type": "place", "row": 2, "col": 1})
    assert s["table"]["prompt"]["ask"] == "start"
    assert [m["row"] for m in decisions(s, 0)] == [1, 3, 4, 5]
    assert refused(s, {"type": "start", "row": 2}) == "V-62"
    s = play(s, 0, {"type": "start", "row": 1})
    assert s["table"]["prompt"]["ask"] == "viking"


def test_start_tile_with_a_first_ship():
    # V-62: the first tile may be a ship; the start tile still comes with it. VA-17: the
    # first island tile always has a place once the start tile lies. VD-12: a viking
    # bought with a ship goes to the fjord.
    s = holding("SG", "green", start_tile=True)
    s = play(s, 0, {"type": "place", "row": 0, "col": 3}, {"type": "start", "row": 3})
    f = s["table"]["fjords"][0]
    assert f["home"]["green"] == 1 and not f["start_tile"]  # V-66: a ship's viking goes home


def test_no_limit_to_a_row():
    # V-63: a row takes any number of tiles.
    row = [tile("L")] + [tile("MA")] * 14
    assert [4, 16] in places(holding("R", "blue", {4: row}))


def test_viking_on_its_own_tile_or_home():
    # V-65: an island tile in the viking's own row: on that tile, or home by choice.
    s = holding("L", "yellow")
    s = play(s, 0, {"type": "place", "row": 4, "col": 1})
    assert decisions(s, 0) == [{"type": "viking", "to": "tile"}, {"type": "viking", "to": "home"}]
    on = play(s, 0, {"type": "viking", "to": "tile"})
    assert fj.cell(on["table"]["fjords"][0], 4, 1)["v"] == "yellow"
    off = play(s, 0, {"type": "viking", "to": "home"})
    assert off["table"]["fjords"][0]["home"]["yellow"] == 1 and fj.cell(off["table"]["fjords"][0], 4, 1)["v"] is None


def test_viking_in_another_row_goes_home():
    # V-66 / V-68: tile in another row (the player need not match), so the viking goes home.
    s = play(holding("L", "green"), 0, {"type": "place", "row": 2, "col": 1})
    assert s["table"]["fjords"][0]["home"]["green"] == 1
    assert s["table"]["prompt"]["ask"] == "buy" and s["table"]["prompt"]["seat"] == 1


def test_boatsman_always_home():
    # V-66 / V-6: a bought boatsman goes to the boatsman area of the home fjord.
    s = play(holding("L", "grey"), 0, {"type": "place", "row": 1, "col": 1})
    assert s["table"]["fjords"][0]["home"]["grey"] == 1


def test_one_viking_per_tile_and_only_the_tile_bought_with_it():
    # V-67: the viking may stand only on the tile bought with it; the "tile" answer can
    # only mean that tile, and no move names another one.
    s = holding("R", "red", {2: [tile("L", "red")]})
    s = play(s, 0, {"type": "place", "row": 2, "col": 2})
    assert {"type": "viking", "to": "tile", "row": 2, "col": 1} not in decisions(s, 0)
    s = play(s, 0, {"type": "viking", "to": "tile"})
    assert [c["v"] for c in s["table"]["fjords"][0]["rows"][2]] == ["red", "red"]


def test_tiles_never_move():
    # V-55: placed tiles stay; a place move onto an occupied position is refused.
    s = holding("L", "blue", {5: [tile("L", "blue")]})
    assert refused(s, {"type": "place", "row": 5, "col": 1}) == "V-57"
