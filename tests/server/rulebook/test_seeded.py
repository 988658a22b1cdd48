"""The rule texts in the players' languages (server/rulebook/seeded.py): every text served
for a rule id is the seed rulebook's own paragraph(s), every id is a rule of the spec, and
/api/rules/{game}?lang=xx serves the seed's text where it has one, else the English one."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from server import rulebook
from server.rulebook import seeded

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared"
NEEDS_SHARED = pytest.mark.skipif(not (SHARED / "seeds").exists(), reason="../shared is not beside the repository")
SHIPPED = sorted(p.name.removesuffix(".json") for p in seeded.HERE.glob("*.*.json"))


def test_every_seed_language_is_shipped() -> None:
    assert set(SHIPPED) == set(seeded.sources())
    assert {"hunters.ru", "vikings.fi", "vikings.pl", "vikings.ru"} <= set(SHIPPED)


@NEEDS_SHARED
def test_the_shipped_texts_are_the_seeds_own_paragraphs() -> None:
    built = seeded.build(SHARED)
    for name in SHIPPED:
        game, lang = name.split(".")
        data = built[name]
        paragraphs = set(seeded.paragraphs((SHARED / "seeds" / data["seed"]).read_text(encoding="utf-8")))
        for rid, text in seeded.texts(game, lang).items():
            missing = [p for p in text.split("\n") if p not in paragraphs]
            assert not missing, f"{name} {rid}: not a paragraph of {data['seed']}: {missing}"
        assert seeded.texts(game, lang) == data["rules"], f"run python -m server.rulebook ({name} changed)"
        assert seeded.seed(game, lang) == data["seed"]


@NEEDS_SHARED
def test_every_mapped_id_is_a_rule_of_the_spec() -> None:
    specs = rulebook.build(SHARED)
    for name in SHIPPED:
        game, lang = name.split(".")
        unknown = sorted(set(seeded.texts(game, lang)) - set(specs[game]))
        assert not unknown, f"{name} maps ids the spec does not have: {unknown}"


def test_each_seed_covers_a_good_part_of_its_rules() -> None:
    for name in SHIPPED:
        game, lang = name.split(".")
        assert len(seeded.texts(game, lang)) >= 60, name


def test_localized_texts_fall_back_to_english() -> None:
    ru = rulebook.localized("vikings", "ru")
    assert ru is not None and ru["seed"] == "000_b56ab6d87306c4df.txt"
    assert ru["rules"]["V-46"]["lang"] == "ru" and ru["rules"]["V-46"]["text"].startswith("0 можно выбрать")
    assert ru["rules"]["VA-1"] == {"text": (rulebook.rules("vikings") or {})["VA-1"], "lang": "en"}  # a spec ruling
    assert set(ru["rules"]) == set(rulebook.rules("vikings") or {})
    pl = rulebook.localized("hunters", "pl")  # no Polish rulebook of Hunters & Gatherers
    assert pl is not None and pl["seed"] is None and {t["lang"] for t in pl["rules"].values()} == {"en"}
    uk = rulebook.localized("feast", "uk")
    assert uk is not None and uk["rules"]["F-242"]["text"].startswith("Важливе правило: кожна комірка дії")
    assert rulebook.localized("no-such-game", "ru") is None


async def test_the_rules_route_in_a_language(server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        got = (await http.get("/api/rules/vikings", params={"lang": "pl"})).json()
        assert got["lang"] == "pl" and got["rules"]["V-59"]["text"].startswith("- Płytki wyspy mają")
        assert got["rules"]["V-8"]["lang"] == "en"
        assert (await http.get("/api/rules/hunters", params={"lang": "ru"})).json()["rules"]["H-17"]["lang"] == "ru"
        assert (await http.get("/api/rules/vikings", params={"lang": "../../x"})).status_code == 400
        assert "V-46" in (await http.get("/api/rules/vikings")).json()  # without lang: {id: English text}, as before
