"""Tournaments in the browser app (clients/web/test/tournaments/): an operator makes a
Swiss tournament of High Card over HTTP, two players enter it from its page (found from
the lobby's list), the standings list them, and once the node's clock passes its start a
seated player's "go to your table" opens its seat in the round's room; the game played
out, the page shows its result, the bye and the final standings as the server scores
them; axe-core finds nothing critical or serious on the list and the tournament page in
all five languages.

The test has a Redis and a node of its own: its node alone holds the director's lease, and
its clock is moved past the start by the offset file (server.runtime.wallclock) rather
than waited for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cluster import ServerProc
from tests.server.console.operators import operator_token
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
async def test_tournament_pages_in_the_browser(
    built_test_web: Path, own_redis: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moved = tmp_path / "clock-offset"
    moved.write_text("0")
    # the pages and the test share 127.0.0.1: their HTTP reads are not limited as one address's
    node = ServerProc(tmp_path / "node", own_redis, args=("--web", str(built_test_web)),
                      LONGHALL_CLOCK_FILE=str(moved), LONGHALL_HTTP_RATE="0").start()  # fmt: skip
    try:
        monkeypatch.setenv("LONGHALL_ADMIN_TOKEN", await operator_token(own_redis, "tournaments-test"))
        monkeypatch.setenv("LONGHALL_CLOCK_FILE", str(moved))
        browser_suite(node.http, ["test/tournaments/"], passes=1, timeout=600)
    finally:
        node.stop()
    for shot in ("tournaments-list", "tournament-your-table", "tournament-over", "tournament-ru"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
