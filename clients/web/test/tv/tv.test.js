// TV in the app, in headless Chromium: two rated (timed) games of High Card are in play,
// Astrid and Bjorn at one, Gudrun and Harald — rated lower — at the other (their ratings
// written to the leaderboard by tests/web/test_tv_browser.py, their tokens in
// LONGHALL_TV_PLAYERS). The page at #/tv/highcard watches the first as a spectator, says
// it is shown late and names the players with their ratings; when that game is played out,
// the page moves on to the other. axe-core finds nothing critical or serious on it.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { seeded } from "../../../js/test/random_player.js";
import { seriousFindings } from "../axe/axe.js";
import * as c from "../play/common.js";

const PLAYERS = process.env.LONGHALL_TV_PLAYERS ? JSON.parse(process.env.LONGHALL_TV_PLAYERS) : null;
const skip = c.skip || (!PLAYERS ? "LONGHALL_TV_PLAYERS is not set (tests/web/test_tv_browser.py sets it)" : false);
const CLOCK = { per_move: 600, timeout: "bot" };

let browser;
const errors = [];
before(async () => {
  if (!skip) browser = await c.launch();
});
after(async () => browser?.close());

test("TV: the best game, shown late, then the next when it ends", { skip, timeout: 300000 }, async () => {
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const clients = {};
  try {
    for (const [name, p] of Object.entries(PLAYERS)) {
      clients[name] = await new Client(ws, { token: p.token, name: p.name, WebSocket }).connect();
      assert.equal(clients[name].player, p.player, "the token speaks for the player rated");
    }
    const table = async (host, guest) => {
      const room = (await clients[host].create("highcard", null, 2, false, CLOCK)).room;
      await clients[guest].join(room);
      await clients[host].start(room);
      return room;
    };
    const best = await table("Astrid", "Bjorn");
    const next = await table("Gudrun", "Harald");
    const rand = seeded(11);
    /** `count` random decisions in `room` by whichever of its players is to decide. */
    const decide = async (room, names, count) => {
      for (let made = 0; made < count; ) {
        const mover = names.map((n) => clients[n]).find((cl) => (cl.rooms.get(room).view.to_act ?? []).includes(cl.rooms.get(room).seat));
        if (!mover) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        const seq = mover.rooms.get(room).seq;
        const legal = await mover.legal(room);
        try {
          await mover.move(room, legal[Math.floor(rand() * legal.length)], { seq });
          made += 1;
        } catch (err) {
          // High Card's bids are simultaneous: the other player's bid may have been committed
          // after this mirror's seq was read (its diff on the way); the room refuses a stale
          // seq, as it must, and the decision is made again on the room as it is now
          if (err.code !== "stale_seq") throw err;
          await mover.resync(room);
        }
      }
    };
    await decide(next, ["Gudrun", "Harald"], 2);

    const page = await c.newPage(browser, c.DESKTOP, errors, { hideList: false });
    const missing = [];
    page.on("response", (r) => r.status() >= 400 && missing.push(`${r.status()} ${r.url()}`));
    await page.goto(`${c.HTTP}/#/tv/highcard`);
    await page.locator(`#tv[data-room="${best}"] .table-page[data-room="${best}"][data-seat="spectator"]`).waitFor({ timeout: 30000 });
    const caption = await page.locator("#tv-caption").textContent();
    assert.match(caption, /Astrid \(31\.5\)/);
    assert.match(caption, /Bjorn \(29\)/);
    assert.match(await page.locator("#delay").textContent(), /4 decisions late/, "a rated game is shown late");
    const found = await seriousFindings(page);
    assert.deepEqual(found, [], JSON.stringify(found));
    assert.equal(await page.locator("#board .hint").textContent(), "The table appears once the players are that far ahead.");

    // the best game played out: the page shows its end, then the other game
    await Promise.all(["Astrid", "Bjorn"].map((n, i) => c.botPlay(clients[n], best, seeded(i + 3))));
    await page.locator(`.table-page[data-room="${best}"][data-status="over"]`).waitFor({ timeout: 30000 });
    await page.locator(`#tv[data-room="${next}"] .table-page[data-room="${next}"][data-seat="spectator"]`).waitFor({ timeout: 60000 });
    assert.match(await page.locator("#tv-caption").textContent(), /Gudrun \(14\)/);
    // a spectator who comes in the middle waits: four decisions later it gets the table
    // as it stood when it came, and each decision after that four late
    const came = clients.Gudrun.rooms.get(next).seq;
    await decide(next, ["Gudrun", "Harald"], 4);
    const shown = page.locator(`.table-page[data-room="${next}"][data-status="playing"]`);
    await shown.waitFor({ timeout: 30000 });
    assert.equal(Number(await shown.getAttribute("data-seq")), came);
    await decide(next, ["Gudrun", "Harald"], 1);
    await page.locator(`.table-page[data-room="${next}"][data-seq="${came + 1}"]`).waitFor({ timeout: 30000 });
    await page.screenshot({ path: `${c.SHOTS}tv.png`, fullPage: true });
    assert.deepEqual(errors, [], missing.join("; "));
  } finally {
    for (const cl of Object.values(clients)) cl.close();
  }
});
