"""The offer around the wheel: laying it out, its prices, and buying a set from it.

The wheel is `{"offset": int, "spaces": [set | None] * 12}`; a set is
`{"tile": kind, "viking": colour | None}` and keeps its space number for the whole
round. Its price is `space - offset` (VA-1); the offset moves only when the wheel turns
(V-51). The advanced auction and colour choice are in `auction.py`; placing what was
bought is in `placement.py`.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import IllegalMove
from server.games.rng import below
from server.games.vikings.components import COLOURS, SHIPS
from server.games.vikings.move_fields import refusal

State = dict[str, Any]
SPACES = 12


def draw_vikings(s: State, count: int) -> dict[str, int]:
    """V-23: `count` random vikings out of the bag, as counts per colour."""
    bag = s["hidden"]["bag"]
    drawn = dict.fromkeys(COLOURS, 0)
    for _ in range(count):
        pick = below(s["hidden"]["rng"], sum(bag.values()))
        for colour in COLOURS:
            if pick < bag[colour]:
                bag[colour] -= 1
                drawn[colour] += 1
                break
            pick -= bag[colour]
    return drawn


def lay_tiles(s: State) -> None:
    """V-35 / V-36: islands from space 0 upwards, ships from 11 downwards, in stack order."""
    t = s["table"]
    stacks = s["hidden"]["stacks"]
    stack = stacks[t["round"] - 1]
    spaces: list[Any] = [None] * SPACES
    low, high = 0, SPACES - 1
    for kind in stack:
        if kind in SHIPS:
            spaces[high] = {"tile": kind, "viking": None}
            high -= 1
        else:
            spaces[low] = {"tile": kind, "viking": None}
            low += 1
    stacks[t["round"] - 1] = []  # replaced, not emptied: the state before the decision shares it
    t["wheel"] = {"offset": 0, "spaces": spaces}  # V-38


def place_in_colour_order(s: State, drawn: dict[str, int]) -> None:
    """V-37: the drawn vikings beside the tiles from space 0 up, blue first, grey last."""
    spaces = s["table"]["wheel"]["spaces"]
    space = 0
    for colour in COLOURS:
        for _ in range(drawn[colour]):
            spaces[space]["viking"] = colour
            space += 1
        drawn[colour] = 0


def place_colour_from_top(s: State, colour: str) -> None:
    """V-112: all drawn vikings of `colour` on the highest free spaces, downwards."""
    t = s["table"]
    free = [i for i, st in enumerate(t["wheel"]["spaces"]) if st["viking"] is None]
    for space in reversed(free[-t["drawn"][colour] :]):
        t["wheel"]["spaces"][space]["viking"] = colour
    t["drawn"][colour] = 0


def price(wheel: dict[str, Any], space: int) -> int:
    return space - wheel["offset"]


def legal_buys(wheel: dict[str, Any], gold: int) -> list[int]:
    """V-49: every other set with price <= gold, plus the set at 0 when its viking is the
    last of its colour on the wheel (V-46) or the buyer cannot pay any other set (V-48)."""
    spaces = wheel["spaces"]
    zero = wheel["offset"]
    others = [i for i in range(zero + 1, SPACES) if spaces[i] is not None]
    legal = [i for i in others if price(wheel, i) <= gold]
    colour = spaces[zero]["viking"]
    last = not any(spaces[i]["viking"] == colour for i in others)
    if last or not others or gold < price(wheel, others[0]):
        legal.insert(0, zero)
    return legal


def refuse_buy(wheel: dict[str, Any], gold: int, space: int) -> IllegalMove:
    """Why `space` may not be bought (only called when it is not in `legal_buys`)."""
    if wheel["spaces"][space] is None:
        return refusal("V-45", "that offer space is empty; buy a set still on the wheel")
    if space == wheel["offset"]:
        return refusal(
            "V-46",
            "the 0 set can only be bought when its viking is the last of its colour on the wheel",
        )
    return refusal("V-47", f"that set costs {price(wheel, space)} gold and you have {gold}")


def most_expensive(wheel: dict[str, Any]) -> int:
    """The space of the dearest set left (V-117)."""
    return max(i for i, st in enumerate(wheel["spaces"]) if st is not None)


def take(wheel: dict[str, Any], space: int) -> dict[str, Any]:
    """Remove the set at `space`, then turn the wheel if nothing is left at 0 (V-51)."""
    bought = wheel["spaces"][space]
    wheel["spaces"][space] = None
    left = [i for i, st in enumerate(wheel["spaces"]) if st is not None]
    if left and wheel["spaces"][wheel["offset"]] is None:
        wheel["offset"] = left[0]
    return bought
