"""Boatsman transport at the start of a large scoring (V-80..V-84, V-115, S4).

A transport is a chain of small decisions: first the player spends a boatsman and
names the kind of trip, then picks a target tile for each viking carried, one at a
time. The trip in progress is `table["trip"] = {"mode", "colour", "carried"}`:

- mode "colour": all vikings of one colour, as many as fit (V-80, VA-4);
- mode "each": at most one viking of each colour, at least one (V-80, VA-5);
- mode "one": exactly one viking (advanced, V-115).

In the advanced game "colour" and "each" need an S4 boat tile, spent with the boatsman
(VA-13). This module only knows what is possible; `moves.py` drives the prompts.
"""

from __future__ import annotations

from typing import Any

from server.games.vikings import fjord as fj
from server.games.vikings.components import BOATSMAN, COLOUR_OF_ROW, ROW_OF

State = dict[str, Any]


def movable(fjord: dict[str, Any]) -> list[str]:
    """Colours with a viking in the home fjord and an empty tile in their row (V-67)."""
    return [colour for colour, row in ROW_OF.items() if fjord["home"][colour] and fj.empty_tiles(fjord, row)]


def can_transport(s: State, seat: int) -> bool:
    """V-80 / V-83: a boatsman at home and somebody it could carry."""
    fjord = s["table"]["fjords"][seat]
    return fjord["home"][BOATSMAN] > 0 and bool(movable(fjord))


def trips(s: State, seat: int) -> list[dict[str, Any]]:
    """Every way to start a trip now (the prompt's moves, without "done")."""
    fjord = s["table"]["fjords"][seat]
    colours = movable(fjord)
    if not fjord["home"][BOATSMAN] or not colours:
        return []
    advanced = s["table"]["options"].get("variant") == "advanced"
    found = [{"type": "boatsman", "mode": "one"}] if advanced else []
    if not advanced or fjord["specials"].get("S4", 0):
        found += [{"type": "boatsman", "mode": "colour", "colour": c} for c in colours]
        found.append({"type": "boatsman", "mode": "each"})
    return found


def carry_rows(fjord: dict[str, Any], trip: dict[str, Any]) -> list[int]:
    """The rows the next viking of this trip may be carried to."""
    if trip["mode"] == "colour":
        colours = [trip["colour"]] if trip["colour"] in movable(fjord) else []
    elif trip["mode"] == "one":
        colours = [] if trip["carried"] else movable(fjord)
    else:
        colours = [c for c in movable(fjord) if c not in trip["carried"]]
    return [ROW_OF[c] for c in colours]


def carries(fjord: dict[str, Any], trip: dict[str, Any], prompt: dict[str, Any]) -> list[dict[str, Any]]:
    """The carry prompt's moves. V-83: when transport is forced, `land` is never offered:
    a trip ends by itself once no further viking of it can move."""
    moves = [
        {"type": "carry", "row": row, "col": col}
        for row in carry_rows(fjord, trip)
        for col in fj.empty_tiles(fjord, row)
    ]
    if trip["mode"] == "each" and trip["carried"] and not prompt.get("forced"):
        moves.append({"type": "land"})  # VA-5: any subset, at least one
    return moves


def carry(fjord: dict[str, Any], trip: dict[str, Any], row: int, col: int) -> None:
    """Move one viking of the row's colour from the home fjord onto the tile."""
    colour = COLOUR_OF_ROW[row]
    fjord["home"][colour] -= 1
    fj.mark(fjord, row, col, v=colour)
    trip["carried"].append(colour)
