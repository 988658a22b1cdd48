"""Friends (server.social.friends, server.social.online): a follow is one-sided; two
players who follow each other are friends and see whether the other is online and the
game they play now; a follow alone shows neither."""

from __future__ import annotations

import httpx

from clients.python.client import Client
from tests.cluster import ServerProc
from tests.tables import table


def bearer(c: Client) -> dict[str, str]:
    return {"Authorization": f"Bearer {c.token}"}


async def test_friends_see_each_other_online_and_at_play(server: ServerProc) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        ann, bob = t.players
        fan = await Client(server.url, name="fan").connect()
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            await http.put(f"/api/friends/{bob.player}", headers=bearer(fan), json={"name": "Bob"})
            (followed,) = (await http.get("/api/friends", headers=bearer(fan))).json()["friends"]
            assert followed == {"player": bob.player, "name": "Bob", "mutual": False, "online": False, "room": None,
                                "game": None}  # fmt: skip
            await http.put(f"/api/friends/{bob.player}", headers=bearer(ann), json={"name": "Bob"})
            await http.put(f"/api/friends/{ann.player}", headers=bearer(bob), json={"name": "Ann"})
            (friend,) = (await http.get("/api/friends", headers=bearer(ann))).json()["friends"]
            assert friend == {"player": bob.player, "name": "Bob", "mutual": True, "online": True, "room": t.room,
                              "game": "highcard"}  # fmt: skip
            await bob.close()
            (gone,) = (await http.get("/api/friends", headers=bearer(ann))).json()["friends"]
            assert (gone["online"], gone["room"]) == (False, t.room)  # still seated, not online
            await http.delete(f"/api/friends/{bob.player}", headers=bearer(ann))
            assert (await http.get("/api/friends", headers=bearer(ann))).json()["friends"] == []
        await fan.close()
