// Playing A Feast for Odin by clicks on its board, shared by the browser scenarios: open
// a room from the lobby, see whether a page must decide, list what its board offers and
// click one thing of it by weight until a number of decisions were made.

import assert from "node:assert/strict";
import { armRedraw, dropRedraw, keepRedraw } from "../play/redraw.js";

const HTTP = process.env.LONGHALL_HTTP;

/** A seeded random number generator (mulberry32), so a failing run can be replayed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const seqOf = (page) => page.evaluate(() => Number(document.querySelector(".table-page")?.dataset.seq ?? -1));
export const statusOf = (page) => page.locator(".table-page").getAttribute("data-status");

/** Host creates a Feast room (short game) from the lobby; the others join by its link; host starts. */
export async function openRoom(host, guests, extra = {}) {
  await host.goto(`${HTTP}/#/`);
  const card = host.locator('.game-card[data-game="feast"]');
  await card.locator('select[name="seats"]').selectOption(String(1 + guests.length));
  await card.locator('select[name="length"]').selectOption("short"); // by value: the same in every language
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
export async function deciding(page) {
  return page.evaluate(() => {
    const t = document.querySelector(".table-page");
    return !!t && t.dataset.status === "playing" && /^Your decision/.test(document.querySelector("#prompt")?.textContent ?? "") && document.querySelectorAll("#legal .move").length > 0;
  });
}

// How much a policy likes each kind of click (by the move it makes); anchors are board cells.
export const WEIGHT = { occupy: 6, serve: 8, take: 6, upgrade: 2, option: 3, play: 3, choose_card: 2, roll: 4, hunt: 4, loot: 4, offer: 1, buy: 2, flip: 2, finish: 1, ready: 3, done: 3, pass: 0.6, skip: 1, stop: 1, leave: 0.2, leave_rest: 1.5, store: 1, buy_ship: 0.5, arm: 0.5, place: 1.2, cancel: 0.05 };

/** The clickable things of the board now (visible ones), with what they do. */
export async function choices(page) {
  return page.evaluate(() => {
    const out = [];
    document.querySelectorAll("#board .choice, #board .feast-local").forEach((el, i) => {
      el.setAttribute("data-pick", String(i));
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || el.closest("[hidden]") || getComputedStyle(el.closest(".feast-pane") ?? el).display === "none") return;
      const move = el.getAttribute("data-move");
      out.push({ pick: i, move: move ? JSON.parse(move) : null, anchor: el.getAttribute("data-anchor"), local: !move && !el.hasAttribute("data-anchor") });
    });
    return out;
  });
}

const matches = (want, move) => Object.entries(want).every(([k, v]) => k === "tab" || move[k] === v);

/** The first of `prefer` (move fields to match, and `tab`: the phone view it is drawn in)
 * that the page's legal moves offer now. */
async function preferredOffered(page, prefer) {
  if (!prefer?.length) return null;
  const legal = await page.evaluate(() => [...document.querySelectorAll("#legal .move")].map((b) => JSON.parse(b.dataset.key.slice(5))));
  return prefer.find((want) => legal.some((m) => matches(want, m))) ?? null;
}

/**
 * One click on the board, chosen by weight: a placement in progress is finished on a
 * marked cell; a tab is switched when nothing in view can be clicked; a decision of
 * `opts.prefer` is made whenever one is offered. Returns true if the click made a
 * decision (the room's seq moved).
 */
export async function clickOne(page, rng, opts = {}) {
  let list = await choices(page);
  if (!list.length) {
    // the thing to click is behind another tab (phone): open the tabs in turn
    for (const tab of await page.locator(".feast-tab").all()) {
      await tab.click();
      list = await choices(page);
      if (list.length) break;
    }
  }
  const wanted = await preferredOffered(page, opts.prefer);
  if (wanted) {
    // a decision the scenario wants made when offered: to its view (phone tabs), then it
    const tab = page.locator(`.feast-tab[data-tab="${wanted.tab}"][aria-selected="false"]`);
    if (await tab.count()) await tab.click();
    // (its board may be drawn a moment after the tab opens: on a loaded machine, waited for)
    let found = [];
    for (let tries = 0; tries < 25 && !found.length; tries++) {
      if (tries) await page.waitForTimeout(200);
      found = (await choices(page)).filter((c) => c.move && matches(wanted, c.move));
    }
    if (found.length) list = found;
    else opts.missed?.(wanted);
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
  await armRedraw(page); // the time from this click to the frame showing its answer (redraw.js)
  const target = page.locator(`#board [data-pick="${pick.pick}"]`);
  try {
    if (pick.anchor) await target.click({ force: true, timeout: 5000 });
    else await target.click({ timeout: 5000 });
  } catch {
    return false; // a diff redrew the board between listing and clicking: choose again
  }
  if (process.env.FEAST_DEBUG) console.log("# click", Date.now() - (globalThis.lastClick ?? 0), JSON.stringify(pick.move ?? pick.anchor ?? "local"), list.length);
  globalThis.lastClick = Date.now();
  if (pick.local) return (await dropRedraw(page), false);
  try {
    await page.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, before, { timeout: 5000 });
  } catch {
    if (process.env.FEAST_DEBUG) console.log("# no seq change after", JSON.stringify(pick));
    await dropRedraw(page);
    return false; // a refused spot (said on the board) or a click that only changed the view
  }
  await keepRedraw(page);
  return true;
}

/** Click decisions on whichever page must decide until `n` were made (or the game ends);
 * `opts.asked(page)` is awaited each time a page is asked, before it clicks. */
export async function playClicks(pages, n, rng, opts) {
  let made = 0;
  let idle = 0;
  while (made < n) {
    let acted = false;
    for (const p of pages) {
      if (await deciding(p)) {
        await opts?.asked?.(p); // a look at the page as the question appears, before any click
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
