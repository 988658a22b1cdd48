"""Invariants of every Feast state, checked after every decision of the random playouts."""

from __future__ import annotations

from server.games.contract import State
from server.games.feast.areas import KINDS, item_colour
from server.games.feast.catalog import SPACES, WEAPON_DECK
from server.games.feast.shapes import orientations

RESOURCES = ("silver", "wood", "stone", "ore")


def vikings_total(s: State) -> int:
    """12 per player; solo 23 (24 in two colours, one leaves the game, F-803)."""
    return 23 if s["players"] == 1 else 12


def check_supply(s: State) -> None:
    for seat, p in enumerate(s["seats"]):
        for res in RESOURCES:
            assert p[res] >= 0, (seat, res, p[res])
        assert all(n > 0 for n in p["goods"].values()), (seat, p["goods"])
        assert all(n >= 0 for n in p["weapons"].values()), (seat, p["weapons"])
        assert p["things"] >= 0


def check_vikings(s: State) -> None:
    on_spaces = [0] * s["players"]
    for sid, spot in s["spaces"].items():
        column = SPACES[sid]["column"] if sid in SPACES else s["copies"][sid]
        assert 1 <= spot["n"] <= column, (sid, spot)  # F-241, F-590
        assert spot["round"] in (s["round"], s["round"] - 1), (sid, spot)  # F-242 / F-806
        on_spaces[spot["seat"]] += spot["n"]
    for seat, p in enumerate(s["seats"]):
        total = p["thing"] + p["waiting"] + sum(p["table"]) + on_spaces[seat]
        assert total == vikings_total(s), (seat, total)


def _cells(piece: list) -> list[tuple[int, int]]:
    item, turn, row, col = piece
    return [(row + dr, col + dc) for dr, dc in orientations(item)[turn]]


def check_area(area: dict) -> None:
    """No overlap, only coverable cells, and no forbidden same-colour edge contact."""
    kind = KINDS[area["kind"]]
    owner: dict[tuple[int, int], int] = {}
    for i, piece in enumerate(area["pieces"]):
        for cell in _cells(piece):
            assert cell not in owner, ("overlap", area["kind"], piece)
            bit = 1 << (cell[0] * kind.width + cell[1])
            assert bit & (kind.cells | kind.extra), ("uncoverable cell", area["kind"], piece)
            owner[cell] = i
    restricted = ("orange", "red") if kind.house else ("green",)
    if area.get("lenient"):
        restricted = ()  # F-772: errors are allowed and scored
    for (r, c), i in owner.items():
        for nb in ((r + 1, c), (r, c + 1)):
            j = owner.get(nb)
            if j is not None and j != i:
                a, b = item_colour(area["pieces"][i][0]), item_colour(area["pieces"][j][0])
                assert not (a == b and a in restricted), ("adjacency", area["kind"], i, j)
    covered = [0] * kind.height
    for r, c in owner:
        covered[r] |= 1 << c
    assert covered == area["cover"]


def check_cards(s: State) -> None:
    """F-600, F-602, F-606: each occupation is in one place at most (deck, a hand, played);
    only cards with effects are in play."""
    from server.games.feast.occupations import dealable

    seen = list(s["secret"]["occupations"])
    for p in s["seats"]:
        seen += p["hand"] + p["played"]
    assert len(seen) == len(set(seen)), seen
    assert all(dealable(c) for c in seen)


def check_weapons(s: State) -> None:
    """F-702, F-595: every weapon card is held, in the deck or discarded; beyond the 47
    printed cards only the counted stand-ins exist (weapons are unlimited)."""
    for weapon, printed in WEAPON_DECK.items():
        held = sum(p["weapons"][weapon] for p in s["seats"])
        piles = s["secret"]["weapons"].count(weapon) + s["weapon_discard"].count(weapon)
        assert held + piles == printed + s["weapons_created"][weapon], (weapon, held, piles)


def check(s: State) -> None:
    check_supply(s)
    check_vikings(s)
    check_cards(s)
    check_weapons(s)
    for p in s["seats"]:
        for area in p["areas"]:
            check_area(area)
