// The player's identity and the one connection of this browser tab.
//
// The token from `welcome` is kept in localStorage, so a reload (or a second tab) is the
// same player and takes its seats back; the name is kept beside it. What it leaves out:
// rooms and drawing (lobby.js, table.js).

import { Client } from "@longhall/client";
import { t } from "./i18n/index.js";

const TOKEN = "longhall.token";
const NAME = "longhall.name";

const NAMES = ["Astrid", "Bjorn", "Freya", "Gunnar", "Helga", "Ivar", "Sigrid", "Torvald", "Ulfhild", "Yrsa"];

export function wsUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/ws`;
}

export function storedName() {
  let name = localStorage.getItem(NAME);
  if (!name) {
    name = NAMES[Math.floor(Math.random() * NAMES.length)];
    localStorage.setItem(NAME, name);
  }
  return name;
}

export function rename(name) {
  localStorage.setItem(NAME, name);
}

/** Become the player another device handed over (handover.js): their token, and the
 * name they play under, kept where this browser keeps its own. The next connection is
 * that player. */
export function adopt({ token, name }) {
  localStorage.setItem(TOKEN, token);
  if (name) rename(name);
}

/** Whether this browser holds a player's token already. */
export const hasToken = () => localStorage.getItem(TOKEN) !== null;

let current = null;

/** The connected client of this tab, connecting (with the stored token) on first use. */
export function session() {
  if (!current) current = open();
  return current;
}

async function open() {
  const client = new Client(wsUrl(), { name: storedName(), token: localStorage.getItem(TOKEN) ?? undefined });
  client.on("welcome", ({ token }) => localStorage.setItem(TOKEN, token));
  client.on("status", (s) => showConnection(s));
  try {
    return await client.connect();
  } catch (err) {
    if (err.code === "bad_token") {
      // the server's secret changed: start as a new player rather than not at all
      localStorage.removeItem(TOKEN);
      const fresh = new Client(wsUrl(), { name: storedName() });
      fresh.on("welcome", ({ token }) => localStorage.setItem(TOKEN, token));
      fresh.on("status", (s) => showConnection(s));
      return fresh.connect();
    }
    current = null;
    throw err;
  }
}

function showConnection(status) {
  const el = document.getElementById("connection");
  if (!el) return;
  el.textContent = status === "open" ? "" : status === "reconnecting" ? t("connection.reconnecting") : t("connection.offline");
  el.className = `connection ${status}`;
}

export function showIdentity(client) {
  const el = document.getElementById("identity");
  if (el) el.textContent = `${storedName()} · ${client.player.slice(0, 6)}`;
  if (el) el.title = t("identity.title", { player: client.player });
}
