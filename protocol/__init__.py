"""Longhall wire protocol: message definitions, codec, error codes and the view diff.

This package imports no server code and opens no sockets; the server and every client
share it. Protocol v1 is pinned: fields may be added, none may change meaning.
"""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources

from protocol.codec import decode, encode  # noqa: E402
from protocol.errors import ErrorCode  # noqa: E402
from protocol.messages import ProtocolError  # noqa: E402

VERSION = 1
SUPPORTED_VERSIONS = (1,)

__all__ = ["VERSION", "SUPPORTED_VERSIONS", "ErrorCode", "ProtocolError", "decode", "encode"]
