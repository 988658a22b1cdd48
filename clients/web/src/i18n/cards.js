// Occupation cards in the player's language: one card catalogue per language
// (occupations/ru.json, uk.json, pl.json, fi.json beside this module, {"<card id>": {name,
// effect}} for all 190 cards, fetched with the language's catalogue by index.js). English
// is the engine's data (server/games/feast/data/occupations.json), whose effect texts are
// the project's own summaries. The Ukrainian rulebook (the Feast seed) prints nine card
// names: uk.json has them as printed (OFFICIAL); every other name and every effect text in
// every language is an unofficial translation, and the card drawn says so (games/feast/cards.js).
// A language whose catalogue lacks a card shows it in English, marked lang="en".

import { cardCatalogue, lang } from "./index.js";

/** The cards whose names a rulebook prints, by language. */
export const OFFICIAL = { uk: new Set(["35A", "39C", "47a", "54A", "65A", "100b", "149A", "153a", "181C"]) };

const entry = (id) => (lang() === "en" ? undefined : cardCatalogue()[id]);

/** {text, lang, official} of card `id`'s name: the catalogue's where it has the card, else `english`. */
export function occupationName(id, english) {
  const name = entry(id)?.name;
  if (name) return { text: name, lang: lang(), official: Boolean(OFFICIAL[lang()]?.has(id)) };
  return { text: english ?? id, lang: "en", official: true };
}

/** {text, lang, official} of card `id`'s effect text: the catalogue's where it has the card, else `english`. */
export function occupationEffect(id, english) {
  const effect = entry(id)?.effect;
  if (effect) return { text: effect, lang: lang(), official: false };
  return { text: english ?? "", lang: "en", official: true };
}
