// Ratings in the app, in headless Chromium: two players both named Astrid play two timed
// (so rated) games of High Card through Node clients; then the leaderboard tells them
// apart by the tag after their names, a player's page shows the rating, its history and
// the latest games with their replays, the lobby shows your rating, your games with their
// status, and rooms labelled rated or casual, and a table shows seat ratings — in all
// five languages, with the lobby's option help free of rule numbers; your turn chimes
// unless the sound is turned off. tests/web/test_ratings_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { seeded } from "../../../js/test/random_player.js";
import * as c from "../play/common.js";

const LANGS = ["en", "ru", "pl", "fi", "uk"];
const words = (lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/${lang}.json`, import.meta.url), "utf8"));
const CLOCK = { per_move: 600, timeout: "bot" }; // a clock makes a room rated

let browser;
const errors = [];
before(async () => {
  if (c.HTTP) browser = await c.launch();
});
after(async () => browser?.close());

/** Two clients play a rated room of High Card to its end; the room id. */
async function ratedGame(host, guest, seed) {
  const room = (await host.create("highcard", null, 2, false, CLOCK)).room;
  await guest.join(room);
  await host.start(room);
  await Promise.all([c.botPlay(host, room, seeded(seed)), c.botPlay(guest, room, seeded(seed + 100))]);
  return room;
}

/** The leaderboard once the archive has rated both players' `games` games. */
async function rated(players, games) {
  const deadline = Date.now() + 120000;
  for (;;) {
    const board = await (await fetch(`${c.HTTP}/api/leaderboard/highcard?limit=1000`)).json();
    const mine = board.players.filter((p) => players.includes(p.player));
    if (mine.length === players.length && mine.every((p) => p.games >= games)) return mine;
    assert.ok(Date.now() < deadline, `the archive did not rate the games: ${JSON.stringify(mine)}`);
    await new Promise((r) => setTimeout(r, 250)); // the archiver runs on its own schedule
  }
}

test("ratings: leaderboard, player page, tags, rated and casual rooms, in five languages", { skip: c.skip, timeout: 300000 }, async () => {
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const [a, b] = await Promise.all([0, 1].map(() => new Client(ws, { name: "Astrid", WebSocket }).connect()));
  const played = [await ratedGame(a, b, 1), await ratedGame(a, b, 2)];
  const board = await rated([a.player, b.player], 2);
  const open = (await a.create("highcard", null, 2, false, CLOCK)).room; // waits for a player: rated
  const casual = (await a.create("highcard", null, 2)).room;
  await b.join(open);
  const page = await c.newPage(browser, c.DESKTOP, errors, { token: a.token });
  await page.context().addInitScript((rooms) => localStorage.setItem("longhall.rooms", JSON.stringify(rooms)), [open, played[0]].map((room) => ({ room, game: "highcard", at: 0 })));
  a.close();
  try {
    // the leaderboard: both Astrids, told apart by their tags, each linking to a page
    await page.goto(`${c.HTTP}/#/leaderboard/highcard`);
    const rows = page.locator(".leaderboard tbody tr");
    await rows.first().waitFor();
    const names = await Promise.all([a.player, b.player].map((p) => page.locator(`.leaderboard tr[data-player="${p}"] .player-link`).textContent()));
    assert.match(names[0], /^Astrid #\w{4}$/);
    assert.match(names[1], /^Astrid #\w{4}$/);
    assert.notEqual(names[0], names[1], "two players of one name are told apart");
    const shown = await page.locator(`.leaderboard tr[data-player="${a.player}"] td.num`).first().textContent();
    assert.equal(shown, String(Math.round(board.find((p) => p.player === a.player).score * 10) / 10), "the rating as the server scores it");

    // the player page: rating, its history (one point per rated game), the latest games and their replays
    await page.locator(`.leaderboard tr[data-player="${a.player}"] .player-link`).click();
    await page.locator(`#player-page[data-player="${a.player}"]`).waitFor();
    assert.ok((await page.locator('.ratings tr[data-game="highcard"] .history circle').count()) >= 2, "a point per rated game");
    for (const room of played) assert.equal(await page.locator(`.recent-games tr[data-room="${room}"] a.replay`).count(), 1, `a replay link for ${room}`);
    assert.match(await page.locator(`.recent-games tr[data-room="${played[0]}"]`).textContent(), /won|lost/);
    await page.screenshot({ path: `${c.SHOTS}ratings-player.png`, fullPage: true });
    await page.locator(`.recent-games tr[data-room="${played[0]}"] a.replay`).click();
    await page.locator("#replay-slider").waitFor();
    assert.match(new URL(page.url()).hash, new RegExp(`^#/replay/${played[0]}(/\\d+)?$`));

    // the lobby: your rating, your games with their status and whose turn, rooms rated or casual
    await page.goto(`${c.HTTP}/#/`);
    await page.locator('.game-card[data-game="highcard"] .my-rating').waitFor();
    await page.locator(`#your-games li[data-room="${played[0]}"][data-status="over"]`).waitFor();
    await page.locator(`#your-games li[data-room="${open}"][data-status="open"]`).waitFor();
    await page.locator(`#rooms tr[data-room="${open}"] .tag.rated`).waitFor();
    await page.locator(`#rooms tr[data-room="${casual}"] .tag.casual`).waitFor();
    const order = await page.evaluate(() => [...document.querySelectorAll("#app h2")].map((x) => x.textContent));
    assert.equal(order[0], "New room", `the lobby starts with a new room: ${order}`);
    await page.screenshot({ path: `${c.SHOTS}ratings-lobby.png`, fullPage: true });

    // the table: rated, and each seat's name with its tag and rating
    await page.goto(`${c.HTTP}/#/room/${open}`);
    await page.locator('.table-head .tag.rated').waitFor();
    await page.locator('#seats li[data-seat="0"] .seat-rating').waitFor();
    assert.match(await page.locator('#seats li[data-seat="1"] .who').textContent(), /^Astrid #\w{4}$/);
    await page.locator("#start:not([disabled])").click();
    await page.locator('.table-page[data-status="playing"]').waitFor();
    // the bids are asked of every seat at once: your turn chimes, unless the sound is off
    await page.locator('html[data-turn="yours"][data-chimes="1"]').waitFor();
    await page.locator("#sound").click();
    assert.equal(await page.locator("#sound").getAttribute("aria-pressed"), "false");
    await page.reload();
    await page.locator('html[data-turn="yours"]').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.chimes ?? "none"), "none", "no chime once the sound is off");
    await page.goto(`${c.HTTP}/#/`);
    await page.locator(`#your-games li[data-room="${open}"][data-status="playing"] .turn-line`).waitFor();

    // every language: the pages' headings and columns are the catalogue's words
    for (const lang of LANGS) {
      const w = words(lang);
      await page.evaluate((l) => localStorage.setItem("longhall.lang", l), lang);
      await page.goto(`${c.HTTP}/#/player/${a.player}`);
      await page.reload();
      await page.locator("#player-page .recent-games").waitFor();
      const heads = await page.locator("#player-page h3").allTextContents();
      assert.deepEqual(heads, [w["ratings.ratings"], w["ratings.recent"]], lang);
      const cols = await page.locator(".recent-games th").allTextContents();
      assert.deepEqual(cols.slice(0, 4), [w["ratings.game"], w["ratings.ended"], w["ratings.result"], w["ratings.score"]], lang);
      await page.goto(`${c.HTTP}/#/leaderboard/highcard`);
      await page.locator(".leaderboard").waitFor();
      assert.deepEqual(await page.locator(".leaderboard th").allTextContents(), [w["ratings.rank"], w["ratings.player"], w["ratings.rating"], w["ratings.games_col"]], lang);
      if (lang === "uk") await page.screenshot({ path: `${c.SHOTS}ratings-leaderboard-uk.png`, fullPage: true });
      // the lobby's option help is in players' words: no rule numbers, no word of the engine
      await page.goto(`${c.HTTP}/#/`);
      await page.locator('.game-card[data-game="feast"] .option small').first().waitFor();
      for (const help of await page.locator(".game-card .option small").allTextContents()) {
        assert.doesNotMatch(help, /\b[A-Z]{1,3}-\d+|implemented|реализован/, `${lang}: option help "${help}"`);
      }
    }
    assert.deepEqual(errors, [], "errors in the pages");
  } finally {
    b.close();
    await page.context().close();
  }
});
