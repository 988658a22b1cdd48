"""TV in the browser app (clients/web/test/tv/): two rated games of High Card in play, the
page at #/tv/highcard shows the one whose seats are rated higher, as a spectator shown
the game late (the room's default `spectator_delay`), with its players and their
ratings; when that game is played out, the page moves on to the other.

The test has a Redis and a node of its own. The players' ratings are written to the
game's leaderboard as the archive holds them (tests/rated.py), for players made here by
their `hello`; the scenario plays as them with their tokens.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clients.python.client import Client
from tests.cluster import ServerProc
from tests.rated import rate
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM

RATINGS = {"Astrid": 31.5, "Bjorn": 29.0, "Gudrun": 14.0, "Harald": 12.5}


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
async def test_tv_moves_to_the_next_game_when_one_ends(
    built_test_web: Path, own_redis: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = ServerProc(tmp_path / "node", own_redis, args=("--web", str(built_test_web)), LONGHALL_HTTP_RATE="0").start()
    try:
        players = {}
        for name in RATINGS:
            c = await Client(node.url, name=name).connect()
            players[name] = {"player": c.player, "token": c.token, "name": name}
            await c.close()
        ratings = {p["player"]: (name, RATINGS[name]) for name, p in players.items()}
        await rate(node.http, tmp_path / "node", own_redis, "highcard", ratings)
        monkeypatch.setenv("LONGHALL_TV_PLAYERS", json.dumps(players))
        browser_suite(node.http, ["test/tv/"], passes=1, timeout=600)
    finally:
        node.stop()
    assert (SHOTS / "tv.png").exists()
