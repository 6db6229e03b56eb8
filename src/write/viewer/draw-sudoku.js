// draw-sudoku.js: the Sudoku view: the candidate grid before a step (gridlogic's or the
// person's), the step's marks on it, a forcing net as far as it is played, the person's marks.

/** The Sudoku view: the candidate grid before each step, the step's marks on it. */
function sudoku() {
  const n = data.size;
  const U = 90;
  // The cells, and the sheet they are drawn on: one N x N grid, or overlapping grids on a
  // sheet of `rows` x `cols` places, the places no cell takes left blank (the gaps).
  const count = data.cells.length;
  const rows = data.sheet ? data.sheet.rows : n;
  const cols = data.sheet ? data.sheet.cols : n;
  const places = data.sheet ? data.sheet.places : null;
  const cellOf = new Array(rows * cols).fill(-1);
  for (let cell = 0; cell < count; cell++) cellOf[places ? places[cell] : cell] = cell;
  /** The cell at `row`, `col` of the sheet; -1 for a gap or a place off the sheet. */
  const cellAt = (row, col) => (row >= 0 && row < rows && col >= 0 && col < cols
    ? cellOf[row * cols + col] : -1);
  // gridlogic's solve as it stands before step `now`, and the grid being drawn: that one, or
  // the person's (see `draw`).
  const replay = { values: data.givens.slice(),
    candidates: data.candidates ? data.candidates.slice() : null };
  let values = replay.values;
  let candidates = replay.candidates;
  const keypad = Math.ceil(Math.sqrt(n));
  const keypadRows = Math.ceil(n / keypad);
  const extra = new Set(data.extra || []);
  const cages = data.cages || [];
  const markings = data.markings || { even: [], odd: [], bars: [], allBarsDrawn: false };
  // Where every empty cell carries a parity mark, the odd ones are left plain (janko.at's way:
  // grey cells even, white cells odd); otherwise an odd mark is a circle of its own.
  const oddDrawn = markings.odd.length > 0 && data.givens.some((given, cell) => !given &&
    !markings.even.includes(cell) && !markings.odd.includes(cell));
  const cageOf = new Array(count).fill(-1);
  cages.forEach((cage, i) => { for (const cell of cage.cells) cageOf[cell] = i; });
  // A Killer's candidates sit inside the cage outlines, below the strip where each cage's
  // first cell shows its sum.
  const side = cages.length ? U * 0.11 : 0;
  const top = cages.length ? U * 0.2 : 0;
  // The room a candidate takes: rings go round it, arrows stop short of it.
  const room = candidates ? (U / keypad) * 0.42 : U * 0.3;
  const rowCol = places ? (cell) => [Math.floor(places[cell] / cols), places[cell] % cols]
    : (cell) => [Math.floor(cell / n), cell % n];
  let now = 0; // the position `values` and `candidates` stand before

  function apply(i, forward) {
    const step = steps[i];
    for (const [cell, digit] of pairs(step.place)) replay.values[cell] = forward ? digit : 0;
    if (!replay.candidates) return;
    const list = replay.candidates;
    for (const [cell, bits] of pairs(step.gone)) {
      list[cell] = forward ? list[cell] & ~bits : list[cell] | bits;
    }
  }
  function seek(position) {
    while (now < position) apply(now++, true);
    while (now > position) apply(--now, false);
  }

  /** Where candidate `digit` of `cell` sits (its cell's centre when candidates are hidden). */
  function spot(cell, digit) {
    const [row, col] = rowCol(cell);
    if (!candidates) return [(col + 0.5) * U, (row + 0.5) * U];
    const k = digit - 1;
    return [col * U + side + ((k % keypad) + 0.5) * ((U - 2 * side) / keypad),
      row * U + top + (Math.floor(k / keypad) + 0.5) * ((U - top - side) / keypadRows)];
  }
  /** The closest two candidates of two nodes, where a link between them is drawn; with
   * `apart`, two in different cells where there are such (a link inside an almost locked
   * set, which would otherwise join neighbours in a cell). */
  function closest(from, to, apart) {
    let best = null;
    for (const [c, d] of pairs(from)) {
      for (const [e, f] of pairs(to)) {
        const [a, b] = [spot(c, d), spot(e, f)];
        const length = Math.hypot(b[0] - a[0], b[1] - a[1]) + (apart && c === e ? 1e6 : 0);
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
      placing: new Map(pairs(step ? step.place : empty)),
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
  /** The legend's name for a cell's fill. */
  function fillName(colour) {
    return { [C.fin]: "fin", [C.pattern]: "pattern", [C.target]: "target", [C.house]: "house",
      [C.extra]: "extra" }[colour];
  }

  /** Outlines the cells `has` accepts among `cells`, `inset` inside their outer edges, as
   * one line round each connected part: a side is drawn where the neighbour is outside,
   * reaching short of its corner where the shape turns, to the neighbour's line where the
   * side goes on, beyond it round an inner corner. */
  function outline(cells, has, inset, attrs, parent) {
    const group = shape("g", attrs, parent);
    const inside = (row, col) => {
      const cell = cellAt(row, col);
      return cell >= 0 && has(cell);
    };
    const reach = (along, beyond) => (!along ? inset : beyond ? -inset : 0);
    const width = attrs["stroke-width"];
    for (const cell of cells) {
      const [row, col] = rowCol(cell);
      const [x0, y0, x1, y1] = [col * U, row * U, (col + 1) * U, (row + 1) * U];
      for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
        if (inside(row + dr, col + dc)) continue;
        if (dr) {
          const y = dr < 0 ? y0 + inset : y1 - inset;
          const a = reach(inside(row, col - 1), inside(row + dr, col - 1));
          const b = reach(inside(row, col + 1), inside(row + dr, col + 1));
          line(x0 + a, y, x1 - b, y, attrs.stroke, width, group);
        } else {
          const x = dc < 0 ? x0 + inset : x1 - inset;
          const a = reach(inside(row - 1, col), inside(row - 1, col + dc));
          const b = reach(inside(row + 1, col), inside(row + 1, col + dc));
          line(x, y0 + a, x, y1 - b, attrs.stroke, width, group);
        }
      }
    }
    return group;
  }

  /** Joins the parts of a set of cells that do not touch, so that it reads as one shape: a
   * line from each part to the next along their shared row's top or column's left, inside
   * the outline; else between the nearest corners. */
  function bridge(cells, inset, attrs, group) {
    const set = new Set(cells);
    const parts = [];
    const seen = new Set();
    for (const cell of cells) {
      if (seen.has(cell)) continue;
      const part = [];
      const queue = [cell];
      seen.add(cell);
      while (queue.length) {
        const c = queue.pop();
        part.push(c);
        const [row, col] = rowCol(c);
        for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
          const next = cellAt(row + dr, col + dc);
          if (set.has(next) && !seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      parts.push(part);
    }
    for (let i = 1; i < parts.length; i++) {
      // The nearest cells of this part and the ones before it.
      let best = null;
      for (const a of parts.slice(0, i).flat()) {
        for (const b of parts[i]) {
          const [[ra, ca], [rb, cb]] = [rowCol(a), rowCol(b)];
          const d = Math.abs(ra - rb) + Math.abs(ca - cb);
          if (!best || d < best[0]) best = [d, ra, ca, rb, cb];
        }
      }
      const [, ra, ca, rb, cb] = best;
      const corner = (r, c, towardRow, towardCol) => [
        (c + (towardCol > c ? 1 : 0)) * U + (towardCol > c ? -inset : inset),
        (r + (towardRow > r ? 1 : 0)) * U + (towardRow > r ? -inset : inset)];
      let a;
      let b;
      if (ra === rb) {
        const y = ra * U + inset;
        const [left, right] = ca < cb ? [ca, cb] : [cb, ca];
        [a, b] = [[(left + 1) * U - inset, y], [right * U + inset, y]];
      } else if (ca === cb) {
        const x = ca * U + inset;
        const [upper, lower] = ra < rb ? [ra, rb] : [rb, ra];
        [a, b] = [[x, (upper + 1) * U - inset], [x, lower * U + inset]];
      } else {
        [a, b] = [corner(ra, ca, rb, cb), corner(rb, cb, ra, ca)];
      }
      line(a[0], a[1], b[0], b[1], attrs.stroke, attrs["stroke-width"], group);
    }
  }

  /** A Killer's cages: a dashed outline inside each cage's edge, and its sum small in its
   * first cell, masked by the cell's fill so that the outline does not cross it. */
  function drawCages(fillOf, layer) {
    if (!cages.length) return;
    const inset = U * 0.08;
    const group = shape("g", { class: "cages" }, layer);
    cages.forEach((cage, i) => outline(cage.cells, (cell) => cageOf[cell] === i, inset,
      { stroke: "#333", "stroke-width": 2, "stroke-dasharray": "7 5" }, group));
    const sums = shape("g", { "font-size": U * 0.19, "font-weight": 700,
      "dominant-baseline": "hanging", "paint-order": "stroke", "stroke-width": 6,
      class: "sums" }, layer);
    for (const cage of cages) {
      const [row, col] = rowCol(cage.cells[0]);
      shape("text", { x: col * U + inset * 0.5, y: row * U + inset * 0.5, fill: "#000",
        stroke: fillOf(cage.cells[0]), class: "sum" }, sums, String(cage.sum));
    }
  }

  /** An even/odd puzzle's parity marks, over the cells' fills and under their digits: a grey
   * square inside an even cell (its fill showing round it), a grey ring inside an odd one
   * unless odd cells are the plain ones. */
  function drawParity(layer, used) {
    if (markings.even.length) used.add("even");
    if (markings.odd.length) used.add(oddDrawn ? "odd" : "odd-plain");
    const group = shape("g", { class: "parity" }, layer);
    const inset = U * 0.08;
    for (const cell of markings.even) {
      const [row, col] = rowCol(cell);
      shape("rect", { x: col * U + inset, y: row * U + inset, width: U - 2 * inset,
        height: U - 2 * inset, fill: C.even, class: "even" }, group);
    }
    if (!oddDrawn) return;
    for (const cell of markings.odd) {
      const [row, col] = rowCol(cell);
      shape("circle", { cx: (col + 0.5) * U, cy: (row + 0.5) * U, r: U / 2 - inset,
        fill: "none", stroke: C.even, "stroke-width": U * 0.06, class: "odd" }, group);
    }
  }

  /** A consecutive puzzle's bars: each a short thick line lying on the border of its two
   * cells, over the grid's lines. */
  function drawBars(layer, used) {
    if (!markings.bars.length && !markings.allBarsDrawn) return;
    used.add(markings.allBarsDrawn ? "bar-all" : "bar");
    const group = shape("g", { class: "bars" }, layer);
    const [length, width] = [U * 0.44, U * 0.13];
    for (const [a, b] of markings.bars) {
      const [row, col] = rowCol(b);
      const beside = rowCol(a)[0] === row;
      const [x, y] = beside ? [col * U, (row + 0.5) * U] : [(col + 0.5) * U, row * U];
      const [w, h] = beside ? [width, length] : [length, width];
      shape("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: width / 2,
        fill: C.bar, stroke: "#fff", "stroke-width": 1.5, class: "bar",
        "data-cells": `${a} ${b}` }, group);
    }
  }

  function drawLines(layer) {
    if (places) {
      drawSheetLines(layer);
      return;
    }
    const thin = shape("g", { stroke: "#999", "stroke-width": 1.5 }, layer);
    for (let i = 1; i < n; i++) {
      line(i * U, 0, i * U, n * U, "#999", 1.5, thin);
      line(0, i * U, n * U, i * U, "#999", 1.5, thin);
    }
    const thick = shape("g", {}, layer);
    const regions = data.regions;
    const width = n > 16 ? 4 : 5;
    if (regions) {
      for (let cell = 0; cell < count; cell++) {
        const [row, col] = rowCol(cell);
        if (col + 1 < n && regions[cell] !== regions[cell + 1]) {
          line((col + 1) * U, row * U, (col + 1) * U, (row + 1) * U, "#000", width, thick);
        }
        if (row + 1 < n && regions[cell] !== regions[cell + n]) {
          line(col * U, (row + 1) * U, (col + 1) * U, (row + 1) * U, "#000", width, thick);
        }
      }
    }
    shape("rect", { x: 0, y: 0, width: n * U, height: n * U, fill: "none", stroke: "#000",
      "stroke-width": width + 1 }, layer);
  }

  /** Overlapping grids' lines: each cell's edges thin, and thick where its box ends, which
   * takes in the grids' edges (a gap or the sheet's edge beyond). */
  function drawSheetLines(layer) {
    const thin = shape("g", { stroke: "#999", "stroke-width": 1.5 }, layer);
    const thick = shape("g", {}, layer);
    const regions = data.regions;
    const edge = (cell, other) => other < 0 || (regions && regions[cell] !== regions[other]);
    for (let cell = 0; cell < count; cell++) {
      const [row, col] = rowCol(cell);
      const [x0, y0, x1, y1] = [col * U, row * U, (col + 1) * U, (row + 1) * U];
      // Each edge once: a cell draws its right and lower edges, and its upper and left ones
      // where no cell lies beyond.
      const sides = [[0, 1, x1, y0, x1, y1], [1, 0, x0, y1, x1, y1], [0, -1, x0, y0, x0, y1],
        [-1, 0, x0, y0, x1, y0]];
      for (const [dr, dc, ax, ay, bx, by] of sides) {
        const other = cellAt(row + dr, col + dc);
        if ((dr < 0 || dc < 0) && other >= 0) continue;
        if (edge(cell, other)) line(ax, ay, bx, by, "#000", 5, thick);
        else line(ax, ay, bx, by, "#999", 1.5, thin);
      }
    }
  }

  /** The size a candidate's digit is written at. */
  const small = ((U - top - side) / Math.max(keypad, keypadRows)) * 0.82;

  /** A cell's digit, written large: narrower for symbols of three characters (100). */
  function bigDigit(cell, digit, attrs, group) {
    const [row, col] = rowCol(cell);
    const symbol = data.symbols[digit - 1];
    shape("text", Object.assign({ x: (col + 0.5) * U, y: (row + 0.5) * U,
      "font-size": U * Math.min(0.6, 1.35 / symbol.length) }, attrs), group, symbol);
  }

  function drawDigits(m, layer, used, board) {
    const group = shape("g", { "text-anchor": "middle", "dominant-baseline": "central" }, layer);
    for (let cell = 0; cell < count; cell++) {
      if (values[cell]) {
        const given = data.givens[cell] !== 0;
        const own = !given && board && board.own && !board.origin[cell];
        const kind = given ? "given" : own ? "entered" : "solved";
        used.add(kind);
        bigDigit(cell, values[cell], { "font-weight": given ? 700 : 400, fill: { given: "#000",
          entered: BOARD.entered, solved: "#444" }[kind], class: kind }, group);
        continue;
      }
      // Without candidates, the digit a step places is written in its cell.
      if (!candidates && m.placing.has(cell)) {
        bigDigit(cell, m.placing.get(cell), { "font-weight": 700, fill: C.placed,
          class: "candidate placed" }, group);
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

  /** Marks on the grid, each counted per candidate and per cell so that a second ring goes
   * round the first and a second outline inside the first. */
  function marker(layers, used) {
    const rings = new Map();
    const depth = new Map();
    return {
      layers,
      used,
      /** A ring (or a rounded square) round candidate `[cell, digit]`. */
      ring([cell, digit], colour, attrs, square) {
        const key = cell * 128 + digit;
        const k = rings.get(key) || 0;
        rings.set(key, k + 1);
        const r = room * (1 + 0.22 * k);
        const [x, y] = spot(cell, digit);
        const base = { fill: "none", stroke: colour, "stroke-width": room * 0.13 };
        if (square) {
          return shape("rect", Object.assign(base, { x: x - r, y: y - r, width: 2 * r,
            height: 2 * r, rx: r * 0.3 }, attrs), layers.rings);
        }
        return shape("circle", Object.assign(base, { cx: x, cy: y, r }, attrs), layers.rings);
      },
      /** A disc behind candidate `[cell, digit]`. */
      disc([cell, digit], colour, attrs) {
        const [x, y] = spot(cell, digit);
        return shape("circle", Object.assign({ cx: x, cy: y, r: room * 0.95, fill: colour },
          attrs), layers.discs);
      },
      /** An outline round `cells` inside those already drawn there; `set` joins its parts;
       * `last`: none is drawn inside it (the selection's, which moves alone). */
      cells(cells, colour, width, attrs, set, last) {
        const k = Math.max(0, ...cells.map((c) => depth.get(c) || 0));
        if (!last) for (const c of cells) depth.set(c, k + 1);
        const inset = 3 + width / 2 + k * (width + 3);
        const all = new Set(cells);
        const group = outline(cells, (c) => all.has(c), inset,
          Object.assign({ stroke: colour, "stroke-width": width }, attrs), layers.outlines);
        if (set) bridge(cells, inset, { stroke: colour, "stroke-width": width }, group);
        group.dataset.cells = cells.join(" ");
        return group;
      },
    };
  }

  /** The figures of a step in their roles; a net draws its own assumption and contradiction.
   * Returns the colour each almost locked set took, by its first candidate's key. */
  function drawFigures(step, mark) {
    const alsColour = new Map();
    let sets = 0;
    for (const figure of step.figures || []) {
      const role = ROLES[figure.role];
      if (!role) continue;
      if (step.net && (figure.role === "assumption" || figure.role === "contradiction")) continue;
      mark.used.add(figure.role);
      const list = pairs(figure.cand);
      let colour = role.colour;
      if (figure.role === "als") {
        colour = ALS_COLOURS[sets++ % ALS_COLOURS.length];
        for (const [c, d] of list) alsColour.set(c * 128 + d, colour);
      }
      const cells = [...new Set(list.map(([c]) => c))];
      const digits = [...new Set(list.map(([, d]) => d))].sort((a, b) => a - b);
      const tag = { class: `figure ${figure.role}`, "data-cells": cells.join(" "),
        "data-digits": digits.join(" ") };
      if (role.cells) {
        const attrs = Object.assign({}, tag);
        if (role.dash) attrs["stroke-dasharray"] = "9 6";
        mark.cells(cells, colour, role.width || 4, attrs, role.cells === "set");
      }
      for (const candidate of list) {
        if (role.ring) mark.ring(candidate, colour, { "stroke-width": room * 0.11 * (role.width || 1) });
        if (role.square) mark.ring(candidate, colour, {}, true);
        if (role.disc) mark.disc(candidate, role.disc);
      }
      if (role.capsule) drawCapsule(list, colour, tag, mark.layers.rings);
      if (!role.cells) shape("g", tag, mark.layers.outlines); // the figure's tag, for readers
    }
    return alsColour;
  }

  /** One rounded outline round candidates (a group's, in a line). */
  function drawCapsule(list, colour, attrs, layer) {
    const points = list.map(([c, d]) => spot(c, d));
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const r = room * 1.05;
    const [x, y] = [Math.min(...xs) - r, Math.min(...ys) - r];
    shape("rect", Object.assign({ x, y, width: Math.max(...xs) + r - x,
      height: Math.max(...ys) + r - y, rx: r, fill: "none", stroke: colour,
      "stroke-width": room * 0.15 }, attrs), layer);
  }

  /** Whether a chain's nodes come back to a cell after leaving it: its links are then
   * numbered, so that the order can be read. */
  function revisits(links) {
    const nodes = [links[0].from, ...links.map((l) => l.to)];
    const last = nodes[nodes.length - 1].join();
    if (nodes.length > 2 && last === nodes[0].join()) nodes.pop(); // a loop's closing node
    const cells = nodes.map((node) => new Set(pairs(node).map(([c]) => c)));
    for (let i = 0; i < cells.length; i++) {
      for (let j = i + 2; j < cells.length; j++) {
        for (const c of cells[i]) if (cells[j].has(c)) return true;
      }
    }
    return false;
  }

  /** A chain's links in order: strong solid, weak dashed, inside an almost locked set dotted
   * in the set's colour; nodes of several candidates outside a group or set ringed. */
  function drawLinks(step, mark, alsColour) {
    const links = step.links || [];
    if (!links.length) return;
    const group = shape("g", { class: "links" }, mark.layers.links);
    const figured = new Set();
    for (const figure of step.figures || []) {
      if (figure.role === "als" || figure.role === "group") {
        for (const [c, d] of pairs(figure.cand)) figured.add(c * 128 + d);
      }
    }
    const numbered = revisits(links);
    if (numbered) mark.used.add("numbered");
    const ringed = new Set();
    links.forEach((link, i) => {
      for (const node of [link.from, link.to]) {
        if (node.length <= 2) continue;
        for (const [c, d] of pairs(node)) {
          const key = c * 128 + d;
          if (figured.has(key) || ringed.has(key)) continue;
          ringed.add(key);
          mark.used.add("node");
          mark.ring([c, d], C.link, { class: "node", "stroke-width": room * 0.1 });
        }
      }
      mark.used.add(link.kind);
      const [a, b] = closest(link.from, link.to, link.kind === "als");
      const attrs = { class: `link ${link.kind}`, "data-order": i + 1 };
      // The link a played chain is telling now stands out, on a blue halo (yellow would vanish
      // on the pattern's cells).
      if (i === step.current) {
        attrs.class += " current";
        arrow(a, b, room, { stroke: NOW_LINK, "stroke-width": room * 0.9, opacity: 0.8,
          "marker-end": "none", "stroke-linecap": "round", class: "halo" }, group);
      }
      if (link.kind === "weak") attrs["stroke-dasharray"] = `${room * 0.5} ${room * 0.35}`;
      if (link.kind === "als") {
        attrs.stroke = alsColour.get(link.from[0] * 128 + link.from[1]) || ALS_COLOURS[0];
        attrs["stroke-dasharray"] = `0.1 ${room * 0.4}`;
        attrs["stroke-linecap"] = "round";
        attrs["stroke-width"] = room * 0.3;
      }
      const middle = arrow(a, b, room, attrs, group);
      if (numbered && middle) number(middle, i + 1, attrs.stroke || C.link, group);
    });
  }

  /** A link's number in a small white disc. */
  function number([x, y], k, colour, parent) {
    const r = room * 0.72;
    shape("circle", { cx: x, cy: y, r, fill: "#fff", stroke: colour,
      "stroke-width": r * 0.15, class: "order" }, parent);
    shape("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central",
      "font-size": r * 1.3, "font-weight": 700, fill: colour }, parent, String(k));
  }

  /** A forcing net's branch, as far as `view.shown` implications (its end once all are
   * shown): each implication's candidate held (a green disc) or eliminated (struck through
   * in orange), an arrow from each premise, the assumption ringed, the contradiction
   * outlined in red; the picked implication and its premises haloed. */
  function drawNet(view, mark) {
    const { branch, shown, focus } = view;
    const list = branch.implications;
    const count = Math.min(shown, list.length);
    const group = shape("g", { class: "net" }, mark.layers.links);
    const at = (imp) => [imp.cell, imp.digit];
    if (focus !== null && focus < count) haloes(list, focus, mark);
    for (let i = 0; i < count; i++) {
      const imp = list[i];
      const faint = imp.reason === "outer" ? { opacity: 0.55 } : {};
      if (imp.holds) {
        mark.used.add("net-holds");
        mark.disc(at(imp), NET.holds, Object.assign({ class: "implied holds" }, faint));
      } else {
        mark.used.add("net-gone");
        const [x, y] = spot(imp.cell, imp.digit);
        const h = room * 0.7;
        line(x - h, y + h, x + h, y - h, NET.gone, room * 0.16, mark.layers.rings)
          .setAttribute("class", "implied gone");
      }
      if (imp.reason === "refuted") {
        mark.used.add("refuted");
        mark.ring(at(imp), NET.gone, { "stroke-dasharray": `${room * 0.3} ${room * 0.2}`,
          class: "refuted" });
      }
      for (const p of imp.from) {
        const [kind, attrs] = netArrow(list[p], imp, i === focus);
        if (!kind) continue;
        mark.used.add(kind);
        attrs["data-to"] = i;
        arrow(spot(list[p].cell, list[p].digit), spot(imp.cell, imp.digit), room, attrs, group);
      }
    }
    const first = list[0];
    mark.used.add("assumption");
    mark.cells([first.cell], ROLES.assumption.colour, 4, { class: "assumption",
      "data-cells": String(first.cell) });
    mark.ring(at(first), ROLES.assumption.colour, { "stroke-width": room * 0.28,
      class: "assumption" });
    if (shown > list.length) drawEnd(branch, mark);
  }

  /** How an implication's arrow from premise `from` to `to` is drawn, and its legend's
   * name: into a candidate that then holds, solid; into one then eliminated, dashed; light
   * and thin where a true candidate takes its digit from its peers or its other digits from
   * its cell, which the struck candidates already show; none into a refuted candidate
   * (ringed instead: its premises feed its own net, which opens from the list) unless it
   * is picked; wider when picked. */
  function netArrow(from, to, picked) {
    const peer = !to.holds && from.holds &&
      ["same_cell", "same_house", "same_cage"].includes(to.reason);
    if (to.reason === "refuted" && !picked) return [null, null];
    const attrs = { stroke: NET.arrow, class: "implication" };
    let kind = "net-arrow";
    if (!to.holds) {
      attrs["stroke-dasharray"] = `${room * 0.5} ${room * 0.35}`;
      kind = "net-arrow-gone";
    }
    if (peer && !picked) {
      Object.assign(attrs, { stroke: NET.peer, "stroke-width": room * 0.12,
        class: "implication peer" });
      kind = "net-arrow-peer";
    }
    if (picked) attrs["stroke-width"] = room * 0.34;
    return [kind, attrs];
  }

  /** Haloes behind the picked implication (yellow) and its premises (blue), and its house. */
  function haloes(list, focus, mark) {
    const imp = list[focus];
    mark.used.add("focus");
    mark.disc([imp.cell, imp.digit], NET.focus, { r: room * 1.35, class: "focus" });
    for (const p of imp.from) {
      mark.disc([list[p].cell, list[p].digit], NET.premise, { r: room * 1.35,
        class: "premise" });
    }
    if (imp.house !== undefined) {
      mark.used.add("reason-house");
      const cells = data.houses[imp.house].cells;
      mark.cells(cells, NET.arrow, 2, { "stroke-dasharray": "4 4", class: "reason-house" });
    }
  }

  /** How a branch ends: the contradiction's cells (a cell, or a house) outlined in red, the
   * candidate or the digit it is about ringed in red; or the conclusion reached, ringed. */
  function drawEnd(branch, mark) {
    const end = branch.end;
    const list = branch.implications;
    if (end.kind === "reaches") {
      mark.used.add("reaches");
      const imp = list[end.at];
      mark.ring([imp.cell, imp.digit], C.placed, { "stroke-width": room * 0.3,
        class: "reached" });
      return;
    }
    mark.used.add("contradiction");
    mark.cells(end.cells, C.eliminated, 6, { class: "contradiction",
      "data-cells": end.cells.join(" ") }, end.kind === "no_place");
    // The implications the contradiction rests on, ringed in red.
    for (const p of end.from) {
      mark.ring([list[p].cell, list[p].digit], C.eliminated, { "stroke-width": room * 0.18,
        class: "contradiction-premise" });
    }
  }

  /** The cover houses of a fish (and of pointing and claiming): each outlined, dashed. A
   * step without base houses, or a cover that is also a base (Sue de Coq's row and box),
   * has no cover in this sense, and none is drawn. */
  function drawCover(step, mark) {
    if (!step.base.length) return;
    for (const h of step.cover) {
      if (step.base.includes(h)) continue;
      mark.used.add("cover");
      mark.cells(data.houses[h].cells, COVER, 3, { "stroke-dasharray": "10 6",
        class: "cover", "data-house": h });
    }
  }

  /** gridlogic's grid before the step at `position`: digits and candidates, copied. */
  function at(position) {
    seek(position);
    return { values: replay.values.slice(),
      candidates: replay.candidates ? replay.candidates.slice() : null };
  }

  /** Draws `grid` (digits and candidates) with `step`'s marks (a net as `netView` has it,
   * when the step is a forcing one) and the person's `board` marks (selection, highlighted
   * digit, coloured candidates, mistakes); returns the names of the marks drawn. */
  function draw(grid, step, netView, board) {
    values = grid.values;
    candidates = grid.candidates;
    const m = marks(step);
    const used = new Set();
    start(cols * U, rows * U);
    const layers = {};
    for (const name of ["fills", "lines", "outlines", "discs", "links", "digits", "rings"]) {
      layers[name] = shape("g", { class: `layer-${name}` }, svg);
    }
    for (let cell = 0; cell < count; cell++) {
      const [row, col] = rowCol(cell);
      const colour = fill(cell, m);
      if (fillName(colour)) used.add(fillName(colour));
      const marked = colour !== "#fff" && colour !== C.house && colour !== C.extra;
      const rect = shape("rect", { x: col * U, y: row * U, width: U, height: U,
        fill: colour, class: marked ? "cell marked" : "cell" }, layers.fills);
      shape("title", {}, rect, data.cells[cell]);
    }
    drawParity(layers.fills, used);
    drawLines(layers.lines);
    drawBars(layers.lines, used);
    if (cages.length) used.add("cage");
    drawCages((cell) => fill(cell, m), layers.lines);
    const mark = marker(layers, used);
    if (step) {
      const alsColour = drawFigures(step, mark);
      drawLinks(step, mark, alsColour);
      if (netView) drawNet(netView, mark);
      drawCover(step, mark);
      if (m.place.size) used.add("place");
      // A struck candidate outside a cell filled as losing candidates needs its own entry.
      if (pairs(step.elim).some(([c]) => fill(c, m) !== C.target)) used.add("elim");
    }
    if (board) drawBoard(board, mark);
    drawDigits(m, layers.digits, used, board);
    return used;
  }

  /** The person's marks: the highlighted digit's cells and candidates, the candidates they
   * coloured, the cells a check found wrong, and the selected cell. */
  function drawBoard(board, mark) {
    // The highlighted digit's marks go in a group of their own under the others, which a new
    // highlight fills afresh.
    highlights = shape("g", { class: "highlights" }, mark.layers.discs);
    if (drawHighlight(board.highlight)) mark.used.add("highlight");
    for (const [key, colour] of board.colours) {
      const [cell, digit] = [Math.floor(key / 128), key % 128];
      if (values[cell] || !candidates || !(candidates[cell] & (1 << (digit - 1)))) continue;
      mark.used.add(`mine_${colour}`);
      mark.disc([cell, digit], BOARD[colour], { class: `coloured ${colour}` });
    }
    if (board.look.length) {
      mark.used.add("look");
      // A house to look at is one shape; a pattern's cells are each outlined.
      if (board.lookHouse) mark.cells(board.look, BOARD.look, 5, { class: "look", "stroke-dasharray": "12 6" }, true);
      else for (const cell of board.look) mark.cells([cell], BOARD.look, 5, { class: "look" });
    }
    for (const cell of board.wrong) {
      mark.used.add("wrong");
      mark.cells([cell], C.eliminated, 5, { class: "wrong" });
    }
    if (board.selected >= 0) mark.used.add("selected");
    selection = mark;
    drawSelection(board.selected);
  }

  // The group of the last drawing that holds the highlighted digit's marks.
  let highlights = null;
  /** Tints the cells holding `digit` and discs its candidates (none for 0), in place of the
   * last highlight, the drawing's other marks kept; whether it marked anything. */
  function drawHighlight(digit) {
    highlights.textContent = "";
    if (!digit) return false;
    let marked = false;
    for (let cell = 0; cell < count; cell++) {
      const [row, col] = rowCol(cell);
      if (values[cell] === digit) {
        shape("rect", { x: col * U + 2, y: row * U + 2, width: U - 4, height: U - 4,
          fill: BOARD.highlight, class: "highlighted" }, highlights);
        marked = true;
      } else if (candidates && candidates[cell] & (1 << (digit - 1))) {
        const [x, y] = spot(cell, digit);
        shape("circle", { cx: x, cy: y, r: room * 0.95, fill: BOARD.highlight,
          class: "highlighted" }, highlights);
        marked = true;
      }
    }
    return marked;
  }

  // The marks of the last drawing, which the selection's outline goes inside.
  let selection = null;
  /** Outlines the selected cell (none for -1), the last drawing's other marks kept: moving the
   * selection redraws nothing else. */
  function drawSelection(cell) {
    svg.querySelector("g.selected")?.remove();
    if (cell >= 0) selection.cells([cell], BOARD.selected, 6, { class: "selected" }, false, true);
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

  return {
    draw,
    at,
    legend: sudokuLegend(n, extra),
    label: (step) => step.technique,
    swatch: (step) => data.families[step.family][1],
    detail: houses,
    // Large grids get cells big enough to read candidates (digits alone beyond 25x25).
    // Overlapping grids too: a Samurai's 21 columns would leave its candidates too small.
    cellPixels: n <= 9 && !places ? 0 : candidates ? keypad * 14 : 28,
    // The cells across the drawing, which `cellPixels` each get.
    across: cols,
    rows,
    cols,
    cellAt,
    rowCol,
    unit: U,
    select: drawSelection,
    highlight: drawHighlight,
  };
}
