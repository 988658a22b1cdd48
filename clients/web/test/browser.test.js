// The app in a real browser (Debian's chromium, driven by playwright-core): for every
// game, two browser contexts create and join a room from the lobby and play turns by
// clicking, while a third watches. The spectator's view must equal the players' public
// view, a reload must come back into the same seat, and a refused move must show its rule
// number. Screenshots of the lobby and of each table go to SHOTS (test-artifacts/web).
//
// tests/web/test_browser.py runs this with LONGHALL_HTTP pointing at a server that
// serves the built app.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import { chromium } from "playwright-core";
import WebSocket from "ws";
import { playOut, seeded } from "../../js/test/random_player.js";
import { refusalShowsItsRule, reloadKeepsTheSeat, spectatorSeesTheSame, viewOf } from "./play/common.js";

const HTTP = process.env.LONGHALL_HTTP;
const SHOTS = process.env.LONGHALL_SHOTS ?? new URL("../../../test-artifacts/web/", import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const skip = HTTP ? false : "LONGHALL_HTTP is not set (tests/web/test_browser.py sets it)";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

// Per game: how many decisions to click, and moves the rules refuse (the first that
// comes back with a rule number is the one shown).
// (Vikings, Hunters & Gatherers and A Feast for Odin: the same checks run in test/play/
// and test/feast/, on the rooms played there.)
const GAMES = {
  highcard: { turns: 3, refused: [{ type: "bid", n: 9 }, { type: "play", card: 99 }] },
};
let browser;
const pageErrors = []; // any uncaught error in a page fails the test that saw it
before(async () => {
  if (!HTTP) return;
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
after(async () => browser?.close());

async function newPage(width = 1100, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && pageErrors.push(msg.text()));
  return page;
}

const tablePage = (page) => page.locator(".table-page");
const seqOf = async (page) => Number(await tablePage(page).getAttribute("data-seq"));

/** The page whose player must decide now (with its moves loaded), or null. */
async function actingPage(pages) {
  for (const p of pages) {
    const words = await p.locator("#prompt").textContent();
    const ready = (await p.locator("#legal .move").count()) > 0;
    if (words.startsWith("Your decision") && ready) return p;
  }
  return null;
}

/** Make one decision by clicking: a place on the board when there is one, else the list. */
async function decide(page) {
  const before = await seqOf(page);
  const square = page.locator("#board [data-square]").first();
  const spot = page.locator("#board .choice:not([data-square])").first();
  if ((await square.count()) > 0) {
    await square.click();
    if ((await page.locator("#rotate").count()) > 0) await page.locator("#rotate").click();
    await page.locator("#place").click();
  } else if ((await spot.count()) > 0) {
    await spot.click({ timeout: 5000 });
  } else {
    await page.locator("#legal .move").first().click();
  }
  await page.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, before);
}

async function playTurns(pages, turns) {
  for (let i = 0; i < turns; i++) {
    let page = null;
    for (let tries = 0; !page && tries < 100; tries++) {
      page = await actingPage(pages);
      if (!page) await pages[0].waitForTimeout(50);
    }
    assert.ok(page, "nobody was asked to decide");
    await decide(page);
  }
}

/** A creates a two-seat room from the lobby, B joins by its link, A starts, S watches. */
async function openRoom(game, a, b, s, options = {}) {
  await a.goto(`${HTTP}/#/`);
  const card = a.locator(`.game-card[data-game="${game}"]`);
  await card.locator('select[name="seats"]').selectOption("2");
  for (const [name, value] of Object.entries(options)) {
    await card.locator(`select[name="${name}"]`).selectOption(String(value));
  }
  await card.locator('button[type="submit"]').click();
  await tablePage(a).waitFor();
  const room = await tablePage(a).getAttribute("data-room");
  await b.goto(`${HTTP}/#/room/${room}`);
  await b.locator('.table-page[data-seat="1"]').waitFor();
  await a.locator("#start:not([disabled])").click();
  await s.goto(`${HTTP}/#/watch/${room}`);
  await s.locator('.table-page[data-seat="spectator"][data-status="playing"]').waitFor();
  await a.locator('.table-page[data-status="playing"]').waitFor();
  return room;
}

for (const [game, plan] of Object.entries(GAMES)) {
  test(`${game}: two players click turns, a spectator sees the same, reload, refusal`, { skip, timeout: 120000 }, async () => {
    const [a, b, s] = [await newPage(), await newPage(), await newPage()];
    try {
      const room = await openRoom(game, a, b, s, plan.options);
      assert.deepEqual((await viewOf(s, room)).options, { ...(await viewOf(s, room)).options, ...plan.options });
      await playTurns([a, b], plan.turns);
      await spectatorSeesTheSame(room, [a, b], s);
      await a.screenshot({ path: `${SHOTS}${game}-seat0.png`, fullPage: true });
      await s.screenshot({ path: `${SHOTS}${game}-spectator.png`, fullPage: true });
      await reloadKeepsTheSeat(b);
      await playTurns([a, b], 2);
      const mover = (await actingPage([a, b])) ?? a;
      await refusalShowsItsRule(mover, plan.refused);
      await mover.screenshot({ path: `${SHOTS}${game}-refused.png` });
      assert.deepEqual(pageErrors.splice(0), [], "errors in the pages");
    } finally {
      await Promise.all([a, b, s].map((p) => p.context().close()));
    }
  });
}

test("a game played to its end by keyboard shows the score breakdown and the winners", { skip, timeout: 60000 }, async () => {
  const [a, b, s] = [await newPage(), await newPage(), await newPage()];
  try {
    const room = await openRoom("highcard", a, b, s);
    for (let i = 0; i < 20 && (await tablePage(s).getAttribute("data-status")) === "playing"; i++) {
      const page = await actingPage([a, b]);
      if (!page) {
        await a.waitForTimeout(50);
        continue;
      }
      const before = await seqOf(page);
      // focus a place on the board (or a listed decision) and press Enter, as a keyboard user would
      const target = (await page.locator("#board .choice").count()) ? "#board .choice" : "#legal .move";
      await page.locator(target).first().focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction((n) => Number(document.querySelector(".table-page").dataset.seq) > n, before);
    }
    for (const p of [a, b, s]) {
      await p.locator('.table-page[data-status="over"] #result').waitFor();
      assert.match(await p.locator("#result h3").textContent(), /^Winners?: /);
      assert.ok((await p.locator("#result tr.total td").count()) === 2, "a total per seat");
    }
    assert.equal(room.length > 0, true);
    await s.screenshot({ path: `${SHOTS}highcard-result.png`, fullPage: true });
    assert.deepEqual(pageErrors.splice(0), [], "errors in the pages");
  } finally {
    await Promise.all([a, b, s].map((p) => p.context().close()));
  }
});

/** Node clients play a whole random game; a player's page and a spectator's page follow. */
async function watchedGame(game, options) {
  const ws = `${HTTP.replace(/^http/, "ws")}/ws`;
  const bots = [await new Client(ws, { name: "Astrid", WebSocket }).connect(), await new Client(ws, { name: "Bjorn", WebSocket }).connect()];
  const room = (await bots[0].create(game, options, 2)).room;
  await bots[1].join(room);
  const [mine, watcher] = [await newPage(), await newPage()];
  // the player's page speaks for bot 0 (same token): it draws every state of seat 0's view
  await mine.context().addInitScript((token) => localStorage.setItem("longhall.token", token), bots[0].token);
  await mine.goto(`${HTTP}/#/room/${room}`);
  await watcher.goto(`${HTTP}/#/watch/${room}`);
  await Promise.all([mine, watcher].map((p) => tablePage(p).waitFor()));
  await bots[0].start(room);
  try {
    await Promise.all(bots.map((c, i) => playOut(c, room, seeded(7 + i))));
    // a page draws every state it is sent, in order: on a loaded machine it may still be
    // drawing when the bots are done, so it is given the test's time, not the default 30 s
    for (const p of [mine, watcher]) await p.locator('.table-page[data-status="over"] #result').waitFor({ timeout: 150000 });
  } finally {
    bots.forEach((c) => c.close());
    await Promise.all([mine, watcher].map((p) => p.context().close()));
  }
}

// Vikings and Hunters & Gatherers are played to their end by clicking in test/play/ (a
// player's page draws every state of its view there); A Feast for Odin with two seats is
// followed here to its end by a player's page and a spectator's.
test("a whole random game followed in the browser draws every state without an error", { skip, timeout: 180000 }, async () => {
  for (const [game, options] of [["feast", null]]) {
    const t0 = Date.now();
    await watchedGame(game, options);
    console.log(`# timing ${game} followed to its end in ${Date.now() - t0} ms`);
    assert.deepEqual(pageErrors.splice(0), [], `errors in the pages while following ${game}`);
  }
});

test("quick match: two players who find players land at the same table", { skip, timeout: 60000 }, async () => {
  const [a, b] = [await newPage(), await newPage()];
  try {
    for (const p of [a, b]) {
      await p.goto(`${HTTP}/#/`);
      await p.locator('.game-card[data-game="highcard"] button.match').click();
    }
    const refused = a.locator(".error", { hasText: "unknown_type" });
    await Promise.race([tablePage(a).waitFor(), refused.waitFor()]);
    if (await refused.count()) return; // a server without matchmaking
    await tablePage(b).waitFor();
    assert.equal(await tablePage(a).getAttribute("data-room"), await tablePage(b).getAttribute("data-room"));
    const seats = [await tablePage(a).getAttribute("data-seat"), await tablePage(b).getAttribute("data-seat")];
    assert.deepEqual(seats.sort(), ["0", "1"]);
    await a.locator('.table-page[data-status="playing"]').waitFor();
    assert.deepEqual(pageErrors.splice(0), [], "errors in the pages");
  } finally {
    await Promise.all([a, b].map((p) => p.context().close()));
  }
});

test("a token the server no longer knows starts a new identity instead of failing", { skip }, async () => {
  const page = await newPage();
  try {
    await page.context().addInitScript(() => localStorage.setItem("longhall.token", "stale.token"));
    await page.goto(`${HTTP}/#/`);
    await page.locator(".game-card").first().waitFor();
    const token = await page.evaluate(() => window.longhall.client.token);
    assert.notEqual(token, "stale.token");
    assert.deepEqual(pageErrors.splice(0), [], "errors in the page");
  } finally {
    await page.context().close();
  }
});

test("the lobby lists open rooms live, on a phone-sized screen too", { skip, timeout: 60000 }, async () => {
  const host = await newPage();
  const phone = await newPage(390, 844);
  try {
    await host.goto(`${HTTP}/#/`);
    await host.locator('.game-card[data-game="vikings"] button[type="submit"]').click();
    await tablePage(host).waitFor();
    const room = await tablePage(host).getAttribute("data-room");
    await phone.goto(`${HTTP}/#/`);
    await phone.locator(`tr[data-room="${room}"]`).waitFor({ timeout: 10000 });
    await phone.screenshot({ path: `${SHOTS}lobby-phone.png`, fullPage: true });
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 400, `the lobby fits a phone (${width}px wide)`);
    // the phone takes the second seat; the table fits the screen too
    await phone.locator(`tr[data-room="${room}"] a`, { hasText: "Join" }).click();
    await phone.locator('.table-page[data-seat="1"]').waitFor();
    await host.locator("#start:not([disabled])").click();
    await phone.locator('.table-page[data-status="playing"] #board svg').first().waitFor();
    await phone.screenshot({ path: `${SHOTS}vikings-phone.png`, fullPage: true });
    const tableWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(tableWidth <= 400, `the table fits a phone (${tableWidth}px wide)`);
    const desk = await newPage();
    await desk.goto(`${HTTP}/#/`);
    await desk.locator(`tr[data-room="${room}"]`).waitFor({ timeout: 10000 });
    await desk.screenshot({ path: `${SHOTS}lobby.png`, fullPage: true });
    // keyboard: the lobby's controls are reachable and usable with Tab and Enter
    await desk.keyboard.press("Tab");
    const focused = await desk.evaluate(() => document.activeElement?.tagName);
    assert.ok(["A", "INPUT", "BUTTON", "SELECT"].includes(focused), `focus went to ${focused}`);
    await desk.context().close();
    assert.deepEqual(pageErrors.splice(0), [], "errors in the pages");
  } finally {
    await host.context().close();
    await phone.context().close();
  }
});
