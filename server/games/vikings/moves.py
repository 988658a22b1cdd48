"""The decision types: what each prompt accepts, and every legal decision now.

A prompt's `ask` names the decision owed; each accepts a few move types:

| ask | moves |
|---|---|
| bid | {"type": "bid", "amount": n}, {"type": "pass"} |
| box, colour | {"type": "box" / "colour", "colour": c} |
| buy | {"type": "buy", "slot": space} (space 0-11 of the wheel, not the price) |
| special | {"type": "special", "space": i}, {"type": "decline"} |
| exchange | {"type": "exchange", "row": r, "col": c} |
| place | {"type": "place", "row": r, "col": c}, {"type": "start", "row": r}, {"type": "discard"} |
| start | {"type": "start", "row": r} |
| viking | {"type": "viking", "to": "tile" / "home"} |
| boatsman | {"type": "boatsman", "mode": "colour" / "each" / "one", "colour"?: c}, {"type": "done"} |
| carry | {"type": "carry", "row": r, "col": c}, {"type": "land"} |

Besides, {"type": "convert", "vp": n} (V-50, VA-2) is open to every seat at any time
before the end, out of turn too. It is an explicit, irreversible decision: nothing
else turns VP into gold. `legal_moves` lists every amount 1..VP for every seat, after
the prompt's own decisions (clients show them as one control).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.games.contract import IllegalMove, clone
from server.games.vikings import auction, boatsman, offer, placement
from server.games.vikings import fjord as fj
from server.games.vikings.components import COLOURS, SHIPS
from server.games.vikings.flow import advance_large, ask
from server.games.vikings.move_fields import bad, choice, integer, refusal
from server.games.vikings.treasury import convert_vp

State = dict[str, Any]
Handler = Callable[[State, int, dict[str, Any]], None]


def convert(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-50: any whole amount, as long as the score stays >= 0."""
    fjord = s["table"]["fjords"][seat]
    amount = integer(move, "vp", 1, 1 << 62)
    if amount > fjord["vp"]:
        raise refusal("V-50", f"you have only {fjord['vp']} VP to convert")
    convert_vp(s, seat, amount)


