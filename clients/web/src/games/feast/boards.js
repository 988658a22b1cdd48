// A placement area as printed: the home board, an exploration board or a house, cell by
// cell from the engine's grid (legend in the data files): −1 penalty cells, the income
// track with its numbers, bonus cells with the good they give, blocked cells, the extra
// end-game cells; then the pieces lying on it as their shapes. Cells carry data-cell
// "row,col" so placement (place.js) can follow the pointer over them.

import { svg } from "../../dom.js";
import { t as tr } from "../../i18n/index.js";
import { AREAS, itemName, orientations } from "./data.js";
import { pieceShape, pieceSize, token } from "./pieces.js";

const CELL = { "-": "#e6d8bd", ".": "#f6efdf", I: "#f7e08a", B: "#d5ead0", X: "#b9c4a8", E: "#efe6d3", P: "#9b8b74" };
const TOP = 20; // room for the title and the income number printed above the grid

/** Income now: per track the lowest income number still uncovered, the tracks added (F-261). */
export function incomeOf(a) {
  const kind = AREAS[a.kind];
  const cells = kind?.income_cells ?? [];
  if (!cells.length) return null;
  const byTrack = {};
  for (const cell of [...cells].sort((x, y) => x.value - y.value)) {
    const t = cell.track ?? "main";
    const covered = (a.cover[cell.row] >> cell.col) & 1;
    if (!(t in byTrack) && !covered) byTrack[t] = cell.value;
  }
  const complete = {};
  if (kind.income_when_all_covered) complete.main = kind.income_when_all_covered.value;
  for (const m of kind.income_markers_outside_grid ?? []) complete[m.track ?? "main"] = m.value;
  const tracks = new Set(cells.map((c) => c.track ?? "main"));
  return [...tracks].reduce((sum, t) => sum + (byTrack[t] ?? complete[t] ?? 0), 0);
}

function printed(kind) {
  const income = new Map((kind.income_cells ?? []).map((c) => [`${c.row},${c.col}`, c.value]));
  for (const n of kind.blocked_cell_notes ?? []) if ("shows_income" in n) income.set(`${n.row},${n.col}`, n.shows_income);
  const bonus = new Map((kind.bonus_cells ?? []).map((c) => [`${c.row},${c.col}`, c.gives]));
  return { income, bonus };
}

function cellMark(ch, key, x, y, cs, marks, compact) {
  if (compact && !marks.income.has(key)) return null;
  if (ch === "-") return svg("text", { x: x + cs / 2, y: y + cs / 2 + 4, "font-size": 12, "text-anchor": "middle", fill: "#a88f68", class: "minus" }, "−1");
  if (marks.income.has(key)) return svg("text", { x: x + cs / 2, y: y + cs / 2 + 5, "font-size": 13, "font-weight": 700, "text-anchor": "middle", fill: "#6b4e00" }, String(marks.income.get(key)));
  if (marks.bonus.has(key)) {
    // the good the cell gives, drawn small as its chip or tile (its title names it)
    const gives = marks.bonus.get(key);
    const first = gives.split("+")[0];
    const mark = svg("g", { class: "bonus-mark" }, svg("title", { text: tr("feast.bonus_cell", { items: gives.split("+").map(itemName).join(" + ") }) }));
    if (["ore", "wood", "stone"].includes(first)) mark.append(token(first, x + 4, y + 4, cs - 9));
    else {
      const unit = Math.max(3, Math.floor((cs - 8) / 4));
      const [w, hgt] = pieceSize(first, 0, unit);
      mark.append(pieceShape(first, 0, x + (cs - 1 - w) / 2, y + (cs - 1 - hgt) / 2, unit, {}, false));
    }
    return mark;
  }
  if (ch === "E") return svg("text", { x: x + cs / 2, y: y + cs / 2 + 4, "font-size": 12, "text-anchor": "middle", fill: "#b0a080" }, "+");
  return null;
}

/** The area `a` (view form) drawn at (x, y) with `cs` px cells; `k` its index in the seat's areas. */
export function drawArea(a, k, x, y, cs, title, compact = false) {
  const kind = AREAS[a.kind] ?? { rows: a.cover.map(() => ".".repeat(13)) };
  const rows = kind.rows;
  const marks = printed(kind);
  const above = kind.income_when_all_covered || (kind.income_markers_outside_grid ?? []).some((m) => m.row < 0);
  const top = above ? TOP + cs : TOP;
  const g = svg("g", { transform: `translate(${x},${y})`, class: "feast-area", "data-area": k, "data-kind": a.kind });
  const income = incomeOf(a);
  const parts = [title ?? kind.name ?? a.kind, income !== null ? tr("feast.income", { n: income }) : null, kind.vp ? tr("feast.vp", { vp: kind.vp }) : null];
  const said = compact ? title : parts.filter(Boolean).join(" · ");
  g.append(svg("text", { x: 0, y: 14, "font-size": 13, "font-weight": 700 }, said));
  const grid = svg("g", { transform: `translate(0,${top})`, class: "feast-grid" });
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === "#") return;
      const key = `${r},${c}`;
      const fill = compact && ch === "-" ? "#d9c49c" : CELL[ch] ?? "#eee";
      const cell = svg("rect", { x: c * cs, y: r * cs, width: cs - 1, height: cs - 1, fill, stroke: ch === "X" ? "#3f9b4a" : "#cdbd9c", "stroke-width": ch === "X" ? 2 : 1, "stroke-dasharray": ch === "E" ? "3 2" : null, "data-cell": key, class: "cell" });
      grid.append(cell);
      const mark = cellMark(ch, key, c * cs, r * cs, cs, marks, compact);
      if (mark) grid.append(mark);
    });
  });
  // income numbers printed outside the grid: shown once the track is covered
  const outside = kind.income_when_all_covered ? [{ row: kind.income_when_all_covered.printed_at[0], col: kind.income_when_all_covered.printed_at[1], value: kind.income_when_all_covered.value }] : kind.income_markers_outside_grid ?? [];
  for (const m of outside) {
    grid.append(svg("text", { x: m.col * cs + cs / 2, y: m.row * cs + cs / 2 + 5, "font-size": 13, "font-weight": 700, "text-anchor": "middle", fill: "#6b4e00" }, String(m.value)));
  }
  for (const [item, turn, r, c] of a.pieces ?? []) {
    if (orientations(item).length) grid.append(pieceShape(item, turn, c * cs, r * cs, cs, { "data-piece": `${r},${c}` }));
  }
  grid.append(svg("g", { class: "feast-preview", "pointer-events": "none" }));
  g.append(grid);
  const width = Math.max(...rows.map((row) => row.length)) * cs;
  return { g, grid, width: Math.max(width, 150), height: top + rows.length * cs, top };
}
