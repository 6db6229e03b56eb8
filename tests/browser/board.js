// Drives Debian's Chromium through the board of step viewer pages (src/write/viewer) as a person
// and a program would: keys and clicks on the grid, then the page's JavaScript API
// (window.gridlogic). Prints, as JSON, what the page answered; tests/board.rs writes the pages
// and the cases file, and checks every answer against the command line.
//
//   node tests/browser/board.js CASES.json
//
// CASES.json: [{ "name", "page" (absolute path), "goto": n, "size": the grid's N,
//   "typed": [row, col, symbol] (clicked, then the symbol's key pressed),
//   "pencilled": [row, col, symbol] (clicked, Space, the key, Space again),
//   "entered": [cell name, digit], "marked": [cell name, digit] (through the API),
//   "wrong": [cell name, digit] (entered last, then undone), "shots": folder or null,
//   "phone": bool }]
"use strict";
const path = require("path");
const common = require("./common");

/** Clicks the middle of cell (row, col) of the page's grid, scrolled into sight first. */
async function clickCell(page, n, row, col) {
  const point = await page.evaluate(([index]) => {
    const cell = document.querySelectorAll("#grid rect.cell")[index];
    cell.scrollIntoView({ block: "center", inline: "center" });
    const box = cell.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  }, [row * n + col]);
  await page.mouse.click(point[0], point[1]);
}

/** One case: the page's answers, in the order the case's moves were made. */
async function run(browser, c) {
  const viewport = c.phone ? { width: 390, height: 844 } : { width: 1280, height: 1000 };
  const board = await common.openBoard(browser, c.page,
    { viewport, hasTouch: c.phone, isMobile: c.phone });
  const page = board.page;
  const out = { name: c.name, ready_ms: board.readyMs };
  out.goto_state = await page.evaluate((n) => { window.gridlogic.goto(n); return window.gridlogic.state(); }, c.goto);

  // As a person: a digit typed into a cell, then a pencil mark toggled in pencil mode.
  const [row, col, symbol] = c.typed;
  await clickCell(page, c.size, row, col);
  await page.keyboard.press(symbol);
  const [prow, pcol, psymbol] = c.pencilled;
  await clickCell(page, c.size, prow, pcol);
  await page.keyboard.press("Space");
  await page.keyboard.press(psymbol);
  await page.keyboard.press("Space");
  out.label = await page.evaluate(() => document.getElementById("position").textContent);

  // As a program: a digit entered and a mark toggled, then the state, the hints at each level
  // (each photographed), and the steps.
  out.state = await page.evaluate(([entered, marked]) => {
    const g = window.gridlogic;
    g.enter(entered[0], entered[1]);
    g.mark(marked[0], marked[1]);
    return g.state();
  }, [c.entered, c.marked]);
  const shot = (level) => c.shots && path.join(c.shots, `board-${c.name}-hint${level}.png`);
  await common.hintsAtLevels(page, out, shot, c.phone);
  Object.assign(out, await page.evaluate(async () => {
    const t = performance.now();
    const steps = await window.gridlogic.steps();
    return { steps, steps_ms: performance.now() - t };
  }));
  out.drawn = await page.evaluate(() => ({
    technique: document.getElementById("technique").textContent,
    eliminated: document.querySelectorAll("#grid text.candidate.eliminated").length,
    placed: document.querySelectorAll("#grid text.candidate.placed").length,
    entered: document.querySelectorAll("#grid text.entered").length,
  }));

  // A wrong digit: the hint and the check name it; undo takes it back.
  Object.assign(out, await common.wrongChecked(page, "enter", c.wrong));
  if (c.shots) {
    await page.screenshot({ path: path.join(c.shots, `board-${c.name}-check.png`), fullPage: c.phone });
  }
  out.undo_state = await common.undoneState(page);

  // The listing of every step, as a person opens it: grouped by technique, one drawn when picked.
  await page.click("#list-available");
  await page.waitForFunction(() => !/looking/.test(document.getElementById("available-count").textContent),
    null, { timeout: 120000 });
  out.listed = await page.evaluate(() => {
    const groups = [...document.querySelectorAll("#available > li.technique")];
    return groups.map((g) => {
      const title = g.querySelector("summary").textContent.trim();
      return [title, Number(/\((\d+)/.exec(title)[1])];
    });
  });
  if (out.listed.length) {
    // A technique's steps show when it is opened.
    await page.click("#available details summary");
    await page.click("#available .available-step");
    out.picked = await page.evaluate(() => document.getElementById("technique").textContent);
  }
  if (c.shots) {
    await page.screenshot({ path: path.join(c.shots, `board-${c.name}-listed.png`), fullPage: c.phone });
  }
  return common.close(board, out);
}

common.main(async (browser, cases) => {
  const results = [];
  for (const c of cases) results.push(await run(browser, c));
  return results;
});
