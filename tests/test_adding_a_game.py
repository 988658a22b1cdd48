"""docs/adding-a-game.md keeps up with the code: every file, module, class, function and
contract member it names exists, and it names every key of a game's result that the
archive reads (a game whose result lacks them is silently not rated)."""

from __future__ import annotations

import re
from pathlib import Path

from server.games.contract import Game, GameInfo, Option
from tests.test_architecture import unresolved

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
TICKED = set(re.findall(r"`([^`\n]+)`", DOC))
CLASSES = {"Game": Game, "GameInfo": GameInfo, "Option": Option}


def test_every_dotted_name_exists() -> None:
    dotted = {t for t in TICKED if re.fullmatch(r"(server|protocol|tests|examples)(\.\w+)+", t)}
    assert {"server.games.contract.Game", "server.archive.ratings.places", "tests.cluster.hosted_games"} <= dotted
    assert unresolved(dotted) == []


def test_every_path_exists() -> None:
    roots = "server|protocol|tests|bench|docs|clients|examples|scripts"
    paths = {t for t in TICKED if re.fullmatch(rf"({roots})/[\w/.-]*", t)}
    assert "examples/cairns/__init__.py" in paths and "clients/web/test/app/highcard.js" in paths
    assert [p for p in sorted(paths) if not (ROOT / p).exists()] == []


def test_every_contract_member_exists() -> None:
    """`Game.hidden`, and each member of the contract's table (`setup(players, …)`)."""
    members = {tuple(t.split(".")) for t in TICKED if re.fullmatch(r"(Game|GameInfo|Option)\.\w+", t)}
    table = DOC[DOC.index("| member |") : DOC.index("`apply` gets the move")]
    named = set(re.findall(r"^\| `(\w+)", table, re.M))
    assert {"setup", "hidden", "move_forms", "result"} <= named
    missing = [f"{c}.{m}" for c, m in members if not hasattr(CLASSES[c], m)]
    missing += [m for m in named if not hasattr(Game, m) and m != "info"]
    assert missing == []


def test_the_web_names_it_cites_are_exported_where_it_says() -> None:
    cited = {"addGame": "src/games/index.js", "RENDERERS": "src/games/index.js", "addWords": "src/i18n/index.js",
             "SAY": "src/words.js", "serverText": "src/words.js"}  # fmt: skip
    web = ROOT / "clients" / "web"
    for name, module in cited.items():
        assert f"`{name}`" in DOC, name
        assert re.search(rf"\b(function|const) {name}\b", (web / module).read_text(encoding="utf-8")), (name, module)
    scripts = (web / "package.json").read_text(encoding="utf-8")
    assert '"build:test"' in scripts and "npm run build:test" in DOC
    assert "TRANSLATED" in (ROOT / "tests" / "web" / "test_i18n_catalogue.py").read_text(encoding="utf-8")


def test_it_names_every_key_of_a_result_the_archive_reads() -> None:
    read: set[str] = set()
    for module in (ROOT / "server" / "archive").glob("*.py"):
        read |= set(re.findall(r"result\.get\(\"(\w+)\"\)", module.read_text(encoding="utf-8")))
    assert {"scores", "winners", "abandoned", "forfeit"} <= read
    section = DOC[DOC.index("### The result") : DOC.index("## 3.")]
    assert [key for key in sorted(read) if f"`{key}`" not in section] == []
