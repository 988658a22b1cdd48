// A Feast for Odin on its board. The shared table (action board, options, die, mountain
// strips, exploration boards, special tiles) and each player's side (banquet table,
// supply, home board and other boards, sheds and ships, weapons, occupation cards) are
// drawn from the view and the engine's data files; every decision the legal list offers is
// a click on the thing it concerns (the plain list below the board stays as a fallback).
// On a narrow screen the table and your side are separate views behind tabs.

import { clickable, h, listen } from "../../dom.js";
import { num, t as tr } from "../../i18n/index.js";
import { GOODS, SPACE, SPECIALS, itemName, name } from "./data.js";
import { actionBoard, dicePanel, explorationBoards, mountains, optionCards, specialTiles } from "./action.js";
import { followUp, lay, placing, setKeys, turnPiece } from "./place.js";
import { beginDraw } from "./cache.js";
import { follow } from "./follow.js";
import { seatSide } from "./seat.js";
import { moveLabel } from "./words.js";
import "./feast.css";

const ASK = ["turn", "dice", "trade", "ready", "feast", "play", "option", "bonus_play", "end", "sea_trade", "special_sale", "start_card", "card", "extra_feast"];
const CONTROL_TYPES = ["pass", "ready", "done", "skip", "stop", "finish", "cancel", "roll"];
// the table's parts that stay in the page from one redraw to the next, updated in place
// (morph.js): their elements are matched one by one, the boards' drawings (feastSvg) wholly
const KEEP = { "data-morph": "" };
const PANE_OF = { card: "mine", extra_feast: "mine", turn: "action", option: "action", dice: "action", trade: "action", special_sale: "action", feast: "mine", ready: "mine", end: "mine", play: "mine", bonus_play: "mine", start_card: "mine", sea_trade: "mine" };

/** Binding drawn things to legal moves, and noting which moves got a place on the board. */
function binder(ctx) {
  const bound = new Set();
  const fx = {
    bound,
    label: moveLabel,
    say: (text) => {
      ctx.ui.feastSay = text;
      ctx.redraw();
    },
    cover: (move) => bound.add(JSON.stringify(move)),
    bind(el, move, label) {
      fx.cover(move);
      el.setAttribute("data-move", JSON.stringify(move));
      return clickable(el, label ?? moveLabel(move), () => ctx.play(move));
    },
    bindHtml(el, move) {
      fx.cover(move);
      el.setAttribute("data-move", JSON.stringify(move));
      el.classList.add("choice");
      el.setAttribute("data-key", moveLabel(move));
      if (el.tagName !== "BUTTON") {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        listen(el, "keydown", (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), ctx.play(move)));
      }
      listen(el, "click", (e) => {
        e.stopPropagation();
        ctx.play(move);
      });
      return el;
    },
    bindLocal(el, label, act) {
      // a click that only opens a choice on the board (no decision yet): not a `.choice`
      clickable(el, label, act);
      el.classList.remove("choice");
      el.classList.add("feast-local");
      return el;
    },
  };
  return fx;
}

/** Prompt-level decisions (pass, ready, finish…), piece controls, and anything not drawn elsewhere. */
function controls(t, ctx, fx, st) {
  const chips = [];
  for (const m of ctx.legal) {
    if (CONTROL_TYPES.includes(m.type)) chips.push(fx.bindHtml(h("button", { class: `feast-chip choice ctl-${m.type}` }, moveLabel(m)), m));
  }
  if (st) {
    const turn = (how) => turnPiece(st, how, ctx);
    chips.push(h("button", { class: "feast-chip", id: "feast-rotate", title: tr("feast.turn_title"), onclick: () => turn("rotate") }, tr("feast.turn")));
    chips.push(h("button", { class: "feast-chip", id: "feast-flip", title: tr("feast.mirror_title"), onclick: () => turn("flip") }, tr("feast.mirror")));
    const me = t.seats[ctx.you];
    const at = st.at && me.areas[st.at.area] ? st.at : null;
    if (at) {
      // a phone has no pointer to follow: a tap off the marked spots shows the piece there
      // (again to turn it); this button, beside the piece's other controls, lays it there
      const end = t.prompt?.kind === "end";
      chips.push(h("button", { class: "feast-chip primary", id: "feast-place", onclick: () => lay(st, at.area, me.areas[at.area], end, ctx, fx.say) }, tr("feast.lay_here")));
    }
    chips.push(h("span", { class: "feast-holding" }, tr("feast.holding", { item: itemName(st.item) })));
    if (st.plan) chips.push(h("button", { class: "feast-chip", id: "feast-unplan", onclick: () => ((ctx.ui.place = null), ctx.redraw()) }, tr("feast.put_back")));
  }
  return chips;
}

