"""What seats and spectators see (VA-21): the table, not the bag, stacks, pile or seed."""

import json

from server.games.vikings import GAME
from tests.games.vikings.situations import game


def test_hidden_parts_appear_in_no_view():
    # VA-21 / V-22 / V-23 / V-26: stacks, bag, special pile and RNG stay hidden.
    s = game(3, variant="advanced")
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        text = json.dumps(v)
        assert "hidden" not in v and "bag" not in text and "stacks" not in text
        assert "pile" not in text and "rng" not in text and "seed" not in text


def test_view_says_whose_decision_and_what():
    # V-31 / V-110: the view names the seat to act and what it is asked.
    s = game(3, variant="advanced", start_player=1)
    v = GAME.view(s, None)
    assert v["to_act"] == [1] and v["prompt"] == {"seat": 1, "ask": "bid"}
    assert v["drawn"] == s["table"]["drawn"]  # VA-21: the drawn vikings lie open


def test_everything_on_the_table_is_public_and_shared():
    # VA-21: all gold, VP, fjords and the offer are public; views share the state's
    # subtrees (no copies) so the room's differ can skip them by identity.
    s = game(2)
    a, b = GAME.view(s, 0), GAME.view(s, None)
    assert a["fjords"] is s["table"]["fjords"] and b["wheel"] is s["table"]["wheel"]
    assert {k: v for k, v in a.items() if k != "you"} == {k: v for k, v in b.items() if k != "you"}


def test_finished_game_view_and_result():
    # V-98: at the end nobody acts and the result is final.
    from server.games.playout import random_playout

    done = random_playout(GAME, 2, {}, 3)
    assert GAME.view(done.state, None)["to_act"] == [] and GAME.to_act(done.state) == []
    assert set(done.result) >= {"scores", "breakdown", "winners"}
