// A Feast for Odin played on its board in headless Chromium, with the plain list of
// decisions hidden: every decision below is a click on a drawn thing (an action space, a
// good in the supply, a cell of a board, a banquet cell, a mountain resource, a card…).
//
// - two players click 40+ decisions on a desktop screen and on a 390×844 phone;
// - goods of three different shapes are laid after being turned;
// - a solo short game is clicked through to its end.
// tests/web/test_feast_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { actingPage, printRedraws, refusalShowsItsRule, reloadKeepsTheSeat, spectatorSeesTheSame } from "../play/common.js";
import { WEIGHT, deciding, openRoom, playClicks, seeded, seqOf, statusOf } from "./clicks.js";

const HTTP = process.env.LONGHALL_HTTP;
const SHOTS = process.env.LONGHALL_SHOTS ?? new URL("../../../../test-artifacts/web/", import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const skip = HTTP ? false : "LONGHALL_HTTP is not set (tests/web/test_feast_browser.py sets it)";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];
const HIDE_LIST = "#legal { display: none !important; }";
const PHONE = { width: 390, height: 844 };

let browser;
const pageErrors = [];
before(async () => {
  if (!HTTP) return;
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
after(async () => browser?.close());

async function newPage({ width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript((css) => document.addEventListener("DOMContentLoaded", () => {
    const style = document.createElement("style");
    style.textContent = css;
    document.head.append(style);
  }), HIDE_LIST);
  const page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && pageErrors.push(msg.text()));
  return page;
}

/** Every text on the board is drawn at 12 px or more on this screen. */
async function smallestText(page) {
  return page.evaluate(() => {
    let min = Infinity;
    for (const el of document.querySelectorAll("#board text, #board .feast-pane *")) {
      if (!el.getBoundingClientRect().width) continue;
      if (el.tagName.toLowerCase() === "text") {
        const scale = el.getScreenCTM()?.a ?? 1;
        min = Math.min(min, parseFloat(getComputedStyle(el).fontSize) * scale);
      } else if ([...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) {
        min = Math.min(min, parseFloat(getComputedStyle(el).fontSize));
      }
    }
    return min;
  });
}

/** The page as kept across the game's redraws (updated in place, src/morph.js) and the
 * same page drawn afresh: equal, attribute for attribute (in any order), text for text,
 * but for the marks that come and go on their own (the decision outlined, a change flashed). */
function keptAndFresh(page) {
  return page.evaluate(() => {
    // the marks that come and go dropped from a class; a class left empty is no class
    const value = (a) => (a.name === "class" ? a.value.split(/\s+/).filter((c) => c && c !== "feast-focus" && c !== "changed").join(" ") : a.value);
    const attrs = (n) => [...n.attributes].map((a) => [a.name, value(a)]).filter(([name, v]) => name !== "class" || v);
    const canon = (n) => (n.nodeType === 3 ? n.nodeValue : n.nodeType !== 1 ? "" : `<${n.nodeName}${attrs(n).map(([name, v]) => ` ${name}="${v}"`).sort().join("")}>${[...n.childNodes].map(canon).join("")}</>`);
    const app = document.getElementById("app");
    const seen = () => canon(app);
    window.longhall.redraw();
    const kept = seen();
    app.replaceChildren();
    window.longhall.redraw();
    return { kept, fresh: seen() };
  });
}

/** Where two texts part: a little of each from there. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `${i}: kept "…${a.slice(Math.max(0, i - 200), i + 200)}…" fresh "…${b.slice(Math.max(0, i - 200), i + 200)}…"`;
}

for (const screen of ["desktop", "phone"]) {
  test(`feast on a ${screen}: two players click 40 decisions on the board alone`, { skip, timeout: 300000 }, async () => {
    const size = screen === "phone" ? PHONE : {};
    const [a, b] = [await newPage(size), await newPage(size)];
    const s = screen === "desktop" ? await newPage() : null;
    try {
      const room = await openRoom(a, [b]);
      if (s) await watch(s, room);
      const started = Date.now();
      const made = await playClicks([a, b], 40, seeded(screen === "phone" ? 11 : 5));
      assert.ok(made >= 40, `${made} decisions clicked`);
      for (const p of [a, b, s].filter(Boolean)) {
        const { kept, fresh } = await keptAndFresh(p);
        assert.ok(kept.length > 10000, `the page is drawn (${kept.length} characters)`);
        assert.ok(kept === fresh, `the page updated in place across the game is the page drawn afresh; they part at ${firstDifference(kept, fresh)}`);
      }
      console.log(`# feast ${screen}: ${made} decisions clicked in ${Date.now() - started} ms`);
      printRedraws(`feast ${screen}`, [a, b]);
      for (const p of [a, b]) assert.equal(await p.locator("#legal").isVisible(), false, "the plain list stayed hidden");
      if (screen === "phone") {
        const min = await smallestText(a);
        assert.ok(min >= 12, `smallest text on the phone: ${min}px`);
        const width = await a.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= PHONE.width, `the page fits the phone (${width}px)`);
        for (const tab of ["action", "mine"]) {
          await a.locator(`.feast-tab[data-tab="${tab}"]`).click();
          await a.screenshot({ path: `${SHOTS}feast-phone-${tab}.png`, fullPage: true });
        }
      } else {
        await a.screenshot({ path: `${SHOTS}feast-desktop.png`, fullPage: true });
        await outOfTurn([a, b], seeded(7));
        await spectatorLog(s, [a, b]);
        // the spectator sees the players' public view; a reload keeps a seat; a refusal names its rule
        await spectatorSeesTheSame(room, [a, b], s);
        await s.screenshot({ path: `${SHOTS}feast-spectator.png`, fullPage: true });
        await reloadKeepsTheSeat(b);
        await b.locator(".feast").waitFor();
        const mover = (await actingPage([a, b])) ?? a;
        await refusalShowsItsRule(mover, [{ type: "play", card: "no-such-card" }]);
        await mover.screenshot({ path: `${SHOTS}feast-refused.png` });
      }
      assert.deepEqual(pageErrors.splice(0), [], "errors in the pages");
    } finally {
      await Promise.all([a, b, s].filter(Boolean).map((p) => p.context().close()));
    }
  });
}

/** A spectator watches `room`, noting each seat's silver at every seq it sees. */
async function watch(s, room) {
  await s.goto(`${HTTP}/#/watch/${room}`);
  await s.locator('.table-page[data-seat="spectator"] .feast').waitFor();
  await s.evaluate((r) => {
    const c = window.longhall.client;
    window.__silver = {};
    const note = () => {
      const m = c.rooms.get(r);
      if (m?.view?.table?.seats) window.__silver[m.seq] = m.view.table.seats.map((p) => p.silver);
    };
    note();
    c.on("view", (ev) => ev.room === r && note());
  }, room);
}

/** The spectator's log: words, never view paths; every price paid is what the view lost. */
async function spectatorLog(s, players) {
  const target = Math.max(...(await Promise.all(players.map(seqOf))));
  await s.waitForFunction((n) => Number(document.querySelector(".table-page").dataset.seq) >= n, target);
  const lines = await s.locator("#log li").allTextContents();
  assert.ok(lines.length >= 20, `${lines.length} log lines`); // of 40+ decisions: laying a good is one line, not three
  for (const line of lines) assert.doesNotMatch(line, / picked up | held | put a piece back/, `a planning step in the log: "${line}"`);
  for (const line of lines) assert.doesNotMatch(line, /\btable\b|to_act|\/|seat \d|undefined|null|NaN|\[object/, `log line "${line}"`);
  const { entries, silver } = await s.evaluate(() => ({
    entries: JSON.parse(sessionStorage.getItem(`longhall.log.${document.querySelector(".table-page").dataset.room}`) ?? "[]"),
    silver: window.__silver,
  }));
  let checked = 0;
  for (const e of entries.filter((x) => x.k === "feast.buy" || x.k === "feast.buy_ship")) {
    const paid = Number(e.text.match(/for (\d+) silver/)?.[1]);
    assert.ok(Number.isFinite(paid), `a price in "${e.text}"`);
    if (!silver[e.seq] || !silver[e.seq - 1]) continue;
    assert.equal(silver[e.seq - 1][e.seat] - silver[e.seq][e.seat], paid, `price in "${e.text}"`);
    checked += 1;
  }
  // a space of one way says its price ("placed 1 Viking on Buy stockfish, paying 1 silver")
  const priced = entries.filter((e) => e.k === "feast.occupy" && e.d?.cost);
  for (const e of priced) {
    for (const [what, n] of Object.entries(e.d.cost)) assert.match(e.text, new RegExp(`, paying .*\\b${n} `), `the price ${n} ${what} in "${e.text}"`);
  }
  console.log(`# feast spectator: ${lines.length} log lines in words, ${checked} prices checked against the view, ${priced.length} spaces with their price`);
}

const notActing = (page) => page.evaluate(() => {
  const m = [...window.longhall.client.rooms.values()][0];
  return m.view.status === "playing" && !(m.view.to_act ?? []).includes(m.seat);
});

/**
 * While the other player decides (F-300): a good is laid out of turn when the engine
 * takes it (the pick, the board, the cell, all clicked), and held to plan where it goes
 * when the engine does not (the other is in the middle of an action, F-201).
 */
const PICK = `.supply-item.choice[data-move*='"place"'], .coin-pick[data-move*='"place"']`;
async function outOfTurn(pages, rng) {
  let laid = false;
  let planned = false;
  let bought = false;
  let made = 0;
  while (made < 60 && !(laid && planned)) {
    for (const p of pages) {
      if (!(await notActing(p))) continue;
      const mine = p.locator('.feast-tab[data-tab="mine"]');
      if (await mine.isVisible()) await mine.click(); // a phone shows one view at a time
      const ship = p.locator(`#board .choice[data-move*='"buy_ship"']`);
      if (!bought && (await ship.count())) {
        await clickMove(p, `.choice[data-move*='"buy_ship"']`); // F-350: a ship bought out of turn
        bought = true;
      }
      const pick = p.locator(`#board :is(${PICK})`);
      const plan = p.locator("#board .supply-item.feast-local");
      if (!laid && (await pick.count())) {
        const count = (await myView(p)).areas.reduce((n, a) => n + a.pieces.length, 0);
        await clickMove(p, `:is(${PICK})`);
        await p.locator('.feast[data-stage="2"]').waitFor();
        for (let i = 0; i < 20 && (await myView(p)).areas.reduce((n, a) => n + a.pieces.length, 0) === count; i++) {
          const spot = p.locator("#board .feast-anchors [data-anchor]");
          if (await spot.count()) await spot.first().click({ force: true });
          await p.waitForTimeout(100);
        }
        assert.equal((await myView(p)).areas.reduce((n, a) => n + a.pieces.length, 0), count + 1, "a good was laid out of turn");
        assert.ok(await notActing(p), "still the other player's decision");
        laid = true;
      } else if (!planned && !(await pick.count()) && (await plan.count())) {
        await plan.first().click();
        await p.locator('.feast[data-stage="2"]').waitFor();
        await p.locator('#board .feast-seat.own .feast-area[data-area="0"] rect[data-cell="3,3"]').hover({ force: true });
        assert.match(await p.locator('#board .feast-seat.own .feast-area[data-area="0"]').getAttribute("data-preview"), /^(legal|illegal)$/, "the held piece is previewed");
        await p.locator("#feast-unplan").click();
        await p.locator('.feast[data-stage=""]').waitFor();
        planned = true;
      }
    }
    made += await playClicks(pages, 1, rng);
    if ((await statusOf(pages[0])) === "over") break;
  }
  assert.ok(laid, "nothing could be laid out of turn in 60 decisions");
  console.log(`# feast: out of turn, a good laid${planned ? " and one held to plan" : ""}${bought ? ", a ship bought" : ""} (${made} more decisions)`);
}

/** Click `selector` on the board and wait until the room moved on. */
async function clickMove(page, selector) {
  const before = await seqOf(page);
  await page.locator(`#board ${selector}`).first().click();
  await page.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, before);
  await waitLegal(page);
}

async function waitLegal(page) {
  await page.waitForFunction(() => {
    const t = document.querySelector(".table-page");
    return t.dataset.status !== "playing" || document.querySelectorAll("#legal .move").length > 0 || !/^Your decision/.test(document.querySelector("#prompt").textContent);
  });
}

const myView = (page) => page.evaluate(() => {
  const m = [...window.longhall.client.rooms.values()][0];
  return structuredClone(m.view.table.seats[m.seat]);
});

/** Occupy a space, then take the first option if the space asks how. */
async function occupy(page, space) {
  await clickMove(page, `[data-space="${space}"].choice`);
  while (await page.locator("#board .feast-option.choice").count()) await clickMove(page, ".feast-option.choice");
}

/** Pick up `pick` (a supply good or a coin), turn it `turns` times with R, lay it on the home board. */
async function layPiece(page, pick, item, turns) {
  const count = (await myView(page)).areas[0].pieces.length;
  if (process.env.FEAST_DEBUG) {
    await page.locator(`#board ${pick}`).scrollIntoViewIfNeeded();
    console.log("# hit", await page.evaluate((sel) => { const el = document.querySelector(`#board ${sel}`); const r = el.getBoundingClientRect(); const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return JSON.stringify(r) + hit?.outerHTML.slice(0, 200) + el.outerHTML.slice(0, 600); }, pick));
  }
  await clickMove(page, pick);
  await page.locator('.feast[data-stage="2"]').waitFor();
  for (let i = 0; i < turns; i++) await page.keyboard.press("r");
  // off the board first: the preview says no, and a click says why
  const corner = page.locator('#board .feast-area[data-area="0"] rect[data-cell="11,0"]');
  await corner.hover({ force: true });
  if (turns) {
    assert.equal(await page.locator('#board .feast-area[data-area="0"]').getAttribute("data-preview"), "illegal");
    await corner.click({ force: true });
    assert.match(await page.locator(".feast-say").textContent(), /^Not there: /);
  }
  const spot = page.locator('#board .feast-area[data-area="0"] .feast-anchors.stage-2 [data-anchor]').last();
  await spot.hover({ force: true });
  assert.equal(await page.locator('#board .feast-area[data-area="0"]').getAttribute("data-preview"), "legal");
  const before = await seqOf(page);
  await spot.click({ force: true });
  await page.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, before);
  // the exact rules may refuse that cell (income diagonal, green next to green): the marked cells take it
  for (let i = 0; i < 20 && (await myView(page)).areas[0].pieces.length === count; i++) {
    const exact = page.locator("#board .feast-anchors.stage-3 [data-anchor]");
    if (await exact.count()) await clickMove(page, ".feast-anchors.stage-3 [data-anchor]");
    else await page.waitForTimeout(50);
  }
  const pieces = (await myView(page)).areas[0].pieces;
  assert.equal(pieces.length, count + 1, `${item} was laid`);
  return pieces[pieces.length - 1];
}

/**
 * The same player on a phone (touch): tap the oil; a tap on a free cell off the marked
 * spots shows it there, a second tap turns it, and the "lay it here" button stands out;
 * then a tap on a marked spot lays it at once, no button in between.
 */
async function layByTouch(desk, room) {
  const token = await desk.evaluate(() => localStorage.getItem("longhall.token"));
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await context.addInitScript((t) => localStorage.setItem("longhall.token", t), token);
  const ph = await context.newPage();
  ph.on("pageerror", (err) => pageErrors.push(err.message));
  try {
    await ph.goto(`${HTTP}/#/room/${room}`);
    await ph.locator(".feast").waitFor();
    await waitLegal(ph);
    const count = (await myView(ph)).areas[0].pieces.length;
    await ph.locator('.feast-tab[data-tab="mine"]').tap();
    const before = await seqOf(ph);
    await ph.locator('#board .supply-item[data-good="oil"]').tap();
    await ph.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, before);
    await ph.locator('.feast[data-stage="2"][data-turn="0"]').waitFor();
    // a free cell whose middle is the cell itself, not a marked spot or a piece
    const free = await ph.evaluate(() => {
      for (const rect of document.querySelectorAll('#board .feast-area[data-area="0"] rect[data-cell]')) {
        rect.scrollIntoView({ block: "center" });
        const b = rect.getBoundingClientRect();
        if (b.width && document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === rect) return rect.getAttribute("data-cell");
      }
      return null;
    });
    assert.ok(free, "a free cell off the marked spots");
    const cell = ph.locator(`#board .feast-area[data-area="0"] rect[data-cell="${free}"]`);
    await cell.tap(); // the piece is shown there
    await ph.locator('#board .feast-area[data-area="0"][data-preview]').waitFor();
    assert.match(await ph.locator("#feast-place").getAttribute("class"), /\bprimary\b/, "the button that lays it stands out");
    await cell.tap(); // a second tap turns it
    await ph.locator('.feast[data-turn="1"]').waitFor();
    // a tap on a marked spot (where the turned oil fits) lays it: no "lay it here" tap
    await ph.evaluate(() => document.addEventListener("click", (e) => e.target.closest?.("#feast-place") && (window.__layButton = (window.__layButton ?? 0) + 1), true));
    await ph.locator('#board .feast-area[data-area="0"] .feast-anchors.stage-2 [data-anchor]').first().tap({ force: true });
    for (let i = 0; i < 40 && (await myView(ph)).areas[0].pieces.length === count; i++) {
      const exact = ph.locator("#board .feast-anchors.stage-3 [data-anchor]");
      if (await exact.count()) await exact.first().tap({ force: true }); // the exact rules refused that spot: a marked one
      await ph.waitForTimeout(100);
    }
    assert.equal(await ph.evaluate(() => window.__layButton ?? 0), 0, "laid without the button");
    const pieces = (await myView(ph)).areas[0].pieces;
    assert.equal(pieces.length, count + 1, "the oil was laid by taps");
    await ph.screenshot({ path: `${SHOTS}feast-phone-touch.png` });
    return pieces[pieces.length - 1];
  } finally {
    await context.close();
  }
}

const SHORT_GAME = { ...WEIGHT, pass: 4, place: 0.2, leave_rest: 4, serve: 5, ready: 6, done: 6, buy: 6, buy_ship: 6 }; // purchases: prices for the log check

test("feast solo: three shapes laid after turning, then the game clicked to its end", { skip, timeout: 300000 }, async () => {
  const a = await newPage();
  const s = await newPage();
  try {
    const room = await openRoom(a, []);
    await watch(s, room); // a spectator follows the whole game: its log is checked at the end
    await waitLegal(a);
    // round 1: actions that give an oil (1×2), a linen (1×4) and 4 silver (a 2×2 coin)
    await occupy(a, "c1_upgrade_2");
    await clickMove(a, '.supply-item[data-good="mead"]'); // mead -> oil
    if (await a.locator("#board .ctl-finish").count()) await clickMove(a, ".ctl-finish");
    for (const space of ["c1_craft_linen", "c2_products_mead", "c1_weekly_market", "c2_weekly_market"]) await occupy(a, space);
    const oil = await layByTouch(a, room);
    await waitLegal(a);
    const linen = await layPiece(a, '.supply-item[data-good="linen"]', "linen", 3);
    const coin = await layPiece(a, '.coin-pick[data-move*="silver_4"]', "silver_4", 0);
    assert.deepEqual([oil[0], oil[1]], ["oil", 1], "the oil lies turned (a second tap on the phone)");
    assert.deepEqual([linen[0], linen[1]], ["linen", 1], "the linen lies turned (three quarter turns)");
    assert.equal(coin[0], "silver_4");
    await a.screenshot({ path: `${SHOTS}feast-shapes.png`, fullPage: true });
    // a ship bought on the board (F-350), so the spectator's log has a price to check
    const ship = `.choice[data-move*='"buy_ship"']`;
    if (await a.locator(`#board ${ship}`).count()) await clickMove(a, ship);
    const started = Date.now();
    const made = await playClicks([a], 2000, seeded(3), { weight: SHORT_GAME });
    await a.locator('.table-page[data-status="over"] #result').waitFor();
    console.log(`# feast solo: the rest of the game took ${made} clicked decisions in ${Date.now() - started} ms`);
    printRedraws("feast solo", [a]);
    await spectatorLog(s, [a]);
    assert.deepEqual(pageErrors.splice(0), [], "errors in the page");
  } finally {
    await Promise.all([a, s].map((p) => p.context().close()));
  }
});
