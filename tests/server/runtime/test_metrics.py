"""/metrics on real nodes: what a game does shows up in Prometheus' text format
(parsed with prometheus_client's own parser), on the node where it happened."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from clients.python.bot import play
from clients.python.client import ServerError
from server.storage.embedded import free_port
from tests.cluster import ServerProc
from tests.tables import table


def scrape(node: ServerProc) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    r = httpx.get(node.http + "/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(r.text)
        for s in family.samples
    }


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_a_game_across_two_nodes_is_counted(two_nodes: list[ServerProc]) -> None:
    a, b = two_nodes
    before = [scrape(n) for n in two_nodes]
    async with table([a.url, b.url], players=2, spectators=1) as t:
        on_a, on_b = t.players  # the host (and the spectator) on a, the other player on b
        during = [scrape(n) for n in two_nodes]
        assert value(during[0], "longhall_connections") == 2  # a player and the spectator
        assert value(during[1], "longhall_connections") == 1
        assert value(during[0], "longhall_rooms_subscribed") >= 1
        with pytest.raises(ServerError) as refused:
            await on_b.move(t.room, {"type": "bid", "n": 99})
        finals = await asyncio.gather(*(play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)))
        assert finals[0] == finals[1]
        seq = on_a.rooms[t.room].seq
    httpx.get(a.http + "/ready")  # a readiness probe times a PING to Redis
    after = [scrape(n) for n in two_nodes]
    moves = [value(x, "longhall_commits_total", kind="move") - value(y, "longhall_commits_total", kind="move")
             for x, y in zip(after, before, strict=True)]  # fmt: skip
    commits = sum(
        value(x, "longhall_commits_total", kind=k) - value(y, "longhall_commits_total", kind=k)
        for x, y in zip(after, before, strict=True)
        for k in ("create", "join", "start", "move")
    )
    assert commits == seq + 1  # every committed change of the room (seq 0 is the create), counted once
    assert all(m > 0 for m in moves), "both nodes committed moves"
    timed = sum(value(x, "longhall_commit_seconds_count") - value(y, "longhall_commit_seconds_count")
                for x, y in zip(after, before, strict=True))  # fmt: skip
    assert timed >= commits
    # moves committed on b reached the spectator and the host on a through pub/sub
    assert value(after[0], "longhall_fanout_lag_seconds_count") > value(before[0], "longhall_fanout_lag_seconds_count")
    code = refused.value.code
    errors = [value(x, "longhall_errors_total", code=code) for x in (before[1], after[1])]
    assert errors[1] == errors[0] + 1
    assert value(after[0], "longhall_redis_ping_seconds_count") >= 1
    assert value(after[0], "longhall_rooms_cached") >= 1
    assert value(after[0], "process_cpu_seconds_total") > 0
    assert value(after[0], "longhall_event_loop_info", loop="uvloop") == 1  # LONGHALL_LOOP=auto, uvloop installed


async def test_metrics_on_a_port_of_their_own_are_off_the_players_port(redis_url: str, tmp_path) -> None:
    """LONGHALL_METRICS_PORT: the public port answers no metrics; the metrics port does,
    and counts what the players' port serves."""
    port = free_port()
    node = ServerProc(tmp_path / "n", redis_url, LONGHALL_METRICS_PORT=str(port)).start()
    try:
        async with table(node.url, players=2, spectators=0):
            public = httpx.get(node.http + "/metrics")
            assert "longhall_connections" not in public.text
            apart = httpx.get(f"http://127.0.0.1:{port}/metrics")
            assert apart.status_code == 200
            samples = {s.name: s.value for f in text_string_to_metric_families(apart.text) for s in f.samples}
            assert samples["longhall_connections"] == 2  # the two players at the table
    finally:
        node.stop()
