// Vikings amounts chosen with a stepper instead of a chip per value: the start-player
// bid (every legal amount reachable, pass beside it) and turning VP into gold (V-50),
// which sits behind one control because it is rarely wanted.

import { h } from "../dom.js";
import { num, t as tr } from "../i18n/index.js";

/** − [amount] + and a confirm button over the sorted legal `amounts`; `key` keeps the
 * chosen amount in ctx.ui across redraws. */
function stepper(ctx, key, amounts, label, send, extra = null) {
  const lo = amounts[0];
  const hi = amounts[amounts.length - 1];
  let value = ctx.ui[key];
  if (!amounts.includes(value)) value = ctx.ui[key] = lo;
  const set = (v) => {
    ctx.ui[key] = Math.max(lo, Math.min(hi, v));
    ctx.redraw();
  };
  const input = h("input", { type: "number", min: lo, max: hi, value, class: "amount", "aria-label": label(value), "data-key": `${key}-input` });
  input.addEventListener("change", () => {
    const v = Number(input.value);
    set(Number.isFinite(v) ? v : lo);
  });
  return h(
    "div",
    { class: `stepper ${key}` },
    h("button", { type: "button", class: "step", "aria-label": tr("stepper.less"), disabled: value <= lo, onclick: () => set(value - 1), "data-key": `${key}-less` }, "−"),
    input,
    h("button", { type: "button", class: "step", "aria-label": tr("stepper.more"), disabled: value >= hi, onclick: () => set(value + 1), "data-key": `${key}-more` }, "+"),
    h("button", { type: "button", class: "primary confirm", onclick: () => send(value), "data-key": `${key}-send` }, label(value)),
    extra,
  );
}

export function bidStepper(t, ctx) {
  const bids = ctx.legal.filter((m) => m.type === "bid");
  const pass = ctx.legal.find((m) => m.type === "pass");
  if (!bids.length && !pass) return null;
  const passButton = pass ? h("button", { type: "button", class: "pass", onclick: () => ctx.play(pass), "data-key": "bid-pass" }, tr("vikings.pass_button")) : null;
  if (!bids.length) return h("div", { class: "stepper bid" }, passButton);
  const amounts = bids.map((m) => m.amount).sort((a, b) => a - b);
  return stepper(ctx, "bid", amounts, (v) => tr("vikings.bid_button", { gold: num(v) }), (v) => ctx.play(bids.find((m) => m.amount === v)), passButton);
}

export function convertControl(t, ctx) {
  const converts = ctx.legal.filter((m) => m.type === "convert");
  if (!converts.length) return null;
  const amounts = [...new Set(converts.map((m) => m.vp))].sort((a, b) => a - b);
  const send = (v) => ctx.play(converts.find((m) => m.vp === v));
  return h(
    "details",
    { class: "convert", open: ctx.ui.convertOpen || null, ontoggle: (e) => (ctx.ui.convertOpen = e.target.open) },
    h("summary", {}, tr("vikings.convert_open")),
    stepper(ctx, "convert", amounts, (v) => tr("vikings.convert_button", { vp: num(v) }), send),
  );
}
