"""Occupations as a mechanism: hands, decks, playing and the hooks card effects plug into
(F-600…F-612, F-630, F-651, F-653). Card effects themselves are the next issue, so the
hooks are exercised here with stand-in effects."""

from __future__ import annotations

import pytest

from server.games.feast import occupations, scoring
from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.occupations import CardEffect
from tests.games.feast.situations import act, finish_round, fresh, give, on_turn, refused


@pytest.fixture
def effects(monkeypatch: pytest.MonkeyPatch) -> dict[str, CardEffect]:
    table: dict[str, CardEffect] = {}
    monkeypatch.setattr(occupations, "EFFECTS", table)
    return table


def start(card: str = "1A", **supply: int) -> dict:
    s = on_turn(fresh(2, seed=3), 0)
    s["seats"][0]["goods"] = {}
    s["seats"][0]["hand"] = [card]
    return give(s, 0, **supply)


def test_played_card_scores_its_printed_vp_only() -> None:
    # F-606, F-630, F-736: no effect yet, just the VP
    s = start("5A", stone=1)
    s = act(s, 0, {"type": "occupy", "space": "c1_play_occupation"})
    s = act(s, 0, {"type": "play", "card": "5A"})
    assert scoring.breakdown(s["seats"][0])["occupations"] == OCCUPATIONS["5A"]["vp"] == 7


def test_on_play_hook(effects: dict[str, CardEffect]) -> None:
    # F-640, F-641: a one-time effect resolves when the card is played
    effects["1A"] = CardEffect(on_play=lambda s, seat: give(s, seat, silver=3) and None)
    s = act(start(stone=1), 0, {"type": "occupy", "space": "c1_play_occupation"})
    s = act(s, 0, {"type": "play", "card": "1A"})
    assert s["seats"][0]["silver"] == 1 + 3


def test_before_action_hook_feeds_the_action(effects: dict[str, CardEffect]) -> None:
    # F-651, F-652 (Priest-like): an oil gained before sea trade can be flipped in it
    def priest(s: dict, seat: int, space: str) -> None:
        if space in ("c1_sea_trade", "c2_sea_trade"):
            give(s, seat, oil=1)

    effects["1A"] = CardEffect(before_action=priest)
    s = start(silver=1)
    s["seats"][0]["played"] = ["1A"]
    s["seats"][0]["ships"] = [{"type": "knarr", "ore": 0}]
    s = act(s, 0, {"type": "occupy", "space": "c1_sea_trade"})
    s = act(s, 0, {"type": "flip", "good": "oil"})
    assert s["seats"][0]["goods"] == {"rune_stone": 1}


def test_after_action_hook_runs_once_the_action_is_over(effects: dict[str, CardEffect]) -> None:
    # F-650, F-651: "after" effects fire after the last step
    seen: list[tuple[str, str | None]] = []
    effects["1A"] = CardEffect(after_action=lambda s, seat, space: seen.append((space, s["prompt"])))
    s = start(silver=1)
    s["seats"][0]["played"] = ["1A"]
    s = act(s, 0, {"type": "occupy", "space": "c3_livestock_sheep_or_cattle"})
    assert seen == []  # still choosing
    s = act(s, 0, {"type": "option", "pick": 0})
    assert seen == [("c3_livestock_sheep_or_cattle", None)]


def test_phase_hook(effects: dict[str, CardEffect]) -> None:
    # F-642 (Cattle Breeder-like): an extra breeding after phase 8 for the owner only
    from server.games.feast.rounds import breed_player

    def extra_breeding(s: dict, seat: int, phase: int) -> None:
        if phase == 8:
            breed_player(s["seats"][seat])

    effects["1A"] = CardEffect(on_phase=extra_breeding)
    s = fresh(2)
    for seat in (0, 1):
        s["seats"][seat]["goods"] = {"sheep": 2}
    s["seats"][0]["played"] = ["1A"]
    s = finish_round(s)
    assert s["seats"][0]["goods"].get("sheep") == 3  # pregnant, then born in the extra phase
    assert s["seats"][1]["goods"].get("pregnant_sheep") == 1


def test_rule_change_hook(effects: dict[str, CardEffect], monkeypatch: pytest.MonkeyPatch) -> None:
    # F-653 (Proficient Hunter-like): four rolls instead of three
    from server.games.feast import dice

    monkeypatch.setattr(dice, "below", lambda rng, n: 5)
    effects["1A"] = CardEffect(rules={"max_rolls": 4})
    s = start()
    s["seats"][0]["played"] = ["1A"]
    s = act(s, 0, {"type": "occupy", "space": "c1_hunting_game"})
    for _ in range(4):
        s = act(s, 0, {"type": "roll"})
    assert s["prompt"]["rolls"] == 4 and {"type": "roll"} not in dice.legal(s, 0)


def test_playing_a_card_not_in_hand() -> None:
    # F-606
    s = act(start(stone=1), 0, {"type": "occupy", "space": "c1_play_occupation"})

    assert refused(s, {"type": "play", "card": "2A"}, seat=0) == "F-606"


def test_anytime_exchange_hook(effects: dict[str, CardEffect]) -> None:
    # F-645 (Tanner-like): 1 salt meat for 1 hide whenever its owner likes, also out of turn
    def offers(s: dict, seat: int) -> list[dict]:
        return [{"give": "salt_meat"}] if s["seats"][seat]["goods"].get("salt_meat") else []

    def exchange(s: dict, seat: int, move: dict) -> None:
        goods = s["seats"][seat]["goods"]
        goods["salt_meat"] -= 1
        if not goods["salt_meat"]:
            del goods["salt_meat"]
        goods["hide"] = goods.get("hide", 0) + 1

    effects["1A"] = CardEffect(anytime_moves=offers, anytime_apply=exchange)
    s = start()
    s["seats"][1]["played"] = ["1A"]
    s["seats"][1]["goods"] = {"salt_meat": 2}
    move = {"give": "salt_meat", "type": "use_card", "card": "1A"}
    from server.games.feast import moves

    assert move in moves.legal(s, 1)
    s = act(s, 1, move)
    s = act(s, 1, move)
    assert s["seats"][1]["goods"] == {"hide": 2} and moves.to_act(s) == [0]

    assert refused(s, move, seat=1) == "F-645"
