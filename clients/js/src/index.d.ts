// Types of the public API of @longhall/client. The protocol message types come from
// protocol.d.ts, which is generated from protocol/ (see tools/gen_types.py).
import type { ErrorCode, Json, Move, Options, PatchOp, Result, View } from "./protocol.js";
import type { GameMoves, GameName, GameTables } from "./games.js";
export * from "./protocol.js";
export * from "./games.js";

export declare const VERSIONS: readonly number[];
export declare const ERROR_CODES: readonly ErrorCode[];
/** Websocket close codes the server uses; RESTART (1012): the node is shutting down, reconnect. */
export declare const CLOSE_CODES: Readonly<{ [name: string]: number; RESTART: 1012 }>;
export declare const CLIENT_TYPES: readonly string[];
export declare const SERVER_TYPES: readonly string[];

/** One message as the bytes of its frame (msgpack), as the client sends it. */
export declare function encodeFrame(msg: Json): Uint8Array;
/** The message a frame's bytes hold, as the client reads it (throws on bytes that are no msgpack). */
export declare function decodeFrame(bytes: ArrayBuffer | Uint8Array): Json;
/** The view after a diff's ops, applied as the client's mirrors apply them (in place). */
export declare function applyDiff(view: View, ops: PatchOp[]): View;

/** A refusal: a stable code, the rule number for game rules, a one-line reason. */
export declare class ServerError extends Error {
  code: ErrorCode | string;
  rule: string | null;
  detail: string;
  id: string | number | null;
}

/** The live mirror of one room: the view at `seq`, kept by applying the server's diffs. */
export declare class RoomMirror {
  room: string;
  /** your seat, or null when spectating */
  seat: number | null;
  game: string;
  seq: number;
  view: View;
  result: Result | null;
  resyncs: number;
  /** chat messages by channel ("players", "spectators"), oldest first */
  chat: { [channel: string]: ChatLine[] };
  /** the server's time minus performance.now() (ms), from the last snapshot; null before one */
  clockOffset: number | null;
  /** the server pushes this seat's legal moves (its `joined` said so) */
  push: boolean;
  /** the legal moves last pushed, and their seq */
  pushed: { seq: number; moves: Move[] } | null;
  /** a spectator's: how late the room is shown ({moves} or {seconds}); null when live */
  delay: { moves?: number; seconds?: number } | null;
  /** the server's time now (ms since the epoch), or null before a snapshot told it */
  serverNow(): number | null;
}

/** One chat message: `n` its stream id, `at` ms since the epoch, `seat` null for a spectator. */
export interface ChatLine {
  n: string;
  player: string;
  name: string | null;
  seat: number | null;
  text: string;
  at: number;
}
export interface ChatEvent {
  room: string;
  channel: "players" | "spectators" | string;
  /** the messages new to this client */
  messages: ChatLine[];
  mirror: RoomMirror;
}

export interface ViewEvent {
  room: string;
  mirror: RoomMirror;
  /** the ops just applied, or null for a whole snapshot */
  ops: PatchOp[] | null;
  seq: number;
}
export interface OverEvent {
  room: string;
  result: Result;
  mirror: RoomMirror;
}
export interface ClientEvents {
  view: ViewEvent;
  over: OverEvent;
  error: ServerError;
  status: "open" | "closed" | "reconnecting";
  welcome: { player: string; token: string };
  reconnected: number;
  /** the matchmaker seated you: `queue()` joins it for you */
  matched: { room: string; seat: number };
  /** you are out of the room: left here, from another socket of yours, or removed by the host */
  left: { room: string };
  /** chat messages arrived (history on entering a room, then each new one) */
  chat: ChatEvent;
  /** a rematch of a finished room you are in was offered, answered, started or ended */
  rematch: RematchFrame;
  /** a player invited you to a room: join it to accept */
  invited: InvitedFrame;
  tick: undefined;
}
export interface RematchFrame {
  t: "rematch";
  room: string;
  state: "open" | "started" | "declined" | "expired";
  seats: { player: string; name: string; bot?: string }[];
  accepted: string[];
  deadline: number;
  new?: string;
  by?: string;
}
export interface InvitedFrame {
  t: "invited";
  room: string;
  game: string;
  player: string;
  name: string;
  at: number;
}

