"""Placement areas: geometry, the income diagonal, adjacency, bonuses and penalties (F-301…F-335)."""

from __future__ import annotations

from server.games.feast import areas
from server.games.feast.areas import bonuses, check, income, new_area, penalty, place


def cover(area: dict, cells: list[tuple[int, int]]) -> None:
    for r, c in cells:
        area["cover"][r] |= 1 << c


def block(rows: range, cols: range) -> list[tuple[int, int]]:
    return [(r, c) for r in rows for c in cols]


def test_empty_home_board_pays_nothing() -> None:
    # F-261, WE-A-7
    assert income(new_area("home")) == 0


def test_ore_on_the_zero_makes_income_one() -> None:
    # F-261, F-301, WE-A-7
    home = new_area("home")
    assert check(home, "ore", 0, 11, 0, False) is None
    place(home, "ore", 0, 11, 0)
    assert income(home) == 1


def test_robe_covers_three_income_numbers_and_the_mead_bonus() -> None:
    # F-306, F-308, WE-A-9
    home = new_area("home")
    assert check(home, "robe", 0, 9, 0, False) is None
    place(home, "robe", 0, 9, 0)
    assert income(home) == 2  # [8,3] is the next uncovered number
    assert "mead" not in bonuses(home)


def test_robe_one_row_higher_breaks_the_income_rule() -> None:
    # F-306, WE-A-9 negative
    assert check(new_area("home"), "robe", 0, 8, 0, False) == (
        "F-306",
        "an income number may be covered only when its lower-left block is covered",
    )


def _we_a_10() -> dict:
    home = new_area("home")
    cells = [c for c in block(range(6, 12), range(0, 6)) if c not in {(6, 4), (6, 5), (7, 4), (7, 5)}]
    cover(home, cells)
    return home


def test_wool_covers_three_and_four() -> None:
    # F-306, WE-A-10: new income 5
    home = _we_a_10()
    assert check(home, "wool", 0, 6, 4, False) is None
    place(home, "wool", 0, 6, 4)
    assert income(home) == 5


def test_wool_refused_while_block_of_four_is_open() -> None:
    # F-306, WE-A-10 negative: [11,5] uncovered
    home = _we_a_10()
    home["cover"][11] &= ~(1 << 5)
    assert check(home, "wool", 0, 6, 4, False)[0] == "F-306"


def test_green_may_not_touch_green_but_blue_may() -> None:
    # F-304, F-309, F-772 (strict validation), WE-A-10 negatives
    home = _we_a_10()
    home["cover"][8] &= ~((1 << 4) | (1 << 5))
    home_blue = {k: list(v) if isinstance(v, list) else v for k, v in home.items()}
    place(home, "oil", 0, 8, 4)  # oil as printed: 1 row x 2 cols
    assert check(home, "wool", 0, 6, 4, False)[0] == "F-309"
    place(home_blue, "silverware", 0, 8, 3)
    home_blue["cover"][8] |= 1 << 5
    assert check(home_blue, "wool", 0, 6, 4, False) is None


def test_corner_contact_of_green_is_allowed() -> None:
    # F-304, F-309
    home = new_area("home")
    place(home, "oil", 0, 0, 0)  # cells [0,0],[0,1]
    assert check(home, "oil", 0, 1, 2, False) is None
    assert check(home, "oil", 0, 1, 1, False)[0] == "F-309"


def test_no_overlap_no_overhang() -> None:
    # F-302, F-303
    home = new_area("home")
    place(home, "oil", 0, 0, 0)
    assert check(home, "ore", 0, 0, 1, False)[0] == "F-302"
    assert check(home, "linen", 0, 0, 10, False)[0] == "F-302"  # 4 wide from col 10
    assert check(home, "ore", 0, 0, 5, False) is None  # anywhere, no connection needed


def test_only_green_blue_silver_ore_on_boards() -> None:
    # F-305, F-320
    home = new_area("home")
    for item in ("peas", "mead", "sheep"):
        assert check(home, item, 0, 0, 0, False)[0] == "F-305"
    for item in ("oil", "rune_stone", "helmet", "silver_1", "ore"):
        assert check(home, item, 0, 0, 0, False) is None


def test_extra_cells_only_at_the_end() -> None:
    # F-310
    home = new_area("home")
    assert check(home, "silver_2", 0, 1, 11, False)[0] == "F-310"
    assert check(home, "silver_2", 0, 1, 11, True) is None
    assert check(home, "silver_2", 0, 3, 11, True)[0] == "F-302"  # no extra cell in row 3


