// Keeps pinging a step viewer page while its engine works, as a person keeps clicking: the
// page must answer every ping within 100 ms, its engine being in a worker. A ping is a timer due
// every 50 ms whose callback posts a message to the page itself; it is answered when the message
// arrives, and the time from when it was due to then is what the page took. Meanwhile cells are
// clicked (each must be selected). During "Every step here" on a 25x25 this goes on until the
// listing ends; during the solve of an empty 25x25 for a while, then Stop, photographed while
// it shows, is pressed, and the engine answers again after it; last, the same solve runs until
// its budget of work runs out. Prints, as JSON, what it measured; tests/board.rs checks.
//
//   node tests/browser/ping.js CASE.json
//
// CASE.json: { "page" (absolute path: a 25x25 with its engine), "empty" (an empty 25x25 puzzle
//   as text), "shots": folder, "pinging": milliseconds to ping the solve for }
"use strict";
const path = require("path");
const common = require("./common");

/** Starts pinging in the page; `window.pings` gathers each ping's time to answer. */
function startPinging() {
  window.pings = [];
  const channel = new MessageChannel();
  let due = 0;
  channel.port1.onmessage = () => window.pings.push(performance.now() - due);
  const next = () => {
    due = performance.now() + 50;
    setTimeout(() => {
      channel.port2.postMessage(0);
      next();
    }, 50);
  };
  next();
}

/** The pings answered since the last call: how many, and the slowest. */
async function pings(page) {
  return page.evaluate(() => {
    const list = window.pings.splice(0);
    return { count: list.length, slowest: Math.round(Math.max(0, ...list)) };
  });
}

/** Clicks cells along the diagonal, one every 200 ms, for `ms` or until `done` says so;
 * which were selected. */
async function clickWhile(page, ms, done) {
  const clicked = [];
  const end = Date.now() + ms;
  for (let i = 0; Date.now() < end && !(done && await done()); i++) {
    const box = await page.evaluate((i) => {
      const n = Math.sqrt(document.querySelectorAll("#grid rect.cell").length);
      const cell = (i % n) * (n + 1);
      const rect = document.querySelectorAll("#grid rect.cell")[cell];
      rect.scrollIntoView({ block: "nearest", inline: "nearest" });
      const b = rect.getBoundingClientRect();
      return [cell, b.left + b.width / 2, b.top + b.height / 2];
    }, i);
    await page.mouse.click(box[1], box[2]);
    const selected = await page.evaluate(() =>
      Number(document.querySelector("#grid g.selected")?.dataset.cells ?? -1));
    clicked.push(selected === box[0]);
    await page.waitForTimeout(200);
  }
  return clicked;
}

/** Pings and clicks while a request runs, photographs Stop, presses it: what was seen. */
async function whileWorking(page, name, c) {
  const out = { name };
  await pings(page); // what came before does not count
  out.clicked = await clickWhile(page, c.pinging);
  out.stop_shown = await page.isVisible("#stop");
  out.status = await page.textContent("#engine-status");
  out.shot = path.join(c.shots, `working-${name}.png`);
  await page.evaluate(() => document.getElementById("stop").scrollIntoView({ block: "center" }));
  await page.screenshot({ path: out.shot });
  out.pings = await pings(page);
  await page.click("#stop");
  out.stop_hidden = await page.isHidden("#stop");
  return out;
}

/** Whether the listing of every step has ended. */
async function listed(page) {
  return page.evaluate(() => !/looking/.test(document.getElementById("available-count").textContent));
}

common.main(async (browser, c) => {
  const board = await common.openBoard(browser, c.page, { viewport: { width: 1280, height: 800 } });
  const page = board.page;
  await page.evaluate(startPinging);
  // How far the page reaches past the window's width (a 25x25's keypad did, beside its grid).
  const out = { ready_ms: board.readyMs,
    overflow: await page.evaluate(() => document.documentElement.scrollWidth - innerWidth) };

  // Every step here, on the 25x25, until the listing ends.
  await pings(page);
  const started = Date.now();
  await page.click("#list-available");
  out.listing = { clicked: await clickWhile(page, 120000, () => listed(page)) };
  out.listing.ms = Date.now() - started;
  out.listing.pings = await pings(page);
  out.listing.count = await page.textContent("#available-count");
  out.listing.shot = path.join(c.shots, "listed-25x25.png");
  await page.screenshot({ path: out.listing.shot });

  // The solve of an empty 25x25, through the page's API, stopped.
  await page.evaluate((empty) => {
    window.solving = window.gridlogic.solve(empty).then(() => "answered", (e) => e.message);
  }, c.empty);
  out.solve = await whileWorking(page, "solve", c);
  out.solve.answer = await page.evaluate(() => window.solving);
  // The engine answers again, from a fresh worker.
  out.hint_after_stop = await page.evaluate(() => window.gridlogic.hint(1));

  // The same solve left to run into its budget of work: the message, and how long it took.
  const solving = Date.now();
  out.budget = { answer: await page.evaluate((empty) => window.gridlogic.solve(empty)
    .then(() => "answered", (e) => e.message), c.empty) };
  out.budget.ms = Date.now() - solving;
  out.budget.pings = await pings(page);
  out.budget.shown = await page.textContent("#hint");
  out.budget.shot = path.join(c.shots, "over-budget.png");
  await page.evaluate(() => document.getElementById("hint").scrollIntoView({ block: "center" }));
  await page.screenshot({ path: out.budget.shot });
  return common.close(board, out);
});
