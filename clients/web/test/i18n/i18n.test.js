// The app in each language in a real browser: the language comes from the browser's own
// (a context with locale ru-RU opens in Russian), is switched in the lobby and remembered
// across reloads; then one page (one player) has a table of each game, and for every
// language the lobby and each table must show no word that is not the language's own:
// every word of the visible text must come from that language's catalogue, or be a proper
// name from the allow-list below (player and room names, language names, the brand), or
// the English title of a game the catalogues do not translate (a new game: its title is
// marked lang="en" but also names the lobby's create button). A
// label cut short to fit ("Фарерсь…", a piece's first letters) must be the start of a
// word of the catalogue.
// Screenshots of the lobby and the tables in ru and uk go to SHOTS (test-artifacts/web/);
// the ones in docs/screenshots/ are copies of them.
//
// tests/web/test_i18n_browser.py runs this with LONGHALL_HTTP pointing at a server that
// serves the built app.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Client } from "@longhall/client";
import WebSocket from "ws";
import { HTTP, SHOTS, launch, skip } from "../play/common.js";

const LANGS = ["ru", "pl", "fi", "uk"];
const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url)));
/** The Feast's occupation cards in language `l` (src/i18n/occupations/), as catalogue entries. */
function cardWords(l) {
  const file = new URL(`../../src/i18n/occupations/${l}.json`, import.meta.url);
  if (!existsSync(file)) return {}; // a language without it shows the cards in English (lang="en")
  return Object.fromEntries(Object.entries(JSON.parse(readFileSync(file))).flatMap(([id, c]) => [[`card.${id}.name`, c.name], [`card.${id}.effect`, c.effect]]));
}
// the product's catalogues, and the words the test build adds for High Card (test/app/)
const HIGHCARD = read("../app/highcard.json");
const CATALOGUE = Object.fromEntries(["en", ...LANGS].map((l) => [l, { ...read(`../../src/i18n/${l}.json`), ...HIGHCARD[l], ...cardWords(l) }]));
// Proper names that stay as they are in every language: the brand, the languages by their
// own names, the player names the app draws from (session.js), and the game titles the
// Polish and Finnish editions keep in English.
const PROPER = ["Longhall", "English", "Русский", "Polski", "Suomi", "Українська",
  "Astrid", "Bjorn", "Freya", "Gunnar", "Helga", "Ivar", "Sigrid", "Torvald", "Ulfhild", "Yrsa", "Vikings"];
const GAMES = { vikings: { variant: "advanced" }, hunters: {}, feast: {} };

const words = (text) => (text.match(/[\p{L}\p{N}'’-]+…?/gu) ?? []).map((w) => w.replace(/^['’-]+|['’-]+$/g, "")).filter((w) => w.length > 1 && !/\d/.test(w));
/** The language's words (lower case) and every start of them ("…" marks a start). */
function vocabulary(lang) {
  const v = new Set();
  for (const [k, text] of Object.entries(CATALOGUE[lang])) {
    if (k.startsWith("_")) continue;
    for (const w of words(String(text).replace(/\{\{\w+\}\}/g, " "))) {
      const word = w.replace(/…$/, "").toLowerCase();
      v.add(word);
      for (let n = 1; n <= word.length; n++) v.add(`${word.slice(0, n)}…`);
    }
  }
  return v;
}
// a short label without "…" (a piece's first letters) counts as a start of a word from 3 letters
const known = (own, w) => own.has(w) || (w.length >= 3 && !w.endsWith("…") && own.has(`${w}…`));

/** The visible text of the page: every text node that is rendered (HTML and SVG). */
async function visibleText(page) {
  return page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      // texts the app knows are English (not translated yet) carry lang="en": left out here
      if (!el || !n.textContent.trim() || el.closest("title, script, style, option, [lang=en]")) continue;
      if (el.checkVisibility && !el.checkVisibility()) continue;
      out.push(n.textContent);
    }
    for (const sel of document.querySelectorAll("select")) if (sel.selectedOptions[0]?.lang !== "en") out.push(sel.selectedOptions[0]?.textContent ?? "");
    return out.join("\n");
  });
}

