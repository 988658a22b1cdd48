// Notifications on a device, in a real browser (Debian's chromium, driven by
// playwright-core), against the product build tests/web/test_pwa.py serves:
// - a push in the server's shape (server/notify/wording.py: title, body, url, tag "kind:room"),
//   delivered through the DevTools protocol (ServiceWorker.deliverPushMessage), is shown
//   by the service worker; a newer one about the same room replaces it;
// - the lobby's notifications panel reads the player's settings from the server and saves
//   them (GET/PUT /api/players/{player}/notifications);
// - turning notifications on goes to PushManager.subscribe with the server's key: headless
//   Chromium has no push service to register with (in a browsing context without a
//   profile it refuses at once, "permission denied"; with a profile it never answers), so
//   what is checked is that the panel says why and the server holds no subscription.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";

const HTTP = process.env.LONGHALL_HTTP;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const skip = HTTP ? false : "LONGHALL_HTTP is not set (tests/web/test_pwa.py sets it)";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

let browser;
before(async () => {
  if (!HTTP) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
after(async () => browser?.close());

async function controlledLobby() {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.grantPermissions(["notifications"], { origin: HTTP });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(`${HTTP}/#/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  return { context, page, errors };
}

/** The page's player and token (the token's `sub` is the player). */
async function identity(page) {
  await page.waitForFunction(() => localStorage.getItem("longhall.token"), null, { timeout: 30000 });
  const token = await page.evaluate(() => localStorage.getItem("longhall.token"));
  const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
  return { player: claims.sub, token };
}

async function settingsOf({ player, token }) {
  const res = await fetch(`${HTTP}/api/players/${player}/notifications`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return res.json();
}

test("the service worker shows a push of the server's making, a newer one of a room replacing it", { skip }, async () => {
  const { context, page, errors } = await controlledLobby();
  const cdp = await context.newCDPSession(page);
  const registered = new Promise((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${HTTP}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  const room = "r0push0001";
  const push = (kind, title, body) => ({ kind, room, game: "vikings", title, body, url: `/#/room/${room}`, tag: `${kind}:${room}` });
  const first = push("turn", "Your turn", "Vikings: it is your turn to play.");
  const again = { ...first, body: "Vikings: it is your turn again." };
  const shown = async (want) => {
    for (let tries = 0; tries < 300; tries++) {
      const notes = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
        .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })));
      if (notes.length === 1 && notes[0].body === want.body) return notes;
      await page.waitForTimeout(100);
    }
    throw new Error(`never shown: ${want.body}`);
  };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: HTTP, registrationId, data: JSON.stringify(first) });
  assert.deepEqual(await shown(first), [{ title: "Your turn", body: first.body, tag: `turn:${room}`, url: `${HTTP}/#/room/${room}` }]);
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: HTTP, registrationId, data: JSON.stringify(again) });
  assert.deepEqual(await shown(again), [{ title: "Your turn", body: again.body, tag: `turn:${room}`, url: `${HTTP}/#/room/${room}` }]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the notifications panel shows the player's settings and saves them", { skip }, async () => {
  const { context, page, errors } = await controlledLobby();
  const who = await identity(page);
  await page.locator("#notifications").waitFor();
  await page.waitForFunction(() => document.getElementById("notify-turn").checked, null, { timeout: 30000 });
  assert.deepEqual(await page.locator("#notifications input[type=checkbox]").evaluateAll((els) => els.map((e) => e.checked)), [true, true, true]);
  assert.equal(await page.locator("#notify-email").isVisible(), false); // this node has no mail server
  await page.locator("#notify-over").uncheck();
  await page.locator("#notify-save").click();
  await page.locator("#notify-status", { hasText: "Saved." }).waitFor();
  const saved = await settingsOf(who);
  assert.deepEqual(saved.events, ["turn", "invite"]);
  assert.equal(saved.email_sent, false);
  await page.reload();
  await page.waitForFunction(() => document.getElementById("notify-turn")?.checked, null, { timeout: 30000 });
  assert.equal(await page.locator("#notify-over").isChecked(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("turning notifications on asks the browser's push service, and says why it could not", { skip }, async () => {
  const { context, page, errors } = await controlledLobby();
  const who = await identity(page);
  const toggle = page.locator("#notify-toggle:not([disabled])");
  await toggle.waitFor({ timeout: 30000 });
  assert.equal(await page.locator("#notify-status").textContent(), "Notifications are off for this device.");
  await toggle.click();
  await page.locator("#notify-status", { hasText: "Notifications could not be turned on:" }).waitFor({ timeout: 40000 });
  assert.match(await page.locator("#notify-status").textContent(), /Registration failed|push service/);
  assert.equal(await page.locator("#notify-toggle").textContent(), "Turn on notifications on this device");
  assert.equal((await settingsOf(who)).devices, 0);
  assert.deepEqual(errors, []);
  await context.close();
});
