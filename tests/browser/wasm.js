// The engine as WebAssembly (wasm/), run by node's WebAssembly API as the step viewer page will
// run it: no glue, only the module's exports alloc / call / dealloc and JSON in and out. Its hints
// must be those of the native `gridlogic hint` on the same input, word for word; the script also
// prints the module's size and how long a hint takes on a 9x9 and a 16x16.
//
//   node tests/browser/wasm.js [MODULE.wasm] [GRIDLOGIC]
//
// Defaults: target/engine/wasm32-unknown-unknown/wasm/gridlogic_wasm.wasm (what build.rs builds
// for the step viewer pages) and target/release/gridlogic. Exits 1 on any difference.
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");

const root = path.join(__dirname, "..", "..");
const modulePath =
  process.argv[2] ||
  path.join(root, "target", "engine", "wasm32-unknown-unknown", "wasm", "gridlogic_wasm.wasm");
const gridlogic = process.argv[3] || path.join(root, "target", "release", "gridlogic");

/** The module's exports, wrapped: request object in, answer object out. */
async function engine(file) {
  const bytes = fs.readFileSync(file);
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const { memory, alloc, dealloc, call } = instance.exports;
  const ask = (request) => {
    const input = Buffer.from(JSON.stringify(request), "utf8");
    const ptr = alloc(input.length);
    new Uint8Array(memory.buffer, ptr, input.length).set(input);
    const packed = BigInt.asUintN(64, call(ptr, input.length));
    dealloc(ptr, input.length);
    const at = Number(packed >> 32n);
    const len = Number(packed & 0xffffffffn);
    const text = Buffer.from(new Uint8Array(memory.buffer, at, len)).toString("utf8");
    dealloc(at, len);
    return JSON.parse(text);
  };
  ask.memory = () => memory;
  return ask;
}

/** A file with the pencil-mark grid after step `at` of the native solve of `file`. */
function stateAfter(file, at, extra, digitsOnly) {
  const out = execFileSync(gridlogic, ["explain", file, "--at-step", String(at), ...extra], {
    encoding: "utf8",
  });
  const lines = out.split("\n");
  const start = lines.indexOf(`after step ${at}:`) + 1;
  const end = lines.indexOf("", start);
  const state = path.join(os.tmpdir(), `gridlogic-wasm-${process.pid}-${at}.txt`);
  let grid = lines.slice(start, end).join("\n") + "\n";
  if (digitsOnly) {
    const tokens = grid
      .split("\n")
      .filter((line) => !line.startsWith("-"))
      .flatMap((line) => line.split(/[\s|]+/))
      .filter((token) => token !== "");
    grid = tokens.map((token) => (token.length === 1 ? token : ".")).join("") + "\n";
  }
  fs.writeFileSync(state, grid);
  return state;
}

/** What the native binary prints for `gridlogic hint FILE --level N [extra…]`. */
function nativeHint(file, level, extra) {
  try {
    return execFileSync(gridlogic, ["hint", file, "--level", String(level), ...extra], {
      encoding: "utf8",
    });
  } catch (failed) {
    // `hint` exits 1 when the state is not sound (mistakes, several solutions): still its text.
    return failed.stdout;
  }
}

// Each case: a file, and the step of its solve (native `explain --at-step`) whose state the hint
// starts from: there the next step is a hard one (a grouped nice loop). Pencil-mark grids are read
// up to 9x9 only: a 16x16 state keeps its placed digits (a one-line puzzle), not its eliminations.
const cases = [
  { name: "9x9 top1465 #36", file: "fixtures/text/top1465-36.txt", extra: [] },
  { name: "9x9 top1465 #36 at step 24", file: "fixtures/text/top1465-36.txt", extra: [], at: 24 },
  {
    name: "16x16 hard, digits of step 128",
    file: "fixtures/text/generated-hard-16x16.txt",
    extra: [],
    at: 128,
    digitsOnly: true,
  },
  {
    name: "16x16 hexadoku",
    file: "fixtures/text/hexadoku-0F-16x16.txt",
    extra: ["--symbols", "0123456789ABCDEF"],
    symbols: "0123456789ABCDEF",
  },
  { name: "9x9 pencil marks", file: "fixtures/text/xwing-pencil.txt", extra: [] },
];

