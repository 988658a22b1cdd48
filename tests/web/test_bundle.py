"""The product bundle carries only what the product hosts: High Card, the test game, is
drawn by the test build alone (clients/web/test/app/, served to the browser tests), and
none of its renderer, sentences or words reach `npm run build`'s output."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.web.node import JS, WEB, npm_ready

TEST_GAME = ("highcard", "high card", "say.highcard")


def texts(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8", errors="replace").lower()
            for p in folder.rglob("*") if p.is_file()}  # fmt: skip


def test_the_product_bundle_leaves_the_test_game_out(tmp_path: Path) -> None:
    npm_ready(JS)
    npm_ready(WEB)
    out = tmp_path / "dist"  # a fresh build: clients/web/dist may be older than the sources
    build = ["npm", "run", "build", "--silent", "--", "--outDir", str(out), "--emptyOutDir"]
    subprocess.run(build, cwd=WEB, check=True, capture_output=True, timeout=300)
    built = texts(out)
    assert "index.html" in built and any(name.endswith(".js") for name in built)
    assert "vikings" in "".join(built.values())  # the shipped games are in it
    found = sorted(name for name, text in built.items() if any(word in text for word in TEST_GAME))
    assert found == [], f"the test game is in the product bundle: {found}"


def test_the_test_build_draws_the_test_game(built_test_web: Path) -> None:
    built = texts(built_test_web)
    script = "".join(text for name, text in built.items() if name.endswith(".js"))
    assert "highcard.ask.bid" in script and "say.highcard.play" in script  # its words and sentences
    assert "test/app/main.js" not in built["index.html"] and "./assets/" in built["index.html"]
