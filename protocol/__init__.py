"""Longhall wire protocol: message definitions, codec, error codes and the view diff.

This package imports no server code and opens no sockets; the server and every client
share it. Protocol v1 is pinned: fields may be added, none may change meaning.
"""

from protocol.codec import ProtocolError, decode, encode
from protocol.errors import ErrorCode

VERSION = 1
SUPPORTED_VERSIONS = (1,)

__all__ = ["VERSION", "SUPPORTED_VERSIONS", "ErrorCode", "ProtocolError", "decode", "encode"]
