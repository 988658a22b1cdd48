"""A Feast for Odin played on its board in headless Chromium (clients/web/test/feast/).

Two players click 40 decisions on a desktop screen and on a 390x844 phone with the plain
list of decisions hidden (text on the phone never below 12 px); goods of three shapes
are laid after being turned (R key), with the illegal preview and its reason shown
first; goods are laid and planned while the other player decides; a spectator's log is
in words with every price as the view paid it, its view equals the players' public ones,
a reload keeps a seat, a refusal shows its rule; on a touch phone a good is laid by a
tap on it and a tap on a marked spot (no confirming button); a solo short game is
clicked through to its end; the table's labels are read in English on a desktop and in
Russian and Polish on a phone (labels.test.js: each action space's drawn costs and
gains, no developer id or "0$ ×7" anywhere, nothing cut at the right of a 390x844
screen, also at the first feast). Screenshots go to
test-artifacts/web/feast-*.png; each clicked decision's click → redraw time to the
test's tmp_path/redraw.json (clients/web/test/play/redraw.js), printed with -s.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cluster import ServerProc
from tests.web.node import SHOTS, browser_suite, keep_redraws
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_feast_is_played_by_clicking_its_board(web_server: ServerProc, tmp_path: Path) -> None:
    stdout = browser_suite(web_server.http, ["test/feast/"], passes=6, timeout=900)
    timings = [line for line in stdout.splitlines() if "# timing" in line]
    (SHOTS / "feast-timings.txt").write_text("\n".join(timings) + "\n")
    # click → redraw of every decision clicked, kept in tmp_path/redraw.json (not asserted on)
    runs = keep_redraws(stdout, tmp_path / "redraw.json")
    assert {r["name"] for r in runs if r["samples"]} == {"feast desktop", "feast phone", "feast solo"}
    for shot in ("feast-desktop", "feast-phone-action", "feast-phone-mine", "feast-shapes"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
    for shot in ("feast-spectator", "feast-refused"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
