"""Strict move shapes: a move is exactly one of the forms its game lists, or refused.

Every game declares its forms (`Game.move_forms`): for each move type, the field sets
a move of that type may have. The room service checks a move against them before the
engine sees it, so a move with an unknown type, a missing field or an extra field is
refused as `bad_move` and never stored; field values must be whole numbers or short
names (the engine then checks their ranges and the rules). A type whose fields vary
with the situation (a card's own decision, say) is declared LISTED: such a move must
equal, type for type, one entry of `legal_moves` — exact, but it costs an enumeration,
so only rare decisions are declared that way.

The check is a set lookup per move (no enumeration on the common path): the server's
CPU per move is what bounds how many rooms a node carries.
"""

from __future__ import annotations

from typing import Any

from protocol.diff import strict_equal
from server.games.contract import Game, IllegalMove, State

LISTED = None  # the type's moves must be entries of legal_moves, exactly
Forms = dict[str, tuple[frozenset[str], ...] | None]
NAME_LIMIT = 64  # longest string value in any move (ids of cards, goods, spaces)


def form(*fields: str) -> frozenset[str]:
    """One field set of a move type (`type` is implied)."""
    return frozenset(("type", *fields))


def _bad(detail: str) -> IllegalMove:
    return IllegalMove("bad_move", None, detail)


def _names(keys: Any) -> str:
    return ", ".join(sorted(str(k)[:24] for k in keys)[:12])


def check(game: Game, state: State, seat: int, move: Any) -> None:
    """Refuse (IllegalMove bad_move) a move that is not one of `game`'s listed forms."""
    forms = game.move_forms
    if forms is None:
        return
    if type(move) is not dict:
        raise _bad("a move is a map {type, ...}: send an entry of `legal`")
    kind = move.get("type")
    if type(kind) is not str or kind not in forms:
        raise _bad(f"unknown move type; {game.info.name} takes {_names(forms)}")
    shapes = forms[kind]
    if shapes is LISTED:
        if not any(strict_equal(move, m) for m in game.legal_moves(state, seat)):
            raise _bad(f"this {kind!r} move is not one of your legal moves: send an entry of `legal`")
        return
    if frozenset(move) not in shapes:
        wanted = " or ".join("{" + _names(s) + "}" for s in shapes)
        raise _bad(f"a {kind!r} move has the fields {wanted}, not {{{_names(move)}}}")
    for key, value in move.items():
        if type(value) is not int and not (type(value) is str and len(value) <= NAME_LIMIT):
            raise _bad(f"field {key!r} must be a whole number or a name of at most {NAME_LIMIT} characters")
