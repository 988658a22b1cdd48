"""The installable app: its manifest, icons and service worker (clients/web/public/,
clients/web/pwa/), served by a node from the product build.

The browser tests' own build (mode "test") does not register the worker, so this module
builds the product app into a directory of its own and serves that. Lighthouse (pinned
in clients/web/package.json, a version that still has the `installable-manifest` audit)
runs against it with the system Chromium; clients/web/test/pwa/ drives Chromium through
installability, the lobby's shell opening offline, a push shown as a notification (and
replaced by a newer one of the same room) and the lobby's notifications panel.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.cluster import ServerProc
from tests.web.node import JS, SHOTS, WEB, browser_suite, npm_ready, run
from tests.web.test_browser import CHROMIUM

NO_CHROMIUM = "chromium is not installed (scripts/test installs it)"
needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


@pytest.fixture(scope="module")
def product_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    npm_ready(JS)
    npm_ready(WEB)
    out = tmp_path_factory.mktemp("pwa-dist")
    args = ["npx", "vite", "build", "--outDir", str(out), "--emptyOutDir", "--logLevel", "error"]
    subprocess.run(args, cwd=WEB, check=True, capture_output=True, timeout=300)
    return out


@pytest.fixture(scope="module")
def app_server(product_app: Path, redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("pwa"), redis_url, args=("--web", str(product_app)))
    s.start()
    yield s
    s.stop()


def test_the_build_precaches_the_app_shell(product_app: Path) -> None:
    worker = (product_app / "sw.js").read_text()
    start = worker.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.loads(worker[start : worker.index(";", start)])
    assert precache[0] == "./"
    page = (product_app / "index.html").read_text()
    for asset in (p for p in precache if p.startswith("assets/")):
        assert (product_app / asset).is_file(), asset
    # every script and stylesheet the page loads is in the list; the console's are not
    loaded = [part.split('"')[0].removeprefix("./") for part in page.split('="./')[1:]]
    assert [f for f in loaded if f.startswith("assets/") and f not in precache] == []
    assert "manifest.webmanifest" in precache and "icons/icon-maskable-512.png" in precache
    console = (product_app / "console" / "index.html").read_text()
    own = [p.split('"')[0].removeprefix("../") for p in console.split('="../')[1:]]
    assert any(f.startswith("assets/console") for f in own), own
    assert [f for f in own if f.startswith("assets/console") and f in precache] == []


def test_the_node_serves_manifest_and_worker(app_server: ServerProc) -> None:
    manifest = httpx.get(app_server.http + "/manifest.webmanifest", timeout=5)
    assert manifest.status_code == 200
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert manifest.headers["cache-control"] == "no-cache"
    body = manifest.json()
    assert (body["name"], body["start_url"], body["scope"], body["display"]) == ("Longhall", "/", "/", "standalone")
    purposes = {(icon["sizes"], icon.get("purpose", "any")) for icon in body["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= purposes
    for icon in body["icons"]:
        got = httpx.get(f"{app_server.http}/{icon['src']}", timeout=5)
        assert got.status_code == 200 and got.headers["content-type"] == icon["type"], icon
        if icon["type"] == "image/png":
            side = int(icon["sizes"].split("x")[0])
            assert got.content[:8] == b"\x89PNG\r\n\x1a\n"
            assert int.from_bytes(got.content[16:20], "big") == side == int.from_bytes(got.content[20:24], "big")
    worker = httpx.get(app_server.http + "/sw.js", timeout=5)
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
    assert worker.headers["service-worker-allowed"] == "/"
    page = httpx.get(app_server.http + "/", timeout=5).text
    assert '<link rel="manifest" href="./manifest.webmanifest"' in page


@needs_chromium
def test_lighthouse_finds_the_app_installable(app_server: ServerProc, tmp_path: Path) -> None:
    report = tmp_path / "lighthouse.json"
    flags = "--chrome-flags=--headless=new --no-sandbox --disable-gpu"
    args = ["npx", "lighthouse", app_server.http + "/", "--only-audits=installable-manifest", "--output=json",
            f"--output-path={report}", "--quiet", flags]  # fmt: skip
    out = run(args, WEB, timeout=300, CHROME_PATH=str(CHROMIUM))
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    audit = json.loads(report.read_text())["audits"]["installable-manifest"]
    assert audit["score"] == 1, json.dumps(audit, indent=1)[:3000]


@needs_chromium
def test_installable_offline_and_pushes_in_the_browser(app_server: ServerProc) -> None:
    browser_suite(app_server.http, ["test/pwa/"], passes=6, timeout=600)
    assert (SHOTS / "pwa-offline-lobby.png").exists()
