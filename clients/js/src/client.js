// The JavaScript reference client: one websocket, protocol v1, a live mirror of each view.
//
// It behaves like the Python client (clients/python/client.py). Requests go one at a
// time because the server answers a connection's frames in order, so each answer is
// matched to its request; diffs, `over` and other pushes are applied to the mirror of
// their room as they come. A diff whose seq is not the next one triggers a resync at
// once. When the socket drops, the client reconnects with its token (exponential backoff
// with jitter), takes its seats back, and re-sends an unacknowledged move with the same
// id: the server applies a move id at most once. A node that shuts down closes with
// 1012 (CLOSE_CODES.RESTART): the client reconnects the same way, its first try spread
// over RESTART_SPREAD_MS so a draining node's clients do not all arrive at once.
//
// What it leaves out: drawing, bots and matchmaking helpers. A UI binds to the events
// (`view`, `error`, `over`, `status`, `chat`) and renders `room.view` however it likes.

import { decode, encode } from "@msgpack/msgpack";
import { CLOSE_CODES, VERSIONS } from "./codes.js";
import { Emitter } from "./emitter.js";
import { applyDiff } from "./frames.js";

// Frames that answer a request (everything else is a push to a room mirror).
// Milliseconds over which the clients of a draining node spread their first reconnect.
const RESTART_SPREAD_MS = 500;
// Milliseconds `legal` waits for the moves the server pushes before it asks for them.
const PUSH_WAIT_MS = 2000;
const ANSWERS = new Set(["welcome", "joined", "moves", "ok", "error", "left", "pong", "queued"]);
const OPEN = 1;

/** A refusal from the server: its stable code, the rule number for game rules, the reason. */
export class ServerError extends Error {
  constructor(msg) {
    super(`${msg.code}: ${msg.detail}${msg.rule ? ` (${msg.rule})` : ""}`);
    this.name = "ServerError";
    this.code = msg.code ?? "";
    this.rule = msg.rule ?? null;
    this.detail = msg.detail ?? "";
    this.id = msg.id ?? null;
    this.retryAfter = msg.retry_after ?? 0; // ms the server asks to wait before resending
  }
}

/** The live mirror of one room as this client sees it. */
export class RoomMirror {
  constructor(room, seat) {
    this.room = room;
    this.seat = seat;
    this.game = "";
    this.seq = -1;
    this.view = {};
    this.result = null;
    this.resyncs = 0;
    this.chat = {}; // channel ("players", "spectators") -> messages, oldest first, each once
    this.clockOffset = null; // the server's time minus performance.now(), from the last snapshot's `now`
    this.push = false; // the server pushes this seat's legal moves (its `joined` said so)
    this.pushed = null; // {seq, moves} last pushed
    this.delay = null; // a spectator's: the room is shown that late ({moves} or {seconds})
  }

  /** The server's time now (ms since the epoch), or null before a snapshot told it. */
  serverNow() {
    return this.clockOffset === null ? null : performance.now() + this.clockOffset;
  }
}

export class Client extends Emitter {
  /**
   * @param {string} url  ws://host:port/ws
   * @param {{name?: string, token?: string, WebSocket?: any, reconnect?: boolean,
   *          timeout?: number, push?: boolean}} [opts]  push (default true): seats ask the
   *          server to push their legal moves, and `legal` takes those
   */
  constructor(url, opts = {}) {
    super();
    this.url = url;
    this.name = opts.name ?? null;
    this.token = opts.token ?? null;
    this.player = null;
    this.reconnectEnabled = opts.reconnect ?? true;
    this.push = opts.push ?? true;
    this.timeout = opts.timeout ?? 30000;
    this.WebSocket = opts.WebSocket ?? globalThis.WebSocket;
    if (!this.WebSocket) throw new Error("no WebSocket: pass opts.WebSocket (e.g. the 'ws' package in Node)");
    this.rooms = new Map();
    this.ws = null;
    this.reconnects = 0;
    this.closeCodes = []; // the close code of every socket that ended, oldest first
    this.matches = []; // `matched` frames from the matchmaker, oldest first
    this.rematches = new Map(); // finished room -> its latest `rematch` frame
    this.invitations = []; // `invited` frames, oldest first
    this._queued = null; // the `queue` waiting for its match (sent again after a reconnect)
    this._queue = Promise.resolve();
    this._waiter = null;
    this._ids = 0;
    this._idPrefix = Math.random().toString(36).slice(2, 8);
    this._closing = false;
    this._reconnecting = false;
  }

