"""Starting occupations (a, b, c): each card's exact effect, dealt by the `start_cards` option
(F-116, F-600); one-time (F-640), anytime (F-645) and repeating (F-650…F-653) cards fire
exactly when the card says. Every test names its card (`# occupation 34a`); readings follow
the official English appendix."""

from __future__ import annotations

import pytest

from server.games.feast import moves, setup
from server.games.feast.areas import KINDS, bonuses
from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.occupations import PARTS
from server.games.feast.supply import add_building
from tests.games.feast.occupations.helpers import asked, goods, lay, pick, play, rolls, ships, table
from tests.games.feast.situations import act, confirm_all, on_turn, pass_all, refused, skip_feast


def raw(players: int, seed: int = 0, decks: str = "A", **options: str) -> dict:  # type: ignore[type-arg]
    return setup.setup(players, {"length": "long", "decks": decks, **options}, seed)


def occupy(s, space: str, seat: int = 0):  # type: ignore[no-untyped-def]
    s = act(on_turn(s, seat), seat, {"type": "occupy", "space": space})
    if s["prompt"]["kind"] == "bonus_play":
        s = act(s, seat, {"type": "skip"})
    return s


def to_feast(s):  # type: ignore[no-untyped-def]
    return confirm_all(pass_all(s), "ready", {"type": "ready"})


def uses(s, card: str) -> list[dict]:  # type: ignore[type-arg]
    return [m for m in moves.legal(s, 0) if m["type"] == "use_card" and m["card"] == card]


# --- dealing -----------------------------------------------------------------------------------


def test_start_cards_dealt_from_the_implemented_starting_cards() -> None:
    # F-116, F-600, A-A-15: one starting card each, of the chosen deck letters; only cards with effects
    for decks, letters in (("A", "a"), ("B", "b"), ("C", "c"), ("mixed", "abc")):
        for seed in range(6):
            s = raw(4, seed=seed, decks=decks)
            for p in s["seats"]:
                (card,) = p["hand"]
                assert OCCUPATIONS[card]["starting"] and card[-1] in letters and card in PARTS
    seen = {raw(4, seed=k, start_cards="all")["seats"][0]["hand"][0][-1] for k in range(40)}
    assert seen == {"a", "b", "c"}
    assert all(p["hand"] == [] for p in raw(3, start_cards="none")["seats"])


def test_a_starting_card_is_played_like_any_other() -> None:
    # F-600, F-606: the starting card in hand is played through an occupation space
    s = raw(2, seed=1, decks="A")
    card = s["seats"][0]["hand"][0]
    s = act(on_turn(s, 0), 0, {"type": "occupy", "space": "c2_play_occupations"})
    assert {"type": "play", "card": card} in moves.legal(s, 0)
    s = act(s, 0, {"type": "play", "card": card})
    assert card in s["seats"][0]["played"] and card not in s["seats"][0]["hand"]


# --- one-time (yellow) -------------------------------------------------------------------------


def test_shepherd_sheep_tiers() -> None:
    # occupation 34a, F-641, F-631: 2 sheep give 1 milk and 1 wool, 4 sheep 1 more wool
    assert goods(play(table(sheep=1), "34a")) == {"sheep": 1}
    assert goods(play(table(sheep=1, pregnant_sheep=1), "34a")) == {
        "sheep": 1, "pregnant_sheep": 1, "milk": 1, "wool": 1
    }  # fmt: skip
    assert goods(play(table(sheep=4), "34a")) == {"sheep": 4, "milk": 1, "wool": 2}


def _surround_every_bonus(area):  # type: ignore[no-untyped-def]
    """Cover every cell of the area but its bonus cells: each bonus is then earned (F-281)."""
    kind = KINDS[area["kind"]]
    mask = (1 << (kind.width * len(area["cover"]))) - 1
    for bit in kind.bonus:
        mask &= ~bit
    area["cover"] = [(mask >> (r * kind.width)) & ((1 << kind.width) - 1) for r in range(len(area["cover"]))]
    return bonuses(area)


