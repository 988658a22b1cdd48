// Pan and zoom of an SVG layer: drag with one pointer, pinch with two, the mouse wheel,
// or the buttons the caller wires to the returned function (0: fit the whole map). The state lives in `ui`
// (zoom, pan), which the table keeps across redraws, so a live update keeps your view.
// Clicks on `.choice` elements are left alone. `onZoom(zoom)`, when given, is told every
// zoom the layer is drawn at (the caller keeps its labels readable with it).

const MIN = 0.1;
const MAX = 4;
const clamp = (z) => Math.min(MAX, Math.max(MIN, z));

export function panZoom(svgEl, layer, ui, box, fit = 1, onZoom = null) {
  ui.zoom = ui.zoom ?? 1;
  ui.pan = ui.pan ?? [0, 0];
  const [cx, cy] = [box.x + box.w / 2, box.y + box.h / 2]; // zoom about the middle
  const apply = () => {
    layer.setAttribute("transform", `translate(${ui.pan[0] + cx},${ui.pan[1] + cy}) scale(${ui.zoom}) translate(${-cx},${-cy})`);
    onZoom?.(ui.zoom);
  };
  apply();
  svgEl.addEventListener("wheel", (e) => {
    e.preventDefault();
    ui.zoom = clamp(ui.zoom * (e.deltaY < 0 ? 1.15 : 1 / 1.15));
    apply();
  }, { passive: false });
  pointers(svgEl, ui, box, apply);
  return (f) => {
    if (f === 0) {
      ui.zoom = clamp(fit); // the whole map in view
      ui.pan = [0, 0];
    } else ui.zoom = clamp(ui.zoom * f);
    apply();
  };
}

function pointers(svgEl, ui, box, apply) {
  const down = new Map(); // pointerId -> [x, y]
  let start = null; // the gesture's starting pan, zoom, pointer centre and spread
  const spread = () => {
    const [p, q] = [...down.values()];
    return q ? Math.hypot(p[0] - q[0], p[1] - q[1]) : 0;
  };
  const centre = () => {
    const pts = [...down.values()];
    return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
  };
  const begin = () => (start = { pan: [...ui.pan], zoom: ui.zoom, at: centre(), spread: spread() });
  svgEl.addEventListener("pointerdown", (e) => {
    if (e.target.closest(".choice")) return;
    down.set(e.pointerId, [e.clientX, e.clientY]);
    svgEl.setPointerCapture(e.pointerId);
    begin();
  });
  svgEl.addEventListener("pointermove", (e) => {
    if (!down.has(e.pointerId)) return;
    down.set(e.pointerId, [e.clientX, e.clientY]);
    const k = box.w / svgEl.getBoundingClientRect().width; // screen pixels to map units
    const [x, y] = centre();
    ui.pan = [start.pan[0] + (x - start.at[0]) * k, start.pan[1] + (y - start.at[1]) * k];
    if (down.size === 2 && start.spread > 0) ui.zoom = clamp((start.zoom * spread()) / start.spread);
    apply();
  });
  const up = (e) => {
    down.delete(e.pointerId);
    if (down.size) begin();
  };
  svgEl.addEventListener("pointerup", up);
  svgEl.addEventListener("pointercancel", up);
}
