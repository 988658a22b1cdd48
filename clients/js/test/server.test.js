// The client against a real server (LONGHALL_HTTP, e.g. http://127.0.0.1:8765): full
// random games of every registered game with a spectator, reconnects, idempotent move
// ids, seq-gap resyncs and refusals with their rule number. tests/web starts the server.
import assert from "node:assert/strict";
import { test } from "node:test";
import WebSocket from "ws";
import { Client, ServerError } from "../src/index.js";
import { playOut, seeded } from "./random_player.js";

const HTTP = process.env.LONGHALL_HTTP;
const WS = HTTP && HTTP.replace(/^http/, "ws") + "/ws";
const skip = HTTP ? false : "LONGHALL_HTTP is not set (tests/web/test_js_client.py sets it)";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function connect(name, extra = {}) {
  return new Client(WS, { name, WebSocket, ...extra }).connect();
}

/** `players` clients seated in a new started room and one spectator. */
async function table(game, players, options = null) {
  const clients = [];
  for (let i = 0; i < players; i++) clients.push(await connect(`p${i}`));
  const spectator = await connect("watcher");
  const room = (await clients[0].create(game, options, players)).room;
  for (const c of clients.slice(1)) await c.join(room);
  await spectator.spectate(room);
  await clients[0].start(room);
  for (const c of [...clients, spectator]) await c.waitUntil(() => c.rooms.get(room).view.status === "playing");
  // the snapshot's `now` gives each mirror the server's time (one machine here: the same clock)
  for (const c of [...clients, spectator]) assert.ok(Math.abs(c.rooms.get(room).serverNow() - Date.now()) < 1000);
  return { room, clients, spectator, all: [...clients, spectator] };
}

/** Run `body` at a new table of `game`; every client is closed afterwards. */
async function atTable(game, players, body) {
  const t = await table(game, players);
  try {
    return await body(t);
  } finally {
    t.all.forEach((c) => c.close());
  }
}

async function fresh(client, room) {
  const mirror = client.rooms.get(room);
  const kept = structuredClone(mirror.view);
  await client.resync(room);
  return { kept, snapshot: mirror.view };
}

const games = HTTP ? await (await fetch(`${HTTP}/api/games`)).json() : [];

for (const game of games) {
  const players = Math.min(Math.max(2, game.players[0]), game.players[1]);
  test(`a full random game of ${game.name} with ${players} players and a spectator`, { skip, timeout: 120000 }, async () => {
    const t = await table(game.name, players);
    try {
      const outcomes = await Promise.all(t.clients.map((c, i) => playOut(c, t.room, seeded(1000 + i))));
      const result = outcomes[0].result;
      assert.ok(Array.isArray(result.winners) && result.winners.length > 0, "the result names winners");
      await t.spectator.waitUntil(() => t.spectator.rooms.get(t.room).result !== null);
      assert.deepEqual(t.spectator.rooms.get(t.room).result, result);
      // every mirror built from diffs equals a fresh snapshot of the same view
      for (const c of t.all) {
        await c.waitUntil(() => c.rooms.get(t.room).view.status === "over");
        const { kept, snapshot } = await fresh(c, t.room);
        assert.deepEqual(kept, snapshot);
      }
      const total = outcomes.reduce((n, o) => n + o.moves, 0);
      console.log(`# ${game.name}: ${total} moves`);
    } finally {
      t.all.forEach((c) => c.close());
    }
  });
}

test("pushed legal moves: seats decide without asking; a client without push asks each time", { skip, timeout: 120000 }, async () => {
  const asked = (c) => {
    const count = { legal: 0 };
    const request = c._request.bind(c);
    c._request = (msg, done) => {
      if (msg.t === "legal") count.legal += 1;
      return request(msg, done);
    };
    return count;
  };
  for (const push of [true, false]) {
    const clients = [await connect("p0", { push }), await connect("p1", { push })];
    const counts = clients.map(asked);
    try {
      const room = (await clients[0].create("vikings", null, 2)).room;
      await clients[1].join(room);
      assert.equal(clients[1].rooms.get(room).push, push); // the server said it pushes (or was not asked)
      await clients[0].start(room);
      for (const c of clients) await c.waitUntil(() => c.rooms.get(room).view.status === "playing");
      const outcomes = await Promise.all(clients.map((c, i) => playOut(c, room, seeded(77 + i))));
      const decided = outcomes.reduce((n, o) => n + o.moves, 0);
      const legal = counts.reduce((n, c) => n + c.legal, 0);
      assert.ok(decided > 50);
      assert.equal(legal, push ? 0 : decided);
    } finally {
      clients.forEach((c) => c.close());
    }
  }
});

