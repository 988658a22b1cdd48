// Compiled by tests/games/test_schema_outputs.py (tsc --noEmit): the generated game types
// (src/games.d.ts) type a client's moves and tables, and refuse a malformed move.
import { Client } from "../src/index.js";
import type { FeastSpectatorTable, FeastTable, GameMoves, HuntersMove, HuntersTable, VikingsMove } from "../src/index.js";

export async function place(client: Client, room: string, x: number, y: number, rotation: number): Promise<number> {
  const move: HuntersMove = { type: "place", x, y, rotation };
  return client.move(room, move);
}

export async function typed(client: Client, room: string): Promise<void> {
  await client.move(room, { type: "place", x: 1, y: 0, rotation: 3 } satisfies HuntersMove);
  await client.move(room, { type: "boatsman", mode: "colour", colour: "blue" } satisfies VikingsMove);
  const legal = (await client.legal(room)) as HuntersMove[];
  const first = legal[0];
  if (first.type === "place") console.log(first.x, first.y, first.rotation); // narrowed on `type`
}

export function read(table: HuntersTable): string | null {
  const prompt = table.prompt;
  if (prompt !== null && prompt.ask === "figure") return `${prompt.at}: ${prompt.clan} clan members`;
  return table.hand;
}

export function hands(seat: FeastTable, watching: FeastSpectatorTable): number {
  return (seat.seats[0].hand?.length ?? 0) + watching.seats[0].hand_size;
}

export const moves: GameMoves["vikings"][] = [{ type: "buy", slot: 4 }, { type: "convert", vp: 2 }];

export async function through(client: Client, room: string): Promise<number> {
  const hunters = client.game(room, "hunters");
  const moves: HuntersMove[] = await hunters.legal();
  const table: HuntersTable | undefined = hunters.table();
  console.log(moves.length, table?.hand);
  // @ts-expect-error a room of Hunters & Gatherers takes no Vikings move
  await hunters.move({ type: "buy", slot: 4 });
  return hunters.move({ type: "place", x: 1, y: 0, rotation: 3 });
}

// @ts-expect-error a place move needs its rotation
export const missing: HuntersMove = { type: "place", x: 0, y: 0 };
// @ts-expect-error no move type "fly"
export const unknown: VikingsMove = { type: "fly" };
// @ts-expect-error a colour is one of the six
export const colour: VikingsMove = { type: "box", colour: "purple" };
