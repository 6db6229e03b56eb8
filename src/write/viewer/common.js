// The step viewer's script is these files, put together in order inside one function by
// write::html (src/write/html.rs, `SCRIPT_PARTS`), so they share one scope: this one first.
//
// common.js: the page's data (the puzzle and every step, as the library wrote them: names,
// symbols and explanations come written, nothing here formats a cell or a digit), the DOM and
// SVG element makers, and the palette the style sheet holds.

const data = JSON.parse(document.getElementById("data").textContent);
const steps = data.steps;
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const svg = $("grid");
// The palette, as the page's style sheet holds it (SVG attributes take plain colours).
const style = getComputedStyle(document.documentElement);
const C = {};
for (const name of ["pattern", "target", "eliminated", "highlight", "fin", "placed", "quiet",
  "house", "link", "backtracking", "extra", "even", "bar"]) {
  C[name] = style.getPropertyValue(`--${name}`).trim();
}

/** A new element `name` (SVG when `ns` is given) with `attrs`, appended to `parent`. */
function make(name, attrs, parent, text, ns) {
  const node = ns ? document.createElementNS(ns, name) : document.createElement(name);
  for (const key in attrs) node.setAttribute(key, attrs[key]);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}
const shape = (name, attrs, parent, text) => make(name, attrs, parent, text, SVG);

/** `[a, b, a, b, …]` as `[[a, b], …]`. */
function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
