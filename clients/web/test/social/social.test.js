// Players among themselves in headless Chromium (issue #41): a finished game played again
// by both players (seats rotated, a spectator told), an invitation told to a player in the
// lobby and accepted, and a blocked player kept from the blocker's table and chat until
// unblocked on the friends page. tests/web/test_social_browser.py runs this with
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

/** Click the first decision of the plain list until the game is over. */
async function playOut(pages) {
  for (;;) {
    const p = await actingPage(pages);
    if (!p) return;
    const seq = Number(await table(p).getAttribute("data-seq"));
    await p.locator('#legal .move[data-index="0"]').click();
    await p.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s || document.querySelector(".table-page").dataset.status === "over", seq);
  }
}

/** A new two-seat High Card room made from the lobby by `page`; its id. */
async function create(page) {
  await page.goto(`${HTTP}/#/`);
  const card = page.locator('.game-card[data-game="highcard"]');
  await card.locator('select[name="seats"]').selectOption("2");
  await card.locator('button[type="submit"]').click();
  await page.locator('.table-page[data-seat="0"]').waitFor();
  return table(page).getAttribute("data-room");
}

const playerOf = (page) => page.evaluate(() => window.longhall.client.player);

test("a finished game is played again: both say yes, the seats rotate, a spectator is told", { skip, timeout: 180000 }, async () => {
  const [a, b, s] = await Promise.all([0, 1, 2].map(() => newPage(browser, DESKTOP, errors, { hideList: false })));
  const room = await openRoom("highcard", a, b, s);
  const [pa, pb] = [await playerOf(a), await playerOf(b)];
  await playOut([a, b]);
  for (const p of [a, b, s]) await p.locator('.table-page[data-status="over"]').waitFor();
  assert.equal(await s.locator("#rematch").count(), 0, "a spectator offers no rematch");

  await a.locator("#rematch").click();
  await a.locator('#rematch-bar[data-state="open"] #rematch-state').waitFor();
  await b.locator("#rematch-accept").waitFor();
  await s.locator('#rematch-bar[data-state="open"]').waitFor();
  await b.screenshot({ path: `${SHOTS}social-rematch.png` });
  await b.locator("#rematch-accept").click();

  // both pages move to the new room, each on its seat there: rotated by one
  for (const p of [a, b]) await p.waitForFunction((r) => { const t = document.querySelector(".table-page"); return t && t.dataset.room !== r && t.dataset.status === "playing"; }, room);
  const fresh = await table(a).getAttribute("data-room");
  assert.equal(await table(b).getAttribute("data-room"), fresh);
  assert.equal(await table(a).getAttribute("data-seat"), "1");
  assert.equal(await table(b).getAttribute("data-seat"), "0");
  const seats = await a.evaluate((r) => window.longhall.client.rooms.get(r).view.seats.map((x) => x.player), fresh);
  assert.deepEqual(seats, [pb, pa]);
  // the spectator is offered the new game to watch
  await s.locator(`#rematch-open[href="#/watch/${fresh}"]`).click();
  await s.locator(`.table-page[data-room="${fresh}"][data-seat="spectator"]`).waitFor();
  assert.deepEqual(errors, []);
  await Promise.all([a, b, s].map((p) => p.context().close()));
});

test("an invitation reaches a player in the lobby, who accepts it and sits down", { skip, timeout: 120000 }, async () => {
  const [a, b] = await Promise.all([0, 1].map(() => newPage(browser, DESKTOP, errors)));
  await b.goto(`${HTTP}/#/`);
  await b.locator(".game-card").first().waitFor();
  const pb = await playerOf(b);
  const room = await create(a);
  await a.locator("#invite-id").fill(pb);
  // the page drawn anew meanwhile (the relations arriving, a player sitting down) keeps what was typed
  await a.evaluate(() => window.longhall.redraw());
  assert.equal(await a.locator("#invite-id").inputValue(), pb);
  await a.locator("#invite-send").click();
  await a.locator("#social-said").waitFor();
  assert.equal(await a.locator("#invite-id").inputValue(), "", "an invitation sent is no longer being written");
  const invitation = b.locator(`#invitations .invitation[data-room="${room}"]`);
  await invitation.waitFor();
  await b.screenshot({ path: `${SHOTS}social-invitation.png` });
  await invitation.locator(".accept-invite").click();
  await b.locator(`.table-page[data-room="${room}"][data-seat="1"]`).waitFor();
  await a.locator('.seat[data-seat="1"]').waitFor();
  assert.equal(await b.locator("#invitations .invitation").count(), 0, "an invitation taken up is gone");
  const kept = await b.evaluate(async () => (await (await fetch("api/invitations", { headers: { Authorization: `Bearer ${window.longhall.client.token}` } })).json()).invitations);
  assert.deepEqual(kept, [], "the server dropped it on the join");
  // the player met is offered for the next invitation, from this browser's memory
  const room2 = await create(a);
  assert.ok(room2);
  assert.equal(await a.locator(`#invite-who option[value="${pb}"]`).count(), 1);
  assert.deepEqual(errors, []);
  await Promise.all([a, b].map((p) => p.context().close()));
});

test("a blocked player may not chat at the blocker's table nor sit at it, until unblocked", { skip, timeout: 120000 }, async () => {
  const [a, b] = await Promise.all([0, 1].map(() => newPage(browser, DESKTOP, errors)));
  const room = await create(a);
  const pa = await playerOf(a);
  await b.goto(`${HTTP}/#/room/${room}`);
  await b.locator('.table-page[data-seat="1"]').waitFor();
  // b blocks a from the table's list of players
  await b.locator(`#social-players .block[data-player="${pa}"]`).click();
  await b.waitForFunction((p) => document.querySelector(`#social-players .block[data-player="${p}"]`)?.textContent === "Unblock", pa);
  // a may no longer chat at b's table
  await a.locator("#chat-input").fill("hello?");
  await a.locator("#chat-send").click();
  await a.waitForFunction(() => document.querySelector("#chat-error")?.textContent.includes("[blocked]"));
  // nor sit at a table of b's
  const theirs = await create(b);
  await a.goto(`${HTTP}/#/room/${theirs}`);
  await a.locator("p.error").waitFor();
  assert.ok((await a.locator("p.error").textContent()).includes("[blocked]"));
  await a.screenshot({ path: `${SHOTS}social-blocked.png` });
  // unblocked on the friends page: welcome again
  await b.goto(`${HTTP}/#/friends`);
  await b.locator(`#blocked .unblock[data-player="${pa}"]`).click();
  await b.locator("#blocked").waitFor({ state: "detached" });
  await a.goto(`${HTTP}/#/`);
  await a.goto(`${HTTP}/#/room/${theirs}`);
  await a.locator(`.table-page[data-room="${theirs}"][data-seat="1"]`).waitFor();
  assert.deepEqual(errors, []);
  await Promise.all([a, b].map((p) => p.context().close()));
});