test("a refused move carries its code and rule number, and an error event", { skip }, async () => {
  await atTable("highcard", 2, async (t) => {
    const [a] = t.clients;
    const seen = [];
    a.on("error", (e) => seen.push(e));
    await assert.rejects(a.move(t.room, { type: "bid", n: 9 }), (err) => {
      assert.ok(err instanceof ServerError);
      assert.equal(err.code, "illegal_move");
      assert.equal(err.rule, "T-2");
      return true;
    });
    assert.equal(seen.length, 1);
    assert.equal(seen[0].rule, "T-2");
  });
});

test("undo: a room created with it takes the seat's decision back; one without refuses", { skip }, async () => {
  const [a, b] = [await connect("ua"), await connect("ub")];
  try {
    const room = (await a.create("hunters", null, 2, true, null, true)).room;
    await b.join(room);
    await a.start(room);
    for (const c of [a, b]) await c.waitUntil(() => c.rooms.get(room).view.status === "playing");
    const me = [a, b].find((c) => c.rooms.get(room).view.to_act.includes(c.rooms.get(room).seat));
    const other = me === a ? b : a;
    const mirror = me.rooms.get(room);
    const table = JSON.stringify(mirror.view.table);
    assert.deepEqual(mirror.view.undo, { seat: null, n: 0 });
    await me.move(room, (await me.legal(room))[0]);
    assert.deepEqual(mirror.view.undo, { seat: mirror.seat, n: 1 });
    await other.waitUntil(() => other.rooms.get(room).seq === mirror.seq);
    await assert.rejects(other.undo(room), (err) => err.code === "nothing_to_undo");
    await me.undo(room);
    assert.equal(mirror.view.last.k, "undo");
    assert.equal(JSON.stringify(mirror.view.table), table);
    const plain = (await a.create("hunters", null, 2)).room;
    await b.join(plain);
    await a.start(plain);
    assert.equal(a.rooms.get(plain).view.undo, null);
    await assert.rejects(a.undo(plain), (err) => err.code === "undo_off");
  } finally {
    a.close();
    b.close();
  }
});

test("a removed player stays out until the host lets them back (unban)", { skip }, async () => {
  const [host, guest] = [await connect("bh"), await connect("bg")];
  try {
    const room = (await host.create("highcard", null, 2)).room;
    await guest.join(room);
    await host.kick(room, 1);
    assert.deepEqual(host.rooms.get(room).view.banned, [{ player: guest.player, name: "bg" }]);
    await guest.waitUntil(() => !guest.rooms.has(room));
    await assert.rejects(guest.join(room), (err) => err.code === "banned");
    await assert.rejects(guest.unban(room, guest.player), (err) => err.code === "not_host");
    await host.unban(room, guest.player);
    assert.deepEqual(host.rooms.get(room).view.banned, []);
    await guest.join(room);
    await host.start(room);
  } finally {
    host.close();
    guest.close();
  }
});