def start_trip(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-80 / V-115 / VA-13: spend a boatsman (and in the advanced game, for the basic
    trips, an S4 boat tile)."""
    t = s["table"]
    fjord = t["fjords"][seat]
    mode = choice(move, "mode", ("colour", "each", "one"))
    trip = {"type": "boatsman", "mode": mode}
    if mode == "colour":
        trip["colour"] = choice(move, "colour", COLOURS)
    if trip not in boatsman.trips(s, seat):
        raise refusal("V-80", "no boatsman can make that trip now")
    fjord["home"]["grey"] -= 1
    t["removed"]["vikings"]["grey"] += 1
    if mode != "one" and t["options"].get("variant") == "advanced":
        fjord["specials"]["S4"] -= 1
        t["removed"]["specials"]["S4"] += 1
    t["trip"] = {"mode": mode, "colour": trip.get("colour"), "carried": []}
    ask(s, seat, "carry", forced=t["prompt"]["forced"])


def stop_transport(s: State, seat: int, move: dict[str, Any]) -> None:
    """V-82 / V-83: optional, except in the last large scoring."""
    t = s["table"]
    if t["prompt"]["forced"]:
        raise refusal("V-83", "in the last large scoring boatsmen must carry all they can")
    t["scoring"]["done"] = True
    advance_large(s)


def carry(s: State, seat: int, move: dict[str, Any]) -> None:
    t = s["table"]
    fjord, trip = t["fjords"][seat], t["trip"]
    if move["type"] == "land":
        if trip["mode"] != "each" or not trip["carried"]:
            raise refusal("V-80", "this boatsman must carry on")
        if t["prompt"]["forced"]:  # the trip ends by itself once nobody more can go
            raise refusal("V-83", "in the last large scoring the boatsman carries all it can")
    else:
        row, col = integer(move, "row", 1, 5), integer(move, "col", 1, placement.MAX_COL)
        if row not in boatsman.carry_rows(fjord, trip) or col not in fj.empty_tiles(fjord, row):
            raise refusal("V-67", "that viking cannot stand there on this trip")
        boatsman.carry(fjord, trip, row, col)
        if boatsman.carry_rows(fjord, trip):
            return
    t["trip"] = None
    advance_large(s)


HANDLERS: dict[str, dict[str, Handler]] = {
    "bid": {"bid": auction.bid, "pass": auction.bid},
    "box": {"box": auction.box},
    "colour": {"colour": auction.colour},
    "buy": {"buy": placement.buy},
    "special": {"special": placement.take_special, "decline": placement.take_special},
    "exchange": {"exchange": placement.choose_exchange},
    "place": {"place": placement.place, "start": placement.place_start},
    "start": {"start": placement.place_start},
    "viking": {"viking": placement.stand},
    "boatsman": {"boatsman": start_trip, "done": stop_transport},
    "carry": {"carry": carry, "land": carry},
}

KNOWN_TYPES = {kind for handlers in HANDLERS.values() for kind in handlers} | {"convert", "discard"}
# The rule a decision of the wrong kind breaks, by what is being asked.
WRONG_KIND_RULE = {"place": "V-55", "start": "V-62", "buy": "V-45", "viking": "V-65", "carry": "V-80"}


def refuse_kind(asked: str, kind: str) -> IllegalMove:
    """A known decision at the wrong moment (an unknown one is a malformed move)."""
    if kind not in KNOWN_TYPES:
        return bad(f"unknown move type {kind!r}")
    if kind == "discard" and asked == "place":
        return refusal("V-61", "a tile with a legal position may not be discarded")
    return IllegalMove("wrong_decision", WRONG_KIND_RULE.get(asked), f"you are asked to {asked}, not to {kind}")


def apply(state: State, seat: int, move: Any) -> State:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise bad("a move is a map with a string 'type'")
    t = state["table"]
    if t["over"]:
        raise IllegalMove("game_over", "V-30", "V-30: the game is over")
    if type(seat) is not int or not 0 <= seat < t["players"]:
        raise bad("no such seat")
    if move["type"] == "convert":
        s = writable(state, seat)
        convert(s, seat, move)
        return s
    prompt = t["prompt"]
    if seat != prompt["seat"]:
        raise IllegalMove("not_your_turn", "V-31", "V-31: it is another player's decision")
    handler = HANDLERS[prompt["ask"]].get(move["type"])
    if handler is None:
        raise refuse_kind(prompt["ask"], move["type"])
    s = writable(state, seat)
    handler(s, seat, move)
    return s


# Small parts of the table a purchase may change in place (the rest is replaced whole).
PURCHASE_PARTS = ("wheel", "hand", "removed")


def writable(state: State, seat: int) -> State:
    """A copy of `state` that the move of `seat` may change in place, sharing the rest.

    Most decisions only touch the offer and the mover's own fjord; copying just those
    (copy-on-write) keeps apply cheap and lets the room's differ skip the untouched
    fjords by identity. The auction (whose winner may be another seat) changes the
    offer, the stacks and one fjord's gold: the table but the fjords is copied, each
    fjord's top level, and the mover's fjord as `fjord.writable` gives it (a VP
    conversion, V-50, may come at any time). Decisions that may reach a round's end or
    its scorings change every fjord and the hidden stacks: for them, and only them,
    everything is copied but the tiles (`_round_copy`).
    """
    t = state["table"]
    if t["scoring"] is not None or t["bought"] >= offer.SPACES - 1:
        return _round_copy(state)
    if t["prompt"]["ask"] in AUCTION_ASKS:
        return _auction_copy(state, seat)
    table = dict(t)
    for part in PURCHASE_PARTS:
        table[part] = None if t[part] is None else clone(t[part])
    table["display"] = list(t["display"])
    table["fjords"] = list(t["fjords"])
    table["fjords"][seat] = fj.writable(t["fjords"][seat])
    return {"table": table, "hidden": state["hidden"]}


def _round_copy(state: State) -> State:
    """Everything the end of a round may change: the table and the hidden stacks whole,
    every fjord as `fjord.writable` gives it (scorings change counters, never tiles)."""
    t = state["table"]
    rest = clone({k: v for k, v in t.items() if k != "fjords"})  # one copy for the small parts
    fjords = [fj.writable(f) for f in t["fjords"]]
    return {"table": {k: fjords if k == "fjords" else rest[k] for k in t}, "hidden": clone(state["hidden"])}


def _auction_copy(state: State, seat: int) -> State:
    t = state["table"]
    table: dict[str, Any] = {k: v if k in SHARED_IN_AUCTION else _copied(v) for k, v in t.items()}
    table["fjords"] = [dict(f) for f in t["fjords"]]  # only `gold` changes there (V-111)
    table["fjords"][seat] = fj.writable(t["fjords"][seat])
    return {"table": table, "hidden": clone(state["hidden"])}


def _copied(value: Any) -> Any:
    return clone(value) if type(value) in (dict, list) else value


SHARED_IN_AUCTION = ("fjords", "options")  # copied apart (fjords) or never changed (options)
AUCTION_ASKS = ("bid", "box", "colour")


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    t = state["table"]
    if t["over"] or type(seat) is not int or not 0 <= seat < t["players"]:
        return []
    prompt = t["prompt"]
    asked = LISTERS[prompt["ask"]](state, seat) if prompt["seat"] == seat else []
    return asked + conversions(state, seat)


def conversions(s: State, seat: int) -> list[dict[str, Any]]:
    """V-50 / VA-2: every whole amount of VP the seat holds, at any time, by anyone."""
    return [{"type": "convert", "vp": n} for n in range(1, s["table"]["fjords"][seat]["vp"] + 1)]


def _bids(s: State, seat: int) -> list[dict[str, Any]]:
    return [{"type": "pass"}] + [{"type": "bid", "amount": a} for a in auction.bid_range(s, seat)]


def _drawn_colours(kind: str) -> Callable[[State, int], list[dict[str, Any]]]:
    return lambda s, seat: [{"type": kind, "colour": c} for c in COLOURS if s["table"]["drawn"][c]]


def _buys(s: State, seat: int) -> list[dict[str, Any]]:
    wheel, fjord = s["table"]["wheel"], s["table"]["fjords"][seat]
    return [{"type": "buy", "slot": space} for space in offer.legal_buys(wheel, fjord["gold"])]


def _specials(s: State, seat: int) -> list[dict[str, Any]]:
    display = s["table"]["display"]
    return [{"type": "special", "space": i} for i, sid in enumerate(display) if sid] + [{"type": "decline"}]


def _exchanges(s: State, seat: int) -> list[dict[str, Any]]:
    fjord, sid = s["table"]["fjords"][seat], s["table"]["prompt"]["special"]
    return [{"type": "exchange", "row": r, "col": c} for r, c in placement.building_spots(fjord, sid)]


def _starts(s: State, seat: int) -> list[dict[str, Any]]:
    return [{"type": "start", "row": r} for r in fj.start_rows(s["table"]["fjords"][seat])]


def _places(s: State, seat: int) -> list[dict[str, Any]]:
    t = s["table"]
    fjord, kind = t["fjords"][seat], t["hand"]["tile"]
    if kind in SHIPS:
        contiguous = bool(t["options"].get("ship_row_contiguous"))
        moves = [{"type": "place", "row": 0, "col": c} for c in fj.ship_spots(fjord, contiguous)]
    else:
        moves = [{"type": "place", "row": r, "col": c} for r, c in placement.island_spots(s, seat, kind)]
    return moves + (_starts(s, seat) if fjord["start_tile"] else [])


def _boatsman(s: State, seat: int) -> list[dict[str, Any]]:
    done = [] if s["table"]["prompt"]["forced"] else [{"type": "done"}]
    return boatsman.trips(s, seat) + done


LISTERS: dict[str, Callable[[State, int], list[dict[str, Any]]]] = {
    "bid": _bids,
    "box": _drawn_colours("box"),
    "colour": _drawn_colours("colour"),
    "buy": _buys,
    "special": _specials,
    "exchange": _exchanges,
    "place": _places,
    "start": _starts,
    "viking": lambda s, seat: [{"type": "viking", "to": "tile"}, {"type": "viking", "to": "home"}],
    "boatsman": _boatsman,
    "carry": lambda s, seat: boatsman.carries(s["table"]["fjords"][seat], s["table"]["trip"], s["table"]["prompt"]),
}
