"""Protocol v1 message definitions: every message type and its fields.

Each message is a msgpack map whose `t` names its type. A field spec is a tuple of the
Python types the field may take (after msgpack decoding) and whether it is required.
`validate_client` checks an incoming frame against the client → server table and
raises ProtocolError with a stable code; the server → client table documents what the
server sends and is used by the golden fixtures and client type definitions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.errors import ErrorCode

NoneType = type(None)
INT = (int,)
STR = (str,)
ANY: tuple[type, ...] = ()  # any msgpack value
MAP = (dict,)
LIST = (list,)
ID = (str, int)
LIMITS = {"str": 200, "list": 64, "id": 64, "int": 2**53, "token": 4096, "text": 2000}  # a token is a JWT


@dataclass(frozen=True)
class Field:
    types: tuple[type, ...]
    required: bool = True
    items: tuple[type, ...] = ANY  # for lists: the type of each entry

    def describe(self) -> dict[str, Any]:
        return {"types": [t.__name__ for t in self.types] or ["any"], "required": self.required}


def req(*types: type, items: tuple[type, ...] = ANY) -> Field:
    return Field(tuple(types), True, items)


def opt(*types: type, items: tuple[type, ...] = ANY) -> Field:
    return Field(tuple(types), False, items)


CLIENT: dict[str, dict[str, Field]] = {
    "hello": {"versions": req(list, items=INT), "token": opt(str), "name": opt(str)},
    "create": {
        "game": req(str),
        "options": opt(dict),
        "seats": opt(int),
        "private": opt(bool),
        "clock": opt(dict),
        "undo": opt(bool),
        "push": opt(bool),
        "spectator_delay": opt(dict),
    },
    "join": {"room": req(str), "seat": opt(int, NoneType), "push": opt(bool)},
    "spectate": {"room": req(str)},
    "leave": {"room": req(str)},
    "start": {"room": req(str)},
    "kick": {"room": req(str), "seat": req(int)},
    "add_bot": {"room": req(str), "seat": opt(int, NoneType), "level": opt(str)},
    "unban": {"room": req(str), "player": req(str)},
    "claim": {"room": req(str)},
    "chat": {"room": req(str), "text": req(str), "id": opt(str, int)},
    "move": {"room": req(str), "id": req(str, int), "seq": req(int), "move": Field(ANY)},
    "undo": {"room": req(str), "seq": req(int)},
    "legal": {"room": req(str)},
    "resync": {"room": req(str), "seq": req(int)},
    "queue": {"game": req(str), "players": req(int), "options": opt(dict)},
    "unqueue": {"game": req(str), "players": req(int), "options": opt(dict)},
    "rematch": {"room": req(str), "accept": opt(bool)},
    "invite": {"room": req(str), "player": req(str)},
    "ping": {"n": req(int)},
}

SERVER: dict[str, dict[str, Field]] = {
    "welcome": {"version": req(int), "player": req(str), "token": req(str)},
    "joined": {
        "room": req(str),
        "seat": req(int, NoneType),
        "game": req(str),
        "push": opt(bool),
        "delay": opt(dict),
        "waiting": opt(bool),
    },
    "snapshot": {"room": req(str), "seq": req(int), "view": req(dict), "now": opt(int)},
    "diff": {"room": req(str), "seq": req(int), "ops": req(list)},
    "ok": {"id": req(str, int), "seq": req(int)},
    "moves": {"room": req(str), "seq": req(int), "moves": req(list), "push": opt(bool)},
    "matched": {"room": req(str), "seat": req(int)},
    "over": {"room": req(str), "result": req(dict)},
    "error": {"code": req(str), "detail": req(str), "rule": opt(str), "id": opt(str, int), "retry_after": opt(int)},
    "pong": {"n": req(int)},
    "left": {"room": req(str)},
    "queued": {"game": req(str), "players": req(int)},
    "chat": {"room": req(str), "channel": req(str), "messages": req(list)},
    "rematch": {
        "room": req(str),
        "state": req(str),
        "seats": req(list),
        "accepted": req(list),
        "deadline": req(int),
        "new": opt(str),
        "by": opt(str),
    },
    "invite": {"room": req(str), "player": req(str), "online": req(bool)},
    "invited": {"room": req(str), "game": req(str), "player": req(str), "name": req(str), "at": req(int)},
}


class ProtocolError(Exception):
    """A frame the server refuses before it reaches any room: a code and a reason."""

    def __init__(self, code: ErrorCode, detail: str) -> None:
        super().__init__(f"{code.value}: {detail}")
        self.code = code
        self.detail = detail


def _check_value(name: str, value: Any, spec: Field) -> None:
    if spec.types and not isinstance(value, spec.types):
        raise ProtocolError(ErrorCode.BAD_FIELD, f"field {name!r} must be {'/'.join(_names(spec.types))}")
    if isinstance(value, bool) and bool not in spec.types and int in spec.types:
        raise ProtocolError(ErrorCode.BAD_FIELD, f"field {name!r} must be an int, not a bool")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LIMITS["int"]:
        raise ProtocolError(ErrorCode.BAD_FIELD, f"field {name!r} is out of range")
    longest = LIMITS.get(name, LIMITS["id"] if name in ("id", "room") else LIMITS["str"])
    if isinstance(value, str) and len(value) > longest:
        raise ProtocolError(ErrorCode.BAD_FIELD, f"field {name!r} is too long")
    if isinstance(value, list):
        if len(value) > LIMITS["list"]:
            raise ProtocolError(ErrorCode.BAD_FIELD, f"field {name!r} has too many entries")
        if spec.items and not all(isinstance(v, spec.items) and not isinstance(v, bool) for v in value):
            raise ProtocolError(ErrorCode.BAD_FIELD, f"entries of {name!r} must be {'/'.join(_names(spec.items))}")


def _names(types: tuple[type, ...]) -> list[str]:
    return ["null" if t is NoneType else t.__name__ for t in types]


def validate_client(msg: Any) -> dict[str, Any]:
    """Check a decoded client frame; return it, or raise ProtocolError."""
    if not isinstance(msg, dict):
        raise ProtocolError(ErrorCode.BAD_FRAME, "a frame must be a msgpack map")
    t = msg.get("t")
    if not isinstance(t, str):
        raise ProtocolError(ErrorCode.BAD_FIELD, "field 't' must be a string")
    fields = CLIENT.get(t)
    if fields is None:
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {t[:40]!r}")
    for name, spec in fields.items():
        if name not in msg:
            if spec.required:
                raise ProtocolError(ErrorCode.BAD_FIELD, f"{t} needs field {name!r}")
            continue
        _check_value(name, msg[name], spec)
    return msg
