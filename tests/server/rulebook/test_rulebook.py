"""The rule texts served at /api/rules/{game}: extracted from the specifications, and
covering every rule number an engine cites in a refusal."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from server import rulebook

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared"
CITED = re.compile(r"\"((?:V|VA|VD|H|HA|HX|F|A-A|A-B)-\d+)[\":]")
PACKAGE = {"vikings": "vikings", "hunters": "hunters", "feast": "feast"}


@pytest.mark.skipif(not (SHARED / "rules").exists(), reason="../shared/rules is not beside the repository")
def test_the_shipped_texts_match_the_specifications() -> None:
    for game, texts in rulebook.build(SHARED).items():
        assert rulebook.rules(game) == texts, f"run python -m server.rulebook ({game} changed)"


@pytest.mark.parametrize("game", sorted(PACKAGE))
def test_every_cited_rule_has_its_text(game: str) -> None:
    texts = rulebook.rules(game)
    assert texts is not None
    source = "".join(p.read_text() for p in (ROOT / "server" / "games" / PACKAGE[game]).rglob("*.py"))
    cited = set(CITED.findall(source))
    assert cited, "the engine cites rules"
    assert sorted(cited - set(texts)) == []


def test_a_rule_reads_as_the_spec_says() -> None:
    texts = rulebook.rules("vikings")
    assert texts is not None
    assert texts["V-46"].startswith("A player may buy any set whose price they can pay, except the set at price 0")
    assert (rulebook.rules("hunters") or {})["H-17"].startswith("The new tile must share at least one full side")
    assert rulebook.rules("no-such-game") is None


async def test_the_rules_route(server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        got = await http.get("/api/rules/hunters", headers={"Accept-Encoding": "gzip"})
        assert got.status_code == 200 and got.headers["content-encoding"] == "gzip"
        assert got.json()["H-18"].startswith("Every side the new tile shares with a placed tile must match")
        assert (await http.get("/api/rules/nope")).status_code == 404
        assert (await http.get("/api/rules/highcard")).json() == {}  # hosted, cites no spec