/** The words of the page that are neither the language's own nor an allowed proper name. */
async function foreignWords(page, lang, allowed) {
  const own = vocabulary(lang);
  const ok = new Set([...PROPER, ...allowed].map((w) => w.toLowerCase()));
  return [...new Set(words(await visibleText(page)).filter((w) => !known(own, w.toLowerCase()) && !ok.has(w.toLowerCase())))];
}

let browser;
before(async () => {
  if (!HTTP) return;
  browser = await launch();
});
after(async () => browser?.close());

const errors = [];
async function newPage(locale) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  const page = await context.newPage();
  page.on("pageerror", (err) => errors.push(err.message));
  return page;
}

test("the language is the browser's, switched in the lobby, remembered; a reworded option is shown in English", { skip, timeout: 60000 }, async () => {
  const page = await newPage("ru-RU");
  const catalogues = []; // the language chunks the page fetches (assets/ru-HASH.js)
  const cards = []; // its card catalogues (assets/cards-ru-HASH.js)
  page.on("request", (r) => {
    const m = r.url().match(/\/assets\/(en|ru|pl|fi|uk)-[\w-]+\.js$/);
    if (m) catalogues.push(m[1]);
    const c = r.url().match(/\/assets\/cards-(en|ru|pl|fi|uk)-[\w-]+\.js$/);
    if (c) cards.push(c[1]);
  });
  await page.goto(`${HTTP}/#/`);
  await page.locator(".game-card").first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "ru");
  assert.deepEqual(catalogues.splice(0), ["ru"], "only the chosen language's catalogue is fetched (English is in the bundle)");
  assert.deepEqual(cards.splice(0), ["ru"], "and its card catalogue, alone");
  assert.equal(await page.locator("#language").inputValue(), "ru");
  assert.match(await page.locator(".game-card h3").first().textContent(), /\p{Script=Cyrillic}/u);
  await page.locator("#language").selectOption("pl");
  await page.waitForFunction(() => document.documentElement.lang === "pl");
  await page.locator(".game-card").first().waitFor();
  assert.equal(await page.locator("#language").inputValue(), "pl");
  assert.deepEqual(catalogues.splice(0), ["pl"]);
  await page.reload();
  await page.locator(".game-card").first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "pl", "the choice outlives a reload");
  assert.match(await page.locator('.game-card[data-game="vikings"] button[type="submit"]').textContent(), /^Utwórz pokój/);
  // an option the server rewords after the catalogues were written: its new English is
  // shown, marked lang="en", the others stay translated
  await page.route("**/api/games", async (route) => {
    const games = await (await route.fetch()).json();
    games.find((g) => g.name === "vikings").options.find((o) => o.name === "variant").doc = "Reworded on the server.";
    await route.fulfill({ json: games });
  });
  await page.reload();
  const card = page.locator('.game-card[data-game="vikings"]');
  await card.locator(".option").first().waitFor();
  assert.equal(await card.locator('.option small[lang="en"]').count(), 1);
  assert.equal(await card.locator('.option small[lang="en"]').textContent(), "Reworded on the server.");
  assert.match(await card.locator(".option small:not([lang])").first().textContent(), /^Tylko w wersji zaawansowanej/);
  await page.context().close();
  assert.deepEqual(errors.splice(0), []);
});

