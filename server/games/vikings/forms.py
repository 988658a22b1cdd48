"""Every form a Vikings move takes (see server.games.forms)."""

from server.games.forms import Forms, form

FORMS: Forms = {
    "bid": (form("amount"),),
    "boatsman": (form("mode"), form("mode", "colour")),
    "box": (form("colour"),),
    "buy": (form("slot"),),
    "carry": (form("row", "col"),),
    "colour": (form("colour"),),
    "convert": (form("vp"),),
    "decline": (form(),),
    "discard": (form(),),
    "done": (form(),),
    "exchange": (form("row", "col"),),
    "land": (form(),),
    "pass": (form(),),
    "place": (form("row", "col"),),
    "special": (form("space"),),
    "start": (form("row"),),
    "viking": (form("to"),),
}
