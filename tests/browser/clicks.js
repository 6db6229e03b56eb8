// Clicks every cell of step viewer pages at common window sizes, as a person would: by screen
// coordinates, the mouse on a desktop and a finger (a tap) on a phone. Where to click comes
// from the browser's own layout of the drawn grid (each cell's rectangle's box on the screen),
// not from the page's code that maps a click to a cell; each cell is clicked off its centre, at
// one of four points a fifth of a cell in from its corners, so that a shift of a fifth of a
// cell shows. Prints, as JSON, the cell the page reports selected after each click (the
// outline `g.selected`), by window and page; tests/board.rs writes the pages and checks.
//
//   node tests/browser/clicks.js CASES.json
//
// CASES.json: { "pages": { NAME: { "page": absolute path, "size": N } }, "windows": [{ "name",
//   "width", "height", "touch": bool }], "shots": folder }
"use strict";
const path = require("path");
const common = require("./common");

/** Where in its cell each click lands, by (row + column) mod 4: fractions of its width and
 * height. */
const POINTS = [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]];

/** Records, in the page, the selected cell after every click or tap (a listener on the
 * window, which hears a click after the grid's own handler). */
function recordSelections() {
  window.selections = [];
  window.addEventListener("click", () => {
    const outline = document.querySelector("#grid g.selected");
    window.selections.push(outline ? Number(outline.dataset.cells) : -1);
  });
}

/** The screen boxes of the grid's cells that lie whole in sight (in the window and inside
 * the grid's scrolling box, its scroll bars left out; a pixel spared for rounding), after
 * scrolling cell `next` into sight: `[cell, left, top, width, height]` each. */
function boxesInSight(next) {
  const cells = document.querySelectorAll("#grid rect.cell");
  cells[next].scrollIntoView({ block: "nearest", inline: "nearest" });
  const wrap = document.getElementById("grid-wrap");
  const box = wrap.getBoundingClientRect();
  const [inLeft, inTop] = [box.left + wrap.clientLeft, box.top + wrap.clientTop];
  const [left, top] = [Math.max(0, inLeft) - 1, Math.max(0, inTop) - 1];
  const right = Math.min(innerWidth, inLeft + wrap.clientWidth) + 1;
  const bottom = Math.min(innerHeight, inTop + wrap.clientHeight) + 1;
  const boxes = [];
  cells.forEach((cell, i) => {
    const b = cell.getBoundingClientRect();
    if (b.left >= left && b.top >= top && b.right <= right && b.bottom <= bottom) {
      boxes.push([i, b.left, b.top, b.width, b.height]);
    }
  });
  return boxes;
}

/** Clicks (or taps) every cell of the page's `n`x`n` grid once; the cell the page selected
 * after each, by the cell clicked. */
async function clickEvery(page, n, touch) {
  await page.evaluate(recordSelections);
  const clicked = [];
  const done = new Array(n * n).fill(false);
  for (let next = 0; next >= 0; next = done.indexOf(false)) {
    for (const [cell, left, top, width, height] of await page.evaluate(boxesInSight, next)) {
      if (done[cell]) continue;
      const [fx, fy] = POINTS[(Math.floor(cell / n) + (cell % n)) % 4];
      const [x, y] = [left + fx * width, top + fy * height];
      if (touch) await page.touchscreen.tap(x, y);
      else await page.mouse.click(x, y);
      clicked.push(cell);
      done[cell] = true;
    }
    if (!done[next]) throw new Error(`cell ${next} never came whole into sight`);
  }
  const selections = await page.evaluate(() => window.selections);
  const selected = new Array(n * n).fill(null);
  clicked.forEach((cell, i) => { selected[cell] = selections[i] ?? null; });
  return selected;
}

common.main(async (browser, c) => {
  const results = [];
  for (const window of c.windows) {
    const context = await browser.newContext({
      viewport: { width: window.width, height: window.height },
      deviceScaleFactor: window.touch ? 2 : 1, isMobile: window.touch, hasTouch: window.touch,
    });
    for (const [name, { page: file, size }] of Object.entries(c.pages)) {
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
      await page.goto(`file://${file}`);
      // How far the page reaches past the window's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      const started = Date.now();
      const selected = await clickEvery(page, size, window.touch);
      const result = { window: window.name, page: name, selected, errors, overflow,
        ms: Date.now() - started };
      if (name === "9x9") {
        result.shot = path.join(c.shots, `clicks-${window.name}.png`);
        await page.screenshot({ path: result.shot });
      }
      results.push(result);
      await page.close();
    }
    await context.close();
  }
  return results;
});
