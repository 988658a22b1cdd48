// A Feast for Odin's table read as a player reads it, in English on a desktop and in
// Russian and Polish on a 390×844 phone:
// - the action board draws what a space costs and gives (silver and resources as chips
//   with their number, goods as their tiles, a die, a mountain, upgrade arrows), its name
//   whole, and says the same in words in the space's title and accessible name;
// - no text on the table (visible, accessible name or title) is a developer id
//   ("stone_house"), a price written "0$ ×7", or a word repeated where a picture or a
//   count is meant ("drewdrewdrew");
// - on the phone nothing on either tab ends beyond the right edge of the screen, also at
//   the first feast (the banquet's "leave the rest" chip) and in the special tiles' row.
// tests/web/test_feast_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { openRoom } from "./clicks.js";
import * as c from "../play/common.js";

const catalogue = (lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/${lang}.json`, import.meta.url), "utf8"));
const CASES = [
  { lang: "en", locale: "en-GB", screen: { width: 1280, height: 800 } },
  { lang: "ru", locale: "ru-RU", screen: c.PHONE },
  { lang: "pl", locale: "pl-PL", screen: c.PHONE },
];

// spaces whose printed face is known (shared/data/feast/action_spaces.json): the parts
// drawn, as `data-part` "cost|gain <item> <count>"
const FACES = {
  c1_livestock_stockfish: ["cost silver 1", "gain stockfish 2"],
  c2_build_stone_house: ["cost stone 1", "gain stone_house 1"],
  c1_hunting_game: ["gain die 8", "gain hide 1", "gain game_meat 1"],
  c4_mountain_4_upgrade_2x2: ["gain mountain 4", "gain upgrade 2"],
  c1_craft_rune_stone: ["cost stone 1", "gain rune_stone 1", "gain silver 1"],
  c2_emigrate: ["cost silver R", "gain emigrate"],
};

let browser;
const errors = [];
before(async () => {
  if (!c.skip) browser = await c.launch();
});
after(async () => browser?.close());

async function newPage({ locale, screen }) {
  const context = await browser.newContext({ viewport: screen, locale, hasTouch: screen.width < 600 });
  const page = await context.newPage();
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  return page;
}

/** Every text of the table a player meets: visible words, accessible names, titles, the list of decisions. */
const tableTexts = (page) =>
  page.evaluate(() => {
    const root = document.querySelector(".table-page");
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent.trim() && !n.parentElement.closest("#log, #chat, script, style")) out.push(n.textContent.trim());
    for (const el of root.querySelectorAll("[aria-label]")) out.push(el.getAttribute("aria-label"));
    return out;
  });

/** Elements of the table whose right edge is beyond the screen (those inside a box that scrolls sideways excepted). */
const cutAtRight = (page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (["auto", "scroll"].includes(getComputedStyle(p).overflowX) && p !== document.documentElement && p !== document.body) return true;
      return false;
    };
    const cut = [];
    for (const el of document.querySelectorAll(".table-page *")) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden" || el.closest("[hidden], title")) continue;
      if (box.right > width + 0.5 && !scrolls(el)) cut.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ${Math.round(box.right)}px “${(el.textContent ?? "").trim().slice(0, 40)}”`);
    }
    return cut.slice(0, 8);
  });

