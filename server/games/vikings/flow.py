"""Round structure and turn order (section 4): what happens between decisions.

Every decision a player owes is a `prompt` in the table: `{"seat": s, "ask": kind, ...}`.
This module moves the game from one prompt to the next: it lays out each round's offer,
passes the buying turn clockwise (V-31, V-45), runs the scorings in the rulebook's order
(V-30, V-74), passes the start player figure (V-30 (5), VA-19) and ends the game.
The decisions themselves are handled in `moves.py` and the modules it calls.
"""

from __future__ import annotations

from typing import Any

from server.games.vikings import boatsman, offer, scoring
from server.games.vikings.components import DISPLAY_SIZE

State = dict[str, Any]
ROUNDS = 6
LARGE_ROUNDS = (2, 4, 6)


def ask(s: State, seat: int, kind: str, **context: Any) -> None:
    s["table"]["prompt"] = {"seat": seat, "ask": kind, **context}


def advanced(s: State) -> bool:
    return s["table"]["options"].get("variant") == "advanced"


def begin_round(s: State) -> None:
    """Section 5 (basic, V-35..V-38) or section 12 (advanced, V-110..V-116)."""
    t = s["table"]
    t["bought"] = 0
    if advanced(s):
        refill_display(s)
        if t["options"].get("auction", True):
            t["drawn"] = offer.draw_vikings(s, 13)  # V-110
            n = t["players"]
            t["auction"] = {"high": 0, "leader": None, "passed": [False] * n}
            ask(s, t["start"], "bid")
            return
    offer.lay_tiles(s)
    offer.place_in_colour_order(s, offer.draw_vikings(s, 12))  # V-37, V-114
    ask(s, t["start"], "buy")


def refill_display(s: State) -> None:
    """V-116: the empty display spaces are refilled from the pile at each round start."""
    display, pile = s["table"]["display"], s["hidden"]["pile"]
    for i in range(DISPLAY_SIZE):
        if display[i] is None and pile:
            display[i] = pile.pop()


def next_purchase(s: State) -> None:
    """V-45: the next player clockwise buys, until all 12 sets are gone."""
    t = s["table"]
    t["hand"] = None
    if t["bought"] < offer.SPACES:
        ask(s, (t["start"] + t["bought"]) % t["players"], "buy")
        return
    t["wheel"] = None
    if t["round"] in LARGE_ROUNDS:
        t["scoring"] = {"next": 0, "done": False}
        advance_large(s)
        return
    for seat in range(t["players"]):
        scoring.small(s, seat)  # V-73
    next_round(s)


def advance_large(s: State) -> None:
    """V-74 / VA-9: each player in turn from the start player: boatsmen, then the rest."""
    t = s["table"]
    progress = t["scoring"]
    while progress["next"] < t["players"]:
        seat = (t["start"] + progress["next"]) % t["players"]
        if not progress["done"] and boatsman.can_transport(s, seat):
            ask(s, seat, "boatsman", forced=t["round"] == ROUNDS)
            return
        scoring.large(s, seat)
        progress["next"] += 1
        progress["done"] = False
    t["scoring"] = None
    if t["round"] == ROUNDS:
        scoring.final(s)  # V-90..V-99
        t["prompt"] = None
        t["over"] = True
        return
    next_round(s)


def next_round(s: State) -> None:
    """V-30 (5): the start player figure passes to the left neighbour."""
    t = s["table"]
    t["start"] = (t["start"] + 1) % t["players"]
    t["round"] += 1
    begin_round(s)
