"""The rule texts in the players' own languages: for each rule id, the paragraph(s) of the
seed rulebook (`../shared/seeds/`) that state it, served at /api/rules/{game}?lang=xx.

The hand-made part is `data/sources.json`: per game and language, the seed file and for
each rule id the numbers of its paragraphs in that seed (a paragraph is one non-empty line
of the seed, whitespace collapsed; `paragraphs` below numbers them). `python -m
server.rulebook` writes one file per game and language (`data/vikings.ru.json`:
{"seed": …, "rules": {"V-46": "…"}}, paragraphs joined by newlines), which ships with the
server; tests check every text still occurs in its seed and every id is a rule of the spec.
A rule the seed does not state (engine rulings, the spec's own resolutions) has no entry:
the client shows the English text for it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent / "data"
SOURCES = HERE / "sources.json"
NAME = re.compile(r"[a-z]{2,12}")  # a game id or a language code: nothing that walks the file system


def paragraphs(text: str) -> list[str]:
    """The seed's paragraphs in order: its non-empty lines, whitespace collapsed."""
    out = []
    for line in text.splitlines():
        line = " ".join(line.split()).lstrip("•").strip()
        if line:
            out.append(line)
    return out


def sources() -> dict[str, dict[str, Any]]:
    return json.loads(SOURCES.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def build(shared: Path) -> dict[str, dict[str, Any]]:
    """{"vikings.ru": {"seed": file, "rules": {id: text}}} from the sources and the seeds."""
    out = {}
    for name, src in sources().items():
        seed = paragraphs((shared / "seeds" / src["seed"]).read_text(encoding="utf-8"))
        rules = {rid: "\n".join(seed[n] for n in numbers) for rid, numbers in src["rules"].items()}
        out[name] = {"seed": src["seed"], "rules": rules}
    return out


@cache
def _load(game: str, lang: str) -> dict[str, Any]:
    path = HERE / f"{game}.{lang}.json"
    if not (NAME.fullmatch(game) and NAME.fullmatch(lang)) or not path.exists():
        return {"seed": None, "rules": {}}
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def texts(game: str, lang: str) -> dict[str, str]:
    """{rule id: the seed's own text} for `game` in `lang`; {} where no seed is in `lang`."""
    return _load(game, lang)["rules"]  # type: ignore[no-any-return]


def seed(game: str, lang: str) -> str | None:
    """The seed file the texts of `game` in `lang` come from (None: there is none)."""
    return _load(game, lang)["seed"]  # type: ignore[no-any-return]


def languages(game: str) -> list[str]:
    """The languages a seed rulebook of `game` is in."""
    return sorted(p.name.split(".")[1] for p in HERE.glob(f"{game}.*.json"))


def write(shared: Path) -> None:
    for name, data in build(shared).items():
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{name}: {len(data['rules'])} rules from {data['seed']}")
