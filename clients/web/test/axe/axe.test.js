// Accessibility: axe-core, injected into the page, finds nothing critical or serious on
// the lobby, a player's page, the leaderboard and the table of every game (Vikings,
// Hunters & Gatherers, A Feast for Odin, each at a decision of the player's), in all five
// languages. tests/web/test_axe_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { seeded } from "../../../js/test/random_player.js";
import * as c from "../play/common.js";
import { seriousFindings } from "./axe.js";

const LANGS = ["en", "ru", "pl", "fi", "uk"];
const GAMES = ["vikings", "hunters", "feast"];

let browser;
const errors = [];
before(async () => {
  if (c.HTTP) browser = await c.launch();
});
after(async () => browser?.close());

/** Wait until the archive knows `player` (a finished game archived). */
async function archived(player) {
  const deadline = Date.now() + 120000;
  while ((await fetch(`${c.HTTP}/api/players/${player}`)).status !== 200) {
    assert.ok(Date.now() < deadline, "the archive did not take the finished game");
    await new Promise((r) => setTimeout(r, 250)); // the archiver runs on its own schedule
  }
}

test("axe-core: no critical or serious finding on the lobby, a player's page and every table, in five languages", { skip: c.skip, timeout: 300000 }, async () => {
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const [a, b] = await Promise.all(["Astrid", "Bjorn"].map((name) => new Client(ws, { name, WebSocket }).connect()));
  // a finished game, so that the player has a page
  const done = (await a.create("highcard", null, 2)).room;
  await b.join(done);
  await a.start(done);
  await Promise.all([c.botPlay(a, done, seeded(1)), c.botPlay(b, done, seeded(2))]);
  await archived(a.player);
  const tables = {};
  for (const game of GAMES) {
    tables[game] = (await a.create(game, null, 2)).room;
    await b.join(tables[game]);
    await a.start(tables[game]);
  }
  const page = await c.newPage(browser, c.DESKTOP, errors, { token: a.token, hideList: false });
  const found = [];
  const check = async (what) => {
    for (const f of await seriousFindings(page)) found.push({ what, ...f });
  };
  try {
    for (const lang of LANGS) {
      await page.goto(`${c.HTTP}/#/`);
      await page.evaluate((l) => localStorage.setItem("longhall.lang", l), lang);
      await page.reload();
      await page.locator(".game-card").first().waitFor();
      await check(`${lang} lobby`);
      await page.goto(`${c.HTTP}/#/player/${a.player}`);
      await page.locator("#player-page .recent-games").waitFor();
      await check(`${lang} player page`);
      await page.goto(`${c.HTTP}/#/leaderboard/highcard`);
      await page.locator("#leaderboard").waitFor();
      await check(`${lang} leaderboard`);
      for (const game of GAMES) {
        await page.goto(`${c.HTTP}/#/room/${tables[game]}`);
        // the table at a decision: whoever is asked, its decisions drawn
        await page.waitForFunction(() => {
          const t = document.querySelector(".table-page");
          return !!t && t.dataset.status === "playing" && (t.dataset.turn !== "yours" || t.dataset.legalSeq === t.dataset.seq);
        }, null, { timeout: 60000 });
        await check(`${lang} ${game} table`);
      }
    }
    assert.deepEqual(found, [], JSON.stringify(found, null, 1));
    assert.deepEqual(errors, [], "errors in the pages");
  } finally {
    a.close();
    b.close();
    await page.context().close();
  }
});
