// The table page of one room: wires the client's live mirror to the drawn board.
//
// Every view change (snapshot or diff) redraws the page from the mirror, flashes what
// the diff touched, and — when this seat must decide — asks the server for the legal
// moves, which the board offers as clickable places and the list below as buttons.
// What each game looks like lives in games/; the panels around the board in panels.js.

import { ChatPanel } from "./chat.js";
import { Clocks } from "./clocks.js";
import { h } from "./dom.js";
import { list, t } from "./i18n/index.js";
import { morphInto } from "./morph.js";
import { generic } from "./games/generic.js";
import { botBar } from "./hosting.js";
import { rendererFor } from "./games/index.js";
import { inviteButton, rememberRoom } from "./lobby.js";
import { ratedTag, ratingsOf } from "./ratings.js";
import { flash, logPanel, resultPanel, seatsPanel } from "./panels.js";
import { ruleLang, ruleText, rulesLoaded } from "./rules.js";
import { TableSocial } from "./social.js";
import { notifyToggle, showTurn, soundToggle } from "./turn_signal.js";
import { refusalWords, sayLast } from "./words.js";

/** Show room `room`; resolves to a function that tears the page down. */
export async function showTable(app, client, room, watch) {
  const page = new TablePage(app, client, room, watch);
  await page.enter();
  return () => page.close();
}

class TablePage {
  constructor(app, client, room, watch) {
    this.app = app;
    this.client = client;
    this.room = room;
    this.watch = watch;
    this.legal = [];
    this.legalSeq = -1;
    this.log = readLog(room); // [{seq, seat, k, d, text}], kept for this tab across reloads
    this.ui = {}; // per-renderer state kept across redraws (zoom, chosen square, rotation)
    this.offs = [];
    this.pendingOps = [];
    this.drawSoon = null;
    this.error = null;
    this.notice = "";
    this.ratings = {}; // player id -> its rating in this game (ratings.js), once known
  }

  async enter() {
    const c = this.client;
    try {
      if (this.watch) await c.spectate(this.room);
      else await c.join(this.room);
    } catch (err) {
      if (this.watch || !["already_started", "room_full"].includes(err.code)) {
        this.app.replaceChildren(h("p", { class: "error", role: "alert", title: err.detail ?? err.message }, `${refusalWords(err)} [${err.code}]`));
        return;
      }
      this.notice = t("table.watching_full");
      this.watch = true;
      await c.spectate(this.room);
    }
    this.mirror = c.rooms.get(this.room);
    rememberRoom(this.room, this.mirror.game);
    this.renderer = rendererFor(this.mirror.game);
    this.chat = new ChatPanel(c, this.room);
    this.social = new TableSocial(c, this.room, () => !this.closed && this.draw());
    this.chat.draw();
    this.clocks = new Clocks(() => this.mirror.serverNow?.() ?? null);
    this.clocks.note(this.mirror.view);
    this.offs.push(c.on("view", (ev) => ev.room === this.room && this.onView(ev)));
    this.offs.push(c.on("over", (ev) => ev.room === this.room && this.draw()));
    this.offs.push(c.on("reconnected", () => (this.refreshLegal(true), this.loadSaid())));
    // the console (and the browser tests) may send any move through the page's own path,
    // to see how a refusal is shown: window.longhall.tryMove({type: ...})
    if (window.longhall) {
      window.longhall.tryMove = (m) => this.play(m);
      window.longhall.redraw = () => this.draw(); // for timing the drawing (docs/web.md)
    }
    this.noteLast();
    this.draw();
    this.refreshLegal();
    this.loadSaid();
  }

  close() {
    this.closed = true;
    clearTimeout(this.drawSoon);
    showTurn(false, null);
    this.offs.forEach((off) => off());
    this.chat?.close();
    this.social?.close();
    this.clocks?.stop();
    clearTimeout(this.claimTimer);
    if (this.mirror && this.mirror.seat === null) this.client.leave(this.room).catch(() => {});
  }

