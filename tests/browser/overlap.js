// Drives Debian's Chromium through the step viewer page of overlapping grids (a Samurai) as a
// person would, in each window: cells clicked where the browser lays them out (found by their
// place on the drawn sheet, not by the page's own mapping), a gap clicked, arrow keys pressed,
// a step shown, a hint asked. Prints, as JSON, what the page showed, by window;
// tests/overlap_page.rs writes the page and checks it against the puzzle's layout and
// `gridlogic explain` / `gridlogic hint`.
//
//   node tests/browser/overlap.js CASE.json
//
// CASE.json: { "page" (absolute path), "unit" (the drawing's cell size), "clicks": [[row, col],
//   …] (zero-based places on the sheet, gaps too), "keys": [[[row, col], KEY], …] (a cell
//   clicked, then a key pressed), "step" (the step shown), "windows": [{ "name", "width",
//   "height", "touch" }], "shots": folder }
"use strict";
const path = require("path");
const common = require("./common");

/** Clicks (or taps) the place `[row, col]` of the sheet a fifth of a cell in from its top left
 * corner, scrolled into sight; the name of the cell then selected ("" for none). */
async function clickPlace(page, [row, col], unit, touch) {
  const point = await page.evaluate(([row, col, unit]) => {
    const svg = document.getElementById("grid");
    const inner = new DOMPoint((col + 0.5) * unit, (row + 0.5) * unit).matrixTransform(svg.getScreenCTM());
    // Scrolled so that the place is in sight: the grid's box scrolls, then the window.
    const wrap = document.getElementById("grid-wrap");
    const box = wrap.getBoundingClientRect();
    wrap.scrollLeft += inner.x - (box.left + box.width / 2);
    wrap.scrollTop += inner.y - (box.top + box.height / 2);
    const again = new DOMPoint((col + 0.2) * unit, (row + 0.2) * unit).matrixTransform(svg.getScreenCTM());
    window.scrollBy(0, again.y - innerHeight / 2);
    const at = new DOMPoint((col + 0.2) * unit, (row + 0.2) * unit).matrixTransform(svg.getScreenCTM());
    return [at.x, at.y];
  }, [row, col, unit]);
  if (touch) await page.touchscreen.tap(point[0], point[1]);
  else await page.mouse.click(point[0], point[1]);
  return selectedName(page);
}

/** The name of the selected cell: the title of the cell its outline is drawn round. */
async function selectedName(page) {
  return page.evaluate(() => {
    const outline = document.querySelector("#grid g.selected");
    if (!outline) return "";
    const cells = document.querySelectorAll("#grid rect.cell");
    return cells[Number(outline.dataset.cells)].querySelector("title").textContent;
  });
}

async function run(browser, c) {
  const out = {};
  for (const w of c.windows) {
    const board = await common.openBoard(browser, c.page, { viewport: { width: w.width,
      height: w.height }, hasTouch: w.touch, isMobile: w.touch });
    const page = board.page;
    const seen = { cells: await page.evaluate(() => document.querySelectorAll("#grid rect.cell").length) };
    seen.clicked = [];
    for (const place of c.clicks) seen.clicked.push(await clickPlace(page, place, c.unit, w.touch));
    seen.keyed = [];
    for (const [place, key] of c.keys) {
      await clickPlace(page, place, c.unit, w.touch);
      await page.keyboard.press(key);
      seen.keyed.push(await selectedName(page));
    }
    // A step shown: every cell's fill, by name, where it is not white.
    await page.evaluate((n) => window.gridlogic.goto(n), c.step);
    seen.filled = await page.evaluate(() => {
      const filled = {};
      for (const rect of document.querySelectorAll("#grid rect.cell")) {
        const fill = rect.getAttribute("fill");
        if (fill !== "#fff") filled[rect.querySelector("title").textContent] = [fill, rect.getAttribute("class")];
      }
      return filled;
    });
    await page.screenshot({ path: path.join(c.shots, `overlap-${w.name}.png`) });
    seen.state = await page.evaluate(() => window.gridlogic.state());
    seen.hint = await page.evaluate(() => window.gridlogic.hint(1));
    seen.check = await page.evaluate(() => window.gridlogic.check());
    out[w.name] = await common.close(board, seen);
  }
  return out;
}

common.main(run);
