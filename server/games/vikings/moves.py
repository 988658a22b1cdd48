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
        widen(s)  # the trip is over: the scoring goes on (`land` had it all copied up front)
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
        s = _mover_copy(state, seat, tally=True)
        convert(s, seat, move)
        return s
    prompt = t["prompt"]
    if seat != prompt["seat"]:
        raise IllegalMove("not_your_turn", "V-31", "V-31: it is another player's decision")
    handler = HANDLERS[prompt["ask"]].get(move["type"])
    if handler is None:
        raise refuse_kind(prompt["ask"], move["type"])
    s = writable(state, seat, move["type"])
    handler(s, seat, move)
    return s


def writable(state: State, seat: int, kind: str) -> State:
    """A copy of `state` that the decision `kind` of `seat` may change in place, sharing
    the rest with `state` (copy-on-write: apply is cheap, and the room's differ skips the
    shared parts by identity).

    Every decision gets its own table map (the prompt, the counters and the bank are
    replaced, never changed in place), its own list of fjords, the mover's fjord as
    `fjord.writable` gives it without its VP tally, and a copy of each table part its prompt's decisions
    change (`OWN`); the bid copies every fjord's top level too (the auction's winner pays,
    V-111), the box the hidden stacks' list (the round's stack is laid out, V-112).
    Decisions that end a scoring or a round change every fjord, the hidden state and any
    table part: they get all that copied (`widen`) — up front when the decision is known
    to reach that far (the round's last purchase, a trip's `land`, a scoring's `done`),
    otherwise once it does (a carried viking that ends its trip, `carry`).
    """
    t = state["table"]
    ask = t["prompt"]["ask"]
    if kind in ROUND_ENDING or (t["scoring"] is None and t["bought"] + (ask == "buy") == offer.SPACES):
        s = {"table": dict(t), "hidden": state["hidden"]}
        widen(s)
        return s
    s = _mover_copy(state, seat, tally=False)
    table = s["table"]
    for part in OWN[ask]:
        table[part] = clone(t[part])
    if ask == "bid":
        table["fjords"] = [f if i == seat else dict(f) for i, f in enumerate(table["fjords"])]
    elif ask == "box":
        hidden = state["hidden"]
        s["hidden"] = {**hidden, "stacks": list(hidden["stacks"])}
    return s


def _mover_copy(state: State, seat: int, tally: bool) -> State:
    t = state["table"]
    table = dict(t)
    fjords = list(t["fjords"])
    fjords[seat] = fj.writable(fjords[seat], tally)
    table["fjords"] = fjords
    return {"table": table, "hidden": state["hidden"]}


def widen(s: State) -> None:
    """Everything a round's end or a scoring may change, made `s`'s own in place: every
    table part, every fjord as `fjord.writable` gives it (scorings change counters, never
    tiles) and the hidden state. Parts `s` owns already are copied again: a caller's
    local names for them go stale, so it is called only where the caller changes nothing
    more through them."""
    t = s["table"]
    for k, v in list(t.items()):
        if k != "fjords" and type(v) in (dict, list):
            t[k] = clone(v)
    t["fjords"] = [fj.writable(f) for f in t["fjords"]]
    s["hidden"] = clone(s["hidden"])


# The table parts each prompt's decisions change in place (others they replace whole or
# leave alone), besides the counters, the prompt and the mover's fjord.
OWN: dict[str, tuple[str, ...]] = {
    "bid": ("auction",),  # `passed`, `high`, `leader` (V-111)
    "box": ("drawn", "removed"),  # the boxed viking (V-112); the wheel is laid out anew
    "colour": ("drawn", "wheel"),  # the vikings stand beside the wheel's sets (V-112)
    "buy": ("wheel", "removed"),  # the set leaves the wheel; a tile without a place is discarded (V-61)
    "special": ("display", "removed"),  # V-118; S1 and the S11 exchange count in `removed`
    "exchange": ("removed",),  # V-135
    "place": ("hand", "removed"),  # the tile's position; an S11 exchange (V-136)
    "start": ("removed",),
    "viking": (),
    "boatsman": ("removed",),  # the boatsman and the S4 tile leave the game (V-80, VA-13)
    "carry": ("trip",),  # the vikings carried so far
}
# Decisions that always go on to the end of a scoring (and maybe of the round, the game).
ROUND_ENDING = ("land", "done")


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
