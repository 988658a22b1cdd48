"""The advanced offer: the start-player auction, boxing one viking and placing the
vikings colour by colour from space 11 down (V-110..V-114, VA-11, VA-12, VA-19).

The auction lives in `table["auction"] = {"high", "leader", "passed"}`; the 13 drawn
vikings wait in `table["drawn"]` (public: they are sorted on the table). The auction
is left out when the `auction` option is off (V-114); `flow.begin_round` decides.
"""

from __future__ import annotations

from typing import Any

from server.games.vikings import offer
from server.games.vikings.components import COLOURS
from server.games.vikings.flow import ask
from server.games.vikings.move_fields import choice, integer, refusal
from server.games.vikings.treasury import pay_gold

State = dict[str, Any]
MAX_BID = 10_000


def bid_range(s: State, seat: int) -> range:
    """VA-11: above the highest bid; V-111: in gold only, so at most the gold in hand (a
    player who wants to bid more converts VP first, V-50)."""
    t = s["table"]
    return range(t["auction"]["high"] + 1, t["fjords"][seat]["gold"] + 1)


def bid(s: State, seat: int, move: dict[str, Any]) -> None:
    t = s["table"]
    auction = t["auction"]
    if move["type"] == "pass":
        auction["passed"][seat] = True
    else:
        amount = integer(move, "amount", 0, MAX_BID)
        if amount <= auction["high"]:
            raise refusal("V-111", f"a bid must be above {auction['high']}")
        if amount not in bid_range(s, seat):
            raise refusal("V-111", "bids are in gold only: convert VP first (V-50) to bid more")
        auction["high"], auction["leader"] = amount, seat
    bidders = [p for p, out in enumerate(auction["passed"]) if not out]
    if bidders == [auction["leader"]] or not bidders:
        win(s)
        return
    n = t["players"]
    nxt = next((seat + k) % n for k in range(1, n + 1) if not auction["passed"][(seat + k) % n])
    ask(s, nxt, "bid")


def win(s: State) -> None:
    """V-111 / V-112: the highest bidder pays in gold (held since the bid: gold only grows
    during an auction) and becomes start player; nobody bid: the start player wins for
    free."""
    t = s["table"]
    auction = t["auction"]
    if auction["leader"] is not None:
        pay_gold(s, auction["leader"], auction["high"])
        t["start"] = auction["leader"]
    t["auction"] = None
    ask(s, t["start"], "box")


def box(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-112 (1) and (2): one drawn viking leaves the game; the 12 tiles are laid out."""
    t = s["table"]
    colour = choice(move, "colour", COLOURS)
    if not t["drawn"][colour]:
        raise refusal("V-112", f"no {colour} viking was drawn")
    t["drawn"][colour] -= 1
    t["removed"]["vikings"][colour] += 1
    offer.lay_tiles(s)
    choose_next(s, seat)


def colour(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-112 (3): all drawn vikings of one colour from the highest free space down."""
    t = s["table"]
    picked = choice(move, "colour", COLOURS)
    if not t["drawn"][picked]:
        raise refusal("V-112", f"no {picked} viking waits to be placed")
    offer.place_colour_from_top(s, picked)
    choose_next(s, (seat + 1) % t["players"])


def choose_next(s: State, seat: int) -> None:
    """VA-12: the choice goes clockwise until every colour stands; the last one is forced."""
    t = s["table"]
    left = [c for c in COLOURS if t["drawn"][c]]
    if len(left) == 1:
        offer.place_colour_from_top(s, left[0])
        left = []
    if left:
        ask(s, seat, "colour")
    else:
        ask(s, t["start"], "buy")
