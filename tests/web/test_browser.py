"""The browser app in headless Chromium (Debian's /usr/bin/chromium via playwright-core).

clients/web/test/browser.test.js holds the scenarios: at a High Card table two browser
contexts play turns by clicking while a third spectates (same state), a reload
reconnects into the same seat, a refused move shows its rule number (Vikings, Hunters &
Gatherers and A Feast for Odin get the same checks in test_play_by_clicks.py and
test_feast_browser.py, on the rooms played there); a whole Feast game is followed by a
player's and a spectator's page; the lobby works on a phone-sized screen.
Screenshots are kept under test-artifacts/web/.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import httpx
import pytest

from tests.cluster import ServerProc
from tests.web.node import ROOT, WEB, run

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "test-artifacts" / "web"


def test_the_server_serves_the_built_app(web_server: ServerProc) -> None:
    page = httpx.get(web_server.http + "/", timeout=5)
    assert page.status_code == 200
    assert '<main id="app">' in page.text


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_browser_scenarios(web_server: ServerProc) -> None:
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    out = run(["npm", "test", "--silent"], WEB, timeout=300, LONGHALL_HTTP=web_server.http, LONGHALL_SHOTS=f"{SHOTS}/")
    tail = out.stdout[-6000:] + out.stderr[-2000:]
    assert out.returncode == 0, tail
    assert "# fail 0" in out.stdout, tail
    for game in ("highcard",):  # the other games: test_play_by_clicks.py, test_feast_browser.py
        assert (SHOTS / f"{game}-seat0.png").exists(), f"no screenshot of the {game} table"
        assert (SHOTS / f"{game}-spectator.png").exists()
    assert (SHOTS / "lobby.png").exists()
