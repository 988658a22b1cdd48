// Turn clocks at the table: each seat's time counting down while it is asked, its bank
// (a total clock) or its time per decision otherwise, low time highlighted.
//
// The view's `clock` is `{setting, deadline[], left[], now}` (docs/protocol.md item 4):
// deadlines and `now` are the server's times in ms. A seat's time left is `deadline`
// minus the server's time now: the offset the last snapshot's `now` gave (the mirror's
// serverNow(), right after a reload too), else the view's `now` counted from the moment
// it arrived — never the browser's own clock, which may be set differently.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { seatColour } from "./panels.js";

const TICK_MS = 200;
const LOW_MS = 10000; // low time: under ten seconds …
const LOW_SHARE = 0.3; // … or under 30 % of a shorter allowance

/** "1:05", "0:09", "1:02:03": whole seconds, rounded up while counting down. */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const [hh, mm, ss] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n) => String(n).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

export class Clocks {
  /** @param {() => number | null} [serverNow] the server's time now (RoomMirror.serverNow) */
  constructor(serverNow = () => null) {
    this.serverNow = serverNow;
    this.now = null; // the server's `now` last seen …
    this.at = 0; // … and when it arrived (performance.now())
    this.view = null;
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  stop() {
    clearInterval(this.timer);
  }

  /** Called with each new view: a changed `now` restarts the count from this moment. */
  note(view) {
    this.view = view;
    const c = view?.clock;
    if (c && c.now !== this.now) {
      this.now = c.now ?? null;
      this.at = performance.now();
    }
  }

  /** The ms a seat has left now: counting down when asked, else its bank (null: untimed). */
  left(seat) {
    const c = this.view?.clock;
    if (!c || !c.setting) return null;
    const deadline = c.deadline?.[seat];
    if (deadline !== null && deadline !== undefined) {
      const now = this.serverNow();
      if (now !== null) return deadline - now;
      if (this.now !== null) return deadline - this.now - (performance.now() - this.at);
    }
    const bank = c.left?.[seat];
    if (bank !== null && bank !== undefined) return bank;
    return c.setting.per_move !== undefined ? c.setting.per_move * 1000 : null;
  }

  allowance() {
    const s = this.view?.clock?.setting ?? {};
    return (s.per_move ?? s.total ?? 0) * 1000;
  }

  asked(seat) {
    const d = this.view?.clock?.deadline?.[seat];
    return this.view?.status === "playing" && d !== null && d !== undefined;
  }

  /** The clocks beside the seats (null when the room has no clock: bots only, or none). */
  panel(v, names) {
    const setting = v.clock?.setting;
    if (!setting || v.status === "over") return null; // a finished game runs no clock
    const kind = setting.per_move !== undefined
      ? t("clock.per_move_short", { s: setting.per_move })
      : t("clock.total_short", { m: clockText(setting.total * 1000), s: setting.increment ?? 0 });
    const policy = t(setting.timeout === "forfeit" ? "clock.policy_forfeit" : "clock.policy_bot");
    return h(
      "div",
      { class: "clocks", id: "clocks", title: policy },
      h("span", { class: "clock-kind" }, kind),
      h(
        "ol",
        { class: "clock-list" },
        (v.seats ?? []).map((s, i) =>
          s?.bot ? null : h("li", { class: "clock", "data-clock-seat": i, style: `--seat:${seatColour(i)}`, "aria-label": t("clock.of", { name: names[i] }) },
            h("span", { class: "swatch", "aria-hidden": "true" }), h("span", { class: "clock-time" }, "")),
        ),
      ),
    );
  }

  /** Refresh the drawn clocks' times (between redraws, every TICK_MS). */
  tick() {
    const low = Math.min(LOW_MS, this.allowance() * LOW_SHARE);
    for (const el of document.querySelectorAll("[data-clock-seat]")) {
      const seat = Number(el.dataset.clockSeat);
      const ms = this.left(seat);
      const asked = this.asked(seat);
      const text = ms === null ? "" : clockText(ms);
      const time = el.querySelector(".clock-time");
      if (time && time.textContent !== text) time.textContent = text;
      el.dataset.ms = ms === null ? "" : String(Math.max(0, Math.round(ms)));
      el.classList.toggle("running", asked);
      el.classList.toggle("low", asked && ms !== null && ms <= low);
    }
  }
}
