"""The decisions a player sends, how they are checked, and every legal one.

  {"type": "place", "x": int, "y": int, "rotation": 0..3}   lay the tile in hand (H-17..H-19)
  {"type": "clan", "segment": i}                            a clan member on segment i of
                                                            the tile just placed (H-24)
  {"type": "hut", "segment": i}                             a hut there (H-26)
  {"type": "pass"}                                          no figure this time (H-22)

Moves arrive untrusted: anything malformed is refused as "bad_move" before a rule is
looked at; rule refusals name their rule. Every check runs on the untouched input
state; only an accepted move forks it, copy-on-write (see _fork), so the input is never
changed and unchanged subtrees keep their identity for the view diff.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import IllegalMove
from server.games.hunters.figures import occupation, put, refusal, spots
from server.games.hunters.landscape import key, lay, places, spot
from server.games.hunters.tiles import TILES
from server.games.hunters.turn import after_figure

State = dict[str, Any]
KINDS = ("place", "clan", "hut", "pass")


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    turn = state["turn"]
    if turn["phase"] == "over" or seat != turn["seat"]:
        return []
    if turn["phase"] == "place":
        moves = []
        for k, r in places(state, state["hand"]):
            x, y = spot(k)
            moves.append({"type": "place", "x": x, "y": y, "rotation": r})
        return moves
    return spots(state, seat)


def _number(move: dict[Any, Any], name: str) -> int:
    value = move.get(name)
    if type(value) is not int:  # bools are ints to Python, not to the protocol
        raise IllegalMove("bad_move", None, f"{name!r} must be an integer")
    return value


def _check_turn(state: State, seat: int, kind: str) -> None:
    turn = state["turn"]
    if turn["phase"] == "over":
        raise IllegalMove("game_over", "H-60", "H-60: the game is over")
    if seat != turn["seat"]:
        raise IllegalMove("not_your_turn", "H-15", f"H-15: it is seat {turn['seat']}'s turn")
    if turn["phase"] == "place" and kind != "place":
        raise IllegalMove("illegal_move", "H-14", "H-14: place the drawn tile first")
    if turn["phase"] == "figure" and kind == "place":
        raise IllegalMove("illegal_move", "H-22", "H-22: your tile is down; place a figure on it or pass")


def _fork(state: State, placing: bool) -> State:
    """apply's own state, copy-on-write: a new top level and new containers for what this
    step may change; everything else (tiles on the map, figures, untouched feature
    records, the union-find arrays in a figure step) is shared with the input, which
    keeps the view diff cheap. Writers copy a feature record before changing it."""
    s = dict(state)
    s["scored"] = []
    s["turn"] = dict(state["turn"])
    for name in ("land", "bonus", "discards", "feats", "figures"):
        s[name] = list(state[name])
    s["supply"] = [dict(x) for x in state["supply"]]
    s["points"] = [dict(x) for x in state["points"]]
    if placing:
        for name in ("map", "frontier", "base"):
            s[name] = dict(state[name])
        for name in ("parent", "system", "fish"):
            s[name] = list(state[name])
    return s


def _place(state: State, move: dict[Any, Any]) -> State:
    x, y, r = _number(move, "x"), _number(move, "y"), _number(move, "rotation")
    if not 0 <= r <= 3:
        raise IllegalMove("bad_move", None, "'rotation' is a number of quarter turns, 0 to 3")
    k = key(x, y)
    if k in state["map"]:
        raise IllegalMove("illegal_move", "H-19", "H-19: a tile already lies on that square")
    pattern = state["frontier"].get(k)
    if pattern is None:
        raise IllegalMove("illegal_move", "H-17", "H-17: the tile must share a full side with the landscape")
    if r not in TILES[state["hand"]].fits.get(pattern, ()):
        raise IllegalMove("illegal_move", "H-18", "H-18: forest, meadow and river must match every neighbour")
    s = _fork(state, placing=True)
    completed = lay(s, s["hand"], x, y, r)
    s["hand"] = None
    s["turn"].update(phase="figure", at=k, completed=completed)
    return s


def _figure(state: State, seat: int, kind: str, move: dict[Any, Any]) -> State:
    if kind == "pass":
        s = _fork(state, placing=False)
    else:
        i = _number(move, "segment")
        tile = TILES[state["map"][state["turn"]["at"]]["tile"]]
        if not 0 <= i < len(tile.segments):
            raise IllegalMove("bad_move", None, f"the tile just placed has no segment {i}")
        refused = refusal(state, seat, kind, i, occupation(state))
        if refused is not None:
            raise refused
        s = _fork(state, placing=False)
        put(s, seat, kind, i)
    after_figure(s)
    return s


def apply_move(state: State, seat: int, move: Any) -> State:
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", None, "a move is a map with a 'type'")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in KINDS:
        raise IllegalMove("bad_move", None, f"unknown move type; expected one of {', '.join(KINDS)}")
    _check_turn(state, seat, kind)
    if kind == "place":
        return _place(state, move)
    return _figure(state, seat, kind, move)
