"""The searching bots (server.play.search, server.play.bots) and what they may know of a
game (server.games.knowledge, server/games/<game>/bot.py): they read only their seat's
information, decide the same given the same room, seq and seat, and always decide legally."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.games import knowledge, registry
from server.games.contract import Game
from server.play import bots
from server.play.search import Budget, Search, key


def reached(game: Game, players: int, seed: int, moves: int) -> tuple[dict[str, Any], int]:
    """A state after about `moves` random decisions where a seat with a choice is to act."""
    state = game.setup(players, game.resolve_options({}), seed)
    rng = random.Random(seed)
    n = 0
    while True:
        seat = game.to_act(state)[0]
        legal = game.legal_moves(state, seat)
        if n >= moves and len(legal) > 1:
            return state, seat
        state = game.apply(state, seat, bots.by_kind(legal, rng))
        n += 1


def _redealt(piles: list[list[Any]], rng: random.Random) -> list[list[Any]]:
    pool = [item for pile in piles for item in pile]
    rng.shuffle(pool)
    out = []
    for pile in piles:
        out.append(pool[: len(pile)])
        pool = pool[len(pile) :]
    return out


def reshuffled(name: str, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The same state as `seat` sees it, its hidden parts drawn again: the other seats'
    hands (with the deck they come from), the stacks, bags' order and the generator."""
    fresh = {"seed": rng.getrandbits(64), "n": rng.randrange(1000)}
    if name == "vikings":  # VA-21: only the stacks, the special pile and the generator are hidden
        h = state["hidden"]
        (pile,) = _redealt([h["pile"]], rng)
        return {**state, "hidden": {**h, "rng": fresh, "stacks": _redealt(h["stacks"], rng), "pile": pile}}
    if name == "hunters":  # HA-26: only the stacks' order and the generator are hidden
        (land,), (bonus,) = _redealt([state["land"]], rng), _redealt([state["bonus"]], rng)
        return {**state, "rng": fresh, "land": land, "bonus": bonus}
    secret = state["secret"]  # F-118: the other hands, the decks and the strips are hidden
    others = [i for i in range(state["players"]) if i != seat]
    dealt = _redealt([state["seats"][i]["hand"] for i in others] + [secret["occupations"]], rng)
    seats = list(state["seats"])
    for i, hand in zip(others, dealt, strict=False):
        seats[i] = {**seats[i], "hand": hand}
    (weapons,), (strips,) = _redealt([secret["weapons"]], rng), _redealt([secret["strips"]], rng)
    drawn = {"rng": fresh, "weapons": weapons, "strips": strips, "occupations": dealt[-1]}
    return {**state, "seats": seats, "secret": drawn}


@pytest.mark.parametrize(("name", "players", "moves"), [("vikings", 2, 30), ("hunters", 2, 20), ("feast", 2, 40)])
def test_a_search_reads_only_what_its_seat_may_see(name: str, players: int, moves: int) -> None:
    game = registry.get(name)
    assert game is not None
    state, seat = reached(game, players, 11, moves)
    other = reshuffled(name, state, seat, random.Random(3))
    assert game.hidden(other) != game.hidden(state)  # the secrets did change
    assert game.view(other, seat) == game.view(state, seat)  # what the seat sees did not
    known = knowledge.of(game)
    for k in range(3):
        assert known.determinise(other, seat, random.Random(k)) == known.determinise(state, seat, random.Random(k))
    for level in ("easy", "medium"):
        mine = bots.choose(game, state, seat, level, bots.rng_for("room", 7, seat))
        theirs = bots.choose(game, other, seat, level, bots.rng_for("room", 7, seat))
        assert key(mine) == key(theirs), level


@pytest.mark.parametrize("name", ["vikings", "hunters", "feast"])
def test_a_search_decides_legally_and_the_same_again(name: str) -> None:
    game = registry.get(name)
    assert game is not None
    for seed in (1, 2):
        state, seat = reached(game, 2, seed, 10 * seed)
        first = bots.choose(game, state, seat, "easy", bots.rng_for("r", seed, seat))
        again = bots.choose(game, state, seat, "easy", bots.rng_for("r", seed, seat))
        assert key(first) == key(again)  # a decision recomputed after a crash is the same one
        assert key(first) in {key(m) for m in game.legal_moves(state, seat)}


def test_every_visit_of_the_root_is_one_iteration_of_the_budget() -> None:
    game = registry.get("hunters")
    assert game is not None
    state, seat = reached(game, 2, 5, 12)
    found = Search(game, knowledge.of(game), seat, Budget(iterations=60, seconds=600, depth=3), random.Random(1)).run(
        state
    )
    assert found is not None and found.iterations == 60
    assert sum(found.visits.values()) == 60
    assert found.visits[key(found.move)] == max(found.visits.values())  # the most visited decision is played


