// Tournaments in the app, in headless Chromium: an operator makes a Swiss tournament of
// High Card over HTTP (its token: LONGHALL_ADMIN_TOKEN); two players find it from the
// lobby and enter it from its page (one leaves and enters again), a third enters over
// HTTP; the standings list them. Then the node's clock is moved past the start (the
// offset file LONGHALL_CLOCK_FILE, server.runtime.wallclock): the round is seated, a
// seated player's page offers "go to your table", which opens its seat in the room; the
// game is played out and the page shows the result, the bye, and the final standings as
// the server scores them; the list shows it again among every tournament the archive keeps,
// with its winner. axe-core finds nothing critical or serious on the list and the
// tournament page, in all five languages. A page that still offers to enter after the
// start says the server's refusal (409) in words. The operator console makes an arena from its
// form. tests/web/test_tournaments_browser.py runs this.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { seeded } from "../../../js/test/random_player.js";
import { seriousFindings } from "../axe/axe.js";
import * as c from "../play/common.js";

const LANGS = ["en", "ru", "pl", "fi", "uk"];
const words = (lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/${lang}.json`, import.meta.url), "utf8"));
const OPERATOR = process.env.LONGHALL_ADMIN_TOKEN;
const CLOCK_FILE = process.env.LONGHALL_CLOCK_FILE;
const HOUR = 3600 * 1000;
const skip = c.skip || (!OPERATOR || !CLOCK_FILE ? "LONGHALL_ADMIN_TOKEN and LONGHALL_CLOCK_FILE are not set" : false);

let browser;
const errors = [];
before(async () => {
  if (!skip) browser = await c.launch();
});
after(async () => browser?.close());

async function api(method, path, token, body) {
  const res = await fetch(`${c.HTTP}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const state = async (tid) => (await fetch(`${c.HTTP}/api/tournaments/${tid}`)).json();

/** The tournament's state once `ok` holds of it. */
async function until(tid, ok, what) {
  const deadline = Date.now() + 120000;
  for (;;) {
    const s = await state(tid);
    if (ok(s)) return s;
    assert.ok(Date.now() < deadline, `${what}: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 200)); // the director looks every second
  }
}

async function playerPage(name, { frozen = false } = {}) {
  const page = await c.newPage(browser, c.DESKTOP, errors, { hideList: false });
  await page.context().addInitScript((n) => localStorage.setItem("longhall.name", n), name);
  if (frozen) await page.clock.install(); // the page's timers run only when the test says: it polls no more
  await page.goto(`${c.HTTP}/#/`);
  await page.locator(".game-card").first().waitFor();
  const me = await page.evaluate(() => ({ player: window.longhall.client.player, token: localStorage.getItem("longhall.token") }));
  return { page, ...me };
}

test("tournaments: the list, entering from the page, standings, your table, results, in five languages", { skip, timeout: 400000 }, async () => {
  writeFileSync(CLOCK_FILE, "0");
  const terms = { name: "Friday High Card", kind: "swiss", game: "highcard", size: 2, rounds: 1, starts: Date.now() + HOUR, clock: { per_move: 120, timeout: "bot" } };
  const made = await api("POST", "/api/tournaments", OPERATOR, terms);
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const tid = made.body.id;
  const refused = await api("POST", "/api/tournaments", "not-a-token", terms);
  assert.equal(refused.status, 401, "only an operator makes a tournament");

  // the operator console makes one too, from its form: an arena of half an hour
  const desk = await c.newPage(browser, c.DESKTOP, errors, { hideList: false });
  await desk.goto(`${c.HTTP}/console/`);
  await desk.locator("#token").fill(OPERATOR);
  await desk.locator('#sign-in button[type="submit"]').click();
  await desk.locator("#desk:not([hidden])").waitFor();
  await desk.locator("#t-name").fill("Console arena");
  await desk.locator("#t-game").selectOption("highcard");
  await desk.locator("#t-kind").selectOption("arena");
  await desk.locator("#t-minutes").fill("30");
  await desk.locator("#t-clock").selectOption("per_move");
  await desk.locator("#t-per-move").fill("45");
  await desk.locator('#tournament button[type="submit"]').click();
  const arenaId = await desk.locator("#t-link").getAttribute("data-tournament");
  const arena = await state(arenaId);
  assert.deepEqual([arena.name, arena.kind, arena.game, arena.minutes, arena.clock.per_move, arena.status], ["Console arena", "arena", "highcard", 30, 45, "registering"]);
  await desk.context().close();

  const a = await playerPage("Astrid");
  const b = await playerPage("Bjorn");
  const late = await playerPage("Helga", { frozen: true });
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const third = await new Client(ws, { name: "Gunnar", WebSocket }).connect();
  const clients = [];
  try {
    // the list, from the lobby: the tournament to come, its terms and no player yet
    await a.page.locator("#to-tournaments").click();
    const row = a.page.locator(`#tournaments-live tr[data-tournament="${tid}"]`);
    await row.waitFor();
    assert.equal(await row.getAttribute("data-status"), "registering");
    const cells = await row.locator("td").allTextContents();
    assert.equal(cells[0], terms.name);
    await a.page.locator(`#tournaments-live tr[data-tournament="${arenaId}"]`).waitFor();
    assert.equal(cells[7], "0", "nobody entered yet");
    assert.match(cells[5], /120 s per decision/);
    await a.page.screenshot({ path: `${c.SHOTS}tournaments-list.png`, fullPage: true });

    // its page: A enters; B enters, leaves and enters again; Gunnar enters over HTTP
    await row.locator("a.tournament-link").click();
    await a.page.locator(`#tournament-page[data-tournament="${tid}"][data-status="registering"]`).waitFor();
    await a.page.locator("#enter-tournament").click();
    await a.page.locator("#tournament-entry .entered").waitFor();
    await a.page.locator(`.standings tr[data-player="${a.player}"]`).waitFor();
    await b.page.goto(`${c.HTTP}/#/tournament/${tid}`);
    await b.page.locator("#enter-tournament").click();
    await b.page.locator("#leave-tournament").click();
    await b.page.locator("#enter-tournament").waitFor();
    assert.equal(await b.page.locator(`.standings tr[data-player="${b.player}"]`).count(), 0, "left: not in the standings");
    await b.page.locator("#enter-tournament").click();
    await b.page.locator("#leave-tournament").waitFor();
    const gunnar = await api("POST", `/api/tournaments/${tid}/players`, third.token, { name: "Gunnar" });
    assert.equal(gunnar.status, 200, JSON.stringify(gunnar.body));
    // A's page, polled, shows all three, each name with its tag
    await a.page.waitForFunction(() => document.querySelectorAll(".standings tbody tr").length === 3, null, { timeout: 30000 });
    assert.match(await a.page.locator(`.standings tr[data-player="${b.player}"] .who`).textContent(), /^Bjorn #\w{4}$/);
    assert.equal(await a.page.locator(".standings th").count(), 6, "rank, name, points, Buchholz, games, rating");
    assert.doesNotMatch(await a.page.locator("#tournament-page").textContent(), /null|undefined|NaN/);

    // Helga's page, its polling held still, still offers to enter when the tournament starts
    await late.page.goto(`${c.HTTP}/#/tournament/${tid}`);
    await late.page.locator("#enter-tournament").waitFor();

    // the start: the node's clock moved past it; the round is seated and played
    writeFileSync(CLOCK_FILE, String(HOUR + 5000));
    const running = await until(tid, (s) => s.played?.[0]?.status === "playing", "round 1 is not played");
    // too late: the server's 409 in words, and the page, read again, offers no entry
    await late.page.locator("#enter-tournament").click();
    await late.page.locator('#tournament-page[data-status="running"]').waitFor();
    assert.equal(await late.page.locator("#tournament-error").textContent(), words("en")["tournaments.closed"]);
    assert.equal(await late.page.locator("#enter-tournament").count(), 0);
    const refusedLoad = errors.findIndex((e) => /status of 409/.test(e)); // the browser logs the refused request
    assert.ok(refusedLoad >= 0, "the entry was refused by the server");
    errors.splice(refusedLoad, 1);
    await late.page.context().close();
    const round = running.played[0];
    assert.equal(round.tables.length, 1);
    assert.equal(round.byes.length, 1, "three players at tables of two: one bye");
    const table = round.tables[0];
    const pages = [a, b].filter((p) => table.players.includes(p.player));
    assert.ok(pages.length >= 1, "one of the pages' players is seated");
    const seated = pages[0];
    await seated.page.bringToFront();
    await seated.page.locator(`#your-table a#to-my-table[href="#/room/${table.room}"]`).waitFor({ timeout: 30000 });
    await seated.page.locator(`.round-table.yours[data-room="${table.room}"]`).waitFor();
    await seated.page.screenshot({ path: `${c.SHOTS}tournament-your-table.png`, fullPage: true });
    const found = [];
    for (const f of await seriousFindings(seated.page)) found.push({ what: "en tournament running", ...f });
    const other = [a, b].find((p) => !table.players.includes(p.player));
    if (other) {
      // the player with the bye watches the table, and reads its bye
      await other.page.locator(`.round-table[data-room="${table.room}"] a[href="#/watch/${table.room}"]`).waitFor({ timeout: 30000 });
      assert.equal(await other.page.locator("#to-my-table").count(), 0, "no table of its own");
      assert.match(await other.page.locator(".round .byes").textContent(), /Bye: /);
    }

    // "go to your table": its seat in the room
    await seated.page.locator("#to-my-table").click();
    await seated.page.locator(`.table-page[data-room="${table.room}"][data-status="playing"]`).waitFor();
    assert.equal(new URL(seated.page.url()).hash, `#/room/${table.room}`);
    assert.equal(await seated.page.locator(".table-page").getAttribute("data-seat"), String(table.players.indexOf(seated.player)));

    // the game played out by the seated players' own tokens; the page shows its result
    const tokens = { [a.player]: a.token, [b.player]: b.token, [third.player]: third.token };
    for (const [i, p] of table.players.entries()) {
      const cl = await new Client(ws, { token: tokens[p], WebSocket }).connect();
      clients.push(cl);
      await cl.join(table.room, i);
    }
    await Promise.all(clients.map((cl, i) => c.botPlay(cl, table.room, seeded(i + 7))));
    const over = await until(tid, (s) => s.status === "over", "the tournament did not end");
    await seated.page.goto(`${c.HTTP}/#/tournament/${tid}`);
    await seated.page.locator('#tournament-page[data-status="over"]').waitFor();
    await seated.page.locator(`.round-table[data-room="${table.room}"][data-over="1"]`).waitFor();
    const result = over.played[0].results[table.room];
    assert.equal(await seated.page.locator(`.round-table[data-room="${table.room}"] li.won`).count(), result.winners.length);
    assert.equal(await seated.page.locator("#to-my-table").count(), 0, "the game is over: no table to go to");
    const shown = await seated.page.locator(".standings tbody tr").evaluateAll((rows) => rows.map((r) => [r.dataset.player, r.querySelector(".points").textContent]));
    assert.deepEqual(shown, over.standings.map((s) => [s.player, String(s.points)]), "the standings as the server scores them");
    assert.doesNotMatch(await seated.page.locator("#tournament-page").textContent(), /null|undefined|NaN/);
    await seated.page.screenshot({ path: `${c.SHOTS}tournament-over.png`, fullPage: true });
    await seated.page.goto(`${c.HTTP}/#/tournaments`);
    await seated.page.locator(`#tournaments-past tr[data-tournament="${tid}"][data-status="over"]`).waitFor();
    // every one the archive keeps, on asking: this one with its winner (the server's first place)
    for (const deadline = Date.now() + 120000; (await fetch(`${c.HTTP}/api/tournaments/${tid}/result`)).status !== 200; ) {
      assert.ok(Date.now() < deadline, "the result never reached the archive");
      await new Promise((r) => setTimeout(r, 300));
    }
    await seated.page.locator("#tournaments-archive-more").click();
    const kept = seated.page.locator(`#tournaments-archive tr[data-tournament="${tid}"]`);
    await kept.waitFor();
    assert.match(await kept.locator(".winner").textContent(), new RegExp(`^${over.standings[0].name} `), "the winner, tagged");

    // on a phone both pages fit the screen's width (a wide table scrolls in its own box)
    await seated.page.setViewportSize(c.PHONE);
    for (const hash of ["#/tournaments", `#/tournament/${tid}`]) {
      await seated.page.goto(`${c.HTTP}/${hash}`);
      await seated.page.locator(hash === "#/tournaments" ? "#tournaments-past .tournament-list" : ".standings").waitFor();
      const [wide, screen] = await seated.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      assert.ok(wide <= screen, `${hash} is ${wide}px wide on a ${screen}px screen`);
    }
    await seated.page.screenshot({ path: `${c.SHOTS}tournament-phone.png`, fullPage: true });
    await seated.page.setViewportSize(c.DESKTOP);

    // every language: the headings are the catalogue's; axe-core finds nothing serious
    for (const lang of LANGS) {
      const w = words(lang);
      const page = seated.page;
      await page.evaluate((l) => localStorage.setItem("longhall.lang", l), lang);
      await page.goto(`${c.HTTP}/#/tournaments`);
      await page.reload();
      await page.locator(`#tournaments-past tr[data-tournament="${tid}"]`).waitFor();
      assert.deepEqual(await page.locator("#tournaments-page h3").allTextContents(), [w["tournaments.upcoming"], w["tournaments.finished"]], lang);
      for (const f of await seriousFindings(page)) found.push({ what: `${lang} list`, ...f });
      await page.goto(`${c.HTTP}/#/tournament/${tid}`);
      await page.locator(`.round-table[data-room="${table.room}"][data-over="1"]`).waitFor();
      assert.deepEqual(await page.locator("#tournament-page h3").allTextContents(), [w["tournaments.standings"], w["tournaments.rounds_played"]], lang);
      for (const f of await seriousFindings(page)) found.push({ what: `${lang} tournament`, ...f });
      if (lang === "ru") await page.screenshot({ path: `${c.SHOTS}tournament-ru.png`, fullPage: true });
    }
    assert.deepEqual(found, [], JSON.stringify(found, null, 1));
    assert.deepEqual(errors, [], "errors in the pages");
  } finally {
    for (const cl of [third, ...clients]) cl.close();
    await a.page.context().close();
    await b.page.context().close();
    await late.page.context().close();
  }
});
