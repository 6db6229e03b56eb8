// Drives Debian's Chromium (never a browser that Playwright downloads) through step viewer pages
// and prints, as JSON, what a person would see: console errors, network requests, the step list,
// what → does, the candidate grid at a step, and screenshots. tests/html.rs writes the pages and
// the cases file and checks the answers.
//
//   node tests/browser/viewer.js CASES.json
//
// CASES.json: [{ "name", "page" (absolute path), "grids": [positions], "shot": position|null,
//   "phone": bool, "net": bool, "fit": bool, "large": bool, "shots": folder }]. Positions count
//   from 0 (the grid before step 1). With "net", the shot step's forcing net is played from its
//   assumption to its end, one implication at a time, and photographed there; with "fit", the
//   page is opened in a 1200x900 window, the summary open, and the grid's box measured. A
//   "large" page (a grid without candidates) is moved with its buttons Next, Back and Last,
//   clicked on its grid and on a step of its list, and photographed, in a desktop window and a
//   phone's.
"use strict";
const path = require("path");
const common = require("./common");

// A cell in SVG units, as the page draws it (src/write/viewer/viewer.js).
const UNITS = { sudoku: 90, shikaku: 60 };

/** What the grid shows: each Sudoku cell's text (its digit, or its candidates in order, a
 * last one in brackets) by "row,col", and each placed Shikaku rectangle as [top, left, height, width]. */
function readGrid(units) {
  const svg = document.getElementById("grid");
  const cells = {};
  const candidates = {};
  for (const text of svg.querySelectorAll("text.given, text.solved, text[class^=candidate]")) {
    const col = Math.floor(Number(text.getAttribute("x")) / units.sudoku);
    const row = Math.floor(Number(text.getAttribute("y")) / units.sudoku);
    const key = `${row},${col}`;
    cells[key] = (cells[key] || "") + text.textContent;
    if (text.getAttribute("class").startsWith("candidate")) candidates[key] = (candidates[key] || 0) + 1;
  }
  // A last candidate not placed yet, as `explain --grids` writes it: `(7)`.
  for (const key in candidates) if (candidates[key] === 1) cells[key] = `(${cells[key]})`;
  const cell = (value) => Math.round(Number(value) / units.shikaku);
  const rectangles = [...svg.querySelectorAll("rect.rectangle")].map((r) => [
    cell(r.getAttribute("y")), cell(r.getAttribute("x")),
    cell(r.getAttribute("height")), cell(r.getAttribute("width")),
  ]);
  return { cells, rectangles };
}

/** The page's state after a move: position, the grid's markup and what it draws. */
async function snapshot(page) {
  return page.evaluate(() => {
    const svg = document.getElementById("grid");
    const count = (selector) => svg.querySelectorAll(selector).length;
    return {
      position: Number(document.body.dataset.position),
      label: document.getElementById("position").textContent,
      markup: svg.innerHTML,
      strong: count("path.link.strong"),
      weak: count("path.link.weak"),
      eliminated: count("text.candidate.eliminated"),
      pattern: count("text.candidate.pattern"),
      placing: count(".placing"),
      rectangles: count("rect.rectangle"),
      sums: [...svg.querySelectorAll("text.sum")].map((t) => Number(t.textContent)),
      cageSides: count("g.cages line"),
      // An even/odd puzzle's shaded cells (by index), its odd rings; a consecutive one's bars.
      even: [...svg.querySelectorAll("rect.even")].map((r) => {
        const [x, y] = [Number(r.getAttribute("x")), Number(r.getAttribute("y"))];
        const size = JSON.parse(document.getElementById("data").textContent).size;
        const unit = Number(svg.querySelector("rect.cell").getAttribute("width"));
        return Math.floor(y / unit) * size + Math.floor(x / unit);
      }),
      odd: count(".odd"),
      bars: [...svg.querySelectorAll("rect.bar")].map((b) => b.dataset.cells),
      // Each figure drawn: its role and its cells by name.
      figures: [...svg.querySelectorAll("g.figure")].map((g) => ({
        role: g.getAttribute("class").replace("figure ", ""),
        cells: namesOf(g.dataset.cells),
        outlined: g.querySelectorAll("line").length > 0,
      })),
      links: [...svg.querySelectorAll("path.link")].map((p) => p.getAttribute("class")),
      assumption: namesOf(svg.querySelector("g.assumption")?.dataset.cells),
      contradiction: namesOf(svg.querySelector("g.contradiction")?.dataset.cells),
      implications: count("path.implication"),
      implied: count(".implied"),
      legend: [...document.querySelectorAll("#legend li")].map((li) => li.dataset.mark),
      hash: location.hash,
    };
    function namesOf(cells) {
      const data = JSON.parse(document.getElementById("data").textContent);
      return cells ? cells.split(" ").map((c) => data.cells[Number(c)]) : [];
    }
  });
}

