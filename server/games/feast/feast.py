"""Phase 9, the feast: covering the empty banquet cells with food and silver (F-270…F-277).

Every player decides at the same time, as a chain of small decisions along his table
from left to right: serve one food tile (laid horizontally or vertically) or one silver
at the leftmost open cell, or leave that cell empty (one Thing penalty, F-275), or leave
all the rest empty. Filling left to right loses no layout (any layout is such a sequence)
and keeps every choice list short; only the left neighbour can then break the colour
rule (F-272). Served food and silver return to the general supply at once (F-276).
What each player lays is public while the feast lasts: each progress keeps `laid`
({at, span, item, lay}; item None for a cell left empty), which the view passes on.
Cards change the feast (F-278): Chief 5A holds an extra feast for its owner alone (the
step `feast`, prompt `extra_feast`), Pea Flour Baker 186A lays two peas horizontally,
Barbarian 158A rewards serving game or whale meat; before and after the phase are
trigger points of `rounds.advance` (Village Leader 165A, Miller 7A).
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Move, State
from server.games.feast import occupations
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
    progress = [_progress(p) for p in s["seats"]]
    waiting = [seat for seat, f in enumerate(progress) if f["pos"] < f["end"]]
    s["feast"] = progress
    if waiting:
        s["prompt"] = {"kind": "feast", "waiting": waiting}
    else:
        del s["feast"]


def _progress(p: Player) -> dict[str, Any]:
    first, end = open_run(p)
    return {"pos": first, "end": end, "horiz": [], "last": None, "laid": []}


def _extra(s: State, st: dict[str, Any]) -> None:
    """Chief 5A: a feast for one player alone, in the middle of the round (F-642)."""
    seat = st["seat"]
    f = _progress(s["seats"][seat])
    if f["pos"] < f["end"]:
        if "feast" in s:  # played during the regular feast (Tutor 52a): that feast waits, then goes on
            s["feast_paused"] = s["feast"]
        idle = {"pos": 0, "end": 0, "horiz": [], "last": None, "laid": []}
        s["feast"] = [f if i == seat else dict(idle, horiz=[], laid=[]) for i in range(s["players"])]
        s["prompt"] = {"kind": "extra_feast", "seat": seat, "waiting": [seat]}


occupations.STEPS["feast"] = _extra


def _horizontal_limit(p: Player, item: str) -> int:
    """F-273: one horizontal tile per type; Pea Flour Baker 186A allows two peas."""
    return int(occupations.rule(p, "horizontal_peas", 1)) if item == "peas" else 1


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
    if item == "mead" and p["card_state"].get("160a"):
        return "F-278", "Sober Man 160a: you took its silver for serving no mead in this feast"
    if lay not in ("h", "v"):
        return "F-273", "a tile lies horizontally (h) or vertically (v)"
    shape = GOODS[item]["shape"]
    if lay == "h" and shape["w"] != shape["h"] and f["horiz"].count(FEAST_TYPE[item]) >= _horizontal_limit(p, item):
        return "F-273", f"only {_horizontal_limit(p, item)} {FEAST_TYPE[item]} tile(s) may lie horizontally in a feast"
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
            moves += [{"type": "serve", "item": good, "lay": lay} for lay in lays if refusal(p, f, good, lay) is None]
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
        f["laid"].append({"at": f["pos"], "span": 1, "item": item, "lay": "v"})
        f["pos"] += 1
        f["last"] = "silver"
    else:
        shape = GOODS[item]["shape"]
        if lay == "h" and shape["w"] != shape["h"]:
            f["horiz"].append(FEAST_TYPE[item])
        take_good(p, item)
        f["laid"].append({"at": f["pos"], "span": _span(item, lay), "item": item, "lay": lay})
        f["pos"] += _span(item, lay)
        f["last"] = COLOUR[item]
    _maybe_done(s, seat)
    if item in ("game_meat", "whale_meat") and s["phase"] == 9:  # Barbarian 158A
        occupations.interrupt(s, occupations.fire(s, seat, "event", "served_meat"))
    if item != "silver" and s["phase"] == 9:  # Skinner 157C, Fish Cook 172C, Festive Hunter 159B
        occupations.interrupt(s, occupations.fire(s, seat, "event", "served_" + FEAST_TYPE[item]))


def leave(s: State, seat: int, rest: bool) -> None:
    """F-275: every cell left empty gives one Thing penalty."""
    p, f = s["seats"][seat], s["feast"][seat]
    cells = f["end"] - f["pos"] if rest else 1
    f["laid"].append({"at": f["pos"], "span": cells, "item": None, "lay": None})
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
            if s["prompt"]["kind"] == "extra_feast":
                paused = s.pop("feast_paused", None)
                if paused is None:
                    del s["feast"]
                else:
                    s["feast"] = paused
            s["prompt"] = None
