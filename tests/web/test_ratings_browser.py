"""Ratings in the browser app (clients/web/test/ratings/): a leaderboard where two players
of one name are told apart by a tag, a player's page with the rating, its history and the
latest games linking to their replays, your rating and your games in the lobby, rooms
labelled rated or casual in the lobby and at the table, seat ratings at the table; the
pages' words in all five languages."""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_ratings_pages_in_the_browser(web_server: ServerProc) -> None:
    browser_suite(web_server.http, ["test/ratings/"], passes=1, timeout=600)
    for shot in ("ratings-player", "ratings-lobby", "ratings-leaderboard-uk"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