  onView(ev) {
    this.noteLast();
    this.clocks.note(this.mirror.view);
    // diffs that arrive while a redraw waits are drawn together (a page that fell behind
    // a fast game catches up in one redraw instead of one per diff)
    this.pendingOps.push(...(ev.ops ?? []));
    this.drawLater();
    this.refreshLegal();
  }

  /** Draw at the next task: what is asked for meanwhile (a view, its legal moves pushed
   * right after it, the page's own answer to a click) is drawn once. */
  drawLater() {
    if (this.drawSoon || this.closed) return;
    this.drawSoon = setTimeout(() => {
      this.drawSoon = null;
      this.draw();
    }, 0);
  }

  /** Append the server's description of the last decision, once per seq, in words. */
  noteLast() {
    const last = this.mirror.view.last;
    if (!last || this.log.some((e) => e.seq === last.seq)) return;
    // a copy: the mirror patches its view objects in place as the game moves on
    this.addLog([structuredClone(last)]);
  }

  /** The decisions made before this page opened (a reload, a late spectator, a second
   * device, a dropped connection): the server's public wording of each, the whole game so
   * far (GET /api/rooms/{id}/said). Lines this tab holds already keep their wording (a
   * seat's own, which may say more than the public one). */
  async loadSaid() {
    let said;
    try {
      // a player's token: a room shown late to spectators keeps its latest decisions back from others
      const headers = this.client.token ? { Authorization: `Bearer ${this.client.token}` } : {};
      const r = await fetch(`api/rooms/${encodeURIComponent(this.room)}/said`, { headers });
      if (!r.ok) return;
      said = (await r.json()).said;
    } catch {
      return; // offline or gone: the log keeps what this tab saw
    }
    if (this.addLog(said)) this.draw();
  }

  /** Add descriptions [{seq, seat, k, ...}] not in the log yet; whether any was new. */
  addLog(descriptions) {
    const have = new Set(this.log.map((e) => e.seq));
    const fresh = descriptions.filter((d) => d && !have.has(d.seq));
    if (!fresh.length) return false;
    const names = this.names();
    this.log.push(...fresh.map((d) => ({ seq: d.seq, seat: d.seat, k: d.k, d, text: sayLast(d, names) })));
    this.log.sort((a, b) => a.seq - b.seq);
    writeLog(this.room, this.log);
    return true;
  }

  myTurn() {
    const v = this.mirror.view;
    return v.status === "playing" && this.mirror.seat !== null && (v.to_act ?? []).includes(this.mirror.seat);
  }

  /** Whether this seat may have decisions now: on its turn, and in a game whose renderer
   * says some are open out of turn (`outOfTurn`: Feast's anytime actions, F-300) whenever
   * it plays (the server's list is then empty or holds only those). */
  mayDecide() {
    if (this.myTurn()) return true;
    return !!this.renderer.outOfTurn && this.mirror.view.status === "playing" && this.mirror.seat !== null;
  }

  async refreshLegal(force = false) {
    if (!this.mayDecide()) {
      if (this.legal.length) {
        this.legal = [];
        this.draw();
      }
      return;
    }
    const seq = this.mirror.seq;
    if (!force && seq === this.legalSeq) return;
    this.legalSeq = seq;
    try {
      const moves = await this.client.legal(this.room);
      if (this.mirror.seq !== seq) return; // the table moved on while we asked
      this.legal = moves;
      this.legalFor = seq;
      this.drawLater();
    } catch {
      this.legalSeq = -1;
    }
  }

  async play(move) {
    const label = this.renderer.moveLabel(move, this.mirror.view.table);
    this.error = null;
    this.legal = []; // one decision at a time: no double clicks while it travels
    const sent = this.client.move(this.room, move, { seq: this.mirror.seq });
    // drawn without its choices once the move is on the socket (the client sends it in a
    // microtask queued before this one), not before: the server decides while the page draws
    queueMicrotask(() => this.draw());
    try {
      await sent;
    } catch (err) {
      this.error = { code: err.code ?? "error", rule: err.rule ?? null, detail: err.detail ?? err.message, label };
      if (this.error.rule) rulesLoaded(this.mirror.game).then(() => this.draw());
      if (err.code === "stale_seq") await this.client.resync(this.room).catch(() => {});
      this.legalSeq = -1;
      this.refreshLegal();
      this.draw();
    }
    // accepted: its view is drawn when it comes (onView), nothing to draw here
  }

