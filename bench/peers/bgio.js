// HighCard on boardgame.io 0.50, in its usual style: the game as data and move functions
// (Immer drafts), phases for the bid and the tricks, ActivePlayers.ALL_ONCE for the
// simultaneous bids, secrets under `players` stripped by PlayerView.STRIP_SECRETS, moves
// marked `client: false` (hidden information: only the server may run them), the Lobby API
// for matches and credentials. `node bgio.js PORT [flatfile DIR]`: in-memory storage (the
// default), or FlatFile (node-persist files, boardgame.io's only persistence).

import { createRequire } from "node:module";
import { fullDeck, HAND, handScore, hands, winner } from "./highcard.js";

// boardgame.io 0.50 ships CommonJS without an exports map: its entry points are required
const require = createRequire(import.meta.url);
const { ActivePlayers, INVALID_MOVE, PlayerView } = require("boardgame.io/core");
const { FlatFile, Server } = require("boardgame.io/server");

function deal({ G, ctx, random }) {
  const dealt = hands(random.Shuffle(fullDeck()), ctx.numPlayers);
  dealt.forEach((hand, i) => {
    G.players[i] = { hand, bid: null };
  });
  G.bidIn = dealt.map(() => false);
  G.bids = null;
  G.trick = [];
  G.tricks = dealt.map(() => 0);
  G.lead = G.handsDealt % ctx.numPlayers;
  G.handOver = false;
}

function bid({ G, playerID }, n) {
  if (!Number.isInteger(n) || n < 0 || n > HAND) return INVALID_MOVE;
  G.players[playerID].bid = n;
  G.bidIn[playerID] = true;
  if (G.bidIn.every(Boolean)) G.bids = G.bidIn.map((_, i) => G.players[i].bid);
}

function play({ G, ctx, playerID }, card) {
  const hand = G.players[playerID].hand;
  if (!hand.includes(card)) return INVALID_MOVE;
  G.players[playerID].hand = hand.filter((c) => c !== card);
  G.trick.push([Number(playerID), card]);
  G.lead = (Number(playerID) + 1) % ctx.numPlayers;
  if (G.trick.length < ctx.numPlayers) return;
  const w = winner(G.trick);
  G.tricks[w] += 1;
  G.trick = [];
  G.lead = w;
  if (G.players[w].hand.length > 0) return;
  G.scores = G.scores.map((s, i) => s + handScore(G.tricks[i], G.bids[i]));
  G.handsDealt += 1;
  G.handOver = true;
}

export const HighCard = {
  name: "highcard",
  minPlayers: 2,
  maxPlayers: 4,
  setup: ({ ctx, random }) => {
    const G = { players: {}, scores: Array(ctx.numPlayers).fill(0), handsDealt: 0 };
    deal({ G, ctx, random });
    return G;
  },
  playerView: PlayerView.STRIP_SECRETS,
  phases: {
    bid: {
      start: true,
      turn: { activePlayers: ActivePlayers.ALL_ONCE },
      moves: { bid: { move: bid, client: false } },
      endIf: ({ G }) => G.bids !== null,
      next: "play",
    },
    play: {
      turn: {
        order: { first: ({ G }) => G.lead, next: ({ G }) => G.lead },
        maxMoves: 1,
      },
      moves: { play: { move: play, client: false } },
      endIf: ({ G }) => G.handOver,
      onEnd: deal,
      next: "bid",
    },
  },
};

if (process.argv[1] && process.argv[1].endsWith("bgio.js")) {
  const port = Number(process.argv[2]);
  const db = process.argv[3] === "flatfile" ? new FlatFile({ dir: process.argv[4], logging: false }) : undefined;
  const server = Server({ games: [HighCard], db, origins: [/.*/] });
  server.run(port, () => console.log(JSON.stringify({ listening: port })));
}
