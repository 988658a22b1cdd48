"""What a player wants to hear of and how (`Wishes`), and one device's push subscription
(`Device`): plain data, as the routes read them and the database keeps them
(server.notify.book)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from server.notify.outbox import KINDS


@dataclass
class Wishes:
    """What a player wants to hear of, and how."""

    push: bool = True
    email: str | None = None
    events: list[str] = field(default_factory=lambda: list(KINDS))

    def as_json(self) -> dict[str, Any]:
        return {"push": self.push, "email": self.email, "events": self.events}


@dataclass
class Device:
    endpoint: str
    p256dh: str
    auth: str

    def as_subscription(self) -> dict[str, Any]:
        """As pywebpush and the browser's PushSubscription.toJSON() spell it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
