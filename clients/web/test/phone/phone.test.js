// The words on the boards of Vikings and Hunters & Gatherers are read on a 390×844 phone
// at 11 px or more on screen: every visible SVG text and HTML text of the board is
// measured (its computed font size times the scale it is drawn at), after a game has
// run a while (two Node clients play random legal moves), for a player and a spectator;
// the Hunters map also after "Fit" and zoomed out, where its labels grow, or are left
// out once the map is too small to read them, and come back when it is zoomed in.
// tests/web/test_phone_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { seeded } from "../../../js/test/random_player.js";
import * as c from "../play/common.js";

const READ = 11;
let browser;
const errors = [];
before(async () => {
  if (!c.skip) browser = await c.launch();
});
after(async () => browser?.close());

/** The on-screen size of every visible word of the board: [px, text, where] triples (where: for an SVG
 * word, its drawing's class and on-screen width against its viewBox's, and its own font size, so a word
 * found too small says what drew it so). */
function boardTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const visible = (el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    for (const el of document.querySelectorAll("#board text")) {
      if (!el.textContent.trim() || !visible(el)) continue;
      const m = el.getScreenCTM();
      const scale = m ? Math.hypot(m.a, m.b) : 1;
      const drawing = el.closest("svg");
      const where = `${drawing?.getAttribute("class") ?? "svg"} ${Math.round(drawing?.getBoundingClientRect().width ?? 0)}px of ${drawing?.viewBox?.baseVal?.width ?? "?"}, ${getComputedStyle(el).fontSize}`;
      out.push([parseFloat(getComputedStyle(el).fontSize) * scale, el.textContent.trim(), where]);
    }
    for (const el of document.querySelectorAll("#board *")) {
      if (el.closest("svg") || !visible(el)) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
      if (own.length) out.push([parseFloat(getComputedStyle(el).fontSize), own.map((n) => n.textContent.trim()).join(" "), el.className]);
    }
    return out;
  });
}

/** Assert every word of the board is READ px or more; how many were measured. */
async function allReadable(page, where) {
  const texts = await boardTexts(page);
  const small = texts.filter(([px]) => px < READ - 0.01);
  assert.deepEqual(small.map(([px, text, drawn]) => `${px.toFixed(1)}px "${text}" (${drawn})`), [], `words under ${READ} px ${where}`);
  const min = Math.min(...texts.map(([px]) => px));
  console.log(`# phone ${where}: ${texts.length} words, the smallest ${min.toFixed(1)} px`);
  return texts.length;
}

/** Two Node clients in a new room of `game`; they play `n` random legal moves between them. */
async function playedRoom(game, n, rand, options = null) {
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const me = await new Client(ws, { name: "Astrid", WebSocket }).connect();
  const other = await new Client(ws, { name: "Bjorn", WebSocket }).connect();
  try {
    return await played(me, other, game, n, rand, options);
  } catch (err) {
    me.close(); // a failure must not leave sockets open: the test process would never end
    other.close();
    throw err;
  }
}

