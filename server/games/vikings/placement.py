"""A purchase and its placement: buy a set, maybe take a special tile, lay the tile
(and the start tile with the first one), then put the viking (sections 6-8, V-117).

Each function here handles one decision of the purchase chain on a state the caller
has already cloned; it raises IllegalMove (before or after partial changes: the caller
throws the clone away) when the decision breaks a rule.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import IllegalMove
from server.games.vikings import fjord as fj
from server.games.vikings import offer
from server.games.vikings.components import (
    BUILDING_FOR_TILE,
    BUILDING_OF,
    ROW_OF,
    SHIPS,
    SPECIALS,
    START_TILE,
)
from server.games.vikings.flow import advanced, ask, next_purchase
from server.games.vikings.move_fields import choice, integer, refusal
from server.games.vikings.treasury import earn_gold, pay_gold

State = dict[str, Any]
MAX_COL = 99  # far beyond any reachable column (12 purchases a round, 6 rounds)


def buy(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-45..V-49, V-51, V-117."""
    t = s["table"]
    wheel, fjord = t["wheel"], t["fjords"][seat]
    space = integer(move, "slot", 0, offer.SPACES - 1)
    if space not in offer.legal_buys(wheel, fjord["gold"]):
        raise offer.refuse_buy(wheel, fjord["gold"], space)
    price = offer.price(wheel, space)
    dearest = space == offer.most_expensive(wheel)
    pay_gold(s, seat, price)
    t["hand"] = dict(offer.take(wheel, space), pos=None)
    t["bought"] += 1
    if price == 0 and t["options"].get("zero_purchase_lockout"):
        fjord["locked"] = True  # VD-9, Russian reading
    earns = advanced(s) and dearest and price > 0 and not fjord["locked"]
    if earns and any(t["display"]):
        ask(s, seat, "special")
        return
    ask_place(s, seat)


def ask_place(s: State, seat: int) -> None:
    """Ask where the bought tile goes; V-61: an island tile with no place is discarded."""
    t = s["table"]
    fjord, kind = t["fjords"][seat], t["hand"]["tile"]
    islands_only = bool(t["options"].get("island_adjacency_islands_only"))
    if kind in SHIPS or fjord["start_tile"] or fj.has_island_spot(fjord, kind, islands_only):
        ask(s, seat, "place")
        return
    t["removed"]["tiles"][kind] += 1
    fjord["home"][t["hand"]["viking"]] += 1  # V-66
    next_purchase(s)


def island_spots(s: State, seat: int, kind: str) -> list[list[int]]:
    t = s["table"]
    return fj.island_spots(t["fjords"][seat], kind, bool(t["options"].get("island_adjacency_islands_only")))


