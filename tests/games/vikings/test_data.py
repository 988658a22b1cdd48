"""The component data file against the component spec (V-15, V-16, V-2, V-1)."""

import re

import pytest

from server.games.vikings import components as c
from tests.shared import RULES

SPEC = RULES / "vikings-components.md"


def test_totals_match_the_rulebook():
    # V-2: 76 tiles, 62 island and 14 ships, 4 start tiles; V-22: 72 in 6 stacks of 12.
    islands = sum(t["count"] for t in c.ISLANDS.values())
    ships = sum(t["count"] for t in c.SHIPS.values())
    assert (islands, ships, c.START_TILES) == (62, 14, 4)
    assert sum(c.STACK_TILES.values()) == c.STACKS * c.STACK_SIZE == 72
    # V-1: six colours of 13 vikings; V-15: 195 gold in coins; 25 special tiles (V-26).
    assert len(c.COLOURS) * c.PER_COLOUR == 78
    assert c.COINS == 195
    assert sum(t["count"] for t in c.SPECIALS.values()) == 25


def test_island_edges():
    # V-9: left end sea|land, middle land|land, right end land|sea.
    assert (c.LEFT_SEA["L"], c.RIGHT_SEA["L"]) == (True, False)
    assert all(not c.LEFT_SEA[k] and not c.RIGHT_SEA[k] for k in ("MA", "MB", "MC", "MD"))
    assert (c.LEFT_SEA["R"], c.RIGHT_SEA["R"]) == (False, True)


@pytest.mark.skipif(not SPEC.exists(), reason="shared specs not mounted")
def test_counts_equal_the_component_markdown():
    # V-16: the counts are read from data; cross-check them against the spec's tables.
    text = SPEC.read_text()
    kinds = r"(left end|middle, building [A-D]|right end)(?: \([^)]*\))?"
    island_rows = re.findall(r"^\| " + kinds + r" \| \w+ \| \w+ \| (\d+)", text, re.M)
    assert {name: int(n) for name, n in island_rows} == {t["name"]: t["count"] for t in c.ISLANDS.values()}
    ship_rows = re.findall(r"^\| (SH-[RGYB]) \| (\w+) \| [^|]+\| (\d+) \| (\d+) (gold|VP)", text, re.M)
    assert sorted((sail, int(n), int(v), cur.lower()) for _, sail, n, v, cur in ship_rows) == sorted(
        (t["sail"], t["count"], t["value"], t["currency"]) for t in c.SHIPS.values()
    )
    special_rows = re.findall(r"^\| (S\d+) \| (\d+) \|", text, re.M)
    data: dict[str, int] = {}
    for sid, t in c.SPECIALS.items():
        kind = "S11" if sid.startswith("S11") else sid  # one S11 per building A-D
        data[kind] = data.get(kind, 0) + t["count"]
    assert {sid: int(n) for sid, n in special_rows} == data


def test_rows_and_trades():
    # V-7 / VD-11: rows top to bottom: ships (0), warriors, nobles, scouts, goldsmiths,
    # fishermen (5); boatsmen have no row. V-1: the six trades.
    assert c.ROW_OF == {"black": 1, "red": 2, "green": 3, "yellow": 4, "blue": 5}
    assert c.DATA["rows"][0] == "ship" and "grey" not in c.ROW_OF
    assert c.TRADES["grey"] == "boatsman" and c.TRADES["blue"] == "fisherman"


def test_coins():
    # VD-2: 45 coins, 10x10, 15x5, 20x1.
    assert c.DATA["coins"] == {"10": 10, "5": 15, "1": 20}