(async () => {
  if (!fs.existsSync(modulePath)) {
    console.error(`no module at ${modulePath}: build it first (see the top of this script)`);
    process.exit(1);
  }
  const size = fs.statSync(modulePath).size;
  console.log(`module: ${modulePath}, ${(size / 1e6).toFixed(2)} MB`);
  const started = performance.now();
  const ask = await engine(modulePath);
  console.log(`instantiated in ${(performance.now() - started).toFixed(0)} ms`);
  let failures = 0;
  for (const c of cases) {
    const file = c.at === undefined ? path.join(root, c.file) : stateAfter(c.file, c.at, c.extra, c.digitsOnly);
    const state = fs.readFileSync(file, "utf8");
    for (const level of [1, 2, 3]) {
      const request = { op: "hint", level, state };
      if (c.symbols) request.symbols = c.symbols;
      const t0 = performance.now();
      const answer = ask(request);
      const ms = performance.now() - t0;
      const expected = nativeHint(file, level, c.extra);
      const same = answer.text === expected;
      failures += same ? 0 : 1;
      console.log(`${same ? "ok" : "DIFFERENT"}  ${c.name}, level ${level}: ${ms.toFixed(1)} ms`);
      if (!same) {
        console.log(`  wasm:   ${JSON.stringify(answer.text ?? answer)}`);
        console.log(`  native: ${JSON.stringify(expected)}`);
      }
    }
    if (c.at !== undefined) fs.unlinkSync(file);
  }
  const bad = ask({ op: "nothing" });
  if (!bad.error) {
    console.log(`DIFFERENT  an unknown op is no error: ${JSON.stringify(bad)}`);
    failures += 1;
  }
  const puzzle = fs.readFileSync(path.join(root, "fixtures/text/top1465-36.txt"), "utf8");
  let t0 = performance.now();
  const solved = ask({ op: "solve", puzzle });
  const steps = solved.documents?.[0]?.steps?.length;
  console.log(`solve 9x9: ${steps} steps in ${(performance.now() - t0).toFixed(0)} ms`);
  const hard16 = fs.readFileSync(path.join(root, "fixtures/text/generated-hard-16x16.txt"), "utf8");
  t0 = performance.now();
  const solved16 = ask({ op: "solve", puzzle: hard16 });
  const steps16 = solved16.documents?.[0]?.steps?.length;
  console.log(`solve 16x16 hard: ${steps16} steps in ${(performance.now() - t0).toFixed(0)} ms`);
  t0 = performance.now();
  const listed = ask({ op: "steps", state: puzzle });
  console.log(`steps 9x9: ${listed.steps?.length} available in ${(performance.now() - t0).toFixed(0)} ms`);
  if (!steps || !steps16 || !listed.steps?.length) {
    console.log(`DIFFERENT  solve or steps gave nothing: ${JSON.stringify(solved).slice(0, 200)}`);
    failures += 1;
  }
  failures += overBudget(ask);
  process.exit(failures ? 1 : 0);
})();

/** The requests that ran for minutes or grew the module's memory to hundreds of megabytes
 * before requests had a budget of work (issue 47), each with the default budget: each must
 * answer, with the budget's message where it runs out. Prints the time each took and the
 * module's memory after; returns the number of failures. */
function overBudget(ask) {
  const alphadoku = fs.readFileSync(path.join(root, "fixtures/samples/alphadoku_2.txt"), "utf8")
    .split("\n")[0] + "\n";
  // top1465 #36 without its first given: several solutions, tens of thousands of steps.
  const first = fs.readFileSync(path.join(root, "fixtures/text/top1465-36.txt"), "utf8").trim();
  const several = first.replace(/[1-9]/, ".") + "\n";
  const empty = (n) => `${".".repeat(n * n)}\n`;
  const cases = [
    { name: "every step of the first Alphadoku, as the page lists them", list: alphadoku,
      most: 2000 },
    { name: "solve of an empty 25x25", request: { op: "solve", puzzle: empty(25) },
      message: "gridlogic solve puzzle.txt" },
    { name: "hint of an empty 36x36", request: { op: "hint", level: 1, state: empty(36) },
      message: "gridlogic hint grid.txt --level 1" },
    { name: "steps of a 9x9 with several solutions", request: { op: "steps", state: several },
      most: 2000 },
  ];
  let failures = 0;
  for (const c of cases) {
    const t0 = performance.now();
    const answer = c.list ? listed(ask, c.list) : ask(c.request);
    const ms = performance.now() - t0;
    const memory = (ask.memory().buffer.byteLength / 1e6).toFixed(0);
    const ok = c.message ? String(answer.over_budget).includes(`\`${c.message}\``)
      : answer.steps?.length === c.most && answer.cut_short === true;
    failures += ok ? 0 : 1;
    console.log(`${ok ? "ok" : "DIFFERENT"}  ${c.name}: ${ms.toFixed(0)} ms, ${answer.work} units of work, ` +
      `memory ${memory} MB${answer.steps ? `, ${answer.steps.length} steps` : ""}`);
    if (!ok) console.log(`  ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return failures;
}

/** The page's listing of every step (src/write/viewer/hints.js): one technique at a time,
 * sharing one budget and one most; the last answer, with the steps of all and the work. */
function listed(ask, state) {
  const first = ask({ op: "techniques", state });
  let [budget, room, steps, work] = [first.budget - first.work, first.most, [], first.work];
  for (let technique = 0; technique < first.techniques.length; technique++) {
    const answer = ask({ op: "steps", state, technique, budget, most: room });
    [budget, room, work] = [budget - answer.work, room - answer.steps.length, work + answer.work];
    steps = steps.concat(answer.steps);
    if (answer.over_budget || room <= 0) return Object.assign(answer, { steps, work });
  }
  return { steps, work, cut_short: false };
}
