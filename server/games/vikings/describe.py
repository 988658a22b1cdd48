"""Each Vikings decision as structured data for the move log (see Game.describe).

Vikings hides nothing a decision shows (VA-21: the table is public), so every viewer
gets the same description. Prices and tiles are read from the state *before* the move,
which is where the buyer saw them: a purchase may turn the wheel (V-51), after which
the same space carries another price. Fields are values, never words: "tile" is a tile
kind ("MA", "SR", "L"), "viking" a colour, "row" the V-7 row index, "col" the V-8 column.
What a move sets off by itself (a round's scorings, a forced discard) is in the view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.games.vikings import offer
from server.games.vikings.components import COLOUR_OF_ROW, SHIPS

State = dict[str, Any]
Said = dict[str, Any]


def _buy(s: State, seat: int, m: dict[str, Any]) -> Said:
    wheel = s["table"]["wheel"]
    space = m["slot"]
    bought = wheel["spaces"][space]
    dearest = space == offer.most_expensive(wheel)
    return {"space": space, "gold": offer.price(wheel, space), "tile": bought["tile"], "viking": bought["viking"],
            "dearest": dearest}  # fmt: skip


def _place(s: State, seat: int, m: dict[str, Any]) -> Said:
    t = s["table"]
    kind = t["hand"]["tile"]
    said: Said = {"tile": kind, "row": m["row"], "col": m["col"]}
    if kind not in SHIPS:
        said["extends"] = kind != "L"  # a left end begins an island; other pieces extend one
    return said


def _special(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {"space": m["space"], "tile": s["table"]["display"][m["space"]]}


def _exchange(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {"tile": s["table"]["prompt"]["special"], "row": m["row"], "col": m["col"]}


def _viking(s: State, seat: int, m: dict[str, Any]) -> Said:
    hand = s["table"]["hand"]
    said: Said = {"to": m["to"], "viking": hand["viking"]}
    if m["to"] == "tile" and hand["pos"]:
        said["row"], said["col"] = hand["pos"]
    return said


def _trip(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {"mode": m["mode"], "colour": m.get("colour")}


def _carry(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {"row": m["row"], "col": m["col"], "viking": COLOUR_OF_ROW.get(m["row"])}


def _bid(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {"gold": m["amount"]}


def _convert(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {"vp": m["vp"], "gold": m["vp"]}  # V-50: 1 VP is 1 gold


def _none(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {}


def _colour(s: State, seat: int, m: dict[str, Any]) -> Said:
    return {"colour": m["colour"]}


DESCRIBERS: dict[str, Callable[[State, int, dict[str, Any]], Said]] = {
    "buy": _buy,
    "place": _place,
    "start": lambda s, seat, m: {"row": m["row"]},
    "special": _special,
    "decline": _none,
    "exchange": _exchange,
    "viking": _viking,
    "boatsman": _trip,
    "done": _none,
    "carry": _carry,
    "land": _none,
    "bid": _bid,
    "pass": _none,
    "box": _colour,
    "colour": _colour,
    "convert": _convert,
}


def describe(before: State, seat: int, move: dict[str, Any]) -> Said:
    """The accepted `move` of `seat` on `before`: {"k": "vikings.<type>", ...values}."""
    kind = move["type"]
    said = DESCRIBERS.get(kind)
    if said is None:
        return {"k": "move", "type": kind}
    return {"k": f"vikings.{kind}", **said(before, seat, move)}