  /** Run a request of the table's own (start, seat or remove a bot); a refusal is shown. */
  async act(request, label) {
    try {
      this.error = null;
      await request();
    } catch (err) {
      this.error = { code: err.code ?? "error", rule: err.rule ?? null, detail: err.detail ?? err.message, label };
      this.draw();
    }
  }

  start() {
    return this.act(() => this.client.start(this.room), t("table.start_label"));
  }

  names() {
    return (this.mirror.view.seats ?? []).map((s, i) => (s ? s.name : t("seat.n", { n: i + 1 })));
  }

  draw(ops = null) {
    // a draw asked for meanwhile (drawLater) is this one, and so are the diffs it waited for
    clearTimeout(this.drawSoon);
    this.drawSoon = null;
    if (this.pendingOps.length) ops = [...this.pendingOps.splice(0), ...(ops ?? [])];
    // before the page is built: building moves the kept chat panel out of the old page
    const focused = document.activeElement?.getAttribute?.("data-key");
    const v = this.mirror.view;
    const you = this.mirror.seat;
    const ctx = {
      you,
      game: v.game,
      legal: this.legal,
      legalNow: this.legal.length > 0 && this.legalFor === this.mirror.seq, // not the previous seq's
      names: this.names(),
      play: (m) => this.play(m),
      ui: this.ui,
      redraw: () => this.draw(),
      seq: this.mirror.seq,
      last: v.last ?? null, // the server's description of the latest decision
      ratings: this.seatRatings(v),
    };
    // a spectator shown the game late waits for its first table (`joined` said `waiting`)
    const waiting = this.mirror.seq < 0 && this.mirror.delay;
    const board = v.table ? this.board(v, ctx) : h("p", { class: "hint" }, t(waiting ? "table.delay_wait" : "table.not_started"));
    showTurn(this.myTurn(), this.renderer.title ?? v.game);
    const built = h(
      "section",
      {
        class: "table-page",
        "data-room": this.room,
        "data-game": v.game,
        "data-seat": you === null ? "spectator" : String(you),
        "data-seq": String(this.mirror.seq),
        "data-status": v.status,
        "data-legal": String(this.legal.length),
        "data-legal-seq": String(this.legalFor ?? -1), // the seq the drawn decisions were asked at
        "data-turn": this.myTurn() ? "yours" : "",
        "data-morph": "",
      },
      this.header(v, you),
      h("div", { class: "table-bar" }, seatsPanel(v, ctx, this.renderer), this.clocks.panel(v, ctx.names) ?? h("div", { class: "slot", id: "clocks", hidden: true })),
      h("p", { class: "prompt", id: "prompt", "aria-live": "polite" }, this.promptWords(v, ctx)),
      this.startBar(v, you),
      this.undoBar(v, you),
      this.claimBar(v, you),
      botBar(v, this.client, this.room, (request, label) => this.act(request, label), this.ui),
      this.social.panel(v, you),
      this.errorBox(),
      h(
        "div",
        { class: "table-layout", "data-morph": "" },
        h("div", { class: "table-main", "data-morph": "" }, h("div", { class: "board", id: "board", "data-morph": "" }, board), this.legalList(v, ctx)),
        // the side column: the result, the move log, and the places kept for chat and replays
        h(
          "aside",
          { class: "table-side" },
          resultPanel(this.mirror.result ?? v.result, ctx, this.renderer),
          // one line per decision: steps a game calls planning (Feast's picking up and holding
          // a good before laying it) are not logged
          logPanel(this.renderer.planning ? this.log.filter((e) => !this.renderer.planning(e.d ?? e)) : this.log, ctx),
          this.chat.el,
          this.replayLink(v),
        ),
      ),
    );
    // a game whose table is large (`inPlace`) keeps the page in the document, changed where
    // the new one differs (morph.js): the parts it marks are not styled and laid out again
    // when they did not change; the others' pages are replaced whole
    const page = this.renderer.inPlace ? morphInto(this.app, built) : built;
    if (!this.renderer.inPlace) this.app.replaceChildren(built);
    if (v.table) this.renderer.afterDraw?.(page, ctx, v); // e.g. bring the decision into view
    this.clocks.tick();
    if (focused) page.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
    if (ops) flash(page, ops);
  }

