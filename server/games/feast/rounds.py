"""The round: its 12 phases in order, run automatically until a player must decide (F-200…F-297, F-806…F-812).

`advance(state)` is called after every accepted decision: while nothing is asked of
anybody it resolves the next automatic phase (new Viking, harvest, exploration flips and
silver, weapons, start player, income, breeding, bonuses, mountains, return) and stops
at the first phase that waits for input: the actions phase (turn order in `turns.py`),
the confirmation window before income (F-347), the feast (`feast.py`) and, after the
last feast, the end-of-game placement step (F-721). The final round skips phases 10–12.
"""

from __future__ import annotations

from collections.abc import Callable

from server.games.contract import State
from server.games.feast import feast, occupations, turns
from server.games.feast.areas import KINDS, bonuses, income
from server.games.feast.catalog import (
    BUILDINGS,
    FLIP_SCHEDULE,
    HARVEST_MEANING,
    PAIRS,
    ROUND_TRACK,
    SPECIALS,
    STRIPS,
)
from server.games.feast.setup import banquet_cells
from server.games.feast.supply import Player, add_building, building_available, receive
from server.games.feast.weapons import draw_weapon


def _last_round(s: State) -> bool:
    return bool(s["round"] == s["rounds"])


def _track(s: State) -> dict[str, object]:
    return ROUND_TRACK[f"{s['length']}_game"][s["round"] - 1]


def new_viking(s: State) -> None:
    """F-205, F-810: the Vikings on the banquet cell numbered with the round go to the Thing square."""
    cell = banquet_cells(s["length"])[s["round"]]
    for p in s["seats"]:
        p["thing"] += p["table"][cell]
        p["table"][cell] = 0


def harvest(s: State) -> None:
    """F-210…F-212: one tile of each orange good the round track shows."""
    symbol = _track(s)["harvest"]
    for good in HARVEST_MEANING.get(str(symbol), []) if symbol else []:
        for p in s["seats"]:
            receive(s, p, {good: 1})


def flip_exploration(s: State) -> None:
    """F-220…F-225: flip the scheduled unoccupied board, then 2 silver on every other unoccupied board."""
    schedule = FLIP_SCHEDULE[f"{s['length']}_game"]
    flips = [pair for pair, rnd in schedule.items() if rnd == s["round"]]
    if not flips:
        return
    for pair, board in s["exploration"].items():
        if board["owner"] is not None:
            continue
        if pair in flips:
            board["silver"] = 0
            board["face"] = PAIRS[pair]["back"]
        else:
            board["silver"] += 2


def new_weapons(s: State) -> None:
    """F-230: each player draws one weapon, in turn order from the start player (A-A-24);
    a card may offer something else instead (Peacemaker 38A)."""
    n = s["players"]
    steps = []
    for i in range(n):
        seat = (s["start"] + i) % n
        replace = occupations.instead(s, seat, "weapon_draw")
        if replace:
            steps.append(replace)
        else:
            s["seats"][seat]["weapons"][draw_weapon(s)] += 1
    occupations.enqueue(s, steps)


def new_start_player(s: State) -> None:
    """F-255 (solo: skipped, F-812); then the window before income (F-347)."""
    if s["players"] > 1:
        s["start"] = s["last_placer"]
    s["prompt"] = {"kind": "ready", "waiting": list(range(s["players"]))}


def pay_income(s: State) -> None:
    """F-261…F-263, F-297: home board plus every owned exploration board, all at once."""
    for p in s["seats"]:
        total = sum(income(a) for a in p["areas"] if not KINDS[a["kind"]].house)
        if _last_round(s) and s["final_income_mode"] == "record":
            p["final_income"] = total
        else:
            p["silver"] += total


def breed(s: State) -> None:
    """F-265…F-268 for every player."""
    for p in s["seats"]:
        breed_player(p)


def breed_player(p: Player) -> None:
    """F-266…F-268 for one player: birth if any pregnant animal, else one pregnancy from two."""
    goods = p["goods"]
    for animal in ("sheep", "cattle"):
        pregnant = "pregnant_" + animal
        if goods.get(pregnant, 0):
            goods[animal] = goods.get(animal, 0) + 2 * goods.pop(pregnant)
        elif goods.get(animal, 0) >= 2:
            goods[animal] -= 1
            goods[pregnant] = 1


