"""The tile catalogue: the data copy, its totals against the components file, the
segment model and rotation."""

from __future__ import annotations

import json
import re

import pytest

from server.games.hunters.tiles import BONUS, DATA_FILE, LAND, RAW, START, TILES, across
from tests.shared import RULES as SHARED


@pytest.mark.skipif(not SHARED.exists(), reason="shared specs not mounted")
def test_data_copy_equals_shared_original() -> None:
    assert DATA_FILE.read_bytes() == (SHARED / "hunters-gatherers-tiles.json").read_bytes()


def _component_rows() -> dict[str, list[str]]:
    text = (SHARED / "hunters-gatherers-components.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        m = re.match(r"\| ([STB]\d\d) \| ([FMR]) ([FMR]) ([FMR]) ([FMR]) \|", line)
        if m:
            rows[m.group(1)] = list(m.group(2, 3, 4, 5))
    return rows


@pytest.mark.skipif(not SHARED.exists(), reason="shared specs not mounted")
def test_sides_agree_with_components_tables() -> None:
    # H-1, H-7: one start tile, 78 regular tiles and 12 bonus tiles, sides as tabled.
    rows = _component_rows()
    assert len(rows) == 1 + 78 + 12
    for entry in [RAW["start_tile"], *RAW["land_tiles"], *RAW["bonus_tiles"]]:
        assert rows[entry["id"]] == [entry["sides"][s] for s in "NESW"], entry["id"]


@pytest.mark.skipif(not SHARED.exists(), reason="shared specs not mounted")
def test_survey_totals_agree_with_components_file() -> None:
    # H-4: the symbols of the 78 regular tiles, totalled as the components file states.
    text = (SHARED / "hunters-gatherers-components.md").read_text(encoding="utf-8")
    line = re.search(r"Survey totals over the 78 regular tiles.*?springs\.", text, re.S)
    assert line is not None
    stated = {name: int(n) for n, name in re.findall(r"(\d+) (deer|mammoths|tigers|lakes|fish|forest areas)", line[0])}
    tiles = RAW["land_tiles"]
    meadows = [m for t in tiles for m in t["meadows"]]
    assert stated["deer"] == sum(m["animals"].get("deer", 0) for m in meadows)
    assert stated["mammoths"] == sum(m["animals"].get("mammoth", 0) for m in meadows)
    assert stated["tigers"] == sum(m["animals"].get("tiger", 0) for m in meadows)
    assert stated["lakes"] == sum(len(t["lakes"]) for t in tiles)
    assert stated["fish"] == sum(lake["fish"] for t in tiles for lake in t["lakes"])
    assert stated["forest areas"] == sum(f["gold_nugget"] for t in tiles for f in t["forests"])


def test_counts() -> None:
    # H-1, H-7: 79 land tiles (start + 78) and 12 bonus tiles.
    assert START == "S00" and TILES[START].kind == "start"
    assert len(LAND) == 78 and len(BONUS) == 12


def test_h2_every_half_edge_and_forest_side_is_one_terrain() -> None:
    # H-2: every side is wholly forest, or meadow halves (around a river on R sides).
    for tile in TILES.values():
        t = tile.turned[0]
        for d, kind in enumerate(t.sides):
            halves = t.meadow[2 * d : 2 * d + 2]
            assert (t.forest[d] >= 0) == (kind == "F")
            assert (t.river[d] >= 0) == (kind == "R")
            assert all(h >= 0 for h in halves) == (kind != "F"), tile.id


def test_h4_bonus_only_symbols_are_only_on_bonus_tiles() -> None:
    # H-4, HA-16: aurochs, fire, mushrooms and shrine appear only on bonus tiles.
    for tile in TILES.values():
        special = any(s.animals.get("aurochs") or s.fire or s.shrine or s.mushrooms for s in tile.segments)
        if tile.kind != "bonus":
            assert not special, tile.id
    shrines = [t for t in BONUS if any(s.shrine for s in TILES[t].segments)]
    fires = [t for t in BONUS if any(s.fire for s in TILES[t].segments)]
    assert shrines == ["B03"] and fires == ["B05"]  # HA-1: one shrine in the game


def test_h77_b05_the_fire_tile_carries_a_tiger_not_an_aurochs() -> None:
    # H-77, HA-15: B05's animal is a tiger (re-read in the components file); its fire
    # sends it away with every other tiger of the meadow.
    (meadow,) = [s for s in TILES["B05"].segments if s.kind == "meadow"]
    assert meadow.fire and meadow.animals == {"tiger": 1}


def test_ha16_aurochs_only_on_b03_b04_b07_b08_b09() -> None:
    # HA-16, H-77: the components file lists aurochs on B03, B04, B07 (2), B08 (2), B09.
    aurochs = {t: sum(s.animals.get("aurochs", 0) for s in TILES[t].segments) for t in BONUS}
    assert {t: n for t, n in aurochs.items() if n} == {"B03": 1, "B04": 1, "B07": 2, "B08": 2, "B09": 1}


def test_h70_only_one_sided_forests_lack_nuggets() -> None:
    # H-70: every land-tile forest area touching 2+ sides has a nugget; bonus tiles none.
    for tile in TILES.values():
        for seg in tile.segments:
            if seg.kind != "forest":
                continue
            if tile.kind == "bonus":
                assert not seg.nugget
            elif seg.ends >= 2:
                assert seg.nugget, tile.id


def test_ha22_start_tile_river_ends_in_a_one_fish_lake() -> None:
    # HA-22: the volcano is decoration; the start river (W) ends in a lake with 1 fish.
    assert RAW["start_tile"]["volcano"] is True
    kinds = [s.kind for s in TILES[START].segments]
    assert kinds == ["forest", "river", "lake", "meadow", "meadow"]
    assert TILES[START].segments[1].lakes == (2,) and TILES[START].segments[2].fish == 1


def test_h19_rotation_turns_sides_and_halves_clockwise() -> None:
    # H-19: a quarter turn clockwise takes N to E; S00 is M F F R unturned.
    turned = TILES[START].turned
    assert [t.sides for t in turned] == ["MFFR", "RMFF", "FRMF", "FFRM"]
    # the one-half meadow W0 (index 6) moves to N0 (index 0) after one turn
    assert turned[0].meadow[6] == turned[1].meadow[0] == 4
    assert [across(h) for h in range(8)] == [5, 4, 7, 6, 1, 0, 3, 2]


def test_h18_fit_table_matches_sides() -> None:
    # H-18: a rotation fits a neighbour pattern exactly when every shown side matches.
    tile = TILES["T17"]  # F F R M
    assert tile.fits["..R."] == (0,)
    assert tile.fits["F..."] == (0, 3)
    assert "R..." in tile.fits and "RRRR" not in tile.fits


def test_data_file_is_plain_json() -> None:
    assert json.loads(DATA_FILE.read_text(encoding="utf-8"))["start_tile"]["id"] == "S00"