// Where each kind of decision is drawn (a phone shows one view at a time).
const MOVE_PANE = { occupy: "action", option: "action", take: "action", roll: "action", offer: "action", hunt: "action", fail: "action", buy: "action", place: "mine", serve: "mine", leave: "mine", leave_rest: "mine", upgrade: "mine", flip: "mine", store: "mine", buy_ship: "mine", arm: "mine", play: "mine", choose_card: "mine", use_card: "mine", choose: "mine", decline: "mine" };
const paneOf = (m) => (m.type === "loot" ? (SPECIALS[m.tile] ? "action" : null) : MOVE_PANE[m.type] ?? null);

function leftovers(ctx, fx, shown) {
  // every legal move must be reachable on the board: whatever no drawing took gets a chip
  // (a move drawn in a view the phone does not show now is reached through its tab)
  return ctx.legal.filter((m) => !fx.bound.has(JSON.stringify(m)) && !(paneOf(m) && !shown(paneOf(m)))).map((m) => fx.bindHtml(h("button", { class: "feast-chip choice other" }, moveLabel(m)), m));
}

function tabs(ctx, panes) {
  const count = (id) => ctx.legal.filter((m) => paneOf(m) === id).length;
  return h(
    "nav",
    { class: "feast-tabs", role: "tablist" },
    panes.map(([id, label]) =>
      h("button", { role: "tab", class: "feast-tab", "data-tab": id, "aria-selected": String(ctx.ui.tab === id), onclick: () => ((ctx.ui.tab = id), ctx.redraw()) }, label, count(id) ? h("span", { class: "tab-count" }, ` ${count(id)}`) : null),
    ),
  );
}

/** What each seat has laid at this feast: public while the phase lasts (F-276), in the
 * view as `feast[i].laid`; kept for the round, so a table still shows it once its owner is done. */
function rememberLaid(t, ctx) {
  (t.feast ?? []).forEach((f, i) => {
    if (!f || !(f.end > 0) || !Array.isArray(f.laid)) return; // no feast for this seat now (another's extra feast)
    (ctx.ui.laid ??= {})[i] = f.laid.map((x) => ({ round: t.round, at: x.at, span: x.span, item: x.item ?? "empty", lay: x.lay }));
  });
}