test("a rematch: both players say yes and sit at the new room, seats rotated; an invitation is told", { skip, timeout: 60000 }, async () => {
  const [a, b, c] = [await connect("ra"), await connect("rb"), await connect("rc")];
  try {
    const room = (await a.create("highcard", null, 2)).room;
    assert.equal(await a.invite(room, b.player), true, "b is online");
    await b.waitUntil(() => b.invitations.some((i) => i.room === room));
    assert.equal(b.invitations.at(-1).player, a.player);
    await b.join(room);
    await a.start(room);
    await a.waitUntil(() => a.rooms.get(room).view.status === "playing");
    await Promise.all([playOut(a, room, seeded(5)), playOut(b, room, seeded(6))]);
    await assert.rejects(c.rematch(room), (err) => err.code === "not_seated");
    const offered = await a.rematch(room);
    assert.equal(offered.state, "open");
    assert.deepEqual(offered.accepted, [a.player]);
    await b.rematch(room);
    await a.waitUntil(() => a.rematches.get(room)?.state === "started");
    const fresh = a.rematches.get(room).new;
    assert.equal((await b.join(fresh)).seat, 0);
    assert.equal((await a.join(fresh)).seat, 1);
  } finally {
    a.close();
    b.close();
    c.close();
  }
});

test("a claim with every player at the table is refused", { skip }, async () => {
  await atTable("highcard", 2, async (t) => {
    assert.equal(t.clients[0].rooms.get(t.room).view.claim_at, null);
    await assert.rejects(t.clients[0].claim(t.room), (err) => err.code === "not_claimable");
    await assert.rejects(t.spectator.claim(t.room), (err) => err.code === "spectator_move");
  });
});

test("a move id is applied once: re-sent, it gets its first seq", { skip }, async () => {
  await atTable("highcard", 2, async (t) => {
    const [a] = t.clients;
    const seq = a.rooms.get(t.room).seq;
    const first = await a.move(t.room, { type: "bid", n: 1 }, { id: "same", seq });
    const again = await a.move(t.room, { type: "bid", n: 1 }, { id: "same", seq });
    assert.equal(again, first);
  });
});

test("a dropped socket reconnects with the token into the same seat and plays on", { skip, timeout: 60000 }, async () => {
  await atTable("highcard", 2, async (t) => {
    const [a, b] = t.clients;
    const player = a.player;
    a.drop();
    const seq = a.rooms.get(t.room).seq;
    // the move is sent while the socket is down: it goes out after the reconnect
    const moved = a.move(t.room, { type: "bid", n: 2 }, { seq });
    assert.equal(await moved, seq + 1);
    assert.equal(a.player, player);
    assert.equal(a.reconnects, 1);
    assert.equal(a.rooms.get(t.room).seat, 0);
    const results = await Promise.all([playOut(a, t.room, seeded(1)), playOut(b, t.room, seeded(2))]);
    assert.deepEqual(results[0].result, results[1].result);
  });
});

test("a move whose socket dies right after sending is re-sent with the same id and applied once", { skip, timeout: 60000 }, async () => {
  await atTable("highcard", 2, async (t) => {
    const [a, b] = t.clients;
    const seq = a.rooms.get(t.room).seq;
    const ws = a.ws;
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      send(data);
      ws.terminate(); // the frame is out, the answer will never come on this socket
    };
    assert.equal(await a.move(t.room, { type: "bid", n: 1 }, { seq }), seq + 1);
    assert.equal(a.reconnects, 1);
    await b.waitUntil(() => b.rooms.get(t.room).seq >= seq + 1);
    assert.equal(b.rooms.get(t.room).seq, seq + 1, "one move, one seq");
    assert.deepEqual(b.rooms.get(t.room).view.table.bid_in, [true, false]);
  });
});

test("matchmaking seats two queued players in one started room", { skip, timeout: 60000 }, async () => {
  const [a, b] = [await connect("q1"), await connect("q2")];
  try {
    const first = a.queue("highcard", 2, { bonus: 0 }).catch((err) => err);
    const second = b.queue("highcard", 2, { bonus: 0 }).catch((err) => err);
    const [ra, rb] = await Promise.all([first, second]);
    if (ra instanceof ServerError && ra.code === "unknown_type") return; // a server without matchmaking
    assert.equal(ra.room, rb.room);
    assert.deepEqual([ra.seat, rb.seat].sort(), [0, 1]);
    await a.waitUntil(() => ra.view.status === "playing");
    const results = await Promise.all([playOut(a, ra.room, seeded(3)), playOut(b, rb.room, seeded(4))]);
    assert.deepEqual(results[0].result, results[1].result);
  } finally {
    a.close();
    b.close();
  }
});

