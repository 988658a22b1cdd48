"""Occupation card names in the catalogues (clients/web/src/i18n/cards.js): the nine cards
the Ukrainian rulebook names carry its names in uk.json and plain translations, marked
unofficial, in ru/pl/fi.json; their English entries are the engine's data names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "clients" / "web" / "src" / "i18n"
SEED = ROOT.parent / "shared" / "seeds" / "004_a2c2eddb963b69a1.txt"
PREFIX = "feast.occupation."
# the seed quotes two of them in the genitive ("Карта Жреця", "карти Ремонтника кораблів")
QUOTED = {"149A": "Жреця", "181C": "Ремонтника кораблів"}


def catalogue(lang: str) -> dict[str, object]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def cards(lang: str) -> dict[str, str]:
    return {k.removeprefix(PREFIX): str(v) for k, v in catalogue(lang).items() if k.startswith(PREFIX)}


def test_english_names_are_the_engines_data_names() -> None:
    data = json.loads((ROOT / "server" / "games" / "feast" / "data" / "occupations.json").read_text(encoding="utf-8"))
    names = {c["id"]: c["name"] for c in data["cards"]}
    en = cards("en")
    assert len(en) == 9
    assert {cid: names.get(cid) for cid in en} == en


@pytest.mark.skipif(not SEED.exists(), reason="../shared/seeds is not beside the repository")
def test_ukrainian_names_are_the_seeds_own() -> None:
    seed = SEED.read_text(encoding="utf-8")
    uk = cards("uk")
    assert set(uk) == set(cards("en"))
    missing = {cid: name for cid, name in uk.items() if QUOTED.get(cid, name).lower() not in seed.lower()}
    assert not missing, f"names the seed does not give: {missing}"
    assert not set(catalogue("uk")["_unofficial"]) & {PREFIX + cid for cid in uk}  # type: ignore[arg-type]


def test_other_languages_mark_their_names_unofficial() -> None:
    for lang in ("ru", "pl", "fi"):
        names = cards(lang)
        assert set(names) == set(cards("en"))
        assert {PREFIX + cid for cid in names} <= set(catalogue(lang)["_unofficial"]), lang  # type: ignore[arg-type]