function noDeveloperWords(texts, where) {
  for (const s of texts) {
    assert.doesNotMatch(s, /\b[a-z]+_[a-z_]+\b/, `a developer id in ${where}: “${s}”`);
    assert.doesNotMatch(s, /\d\$|\$\s*×|×\s*\d+\s*$/, `a price or value written in symbols in ${where}: “${s}”`);
    assert.doesNotMatch(s, /(\p{L}{2,})\1\1/u, `a word repeated in ${where}: “${s}”`);
    assert.doesNotMatch(s, /undefined|NaN|\[object|\{\{/, `a broken text in ${where}: “${s}”`);
  }
}

/** Decisions made through the page's own client until the seat is asked to serve the feast:
 * passing is preferred, so the first feast comes at the end of round 1. */
async function untilTheFeast(page) {
  for (let k = 0; k < 60; k++) {
    const kind = await page.evaluate(() => [...window.longhall.client.rooms.values()][0].view.table.prompt?.kind ?? null);
    if (kind === "feast") return;
    await page.evaluate(async () => {
      const c = window.longhall.client;
      const [room, r] = [...c.rooms.entries()][0];
      if (!r.view.to_act?.length) return;
      const legal = (await c.legal(room)).filter((m) => m.type !== "cancel");
      const order = ["pass", "ready", "done", "finish", "stop", "skip", "decline"];
      const pick = order.map((t) => legal.find((m) => m.type === t)).find(Boolean) ?? legal[0];
      const seq = r.seq;
      await c.move(room, pick);
      await c.waitUntil(() => c.rooms.get(room).seq > seq);
    });
  }
  assert.fail("no feast within 60 decisions");
}

for (const cs of CASES) {
  test(`feast labels in ${cs.lang} on a ${cs.screen.width}px screen: costs and gains drawn, no developer ids, nothing cut`, { skip: c.skip, timeout: 240000 }, async () => {
    const words = catalogue(cs.lang);
    const page = await newPage(cs);
    try {
      await openRoom(page, []);
      const phone = cs.screen.width < 600;
      if (phone) await page.locator('.feast-tab[data-tab="action"]').click();
      for (const [id, parts] of Object.entries(FACES)) {
        const space = page.locator(`#board [data-space="${id}"]`);
        const drawn = await page.locator(`#board [data-face-of="${id}"] [data-part]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-part")));
        for (const part of parts) assert.ok(drawn.includes(part), `${id} draws ${part} (drawn: ${drawn.join(", ")})`);
        // the name whole (its one or two lines), and the same words in its title
        const name = (await space.evaluate((el) => [...el.querySelectorAll(":scope > text")].map((x) => x.textContent).join(""))).trim();
        assert.equal(name, words[`feast.space.${id}`], `${id}: the name is whole`);
        const title = await space.locator(":scope > title").first().textContent();
        assert.ok(title.startsWith(name), `${id}: the title starts with the name: “${title}”`);
        const label = await space.getAttribute("aria-label");
        if (label) assert.ok(label.includes(name), `${id}: the accessible name holds the visible name: “${label}”`);
      }
      const stockfish = await page.locator('#board [data-space="c1_livestock_stockfish"] > title').first().textContent();
      assert.ok(stockfish.includes(`2 ${words["feast.good.stockfish"]}`), `the stockfish space says what it gives: “${stockfish}”`);
      assert.ok(stockfish.includes(`1 ${words["feast.word.silver"]}`), `the stockfish space says its price: “${stockfish}”`);
      const house = await page.locator('#board [data-space="c2_build_stone_house"] > title').first().textContent();
      assert.ok(house.includes(words["feast.word.stone_house"]), `the stone house space names the house: “${house}”`);
      noDeveloperWords(await tableTexts(page), `the ${cs.lang} table`);
      if (phone) {
        for (const tab of ["action", "mine"]) {
          await page.locator(`.feast-tab[data-tab="${tab}"]`).click();
          assert.deepEqual(await cutAtRight(page), [], `nothing cut at the right on the ${tab} tab`);
        }
      }
      await untilTheFeast(page);
      if (phone) await page.locator('.feast-tab[data-tab="mine"]').click();
      const rest = page.locator("#board .banquet-rest");
      await rest.waitFor();
      const box = await rest.boundingBox();
      assert.ok(box.x + box.width <= cs.screen.width, `the “leave the rest” chip ends at ${box.x + box.width}px`);
      assert.ok((await rest.getAttribute("aria-label")).startsWith(words["feast.leave_rest_chip"]), "the chip's accessible name starts with its words");
      noDeveloperWords(await tableTexts(page), `the ${cs.lang} table at the feast`);
      if (phone) assert.deepEqual(await cutAtRight(page), [], "nothing cut at the right at the feast");
      await page.screenshot({ path: `${c.SHOTS}feast-labels-${cs.lang}.png`, fullPage: true });
      assert.deepEqual(errors.splice(0), [], "errors in the page");
    } finally {
      await page.context().close();
    }
  });
}
