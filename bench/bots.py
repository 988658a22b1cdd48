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

A long tournament is run in pieces: `--log FILE` appends each game as a JSON line as it
ends and, started again, plays only the games the file lacks; `--until 0.05` stops a
match-up once its interval is that narrow (at least `MIN_GAMES` played), so a lopsided
match-up needs tens of games and an even one hundreds; `--report` prints the tables of
a log without playing; `--plot DIR` draws each match-up's win rate and interval:

    python -m bench.bots --full --until 0.05 --workers 4 --log bench/logs/bots.jsonl
    python -m bench.bots --report --log bench/logs/bots.jsonl --plot bench/plots

The log of the figures in bench/RESULTS.md is kept in bench/logs/bots.jsonl (game *n* is
deterministic given the bots' code, so a log stays valid until a bot or an engine changes).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

from server.games import registry
from server.play import bots

TABLES = {"vikings": (2, 4), "hunters": (2, 4), "feast": (2,)}
SEARCHING = ("easy", "medium", "strong")
OPPONENTS = ("greedy", "random")
MIXED = ("strong", "medium", "easy", "greedy")  # a 4-player table of every level, seats rotated
FULL = 400  # games a match-up for a 95% interval of about ±5 points
SAMPLE = 2
MIN_GAMES = 20  # before an interval may stop a match-up
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
    table: dict[str, float] = field(default_factory=dict)  # a mixed table: each level's score


def play(match: Match, n: int) -> Played:
    """Game `n` of a match-up: the level's seat is n mod players, the seed is n."""
    game = registry.get(match.game)
    assert game is not None
    seat = n % match.players
    mixed = match.opponent == "mixed"  # seat n mod players is MIXED[0], the next MIXED[1], ...
    state = game.setup(match.players, game.resolve_options({}), 1000 + n)
    thinking: list[float] = []
    for step in range(MAX_DECISIONS):
        result = game.result(state)
        if result is not None:
            break
        actor = game.to_act(state)[0]
        level = MIXED[(actor - n) % match.players] if mixed else match.level if actor == seat else match.opponent
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
    table = {MIXED[(i - n) % match.players]: s for i, s in enumerate(scores)} if mixed else {}
    return Played(match, n, seat, share, scores[seat], others, thinking, table)


def logged(p: Played) -> dict[str, object]:
    """A game as a log's line: its decisions' CPU seconds to 0.1 ms (a log kept in the
    repository, bench/logs/, stays small)."""
    d = asdict(p)
    d["thinking"] = [round(t, 4) for t in p.thinking]
    return d


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def half_width(ps: list[Played]) -> float:
    low, high = wilson(sum(p.share for p in ps), len(ps))
    return (high - low) / 2


def settled(ps: list[Played], count: int, until: float | None) -> bool:
    """A match-up needs no more games: `count` played, or its interval is narrow enough."""
    if len(ps) >= count:
        return True
    return until is not None and len(ps) >= MIN_GAMES and half_width(ps) <= until


def load(log: Path) -> list[Played]:
    """The games a log holds, each once (a game played twice by two runs counts once)."""
    seen: dict[tuple[Match, int], Played] = {}
    if log.exists():
        for line in log.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                p = Played(Match(**d.pop("match")), **d)
                seen.setdefault((p.match, p.n), p)
    return list(seen.values())


def schedule(chosen: list[Match], played: list[Played], first: int, count: int,
             until: float | None, running: set[tuple[Match, int]]) -> Iterator[tuple[Match, int]]:  # fmt: skip
    """The next games to play: from the unsettled match-ups, the one with fewest games
    played or running first, each its lowest game number not yet played or running."""
    by: dict[Match, list[Played]] = defaultdict(list)
    done: set[tuple[Match, int]] = set()
    for p in played:
        by[p.match].append(p)
        done.add((p.match, p.n))
    open_ = [m for m in chosen if not settled(by[m], count, until)]
    busy: dict[Match, int] = defaultdict(int)
    for m, _ in running:
        busy[m] += 1
    open_.sort(key=lambda m: (len(by[m]) + busy[m], chosen.index(m)))
    taken = done | running
    for m in open_:
        if len(by[m]) + busy[m] < count:
            yield m, next(n for n in range(first, first + count + len(taken)) if (m, n) not in taken)


def percentile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def matches(games: list[str], levels: list[str], players: list[int] | None,
            against: list[str] | None = None, mixed: bool = False) -> list[Match]:  # fmt: skip
    """The match-ups chosen; `mixed`: instead, a table of every level (MIXED) for each game
    played by four."""
    if mixed:
        return [Match(g, len(MIXED), MIXED[0], "mixed") for g in games if len(MIXED) in TABLES[g]]
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
    order = [k for g in TABLES for k in sorted(by, key=_rank) if k.game == g]
    for m in order:
        ps = by[m]
        wins = sum(p.share for p in ps)
        low, high = wilson(wins, len(ps))
        lines.append(
            f"| {m.game} | {m.players} | {m.level} | {m.opponent} | {len(ps)} | {wins:g} "
            f"| {wins / len(ps):.0%} ({low:.0%}–{high:.0%}) | {statistics.fmean(p.score for p in ps):.1f} "
            f"| {statistics.fmean(p.others for p in ps):.1f} |"
        )
    mixed = [m for m in order if m.opponent == "mixed"]
    if mixed:
        lines += ["", "| game | mixed tables | " + " | ".join(f"{lv}: mean score (wins)" for lv in MIXED) + " |",
                  "|---|---|" + "---|" * len(MIXED)]  # fmt: skip
        for m in mixed:
            ps = by[m]
            cells = []
            for lv in MIXED:
                wins = sum(1 / len(_best(p)) for p in ps if lv in _best(p))
                cells.append(f"{statistics.fmean(p.table[lv] for p in ps):.1f} ({wins:g})")
            lines.append(f"| {m.game} | {len(ps)} | " + " | ".join(cells) + " |")
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


def _best(p: Played) -> list[str]:
    """The levels with the highest score at a mixed table."""
    top = max(p.table.values())
    return [lv for lv, s in p.table.items() if s == top]


def _rank(m: Match) -> tuple[int, int, int]:
    levels = [*bots.LEVELS, "mixed"]
    return m.players, levels.index(m.level), -levels.index(m.opponent)


def plot(played: list[Played], folder: Path) -> str:
    """Each match-up's win rate with its 95% interval, a panel per game and table size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    by: dict[Match, list[Played]] = defaultdict(list)
    for p in played:
        by[p.match].append(p)
    panels = sorted({(m.game, m.players) for m in by}, key=lambda t: (list(TABLES).index(t[0]), t[1]))
    fig, axes = plt.subplots(1, len(panels), figsize=(3.2 * len(panels), 3.6), squeeze=False, sharey=True)
    for ax, (g, n) in zip(axes[0], panels, strict=True):
        ms = sorted((m for m in by if (m.game, m.players) == (g, n)), key=_rank)
        rates = [sum(p.share for p in by[m]) / len(by[m]) for m in ms]
        bounds = [wilson(sum(p.share for p in by[m]), len(by[m])) for m in ms]
        # (max: a bound rounded just past its rate)
        errors = [[max(0.0, r - lo) for r, (lo, _) in zip(rates, bounds, strict=True)],
                  [max(0.0, hi - r) for r, (_, hi) in zip(rates, bounds, strict=True)]]  # fmt: skip
        ax.errorbar(range(len(ms)), rates, yerr=errors, fmt="o", capsize=3)
        ax.set_xticks(range(len(ms)), [f"{m.level}\nv {m.opponent}\n({len(by[m])})" for m in ms], fontsize=7)
        ax.axhline(1 / n, color="grey", linewidth=0.6, linestyle=":")
        ax.set_title(f"{g}, {n} players", fontsize=9)
        ax.set_ylim(0, 1.02)
    axes[0][0].set_ylabel("win rate of the level's seat (95% CI)")
    fig.tight_layout()
    folder.mkdir(parents=True, exist_ok=True)
    fig.savefig(folder / "bots.png", dpi=110)
    return "plots/bots.png"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full", action="store_true", help=f"{FULL} games a match-up")
    ap.add_argument("--games", type=int, default=0, help=f"games a match-up (default {SAMPLE}; --full {FULL})")
    ap.add_argument("--game", action="append", choices=sorted(TABLES), help="only this game (repeatable)")
    ap.add_argument("--level", action="append", choices=SEARCHING, help="only this level (repeatable)")
    ap.add_argument("--players", type=int, action="append", help="only tables of this size (repeatable)")
    ap.add_argument("--against", action="append", choices=bots.LEVELS,
                    help="opponents of this level (repeatable; default greedy and random)")  # fmt: skip
    ap.add_argument("--mixed", action="store_true",
                    help=f"instead: tables of {', '.join(MIXED)} (seats rotated): each one's score")  # fmt: skip
    ap.add_argument("--first", type=int, default=0, help="the first game's number (its seed and seat)")
    ap.add_argument("--workers", type=int, default=2, help="processes playing games side by side")
    ap.add_argument("--progress", action="store_true", help="each game as a JSON line on stderr, as it ends")
    ap.add_argument("--log", type=Path, help="append each game here as it ends; play only the games it lacks")
    ap.add_argument("--until", type=float, help="stop a match-up once its interval's half width is this (e.g. 0.05)")
    ap.add_argument("--report", action="store_true", help="only print the tables of --log's games")
    ap.add_argument("--plot", type=Path, help="draw the win rates into this folder (bots.png)")
    args = ap.parse_args()
    count = args.games or (FULL if args.full else SAMPLE)
    chosen = matches(args.game or sorted(TABLES), args.level or list(SEARCHING), args.players, args.against, args.mixed)
    earlier = load(args.log) if args.log else []
    played = [p for p in earlier if p.match in chosen] if not args.report else earlier
    started, fresh = time.monotonic(), 0
    if not args.report:
        running: dict[Future[Played], tuple[Match, int]] = {}
        with ProcessPoolExecutor(args.workers) as pool:
            while True:
                for m, n in schedule(chosen, played, args.first, count, args.until, set(running.values())):
                    if len(running) >= args.workers:
                        break
                    running[pool.submit(play, m, n)] = (m, n)
                if not running:
                    break
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for f in finished:
                    del running[f]
                    played.append(f.result())
                    fresh += 1
                    line = json.dumps(logged(played[-1]))
                    if args.progress:
                        print(line, file=sys.stderr, flush=True)
                    if args.log:
                        with args.log.open("a") as out:
                            out.write(line + "\n")
    print(report(played))
    if args.plot:
        print(f"\n![win rates]({plot(played, args.plot)})")
    took = time.monotonic() - started
    print(f"\n{len(played)} games ({fresh} played now) in {took:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
