// Driven by tests/web/test_js_reconnect.py, which kills and restarts the server: two
// clients sit at a High Card table, the server dies (SIGKILL) or shuts down (SIGTERM:
// close 1012) and comes back on the same port, and the clients — reconnecting by themselves with their tokens — play the game
// to its end. Prints READY <room>, waits for a line on stdin, then DONE <json>.
import { createInterface } from "node:readline";
import WebSocket from "ws";
import { Client } from "../src/index.js";
import { playOut, seeded } from "./random_player.js";

const WS = `${process.env.LONGHALL_HTTP.replace(/^http/, "ws")}/ws`;
const [a, b] = [await new Client(WS, { name: "a", WebSocket }).connect(), await new Client(WS, { name: "b", WebSocket }).connect()];
const room = (await a.create("highcard", null, 2)).room;
await b.join(room);
await a.start(room);
await a.move(room, { type: "bid", n: 1 }); // one move before the crash
const players = [a.player, b.player];
console.log(`READY ${room}`);
const input = createInterface({ input: process.stdin });
await new Promise((resolve) => input.once("line", resolve));
input.close(); // an open stdin would keep Node alive
const [ra, rb] = await Promise.all([playOut(a, room, seeded(1)), playOut(b, room, seeded(2))]);
const same = JSON.stringify(ra.result) === JSON.stringify(rb.result);
console.log(`DONE ${JSON.stringify({ reconnects: [a.reconnects, b.reconnects], same, closes: [a.closeCodes, b.closeCodes], players: [a.player, b.player], before: players, seats: [a.rooms.get(room).seat, b.rooms.get(room).seat] })}`);
a.close();
b.close();
