"""Table chat (server.chat): players' and spectators' channels, limits, history, two nodes."""

from __future__ import annotations

import pytest

from clients.python.client import Client, ServerError
from tests.cluster import ServerProc
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
