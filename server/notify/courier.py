"""The couriers: every node reads the queue (`notify:queue`) in one consumer group, so
each notification is taken by one node, and sends it once it is GRACE old (time for the
nodes to say who is looking, server.notify.looking):

- dropped when the player does not want that kind of event, or is looking at its room;
- pushed to each of the player's devices (all at once, each with its timeout: a slow or
  failing push service holds up nothing but itself; 404/410 drops the subscription);
- e-mailed when the player gave an address and the node has an SMTP server.

Each notification is sent by a task of its own, so one waiting on a slow push service or
mail server delays no other, taken before or after it (at most SENDING at once per node;
beyond that the node takes no more until some are done). A notification is acknowledged
once handled; one a node took and never acknowledged (it died) is taken over by another
after CLAIM_IDLE."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import aiohttp
from redis.asyncio import Redis
from redis.exceptions import ResponseError

from server.notify import delivery
from server.notify.looking import GRACE, Looking
from server.notify.outbox import now_ms
from server.notify.vapid import Keys
from server.notify.wording import worded
from server.runtime import loops as background
from server.runtime.outage import STORE_ERRORS
from server.storage.keys import NOTIFY_QUEUE

if TYPE_CHECKING:  # (SQLAlchemy is loaded with the archive, in the background)
    from server.notify.book import Book

log = logging.getLogger("longhall.notify")
GROUP = "couriers"
LOOK = 0.5  # seconds between reads of the queue
BATCH = 200  # notifications taken per read
WAITING = 5 * BATCH  # taken and waiting for their GRACE, at most (then no more are taken meanwhile)
CLAIM_IDLE = 60_000  # ms a notification may stay taken by a node before another takes it
CLAIM_EVERY = 120  # reads between looks for such notifications
SENDING = 1000  # notifications being sent at once, at most


class Courier:
    def __init__(self, redis: Redis, node: str, keys: Keys, book: Callable[[], Book | None], looking: Looking,
                 contact: str, mailer: delivery.Mailer | None, grace: float = GRACE,
                 push_timeout: float = delivery.PUSH_TIMEOUT) -> None:  # fmt: skip
        self.redis = redis
        self.node = node
        self.keys = keys
        self.book = book  # the subscriptions, once the archive's database is open
        self.looking = looking
        self.contact = contact  # the VAPID `sub`: whom a push service may write to
        self.mailer = mailer
        self.grace_ms = int(grace * 1000)
        self.reads = 0
        self.waiting: list[tuple[bytes, dict[bytes, bytes]]] = []  # taken, oldest first, not yet GRACE old
        self.session: aiohttp.ClientSession | None = None
        self.sent = {"push": 0, "email": 0, "dropped": 0}  # what this node sent (tests, logs)
        self.push_timeout = push_timeout
        self.sending: set[asyncio.Task[None]] = set()

    async def run(self) -> None:
        self.session = aiohttp.ClientSession()
        try:
            await background.every(LOOK, self.round, "couriers", logger=log)
        finally:
            for task in self.sending:  # not acknowledged: another node takes them over (CLAIM_IDLE)
                task.cancel()
            await asyncio.gather(*self.sending, return_exceptions=True)
            await self.session.close()

    async def round(self) -> None:
        """Take what is queued (one read) and send what is GRACE old; the rest waits here,
        taken by this node (another takes it over if this one dies)."""
        books = self.book()
        if books is None:
            return  # the archive's database is not open yet: the queue waits
        self.reads += 1
        if self.reads % CLAIM_EVERY == 0:
            claimed = await self.redis.xautoclaim(NOTIFY_QUEUE, GROUP, self.node, CLAIM_IDLE, count=BATCH)
            self.waiting += claimed[1]
        if len(self.waiting) < WAITING and len(self.sending) < SENDING:
            self.waiting += await self._read()
        now = now_ms()
        due = [(i, f) for i, f in self.waiting if not f or now - int(f[b"t"]) >= self.grace_ms]
        if not due:
            return
        sent = {i for i, _ in due}
        self.waiting = [w for w in self.waiting if w[0] not in sent]
        for i, f in due:
            task = asyncio.create_task(self._send(books, i, f), name="notification")
            self.sending.add(task)
            task.add_done_callback(self.sending.discard)

    async def _send(self, books: Book, entry: bytes, fields: dict[bytes, bytes]) -> None:
        """Handle one notification taken (none: deleted meanwhile), then acknowledge it."""
        if fields:
            await self.handle(books, fields)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.xack(NOTIFY_QUEUE, GROUP, entry)
                pipe.xdel(NOTIFY_QUEUE, entry)
                await pipe.execute()
        except STORE_ERRORS:  # taken over by a node after CLAIM_IDLE, and sent again (at least once)
            log.warning("a notification sent was not acknowledged", exc_info=True)

    async def _read(self) -> list[tuple[bytes, dict[bytes, bytes]]]:
        try:
            got = await self.redis.xreadgroup(GROUP, self.node, {NOTIFY_QUEUE: ">"}, count=BATCH)
        except ResponseError as exc:
            if "NOGROUP" not in str(exc):
                raise
            await self._group()  # the first read, or a Redis that lost it
            return []
        return [item for _, entries in cast(list[Any], got or []) for item in entries]

    async def _group(self) -> None:
        try:
            await self.redis.xgroup_create(NOTIFY_QUEUE, GROUP, id="0", mkstream=True)
        except ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise

    async def handle(self, books: Book, fields: dict[bytes, bytes]) -> None:
        player, kind = fields[b"p"].decode(), fields[b"k"].decode()
        payload: dict[str, Any] = json.loads(fields[b"d"])
        try:
            wishes = await books.wishes(player)
            if kind not in wishes.events:
                return
            room = payload.get("room")
            if isinstance(room, str) and await self.looking.since(player, room, int(fields[b"t"])):
                return
            message = worded(kind, payload)
            sends = [self._push(books, player, message)] if wishes.push else []
            if wishes.email and self.mailer is not None:
                sends.append(self._mail(wishes.email, message))
            await asyncio.gather(*sends)
        except Exception:  # one notification's failure is logged, the others go on
            log.warning("a %s notification for %s was not sent", kind, player, exc_info=True)

    async def _push(self, books: Book, player: str, message: dict[str, Any]) -> None:
        assert self.session is not None
        data = json.dumps(message, separators=(",", ":"))
        devices = await books.devices(player)
        answers = await asyncio.gather(*(
            delivery.push(self.session, self.keys, self.contact, d.as_subscription(), data, self.push_timeout)
            for d in devices
        ))  # fmt: skip
        for device, answer in zip(devices, answers, strict=True):
            if answer.gone:
                await books.drop(device.endpoint)
                self.sent["dropped"] += 1
            elif 200 <= answer.status < 300:
                self.sent["push"] += 1

    async def _mail(self, to: str, message: dict[str, Any]) -> None:
        assert self.mailer is not None
        if await self.mailer.send(to, message["title"], f"{message['body']}\n\n{message['url']}\n"):
            self.sent["email"] += 1
