"""The component data: verbatim copies of the shared files, and the counts the spec states."""

from __future__ import annotations

import pytest

from server.games.feast import catalog
from server.games.feast.areas import KINDS
from tests.shared import DATA

SHARED = DATA / "feast"


@pytest.mark.parametrize("name", catalog.DATA_FILES)
def test_data_copy_equals_shared_original(name: str) -> None:
    if not SHARED.exists():
        pytest.skip("shared data not present")
    assert (catalog.DATA_DIR / name).read_bytes() == (SHARED / name).read_bytes()


def test_every_shared_file_is_copied() -> None:
    if not SHARED.exists():
        pytest.skip("shared data not present")
    shared = {p.name for p in SHARED.glob("*.json")}
    assert shared == set(catalog.DATA_FILES)


def test_action_board_has_61_spaces_in_columns_18_18_16_9() -> None:
    # F-400
    columns = [sp["column"] for sp in catalog.SPACES.values()]
    assert len(columns) == 61
    assert [columns.count(c) for c in (1, 2, 3, 4)] == [18, 18, 16, 9]


def test_component_counts() -> None:
    # F-102
    assert catalog.WEAPON_DECK == {"bow": 12, "snare": 12, "spear": 12, "long_sword": 11}
    assert {b: d["count"] for b, d in catalog.BUILDINGS.items()} == {
        "shed": 3,
        "stone_house": 3,
        "long_house": 5,
    }
    assert len(catalog.SPECIALS) == 15
    assert len(catalog.STRIPS) == 8
    decks = [c["deck"] + ("start" if c["starting"] else "") for c in catalog.OCCUPATIONS.values()]
    assert len(decks) == 190
    counts = [decks.count(d) for d in ("A", "B", "C", "Astart", "Bstart", "Cstart")]
    assert counts == [57, 44, 44, 15, 15, 15]


def test_colours_of_goods() -> None:
    # F-105
    colours = catalog.COLOUR
    assert {g for g, c in colours.items() if c == "orange"} == {
        "peas",
        "flax",
        "beans",
        "grain",
        "cabbage",
        "fruits",
    }
    assert colours["sheep"] == "red" and colours["pregnant_cattle"] == "red"
    assert colours["robe"] == "green" and colours["silver_hoard"] == "blue"
    assert all(colours[t] == "blue" for t in catalog.SPECIALS)  # F-107


def test_penalty_cells_match_printed_counts() -> None:
    # F-312, F-750: home 86, every exploration board its printed count, houses 7 and 15
    assert bin(KINDS["home"].penalty).count("1") == 86
    for bid, board in catalog.EXPLORATION.items():
        assert bin(KINDS[bid].penalty).count("1") == board["penalty_cells_printed"], bid
    assert bin(KINDS["stone_house"].penalty).count("1") + 2 == 9
    assert bin(KINDS["long_house"].penalty).count("1") == 15


def test_upgrade_chains_by_shape() -> None:
    # F-462
    assert catalog.UPGRADE["peas"] == "mead" and catalog.UPGRADE["mead"] == "oil"
    assert catalog.UPGRADE["pregnant_sheep"] == "fur" and catalog.UPGRADE["cattle"] == "clothing"
    assert "rune_stone" not in catalog.UPGRADE


def test_mountain_strips_as_printed() -> None:
    # F-450
    assert catalog.STRIPS[1] == ["wood", "wood", "stone", "ore", "ore", "silver2", "silver2"]
    assert catalog.STRIPS[3] == ["wood", "wood", "wood", "wood", "stone", "stone", "silver2"]
    assert all(len(slots) == 7 for slots in catalog.STRIPS.values())
