// A program of another project, importing the package by its name as that project would
// (here through the package's self-reference, so its `exports` are what resolves it).
// Compiled under each module resolution: tsconfig.json (bundler), tsconfig.node16.json,
// tsconfig.nodenext.json. A type that only protocol.d.ts declares (MoveMsg) is used, so a
// re-export of index.d.ts that resolves to nothing fails here even with skipLibCheck.
import { CLOSE_CODES, Client, ServerError, VERSIONS } from "@longhall/client";
import type { ErrorCode, MoveMsg, RoomMirror, ServerMessage } from "@longhall/client";

export const codes: ErrorCode[] = ["illegal_move", "stale_seq"];

export const restart: 1012 = CLOSE_CODES.RESTART;
export const versions: readonly number[] = VERSIONS;

export function frame(room: string, seq: number): MoveMsg {
  return { t: "move", room, id: `m${seq}`, seq, move: { type: "pass" } };
}

export function refusal(m: ServerMessage): string | null {
  return m.t === "error" ? m.code : null;
}

export async function firstMove(url: string): Promise<number> {
  const client = await new Client(url, { name: "consumer" }).connect();
  const mirror: RoomMirror = await client.create("hunters", {}, 2);
  try {
    const moves = await client.legal(mirror.room);
    return await client.move(mirror.room, moves[0]);
  } catch (err) {
    if (err instanceof ServerError) return -1;
    throw err;
  }
}
