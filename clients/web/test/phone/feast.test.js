// A whole solo game of A Feast for Odin clicked on a 390×844 phone (touch screen, the
// plain list of decisions hidden), with a ship and a special tile bought by clicks on
// the board: the random clicker is steered to buy a ship when it can afford one (a knarr
// first), to build a knarr if none was bought, then to the "Buy special tiles" space
// (F-505, it needs a knarr) and to a tile of the sale, until each purchase is in the
// log; the rest is chosen by weight. The deal is the server's: a game in which no ship
// could be afforded is dealt again (3 games at most).
// tests/web/test_phone_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { WEIGHT, openRoom, playClicks, seeded } from "../feast/clicks.js";
import * as c from "../play/common.js";

let browser;
const errors = [];
before(async () => {
  if (!c.skip) browser = await c.launch();
});
after(async () => browser?.close());

const WEIGHTS = { ...WEIGHT, pass: 4, place: 0.2, leave_rest: 4, serve: 5, ready: 6, done: 6 };

/** The seat's log entries of kind `k` so far (the page keeps its log in sessionStorage). */
const logged = (page, k) =>
  page.evaluate((kind) => {
    const room = document.querySelector(".table-page").dataset.room;
    return JSON.parse(sessionStorage.getItem(`longhall.log.${room}`) ?? "[]").filter((e) => e.k === kind);
  }, k);

/** One solo game clicked to its end, steered to the purchases; what it bought and saw. */
async function oneGame(page, game) {
  await openRoom(page, []);
  const prefer = [
    { type: "buy", tab: "action" }, // F-505: a tile of the sale
    { type: "occupy", space: "c3_buy_special_tiles", tab: "action" },
    { type: "buy_ship", ship: "knarr", tab: "mine" }, // F-350
    { type: "buy_ship", tab: "mine" },
    { type: "occupy", space: "c2_build_knarr", tab: "action" }, // a knarr for the sale, if none was bought
  ];
  const drop = (gone) => prefer.splice(0, prefer.length, ...prefer.filter((w) => !gone(w)));
  const seen = { shipOffered: 0, missed: 0, silver: 0 }; // said when no ship was bought
  const asked = async (p) => {
    const now = await p.evaluate(() => ({
      offered: [...document.querySelectorAll("#legal .move")].some((b) => b.dataset.key.includes('"buy_ship"')),
      silver: window.longhall.client.rooms.get(document.querySelector(".table-page").dataset.room).view.table.seats[0].silver ?? 0,
    }));
    seen.shipOffered += now.offered ? 1 : 0;
    seen.silver = Math.max(seen.silver, Number(now.silver) || 0);
    // what was done is no longer steered to
    if ((await logged(p, "feast.buy")).length) drop((w) => w.type === "buy" || w.space === "c3_buy_special_tiles");
    if ((await logged(p, "feast.buy_ship")).length) drop((w) => w.type === "buy_ship");
    const knarr = await p.evaluate(() => window.longhall.client.rooms.get(document.querySelector(".table-page").dataset.room).view.table.seats[0].ships.some((sh) => sh.type === "knarr"));
    if (knarr) drop((w) => w.space === "c2_build_knarr" || w.ship === "knarr");
  };
  const started = Date.now();
  const made = await playClicks([page], 3000, seeded(17), { weight: WEIGHTS, prefer, asked, missed: () => seen.missed++ });
  await page.locator('.table-page[data-status="over"] #result').waitFor();
  const ships = await logged(page, "feast.buy_ship");
  const tiles = await logged(page, "feast.buy");
  console.log(`# feast phone whole game ${game}: ${made} clicked decisions in ${Math.round((Date.now() - started) / 1000)} s; bought ${ships.map((e) => e.d.ship).join(", ")} and ${tiles.map((e) => e.d.tile).join(", ")}`);
  return { ships, tiles, seen };
}

test("feast on a phone: a solo game clicked to its end, a ship and a special tile bought on the board", { skip: c.skip, timeout: 900000 }, async () => {
  const page = await c.newPage(browser, c.PHONE, errors);
  try {
    // the deal is the server's (a fresh seed a room): in a game whose silver never reaches
    // a ship's price, no ship is offered at all; then another game is dealt (3 at most)
    let ships = [];
    let tiles = [];
    let seen = {};
    for (let game = 1; game <= 3; game++) {
      ({ ships, tiles, seen } = await oneGame(page, game));
      if (ships.length > 0 || seen.shipOffered > 0) break;
    }
    assert.ok(ships.length > 0, `a ship was bought by clicks (buy_ship offered at ${seen.shipOffered} decisions, a wanted move not on the board ${seen.missed} times, silver at most ${seen.silver})`);
    assert.ok(tiles.length > 0, "a special tile was bought by clicks");
    for (const e of [...ships, ...tiles]) assert.match(e.text, /for \d+ silver/, `the price in "${e.text}"`);
    assert.equal(await page.locator("#legal").isVisible(), false, "the plain list stayed hidden");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= c.PHONE.width, `the page fits the phone (${width}px)`);
    await page.screenshot({ path: `${c.SHOTS}feast-phone-over.png`, fullPage: true });
    assert.deepEqual(errors.splice(0), [], "errors in the page");
  } finally {
    await page.context().close();
  }
});
