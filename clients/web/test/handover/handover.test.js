// Your player on another device, and your games, in headless Chromium.
//
// The hand-over: a player in one browser context (the first device) is seated in a
// Vikings game; "Use on another device" shows a link and a QR code that reads back as
// that link (jsQR); a second context (the phone) opens the link, becomes the same
// player, finds the game among its games and takes the seat: it decides there, and the
// first device's player sees the decision as its own. A third context opening the same
// link is told it was used; a link revoked no longer redeems.
//
// Passkeys: a passkey added on one device (a virtual authenticator, Chrome DevTools
// Protocol's WebAuthn domain) and copied to another's authenticator (as a synced one would
// be) signs that device in as the same player; an assertion sent twice is refused.
//
// The games page: a player seated in two games, their turn in one: "#/games" lists both
// newest first with the turn marked, the header and the tab's title say "Your turn in 1
// game", and the header's "Next game" leads from the other game's table to that one in
// one click; once the turn is played the count goes back to none. Her vacation is taken
// from the page, shown and ended early.
// tests/web/test_handover_browser.py runs this.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import jsQR from "jsqr";
import WebSocket from "ws";
import { seriousFindings } from "../axe/axe.js";
import * as c from "../play/common.js";

const LANGS = ["en", "ru", "pl", "fi", "uk"];
const catalogue = (lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/${lang}.json`, import.meta.url), "utf8"));
const words = catalogue("en");
const WS = c.HTTP ? `${c.HTTP.replace(/^http/, "ws")}/ws` : "";

let browser;
const errors = [];
const clients = [];
before(async () => {
  if (!c.skip) browser = await c.launch();
});
after(async () => {
  for (const cl of clients) cl.close();
  await browser?.close();
});

async function connect(name, token) {
  const cl = await new Client(WS, { name, token, WebSocket }).connect();
  clients.push(cl);
  return cl;
}

/** A player's page in a context of its own, in the lobby: the page and who it is. */
async function playerPage(name, viewport = c.DESKTOP) {
  const page = await c.newPage(browser, viewport, errors, { hideList: false });
  await page.context().addInitScript((n) => localStorage.getItem("longhall.name") ?? localStorage.setItem("longhall.name", n), name);
  await page.goto(`${c.HTTP}/#/`);
  await page.locator(".game-card").first().waitFor();
  const me = await page.evaluate(() => ({ player: window.longhall.client.player, token: localStorage.getItem("longhall.token") }));
  return { page, ...me };
}

/** A started two-seat Vikings room, seat 0 to play first (V-25), hosted by `host`. */
async function startedRoom(host, guest) {
  const room = (await host.create("vikings", { start_player: 0 }, 2)).room;
  await guest.join(room);
  await host.start(room);
  await host.waitUntil(() => host.rooms.get(room).view.status === "playing");
  return room;
}

