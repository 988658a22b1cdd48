// Play against the computer from the lobby (issue #38): a game, a level and one click make
// a table with the server's bots of that level in every other seat, started; the bot
// answers the player's decisions on its own.
// tests/web/test_versus_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DESKTOP, HTTP, SHOTS, launch, newPage, skip, table } from "../play/common.js";

let browser;
const errors = [];
before(async () => {
  if (!HTTP) return;
  browser = await launch();
});
after(async () => browser?.close());

test("one click makes a table against easy bots, and the bot plays", { skip, timeout: 120000 }, async () => {
  const page = await newPage(browser, DESKTOP, errors, { hideList: false });
  await page.goto(`${HTTP}/#/`);
  const panel = page.locator("section.versus");
  await panel.locator('button[type="submit"]:not([disabled])').waitFor();
  assert.equal(await panel.locator("h2").textContent(), "Play against the computer");
  await panel.locator('select[name="versus-game"]').selectOption("hunters");
  await panel.locator('select[name="versus-level"]').selectOption("easy");
  await panel.locator('select[name="versus-seats"]').selectOption("2");
  await panel.locator('button[type="submit"]').click();
  await page.locator('.table-page[data-status="playing"][data-seat="0"]').waitFor();
  const bots = await page.evaluate(() => document.body.textContent.includes("Bot 1"));
  assert.ok(bots, "the other seat is the bot's");
  // play until the bot has decided: its decisions reach the log by its name
  for (let i = 0; i < 20; i++) {
    const log = await page.locator("#log li").allTextContents();
    if (log.some((x) => x.includes("Bot 1"))) break;
    await page.waitForFunction(() => {
      const p = document.querySelector(".table-page");
      const bot = [...document.querySelectorAll("#log li")].some((li) => li.textContent.includes("Bot 1"));
      return bot || (p.dataset.turn === "yours" && Number(p.dataset.legal) > 0);
    }, null, { timeout: 60000 });
    if ((await table(page).getAttribute("data-turn")) === "yours") {
      const seq = Number(await table(page).getAttribute("data-seq"));
      await page.locator('#legal .move[data-index="0"]').click();
      await page.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, seq);
    }
  }
  const log = await page.locator("#log li").allTextContents();
  assert.ok(log.some((x) => x.includes("Bot 1")), log.join(" | "));
  await page.screenshot({ path: `${SHOTS}versus-table.png` });
  assert.deepEqual(errors, []);
  await page.context().close();
});