  // -- connection ------------------------------------------------------------------
  /** Open the socket and say hello; resolves to this client once welcomed. */
  async connect() {
    const ws = new this.WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    await new Promise((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error(`cannot connect to ${this.url}`));
      ws.onclose = () => reject(new Error(`cannot connect to ${this.url}`)); // some sockets only close
    });
    this.ws = ws;
    ws.onmessage = (ev) => this._onData(ev.data);
    ws.onerror = () => {};
    ws.onclose = (ev) => this._onClose(ws, ev);
    const hello = { t: "hello", versions: VERSIONS };
    if (this.token) hello.token = this.token;
    if (this.name) hello.name = this.name;
    let welcome;
    try {
      [welcome] = await this._request(hello, (m) => m.t === "welcome");
    } catch (err) {
      this.ws = null; // refused hello: this socket is useless, and no reconnect follows
      ws.close();
      throw err;
    }
    this.player = welcome.player;
    this.token = welcome.token;
    this.emit("welcome", { player: this.player, token: this.token });
    this.emit("status", "open");
    return this;
  }

  /** Close for good: no reconnect. */
  close() {
    this._closing = true;
    if (this.ws) this.ws.close();
  }

  /** Cut the socket as if the network failed (tests of reconnects): the client reconnects. */
  drop() {
    if (!this.ws) return;
    if (typeof this.ws.terminate === "function") this.ws.terminate();
    else this.ws.close();
  }

  get connected() {
    return this.ws !== null && this.ws.readyState === OPEN;
  }

  _onClose(ws, ev) {
    if (ws !== this.ws) return;
    this.ws = null;
    const code = ev?.code ?? null;
    this.closeCodes.push(code);
    if (this._waiter) this._waiter.fail(new Error("connection lost"));
    this.emit("status", "closed");
    if (!this._closing && this.reconnectEnabled) {
      this._reconnect(code === CLOSE_CODES.RESTART ? RESTART_SPREAD_MS : 0);
    }
  }

  async _reconnect(spreadMs = 0) {
    if (this._reconnecting) return;
    this._reconnecting = true;
    this.emit("status", "reconnecting");
    for (let attempt = 0; !this._closing; attempt++) {
      // exponential backoff with jitter, so a restarted server is not hit by everyone at once
      const spread = attempt === 0 ? Math.random() * spreadMs : 0;
      await sleep(Math.min(5000, 50 * 2 ** attempt) * (0.5 + Math.random()) + spread);
      try {
        await this.connect();
        for (const mirror of [...this.rooms.values()]) {
          if (mirror.seat === null) await this.spectate(mirror.room);
          else await this.join(mirror.room, mirror.seat);
        }
        // the closed socket withdrew a pending queue: send it again (matched meanwhile: told now)
        if (this._queued) await this._request(this._queued, (m) => m.t === "queued");
        this.reconnects += 1;
        this._reconnecting = false;
        this.emit("reconnected", this.reconnects);
        this._tick();
        return;
      } catch (err) {
        // refused, reset, or hello failed: try again later. A token that no longer
        // verifies (expired or revoked) is dropped: the next hello is a new guest.
        if (err instanceof ServerError && err.code === "bad_token") {
          this.token = null;
          this.emit("identity_lost", err);
        }
        if (this.ws) this.ws.close();
      }
    }
    this._reconnecting = false;
  }

  // -- frames ----------------------------------------------------------------------
  _onData(data) {
    if (typeof data === "string") return; // the server sends binary frames only
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer ?? data, data.byteOffset ?? 0, data.byteLength);
    let msg;
    try {
      msg = decode(bytes);
    } catch {
      return;
    }
    this._onFrame(msg);
  }

  _onFrame(msg) {
    const t = msg.t;
    if (t === "joined") {
      let mirror = this.rooms.get(msg.room);
      if (!mirror) this.rooms.set(msg.room, (mirror = new RoomMirror(msg.room, msg.seat)));
      mirror.seat = msg.seat;
      mirror.game = msg.game;
      mirror.push = !!msg.push;
      mirror.pushed = null;
      mirror.delay = msg.delay ?? null;
    }
    const room = this.rooms.get(msg.room ?? "");
    if (t === "moves" && msg.push) {
      // unasked: not the answer to a request
      if (room) room.pushed = { seq: msg.seq, moves: msg.moves };
      this._tick();
      return;
    }
    if (t === "snapshot" && room) {
      room.seq = msg.seq;
      room.view = msg.view;
      room.result = msg.view.result ?? null;
      if (typeof msg.now === "number") room.clockOffset = msg.now - performance.now();
      this.emit("view", { room: room.room, mirror: room, ops: null, seq: room.seq });
    } else if (t === "diff" && room) {
      this._onDiff(room, msg);
    } else if (t === "over" && room) {
      room.result = msg.result;
      this.emit("over", { room: room.room, result: msg.result, mirror: room });
    } else if (t === "chat" && room) {
      this._onChat(room, msg);
    } else if (t === "rematch") {
      this.rematches.set(msg.room, msg);
      this.emit("rematch", msg);
    } else if (t === "invited") {
      this.invitations.push(msg);
      this.emit("invited", msg);
    } else if (t === "matched") {
      this.matches.push(msg);
      this._queued = null;
      this.emit("matched", { room: msg.room, seat: msg.seat });
    } else if (t === "left") {
      // given up here, from another socket of this player, or removed by the host
      this.rooms.delete(msg.room);
      this.emit("left", { room: msg.room });
    } else if (t === "error" && !(this._waiter && !this._waiter.settled)) {
      this.emit("error", new ServerError(msg)); // an unsolicited refusal (rate limit, say)
    }
    const w = this._waiter;
    if (w && !w.settled && (ANSWERS.has(t) || w.done(msg))) {
      w.got.push(msg);
      if (t === "error" || w.done(msg)) w.finish(w.got);
    }
    this._tick();
  }

  /** Keep a room's chat messages once each (history comes again after a reconnect), in stream order. */
  _onChat(room, msg) {
    const kept = (room.chat[msg.channel] ??= []);
    const seen = new Set(kept.map((m) => m.n));
    const fresh = (msg.messages ?? []).filter((m) => !seen.has(m.n));
    if (!fresh.length) return;
    kept.push(...fresh);
    kept.sort((a, b) => streamOrder(a.n, b.n));
    this.emit("chat", { room: room.room, channel: msg.channel, messages: fresh, mirror: room });
  }

  _onDiff(room, msg) {
    if (msg.seq <= room.seq) return;
    if (msg.seq !== room.seq + 1) {
      // a gap: some diff was lost (a slow socket, a reconnect); the snapshot repairs it
      room.resyncs += 1;
      this.resync(room.room).catch(() => {});
      return;
    }
    room.view = applyDiff(room.view, msg.ops);
    room.seq = msg.seq;
    if (room.view && room.view.result && !room.result) room.result = room.view.result;
    this.emit("view", { room: room.room, mirror: room, ops: msg.ops, seq: room.seq });
  }

  /**
   * Send one request; every answer frame up to the one `done` accepts, or a ServerError.
   * While the client is reconnecting, a request waits for the seats to be taken back
   * rather than failing (the reconnect's own hello and joins go out on the new socket).
   */
  async _request(msg, done, timeout = this.timeout) {
    if (!this.connected && this._reconnecting) {
      await this.waitUntil(() => this.connected && !this._reconnecting, timeout);
    }
    return this._send(msg, done, timeout);
  }

  _send(msg, done, timeout) {
    const run = () =>
      new Promise((resolve, reject) => {
        if (!this.connected) return reject(new Error("not connected"));
        const timer = setTimeout(() => w.fail(new Error(`no answer to ${msg.t} in ${timeout} ms`)), timeout);
        const w = {
          done,
          got: [],
          settled: false,
          finish: (got) => {
            w.settled = true;
            clearTimeout(timer);
            const last = got[got.length - 1];
            if (last.t === "error") reject(new ServerError(last));
            else resolve(got);
          },
          fail: (err) => {
            w.settled = true;
            clearTimeout(timer);
            reject(err);
          },
        };
        this._waiter = w;
        this.ws.send(encode(msg));
      });
    // A rate-limited frame was dropped unread (nothing changed), and an unavailable store
    // leaves a move undecided until its id is sent again: send the same frame, slower.
    const patient = async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await run();
        } catch (err) {
          const resend = err instanceof ServerError && (err.code === "rate_limited" || err.code === "unavailable");
          if (!resend || attempt >= 6) throw err;
          await sleep(Math.max(err.retryAfter, 100 * 2 ** attempt));
        }
      }
    };
    const p = this._queue.then(patient, patient);
    this._queue = p.catch(() => {}).then(() => {
      this._waiter = null;
    });
    return p;
  }

  _tick() {
    this.emit("tick");
  }

  /** Resolve once `predicate()` holds (checked after every frame), or reject on timeout. */
  waitUntil(predicate, timeout = this.timeout) {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.on("tick", () => {
        if (predicate()) {
          off();
          clearTimeout(timer);
          resolve();
        }
      });
      const timer = setTimeout(() => {
        off();
        reject(new Error("waitUntil timed out"));
      }, timeout);
    });
  }

  // -- rooms -----------------------------------------------------------------------
  // Answered with the room's snapshot — or, for a spectator of a room shown late, with
  // `joined` alone when there is nothing to show yet (`waiting`: the snapshot follows
  // later; seq stays -1 until then).
  async _enter(msg) {
    const got = await this._request(msg, (m) => m.t === "snapshot" || (m.t === "joined" && !!m.waiting));
    const joined = got.find((m) => m.t === "joined");
    return this.rooms.get(joined.room);
  }

  /**
   * Make a room and take seat 0; `clock`: {per_move} or {total, increment} or {days}, with timeout
   * "bot"|"forfeit"; `undo`: the seat that just decided may take it back while it is still
   * asked and nothing hidden was revealed (the view's `undo` says when); `spectatorDelay`:
   * {moves} or {seconds}, how late spectators see the game (a timed room's default: two
   * decisions per seat; {moves: 0}: none).
   */
  create(game, options = null, seats = null, isPrivate = false, clock = null, undo = false, spectatorDelay = null) {
    const msg = { t: "create", game, private: isPrivate };
    if (spectatorDelay) msg.spectator_delay = spectatorDelay; // {moves} or {seconds}: how late spectators see it
    if (options && Object.keys(options).length) msg.options = options;
    if (seats !== null && seats !== undefined) msg.seats = seats;
    if (clock) msg.clock = clock;
    if (undo) msg.undo = true;
    if (this.push) msg.push = true;
    return this._enter(msg);
  }

  join(room, seat = null) {
    if (!this.rooms.has(room)) this.rooms.set(room, new RoomMirror(room, seat));
    const msg = { t: "join", room, seat };
    if (this.push) msg.push = true;
    return this._enter(msg);
  }

  spectate(room) {
    if (!this.rooms.has(room)) this.rooms.set(room, new RoomMirror(room, null));
    return this._enter({ t: "spectate", room });
  }

  async leave(room) {
    await this._request({ t: "leave", room }, (m) => m.t === "left" && m.room === room);
    this.rooms.delete(room);
  }

  /** Host only, before the start: free `seat`; resolves once this mirror shows it. */
  async kick(room, seat) {
    await this._request({ t: "kick", room, seat }, (m) => m.t === "diff" && m.room === room);
  }

  /** Host only, before the start: seat a bot ("random", "greedy", or a searching "easy", "medium", "strong"). */
  async addBot(room, seat = null, level = "random") {
    await this._request({ t: "add_bot", room, seat, level }, (m) => m.t === "diff" && m.room === room);
  }

  /** Host only: let a player removed with `kick` sit down again; resolves once this mirror shows it. */
  async unban(room, player) {
    await this._request({ t: "unban", room, player }, (m) => m.t === "diff" && m.room === room);
  }

  /**
   * Claim the win over the seats gone from the table past the server's limit (the view's
   * `claim_at`); resolves to the game's result once this mirror shows it over.
   */
  async claim(room) {
    const got = await this._request({ t: "claim", room }, (m) => m.t === "over" && m.room === room);
    return got[got.length - 1].result;
  }

  /** Say `text` at the table (players' channel when seated, else spectators'); resolves once it came back.
   * The message carries an id: sent again after `unavailable`, it is still posted once. */
  async chat(room, text, id = null) {
    const mine = (m) => m.t === "chat" && m.room === room && (m.messages ?? []).some((x) => x.player === this.player);
    await this._request({ t: "chat", room, text, id: id ?? `${this._idPrefix}-c${++this._ids}` }, mine);
  }

  /** Start the game; resolves once this client's mirror shows it started. */
  /** Play finished `room` again (`accept` false: decline); resolves to the `rematch` frame
   * that answers: `state` open, started (with `new`, the room to join), declined, expired. */
  async rematch(room, accept = true) {
    // not another player's earlier news of the same offer
    const answer = (m) => m.t === "rematch" && m.room === room && (m.state !== "open" || (accept && m.accepted.includes(this.player)));
    const got = await this._request({ t: "rematch", room, accept }, answer);
    return got[got.length - 1];
  }

  /** Invite `player` (an id) to `room`; resolves to whether they were online to be told. */
  async invite(room, player) {
    const got = await this._request({ t: "invite", room, player }, (m) => m.t === "invite" && m.room === room);
    return got[got.length - 1].online;
  }

  async start(room) {
    await this._request({ t: "start", room }, (m) => m.t === "diff" && m.room === room);
  }

  /**
   * Ask the matchmaker for a game of `players`; once matched, take the seat it names and
   * resolve to the room (its game is already started).
   */
  async queue(game, players, options = null, timeout = 60000) {
    const before = this.matches.length;
    const msg = { t: "queue", game, players };
    if (options && Object.keys(options).length) msg.options = options;
    this._queued = msg;
    await this._request(msg, (m) => m.t === "queued");
    await this.waitUntil(() => this.matches.length > before, timeout);
    const match = this.matches[before];
    return this.join(match.room, match.seat);
  }

  /** Withdraw from the matchmaker's queue of that game, player count and options. */
  async unqueue(game, players, options = null) {
    const msg = { t: "unqueue", game, players };
    if (options && Object.keys(options).length) msg.options = options;
    this._queued = null;
    await this._request(msg, (m) => m.t === "queued");
  }

  /** Take back your seat's latest decision of this turn; resolves once this mirror shows it. */
  async undo(room) {
    const seq = this.rooms.get(room).seq;
    await this._request({ t: "undo", room, seq }, (m) => undone(m, this.rooms.get(room)));
  }

  /**
   * Every legal decision of your seat now; any entry can be sent back verbatim. Where the
   * server pushes them, those it sent with the change that made the seat decide (waited
   * for up to PUSH_WAIT_MS: they follow that change), else asked for.
   */
  async legal(room) {
    const mirror = this.rooms.get(room);
    if (mirror && mirror.push && (mirror.view.to_act ?? []).includes(mirror.seat)) {
      const seq = mirror.seq;
      try {
        await this.waitUntil(() => mirror.seq !== seq || (mirror.pushed && mirror.pushed.seq >= seq), PUSH_WAIT_MS);
      } catch {
        // not pushed in time: asked for below
      }
      if (mirror.pushed && mirror.pushed.seq === mirror.seq) return mirror.pushed.moves;
    }
    const got = await this._request({ t: "legal", room }, (m) => m.t === "moves");
    return got[got.length - 1].moves;
  }

  async resync(room) {
    const mirror = this.rooms.get(room);
    await this._request({ t: "resync", room, seq: mirror ? mirror.seq : -1 }, (m) => m.t === "snapshot");
  }

  async ping(n = 0) {
    await this._request({ t: "ping", n }, (m) => m.t === "pong");
  }

  /**
   * Send one decision; resolves to the committed seq. Survives a reconnect: the move is
   * re-sent with the same id, and the server answers a known id with its first result.
   */
  async move(room, move, { id = null, seq = null } = {}) {
    const mid = id ?? `${this._idPrefix}-${++this._ids}`;
    const base = seq ?? this.rooms.get(room).seq;
    for (let i = 0; i < 8; i++) {
      try {
        const got = await this._request({ t: "move", room, id: mid, seq: base, move }, (m) => m.t === "ok");
        return got[got.length - 1].seq;
      } catch (err) {
        if (err instanceof ServerError) {
          this.emit("error", err);
          throw err;
        }
        await this.waitUntil(() => this.connected && !this._reconnecting && this.rooms.get(room)?.seq >= 0);
      }
    }
    throw new Error("could not deliver the move");
  }

  /**
   * A room of one game seen through that game's types (index.d.ts: `GameRoom`): in
   * TypeScript its `legal` gives the game's moves and its `move` takes only those. The
   * room must be entered (create, join or spectate) and be of `game`.
   */
  game(room, game) {
    const mirror = this.rooms.get(room);
    if (!mirror) throw new Error(`not in room ${room}: create, join or spectate it first`);
    if (mirror.game && mirror.game !== game) throw new Error(`room ${room} plays ${mirror.game}, not ${game}`);
    return {
      room,
      game,
      mirror,
      table: () => mirror.view?.table,
      legal: () => this.legal(room),
      move: (move, opts) => this.move(room, move, opts),
    };
  }
}

/**
 * Whether a push (already applied to its room's mirror) is the commit that took a decision
 * of this mirror's seat back. Another seat's undo pushed meanwhile is not it: ours may yet
 * be refused (the room moved on).
 */
function undone(m, mirror) {
  if (!mirror || m.room !== mirror.room || (m.t !== "diff" && m.t !== "snapshot")) return false;
  const last = mirror.view?.last ?? {};
  return m.seq === mirror.seq && last.k === "undo" && last.seat === mirror.seat && last.seq === mirror.seq;
}

/** Redis stream ids ("ms-n") in order. */
function streamOrder(a, b) {
  const [am, an] = String(a).split("-").map(Number);
  const [bm, bn] = String(b).split("-").map(Number);
  return am - bm || an - bn;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
