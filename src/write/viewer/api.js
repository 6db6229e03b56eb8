// api.js: the page's JavaScript API, and the start.

// The page's JavaScript API (README, "The board in the page"): for tests and for anyone who
// embeds the board. Cells are named `r1c2`; digits are numbers or the puzzle's symbols. What
// the engine answers comes as a promise (hint, check, steps, state, solve); a request over its
// budget of work, or ended by Stop, rejects with the message the page shows.
window.gridlogic = {
  ready: null,
  enter: (cell, digit) => enter(cellIndex(cell), digitOf(digit)),
  clear: (cell) => clear(cellIndex(cell)),
  mark: (cell, digit) => mark(cellIndex(cell), digitOf(digit)),
  colour: (cell, digit, colour) => paint(cellIndex(cell), digitOf(digit), colour),
  hint: (level) => hint(level || 1),
  check,
  place: (from, to) => place(shikakuCell(from), shikakuCell(to === undefined ? from : to)),
  remove: (cell) => remove(shikakuCell(cell)),
  steps: available,
  state: stateText,
  solve: (puzzle) => ask(request({ op: "solve", puzzle: String(puzzle) })),
  stop: stopEngine,
  goto: (step) => go(step),
  undo,
  redo,
};

if (view.cellPixels) {
  document.body.classList.add("big");
  svg.style.width = `${view.across * view.cellPixels}px`;
}
// On a phone, and in a window less than 820 pixels high (most laptops'), the summary starts
// folded, so that the grid and the panel beside it have the room.
if (window.matchMedia("(max-width: 800px), (max-height: 820px)").matches) $("about").open = false;
fillSummary();
fillList();
if (boardOn) setUpBoard();
go(asked() ?? 0);
// The words and the guide come a moment later; the step on show gets them as it stands.
unpackTold().then(() => {
  fillWords(current());
  fillGuide(current());
}, (e) => { $("words").hidden = false; $("words").textContent = `The words did not load: ${e.message}`; });
window.gridlogic.ready = boardOn
  ? loadEngine().then(() => busy(false),
    (e) => {
      engine.problem = `Hints need the engine: ${e.message}`;
      busy(false);
      throw e;
    })
  : Promise.reject(new Error("this page has no board"));
window.gridlogic.ready.catch(() => {});