def test_collector_home_board_bonus_phase() -> None:
    # occupation 21b, F-642, F-280, F-281: a bonus phase now for the home board only
    assert goods(play(table(), "21b")) == {}  # no bonus surrounded yet: nothing
    s = table()
    p = s["seats"][0]
    expected = _surround_every_bonus(p["areas"][0])
    add_building(s, p, "stone_house")
    assert _surround_every_bonus(p["areas"][-1])  # the house's bonuses are not paid
    s = play(s, "21b")
    p = s["seats"][0]
    got = dict(goods(s), **{r: p[r] for r in ("silver", "wood", "stone", "ore") if p[r]})
    want: dict[str, int] = {}
    for g in expected:
        want[g] = want.get(g, 0) + 1
    assert expected and got == want


def test_fine_blacksmith_buys_a_special_tile() -> None:
    # occupation 62b, F-641, F-659: 1 ore and 1 silver for the Crucifix or the Cloak pin (optional)
    s = play(table(ore=1, silver=1), "62b")
    assert [o["get"] for o in asked(s, "62b")] == [{"crucifix": 1}, {"cloak_pin": 1}]
    s = pick(s, {"give": {"ore": 1, "silver": 1}, "get": {"cloak_pin": 1}})
    assert goods(s) == {"cloak_pin": 1} and s["seats"][0]["ore"] == 0 and "cloak_pin" not in s["specials"]
    assert play(table(silver=1), "62b")["prompt"]["kind"] == "turn"  # no ore: nothing
    s = table(ore=1, silver=1)
    s["specials"] = [t for t in s["specials"] if t not in ("crucifix", "cloak_pin")]
    assert play(s, "62b")["prompt"]["kind"] == "turn"  # both taken: nothing


def test_meat_inspector_silver_per_red_type() -> None:
    # occupation 26c, F-641: 1 silver per red good type in supply and stables (pregnant = same type)
    s = play(table(mead=2, milk=1, sheep=1, pregnant_sheep=1, cattle=1, peas=3), "26c")
    assert s["seats"][0]["silver"] == 4  # mead, milk, sheep, cattle
    assert play(table(peas=1), "26c")["seats"][0]["silver"] == 0


def test_equipment_supplier_two_of_each() -> None:
    # occupation 69c, F-641: weapon cards until 2 of each type, from the discard pile first
    s = table()
    s["weapon_discard"] = ["long_sword", "bow"]
    s = play(s, "69c")
    owed = {"bow": 1, "snare": 1, "spear": 1, "long_sword": 2}
    s = pick(s, {"get": owed})
    assert s["seats"][0]["weapons"] == {"bow": 2, "snare": 2, "spear": 2, "long_sword": 2}
    assert s["weapon_discard"] == []
    s = table()
    s["seats"][0]["weapons"] = {"bow": 2, "snare": 3, "spear": 2, "long_sword": 2}
    assert play(s, "69c")["prompt"]["kind"] == "turn"  # already 2 of each: nothing


# --- anytime (blue) ----------------------------------------------------------------------------


def test_tanner_salt_meat_for_hide() -> None:
    # occupation 47a, F-645: salt meat for hide 1:1, any number of times
    s = lay(table(salt_meat=2), "47a")
    move = {"type": "use_card", "card": "47a", "give": {"salt_meat": 1}, "get": {"hide": 1}}
    assert uses(s, "47a") == [move]
    s = act(act(s, 0, move), 0, move)
    assert goods(s) == {"hide": 2}
    assert refused(s, move) == "F-645"


def test_tutor_pays_one_silver_to_play() -> None:
    # occupation 52a, F-645, F-606: any time, 1 silver to play an occupation from the hand
    s = lay(table(silver=1, sheep=2), "52a")
    s["seats"][0]["hand"] = ["34a"]
    (offer,) = uses(s, "52a")
    assert offer == {"type": "use_card", "card": "52a", "fn": "start_tutor", "give": {"silver": 1}, "play": "34a"}
    s = act(s, 0, offer)
    p = s["seats"][0]
    assert "34a" in p["played"] and p["hand"] == [] and p["silver"] == 0
    assert goods(s) == {"sheep": 2, "milk": 1, "wool": 1}  # the played card's effect applies
    assert uses(s, "52a") == []  # no silver, no card


