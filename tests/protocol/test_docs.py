"""docs/protocol.md keeps up with protocol/: every message type and error code named."""

from __future__ import annotations

from pathlib import Path

from protocol.errors import CLOSE_CODES, ErrorCode
from protocol.messages import CLIENT, SERVER

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")


def test_every_message_type_is_explained() -> None:
    missing = [t for t in [*CLIENT, *SERVER] if f"`{t} " not in DOC and f"`{t}`" not in DOC]
    assert missing == []


def test_every_error_code_has_a_row() -> None:
    missing = [c.value for c in ErrorCode if f"| {c.value} |" not in DOC]
    assert missing == []


def test_every_close_code_has_a_row() -> None:
    missing = [code for code in CLOSE_CODES if f"| {code} |" not in DOC]
    assert missing == []
