"""The solo game: two Viking colours and spaces blocked across rounds (F-800…F-815, WE-A-17)."""

from __future__ import annotations

from tests.games.feast.situations import act, confirm_all, fresh, pass_all, refused, skip_feast


def end_round(s: dict) -> dict:
    s = pass_all(s)
    s = confirm_all(s, "ready", {"type": "ready"})
    return skip_feast(s)


def place_all(s: dict, spaces: list[str]) -> dict:
    for space in spaces:
        s = act(s, 0, {"type": "occupy", "space": space})
        if s["prompt"]["kind"] == "bonus_play":
            s = act(s, 0, {"type": "skip"})
    return s


ROUND1 = ["c1_fishing", "c1_weekly_market", "c2_products_mead", "c2_weekly_market"]  # 6 Vikings


def test_round_one_then_waiting_vikings_join() -> None:
    # F-806, F-807, F-810, F-811, WE-A-17: 6 P in round 1; phase 12 returns none, 5 S arrive
    s = fresh(1, "long")
    assert s["seats"][0]["thing"] == 6
    s = place_all(s, ROUND1)
    assert s["seats"][0]["thing"] == 0
    s = end_round(s)
    p = s["seats"][0]
    assert s["round"] == 2 and p["thing"] == 7 and p["waiting"] == 0  # 5 S + 2 S from cell 2
    assert set(s["spaces"]) == set(ROUND1)  # still blocked


def test_blocked_spaces_are_not_free_next_round() -> None:
    # F-242, F-806
    s = end_round(place_all(fresh(1), ROUND1))
    assert refused(s, {"type": "occupy", "space": "c1_fishing"}, seat=0) == "F-242"


def test_round_two_returns_round_one_vikings_and_keeps_round_two() -> None:
    # F-808, F-809, WE-A-17: round 3 has 6 + 2 = 8 Vikings; the round-2 spaces are blocked
    s = end_round(place_all(fresh(1), ROUND1))
    round2 = ["c3_weekly_market", "c4_weekly_market"]  # 7 Vikings
    s = place_all(s, round2)
    s = end_round(s)
    assert s["round"] == 3 and s["seats"][0]["thing"] == 8
    assert set(s["spaces"]) == set(round2)


def test_unplaced_vikings_carry_over() -> None:
    # F-809, A-A-22, WE-A-17 variant: only 5 placed in round 1 -> 8 available in round 2
    s = place_all(fresh(1), ["c1_fishing", "c2_products_mead", "c2_weekly_market"])
    s = end_round(s)
    assert s["seats"][0]["thing"] == 8


def test_solo_player_is_always_start_player() -> None:
    # F-812
    s = fresh(1)
    s = end_round(place_all(s, ["c1_fishing"]))
    assert s["start"] == 0 and s["prompt"] == {"kind": "turn", "seat": 0}


def test_solo_phase_three_and_eleven_unchanged() -> None:
    # F-813, F-814: boards flip and strips move as in the multi-player game
    s = fresh(1)
    for _ in range(2):
        s = end_round(s)
    assert s["exploration"]["A"]["face"] == "bear_island"
    assert len(s["mountains"]) == 4