def test_farm_shop_owner_orange_to_red() -> None:
    # occupation 53b, F-645: 1 silver turns an orange good to its red side
    s = lay(table(silver=1, peas=1, mead=1), "53b")
    (offer,) = uses(s, "53b")  # the mead is red: not offered
    s = act(s, 0, offer)
    assert goods(s) == {"mead": 2} and s["seats"][0]["silver"] == 0
    assert uses(s, "53b") == []


def test_bean_farmer_exchange() -> None:
    # occupation 57b, F-645: 2 beans for 1 peas, 1 mead and 1 stockfish
    s = lay(table(beans=3), "57b")
    (offer,) = uses(s, "57b")
    s = act(s, 0, offer)
    assert goods(s) == {"beans": 1, "peas": 1, "mead": 1, "stockfish": 1}
    assert uses(s, "57b") == []


# --- repeating (red) and rule cards -------------------------------------------------------------


def _snare(monkeypatch: pytest.MonkeyPatch, card: str, success: bool, **supply: int):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1 if success else 5)
    s = occupy(lay(table(wood=1, **supply), card), "c2_laying_snare")
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 1} if success else {"type": "fail"})


def _hunt(monkeypatch: pytest.MonkeyPatch, card: str, win: bool, space: str = "c2_hunting_game"):  # type: ignore[no-untyped-def]
    rolls(monkeypatch, 1 if win else 5)
    s = occupy(lay(table(wood=1), card), space)
    s = act(s, 0, {"type": "roll"})
    return act(s, 0, {"type": "hunt", "wood": 1} if win else {"type": "fail"})


def test_craft_leader_before_income() -> None:
    # occupation 8a, F-650, F-651: before phase 7, at least 5 Vikings on Crafting spaces give 1 oil
    s = lay(table(flax=1, stone=1, ore=1, wood=2), "8a")
    s["seats"][0]["thing"] = 8
    s = occupy(s, "c1_craft_linen")
    s = occupy(s, "c3_forge")
    assert goods(s).get("oil", 0) == 0
    s = to_feast(s)  # 4 Vikings: phase 7 passes without oil
    assert goods(s).get("oil", 0) == 0
    s = lay(table(flax=1, ore=1, wood=1, stone=2, silver=2), "8a")
    s["seats"][0]["thing"] = 8
    for space in ("c1_craft_linen", "c3_forge", "c1_craft_rune_stone"):
        s = occupy(s, space)
    s = to_feast(s)
    assert goods(s)["oil"] == 1  # 5 Vikings on crafting spaces, once
    assert skip_feast(s)["seats"][0]["goods"]["oil"] == 1


def test_slowpoke_after_the_bonus_phase() -> None:
    # occupation 41a, F-651: right after phase 10, exactly 1 silver or 1 mead for 1 oil
    s = skip_feast(to_feast(lay(table(silver=1, mead=1), "41a")))
    options = asked(s, "41a")
    assert options == [{"give": {"silver": 1}, "get": {"oil": 1}}, {"give": {"mead": 1}, "get": {"oil": 1}}]
    assert s["phase"] == 10 and s["stage"] in ("after", "next")  # after the bonus phase
    s = pick(s, options[1])
    assert goods(s).get("oil") == 1 and goods(s).get("mead", 0) == 0
    assert s["prompt"]["kind"] != "card"  # once per round


