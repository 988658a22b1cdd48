// Hosted play in headless Chromium (issue #13): table chat between two players and a
// spectator, a finished game replayed step by step, a turn clock running down until a
// bot decides for the idle seat; a removed player kept out until the host lets them back,
// and the win claimed over a player gone from the table (issue #36). tests/web/test_hosted_browser.py runs this with
// LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DESKTOP, HTTP, SHOTS, actingPage, launch, newPage, openRoom, skip, table } from "../play/common.js";

let browser;
const errors = [];
before(async () => {
  if (!HTTP) return;
  browser = await launch();
});
after(async () => browser?.close());

const lines = (page) => page.locator("#chat-lines .chat-line");
const say = async (page, text) => {
  await page.locator("#chat-input").fill(text);
  await page.locator("#chat-send").click();
  await page.waitForFunction(() => document.querySelector("#chat-input").value === "");
};

/** Click the first decision of the plain list until the game is over; the number of decisions. */
async function playOut(pages) {
  let made = 0;
  for (;;) {
    const p = await actingPage(pages);
    if (!p) return made;
    const seq = Number(await table(p).getAttribute("data-seq"));
    await p.locator('#legal .move[data-index="0"]').click();
    await p.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s || document.querySelector(".table-page").dataset.status === "over", seq);
    made += 1;
  }
}

test("two players and a spectator chat; a finished game is replayed step by step", { skip, timeout: 120000 }, async () => {
  const [a, b, s] = await Promise.all([0, 1, 2].map(() => newPage(browser, DESKTOP, errors, { hideList: false })));
  const room = await openRoom("highcard", a, b, s);

  await say(a, "hello <b>bold</b> & <img src=x onerror=alert(1)>");
  await say(b, "hi there");
  await say(s, "spectators only: a whisper");
  await lines(s).nth(2).waitFor();
  await lines(a).nth(1).waitFor();
  await lines(b).nth(1).waitFor();
  // the players' channel reaches everyone; the spectators' channel only spectators
  for (const p of [a, b]) {
    assert.equal(await lines(p).count(), 2);
    assert.equal(await p.locator('#chat-lines [data-channel="spectators"]').count(), 0, "a player never sees the spectators' channel");
  }
  assert.deepEqual(await s.locator("#chat-lines .chat-text").allTextContents(), ["hello <b>bold</b> & <img src=x onerror=alert(1)>", "hi there", "spectators only: a whisper"]);
  assert.equal(await s.locator('#chat-lines [data-channel="spectators"] .chat-text').textContent(), "spectators only: a whisper");
  // text stays text: no element came out of the message
  assert.equal(await a.locator("#chat-lines b, #chat-lines img").count(), 0);
  // b mutes a; the mute survives a reload (localStorage), and b still reads the others
  await b.locator(".chat-line:not(.mine) .mute").first().click();
  await b.locator(".chat-line.muted").waitFor();
  await b.reload();
  await lines(b).nth(1).waitFor();
  assert.equal(await b.locator(".chat-line.muted").count(), 1);
  assert.equal(await b.locator(".chat-text").allTextContents().then((t) => t.join("|")), "hi there");
  await a.screenshot({ path: `${SHOTS}hosted-chat.png` });

  const made = await playOut([a, b]);
  for (const p of [a, b, s]) await p.locator('.table-page[data-status="over"]').waitFor();
  const replay = await (await fetch(`${HTTP}/api/rooms/${room}/replay`)).json();
  assert.equal(replay.moves.length, made, "every decision clicked is in the replay");
  // the spectator's move log, oldest first: the replay must say the same at each step
  await s.locator(`#log li`).nth(made - 1).waitFor();
  const logged = (await s.locator("#log li").allTextContents()).reverse();

  await a.locator("#open-replay").click();
  await a.locator(".replay-page").waitFor();
  assert.equal(Number(await a.locator(".replay-page").getAttribute("data-total")), made, "the viewer has one step per decision");
  assert.equal(await a.locator("#replay-prev").isDisabled(), true);
  for (let n = 1; n <= made; n++) {
    await a.locator("#replay-next").click();
    await a.locator(`.replay-page[data-step="${n}"]`).waitFor();
    assert.equal(await a.locator("#replay-said").textContent(), logged[n - 1], `step ${n} says the decision the log said`);
    await a.locator("#board svg").first().waitFor(); // (the step's number shows before its board is drawn)
    assert.equal(await a.locator("#board svg").count(), 1, `step ${n} is drawn by the game's board`);
  }
  assert.equal(await a.locator("#replay-next").isDisabled(), true);
  await a.locator("#result").waitFor(); // the last step shows the result
  assert.equal(await a.locator("#result .total td").allTextContents().then((x) => x.join(",")), replay.result.scores.join(","));
  await a.screenshot({ path: `${SHOTS}hosted-replay.png` });
  // the slider and the first/last buttons; and a step opened directly by its URL
  await a.locator("#replay-slider").fill("2");
  await a.locator('.replay-page[data-step="2"]').waitFor();
  assert.equal(await a.locator("#result").count(), 0, "the result belongs to the last step");
  await a.locator("#replay-first").click();
  await a.locator('.replay-page[data-step="0"]').waitFor();
  await a.locator("#replay-last").click();
  await a.locator(`.replay-page[data-step="${made}"]`).waitFor();
  await s.goto(`${HTTP}/#/replay/${room}/3`);
  await s.locator('.replay-page[data-step="3"]').waitFor();
  assert.equal(await s.locator("#replay-said").textContent(), logged[2]);
  assert.deepEqual(errors, []);
  await Promise.all([a, b, s].map((p) => p.context().close()));
});