def take_special(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-117..V-119: one face-up special tile, placed by its type."""
    t = s["table"]
    fjord = t["fjords"][seat]
    if move["type"] == "special":
        space = integer(move, "space", 0, len(t["display"]) - 1)
        sid = t["display"][space]
        if sid is None:
            raise refusal("V-118", "that display space is empty until next round")
        t["display"][space] = None
        if sid == "S1":
            earn_gold(s, seat, SPECIALS["S1"]["gold"])
            t["removed"]["specials"]["S1"] += 1
        elif sid in BUILDING_OF:
            fjord["waiting"].append(sid)
            spots = building_spots(fjord, sid)
            if len(spots) > 1:
                ask(s, seat, "exchange", special=sid)
                return
            if spots:
                exchange(s, seat, sid, *spots[0])
        else:
            fjord["specials"][sid] = fjord["specials"].get(sid, 0) + 1
    ask_place(s, seat)


def building_spots(fjord: dict[str, Any], sid: str) -> list[list[int]]:
    """V-135: the normal island tiles showing the building of S11 tile `sid`."""
    kind = BUILDING_OF[sid]
    return [
        [row, col]
        for row in range(1, 6)
        for col, tile in enumerate(fjord["rows"][row], 1)
        if tile is not None and tile["t"] == kind and not tile.get("b")
    ]


def exchange(s: State, seat: int, sid: str, row: int, col: int) -> None:
    """V-135: the building tile takes the normal tile's place; a viking on it stays."""
    t = s["table"]
    fjord = t["fjords"][seat]
    assert fj.cell(fjord, row, col) is not None
    tile = fj.mark(fjord, row, col, b=sid)
    fjord["waiting"].remove(sid)
    t["removed"]["tiles"][tile["t"]] += 1


def choose_exchange(s: State, seat: int, move: dict[str, Any]) -> None:
    sid = s["table"]["prompt"]["special"]
    spot = [integer(move, "row", 1, 5), integer(move, "col", 1, MAX_COL)]
    if spot not in building_spots(s["table"]["fjords"][seat], sid):
        raise refusal("V-135", "that tile does not show this building")
    exchange(s, seat, sid, *spot)
    ask_place(s, seat)


def place(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-55..V-60: the bought tile goes to (row, col)."""
    t = s["table"]
    fjord, hand = t["fjords"][seat], t["hand"]
    row, col = integer(move, "row", 0, 5), integer(move, "col", 1, MAX_COL)
    kind = hand["tile"]
    if kind in SHIPS:
        if row != 0:
            raise refusal("V-56", "ships go only in the ship row")
        if col not in fj.ship_spots(fjord, bool(t["options"].get("ship_row_contiguous"))):
            raise refusal("V-56", f"a ship may not go to column {col} now")
        fj.put(fjord, row, col, {"t": kind})
    else:
        if not fj.island_fits(fjord, kind, row, col, bool(t["options"].get("island_adjacency_islands_only"))):
            raise refuse_island(s, seat, kind, row, col)
        fj.put(fjord, row, col, {"t": kind, "v": None})
    hand["pos"] = [row, col]
    after_tiles(s, seat)


def refuse_island(s: State, seat: int, kind: str, row: int, col: int) -> IllegalMove:
    """Which of V-57, V-58, V-60 an island placement breaks."""
    t = s["table"]
    fjord = t["fjords"][seat]
    if row == 0 or fj.cell(fjord, row, col) is not None:
        return refusal("V-57", "island tiles go on an empty place in rows 1-5")
    if not fj.touches(fjord, row, col, bool(t["options"].get("island_adjacency_islands_only"))):
        return refusal("V-58", "an island tile must share a side with the fjord or a tile")
    return refusal("V-60", "the edges do not match (sea must meet sea, land land)")


def place_start(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-62: the start tile goes to column 1 of an empty island row, with no viking."""
    t = s["table"]
    fjord = t["fjords"][seat]
    row = integer(move, "row", 0, 5)
    if not fjord["start_tile"]:
        raise refusal("V-62", "your start tile is already placed")
    if row not in fj.start_rows(fjord):
        raise refusal("V-62", "the start tile goes to column 1 of an empty island row")
    fj.put(fjord, row, 1, {"t": START_TILE, "v": None})
    fjord["start_tile"] = False
    if t["hand"]["pos"] is None:
        ask_place(s, seat)
    else:
        after_tiles(s, seat)


def after_tiles(s: State, seat: int) -> None:
    """Once the bought tile (and a first-turn start tile) lie: S11 exchange, then the viking."""
    t = s["table"]
    fjord, hand = t["fjords"][seat], t["hand"]
    if fjord["start_tile"]:
        ask(s, seat, "start")
        return
    row, col = hand["pos"]
    sid = BUILDING_FOR_TILE.get(hand["tile"])
    if sid is not None and sid in fjord["waiting"]:
        exchange(s, seat, sid, row, col)  # V-136
    if ROW_OF.get(hand["viking"]) == row:
        ask(s, seat, "viking")
        return
    fjord["home"][hand["viking"]] += 1  # V-66
    next_purchase(s)


def stand(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-65: on the tile just bought with it, or in the home fjord."""
    t = s["table"]
    fjord, hand = t["fjords"][seat], t["hand"]
    if choice(move, "to", ("tile", "home")) == "tile":
        row, col = hand["pos"]
        fj.mark(fjord, row, col, v=hand["viking"])
    else:
        fjord["home"][hand["viking"]] += 1
    next_purchase(s)
