// The app's words in the player's language: one catalogue per language (en.json, ru.json,
// pl.json, fi.json, uk.json beside this module), looked up with i18next. Plurals come from
// i18next's use of Intl.PluralRules (keys `…_one`, `…_few`, `…_many`, `…_other`), numbers
// from Intl.NumberFormat. The language is the one chosen in the lobby (kept in
// localStorage), else the browser's, else English. Only English is in the app's bundle;
// another language's catalogue is a chunk of its own (import.meta.glob below), fetched
// before the app starts (the top-level await holds every importer until it is in).
//
// Keys are flat ("lobby.create"); code names them literally, or with a literal prefix and
// a game id (`vikings.trade.${colour}`), so tests/web/test_i18n_catalogue.py can tell which
// keys the code uses. Each catalogue's `_unofficial` lists the game terms that no rulebook
// in ../shared/seeds names (translated plainly); `_same` lists values that are the same as
// the English on purpose (proper names, symbols).

import i18next from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import en from "./en.json";

/** Each language by its own name, in the order the lobby offers them. */
export const LANGUAGES = { en: "English", ru: "Русский", pl: "Polski", fi: "Suomi", uk: "Українська" };
export const STORE = "longhall.lang";
// "./ru.json" -> () => Promise of the Russian catalogue, built as a hashed chunk
const LAZY = import.meta.glob(["./*.json", "!./en.json"], { import: "default" });
// "./occupations/ru.json" -> the Russian names and effects of the Feast's occupation cards
// (cards.js), a chunk of its own fetched beside the language's catalogue; English has none
// (the engine's data is English)
const CARDS = import.meta.glob("./occupations/*.json", { import: "default" });
let cards = {};

i18next.use(LanguageDetector).init({
  initAsync: false,
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  supportedLngs: Object.keys(LANGUAGES),
  nonExplicitSupportedLngs: true, // "ru-RU" is ru, "fi-FI" is fi
  load: "languageOnly",
  fallbackLng: "en",
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: { escapeValue: false }, // the DOM is built with text nodes, never innerHTML
  detection: { order: ["localStorage", "navigator"], lookupLocalStorage: STORE, caches: ["localStorage"] },
});

/** Fetch the catalogue of the detected language (if not English) and switch to it; on a
 * failed fetch the app stays English. Its card catalogue comes at the same time; without
 * it the cards stay English. */
async function loadChosen() {
  const want = i18next.languages?.[0];
  const load = LAZY[`./${want}.json`];
  if (!load) return;
  const cardsLoad = CARDS[`./occupations/${want}.json`]?.().catch((err) => {
    console.error(`longhall: the ${want} card catalogue could not be loaded`, err);
    return {};
  });
  try {
    i18next.addResourceBundle(want, "translation", await load());
    await i18next.changeLanguage(want);
    cards = (await cardsLoad) ?? {};
  } catch (err) {
    console.error(`longhall: the ${want} catalogue could not be loaded`, err);
  }
}

await loadChosen();

/** The occupation cards of the language in use, by card id: {name, effect}; {} in English. */
export const cardCatalogue = () => cards;

/** The language in use: "en", "ru", "pl", "fi" or "uk". */
export const lang = () => i18next.resolvedLanguage ?? "en";

if (typeof document !== "undefined") document.documentElement.lang = lang();

/** The text of `key` in the player's language; `opts` fills {{placeholders}}, `count` picks the plural. */
export function t(key, opts) {
  return i18next.t(key, opts);
}

/** Add entries the product's catalogues do not have, by language ({en: {…}, ru: {…}}):
 * English and the player's language are taken. For words that ship outside the product
 * bundle (the test build's High Card: test/app/). */
export function addWords(byLang) {
  for (const [lng, entries] of Object.entries(byLang)) {
    if (lng === "en" || lng === lang()) i18next.addResourceBundle(lng, "translation", entries, true, true);
  }
}

/** Whether the catalogues have `key` (in the player's language or English). */
export const exists = (key) => i18next.exists(key);

/** A number as the player's language writes it (1 000 in ru, 1,000 in en). */
export function num(n) {
  return typeof n === "number" ? new Intl.NumberFormat(lang()).format(n) : String(n ?? "");
}

/** "A, B and C" in the player's language (Intl.ListFormat). */
export function list(items) {
  return new Intl.ListFormat(lang(), { type: "conjunction" }).format(items.map(String));
}

/** Switch the language, remember it, and draw the page again in it. */
export function setLanguage(lng) {
  localStorage.setItem(STORE, lng);
  location.reload();
}
