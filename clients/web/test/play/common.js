// Shared by the play-by-clicking browser tests: pages on a desktop or a phone screen
// with the plain list of decisions hidden (so every decision is a click on the board),
// opening a room from the lobby, waiting for a player's turn and timing clicks (redraw.js).

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { armRedraw, keepRedraw, redraws } from "./redraw.js";

export const HTTP = process.env.LONGHALL_HTTP;
export const SHOTS = process.env.LONGHALL_SHOTS ?? new URL("../../../../test-artifacts/web/", import.meta.url).pathname;
export const skip = HTTP ? false : "LONGHALL_HTTP is not set (tests/web/test_play_by_clicks.py sets it)";
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

export async function launch() {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** A page on its own context (its own player); `errors` collects page errors. */
export async function newPage(browser, viewport, errors, { hideList = true, token = null } = {}) {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 600 });
  if (hideList) {
    await context.addInitScript(() => {
      const hide = () => document.head.append(Object.assign(document.createElement("style"), { textContent: "#legal { display: none !important; }" }));
      if (document.head) hide();
      else document.addEventListener("DOMContentLoaded", hide);
    });
  }
  if (token) await context.addInitScript((t) => localStorage.setItem("longhall.token", t), token);
  const page = await context.newPage();
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  return page;
}

export const table = (page) => page.locator(".table-page");
export const seqOf = async (page) => Number(await table(page).getAttribute("data-seq"));

/** A creates a two-seat room from the lobby (options by value; `true` ticks a checkbox such as
 * `undo`), B joins by link, A starts, S watches. */
export async function openRoom(game, a, b, s, options = {}) {
  await a.goto(`${HTTP}/#/`);
  const card = a.locator(`.game-card[data-game="${game}"]`);
  await card.locator('select[name="seats"]').selectOption("2");
  for (const [name, value] of Object.entries(options)) {
    if (value === true) await card.locator(`input[name="${name}"]`).check();
    else await card.locator(`select[name="${name}"]`).selectOption(String(value));
  }
  await card.locator('button[type="submit"]').click();
  await table(a).waitFor();
  const room = await table(a).getAttribute("data-room");
  await b.goto(`${HTTP}/#/room/${room}`);
  await b.locator('.table-page[data-seat="1"]').waitFor();
  await a.locator("#start:not([disabled])").click();
  if (s) {
    await s.goto(`${HTTP}/#/watch/${room}`);
    await s.locator('.table-page[data-seat="spectator"][data-status="playing"]').waitFor();
  }
  await a.locator('.table-page[data-status="playing"]').waitFor();
  return room;
}

const ready = () => {
  const p = document.querySelector(".table-page");
  return p && ((p.dataset.turn === "yours" && Number(p.dataset.legal) > 0) || p.dataset.status === "over");
};

/** The first page whose player must decide now (moves loaded), or null when the game is over. */
export async function actingPage(pages, timeout = 30000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const p of pages) {
      if (await p.evaluate(ready)) return (await table(p).getAttribute("data-status")) === "over" ? null : p;
    }
    await pages[0].waitForTimeout(25);
  }
  assert.fail("nobody was asked to decide");
}

export async function waitMyTurnOrOver(page, timeout = 60000) {
  await page.waitForFunction(ready, null, { timeout });
  return (await table(page).getAttribute("data-status")) !== "over";
}

/** Wait until every page shows the highest seq any of them shows. */
export async function sameSeq(pages) {
  const target = Math.max(...(await Promise.all(pages.map(seqOf))));
  for (const p of pages) await p.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) >= s, target);
}

/** Mark the visible, enabled elements matching `selector` on the board; their count. */
export async function markCandidates(page, selector) {
  return (await pick(page, selector, null)).n;
}

/**
 * In one round trip: find the visible, enabled board elements matching `selector`, take
 * the one at `r` (a fraction of their count, or null for none), scroll it into view and
 * say where to click it (`ok`: nothing else covers that point; `outside`: it lies outside
 * the pannable map's view). Also returns the page's seq.
 */
export async function pick(page, selector, r) {
  return page.evaluate(([sel, rr]) => {
    for (const el of document.querySelectorAll("[data-pick]")) el.removeAttribute("data-pick");
    const els = [...document.querySelectorAll(sel)].filter((el) => el.closest("#board") && !el.disabled && el.getClientRects().length && !el.closest("details:not([open])"));
    els.forEach((el, i) => el.setAttribute("data-pick", String(i)));
    const seq = Number(document.querySelector(".table-page")?.dataset.seq ?? -1);
    if (rr === null || !els.length) return { n: els.length, seq };
    const k = Math.min(els.length - 1, Math.floor(rr * els.length));
    const el = els[k];
    let box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) {
      el.scrollIntoView({ block: "center", inline: "center" });
      box = el.getBoundingClientRect();
    }
    const map = el.closest("svg.hunters-map")?.getBoundingClientRect();
    const outside = !!map && (box.x < map.x || box.y < map.y || box.right > map.right || box.bottom > map.bottom);
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const hit = document.elementFromPoint(x, y);
    return { n: els.length, k, x, y, seq, outside, ok: !!hit && (hit === el || el.contains(hit)), cls: el.getAttribute("class") ?? "", segment: el.dataset.segment ?? null };
  }, [selector, r]);
}

