"""Frames: one binary msgpack map per websocket message.

Decoding is defensive: a size limit before parsing, msgpack's own limits on container
and string sizes, and string keys only. Nothing here raises anything but ProtocolError.
Encoding (and `pack`, for whatever the server stores or publishes) uses ormsgpack, whose
packer writes the same bytes as msgpack's about three times as fast.
"""

from __future__ import annotations

from typing import Any

import msgpack
import ormsgpack

from protocol.errors import ErrorCode
from protocol.messages import ProtocolError, validate_client

DEFAULT_FRAME_LIMIT = 64 * 1024

_ANY_KEYS = ormsgpack.OPT_NON_STR_KEYS  # an int key packs as an int, as msgpack packs it


def pack(value: Any) -> bytes:
    """Any msgpack-able value's bytes (maps keep their insertion order; bin for bytes)."""
    return ormsgpack.packb(value, option=_ANY_KEYS)


encode = pack  # a frame's bytes: a message is packed like anything else (deterministic: keys in order)

_SNAPSHOT_HEAD = b"\x85" + pack("t") + pack("snapshot") + pack("room")  # a map of 5, as `encode` orders it


def snapshot_frame(room: str, seq: int, view: bytes, now: int) -> bytes:
    """encode({"t": "snapshot", "room", "seq", "view", "now"}) around a view packed
    already (the server packs a view once per seq and splices it into every snapshot)."""
    return b"".join((_SNAPSHOT_HEAD, pack(room), pack("seq"), pack(seq), pack("view"), view, pack("now"), pack(now)))


def decode(data: bytes | str, limit: int = DEFAULT_FRAME_LIMIT) -> dict[str, Any]:
    """Parse and validate one client frame, or raise ProtocolError."""
    if isinstance(data, str):
        raise ProtocolError(ErrorCode.BAD_FRAME, "frames are binary msgpack, not text")
    if len(data) > limit:
        raise ProtocolError(ErrorCode.FRAME_TOO_LARGE, f"frame of {len(data)} bytes is over {limit}")
    try:
        # msgpack bounds every container and string by the input size already.
        msg = msgpack.unpackb(data, raw=False, strict_map_key=True)
    except Exception as exc:  # any parse failure of untrusted bytes is the sender's fault
        raise ProtocolError(ErrorCode.BAD_FRAME, f"not a msgpack frame ({type(exc).__name__})") from None
    return validate_client(msg)


def decode_any(data: bytes) -> Any:
    """Parse a server frame (clients use this; the server trusts its own frames)."""
    return msgpack.unpackb(data, raw=False, strict_map_key=False)