test("a clock runs down and a bot decides for the idle seat; the host seats and removes bots", { skip, timeout: 180000 }, async () => {
  const a = await newPage(browser, DESKTOP, errors, { hideList: false });
  await a.goto(`${HTTP}/#/`);
  const card = a.locator('.game-card[data-game="highcard"]');
  await card.locator('select[name="seats"]').selectOption("2");
  await card.locator('select[name="clock"]').selectOption("per_move");
  await card.locator('input[name="per_move"]').fill("2");
  await card.locator('select[name="timeout"]').selectOption("bot");
  await card.locator('button[type="submit"]').click();
  await table(a).waitFor();
  const room = await table(a).getAttribute("data-room");
  // the host seats a bot, removes it, and seats a greedy one
  await a.locator('#bots .add-bot[data-seat="1"]').click();
  await a.locator('.seat[data-seat="1"] .bot-tag').waitFor();
  await a.locator('#bots .remove-bot[data-seat="1"]').click();
  await a.locator('#bots .add-bot[data-seat="1"]').waitFor();
  assert.equal(await a.locator('.seat[data-seat="1"] .bot-tag').count(), 0);
  await a.locator("#bot-level").selectOption("greedy");
  await a.locator('#bots .add-bot[data-seat="1"]').click();
  await a.locator('.seat[data-seat="1"] .bot-tag').waitFor();
  const view = () => a.evaluate(() => window.longhall.client.rooms.get(document.querySelector(".table-page").dataset.room).view);
  assert.equal((await view()).seats[1].bot, "greedy");
  await a.locator("#start:not([disabled])").click();
  await a.locator('.table-page[data-status="playing"]').waitFor();

  // seat 0 is asked to bid and never does: its clock counts down, turns low, and runs out
  const clock = a.locator('.clock[data-clock-seat="0"]');
  await a.locator('.clock.running[data-clock-seat="0"]').waitFor();
  const first = Number(await clock.getAttribute("data-ms"));
  await a.waitForTimeout(500);
  const later = Number(await clock.getAttribute("data-ms"));
  assert.ok(first <= 2000 && later < first - 300, `the clock runs down (${first} ms, then ${later} ms)`);
  await a.locator('.clock.low[data-clock-seat="0"]').waitFor({ timeout: 3000 });
  await a.screenshot({ path: `${SHOTS}hosted-clock.png` });
  await a.waitForFunction((r) => window.longhall.client.rooms.get(r).view.table.bid_in[0] === true, room, { timeout: 20000 }); // the referee acts within its look interval; generous for a loaded machine
  // nobody clicked: the bid of seat 0 came from the server's bot, and the game goes on without us
  const v = await view();
  assert.equal(v.table.bid_in[1], true, "the bot seat bid on its own");
  await a.locator('.table-page[data-status="over"]').waitFor({ timeout: 60000 });
  assert.equal((await a.locator("#log li").count()) >= 8, true, "every decision of the game is in the log");
  // the log says why a decision was not the player's own: the clock ran out, or a bot seat decided
  const said = await a.locator("#log li").allTextContents();
  assert.ok(said.some((x) => x.endsWith("(timeout)")) && said.some((x) => x.endsWith("(bot)")), said.join(" | "));

  // the "forfeit" policy: the idle seat loses when its second runs out, and the result says so
  await a.goto(`${HTTP}/#/`);
  await card.locator('select[name="seats"]').selectOption("2");
  await card.locator('select[name="clock"]').selectOption("per_move");
  await card.locator('input[name="per_move"]').fill("1");
  await card.locator('select[name="timeout"]').selectOption("forfeit");
  await card.locator('button[type="submit"]').click();
  await a.locator('.table-page[data-status="open"]').waitFor();
  await a.locator('#bots .add-bot[data-seat="1"]').click();
  await a.locator("#start:not([disabled])").click();
  await a.locator('.table-page[data-status="over"] #forfeit').waitFor({ timeout: 30000 });
  const me = (await view()).seats[0].name;
  assert.ok((await a.locator("#forfeit").textContent()).includes(me), "the result names the seat that ran out of time");
  // the finished table asks nobody and runs no clock; a result without scores has no empty table
  assert.equal(await a.locator("#seats .turn").count(), 0, "no seat is still deciding");
  assert.equal(await a.locator("#clocks:not([hidden])").count(), 0, "no clock shown once the game is over");
  assert.equal(await a.locator("#result table").count(), 0, "no empty score table");
  assert.deepEqual(errors, []);
  await a.context().close();
});