async function played(me, other, game, n, rand, options) {
  const room = (await me.create(game, options, 2)).room;
  await other.join(room);
  await me.start(room);
  const clients = [me, other];
  for (let made = 0; made < n; ) {
    const mover = clients.find((cl) => {
      const m = cl.rooms.get(room);
      return m.view.status === "playing" && (m.view.to_act ?? []).includes(m.seat);
    });
    if (!mover) {
      // the seat to act is known once its own client has the diff: look at both clients
      // (a wait on one client's frames would miss the other's)
      const someone = () => clients.some((cl) => (cl.rooms.get(room).view.to_act ?? []).includes(cl.rooms.get(room).seat));
      for (const end = Date.now() + 30_000; !someone() && me.rooms.get(room).result === null; ) {
        if (Date.now() > end) throw new Error("nobody to act for 30 s");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (me.rooms.get(room).result !== null) break;
      continue;
    }
    const mirror = mover.rooms.get(room);
    const all = await mover.legal(room);
    // a conversion (V-50) does not move the game on: chosen only when the seat has nothing else
    const moving = all.filter((m) => m.type !== "convert");
    const legal = moving.length ? moving : all;
    if (!legal.length) {
      const seq = mirror.seq; // asked at a seq already past: wait for the next
      await mover.waitUntil(() => mirror.seq !== seq || mirror.result !== null);
      continue;
    }
    try {
      await mover.move(room, legal[Math.floor(rand() * legal.length)], { seq: mirror.seq });
      made++;
    } catch (err) {
      if (!["stale_seq", "not_your_turn", "conflict"].includes(err.code)) throw err;
      await mover.resync(room);
    }
  }
  return { room, me, other };
}

/** A phone page: the player `client` is (by its token), or a spectator. */
async function phone(room, client) {
  const page = await c.newPage(browser, c.PHONE, errors, { token: client?.token ?? null });
  await page.goto(`${c.HTTP}/#/${client ? "room" : "watch"}/${room}`);
  await page.locator(`.table-page[data-seat="${client ? 0 : "spectator"}"][data-status="playing"]`).waitFor();
  return page;
}

test("vikings on a phone: the wheel's and the fjords' words are 11 px or more", { skip: c.skip, timeout: 240000 }, async () => {
  const { room, me, other } = await playedRoom("vikings", 40, seeded(31), { variant: "advanced" });
  const pages = [];
  try {
    for (const who of [me, null]) {
      const page = await phone(room, who);
      pages.push(page);
      await page.locator("#board .vk-fjord").first().waitFor();
      const n = await allReadable(page, `vikings ${who ? "player" : "spectator"}`);
      assert.ok(n >= 30, `${n} words measured`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= c.PHONE.width, `the page fits the phone (${width}px); a wide fjord scrolls in its own box`);
    }
    await pages[0].screenshot({ path: `${c.SHOTS}vikings-phone-words.png`, fullPage: true });
    assert.deepEqual(errors.splice(0), [], "errors in the pages");
  } finally {
    me.close();
    other.close();
    await Promise.all(pages.map((p) => p.context().close()));
  }
});

test("hunters on a phone: the map's words are 11 px or more at any zoom, the tile in hand too", { skip: c.skip, timeout: 240000 }, async () => {
  const { room, me, other } = await playedRoom("hunters", 36, seeded(32));
  const pages = [];
  try {
    const page = await phone(room, me);
    pages.push(page);
    const map = page.locator("#board svg.hunters-map");
    await map.waitFor();
    const labels = () => page.evaluate(() => [...document.querySelectorAll("#board .hunters-map .tile-icons text")].filter((t) => t.getBoundingClientRect().width > 0).length);
    assert.ok((await allReadable(page, "hunters default zoom")) > 0);
    assert.ok((await labels()) > 0, "the map has words at the default zoom");
    const zoomOut = page.getByRole("button", { name: "zoom out" });
    let far = false;
    for (let i = 0; i < 6; i++) {
      await zoomOut.click();
      await allReadable(page, `hunters zoomed out ${i + 1}×`);
      far ||= await map.evaluate((s) => s.classList.contains("far"));
    }
    assert.ok(far, "zoomed far out, the map draws its icons without words");
    assert.equal(await labels(), 0, "no words are drawn on a map too small to read them");
    await page.locator("#board .board-tools .fit").click();
    await allReadable(page, "hunters after Fit");
    await page.screenshot({ path: `${c.SHOTS}hunters-phone-fit.png` });
    for (let i = 0; i < 12 && (await map.evaluate((s) => s.classList.contains("far"))); i++) await page.getByRole("button", { name: "zoom in" }).click();
    assert.ok((await labels()) > 0, "zoomed in again, the words come back");
    await allReadable(page, "hunters zoomed in again");
    const spectator = await phone(room, null);
    pages.push(spectator);
    await spectator.locator("#board svg.hunters-map").waitFor();
    await allReadable(spectator, "hunters spectator");
    assert.deepEqual(errors.splice(0), [], "errors in the pages");
  } finally {
    me.close();
    other.close();
    await Promise.all(pages.map((p) => p.context().close()));
  }
});
