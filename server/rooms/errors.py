"""The refusal of a room operation: a stable code (protocol.errors), the rule it cites
when a game's rule refuses it, and a one-line reason. The gateway answers it as an
`error` frame; nothing it refuses has changed anything."""

from __future__ import annotations

from protocol.errors import ErrorCode


class RoomError(Exception):
    def __init__(self, code: ErrorCode | str, detail: str, rule: str | None = None) -> None:
        super().__init__(detail)
        self.code = code.value if isinstance(code, ErrorCode) else code
        self.detail = detail
        self.rule = rule
