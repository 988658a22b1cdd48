// An occupation card drawn as a card (F-600): its colour band, name, VP, cost if any, its
// effect text, deck and number, and its kind (one-time, permanent, repeating, conditional),
// in the player's language (i18n/cards.js). A translated card says so ("unofficial
// translation", its tooltip telling what is translated) and has a toggle to its English
// text. The card enlarges: with a mouse, a preview beside it while the pointer rests on it
// (drawn above the page, letting every click through); by tap or key, its "enlarge"
// button (or a tap on a card that is not a move) shows it large in the middle of the
// screen until "close", Escape or another tap. Which cards show English and which one is
// large outlives the table's redraws (by card and where it lies: hand, played, prompt).

import { h, listen } from "../../dom.js";
import { occupationEffect, occupationName } from "../../i18n/cards.js";
import { t as tr } from "../../i18n/index.js";
import { OCCUPATIONS } from "./data.js";

const BAND = { yellow: "#e8c13a", blue: "#3d7cc9", red: "#c0392b", green: "#4e9a3a" };
const english = new Set(); // card ids shown in English by the player's choice
let big = null; // "where:id" of the card shown large
const PREVIEW_DELAY = 300; // ms the mouse rests on a card before its preview shows
let preview = null; // {card, el, timer} of the mouse preview
let escape = false; // the document's listeners are installed

function closePreview() {
  if (!preview) return;
  clearTimeout(preview.timer);
  preview.el?.remove();
  preview = null;
}

function showPreview(card) {
  const face = card.querySelector(".occ-face");
  if (!face) return;
  if (!card.isConnected) return;
  // a picture of the face: nothing in it is a control
  const copy = face.cloneNode(true);
  for (const a of ["role", "tabindex", "data-move", "data-key"]) copy.removeAttribute(a);
  const el = h("div", { class: `occ-card occ-preview${card.classList.contains("starting") ? " starting" : ""}`, "aria-hidden": "true" }, copy);
  el.style.setProperty("--band", card.style.getPropertyValue("--band"));
  document.body.append(el);
  // beside the card where there is room (right, else left), kept inside the window
  const r = card.getBoundingClientRect();
  const w = el.offsetWidth;
  const x = r.right + 8 + w <= innerWidth ? r.right + 8 : Math.max(4, r.left - 8 - w);
  el.style.left = `${x}px`;
  el.style.top = `${Math.max(4, Math.min(r.top, innerHeight - el.offsetHeight - 4))}px`;
  preview.el = el;
}

function setBig(card, key) {
  big = big === key ? null : key;
  closePreview();
  for (const other of document.querySelectorAll(".occ-card.big")) {
    other.classList.remove("big");
    other.querySelector(".occ-zoom")?.replaceChildren(tr("feast.card.enlarge"));
    other.querySelector(".occ-zoom")?.setAttribute("aria-expanded", "false");
  }
  if (big !== key) return;
  card.classList.add("big");
  const zoom = card.querySelector(".occ-zoom");
  zoom?.replaceChildren(tr("feast.card.close"));
  zoom?.setAttribute("aria-expanded", "true");
}

function listenOnce() {
  if (escape) return;
  escape = true;
  document.addEventListener("keydown", (e) => {
    const card = e.key === "Escape" && big ? document.querySelector(".occ-card.big") : null;
    if (card) setBig(card, big);
  });
  // the card under a preview may have been drawn again (and its old element dropped)
  document.addEventListener("pointermove", (e) => preview && !e.target.closest?.(".occ-card") && closePreview());
  document.addEventListener("pointerdown", closePreview);
}

/** The name, effect and whether each is a translation, in the language chosen for card `id`. */
function words(id, c) {
  if (english.has(id)) return { name: { text: c.name ?? id, lang: "en", official: true }, effect: { text: c.effect ?? "", lang: "en", official: true } };
  return { name: occupationName(id, c.name), effect: occupationEffect(id, c.effect) };
}

