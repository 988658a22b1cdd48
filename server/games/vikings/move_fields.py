"""Reading the fields of an untrusted move off the wire.

A move arrives as any msgpack value. These readers either return a field of the
expected type and range or raise `IllegalMove("bad_move", None, ...)`: a malformed
move is never a rules refusal and never another exception. Whether a well-formed
move is *legal* is decided by the rules modules.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from server.games.contract import IllegalMove


def bad(detail: str) -> IllegalMove:
    return IllegalMove("bad_move", None, detail)


def integer(move: dict[str, Any], key: str, low: int, high: int) -> int:
    value = move.get(key)
    if type(value) is not int or not low <= value <= high:  # bool is not an int here
        raise bad(f"{key!r} must be a whole number from {low} to {high}")
    return value


def choice(move: dict[str, Any], key: str, choices: Collection[str]) -> str:
    value = move.get(key)
    if not isinstance(value, str) or value not in choices:
        raise bad(f"{key!r} must be one of {', '.join(sorted(choices))}")
    return value


def refusal(rule: str, reason: str) -> IllegalMove:
    """A rules refusal: `rule` is the spec's number, `reason` one line for the player."""
    return IllegalMove("illegal_move", rule, f"{rule}: {reason}")
