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

// A stand-in for a part drawn before from the same inputs: an empty element of the
// part's tag with its key (`data-memo`), standing for a copy of the drawing (`template`).
// Where the page holds that part already it stays as it is; elsewhere the copy is made.
const stood = new WeakMap(); // stand-in → the drawing it stands for

/** A stand-in for a copy of `template`, whose key is `memo`. */
export function standIn(template, memo) {
  template.setAttribute("data-memo", memo);
  const el = template.cloneNode(false);
  stood.set(el, template);
  return el;
}

/** `node` itself, or the copy its stand-in stands for; any stand-in below it replaced by its copy. */
export function real(node) {
  const template = stood.get(node);
  if (template) return template.cloneNode(true);
  if (node.nodeType === Node.ELEMENT_NODE) for (const el of node.querySelectorAll("[data-memo]")) if (stood.has(el)) el.replaceWith(stood.get(el).cloneNode(true));
  return node;
}

function mayStay(old, now, deep) {
  if (old.nodeType !== now.nodeType) return false;
  if (now.nodeType === Node.TEXT_NODE) return true;
  if (now.nodeType !== Node.ELEMENT_NODE || old.nodeName !== now.nodeName || FIELDS.has(now.nodeName)) return false;
  if (isListened(old) || isListened(now)) return false;
  return deep || now.hasAttribute("data-morph");
}

function attributes(old, now) {
  const want = now.attributes;
  for (let i = 0; i < want.length; i++) {
    const { name, value } = want[i];
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  // old has every attribute of now's: any more are not now's
  const have = old.attributes;
  for (let i = have.length - 1; have.length > want.length && i >= 0; i--) if (!now.hasAttribute(have[i].name)) old.removeAttribute(have[i].name);
}

// `borrowed`: now's nodes belong to a kept drawing (a stand-in's), compared but never
// moved; what the page takes of them is a copy
function children(old, now, deep, borrowed) {
  const before = [...old.childNodes];
  const after = [...now.childNodes];
  const take = (n) => (borrowed ? n.cloneNode(true) : real(n));
  after.forEach((n, i) => {
    const o = before[i];
    if (!o) old.append(take(n));
    else if (o === n) return;
    else if (mayStay(o, n, deep)) update(o, n, deep, borrowed);
    else old.replaceChild(take(n), o);
  });
  for (const o of before.slice(after.length)) o.remove();
}

function update(old, now, deep, borrowed = false) {
  if (now.nodeType === Node.TEXT_NODE) {
    if (old.nodeValue !== now.nodeValue) old.nodeValue = now.nodeValue;
    return;
  }
  // a part drawn from the same inputs as the one in the page (games/feast/cache.js):
  // nothing to compare; another one: compared with its drawing
  const memo = now.getAttribute("data-memo");
  if (memo !== null && old.getAttribute("data-memo") === memo) return;
  if (stood.has(now)) {
    now = stood.get(now);
    borrowed = true;
  }
  attributes(old, now);
  children(old, now, deep || now.getAttribute("data-morph") === "tree", borrowed);
}

/** Make `parent`'s only child look like `now`; the node now in the document. */
export function morphInto(parent, now) {
  const old = parent.firstChild;
  if (parent.childNodes.length !== 1 || !mayStay(old, now, false)) {
    const node = real(now);
    parent.replaceChildren(node);
    return node;
  }
  update(old, now, false);
  return old;
}
