// A program of another project, written against the published package alone: it imports
// the client and each game's generated types by the package's name, and plays a whole
// game of every game on a real server, every decision a typed move of that game.
// tests/release/test_dry_run.py compiles it under `nodenext` from the npm tarball and runs
// it: `node whole_games.js ws://HOST:PORT/ws` prints what each game ended with as JSON.
import { Client, ServerError } from "@longhall/client";
import type {
  FeastMove,
  GameMoves,
  GameName,
  HuntersMove,
  HuntersPlaceMove,
  Options,
  Result,
  VikingsMove,
} from "@longhall/client";
import WebSocket from "ws";

type Picker<G extends GameName> = (moves: GameMoves[G][], random: () => number) => GameMoves[G];

const RETRY = new Set(["stale_seq", "not_your_turn", "conflict", "rate_limited", "unavailable"]);

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function anyOf<M>(moves: M[], random: () => number): M {
  return moves[Math.floor(random() * moves.length)];
}

/** A kind of decision first, then one of that kind: a long list of one kind does not drown the rest. */
function byKind<M extends { type: string }>(moves: M[], random: () => number): M {
  const kinds = [...new Set(moves.map((m) => m.type))].sort();
  const kind = anyOf(kinds, random);
  return anyOf(
    moves.filter((m) => m.type === kind),
    random,
  );
}

const pickers: { [G in GameName]: Picker<G> } = {
  vikings: (moves: VikingsMove[], random) => byKind(moves, random),
  hunters: (moves: HuntersMove[], random): HuntersMove => {
    const tiles = moves.filter((m): m is HuntersPlaceMove => m.type === "place");
    if (tiles.length === 0) return byKind(moves, random);
    const { x, y, rotation } = anyOf(tiles, random);
    const place: HuntersPlaceMove = { type: "place", x, y, rotation };
    return place;
  },
  feast: (moves: FeastMove[], random) => byKind(moves, random),
};

async function seat<G extends GameName>(client: Client, room: string, game: G, random: () => number) {
  const table = client.game(room, game); // the room through this game's types
  const pick = pickers[game] as Picker<G>;
  const mirror = table.mirror;
  const mine = () => mirror.view.status === "playing" && (mirror.view.to_act ?? []).includes(mirror.seat);
  for (;;) {
    await client.waitUntil(() => mirror.result !== null || mine(), 120_000);
    if (mirror.result !== null) return mirror.result;
    const seq = mirror.seq;
    try {
      const moves: GameMoves[G][] = await table.legal();
      if (moves.length === 0) {
        await client.waitUntil(() => mirror.seq !== seq || mirror.result !== null, 120_000);
        continue;
      }
      const move: GameMoves[G] = pick(moves, random);
      await table.move(move, { seq });
    } catch (err) {
      if (!(err instanceof ServerError) || !RETRY.has(err.code)) throw err;
      await client.resync(room);
    }
  }
}

async function wholeGame<G extends GameName>(url: string, game: G, options: Options, seed: number) {
  const players = [0, 1].map((i) => new Client(url, { name: `${game}-${i}`, WebSocket }));
  await Promise.all(players.map((c) => c.connect()));
  try {
    const [host, guest] = players;
    const { room } = await host.create(game, options, 2);
    await guest.join(room);
    await host.start(room);
    const results: Result[] = await Promise.all(
      players.map((c, i) => seat(c, room, game, seeded(seed + i))),
    );
    const mirror = host.rooms.get(room);
    return { room, seq: mirror?.seq ?? -1, results };
  } finally {
    players.forEach((c) => c.close());
  }
}

const url = process.argv[2];
const played = {
  vikings: await wholeGame(url, "vikings", {}, 1),
  hunters: await wholeGame(url, "hunters", {}, 2),
  feast: await wholeGame(url, "feast", { length: "short" }, 3),
};
console.log(JSON.stringify(played));
