// board.js: the board's grid and what a person does to it: digits, pencil marks, colours,
// a Shikaku's rectangles, undo and redo; cells and digits named as the API names them.

// The board shows gridlogic's solve before the step at `position` until the person changes it; then
// it is theirs ("own"), and the step shown is a hint or a step they picked (`overlay`), if
// any. Every change can be undone; going back into gridlogic's solve can be undone too.
const shikakuOn = data.kind === "shikaku";
const boardOn = shikakuOn || !!data.candidates;
const n = data.size || 0;
// `origin`: the digits the board had when it became the person's (theirs are the others).
const board = { values: [], candidates: [], colours: new Map(), own: false, from: 0,
  moves: 0, selected: -1, highlight: 0, wrong: [], look: [], origin: [], preview: null };
let overlay = null; // { step, title }
let mode = "digit"; // what a digit does: "digit", "pencil", "a" or "b" (a colour)
const undone = [];
const redone = [];
const bit = (digit) => 1 << (digit - 1);

/** The step drawn: the overlay, else gridlogic's step at `position` (none on an own grid). */
function current() {
  if (overlay) return overlay.step;
  return board.own ? null : steps[position];
}

/** The board as it stands, for undo. */
function snapshot() {
  return { values: board.values.slice(), candidates: board.candidates.slice(),
    colours: new Map(board.colours), own: board.own, from: board.from, moves: board.moves,
    origin: board.origin, position };
}
function restore(shot) {
  Object.assign(board, { values: shot.values.slice(), candidates: shot.candidates.slice(),
    colours: new Map(shot.colours), own: shot.own, from: shot.from, moves: shot.moves,
    origin: shot.origin, wrong: [], look: [] });
  overlay = null;
  position = shot.position;
}

/** Makes one change to the board (`change` edits it and says whether it changed), as an own
 * grid from here on; undoable. */
function change(edit) {
  const before = snapshot();
  const origin = board.own ? board.origin : board.values.slice();
  if (!edit()) return false;
  undone.push(before);
  redone.length = 0;
  if (!board.own) Object.assign(board, { own: true, from: position, moves: 0, origin });
  board.moves += 1;
  board.wrong = [];
  board.look = [];
  overlay = null;
  stale();
  show();
  return true;
}

/** The hint and the listing no longer hold once the board changes: the listing stops, and
 * answers to come for the board before are not drawn. */
function stale() {
  changes += 1;
  hintText("");
  stopListing();
  $("available").textContent = "";
  $("available-box").hidden = true;
}
/** Takes the board back from `from` (the undo or the redo stack), keeping it on `to`. */
function back(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  restore(from.pop());
  stale();
  show();
}
const undo = () => back(undone, redone);
const redo = () => back(redone, undone);

/** The cells `cell` shares a house or a cage with. */
const peers = (() => {
  if (!boardOn || shikakuOn) return [];
  const list = Array.from({ length: data.cells.length }, () => new Set());
  const together = (cells) => {
    for (const a of cells) for (const b of cells) if (a !== b) list[a].add(b);
  };
  data.houses.forEach((house) => together(house.cells));
  (data.cages || []).forEach((cage) => together(cage.cells));
  return list.map((set) => [...set]);
})();

/** Every digit the placed digits of `cell`'s peers leave it. */
function open(cell) {
  let bits = (2 ** n) - 1;
  for (const peer of peers[cell]) if (board.values[peer]) bits &= ~bit(board.values[peer]);
  return bits;
}

/** Places `digit` in `cell` (not a given), taking it from the cell's peers' pencil marks. */
function enter(cell, digit) {
  return change(() => {
    if (data.givens[cell] || board.values[cell] === digit) return false;
    board.values[cell] = digit;
    board.candidates[cell] = 0;
    for (const peer of peers[cell]) board.candidates[peer] &= ~bit(digit);
    return true;
  });
}
/** Empties `cell` (not a given): it gets every digit its peers leave. */
function clear(cell) {
  return change(() => {
    if (data.givens[cell] || !board.values[cell]) return false;
    board.values[cell] = 0;
    board.candidates[cell] = open(cell);
    return true;
  });
}
/** Toggles the pencil mark `digit` of the empty `cell`. */
function mark(cell, digit) {
  return change(() => {
    if (board.values[cell]) return false;
    board.candidates[cell] ^= bit(digit);
    return true;
  });
}
/** Toggles colour `colour` ("a" or "b") on candidate `digit` of `cell`. */
function paint(cell, digit, colour) {
  return change(() => {
    if (board.values[cell] || !(board.candidates[cell] & bit(digit))) return false;
    const key = cell * 128 + digit;
    if (board.colours.get(key) === colour) board.colours.delete(key);
    else board.colours.set(key, colour);
    return true;
  });
}
/** Every empty cell's pencil marks: all the digits its peers leave, or none. */
function allMarks(on) {
  return change(() => {
    let changed = false;
    for (let cell = 0; cell < data.cells.length; cell++) {
      if (board.values[cell]) continue;
      const bits = on ? open(cell) : 0;
      changed = changed || bits !== board.candidates[cell];
      board.candidates[cell] = bits;
    }
    return changed;
  });
}
/** What a digit key or keypad button does to the selected cell, by the mode. */
function act(digit) {
  const cell = board.selected;
  if (cell < 0 || digit < 1 || digit > n) return;
  if (mode === "digit") enter(cell, digit);
  else if (mode === "pencil") mark(cell, digit);
  else paint(cell, digit, mode);
}

