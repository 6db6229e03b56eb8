// hints.js: the study panel: hints at three levels, the check, and the listing of every step
// available, each answered by the engine (engine.js) from the board's state. Answers come
// while the person goes on: one that comes for a board since changed is not drawn.

/** Changes to the board so far: an answer is drawn only if none came while it was asked. */
let changes = 0;
/** The listing under way, if any: changing the board stops it. */
let listing = null;

/** The board as text `gridlogic hint` reads (a promise): the puzzle, then its pencil marks (a
 * Shikaku's: its rectangles), as they stand now. */
function stateText() {
  const fields = shikakuOn
    ? { op: "state", puzzle: data.puzzle, rectangles: board.values.slice() }
    : { op: "state", puzzle: data.puzzle, values: board.values.slice(),
      candidates: board.candidates.slice() };
  return request(fields).then((answer) => answer.text);
}

/** The hint at `level` (1 to 3) from the board: its text, shown; the cells of its mistakes
 * outlined; at level 3 its step drawn. */
async function hint(level) {
  const asked = changes;
  const state = await stateText();
  const answer = await ask(request({ op: "hint", level, state }), state);
  const text = answer.text.trim();
  if (asked !== changes) return text;
  const found = answer.hints[0];
  board.wrong = wrongOf(found.mistakes);
  // A Shikaku hint's way ends with the step that places a rectangle: that one is drawn.
  const step = answer.board[0][answer.board[0].length - 1];
  overlay = step ? { step, title: "Hint" } : null;
  show();
  board.look = lookAt(found.step, level);
  board.lookHouse = level === 1;
  redraw();
  hintText(text);
  return text;
}

/** The cells a hint below level 3 points at: the house to look at (level 1), the cells of
 * the technique's pattern (level 2). */
function lookAt(step, level) {
  if (!step || level >= 3) return [];
  if (shikakuOn) return [shikakuCell(step.cell)];
  if (level === 2) return (step.cells || []).map(cellIndex);
  const house = data.houses.find((h) => h.name === step.house) ||
    (data.cages || []).find((c) => c.name === step.house);
  return house ? house.cells : [];
}

/** The check: the mistakes the solution finds on the board, named and outlined. */
async function check() {
  const asked = changes;
  const state = await stateText();
  const answer = await ask(request({ op: "hint", level: 1, state }), state);
  const found = answer.hints[0];
  const lines = answer.text.trim().split("\n").filter((l) => !l.startsWith("Hint"));
  const right = shikakuOn ? "every rectangle is right" : "every digit is right";
  const verdict = found.verdict === "solved" ? `Solved: ${right}.`
    : found.mistakes.length ? lines.join("\n") : "No mistakes so far.";
  if (asked !== changes) return verdict;
  board.wrong = wrongOf(found.mistakes);
  board.look = [];
  overlay = null;
  redraw();
  hintText(verdict);
  return verdict;
}

/** Every step available on the board, as `explain --technique all --format json` lists them
 * (up to the engine's most, see `listAvailable`). */
async function available() {
  const state = await stateText();
  const answer = await request({ op: "steps", state });
  if (answer.over_budget) throw new Unfinished(answer.over_budget, true);
  return answer.steps;
}

/** `answer` (the engine's, a promise), or the message it stopped with shown, and with a way
 * to save the grid `state` for the command line when its budget ran out; then rejected. */
function ask(answer, state) {
  return answer.catch((e) => {
    if (e instanceof Unfinished) hintText(e.message, e.overBudget && state);
    throw e;
  });
}

/** Lists every step available on the board, grouped by technique, simplest first, each one
 * drawn when picked. It asks the engine one technique at a time, with what is left of one
 * budget of work and of the most steps one listing holds, so that the page fills as it goes;
 * a change to the board stops it. */
async function listAvailable() {
  stopListing();
  const run = {};
  listing = run;
  const list = $("available");
  list.textContent = "";
  const count = $("available-count");
  let [total, groups] = [0, 0];
  const counted = () => `${total} ${total === 1 ? "step" : "steps"}, ${groups} ` +
    `${groups === 1 ? "technique" : "techniques"}`;
  $("available-box").hidden = false;
  $("available-box").open = true;
  count.textContent = "looking for the techniques…";
  try {
    const state = await stateText();
    const first = await ask(request({ op: "techniques", state }), state);
    let [budget, room] = [first.budget - first.work, first.most];
    for (const [i, name] of first.techniques.entries()) {
      if (listing !== run) return;
      count.textContent = `${counted()}; looking for ${name}…`;
      const answer = await request({ op: "steps", state, technique: i, budget, most: room });
      if (listing !== run) return;
      [budget, room] = [budget - answer.work, room - answer.board.length];
      if (answer.board.length) {
        total += answer.board.length;
        groups += 1;
        listGroup(list, name, answer.board, answer.capped.length > 0 || answer.cut_short);
      }
      if (answer.over_budget) {
        count.textContent = `${counted()}: stopped, out of work for one listing`;
        hintText(answer.over_budget, state);
        return;
      }
      if (room <= 0) {
        count.textContent = `${counted()}: the first ${first.most}, more not listed ` +
          "(the command line lists them all)";
        return;
      }
    }
    count.textContent = total ? counted() : "none: the grid is solved, or a mistake stands " +
      "in the way (Check)";
  } catch (e) {
    if (listing !== run) return;
    count.textContent = `${counted()}: stopped`;
    if (!(e instanceof Unfinished)) hintText(e.message);
  } finally {
    if (listing === run) listing = null;
  }
}

/** Stops the listing under way, if any (and the engine's work on it). */
function stopListing() {
  if (listing) {
    listing = null;
    stopEngine();
  }
}

/** One technique's steps in the listing: a heading to open, a button per step, made when it
 * is first opened (a technique may have a thousand). */
function listGroup(list, technique, found, capped) {
  const group = make("li", { class: "technique" }, list);
  const head = make("details", {}, group);
  const summary = make("summary", {}, head);
  const swatch = make("span", { class: "swatch", "aria-hidden": "true" }, summary);
  swatch.style.background = data.families[found[0].family][1];
  make("span", {}, summary, ` ${technique} (${found.length}${capped ? ", more not listed" : ""})`);
  const inner = make("ol", {}, head);
  head.addEventListener("toggle", () => {
    if (!head.open || inner.children.length) return;
    for (const step of found) {
      const item = make("li", {}, inner);
      const button = make("button", { type: "button", class: "available-step" }, item, step.text);
      button.addEventListener("click", () => {
        overlay = { step, title: "Available here" };
        show();
      });
    }
  });
}

/** Shows `text` in the hint box, a command in it (between backquotes) as code; with
 * `state`, a link that saves it as `grid.txt` (the file the message of a request over its
 * budget names). */
function hintText(text, state) {
  const box = $("hint");
  box.textContent = "";
  text.split("`").forEach((part, i) => make(i % 2 ? "code" : "span", {}, box, part));
  box.hidden = !text;
  const save = $("save-grid");
  if (save.href) URL.revokeObjectURL(save.href);
  save.hidden = !state;
  save.removeAttribute("href");
  if (state) save.href = URL.createObjectURL(new Blob([state], { type: "text/plain" }));
}

/** Runs `work` (a promise's maker), showing what went wrong instead of throwing. */
function guarded(work) {
  Promise.resolve().then(work).catch((e) => {
    if (!(e instanceof Unfinished)) hintText(e.message);
  });
}
