// The one load client of `python -m bench.peers`: R rooms of HighCard × 4 seats on Longhall,
// boardgame.io or Colyseus, each seat a socket of the system's own client library
// (clients/js, boardgame.io/client over socket.io, colyseus.js), driven the same way.
//
// Closed loop, one move in flight per room: a room's driver picks a seat whose own view
// says it is to decide (and has caught up with the room's last committed move), sends a
// random legal move, and waits until that seat holds the commit — Longhall's `ok`, the
// mover's own next state from boardgame.io or Colyseus (neither acknowledges a move).
// That wait is the move round trip. Then the next move. After `--warmup` seconds it
// prints {"event": "window"}, after `--window` more seconds the window's figures, and
// exits; the harness reads the servers' CPU at both lines. `--idle` sets the rooms up,
// prints {"event": "ready"} and holds the sockets until its stdin closes.

import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { Client as ColyseusClient } from "colyseus.js";
import WebSocket from "ws";
import { Client as LonghallClient } from "../../clients/js/src/index.js";
import { HighCard } from "./bgio.js";
import { HAND } from "./highcard.js";

const require = createRequire(import.meta.url);
const { Client: BgioClient } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

const SEATS = 4;
const STALL_MS = 5000; // a room that sees no change this long is counted as stalled
// rooms not all seated and dealt by then (60 s, and 0.1 s a room beyond 100): the run fails, saying so
const setupMs = (rooms) => 60000 + Math.max(0, rooms - 100) * 100;
const BIDS = Array.from({ length: HAND + 1 }, (_, n) => n);

const { values: opt } = parseArgs({
  options: {
    system: { type: "string" },
    port: { type: "string" },
    rooms: { type: "string", default: "50" },
    warmup: { type: "string", default: "5" },
    window: { type: "string", default: "15" },
    seed: { type: "string", default: "1" },
    idle: { type: "boolean", default: false },
    batch: { type: "string", default: "10" }, // rooms set up at once
    spectators: { type: "string", default: "0" }, // sockets watching each room
  },
});

/** A small seeded generator (mulberry32), so a run's choices can be replayed. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A room's seats and one promise that resolves at the next change any of them sees; its
 * spectators (`spectate()` adds one) and the moves they have not all seen yet. */
class Table {
  constructor() {
    this.seats = [];
    this.wakeUp = null;
    this.watchers = 0;
    this.unseen = []; // [the room's version the move was sent at, when, spectators that saw it]
  }

  /** A move was sent at `version` (the room's version before it). */
  sent(version, t0) {
    if (this.watchers) this.unseen.push([version, t0, 0]);
  }

  /** A spectator's view went from version `before` to `after`: the moves sent in between reached it. */
  seen(before, after) {
    for (const u of this.unseen) {
      if (before <= u[0] && u[0] < after) u[2] += 1;
    }
    while (this.unseen.length && this.unseen[0][2] >= this.watchers) {
      const [, t0] = this.unseen.shift();
      if (stats.measuring) stats.fanout.push(performance.now() - t0);
    }
  }

  /** Follow a spectator's versions (`version()` null until its first state). */
  follow(version) {
    let last = null;
    return () => {
      const v = version();
      if (v === null || v === undefined) return;
      if (last !== null && v > last) this.seen(last, v);
      last = v;
    };
  }

  wake() {
    const w = this.wakeUp;
    this.wakeUp = null;
    if (w) w();
  }

  changed() {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), STALL_MS);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}

// -- Longhall: clients/js, seats joined with `push` (legal moves come with the diff) -----
async function longhallTable(port) {
  const url = `ws://127.0.0.1:${port}/ws`;
  const table = new Table();
  const clients = [];
  for (let i = 0; i < SEATS; i++) {
    const c = new LonghallClient(url, { WebSocket, reconnect: false });
    await c.connect();
    c.on("tick", () => table.wake());
    clients.push(c);
  }
  const mirror = await clients[0].create("highcard", null, SEATS);
  const room = mirror.room;
  for (const c of clients.slice(1)) await c.join(room);
  await clients[0].start(room);
  table.spectate = async () => {
    const c = new LonghallClient(url, { WebSocket, reconnect: false });
    await c.connect();
    const m = await c.spectate(room);
    const seen = table.follow(() => m.seq);
    seen();
    c.on("tick", seen);
  };
  for (const c of clients) {
    const m = c.rooms.get(room);
    await c.waitUntil(() => m.view.status === "playing");
    table.seats.push({
      version: () => m.seq,
      toAct: () => m.pushed !== null && m.pushed.seq === m.seq && (m.view.to_act ?? []).includes(m.seat),
      legal: () => m.pushed.moves,
      move: (move) => c.move(room, move, { seq: m.seq }),
    });
  }
  return table;
}

