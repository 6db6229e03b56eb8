// What the browser drivers share (viewer.js, board.js, shikaku.js): Debian's Chromium launched
// the same way, a page opened with its console errors and network requests recorded, the
// board's hints asked at each level, a wrong entry checked, and the driver's main loop.
"use strict";
const fs = require("fs");
const { chromium } = require("playwright-core");

const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** Reads the cases file named on the command line, gives it to `run` with a browser, and
 * prints what `run` answers as JSON; exits 1 on any failure. */
function main(run) {
  (async () => {
    const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    const browser = await chromium.launch({
      executablePath: process.env.GRIDLOGIC_CHROMIUM || "/usr/bin/chromium", args: FLAGS });
    try {
      process.stdout.write(JSON.stringify(await run(browser, cases)));
    } finally {
      await browser.close();
    }
  })().catch((error) => {
    process.stderr.write(`${error.stack || error}\n`);
    process.exit(1);
  });
}

/** Opens the page at `file` in a new context with `options` (viewport, touch), recording
 * console errors and every request that is not for a file or a Blob URL (the page's own worker,
 * made in the page), and waits for its engine. */
async function openBoard(browser, file, options) {
  const context = await browser.newContext(Object.assign({ deviceScaleFactor: 1 }, options));
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => { if (!/^(file|blob):/.test(r.url())) requests.push(r.url()); });
  await page.goto(`file://${file}`);
  const started = Date.now();
  await page.evaluate(() => window.gridlogic.ready);
  return { context, page, errors, requests, readyMs: Date.now() - started };
}

/** The board's hint at levels 1 to 3 into `out` (`hints`, `hint_ms`, and `looked_N`, the
 * outlines of where to look), each photographed to `shot(level)` when it gives a path (the
 * whole page with `fullPage`). */
async function hintsAtLevels(page, out, shot, fullPage) {
  out.hints = [];
  out.hint_ms = [];
  for (const level of [1, 2, 3]) {
    const [text, ms] = await page.evaluate(async (level) => {
      const t = performance.now();
      const text = await window.gridlogic.hint(level);
      return [text, performance.now() - t];
    }, level);
    out.hints.push(text);
    out.hint_ms.push(Math.round(ms));
    out[`looked_${level}`] = await page.evaluate(() => document.querySelectorAll("#grid .look").length);
    const file = shot(level);
    if (file) await page.screenshot({ path: file, fullPage: Boolean(fullPage) });
  }
}

/** Makes the wrong entry `wrong` with the API call named `call` (`enter`, `place`), then asks
 * for a hint and a check: what they say, and how many cells are outlined as wrong. */
async function wrongChecked(page, call, wrong) {
  return page.evaluate(async ([call, wrong]) => {
    const g = window.gridlogic;
    g[call](wrong[0], wrong[1]);
    const wrongHint = await g.hint(1);
    const check = await g.check();
    return { wrong_hint: wrongHint, check,
      wrong_outlined: document.querySelectorAll("#grid .wrong").length };
  }, [call, wrong]);
}

/** Undoes the last change; the state after it. */
async function undoneState(page) {
  return page.evaluate(() => { window.gridlogic.undo(); return window.gridlogic.state(); });
}

/** Puts the errors and requests `board` recorded into `out`, and closes its context. */
async function close(board, out) {
  out.errors = board.errors;
  out.requests = board.requests;
  await board.context.close();
  return out;
}

module.exports = { FLAGS, main, openBoard, hintsAtLevels, wrongChecked, undoneState, close };
