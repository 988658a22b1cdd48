"""The card-effect machinery with real deck A cards: the step queue, the card prompt, the
column bonuses, phase stages (F-278, F-600…F-612, F-640…F-654)."""

from __future__ import annotations

from server.games.feast import moves
from server.games.feast.occupations import cards
from tests.games.feast.occupations.helpers import asked, goods, lay, pick, play, table
from tests.games.feast.situations import act, confirm_all, pass_all, refused


def test_several_cards_in_one_action_resolve_one_by_one() -> None:
    # F-607: each card's one-time effect is resolved before the next card is chosen
    s = table(silver=4)
    s["seats"][0]["hand"] = ["86A", "43A"]
    s = act(s, 0, {"type": "occupy", "space": "c3_play_occupations"})
    drawn = [c for c in s["seats"][0]["hand"] if c not in ("86A", "43A")]
    s = act(s, 0, {"type": "play", "card": "86A"})
    asked(s, "86A")
    assert refused(s, {"type": "play", "card": "43A"}) == "F-606"  # the hide first
    s = pick(s, {"give": {"silver": 4}, "get": {"hide": 2}})
    assert s["prompt"]["kind"] == "play" and s["prompt"]["left"] == 3
    s = act(s, 0, {"type": "play", "card": "43A"})
    assert goods(s) == {"hide": 2, "fruits": 1} and s["seats"][0]["hand"] == drawn


def test_card_prompt_answers() -> None:
    # F-640: "can" effects may be declined, others must be used; picks are checked
    s = play(table(silver=2), "86A")
    assert moves.legal(s, 0) == [{"type": "choose", "pick": 0}, {"type": "decline"}]
    assert refused(s, {"type": "choose", "pick": 1}) is None  # refused as malformed, nothing changed
    assert refused(s, {"type": "use_card", "card": "86A"}) == "F-201"  # no anytime action inside
    s = lay(table(), "99A")
    s["seats"][0]["hand"] = ["43A"]
    s = act(s, 0, {"type": "occupy", "space": "c1_draw_occupation"})
    assert asked(s, "99A") and refused(s, {"type": "decline"}) == "F-640"
    assert refused(table(), {"type": "choose", "pick": 0}) == "F-243"


def test_the_column_four_card_fires_within_the_action_but_not_for_its_own_placement() -> None:
    # F-611, occupation 164A: played with the column-4 bonus, Armed Fighter does not fire for
    # the placement it was played on (it fires "before placing")
    s = table(silver=3)
    s["mountains"] = [{"id": 1, "slots": ["stone"]}]
    s["seats"][0]["hand"] = ["164A"]
    s = act(s, 0, {"type": "occupy", "space": "c4_livestock_sheep_and_cattle"})
    s = act(s, 0, {"type": "play", "card": "164A"})
    assert s["prompt"]["kind"] == "turn" and s["seats"][0]["stone"] == 0


def test_phase_stages_fire_around_the_feast() -> None:
    # F-278: the feast phase has a before and an after point (occupations 165A and 7A)
    s = lay(table(clothing=1, grain=1), "165A", "7A")
    s = confirm_all(pass_all(s), "ready", {"type": "ready"})
    assert (s["phase"], s["stage"]) == (9, "run") and s["seats"][0]["silver"] == 2
    s = act(s, 0, {"type": "leave_rest"})
    s = act(s, 1, {"type": "leave_rest"})
    assert s["seats"][0]["silver"] == 3 and s["round"] == 2 and s["queue"] == []


def test_selectors_name_the_spaces_the_cards_mean() -> None:
    # occupation 3A (eight spaces with exactly 1 silver), 1A (Livestock Market), 164A (column 4)
    assert len(cards.SELECTORS["one_silver"]) == 8
    assert cards.SELECTORS["livestock_market"] == (
        "c1_livestock_salt_meat", "c1_livestock_stockfish", "c2_livestock_cattle",
        "c2_livestock_sheep", "c3_livestock_sheep_or_cattle", "c4_livestock_sheep_and_cattle",
    )  # fmt: skip
    assert len(cards.SELECTORS["column4"]) == 9


def test_cards_triggered_by_the_same_event_each_fire_once() -> None:
    # F-654, occupations 149A and 37A: both fire before the sea trade, in playing order, once each
    from tests.games.feast.occupations.helpers import ships

    s = ships(lay(table(silver=1), "149A", "37A"), knarr=1)
    s = act(s, 0, {"type": "occupy", "space": "c1_sea_trade"})
    assert asked(s, "37A") == [{"upgrade": [["oil", "rune_stone"]]}]  # the priest's oil came first
    s = pick(s, {"upgrade": [["oil", "rune_stone"]]})
    assert s["prompt"]["kind"] == "sea_trade" and goods(s) == {"rune_stone": 1}
