"""Starting occupations (a, b, c): each card's exact effect, dealt by the `start_cards` option
(F-116, F-600), and the one-time (F-640) and anytime (F-645) cards; the repeating ones are in
`test_deck_start_triggers.py`. Every test names its card (`# occupation 34a`); readings follow
the official English appendix."""

from __future__ import annotations

from server.games.feast import moves, setup
from server.games.feast.areas import KINDS, bonuses
from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.occupations import PARTS
from server.games.feast.supply import add_building
from tests.games.feast.occupations.helpers import asked, goods, lay, pick, play, table, to_feast, uses
from tests.games.feast.situations import act, on_turn, refused


def raw(players: int, seed: int = 0, decks: str = "A", **options: str) -> dict:  # type: ignore[type-arg]
    return setup.setup(players, {"length": "long", "decks": decks, **options}, seed)


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


def test_tutor_plays_chief_during_the_feast_which_then_goes_on() -> None:
    # occupation 52a, occupation 5A, F-278, F-642: Chief played through Tutor in the middle of
    # the regular feast holds its extra feast at once; the regular feast then goes on where it
    # stood (a soak game once lost the regular feast's progress here)
    s = to_feast(lay(table(silver=2), "52a"))
    assert s["prompt"]["kind"] == "feast"
    s = act(s, 0, {"type": "serve", "item": "silver"})
    regular = [dict(f) for f in s["feast"]]
    s["seats"][0]["hand"] = ["5A"]
    s = act(s, 0, {"type": "use_card", "card": "52a", "fn": "start_tutor", "give": {"silver": 1}, "play": "5A"})
    assert s["prompt"] == {"kind": "extra_feast", "seat": 0, "waiting": [0]}
    things = s["seats"][0]["things"]
    s = act(s, 0, {"type": "leave_rest"})
    assert s["seats"][0]["things"] > things  # the extra feast's empty cells
    assert s["prompt"]["kind"] == "feast" and s["feast"] == regular and "feast_paused" not in s
    assert {"type": "leave"} in moves.legal(s, 0)  # the regular feast is the player's to finish


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
