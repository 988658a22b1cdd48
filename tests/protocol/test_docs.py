"""docs/protocol.md keeps up with protocol/: every message type and error code named; and
the facts it states that a client author builds on hold: the games and their options,
the rate of decisions a socket sustains, and, on a real node, the first seq, the default
seats, ping before hello, joining again after a reconnect, resync's answer and start's."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from websockets.asyncio.client import connect

from clients.python.client import Client
from protocol.errors import CLOSE_CODES, ErrorCode
from protocol.messages import CLIENT, SERVER
from server.games import registry
from server.games.contract import GameInfo, Option
from server.runtime.config import Settings
from server.transport.limits import COSTS
from tests.wire import Tap

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
PROSE = " ".join(DOC.split())  # the text as read, whatever its line breaks


def test_every_message_type_is_explained() -> None:
    missing = [t for t in [*CLIENT, *SERVER] if f"`{t} " not in DOC and f"`{t}`" not in DOC]
    assert missing == []


def test_every_error_code_has_a_row() -> None:
    missing = [c.value for c in ErrorCode if f"| {c.value} |" not in DOC]
    assert missing == []


def test_every_close_code_has_a_row() -> None:
    missing = [code for code in CLOSE_CODES if f"| {code} |" not in DOC]
    assert missing == []


def game_row(info: GameInfo) -> str:
    """The doc's row of a game: id, title, player range, each option's choices as JSON
    with the default in bold."""

    def choice(option: Option, value: object) -> str:
        return f"**{json.dumps(value)}**" if value == option.default else json.dumps(value)

    options = "; ".join(f"`{o.name}`: " + ", ".join(choice(o, c) for c in o.choices) for o in info.options)
    return f"| `{info.name}` | {info.title} | {info.min_players}–{info.max_players} | {options} |"


def test_every_game_is_listed_with_its_players_and_options() -> None:
    missing = [g.info.name for g in registry.games().values() if game_row(g.info) not in DOC]
    assert missing == []


def test_the_stated_rate_of_decisions_is_the_default_limit() -> None:
    per_decision = COSTS["legal"] + COSTS["move"]
    rate, burst = Settings().conn_rate, Settings().conn_burst
    assert f"costs {per_decision} units a decision (`legal` {COSTS['legal']}, `move` {COSTS['move']})" in PROSE
    assert f"({rate:.0f} units a second per connection, {burst:.0f} at once)" in PROSE
    assert PROSE.count(f"about {int(rate / per_decision)} decisions a second") == 2


async def test_a_new_room_starts_at_seq_0_with_the_fewest_seats_its_creator_in_seat_0(server) -> None:
    assert "a new room's first `seq` is 0" in PROSE and "by default the fewest the game takes" in PROSE
    assert "The creator sits in seat 0 and is the host" in PROSE
    tap = Tap(server.url)
    try:
        me = (await tap.open())["player"]
        snapshot = await tap.ask({"t": "create", "game": "hunters"}, "snapshot")
        assert snapshot["seq"] == 0 and len(snapshot["view"]["seats"]) == registry.games()["hunters"].info.min_players
        assert snapshot["view"]["seats"][0]["player"] == me == snapshot["view"]["host"]
    finally:
        await tap.close()


async def test_ping_is_answered_before_hello_and_nothing_else_is(server) -> None:
    assert (
        "`ping` is answered at any time" in PROSE and "| hello_first | any message but `ping` before `hello` |" in DOC
    )
    tap = Tap(server.url)
    tap.ws = await connect(server.url, max_size=None, ping_interval=None)  # no hello
    tap._reader = asyncio.create_task(tap._read())
    try:
        assert await tap.ask({"t": "ping", "n": 3}, "pong") == {"t": "pong", "n": 3}
        refused = await tap.ask({"t": "legal", "room": "a1b2c3d4e5"}, "moves")
        assert refused["code"] == "hello_first"
    finally:
        await tap.close()


async def test_after_a_reconnect_a_socket_is_in_no_room_until_it_joins_again(server) -> None:
    assert "send `join {room}` again for every room you sit in" in PROSE
    host, guest = await Client(server.url).connect(), await Client(server.url).connect()
    again = Tap(server.url)
    try:
        mirror = await host.create("highcard", seats=2)
        await again.open(token=host.token)  # the host, on a new socket
        await guest.join(mirror.room)  # a change of the room: seq 1
        await host.wait_until(lambda: mirror.seq == 1)
        await asyncio.sleep(0.3)
        assert [f["t"] for _, f in again.frames] == ["welcome"]  # nothing of the room came
        refused = await again.ask({"t": "resync", "room": mirror.room, "seq": 0}, "snapshot")
        assert refused["code"] == "not_in_room"
        joined = await again.ask({"t": "join", "room": mirror.room}, "joined")
        assert joined["seat"] == 0  # its own seat back
        assert (await again.wait_for(lambda m: m["t"] == "snapshot"))["seq"] == 1
    finally:
        await again.close()
        await guest.close()
        await host.close()


async def test_resync_answers_a_whole_snapshot_whatever_its_seq(server) -> None:
    assert "the answer is always a whole `snapshot` of the room as it is now, whatever that seq" in PROSE
    host = await Client(server.url).connect()
    tap = Tap(server.url)
    try:
        room = (await host.create("highcard", seats=2)).room
        await tap.open()
        await tap.ask({"t": "join", "room": room}, "snapshot")  # seq 1: the join
        for seq in (0, 1, 99):
            snapshot = await tap.ask({"t": "resync", "room": room, "seq": seq}, "snapshot")
            assert snapshot["seq"] == 1 and snapshot["view"]["seats"][1] is not None
    finally:
        await tap.close()
        await host.close()


async def test_start_is_answered_by_the_diff_everyone_gets_and_a_refusal_has_no_id(server) -> None:
    assert "the same frame every seat and spectator gets, not a frame of its own" in PROSE
    host, guest = Tap(server.url), Tap(server.url)
    try:
        await host.open()
        await guest.open()
        room = (await host.ask({"t": "create", "game": "highcard"}, "snapshot"))["room"]
        early = await host.ask({"t": "start", "room": room}, "diff")
        assert early["t"] == "error" and early["code"] == "seats_open" and "id" not in early
        await guest.ask({"t": "join", "room": room}, "snapshot")
        mark, guest_mark = len(host.frames), len(guest.frames)
        answer = await host.ask({"t": "start", "room": room}, "diff")
        seen = await guest.wait_for(lambda m: m["t"] == "diff" and m["seq"] == answer["seq"], guest_mark)
        assert answer["t"] == "diff" and {"op": "replace", "path": "/status", "value": "playing"} in answer["ops"]
        assert [f["t"] for _, f in host.frames[mark:]][:1] == ["diff"] and seen["ops"][:1] == answer["ops"][:1]
    finally:
        await host.close()
        await guest.close()
