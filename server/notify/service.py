"""Notifications as one node runs them: the queue (`Outbox`), who is looking (`Looking`),
the VAPID keys and the couriers, the parts the routes read; and what the room service's
commits tell the node, turned into notifications:

- `asked(room, players, game)`: these players' seats are asked to decide now (they were
  not before the commit) — "your turn";
- `over(room, players, game)`: the game ended — "game over".

A player with a socket at the room on this node is passed over at once; the others are
noted and queued off the move path (server.notify.outbox). The sending side (pywebpush,
aiohttp, aiosmtplib) and the subscriptions (SQLAlchemy, the archive's database, once it
is open: server.archive.service) are loaded in a thread in the background, as the
archive is: the node answers without waiting for them."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from server.notify.looking import Looking
from server.notify.outbox import Outbox
from server.runtime import loops as background
from server.runtime.config import Settings
from server.storage.fanout import Hub

if TYPE_CHECKING:
    from server.archive.repository import Archive
    from server.notify.book import Book
    from server.notify.courier import Courier


class Notifications:
    def __init__(self, settings: Settings, redis: Redis, hub: Hub, node: str,
                 archive: Callable[[], Archive | None]) -> None:  # fmt: skip
        self.settings = settings
        self.redis = redis
        self.node = node
        self.archive = archive
        self.outbox = Outbox(redis)
        self.looking = Looking(redis, hub)
        self.public_key: str | None = None  # once the keys are loaded
        self.http_endpoints = bool(settings.push_http)
        self.mail = bool(settings.smtp_url)
        self.courier: Courier | None = None  # once loaded
        self._book: Book | None = None

    def book(self) -> Book | None:
        """The subscriptions and settings, once the archive's database is open."""
        return self._book

    async def notify(self, player: str, kind: str, payload: dict[str, Any]) -> None:
        """Queue a notification (an invitation: the part that invites calls this)."""
        await self.outbox.notify(player, kind, payload)

    # -- what a commit here told the node -----------------------------------------------
    def asked(self, room: str, players: list[str], game: str) -> None:
        for p in players:
            if not self.looking.here(room, p):
                self.outbox.note(p, "turn", {"room": room, "game": game})

    def over(self, room: str, players: list[str], game: str) -> None:
        for p in players:
            if not self.looking.here(room, p):
                self.outbox.note(p, "over", {"room": room, "game": game})

    # -- loops ----------------------------------------------------------------------------
    def register(self, loops: background.Loops) -> None:
        self.outbox.register(loops)
        self.looking.register(loops)
        loops.run("couriers", self._send)

    async def _send(self) -> None:
        """Load the sending side and the keys (made by the first node that asks), open the
        subscriptions once the archive is, and run the couriers."""
        vapid = await asyncio.to_thread(importlib.import_module, "server.notify.vapid")
        courier = await asyncio.to_thread(importlib.import_module, "server.notify.courier")
        delivery = await asyncio.to_thread(importlib.import_module, "server.notify.delivery")
        while True:
            try:
                keys = await vapid.load(self.redis)
                break
            except Exception:  # Redis away a while: ask again
                await asyncio.sleep(1.0)
        self.public_key = keys.public
        s = self.settings
        mailer = delivery.Mailer(s.smtp_url, s.mail_from) if s.smtp_url else None
        self.courier = courier.Courier(self.redis, self.node, keys, self.book, self.looking, s.push_contact, mailer,
                                       push_timeout=s.push_timeout)  # fmt: skip
        while (archive := self.archive()) is None:
            await asyncio.sleep(0.5)
        book = await asyncio.to_thread(importlib.import_module, "server.notify.book")
        self._book = book.Book(archive)
        assert self.courier is not None
        await self.courier.run()
