"""Cairns: the template game to copy when adding a game (docs/adding-a-game.md).

Not registered in the product (it lives outside `server/games`); the test servers host it
through LONGHALL_EXTRA_GAMES. Copied to `server/games/<name>/`, it is registered as is.

Rules (numbered as refusals cite them). C-1: stones of three colours, valued 1 to 3, lie
in a hidden bag; a row of them lies face up; each player holds a secret colour. C-2: on
your turn take one or two stones from the row, one at a time, then end the turn. C-3: the
row is refilled from the bag, at random. C-4: when a turn ends with the bag empty, the
game is over: a stone scores its value, doubled when it is of your secret colour.

Left out on purpose: everything that is not the contract (no rulebook, no clocks).
"""

from __future__ import annotations

from typing import Any

from server.games import rng
from server.games.contract import Game, GameInfo, GameSchema, IllegalMove, Move, MoveDoc, Option, State, View
from server.games.forms import form

COLOURS = ("red", "green", "blue")
BAG = [[c, v] for c in COLOURS for v in (1, 2, 3) for _ in range(2)]  # a stone is [colour, value]
TAKE = 2  # C-2

# The schema of the table and the moves (server.games.schema; docs/adding-a-game.md): a
# seat sees its own secret colour, a spectator none. tests/games/test_schema.py validates
# every view and move of random games against it.
STONE = {"type": "array", "prefixItems": [{"enum": list(COLOURS)}, {"type": "integer", "minimum": 1, "maximum": 3}],
         "minItems": 2, "maxItems": 2, "description": "a stone: [colour, value]"}  # fmt: skip


def table(secret: dict[str, Any]) -> dict[str, Any]:
    props = {
        "row": {"type": "array", "items": STONE, "maxItems": 4, "description": "the stones face up (C-1)"},
        "cairns": {"type": "array", "items": {"type": "array", "items": STONE}, "description": "each seat's stones"},
        "bag": {"type": "integer", "minimum": 0, "description": "stones left in the bag (hidden: only their number)"},
        "turn": {"type": "integer", "minimum": 0, "maximum": 3, "description": "the seat whose turn it is"},
        "taken": {"type": "integer", "minimum": 0, "maximum": TAKE, "description": "stones taken this turn (C-2)"},
        "secret": secret,
    }
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


SCHEMA = GameSchema(
    table=table({"enum": list(COLOURS), "description": "your secret colour (C-1)"}),
    spectator=table({"type": "null", "description": "null: a spectator sees no secret colour"}),
    viewers="A seat sees its own secret colour; a spectator sees none, and nobody sees another seat's.",
    fields={"slot": {"type": "integer", "minimum": 0, "maximum": 3, "description": "a stone of the row, from 0"}},
    moves={
        "take": MoveDoc("C-2", "Take a stone from the row.", {"type": "take", "slot": 0}),
        "end": MoveDoc("C-2", "End the turn (after one or two stones).", {"type": "end"}),
    },
)


class Cairns(Game):
    info = GameInfo(
        "cairns", "Cairns (template game)", 2, 4,
        (Option("row", (3, 4), 3, "How many stones lie face up (C-1).", "Stones in the row", ("three", "four")),),
    )  # fmt: skip
    move_forms = {"take": (form("slot"),), "end": (form(),)}
    schema = SCHEMA

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        r = rng.new_rng(seed)
        colours = [rng.choice(r, list(COLOURS)) for _ in range(players)]
        state = {"bag": [list(s) for s in BAG], "rng": r, "row": [], "size": options["row"], "secret": colours,
                 "cairns": [[] for _ in range(players)], "turn": 0, "taken": 0, "over": False}  # fmt: skip
        refill(state)
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        takes = [{"type": "take", "slot": i} for i in range(len(state["row"]))] if state["taken"] < TAKE else []
        return takes + ([{"type": "end"}] if state["taken"] else [])

    def apply(self, state: State, seat: int, move: Any) -> State:
        if not isinstance(move, dict) or move.get("type") not in ("take", "end"):
            raise IllegalMove("bad_move", None, "a move is {type: take, slot} or {type: end}")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "C-2", "C-2: wait for your turn")
        if type(move.get("slot", 0)) is not int or move not in self.legal_moves(state, seat):  # True == 1
            raise IllegalMove("illegal_move", "C-2", "C-2: take one or two stones from the row, then end your turn")
        s = dict(state)  # copy-on-write: a new top level, new containers only where this move writes
        if move["type"] == "take":
            s["row"] = list(state["row"])
            s["cairns"] = list(state["cairns"])
            s["cairns"][seat] = [*state["cairns"][seat], s["row"].pop(move["slot"])]
            s["taken"] += 1
            return s
        s["bag"], s["rng"], s["row"] = list(state["bag"]), dict(state["rng"]), list(state["row"])
        refill(s)
        s["turn"], s["taken"], s["over"] = (seat + 1) % len(s["cairns"]), 0, not s["bag"]  # C-4
        return s

    def view(self, state: State, seat: int | None) -> View:
        # public parts are the state's own lists (the differ skips them by identity); the bag
        # is a count, another seat's secret is never in it
        secret = state["secret"][seat] if seat is not None else None
        return {"row": state["row"], "cairns": state["cairns"], "bag": len(state["bag"]), "turn": state["turn"],
                "taken": state["taken"], "secret": secret}  # fmt: skip

    def hidden(self, state: State) -> Any:
        """The bag and the generator: a turn's end draws from them, so it cannot be undone."""
        return [state["bag"], state["rng"]]

    def describe(self, before: State, seat: int, move: Move, viewer: int | None) -> dict[str, Any]:
        if move["type"] == "take":
            colour, value = before["row"][move["slot"]]
            return {"k": "cairns.take", "colour": colour, "value": value}
        return {"k": "cairns.end"}

    def score(self, state: State, seat: int) -> float | None:
        return float(sum(points(state, seat).values()))

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:
            return None
        breakdown = [points(state, seat) for seat in range(len(state["cairns"]))]
        scores = [sum(b.values()) for b in breakdown]
        return {"scores": scores, "winners": [i for i, n in enumerate(scores) if n == max(scores)],
                "breakdown": breakdown}  # fmt: skip


def refill(state: State) -> None:
    """C-3: stones drawn at random until the row is full or the bag empty (in place: the
    caller owns `bag`, `rng` and `row`)."""
    while len(state["row"]) < state["size"] and state["bag"]:
        state["row"].append(state["bag"].pop(rng.below(state["rng"], len(state["bag"]))))


def points(state: State, seat: int) -> dict[str, int]:
    """C-4: the cairn's stones, and as much again for those of the seat's secret colour."""
    stones = state["cairns"][seat]
    return {"stones": sum(v for _, v in stones), "secret": sum(v for c, v in stones if c == state["secret"][seat])}


GAME = Cairns()
