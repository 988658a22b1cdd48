// Compiled by `npm run typecheck` (tsc --noEmit): the README example, held to the types.
import { Client, ServerError } from "../src/index.js";
import type { ErrorCode, MoveMsg, ServerMessage, ViewEvent } from "../src/index.js";

export async function example(url: string): Promise<number> {
  const me = await new Client(url, { name: "Astrid" }).connect();
  const room = await me.create("vikings", { variant: "advanced" }, 2);
  me.on("view", (ev: ViewEvent) => console.log(ev.room, ev.seq, ev.mirror.view.status));
  me.on("error", (err: ServerError) => console.log(err.code, err.rule));
  me.on("over", ({ result }) => console.log(result.winners));
  await me.waitUntil(() => room.view.seats.every(Boolean), 600_000);
  await me.start(room.room);
  const moves = await me.legal(room.room);
  return me.move(room.room, moves[0]);
}

export const codes: ErrorCode[] = ["illegal_move", "stale_seq"];
export const frame: MoveMsg = { t: "move", room: "a1b2c3d4e5", id: "m1", seq: 4, move: { type: "buy", slot: 3 } };
export function kind(m: ServerMessage): string {
  return m.t === "error" ? `${m.code} ${m.rule ?? ""}` : m.t;
}