/** Plays the shown step's net from its assumption to its end with the player's buttons: what
 * the grid showed at the start, after each implication and at the end, and the list's labels. */
async function playNet(page) {
  await page.click("#net-start");
  const start = await snapshot(page);
  const frames = [];
  while (!(await page.locator("#net-on").isDisabled())) {
    await page.click("#net-on");
    const frame = await snapshot(page);
    frames.push({ implications: frame.implications, implied: frame.implied,
      contradiction: frame.contradiction,
      count: await page.locator("#net-count").textContent() });
  }
  const labels = await page.locator("#lines .label").allTextContents();
  return { start: { implications: start.implications, implied: start.implied,
    assumption: start.assumption,
    contradiction: start.contradiction }, frames, labels };
}

/** Where a large grid's page stands: its position and label, how many digits its grid shows. */
async function standing(page) {
  return page.evaluate(() => ({
    position: Number(document.body.dataset.position),
    label: document.getElementById("position").textContent,
    digits: document.querySelectorAll("#grid text.given, #grid text.solved").length,
  }));
}

/** A large grid's page, as a person moves through it with the buttons and clicks on it. */
async function runLarge(browser, test) {
  const result = { name: test.name, errors: [], shots: [] };
  for (const phone of [false, true]) {
    const context = await browser.newContext(phone
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") result.errors.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (error) => result.errors.push(`page error: ${error.message}`));
    await page.goto(`file://${test.page}`);
    if (!phone) {
      result.listed = await page.locator("#steps li.step").count();
      const moved = { first: await standing(page) };
      const before = await page.evaluate(() => document.getElementById("grid").innerHTML);
      await page.click("#next");
      moved.next = await standing(page);
      moved.next_changed = before !== await page.evaluate(() => document.getElementById("grid").innerHTML);
      await page.click("#previous");
      moved.back = await standing(page);
      await page.click("#last");
      moved.last = await standing(page);
      // A click on the grid (a cell in the middle of what shows), then on step 2 in the list.
      const box = await page.locator("#grid-wrap").boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height, 700) / 2);
      await page.locator("#steps li").nth(1).locator("button").click();
      moved.clicked_step = await standing(page);
      result.moved = moved;
    } else {
      await page.click("#next");
      await page.tap("#grid-wrap");
    }
    const file = path.join(test.shots, `${test.name}${phone ? "-phone" : ""}.png`);
    await page.screenshot({ path: file });
    result.shots.push(file);
    await context.close();
  }
  return result;
}

