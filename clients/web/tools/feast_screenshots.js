// Screenshots of A Feast for Odin's table for docs/ (desktop and phone), and the times
// docs/web.md records: a full redraw, and a click on the board until the page shows the
// new state (and until the next legal moves are drawn).
//
//   node tools/feast_screenshots.js http://127.0.0.1:8000 ../../docs/screenshots
//
// Needs a server that serves the built app and /usr/bin/chromium. Not part of the test run.

import { mkdirSync } from "node:fs";
import { Client } from "@longhall/client";
import { chromium } from "playwright-core";
import WebSocket from "ws";

const [HTTP = "http://127.0.0.1:8000", OUT = "../../docs/screenshots"] = process.argv.slice(2);
const WS = `${HTTP.replace(/^http/, "ws")}/ws`;

/** Two Node players play `moves` random legal moves of a short game; returns the room. */
async function midGame(moves) {
  const cs = [await new Client(WS, { name: "Astrid", WebSocket }).connect(), await new Client(WS, { name: "Bjorn", WebSocket }).connect()];
  const room = (await cs[0].create("feast", { length: "short" }, 2)).room;
  await cs[1].join(room);
  await cs[0].start(room);
  const host = cs[0].rooms.get(room);
  for (let k = 0; k < moves; k++) {
    await cs[0].waitUntil(() => host.view.to_act?.length);
    const c = cs[host.view.to_act[0]];
    await c.waitUntil(() => c.rooms.get(room).seq === host.seq);
    const legal = (await c.legal(room)).filter((m) => m.type !== "cancel");
    await c.move(room, legal[Math.floor(Math.random() * legal.length)]);
  }
  await cs[0].waitUntil(() => host.view.to_act?.length);
  return { room, cs, host };
}

async function pageFor(browser, seatClient, room, viewport) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript(([t, n]) => {
    localStorage.setItem("longhall.token", t);
    localStorage.setItem("longhall.name", n);
  }, [seatClient.token, seatClient.name]);
  const page = await ctx.newPage();
  await page.goto(`${HTTP}/#/room/${room}`);
  await page.locator(".feast").waitFor();
  return page;
}

const redrawMs = (page) => page.evaluate(() => {
  window.longhall.redraw();
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) window.longhall.redraw();
  return (performance.now() - t0) / 20;
});

/** Click the first space of the action board the page may occupy; ms until the new seq is drawn, and until the next moves are. */
async function clickToRedraw(page) {
  await page.waitForFunction(() => document.querySelectorAll("#legal .move").length > 0);
  const space = page.locator("#board [data-space].choice").first();
  if (!(await space.count())) return null;
  await space.scrollIntoViewIfNeeded();
  const seq = await page.evaluate(() => Number(document.querySelector(".table-page").dataset.seq));
  await page.evaluate((s) => {
    window.__t = { s, drawn: null, legal: null };
    document.addEventListener("click", () => (window.__t.t0 = performance.now()), { capture: true, once: true });
    new MutationObserver((_, obs) => {
      const t = document.querySelector(".table-page");
      if (!t) return;
      if (window.__t.drawn === null && Number(t.dataset.seq) > s) window.__t.drawn = performance.now() - window.__t.t0;
      if (window.__t.drawn !== null && window.__t.legal === null && document.querySelectorAll("#legal .move").length) {
        window.__t.legal = performance.now() - window.__t.t0;
        obs.disconnect();
      }
    }).observe(document.querySelector("#app"), { childList: true, subtree: true });
  }, seq);
  await space.click();
  await page.waitForFunction(() => window.__t.drawn !== null);
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__t);
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const { room, cs, host } = await midGame(40);
const seat = host.view.to_act[0];
const desk = await pageFor(browser, cs[seat], room, { width: 1280, height: 900 });
const phone = await pageFor(browser, cs[seat], room, { width: 390, height: 844 });
const nodes = await desk.evaluate(() => document.querySelectorAll("#board *").length);
console.log(`desktop: ${nodes} nodes, full redraw ${(await redrawMs(desk)).toFixed(1)} ms; phone: full redraw ${(await redrawMs(phone)).toFixed(1)} ms`);
// a piece held over the home board, if one can be picked up now
const pick = desk.locator('#board .supply-item.choice[data-move*="place"], #board .coin-pick').first();
if (await pick.count()) {
  await pick.click();
  await desk.locator('.feast[data-stage="2"]').waitFor({ timeout: 5000 }).catch(() => {});
  const cell = desk.locator('#board .feast-area[data-area="0"] .feast-anchors [data-anchor]').nth(3);
  if (await cell.count()) await cell.hover({ force: true });
}
// from the top: the bar of chips sticks to the window, and a whole-page picture taken
// while scrolled would show it in the middle of the table
await desk.evaluate(() => window.scrollTo(0, 0));
await desk.screenshot({ path: `${OUT}/feast.png`, fullPage: true });
for (const tab of ["action", "mine"]) {
  await phone.locator(`.feast-tab[data-tab="${tab}"]`).click();
  await phone.screenshot({ path: `${OUT}/feast-phone-${tab}.png`, fullPage: false });
}
await phone.context().close();
if (await desk.locator(".ctl-cancel").count()) await desk.locator(".ctl-cancel").click();
const times = [];
for (let i = 0; i < 5; i++) {
  const t = await clickToRedraw(desk);
  if (!t) break;
  times.push(t);
  // the other player (a Node client) answers until it is this seat's turn again
  for (let k = 0; k < 60 && !host.view.to_act?.includes(seat) && !host.result; k++) {
    await cs[0].waitUntil(() => host.view.to_act?.length || host.result);
    const other = host.view.to_act?.find((s) => s !== seat);
    if (other === undefined) break;
    const c = cs[other];
    await c.waitUntil(() => c.rooms.get(room).seq === host.seq);
    const legal = (await c.legal(room)).filter((m) => m.type !== "place" && m.type !== "cancel");
    await c.move(room, legal[Math.floor(Math.random() * legal.length)]).catch(() => {});
  }
  if (!host.view.to_act?.includes(seat) || host.view.table.prompt?.kind !== "turn") break;
}
console.log("click to redraw (ms): new state", times.map((t) => Math.round(t.drawn)).join(", "), "| next moves drawn", times.map((t) => Math.round(t.legal ?? -1)).join(", "));
await browser.close();
cs.forEach((c) => c.close());