  /** The game's drawing; if it fails on a view it does not know, the plain tree instead. */
  board(v, ctx) {
    try {
      return this.renderer.draw(v.table, ctx, v);
    } catch (err) {
      console.error("longhall: the board could not be drawn", err);
      return h("div", {}, h("p", { class: "hint" }, t("table.cannot_draw")), generic.draw(v.table));
    }
  }

  header(v, you) {
    const title = this.renderer.title ?? v.game;
    const who = you === null ? t("table.watching") : t("table.you_are", { name: this.names()[you], n: you + 1 });
    return h(
      "div",
      { class: "table-head" },
      h("h2", {}, title),
      h("span", { class: "tag" }, t("table.room", { room: this.room })),
      v.status ? h("span", { class: "tag" }, t(`status.${v.status}`)) : null, // (no table yet: a spectator shown it late)
      v.status ? ratedTag(!!v.clock) : null, // only a timed room is rated (server.rooms.document.rated)
      h("span", { class: "tag", id: "whoami" }, who),
      this.notice ? h("span", { class: "tag notice" }, this.notice) : null,
      this.delayTag(you),
      h("span", { class: "head-actions" }, inviteButton(this.room), you === null ? null : soundToggle(), you === null ? null : notifyToggle(), h("a", { href: "#/", class: "button" }, t("table.lobby"))),
    );
  }

  /** A spectator of a room shown late (its `joined` said how late): say so. */
  delayTag(you) {
    const delay = you === null ? this.mirror.delay : null;
    if (!delay) return null;
    const late = delay.seconds ? t("table.delay_seconds", { count: delay.seconds }) : t("table.delay_moves", { count: delay.moves });
    return h("span", { class: "tag notice", id: "delay" }, late);
  }

  /** Each seated player's rating in this game, from its leaderboard, asked once per
   * page; a redraw shows them when they come. */
  seatRatings(v) {
    if (!this.askedRatings && v.game) {
      this.askedRatings = true;
      ratingsOf(v.game, true).then((all) => {
        this.ratings = Object.fromEntries(all);
        if (all.size && !this.closed) this.draw();
      });
    }
    return this.ratings;
  }

  promptWords(v, ctx) {
    if (v.status === "open") {
      const free = (v.seats ?? []).filter((s) => !s).length;
      return free ? t("table.waiting_seats", { count: free, room: this.room }) : t("table.seats_full");
    }
    if (v.status === "over") return t("table.over");
    const words = v.table ? this.renderer.prompt(v.table, ctx, v) : "";
    if (this.myTurn()) return t("table.your_decision", { words });
    const acting = (v.to_act ?? []).map((s) => ctx.names[s]);
    return acting.length ? t("table.waiting_for", { who: list(acting), words }) : words;
  }

  /** A finished game can be watched again, decision by decision (replay.js). */
  replayLink(v) {
    if (v.status !== "over") return h("section", { class: "slot", id: "replay", hidden: true });
    return h("section", { class: "replay-link", id: "replay" }, h("a", { href: `#/replay/${this.room}`, class: "button", id: "open-replay" }, t("replay.open")));
  }

