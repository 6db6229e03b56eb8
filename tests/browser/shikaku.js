// Drives Debian's Chromium through the board of a Shikaku step viewer page (src/write/viewer) as
// a person and a program would: rectangles dragged with the mouse and clicked away, then the
// page's JavaScript API (window.gridlogic). Prints, as JSON, what the page answered;
// tests/shikaku_board.rs writes the page and the case file, and checks every answer against the
// command line and the puzzle's published solution.
//
//   node tests/browser/shikaku.js CASE.json
//
// CASE.json: { "page" (absolute path), "goto": n, "dragged": [[row, col], [row, col]] (zero-based
//   corners, dragged from the first to the second), "placed": [cell, cell] (corners through the
//   API), "wrong": [cell, cell] (placed, then undone), "empty": cell (a cell with no number),
//   "shots": folder }
"use strict";
const path = require("path");
const common = require("./common");

/** The window position of the middle of cell (row, col) of the page's grid. */
async function centre(page, [row, col]) {
  return page.evaluate(([row, col]) => {
    const svg = document.getElementById("grid");
    const point = new DOMPoint((col + 0.5) * 60, (row + 0.5) * 60).matrixTransform(svg.getScreenCTM());
    return [point.x, point.y];
  }, [row, col]);
}

/** Drags the mouse from the middle of one cell to the middle of another. */
async function drag(page, from, to) {
  const [a, b] = [await centre(page, from), await centre(page, to)];
  await page.mouse.move(a[0], a[1]);
  await page.mouse.down();
  await page.mouse.move(b[0], b[1], { steps: 6 });
  await page.mouse.up();
}

/** Runs `work` in the page and gives back its answer, or the message of what it threw. */
async function attempt(page, work, arg) {
  return page.evaluate(([work, arg]) => {
    try {
      return { answer: new Function("g", "arg", work)(window.gridlogic, arg) };
    } catch (e) {
      return { error: e.message };
    }
  }, [work, arg]);
}

async function run(browser, c) {
  const board = await common.openBoard(browser, c.page, { viewport: { width: 1280, height: 1000 } });
  const page = board.page;
  const out = { ready_ms: board.readyMs };
  out.goto_state = await page.evaluate((n) => { window.gridlogic.goto(n); return window.gridlogic.state(); }, c.goto);

  // As a person: a rectangle dragged; a click on it takes it away, undo brings it back.
  await drag(page, c.dragged[0], c.dragged[1]);
  out.dragged_state = await page.evaluate(() => window.gridlogic.state());
  out.label = await page.evaluate(() => document.getElementById("position").textContent);
  const [x, y] = await centre(page, c.dragged[0]);
  await page.mouse.click(x, y);
  out.clicked_state = await page.evaluate(() => window.gridlogic.state());
  await page.evaluate(() => window.gridlogic.undo());

  // As a program: a rectangle placed, one refused, the state, the check, the hints.
  out.state = await page.evaluate((placed) => {
    window.gridlogic.place(placed[0], placed[1]);
    return window.gridlogic.state();
  }, c.placed);
  out.refused = (await attempt(page, "return g.place(arg, arg)", c.empty)).error;
  out.sound_check = await page.evaluate(() => window.gridlogic.check());
  await common.hintsAtLevels(page, out, (level) => path.join(c.shots, `board-shikaku-hint${level}.png`));
  out.drawn = await page.evaluate(() => ({
    technique: document.getElementById("technique").textContent,
    placing: document.querySelectorAll("#grid .placing").length,
  }));

  // A wrong rectangle: the hint and the check name it; undo takes it back.
  Object.assign(out, await common.wrongChecked(page, "place", c.wrong));
  await page.screenshot({ path: path.join(c.shots, "board-shikaku-check.png") });
  out.undo_state = await common.undoneState(page);
  return common.close(board, out);
}

common.main(run);
