"""Cost-weighted request limits (#12 item 2): per connection, per player, per IP.

The finding reproduced: one socket flooding `legal` on a Feast room was answered a
thousand times a second and starved everyone else. Now it is served only what its
budget buys, told `rate_limited`, then closed with 1008, while another room plays on.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from clients.python.bot import play
from clients.python.client import Client, ServerError
from server.transport.limits import CACHED_COST, CONNECT_FLOOR, COSTS, REFUSED_TOKEN_COST
from tests.cluster import ServerProc
from tests.server.transport.test_bad_input import Raw
from tests.tables import table


@pytest.fixture(scope="module")
def node(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Any:
    n = ServerProc(tmp_path_factory.mktemp("limits"), redis_url, LONGHALL_IP_RATE="0").start()
    yield n
    n.stop()


async def flood(raw: Raw, frame: dict[str, Any], n: int) -> tuple[Counter[str], float, int | None]:
    """Send `n` frames without waiting; what came back, how long it took, the close code."""
    got: Counter[str] = Counter()

    async def read() -> None:
        while True:
            m = await raw.recv()
            got[m.get("code") or m["t"]] += 1

    reader = asyncio.create_task(read())
    start = time.monotonic()
    for _ in range(n):
        try:
            await raw.send(frame)
        except ConnectionClosed:
            break
    code = None
    try:
        await asyncio.wait_for(reader, 30)
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
    return got, time.monotonic() - start, code


async def test_a_legal_flood_on_feast_is_throttled_and_closed_while_another_room_plays(node) -> None:
    flooder = Client(node.url, reconnect=False)
    await flooder.connect()
    room = (await flooder.create("feast", seats=1)).room
    await flooder.start(room)
    async with table(node.url, players=2, spectators=0) as t, Raw(node.url) as raw:
        await raw.hello(flooder.token)
        await raw.ask({"t": "join", "room": room})
        await raw.recv()  # its snapshot
        start_seq = t.players[0].rooms[t.room].seq
        other = asyncio.gather(*(play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)))
        got, seconds, code = await flood(raw, {"t": "legal", "room": room}, 3000)
        results = await asyncio.wait_for(other, 60)
        played = t.players[0].rooms[t.room].seq - start_seq
    await flooder.close()
    # served: a burst then the sustained rate, each answer costing at least CACHED_COST
    budget = (2 * 400 + 200 * seconds) / CACHED_COST
    assert got["moves"] <= budget, (got, seconds)
    assert got["rate_limited"] >= 1
    assert code == 1008
    assert results[0] == results[1] and played == 8  # the other room played its game out: 2 bids, 6 cards


async def test_costly_requests_buy_fewer_answers_than_pings(node) -> None:
    async with table(node.url, players=2, spectators=0) as t, Raw(node.url) as raw:
        await raw.hello(t.players[0].token)
        await raw.ask({"t": "join", "room": t.room})
        await raw.recv()
        got, seconds, code = await flood(raw, {"t": "resync", "room": t.room, "seq": 0}, 400)
        assert got["snapshot"] <= (400 + 200 * seconds) / COSTS["resync"] + 1, (got, seconds)
        assert got["rate_limited"] >= 1 and code == 1008


async def test_the_python_client_resends_a_rate_limited_request(node) -> None:
    async with table(node.url, players=2, spectators=0) as t:
        a = t.players[0]
        for _ in range(60):  # 600 units: the burst (400) runs out, the refill pays the rest
            await a.resync(t.room)
        assert a.rooms[t.room].seq >= 0


async def test_a_client_that_waits_as_told_is_never_closed(node) -> None:
    async with table(node.url, players=2, spectators=0) as t:
        a = t.players[0]
        a.resends = 50
        refusals = 0
        for _ in range(150):  # 1,500 units: ~70 % over the burst, paid by waiting retry_after
            try:
                await a._request_once({"t": "resync", "room": t.room, "seq": 0}, {"snapshot"}, 10)
            except ServerError as exc:
                assert exc.code == "rate_limited" and exc.retry_after > 0
                refusals += 1
                await asyncio.sleep(exc.retry_after)
        assert refusals > 10 and a.close_codes == []  # refused many times, as told: no strike


@pytest.fixture(scope="module")
def tight(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A node with small budgets: per connection 26 units (0.1/s), per player 30 (1/s)."""
    n = ServerProc(tmp_path_factory.mktemp("tight"), redis_url, LONGHALL_CONN_RATE="0.1", LONGHALL_CONN_BURST="26",
                   LONGHALL_PLAYER_RATE="1", LONGHALL_PLAYER_BURST="30").start()  # fmt: skip
    yield n
    n.stop()


