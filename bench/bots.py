"""The bots' tournament: each search level against `greedy` and against `random`.

    python -m bench.bots                       # a small sample (a few games a match-up)
    python -m bench.bots --full                # enough games for ±5 points (slow: hours)
    python -m bench.bots --games 10 --game vikings --level strong --players 2
    python -m bench.bots --level strong --against medium --against easy --players 4

For each game, 2 and 4 players (A Feast for Odin 2 only), one seat of the level under test
plays against opponents all of one level, its seat rotated over the games (not against
`greedy` in a game without a running score, where it is `random`). Games run
through the engine contract and `server.play.bots.choose`, exactly as the referee asks a
bot seat (no server, no clocks), spread over worker processes. A win counts 1, a shared
win 1/(winners); the interval is Wilson's at 95%. Every decision of the level's seat with
a choice is timed in CPU seconds of its process (a shared, loaded machine stretches the
wall time, not this): p50/p99 per level and game. Printed as Markdown tables (the
`bench/RESULTS.md` section); `--progress` writes each game as a JSON line as it ends.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field

from server.games import registry
from server.play import bots

TABLES = {"vikings": (2, 4), "hunters": (2, 4), "feast": (2,)}
SEARCHING = ("easy", "medium", "strong")
OPPONENTS = ("greedy", "random")
FULL = 400  # games a match-up for a 95% interval of about ±5 points
SAMPLE = 2
MAX_DECISIONS = 5000


@dataclass(frozen=True)
class Match:
    game: str
    players: int
    level: str
    opponent: str


@dataclass
class Played:
    match: Match
    n: int
    seat: int
    share: float  # of the win: 1, 1/winners, or 0
    score: float
    others: float  # the opponents' mean score
    thinking: list[float] = field(default_factory=list)  # CPU seconds per decision of the level's seat


def play(match: Match, n: int) -> Played:
    """Game `n` of a match-up: the level's seat is n mod players, the seed is n."""
    game = registry.get(match.game)
    assert game is not None
    seat = n % match.players
    state = game.setup(match.players, game.resolve_options({}), 1000 + n)
    thinking: list[float] = []
    for step in range(MAX_DECISIONS):
        result = game.result(state)
        if result is not None:
            break
        actor = game.to_act(state)[0]
        level = match.level if actor == seat else match.opponent
        started = time.process_time()
        move = bots.choose(game, state, actor, level, bots.rng_for(f"bench{n}", step, actor))
        if actor == seat and len(game.legal_moves(state, actor)) > 1:
            thinking.append(time.process_time() - started)
        state = game.apply(state, actor, move)
    else:
        raise AssertionError(f"{match}: no end after {MAX_DECISIONS} decisions")
    scores = [float(x) for x in result["scores"]]
    winners = result["winners"]
    share = 1 / len(winners) if seat in winners else 0.0
    others = statistics.fmean(s for i, s in enumerate(scores) if i != seat)
    return Played(match, n, seat, share, scores[seat], others, thinking)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def matches(games: list[str], levels: list[str], players: list[int] | None,
            against: list[str] | None = None) -> list[Match]:  # fmt: skip
    return [
        Match(g, p, level, opponent)
        for g in games
        for p in TABLES[g]
        if players is None or p in players
        for level in levels
        for opponent in against or OPPONENTS
        if opponent != level and not (opponent == "greedy" and _scoreless(g))
    ]


def _scoreless(name: str) -> bool:
    """A game without a running score (A Feast for Odin): its `greedy` plays as `random`
    (server.play.bots), so a match-up against it would replay the same games."""
    game = registry.get(name)
    assert game is not None
    return game.score(game.setup(2, game.resolve_options({}), 0), 0) is None


def report(played: list[Played]) -> str:
    by: dict[Match, list[Played]] = defaultdict(list)
    for p in played:
        by[p.match].append(p)
    lines = [
        "| game | players | level | against | games | wins | win rate (95% CI) | its score | others' mean |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for m, ps in by.items():
        wins = sum(p.share for p in ps)
        low, high = wilson(wins, len(ps))
        lines.append(
            f"| {m.game} | {m.players} | {m.level} | {m.opponent} | {len(ps)} | {wins:g} "
            f"| {wins / len(ps):.0%} ({low:.0%}–{high:.0%}) | {statistics.fmean(p.score for p in ps):.1f} "
            f"| {statistics.fmean(p.others for p in ps):.1f} |"
        )
    lines += ["", "| game | level | decisions | p50 ms CPU | p99 ms CPU | max ms CPU |", "|---|---|---|---|---|---|"]
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    for p in played:
        times[(p.match.game, p.match.level)] += p.thinking
    for (g, level), ts in sorted(times.items()):
        lines.append(
            f"| {g} | {level} | {len(ts)} | {percentile(ts, 0.5) * 1000:.0f} | {percentile(ts, 0.99) * 1000:.0f} "
            f"| {max(ts, default=0) * 1000:.0f} |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full", action="store_true", help=f"{FULL} games a match-up")
    ap.add_argument("--games", type=int, default=0, help=f"games a match-up (default {SAMPLE}; --full {FULL})")
    ap.add_argument("--game", action="append", choices=sorted(TABLES), help="only this game (repeatable)")
    ap.add_argument("--level", action="append", choices=SEARCHING, help="only this level (repeatable)")
    ap.add_argument("--players", type=int, action="append", help="only tables of this size (repeatable)")
    ap.add_argument("--against", action="append", choices=bots.LEVELS,
                    help="opponents of this level (repeatable; default greedy and random)")  # fmt: skip
    ap.add_argument("--first", type=int, default=0, help="the first game's number (its seed and seat)")
    ap.add_argument("--workers", type=int, default=2, help="processes playing games side by side")
    ap.add_argument("--progress", action="store_true", help="each game as a JSON line on stderr, as it ends")
    args = ap.parse_args()
    count = args.games or (FULL if args.full else SAMPLE)
    chosen = matches(args.game or sorted(TABLES), args.level or list(SEARCHING), args.players, args.against)
    todo = [(m, n) for m in chosen for n in range(args.first, args.first + count)]
    started = time.monotonic()
    played: list[Played] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for p in as_completed([pool.submit(play, m, n) for m, n in todo]):
            played.append(p.result())
            if args.progress:
                print(json.dumps(asdict(played[-1])), file=sys.stderr, flush=True)
    played.sort(key=lambda p: todo.index((p.match, p.n)))
    print(report(played))
    print(f"\n{len(played)} games in {time.monotonic() - started:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
