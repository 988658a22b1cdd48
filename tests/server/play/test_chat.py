"""Table chat (server.play.chat): players' and spectators' channels, limits, history, two nodes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import redis

from clients.python.client import Client, ServerError
from server.storage.keys import chat_key
from tests.cluster import ServerProc
from tests.relay import Relay
from tests.tables import table


def texts(c: Client, room: str, chan: str) -> list[str]:
    return [m["text"] for m in c.rooms[room].chat.get(chan, [])]


async def test_players_talk_spectators_read_and_have_their_own_channel(redis_url, tmp_path) -> None:
    a = ServerProc(tmp_path / "a", redis_url).start()
    b = ServerProc(tmp_path / "b", redis_url).start()
    try:
        async with table([a.url, b.url], players=2, spectators=2) as t:  # spread over two nodes
            p0, p1 = t.players
            s0, s1 = t.spectators
            await p0.chat(t.room, "good luck\u202e\x07 all")
            await p1.chat(t.room, "you too")
            await s0.chat(t.room, "p1 should bid 3")  # kibitzing: players never see it
            for c in t.everyone:
                await c.wait_until(lambda c=c: len(texts(c, t.room, "players")) == 2)
                assert texts(c, t.room, "players") == ["good luck all", "you too"]
            for s in t.spectators:
                await s.wait_until(lambda s=s: texts(s, t.room, "spectators") == ["p1 should bid 3"])
            assert all("spectators" not in p.rooms[t.room].chat for p in t.players)
            said = p1.rooms[t.room].chat["players"][0]
            assert (said["seat"], said["player"], said["name"]) == (0, p0.player, "c0")
            # someone arriving later gets what was said, by channel
            late = await Client(b.url, name="late").connect()
            await late.spectate(t.room)
            await late.wait_until(lambda: len(texts(late, t.room, "spectators")) == 1)
            assert texts(late, t.room, "players") == ["good luck all", "you too"]
            await late.close()
    finally:
        a.stop()
        b.stop()


async def test_chat_is_limited_in_length_rate_and_to_the_room(server) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        p0, p1 = t.players
        await p0.chat(t.room, "x" * 900)
        assert len(p0.rooms[t.room].chat["players"][-1]["text"]) == 500
        codes = []
        p0.resends = 0  # the client resends a rate_limited request by itself: see the refusals
        for i in range(8):
            try:
                await p0.chat(t.room, f"spam {i}")
            except ServerError as exc:
                codes.append(exc.code)
        assert "rate_limited" in codes and len(codes) >= 3  # a burst of 5, then one a second
        with pytest.raises(ServerError) as err:
            await p1.chat(t.room, " \u200b ")
        assert err.value.code == "bad_field"
        stranger = await Client(server.url).connect()
        with pytest.raises(ServerError) as err:
            await stranger.chat(t.room, "hi")
        assert err.value.code == "not_in_room"
        await stranger.close()


async def test_a_message_sent_again_after_unavailable_is_posted_once(own_redis: str, tmp_path: Path) -> None:
    """The store ran the post but its answer never came (the node's Redis link hung): the
    sender is told `unavailable` and sends the same message, with the same id, again. It
    used to be posted twice; the message's id makes the second try answer with the first."""
    direct = redis.Redis.from_url(own_redis)
    relay = await Relay(direct.connection_pool.connection_kwargs["port"]).start()
    node = await asyncio.to_thread(ServerProc(tmp_path / "n", relay.url, LONGHALL_REDIS_TIMEOUT="1").start)
    try:
        async with table(node.url, players=2, spectators=0) as t:
            p0, p1 = t.players
            await p0.chat(t.room, "first")  # the post script is loaded by now
            relay.hold(chat_key(t.room).encode(), reply=True)  # the next post runs; its answer is held
            await p0.chat(t.room, "sent once")  # `unavailable` after 1 s, then sent again by the client
            assert relay.held.is_set()
            relay.release()
            for c in t.players:
                await c.wait_until(lambda c=c: texts(c, t.room, "players") == ["first", "sent once"])
            await asyncio.sleep(0.5)  # the held answer, and anything else late, has come by now
            assert direct.xlen(chat_key(t.room)) == 2
            assert [texts(c, t.room, "players") for c in t.players] == [["first", "sent once"]] * 2
            # a new id is a new message, the same text notwithstanding
            await p0.chat(t.room, "sent once")
            await p1.wait_until(lambda: len(texts(p1, t.room, "players")) == 3)
    finally:
        relay.release()
        await asyncio.to_thread(node.stop)
        await relay.stop()
        direct.close()


async def test_the_same_id_twice_is_one_message_and_ids_are_compared_as_sent(server) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        p0, p1 = t.players
        await p0.chat(t.room, "hi", chat_id="x1")
        await p0.chat(t.room, "hi again, resent with the first one's id", chat_id="x1")
        await p0._request({"t": "chat", "room": t.room, "text": "int id", "id": 1},
                          lambda m: m.get("t") == "chat")  # fmt: skip
        await p0._request({"t": "chat", "room": t.room, "text": "str id", "id": "1"},
                          lambda m: m.get("t") == "chat")  # fmt: skip
        await p1.wait_until(lambda: len(texts(p1, t.room, "players")) == 3)
        await asyncio.sleep(0.3)
        assert texts(p1, t.room, "players") == ["hi", "int id", "str id"]
        # another player's same id is their own message
        await p1.chat(t.room, "mine", chat_id="x1")
        await p0.wait_until(lambda: texts(p0, t.room, "players")[-1:] == ["mine"])
