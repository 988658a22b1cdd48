"""Setup for 1–4 players, long and short (F-100…F-152, F-800…F-805)."""

from __future__ import annotations

import pytest

from server.games.contract import IllegalMove
from server.games.feast import occupations, setup
from server.games.feast.catalog import OCCUPATIONS, SPECIALS
from server.games.feast.game import GAME
from tests.games.feast.situations import fresh, refused


def raw(players: int = 2, length: str = "long", seed: int = 0, decks: str = "A", **options: str) -> dict:
    """The state straight from setup, before phase 1 of round 1 runs."""
    return setup.setup(players, {"length": length, "decks": decks, **options}, seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players(players: int) -> None:
    # F-100
    assert len(fresh(players)["seats"]) == players


@pytest.mark.parametrize("players", [0, 5])
def test_other_player_counts_are_refused(players: int) -> None:
    # F-100
    with pytest.raises(IllegalMove) as err:
        GAME.setup(players, GAME.resolve_options({}), 0)
    assert err.value.rule == "F-100"


def test_long_game_is_default_with_seven_rounds_short_has_six() -> None:
    # F-101, F-152
    assert GAME.resolve_options({})["length"] == "long"
    assert fresh(2, "long")["rounds"] == 7
    assert fresh(2, "short")["rounds"] == 6


def test_copy_tiles_only_with_four_players() -> None:
    # F-111, F-620
    assert fresh(3)["copies"] == {}
    faces = {tuple(sorted(fresh(4, seed=seed)["copies"].items())) for seed in range(20)}
    for face in faces:
        assert dict(face)["ext_1_2"] in (1, 2) and dict(face)["ext_3_4"] in (3, 4)
    assert len(faces) > 1  # random faces


@pytest.fixture
def every_card_dealable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealing mechanism as if every card's effects were implemented."""
    monkeypatch.setattr(setup, "dealable", lambda card: True)


LETTERS = {"A": "A", "B": "B", "C": "C", "mixed": "ABC"}


@pytest.mark.usefixtures("every_card_dealable")
def test_starting_occupation_from_the_chosen_decks() -> None:
    # F-115, F-116, F-600, A-A-15
    for decks, letters in LETTERS.items():
        s = raw(4, decks=decks)
        for p in s["seats"]:
            (card,) = p["hand"]
            assert OCCUPATIONS[card]["starting"] and OCCUPATIONS[card]["deck"].upper() in letters
        regular = s["secret"]["occupations"]
        assert all(not OCCUPATIONS[c]["starting"] and OCCUPATIONS[c]["deck"] in letters for c in regular)
    assert len(raw(2, decks="A")["secret"]["occupations"]) == 57  # F-118
    assert len(raw(2, decks="mixed")["secret"]["occupations"]) == 145
    assert raw(2, start_cards="none")["seats"][0]["hand"] == []
    decks = {OCCUPATIONS[raw(4, seed=k, start_cards="all")["seats"][0]["hand"][0]]["deck"] for k in range(40)}
    assert decks == {"A", "B", "C"}


def test_only_cards_with_effects_are_dealt() -> None:
    # F-115: a card whose effects are not implemented is never dealt
    for decks, letters in LETTERS.items():
        s = raw(4, decks=decks)
        dealt = s["secret"]["occupations"] + [c for p in s["seats"] for c in p["hand"]]
        assert all(occupations.dealable(c) for c in dealt)
        expected = [
            c for c, o in OCCUPATIONS.items() if o["deck"] in letters and not o["starting"] and occupations.dealable(c)
        ]
        assert sorted(s["secret"]["occupations"]) == sorted(expected)


def test_starting_weapons_mead_and_weapon_deck() -> None:
    # F-117
    s = raw(4)
    for p in s["seats"]:
        assert p["weapons"] == {"bow": 1, "snare": 1, "spear": 1, "long_sword": 0}
        assert p["goods"] == {"mead": 1}
    deck = s["secret"]["weapons"]
    assert len(deck) == 35
    assert [deck.count(w) for w in ("bow", "snare", "spear", "long_sword")] == [8, 8, 8, 11]
    assert s["weapon_discard"] == []


@pytest.mark.parametrize("length,thing,table", [("long", 5, 7), ("short", 6, 6)])
def test_vikings_on_thing_square_and_banquet_table(length: str, thing: int, table: int) -> None:
    # F-120, F-122, F-123, F-151
    p = raw(2, length)["seats"][0]
    assert p["thing"] == thing
    assert sum(p["table"]) == table
    numbered = setup.banquet_cells(length)
    assert all(p["table"][cell] == 1 for cell in numbered.values())
    assert sorted(numbered.values())[0] == (5 if length == "long" else 6)


def test_starting_state_of_a_player() -> None:
    # F-151, F-145
    p = raw(3)["seats"][1]
    assert (p["silver"], p["wood"], p["stone"], p["ore"]) == (0, 0, 0, 0)
    assert p["ships"] == [] and p["sheds"] == [] and p["emigrated"] == [] and p["things"] == 0
    assert [a["kind"] for a in p["areas"]] == ["home"]


@pytest.mark.parametrize("players,shown", [(1, 2), (2, 2), (3, 2), (4, 3)])
def test_mountain_strips_revealed(players: int, shown: int) -> None:
    # F-130
    s = raw(players)
    assert len(s["mountains"]) == shown
    assert len(s["secret"]["strips"]) == 8 - shown
    assert s["mountains"][0]["slots"][-1] == "silver2"


def test_buildings_specials_and_exploration_boards_at_start() -> None:
    # F-132, F-140, F-145
    s = raw(2)
    assert s["buildings"] == {"shed": 3, "stone_house": 3, "long_house": 5}
    assert sorted(s["specials"]) == sorted(SPECIALS)
    faces = [s["exploration"][pair]["face"] for pair in "ABCD"]
    assert faces == ["shetland", "faroe_islands", "iceland", "greenland"]
    assert all(b["silver"] == 0 and b["owner"] is None for b in s["exploration"].values())


def test_round_one_starts_with_phase_one() -> None:
    # F-133, F-152
    s = raw(2)
    assert (s["round"], s["phase"]) == (1, 1)
    assert fresh(2)["round"] == 1 and fresh(2)["phase"] == 5


def test_start_player_is_random() -> None:
    # F-150
    starts = {raw(4, seed=seed)["start"] for seed in range(30)}
    assert starts == {0, 1, 2, 3}


def test_setup_replays_exactly_from_the_seed() -> None:
    # F-150 (randomness only from the seeded RNG)
    assert raw(3, seed=7) == raw(3, seed=7)
    assert raw(3, seed=7) != raw(3, seed=8)


@pytest.mark.parametrize(
    "length,table,thing,waiting", [("long", [1, 2, 2, 2, 2, 2, 2], 5, 5), ("short", [2] * 6, 5, 6)]
)
def test_solo_setup(length: str, table: list[int], thing: int, waiting: int) -> None:
    # F-800, F-801, F-802, F-803, F-804
    s = raw(1, length)
    p = s["seats"][0]
    numbered = setup.banquet_cells(length)
    assert [p["table"][numbered[n]] for n in sorted(numbered)] == table
    assert (p["thing"], p["waiting"]) == (thing, waiting)
    assert p["thing"] + p["waiting"] + sum(p["table"]) == 23  # one Viking leaves the game
    assert len(s["mountains"]) == 2 and s["copies"] == {}


@pytest.mark.usefixtures("every_card_dealable")
def test_solo_player_gets_one_starting_occupation() -> None:
    # F-800, F-116
    assert len(raw(1)["seats"][0]["hand"]) == 1


@pytest.mark.usefixtures("every_card_dealable")
def test_solo_player_may_choose_the_starting_occupation() -> None:
    # F-805
    s = fresh(1, solo_start_card="choose")
    assert s["prompt"]["kind"] == "start_card" and s["round"] == 1 and s["phase"] == 1
    assert len(s["prompt"]["cards"]) == 15 and s["seats"][0]["hand"] == []
    card = s["prompt"]["cards"][3]
    s = GAME.apply(s, 0, {"type": "choose_card", "card": card})
    assert s["seats"][0]["hand"] == [card] and s["phase"] == 5
    assert refused(fresh(1, solo_start_card="choose"), {"type": "choose_card", "card": "1A"}) == "F-805"