export function draw(t, ctx, v) {
  ctx.ui.narrow = typeof window !== "undefined" && window.innerWidth < 700;
  beginDraw(ctx.ui);
  const play = ctx.play;
  rememberLaid(t, ctx);
  ctx = { ...ctx, live: v?.status === "playing", play: (m) => ((ctx.ui.feastSay = null), (ctx.ui.pick = null), play(m)) };
  const fx = binder(ctx);
  const me = ctx.you !== null ? t.seats[ctx.you] : null;
  const st = me ? placing(me, ctx) : null;
  const key = `${t.prompt?.kind}|${st ? st.stage : 0}`;
  if (ctx.ui.autoKey !== key) {
    ctx.ui.autoKey = key;
    ctx.ui.tab = st ? "mine" : me ? PANE_OF[t.prompt?.kind] ?? ctx.ui.tab ?? "action" : ctx.ui.tab ?? "action";
  }
  ctx.ui.tab ??= "action";
  setKeys(st ? { turn: (how) => turnPiece(st, how, ctx) } : null);

  const head = h("p", { class: "feast-round", "data-path": "/table/round" }, tr("feast.round_line", { round: t.round, rounds: t.rounds, phase: t.phase, start: ctx.names[t.start] ?? t.start, weapons: t.decks_left?.weapons ?? "?", occupations: t.decks_left?.occupations ?? "?" }));
  const show = (pane) => !ctx.ui.narrow || ctx.ui.tab === pane; // a phone draws only the view it shows
  const shared = show("action") && h(
    "div",
    { class: "feast-pane", "data-pane": "action", ...KEEP },
    optionCards(t, ctx, fx),
    dicePanel(t, ctx, fx),
    h("div", { class: "board-scroll", ...KEEP }, actionBoard(t, ctx, fx)),
    h("div", { class: "feast-row", ...KEEP }, h("div", KEEP, h("h4", {}, tr("feast.mountains")), mountains(t, ctx, fx)), h("div", KEEP, h("h4", {}, tr("feast.special_tiles")), h("div", { class: "board-scroll", ...KEEP }, specialTiles(t, ctx, fx)))),
    h("h4", {}, tr("feast.exploration_boards")),
    explorationBoards(t, ctx, fx),
  );
  const mineSide = me && show("mine") ? h("div", { class: "feast-pane", "data-pane": "mine", ...KEEP }, seatSide(t, ctx, fx, ctx.you)) : null;
  const others = t.seats.map((_, i) => i).filter((i) => i !== ctx.you);
  const othersPane = others.length && show("others") ? h("div", { class: "feast-pane", "data-pane": "others", ...KEEP }, others.map((i) => seatSide(t, ctx, fx, i))) : null;
  const panes = [["action", tr("feast.tab.action")], ...(me ? [["mine", tr("feast.tab.mine")]] : []), ...(others.length ? [["others", tr(me ? "feast.tab.others" : "feast.tab.players")]] : [])];
  const follow = me ? followUp(me, st, ctx, fx.say) : null;
  if (follow) queueMicrotask(() => ctx.play(follow));
  // the held piece's spots are the board's cells (place.js), not chips
  if (st) ctx.legal.filter((m) => m.type === "place" && "area" in m).forEach(fx.cover);
  const bar = h("div", { class: "feast-controls", id: "feast-controls" }, controls(t, ctx, fx, st), leftovers(ctx, fx, show));
  const said = ctx.ui.feastSay ? h("p", { class: "feast-say", role: "status" }, ctx.ui.feastSay) : null;
  return h("div", { class: `feast${ctx.ui.narrow ? " narrow" : ""}`, ...KEEP, "data-kind": t.prompt?.kind ?? "", "data-tab": ctx.ui.tab, "data-stage": st ? String(st.stage) : "", "data-turn": st ? String(st.turn) : "" }, head, tabs(ctx, panes), bar, said, shared, mineSide, othersPane);
}

/** What a diff did, in words, for the move log: the action spaces newly occupied. */
function describeOps(ops) {
  const said = ops
    .filter((op) => op.op === "add" && op.path.startsWith("/table/spaces/"))
    .map((op) => tr("feast.occupied", { space: SPACE[op.path.slice("/table/spaces/".length)]?.name ?? name(op.path.split("/").pop()) }));
  return said.length ? said.join("; ") : null;
}

export const feast = {
  title: tr("game.feast"),
  listClosed: true,
  inPlace: true, // the page is updated in place (morph.js), its boards kept across redraws
  outOfTurn: true, // placing goods, buying ships … are open while others decide (F-300)
  moveLabel,
  describeOps,
  // picking up a good and holding it over a board lead to laying it (the line the log
  // keeps); putting it back undoes them: none is a decision of its own in the log
  planning: (d) => (d.k === "feast.place" && d.step !== "lay") || d.k === "feast.cancel",
  prompt(t) {
    const p = t.prompt;
    if (!p) return "";
    const sp = p.space ? SPACE[p.space] : null;
    const ask = ASK.includes(p.kind) ? tr(`feast.ask.${p.kind}`) : name(p.kind);
    return sp ? tr("feast.ask_at", { ask, space: sp.name }) : ask;
  },
  scores(t) {
    return t.seats.map((p) => tr("feast.score", { silver: num(p.silver), count: p.thing ?? 0 }));
  },
  draw,
  // once the page is in the document: bring the decision into view (follow.js)
  afterDraw(page, ctx, v) {
    follow(page, ctx.ui, v.status === "playing" && ctx.you !== null && (v.to_act ?? []).includes(ctx.you) && ctx.legalNow);
  },
};