/** A real mouse click where `pick` said (Playwright's own click when something covers it). */
export async function clickAt(page, at) {
  if (at.ok) await page.mouse.click(at.x, at.y);
  else await page.locator(`[data-pick="${at.k}"]`).click();
}

/** Click the pick `k` marked last (see `pick`). */
export async function clickPick(page, k) {
  const at = await page.evaluate((i) => {
    const el = document.querySelector(`[data-pick="${i}"]`);
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
    const hit = document.elementFromPoint(x, y);
    return { k: i, x, y, ok: !!hit && (hit === el || el.contains(hit)) };
  }, k);
  await clickAt(page, at);
}

/** Click where `at` says (see `pick`), then wait until the page shows a later seq; the
 * time from the click to the frame that shows it is kept (redraw.js). */
export async function clickAndWait(page, at, before) {
  await armRedraw(page);
  await clickAt(page, at);
  try {
    await page.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, before);
  } catch (err) {
    err.message += ` — clicked ${JSON.stringify(at)} at seq ${before}; the page now: ${JSON.stringify(await pageState(page, at))}`;
    throw err;
  }
  await keepRedraw(page);
}

/** What a page shows and holds, said when a click did not move the game on. */
export function pageState(page, at = null) {
  return page.evaluate((a) => {
    const p = document.querySelector(".table-page");
    const hit = a?.x === undefined ? null : document.elementFromPoint(a.x, a.y);
    const c = window.longhall?.client;
    const rooms = c ? [...c.rooms.entries()].map(([id, m]) => ({ id, seq: m.seq, seat: m.seat })) : [];
    return {
      data: p ? { ...p.dataset } : null,
      rooms,
      refused: document.querySelector(".refused, .error")?.textContent ?? null,
      hit: hit ? `${hit.tagName} ${hit.getAttribute("class") ?? ""} ${hit.closest("[data-preview],[data-square],[data-segment],button")?.outerHTML.slice(0, 120) ?? ""}` : null,
      socket: c?.ws?.readyState ?? c?.socket?.readyState ?? null,
    };
  }, at);
}

/** Print the click → redraw samples of `pages` (redraw.js) for the Python test to keep,
 * and their median and p90: "# timing NAME click-to-redraw …"; nothing is asserted. */
export function printRedraws(name, pages, extra = "") {
  const samples = pages.flatMap(redraws);
  const times = samples.map((s) => s.total);
  console.log(`# redraw ${JSON.stringify({ name, samples })}`);
  console.log(`# timing ${name} click-to-redraw median ${median(times)} ms, p90 ${p90(times)} ms (n=${times.length})${extra}`);
}

/** Log lines the spectator reads: never view paths, never a bare seat number. */
export async function checkLogWords(page) {
  const lines = await page.locator("#log li").allTextContents();
  assert.ok(lines.length > 0, "the spectator's log has lines");
  for (const line of lines) {
    assert.doesNotMatch(line, /\btable\b|to_act|\/|seat \d|undefined|null|NaN|\[object/, `log line "${line}"`);
  }
  return lines;
}

/** Record, on `page`, each seat's gold at every seq the mirror reaches (for price checks). */
export async function recordGold(page, room) {
  await page.evaluate((r) => {
    const c = window.longhall.client;
    window.__gold = {};
    const note = () => {
      const m = c.rooms.get(r);
      if (m?.view?.table?.fjords) window.__gold[m.seq] = m.view.table.fjords.map((f) => f.gold);
    };
    note();
    c.on("view", (ev) => ev.room === r && note());
  }, room);
}

export const mean = (xs) => Math.round(xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length));
export const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0);
/** The 90th percentile (nearest rank). */
export const p90 = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.9) - 1)] ?? 0);

/** Average full redraw time of the page's table, in ms (window.longhall.redraw). */
export async function redrawMs(page, n = 20) {
  return page.evaluate((k) => {
    const t0 = performance.now();
    for (let i = 0; i < k; i++) window.longhall.redraw();
    return (performance.now() - t0) / k;
  }, n);
}

/**
 * A Node client playing its seat with random legal moves until the game ends, leaving
 * out decisions open at any time that do not move the game on (Vikings' VP conversion,
 * V-50), so a whole game takes as few decisions as the rules allow.
 */
