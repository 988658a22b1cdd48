// The Feast table follows the game on a 1280×800 screen: a solo short game is clicked to
// its end, and each time the player is asked something, before any click, the thing to
// act on (an action space, a banquet cell or a good to serve, an option, the die, a
// mountain strip, a special tile, a held good's spots on the home board…) is already
// inside the window (at most a few frames later), not under the bar of chips — the
// player never scrolls to find it.
// tests/web/test_feast_follow.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { WEIGHT, openRoom, playClicks, seeded } from "../feast/clicks.js";

const HTTP = process.env.LONGHALL_HTTP;
const SHOTS = process.env.LONGHALL_SHOTS ?? new URL("../../../../test-artifacts/web/", import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const skip = HTTP ? false : "LONGHALL_HTTP is not set (tests/web/test_feast_follow.py sets it)";
const ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-dev-shm-usage"];
const SCREEN = { width: 1280, height: 800 };
// moves open at any time (F-300): they do not say what the prompt asks about
const ANYTIME = ["place", "store", "buy_ship", "arm", "use_card"];

let browser;
before(async () => {
  if (!HTTP) return;
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
after(async () => browser?.close());

/** What the player is asked (prompt kind, placing stage) and whether one thing to act on
 * lies wholly inside the window and below the sticky bar of chips. */
function inView(anytime) {
  const board = document.querySelector("#board .feast");
  const kind = board.dataset.kind;
  const stage = board.dataset.stage;
  const bar = document.querySelector("#feast-controls").getBoundingClientRect();
  const spots = [...board.querySelectorAll(".feast-anchors [data-anchor]")];
  const moves = [...board.querySelectorAll("[data-move]")].filter((el) => el.getBoundingClientRect().width);
  const own = moves.filter((el) => !anytime.includes(JSON.parse(el.dataset.move).type) || kind === "end");
  const things = spots.length ? spots : own.length ? own : moves;
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    const top = el.closest("#feast-controls") ? 0 : bar.bottom;
    return r.width > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1;
  };
  const shown = things.filter(seen);
  const describe = (el) => (el.dataset.move ? JSON.parse(el.dataset.move).type : "spot");
  return {
    asked: `${kind}${stage ? ` (laying, stage ${stage})` : ""}`,
    things: things.length,
    shown: shown.length,
    what: [...new Set(things.map(describe))].join(","),
    scrollY: Math.round(scrollY),
  };
}

test("feast at 1280×800: the decision is in view whenever the player is asked", { skip, timeout: 600000 }, async () => {
  const context = await browser.newContext({ viewport: SCREEN });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  await context.addInitScript(`window.__inView = ${inView.toString()};`);
  try {
    await openRoom(page, []);
    const met = new Map(); // prompt kind -> how many times it was asked, all with the decision in view
    const asked = async (p) => {
      // the decisions drawn are this seq's (not the previous one's, still on the page)
      await p.waitForFunction(() => {
        const t = document.querySelector(".table-page");
        return t.dataset.status !== "playing" || t.dataset.legalSeq === t.dataset.seq;
      }, null, { timeout: 60000 });
      // the page scrolls at its next frame: give it a few before looking
      await p.waitForFunction((anytime) => window.__inView(anytime).shown > 0 || !window.__inView(anytime).things, ANYTIME, { timeout: 3000 }).catch(() => {});
      const seen = await p.evaluate(inView, ANYTIME);
      if (!seen.things) return;
      if (!seen.shown) await p.screenshot({ path: `${SHOTS}feast-follow-missed.png` });
      assert.ok(seen.shown > 0, `asked "${seen.asked}" (${seen.what}): none of ${seen.things} things to act on is in view (scrolled to ${seen.scrollY})`);
      met.set(seen.asked, (met.get(seen.asked) ?? 0) + 1);
    };
    const weight = { ...WEIGHT, buy: 6, buy_ship: 4, serve: 5, leave_rest: 4, pass: 4 };
    const made = await playClicks([page], 2000, seeded(21), { weight, asked });
    await page.locator('.table-page[data-status="over"] #result').waitFor({ timeout: 60000 });
    const kinds = [...met.entries()].map(([k, n]) => `${k} ×${n}`).join(", ");
    console.log(`# feast follow: ${made} decisions, asked: ${kinds}`);
    for (const kind of ["turn", "feast"]) assert.ok([...met.keys()].some((k) => k.startsWith(kind)), `the game asked "${kind}" (${kinds})`);
    assert.ok([...met.keys()].some((k) => k.includes("laying")), `a good was laid on a board (${kinds})`);
    assert.deepEqual(errors, [], "errors in the page");
  } finally {
    await context.close();
  }
});
