// Telling a player it is their turn when they look elsewhere: the tab's title and
// favicon change, a short chime sounds (unless turned off: "Sound" at the table, kept
// per browser), and (if they asked for it) a system notification while the tab is
// hidden. The words come from words.js.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { IDLE_TITLE, TURN_TITLE } from "./words.js";

const NOTIFY = "longhall.notify";
const SOUND = "longhall.sound";
const icon = (dot) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M3 19h26l-4 7H7z" fill="#8c3b1f"/><path d="M16 3v15M16 4l9 11h-9z" stroke="#3b2a1c" stroke-width="2" fill="#f4efe6"/>${dot ? '<circle cx="25" cy="8" r="7" fill="#e53935" stroke="#fff" stroke-width="2"/>' : ""}</svg>`,
  );
let wasTurn = false;

function favicon(href) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

/** Show (or clear) "your turn" in the tab; `game` null restores the plain title. */
export function showTurn(yours, game) {
  document.title = game ? (yours ? TURN_TITLE(game) : IDLE_TITLE(game)) : "Longhall";
  favicon(icon(yours));
  document.documentElement.dataset.turn = yours ? "yours" : "";
  if (yours && !wasTurn && soundOn()) chime();
  if (yours && !wasTurn && document.hidden && wants() && globalThis.Notification?.permission === "granted") {
    try {
      new Notification(TURN_TITLE(game), { tag: "longhall-turn", icon: icon(true) });
    } catch {
      // some browsers only allow notifications from a service worker: the title still says it
    }
  }
  wasTurn = yours;
}

const wants = () => localStorage.getItem(NOTIFY) === "on";

/** A button that turns the system notification on or off (asks permission once). */
export function notifyToggle() {
  if (!globalThis.Notification) return null;
  const on = wants() && Notification.permission === "granted";
  return h(
    "button",
    {
      type: "button",
      class: "notify",
      "aria-pressed": on ? "true" : "false",
      title: t("notify.title"),
      onclick: async (e) => {
        if (on) localStorage.setItem(NOTIFY, "off");
        else if ((await Notification.requestPermission()) === "granted") localStorage.setItem(NOTIFY, "on");
        e.target.setAttribute("aria-pressed", wants() ? "true" : "false");
        e.target.textContent = wants() ? t("notify.on") : t("notify.off");
      },
    },
    on ? t("notify.on") : t("notify.off"),
  );
}

const soundOn = () => localStorage.getItem(SOUND) !== "off";
let audio = null;

/** Two short rising notes (Web Audio, no file to load). A browser plays sound only after
 * the page was clicked or keyed once; before that the chime is silently skipped. Each
 * chime is counted on the page (`data-chimes`) for the tests. */
function chime() {
  try {
    audio ??= new AudioContext();
    const at = audio.currentTime;
    for (const [i, hz] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, at + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.15, at + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.14 + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(at + i * 0.14);
      osc.stop(at + i * 0.14 + 0.32);
    }
  } catch {
    return; // no Web Audio here
  }
  const root = document.documentElement;
  root.dataset.chimes = String(Number(root.dataset.chimes ?? 0) + 1);
}

/** A button that turns the your-turn chime on or off (on unless turned off). */
export function soundToggle() {
  const label = () => (soundOn() ? t("sound.on") : t("sound.off"));
  return h(
    "button",
    {
      type: "button",
      class: "sound",
      id: "sound",
      "aria-pressed": soundOn() ? "true" : "false",
      title: t("sound.title"),
      onclick: (e) => {
        localStorage.setItem(SOUND, soundOn() ? "off" : "on");
        e.target.setAttribute("aria-pressed", soundOn() ? "true" : "false");
        e.target.textContent = label();
      },
    },
    label(),
  );
}