async function run(browser, test) {
  if (test.large) return runLarge(browser, test);
  const result = { name: test.name, errors: [], requests: [], grids: {}, shots: [] };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const url = `file://${test.page}`;
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      result.errors.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => result.errors.push(`page error: ${error.message}`));
  // The page's own worker comes from a Blob URL the page makes: not the network.
  page.on("request", (request) => {
    const own = request.url().split("#")[0] === url || request.url().startsWith("blob:");
    if (!own) result.requests.push(request.url());
  });
  await page.goto(url);
  result.listed = await page.locator("#steps li.step").count();
  const first = await snapshot(page);
  await page.keyboard.press("ArrowRight");
  const second = await snapshot(page);
  result.first = { position: first.position, label: first.label };
  result.afterRight = { position: second.position, label: second.label };
  result.gridChanged = first.markup !== second.markup;
  await page.keyboard.press("End");
  result.afterEnd = (await snapshot(page)).position;
  await page.keyboard.press("ArrowLeft");
  result.afterLeft = (await snapshot(page)).position;
  await page.keyboard.press("Home");
  result.afterHome = (await snapshot(page)).position;
  for (const position of test.grids || []) {
    await page.locator("#steps li").nth(position).locator("button").click();

    result.grids[position] = await page.evaluate(readGrid, UNITS);
  }
  if (test.shot !== null && test.shot !== undefined) {
    await page.locator("#steps li").nth(test.shot).locator("button").click();
    const shown = await snapshot(page);
    delete shown.markup;
    result.shown = shown;
    if (test.net) {
      result.net = await playNet(page);
      result.played = await snapshot(page);
      delete result.played.markup;
    }
    const file = path.join(test.shots, `${test.name}-step-${test.shot + 1}.png`);
    await page.screenshot({ path: file, fullPage: true });
    result.shots.push(file);
    if (test.net) {
      // A refuted implication opens its own net.
      await page.locator("#lines .open").first().click();
      const inner = await snapshot(page);
      result.refutation = { trail: await page.locator("#net-trail").textContent(),
        labels: await page.locator("#lines .label").allTextContents(),
        assumption: inner.assumption, contradiction: inner.contradiction };
      const shot = path.join(test.shots, `${test.name}-step-${test.shot + 1}-refutation.png`);
      await page.screenshot({ path: shot });
      result.shots.push(shot);
    }
  }
  if (test.shot !== null && test.shot !== undefined) {
    // The address opens a step, as #step=N and as older pages wrote it, #step-N.
    const at = `#step=${test.shot + 1}`;
    await page.goto(`${url}${at}`);
    result.opened = Number(await page.evaluate(() => document.body.dataset.position));
    await page.goto("about:blank");
    await page.goto(`${url}#step-${test.shot + 1}`);
    result.openedOld = Number(await page.evaluate(() => document.body.dataset.position));
    await page.keyboard.press("ArrowRight");
    result.hashAfterMove = await page.evaluate(() => location.hash);
  }
  await context.close();
  if (test.fit) {
    const window = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await window.newPage();
    await page.goto(`${url}#step=${(test.shot || 0) + 1}`);
    result.fit = await page.evaluate(() => {
      const box = document.getElementById("grid").getBoundingClientRect();
      const grid = document.querySelector("#grid > rect"); // the white ground, the grid's size
      const drawn = grid.getBoundingClientRect();
      return { summaryOpen: document.getElementById("about").open,
        scrollHeight: document.documentElement.scrollHeight,
        scrollWidth: document.documentElement.scrollWidth,
        box: [box.left, box.top, box.right, box.bottom],
        drawn: [drawn.left, drawn.top, drawn.right, drawn.bottom] };
    });
    const file = path.join(test.shots, `${test.name}-1200x900.png`);
    await page.screenshot({ path: file });
    result.shots.push(file);
    await window.close();
  }
  if (test.phone) {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    });
    const small = await phone.newPage();
    small.on("pageerror", (error) => result.errors.push(`page error (phone): ${error.message}`));
    await small.goto(`${url}#step=${(test.shot || 0) + 1}`);
    result.phone = await small.evaluate(() => ({
      pageWidth: document.documentElement.scrollWidth,
      buttonHeights: [...document.querySelectorAll("#nav button")].map(
        (b) => b.getBoundingClientRect().height),
    }));
    const file = path.join(test.shots, `${test.name}-phone.png`);
    await small.screenshot({ path: file });
    result.shots.push(file);
    await phone.close();
  }
  return result;
}

common.main(async (browser, tests) => {
  const results = [];
  for (const test of tests) results.push(await run(browser, test));
  return results;
});
