"""The Python reference client (asyncio) and a random-move bot on top of it.

Published alone as the distribution `longhall-client` (import name `longhall_client`,
clients/python/pyproject.toml); in this repository the same modules are `clients.python`,
which the server's own distribution also carries for `longhall bot`. Imports inside are
relative so that both names work.
"""

from .client import Client, RoomMirror, ServerError

__all__ = ["Client", "RoomMirror", "ServerError"]