def test_bear_island_blocked_cells_and_capped_income() -> None:
    # F-262, F-321, F-322, WE-A-7: 1 with nothing on it, 5 once 1, 3 and 4 are covered
    bear = new_area("bear_island")
    assert income(bear) == 1
    assert check(bear, "ore", 0, 1, 4, False)[0] == "F-302"  # the blocked 5
    kind = areas.KINDS["bear_island"]
    for ic in kind.income:
        cover(bear, [divmod(b, kind.width) for b in range(kind.width * kind.height) if ic.block >> b & 1])
    assert income(bear) == 5


def test_shetland_income_with_zero_and_one_covered() -> None:
    # F-262, F-263, WE-A-7: Shetland pays 2; Labrador pays 0
    shetland = new_area("shetland")
    cover(shetland, [(7, 0), (6, 1), (6, 0), (7, 1), (8, 1)])
    assert income(shetland) == 2
    assert income(new_area("labrador")) == 0


def test_greenland_pays_both_diagonals() -> None:
    # F-262, A-A-07: lower 0 + upper 0 with nothing covered; 5 + 3 when all covered
    green = new_area("greenland")
    assert income(green) == 0
    kind = areas.KINDS["greenland"]
    cover(green, [divmod(b, kind.width) for b in range(kind.width * kind.height) if kind.cells >> b & 1])
    assert income(green) == 8


def test_exploration_boards_have_no_extra_cells() -> None:
    # F-323
    assert all(areas.KINDS[b].extra == 0 for b in ("shetland", "iceland", "newfoundland"))


def test_home_bonus_ore_needs_five_neighbours() -> None:
    # F-281, F-282, WE-A-11
    home = new_area("home")
    cover(home, [(4, 0), (4, 1), (5, 1), (6, 0)])
    assert "ore" not in bonuses(home)
    cover(home, [(6, 1)])
    assert bonuses(home) == ["ore"]


def test_bear_island_double_bonus_with_six_neighbours() -> None:
    # F-281, F-282, WE-A-11
    bear = new_area("bear_island")
    cover(bear, [(5, 5), (5, 6), (5, 7), (6, 5), (7, 5), (7, 6)])
    assert bonuses(bear) == ["rune_stone", "ore"]


def test_covered_bonus_cell_pays_nothing() -> None:
    # F-280, F-308, WE-A-11
    home = new_area("home")
    cover(home, [(4, 0), (4, 1), (5, 1), (6, 0), (6, 1), (5, 0)])
    assert bonuses(home) == []


def test_penalty_cells_cost_one_each() -> None:
    # F-312, F-750, F-751
    home = new_area("home")
    assert penalty(home) == 86
    place(home, "silver_10", 0, 0, 0)  # 5 x 2 cells, all penalty cells
    assert penalty(home) == 76
    assert penalty(new_area("long_house")) == 15
    assert penalty(new_area("stone_house")) == 9


def test_houses_take_food_but_never_ore() -> None:
    # F-331, A-A-25
    house = new_area("long_house")
    assert check(house, "peas", 0, 0, 0, False) is None
    assert check(house, "helmet", 0, 0, 0, False) is None
    assert check(house, "ore", 0, 0, 0, False)[0] == "F-331"


def test_houses_forbid_orange_orange_and_red_red_only() -> None:
    # F-332, A-A-09
    house = new_area("long_house")
    place(house, "peas", 0, 0, 0)  # [0,0],[0,1]
    assert check(house, "flax", 0, 0, 2, False)[0] == "F-332"
    assert check(house, "mead", 0, 0, 2, False) is None
    place(house, "oil", 0, 0, 2)
    assert check(house, "oil", 0, 0, 4, False) is None  # green may touch green on houses


def test_long_house_pillars_cannot_be_covered() -> None:
    # F-333
    house = new_area("long_house")
    assert check(house, "ore", 0, 1, 3, False)[0] in ("F-331", "F-302")
    assert check(house, "silver_1", 0, 1, 3, False)[0] == "F-302"
    assert check(house, "silver_1", 0, 1, 7, False)[0] == "F-302"


def test_house_bonuses() -> None:
    # F-334, A-A-29: stone house hide bonus
    house = new_area("stone_house")
    kind = areas.KINDS["stone_house"]
    ring = next(iter(kind.bonus_rings.values()))
    cover(house, [divmod(b, kind.width) for b in range(kind.width * kind.height) if ring >> b & 1])
    assert bonuses(house) == ["hide"]
    assert kind.income == []


def test_special_tiles_may_be_mirrored_goods_only_turned() -> None:
    # F-106, F-301
    from server.games.feast.shapes import orientations

    assert len(orientations("helmet")) == 8
    assert len(orientations("grain")) == 2
    assert len(orientations("beans")) == 1
