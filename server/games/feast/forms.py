"""Every form a Feast for Odin move takes (see server.games.forms)."""

from server.games.forms import LISTED, Forms, form

FORMS: Forms = {
    "arm": (form("ship"),),
    "buy": (form("tile"),),
    "buy_ship": (form("ship"),),
    "cancel": (form(),),
    "choose": (form("pick"),),  # an occupation card's prompt (F-640)
    "choose_card": (form("card"),),
    "decline": (form(),),
    "done": (form(),),
    "fail": (form(), form("vikings")),  # F-590: "vikings": "return" (the default) or "stay"
    "finish": (form(),),
    "flip": (form("good"),),
    "hunt": (form("wood"),),
    "leave": (form(),),
    "leave_rest": (form(),),
    "loot": (form("tile"), form("tile", "tile2")),  # two tiles: Raider 136c
    "occupy": (form("space"), form("space", "copy")),
    "offer": (form("res"),),
    "option": (form("pick"),),
    "pass": (form(),),
    "place": (form("item"), form("item", "area", "turn"), form("item", "area", "turn", "row", "col")),
    "play": (form("card"),),
    "ready": (form(),),
    "roll": (form(),),
    "serve": (form("item"), form("item", "lay")),
    "skip": (form(),),
    "stop": (form(),),
    "store": (form("res", "area"), form("res", "shed")),
    "take": (form("strip", "n", "part"),),
    "upgrade": (form("good", "to"),),
    "use_card": LISTED,  # each occupation offers its own fields (F-645)
}
