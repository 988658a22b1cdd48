// The operator console (/console/) and the protocol playground (/playground/) in headless
// Chromium. tests/web/test_console_browser.py runs this with LONGHALL_HTTP set and
// LONGHALL_ADMIN_TOKEN an operator's token it minted (`longhall admin-token`).
//
// Console: two players (the JS client, in Node) play a private room; the console, signed in
// with a player's token, is refused (and so is every request of the page without a token),
// then, with the operator's, lists the room, inspects it, ends it; the players see it end
// as abandoned and the archive keeps it so; a third player's socket is closed from the
// console (close code 4004); the actions show who did them; a report of a player shows
// the room's chat as it stood when it was made.
// Playground: hello and create typed by hand, each answer frame listed, the room's view
// mirrored from its snapshot and then a diff (a second player sits down).

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Client, CLOSE_CODES } from "@longhall/client";
import WebSocket from "ws";
import { DESKTOP, HTTP, SHOTS, launch, newPage, skip } from "../play/common.js";

const TOKEN = process.env.LONGHALL_ADMIN_TOKEN;
const WS = HTTP?.replace(/^http/, "ws") + "/ws";
let browser;
const errors = [];
const clients = [];

before(async () => {
  if (!HTTP) return;
  browser = await launch();
});
after(async () => {
  for (const c of clients) c.close();
  await browser?.close();
});

async function player(name, opts = {}) {
  const c = await new Client(WS, { name, WebSocket, ...opts }).connect();
  clients.push(c);
  return c;
}

async function until(check, what, timeout = 30000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `never: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("an operator finds a private room, inspects it, ends it and closes a socket", { skip, timeout: 120000 }, async () => {
  assert.ok(TOKEN, "LONGHALL_ADMIN_TOKEN is not set");
  const ann = await player("Ann");
  const bo = await player("Bo");
  const room = (await ann.create("highcard", null, 2, true)).room;
  await bo.join(room);
  await ann.start(room);
  const cy = await player("Cy", { reconnect: false });

  const page = await newPage(browser, DESKTOP, errors, { hideList: false });
  // without the role: the page's own requests are refused, and a player's token signs nobody in
  const bare = await page.request.get(`${HTTP}/api/admin/rooms`);
  assert.equal(bare.status(), 401);
  await page.goto(`${HTTP}/console/`);
  const asPlayer = await page.evaluate(async (t) => (await fetch("/api/admin/rooms", { headers: { Authorization: `Bearer ${t}` } })).status, ann.token);
  assert.equal(asPlayer, 403);
  await page.locator("#token").fill(ann.token);
  await page.locator("#sign-in button[type=submit]").click();
  await page.locator("#status.bad").waitFor();
  assert.match(await page.locator("#status").textContent(), /^403 forbidden/);
  assert.equal(await page.locator("#desk").isHidden(), true);

  await page.locator("#token").fill(TOKEN);
  await page.locator("#sign-in button[type=submit]").click();
  await page.locator("#who").filter({ hasText: "op:console-test" }).waitFor();
  const row = page.locator(`#rooms tr[data-room="${room}"]`);
  await row.waitFor();
  assert.equal(await row.getAttribute("data-private"), "true");
  assert.equal(await row.getAttribute("data-status"), "playing");
  assert.match(await row.textContent(), /Ann, Bo/);

  await row.locator("button.inspect").click();
  const panel = page.locator(`#room[data-room="${room}"][data-status="playing"]`);
  await panel.waitFor();
  assert.deepEqual(await page.locator("#room-log li").evaluateAll((lis) => lis.map((li) => li.dataset.k)), ["create", "join", "start"]);
  assert.match(await page.locator("#seats").textContent(), new RegExp(`Ann \\(${ann.player}\\)`));
  assert.equal(JSON.parse(await page.locator("#view").textContent()).you, null); // a spectator's view
  await page.screenshot({ path: `${SHOTS}console-room.png`, fullPage: true });

  // Ann reports Bo for what he said at the table: the console shows the room's chat with it
  await bo.chat(room, "a rude word");
  const reported = await fetch(`${HTTP}/api/reports`, { method: "POST", headers: { Authorization: `Bearer ${ann.token}`, "Content-Type": "application/json" }, body: JSON.stringify({ player: bo.player, name: "Bo", room, reason: "rude" }) });
  assert.equal(reported.status, 201);

  await page.locator("#end").click();
  await page.locator("#end-confirm").click();
  await page.locator(`#room[data-room="${room}"][data-status="over"]`).waitFor();
  assert.match(await page.locator("#result").textContent(), /"abandoned":true/);
  await until(() => ann.rooms.get(room)?.view.status === "over", "Ann's table ends");
  assert.equal(ann.rooms.get(room).view.result.abandoned, true);
  await until(async () => {
    const res = await fetch(`${HTTP}/api/players/${bo.player}`);
    return res.ok && (await res.json()).recent.some((g) => g.room === room && g.status === "abandoned");
  }, "the archive keeps the room as abandoned");

  const report = page.locator(`#reports tr[data-player="${bo.player}"][data-by="${ann.player}"]`);
  await report.waitFor();
  await report.locator(".report-chat summary").click();
  assert.match(await report.locator(".report-chat li.reported").textContent(), /Bo: a rude word$/);

  const socket = page.locator(`#sockets tr[data-player="${cy.player}"]`);
  await socket.waitFor();
  await socket.locator("button.close").click();
  await until(() => cy.closeCodes.includes(CLOSE_CODES.REMOVED), "Cy's socket is closed with 4004");
  await page.locator(`#actions tr[data-action="close"]`).first().waitFor();
  const actions = await page.locator("#actions tbody tr").evaluateAll((trs) => trs.map((tr) => [tr.dataset.action, tr.dataset.target, tr.cells[1].textContent]));
  assert.ok(actions.some(([a, t, by]) => a === "end" && t === room && by === "op:console-test"), JSON.stringify(actions));
  await page.screenshot({ path: `${SHOTS}console-actions.png`, fullPage: true });
  assert.deepEqual(errors.filter((e) => !e.includes("403")), []);
  await page.context().close();
});

