"""The engine contract every game implements, and the refusal it raises.

A game is a pure rules engine over a plain state tree. The tree holds only
JSON-compatible values: dicts with string keys, lists (never tuples), ints, strings,
bools and None. No floats, no sets, no objects. That lets the room service store it as
msgpack, clone it cheaply and diff its views as RFC 6902 JSON Patch.

A game also describes each decision for the move log (`Game.describe`): structured,
language-neutral data such as `{"k": "vikings.buy", "space": 3, "gold": 2, ...}` that
a client words in its own language, cut for one viewer like a view is. The room adds
`seat` (who decided, also in simultaneous phases) and `seq`; see docs/protocol.md
("The last decision").

A game declares the JSON Schema of its `table` (`Game.schema`, a `GameSchema`) and what
each move type means; `server.games.schema` makes the schemas client authors read from
it and from `Game.move_forms`.

This module deliberately knows nothing of Redis, sockets or asyncio.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, TypeVar

import ormsgpack

State = dict[str, Any]
Move = dict[str, Any]
View = dict[str, Any]
Description = dict[str, Any]


class IllegalMove(Exception):
    """A refused decision: a stable code, the rule it breaks and a one-line reason.

    `rule` is the spec's number ("V-46"), or None when the refusal is not a game rule
    (a malformed move, say). The state the move was tried on is never changed.
    """

    def __init__(self, code: str, rule: str | None, detail: str) -> None:
        super().__init__(f"{rule or code}: {detail}")
        self.code = code
        self.rule = rule
        self.detail = detail


@dataclass(frozen=True)
class Option:
    """One room option of a game: its name, allowed values and the spec's default.

    `doc` says what the option does in a sentence; `label` names it for a lobby and
    `labels` names each choice (same order), so no client shows raw flags. Clients fall
    back to the name and the values when these are empty.
    """

    name: str
    choices: tuple[Any, ...]
    default: Any
    doc: str = ""
    label: str = ""
    labels: tuple[str, ...] = ()

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "choices": list(self.choices), "default": self.default, "doc": self.doc,
                "label": self.label, "labels": list(self.labels)}  # fmt: skip


@dataclass(frozen=True)
class GameInfo:
    """What the lobby shows of a game."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = field(default_factory=tuple)
    # The engine's version: bumped whenever a rule or the state's shape changes. A room
    # records the version it was created with and is played, replayed and checked on that
    # version for good (server.games.registry.engine); older versions stay importable.
    version: int = 1

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "version": self.version,
            "players": [self.min_players, self.max_players],
            "options": [o.describe() for o in self.options],
        }


@dataclass(frozen=True)
class MoveDoc:
    """What one move type is for: the rule it carries out (the spec's number, "H-20"),
    a sentence for client authors and an example move (validated against the schema).
    `fields` gives this type's own JSON Schema of a field where it differs from the
    game's (`GameSchema.fields`)."""

    rule: str
    doc: str
    example: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSchema:
    """A game's schema, written once as data next to its view (server.games.schema).

    `table`: the JSON Schema (2020-12) of what `view` returns to a seat, each property
    with a `description` (what it means on the table). `spectator`: the same for a
    spectator, None when it is the seat's (a game without secrets). `viewers`: a few
    sentences on what differs per viewer. `fields`: the JSON Schema of each move field
    (its type, range and meaning); `moves`: each move type's `MoveDoc`. The default is
    permissive (any map, any field a whole number or a name): a game that declares
    nothing still plays, its schema only says less.
    """

    table: dict[str, Any] = field(default_factory=lambda: {"type": "object"})
    spectator: dict[str, Any] | None = None
    viewers: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    moves: dict[str, MoveDoc] = field(default_factory=dict)


class Game(ABC):
    """A rules engine. Every method is pure: it reads its arguments and never mutates them.

    Seats are ints 0..players-1. A move is a JSON-compatible map; every entry that
    `legal_moves` returns can be passed back to `apply` verbatim.
    """

    info: GameInfo
    # Every form a move may take, by type (server.games.forms): the room service refuses
    # any other shape before `apply`. None: the game does not declare them (no check).
    move_forms: dict[str, tuple[frozenset[str], ...] | None] | None = None
    # True for a game without secrets of a seat: `view` is the same for every seat and a
    # spectator, and `describe` the same for every viewer, so the room cuts one view and
    # words each decision once (server.rooms.document.views).
    open_information: bool = False
    # The JSON Schema of `view` per viewer and the meaning of each move type and field
    # (docs/games/<game>.md, /api/games/{game}/schema); the default says only "a map".
    schema: GameSchema = GameSchema()

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The full option map: defaults filled in, unknown names and values refused."""
        given = dict(options or {})
        known = {o.name: o for o in self.info.options}
        for name, value in given.items():
            if name not in known:
                raise IllegalMove("bad_option", None, f"unknown option {name!r}")
            if value not in known[name].choices:
                raise IllegalMove("bad_option", None, f"option {name!r} cannot be {value!r}")
        return {o.name: given.get(o.name, o.default) for o in self.info.options}

    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        """The initial state for `players` seats; `options` is already resolved."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """The seats that may decide now (several in simultaneous phases); [] when over."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal decision of `seat` now ([] when it may not act)."""

    @abstractmethod
    def apply(self, state: State, seat: int, move: Any) -> State:
        """The state after `seat` makes `move`; raises IllegalMove and changes nothing.

        `move` is untrusted input straight off the wire: any msgpack value. A malformed
        move must raise IllegalMove (code "bad_move"), never another exception.
        """

    @abstractmethod
    def view(self, state: State, seat: int | None) -> View:
        """What `seat` may see (None: a spectator). No hidden part of another seat.

        Returning subtrees of `state` itself (not copies) where they are public keeps the
        view diff cheap: the differ skips identical objects by identity.
        """

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game runs; then final scores with breakdown and winners."""

    def score(self, state: State, seat: int) -> float | None:
        """A running score of `seat` (higher is better), for bots that look one decision
        ahead (server.play.bots); None: the game keeps none, bots play at random."""
        return None

    def hidden(self, state: State) -> Any:
        """The parts of `state` no viewer may see: bags, stacks and decks (their order
        too), the random generator, and anything a rule says may not be taken back.
        A decision that changes them may have revealed something, so it cannot be undone
        (server.play.undo). This default is the whole state: nothing is undoable until a game
        names its hidden parts."""
        return state

    def describe(self, before: State, seat: int, move: Move, viewer: int | None) -> Description:
        """The decision `move` of `seat`, accepted on `before`, as `viewer` may read it.

        Called only after `apply(before, seat, move)` succeeded, once per viewer (each
        seat and None, the spectators), so it must be cheap and pure. It returns a
        JSON-compatible map whose "k" ("game.kind", e.g. "vikings.buy") names the
        wording a client uses; the other fields are the wording's values (spaces,
        prices, tiles: never words, never view paths). Hidden information follows the
        view's rules: what `viewer` could not see must not be in it (a card drawn into a
        private hand is "a card" to the others). "seat" and "seq" are added by the room.

        This default names only the move's type, to everyone: safe for any game, and
        what a client shows until the game describes its moves itself.
        """
        kind = move.get("type") if isinstance(move, dict) else None
        return {"k": "move", "type": kind if isinstance(kind, str) else None}


_T = TypeVar("_T")


def clone(state: _T) -> _T:
    """A deep copy of a state tree, at native speed (the tree is msgpack-able by contract,
    string keys only): ormsgpack's round trip costs half of msgpack's."""
    return ormsgpack.unpackb(ormsgpack.packb(state))
