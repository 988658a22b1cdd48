"""Every form a Hunters & Gatherers move takes (see server.games.forms)."""

from server.games.forms import Forms, form

FORMS: Forms = {
    "clan": (form("segment"),),
    "hut": (form("segment"),),
    "pass": (form(),),
    "place": (form("x", "y", "rotation"),),
}
