// Updating the page in place instead of replacing it: a redraw builds the new page as
// before, then the parts of the old page that may stay are kept in the document and
// given the new attributes and text, so the browser styles, lays out and paints again only
// what changed (a Feast table's boards: thousands of elements, most the same from one
// redraw to the next).
//
// What may stay is said by the new page: an element with `data-morph` keeps its old node
// (same tag) and its children are matched one by one; with `data-morph="tree"` every
// element below it may stay too. Anything else is replaced by its new node, as is any
// element with a listener, old or new (dom.js `listen`), and any form field: a listener's
// closure refers to the new nodes, and a field's value is not an attribute. A part
// marked `data-memo` with the same key as the old one is left as it is.

import { isListened } from "./dom.js";

const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);

function mayStay(old, now, deep) {
  if (old.nodeType !== now.nodeType) return false;
  if (now.nodeType === Node.TEXT_NODE) return true;
  if (now.nodeType !== Node.ELEMENT_NODE || old.nodeName !== now.nodeName || FIELDS.has(now.nodeName)) return false;
  if (isListened(old) || isListened(now)) return false;
  return deep || now.hasAttribute("data-morph");
}

function attributes(old, now) {
  for (const { name } of [...old.attributes]) if (!now.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of now.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
}

function children(old, now, deep) {
  const before = [...old.childNodes];
  const after = [...now.childNodes];
  after.forEach((n, i) => {
    const o = before[i];
    if (!o) old.append(n);
    else if (o === n) return;
    else if (mayStay(o, n, deep)) update(o, n, deep);
    else old.replaceChild(n, o);
  });
  for (const o of before.slice(after.length)) o.remove();
}

function update(old, now, deep) {
  if (now.nodeType === Node.TEXT_NODE) {
    if (old.nodeValue !== now.nodeValue) old.nodeValue = now.nodeValue;
    return;
  }
  // a copy of a part drawn from the same inputs (games/feast/cache.js): nothing to compare
  const memo = now.getAttribute("data-memo");
  if (memo !== null && old.getAttribute("data-memo") === memo) return;
  attributes(old, now);
  children(old, now, deep || now.getAttribute("data-morph") === "tree");
}

/** Make `parent`'s only child look like `now`; the node now in the document. */
export function morphInto(parent, now) {
  const old = parent.firstChild;
  if (parent.childNodes.length !== 1 || !mayStay(old, now, false)) {
    parent.replaceChildren(now);
    return now;
  }
  update(old, now, false);
  return old;
}