  /** In a room created with undo: take back this seat's latest decision of the turn. */
  undoBar(v, you) {
    if (v.status !== "playing" || you === null || v.undo?.seat !== you) return null;
    const undo = () => this.act(async () => {
      this.legal = [];
      await this.client.undo(this.room);
    }, t("table.undo_label"));
    return h("div", { class: "actions" }, h("button", { id: "undo", "data-n": String(v.undo.n), onclick: undo }, t("table.undo")));
  }

  /**
   * A seat gone from the table past its `claim_at` (docs/protocol.md item 4): the players
   * left may claim the win. Before that time a hint, and a redraw when it comes.
   */
  claimBar(v, you) {
    clearTimeout(this.claimTimer);
    if (v.status !== "playing" || you === null || !Array.isArray(v.claim_at) || (v.absent ?? []).includes(you)) return null;
    const names = this.names();
    const gone = v.claim_at.map((at, i) => (at !== null && i !== you ? { at, name: names[i] } : null)).filter(Boolean);
    if (!gone.length) return null;
    const now = this.mirror.serverNow?.() ?? Date.now();
    const due = gone.filter((g) => g.at <= now);
    if (!due.length) {
      const first = Math.min(...gone.map((g) => g.at));
      this.claimTimer = setTimeout(() => this.draw(), first - now + 100);
      return h("p", { class: "hint", id: "claim-soon" }, t("table.claim_soon", { who: list(gone.map((g) => g.name)) }));
    }
    const claim = () => this.act(() => this.client.claim(this.room), t("table.claim_label"));
    return h(
      "div",
      { class: "actions" },
      h("button", { class: "primary", id: "claim", "data-key": "claim", onclick: claim }, t("table.claim", { who: list(due.map((g) => g.name)) })),
    );
  }

  startBar(v, you) {
    if (v.status !== "open" || you === null) return null;
    const full = (v.seats ?? []).every(Boolean);
    return h("div", { class: "actions" }, h("button", { class: "primary", id: "start", disabled: !full, onclick: () => this.start() }, t("table.start")));
  }

  errorBox() {
    const e = this.error;
    if (!e) return h("div", { class: "error-box", id: "error", role: "alert" });
    return h(
      "div",
      { class: "error-box shown", id: "error", role: "alert", "data-code": e.code, "data-rule": e.rule ?? "" },
      h("strong", {}, t("table.refused"), " "),
      h("span", { title: e.detail }, t("table.refusal", { move: e.label, why: refusalWords(e) })),
      e.rule ? h("span", { class: "rule" }, " (", h("a", { href: `#/rules/${this.mirror.game}/${e.rule}`, target: "_blank", class: "rule-link" }, t("table.rule", { rule: e.rule })), ")") : null,
      h("span", { class: "code" }, ` [${e.code}]`),
      e.rule && ruleText(this.mirror.game, e.rule) ? h("blockquote", { class: "rule-text", lang: ruleLang(this.mirror.game, e.rule) }, `${e.rule}: ${ruleText(this.mirror.game, e.rule)}`) : null,
    );
  }

  legalList(v, ctx) {
    if (!this.legal.length) return null;
    return h(
      "details",
      { class: "legal", id: "legal", open: !this.renderer.listClosed },
      h("summary", {}, t("table.all_decisions", { count: this.legal.length })),
      h(
        "div",
        { class: "legal-moves" },
        this.legal.map((m, i) =>
          h("button", { class: "move", "data-index": i, "data-key": `move ${JSON.stringify(m)}`, onclick: () => this.play(m) }, this.renderer.moveLabel(m, v.table)),
        ),
      ),
    );
  }
}

function readLog(room) {
  try {
    return JSON.parse(sessionStorage.getItem(`longhall.log.${room}`) ?? "[]");
  } catch {
    return [];
  }
}

function writeLog(room, log) {
  try {
    // the latest lines only: the server gives the rest again (loadSaid)
    sessionStorage.setItem(`longhall.log.${room}`, JSON.stringify(log.slice(-400)));
  } catch {
    // storage full or off: the log simply starts afresh after a reload
  }
}
