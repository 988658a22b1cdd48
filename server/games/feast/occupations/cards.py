"""The card effects as data: one JSON file per deck, read once into `PARTS` (F-630…F-659).

`data/occupation_effects_<deck>.json` maps a card id to its effect *parts*. A part says
when it applies (`when`) and what it does (`kind` and the kind's numbers); a card with two
colours (Helmsman 12A) has two parts. `when` is one of:

* `"play"` — yellow, once when played (F-640);
* `"anytime"` — blue exchange, offered whenever its owner may act (F-645);
* `"rule"` — a rule change read by the engine (blue without arrows, F-646; some red cards);
* `{"before": selector}` / `{"after": selector, "if": [conditions]}` — red, around an
  action on a space of the selector (F-650, F-651); `{"place": selector}` — when Vikings
  are placed there, before the column-4 card (Armed Fighter 164A);
* `{"phase": n, "at": "before" | "after", "if": [conditions]}` — red, around round phase n;
* `{"event": name}` — red, on a named event (`grain_in_house`, `served_meat`);
* `{"instead": name}` — replaces a step of the rules (`draw`, `weapon_draw`).

A card is dealt only when it has effects here (`dealable`), so a deck that is not
implemented yet deals nothing (the `decks` option says so).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from server.games.feast.catalog import OCCUPATIONS, SPACES

DATA_DIR = Path(__file__).parent.parent / "data"
EFFECT_FILES = ("A", "B", "C", "start")
Part = dict[str, Any]


def _space_ids(test: Any) -> tuple[str, ...]:
    return tuple(sorted(sid for sid, sp in SPACES.items() if test(sid, sp)))


def _gives_one_silver(sp: dict[str, Any]) -> bool:
    eff = sp["effect"]
    gain = eff.get("gain") or eff.get("exchange", {}).get("get") or {}
    return bool(gain.get("silver") == 1)


def _has_mountain(sp: dict[str, Any]) -> bool:
    eff = sp["effect"]
    return "mountain" in eff or any("mountain" in c for c in eff.get("choice", []))


# Named groups of action spaces that cards refer to (a deck file may add its own).
SELECTORS: dict[str, tuple[str, ...]] = {
    "livestock_market": _space_ids(lambda sid, sp: "_livestock_" in sid),
    "sea_trade": _space_ids(lambda sid, sp: sp.get("kind") == "sea_trade"),
    "laying_snare": ("c2_laying_snare",),
    "raiding": ("c1_raiding",),
    "raiding_pillaging": ("c1_raiding", "c2_pillaging", "c3_pillaging"),
    "whaling": ("c3_whaling", "c4_whaling"),
    "column4": _space_ids(lambda sid, sp: sp["column"] == 4),
    "one_silver": _space_ids(lambda sid, sp: _gives_one_silver(sp)),
    "build_large_ship": ("c2_build_knarr", "c3_build_longship", "c4_build_house_and_ship"),
    "mountain": _space_ids(lambda sid, sp: _has_mountain(sp)),
    "upgrade_3_4": ("c2_upgrade_3", "c3_upgrade_3_weapons_4", "c3_upgrade_4"),
    "longship_only": _space_ids(lambda sid, sp: sp.get("requires", {}).get("ships_any_of") == ["longship"]),
    "any": tuple(sorted(SPACES)),
}


def _normalise(entry: Any) -> list[Part]:
    parts = entry["parts"] if isinstance(entry, dict) and "parts" in entry else entry
    return [dict(p) for p in (parts if isinstance(parts, list) else [parts])]


def _load() -> tuple[dict[str, list[Part]], dict[str, str]]:
    parts: dict[str, list[Part]] = {}
    decks: dict[str, str] = {}
    for deck in EFFECT_FILES:
        path = DATA_DIR / f"occupation_effects_{deck}.json"
        if not path.exists():
            continue
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for name, spaces in data.get("selectors", {}).items():
            SELECTORS[name] = tuple(spaces)
        for cid, entry in data["cards"].items():
            if cid not in OCCUPATIONS:
                raise ValueError(f"{path.name}: unknown occupation {cid}")
            parts[cid] = _normalise(entry)
            decks[cid] = deck
    return parts, decks


PARTS, SOURCE = _load()


def dealable(card: str) -> bool:
    """Only cards whose effects are implemented are dealt (no card is dealt that does nothing)."""
    return card in PARTS


def parts(card: str) -> list[Part]:
    return PARTS.get(card, [])


def timing(part: Part) -> tuple[str, Any]:
    """(`play` | `anytime` | `rule` | `before` | `after` | `phase` | `event` | `instead`, detail)."""
    when = part["when"]
    if isinstance(when, str):
        return when, None
    for key in ("before", "after", "place", "phase", "event", "instead"):
        if key in when:
            return key, when[key]
    raise ValueError(f"unknown timing {when}")
