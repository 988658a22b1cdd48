"""The room document and the views cut from it: pure functions, no I/O.

A room document is what Redis stores for a room: the game, its options, the seats,
the status, the engine state and the final result. Every change — a join, the start,
a move — is a new document with the seq one higher, so seats and status reach clients
as diffs just like moves do. The document is never mutated: each change returns a new
top-level dict that shares everything it did not change.
"""

from __future__ import annotations

import logging
from typing import Any

import msgpack

from server.games.contract import Game
from server.rooms import clocks as clock
from server.rooms.shape import Doc as Doc
from server.rooms.shape import Seat as Seat

log = logging.getLogger("longhall.room")

OPEN, PLAYING, OVER = "open", "playing", "over"


def new_doc(game: Game, options: dict[str, Any], seats: int, private: bool, host: str, name: str) -> Doc:
    first: Seat = {"player": host, "name": name}
    return {
        "game": game.info.name,
        "engine": game.info.version,
        "options": options,
        "seats": [first, *[None] * (seats - 1)],
        "status": OPEN,
        "private": private,
        "host": host,
        "state": None,
        "result": None,
    }


def engine_of(doc: Doc | dict[str, Any]) -> int:
    """The engine version a room was created with: it is played and replayed on that one
    (server.games.registry.engine); a room from before versions were recorded is on 1."""
    version = doc.get("engine", 1)
    return version if isinstance(version, int) else 1


def seat_of(doc: Doc, player: str) -> int | None:
    for i, s in enumerate(doc["seats"]):
        if s is not None and s["player"] == player:
            return i
    return None


def free(doc: Doc, want: int | None) -> bool:
    """Whether an open room has seat `want` (None: any seat) free."""
    seats = doc["seats"]
    if want is None:
        return None in seats
    return 0 <= want < len(seats) and seats[want] is None


def holders(doc: Doc) -> list[str | None]:
    """The player holding each seat (None: free): what every node checks sockets against."""
    return [None if s is None else s["player"] for s in doc["seats"]]


def with_seat(doc: Doc, seat: int, holder: Seat | None) -> Doc:
    """Sit `holder` down (None: free the seat). A host who gives up their seat hands the
    room to the player in the lowest seat; in an empty room the next to sit down hosts."""
    seats = list(doc["seats"])
    seats[seat] = holder
    new: Doc = {**doc, "seats": seats}
    if not any(s is not None and s["player"] == doc.get("host") for s in seats):
        new["host"] = next((s["player"] for s in seats if s is not None and not s.get("bot")), None)
    return new


def started(doc: Doc, state: dict[str, Any]) -> Doc:
    return {**doc, "status": PLAYING, "state": state}


def moved(doc: Doc, state: dict[str, Any], result: dict[str, Any] | None, last: dict[str, Any] | None = None) -> Doc:
    status = OVER if result is not None else PLAYING
    return {**doc, "state": state, "status": status, "result": revealed(doc, result), "last": last}


def last_decision(game: Game, before: dict[str, Any], seat: int, move: Any, seats: int, seq: int) -> dict[str, Any]:
    """The move just made, described once per viewer: {"p": public, "2": seat 2's own
    when it differs}. Stored in the document, so a view can be cut again after a reload;
    the cost is one `describe` per viewer per move, whatever the game's length."""

    def one(viewer: int | None) -> dict[str, Any]:
        try:
            said = game.describe(before, seat, move, viewer)
        except Exception:  # a wording bug must never cost the move
            log.exception("%s could not describe a move", game.info.name)
            said = Game.describe(game, before, seat, move, viewer)
        return {**said, "seat": seat, "seq": seq}

    public = one(None)
    cut: dict[str, Any] = {"p": public}
    if game.open_information:
        return cut
    for viewer in range(seats):
        own = one(viewer)
        if own != public:
            cut[str(viewer)] = own
    return cut


def decided(doc: Doc, game: Game, seat: int, move: Any, state: dict[str, Any], result: dict[str, Any] | None,
            seq: int) -> Doc:  # fmt: skip
    """The document after `seat`'s `move` made the engine's `state` (and `result`),
    committed at `seq`: with the decision described. The room service commits it
    (server.rooms.service.decide); a load makes it again for each move of a tail (`replayed`)."""
    return moved(doc, state, result, last_decision(game, doc["state"], seat, move, len(doc["seats"]), seq))


def replayed(doc: Doc, game: Game, entries: list[dict[str, Any]], base: int) -> Doc:
    """`doc` (the document at seq `base`) with the plain moves of `entries` (its tail in
    Redis, at seqs base+1...) made again, as the room service made them (`decided`)."""
    for i, entry in enumerate(entries):
        seat, move = entry["seat"], entry["move"]
        state = game.apply(doc["state"], seat, move)
        doc = decided(doc, game, seat, move, state, game.result(state), base + i + 1)
    return doc