def pay_bonuses(s: State) -> None:
    """F-280…F-283: every bonus of every area, determined first and then received together."""
    for p in s["seats"]:
        pay_bonuses_of(s, p)


def pay_bonuses_of(s: State, p: Player, houses_only: bool = False) -> None:
    """One player's bonuses (of his houses only for Builder 20A)."""
    chosen = [a for a in p["areas"] if KINDS[a["kind"]].house or not houses_only]
    gained = [g for a in chosen for g in bonuses(a)]
    for good in gained:
        if good in BUILDINGS:
            if building_available(s, good):  # A-A-08: only while in the supply
                add_building(s, p, good)
        elif good in SPECIALS:
            if good in s["specials"]:
                receive(s, p, {good: 1})
        else:
            receive(s, p, {good: 1})


def mountains(s: State) -> None:
    """F-288…F-291: each strip loses its arrow-end resource; empty strips go; one new strip if any left."""
    for strip in s["mountains"]:
        strip["slots"].pop(0)
    s["mountains"] = [strip for strip in s["mountains"] if strip["slots"]]
    stack = s["secret"]["strips"]
    if stack:
        sid = stack.pop(0)
        s["mountains"].append({"id": sid, "slots": list(STRIPS[sid])})


def return_vikings(s: State) -> None:
    """F-294; solo F-806…F-808: Vikings placed this round stay on the board for the next one."""
    solo = s["players"] == 1
    keep = {}
    for sid, spot in s["spaces"].items():
        if solo and spot["round"] == s["round"]:
            keep[sid] = spot
        elif not (solo and s["round"] == 1):
            s["seats"][spot["seat"]]["thing"] += spot["n"]
        else:
            keep[sid] = spot
    if solo and s["round"] == 1:
        p = s["seats"][0]
        p["thing"] += p["waiting"]
        p["waiting"] = 0
    s["spaces"] = keep
    s["round"] += 1


def advance(s: State) -> None:
    """Run automatic phases until a decision is pending or the game is over.

    Card effects waiting in the queue go first (`occupations.flow`). Every phase but the
    actions phase runs in stages: before (cards may fire), run, after (cards may fire),
    next (on to the next phase once the fired effects are done). Watched card conditions
    are checked whenever the queue is empty (F-655)."""
    occupations.observe(s)
    if not s["queue"] and not s["over"]:
        occupations.watch(s)
    while s["prompt"] is None and not s["over"]:
        occupations.observe(s)  # Earl of Lade 168C, green gains (180C, 181C)
        if s["queue"]:
            occupations.step(s)
            continue
        if occupations.watch(s):
            continue
        phase = s["phase"]
        if phase == 5:
            turns.next_turn(s)
            if s["prompt"] is None:
                s["phase"] = 6
            continue
        stage = s["stage"]
        if stage == "before":
            s["stage"] = "run"
            occupations.enqueue(s, occupations.fire_all(s, "phase", (phase, "before")))
        elif stage == "run":
            if _run(s, phase):
                s["stage"] = "after"
        elif stage == "after":
            s["stage"] = "next"
            occupations.enqueue(s, occupations.fire_all(s, "phase", (phase, "after")))
        else:
            s["stage"] = "before"
            _next_phase(s, phase)


def _run(s: State, phase: int) -> bool:
    """Run a phase (or its next part); True once the phase is over."""
    if phase == 9:
        feast.run(s)
        return "feast" not in s
    AUTOMATIC[phase](s)
    return True


def _next_phase(s: State, phase: int) -> None:
    if phase == 9:
        _after_feast(s)
        return
    s["phase"] = 1 if phase == 12 else phase + 1
    if phase == 4:
        turns.begin_actions(s)


def _after_feast(s: State) -> None:
    if _last_round(s):
        s["phase"] = 13  # the end-of-game placement step (F-721)
        s["prompt"] = {"kind": "end", "waiting": list(range(s["players"]))}
    else:
        s["phase"] = 10


AUTOMATIC: dict[int, Callable[[State], None]] = {
    1: new_viking,
    2: harvest,
    3: flip_exploration,
    4: new_weapons,
    6: new_start_player,
    7: pay_income,
    8: breed,
    10: pay_bonuses,
    11: mountains,
    12: return_vikings,
}
