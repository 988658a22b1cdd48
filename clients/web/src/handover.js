// Carrying your player to another device: "Use on another device" makes a one-time code
// (POST /api/players/{player}/handover with this browser's token) and shows it as a link
// to "#/handover/CODE" and as a QR code (the `qrcode` library, loaded only then), with
// when it expires and a button that revokes it (DELETE). The page of that link, opened
// on the other device, redeems the code (POST /api/handover/{code}) once asked to, keeps
// the token it answers where this browser keeps its own (session.js) and opens the
// player's games: the same player, their games and seats. A link used, revoked or expired
// says so. What it leaves out: passkeys.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { relative } from "./my_games.js";
import { passkeyRow } from "./passkeys.js";
import { adopt, hasToken, storedName } from "./session.js";

const linkOf = (code) => `${location.origin}${location.pathname}#/handover/${code}`;
const bearer = (client) => ({ Authorization: `Bearer ${client.token}`, "Content-Type": "application/json" });

/** The lobby's panel: make a link for another device, show it, revoke it. */
export function handoverPanel(client) {
  const out = h("div", { id: "handover-out", "aria-live": "polite" });
  const make = h("button", { type: "button", id: "handover-make" }, t("handover.make"));
  const where = `api/players/${encodeURIComponent(client.player)}/handover`;
  make.addEventListener("click", async () => {
    make.disabled = true;
    try {
      const res = await fetch(where, { method: "POST", headers: bearer(client), body: JSON.stringify({ name: storedName() }) });
      if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
      const made = await res.json();
      out.replaceChildren(await shown(made, () => revoke()));
    } catch {
      out.replaceChildren(h("p", { class: "error", role: "alert" }, t("handover.failed")));
    } finally {
      make.disabled = false;
    }
  });
  const revoke = async () => {
    await fetch(where, { method: "DELETE", headers: bearer(client) }).catch(() => {});
    out.replaceChildren(h("p", { class: "hint", id: "handover-revoked" }, t("handover.revoked")));
  };
  return h("section", { class: "panel handover", id: "handover" }, h("h2", {}, t("handover.title")),
    h("p", { class: "hint" }, t("handover.explain")), make, out, passkeyRow(client));
}

/** The link of a code made, its QR code, when it stops working (its ttl from now: the
 * browser's clock may differ from the node's `expires`), copy and revoke. */
async function shown(made, revoke) {
  const link = linkOf(made.code);
  const { default: QRCode } = await import("qrcode");
  const qr = h("div", { class: "handover-qr", id: "handover-qr", role: "img", "aria-label": t("handover.qr_label") });
  qr.innerHTML = await QRCode.toString(link, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const field = h("input", { id: "handover-link", readonly: true, value: link, "aria-label": t("handover.link_label") });
  const copy = h("button", { type: "button", id: "handover-copy" }, t("handover.copy"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = t("handover.copied");
    } catch {
      field.select(); // no clipboard (http, old browser): selected, to copy by hand
    }
  });
  return h("div", { class: "handover-made", "data-code": made.code },
    qr,
    h("p", {}, field, " ", copy, " ", h("button", { type: "button", id: "handover-revoke", onclick: revoke }, t("handover.revoke"))),
    h("p", { class: "hint" }, t("handover.expires", { when: relative(made.ttl * 1000) })));
}

/** The page of a link ("#/handover/CODE"): become that player on this device, once asked. */
export function showHandover(app, code) {
  const error = h("p", { id: "handover-error", class: "error", role: "alert", hidden: true });
  const accept = h("button", { type: "button", class: "primary", id: "handover-accept" }, t("handover.accept"));
  accept.addEventListener("click", async () => {
    accept.disabled = true;
    const res = await fetch(`api/handover/${encodeURIComponent(code)}`, { method: "POST" }).catch(() => null);
    if (res?.ok) {
      adopt(await res.json());
      history.replaceState(null, "", "#/games"); // their games, on a connection made with their token
      location.reload();
      return;
    }
    error.textContent = res?.status === 404 ? t("handover.gone") : t("handover.failed");
    error.hidden = false;
  });
  app.replaceChildren(h("section", { class: "panel", id: "handover-page" },
    h("h2", {}, t("handover.page_title")),
    h("p", {}, t("handover.page_explain")),
    hasToken() ? h("p", { class: "hint" }, t("handover.replaces")) : null,
    accept, error));
}