def made_by(doc: Doc, by: str) -> Doc:
    """The document with its last decision marked as made by "timeout" (the seat's clock
    ran out and a bot decided for it) or "bot" (a bot seat's own), in every viewer's cut."""
    last = doc.get("last")
    if last is None:
        return doc
    return {**doc, "last": {viewer: {**said, "by": by} for viewer, said in last.items()}}


def last_for(doc: Doc, seat: int | None) -> dict[str, Any] | None:
    last = doc.get("last")
    if last is None:
        return None
    own = None if seat is None else last.get(str(seat))
    return own if own is not None else last["p"]


def abandoned(doc: Doc) -> Doc:
    """The document of a game ended for want of players (server.play.abandonment): no scores."""
    result = {"abandoned": True, "scores": [], "breakdown": [], "winners": []}
    return {**doc, "status": OVER, "result": revealed(doc, result)}


def forfeited(doc: Doc, seats: int | list[int], claimed: bool = False) -> Doc:
    """The document of a game ended because `seats` forfeited: a seat ran out of time
    under the "forfeit" policy (server.play.referee), or the players left at the table
    claimed the win over seats gone too long (`claimed`, server.play.absence). Abandoned,
    with no scores: `forfeit` names the (lowest) forfeiting seat, `forfeits` every one
    when there are several; the others did not lose and are the winners."""
    lost = sorted({seats} if isinstance(seats, int) else set(seats))
    result: dict[str, Any] = {"abandoned": True, "forfeit": lost[0], "scores": [], "breakdown": [], "winners": []}
    if len(lost) > 1:
        result["forfeits"] = lost
    if claimed:
        result["claimed"] = True
    result["winners"] = [i for i in range(len(doc["seats"])) if i not in lost]
    return {**doc, "status": OVER, "result": revealed(doc, result)}


def rated(doc: Doc) -> bool:
    """Whether the game counts for ratings (server.archive.ratings): only a timed game
    does — every matchmade game, and a room created with a clock. In an untimed room
    nothing bounds a stalling player, so its games are casual (lichess's rule: rated
    games always have a clock)."""
    return doc.get("clock_setting") is not None


def revealed(doc: Doc, result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A final result with the game's seed revealed (server.rooms.fairness); None while it runs."""
    if result is None or "seed" not in doc:
        return result
    return {**result, "seed": doc["seed"], "seed_hash": doc["seed_hash"]}


def view(doc: Doc, game: Game, room: str, seat: int | None) -> dict[str, Any]:
    """What one seat (None: a spectator) sees of the room; the engine cuts the table."""
    state = doc["state"]
    return {
        "room": room,
        "game": doc["game"],
        "options": doc["options"],
        "status": doc["status"],
        "seats": doc["seats"],
        "host": doc.get("host"),
        "seed_hash": doc.get("seed_hash"),
        "you": seat,
        "to_act": [] if state is None else game.to_act(state),
        "table": None if state is None else game.view(state, seat),
        "result": doc["result"],
        "last": last_for(doc, seat),
        "clock": clock.public(doc),
        "absent": doc.get("absent") or [],
        "claim_at": doc.get("claim_at"),
        "banned": doc.get("banned") or [],
        "undo": undo_public(doc),
    }


def views(doc: Doc, game: Game, room: str) -> dict[int | None, dict[str, Any]]:
    """Every seat's view and the spectators' (None), each as `view` cuts it. A game of open
    information cuts one: each seat's is the public one with its own `you`, sharing every
    part; in the others a seat's shares every part but its table and last decision."""
    public = view(doc, game, room, None)
    if game.open_information:
        return {None: public, **{seat: {**public, "you": seat} for seat in range(len(doc["seats"]))}}
    # only the table and the last decision are cut per seat (as `view` cuts them); the rest
    # is cut once, the public view's own objects
    state = doc["state"]
    out: dict[int | None, dict[str, Any]] = {None: public}
    for seat in range(len(doc["seats"])):
        out[seat] = {**public, "you": seat, "table": None if state is None else game.view(state, seat),
                     "last": last_for(doc, seat)}  # fmt: skip
    return out


def undo_public(doc: Doc) -> dict[str, Any] | None:
    """Whether a decision may be taken back now (server.play.undo): null in a room without
    undo, else the seat that may (null: none) and how many of its decisions."""
    if not doc.get("undo_on"):
        return None
    rec = doc.get("undo")
    n = 0 if rec is None else len(rec["moves"])
    return {"seat": rec["seat"] if rec is not None and n else None, "n": n}


def meta(doc: Doc) -> dict[str, str | int]:
    """The lobby fields kept beside the document (see store.py); `days`: a correspondence
    clock's days per move (a game of days is indexed apart when it starts)."""
    out: dict[str, str | int] = {
        "game": doc["game"],
        "status": doc["status"],
        "seats": len(doc["seats"]),
        "taken": sum(s is not None for s in doc["seats"]),
        "rated": int(rated(doc)),
        "options": msgpack.packb(doc["options"]).hex(),
    }
    days = (doc.get("clock_setting") or {}).get("days")
    if days:
        out["days"] = int(days)
    return out
