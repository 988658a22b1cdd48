"""Undo within a turn (BGA's "undo last action"): a room option chosen at `create`.

In a room created with `undo: true`, the seat that just decided may take back its own
decisions, latest first, while it is still asked (the turn has not passed) and nothing
hidden was revealed since. A decision reveals something when
  - a random generator drew (a die, a shuffle: the generators' counters moved), or
  - the engine's hidden parts changed (`Game.hidden`: bags, stacks, decks; a game adds
    whatever its rules say may not be taken back), or
  - any seat's view changed otherwise than the spectators' did: a card or tile came into
    or left a private hand, a sealed bid was made or opened, someone learned something.
Such a decision stands, and so does every one before it.

The room document keeps one record (`undo`): the seat, the state before the first of its
decisions that may be taken back (`base`) and those decisions in order, each with the
seat's clock as it stood before it. Taking one back replays the others on `base` (the
engines are deterministic, so this is the very state that preceded it) and puts the
seat's clock back to before the decision: time kept running meanwhile, so an undo never
gives time back (a total clock also loses the decision's increment). Any other decision
(another seat's, a timeout's, a bot's), or one after which the seat is no longer asked,
ends the record.

An undo is an ordinary commit (`{"k": "undo", "seat"}` in the room's stream, seq
checked), so a replay (server.play.replay) applies it: it drops the latest decision kept.

The undo budget: each seat may take back at most `LONGHALL_UNDO_BUDGET` decisions in a
game (the document counts them, `undos`); past it an undo is refused (`undo_spent`) and
the game goes on. A move and its undo add two entries to the room's log and leave the
game where it was, so without a budget a move/undo loop grows the log without end; with
it a game's log is bounded by the game's own length plus twice the budget per seat.
"""

from __future__ import annotations

from typing import Any

from protocol.diff import make_patch
from protocol.errors import ErrorCode
from server.games.contract import Game
from server.games.rng import drawn
from server.rooms import document as rm
from server.rooms.cache import Entry
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.service import Change, Rooms
from server.rooms.shape import Doc


def reveals(game: Game, before: dict[str, Any], after: dict[str, Any], seats: int) -> bool:
    """Whether the decision that turned `before` into `after` may have shown anyone
    something hidden (see the module's docstring)."""
    if drawn(before) != drawn(after) or game.hidden(before) != game.hidden(after):
        return True
    public = make_patch(game.view(before, None), game.view(after, None))
    return any(make_patch(game.view(before, s), game.view(after, s)) != public for s in range(seats))


def stamp(game: Game, old: Doc, new: Doc, entry: dict[str, Any], seq: int) -> Doc:
    """Undo's stamp on every commit (server.rooms.transition.Stamp): a move's undo record."""
    if entry.get("k") != "move":
        return new
    return track(game, old, new, entry["seat"], entry["move"], entry.get("by"), seq)


def track(game: Game, old: Doc, new: Doc, seat: int, move: Any, by: str | None, seq: int) -> Doc:
    """`new` (the document after `seat`'s `move`, committed as `seq`) with its undo record."""
    if not old.get("undo_on"):
        return new
    after = new["state"]
    if by is not None or new["status"] != rm.PLAYING or seat not in game.to_act(after):
        return {**new, "undo": None}
    if reveals(game, old["state"], after, len(new["seats"])):
        return {**new, "undo": {"seat": seat, "revealed": True, "base": None, "moves": []}}
    clock = old.get("clock")
    saved = {
        "move": move,
        "seq": seq,
        "asked": None if clock is None else clock["asked"][seat],
        "left": None if clock is None else clock["left"][seat],
    }
    rec = old.get("undo")
    if rec is not None and rec["seat"] == seat and rec["base"] is not None:
        return {**new, "undo": {**rec, "moves": [*rec["moves"], saved]}}
    return {**new, "undo": {"seat": seat, "revealed": False, "base": old["state"], "moves": [saved]}}


def undone(game: Game, doc: Doc, seat: int, seq: int, budget: int = 0) -> Doc:
    """The document with `seat`'s latest decision taken back (committed as `seq`), or a
    refusal: undo_off, nothing_to_undo, undo_revealed, undo_spent (the seat has taken
    back `budget` decisions in this game; 0: no budget)."""
    if not doc.get("undo_on"):
        raise RoomError(ErrorCode.UNDO_OFF, "this room was created without undo")
    rec = doc.get("undo")
    if rec is None or rec["seat"] != seat or (not rec["moves"] and not rec["revealed"]):
        raise RoomError(ErrorCode.NOTHING_TO_UNDO, "you have no decision of this turn to take back")
    if not rec["moves"]:
        raise RoomError(ErrorCode.UNDO_REVEALED, "your last decision revealed something hidden: it stands")
    spent = list(doc.get("undos") or [0] * len(doc["seats"]))
    if budget and spent[seat] >= budget:
        raise RoomError(ErrorCode.UNDO_SPENT, f"your seat has taken back {spent[seat]} decisions in this game, "
                        "as many as a game allows: this one stands")  # fmt: skip
    spent[seat] += 1
    *kept, gone = rec["moves"]
    state = rec["base"]
    for m in kept:
        state = game.apply(state, seat, m["move"])
    new: Doc = {**doc, "state": state, "undo": {**rec, "moves": kept} if kept else None, "undos": spent}
    new["last"] = {"p": {"k": "undo", "seat": seat, "seq": seq, "undone": gone["seq"]}}
    clock = doc.get("clock")
    if clock is not None:  # back to the seat's clock before the decision: the time since still counts
        asked, left = list(clock["asked"]), list(clock["left"])
        asked[seat], left[seat] = gone["asked"], gone["left"]
        new["clock"] = {**clock, "asked": asked, "left": left}
    return new


async def take_back(rooms: Rooms, sess: Member, room: str, seq: int, budget: int = 0) -> None:
    """The `undo {room, seq}` request: an ordinary commit, answered by its diff; `budget`:
    the decisions a seat may take back in a game (0: no budget)."""

    def take(e: Entry, attempt: int) -> Change:
        seat = rooms.seat_for_move(sess, e)
        if e.doc["status"] == rm.OVER:
            raise RoomError(ErrorCode.GAME_OVER, "the game is over")
        if seq != e.seq:
            raise RoomError(ErrorCode.STALE_SEQ, f"the room is at seq {e.seq}, not {seq}: resync")
        assert e.game is not None
        return undone(e.game, e.doc, seat, e.seq + 1, budget), {"k": "undo", "seat": seat, "player": sess.player}

    await rooms.change(room, take)


def moves_kept(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The `move` entries of a room's log that stand: each `undo` drops the latest one kept."""
    kept: list[dict[str, Any]] = []
    for entry in log:
        if entry.get("k") == "move":
            kept.append(entry)
        elif entry.get("k") == "undo" and kept:
            kept.pop()
    return kept
