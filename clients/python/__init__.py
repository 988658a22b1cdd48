"""The Python reference client (asyncio) and a random-move bot on top of it."""

from clients.python.client import Client, RoomMirror, ServerError

__all__ = ["Client", "RoomMirror", "ServerError"]
