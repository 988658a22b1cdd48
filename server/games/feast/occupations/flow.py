"""When card effects happen: the step queue, triggers, watchers, observers and rule values.

Everything a card does happens as a *step* of `state["queue"]`, which `rounds.advance`
works through before anything else whenever nobody is asked to decide. A step is a small
map `{"do": name, …}`; the engine's own steps (begin and end of an action, the column-4
card, an extra feast, putting back the prompt a card interrupted) and the `card` step
(`offers.py`) are registered in `STEPS` by the modules that own them. New steps are
inserted at the front, in order, so an effect resolves before whatever was waiting (F-607).

This is the part of the cards the rule modules call (through the package, `occupations`),
so it knows no effect kind and no rule module: what a card part does is reached through
`STEPS`, and the deck modules fill `CONDITIONS`, `WATCHERS` and `OBSERVERS` at import.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.games.contract import State
from server.games.feast.catalog import ROUND_TRACK, SPACES
from server.games.feast.occupations.cards import PARTS, SELECTORS, parts, timing
from server.games.feast.occupations.counters import count
from server.games.feast.supply import Player

Step = dict[str, Any]
STEPS: dict[str, Callable[[State, Step], None]] = {}


def enqueue(s: State, steps: list[Step]) -> None:
    """Insert steps at the front of the queue, keeping their order."""
    if steps:
        s["queue"][0:0] = steps


def step(s: State) -> None:
    """Carry out the first step of the queue (called by `rounds.advance`)."""
    st = s["queue"].pop(0)
    STEPS[st["do"]](s, st)


def card_step(seat: int, card: str, part: int) -> Step:
    return {"do": "card", "seat": seat, "card": card, "part": part}


def restore(prompt: dict[str, Any] | None) -> Step:
    return {"do": "restore", "prompt": prompt}


def interrupt(s: State, steps: list[Step]) -> None:
    """Run steps now, inside whatever is being asked, and then ask it again."""
    if steps:
        enqueue(s, steps + [restore(s["prompt"])])
        s["prompt"] = None


def _restore(s: State, st: Step) -> None:
    prompt = st["prompt"]
    if prompt and prompt["kind"] == "play" and not s["seats"][prompt["seat"]]["hand"]:
        prompt = None  # nothing left to play (a card played one from hand)
    s["prompt"] = prompt


STEPS["restore"] = _restore


# --- triggers --------------------------------------------------------------------------------


def _harvest(s: State) -> bool:
    return bool(ROUND_TRACK[f"{s['length']}_game"][s["round"] - 1]["harvest"])


def _used_longship(s: State, p: Player, record: dict[str, Any]) -> bool:
    """Helmsman 12A: raiding, pillaging, plundering, far exploration or emigrating a longship."""
    owns = any(sh["type"] == "longship" for sh in p["ships"])
    return (owns and record.get("space") in SELECTORS["longship_only"]) or record.get("emigrated") == "longship"


CONDITIONS: dict[str, Callable[[State, Player, dict[str, Any]], bool]] = {
    "success": lambda s, p, r: r.get("outcome") == "success",
    "fail": lambda s, p, r: r.get("outcome") == "fail",
    "one_long_sword": lambda s, p, r: r.get("long_swords") == 1,
    "used_longship": _used_longship,
    "harvest": lambda s, p, r: bool(r.get("harvest", _harvest(s))),  # Plower 49C: an extra harvest
    "no_harvest": lambda s, p, r: not r.get("harvest", _harvest(s)),
}


def _matches(key: str, part: dict[str, Any], what: Any) -> bool:
    when_key, when_detail = timing(part)
    if when_key != key:
        return False
    if key in ("before", "after", "place"):
        return what in SELECTORS[when_detail]
    if key == "phase":
        return bool(when_detail == what[0] and part["when"].get("at", "after") == what[1])
    return bool(when_detail == what)


def fire(s: State, seat: int, key: str, what: Any, record: dict[str, Any] | None = None) -> list[Step]:
    """The card steps of the seat's played cards triggered by (key, what), in playing order."""
    p = s["seats"][seat]
    out: list[Step] = []
    for card in p["played"]:
        for i, part in enumerate(parts(card)):
            if not _matches(key, part, what):
                continue
            if not all(CONDITIONS[c](s, p, record or {}) for c in part["when"].get("if", [])):
                continue
            times = count(s, p, part["repeat"]) if "repeat" in part else 1
            out += [card_step(seat, card, i)] * times
    return out


