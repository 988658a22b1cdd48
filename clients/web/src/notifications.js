// Notifications on this device: the lobby's "You" panel turns them on and off, and says
// which events reach the player (their turn, a game's end, an invitation) and whether by
// e-mail too. Turning them on asks the browser's permission, subscribes with the
// server's application key (GET /api/push/key) through PushManager.subscribe on the
// app's service worker registration, and hands the subscription to the server
// (POST /api/players/{player}/push, the player's token); turning them off unsubscribes
// both. The settings are GET/PUT /api/players/{player}/notifications. The service worker
// (pwa/service_worker.js) shows what is pushed. Without a service worker (`npm run dev`,
// the browser tests' build) or without Push in the browser, the panel says so and asks
// the server nothing.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { serviceWorkerWanted } from "./install.js";

const EVENTS = ["turn", "over", "invite"];
const SUBSCRIBE_MS = 30000; // a browser whose push service cannot be reached may never answer

/** base64url (the server's key) to the bytes PushManager.subscribe takes. */
export function keyBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function api(client, path, method = "GET", body = undefined) {
  const headers = { Authorization: `Bearer ${client.token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`api/players/${encodeURIComponent(client.player)}/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The service worker's registration once it is active, or null when the app runs
 * without one (then nothing is asked of the server either). */
async function registration() {
  if (!serviceWorkerWanted() || !("PushManager" in window)) return null;
  return navigator.serviceWorker.ready;
}

/** Subscribe this device and tell the server; throws with the browser's reason. */
export async function turnOn(client, reg) {
  if ((await Notification.requestPermission()) !== "granted") throw new Error(t("push.blocked"));
  const { key } = await (await fetch("api/push/key")).json();
  const asked = reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  let timer;
  const late = new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(t("push.no_service"))), SUBSCRIBE_MS)));
  // both are read in the race below, or not at all: a refusal that comes first is never left unhandled in the page
  asked.catch(() => {});
  late.catch(() => {});
  try {
    const sub = (await reg.pushManager.getSubscription()) ?? (await Promise.race([asked, late]));
    const res = await api(client, "push", "POST", { ...sub.toJSON(), device: navigator.platform || "" });
    if (!res.ok) throw new Error((await res.json()).detail ?? res.statusText);
  } finally {
    clearTimeout(timer);
  }
}

export async function turnOff(client, reg) {
  const sub = await reg.pushManager.getSubscription();
  if (!sub) return;
  await api(client, "push", "DELETE", sub.toJSON());
  await sub.unsubscribe();
}

export function notificationsPanel(client) {
  const status = h("p", { class: "notify-status", id: "notify-status", "aria-live": "polite" });
  const toggle = h("button", { type: "button", id: "notify-toggle", disabled: true }, t("push.turn_on"));
  const boxes = EVENTS.map((e) => h("input", { type: "checkbox", id: `notify-${e}`, name: e }));
  const email = h("input", { type: "email", id: "notify-email", maxlength: 254, "aria-label": t("push.email") });
  const emailRow = h("p", { hidden: true }, h("label", { for: "notify-email" }, t("push.email"), " "), email);
  const save = h("button", { type: "submit", id: "notify-save" }, t("push.save"));
  const form = h("form", { class: "notify-form", onsubmit: (e) => (e.preventDefault(), saveSettings()) },
    h("fieldset", {}, h("legend", {}, t("push.which")), ...EVENTS.map((e, i) => h("label", { for: `notify-${e}` }, boxes[i], " ", t(`push.event.${e}`)))),
    emailRow, save);
  const el = h("div", { class: "notifications", id: "notifications" }, h("h3", {}, t("push.title")), toggle, status, form);
  let reg = null;
  let on = false;

  const show = (subscribed) => {
    on = subscribed;
    toggle.textContent = t(on ? "push.turn_off" : "push.turn_on");
    status.textContent = t(on ? "push.on" : "push.off");
  };
  async function saveSettings() {
    const body = { events: EVENTS.filter((_, i) => boxes[i].checked), email: email.value.trim() || null };
    const res = await api(client, "notifications", "PUT", body);
    status.textContent = res.ok ? t("push.saved") : ((await res.json()).detail ?? res.statusText);
  }
  toggle.addEventListener("click", async () => {
    toggle.disabled = true;
    try {
      if (on) {
        await turnOff(client, reg);
        show(false);
      } else {
        await turnOn(client, reg);
        show(true);
      }
    } catch (err) {
      status.textContent = t("push.failed", { reason: err.message });
    } finally {
      toggle.disabled = false;
    }
  });
  (async () => {
    try {
      reg = await registration();
      if (!reg) {
        status.textContent = t("push.unsupported");
        form.hidden = true;
        return;
      }
      const res = await api(client, "notifications");
      if (res.ok) {
        const wishes = await res.json();
        EVENTS.forEach((e, i) => (boxes[i].checked = wishes.events.includes(e)));
        email.value = wishes.email ?? "";
        emailRow.hidden = !wishes.email_sent;
      }
      show(Boolean(await reg.pushManager.getSubscription()) && Notification.permission === "granted");
      toggle.disabled = false;
    } catch {
      status.textContent = t("push.unsupported");
    }
  })();
  return el;
}
