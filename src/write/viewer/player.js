// player.js: the step player: the summary, the list of steps, the legend, what is on show
// (gridlogic's step or the person's grid), going to a step by button, key, list or address.

const view = data.kind === "shikaku" ? shikaku() : sudoku();
const count = steps.length;
let position = 0;

function fillSummary() {
  document.title = `${data.source} — gridlogic step viewer`;
  $("title").textContent = `${data.source}: step by step`;
  for (const [label, value] of data.summary) {
    const pair = make("div", {}, $("summary"));
    make("dt", {}, pair, label);
    make("dd", {}, pair, value);
  }
}

/** The legend of the marks `used` on the grid, in the legend's order. */
function fillLegend(used) {
  const legend = $("legend");
  legend.textContent = "";
  for (const [name, paint, text] of view.legend) {
    if (!used.has(name)) continue;
    const item = make("li", { "data-mark": name }, legend);
    paint(shape("svg", { viewBox: "0 0 36 28", "aria-hidden": "true" }, item));
    make("span", {}, item, text);
  }
}

function fillList() {
  const list = $("steps");
  steps.forEach((step, i) => {
    const item = make("li", { class: "step" }, list);
    const button = make("button", { type: "button", title: step.text }, item);
    const colour = view.swatch(step);
    const swatch = make("span", { class: "swatch", "aria-hidden": "true" }, button);
    if (colour) swatch.style.background = colour;
    else swatch.style.visibility = "hidden";
    make("span", { class: "number" }, button, `${i + 1}.`);
    make("span", {}, button, view.label(step));
    button.addEventListener("click", () => go(i));
  });
  const end = make("li", { class: "end" }, list);
  const button = make("button", { type: "button" }, end);
  make("span", { class: "swatch", "aria-hidden": "true", style: "visibility:hidden" }, button);
  make("span", { class: "number" }, button, "");
  make("span", {}, button, "The grid after the last step");
  button.addEventListener("click", () => go(count));
}

/** Scrolls a large grid (and the page, if need be) so that the step's marks are in sight:
 * the last, then the first, as little as it takes. */
function reveal() {
  if (!view.cellPixels) return;
  const marks = svg.querySelectorAll(".marked, .placing, .reason");
  if (!marks.length) return;
  for (const mark of [marks[marks.length - 1], marks[0]]) {
    mark.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

/** The names of the marks on the grid (the legend's entries). */
let drawn = new Set();

/** Draws what is on show: the board or gridlogic's grid, the step, the legend, the panel. */
function redraw() {
  const step = current();
  const netView = step && step.net ? Object.assign(openBranch(step), net) : null;
  const marks = boardOn ? { selected: board.selected, highlight: board.highlight,
    colours: board.colours, wrong: board.wrong, look: board.look, lookHouse: board.lookHouse,
    own: board.own, origin: board.origin, preview: board.preview } : null;
  // Without a board (a grid too large for candidates) gridlogic's grid is drawn as it stands.
  drawn = view.draw(boardOn ? board : view.at(position), chainStep(step), netView, marks);
  fillLegend(drawn);
  fillNet(step);
  fillChain(step);
  fillWords(step);
  fillGuide(step);
}

/** The panel and the grid for what is on show. */
function show() {
  const step = current();
  net = null;
  if (step && step.net) openNet(step, [0], true);
  openChain(step);
  redraw();
  document.body.dataset.position = String(position);
  document.body.dataset.own = String(board.own);
  $("position").textContent = board.own
    ? `Your grid: ${board.moves} ${board.moves === 1 ? "move" : "moves"} from ` +
      (board.from ? `step ${board.from + 1}` : "the start")
    : position < count
      ? `Step ${position + 1} of ${count}`
      : count ? `After the last step (${count} steps)` : "No steps: the givens fill the grid";
  const heading = $("technique");
  heading.textContent = "";
  if (step) {
    const colour = view.swatch(step);
    if (colour) make("span", { class: "swatch", style: `background:${colour}` }, heading);
    if (overlay) make("span", {}, heading, `${overlay.title}: `);
    guideButton(view.label(step), heading);
  } else if (!board.own) {
    make("span", {}, heading, data.summary.find(([label]) => label === "Result")?.[1] || "");
  }
  $("explanation").textContent = step ? step.text : "";
  $("houses").textContent = step ? view.detail(step) : "";
  $("first").disabled = $("previous").disabled = !board.own && position === 0;
  $("next").disabled = $("last").disabled = !board.own && position === count;
  if (boardOn) {
    $("undo").disabled = !undone.length;
    $("redo").disabled = !redone.length;
  }
  const items = $("steps").children;
  for (let i = 0; i < items.length; i++) {
    if (i === position && !board.own) items[i].setAttribute("aria-current", "step");
    else items[i].removeAttribute("aria-current");
  }
}

/** Shows gridlogic's grid before the step at `target` (an own grid can be had back by
 * undo). */
function go(target) {
  if (board.own) {
    undone.push(snapshot());
    redone.length = 0;
  }
  position = Math.max(0, Math.min(count, target));
  if (boardOn) {
    const grid = view.at(position);
    Object.assign(board, { values: grid.values, candidates: grid.candidates, own: false,
      colours: new Map(), moves: 0, wrong: [], look: [] });
  }
  overlay = null;
  stale();
  show();
  // The panel shows the step's explanation first (a click in its list may have scrolled it).
  $("panel").scrollTop = 0;
  reveal();
  const item = $("steps").children[position];
  if (item) {
    const list = $("steps");
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  try {
    history.replaceState(null, "", `#step=${position + 1}`);
  } catch (e) {
    // A page opened where the address cannot change keeps working without it.
  }
}

/** The step the address asks for, from 0: `#step=N`, or `#step-N` as older pages wrote. */
function asked() {
  const match = /^#step[=-](\d+)$/.exec(location.hash);
  return match ? Number(match[1]) - 1 : null;
}

const moves = {
  ArrowRight: () => position + 1,
  ArrowLeft: () => position - 1,
  Home: () => 0,
  End: () => count,
};
document.addEventListener("keydown", (event) => {
  if (event.target.closest && event.target.closest("#grid-wrap")) return;
  const move = moves[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.tagName === "SELECT") return;
  event.preventDefault();
  // Shift with an arrow plays the chain or net on show rather than leaving the step.
  const by = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (event.shiftKey && by && playBy(by)) return;
  go(board.own && (event.key === "ArrowRight" || event.key === "ArrowLeft") ? position : move());
});
$("first").addEventListener("click", () => go(0));
$("previous").addEventListener("click", () => go(board.own ? position : position - 1));
$("next").addEventListener("click", () => go(board.own ? position : position + 1));
$("last").addEventListener("click", () => go(count));

window.addEventListener("hashchange", () => {
  const target = asked();
  if (target !== null && (target !== position || board.own)) go(target);
});
