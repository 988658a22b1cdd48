"""The occupation card catalogues (clients/web/src/i18n/occupations/<lang>.json, read by
clients/web/src/i18n/cards.js): every one of the 190 cards of the engine's data
(server/games/feast/data/occupations.json) with a name and an effect text in the
language, no other card; the nine names the Ukrainian rulebook prints kept as printed
(and the only names cards.js calls official); and, as a cheap check of faithfulness,
every number of an English effect text also in its translation (F-600)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "clients" / "web" / "src" / "i18n"
DATA = ROOT / "server" / "games" / "feast" / "data" / "occupations.json"
SEED = ROOT.parent / "shared" / "seeds" / "004_a2c2eddb963b69a1.txt"
LANGS = ("ru", "uk", "pl", "fi")
# the occupation names the Ukrainian rulebook (the Feast seed) prints in its examples
PRINTED = {
    "35A": "Скотар",
    "39C": "Судновий майстер",
    "47a": "Чинбар",
    "54A": "Торговець",
    "65A": "Вбивця драконів",
    "100b": "Трунар",
    "149A": "Жрець",
    "153a": "Вправний мисливець",
    "181C": "Ремонтник кораблів",
}
# the seed quotes two of them in the genitive ("Карта Жреця", "карти Ремонтника кораблів")
QUOTED = {"149A": "Жреця", "181C": "Ремонтника кораблів"}


def english() -> dict[str, dict[str, str]]:
    cards = json.loads(DATA.read_text(encoding="utf-8"))["cards"]
    return {c["id"]: {"name": c["name"], "effect": c["effect"]} for c in cards}


def catalogue(lang: str) -> dict[str, dict[str, str]]:
    return json.loads((I18N / "occupations" / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_has_a_name_and_an_effect_and_no_other_card_is_there(lang: str) -> None:
    cards, en = catalogue(lang), english()
    assert len(en) == 190
    assert sorted(set(en) - set(cards)) == [], f"{lang}: cards missing"
    assert sorted(set(cards) - set(en)) == [], f"{lang}: cards the data does not have"
    for cid, entry in cards.items():
        assert set(entry) == {"name", "effect"}, (lang, cid)
        assert entry["name"].strip() and entry["effect"].strip(), (lang, cid)
        assert entry["effect"] != en[cid]["effect"], f"{lang} {cid}: the effect is the English text"


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_of_the_english_effect_is_in_the_translation(lang: str) -> None:
    cards, en = catalogue(lang), english()
    lost = {cid: sorted(numbers(en[cid]["effect"]) - numbers(cards[cid]["effect"])) for cid in en if cid in cards}
    assert {cid: n for cid, n in lost.items() if n} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_printed_names_stay_as_printed(lang: str) -> None:
    if lang != "uk":
        # another language has no printed names: its own translations of the nine
        assert all(catalogue(lang)[cid]["name"] != PRINTED[cid] for cid in PRINTED), lang
        return
    assert {cid: catalogue("uk")[cid]["name"] for cid in PRINTED} == PRINTED


@pytest.mark.skipif(not SEED.exists(), reason="../shared/seeds is not beside the repository")
def test_the_printed_names_are_the_seeds_own() -> None:
    seed = SEED.read_text(encoding="utf-8").lower()
    assert {cid: name for cid, name in PRINTED.items() if QUOTED.get(cid, name).lower() not in seed} == {}


def test_cards_js_calls_only_the_printed_names_official() -> None:
    source = (I18N / "cards.js").read_text(encoding="utf-8")
    official = re.search(r"uk: new Set\(\[([^\]]*)\]\)", source)
    assert official is not None
    assert set(re.findall(r'"(\w+)"', official.group(1))) == set(PRINTED)
    assert "feast.occupation." not in source  # one source of truth: the card catalogues
