"""Notifications end to end (server.notify): real nodes, their Redis, the players'
websockets, a push service of the test's own that checks the VAPID JWT and decrypts
what it is sent (tests/server/notify/pushservice.py), and a local SMTP server (aiosmtpd).

Nothing here waits on a guess: a test waits for what it expects to arrive, and where
it checks that nothing was sent it waits until the node has queued the notification and
a courier has handled it (the queue's last id moved on, then the queue is empty)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from aiosmtpd.controller import Controller

from clients.python.client import Client
from server.notify.outbox import Outbox
from server.storage.keys import NOTIFY_QUEUE, online_key
from tests.cluster import ServerProc, free_port
from tests.server.console.operators import operator_token
from tests.server.notify.pushservice import PushService


class Inbox:
    """aiosmtpd's handler: the messages it was given."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        from email import message_from_bytes

        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox, port = Inbox(), free_port()
    server = Controller(inbox, hostname="127.0.0.1", port=port)
    server.start()
    yield inbox, port
    server.stop()


def node(own_redis: str, data: Path, smtp_port: int) -> ServerProc:
    return ServerProc(data, own_redis, LONGHALL_PUSH_HTTP="1", LONGHALL_SMTP_URL=f"smtp://127.0.0.1:{smtp_port}",
                      LONGHALL_DATABASE_URL=f"sqlite:///{data.parent / 'archive.sqlite3'}")  # fmt: skip


@pytest.fixture
def nodes(own_redis: str, tmp_path: Path, smtp: tuple[Inbox, int]) -> Iterator[list[ServerProc]]:
    """Two nodes on one Redis and one archive."""
    ns = [node(own_redis, tmp_path / f"node{i}", smtp[1]) for i in range(2)]
    for n in ns:
        n.start()
    yield ns
    for n in ns:
        n.stop()


@contextlib.asynccontextmanager
async def pushes(http: httpx.AsyncClient) -> AsyncIterator[PushService]:
    key = await until_ok(http, "GET", "/api/push/key")
    service = await PushService(key.json()["key"]).start()
    try:
        yield service
    finally:
        await service.stop()


