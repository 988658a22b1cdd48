"""Every game's schema holds over random games, so it cannot drift from the engine.

For every game a server hosts (tests.cluster.hosted_games), seeded random games at every
player count with random options: every legal move offered to a seat that is asked is
valid against the game's move schema, and every view (each seat's and the spectators')
against the table schema for that viewer (server.games.schema). The schemas themselves
are valid 2020-12 schemas and every example they carry is valid. The counts printed are
the ones the pull request's note quotes; `-m soak` plays more games.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import ormsgpack
import pytest
from jsonschema import Draft202012Validator

from server.games.contract import Game, IllegalMove
from server.games.schema import document
from tests.cluster import hosted_games

HOSTED = hosted_games()
GAMES = sorted(HOSTED)
# random games per player count: 30 of each game in the default run, fewer of the two
# long ones (a Feast for Odin game is ~400 decisions a seat, each view large); `-m soak`
# plays ten times as many
GAMES_PER_COUNT = {"feast": 5, "hunters": 15}
DEFAULT_GAMES = 30
SOAK = 10
MAX_MOVES = 20_000


# the applicators that apply a subschema to each child on its own: a value is valid when
# it is valid without them (its own keywords) and each child is valid against its subschema
CHILDREN = ("properties", "additionalProperties", "prefixItems", "items")
ANNOTATIONS = ("title", "description", "examples")


class Memo:
    """A Draft 2020-12 validator of one schema that validates each distinct subtree once.

    Views repeat almost all of themselves from one decision to the next and from one
    viewer to the next (the engines return the state's own subtrees), so the schema is
    applied child by child along `properties`, `additionalProperties`, `prefixItems` and
    `items` (keywords that judge each child on its own), and a (subschema, subtree) pair
    found valid is not validated again (looked up by identity first: the engines never
    change a subtree once returned, tests/games/test_contract.py). Every other keyword is left to jsonschema's
    Draft202012Validator, on the value with its children's subschemas set to `true`. The
    result equals validating the whole value at once; it takes a few seconds a game
    instead of minutes.
    """

    def __init__(self, root: dict[str, Any]) -> None:
        Draft202012Validator.check_schema(root)
        self.defs = root.get("$defs", {})
        self.root = root
        self.valid: set[tuple[int, bytes]] = set()
        self.same: dict[tuple[int, int], Any] = {}
        self.compiled: dict[tuple[int, bool], Draft202012Validator] = {}

    def errors(self, value: Any, schema: Any = None, path: str = "") -> list[str]:
        schema = self.root if schema is None else schema
        if schema is True:
            return []
        same = (id(schema), id(value))
        if same in self.same:  # this very subtree, shared with an earlier view
            return []
        key = (id(schema), ormsgpack.packb(value))
        if key not in self.valid:
            found = self._errors(value, schema, path)
            if found:
                return found
            self.valid.add(key)
        if isinstance(value, dict | list):
            self.same[same] = value  # held, so that its id is not reused while the entry lives
        return []

    def forget(self) -> None:
        """Drop the subtrees held by identity (at the end of a game: they are its states')."""
        self.same.clear()

    def _errors(self, value: Any, schema: Any, path: str) -> list[str]:
        if schema is False:
            return [f"{path}: not allowed here"]
        if "$ref" in schema:
            assert set(schema) <= {"$ref", *ANNOTATIONS}, f"{path}: $ref beside other keywords"
            return self.errors(value, self.defs[schema["$ref"].removeprefix("#/$defs/")], path)
        split = isinstance(value, dict | list) and any(k in schema for k in CHILDREN)
        found = self._own(value, schema, path, split)
        if found or not split:
            return found
        if isinstance(value, dict):
            props, extra = schema.get("properties", {}), schema.get("additionalProperties", True)
            for k, child in value.items():
                found += self.errors(child, props.get(k, extra), f"{path}/{k}")
        else:
            prefix, items = schema.get("prefixItems", []), schema.get("items", True)
            for i, child in enumerate(value):
                found += self.errors(child, prefix[i] if i < len(prefix) else items, f"{path}/{i}")
        return found

    def _own(self, value: Any, schema: dict[str, Any], path: str, split: bool) -> list[str]:
        """The errors of `value` against `schema`, its children's subschemas set to true
        when `split` (they are validated one by one)."""
        validator = self.compiled.get((id(schema), split))
        if validator is None:
            own = dict(schema)
            if split:
                if "properties" in own:
                    own["properties"] = dict.fromkeys(own["properties"], True)
                if own.get("additionalProperties") not in (None, False):
                    own["additionalProperties"] = True
                if "prefixItems" in own:
                    own["prefixItems"] = [True] * len(own["prefixItems"])
                if own.get("items") not in (None, False):
                    own["items"] = True
            validator = Draft202012Validator(own | {"$defs": self.defs})
            self.compiled[(id(schema), split)] = validator
        return [
            f"{'/'.join([path, *map(str, e.absolute_path)]) or '/'}: {e.message[:300]}"
            for e in validator.iter_errors(value)
        ]


class Validators:
    """The move schema and the two table schemas of one game, compiled once."""

    def __init__(self, game: Game) -> None:
        doc = document(game)
        self.move = Memo(doc["moves"])
        self.seat = Memo(doc["table"]["seat"])
        self.spectator = Memo(doc["table"]["spectator"])


def problems(validator: Memo, value: Any) -> list[str]:
    return validator.errors(value)


def move_problems(v: Validators, move: Any) -> list[str]:
    """A move's errors against the move schema: its `oneOf` names each type's schema, told
    apart by the `type` constant, so only the schema of the move's own type can match."""
    kinds = v.move.defs
    if not kinds:  # a game without forms: the schema is one map
        return problems(v.move, move)
    if not isinstance(move, dict) or move.get("type") not in kinds:
        return [f"no move type {move.get('type') if isinstance(move, dict) else move!r}"]
    return v.move.errors(move, kinds[move["type"]])


def check_views(game: Game, v: Validators, state: dict[str, Any], players: int, counts: Counter[str]) -> None:
    for seat in [*range(players), None]:
        view = game.view(state, seat)
        errors = problems(v.seat if seat is not None else v.spectator, view)
        assert errors == [], f"view of {'seat ' + str(seat) if seat is not None else 'a spectator'}: {errors[:5]}"
        counts["views"] += 1


def setup(game: Game, players: int, seed: int, rng: random.Random) -> dict[str, Any]:
    """The first state with random options (those the player count allows: a first
    player of seat 3 needs four seats)."""
    for _ in range(20):
        options = {o.name: rng.choice(o.choices) for o in game.info.options}
        try:
            return game.setup(players, game.resolve_options(options), seed)
        except IllegalMove:
            continue
    return game.setup(players, game.resolve_options({}), seed)


def play(game: Game, v: Validators, players: int, seed: int, counts: Counter[str]) -> None:
    """One seeded random game: its moves offered and views validated as it goes."""
    rng = random.Random(seed)
    state = setup(game, players, seed, rng)
    for _ in range(MAX_MOVES):
        check_views(game, v, state, players, counts)
        if game.result(state) is not None:
            counts["games"] += 1
            for memo in (v.move, v.seat, v.spectator):
                memo.forget()
            return
        seats = game.to_act(state)
        for seat in seats:
            legal = game.legal_moves(state, seat)
            for move in legal:
                errors = move_problems(v, move)
                assert errors == [], f"move {move} offered to seat {seat}: {errors[:3]}"
            counts["moves offered"] += len(legal)
        seat = rng.choice(seats)
        legal = game.legal_moves(state, seat)
        state = game.apply(state, seat, rng.choice(legal))
        counts["moves played"] += 1
    raise AssertionError(f"no end after {MAX_MOVES} moves")


def run(name: str, games_per_count: int) -> Counter[str]:
    game = HOSTED[name]
    v = Validators(game)
    counts: Counter[str] = Counter()
    for players in range(game.info.min_players, game.info.max_players + 1):
        for i in range(games_per_count):
            play(game, v, players, seed=1000 * players + i, counts=counts)
    return counts


@pytest.mark.parametrize("name", GAMES)
def test_every_move_offered_and_view_sent_fits_the_schema(name: str) -> None:
    per_count = GAMES_PER_COUNT.get(name, DEFAULT_GAMES)
    counts = run(name, per_count)
    print(f"\n{name}: {per_count} games per player count, {dict(counts)}")
    info = HOSTED[name].info
    assert counts["games"] == per_count * (info.max_players - info.min_players + 1)


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_the_schema_holds_over_many_more_games(name: str) -> None:
    per_count = SOAK * GAMES_PER_COUNT.get(name, DEFAULT_GAMES)
    counts = run(name, per_count)
    print(f"\n{name}: {per_count} games per player count, {dict(counts)}")


@pytest.mark.parametrize("name", GAMES)
def test_every_example_move_fits_the_schema(name: str) -> None:
    game = HOSTED[name]
    v = Validators(game)
    assert set(game.schema.moves) <= set(game.move_forms or {})
    for kind, doc in game.schema.moves.items():
        assert doc.example["type"] == kind
        assert problems(v.move, doc.example) == []  # the whole oneOf, once
        assert move_problems(v, doc.example) == []
