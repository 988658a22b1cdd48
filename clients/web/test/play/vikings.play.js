// Vikings played only by clicking the board (the plain list of decisions hidden):
// two players, one on a desktop screen and one on a phone, make 40+ decisions of the
// advanced game (auction by the bid stepper, colours, purchases on the wheel, tiles and
// vikings in the fjord) while a spectator checks the move log's words and prices; then a
// whole base game clicked to its end by one player while a Node client plays the other.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { seeded } from "../../../js/test/random_player.js";
import * as c from "./common.js";
import { decide } from "./vikings.js";

let browser;
const errors = [];
before(async () => {
  if (!c.skip) browser = await c.launch();
});
after(async () => browser?.close());

/** Every "for N gold" in a buy line equals what the buyer's gold dropped by at that seq. */
async function pricesMatch(spectator) {
  const { entries, gold } = await spectator.evaluate(() => ({
    entries: JSON.parse(sessionStorage.getItem(`longhall.log.${document.querySelector(".table-page").dataset.room}`) ?? "[]"),
    gold: window.__gold,
  }));
  let checked = 0;
  for (const e of entries.filter((x) => x.k === "vikings.buy")) {
    const paid = Number(e.text.match(/for (\d+) gold$/)[1]);
    if (!gold[e.seq] || !gold[e.seq - 1]) continue;
    assert.equal(gold[e.seq - 1][e.seat] - gold[e.seq][e.seat], paid, `price in "${e.text}"`);
    checked += 1;
  }
  return checked;
}

test("vikings: 40 decisions clicked on the board by a desktop and a phone player", { skip: c.skip, timeout: 240000 }, async () => {
  const a = await c.newPage(browser, c.DESKTOP, errors);
  const b = await c.newPage(browser, c.PHONE, errors);
  const s = await c.newPage(browser, c.DESKTOP, errors);
  try {
    const room = await c.openRoom("vikings", a, b, s, { variant: "advanced" });
    await c.recordGold(s, room);
    // your own fjord is above the fold on a 1280×800 screen, beside the wheel
    const fjord = await a.locator(".vk-fjord.mine").boundingBox();
    const wheel = await a.locator(".vk-wheel").boundingBox();
    assert.ok(fjord.y + fjord.height <= 800, `your fjord ends at ${fjord.y + fjord.height}px`);
    assert.ok(fjord.x > wheel.x + wheel.width - 1 && fjord.y < wheel.y + wheel.height, "the fjord is beside the wheel");
    const r = seeded(11);
    const by = new Map([[a, 0], [b, 0]]);
    for (let made = 0; made < 40; made++) {
      const page = await c.actingPage([a, b]);
      assert.ok(page, "the game ended early");
      await decide(page, r);
      by.set(page, by.get(page) + 1);
    }
    assert.ok(by.get(a) >= 5 && by.get(b) >= 5, `both players clicked (${by.get(a)} and ${by.get(b)})`);
    await c.spectatorSeesTheSame(room, [a, b], s);
    const kinds = new Set(await s.$$eval("#log li", (lis) => lis.map((li) => li.dataset.k)));
    assert.ok(kinds.has("vikings.buy") && (kinds.has("vikings.bid") || kinds.has("vikings.pass")), [...kinds].join());
    const lines = await c.checkLogWords(s);
    assert.ok(lines.some((l) => / bought the .* from space \d+ for \d+ gold$/.test(l)), lines.join("\n"));
    assert.ok((await pricesMatch(s)) > 0, "some purchases were checked against the view");
    // a spectator who comes in now reads the whole game so far, worded alike
    const late = await c.newPage(browser, c.PHONE, errors);
    await late.goto(`${c.HTTP}/#/watch/${room}`);
    await late.waitForFunction((n) => document.querySelectorAll("#log li").length >= n, lines.length);
    assert.deepEqual(await late.locator("#log li").allTextContents(), lines, "the late spectator's log");
    await late.context().close();
    await a.screenshot({ path: `${c.SHOTS}vikings-clicks-desktop.png` });
    await a.screenshot({ path: `${c.SHOTS}vikings-seat0.png`, fullPage: true });
    await s.screenshot({ path: `${c.SHOTS}vikings-spectator.png`, fullPage: true });
    await c.reloadKeepsTheSeat(b);
    const mover = await c.actingPage([a, b]);
    await c.refusalShowsItsRule(mover, [{ type: "convert", vp: 999 }]);
    await mover.screenshot({ path: `${c.SHOTS}vikings-refused.png` });
    await b.screenshot({ path: `${c.SHOTS}vikings-clicks-phone.png`, fullPage: true });
    const width = await b.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 400, `the phone table fits its screen (${width}px)`);
    c.printRedraws("vikings", [a, b], `; full redraw ${(await c.redrawMs(a)).toFixed(1)} ms`);
    assert.deepEqual(errors.splice(0), [], "errors in the pages");
  } finally {
    await Promise.all([a, b, s].map((p) => p.context().close()));
  }
});

test("vikings: a whole game clicked to its end against a bot", { skip: c.skip, timeout: 300000 }, async () => {
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const me = await new Client(ws, { name: "Astrid", WebSocket }).connect();
  const bot = await new Client(ws, { name: "Bjorn", WebSocket }).connect();
  const room = (await me.create("vikings", { variant: "base" }, 2)).room;
  await bot.join(room);
  const page = await c.newPage(browser, c.DESKTOP, errors, { token: me.token });
  await me.start(room); // only the host starts a room (the creator, whom the page now is)
  me.close(); // the page is this player from now on (same token)
  try {
    await page.goto(`${c.HTTP}/#/room/${room}`);
    await c.table(page).waitFor();
    const botDone = c.botPlay(bot, room, seeded(5));
    const r = seeded(3);
    const t0 = Date.now();
    let clicks = 0;
    while (await c.waitMyTurnOrOver(page)) {
      await decide(page, r);
      clicks += 1;
    }
    await botDone;
    await page.locator('.table-page[data-status="over"] #result').waitFor();
    assert.match(await page.locator("#result h3").textContent(), /^Winners?: /);
    console.log(`# timing vikings whole game: ${clicks} clicks in ${Math.round((Date.now() - t0) / 1000)} s`);
    await page.screenshot({ path: `${c.SHOTS}vikings-over.png`, fullPage: true });
    c.printRedraws("vikings whole game", [page]);
    assert.deepEqual(errors.splice(0), [], "errors in the page");
  } finally {
    bot.close();
    await page.context().close();
  }
});
