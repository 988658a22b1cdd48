"""The players' push subscriptions and notification settings, in the archive's database
(server.archive.models: `push_subscriptions`, `notify_settings`).

A subscription is one device's: its endpoint (the push service's URL for it, unique) and
the keys its messages are encrypted to. Subscribing again from a device replaces its row;
a push service answering 404 or 410 for an endpoint drops it (the courier). A player
without a settings row hears of every event by push and of none by e-mail."""

from __future__ import annotations

import datetime

from sqlalchemy import delete, select

from server.archive.models import NotifySetting, PushSubscription
from server.archive.repository import Archive
from server.notify.wishes import Device, Wishes


class Book:
    def __init__(self, archive: Archive) -> None:
        self.sessions = archive.sessions

    async def subscribe(self, player: str, device: Device, name: str = "") -> None:
        async with self.sessions.begin() as s:
            await s.merge(PushSubscription(endpoint=device.endpoint, player=player, device=name, p256dh=device.p256dh,
                                           auth=device.auth, created=_now()))  # fmt: skip

    async def unsubscribe(self, player: str, endpoint: str) -> bool:
        """Drop the player's subscription at `endpoint`; False when they had none there."""
        async with self.sessions.begin() as s:
            gone = await s.execute(
                delete(PushSubscription).where(PushSubscription.endpoint == endpoint, PushSubscription.player == player)
            )
            return bool(getattr(gone, "rowcount", 0))

    async def drop(self, endpoint: str) -> None:
        """The push service no longer knows the endpoint (404, 410)."""
        async with self.sessions.begin() as s:
            await s.execute(delete(PushSubscription).where(PushSubscription.endpoint == endpoint))

    async def devices(self, player: str) -> list[Device]:
        async with self.sessions() as s:
            rows = await s.scalars(select(PushSubscription).where(PushSubscription.player == player))
            return [Device(r.endpoint, r.p256dh, r.auth) for r in rows]

    async def wishes(self, player: str) -> Wishes:
        async with self.sessions() as s:
            row = await s.get(NotifySetting, player)
            return Wishes() if row is None else Wishes(row.push, row.email, list(row.events))

    async def wish(self, player: str, wishes: Wishes) -> None:
        async with self.sessions.begin() as s:
            await s.merge(NotifySetting(player=player, push=wishes.push, email=wishes.email, events=wishes.events,
                                        updated=_now()))  # fmt: skip


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)