test("a removed player stays out until let back in; the win is claimed over a player gone", { skip, timeout: 120000 }, async () => {
  const [a, b] = await Promise.all([0, 1].map(() => newPage(browser, DESKTOP, errors, { hideList: false })));
  await a.goto(`${HTTP}/#/`);
  const card = a.locator('.game-card[data-game="highcard"]');
  await card.locator('select[name="seats"]').selectOption("2");
  await card.locator('select[name="clock"]').selectOption("per_move");
  await card.locator('input[name="per_move"]').fill("600");
  await card.locator('button[type="submit"]').click();
  await table(a).waitFor();
  const room = await table(a).getAttribute("data-room");
  await b.goto(`${HTTP}/#/room/${room}`);
  await b.locator('.table-page[data-seat="1"]').waitFor();
  // the host removes the player, who is listed as banned until let back in
  await a.locator('#bots .remove-player[data-seat="1"]').click();
  await a.locator("#banned .unban").waitFor();
  assert.ok((await a.locator("#banned").textContent()).length > 0);
  await a.locator("#banned .unban").click();
  await a.locator("#banned").waitFor({ state: "detached" });
  await b.goto(`${HTTP}/#/`);
  await b.goto(`${HTTP}/#/room/${room}`);
  await b.locator('.table-page[data-seat="1"]').waitFor();
  await a.locator("#start:not([disabled])").click();
  await a.locator('.table-page[data-status="playing"]').waitFor();
  // the other player walks away: once gone past the limit, the one left claims the win
  await b.context().close();
  await a.locator("#claim").waitFor({ timeout: 30000 });
  await a.screenshot({ path: `${SHOTS}hosted-claim.png` });
  await a.locator("#claim").click();
  await a.locator('.table-page[data-status="over"] #forfeit').waitFor();
  assert.deepEqual(errors, []);
  await a.context().close();
});
