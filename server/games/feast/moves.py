"""The decisions a player can take now, and applying one of them (the move vocabulary).

Moves are small maps with a `type`: `occupy` (Vikings on a space, with `copy` for a
4-player copy space), `pass`, `option` (pick a variant of the space just occupied),
`play` / `skip` / `stop` (occupation cards), `ready` (the window before income), the
feast's `serve` / `leave` / `leave_rest`, `done` (end-of-game step), and the anytime
actions `place` / `cancel` / `store` / `buy_ship` / `arm` / `use_card`, and `choose` / `decline`
to answer an occupation card's prompt. Who is asked is the state's
`prompt`. Anytime actions are open to whoever is asked and, during a turn or the feast,
to the other players too without changing who is asked — never inside an action
(F-201, O-2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.games.contract import Move, State
from server.games.feast import actions, anytime, dice, feast, occupations, sailing, trade
from server.games.feast.catalog import SPACES
from server.games.feast.occupations import offers
from server.games.feast.refusals import malformed, refuse

ANYTIME_PROMPTS = ("turn", "ready", "feast", "end")
OUT_OF_TURN_PROMPTS = ("turn", "feast")
ANYTIME_MOVES = ("place", "cancel", "store", "buy_ship", "arm", "use_card")
ORDERED_SPACES = sorted(SPACES, key=lambda sid: (SPACES[sid]["column"], sid))


def to_act(s: State) -> list[int]:
    prompt = s["prompt"]
    if s["over"] or prompt is None:
        return []
    if "waiting" in prompt:
        return list(prompt["waiting"])
    return [prompt["seat"]]


def _copy_targets(s: State, seat: int, column: int) -> list[str]:
    return [
        sid
        for sid, spot in s["spaces"].items()
        if sid in SPACES and SPACES[sid]["column"] == column and spot["seat"] != seat
    ]


def occupy_moves(s: State, seat: int) -> list[Move]:
    p = s["seats"][seat]
    moves: list[Move] = []
    for sid in ORDERED_SPACES:
        column = SPACES[sid]["column"]
        free = sid not in s["spaces"] and p["thing"] >= column - occupations.fewer_vikings(p, sid)
        if free and actions.usable_variants(s, p, sid, column == 3):
            moves.append({"type": "occupy", "space": sid})
    for ext, column in s["copies"].items():
        if ext not in s["spaces"] and p["thing"] >= column:
            for target in _copy_targets(s, seat, column):
                if actions.usable_variants(s, p, target, column == 3):
                    moves.append({"type": "occupy", "space": ext, "copy": target})
    return moves + [{"type": "pass"}]


def _prompt_moves(s: State, seat: int) -> list[Move]:
    prompt = s["prompt"]
    kind = prompt["kind"]
    p = s["seats"][seat]
    if kind == "turn":
        return occupy_moves(s, seat)
    if kind == "option":
        return [{"type": "option", "pick": i} for i in range(len(prompt["options"]))]
    if kind in ("play", "bonus_play"):
        cards = [{"type": "play", "card": c} for c in sorted(set(p["hand"]))]
        if kind == "bonus_play":
            return cards + [{"type": "skip"}]
        return cards + ([{"type": "stop"}] if prompt["min"] == 0 else [])
    if kind == "trade":
        return trade.legal(s, seat)
    if kind == "dice":
        return dice.legal(s, seat)
    if kind in ("sea_trade", "special_sale"):
        return sailing.legal(s, seat)
    if kind == "start_card":
        return [{"type": "choose_card", "card": c} for c in prompt["cards"]]
    if kind == "ready":
        return [{"type": "ready"}]
    if kind in ("feast", "extra_feast"):
        return feast.legal(s, seat)
    if kind == "card":
        return offers.card_moves(s, seat)
    return [{"type": "done"}]


def out_of_turn(s: State, seat: int) -> bool:
    """F-201, F-300: anytime actions are open to players not asked, during a turn or the
    feast — never inside an action, and not after confirming a window (ready, end)."""
    prompt = s["prompt"]
    if s["over"] or prompt is None or prompt["kind"] not in OUT_OF_TURN_PROMPTS:
        return False
    return 0 <= seat < s["players"] and seat not in to_act(s)


def _anytime_moves(s: State, seat: int, end: bool) -> list[Move]:
    p = s["seats"][seat]
    moves = anytime.place_moves(p, end) + anytime.store_moves(p) + anytime.ship_moves(p)
    return moves + offers.anytime_moves(s, seat)


def legal(s: State, seat: int) -> list[Move]:
    if seat not in to_act(s):
        if not out_of_turn(s, seat):
            return []
        p = s["seats"][seat]
        return anytime.place_moves(p, False) if p["draft"] is not None else _anytime_moves(s, seat, False)
    p = s["seats"][seat]
    end = s["prompt"]["kind"] == "end"
    if p["draft"] is not None:
        return anytime.place_moves(p, end)
    moves = _prompt_moves(s, seat)
    if s["prompt"]["kind"] in ANYTIME_PROMPTS:
        moves += _anytime_moves(s, seat, end)
    return moves


# --- applying ---------------------------------------------------------------------------


def _expect(s: State, kinds: tuple[str, ...], rule: str, what: str) -> None:
    if s["prompt"]["kind"] not in kinds:
        raise refuse(rule, f"{what} is not possible now")


def occupy(s: State, seat: int, move: Move) -> None:
    """F-241…F-243: Vikings on one free space; then the column bonus and the action."""
    _expect(s, ("turn",), "F-240", "placing Vikings")
    sid, target = move.get("space"), move.get("copy")
    if not isinstance(sid, str) or (sid not in SPACES and sid not in s["copies"]):
        raise malformed("unknown action space")
    if sid in s["copies"]:
        column = s["copies"][sid]
        if not isinstance(target, str) or target not in _copy_targets(s, seat, column):
            raise refuse("F-621", "a copy space copies a space of its column taken by another player")
    else:
        target, column = sid, SPACES[sid]["column"]
    p = s["seats"][seat]
    need = column - occupations.fewer_vikings(p, target)  # Warmonger 106B
    if sid in s["spaces"]:
        raise refuse("F-242", "each action space can be occupied only once per round")
    if p["thing"] < need:
        raise refuse("F-241", f"this space needs {need} Vikings on your Thing square")
    if not sailing.requirement_met(p, SPACES[target]):
        raise refuse("F-402", "this space needs a ship you do not have")
    if not actions.usable_variants(s, p, target, column == 3):
        raise refuse("F-243", "you could use none of this space's effects")
    p["thing"] -= need
    s["spaces"][sid] = {"seat": seat, "n": need, "round": s["round"]}
    s["last_placer"] = seat
    steps = occupations.fire(s, seat, "place", target) if column == 4 else []  # Armed Fighter 164A
    if column == 3:
        steps += occupations.draw_steps(s, seat)  # F-610
    if column == 4:  # F-611
        steps.append({"do": "bonus_play", "seat": seat, "space": target, "spot": sid})
    else:
        steps += occupations.action_steps(s, seat, target, sid)
    s["prompt"] = None
    occupations.enqueue(s, steps)


def _bonus_play(s: State, st: occupations.Step) -> None:
    """F-611: the column-4 card before the action, if the player has one."""
    seat, sid, spot = st["seat"], st["space"], st["spot"]
    if s["seats"][seat]["hand"]:
        s["prompt"] = {"kind": "bonus_play", "seat": seat, "space": sid, "spot": spot}
    else:
        occupations.enqueue(s, occupations.action_steps(s, seat, sid, spot))


def _begin(s: State, st: occupations.Step) -> None:
    """The action itself, once the cards triggered before it are done (F-651)."""
    seat, sid, spot = st["seat"], st["space"], st["spot"]
    s["action"] = {"seat": seat, "space": sid, "spot": spot, "outer": s.get("action"), **st.get("facts", {})}
    if st.get("instead"):
        return  # a card replaced the action (Knarr Builder 105B, Dorestad Traveller 185B)
    vs = _variants(s, seat, sid)
    if len(vs) == 1:
        actions.carry_out(s, seat, sid, vs[0], spot)
    elif vs:
        s["prompt"] = {
            "kind": "option",
            "seat": seat,
            "space": sid,
            "spot": spot,
            "options": [actions.label(v) for v in vs],
        }


def _variants(s: State, seat: int, sid: str) -> list[actions.Variant]:
    """The usable variants; a card that fired before may require a payment (Forest Blacksmith 103C)."""
    vs = actions.usable_variants(s, s["seats"][seat], sid)
    need = (s.get("action") or {}).get("require")
    return [v for v in vs if all(v["cost"].get(k, 0) >= n for k, n in need.items())] if need else vs


def _end(s: State, st: occupations.Step) -> None:
    """F-651: "after" effects once the action's last step is over; then the record closes."""
    record = s["action"]
    after = occupations.fire(s, record["seat"], "after", record["space"], record)
    occupations.enqueue(s, after + [{"do": "close"}])