/** The QR code drawn on the page, read back by jsQR from its pixels. */
async function qrText(page) {
  const img = await page.evaluate(async () => {
    const svg = document.querySelector("#handover-qr svg");
    const url = `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    const im = new Image();
    await new Promise((ok, bad) => ((im.onload = ok), (im.onerror = bad), (im.src = url)));
    const canvas = Object.assign(document.createElement("canvas"), { width: 400, height: 400 });
    const g = canvas.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, 400, 400);
    g.drawImage(im, 0, 0, 400, 400);
    return { data: Array.from(g.getImageData(0, 0, 400, 400).data), width: 400, height: 400 };
  });
  return jsQR(Uint8ClampedArray.from(img.data), img.width, img.height)?.data ?? null;
}

/** Drop the browser's log line of a refused request (status `status`), which the test caused. */
function refusedOnce(status) {
  const at = errors.findIndex((e) => e.includes(`status of ${status}`));
  assert.ok(at >= 0, `the browser logged no ${status}: ${errors.join(" | ")}`);
  errors.splice(at, 1);
}

test("hand-over: a link and a QR code make a second device the same player, seated; the link works once", { skip: c.skip, timeout: 240000 }, async () => {
  const laptop = await playerPage("Astrid");
  const astrid = await connect("Astrid", laptop.token); // the same player, from here: the room's host
  assert.equal(astrid.player, laptop.player);
  const bjorn = await connect("Bjorn");
  const room = await startedRoom(astrid, bjorn);

  await laptop.page.locator("#handover-make").click();
  await laptop.page.locator("#handover-qr svg").waitFor();
  const link = await laptop.page.locator("#handover-link").inputValue();
  assert.match(link, /#\/handover\/[A-Za-z0-9_-]{22}$/);
  assert.equal(await qrText(laptop.page), link, "the QR code says the link");
  assert.deepEqual(await seriousFindings(laptop.page), [], "axe-core on the lobby with its link shown");
  await laptop.page.screenshot({ path: `${c.SHOTS}handover-panel.png`, fullPage: true });

  // the second device: a browser that never saw this player
  const phone = await c.newPage(browser, c.PHONE, errors, { hideList: false });
  await phone.goto(link);
  await phone.locator("#handover-accept").waitFor();
  assert.deepEqual(await seriousFindings(phone), [], "axe-core on the link's page");
  await phone.locator("#handover-accept").click();
  await phone.locator(`#my-games tr[data-room="${room}"]`).waitFor();
  assert.equal(await phone.evaluate(() => window.longhall.client.player), laptop.player, "the same player");
  assert.equal(await phone.evaluate(() => localStorage.getItem("longhall.name")), "Astrid");
  await phone.locator(`#my-games tr[data-room="${room}"] a.to-table`).click();
  await phone.locator(`.table-page[data-room="${room}"][data-seat="0"][data-turn="yours"]`).waitFor();
  // it takes the seat: its decision is the seat's, as the first device's player sees it
  const seq = astrid.rooms.get(room).seq;
  const moves = await phone.evaluate((r) => window.longhall.client.legal(r), room);
  await phone.evaluate((m) => window.longhall.tryMove(m), moves[0]);
  await astrid.waitUntil(() => astrid.rooms.get(room).seq > seq);
  assert.equal(astrid.rooms.get(room).view.last.seat, 0);
  assert.doesNotMatch(await phone.locator("header").textContent(), /null|undefined|NaN/);
  await phone.screenshot({ path: `${c.SHOTS}handover-phone-table.png` });

  // a third device: the link is used up
  const third = await c.newPage(browser, c.DESKTOP, errors, { hideList: false });
  await third.goto(link);
  await third.locator("#handover-accept").click();
  await third.locator("#handover-error:not([hidden])").waitFor();
  assert.equal(await third.locator("#handover-error").textContent(), words["handover.gone"]);
  assert.equal(await third.evaluate(() => localStorage.getItem("longhall.token")), null, "still nobody there");
  refusedOnce(404);

  // a link revoked from the panel no longer redeems
  await laptop.page.locator("#handover-make").click();
  await laptop.page.waitForFunction((old) => document.querySelector("#handover-link")?.value !== old, link); // the new link drawn
  const again = await laptop.page.locator("#handover-link").inputValue();
  assert.notEqual(again, link);
  await laptop.page.locator("#handover-revoke").click();
  await laptop.page.locator("#handover-revoked").waitFor();
  const tried = await fetch(`${c.HTTP}/api/handover/${again.split("/").pop()}`, { method: "POST" });
  assert.equal(tried.status, 404);
  assert.deepEqual(errors, []);
  for (const p of [laptop.page, phone, third]) await p.context().close();
});

test("your games: both listed newest first, the count in the header and title, the next game in one click", { skip: c.skip, timeout: 240000 }, async () => {
  const me = await playerPage("Helga");
  const helga = await connect("Helga", me.token);
  const ivar = await connect("Ivar");
  const mine = await startedRoom(helga, ivar); // Helga's seat 0 plays first: her turn
  const theirs = await startedRoom(ivar, helga); // Ivar's seat 0 plays first: his turn

  await me.page.locator("#to-my-games").click();
  await me.page.waitForFunction(() => document.querySelectorAll("#my-games tbody tr").length === 2);
  const rows = await me.page.locator("#my-games tbody tr").evaluateAll((trs) => trs.map((tr) => [tr.dataset.room, tr.dataset.yourTurn]));
  assert.deepEqual(rows, [[theirs, "false"], [mine, "true"]], "newest change first, the turn marked");
  assert.doesNotMatch(await me.page.locator("#my-games").textContent(), /null|undefined|NaN/);
  assert.equal(await me.page.locator(`#my-games tr[data-room="${theirs}"] .turn-line`).textContent(), "Ivar to play");
  const count = words["turns.count_one"].replace("{{count}}", "1");
  await me.page.locator('#turns[data-count="1"]').waitFor();
  assert.equal(await me.page.locator("#to-games").textContent(), count);
  assert.equal(await me.page.title(), `${count} · Longhall`);
  await me.page.screenshot({ path: `${c.SHOTS}games-page.png`, fullPage: true });

  // in every language: the page's heading and the header's count are the catalogue's (its
  // plural for one), it fits a phone's width, and axe-core finds nothing serious
  const found = [];
  for (const lang of LANGS) {
    const w = catalogue(lang);
    await me.page.evaluate((l) => localStorage.setItem("longhall.lang", l), lang);
    await me.page.reload();
    await me.page.waitForFunction(() => document.querySelectorAll("#my-games tbody tr").length === 2);
    await me.page.locator('#turns[data-count="1"]').waitFor();
    assert.equal(await me.page.locator(".games-page h2").textContent(), w["games.title"], lang);
    assert.equal(await me.page.locator("#to-games").textContent(), w["turns.count_one"].replace("{{count}}", "1"), lang);
    for (const f of await seriousFindings(me.page)) found.push({ what: `${lang} games`, ...f });
    await me.page.setViewportSize(c.PHONE);
    const [wide, screen] = await me.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(wide <= screen + 1, `${lang}: the games page is ${wide}px wide on a ${screen}px screen`);
    await me.page.setViewportSize(c.DESKTOP);
  }
  assert.deepEqual(found, [], JSON.stringify(found, null, 1));
  await me.page.evaluate(() => localStorage.setItem("longhall.lang", "en"));
  await me.page.reload();
  await me.page.locator('#turns[data-count="1"]').waitFor();

  // her vacation: two days taken from the page, then ended at once (the day begun counts as taken)
  const left = (n) => words["games.vacation_left"].replace("{{n}}", String(n));
  assert.equal(await me.page.locator("#vacation-left").textContent(), left(14));
  await me.page.locator("#vacation-days").fill("2");
  await me.page.locator("#vacation-take").click();
  await me.page.locator("#vacation-until").waitFor();
  assert.equal(await me.page.locator("#vacation-left").textContent(), left(12));
  assert.doesNotMatch(await me.page.locator("#vacation").textContent(), /null|undefined|NaN|Invalid/);
  await me.page.screenshot({ path: `${c.SHOTS}games-vacation.png`, fullPage: true });
  await me.page.locator("#vacation-end").click();
  await me.page.locator("#vacation-take").waitFor();
  assert.equal(await me.page.locator("#vacation-left").textContent(), left(13));
  assert.equal(await me.page.locator("#vacation-days").getAttribute("max"), "13", "no more days asked than are left");

  // from the other game's table, one click to the game where it is her turn
  await me.page.locator(`#my-games tr[data-room="${theirs}"] a.to-table`).click();
  await me.page.locator(`.table-page[data-room="${theirs}"]`).waitFor();
  assert.equal(await me.page.locator("#next-turn").getAttribute("href"), `#/room/${mine}`);
  await me.page.locator("#next-turn").click();
  await me.page.locator(`.table-page[data-room="${mine}"][data-turn="yours"]`).waitFor();
  assert.equal(await me.page.locator("#next-turn").count(), 0, "no other game waits for her");
  assert.doesNotMatch(await me.page.locator("header").textContent(), /null|undefined|NaN/);

  // her turn played (from her other socket): the count goes back to none
  for (let i = 0; i < 20 && helga.rooms.get(mine).view.to_act.includes(0); i++) {
    await helga.move(mine, (await helga.legal(mine))[0]);
  }
  assert.deepEqual(helga.rooms.get(mine).view.to_act, [1]);
  await me.page.locator('#turns[data-count="0"]').waitFor({ timeout: 30000 });
  assert.equal(await me.page.locator("#to-games").textContent(), words["games.title"]);
  assert.deepEqual(errors, []);
  await me.page.context().close();
});

/** A virtual authenticator on `page` (Chrome DevTools Protocol, WebAuthn domain): a
 * platform one that holds discoverable credentials and verifies its user. */
async function authenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const options = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true,
    isUserVerified: true, automaticPresenceSimulation: true };
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options });
  return { cdp, id: authenticatorId };
}

