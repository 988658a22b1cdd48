// Occupation cards drawn as cards, in Russian and Ukrainian, in headless Chromium: on a
// Feast table the player's starting occupation shows its name and effect text from the
// language's card catalogue (src/i18n/occupations/), marked as an unofficial translation;
// its toggle shows the English name and text and back; a mouse resting on it shows a
// larger preview beside it (letting clicks through), its "enlarge" button (a tap on a
// phone) shows it large until Escape or "close", with no text under 11 px on a 390×844
// phone; axe-core finds nothing critical or serious with the card large.
// tests/web/test_feast_cards_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import * as c from "../play/common.js";
import { seriousFindings } from "../axe/axe.js";

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url)));
const ENGLISH = Object.fromEntries(read("../../../../server/games/feast/data/occupations.json").cards.map((card) => [card.id, card]));
const CARDS = { ru: read("../../src/i18n/occupations/ru.json"), uk: read("../../src/i18n/occupations/uk.json") };
const UNOFFICIAL = { ru: "неофициальный перевод", uk: "неофіційний переклад" };

let browser;
const errors = [];
before(async () => {
  if (c.HTTP) browser = await c.launch();
});
after(async () => browser?.close());

/** A started two-seat Feast room; the first player's client. */
async function feastRoom() {
  const ws = `${c.HTTP.replace(/^http/, "ws")}/ws`;
  const [a, b] = await Promise.all(["Astrid", "Bjorn"].map((name) => new Client(ws, { name, WebSocket }).connect()));
  const room = (await a.create("feast", null, 2)).room;
  await b.join(room);
  await a.start(room);
  return { a, b, room };
}

/** The first player's page at the table in language `lang`; its first own occupation card. */
async function atTable(viewport, lang, a, room) {
  const page = await c.newPage(browser, viewport, errors, { token: a.token, hideList: false });
  await page.goto(`${c.HTTP}/#/`);
  await page.evaluate((l) => localStorage.setItem("longhall.lang", l), lang);
  await page.goto(`${c.HTTP}/?${lang}#/room/${room}`);
  await page.locator('.table-page[data-status="playing"] .feast').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
  return page;
}

const box = async (loc) => (await loc.boundingBox()) ?? { width: 0, height: 0 };

for (const lang of ["ru", "uk"]) {
  test(`${lang}: an occupation card in the player's language, marked unofficial, in English at a click, enlarged`, { skip: c.skip, timeout: 120000 }, async () => {
    const { a, b, room } = await feastRoom();
    const page = await atTable(c.DESKTOP, lang, a, room);
    try {
      const card = page.locator(".feast-seat.own .occ-card[data-card]").first();
      await card.waitFor();
      const id = await card.getAttribute("data-card");
      const mine = CARDS[lang][id];
      const en = ENGLISH[id];
      assert.ok(mine && en, `card ${id}`);
      const name = card.locator(".occ-name");
      const effect = card.locator(".occ-effect");
      assert.equal(await name.textContent(), mine.name);
      assert.equal(await effect.textContent(), mine.effect);
      assert.equal(await effect.getAttribute("lang"), lang);
      assert.notEqual(mine.effect, en.effect);
      const mark = card.locator(".occ-unofficial");
      assert.equal(await mark.isVisible(), true);
      assert.equal(await mark.textContent(), UNOFFICIAL[lang]);
      assert.ok((await mark.getAttribute("title")).length > 20, "the mark's tooltip says what is translated");
      assert.match(await card.locator(".occ-vp").textContent(), new RegExp(`^${en.vp} `));
      // the English text, one click away, and back
      const toggle = card.locator(".occ-lang");
      await toggle.click();
      assert.equal(await name.textContent(), en.name);
      assert.equal(await effect.textContent(), en.effect);
      assert.equal(await effect.getAttribute("lang"), "en");
      assert.equal(await toggle.getAttribute("aria-pressed"), "true");
      assert.equal(await mark.isVisible(), false);
      await toggle.click();
      assert.equal(await name.textContent(), mine.name);
      assert.equal(await toggle.getAttribute("aria-pressed"), "false");
      // a mouse resting on it: a larger preview beside it, which takes no clicks
      const small = await box(card);
      await card.locator(".occ-face").hover();
      const preview = page.locator(".occ-preview");
      await preview.waitFor();
      assert.equal(await preview.locator(".occ-name").textContent(), mine.name);
      assert.ok((await box(preview)).width > small.width * 1.4, "the preview is larger");
      assert.equal(await preview.evaluate((el) => getComputedStyle(el).pointerEvents), "none");
      await page.mouse.move(2, 2);
      await preview.waitFor({ state: "detached" });
      // enlarged by its button, until Escape; axe-core finds nothing serious meanwhile
      await card.locator(".occ-zoom").click();
      const big = page.locator(".occ-card.big");
      await big.waitFor();
      assert.equal(await big.getAttribute("data-card"), id);
      assert.ok((await box(big)).width > small.width * 1.5, "the enlarged card is larger");
      assert.equal(await big.locator(".occ-zoom").getAttribute("aria-expanded"), "true");
      assert.deepEqual(await seriousFindings(page), []);
      await page.keyboard.press("Escape");
      await big.waitFor({ state: "detached" });
      assert.equal(await card.locator(".occ-zoom").getAttribute("aria-expanded"), "false");
      await page.screenshot({ path: `${c.SHOTS}cards-${lang}-desktop.png` });
    } finally {
      await page.context().close();
      a.close();
      b.close();
    }
    assert.deepEqual(errors.splice(0), []);
  });
}

test("uk on a 390×844 phone: a tap enlarges the card, no text under 11 px, a tap closes it", { skip: c.skip, timeout: 120000 }, async () => {
  const { a, b, room } = await feastRoom();
  const page = await atTable(c.PHONE, "uk", a, room);
  try {
    await page.locator('.feast-tab[data-tab="mine"]').tap();
    const card = page.locator(".feast-seat.own .occ-card[data-card]").first();
    await card.waitFor();
    const id = await card.getAttribute("data-card");
    assert.equal(await card.locator(".occ-name").textContent(), CARDS.uk[id].name);
    const smallest = () => card.evaluate((el) => Math.min(...[...el.querySelectorAll("*")].filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())).map((e) => parseFloat(getComputedStyle(e).fontSize))));
    assert.ok((await smallest()) >= 11, `text of ${await smallest()} px on the card`);
    await card.locator(".occ-face").tap();
    const big = page.locator(".occ-card.big");
    await big.waitFor();
    const shown = await box(big);
    assert.ok(shown.width >= 300 && shown.width <= 390, `enlarged to ${shown.width} px`);
    assert.ok((await smallest()) >= 13, "the enlarged card's text is larger");
    await page.screenshot({ path: `${c.SHOTS}cards-uk-phone.png` });
    await big.locator(".occ-zoom").tap();
    await big.waitFor({ state: "detached" });
  } finally {
    await page.context().close();
    a.close();
    b.close();
  }
  assert.deepEqual(errors.splice(0), []);
});