// -- boardgame.io: the Lobby API for the match and credentials, its client over socket.io --
async function bgioTable(port) {
  const api = `http://127.0.0.1:${port}/games/highcard`;
  const post = async (path, body) => {
    const r = await fetch(api + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return r.json();
  };
  const { matchID } = await post("/create", { numPlayers: SEATS });
  const table = new Table();
  for (let i = 0; i < SEATS; i++) {
    const playerID = String(i);
    const { playerCredentials } = await post(`/${matchID}/join`, { playerID, playerName: `p${i}` });
    const c = BgioClient({
      game: HighCard, // its moves are `client: false`: they run on the server only
      multiplayer: SocketIO({ server: `http://127.0.0.1:${port}`, socketOpts: { transports: ["websocket"] } }),
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
    });
    let waiting = null; // [stateID moved from, resolve] of this seat's move in flight
    c.subscribe((st) => {
      if (st && waiting && st._stateID > waiting[0]) {
        const [, resolve] = waiting;
        waiting = null;
        resolve(st._stateID);
      }
      table.wake();
    });
    c.start();
    table.seats.push({
      client: c,
      version: () => c.getState()?._stateID ?? -1,
      // before the server's first sync the client holds a state of its own making, no hand
      toAct: () => c.getState()?.isActive === true && c.getState().G.players[playerID] !== undefined,
      legal: () => {
        const st = c.getState();
        return st.ctx.phase === "bid" ? BIDS : st.G.players[playerID].hand;
      },
      move: (move) =>
        new Promise((resolve) => {
          const st = c.getState();
          waiting = [st._stateID, resolve];
          if (st.ctx.phase === "bid") c.moves.bid(move);
          else c.moves.play(move);
        }),
    });
  }
  table.spectate = async () => {
    const c = BgioClient({ game: HighCard, multiplayer: SocketIO({ server: `http://127.0.0.1:${port}`, socketOpts: { transports: ["websocket"] } }), matchID, debug: false });
    let synced = null;
    const first = new Promise((resolve) => (synced = resolve));
    const seen = table.follow(() => c.getState()?._stateID);
    c.subscribe((st) => {
      if (st) synced(); // spectators join before the first move: any state is a start
      seen();
    });
    c.start();
    await first;
  };
  for (const seat of table.seats) {
    while (seat.client.getState()?.G.players[seat.client.playerID] === undefined) {
      await table.changed();
    }
  }
  return table;
}

// -- Colyseus: colyseus.js, the table from state patches, the hand from a room message ----
async function colyseusTable(port) {
  const table = new Table();
  const client = new ColyseusClient(`ws://127.0.0.1:${port}`);
  let roomId = null;
  for (let i = 0; i < SEATS; i++) {
    const room = i === 0 ? await client.create("highcard") : await client.joinById(roomId);
    roomId = room.roomId;
    const mine = { seat: -1, dealt: -1, hand: [] };
    let waiting = null; // [moves counted before, resolve] of this seat's move in flight
    room.onMessage("hand", (msg) => {
      Object.assign(mine, msg);
      table.wake();
    });
    room.onStateChange((state) => {
      if (waiting && state.moves > waiting[0]) {
        const [, resolve] = waiting;
        waiting = null;
        resolve(state.moves);
      }
      table.wake();
    });
    table.seats.push({
      room,
      version: () => room.state.moves ?? -1,
      toAct: () => {
        const s = room.state;
        if (mine.seat < 0 || mine.dealt !== s.handsDealt) return false;
        return s.phase === "bid" ? !s.bidIn[mine.seat] : s.turn === mine.seat;
      },
      legal: () => (room.state.phase === "bid" ? BIDS : mine.hand),
      move: (move) =>
        new Promise((resolve) => {
          waiting = [room.state.moves, resolve];
          if (room.state.phase === "bid") room.send("bid", move);
          else {
            mine.hand = mine.hand.filter((c) => c !== move);
            room.send("play", move);
          }
        }),
    });
  }
  table.spectate = async () => {
    const room = await client.joinById(roomId);
    const seen = table.follow(() => room.state.moves);
    let synced = null;
    const first = new Promise((resolve) => (synced = resolve));
    room.onStateChange(() => {
      seen();
      if (room.state.moves !== undefined) synced();
    });
    if (room.state.moves !== undefined) synced();
    await first;
  };
  for (const seat of table.seats) {
    while (seat.room.state.moves === undefined) await table.changed();
  }
  return table;
}

const TABLES = { longhall: longhallTable, bgio: bgioTable, colyseus: colyseusTable };

const stats = { measuring: false, stopping: false, rtt: [], fanout: [], stalls: 0 };

async function drive(table, rand) {
  let committed = -1; // the version of the room's last committed move, as its mover saw it
  while (!stats.stopping) {
    const seat = table.seats.find((s) => s.version() >= committed && s.toAct());
    if (!seat) {
      if (!(await table.changed()) && !stats.stopping) stats.stalls += 1;
      continue;
    }
    const moves = seat.legal();
    const move = moves[Math.floor(rand() * moves.length)];
    const t0 = performance.now();
    table.sent(seat.version(), t0);
    committed = await seat.move(move);
    if (stats.measuring) stats.rtt.push(performance.now() - t0);
  }
}

function pct(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : null;
}

function say(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

async function main() {
  const make = TABLES[opt.system];
  if (!make) throw new Error(`--system is one of ${Object.keys(TABLES).join(", ")}`);
  const rooms = Number(opt.rooms);
  const tables = [];
  let seated = 0;
  const late = setTimeout(() => {
    process.stderr.write(`${seated} of ${rooms} rooms set up after ${setupMs(rooms) / 1000} s\n`);
    process.exit(1);
  }, setupMs(rooms));
  const batch = Number(opt.batch);
  for (let i = 0; i < rooms; i += batch) {
    const n = Math.min(batch, rooms - i);
    tables.push(...(await Promise.all(Array.from({ length: n }, () => make(opt.port)))));
    seated = tables.length;
  }
  const watchers = Number(opt.spectators);
  for (const table of tables) {
    for (let i = 0; i < watchers; i += 50) {
      const n = Math.min(50, watchers - i);
      await Promise.all(Array.from({ length: n }, () => table.spectate()));
      table.watchers += n;
    }
  }
  clearTimeout(late);
  if (opt.idle) {
    say({ event: "ready", sockets: rooms * SEATS });
    process.stdin.resume();
    process.stdin.on("end", () => process.exit(0));
    return;
  }
  say({ event: "ready", sockets: rooms * SEATS });
  tables.forEach((t, i) => drive(t, seeded(Number(opt.seed) * 100003 + i)));
  await new Promise((r) => setTimeout(r, Number(opt.warmup) * 1000));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  stats.measuring = true;
  say({ event: "window" });
  await new Promise((r) => setTimeout(r, Number(opt.window) * 1000));
  stats.measuring = false;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const rtt = stats.rtt.sort((a, b) => a - b);
  const fanout = stats.fanout.sort((a, b) => a - b);
  say({
    event: "done",
    seconds,
    moves: rtt.length,
    rtt_p50: pct(rtt, 0.5),
    rtt_p90: pct(rtt, 0.9),
    rtt_p99: pct(rtt, 0.99),
    rtt_max: rtt.length ? rtt[rtt.length - 1] : null,
    client_cpu_s: (cpu.user + cpu.system) / 1e6,
    stalls: stats.stalls,
    fanout: stats.fanout.length,
    fanout_p50: pct(fanout, 0.5),
    fanout_p99: pct(fanout, 0.99),
  });
  stats.stopping = true;
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
