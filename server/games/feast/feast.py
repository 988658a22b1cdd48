"""Phase 9, the feast: covering the empty banquet cells with food and silver (F-270…F-277).

Every player decides at the same time, as a chain of small decisions along his table
from left to right: serve one food tile (laid horizontally or vertically) or one silver
at the leftmost open cell, or leave that cell empty (one Thing penalty, F-275), or leave
all the rest empty. Filling left to right loses no layout (any layout is such a sequence)
and keeps every choice list short; only the left neighbour can then break the colour
rule (F-272). Served food and silver return to the general supply at once (F-276).
Feast-changing occupations are not implemented yet.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Move, State
from server.games.feast.catalog import COLOUR, FEAST_TYPE, FOOD_COLOURS, GOODS
from server.games.feast.refusals import refuse
from server.games.feast.supply import Player, take_good


def open_run(p: Player) -> tuple[int, int]:
    """First and past-the-last empty banquet cell: after the emigrated ships, before the Vikings."""
    first = len(p["emigrated"])
    end = first
    while end < len(p["table"]) and p["table"][end] == 0:
        end += 1
    return first, end


def run(s: State) -> None:
    """Open the feast for every player with empty cells, or close it when all are done."""
    if "feast" in s:
        del s["feast"]
        return
    progress: list[dict[str, Any]] = []
    for p in s["seats"]:
        first, end = open_run(p)
        progress.append({"pos": first, "end": end, "horiz": [], "last": None})
    waiting = [seat for seat, f in enumerate(progress) if f["pos"] < f["end"]]
    s["feast"] = progress
    if waiting:
        s["prompt"] = {"kind": "feast", "waiting": waiting}
    else:
        del s["feast"]


def _span(good: str, lay: str) -> int:
    shape = GOODS[good]["shape"]
    return int(shape["w"] if lay == "h" else shape["h"])


def refusal(p: Player, f: dict[str, Any], item: Any, lay: Any) -> tuple[str, str] | None:
    """Why serving `item` laid `lay` at the next open cell is illegal, or None."""
    if item == "silver":
        return None if p["silver"] >= 1 else ("F-271", "you have no silver to serve")
    if not isinstance(item, str) or COLOUR.get(item) not in FOOD_COLOURS or item not in GOODS:
        return "F-271", "only orange and red food and silver may be served"
    if p["goods"].get(item, 0) < 1:
        return "F-271", f"you have no {item} in your supply"
    if lay not in ("h", "v"):
        return "F-273", "a tile lies horizontally (h) or vertically (v)"
    shape = GOODS[item]["shape"]
    if lay == "h" and shape["w"] != shape["h"] and FEAST_TYPE[item] in f["horiz"]:
        return "F-273", f"only one {FEAST_TYPE[item]} tile may lie horizontally in a feast"
    if _span(item, lay) > f["end"] - f["pos"]:
        return "F-274", "the tile would stick out over a Viking, a ship or the table's end"
    if f["last"] == COLOUR[item]:
        return "F-272", f"two {COLOUR[item]} tiles may not lie next to each other"
    return None


def legal(s: State, seat: int) -> list[Move]:
    p, f = s["seats"][seat], s["feast"][seat]
    moves: list[Move] = []
    if p["silver"] >= 1:
        moves.append({"type": "serve", "item": "silver"})
    for good in sorted(p["goods"]):
        if COLOUR.get(good) in FOOD_COLOURS and good in GOODS:
            shape = GOODS[good]["shape"]
            lays = ("v",) if shape["w"] == shape["h"] else ("h", "v")
            moves += [
                {"type": "serve", "item": good, "lay": lay}
                for lay in lays
                if refusal(p, f, good, lay) is None
            ]
    moves.append({"type": "leave"})
    if f["end"] - f["pos"] > 1:
        moves.append({"type": "leave_rest"})
    return moves


def serve(s: State, seat: int, move: Move) -> None:
    p, f = s["seats"][seat], s["feast"][seat]
    item: Any = move.get("item")
    lay: Any = move.get("lay", "v")
    why = refusal(p, f, item, lay)
    if why:
        raise refuse(*why)
    if item == "silver":
        p["silver"] -= 1
        f["pos"] += 1
        f["last"] = "silver"
    else:
        shape = GOODS[item]["shape"]
        if lay == "h" and shape["w"] != shape["h"]:
            f["horiz"].append(FEAST_TYPE[item])
        take_good(p, item)
        f["pos"] += _span(item, lay)
        f["last"] = COLOUR[item]
    _maybe_done(s, seat)


def leave(s: State, seat: int, rest: bool) -> None:
    """F-275: every cell left empty gives one Thing penalty."""
    p, f = s["seats"][seat], s["feast"][seat]
    cells = f["end"] - f["pos"] if rest else 1
    p["things"] += cells
    f["pos"] += cells
    f["last"] = None
    _maybe_done(s, seat)


def _maybe_done(s: State, seat: int) -> None:
    f = s["feast"][seat]
    if f["pos"] >= f["end"]:
        waiting = s["prompt"]["waiting"]
        waiting.remove(seat)
        if not waiting:
            s["prompt"] = None
