"""The push subscriptions and notification settings in the archive's database
(server.notify.book), on both backends (SQLite and PostgreSQL, migrated to the head)."""

from __future__ import annotations

from server.archive.repository import Archive
from server.notify.book import Book
from server.notify.wishes import Device, Wishes
from tests.server.archive.conftest import db_url, postgres  # noqa: F401 (the archive's backends)


async def test_devices_are_kept_per_player_replaced_by_endpoint_and_dropped(db_url: str) -> None:  # noqa: F811
    archive = Archive(db_url)
    try:
        book = Book(archive)
        phone, laptop = (
            Device("https://push.example.net/a", "k1", "s1"),
            Device("https://push.example.net/b", "k2", "s2"),
        )
        await book.subscribe("p1", phone, "phone")
        await book.subscribe("p1", laptop, "laptop")
        await book.subscribe("p2", Device("https://push.example.net/c", "k3", "s3"))
        await book.subscribe("p1", Device(phone.endpoint, "k1-new", "s1-new"), "phone")  # subscribed again: replaced
        assert sorted(d.endpoint for d in await book.devices("p1")) == [phone.endpoint, laptop.endpoint]
        assert [d.p256dh for d in await book.devices("p1") if d.endpoint == phone.endpoint] == ["k1-new"]
        assert await book.unsubscribe("p2", laptop.endpoint) is False  # not theirs
        assert await book.unsubscribe("p1", laptop.endpoint) is True
        await book.drop(phone.endpoint)  # its push service said it is gone
        assert await book.devices("p1") == []
        assert len(await book.devices("p2")) == 1
    finally:
        await archive.close()


async def test_settings_default_to_every_event_by_push_and_are_kept(db_url: str) -> None:  # noqa: F811
    archive = Archive(db_url)
    try:
        book = Book(archive)
        assert await book.wishes("p1") == Wishes(True, None, ["turn", "over", "invite"])
        await book.wish("p1", Wishes(False, "ada@example.org", ["turn"]))
        await book.wish("p1", Wishes(True, "ada@example.org", ["turn", "invite"]))
        assert await book.wishes("p1") == Wishes(True, "ada@example.org", ["turn", "invite"])
    finally:
        await archive.close()