def _close(s: State, st: occupations.Step) -> None:
    s["action"] = s["action"]["outer"]


occupations.STEPS.update({"bonus_play": _bonus_play, "begin": _begin, "end": _end, "close": _close})


def option(s: State, seat: int, move: Move) -> None:
    _expect(s, ("option",), "F-243", "choosing an option")
    pick = move.get("pick")
    if type(pick) is not int or not 0 <= pick < len(s["prompt"]["options"]):
        raise malformed("pick must be the index of an offered option")
    sid = s["prompt"]["space"]
    variant = _variants(s, seat, sid)[pick]
    actions.carry_out(s, seat, sid, variant, s["prompt"]["spot"])


def play(s: State, seat: int, move: Move) -> None:
    """F-606, F-607: each card's one-time effect resolves before the next card is chosen."""
    _expect(s, ("play", "bonus_play"), "F-606", "playing an occupation")
    prompt = s["prompt"]
    steps = occupations.play_steps(s, seat, move.get("card"))
    s["prompt"] = None
    if prompt["kind"] == "bonus_play":
        steps += occupations.action_steps(s, seat, prompt["space"], prompt["spot"])
    else:
        prompt["left"] -= 1
        prompt["min"] = max(0, prompt["min"] - 1)
        if prompt["left"] > 0 and s["seats"][seat]["hand"]:
            steps.append(occupations.restore(prompt))
    occupations.enqueue(s, steps)


