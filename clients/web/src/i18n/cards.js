// Occupation card names in the player's language. The Ukrainian rulebook (the Feast seed)
// names nine cards in its examples; uk.json carries those names, and ru/pl/fi.json plain
// translations of the same nine (listed in `_unofficial`). Every other card keeps the
// English name of the engine's data, marked lang="en" where it is shown, as do all the
// cards' effect texts.

import { exists, lang, t } from "./index.js";

/** {text, lang} of card `id`'s name: the catalogue's where it has the card, else `english`. */
export function occupationName(id, english) {
  if (lang() !== "en" && exists(`feast.occupation.${id}`)) return { text: t(`feast.occupation.${id}`), lang: lang() };
  return { text: english ?? id, lang: "en" };
}
