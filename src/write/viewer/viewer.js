"use strict";
// gridlogic's step viewer: reads the page's JSON (the puzzle and every step, as the library
// wrote them) and draws the grid before each step. Nothing here formats a cell or a digit: names,
// symbols and explanations come written in the data.
(() => {
  const data = JSON.parse(document.getElementById("data").textContent);
  const steps = data.steps;
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const svg = $("grid");
  // The palette, as the page's style sheet holds it (SVG attributes take plain colours).
  const style = getComputedStyle(document.documentElement);
  const C = {};
  for (const name of ["pattern", "target", "eliminated", "highlight", "fin", "placed", "quiet",
    "house", "link", "backtracking", "extra"]) {
    C[name] = style.getPropertyValue(`--${name}`).trim();
  }

  /** A new element `name` (SVG when `ns` is given) with `attrs`, appended to `parent`. */
  function make(name, attrs, parent, text, ns) {
    const node = ns ? document.createElementNS(ns, name) : document.createElement(name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  const shape = (name, attrs, parent, text) => make(name, attrs, parent, text, SVG);

  /** `[a, b, a, b, …]` as `[[a, b], …]`. */
  function pairs(flat) {
    const out = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
    return out;
  }

  /** The arrowhead markers of chain links, and the grid's white ground. */
  function start(width, height) {
    svg.textContent = "";
    svg.setAttribute("viewBox", `-3 -3 ${width + 6} ${height + 6}`);
    const defs = shape("defs", {}, svg);
    const marker = shape("marker", { id: "head", viewBox: "0 0 10 10", refX: "9", refY: "5",
      markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" }, defs);
    shape("path", { d: "M0,0 L10,5 L0,10 z", fill: C.link }, marker);
    shape("rect", { x: 0, y: 0, width, height, fill: "#fff" }, svg);
  }

  /** A straight line. */
  function line(x1, y1, x2, y2, stroke, width, parent) {
    return shape("line", { x1, y1, x2, y2, stroke, "stroke-width": width,
      "stroke-linecap": "square" }, parent || svg);
  }

  /** A chain link from point `a` to point `b`, curved, its ends kept `room` clear of the
   * candidates (less between neighbours in a cell, so that the arrow still shows). */
  function arrow(a, b, strong, room, parent) {
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const length = Math.hypot(dx, dy);
    if (length < 1) return;
    const clear = Math.min(room, length * 0.3);
    const [ux, uy] = [dx / length, dy / length];
    const bend = Math.min(0.2 * length, 3 * clear);
    const mid = [(a[0] + b[0]) / 2 - uy * bend, (a[1] + b[1]) / 2 + ux * bend];
    const toward = (p, q) => {
      const [ex, ey] = [q[0] - p[0], q[1] - p[1]];
      const d = Math.hypot(ex, ey) || 1;
      return [p[0] + (ex / d) * clear, p[1] + (ey / d) * clear];
    };
    const [from, to] = [toward(a, mid), toward(b, mid)];
    const attrs = { d: `M${from[0]},${from[1]} Q${mid[0]},${mid[1]} ${to[0]},${to[1]}`,
      fill: "none", stroke: C.link, "stroke-width": room * 0.22,
      "marker-end": "url(#head)", class: strong ? "link strong" : "link weak" };
    if (!strong) attrs["stroke-dasharray"] = `${clear * 0.5} ${clear * 0.35}`;
    shape("path", attrs, parent);
  }

  /** The Sudoku view: the candidate grid before each step, the step's marks on it. */
  function sudoku() {
    const n = data.size;
    const U = 90;
    const values = data.givens.slice();
    const candidates = data.candidates ? data.candidates.slice() : null;
    const keypad = Math.ceil(Math.sqrt(n));
    const keypadRows = Math.ceil(n / keypad);
    const extra = new Set(data.extra || []);
    const cages = data.cages || [];
    const cageOf = new Array(n * n).fill(-1);
    cages.forEach((cage, i) => { for (const cell of cage.cells) cageOf[cell] = i; });
    // A Killer's candidates sit inside the cage outlines, below the strip where each cage's
    // first cell shows its sum.
    const side = cages.length ? U * 0.11 : 0;
    const top = cages.length ? U * 0.2 : 0;
    let now = 0; // the position `values` and `candidates` stand before

    function apply(i, forward) {
      const step = steps[i];
      for (const [cell, digit] of pairs(step.place)) values[cell] = forward ? digit : 0;
      if (!candidates) return;
      for (const [cell, bits] of pairs(step.gone)) {
        candidates[cell] = forward ? candidates[cell] & ~bits : candidates[cell] | bits;
      }
    }
    function seek(position) {
      while (now < position) apply(now++, true);
      while (now > position) apply(--now, false);
    }

    /** Where candidate `digit` of `cell` sits (its cell's centre when candidates are hidden). */
    function spot(cell, digit) {
      const [row, col] = [Math.floor(cell / n), cell % n];
      if (!candidates) return [(col + 0.5) * U, (row + 0.5) * U];
      const k = digit - 1;
      return [col * U + side + ((k % keypad) + 0.5) * ((U - 2 * side) / keypad),
        row * U + top + (Math.floor(k / keypad) + 0.5) * ((U - top - side) / keypadRows)];
    }
    /** The closest two candidates of two nodes, where a link between them is drawn. */
    function closest(from, to) {
      let best = null;
      for (const [c, d] of pairs(from)) {
        for (const [e, f] of pairs(to)) {
          const [a, b] = [spot(c, d), spot(e, f)];
          const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
          if (!best || length < best[2]) best = [a, b, length];
        }
      }
      return best;
    }

    /** The step's marks: candidate keys `cell * 128 + digit`, and cells. */
    function marks(step) {
      const keys = (flat) => new Set(pairs(flat).map(([c, d]) => c * 128 + d));
      const cells = (flat) => new Set(pairs(flat).map(([c]) => c));
      const houses = new Set();
      if (step) for (const h of step.base) for (const c of data.houses[h].cells) houses.add(c);
      if (step) for (const k of step.cages || []) for (const c of cages[k].cells) houses.add(c);
      const empty = [];
      return {
        pattern: keys(step ? step.pattern : empty), fins: keys(step ? step.fins : empty),
        elim: keys(step ? step.elim : empty), place: keys(step ? step.place : empty),
        patternCells: cells(step ? step.pattern.concat(step.place) : empty),
        finCells: cells(step ? step.fins : empty), targets: cells(step ? step.elim : empty),
        houses,
      };
    }

    function fill(cell, m) {
      if (m.finCells.has(cell)) return C.fin;
      if (m.patternCells.has(cell)) return C.pattern;
      if (m.targets.has(cell)) return C.target;
      if (m.houses.has(cell)) return C.house;
      return extra.has(cell) ? C.extra : "#fff";
    }

    /** A Killer's cages: a dashed outline inside each cage's edge, and its sum small in its
     * first cell, masked by the cell's fill so that the outline does not cross it. */
    function drawCages(fillOf) {
      if (!cages.length) return;
      const inset = U * 0.08;
      const group = shape("g", { stroke: "#333", "stroke-width": 2, "stroke-dasharray": "7 5",
        class: "cages" }, svg);
      const same = (cell, row, col) => row >= 0 && row < n && col >= 0 && col < n &&
        cageOf[row * n + col] === cageOf[cell];
      // How far a side's end reaches past its corner: short of it where the cage turns, to
      // the neighbour's line where the side goes on, beyond it round an inner corner.
      const reach = (along, beyond) => (!along ? inset : beyond ? -inset : 0);
      for (let cell = 0; cell < n * n; cell++) {
        if (cageOf[cell] < 0) continue;
        const [row, col] = [Math.floor(cell / n), cell % n];
        const [x0, y0, x1, y1] = [col * U, row * U, (col + 1) * U, (row + 1) * U];
        for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
          if (same(cell, row + dr, col + dc)) continue;
          if (dr) {
            const y = dr < 0 ? y0 + inset : y1 - inset;
            const a = reach(same(cell, row, col - 1), same(cell, row + dr, col - 1));
            const b = reach(same(cell, row, col + 1), same(cell, row + dr, col + 1));
            line(x0 + a, y, x1 - b, y, "#333", 2, group);
          } else {
            const x = dc < 0 ? x0 + inset : x1 - inset;
            const a = reach(same(cell, row - 1, col), same(cell, row - 1, col + dc));
            const b = reach(same(cell, row + 1, col), same(cell, row + 1, col + dc));
            line(x, y0 + a, x, y1 - b, "#333", 2, group);
          }
        }
      }
      const sums = shape("g", { "font-size": U * 0.19, "font-weight": 700,
        "dominant-baseline": "hanging", "paint-order": "stroke", "stroke-width": 6,
        class: "sums" }, svg);
      for (const cage of cages) {
        const first = cage.cells[0];
        const [row, col] = [Math.floor(first / n), first % n];
        shape("text", { x: col * U + inset * 0.5, y: row * U + inset * 0.5, fill: "#000",
          stroke: fillOf(first), class: "sum" }, sums, String(cage.sum));
      }
    }

    function drawLines() {
      const thin = shape("g", { stroke: "#999", "stroke-width": 1.5 }, svg);
      for (let i = 1; i < n; i++) {
        line(i * U, 0, i * U, n * U, "#999", 1.5, thin);
        line(0, i * U, n * U, i * U, "#999", 1.5, thin);
      }
      const thick = shape("g", {}, svg);
      const regions = data.regions;
      const width = n > 16 ? 4 : 5;
      if (regions) {
        for (let cell = 0; cell < n * n; cell++) {
          const [row, col] = [Math.floor(cell / n), cell % n];
          if (col + 1 < n && regions[cell] !== regions[cell + 1]) {
            line((col + 1) * U, row * U, (col + 1) * U, (row + 1) * U, "#000", width, thick);
          }
          if (row + 1 < n && regions[cell] !== regions[cell + n]) {
            line(col * U, (row + 1) * U, (col + 1) * U, (row + 1) * U, "#000", width, thick);
          }
        }
      }
      shape("rect", { x: 0, y: 0, width: n * U, height: n * U, fill: "none", stroke: "#000",
        "stroke-width": width + 1 }, svg);
    }

    function drawDigits(m) {
      const group = shape("g", { "text-anchor": "middle", "dominant-baseline": "central" }, svg);
      const small = ((U - top - side) / Math.max(keypad, keypadRows)) * 0.82;
      for (let cell = 0; cell < n * n; cell++) {
        const [row, col] = [Math.floor(cell / n), cell % n];
        if (values[cell]) {
          const given = data.givens[cell] !== 0;
          shape("text", { x: (col + 0.5) * U, y: (row + 0.5) * U, "font-size": U * 0.6,
            "font-weight": given ? 700 : 400, fill: given ? "#000" : "#444",
            class: given ? "given" : "solved" }, group, data.symbols[values[cell] - 1]);
          continue;
        }
        if (!candidates) continue;
        for (let digit = 1; digit <= n; digit++) {
          if (!(candidates[cell] & (1 << (digit - 1)))) continue;
          const key = cell * 128 + digit;
          const [x, y] = spot(cell, digit);
          let colour = C.quiet;
          let kind = "candidate";
          if (m.place.has(key)) [colour, kind] = [C.placed, "candidate placed"];
          else if (m.elim.has(key)) [colour, kind] = [C.eliminated, "candidate eliminated"];
          else if (m.fins.has(key) || m.pattern.has(key)) {
            [colour, kind] = [C.highlight, "candidate pattern"];
          }
          const bold = kind !== "candidate";
          shape("text", { x, y, "font-size": bold ? small * 1.08 : small,
            "font-weight": bold ? 700 : 400, fill: colour, class: kind }, group,
            data.symbols[digit - 1]);
          if (m.elim.has(key)) {
            const half = small * 0.45 * Math.max(1, data.symbols[digit - 1].length * 0.7);
            line(x - half, y + small * 0.05, x + half, y + small * 0.05, C.eliminated,
              small * 0.12, group);
          }
        }
      }
    }

    function drawLinks(step) {
      if (!step || step.links.length === 0) return;
      const group = shape("g", {}, svg);
      const clear = candidates ? (U / keypad) * 0.42 : U * 0.3;
      const rings = new Set();
      for (const [from, to, strong] of step.links) {
        for (const node of [from, to]) {
          if (node.length > 2) for (const [c, d] of pairs(node)) rings.add(c * 128 + d);
        }
        const [a, b] = closest(from, to);
        arrow(a, b, strong, clear, group);
      }
      for (const key of rings) {
        const [x, y] = spot(Math.floor(key / 128), key % 128);
        shape("circle", { cx: x, cy: y, r: clear, fill: "none", stroke: C.link,
          "stroke-width": clear * 0.15, class: "group" }, group);
      }
    }

    function draw(position) {
      seek(position);
      const step = steps[position];
      const m = marks(step);
      start(n * U, n * U);
      const fills = shape("g", {}, svg);
      for (let cell = 0; cell < n * n; cell++) {
        const [row, col] = [Math.floor(cell / n), cell % n];
        const colour = fill(cell, m);
        const marked = colour !== "#fff" && colour !== C.house && colour !== C.extra;
        const rect = shape("rect", { x: col * U, y: row * U, width: U, height: U,
          fill: colour, class: marked ? "cell marked" : "cell" }, fills);
        shape("title", {}, rect, data.cells[cell]);
      }
      drawLines();
      drawCages((cell) => fill(cell, m));
      drawLinks(step);
      drawDigits(m);
    }

    function houses(step) {
      const names = (ids) => ids.map((h) => data.houses[h].name).join(", ");
      const parts = [];
      if (step.base.length) parts.push(`Base: ${names(step.base)}`);
      if (step.cover.length) parts.push(`Cover: ${names(step.cover)}`);
      if ((step.cages || []).length) {
        parts.push(`Cages: ${step.cages.map((k) => cages[k].name).join("; ")}`);
      }
      return parts.join(" · ");
    }

    const legendCell = (fillColour, text, textColour, struck) => (svgEl) => {
      shape("rect", { x: 1, y: 1, width: 34, height: 26, fill: fillColour, stroke: "#777" }, svgEl);
      if (text) {
        shape("text", { x: 18, y: 15, "text-anchor": "middle", "dominant-baseline": "central",
          "font-size": 16, "font-weight": 700, fill: textColour }, svgEl, text);
      }
      if (struck) line(11, 15, 25, 15, C.eliminated, 2, svgEl);
    };
    const legendLink = (strong) => (svgEl) => {
      shape("defs", {}, svgEl);
      const attrs = { d: "M3,20 Q18,4 33,20", fill: "none", stroke: C.link,
        "stroke-width": 2.5 };
      if (!strong) attrs["stroke-dasharray"] = "5 4";
      shape("path", attrs, svgEl);
    };
    const sample = data.symbols[Math.min(4, n - 1)];
    const legend = [
      [legendCell(C.pattern, sample, C.highlight),
        "Pattern cell; its candidates in bold blue"],
      [legendCell(C.fin, sample, C.highlight), "Fin cell of a finned pattern"],
      [legendCell(C.house), "House the step works in (a single's house, base lines)"],
      [legendCell(C.target, sample, C.eliminated, true),
        "Cell losing candidates; each struck out in red"],
      [legendCell("#fff", sample, C.placed), "Digit the step places, bold green"],
      [legendCell("#fff", sample, "#000"), "Given (bold); plain grey: placed by an earlier step"],
      [legendLink(true), "Strong link: at least one end is true"],
      [legendLink(false), "Weak link: at most one end is true"],
    ];
    if (extra.size) {
      legend.push([legendCell(C.extra), "Extra house (diagonal, window): every digit once"]);
    }
    if (cages.length) {
      legend.push([(svgEl) => {
        shape("rect", { x: 3, y: 3, width: 30, height: 22, fill: "#fff", stroke: "#333",
          "stroke-width": 1.5, "stroke-dasharray": "4 3" }, svgEl);
        shape("text", { x: 5, y: 5, "font-size": 9, "font-weight": 700,
          "dominant-baseline": "hanging", fill: "#000" }, svgEl, "15");
      }, "Killer cage: different digits adding up to its sum, written in its first cell"]);
    }

    return {
      draw,
      legend,
      label: (step) => step.technique,
      swatch: (step) => data.families[step.family][1],
      detail: houses,
      lines: (step) => step.lines || [],
      // Large grids get cells big enough to read candidates (digits alone beyond 25x25).
      cellPixels: n <= 9 ? 0 : candidates ? keypad * 14 : 28,
      size: n,
    };
  }

  /** The Shikaku view: the rectangles placed before each step, the step's clue and cells. */
  function shikaku() {
    const [rows, cols, U] = [data.rows, data.cols, 60];
    const placed = data.clues.map(() => null);
    let now = 0;
    function seek(position) {
      while (now < position) {
        const step = steps[now++];
        if (step.placed) placed[step.clue] = step.placed;
      }
      while (now > position) {
        const step = steps[--now];
        if (step.placed) placed[step.clue] = null;
      }
    }
    const box = ([top, left, height, width], inset, attrs, parent) => shape("rect", Object.assign({
      x: left * U + inset, y: top * U + inset, width: width * U - 2 * inset,
      height: height * U - 2 * inset }, attrs), parent);

    function draw(position) {
      seek(position);
      const step = steps[position];
      start(cols * U, rows * U);
      placed.forEach((rect, clue) => {
        if (rect) box(rect, 0, { fill: data.fills[clue], class: "rectangle" }, svg);
      });
      if (step) {
        for (const [row, col] of step.cells) {
          box([row, col, 1, 1], 0, { fill: C.pattern, class: "reason" }, svg);
          box([row, col, 1, 1], 5, { fill: "none", stroke: C.highlight, "stroke-width": 3 }, svg);
        }
      }
      const grid = shape("g", { stroke: "#999", "stroke-width": 1.5 }, svg);
      for (let c = 1; c < cols; c++) line(c * U, 0, c * U, rows * U, "#999", 1.5, grid);
      for (let r = 1; r < rows; r++) line(0, r * U, cols * U, r * U, "#999", 1.5, grid);
      placed.forEach((rect) => {
        if (rect) box(rect, 0, { fill: "none", stroke: "#000", "stroke-width": 5 }, svg);
      });
      shape("rect", { x: 0, y: 0, width: cols * U, height: rows * U, fill: "none",
        stroke: "#000", "stroke-width": 6 }, svg);
      if (step && step.placed) {
        box(step.placed, 4, { fill: "none", stroke: C.placed, "stroke-width": 7,
          class: "placing" }, svg);
      } else if (step) {
        for (const [, ...rect] of step.removed) {
          box(rect, 6, { fill: "none", stroke: C.eliminated, "stroke-width": 4,
            "stroke-dasharray": "10 7", class: "removed" }, svg);
        }
      }
      const numbers = shape("g", { "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": U * 0.5, "font-weight": 700 }, svg);
      data.clues.forEach(([row, col, number], clue) => {
        const current = step && step.clue === clue;
        shape("text", { x: (col + 0.5) * U, y: (row + 0.5) * U,
          fill: current ? C.highlight : "#000", class: current ? "clue current" : "clue" },
        numbers, String(number));
      });
    }

    const legendBox = (attrs) => (svgEl) => {
      shape("rect", Object.assign({ x: 3, y: 3, width: 30, height: 22 }, attrs), svgEl);
    };
    const legend = [
      [legendBox({ fill: data.fills[0] || "#eee", stroke: "#000", "stroke-width": 2.5 }),
        "Rectangle placed by an earlier step"],
      [legendBox({ fill: "none", stroke: C.placed, "stroke-width": 4 }),
        "Rectangle the step places"],
      [legendBox({ fill: "none", stroke: C.eliminated, "stroke-width": 2.5,
        "stroke-dasharray": "5 3" }), "Candidate rectangle the step removes"],
      [legendBox({ fill: C.pattern, stroke: C.highlight, "stroke-width": 2 }),
        "Cells the step rests on"],
      [(svgEl) => shape("text", { x: 18, y: 15, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 18, "font-weight": 700,
        fill: C.highlight }, svgEl, "6"), "The clue the step is about"],
    ];
    return {
      draw,
      legend,
      label: (step) => step.technique,
      swatch: (step) => (step.backtracking ? C.backtracking : null),
      detail: () => "",
      lines: () => [],
      cellPixels: Math.max(rows, cols) > 20 ? 28 : 0,
      size: Math.max(rows, cols),
    };
  }

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
    for (const [paint, text] of view.legend) {
      const item = make("li", {}, $("legend"));
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

  function go(target) {
    position = Math.max(0, Math.min(count, target));
    const step = steps[position];
    view.draw(position);
    reveal();
    document.body.dataset.position = String(position);
    $("position").textContent = step
      ? `Step ${position + 1} of ${count}`
      : count ? `After the last step (${count} steps)` : "No steps: the givens fill the grid";
    const heading = $("technique");
    heading.textContent = "";
    if (step) {
      const colour = view.swatch(step);
      if (colour) make("span", { class: "swatch", style: `background:${colour}` }, heading);
      make("span", {}, heading, view.label(step));
    } else {
      make("span", {}, heading, data.summary.find(([label]) => label === "Result")?.[1] || "");
    }
    $("explanation").textContent = step ? step.text : "";
    $("houses").textContent = step ? view.detail(step) : "";
    const lines = step ? view.lines(step) : [];
    $("implications").hidden = lines.length === 0;
    $("lines").textContent = "";
    for (const text of lines) make("li", {}, $("lines"), text);
    $("first").disabled = $("previous").disabled = position === 0;
    $("next").disabled = $("last").disabled = position === count;
    const items = $("steps").children;
    for (let i = 0; i < items.length; i++) {
      if (i === position) items[i].setAttribute("aria-current", "step");
      else items[i].removeAttribute("aria-current");
    }
    const current = items[position];
    if (current) {
      const list = $("steps");
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    try {
      history.replaceState(null, "", `#step-${position + 1}`);
    } catch (e) {
      // A page opened where the address cannot change keeps working without it.
    }
  }

  const moves = {
    ArrowRight: () => position + 1,
    ArrowLeft: () => position - 1,
    Home: () => 0,
    End: () => count,
  };
  document.addEventListener("keydown", (event) => {
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(move());
  });
  $("first").addEventListener("click", () => go(0));
  $("previous").addEventListener("click", () => go(position - 1));
  $("next").addEventListener("click", () => go(position + 1));
  $("last").addEventListener("click", () => go(count));

  if (view.cellPixels) {
    document.body.classList.add("big");
    svg.style.width = `${view.size * view.cellPixels}px`;
  }
  // On a phone the summary starts folded, so that the grid is in sight.
  if (window.matchMedia("(max-width: 800px)").matches) $("about").open = false;
  fillSummary();
  fillList();
  const asked = /^#step-(\d+)$/.exec(location.hash);
  go(asked ? Number(asked[1]) - 1 : 0);
})();
