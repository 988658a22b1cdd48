"""What the notification routes take (server.notify.routes): a device's subscription and
a player's settings, checked before anything is written."""

from __future__ import annotations

from server.notify.routes import device_of, wishes_of
from server.notify.wishes import Device, Wishes

P256DH = "B" + "A" * 86  # 65 bytes, base64url
AUTH = "A" * 22  # 16 bytes


def test_a_subscription_needs_an_https_endpoint_and_keys_of_the_right_size() -> None:
    good = {"endpoint": "https://push.example.net/x", "keys": {"p256dh": P256DH, "auth": AUTH}}
    assert device_of(good, http=False) == Device("https://push.example.net/x", P256DH, AUTH)
    assert device_of({**good, "endpoint": "http://push.example.net/x"}, http=False) == "endpoint: an https URL"
    assert isinstance(device_of({**good, "endpoint": "http://127.0.0.1:9/x"}, http=True), Device)
    assert device_of({**good, "endpoint": "file:///etc/passwd"}, http=True) == "endpoint: an https URL"
    wrong = "keys: p256dh (65 bytes) and auth (16 bytes), base64url"
    assert device_of({**good, "keys": {"p256dh": P256DH[:-4], "auth": AUTH}}, http=False) == wrong
    assert device_of({**good, "keys": {"p256dh": P256DH, "auth": "!!"}}, http=False) == wrong
    assert device_of([good], http=False) == "send the PushSubscription as JSON"


def test_settings_change_only_what_is_sent_and_refuse_what_is_not_a_setting() -> None:
    was = Wishes()
    assert wishes_of({"events": ["over", "turn"]}, was) == Wishes(True, None, ["turn", "over"])
    every = ["turn", "over", "invite"]
    assert wishes_of({"email": "ada@example.org", "push": False}, was) == Wishes(False, "ada@example.org", every)
    assert wishes_of({"email": ""}, Wishes(True, "ada@example.org")) == Wishes(True, None)
    assert wishes_of({"email": "not an address"}, was) == "email: an address, or null"
    assert wishes_of({"events": ["gossip"]}, was) == "events: a list of turn, over, invite"
    assert wishes_of({"push": "yes"}, was) == "push: true or false"
