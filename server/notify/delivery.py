"""Sending one notification by one channel: Web Push through pywebpush (the message
encrypted to the device's keys, RFC 8291 aes128gcm, with a VAPID JWT, RFC 8292), e-mail
through aiosmtplib where an SMTP server is configured (`LONGHALL_SMTP_URL`).

Each send has a timeout: a slow push service or mail server holds up only its own
notification. What the push service answered decides what becomes of the subscription:
404 and 410 mean the device unsubscribed (or the service forgot it), and it is dropped."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import unquote, urlsplit

import aiohttp
import aiosmtplib
from pywebpush import WebPushException, webpush_async

from server.notify.vapid import Keys

log = logging.getLogger("longhall.notify")
PUSH_TIMEOUT = 5.0  # seconds a push service may take to answer (LONGHALL_PUSH_TIMEOUT)
MAIL_TIMEOUT = 10.0  # seconds a mail server may take
PUSH_TTL = 24 * 3600  # seconds a push service keeps a message for a device that is offline
GONE = (404, 410)  # the endpoint is no more: drop the subscription


@dataclass
class Pushed:
    status: int  # the push service's answer (0: none, it timed out or could not be reached)

    @property
    def gone(self) -> bool:
        return self.status in GONE


async def push(session: aiohttp.ClientSession, keys: Keys, contact: str, subscription: dict[str, Any],
               data: str, timeout: float = PUSH_TIMEOUT) -> Pushed:  # fmt: skip
    """Send `data` to one device; what its push service answered within `timeout` seconds."""
    try:
        answer = await webpush_async(subscription, data, vapid_private_key=keys.signer, vapid_claims={"sub": contact},
                                     ttl=PUSH_TTL, timeout=aiohttp.ClientTimeout(total=timeout),
                                     aiohttp_session=session)  # fmt: skip
    except WebPushException as exc:
        return Pushed(exc.response.status if exc.response is not None else 0)
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        log.info("push to %s failed: %s: %s", urlsplit(subscription["endpoint"]).netloc, type(exc).__name__, exc)
        return Pushed(0)
    return Pushed(getattr(answer, "status", 0))


@dataclass
class Mailer:
    """An SMTP server: smtp://[user:password@]host[:port] (STARTTLS when the server offers
    it), or smtps:// (TLS from the start)."""

    url: str
    sender: str

    async def send(self, to: str, subject: str, body: str) -> bool:
        u = urlsplit(self.url)
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.sender, to, subject
        msg.set_content(body)
        tls = u.scheme == "smtps"
        try:
            await aiosmtplib.send(msg, hostname=u.hostname or "localhost", port=u.port or (465 if tls else 25),
                                  username=unquote(u.username) if u.username else None,
                                  password=unquote(u.password) if u.password else None,
                                  use_tls=tls, timeout=MAIL_TIMEOUT)  # fmt: skip
        except (aiosmtplib.SMTPException, TimeoutError, OSError) as exc:
            log.info("an e-mail to a player failed: %s: %s", type(exc).__name__, exc)
            return False
        return True