def test_every_level_is_offered_and_random_stays() -> None:
    assert bots.LEVELS == ("random", "greedy", "easy", "medium", "strong")
    assert set(bots.SEARCHING) == {"easy", "medium", "strong"}
    iterations = [bots.BUDGETS[level].iterations for level in ("easy", "medium", "strong")]
    assert iterations == sorted(iterations) and len(set(iterations)) == 3


def test_a_feast_bot_finishes_a_placement_it_began() -> None:
    """`cancel` is never searched: a bot that took an item up lays it (a search valuing an
    unfinished game above its end would otherwise take it up and put it back for ever)."""
    game = registry.get("feast")
    assert game is not None
    state, seat = reached(game, 2, 3, 0)
    rng = random.Random(3)
    for _ in range(400):  # on to a seat with a placement begun
        seat = game.to_act(state)[0]
        legal = game.legal_moves(state, seat)
        if {"type": "cancel"} in legal and len(legal) > 1:
            break
        places = [m for m in legal if m.get("type") == "place"]
        state = game.apply(state, seat, places[0] if places else bots.by_kind(legal, rng))
    else:
        raise AssertionError("no placement was begun")
    known = knowledge.of(game)
    assert {"type": "cancel"} not in known.options(state, seat, legal)
    chosen = bots.choose(game, state, seat, "easy", bots.rng_for("r", 1, seat))
    assert chosen["type"] == "place"


def test_a_feast_outlook_counts_the_income_to_come_and_fades_at_the_end() -> None:
    """Covering a board's income diagonal (F-261) is worth its income in every round still to
    be paid; once the game is over the outlook is nothing."""
    from server.games.feast import areas
    from server.games.feast.bot import INCOME, outlook

    game = registry.get("feast")
    assert game is not None
    state = game.setup(2, game.resolve_options({}), 7)
    before = outlook(state, 0)
    home = state["seats"][0]["areas"][0]
    kind = areas.KINDS[home["kind"]]
    row_bits = (1 << kind.width) - 1
    home["cover"] = [row | (kind.income_mask >> (i * kind.width)) & row_bits for i, row in enumerate(home["cover"])]
    income = areas.income(home)  # the whole diagonal covered: the board pays its most (F-261)
    assert income > 0 and state["round"] == 1 and state["rounds"] == 7
    assert outlook(state, 0) - before == pytest.approx(INCOME * income * 7)  # every round's income still to come
    rng = random.Random(7)
    while game.result(state) is None:
        s = game.to_act(state)[0]
        state = game.apply(state, s, bots.by_kind(game.legal_moves(state, s), rng))
    assert outlook(state, 0) == 0.0 and outlook(state, 1) == 0.0  # a finished game is worth what it scored


def test_a_feast_bot_lays_an_item_only_on_a_best_spot() -> None:
    """The placing chain searched leads to a spot of the greatest gain: penalty cells
    covered (F-750), income added for the rounds left (F-261), less a coin's silver.
    Checked against every spot the rules allow, each laid through the rules."""
    from server.games.feast import areas, scoring
    from server.games.feast.bot import INCOME

    game = registry.get("feast")
    assert game is not None
    known = knowledge.of(game)

    def worth(before: dict[str, Any], after: dict[str, Any], seat: int) -> float:
        p, q = before["seats"][seat], after["seats"][seat]
        income = [sum(areas.income(a) for a in x["areas"] if not areas.KINDS[a["kind"]].house) for x in (p, q)]
        rounds = before["rounds"] - before["round"] + (1 if before["phase"] < 7 else 0)
        covered = scoring.board_penalties(q) - scoring.board_penalties(p)
        return covered + INCOME * rounds * (income[1] - income[0]) - (p["silver"] - q["silver"])

    rng = random.Random(11)
    state, checked = game.setup(2, game.resolve_options({}), 11), 0
    while game.result(state) is None and checked < 4:
        seat = game.to_act(state)[0]
        legal = game.legal_moves(state, seat)
        offered = [m for m in known.options(state, seat, legal) if m.get("type") == "place"]
        if state["seats"][seat]["draft"] is None and offered:
            item = offered[0]["item"]
            laid = game.apply(state, seat, offered[0])
            for _ in range(2):  # then an area and turn, then a cell: each the first the search is offered
                step = [m for m in known.options(laid, seat, game.legal_moves(laid, seat)) if m["type"] == "place"]
                assert step and all(m["item"] == item for m in step)
                laid = game.apply(laid, seat, step[0])
            assert laid["seats"][seat]["draft"] is None
            drafted = game.apply(state, seat, {"type": "place", "item": item})
            every = [
                worth(state, game.apply(game.apply(drafted, seat, a), seat, c), seat)
                for a in game.legal_moves(drafted, seat)
                if a["type"] == "place"
                for c in game.legal_moves(game.apply(drafted, seat, a), seat)
                if c["type"] == "place"
            ]
            assert len(every) > 1 and worth(state, laid, seat) == pytest.approx(max(every))
            assert max(every) > 0  # an item is offered only where it gains something
            checked += 1
        state = game.apply(state, seat, bots.by_kind(legal, rng))
    assert checked == 4
