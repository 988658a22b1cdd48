// The clock of a new room, chosen in the lobby: none, seconds per decision, or a total
// per player with an increment per decision (chess style); and what a timeout does — a
// bot decides for the seat (the default) or the seat forfeits. The room's `clock` setting
// of `create` (docs/protocol.md item 2).

import { h } from "./dom.js";
import { t } from "./i18n/index.js";

const KINDS = ["none", "per_move", "total"];

function seconds(name, value, label, min = 1) {
  return h("label", { class: "clock-field", "data-for": name }, label, " ",
    h("input", { type: "number", name, value, min, max: 7 * 24 * 3600, step: 1, inputmode: "numeric", class: "seconds" }));
}

/** The clock fields of a game card, and `setting()`: the `clock` to send (null: none). */
export function clockChoice() {
  const kind = h("select", { name: "clock", "aria-label": t("clock.choice") },
    KINDS.map((k) => h("option", { value: k }, t(`clock.kind.${k}`))));
  const perMove = seconds("per_move", 60, t("clock.per_move_seconds"));
  const total = seconds("total", 600, t("clock.total_seconds"));
  const increment = seconds("increment", 5, t("clock.increment_seconds"), 0);
  const policy = h("select", { name: "timeout", "aria-label": t("clock.timeout") },
    ["bot", "forfeit"].map((p) => h("option", { value: p }, t(`clock.timeout.${p}`))));
  const policyRow = h("label", { class: "clock-field", "data-for": "timeout" }, t("clock.timeout"), " ", policy);
  const show = () => {
    perMove.hidden = kind.value !== "per_move";
    total.hidden = increment.hidden = kind.value !== "total";
    policyRow.hidden = kind.value === "none";
  };
  kind.addEventListener("change", show);
  show();
  const el = h("fieldset", { class: "clock-choice" }, h("legend", {}, t("clock.legend")),
    h("label", {}, t("clock.choice"), " ", kind), perMove, total, increment, policyRow);
  const value = (field) => Number(field.querySelector("input").value);
  const setting = () => {
    if (kind.value === "per_move") return { per_move: value(perMove), timeout: policy.value };
    if (kind.value === "total") return { total: value(total), increment: value(increment), timeout: policy.value };
    return null;
  };
  return { el, setting };
}
