// The protocol playground (/playground/), for client authors: a raw websocket to the node,
// a frame typed as JSON and sent as msgpack, every frame in and out listed decoded, and
// each room's view mirrored from its snapshot and diffs with the JavaScript client's own
// codec and diff (`encodeFrame`, `decodeFrame`, `applyDiff` of @longhall/client). A page
// of its own (vite.config.js): nothing of it reaches the players' bundle.

import { CLOSE_CODES, VERSIONS, applyDiff, decodeFrame, encodeFrame } from "@longhall/client";

const $ = (id) => document.getElementById(id);
const CLOSE_NAMES = Object.fromEntries(Object.entries(CLOSE_CODES).map(([name, code]) => [code, name]));
const mirrors = new Map(); // room -> {seat, seq, view, gaps}
let ws = null;
let sent = 0;

/** Hand-written frames to start from; `room` and `seq` are the mirrored room's. */
const PRESETS = {
  hello: () => ({ t: "hello", versions: VERSIONS, name: "playground" }),
  create: () => ({ t: "create", game: "vikings", seats: 2 }),
  join: (room) => ({ t: "join", room }),
  spectate: (room) => ({ t: "spectate", room }),
  start: (room) => ({ t: "start", room }),
  legal: (room) => ({ t: "legal", room }),
  move: (room, seq) => ({ t: "move", room, id: `pg-${++sent}`, seq, move: { type: "pass" } }),
  resync: (room, seq) => ({ t: "resync", room, seq }),
  leave: (room) => ({ t: "leave", room }),
  ping: () => ({ t: "ping" }),
};

function note(text) {
  $("frames").append(Object.assign(document.createElement("li"), { className: "note", textContent: text }));
}

function logFrame(dir, msg, bytes) {
  const li = document.createElement("li");
  li.className = dir;
  li.dataset.dir = dir;
  li.dataset.t = msg && typeof msg === "object" ? String(msg.t) : "";
  const head = Object.assign(document.createElement("span"), { className: "dir", textContent: `${dir === "in" ? "←" : "→"} ${bytes} B` });
  li.append(head, JSON.stringify(msg));
  $("frames").append(li);
  li.scrollIntoView({ block: "nearest" });
}

function connect() {
  const socket = new WebSocket($("url").value);
  socket.binaryType = "arraybuffer";
  ws = socket;
  $("state").textContent = "connecting…";
  socket.onopen = () => {
    $("state").textContent = `connected to ${socket.url}`;
    $("send").disabled = false;
    $("disconnect").disabled = false;
    $("connect").disabled = true;
    note("open: send hello first");
  };
  socket.onmessage = (ev) => {
    if (typeof ev.data === "string") {
      note(`a text frame (the protocol sends binary frames only): ${ev.data}`);
      return;
    }
    let msg;
    try {
      msg = decodeFrame(ev.data);
    } catch (err) {
      note(`${ev.data.byteLength} bytes that are no msgpack: ${err.message}`);
      return;
    }
    logFrame("in", msg, ev.data.byteLength);
    mirror(msg);
  };
  socket.onclose = (ev) => {
    note(`closed: ${ev.code}${CLOSE_NAMES[ev.code] ? ` (${CLOSE_NAMES[ev.code]})` : ""}${ev.reason ? ` ${ev.reason}` : ""}`);
    $("state").textContent = `closed (${ev.code})`;
    $("send").disabled = true;
    $("disconnect").disabled = true;
    $("connect").disabled = false;
    if (ws === socket) ws = null;
  };
}

function send() {
  $("problem").textContent = "";
  let msg;
  try {
    msg = JSON.parse($("frame").value);
  } catch (err) {
    $("problem").textContent = `not JSON: ${err.message}`;
    return;
  }
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    $("problem").textContent = "not connected";
    return;
  }
  const bytes = encodeFrame(msg);
  ws.send(bytes);
  logFrame("out", msg, bytes.byteLength);
}

/** Keep each room's view as the JS client does: a snapshot replaces it, the next diff
 * (seq + 1) changes it, an older one is dropped, and a gap is shown (the client would
 * resync: send `resync`). */
function mirror(msg) {
  const m = mirrors.get(msg.room);
  if (msg.t === "joined") {
    mirrors.set(msg.room, { seq: -1, view: null, gaps: 0, ...m, seat: msg.seat });
  } else if (msg.t === "snapshot" && m) {
    m.seq = msg.seq;
    m.view = msg.view;
  } else if (msg.t === "diff" && m) {
    if (msg.seq <= m.seq) return;
    if (msg.seq !== m.seq + 1) {
      m.gaps += 1;
      note(`diff ${msg.seq} after seq ${m.seq}: a gap, the mirror waits for a snapshot (send resync)`);
      return;
    }
    m.view = applyDiff(m.view, msg.ops);
    m.seq = msg.seq;
  } else if (msg.t === "left") {
    mirrors.delete(msg.room);
  } else {
    return;
  }
  drawMirrors(msg.room);
}

function drawMirrors(changed) {
  const select = $("room");
  const current = select.value || changed;
  select.replaceChildren(...[...mirrors.keys()].map((room) => new Option(room, room)));
  if (mirrors.has(current)) select.value = current;
  drawMirror();
}

function drawMirror() {
  const room = $("room").value;
  const m = mirrors.get(room);
  const pre = $("mirror");
  pre.dataset.room = m ? room : "";
  pre.dataset.seq = m ? m.seq : "";
  pre.textContent = m ? JSON.stringify(m.view, null, 1) : "";
  $("mirror-state").textContent = m ? `room ${room}, ${m.seat === null ? "watching" : `seat ${m.seat}`}, seq ${m.seq}${m.gaps ? `, ${m.gaps} gap(s)` : ""}` : "no room yet: create, join or spectate one";
}

function preset(name) {
  const room = $("room").value || "ROOM";
  const m = mirrors.get(room);
  $("frame").value = JSON.stringify(PRESETS[name](room, m ? m.seq : 0), null, 1);
}

$("url").value = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
$("presets").append(...Object.keys(PRESETS).map((name) => Object.assign(document.createElement("button"), { type: "button", textContent: name, onclick: () => preset(name) })));
$("connect").addEventListener("click", connect);
$("disconnect").addEventListener("click", () => ws?.close(1000, "closed in the playground"));
$("send").addEventListener("click", send);
$("frame").addEventListener("keydown", (e) => (e.ctrlKey || e.metaKey) && e.key === "Enter" && send());
$("clear").addEventListener("click", () => $("frames").replaceChildren());
$("room").addEventListener("change", drawMirror);
preset("hello");
drawMirror();
