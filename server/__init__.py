"""Longhall server: the Starlette app, rooms in Redis, the embedded Redis, the CLI."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
