"""Vikings and Hunters & Gatherers played only by clicking the board, in headless Chromium.

clients/web/test/play/ holds the scenarios (the plain list of decisions is hidden in
them): per game, two players (a desktop and a phone screen) make 40+ decisions while a
spectator's move log is checked (words, not paths; prices as paid) and its view against
the players' public views, a reload keeps the phone player's seat, a refused move shows
its rule, a spectator coming in late reads the whole game so far, and a whole game is
clicked to its end against a Node bot. Timings are printed as "# timing" lines and kept in
test-artifacts/web/timings.txt (docs/web.md quotes them); each clicked decision's click →
redraw time in the test's tmp_path/redraw.json (clients/web/test/play/redraw.js).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cluster import ServerProc
from tests.web.node import SHOTS, browser_suite, keep_redraws
from tests.web.test_browser import CHROMIUM

FILES = ["test/play/vikings.play.js", "test/play/hunters.play.js"]


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_vikings_and_hunters_are_played_by_clicking_the_board(web_server: ServerProc, tmp_path: Path) -> None:
    stdout = browser_suite(web_server.http, FILES, passes=4, timeout=900, concurrency=2)
    timings = [line for line in stdout.splitlines() if "# timing" in line]
    (SHOTS / "timings.txt").write_text("\n".join(timings) + "\n")
    # click → redraw of every decision clicked, kept in tmp_path/redraw.json (not asserted on)
    runs = keep_redraws(stdout, tmp_path / "redraw.json")
    names = {f"{g}{w}" for g in ("vikings", "hunters") for w in ("", " whole game")}
    assert {r["name"] for r in runs if r["samples"]} == names
    for game in ("vikings", "hunters"):
        assert (SHOTS / f"{game}-clicks-phone.png").exists(), f"no phone screenshot of {game}"
        assert (SHOTS / f"{game}-over.png").exists(), f"{game} was not played to its end"
        for shot in ("seat0", "spectator", "refused"):
            assert (SHOTS / f"{game}-{shot}.png").exists(), f"no screenshot {game}-{shot}"