def skip(s: State, seat: int, move: Move) -> None:
    _expect(s, ("bonus_play",), "F-611", "skipping the column-4 card")
    prompt = s["prompt"]
    s["prompt"] = None
    occupations.enqueue(s, occupations.action_steps(s, seat, prompt["space"], prompt["spot"]))


def stop(s: State, seat: int, move: Move) -> None:
    _expect(s, ("play",), "F-604", "stopping")
    if s["prompt"]["min"] > 0:
        raise refuse("F-604", "play at least one card on this space")
    s["prompt"] = None


def choose_card(s: State, seat: int, move: Move) -> None:
    """F-805: the solo player may pick his starting occupation."""
    _expect(s, ("start_card",), "F-805", "choosing a starting occupation")
    card = move.get("card")
    if not isinstance(card, str) or card not in s["prompt"]["cards"]:
        raise refuse("F-805", "choose one of the starting occupations in play")
    s["seats"][seat]["hand"] = [card]
    s["prompt"] = None


def pass_turn(s: State, seat: int, move: Move) -> None:
    _expect(s, ("turn",), "F-245", "passing")
    s["seats"][seat]["passed"] = True
    s["prompt"] = None


def _confirm(kind: str, rule: str) -> Callable[[State, int, Move], None]:
    def confirm(s: State, seat: int, move: Move) -> None:
        _expect(s, (kind,), rule, "confirming")
        s["prompt"]["waiting"].remove(seat)
        if not s["prompt"]["waiting"]:
            s["prompt"] = None
            if kind == "end":
                s["over"] = True

    return confirm


def serve(s: State, seat: int, move: Move) -> None:
    _expect(s, ("feast", "extra_feast"), "F-270", "serving food")
    feast.serve(s, seat, move)


