// draw.js: the SVG drawing's primitives (the grid's ground, lines, arrows and their heads) and
// how each mark looks: the roles of a step's figures, the board's and the nets' colours.

/** Clears the grid: its white ground, and the arrowheads' definitions (one per colour). */
let heads = {};
function start(width, height) {
  svg.textContent = "";
  svg.setAttribute("viewBox", `-3 -3 ${width + 6} ${height + 6}`);
  shape("defs", { id: "heads" }, svg);
  heads = {};
  shape("rect", { x: 0, y: 0, width, height, fill: "#fff" }, svg);
}

/** The arrowhead marker of `colour`, made the first time it is asked for. */
function head(colour) {
  if (!heads[colour]) {
    const id = `head-${Object.keys(heads).length}`;
    const marker = shape("marker", { id, viewBox: "0 0 10 10", refX: "9", refY: "5",
      markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" }, $("heads"));
    shape("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }, marker);
    heads[colour] = `url(#${id})`;
  }
  return heads[colour];
}

/** A straight line. */
function line(x1, y1, x2, y2, stroke, width, parent) {
  return shape("line", { x1, y1, x2, y2, stroke, "stroke-width": width,
    "stroke-linecap": "square" }, parent || svg);
}

/** An arrow from point `a` to point `b`, curved, its ends kept `room` clear of the
 * candidates (less between neighbours in a cell, so that the arrow still shows); `attrs`
 * style it. Returns the middle of the curve, where a number may go. */
function arrow(a, b, room, attrs, parent) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = Math.hypot(dx, dy);
  if (length < 1) return null;
  const clear = Math.min(room, length * 0.3);
  const [ux, uy] = [dx / length, dy / length];
  const bend = Math.min(0.2 * length, 3 * clear);
  const mid = [(a[0] + b[0]) / 2 - uy * bend, (a[1] + b[1]) / 2 + ux * bend];
  const toward = (p, q) => {
    const [ex, ey] = [q[0] - p[0], q[1] - p[1]];
    const d = Math.hypot(ex, ey) || 1;
    return [p[0] + (ex / d) * clear, p[1] + (ey / d) * clear];
  };
  const [from, to] = [toward(a, mid), toward(b, mid)];
  const colour = attrs.stroke || C.link;
  shape("path", Object.assign({ d: `M${from[0]},${from[1]} Q${mid[0]},${mid[1]} ${to[0]},${to[1]}`,
    fill: "none", stroke: colour, "stroke-width": room * 0.22, "marker-end": head(colour) },
  attrs), parent);
  return [(from[0] + to[0]) / 4 + mid[0] / 2, (from[1] + to[1]) / 4 + mid[1] / 2];
}
// How each role of a step's figures is drawn, and the legend's words for it: `cells`
// outlines its cells (`set`: as one shape, its parts joined), `dash` dashes that outline,
// `ring` circles its candidates, `square` boxes them, `disc` fills behind them, `capsule`
// encloses them together. Almost locked sets take one colour each, from `ALS_COLOURS`.
const ALS_COLOURS = ["#AA4499", "#CC7700", "#3366CC", "#228833"];
const ROLES = {
  als: { cells: "set", ring: true, colour: ALS_COLOURS[0],
    text: "Almost locked set (N cells, N+1 digits): its cells outlined as one shape, its " +
      "digits ringed; one colour per set" },
  group: { capsule: true, colour: C.link, text: "Group node: one of these candidates is true" },
  pivot: { cells: "cell", width: 6, colour: "#332288", text: "Pivot (a wing's middle cell)" },
  pincer: { cells: "cell", dash: true, colour: "#332288",
    text: "Pincer: a wing's other cell" },
  restricted_common: { square: true, colour: "#EE7733",
    text: "Restricted common digit: in one set or the other, never both" },
  deadly: { cells: "cell", dash: true, ring: true, colour: "#882255",
    text: "Deadly pattern: these candidates alone would allow two solutions" },
  guardian: { ring: true, width: 2, colour: "#EE3377",
    text: "Guardian: one of these keeps the pattern from being deadly" },
  colour_a: { disc: "#99DDFF", text: "Colour A: all true or all false" },
  colour_b: { disc: "#FFAABB", text: "Colour B: the opposite of colour A" },
  intersection: { cells: "set", colour: "#44AA99", text: "Cells where the line and the box cross" },
  line_set: { cells: "set", dash: true, colour: "#4477AA", text: "The line's cells outside the box" },
  box_set: { cells: "set", dash: true, colour: "#AA3377", text: "The box's cells outside the line" },
  assumption: { cells: "cell", ring: true, width: 2.5, colour: "#117733",
    text: "Assumption: the candidate assumed true" },
  contradiction: { cells: "set", width: 6, colour: C.eliminated,
    text: "Contradiction: where the assumption leads to the impossible" },
};
// The outline of a cover house.
const COVER = "#4477AA";
// The person's marks on the board: the selected cell, a highlighted digit, digits entered,
// candidates in their colours A and B (a green and a violet, apart from the steps' colours).
const BOARD = { selected: "#1F6FEB", highlight: "#FFE066", entered: "#1F4FA8", a: "#A6E3A1",
  b: "#D7B8F3", look: "#E07B00" };
// The halo of the link a played chain is telling now (its sentence is marked in the same blue).
const NOW_LINK = "#7CC0FF";
// A forcing net's marks.
const NET = { arrow: "#444444", peer: "#AAAAAA", holds: "#B7E4C7", gone: "#EE7733", focus: "#FFD23F",
  premise: "#7FB3E6" };
