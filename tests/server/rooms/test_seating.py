"""A seat belongs to a player, not to a socket: every socket of a player that gives a
seat up stops receiving it at once, on any node, and views are cut from the seat the
room document gives that player now."""

from __future__ import annotations

import asyncio

import msgpack

from clients.python.client import Client
from tests.wire import Tap


async def _second_socket_scenario(urls: list[str]) -> None:
    """Two sockets of one player hold seat 1 of an open Feast room; the first leaves; a
    new player takes seat 1 and the game starts. `urls`: [host and b1, b2, newcomer]."""
    host = await Client(urls[0], name="host").connect()
    b1 = await Client(urls[0], name="b").connect()
    assert b1.token is not None
    b2 = Tap(urls[1])
    newcomer = await Client(urls[2], name="c").connect()
    try:
        room = (await host.create("feast", {"length": "short"}, seats=2)).room
        await b1.join(room, seat=1)
        await b2.open(token=b1.token)
        joined = await b2.ask({"t": "join", "room": room, "seat": 1}, "joined")
        assert joined == {"t": "joined", "room": room, "seat": 1, "game": "feast"}
        await b1.leave(room)
        # the other socket of the same player loses the seat at once: told, not fed
        left = await b2.wait_for(lambda m: m.get("t") == "left")
        assert left == {"t": "left", "room": room}
        await newcomer.join(room, seat=1)
        await host.start(room)
        await newcomer.wait_until(lambda: newcomer.rooms[room].view["status"] == "playing")
        await _newcomer_draws_a_card(host, newcomer, room)
        hand = newcomer.rooms[room].view["table"]["seats"][1]["hand"]
        assert hand, "the newcomer holds occupations"
        mark = len(b2.frames)
        refused = await b2.ask({"t": "resync", "room": room, "seq": 0}, "snapshot")
        assert refused["t"] == "error" and refused["code"] == "not_in_room", refused
        await asyncio.sleep(0.3)  # any stray delivery would have arrived by now
        for raw, msg in b2.frames:
            assert msg.get("t") not in ("diff", "snapshot") or msg.get("seq", 0) <= left_seq(b2), msg
            for card in hand:  # as a msgpack string of its own: a room id may hold its two letters
                assert msgpack.packb(card) not in raw or msg.get("t") == "welcome", (card, msg)
        assert all(m.get("room") != room or m["t"] == "error" for _, m in b2.frames[mark:])
    finally:
        for c in (host, b1, newcomer):
            await c.close()
        await b2.close()


async def _newcomer_draws_a_card(host: Client, newcomer: Client, room: str) -> None:
    """The host passes if he starts; the newcomer draws an occupation (F-601), a card only
    his own view shows (no starting card is dealt while starting cards have no effects)."""

    def table() -> dict:
        return newcomer.rooms[room].view["table"]

    if 1 not in table()["to_act"]:
        await host.move(room, {"type": "pass"})
        await newcomer.wait_until(lambda: 1 in table()["to_act"])
    await newcomer.move(room, {"type": "occupy", "space": "c1_draw_occupation"})
    await newcomer.wait_until(lambda: bool(table()["seats"][1].get("hand")))


def left_seq(tap: Tap) -> int:
    """The seq of the last room frame the tap got before its `left`."""
    seq = -1
    for _, m in tap.frames:
        if m.get("t") == "left":
            return seq
        if m.get("t") in ("diff", "snapshot"):
            seq = m["seq"]
    return seq


async def test_second_socket_loses_the_seat_its_player_left(server) -> None:
    await _second_socket_scenario([server.url] * 3)


async def test_a_leave_on_one_node_detaches_the_players_sockets_on_another(two_nodes) -> None:
    a, b = (n.url for n in two_nodes)
    await _second_socket_scenario([a, b, a])


async def test_player_names_are_cleaned_and_limited(server) -> None:  # what others see at the table
    sneaky = "  Ann\u202e\u200b\tthe\n\x07Bold  " + "x" * 80
    c = await Client(server.url, name=sneaky).connect()
    blank = await Client(server.url, name="\u200b \x00").connect()
    try:
        room = await c.create("highcard", seats=2)
        await blank.join(room.room)
        await c.wait_until(lambda: c.rooms[room.room].view["seats"][1] is not None)
        seats = c.rooms[room.room].view["seats"]
        assert seats[0]["name"] == ("Ann the Bold " + "x" * 80)[:32]
        assert seats[1]["name"] == blank.player[:6]  # nothing left: the default
    finally:
        await c.close()
        await blank.close()
