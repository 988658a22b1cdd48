// The screenshots in docs/: each game's table mid-game (random legal moves played by Node
// clients first), seen by the player who must decide, on a desktop (1280×800) and a
// phone (390×844), and the lobby.
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
// A Feast for Odin has its own tool (feast_screenshots.js: its boards on tabs on a phone)
const PLAN = { vikings: [2, 70, { variant: "advanced" }], hunters: [3, 60, null] };
const SCREENS = { "": { width: 1280, height: 800 }, "-phone": { width: 390, height: 844 } };
const ONLY = process.env.ONLY ? process.env.ONLY.split(",") : null;

async function midGame(game, players, moves, options) {
  const cs = [];
  for (let i = 0; i < players; i++) cs.push(await new Client(WS, { name: NAMES[i], WebSocket }).connect());
  const room = (await cs[0].create(game, options, players)).room;
  for (const c of cs.slice(1)) await c.join(room);
  await cs[0].start(room);
  const host = cs[0].rooms.get(room);
  for (let k = 0; k < moves; k++) {
    await cs[0].waitUntil(() => host.view.to_act?.length || host.result);
    if (host.result) break;
    const c = cs[host.view.to_act[0]];
    const m = c.rooms.get(room);
    await c.waitUntil(() => m.seq === host.seq);
    const legal = (await c.legal(room)).filter((mv) => mv.type !== "convert"); // V-50: open any time, moves nothing on
    const seq = await c.move(room, legal[Math.floor(Math.random() * legal.length)]);
    await cs[0].waitUntil(() => host.seq >= seq); // the host's mirror decides whose turn is next
  }
  await cs[0].waitUntil(() => host.view.to_act?.length || host.result);
  return { room, seat: cs[host.view.to_act?.[0] ?? 0], cs };
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const [game, [players, moves, options]] of Object.entries(PLAN)) {
  if (ONLY && !ONLY.includes(game)) continue;
  const { room, seat, cs } = await midGame(game, players, moves, options);
  for (const [suffix, viewport] of Object.entries(SCREENS)) {
    const ctx = await browser.newContext({ viewport });
    await ctx.addInitScript(([t, n]) => {
      localStorage.setItem("longhall.token", t);
      localStorage.setItem("longhall.name", n);
    }, [seat.token, seat.name]);
    const page = await ctx.newPage();
    await page.goto(`${HTTP}/#/room/${room}`);
    await page.locator("#legal .move").first().waitFor();
    await page.screenshot({ path: `${OUT}/${game}${suffix}.png`, fullPage: suffix !== "" });
    if (suffix === "") await page.screenshot({ path: `${OUT}/${game}-full.png`, fullPage: true });
    await ctx.close();
  }
  cs.forEach((c) => c.close());
}
for (const [suffix, viewport] of Object.entries(SCREENS)) {
  if (ONLY) break;
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.goto(`${HTTP}/#/`);
  await page.locator(".room-list").waitFor();
  await page.screenshot({ path: `${OUT}/lobby${suffix}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