// The Shikaku board: rectangles drawn by dragging from one cell to another.
// `board.values` holds each clue's rectangle, `[top, left, height, width]`, or null.

/** The mistakes a hint names, as the board outlines them: cells, or a Shikaku's rectangles. */
function wrongOf(mistakes) {
  return mistakes.map((m) => (shikakuOn ? rectOf(m.rectangle) : cellIndex(m.cell)));
}
/** The zero-based `[row, col]` of a Shikaku cell named `r2c3`. */
function shikakuCell(name) {
  const match = /^r(\d+)c(\d+)$/i.exec(String(name));
  const [row, col] = match ? [Number(match[1]) - 1, Number(match[2]) - 1] : [-1, -1];
  if (row < 0 || row >= data.rows || col < 0 || col >= data.cols) {
    throw new Error(`no cell ${name}: cells are named r1c1 to r${data.rows}c${data.cols}`);
  }
  return [row, col];
}
/** A rectangle named by its corners, `r2c3-r4c5` (or `r2c3`). */
function rectOf(name) {
  const [a, b] = name.split("-").map(shikakuCell);
  return spanning(a, b || a);
}
/** `r2c3-r4c5`, or `r2c3` for one cell. */
function rectName([top, left, height, width]) {
  const corner = `r${top + 1}c${left + 1}`;
  return height * width > 1 ? `${corner}-r${top + height}c${left + width}` : corner;
}
/** The rectangle with corners `a` and `b`, `[row, col]` each. */
function spanning(a, b) {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(a[0] - b[0]) + 1,
    Math.abs(a[1] - b[1]) + 1];
}
const inside = ([top, left, height, width], [row, col]) =>
  row >= top && row < top + height && col >= left && col < left + width;

/** Places the rectangle with corners `a` and `b` for the one number it holds (in place of
 * that number's rectangle, if any); a rectangle without a number, or with several, is
 * refused with the reason. */
function place(a, b) {
  const rect = spanning(a, b);
  const clues = data.clues.flatMap((clue, i) => (inside(rect, clue) ? [i] : []));
  if (clues.length !== 1) {
    const held = clues.length ? `${clues.length} numbers` : "no number";
    throw new Error(`${rectName(rect)} holds ${held}: a rectangle holds exactly one`);
  }
  return change(() => {
    const same = String(board.values[clues[0]]) === String(rect);
    board.values[clues[0]] = rect;
    return !same;
  });
}
/** Removes the rectangle that covers `cell` (the last drawn, where several do). */
function remove(cell) {
  return change(() => {
    const clue = board.values.map((rect, i) => (rect && inside(rect, cell) ? i : -1))
      .reduce((a, b) => Math.max(a, b), -1);
    if (clue < 0) return false;
    board.values[clue] = null;
    return true;
  });
}

/** The index of a cell named `r1c2` (or as the puzzle names it). */
function cellIndex(name) {
  const named = data.cells.indexOf(name);
  if (named >= 0) return named;
  const match = /^r(\d+)c(\d+)$/i.exec(String(name));
  // Overlapping grids' cells are named by their place on the sheet, every one in `data.cells`.
  if (data.sheet) throw new Error(`no cell ${name} in these grids`);
  if (!match) throw new Error(`no cell ${name}: cells are named r1c1 to r${n}c${n}`);
  const [row, col] = [Number(match[1]), Number(match[2])];
  if (row < 1 || row > n || col < 1 || col > n) throw new Error(`no cell ${name} in this grid`);
  return (row - 1) * n + col - 1;
}
/** A digit as a number 1..N, from a number or the puzzle's symbol. */
function digitOf(value) {
  if (typeof value === "number" && value >= 1 && value <= n) return value;
  const at = data.symbols.findIndex((s) => s.toUpperCase() === String(value).toUpperCase());
  if (at < 0) throw new Error(`${value} is not a digit of this grid`);
  return at + 1;
}
