// draw-shikaku.js: the Shikaku view: rectangles, the step's clue, cells and rectangles.

/** The Shikaku view: the rectangles on the board (gridlogic's before each step, or the
 * person's), the step's clue, cells and rectangles, and the person's marks. */
function shikaku() {
  const [rows, cols, U] = [data.rows, data.cols, 60];
  /** The rectangles of gridlogic's solve before the step at `position`, by clue. */
  function at(position) {
    const placed = data.clues.map(() => null);
    for (const step of steps.slice(0, position)) if (step.placed) placed[step.clue] = step.placed;
    return { values: placed, candidates: [] };
  }
  const box = ([top, left, height, width], inset, attrs, parent) => shape("rect", Object.assign({
    x: left * U + inset, y: top * U + inset, width: width * U - 2 * inset,
    height: height * U - 2 * inset }, attrs), parent);

  /** Draws the rectangles of `grid` (by clue), `step`'s marks and the person's `board` marks
   * (mistakes, where to look, the rectangle being dragged); returns the names of the marks
   * drawn. */
  function draw(grid, step, netView, board) {
    const used = new Set(["clue"]);
    start(cols * U, rows * U);
    grid.values.forEach((rect, clue) => {
      if (!rect) return;
      used.add("earlier");
      box(rect, 0, { fill: data.fills[clue], class: "rectangle", "fill-opacity": 0.85 }, svg);
    });
    if (step) {
      if (step.cells.length) used.add("reason");
      for (const [row, col] of step.cells) {
        box([row, col, 1, 1], 0, { fill: C.pattern, class: "reason" }, svg);
        box([row, col, 1, 1], 5, { fill: "none", stroke: C.highlight, "stroke-width": 3 }, svg);
      }
    }
    const lines = shape("g", { stroke: "#999", "stroke-width": 1.5 }, svg);
    for (let c = 1; c < cols; c++) line(c * U, 0, c * U, rows * U, "#999", 1.5, lines);
    for (let r = 1; r < rows; r++) line(0, r * U, cols * U, r * U, "#999", 1.5, lines);
    grid.values.forEach((rect) => {
      if (rect) box(rect, 0, { fill: "none", stroke: "#000", "stroke-width": 5 }, svg);
    });
    shape("rect", { x: 0, y: 0, width: cols * U, height: rows * U, fill: "none",
      stroke: "#000", "stroke-width": 6 }, svg);
    if (step) drawStep(step, used);
    if (board) drawBoard(board, used);
    const numbers = shape("g", { "text-anchor": "middle", "dominant-baseline": "central",
      "font-size": U * 0.5, "font-weight": 700 }, svg);
    data.clues.forEach(([row, col, number], clue) => {
      const current = step && step.clue === clue;
      shape("text", { x: (col + 0.5) * U, y: (row + 0.5) * U,
        fill: current ? C.highlight : "#000", class: current ? "clue current" : "clue" },
      numbers, String(number));
    });
    return used;
  }

  /** The step's rectangle placed, or the candidate rectangles it removes. */
  function drawStep(step, used) {
    if (step.placed) {
      used.add("placing");
      box(step.placed, 4, { fill: "none", stroke: C.placed, "stroke-width": 7,
        class: "placing" }, svg);
      return;
    }
    if (step.removed.length) used.add("removed");
    for (const [, ...rect] of step.removed) {
      box(rect, 6, { fill: "none", stroke: C.eliminated, "stroke-width": 4,
        "stroke-dasharray": "10 7", class: "removed" }, svg);
    }
  }

  /** The person's marks: rectangles a check found wrong, the clue to look at, the rectangle
   * being dragged. */
  function drawBoard(board, used) {
    for (const rect of board.wrong) {
      used.add("wrong");
      box(rect, 8, { fill: "none", stroke: C.eliminated, "stroke-width": 6, class: "wrong" }, svg);
    }
    for (const [row, col] of board.look) {
      used.add("look");
      box([row, col, 1, 1], 4, { fill: "none", stroke: BOARD.look, "stroke-width": 5,
        "stroke-dasharray": "12 6", class: "look" }, svg);
    }
    if (board.preview) {
      used.add("drawing");
      box(board.preview, 3, { fill: BOARD.selected, "fill-opacity": 0.15,
        stroke: BOARD.selected, "stroke-width": 5, class: "preview" }, svg);
    }
  }

  const legendBox = (attrs) => (svgEl) => {
    shape("rect", Object.assign({ x: 3, y: 3, width: 30, height: 22 }, attrs), svgEl);
  };
  const legend = [
    ["earlier", legendBox({ fill: data.fills[0] || "#eee", stroke: "#000", "stroke-width": 2.5 }),
      "Rectangle placed (by an earlier step, or by you)"],
    ["placing", legendBox({ fill: "none", stroke: C.placed, "stroke-width": 4 }),
      "Rectangle the step places"],
    ["removed", legendBox({ fill: "none", stroke: C.eliminated, "stroke-width": 2.5,
      "stroke-dasharray": "5 3" }), "Candidate rectangle the step removes"],
    ["reason", legendBox({ fill: C.pattern, stroke: C.highlight, "stroke-width": 2 }),
      "Cells the step rests on"],
    ["clue", (svgEl) => shape("text", { x: 18, y: 15, "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 18, "font-weight": 700,
      fill: C.highlight }, svgEl, "6"), "The clue the step is about"],
    ["wrong", legendBox({ fill: "none", stroke: C.eliminated, "stroke-width": 4 }),
      "A rectangle the check found wrong"],
    ["look", legendBox({ fill: "none", stroke: BOARD.look, "stroke-width": 3,
      "stroke-dasharray": "6 3" }), "The number the hint says to look at"],
    ["drawing", legendBox({ fill: BOARD.selected, "fill-opacity": 0.15, stroke: BOARD.selected,
      "stroke-width": 3 }), "The rectangle you are drawing"],
  ];
  return {
    draw,
    at,
    legend,
    label: (step) => step.technique,
    swatch: (step) => (step.backtracking ? C.backtracking : null),
    detail: () => "",
    cellPixels: Math.max(rows, cols) > 20 ? 28 : 0,
    across: Math.max(rows, cols),
    unit: U,
  };
}
