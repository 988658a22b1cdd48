// The replay viewer: a finished game, decision by decision ("#/replay/ROOM", or
// "#/replay/ROOM/STEP" to open at a step). The server replays the game with its own
// engine and hands out each step's public table and the decision that led to it
// (GET /api/rooms/{id}/steps, up to 100 steps a request); seats, options and the result
// come from GET /api/rooms/{id}/replay. Each step is drawn by the game's own renderer as a
// spectator saw it, the decision worded like the table's move log, the result at the end.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { generic } from "./games/generic.js";
import { rendererFor } from "./games/index.js";
import { morphInto } from "./morph.js";
import { resultPanel, seatsPanel } from "./panels.js";
import { sayLast } from "./words.js";

const PAGE = 100; // steps a request asks for (the server's most)

export async function showReplay(app, room, firstStep = 0) {
  const page = new ReplayPage(app, room);
  await page.open(firstStep);
  return () => page.close();
}

class ReplayPage {
  constructor(app, room) {
    this.app = app;
    this.room = room;
    this.steps = new Map(); // step -> {step, seq, seat, said, to_act, table}
    this.loading = new Map(); // first step of a page -> its request
    this.total = 0;
    this.at = 0;
    this.ui = {};
    this.onKey = (e) => this.key(e);
  }

  async open(first) {
    try {
      this.rec = await getJson(`api/rooms/${encodeURIComponent(this.room)}/replay`);
      const head = await this.load(0);
      this.total = head.total;
    } catch (err) {
      this.app.replaceChildren(h("p", { class: "error", role: "alert", id: "replay-error" }, t("replay.unavailable", { room: this.room, why: err.message })));
      return;
    }
    this.renderer = rendererFor(this.rec.game);
    document.addEventListener("keydown", this.onKey);
    await this.go(Math.max(0, Math.min(first, this.total)));
  }

  close() {
    document.removeEventListener("keydown", this.onKey);
  }

  /** Fetch the page of steps holding step `n` (once). */
  load(n) {
    const from = Math.floor(n / PAGE) * PAGE;
    if (!this.loading.has(from)) {
      const url = `api/rooms/${encodeURIComponent(this.room)}/steps?from=${from}&count=${PAGE}`;
      const request = getJson(url).then((got) => {
        got.steps.forEach((s) => this.steps.set(s.step, s));
        return got;
      });
      request.catch(() => this.loading.delete(from)); // a failed page is asked again later
      this.loading.set(from, request);
    }
    return this.loading.get(from);
  }

  async go(n) {
    const step = Math.max(0, Math.min(n, this.total));
    this.at = step;
    if (!this.steps.has(step)) {
      try {
        await this.load(step);
      } catch (err) {
        this.error = err.message;
      }
    }
    if (this.at !== step) return; // moved on while this step loaded
    if (step + 1 <= this.total && !this.steps.has(step + 1)) this.load(step + 1).catch(() => {}); // the next page, ahead
    history.replaceState(null, "", `#/replay/${this.room}/${step}`);
    this.draw();
  }

  key(e) {
    if (e.target?.matches?.("input:not([type=range]), select, textarea")) return;
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.total }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }

  names() {
    return (this.rec.seats ?? []).map((s, i) => s?.name ?? t("seat.n", { n: i + 1 }));
  }

  /** The page's frame, built once: the controls stay put (a dragged slider keeps its drag). */
  frame() {
    const title = this.renderer.title ?? this.rec.game;
    const button = (id, label, icon, to) => h("button", { type: "button", id, "aria-label": label, title: label, onclick: () => this.go(to()) }, icon);
    this.el = {
      first: button("replay-first", t("replay.first"), "|◀", () => 0),
      prev: button("replay-prev", t("replay.prev"), "◀", () => this.at - 1),
      next: button("replay-next", t("replay.next"), "▶", () => this.at + 1),
      last: button("replay-last", t("replay.last"), "▶|", () => this.total),
      slider: h("input", { type: "range", id: "replay-slider", min: 0, max: this.total, value: 0, step: 1, "aria-label": t("replay.slider"),
        oninput: (e) => this.go(Number(e.target.value)) }),
      count: h("span", { class: "replay-count", id: "replay-count" }),
      said: h("p", { class: "prompt", id: "replay-said", "aria-live": "polite" }),
      seats: h("div", {}),
      board: h("div", { class: "board", id: "board" }),
      side: h("aside", { class: "table-side" }),
    };
    const e = this.el;
    this.page = h(
      "section",
      { class: "replay-page", "data-room": this.room, "data-game": this.rec.game, "data-total": this.total },
      h("div", { class: "table-head" }, h("h2", {}, t("replay.title", { game: title })), h("span", { class: "tag" }, t("table.room", { room: this.room })),
        h("span", { class: "head-actions" }, h("a", { href: `#/watch/${this.room}`, class: "button" }, t("replay.to_table")), h("a", { href: "#/", class: "button" }, t("table.lobby")))),
      h("div", { class: "replay-controls actions" }, e.first, e.prev, e.slider, e.next, e.last, e.count),
      e.said,
      e.seats,
      h("div", { class: "table-layout" }, h("div", { class: "table-main" }, e.board), e.side),
    );
    this.app.replaceChildren(this.page);
  }

  draw() {
    if (!this.page) this.frame();
    const e = this.el;
    const step = this.steps.get(this.at);
    const names = this.names();
    const ctx = { you: null, game: this.rec.game, legal: [], names, play: () => {}, ui: this.ui, redraw: () => this.draw(), seq: step?.seq ?? 0, last: step?.said ?? null };
    const last = this.at === this.total;
    this.page.dataset.step = String(this.at);
    e.first.disabled = e.prev.disabled = this.at === 0;
    e.next.disabled = e.last.disabled = last;
    if (Number(e.slider.value) !== this.at) e.slider.value = String(this.at);
    e.count.textContent = t("replay.count", { n: this.at, total: this.total });
    e.said.textContent = step ? this.said(step, names) : this.error ?? t("replay.loading");
    e.seats.replaceChildren(step ? seatsPanel({ seats: this.rec.seats, to_act: last ? [] : step.to_act }, ctx, this.renderer) : "");
    if (step) morphInto(e.board, this.board(step.table, ctx));
    else e.board.replaceChildren();
    e.side.replaceChildren(last ? resultPanel(this.rec.result, ctx, this.renderer) ?? "" : "");
    this.error = null;
  }

  said(step, names) {
    return step.said ? sayLast(step.said, names) : t("replay.start");
  }

  board(table, ctx) {
    try {
      return this.renderer.draw(table, ctx, { table, status: "over" });
    } catch (err) {
      console.error("longhall: the replay step could not be drawn", err);
      return h("div", {}, h("p", { class: "hint" }, t("table.cannot_draw")), generic.draw(table));
    }
  }
}

async function getJson(url) {
  const r = await fetch(url);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.detail ?? `${r.status}`);
  return body;
}
