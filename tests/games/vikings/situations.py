"""Small hand-made Vikings situations for the tests: a fresh game, then the exact
fjord, wheel or prompt a test needs, written the way the rulebook pictures them."""

from __future__ import annotations

from typing import Any

from server.games.vikings import GAME
from server.games.vikings.components import COLOURS

State = dict[str, Any]


def game(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A new game with seat 0 as start player unless told otherwise."""
    options.setdefault("start_player", 0)
    return GAME.setup(players, GAME.resolve_options(options), seed)


def tile(kind: str, viking: str | None = None, building: str | None = None) -> dict[str, Any]:
    cell: dict[str, Any] = {"t": kind, "v": viking}
    if building:
        cell["b"] = building
    return cell


def lay(s: State, seat: int, rows: dict[int, list[Any]]) -> dict[str, Any]:
    """Lay out a fjord: `rows[r]` lists columns 1, 2, ...; None is an empty place; in
    row 0 a ship is its kind ("SG"), in rows 1-5 a tile is `tile(...)` or a kind."""
    fjord = s["table"]["fjords"][seat]
    fjord["start_tile"] = False
    for row, cells in rows.items():
        out = []
        for c in cells:
            if isinstance(c, str):
                c = {"t": c} if row == 0 else tile(c)
            out.append(c)
        fjord["rows"][row] = out
    return fjord


def home(s: State, seat: int, **counts: int) -> None:
    s["table"]["fjords"][seat]["home"] = dict.fromkeys(COLOURS, 0) | counts


def wheel(s: State, sets: dict[int, tuple[str, str]], offset: int = 0, bought: int = 0) -> None:
    """Put the given sets {space: (tile, viking colour)} on the wheel, nothing else."""
    spaces: list[Any] = [None] * 12
    for space, (kind, colour) in sets.items():
        spaces[space] = {"tile": kind, "viking": colour}
    s["table"]["wheel"] = {"offset": offset, "spaces": spaces}
    s["table"]["bought"] = bought


def ask(s: State, seat: int, kind: str, **context: Any) -> None:
    s["table"]["prompt"] = {"seat": seat, "ask": kind, **context}


def play(s: State, seat: int, *moves: dict[str, Any]) -> State:
    for move in moves:
        s = GAME.apply(s, seat, move)
    return s


def decisions(s: State, seat: int) -> list[dict[str, Any]]:
    """The seat's legal moves without the VP conversions, which every seat may make at
    any time (V-50, VA-2); checks that those are listed as every amount 1..VP, last."""
    moves = GAME.legal_moves(s, seat)
    vp = s["table"]["fjords"][seat]["vp"]
    cut = len(moves) - vp
    assert moves[cut:] == [{"type": "convert", "vp": n} for n in range(1, vp + 1)]
    return moves[:cut]
