"""The rule texts that refusals cite, served at /api/rules/{game} so a client can show
"V-46" as the rule it names.

Each game's rules live as numbered paragraphs in the English specifications
(`../shared/rules/`); `python -m server.rulebook` extracts them into one JSON file per
game beside this module ({"V-46": "A player may buy ..."}), which ships with the server.
A test checks the files still match the specifications and cover every rule the engines
cite. What this leaves out: pictures, tables other than the ambiguity tables, and the
review logs (the first paragraph with an id wins).

`/api/rules/{game}?lang=ru` gives each rule in the player's language where a seed rulebook
in that language states it (the seed's own paragraph, `seeded.py`), else in English, each
text marked with its language.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from server.rulebook import seeded

HERE = Path(__file__).parent
SPECS = {"vikings": "vikings.md", "hunters": "hunters-gatherers.md", "feast": "feast-for-odin.md"}
RULE_ID = r"[A-Z]{1,2}(?:-[A-Z])?-\d+"
START = re.compile(rf"^(?:- )?\**({RULE_ID})(?=[*.:\s]|$)[*.:]*\s*(.*)$")
ROW = re.compile(rf"^\|\s*({RULE_ID})\s*\|(.*)$")
LIMIT = 700
LANG = re.compile(r"[a-z]{2,3}")  # a language code as the app sends it ("ru")


def _clean(text: str) -> str:
    text = re.sub(r"\*\*|`", "", " ".join(text.split()))
    text = text.lstrip("—-: ")
    return text if len(text) <= LIMIT else text[: LIMIT - 1].rsplit(" ", 1)[0] + " …"


def parse(markdown: str) -> dict[str, str]:
    """{rule id: its paragraph} for every numbered paragraph (and ambiguity-table row)."""
    rules: dict[str, str] = {}
    current: list[str] | None = None
    rid = ""

    def close() -> None:
        if current is not None and rid not in rules:
            rules[rid] = _clean(" ".join(current))

    for line in markdown.splitlines():
        stripped = line.strip()
        row = ROW.match(stripped)
        start = None if row else START.match(stripped)
        if row or start:
            close()
            m = row or start
            assert m is not None
            rid = m.group(1)
            current = [" / ".join(c.strip() for c in m.group(2).split("|") if c.strip())] if row else [m.group(2)]
            if row:
                close()
                current = None
        elif current is not None and stripped and not stripped.startswith(("#", "|", "- ", "---")):
            current.append(stripped)
        else:
            close()
            current = None
    close()
    return rules


@cache
def rules(game: str) -> dict[str, str] | None:
    """The rule texts of `game` shipped with the server, or None for a game without any."""
    path = HERE / f"{game}.json"
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def localized(game: str, lang: str) -> dict[str, Any] | None:
    """{"lang", "seed", "rules": {id: {"text", "lang"}}}: the seed's paragraph where the seed in
    `lang` has one, else the English text (lang "en"); None for a game without rule texts."""
    english = rules(game)
    if english is None:
        return None
    own = seeded.texts(game, lang)
    texts = {
        rid: {"text": own[rid], "lang": lang} if rid in own else {"text": text, "lang": "en"}
        for rid, text in english.items()
    }
    return {"lang": lang, "seed": seeded.seed(game, lang), "rules": texts}


def build(shared: Path) -> dict[str, dict[str, str]]:
    return {game: parse((shared / "rules" / spec).read_text(encoding="utf-8")) for game, spec in SPECS.items()}


def main() -> None:
    shared = HERE.parents[1].parent / "shared"
    for game, texts in build(shared).items():
        (HERE / f"{game}.json").write_text(json.dumps(texts, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{game}: {len(texts)} rules")
    seeded.write(shared)


if __name__ == "__main__":
    main()