async def until_ok(http: httpx.AsyncClient, method: str, url: str, token: str | None = None,
                   body: Any = None) -> httpx.Response:  # fmt: skip
    """The route's answer once the node has opened what it needs (503 until then)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    for _ in range(300):
        res = await http.request(method, url, headers=headers, json=body)
        if res.status_code != 503:
            assert res.status_code < 300, res.text
            return res
        await asyncio.sleep(0.1)
    raise AssertionError(f"{method} {url} stayed unavailable")


async def subscribe(http: httpx.AsyncClient, c: Client, subscription: dict[str, Any]) -> None:
    await until_ok(http, "POST", f"/api/players/{c.player}/push", c.token, subscription)


async def eventually(predicate: Any, timeout: float = 30.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


async def first_asked(cs: list[Client], room: str) -> None:
    """The lowest asked seat makes its first legal decision."""
    mirror = next(c for c in cs if room in c.rooms).rooms[room]
    seat = min(mirror.view["to_act"])
    c = next(c for c in cs if room in c.rooms and c.rooms[room].seat == seat)
    await c.wait_until(lambda: c.rooms[room].seq >= mirror.seq)
    seq = await c.move(room, (await c.legal(room))[0], move_id=secrets.token_hex(4))
    for other in cs:
        if room in other.rooms:
            await other.wait_until(lambda o=other: o.rooms[room].seq >= seq)


async def until_asked(b: Client, room: str, seat: int) -> None:
    """`b` decides until `seat` is asked (a turn of Vikings is a few decisions)."""
    for _ in range(60):
        if seat in b.rooms[room].view["to_act"]:
            return
        await first_asked([b], room)
    raise AssertionError(f"seat {seat} was never asked")


async def queued_and_handled(r: aioredis.Redis, before: bytes | None) -> None:
    """Wait until the node has queued something after `before` (the queue's last id then)
    and every courier has handled everything queued."""
    for _ in range(600):
        info = await r.xinfo_stream(NOTIFY_QUEUE) if await r.exists(NOTIFY_QUEUE) else None
        if info is not None and info["last-generated-id"] != before and await r.xlen(NOTIFY_QUEUE) == 0:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the notification was never queued and handled")


async def last_id(r: aioredis.Redis) -> bytes | None:
    return (await r.xinfo_stream(NOTIFY_QUEUE))["last-generated-id"] if await r.exists(NOTIFY_QUEUE) else None


async def alternate_game(a: Client, b: Client) -> str:
    """A started correspondence game of Vikings (a day per move) where only `b` is asked."""
    room = (await a.create("vikings", seats=2, clock={"days": 1})).room
    await b.join(room)
    await a.start(room)
    await b.wait_until(lambda: b.rooms[room].view["status"] == "playing")
    for _ in range(60):  # decisions until the seat asked is b's alone
        if b.rooms[room].view["to_act"] == [b.rooms[room].seat]:
            return room
        await first_asked([a, b], room)
    raise AssertionError("b was never the one seat asked")


async def test_a_players_turn_and_the_games_end_reach_their_device_encrypted_to_it(
    nodes: list[ServerProc], own_redis: str, smtp: tuple[Inbox, int]
) -> None:
    inbox = smtp[0]
    async with httpx.AsyncClient(base_url=nodes[0].http, timeout=10) as http, pushes(http) as service:
        a = await Client(nodes[0].url, name="Astrid").connect()
        b = await Client(nodes[0].url, name="Bjorn").connect()
        phone, old = service.device("phone"), service.device("old", gone=True)
        await subscribe(http, a, phone.subscription())
        await subscribe(http, a, old.subscription())
        await until_ok(http, "PUT", f"/api/players/{a.player}/notifications", a.token, {"email": "astrid@example.org"})
        room = await alternate_game(a, b)
        seat = a.rooms[room].seat
        await a.close()  # Astrid leaves the table: nothing of hers is at the room
        await until_asked(b, room, seat)  # Bjorn decides until Astrid is asked
        await eventually(lambda: phone.received, timeout=30)
        r = aioredis.Redis.from_url(own_redis)
        try:
            await queued_and_handled(r, None)
        finally:
            await r.aclose()
        assert phone.refused == []
        assert phone.received == [{"kind": "turn", "room": room, "game": "vikings", "title": "Your turn",
                                   "body": "Vikings: it is your turn to play.", "url": f"/#/room/{room}",
                                   "tag": f"turn:{room}"}]  # fmt: skip
        settings = (await http.get(f"/api/players/{a.player}/notifications",
                                   headers={"Authorization": f"Bearer {a.token}"})).json()  # fmt: skip
        assert settings["devices"] == 1  # the device its push service said was gone (410) is dropped
        await eventually(lambda: inbox.messages)
        (mail,) = inbox.messages
        assert mail["To"] == "astrid@example.org" and mail["Subject"] == "Your turn"
        assert f"/#/room/{room}" in mail.get_payload()

        operator = {"Authorization": f"Bearer {await operator_token(own_redis, 'notify')}"}
        assert (await http.post(f"/api/admin/rooms/{room}/end", headers=operator)).status_code == 200
        await b.wait_until(lambda: b.rooms[room].view["status"] == "over")  # Bjorn, at the table, hears of it there
        await eventually(lambda: len(phone.received) == 2 and len(inbox.messages) == 2, timeout=30)
        assert (phone.received[1]["kind"], phone.received[1]["room"], phone.received[1]["title"]) == (
            "over",
            room,
            "Game over",
        )
        assert inbox.messages[1]["Subject"] == "Game over"
        await b.close()


async def test_no_push_for_a_game_the_player_is_looking_at_from_another_node_but_for_another_room(
    nodes: list[ServerProc], own_redis: str
) -> None:
    async with httpx.AsyncClient(base_url=nodes[0].http, timeout=10) as http, pushes(http) as service:
        a = await Client(nodes[0].url, name="Astrid").connect()  # at node 0
        b = await Client(nodes[1].url, name="Bjorn").connect()  # at node 1, where the commits of his moves are made
        phone = service.device("phone")
        await subscribe(http, a, phone.subscription())
        room = await alternate_game(a, b)
        r = aioredis.Redis.from_url(own_redis)
        try:
            before = await last_id(r)
            await until_asked(b, room, a.rooms[room].seat)  # Astrid is asked, her socket at the table on the other node
            await queued_and_handled(r, before)
            assert phone.received == []
            # an invitation, as the part that invites queues it, to another room: it reaches her
            await Outbox(r).notify(a.player, "invite", {"room": "elsewhere1", "game": "feast", "from": "Bjorn"})
            await eventually(lambda: phone.received)
        finally:
            await r.aclose()
        assert [(m["kind"], m["room"], m["body"]) for m in phone.received] == [
            ("invite", "elsewhere1", "Bjorn invites you to play A Feast for Odin.")
        ]
        await a.close()
        await b.close()


async def test_an_invitation_to_a_player_away_reaches_their_device(nodes: list[ServerProc], own_redis: str) -> None:
    async with httpx.AsyncClient(base_url=nodes[0].http, timeout=10) as http, pushes(http) as service:
        a = await Client(nodes[0].url, name="Astrid").connect()
        c = await Client(nodes[1].url, name="Cnut").connect()
        phone = service.device("phone")
        await subscribe(http, c, phone.subscription())
        await c.close()  # Cnut is away: no socket of his on any node
        r = aioredis.Redis.from_url(own_redis)
        try:
            for _ in range(600):
                if not await r.hlen(online_key(c.player)):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("Cnut's node never cleared his online mark")
        finally:
            await r.aclose()
        room = (await a.create("vikings", seats=2)).room
        assert await a.invite(room, c.player) is False  # not online: told by his device instead
        await eventually(lambda: phone.received, timeout=30)
        assert phone.refused == []
        assert phone.received == [{"kind": "invite", "room": room, "game": "vikings", "title": "An invitation",
                                   "body": "Astrid invites you to play Vikings.", "url": f"/#/room/{room}",
                                   "tag": f"invite:{room}"}]  # fmt: skip
        await a.close()


async def test_a_slow_push_service_holds_up_no_other_notification(own_redis: str, tmp_path: Path,
                                                                  smtp: tuple[Inbox, int]) -> None:  # fmt: skip
    # the node waits for a push service five minutes (LONGHALL_PUSH_TIMEOUT): a notification queued after one
    # held by a slow service, sent only once that one is given up, would not arrive within the test's minute
    n = ServerProc(tmp_path / "node", own_redis, LONGHALL_PUSH_HTTP="1", LONGHALL_PUSH_TIMEOUT="300",
                   LONGHALL_DATABASE_URL=f"sqlite:///{tmp_path / 'archive.sqlite3'}").start()  # fmt: skip
    try:
        async with httpx.AsyncClient(base_url=n.http, timeout=10) as http, pushes(http) as service:
            host = await Client(n.url, name="Astrid").connect()
            away = [await Client(n.url, name=name).connect() for name in ("Cnut", "Dagny")]
            slow, phone = service.device("slow", slow=True), service.device("phone")
            await subscribe(http, away[0], slow.subscription())
            await subscribe(http, away[1], phone.subscription())
            for c in away:
                await c.close()
            r = aioredis.Redis.from_url(own_redis)
            try:
                await eventually_async(lambda: all_away(r, [c.player for c in away]), timeout=30)
            finally:
                await r.aclose()
            room = (await host.create("vikings", seats=3)).room
            assert await host.invite(room, away[0].player) is False
            await eventually(lambda: slow.held == 1, timeout=60)  # Cnut's push service holds his
            assert await host.invite(room, away[1].player) is False
            await eventually(lambda: phone.received, timeout=60)  # Dagny's arrives meanwhile
            assert slow.held == 1 and slow.received == []
            slow.go.set()
            await eventually(lambda: slow.received, timeout=30)
            assert [m["kind"] for m in slow.received + phone.received] == ["invite", "invite"]
            await host.close()
    finally:
        n.stop()


async def all_away(r: aioredis.Redis, players: list[str]) -> bool:
    """No node marks any of `players` online any more."""
    for p in players:
        if await r.hlen(online_key(p)):
            return False
    return True


async def eventually_async(predicate: Any, timeout: float = 30.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if await predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")
