r"""The browser app's message catalogues (clients/web/src/i18n/*.json) against its code.

A key the code names must be in every catalogue, with every plural form the language
needs (Intl.PluralRules' categories, asked of Node, the runtime the app's i18next uses);
a key no code names must not be in any catalogue. Code names keys literally
(`t("lobby.create")`, also both branches of `t(x ? "a" : "b")`; `serverText` is t for
texts the server gives in English) or by a literal prefix
and an id (`t(\`vikings.trade.${colour}\`)`): a catalogue key under such a prefix counts
as used. Room option labels and values are translated from the engines' English option
data (GET /api/games), so the English entries must say what that data says. The games in
TRANSLATED are translated in full; any other game (a new one, the test games) has no
entry and shows the engine's English (docs/adding-a-game.md).
"""

from __future__ import annotations

import json
import re
import subprocess
from typing import Any

from server.games import registry
from tests.cluster import hosted_games
from tests.web.node import WEB

SRC = WEB / "src"
CATALOGUES = SRC / "i18n"
LANGS = ("en", "ru", "pl", "fi", "uk")
# the games whose title and options every catalogue translates (the shipped ones)
TRANSLATED = ("vikings", "hunters", "feast")
PLURAL = re.compile(r"_(zero|one|two|few|many|other)$")
CALL = re.compile(r"(?<![\w.$])(?:t|tr|serverText)\(")
LITERAL = re.compile(r'"((?:[a-z_]+)(?:\.[A-Za-z0-9_]+)+)"')
PREFIX = re.compile(r"`((?:[a-z_]+\.)+)\$\{")


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, object] = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    return {k: str(v) for k, v in data.items() if not k.startswith("_")}


def meta(lang: str, name: str) -> list[str]:
    data = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    return list(data.get(name, []))


def call_args(text: str) -> list[str]:
    """The text of each t(...)/tr(...) call's first argument (up to its top-level comma)."""
    out = []
    for m in CALL.finditer(text):
        depth, i = 0, m.end()
        start = i
        while i < len(text):
            c = text[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif c == "," and depth == 0:
                break
            i += 1
        out.append(text[start:i])
    return out


def used_keys() -> tuple[set[str], set[str]]:
    """(keys named literally, prefixes named with an id) across the app's sources."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    for path in SRC.rglob("*.js"):
        for arg in call_args(path.read_text(encoding="utf-8")):
            keys.update(LITERAL.findall(arg))
            prefixes.update(PREFIX.findall(arg))
    return keys, prefixes


def plural_categories() -> dict[str, list[str]]:
    each = "(l) => [l, new Intl.PluralRules(l).resolvedOptions().pluralCategories]"
    script = f"console.log(JSON.stringify(Object.fromEntries({list(LANGS)!r}.map({each}))))"
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True, timeout=30)
    cats: dict[str, list[str]] = json.loads(out.stdout)
    return cats


def words(value: str) -> str:
    """A catalogue value without its {{placeholders}}."""
    return re.sub(r"\{\{\w+\}\}", "", value)


def base(key: str) -> str:
    return PLURAL.sub("", key)


def test_the_code_names_keys_and_prefixes() -> None:
    keys, prefixes = used_keys()
    assert len(keys) > 200 and "lobby.create" in keys and "say.line" in keys
    assert "vikings.trade." in prefixes and "option." in prefixes


def test_every_key_the_code_names_is_in_every_catalogue_with_its_plural_forms() -> None:
    keys, _ = used_keys()
    cats = plural_categories()
    for lang in LANGS:
        have = catalogue(lang)
        bases = {base(k) for k in have}
        missing = sorted(k for k in keys if k not in have and k not in bases)
        assert not missing, f"{lang}.json lacks {missing}"
        for k in keys:
            if k not in have:  # a plural key: every form this language needs
                forms = [f"{k}_{c}" for c in cats[lang]]
                assert all(f in have for f in forms), f"{lang}.json: {k} needs {forms}"


def test_every_catalogue_has_the_same_keys_as_english() -> None:
    cats = plural_categories()
    en = {base(k) for k in catalogue("en")}
    for lang in LANGS[1:]:
        have = catalogue(lang)
        assert {base(k) for k in have} == en, f"{lang}.json: {sorted({base(k) for k in have} ^ en)}"
        for k in have:  # plural forms: exactly the language's categories
            if PLURAL.search(k):
                assert PLURAL.search(k).group(1) in cats[lang], f"{lang}.json: {k} is not a plural form of {lang}"


def test_no_catalogue_has_a_key_no_code_uses() -> None:
    keys, prefixes = used_keys()
    for lang in LANGS:
        named = tuple(prefixes)
        unused = sorted(
            k for k in catalogue(lang) if base(k) not in keys and k not in keys and not base(k).startswith(named)
        )
        assert not unused, f"{lang}.json has keys no code uses: {unused}"


def test_a_translation_differs_from_the_english_unless_listed_as_the_same() -> None:
    en = catalogue("en")
    for lang in LANGS[1:]:
        have = catalogue(lang)
        same = set(meta(lang, "_same"))
        english = [k for k, v in have.items() if v == en.get(k) and re.search(r"[A-Za-z]{3}", words(v))]
        copied = sorted(k for k in english if k not in same)
        assert not copied, f"{lang}.json keeps English for {copied} (translate it, or list it in _same)"
        assert same <= set(have), f"{lang}.json _same names unknown keys: {sorted(same - set(have))}"


def test_unofficial_terms_are_keys_of_the_catalogue() -> None:
    for lang in LANGS[1:]:
        unofficial = set(meta(lang, "_unofficial"))
        unknown = sorted(unofficial - set(catalogue(lang)))
        assert not unknown, f"{lang}.json _unofficial names unknown keys: {unknown}"


def shown_in_english(game: str, o: dict[str, Any]) -> dict[str, str]:
    """An option's texts as the app shows them in English (words.js: optionLabel,
    choiceLabel), by catalogue key: the engine's label, else its name in words; each
    value's label, else yes / no or the value itself."""
    key = f"option.{game}.{o['name']}"
    texts = {key: o["label"] or o["name"].replace("_", " ").capitalize()}
    for i, value in enumerate(o["choices"]):
        word = str(value).lower() if isinstance(value, bool) else str(value)
        fallback = {True: "yes", False: "no"}.get(value, word) if isinstance(value, bool) else word
        texts[f"{key}.{word}"] = o["labels"][i] if i < len(o["labels"]) else fallback
    return texts


