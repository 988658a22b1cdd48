"""A notification as a device shows it (server.notify.wording)."""

from __future__ import annotations

from server.notify.wording import worded


def test_each_kind_is_worded_with_its_room_link_and_tag() -> None:
    assert worded("turn", {"room": "r1", "game": "feast"}) == {
        "kind": "turn", "room": "r1", "game": "feast", "title": "Your turn",
        "body": "A Feast for Odin: it is your turn to play.", "url": "/#/room/r1", "tag": "turn:r1",
    }  # fmt: skip
    assert worded("over", {"room": "r1", "game": "hunters"})["body"].endswith(": the game has ended.")
    invite = worded("invite", {"room": "r2", "game": "vikings", "from": "Astrid"})
    assert (invite["title"], invite["body"], invite["tag"]) == ("An invitation", "Astrid invites you to play Vikings.",
                                                               "invite:r2")  # fmt: skip
    assert worded("invite", {})["url"] == "/"
