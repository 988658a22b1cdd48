// The panels around a board, the same for every game: seats, result, move log, and the
// short highlight of what a diff changed.

import { h } from "./dom.js";
import { list, t } from "./i18n/index.js";
import { ratingText, taggedName } from "./ratings.js";
import { sayLast } from "./words.js";

export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#d4ac0d", "#229954", "#7d3c98"];

export function seatColour(i) {
  return SEAT_COLOURS[i % SEAT_COLOURS.length];
}

export function seatsPanel(v, ctx, renderer) {
  const scores = v.table && renderer.scores ? renderer.scores(v.table) : null;
  // a game over asks nobody, whatever its last table says (a forfeit on time ends it mid-decision)
  const acting = v.status === "playing" ? v.to_act ?? [] : [];
  return h(
    "ol",
    { class: "seats", id: "seats" },
    (v.seats ?? []).map((s, i) =>
      h(
        "li",
        {
          class: `seat${acting.includes(i) ? " acting" : ""}${ctx.you === i ? " you" : ""}`,
          "data-seat": i,
          style: `--seat:${seatColour(i)}`,
        },
        h("span", { class: "swatch", "aria-hidden": "true" }),
        s ? (s.bot ? s.name : taggedName(s.name, s.player)) : h("em", {}, t("seat.free")),
        s && ctx.ratings?.[s.player] ? h("span", { class: "seat-rating", title: t("ratings.rating") }, ` ${ratingText(ctx.ratings[s.player].score)}`) : null,
        s?.bot ? h("span", { class: "bot-tag", title: t(`bots.level.${s.bot}`) }, ` ${t("seat.bot")}`) : null,
        s && (v.absent ?? []).includes(i) ? h("span", { class: "away-tag", title: t("seat.absent_title") }, ` ${t("seat.absent")}`) : null,
        ctx.you === i ? ` ${t("seat.you")}` : "",
        scores ? h("span", { class: "score" }, scores[i]) : null,
        acting.includes(i) ? h("span", { class: "turn" }, ` ${t("seat.deciding")}`) : null,
      ),
    ),
  );
}

/** The final scores: a row per scoring item, a column per seat, and the winners. */
export function resultPanel(result, ctx, renderer) {
  if (!result) return null;
  const seats = ctx.names;
  const rows = [];
  const breakdown = Array.isArray(result.breakdown) ? result.breakdown : [];
  const items = [...new Set(breakdown.flatMap((b) => (b && typeof b === "object" ? Object.keys(b) : [])))];
  for (const item of items) {
    rows.push(
      h(
        "tr",
        {},
        h("th", { scope: "row" }, t(`score.${ctx.game}.${item}`, { defaultValue: item.replaceAll("_", " ") })),
        breakdown.map((b) => h("td", {}, b?.[item] ?? "")),
      ),
    );
  }
  const winners = list((result.winners ?? []).map((w) => seats[w]));
  return h(
    "section",
    { class: "result", id: "result" },
    h("h3", {}, winners ? t("result.winners", { count: (result.winners ?? []).length, winners }) : t("result.final")),
    // a game ended by a forfeit or a claim has no scores: no empty table then
    rows.length || result.scores?.length ? h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((n) => h("th", { scope: "col" }, n)))),
      h("tbody", {}, rows, h("tr", { class: "total" }, h("th", { scope: "row" }, t("result.total")), (result.scores ?? []).map((s) => h("td", {}, s)))),
    ) : null,
    forfeitNote(result, seats),
    result.tiebreak ? h("p", { class: "hint" }, t("result.tiebreak", { how: t(`tiebreak.${ctx.game}`, { defaultValue: result.tiebreak }) })) : null,
    renderer.resultNotes ? renderer.resultNotes(result, ctx) : null,
  );
}

/** A game that ended without scores: the players who stayed claimed the win over seats
 * gone too long (`result.claimed`, docs/protocol.md item 4), a seat ran out of time under
 * the "forfeit" clock policy (`result.forfeit`), or everyone was gone too long (item 6). */
function forfeitNote(result, seats) {
  if (result.claimed) {
    const gone = result.forfeits ?? [result.forfeit];
    return h("p", { class: "hint", id: "forfeit" }, t("result.claimed", { who: list(gone.map((s) => seats[s])) }));
  }
  if (typeof result.forfeit === "number") return h("p", { class: "hint", id: "forfeit" }, t("result.forfeit", { name: seats[result.forfeit] }));
  return result.abandoned ? h("p", { class: "hint", id: "abandoned" }, t("result.abandoned")) : null;
}

/** The move log, newest first: each decision in words, from the server's descriptions. */
const LOG_LINES = 80;

export function logPanel(log, ctx) {
  if (!log.length) return null;
  // the latest 80 lines, the whole game on request (a long Feast makes hundreds)
  const all = ctx.ui.logAll || log.length <= LOG_LINES;
  const entries = [...log].reverse().slice(0, all ? log.length : LOG_LINES);
  const more = () => ((ctx.ui.logAll = true), ctx.redraw());
  return h(
    "details",
    { class: "log", id: "log", open: true },
    h("summary", {}, t("log.title")),
    h(
      "ol",
      { reversed: true },
      // worded again at each draw: a language switch rewords the lines kept from before it
      entries.map((e) => h("li", { value: e.seq, "data-seq": e.seq, "data-k": e.k, style: `--seat:${seatColour(e.seat)}` }, e.d ? sayLast(e.d, ctx.names) : e.text)),
    ),
    all ? null : h("button", { class: "log-all", id: "log-all", onclick: more }, t("log.whole")),
  );
}

/** Briefly highlight the drawn elements whose data-path is the nearest ancestor of an op. */
export function flash(root, ops) {
  const marked = [...root.querySelectorAll("[data-path]")];
  const hit = new Set();
  for (const op of ops) {
    let best = null;
    for (const el of marked) {
      const p = el.getAttribute("data-path");
      if ((op.path === p || op.path.startsWith(p + "/")) && (!best || p.length > best.getAttribute("data-path").length)) best = el;
    }
    if (best) hit.add(best);
  }
  for (const el of hit) el.classList.add("changed");
  // an element that had no class is left without one (not `class=""`): a part kept in the
  // page as it is (morph.js `data-memo`) then reads as the same part drawn afresh
  const unmark = (el) => (el.classList.length > 1 ? el.classList.remove("changed") : el.removeAttribute("class"));
  setTimeout(() => hit.forEach((el) => el.classList.contains("changed") && unmark(el)), 1500);
}
