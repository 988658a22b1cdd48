// Building DOM and SVG nodes from code: h() for HTML, svg() for SVG.
// Attributes starting with "on" become listeners; null/false attributes are left out.

const SVG_NS = "http://www.w3.org/2000/svg";

// Elements given a listener (morph.js never keeps an old node in place of one of these,
// nor keeps one whose listeners belong to an earlier redraw).
const listened = new WeakSet();

/** Whether `el` was given a listener through h(), svg(), clickable() or listen(). */
export const isListened = (el) => listened.has(el);

/** `el.addEventListener(type, fn, options)`, noted for morph.js. */
export function listen(el, type, fn, options) {
  listened.add(el);
  el.addEventListener(type, fn, options);
  return el;
}

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") listen(el, k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Make an element a keyboard-usable button that calls `act` (Enter or Space). */
export function clickable(el, label, act) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.classList.add("choice");
  el.setAttribute("data-key", label);
  listen(el, "click", (e) => {
    e.stopPropagation();
    act();
  });
  listen(el, "keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      act();
    }
  });
  el.append(svg("title", { text: label }));
  return el;
}