def test_craft_apprentice_before_crafting() -> None:
    # occupation 113a, F-651: before each Crafting space, 1 resource from a mountain strip
    s = lay(table(flax=1), "113a")
    s["mountains"] = [{"id": 1, "slots": ["stone", "wood"]}]
    s = occupy(s, "c1_craft_linen")
    assert asked(s, "113a") == [{"take": [1, 1]}] and goods(s) == {"flax": 1}  # before the action
    s = pick(s, {"take": [1, 1]})
    assert s["seats"][0]["stone"] == 1 and goods(s) == {"linen": 1}
    assert occupy(lay(table(), "113a"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_forester_before_hunting_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 145a, F-651: before each Hunting Game, 1 resource from a mountain strip
    rolls(monkeypatch, 1)
    s = lay(table(), "145a")
    s["mountains"] = [{"id": 1, "slots": ["wood", "ore"]}]
    s = occupy(s, "c1_hunting_game")
    assert asked(s, "145a") == [{"take": [1, 1]}]
    s = pick(s, {"take": [1, 1]})
    assert s["seats"][0]["wood"] == 1 and s["prompt"]["kind"] == "dice"
    assert occupy(lay(table(wood=1), "145a"), "c2_laying_snare")["prompt"]["kind"] == "dice"  # not a hunt


def test_woodcutter_two_wood_give_silver() -> None:
    # occupation 154a, F-650: a Viking action giving at least 2 wood also gives 1 silver, once
    s = lay(table(), "154a")
    s["mountains"] = [{"id": 1, "slots": ["wood", "wood", "wood", "stone"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    assert s["seats"][0]["wood"] == 2 and s["seats"][0]["silver"] == 1
    s = lay(table(), "154a")
    s["mountains"] = [{"id": 1, "slots": ["wood", "stone", "wood"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    assert s["seats"][0]["wood"] == 1 and s["seats"][0]["silver"] == 0


def test_farmhand_column_two_hunt(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 163a, F-650: a successful Hunting Game with 2 Vikings gives 1 hide and 1 silver more
    s = _hunt(monkeypatch, "163a", True)
    assert goods(s) == {"hide": 2, "game_meat": 1} and s["seats"][0]["silver"] == 1
    s = _hunt(monkeypatch, "163a", False)
    assert s["seats"][0]["silver"] == 0 and "hide" not in goods(s)
    s = _hunt(monkeypatch, "163a", True, "c1_hunting_game")  # column 1: nothing
    assert goods(s) == {"hide": 1, "game_meat": 1} and s["seats"][0]["silver"] == 0


def test_refugee_helper_emigration_two_cheaper() -> None:
    # occupation 170a, F-646: every Emigration costs 2 silver less
    from server.games.feast import occupations

    p = lay(table(), "170a")["seats"][0]
    for sid in ("c2_emigrate", "c3_emigrate", "c4_upgrade_boat_and_emigrate"):
        assert occupations.discount(p, sid) == 2
    assert occupations.discount(p, "c2_livestock_cattle") == 0
    s = occupy(ships(lay(table(), "170a"), longship=1), "c2_emigrate")  # round 1 costs 1 silver: free
    assert s["seats"][0]["emigrated"] == ["longship"] and s["seats"][0]["silver"] == 0
    assert refused(ships(table(), longship=1), {"type": "occupy", "space": "c2_emigrate"}) == "F-243"


def test_bosporus_traveller_each_new_cattle() -> None:
    # occupation 174a, F-650: each new cattle in the stable: 3 silver for silk or 4 silver for spices
    s = play(table(silver=8, cattle=1), "174a")  # the cattle held already does not count
    assert s["prompt"]["kind"] == "turn"
    s = occupy(s, "c2_livestock_cattle")  # 3 silver: cattle and milk
    silk, spices = {"give": {"silver": 3}, "get": {"silk": 1}}, {"give": {"silver": 4}, "get": {"spices": 1}}
    assert asked(s, "174a") == [silk, spices]
    s = pick(s, {"give": {"silver": 4}, "get": {"spices": 1}})
    assert goods(s)["spices"] == 1 and s["seats"][0]["silver"] == 1 and s["prompt"]["kind"] == "turn"


def test_barkeeper_mead_on_crafting() -> None:
    # occupation 112b, F-650: each Crafting space also gives 1 mead
    assert goods(occupy(lay(table(flax=1), "112b"), "c1_craft_linen")) == {"linen": 1, "mead": 1}
    assert goods(occupy(lay(table(), "112b"), "c1_fishing")) == {"stockfish": 1}


def test_princess_silverware_on_house_building() -> None:
    # occupation 115b, F-650: each House Building space also gives 1 silverware
    s = occupy(lay(table(stone=2), "115b"), "c2_build_stone_house")
    assert goods(s) == {"silverware": 1}
    assert "silverware" not in goods(occupy(lay(table(wood=2), "115b"), "c1_build_shed"))


def test_milkman_milk_on_weekly_market() -> None:
    # occupation 119b, F-650: each Weekly Market space also gives 1 milk
    s = occupy(lay(table(), "119b"), "c1_weekly_market")
    assert goods(s).get("milk") == 1
    assert goods(occupy(lay(table(), "119b"), "c1_fishing")) == {"stockfish": 1}


def test_middleman_upgrade_after_weekly_market() -> None:
    # occupation 120b, F-651: after a Weekly Market space, 1 silver for a "+1 good" upgrade
    s = occupy(lay(table(stockfish=1), "120b"), "c1_weekly_market")
    options = asked(s, "120b")
    assert {"give": {"silver": 1}, "upgrade": [["stockfish", "hide"]]} in options
    s = pick(s, {"give": {"silver": 1}, "upgrade": [["stockfish", "hide"]]})
    assert goods(s).get("hide") == 1 and "stockfish" not in goods(s)
    assert occupy(lay(table(stockfish=1), "120b"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_angler_stockfish_on_successful_snare(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 127b, F-650: each successful Laying a Snare also gives 1 stockfish
    assert goods(_snare(monkeypatch, "127b", True)).get("stockfish") == 1
    assert "stockfish" not in goods(_snare(monkeypatch, "127b", False))


def test_meat_curer_snare_for_salt_meat(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 129b, F-651: after a successful snare, 1 snare for 1 salt meat (optional)
    s = _snare(monkeypatch, "129b", True)
    snares = s["seats"][0]["weapons"]["snare"]
    s = pick(s, {"give": {"snare": 1}, "get": {"salt_meat": 1}})
    assert goods(s).get("salt_meat") == 1 and s["seats"][0]["weapons"]["snare"] == snares - 1
    assert _snare(monkeypatch, "129b", False)["prompt"]["kind"] == "turn"


def test_cooper_wood_for_stockfish() -> None:
    # occupation 155b, F-651: after an action giving at least 2 wood, 1 wood for 1 stockfish (once)
    s = lay(table(), "155b")
    s["mountains"] = [{"id": 1, "slots": ["wood", "wood", "stone"]}]
    s = occupy(s, "c1_mountain_2")
    s = act(s, 0, {"type": "take", "strip": 1, "n": 2, "part": 2})
    s = pick(s, {"give": {"wood": 1}, "get": {"stockfish": 1}})
    assert s["seats"][0]["wood"] == 1 and goods(s) == {"stockfish": 1} and s["prompt"]["kind"] == "turn"
    assert occupy(lay(table(), "155b"), "c1_fishing")["prompt"]["kind"] == "turn"


def test_hunter_every_roll_one_lower(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 4c, F-653: every die roll counts 1 lower, raiding and pillaging too
    s = occupy(lay(table(), "4c"), "c1_hunting_game")
    assert s["prompt"]["mod"] == -1
    s = occupy(ships(lay(table(), "4c"), longship=1), "c1_raiding")
    assert s["prompt"]["mod"] == -1


def test_messenger_stone_and_mead_on_weekly_market() -> None:
    # occupation 118c, F-650: each Weekly Market space also gives 1 stone and 1 mead
    s = occupy(lay(table(), "118c"), "c1_weekly_market")
    assert s["seats"][0]["stone"] == 1 and goods(s).get("mead") == 1
    assert occupy(lay(table(), "118c"), "c1_fishing")["seats"][0]["stone"] == 0


def test_scribe_rune_stone_on_exploration_or_emigration() -> None:
    # occupation 125c, F-650: each Exploration or Emigration action also gives 1 rune stone
    s = occupy(ships(lay(table(silver=1), "125c"), longship=1), "c2_emigrate")
    assert s["seats"][0]["emigrated"] == ["longship"]
    assert goods(s).get("rune_stone") == 1
    assert "rune_stone" not in goods(occupy(lay(table(), "125c"), "c1_fishing"))


def test_bait_layer_stockfish_for_game_meat(monkeypatch: pytest.MonkeyPatch) -> None:
    # occupation 131c, F-651: after each Laying a Snare, won or not, 1 stockfish for 1 game meat
    for success in (True, False):
        s = _snare(monkeypatch, "131c", success, stockfish=1)
        s = pick(s, {"give": {"stockfish": 1}, "get": {"game_meat": 1}})
        assert goods(s).get("game_meat") == 1 and "stockfish" not in goods(s)
    assert _snare(monkeypatch, "131c", True)["prompt"]["kind"] == "turn"  # no stockfish: nothing