async def test_a_player_shares_one_budget_over_its_sockets(tight) -> None:
    a = await Client(tight.url, reconnect=False).connect()
    b = await Client(tight.url, token=a.token, reconnect=False).connect()  # the same player
    b.resends = 0  # see the refusal itself
    room = (await a.create("highcard", seats=2)).room  # 2 + 20 units of the player's 30
    with pytest.raises(ServerError) as err:
        await b.create("highcard", seats=2)  # b's own connection could pay: the player cannot
    assert err.value.code == "rate_limited"
    other = await Client(tight.url, reconnect=False).connect()  # another player is not affected
    await other.join(room)
    for c in (a, b, other):
        await c.close()


async def test_an_ip_address_shares_one_budget_over_its_players(redis_url, tmp_path) -> None:
    n = ServerProc(tmp_path / "i", redis_url, LONGHALL_IP_RATE="1", LONGHALL_IP_BURST="40").start()
    try:
        a = await Client(n.url, reconnect=False).connect()
        b = await Client(n.url, reconnect=False).connect()  # another player, same address
        b.resends = 0
        await a.create("highcard", seats=2)
        with pytest.raises(ServerError) as err:
            await b.create("highcard", seats=2)
        assert err.value.code == "rate_limited"
        for c in (a, b):
            await c.close()
    finally:
        n.stop()


async def test_an_address_in_debt_for_forged_tokens_is_turned_away_at_the_upgrade(redis_url, tmp_path) -> None:
    """Issue 36, hole 1, the flood that reconnects after every close: an address whose
    bucket is spent (here by forged tokens, each REFUSED_TOKEN_COST more than its price) gets
    no new websocket, only 429 with Retry-After, until it holds CONNECT_FLOOR again; another
    address connects as ever. The address refills 1 unit a second: the debt outlasts the test."""
    n = ServerProc(tmp_path / "d", redis_url, LONGHALL_IP_RATE="1", LONGHALL_IP_BURST="60").start()
    try:
        async with Raw(n.url) as raw:
            answers = [await raw.ask({"t": "hello", "versions": [1], "token": "x.y.z"}) for _ in range(4)]
        assert [a["code"] for a in answers] == ["bad_token"] * 3 + ["rate_limited"]  # 60 - 3 * 22 < 2
        with pytest.raises(InvalidStatus) as refused:
            await connect(n.url)
        assert refused.value.response.status_code == 429
        assert 1 <= int(refused.value.response.headers["Retry-After"]) <= CONNECT_FLOOR + 6  # 16 units at 1/s
        async with Raw(n.url, local="127.0.0.2") as other:
            assert (await other.hello())["t"] == "welcome"
    finally:
        n.stop()


async def test_a_refused_move_is_answered_with_its_id_and_changes_nothing(tight, sync_redis) -> None:
    async with table(tight.url, players=2, spectators=0) as t, Raw(tight.url) as raw:
        await raw.hello(t.players[1].token)
        await raw.ask({"t": "join", "room": t.room})
        await raw.recv()
        for _ in range(2):  # spend the connection's budget: 2 + 4 + 2 * 10
            await raw.ask({"t": "resync", "room": t.room, "seq": 0})
        seq = t.players[0].rooms[t.room].seq
        doc = sync_redis.hgetall(f"room:{{{t.room}}}:doc")
        await raw.send({"t": "move", "room": t.room, "id": "m1", "seq": seq, "move": {"type": "bid", "n": 0}})
        reply = await raw.recv()
        while reply["t"] != "error":
            reply = await raw.recv()
        assert reply["t"] == "error" and reply["code"] == "rate_limited" and reply["id"] == "m1"
        assert sync_redis.hgetall(f"room:{{{t.room}}}:doc") == doc


async def test_hellos_with_forged_tokens_are_throttled(node) -> None:
    """Issue 36, hole 1: each forged token costs a signature check. A refused hello costs
    REFUSED_TOKEN_COST more than its price, so a socket sending them back to back is served
    only a few before it is told `rate_limited` and closed; a well-formed hello still pays 2."""
    async with Raw(node.url) as raw:
        got, seconds, code = await flood(raw, {"t": "hello", "versions": [1], "token": "x.y.z"}, 400)
    refused_price = COSTS["hello"] + REFUSED_TOKEN_COST
    assert got["bad_token"] <= (400 + 200 * seconds) / refused_price + 1, (got, seconds)
    assert got["rate_limited"] >= 1 and code == 1008
    async with Raw(node.url) as raw:
        answers = [await raw.ask({"t": "hello", "versions": [1]}) for _ in range(100)]
    assert {a["t"] for a in answers} == {"welcome"}  # 200 units: within the burst, nothing refused