test("passkeys: one added on a device signs another device in as the same player", { skip: c.skip, timeout: 240000 }, async () => {
  // WebAuthn wants a host name, not an address: the node is reached as localhost here
  const site = c.HTTP.replace("127.0.0.1", "localhost");
  const laptop = await c.newPage(browser, c.DESKTOP, errors, { hideList: false });
  const first = await authenticator(laptop);
  await laptop.goto(`${site}/#/`);
  await laptop.locator(".game-card").first().waitFor();
  const player = await laptop.evaluate(() => window.longhall.client.player);
  const helper = await connect("Sigrid", await laptop.evaluate(() => localStorage.getItem("longhall.token")));
  const room = await startedRoom(helper, await connect("Torvald"));
  await laptop.locator("#passkey-add").click();
  await laptop.locator("#passkey-said", { hasText: words["passkey.added"] }).waitFor();
  const { credentials } = await first.cdp.send("WebAuthn.getCredentials", { authenticatorId: first.id });
  assert.equal(credentials.length, 1);
  assert.ok(credentials[0].isResidentCredential, "a discoverable credential: no user to name at sign-in");

  // another device whose authenticator holds the passkey (as a synced one would)
  const tablet = await c.newPage(browser, c.DESKTOP, errors, { hideList: false });
  const second = await authenticator(tablet);
  await second.cdp.send("WebAuthn.addCredential", { authenticatorId: second.id, credential: credentials[0] });
  await tablet.goto(`${site}/#/`);
  await tablet.locator(".game-card").first().waitFor();
  assert.notEqual(await tablet.evaluate(() => window.longhall.client.player), player, "a guest of its own at first");
  await tablet.locator("#passkey-sign-in").click();
  await tablet.locator(`#my-games tr[data-room="${room}"]`).waitFor();
  assert.equal(await tablet.evaluate(() => window.longhall.client.player), player, "signed in as the same player");

  // an assertion sent again is refused: its challenge was used
  const asked = await (await fetch(`${site}/api/passkeys/options`, { method: "POST", headers: { Origin: site } })).json();
  assert.ok(asked.challenge && asked.rpId === "localhost");
  const replay = await tablet.evaluate(async () => {
    const options = await (await fetch("api/passkeys/options", { method: "POST" })).json();
    const proof = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
    const send = () => fetch("api/passkeys", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(proof.toJSON()) }).then((r) => r.status);
    return [await send(), await send()];
  });
  assert.deepEqual(replay, [200, 401]);
  refusedOnce(401);

  // the laptop lists it (signed in with since), and removes it: the tablet's copy signs nobody in
  await laptop.reload();
  const kept = laptop.locator("#passkey-list li");
  await kept.first().waitFor();
  assert.equal(await kept.count(), 1);
  assert.equal(await kept.first().getAttribute("data-passkey"), credentials[0].credentialId.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"));
  assert.match(await kept.first().textContent(), new RegExp(words["passkey.used_at"].split(" {{")[0]));
  assert.deepEqual(await seriousFindings(laptop), [], "axe on the passkey list");
  await kept.first().locator(".passkey-remove").click();
  await laptop.locator("#passkey-said", { hasText: words["passkey.removed"] }).waitFor();
  await laptop.locator("#passkey-list").waitFor({ state: "hidden" });
  const after = await tablet.evaluate(async () => {
    const options = await (await fetch("api/passkeys/options", { method: "POST" })).json();
    const proof = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
    return (await fetch("api/passkeys", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(proof.toJSON()) })).status;
  });
  assert.equal(after, 401, "a removed passkey signs nobody in");
  refusedOnce(401);
  assert.deepEqual(errors, []);
  for (const p of [laptop, tablet]) await p.context().close();
});