test("the playground sends hand-written frames and mirrors the room", { skip, timeout: 60000 }, async () => {
  const page = await newPage(browser, DESKTOP, errors, { hideList: false });
  await page.goto(`${HTTP}/playground/`);
  await page.locator("#connect").click();
  await page.locator("#send:not([disabled])").waitFor();
  const send = async (frame) => {
    await page.locator("#frame").fill(JSON.stringify(frame));
    await page.locator("#send").click();
  };
  await send({ t: "hello", versions: [1], name: "Hand" });
  const welcome = page.locator('#frames li[data-dir="in"][data-t="welcome"]');
  await welcome.waitFor();
  assert.match(await welcome.textContent(), /"player":"/);
  await send({ t: "create", game: "highcard", seats: 2 });
  await page.locator('#frames li[data-dir="in"][data-t="joined"]').waitFor();
  const mirror = page.locator("#mirror");
  await page.locator('#mirror[data-seq="0"]').waitFor();
  const room = await mirror.getAttribute("data-room");
  assert.deepEqual(await page.locator("#frames li[data-dir]").evaluateAll((lis) => lis.map((li) => `${li.dataset.dir} ${li.dataset.t}`)),
    ["out hello", "in welcome", "out create", "in joined", "in snapshot"]);
  await send({ t: "bogus" });
  await page.locator('#frames li[data-dir="in"][data-t="error"]').waitFor();

  const bo = await player("Bo");
  await bo.join(room);
  await page.locator('#frames li[data-dir="in"][data-t="diff"]').waitFor();
  await page.locator('#mirror[data-seq="1"]').waitFor();
  const mirrored = JSON.parse(await mirror.textContent());
  await until(() => bo.rooms.get(room)?.seq === 1, "Bo's mirror at seq 1");
  assert.deepEqual({ ...mirrored, you: null }, { ...bo.rooms.get(room).view, you: null }); // the same view, seat aside
  assert.equal(mirrored.seats[1].name, "Bo");
  await page.screenshot({ path: `${SHOTS}playground.png`, fullPage: true });
  assert.deepEqual(errors.filter((e) => !e.includes("403")), []);
  await page.context().close();
});
