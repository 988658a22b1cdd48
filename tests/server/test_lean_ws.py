"""The lean websocket layer frames the server's messages itself (server/lean_ws.py)."""

from __future__ import annotations

import pytest
from websockets.frames import Frame, Opcode

from server.lean_ws import binary_header


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_binary_frames_match_the_websockets_librarys_framing(size: int) -> None:
    """RFC 6455 5.2: the same bytes as the websockets library writes for a final,
    unmasked binary frame, at each of the three length encodings' edges."""
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    ours = binary_header(size) + data
    theirs = Frame(Opcode.BINARY, data).serialize(mask=False)
    assert ours == theirs
