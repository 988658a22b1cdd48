"""The product bundle carries only what the product hosts: High Card, the test game, is
drawn by the test build alone (clients/web/test/app/, served to the browser tests), and
none of its renderer, sentences or words reach `npm run build`'s output. The operator
console and the protocol playground are pages of their own in that output: nothing the
players' page loads holds their code."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.web.node import JS, WEB, npm_ready

TEST_GAME = ("highcard", "high card", "say.highcard")
# words of the console's and the playground's code
CONSOLE = ("/api/admin", "longhall.console.token", "end-confirm", "mirrored view", "that are no msgpack")


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


def loaded(out: Path, page: str) -> set[str]:
    """The files `page` loads, its scripts' imports followed (static, dynamic, preloaded)."""
    assets = {p.name for p in (out / "assets").iterdir()}
    found: set[str] = set()
    todo = [out / page]
    while todo:
        text = todo.pop().read_text(encoding="utf-8")
        for name in set(re.findall(r"[\w.-]+\.(?:js|css)", text)) & assets - found:
            found.add(name)
            if name.endswith(".js"):
                todo.append(out / "assets" / name)
    return found


def test_the_players_page_loads_nothing_of_the_console_or_the_playground(tmp_path: Path) -> None:
    npm_ready(JS)
    npm_ready(WEB)
    out = tmp_path / "dist"
    build = ["npm", "run", "build", "--silent", "--", "--outDir", str(out), "--emptyOutDir"]
    subprocess.run(build, cwd=WEB, check=True, capture_output=True, timeout=300)
    players = loaded(out, "index.html")
    assert any(name.endswith(".js") for name in players)
    held = {name: [w for w in CONSOLE if w in (out / "assets" / name).read_text(encoding="utf-8").lower()]
            for name in players}  # fmt: skip
    assert {name: words for name, words in held.items() if words} == {}
    for page in ("console/index.html", "playground/index.html"):  # the check sees them where they are
        own = "".join((out / "assets" / n).read_text(encoding="utf-8").lower() for n in loaded(out, page) - players)
        assert any(word in own for word in CONSOLE), page
