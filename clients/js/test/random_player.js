// A random player on top of the client, for the tests: uniformly random legal moves.
import { ServerError } from "../src/index.js";

const RETRYABLE = new Set(["stale_seq", "not_your_turn", "conflict"]);

export function myTurn(client, room) {
  const m = client.rooms.get(room);
  return m.view.status === "playing" && (m.view.to_act ?? []).includes(m.seat);
}

/** Play `room` to its end with `rand()` choosing; resolves to the result and the move count. */
export async function playOut(client, room, rand, timeout = 60000) {
  const mirror = client.rooms.get(room);
  let moves = 0;
  for (;;) {
    await client.waitUntil(() => mirror.result !== null || myTurn(client, room), timeout);
    if (mirror.result !== null) return { result: mirror.result, moves };
    const seq = mirror.seq;
    const legal = await client.legal(room);
    if (legal.length === 0) {
      await client.waitUntil(() => mirror.seq !== seq || mirror.result !== null, timeout);
      continue;
    }
    try {
      await client.move(room, legal[Math.floor(rand() * legal.length)], { seq });
      moves += 1;
    } catch (err) {
      if (!(err instanceof ServerError) || !RETRYABLE.has(err.code)) throw err;
      await client.resync(room);
    }
  }
}

/** A small seeded generator (mulberry32), so a failing game can be replayed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