test("a client that reconnects while queued queues again and is matched", { skip, timeout: 60000 }, async () => {
  const [a, b] = [await connect("r1"), await connect("r2")];
  try {
    const waiting = a.queue("highcard", 2, { bonus: 0 });
    await sleep(300); // a's ticket is filed
    a.drop(); // the server withdraws a closed socket's ticket: the client must queue again
    await a.waitUntil(() => a.reconnects === 1, 10000);
    await sleep(300);
    const mine = await b.queue("highcard", 2, { bonus: 0 }, 10000);
    const theirs = await waiting;
    assert.equal(mine.room, theirs.room);
    assert.deepEqual([mine.seat, theirs.seat].sort(), [0, 1]);
  } finally {
    a.close();
    b.close();
  }
});

test("a token from an earlier connection is the same player", { skip }, async () => {
  const a = await connect("first");
  const again = await connect("again", { token: a.token });
  try {
    assert.equal(again.player, a.player);
    await assert.rejects(connect("bad", { token: "nope.nope" }), (err) => err.code === "bad_token");
  } finally {
    a.close();
    again.close();
  }
});

test("a gap in seq triggers an immediate resync", { skip }, async () => {
  await atTable("highcard", 2, async (t) => {
    const s = t.spectator;
    const mirror = s.rooms.get(t.room);
    const before = mirror.seq;
    // a diff from the future: the client must not apply it, and must fetch a snapshot
    s._onFrame({ t: "diff", room: t.room, seq: before + 5, ops: [{ op: "replace", path: "/status", value: "x" }] });
    assert.equal(mirror.resyncs, 1);
    await s.waitUntil(() => mirror.view.status === "playing" && mirror.seq === before);
    const [a] = t.clients;
    await a.move(t.room, { type: "bid", n: 0 });
    await s.waitUntil(() => mirror.seq === before + 1);
    assert.deepEqual(mirror.view.table.bid_in, [true, false]);
  });
});

test("chat: a message sent again with its id (a resend after unavailable) is posted once", { skip }, async () => {
  await atTable("highcard", 2, async (t) => {
    const [a, b] = t.clients;
    const heard = [];
    b.on("chat", (ev) => heard.push(...ev.messages.map((m) => m.text)));
    await a.chat(t.room, "once", "same-id");
    await a.chat(t.room, "once", "same-id");
    await a.chat(t.room, "twice");
    await b.waitUntil(() => (b.rooms.get(t.room).chat.players ?? []).length === 2);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(b.rooms.get(t.room).chat.players.map((m) => m.text), ["once", "twice"]);
    assert.deepEqual(heard, ["once", "twice"]);
  });
});

test("chat: players' messages reach everyone, spectators' only spectators, each once", { skip }, async () => {
  await atTable("highcard", 2, async (t) => {
    const [a, b] = t.clients;
    const s = t.spectator;
    const heard = [];
    b.on("chat", (ev) => heard.push(...ev.messages.map((m) => m.text)));
    await a.chat(t.room, "hello <b>all</b>");
    await s.chat(t.room, "psst, spectators only");
    await s.waitUntil(() => (s.rooms.get(t.room).chat.players ?? []).length === 1);
    await b.waitUntil(() => heard.length === 1);
    assert.deepEqual(heard, ["hello <b>all</b>"]);
    assert.deepEqual(s.rooms.get(t.room).chat.spectators.map((m) => m.text), ["psst, spectators only"]);
    assert.equal(b.rooms.get(t.room).chat.spectators, undefined, "players never get the spectators' channel");
    const [line] = b.rooms.get(t.room).chat.players;
    assert.equal(line.seat, 0);
    assert.equal(line.name, "p0");
    // history on entering: a second spectator gets both channels, once each
    const late = await connect("late");
    try {
      await late.spectate(t.room);
      await late.waitUntil(() => late.rooms.get(t.room).chat.spectators?.length === 1 && late.rooms.get(t.room).chat.players?.length === 1);
    } finally {
      late.close();
    }
  });
});