def fire_all(s: State, key: str, what: Any) -> list[Step]:
    """The triggered steps of every player, in turn order from the start player (F-654)."""
    n = s["players"]
    out: list[Step] = []
    for k in range(n):
        out += fire(s, (s["start"] + k) % n, key, what)
    return out


def instead(s: State, seat: int, name: str) -> Step | None:
    """The card step that replaces a rule step (`draw`, `weapon_draw`), if a played card does."""
    steps = fire(s, seat, "instead", name)
    return steps[0] if steps else None


# --- watched conditions ("as soon as", "each new … you receive") ---------------------------

# card -> a function (state, seat) giving the steps its condition calls for now, if any;
# registered by the deck modules (green one-time cards, F-655…F-657; Bosporus Merchant 190B).
WATCHERS: dict[str, Callable[[State, int], list[Step]]] = {}


def watch(s: State) -> bool:
    """Run the watchers of every played card; their steps interrupt whatever is asked."""
    steps: list[Step] = []
    for seat, p in enumerate(s["seats"]):
        for card in p["played"]:
            if card in WATCHERS:
                steps += WATCHERS[card](s, seat)
    interrupt(s, steps)
    return bool(steps)


# --- rules read by the engine ------------------------------------------------------------------


# Looked up on every legal-move listing: indexed once per card.
_RULES = {c: {p["rule"]: p["value"] for p in ps if p["kind"] == "rule"} for c, ps in PARTS.items()}
_ROLL_MODS = {
    c: [(SELECTORS[p["spaces"]], p["value"]) for p in ps if p["kind"] == "rule" and p["rule"] == "roll_mod"]
    for c, ps in PARTS.items()
}
_DISCOUNTS = {
    c: [(SELECTORS[p["spaces"]], p["silver"], p.get("min", 0)) for p in ps if p["kind"] == "discount"]
    for c, ps in PARTS.items()
}


def rule(p: Player, name: str, default: Any) -> Any:
    """A rule value as changed by the player's played cards (the last card played wins)."""
    value = default
    for card in p["played"]:
        value = _RULES.get(card, {}).get(name, value)
    return value


def roll_mod(p: Player, sid: str) -> int:
    """The sum the played cards add to every die roll on space `sid` (Archer 13B: -1)."""
    return sum(v for card in p["played"] for spaces, v in _ROLL_MODS.get(card, ()) if sid in spaces)


def fewer_vikings(p: Player, sid: str) -> int:
    """How many fewer Vikings space `sid` needs (Warmonger 106B: rule `fewer_vikings`)."""
    for card in p["played"]:
        cut = _RULES.get(card, {}).get("fewer_vikings")
        if cut and cut["space"] == sid:
            n = sum(1 for sh in p["ships"] if sh["type"] == cut["ship"])
            return max([0] + [less for least, less in cut["tiers"] if n >= least])
    return 0


def discount(p: Player, sid: str, cost: int | None = None) -> int:
    """Silver off the cost of space `sid` (Peddler 1A); with `cost`, only the discounts whose
    minimum cost it reaches (Patron 2C: spaces costing at least 2 silver)."""
    off = 0
    for card in p["played"]:
        for spaces, silver, least in _DISCOUNTS.get(card, ()):
            if sid in spaces and (cost is None or cost >= least):
                off += silver
    return off


# --- observers: cards that watch the state after every step ------------------------------

# card -> a function (state, seat) that looks at the state and changes it directly, without
# asking anything (Earl of Lade 168C, green "as soon as" gains 180C, 181C); deck modules
# register them, `rounds.advance` runs `observe` before every step.
OBSERVERS: dict[str, Callable[[State, int], None]] = {}


def observe(s: State) -> None:
    for seat, p in enumerate(s["seats"]):
        for card in p["played"]:
            if card in OBSERVERS:
                OBSERVERS[card](s, seat)


def space_column(s: State, sid: str) -> int:
    return int(SPACES[sid]["column"]) if sid in SPACES else int(s["copies"][sid])


def action_steps(s: State, seat: int, sid: str, spot: str | None) -> list[Step]:
    """An action as steps: the cards triggered before it, its start, its end (F-651).

    `spot` is where the Vikings stand; None for an action a card grants (F-642)."""
    begin = {"do": "begin", "seat": seat, "space": sid, "spot": spot}
    return fire(s, seat, "before", sid) + [begin, {"do": "end"}]
