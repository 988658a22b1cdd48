"""Small, large and final scoring (sections 9, 11 and the special tiles of section 13).

One function per scoring item, each booking its VP to the item of the same name in the
player's tally (see `treasury.VP_ITEMS`). Boatsman transport, which opens a large
scoring, is a chain of decisions handled in `boatsman.py` before `large` runs.
"""

from __future__ import annotations

from typing import Any

from server.games.vikings import fjord as fj
from server.games.vikings.components import (
    BOATSMAN,
    FISHERMAN,
    GOLDSMITH,
    ISLAND_ROWS,
    NOBLE,
    ROW_OF,
    SCOUT,
    SHIP_ROW,
    SHIPS,
    SPECIALS,
)
from server.games.vikings.treasury import change_vp, earn_gold, pay_gold

State = dict[str, Any]


def owned(fjord: dict[str, Any], sid: str) -> int:
    """V-130: how many special tiles of kind `sid` the player keeps."""
    return fjord["specials"].get(sid, 0)


def goldsmith_gold(fjord: dict[str, Any], safe: set[tuple[int, int]]) -> int:
    """V-73 / V-74 (6): 3 gold per unthreatened goldsmith, +1 per S2 and +2 per S3."""
    per = 3 + sum(owned(fjord, sid) * SPECIALS[sid]["gold_per_goldsmith"] for sid in ("S2", "S3"))
    return per * len(fj.standing(fjord, GOLDSMITH, safe))


def small(s: State, seat: int) -> None:
    """V-73: goldsmiths only."""
    fjord = s["table"]["fjords"][seat]
    earn_gold(s, seat, goldsmith_gold(fjord, fj.threatened(fjord)))


def warriors(s: State, seat: int) -> None:
    """V-74 (3): the reward printed on every repelled ship."""
    fjord = s["table"]["fjords"][seat]
    for col, ship in enumerate(fjord["rows"][SHIP_ROW], 1):
        if ship is None or not fj.repelled(fjord, col):
            continue
        value = SHIPS[ship["t"]]
        if value["currency"] == "gold":
            earn_gold(s, seat, value["value"])
        else:
            change_vp(fjord, "warriors", value["value"])


def scouts(fjord: dict[str, Any], safe: set[tuple[int, int]]) -> int:
    """V-74 (5) / VA-6: 1 VP per unthreatened scout, +1 per goldsmith and fisherman on
    an island tile in the same column (rows 4 and 5)."""
    points = 0
    for _, col in fj.standing(fjord, SCOUT, safe):
        points += 1
        for colour in (GOLDSMITH, FISHERMAN):
            tile = fj.cell(fjord, ROW_OF[colour], col)
            if tile is not None and tile["v"] == colour:
                points += 1
    return points


def large(s: State, seat: int) -> None:
    """V-74 steps 2-7 (boatsmen, step 1, are already done), with S2, S3, S5-S7 (V-131)."""
    fjord = s["table"]["fjords"][seat]
    safe = fj.threatened(fjord)
    warriors(s, seat)
    nobles = len(fj.standing(fjord, NOBLE, safe))
    change_vp(fjord, "nobles", 2 * nobles)
    change_vp(fjord, "noble_tiles", owned(fjord, "S5") * nobles)
    change_vp(fjord, "scouts", scouts(fjord, safe))
    change_vp(fjord, "scout_tiles", owned(fjord, "S6") * len(fj.standing(fjord, SCOUT, safe)))
    earn_gold(s, seat, goldsmith_gold(fjord, safe))
    change_vp(fjord, "fisherman_tiles", owned(fjord, "S7") * len(fj.standing(fjord, FISHERMAN, safe)))


def pay_for_ships(s: State, seat: int) -> None:
    """V-90 / VD-7: each unrepelled ship costs its value; missing gold costs 1 VP each."""
    fjord = s["table"]["fjords"][seat]
    for col, ship in enumerate(fjord["rows"][SHIP_ROW], 1):
        if ship is None or fj.repelled(fjord, col):
            continue
        value = SHIPS[ship["t"]]
        due = value["value"]
        if value["currency"] == "gold":
            paid = min(due, fjord["gold"])
            pay_gold(s, seat, paid)
            due -= paid
        change_vp(fjord, "ships", -due)


def gold_to_vp(s: State, seat: int) -> None:
    """V-91: 5 gold (3 with S10) become 1 VP; the rest stays for the tie-break."""
    fjord = s["table"]["fjords"][seat]
    rate = SPECIALS["S10"]["gold_per_vp"] if owned(fjord, "S10") else 5
    points = fjord["gold"] // rate
    pay_gold(s, seat, points * rate)
    change_vp(fjord, "gold", points)


def majority(s: State, counts: list[int], item: str, points: int) -> None:
    """V-92..V-94 / VA-8: the most (at least 1) score; ties all score."""
    best = max(counts)
    if best < 1:
        return
    for seat, count in enumerate(counts):
        if count == best:
            change_vp(s["table"]["fjords"][seat], item, points)


def boatsmen_left(fjord: dict[str, Any]) -> int:
    """V-92 with S8: boatsmen in the home fjord, each S8 tile counting as one."""
    return fjord["home"][BOATSMAN] + owned(fjord, "S8")


def food(s: State, seat: int) -> None:
    """V-95 / V-97 / V-120, with S9: 5 places per unthreatened fisherman on an island."""
    t = s["table"]
    fjord = t["fjords"][seat]
    safe = fj.threatened(fjord)
    need = sum(fjord["home"].values()) + fj.vikings_on_tiles(fjord)
    if t["options"].get("food_ignores_figures_on_special_tiles"):
        need -= sum(1 for row in ISLAND_ROWS for c in fjord["rows"][row] if c and c.get("b") and c["v"])
    places = 5 * len(fj.standing(fjord, FISHERMAN, safe))
    if places >= need:
        per = SPECIALS["S9"]["food_surplus_vp"] if owned(fjord, "S9") else 2
        change_vp(fjord, "food", per * (places - need))
    else:
        change_vp(fjord, "food", places - need)


def buildings(fjord: dict[str, Any]) -> int:
    """V-138: +1 per viking on an unthreatened building tile and its 8 neighbours."""
    safe = fj.threatened(fjord)
    points = 0
    for row in ISLAND_ROWS:
        for col, tile in enumerate(fjord["rows"][row], 1):
            if tile is None or not tile.get("b") or (row, col) in safe:
                continue
            around = [fj.cell(fjord, r, c) for r in (row - 1, row, row + 1) for c in (col - 1, col, col + 1)]
            points += sum(1 for t in around if t is not None and t.get("v"))
    return points


def final(s: State) -> None:
    """Section 11 in the rulebook's order, then the building tiles (VA-16)."""
    t = s["table"]
    seats = range(t["players"])
    fjords = t["fjords"]
    for seat in seats:
        pay_for_ships(s, seat)
        gold_to_vp(s, seat)
    majority(s, [boatsmen_left(f) for f in fjords], "boatsmen", 10)
    completed = [fj.islands(f) for f in fjords]
    majority(s, [len(c) for c in completed], "islands", 7)
    majority(s, [max(c, default=0) for c in completed], "longest_island", 5)
    for seat in seats:
        food(s, seat)
        change_vp(fjords[seat], "buildings", buildings(fjords[seat]))