test("a rule's text is the rulebook's own paragraph in the player's language, else English", { skip, timeout: 30000 }, async () => {
  const page = await newPage("ru-RU");
  await page.goto(`${HTTP}/#/rules/vikings/V-46`);
  const asked = page.locator("dd.asked");
  await asked.waitFor();
  assert.equal(await asked.getAttribute("lang"), "ru");
  assert.match(await asked.textContent(), /^0 можно выбрать лишь в том случае/);
  assert.equal(await page.locator("#rule-V-8 + dd").getAttribute("lang"), "en", "a rule the Russian rulebook does not state");
  assert.match(await page.locator("#rules-source").textContent(), /книги правил/);
  await page.context().close();
  const pl = await newPage("pl-PL");
  await pl.goto(`${HTTP}/#/rules/hunters/H-17`);
  await pl.locator("dd.asked").waitFor();
  assert.equal(await pl.locator("dd.asked").getAttribute("lang"), "en", "no Polish rulebook of Hunters & Gatherers");
  assert.equal(await pl.locator("#rules-source").count(), 0);
  await pl.goto(`${HTTP}/#/rules/vikings/V-59`);
  await pl.locator('dd.asked[lang="pl"]').waitFor();
  assert.match(await pl.locator("dd.asked").textContent(), /^Płytki wyspy mają ustaloną orientację/);
  await pl.context().close();
  assert.deepEqual(errors.splice(0), []);
});

test("the lobby and a table of each game in ru, pl, fi and uk have no English left", { skip, timeout: 240000 }, async () => {
  const page = await newPage("en-GB");
  await page.goto(`${HTTP}/#/`);
  await page.locator(".game-card").first().waitFor();
  const me = await page.evaluate(() => window.longhall.client.player);
  // the page's player opens a two-seat room of each game; a second player joins; it starts
  const other = await new Client(`${HTTP.replace(/^http/, "ws")}/ws`, { name: "Bjorn", WebSocket }).connect();
  const rooms = {};
  for (const [game, options] of Object.entries(GAMES)) {
    const room = await page.evaluate(([g, o]) => window.longhall.client.create(g, o, 2, false).then((r) => r.room), [game, options]);
    await page.evaluate((r) => window.longhall.client.join(r), room);
    await other.join(room);
    await page.evaluate((r) => window.longhall.client.start(r), room);
    rooms[game] = room;
  }
  const hosted = await (await fetch(`${HTTP}/api/games`)).json();
  // ids are hex: a player's shown as `#` and its first four (ratings.js playerTag) or in the header by its first six,
  // a room's whole, may be letters only ("#cffb")
  const allowed = [me, other.player].flatMap((id) => [id.slice(0, 4), id.slice(0, 6)]).concat(Object.values(rooms));
  const found = [];
  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem("longhall.lang", l), lang);
    await page.goto(`${HTTP}/?${lang}#/`);
    await page.locator("#rooms table, #rooms p.hint").first().waitFor();
    await page.locator(".game-card").first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    const untranslated = hosted.filter((g) => !CATALOGUE[lang][`game.${g.name}`]).flatMap((g) => words(g.title));
    const lobby = await foreignWords(page, lang, [...allowed, ...untranslated]);
    if (lobby.length) found.push(`${lang} lobby: ${lobby.join(", ")}`);
    if (lang === "ru" || lang === "uk") await page.screenshot({ path: `${SHOTS}i18n-${lang}-lobby.png` });
    for (const [game, room] of Object.entries(rooms)) {
      await page.goto(`${HTTP}/?${lang}#/room/${room}`);
      await page.locator('.table-page[data-status="playing"]:not([data-legal="0"])').or(page.locator('.table-page[data-status="playing"][data-turn=""]')).first().waitFor();
      await page.locator("#board svg, #board .feast").first().waitFor();
      const left = await foreignWords(page, lang, allowed);
      if (left.length) found.push(`${lang} ${game}: ${left.join(", ")}`);
      if (lang === "ru" || lang === "uk") await page.screenshot({ path: `${SHOTS}i18n-${lang}-${game}.png` });
    }
  }
  other.close();
  assert.deepEqual(found, [], "words that are not the page's language");
  assert.deepEqual(errors.splice(0), []);
});
