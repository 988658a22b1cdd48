"""What each seat and a spectator see (F-119, F-596, F-600, A-B-14)."""

from __future__ import annotations

import json

from server.games.feast.game import GAME
from tests.games.feast.situations import act, fresh


def test_hands_are_private_to_their_owner() -> None:
    # F-119, F-600, A-B-14
    s = fresh(3)
    for seat, card in enumerate(("43A", "64A", "99A")):
        s["seats"][seat]["hand"] = [card]
    for seat in range(3):
        v = GAME.view(s, seat)
        for other, pv in enumerate(v["seats"]):
            assert pv["hand_size"] == 1
            assert ("hand" in pv) == (other == seat)
    spectator = GAME.view(s, None)
    assert all("hand" not in pv for pv in spectator["seats"])
    text = json.dumps(spectator)
    for p in s["seats"]:
        assert p["hand"][0] not in text


def test_decks_seed_and_stack_orders_are_hidden() -> None:
    # F-119, F-702, F-130: counts are public, orders are not
    s = fresh(2)
    v = GAME.view(s, 0)
    assert "secret" not in v and "rng" not in json.dumps(v)
    assert v["decks_left"] == {
        "weapons": len(s["secret"]["weapons"]),
        "occupations": len(s["secret"]["occupations"]),
        "mountain_strips": len(s["secret"]["strips"]),
    }


def test_view_says_who_decides_and_what_is_asked() -> None:
    s = fresh(2)
    v = GAME.view(s, None)
    assert v["to_act"] == [s["prompt"]["seat"]] and v["prompt"]["kind"] == "turn"


def test_public_parts_are_shared_not_copied() -> None:
    # the view diff skips identical objects by identity
    s = fresh(2)
    v = GAME.view(s, 0)
    assert v["spaces"] is s["spaces"] and v["seats"][1]["areas"] is s["seats"][1]["areas"]
    assert v["seats"][0]["weapons"] is s["seats"][0]["weapons"]  # F-596: weapons are public


def test_played_cards_are_public_with_their_text() -> None:
    # F-600, F-606, A-B-14: played occupations lie face up, shown as cards
    from server.games.feast.catalog import OCCUPATIONS

    s = fresh(2)
    s["seats"][1]["played"] = ["48A", "12A"]
    for seat in (0, 1, None):
        cards = GAME.view(s, seat)["seats"][1]["played_cards"]
        assert [c["id"] for c in cards] == ["48A", "12A"]
        assert cards[0] == {
            "id": "48A",
            "name": "Farmer",
            "deck": "A",
            "vp": 3,
            "colours": ["blue"],
            "text": OCCUPATIONS["48A"]["effect"],
            "cost": None,
            "playable": False,
        }


def test_hand_cards_and_card_state_only_to_their_owner() -> None:
    # F-600, A-B-14: the hand as cards, playable while asked to play; card-private state hidden
    s = fresh(2)
    s["seats"][0]["hand"] = ["43A", "86A"]
    s["seats"][0]["card_state"] = {"secret_note": 1}
    own = GAME.view(s, 0)["seats"][0]
    assert [c["id"] for c in own["hand_cards"]] == ["43A", "86A"]
    assert not any(c["playable"] for c in own["hand_cards"]) and own["card_state"] == {"secret_note": 1}
    for seat in (1, None):
        other = GAME.view(s, seat)["seats"][0]
        assert not {"hand", "hand_cards", "card_state"} & set(other) and other["hand_size"] == 2
        text = json.dumps(GAME.view(s, seat))
        assert "secret_note" not in text and "Fruit Picker" not in text and "Hide Buyer" not in text
    s["prompt"] = {"kind": "play", "seat": 0, "space": "c2_play_occupations", "min": 1, "left": 2}
    assert all(c["playable"] for c in GAME.view(s, 0)["seats"][0]["hand_cards"])


def test_a_card_prompt_shows_its_options_to_its_owner_only() -> None:
    # A-B-14, occupation 99A: the Tutor's options name the cards in hand
    from tests.games.feast.situations import act, on_turn

    s = on_turn(fresh(2), 0)
    p = s["seats"][0]
    p["played"], p["hand"] = ["99A"], ["86A"]
    s = act(s, 0, {"type": "occupy", "space": "c1_draw_occupation"})
    assert {"fn": "tutor", "play": "86A"} in GAME.view(s, 0)["prompt"]["options"]
    for seat in (1, None):
        v = GAME.view(s, seat)
        assert v["prompt"]["options"] == 2 and "86A" not in json.dumps(v)


def test_what_each_player_lays_at_the_feast_is_public_until_the_phase_ends() -> None:
    # F-270, F-276: the tiles lie on the banquet table until the end of the phase
    from tests.games.feast.test_feast import at_feast, serve

    s = at_feast(4, players=2, salt_meat=1, beans=1, silver=1)
    s = serve(serve(serve(s, "salt_meat", "h"), "beans"), "silver")
    s = act(s, 0, {"type": "leave"})
    laid = [
        {"at": 0, "span": 4, "item": "salt_meat", "lay": "h"},
        {"at": 4, "span": 2, "item": "beans", "lay": "v"},
        {"at": 6, "span": 1, "item": "silver", "lay": "v"},
        {"at": 7, "span": 1, "item": None, "lay": None},
    ]
    for viewer in (None, 0, 1):
        assert GAME.view(s, viewer)["feast"][0]["laid"] == laid
    assert GAME.view(s, None)["feast"][1]["laid"] == []
