// Hunters & Gatherers played only by clicking the board (the plain list of decisions
// hidden): two players, one on a desktop screen and one on a phone, make 40+ decisions
// (choose a marked square, rotate, place by the button or by clicking the preview, then
// a hunter, gatherer, fisher or hut on the new tile, or none) while a spectator checks
// the move log; then a whole game clicked to its end by one player against a Node bot.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { seeded } from "../../../js/test/random_player.js";
import * as c from "./common.js";
import { decide, squaresInWords } from "./hunters.js";

let browser;
const errors = [];
before(async () => {
  if (!c.skip) browser = await c.launch();
});
after(async () => browser?.close());

/** Animals on the map are drawn at least 14 px wide at the default zoom (not after "Fit"). */
async function animalsReadable(page) {
  const layer = await page.locator("#board svg.hunters-map > g").first().getAttribute("transform");
  if (!/scale\(1\)/.test(layer ?? "")) return 0;
  const sizes = await page.$$eval("#board .hunters-map .animal circle", (els) => els.map((e) => e.getBoundingClientRect().width));
  if (sizes.length) assert.ok(Math.min(...sizes) >= 14, `animal icons ${Math.min(...sizes)} px`);
  return sizes.length;
}

/** Icons and numbers stay upright on turned tiles: their groups are never rotated. */
async function labelsUpright(page) {
  return page.$$eval("#board .hunters-map .tile-icons", (els) => els.every((g) => !g.getAttribute("transform") && !g.closest("[transform*=rotate]")));
}

test("hunters: 40 decisions clicked on the board by a desktop and a phone player", { skip: c.skip, timeout: 240000 }, async () => {
  const a = await c.newPage(browser, c.DESKTOP, errors);
  const b = await c.newPage(browser, c.PHONE, errors);
  const s = await c.newPage(browser, c.DESKTOP, errors);
  try {
    const room = await c.openRoom("hunters", a, b, s);
    const r = seeded(21);
    const stats = { rotations: 0, previews: 0, figures: 0 };
    const by = new Map([[a, 0], [b, 0]]);
    let animals = 0;
    for (let made = 0; made < 40; made++) {
      const page = await c.actingPage([a, b]);
      assert.ok(page, "the game ended early");
      if (page === a) animals += await animalsReadable(a);
      await decide(page, r, stats, squaresInWords);
      by.set(page, by.get(page) + 1);
    }
    assert.ok(by.get(a) >= 10 && by.get(b) >= 10, `both players clicked (${by.get(a)} and ${by.get(b)})`);
    assert.ok(stats.rotations > 0 && stats.previews > 0 && stats.figures > 0, JSON.stringify(stats));
    assert.ok(animals > 0, "animals were on the map to measure");
    assert.ok(await labelsUpright(a), "icons are upright");
    await c.spectatorSeesTheSame(room, [a, b], s);
    const lines = await c.checkLogWords(s);
    // a tile laid is named as players name it: what it shows, where from the starting tile, which way turned
    assert.ok(lines.some((l) => / laid a (bonus )?tile \([a-z ,;×\d-]+\) (beside the starting tile, to the (north|east|south|west)|(\d+ (north|south|east|west)( and )?)+ of the starting tile)/.test(l)), lines.join("\n"));
    assert.ok(lines.some((l) => / laid a .*, turned (a quarter (anti)?clockwise|half round)$/.test(l)), lines.join("\n"));
    for (const l of lines) assert.doesNotMatch(l, /square \(|°|\(-?\d+, -?\d+\)/, `a square named by coordinates: "${l}"`);
    assert.ok(lines.some((l) => / put a (hunter|gatherer|fisher) on the | built a hut on the /.test(l)), lines.join("\n"));
    await a.screenshot({ path: `${c.SHOTS}hunters-clicks-desktop.png` });
    await a.screenshot({ path: `${c.SHOTS}hunters-seat0.png`, fullPage: true });
    await s.screenshot({ path: `${c.SHOTS}hunters-spectator.png`, fullPage: true });
    await c.panAndZoom(a);
    await c.reloadKeepsTheSeat(b);
    const mover = await c.actingPage([a, b]);
    await c.refusalShowsItsRule(mover, [{ type: "place", x: 40, y: 40, rotation: 0 }, { type: "clan", segment: 0 }]);
    await mover.screenshot({ path: `${c.SHOTS}hunters-refused.png` });
    await b.screenshot({ path: `${c.SHOTS}hunters-clicks-phone.png`, fullPage: true });
    const width = await b.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 400, `the phone table fits its screen (${width}px)`);
    c.printRedraws("hunters", [a, b], `; full redraw ${(await c.redrawMs(a)).toFixed(1)} ms`);
    assert.deepEqual(errors.splice(0), [], "errors in the pages");
  } finally {
    await Promise.all([a, b, s].map((p) => p.context().close()));
  }
});

test("hunters: a whole game clicked to its end against a bot", { skip: c.skip, timeout: 300000 }, async () => {
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const me = await new Client(ws, { name: "Astrid", WebSocket }).connect();
  const bot = await new Client(ws, { name: "Bjorn", WebSocket }).connect();
  const room = (await me.create("hunters", null, 2)).room;
  await bot.join(room);
  const page = await c.newPage(browser, c.DESKTOP, errors, { token: me.token });
  await me.start(room); // only the host starts a room (the creator, whom the page now is)
  me.close(); // the page is this player from now on (same token)
  try {
    await page.goto(`${c.HTTP}/#/room/${room}`);
    await c.table(page).waitFor();
    const botDone = c.botPlay(bot, room, seeded(8));
    const r = seeded(4);
    const stats = { rotations: 0, previews: 0, figures: 0 };
    const t0 = Date.now();
    let clicks = 0;
    let pops = 0;
    while (await c.waitMyTurnOrOver(page)) {
      await decide(page, r, stats, squaresInWords);
      clicks += 1;
      pops += await page.locator("#board .score-pop").count();
    }
    await botDone;
    await page.locator('.table-page[data-status="over"] #result').waitFor();
    assert.match(await page.locator("#result h3").textContent(), /^Winners?: /);
    assert.ok(pops > 0, "a completed forest or river popped its points");
    console.log(`# timing hunters whole game: ${clicks} decisions in ${Math.round((Date.now() - t0) / 1000)} s, ${pops} score pops seen`);
    await page.screenshot({ path: `${c.SHOTS}hunters-over.png`, fullPage: true });
    c.printRedraws("hunters whole game", [page]);
    assert.deepEqual(errors.splice(0), [], "errors in the page");
  } finally {
    bot.close();
    await page.context().close();
  }
});
