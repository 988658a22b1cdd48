// The screenshots in docs/: each game's table mid-game (random legal moves played by Node
// clients first), seen by the player who must decide, and the lobby.
//
//   node tools/screenshots.js http://127.0.0.1:8000 ../../docs/screenshots
//
// Needs a server that serves the built app and /usr/bin/chromium. Not part of the test
// run: the browser tests keep their own screenshots under test-artifacts/web.

import { mkdirSync } from "node:fs";
import { Client } from "@longhall/client";
import { chromium } from "playwright-core";
import WebSocket from "ws";

const [HTTP = "http://127.0.0.1:8000", OUT = "../../docs/screenshots"] = process.argv.slice(2);
const WS = `${HTTP.replace(/^http/, "ws")}/ws`;
const NAMES = ["Astrid", "Bjorn", "Freya", "Gunnar"];
const PLAN = { vikings: [2, 70], hunters: [3, 60], feast: [2, 90] };

async function midGame(game, players, moves) {
  const cs = [];
  for (let i = 0; i < players; i++) cs.push(await new Client(WS, { name: NAMES[i], WebSocket }).connect());
  const room = (await cs[0].create(game, null, players)).room;
  for (const c of cs.slice(1)) await c.join(room);
  await cs[0].start(room);
  const host = cs[0].rooms.get(room);
  for (let k = 0; k < moves; k++) {
    await cs[0].waitUntil(() => host.view.to_act?.length || host.result);
    if (host.result) break;
    const c = cs[host.view.to_act[0]];
    const m = c.rooms.get(room);
    await c.waitUntil(() => m.seq === host.seq);
    const legal = await c.legal(room);
    await c.move(room, legal[Math.floor(Math.random() * legal.length)]);
  }
  await cs[0].waitUntil(() => host.view.to_act?.length || host.result);
  return { room, seat: cs[host.view.to_act?.[0] ?? 0], cs };
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const [game, [players, moves]] of Object.entries(PLAN)) {
  const { room, seat, cs } = await midGame(game, players, moves);
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await ctx.addInitScript(([t, n]) => {
    localStorage.setItem("longhall.token", t);
    localStorage.setItem("longhall.name", n);
  }, [seat.token, seat.name]);
  const page = await ctx.newPage();
  await page.goto(`${HTTP}/#/room/${room}`);
  await page.locator("#legal .move").first().waitFor();
  await page.screenshot({ path: `${OUT}/${game}.png`, fullPage: true });
  await ctx.close();
  cs.forEach((c) => c.close());
}
const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
const page = await ctx.newPage();
await page.goto(`${HTTP}/#/`);
await page.locator(".room-list").waitFor();
await page.screenshot({ path: `${OUT}/lobby.png`, fullPage: true });
await browser.close();