def leave(s: State, seat: int, move: Move) -> None:
    _expect(s, ("feast", "extra_feast"), "F-275", "leaving a banquet cell empty")
    feast.leave(s, seat, move["type"] == "leave_rest")


def _anytime(handler: Callable[..., None], with_end: bool = False) -> Callable[[State, int, Move], None]:
    def run(s: State, seat: int, move: Move) -> None:
        _expect(s, ANYTIME_PROMPTS, "F-201", "an anytime action")
        p = s["seats"][seat]
        if with_end:
            handler(p, move, s["prompt"]["kind"] == "end")
        else:
            handler(p, move)

    return run


def _within(kinds: tuple[str, ...], handler: Callable[[State, int, Move], None]) -> Callable[[State, int, Move], None]:
    def run(s: State, seat: int, move: Move) -> None:
        _expect(s, kinds, "F-243", "this step of an action")
        handler(s, seat, move)

    return run


def finish(s: State, seat: int, move: Move) -> None:
    _expect(s, ("trade", "sea_trade", "special_sale"), "F-243", "finishing an action")
    (trade.finish if s["prompt"]["kind"] == "trade" else sailing.finish)(s, seat, move)


def _anytime_state(handler: Callable[[State, int, Move], None]) -> Callable[[State, int, Move], None]:
    def run(s: State, seat: int, move: Move) -> None:
        _expect(s, ANYTIME_PROMPTS, "F-201", "an anytime action")
        handler(s, seat, move)

    return run


def _place(s: State, seat: int, move: Move) -> None:
    """One step of placing an item; grain laid on a house may trigger a card (Nobleman 98A)."""
    p = s["seats"][seat]
    anytime.place(p, move, s["prompt"]["kind"] == "end")
    area = p["areas"][move["area"]] if "row" in move else None
    if area is not None and move["item"] in ("grain", "rune_stone") and area["kind"] in ("stone_house", "long_house"):
        occupations.interrupt(s, occupations.fire(s, seat, "event", f"{move['item']}_in_house"))  # 98A, 101B
    elif area is not None and move["item"] == "rune_stone" and area["kind"] not in ("home", "shed"):
        occupations.interrupt(s, occupations.fire(s, seat, "event", "rune_stone_on_board"))  # Undertaker 100b


def cancel(s: State, seat: int, move: Move) -> None:
    s["seats"][seat]["draft"] = None


HANDLERS: dict[str, Callable[[State, int, Move], None]] = {
    "occupy": occupy,
    "pass": pass_turn,
    "choose_card": choose_card,
    "option": option,
    "play": play,
    "skip": skip,
    "stop": stop,
    "ready": _confirm("ready", "F-347"),
    "done": _confirm("end", "F-721"),
    "serve": serve,
    "leave": leave,
    "leave_rest": leave,
    "place": _anytime_state(lambda s, seat, move: _place(s, seat, move)),
    "cancel": cancel,
    "take": _within(("trade",), trade.take),
    "upgrade": _within(("trade",), trade.upgrade),
    "flip": _within(("sea_trade",), sailing.flip),
    "roll": _within(("dice",), dice.roll),
    "offer": _within(("dice",), dice.offer),
    "loot": _within(("dice",), dice.loot),
    "hunt": _within(("dice",), dice.hunt),
    "fail": _within(("dice",), dice.fail),
    "buy": _within(("special_sale",), sailing.buy),
    "finish": finish,
    "store": _anytime(anytime.store),
    "buy_ship": _anytime(anytime.buy_ship),
    "arm": _anytime(anytime.arm),
    "use_card": _anytime_state(offers.use_card),
    "choose": _within(("card",), offers.choose),
    "decline": _within(("card",), offers.decline),
}


def apply_move(s: State, seat: int, move: Any) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str) or move["type"] not in HANDLERS:
        raise malformed("a move is a map with a known type")
    if seat not in to_act(s) and not (move["type"] in ANYTIME_MOVES and out_of_turn(s, seat)):
        raise refuse("F-240", "it is not your decision now", "not_your_turn")
    p = s["seats"][seat]
    if move["type"] not in ("place", "cancel"):
        p["draft"] = None
    HANDLERS[move["type"]](s, seat, move)
