"""The room document's shape: every field Redis stores for a room, typed, grouped by the
module that writes it. The functions that make and read documents are in
`server.rooms.document`; this module holds the types alone, so that the modules the
document's functions use (the clocks) can name them too.

A document is a plain dict (a `TypedDict`): msgpack stores it as it is, a commit shares
every part it did not change with the document before it, and the compiled move path
pays nothing for the types.
"""

from __future__ import annotations

from typing import Any, Required, TypedDict


class Seat(TypedDict, total=False):
    """Who holds a seat: a player, or a bot seat (its level: server.play.bots)."""

    player: Required[str]
    name: Required[str]
    bot: str


class Clock(TypedDict, total=False):
    """The turn clocks of a timed room (server.rooms.clocks), per seat, in ms."""

    asked: Required[list[int | None]]  # since when the seat has been asked (None: not asked)
    deadline: Required[list[int | None]]  # when it times out (None: not asked, or no clock)
    left: Required[list[int | None]]  # its bank under a total clock (None: per-move clocks)
    now: Required[int]  # the commit's time they were set at
    away: list[int | None]  # correspondence: until when each seat's player is on vacation
    extra: list[int]  # correspondence: ms of vacation added to each asked seat's time


class UndoRecord(TypedDict):
    """What the seat that just decided may take back (server.play.undo)."""

    seat: int
    revealed: bool  # a decision showed something hidden: nothing before it comes back
    base: Any  # the engine state before the first decision kept (None after a reveal)
    moves: list[dict[str, Any]]  # {move, seq, asked, left}: each decision and its seat's clock before it


class Doc(TypedDict, total=False):
    """The room document: what Redis stores for a room, owned by this module; the features'
    fields are grouped by the module that writes them."""

    # the room (this module)
    game: Required[str]
    options: Required[dict[str, Any]]
    seats: Required[list[Seat | None]]
    status: Required[str]  # OPEN, PLAYING, OVER
    private: Required[bool]
    host: Required[str | None]  # the player who may start, kick and seat bots (server.play.host)
    banned: list[Seat]  # the players the host removed: they may not sit down again (server.play.host)
    # the game: the engine's version the room was created with (absent: 1), its state and
    # final result, the last decision in each viewer's words
    engine: int
    state: Required[Any]
    result: Required[dict[str, Any] | None]
    last: dict[str, dict[str, Any]] | None
    # fair randomness (server.rooms.fairness): the seed, secret until the end, and its commitment
    seed: str
    seed_hash: str
    # clocks (server.rooms.clocks)
    clock_setting: dict[str, Any] | None
    clock: Clock
    # spectators' delay (server.rooms.delay): {"moves": N} or {"seconds": S}; absent: the default
    spectator_delay: dict[str, Any]
    # undo (server.play.undo)
    undo_on: bool
    undo: UndoRecord | None
    undos: list[int]  # decisions each seat has taken back in this game (the undo budget)
    # absence (server.play.absence): the seats whose players are gone, and per seat from
    # when (ms) the others may claim the win over it (None: the seat's player is here)
    absent: list[int]
    claim_at: list[int | None] | None