export async function botPlay(client, room, rand, timeout = 240000) {
  const mirror = client.rooms.get(room);
  const mine = () => mirror.view.status === "playing" && (mirror.view.to_act ?? []).includes(mirror.seat);
  for (;;) {
    await client.waitUntil(() => mirror.result !== null || mine(), timeout);
    if (mirror.result !== null) return mirror.result;
    const seq = mirror.seq;
    const legal = (await client.legal(room)).filter((m) => m.type !== "convert");
    if (!legal.length) {
      await client.waitUntil(() => mirror.seq !== seq || mirror.result !== null, timeout);
      continue;
    }
    try {
      await client.move(room, legal[Math.floor(rand() * legal.length)], { seq });
    } catch (err) {
      if (!["stale_seq", "not_your_turn", "conflict"].includes(err.code)) throw err;
      await client.resync(room);
    }
  }
}

// Checks shared with test/browser.test.js: the spectator sees the players' public view, a
// reload keeps the seat, a refusal names its rule, the Hunters map pans and zooms.
// Keys of a seat's own view that a spectator never sees.
const PRIVATE = new Set(["you", "hand", "my_bid"]);

export async function viewOf(page, room) {
  return page.evaluate((r) => structuredClone(window.longhall.client.rooms.get(r).view), room);
}

/** Every field the spectator sees equals the player's, except a seat's private ones and a
 * card's options, counted. */
export function assertPublicEqual(spectator, player, path = "view") {
  if (path.endsWith(".prompt.options") && typeof spectator === "number" && Array.isArray(player)) {
    // a Feast card's options are its owner's alone (one may name a card in hand): the
    // others see how many there are
    assert.equal(spectator, player.length, `${path} differs`);
    return;
  }
  if (spectator === null || typeof spectator !== "object") {
    assert.deepEqual(spectator, player, `${path} differs`);
    return;
  }
  assert.equal(typeof player, "object", `${path} differs`);
  for (const [k, v] of Object.entries(spectator)) {
    if (PRIVATE.has(k)) continue;
    assertPublicEqual(v, player?.[k], `${path}.${k}`);
  }
}

export async function spectatorSeesTheSame(room, players, s) {
  await sameSeq([...players, s]);
  const spectator = await viewOf(s, room);
  for (const p of players) assertPublicEqual(spectator.table, (await viewOf(p, room)).table, "table");
  assert.equal(spectator.you, null);
  assert.equal(await s.locator("#legal").count(), 0, "a spectator is offered no moves");
}

export async function reloadKeepsTheSeat(b) {
  const player = await b.evaluate(() => window.longhall.client.player);
  await b.reload();
  await b.locator('.table-page[data-seat="1"]').waitFor();
  assert.equal(await b.evaluate(() => window.longhall.client.player), player);
  assert.match(await b.locator("#whoami").textContent(), /seat 2/);
}

/** The map zooms with its button and pans with a drag; the view survives a redraw. */
export async function panAndZoom(page) {
  const layer = page.locator("#board svg.hunters-map > g").first();
  const scale = async () => Number((await layer.getAttribute("transform")).match(/scale\(([\d.]+)\)/)?.[1] ?? 1);
  const before = await scale();
  await page.getByRole("button", { name: "zoom in" }).click();
  const zoomed = await layer.getAttribute("transform");
  assert.ok(Math.abs((await scale()) / before - 1.25) < 1e-6, `zoomed in from ${before}: ${zoomed}`);
  // a drag that starts on a choice (a square or a spot you may click) is left to the
  // choice: start it on bare map, wherever the game has put its choices
  const box = await page.locator("#board svg.hunters-map").boundingBox();
  const [x, y] = await page.evaluate((b) => {
    for (let i = 1; i < 8; i++) {
      for (let j = 1; j < 8; j++) {
        const [px, py] = [b.x + (b.width * i) / 10, b.y + (b.height * j) / 10];
        const el = document.elementFromPoint(px, py);
        if (el?.closest("svg.hunters-map") && !el.closest(".choice")) return [px, py];
      }
    }
    return [b.x + 20, b.y + 20];
  }, box);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y + 40, { steps: 4 });
  await page.mouse.up();
  const moved = await layer.getAttribute("transform");
  assert.notEqual(moved, zoomed, "the drag moved the map");
  await page.evaluate(() => window.longhall.redraw());
  assert.equal(await page.locator("#board svg.hunters-map > g").first().getAttribute("transform"), moved);
}

/** Send moves the rules refuse through the page; the refusal shown names its rule. */
export async function refusalShowsItsRule(page, moves) {
  let shown = "";
  for (const move of moves) {
    await page.evaluate((m) => window.longhall.tryMove(m), move);
    await page.locator("#error.shown").waitFor();
    shown = await page.locator("#error").getAttribute("data-rule");
    if (shown) break;
  }
  assert.match(shown, /^[A-Z]+(-[A-Z])?-\d+/, "the refusal names its rule");
  assert.match(await page.locator("#error").textContent(), new RegExp(`rule ${shown}`));
}