function fill(card, id, c) {
  const w = words(id, c);
  const name = card.querySelector(".occ-name");
  name.textContent = w.name.text;
  name.lang = w.name.lang;
  const effect = card.querySelector(".occ-effect");
  effect.textContent = w.effect.text;
  effect.lang = w.effect.lang;
  const mark = card.querySelector(".occ-unofficial");
  if (mark) {
    const translated = !w.name.official || !w.effect.official;
    mark.hidden = !translated;
    mark.title = tr(w.name.official ? "feast.card.official_name_title" : "feast.card.unofficial_title");
  }
}

/** Occupation card `id` as a card element: `shown` is the view's card (name, VP, text…) when
 * the engine sends one, else the data file's is used; `where` names its place (hand, played,
 * prompt); `cls` adds classes. Its face (`.occ-face`) is what a move binds to; buttons go
 * after it. */
export function occupationCard(id, { shown = null, where = "hand", cls = "" } = {}) {
  const data = OCCUPATIONS[id];
  const c = shown ? { ...data, ...shown, effect: shown.text ?? data?.effect } : data;
  if (!c) return h("div", { class: `occ-card ${cls}`.trim(), "data-card": id }, h("div", { class: "occ-face" }, id));
  const key = `${where}:${id}`;
  const colours = c.colours ?? [];
  const band = colours.length > 1 ? `linear-gradient(90deg, ${colours.map((x, i) => `${BAND[x] ?? x} ${(i * 100) / colours.length}% ${((i + 1) * 100) / colours.length}%`).join(", ")})` : (BAND[colours[0]] ?? "#8a6d3b");
  const kinds = (c.categories ?? []).map((k) => tr(`feast.card.category.${k}`));
  const meta = [`${c.deck ?? ""}${c.number ?? ""}`, ...kinds, c.starting ? tr("feast.card.starting") : null, c.cost != null ? tr("feast.card.cost", { cost: c.cost }) : null].filter(Boolean).join(" · ");
  const face = h(
    "div",
    { class: "occ-face" },
    h("div", { class: "occ-head" }, h("b", { class: "occ-name" }), h("span", { class: "occ-vp" }, tr("feast.vp", { vp: c.vp }))),
    h("p", { class: "occ-effect" }),
    h("small", { class: "occ-meta" }, meta),
  );
  const card = h("div", { class: `occ-card ${cls}${c.starting ? " starting" : ""}`.replace(/\s+/g, " ").trim(), "data-card": id, "data-where": where, style: `--band: ${band}` }, face);
  const translated = occupationName(id, c.name).lang !== "en" || occupationEffect(id, c.effect).lang !== "en";
  const zoom = h("button", { type: "button", class: "occ-zoom", "aria-expanded": "false", onclick: () => setBig(card, key) }, tr("feast.card.enlarge"));
  const tools = h("div", { class: "occ-tools" });
  if (translated) {
    const toggle = h("button", { type: "button", class: "occ-lang", "aria-pressed": String(english.has(id)) }, tr("feast.card.english"));
    listen(toggle, "click", () => {
      if (english.has(id)) english.delete(id);
      else english.add(id);
      toggle.setAttribute("aria-pressed", String(english.has(id)));
      fill(card, id, c);
    });
    tools.append(h("span", { class: "occ-unofficial" }, tr("feast.card.unofficial")), toggle);
  }
  tools.append(zoom);
  card.append(tools);
  fill(card, id, c);
  // a tap on a card that is not a move enlarges it (a move's face plays it instead)
  listen(face, "click", () => face.hasAttribute("data-move") || setBig(card, key));
  // (on the move, not on entering: a click closes the preview, and the card may have been
  // drawn again under a pointer that never left it)
  listen(card, "pointermove", (e) => {
    if (e.pointerType !== "mouse" || card.classList.contains("big") || preview?.card === card) return;
    closePreview();
    preview = { card, el: null, timer: setTimeout(() => showPreview(card), PREVIEW_DELAY) };
  });
  listen(card, "pointerleave", closePreview);
  if (big === key) {
    card.classList.add("big");
    zoom.replaceChildren(tr("feast.card.close"));
    zoom.setAttribute("aria-expanded", "true");
  }
  listenOnce();
  return card;
}