def test_translated_games_are_registered_and_titled_in_every_catalogue() -> None:
    assert set(TRANSLATED) <= set(registry.games())
    for lang in LANGS:
        have = catalogue(lang)
        assert all(f"game.{g}" in have for g in TRANSLATED), lang


def test_translated_games_have_every_option_in_every_catalogue_as_the_engine_words_it() -> None:
    # The catalogues translate the engines' English option texts; the app shows a
    # translation only while its English entry is the server's current text (words.js
    # serverText), so a description reworded on the server falls back to English by itself.
    # Labels and value names are checked here; descriptions may move ahead of the catalogue.
    for name in TRANSLATED:
        info = registry.games()[name].info.describe()
        for o in info["options"]:
            english = shown_in_english(name, o)
            for lang in LANGS:
                have = catalogue(lang)
                missing = sorted({*english, f"option.{name}.{o['name']}.doc"} - set(have))
                assert not missing, f"{lang}.json lacks {missing}"
            en = catalogue("en")
            assert {k: en[k] for k in english} == english, f"en.json says otherwise than the engine: {name} {o['name']}"


def test_any_other_game_is_left_to_the_engines_english() -> None:
    """A game not in TRANSLATED has no entry (it is translated in full or not at all), and
    still has every text the lobby shows: the engine's English."""
    hosted = hosted_games()
    others = sorted(set(hosted) - set(TRANSLATED))
    assert {"highcard", "cairns"} <= set(others)
    for lang in LANGS:
        partial = sorted(k for k in catalogue(lang) if k.split(".")[0] in ("game", "option", "title")
                         and k.split(".")[1] in others)  # fmt: skip
        assert not partial, f"{lang}.json translates part of a game not in TRANSLATED: {partial}"
    for name in others:
        info = hosted[name].info.describe()
        assert info["title"]
        for o in info["options"]:
            assert all(shown_in_english(name, o).values()), (name, o["name"])


def test_english_feast_names_match_the_engines_data_files() -> None:
    en = catalogue("en")
    data = WEB.parents[1] / "server" / "games" / "feast" / "data"
    tables = {
        "space": ("action_spaces.json", "spaces"),
        "good": ("goods.json", "goods"),
        "special": ("special_tiles.json", "tiles"),
        "board": ("exploration_boards.json", "boards"),
        "weapon": ("weapons.json", "deck"),
    }
    for kind, (file, field) in tables.items():
        for row in json.loads((data / file).read_text(encoding="utf-8"))[field]:
            assert en[f"feast.{kind}.{row['id']}"] == row["name"], (kind, row["id"])
