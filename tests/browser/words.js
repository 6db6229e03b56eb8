// Drives Chromium through the steps' words and the technique guide (tests/html.rs,
// the_steps_are_told_in_words_and_link_to_the_guide). For each case: the page opened at the
// case's step; its words read; for a chain, the chain played by clicks (Start, On, Back, a
// sentence) and keys (Shift+→, Shift+←), recording at each point the sentence marked, the
// sentences left faint and the links drawn; the guide opened from the technique's name and read;
// where the words sit beside or under the drawing, at a desktop's and a phone's size.
"use strict";
const { main, openBoard, close } = require("./common");

/** What the page shows of the step's words and the chain's drawing. */
function shown(page) {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll("#words li")];
    const links = [...document.querySelectorAll("#grid path.link")];
    const current = document.querySelector("#grid path.link.current");
    return {
      current: items.flatMap((li, i) => (li.classList.contains("current") ? [i] : [])),
      later: items.flatMap((li, i) => (li.classList.contains("later") ? [i] : [])),
      links: links.length,
      current_link: current ? Number(current.getAttribute("data-order")) : null,
      count: document.querySelector("#chain-count").textContent,
      position: document.querySelector("#position").textContent,
    };
  });
}

async function run(browser, cases) {
  const results = [];
  for (const c of cases) {
    const out = {};
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      const board = await openBoard(browser, c.page, { viewport: { width, height } });
      const { page } = board;
      await page.evaluate((step) => window.gridlogic.goto(step), c.step);
      await page.waitForSelector("#words li");
      const place = await page.evaluate(() => {
        const grid = document.querySelector("#grid").getBoundingClientRect();
        const words = document.querySelector("#words").getBoundingClientRect();
        return { beside: words.left >= grid.right, under: words.top >= grid.bottom };
      });
      out[`place_${width}`] = place;
      if (width === 1280) {
        out.technique = await page.textContent("#technique-name");
        out.words = await page.$$eval("#words li", (items) => items.map((li) => li.textContent));
        if (c.chain) out.play = await playChain(page);
        await page.click("#technique-name");
        out.guide = await page.evaluate(() => ({
          hidden: document.querySelector("#guide").hidden,
          key: document.querySelector("#guide").dataset.key,
          title: document.querySelector("#guide-title").textContent,
          what: document.querySelector("#guide-what").textContent,
          expanded: document.querySelector("#technique-name").getAttribute("aria-expanded"),
        }));
        if (c.shots) await page.screenshot({ path: `${c.shots}/${c.name}-guide.png` });
        await page.click("#guide-close");
        out.guide_closed = await page.evaluate(() => document.querySelector("#guide").hidden);
      }
      await close(board, out);
      out[`errors_${width}`] = out.errors;
    }
    results.push(out);
  }
  return results;
}

/** Plays a chain from its start to its end and partly back, by clicks and keys: what is shown
 * at each point. */
async function playChain(page) {
  const play = [];
  const record = async (how) => play.push(Object.assign({ how }, await shown(page)));
  await record("opened");
  await page.click("#chain-start");
  await record("start");
  await page.click("#chain-on");
  await record("on");
  // Keys play the chain (the focus on the page, not in a button or the grid).
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  while (!(await page.isDisabled("#chain-on"))) {
    await page.keyboard.press("Shift+ArrowRight");
    await record("shift-right");
  }
  await page.keyboard.press("Shift+ArrowLeft");
  await record("shift-left");
  await page.click("#chain-back");
  await record("back");
  // A link's sentence plays the chain to that link: the second link's.
  await page.click("#words li:nth-child(3) .pick");
  await record("sentence");
  return play;
}

main(run);
