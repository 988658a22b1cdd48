"""Final scoring and winners (F-730…F-780), with the rulebook's worked example WE-A-15."""

from __future__ import annotations

from server.games.feast import scoring
from server.games.feast.areas import KINDS, new_area
from tests.games.feast.situations import fresh


def _uncover_all_but(area: dict, open_penalty: int) -> None:
    """Cover every coverable cell except `open_penalty` penalty cells."""
    kind = KINDS[area["kind"]]
    keep = open_penalty
    for b in range(kind.width * kind.height):
        if not kind.cells >> b & 1:
            continue
        if kind.penalty >> b & 1 and keep:
            keep -= 1
            continue
        r, c = divmod(b, kind.width)
        area["cover"][r] |= 1 << c


def we_a_15() -> dict:
    s = fresh(1)
    p = s["seats"][0]
    p["ships"] = [{"type": "whaling_boat", "ore": 1}, {"type": "longship", "ore": 2}]
    p["emigrated"] = ["knarr"]
    home, shetland, long_house = new_area("home"), new_area("shetland"), new_area("long_house")
    _uncover_all_but(home, 12)
    _uncover_all_but(shetland, 3)
    _uncover_all_but(long_house, 4)
    p["areas"] = [home, shetland, long_house]
    p["sheds"] = [{"wood": 3, "stone": 1}]
    p["goods"] = {"sheep": 3, "pregnant_cattle": 1, "oil": 2}
    p["played"] = ["24A", "3A", "100b"]  # worth 2, 1 and -1
    p["silver"] = 7
    p["things"] = 1
    p["wood"] = 4
    return s


def test_worked_final_scoring() -> None:
    # F-730, F-731, F-732, F-733, F-734, F-735, F-736, F-738, F-739, F-741, F-750, F-760, WE-A-15
    s = we_a_15()
    row = scoring.breakdown(s["seats"][0])
    assert row["ships"] == 11
    assert row["emigration"] == 18
    assert row["exploration"] == 6
    assert row["buildings"] == 25
    assert row["animals"] == 10
    assert row["occupations"] == 2
    assert row["silver"] == 7
    assert row["final_income"] == 0
    assert row["english_crown"] == 0
    assert row["board_penalties"] == -21
    assert row["thing_penalties"] == -3
    assert sum(row.values()) == 55


def test_english_crown_placed_or_in_supply() -> None:
    # F-740, WE-A-15: with the crown placed on the home board 57
    s = we_a_15()
    p = s["seats"][0]
    p["areas"][0]["pieces"].append(["english_crown", 0, 0, 0])
    assert scoring.result(s)["scores"] == [57]
    p["areas"][0]["pieces"].pop()
    p["goods"]["english_crown"] = 1
    assert scoring.breakdown(p)["english_crown"] == 2


def test_negative_occupation_vp() -> None:
    # F-736, F-630: Undertaker 100b is -1
    p = fresh(1)["seats"][0]
    p["played"] = ["100b"]
    assert scoring.breakdown(p)["occupations"] == -1


def test_nothing_else_scores() -> None:
    # F-741: goods, weapons, resources, cards in hand score nothing
    p = fresh(1)["seats"][0]
    base = scoring.breakdown(p)
    p["goods"]["oil"] = 5
    p["weapons"]["bow"] = 4
    p["ore"] = 3
    p["hand"].append("1A")
    assert scoring.breakdown(p) == base


def test_empty_long_house_nets_two() -> None:
    # F-751
    p = fresh(1)["seats"][0]
    p["areas"] = [new_area("long_house")]
    row = scoring.breakdown(p)
    assert row["buildings"] + row["board_penalties"] == 2


def test_ties_share_the_victory() -> None:
    # F-780
    s = fresh(3)
    result = scoring.result(s)
    assert result["scores"][0] == result["scores"][1] == result["scores"][2]
    assert result["winners"] == [0, 1, 2]
    s["seats"][1]["silver"] = 1
    assert scoring.result(s)["winners"] == [1]


def test_solo_benchmark() -> None:
    # F-815
    s = fresh(1)
    assert scoring.result(s)["solo_benchmark_reached"] is False
    s["seats"][0]["silver"] = 300
    assert scoring.result(s)["solo_benchmark_reached"] is True


def _lenient_home(greens: list[tuple[int, int]]) -> dict:
    from server.games.feast.areas import place

    home = new_area("home", lenient=True)
    for row, col in greens:
        place(home, "oil", 0, row, col)  # 1 x 2, as printed
    return home


def test_late_adjacency_errors_in_a_row() -> None:
    # F-770, F-771, WE-A-16: three green tiles in a row -> 2 pairs -> -6
    from server.games.feast.areas import adjacency_errors

    home = _lenient_home([(0, 0), (0, 2), (0, 4)])
    assert adjacency_errors(home) == 2
    p = fresh(1)["seats"][0]
    p["areas"] = [home]
    assert scoring.breakdown(p)["thing_penalties"] == -6


def test_late_adjacency_errors_each_touching() -> None:
    # F-771, WE-A-16: three green tiles each touching the other two -> 3 pairs
    from server.games.feast.areas import adjacency_errors, place

    home = new_area("home", lenient=True)
    place(home, "oil", 0, 0, 0)  # [0,0],[0,1]
    place(home, "oil", 1, 1, 0)  # [1,0],[2,0]
    place(home, "wool", 0, 1, 1)  # [1,1]..[2,2]: touches both
    assert adjacency_errors(home) == 3


def test_lenient_mode_accepts_what_strict_refuses() -> None:
    # F-772
    from server.games.feast.areas import check, place

    strict, lenient = new_area("home"), new_area("home", lenient=True)
    for area in (strict, lenient):
        place(area, "oil", 0, 0, 0)
    assert check(strict, "oil", 0, 0, 2, False)[0] == "F-309"
    assert check(lenient, "oil", 0, 0, 2, False) is None
