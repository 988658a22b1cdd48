// HighCard on Colyseus 0.16 (@colyseus/core with its websocket transport), in its usual
// style: a Room whose public table is a @colyseus/schema state sent to every client as
// binary patches, the hands (secret) kept in the room and sent to their seat alone with
// `client.send`, moves as room messages. `node colyseus.js PORT [interval]`: the state is
// patched to the clients right after each move (`broadcastPatch`, patchRate off), or with
// "interval" at Colyseus's default patch interval (every 50 ms).

import { Room, Server } from "@colyseus/core";
import { ArraySchema, defineTypes, Schema } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { fullDeck, HAND, handScore, hands, winner } from "./highcard.js";

const SEATS = 4;

export class Table extends Schema {
  constructor() {
    super();
    this.phase = "bid";
    this.turn = 0;
    this.bidIn = new ArraySchema(...Array(SEATS).fill(false));
    this.bids = new ArraySchema(); // filled once every bid is in
    this.trick = new ArraySchema(); // seat, card, seat, card...
    this.tricks = new ArraySchema(...Array(SEATS).fill(0));
    this.scores = new ArraySchema(...Array(SEATS).fill(0));
    this.handsDealt = 0;
    this.moves = 0;
  }
}
defineTypes(Table, {
  phase: "string",
  turn: "uint8",
  bidIn: ["boolean"],
  bids: ["uint8"],
  trick: ["uint8"],
  tricks: ["uint8"],
  scores: ["uint32"],
  handsDealt: "uint32",
  moves: "uint32",
});

function shuffled(deck) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

export class HighCardRoom extends Room {
  maxClients = SEATS + 1000; // the seats, then spectators

  onCreate(options) {
    this.state = new Table();
    this.patchPerMove = options.patch !== "interval";
    if (this.patchPerMove) this.patchRate = null;
    this.seats = []; // client by seat
    this.deal();
    this.onMessage("bid", (client, n) => this.bid(client.userData.seat, n));
    this.onMessage("play", (client, card) => this.play(client.userData.seat, card));
  }

  onJoin(client) {
    if (this.seats.length === SEATS) {
      client.userData = { seat: null }; // a spectator: the public state only
      return;
    }
    const seat = this.seats.length;
    client.userData = { seat };
    this.seats.push(client);
    client.send("hand", { seat, dealt: this.state.handsDealt, hand: this.hands[seat] });
  }

  deal() {
    const s = this.state;
    this.hands = hands(shuffled(fullDeck()), SEATS);
    this.bidsSecret = Array(SEATS).fill(null);
    s.phase = "bid";
    s.bidIn.forEach((_, i) => (s.bidIn[i] = false));
    s.bids.clear();
    s.trick.clear();
    s.tricks.forEach((_, i) => (s.tricks[i] = 0));
    s.turn = s.handsDealt % SEATS;
    this.seats.forEach((c, seat) => c.send("hand", { seat, dealt: s.handsDealt, hand: this.hands[seat] }));
  }

  bid(seat, n) {
    const s = this.state;
    if (seat === null || s.phase !== "bid" || s.bidIn[seat] || !Number.isInteger(n) || n < 0 || n > HAND) return;
    this.bidsSecret[seat] = n;
    s.bidIn[seat] = true;
    if (this.bidsSecret.every((b) => b !== null)) {
      s.bids.push(...this.bidsSecret);
      s.phase = "play";
    }
    this.moved();
  }

  play(seat, card) {
    const s = this.state;
    const hand = this.hands[seat];
    if (s.phase !== "play" || s.turn !== seat || !hand.includes(card)) return;
    this.hands[seat] = hand.filter((c) => c !== card);
    s.trick.push(seat, card);
    s.turn = (seat + 1) % SEATS;
    if (s.trick.length === 2 * SEATS) {
      const pairs = Array.from({ length: SEATS }, (_, i) => [s.trick[2 * i], s.trick[2 * i + 1]]);
      const w = winner(pairs);
      s.tricks[w] += 1;
      s.trick.clear();
      s.turn = w;
      if (this.hands[w].length === 0) {
        s.tricks.forEach((t, i) => (s.scores[i] += handScore(t, s.bids[i])));
        s.handsDealt += 1;
        this.deal();
      }
    }
    this.moved();
  }

  moved() {
    this.state.moves += 1;
    if (this.patchPerMove) this.broadcastPatch();
  }
}

if (process.argv[1] && process.argv[1].endsWith("colyseus.js")) {
  const port = Number(process.argv[2]);
  const server = new Server({ transport: new WebSocketTransport(), greet: false });
  server.define("highcard", HighCardRoom, { patch: process.argv[3] ?? "move" });
  await server.listen(port, "127.0.0.1");
  console.log(JSON.stringify({ listening: port }));
}