/** A room of game `G` through its generated types (`client.game(room, "hunters")`). */
export interface GameRoom<G extends GameName> {
  readonly room: string;
  readonly game: G;
  readonly mirror: RoomMirror;
  /** the table as this client sees it now (a seat's or the spectators' view) */
  table(): GameTables[G] | undefined;
  /** every legal decision of your seat now, as moves of this game */
  legal(): Promise<GameMoves[G][]>;
  /** send one decision of this game; resolves to the committed seq */
  move(move: GameMoves[G], opts?: { id?: string | number | null; seq?: number | null }): Promise<number>;
}

export interface ClientOptions {
  name?: string;
  /** a token from an earlier `welcome`: resumes that player (and their seats) */
  token?: string;
  /** a WebSocket constructor; defaults to globalThis.WebSocket (pass `ws` in Node 20) */
  WebSocket?: any;
  reconnect?: boolean;
  /** ms to wait for an answer */
  timeout?: number;
  /** seats ask the server to push their legal moves, and `legal` takes those (default true) */
  push?: boolean;
}

export declare class Client {
  constructor(url: string, opts?: ClientOptions);
  url: string;
  name: string | null;
  token: string | null;
  player: string | null;
  rooms: Map<string, RoomMirror>;
  reconnects: number;
  /** The close code of every socket that ended, oldest first (1012: the node shut down). */
  closeCodes: (number | null)[];
  readonly connected: boolean;
  on<K extends keyof ClientEvents>(event: K, fn: (payload: ClientEvents[K]) => void): () => void;
  off<K extends keyof ClientEvents>(event: K, fn: (payload: ClientEvents[K]) => void): void;
  connect(): Promise<this>;
  close(): void;
  drop(): void;
  waitUntil(predicate: () => boolean, timeout?: number): Promise<void>;
  create(game: string, options?: Options | null, seats?: number | null, isPrivate?: boolean, clock?: Record<string, unknown> | null, undo?: boolean, spectatorDelay?: { moves?: number; seconds?: number } | null): Promise<RoomMirror>;
  join(room: string, seat?: number | null): Promise<RoomMirror>;
  spectate(room: string): Promise<RoomMirror>;
  leave(room: string): Promise<void>;
  start(room: string): Promise<void>;
  /** host only, before the start: free a seat (its player gets `left`) */
  kick(room: string, seat: number): Promise<void>;
  addBot(room: string, seat?: number | null, level?: "random" | "greedy" | "easy" | "medium" | "strong"): Promise<void>;
  /** host only: let a player removed with `kick` sit down again (the view's `banned` lists them) */
  unban(room: string, player: string): Promise<void>;
  /** claim the win over the seats gone past the view's `claim_at`: resolves to the result */
  claim(room: string): Promise<Result>;
  /** say something at the table: players' channel when seated, spectators' when watching */
  chat(room: string, text: string, id?: string | null): Promise<void>;
  legal(room: string): Promise<Move[]>;
  /** take back your seat's latest decision of this turn (a room created with undo) */
  undo(room: string): Promise<void>;
  resync(room: string): Promise<void>;
  ping(n?: number): Promise<void>;
  /** matchmaking: resolves to the matched room once joined */
  queue(game: string, players: number, options?: Options | null, timeout?: number): Promise<RoomMirror>;
  unqueue(game: string, players: number, options?: Options | null): Promise<void>;
  matches: { t: "matched"; room: string; seat: number }[];
  /** play finished `room` again (`accept` false: decline): the `rematch` frame that answers */
  rematch(room: string, accept?: boolean): Promise<RematchFrame>;
  /** invite `player` (an id) to `room`: whether they were online to be told at once */
  invite(room: string, player: string): Promise<boolean>;
  rematches: Map<string, RematchFrame>;
  invitations: InvitedFrame[];
  move(room: string, move: Move | Json, opts?: { id?: string | number | null; seq?: number | null }): Promise<number>;
  /** the room (entered, of `game`) through the game's types: typed `legal`, `move`, `table` */
  game<G extends GameName>(room: string, game: G): GameRoom<G>;
}
