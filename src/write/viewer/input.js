// input.js: the board's controls: the keypad, the modes, and the grid itself, hit-tested from
// its drawn geometry (a click, tap or drag mapped through the SVG's own transform), and keys.

/** The point of the drawing (in the grid's SVG units) under a mouse, pen or touch event: the
 * window's point mapped through the SVG's own transform, which takes in where the square grid
 * sits in its box (centred, with margins, when the box is of another shape), scrolling and
 * zoom. */
function gridPoint(event) {
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
}

/** A Shikaku's controls: drag (mouse, pen or touch) from one cell to another to draw a
 * rectangle, click or tap one to remove it; Ctrl+Z and Ctrl+Y undo and redo. */
function setUpRectangles(wrap) {
  // Digits, pencil marks and the listing of every step are a Sudoku's.
  for (const id of ["modes", "keypad", "all-marks", "no-marks", "list-available"]) {
    $(id).style.display = "none";
  }
  $("highlight").closest("label").style.display = "none";
  $("keys").textContent = "Keys: ← previous, → next, Home first, End last. On the grid: drag " +
    "from one cell to another to draw a rectangle, click a rectangle to remove it; Ctrl+Z " +
    "undoes, Ctrl+Y redoes.";
  svg.style.touchAction = "none";
  /** The cell under a pointer event (the nearest one, outside the grid). */
  const cellAt = (event) => {
    const point = gridPoint(event);
    const clamp = (v, n) => Math.max(0, Math.min(n - 1, Math.floor(v / view.unit)));
    return [clamp(point.y, data.rows), clamp(point.x, data.cols)];
  };
  let drag = null;
  svg.addEventListener("pointerdown", (event) => {
    const at = cellAt(event);
    drag = { from: at, to: at };
    svg.setPointerCapture(event.pointerId);
    event.preventDefault();
    wrap.focus({ preventScroll: true });
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const at = cellAt(event);
    if (String(at) === String(drag.to)) return;
    drag.to = at;
    board.preview = spanning(drag.from, at);
    redraw();
  });
  svg.addEventListener("pointerup", () => {
    if (!drag) return;
    const { from, to } = drag;
    drag = null;
    board.preview = null;
    const covered = board.values.some((rect) => rect && inside(rect, from));
    if (String(from) === String(to) && covered) remove(from);
    else guarded(() => place(from, to));
    redraw();
  });
  svg.addEventListener("pointercancel", () => {
    drag = null;
    board.preview = null;
    redraw();
  });
  wrap.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z") (event.shiftKey ? redo : undo)();
    else if (key === "y") redo();
    else return;
    event.preventDefault();
  });
}

/** The board's controls: the keypad, the modes, undo and redo, marks, highlight, hints, and
 * the grid itself (click or tap a cell, then keys). */
function setUpBoard() {
  $("board-tools").hidden = false;
  $("study").hidden = false;
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  for (const level of [1, 2, 3]) {
    $(`hint-${level}`).addEventListener("click", () => guarded(() => hint(level)));
  }
  $("check").addEventListener("click", () => guarded(check));
  const wrap = $("grid-wrap");
  wrap.tabIndex = 0;
  if (shikakuOn) setUpRectangles(wrap);
  else setUpDigits(wrap);
}

/** A Sudoku's controls: the keypad, the modes, marks, highlight, the listing, and the grid's
 * cells (click or tap one, then keys). */
function setUpDigits(wrap) {
  const keypad = $("keypad");
  data.symbols.forEach((symbol, i) => {
    const key = make("button", { type: "button", class: "digit", "data-digit": i + 1,
      "aria-label": `digit ${symbol}` }, keypad, symbol);
    key.addEventListener("click", () => {
      act(i + 1);
      $("grid-wrap").focus({ preventScroll: true }); // the keys go on working on the grid
    });
    make("option", { value: i + 1 }, $("highlight"), symbol);
  });
  const erase = make("button", { type: "button", id: "erase", title: "Clear the cell (Delete)" },
    keypad, "⌫");
  erase.addEventListener("click", () => { if (board.selected >= 0) clear(board.selected); });
  keypad.style.setProperty("--columns", String(Math.min(n + 1, Math.ceil(Math.sqrt(n)) * 2)));
  for (const button of $("modes").querySelectorAll("button")) {
    button.addEventListener("click", () => setMode(button.dataset.mode));
  }
  $("all-marks").addEventListener("click", () => allMarks(true));
  $("no-marks").addEventListener("click", () => allMarks(false));
  $("highlight").addEventListener("change", () => {
    highlightDigit(Number($("highlight").value));
    fillLegend(drawn);
  });
  $("list-available").addEventListener("click", () => guarded(listAvailable));
  svg.addEventListener("click", (event) => {
    const point = gridPoint(event);
    const cell = view.cellAt(Math.floor(point.y / view.unit), Math.floor(point.x / view.unit));
    if (cell < 0) return; // off the grid, or a gap between overlapping grids
    select(cell);
    wrap.focus({ preventScroll: true });
  });
  wrap.addEventListener("keydown", boardKey);
}

/** Selects `cell`; a cell holding a digit highlights that digit. Only the selection's outline
 * and the highlight's marks are drawn again (on a 25x25, drawing the whole grid takes longer
 * than a click should), and the legend when it gains an entry. */
function select(cell) {
  const highlight = board.highlight;
  board.selected = cell;
  view.select(cell);
  if (board.values[cell]) highlightDigit(board.values[cell]);
  if (!drawn.has("selected") || board.highlight !== highlight) {
    drawn.add("selected");
    fillLegend(drawn);
  }
}

/** Highlights `digit`'s cells and candidates (none for 0), the rest of the drawing kept. */
function highlightDigit(digit) {
  board.highlight = digit;
  $("highlight").value = String(digit);
  if (view.highlight(digit)) drawn.add("highlight");
  else drawn.delete("highlight");
}

function setMode(next) {
  mode = next;
  for (const button of $("modes").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
  }
}

/** The cell an arrow key moves to from `cell` (the first cell when none is selected): the
 * next one that way, over the gaps between overlapping grids, round to the other side at the
 * sheet's edge. */
function moved(cell, [dr, dc]) {
  if (cell < 0) return 0;
  let [row, col] = view.rowCol(cell);
  for (;;) {
    row = (row + dr + view.rows) % view.rows;
    col = (col + dc + view.cols) % view.cols;
    const next = view.cellAt(row, col);
    if (next >= 0) return next;
  }
}

/** Keys on the grid: arrows move, symbols act by the mode, Delete clears, Space switches
 * digits and pencil marks, Ctrl+Z and Ctrl+Y undo and redo. */
function boardKey(event) {
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  const steer = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let done = true;
  if (ctrl && key.toLowerCase() === "z") (event.shiftKey ? redo : undo)();
  else if (ctrl && key.toLowerCase() === "y") redo();
  else if (ctrl || event.altKey) done = false;
  else if (steer[key]) select(moved(board.selected, steer[key])); else if (key === "Delete" || key === "Backspace") {
    if (board.selected >= 0) clear(board.selected);
  } else if (key === " ") setMode(mode === "digit" ? "pencil" : "digit");
  else {
    const digit = data.symbols.findIndex((s) => s.toUpperCase() === key.toUpperCase()) + 1;
    if (digit) act(digit);
    else done = false;
  }
  if (done) event.preventDefault();
}
