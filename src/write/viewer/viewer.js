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

  /** Clears the grid: its white ground, and the arrowheads' definitions (one per colour). */
  let heads = {};
  function start(width, height) {
    svg.textContent = "";
    svg.setAttribute("viewBox", `-3 -3 ${width + 6} ${height + 6}`);
    shape("defs", { id: "heads" }, svg);
    heads = {};
    shape("rect", { x: 0, y: 0, width, height, fill: "#fff" }, svg);
  }

  /** The arrowhead marker of `colour`, made the first time it is asked for. */
  function head(colour) {
    if (!heads[colour]) {
      const id = `head-${Object.keys(heads).length}`;
      const marker = shape("marker", { id, viewBox: "0 0 10 10", refX: "9", refY: "5",
        markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" }, $("heads"));
      shape("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }, marker);
      heads[colour] = `url(#${id})`;
    }
    return heads[colour];
  }

  /** A straight line. */
  function line(x1, y1, x2, y2, stroke, width, parent) {
    return shape("line", { x1, y1, x2, y2, stroke, "stroke-width": width,
      "stroke-linecap": "square" }, parent || svg);
  }

  /** An arrow from point `a` to point `b`, curved, its ends kept `room` clear of the
   * candidates (less between neighbours in a cell, so that the arrow still shows); `attrs`
   * style it. Returns the middle of the curve, where a number may go. */
  function arrow(a, b, room, attrs, parent) {
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const length = Math.hypot(dx, dy);
    if (length < 1) return null;
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
    const colour = attrs.stroke || C.link;
    shape("path", Object.assign({ d: `M${from[0]},${from[1]} Q${mid[0]},${mid[1]} ${to[0]},${to[1]}`,
      fill: "none", stroke: colour, "stroke-width": room * 0.22, "marker-end": head(colour) },
    attrs), parent);
    return [(from[0] + to[0]) / 4 + mid[0] / 2, (from[1] + to[1]) / 4 + mid[1] / 2];
  }

  // How each role of a step's figures is drawn, and the legend's words for it: `cells`
  // outlines its cells (`set`: as one shape, its parts joined), `dash` dashes that outline,
  // `ring` circles its candidates, `square` boxes them, `disc` fills behind them, `capsule`
  // encloses them together. Almost locked sets take one colour each, from `ALS_COLOURS`.
  const ALS_COLOURS = ["#AA4499", "#CC7700", "#3366CC", "#228833"];
  const ROLES = {
    als: { cells: "set", ring: true, colour: ALS_COLOURS[0],
      text: "Almost locked set (N cells, N+1 digits): its cells outlined as one shape, its " +
        "digits ringed; one colour per set" },
    group: { capsule: true, colour: C.link, text: "Group node: one of these candidates is true" },
    pivot: { cells: "cell", width: 6, colour: "#332288", text: "Pivot (a wing's middle cell)" },
    pincer: { cells: "cell", dash: true, colour: "#332288",
      text: "Pincer: a wing's other cell" },
    restricted_common: { square: true, colour: "#EE7733",
      text: "Restricted common digit: in one set or the other, never both" },
    deadly: { cells: "cell", dash: true, ring: true, colour: "#882255",
      text: "Deadly pattern: these candidates alone would allow two solutions" },
    guardian: { ring: true, width: 2, colour: "#EE3377",
      text: "Guardian: one of these keeps the pattern from being deadly" },
    colour_a: { disc: "#99DDFF", text: "Colour A: all true or all false" },
    colour_b: { disc: "#FFAABB", text: "Colour B: the opposite of colour A" },
    intersection: { cells: "set", colour: "#44AA99", text: "Cells where the line and the box cross" },
    line_set: { cells: "set", dash: true, colour: "#4477AA", text: "The line's cells outside the box" },
    box_set: { cells: "set", dash: true, colour: "#AA3377", text: "The box's cells outside the line" },
    assumption: { cells: "cell", ring: true, width: 2.5, colour: "#117733",
      text: "Assumption: the candidate assumed true" },
    contradiction: { cells: "set", width: 6, colour: C.eliminated,
      text: "Contradiction: where the assumption leads to the impossible" },
  };
  // The outline of a cover house.
  const COVER = "#4477AA";
  // The person's marks on the board: the selected cell, a highlighted digit, digits entered,
  // candidates in their colours A and B (a green and a violet, apart from the steps' colours).
  const BOARD = { selected: "#1F6FEB", highlight: "#FFE066", entered: "#1F4FA8", a: "#A6E3A1",
    b: "#D7B8F3", look: "#E07B00" };
  // A forcing net's marks.
  const NET = { arrow: "#444444", peer: "#AAAAAA", holds: "#B7E4C7", gone: "#EE7733", focus: "#FFD23F",
    premise: "#7FB3E6" };

  /** The Sudoku view: the candidate grid before each step, the step's marks on it. */
  function sudoku() {
    const n = data.size;
    const U = 90;
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
    const cageOf = new Array(n * n).fill(-1);
    cages.forEach((cage, i) => { for (const cell of cage.cells) cageOf[cell] = i; });
    // A Killer's candidates sit inside the cage outlines, below the strip where each cage's
    // first cell shows its sum.
    const side = cages.length ? U * 0.11 : 0;
    const top = cages.length ? U * 0.2 : 0;
    // The room a candidate takes: rings go round it, arrows stop short of it.
    const room = candidates ? (U / keypad) * 0.42 : U * 0.3;
    const rowCol = (cell) => [Math.floor(cell / n), cell % n];
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
      const inside = (row, col) => row >= 0 && row < n && col >= 0 && col < n &&
        has(row * n + col);
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
            const [r, k] = [row + dr, col + dc];
            const next = r * n + k;
            if (r >= 0 && r < n && k >= 0 && k < n && set.has(next) && !seen.has(next)) {
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

    function drawLines(layer) {
      const thin = shape("g", { stroke: "#999", "stroke-width": 1.5 }, layer);
      for (let i = 1; i < n; i++) {
        line(i * U, 0, i * U, n * U, "#999", 1.5, thin);
        line(0, i * U, n * U, i * U, "#999", 1.5, thin);
      }
      const thick = shape("g", {}, layer);
      const regions = data.regions;
      const width = n > 16 ? 4 : 5;
      if (regions) {
        for (let cell = 0; cell < n * n; cell++) {
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

    /** The size a candidate's digit is written at. */
    const small = ((U - top - side) / Math.max(keypad, keypadRows)) * 0.82;

    function drawDigits(m, layer, used, board) {
      const group = shape("g", { "text-anchor": "middle", "dominant-baseline": "central" }, layer);
      for (let cell = 0; cell < n * n; cell++) {
        const [row, col] = rowCol(cell);
        if (values[cell]) {
          const given = data.givens[cell] !== 0;
          const own = !given && board && board.own && !board.origin[cell];
          const kind = given ? "given" : own ? "entered" : "solved";
          used.add(kind);
          shape("text", { x: (col + 0.5) * U, y: (row + 0.5) * U, "font-size": U * 0.6,
            "font-weight": given ? 700 : 400, fill: { given: "#000", entered: BOARD.entered,
              solved: "#444" }[kind], class: kind }, group, data.symbols[values[cell] - 1]);
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
        /** An outline round `cells` inside those already drawn there; `set` joins its parts. */
        cells(cells, colour, width, attrs, set) {
          const k = Math.max(0, ...cells.map((c) => depth.get(c) || 0));
          for (const c of cells) depth.set(c, k + 1);
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
      start(n * U, n * U);
      const layers = {};
      for (const name of ["fills", "lines", "outlines", "discs", "links", "digits", "rings"]) {
        layers[name] = shape("g", { class: `layer-${name}` }, svg);
      }
      for (let cell = 0; cell < n * n; cell++) {
        const [row, col] = rowCol(cell);
        const colour = fill(cell, m);
        if (fillName(colour)) used.add(fillName(colour));
        const marked = colour !== "#fff" && colour !== C.house && colour !== C.extra;
        const rect = shape("rect", { x: col * U, y: row * U, width: U, height: U,
          fill: colour, class: marked ? "cell marked" : "cell" }, layers.fills);
        shape("title", {}, rect, data.cells[cell]);
      }
      drawLines(layers.lines);
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
      const tint = (cell, colour, cls) => {
        const [row, col] = rowCol(cell);
        shape("rect", { x: col * U + 2, y: row * U + 2, width: U - 4, height: U - 4,
          fill: colour, class: cls }, mark.layers.discs);
      };
      for (let cell = 0; cell < n * n; cell++) {
        if (board.highlight && values[cell] === board.highlight) {
          mark.used.add("highlight");
          tint(cell, BOARD.highlight, "highlighted");
        } else if (board.highlight && candidates && candidates[cell] & (1 << (board.highlight - 1))) {
          mark.used.add("highlight");
          mark.disc([cell, board.highlight], BOARD.highlight, { class: "highlighted" });
        }
      }
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
      if (board.selected >= 0) {
        mark.used.add("selected");
        mark.cells([board.selected], BOARD.selected, 6, { class: "selected" });
      }
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
      cellPixels: n <= 9 ? 0 : candidates ? keypad * 14 : 28,
      size: n,
    };
  }

  /** The Sudoku legend: each entry's mark, drawn small, and its words, by the name `draw`
   * gives the mark; only the marks a step draws are listed with it. */
  function sudokuLegend(n) {
    const cell = (fillColour, text, textColour, struck) => (el) => {
      shape("rect", { x: 1, y: 1, width: 34, height: 26, fill: fillColour, stroke: "#777" }, el);
      if (text) {
        shape("text", { x: 18, y: 15, "text-anchor": "middle", "dominant-baseline": "central",
          "font-size": 16, "font-weight": 700, fill: textColour }, el, text);
      }
      if (struck) line(11, 15, 25, 15, C.eliminated, 2, el);
    };
    const curve = (colour, dash, width, cap) => (el) => {
      const attrs = { d: "M3,20 Q18,4 33,20", fill: "none", stroke: colour,
        "stroke-width": width || 2.5 };
      if (dash) attrs["stroke-dasharray"] = dash;
      if (cap) attrs["stroke-linecap"] = cap;
      shape("path", attrs, el);
    };
    const sample = data.symbols[Math.min(4, n - 1)];
    const digit = (el, colour) => shape("text", { x: 18, y: 15, "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 14, "font-weight": 700, fill: colour || C.highlight },
    el, sample);
    const ring = (colour, width, dash) => (el) => {
      const attrs = { cx: 18, cy: 14, r: 9, fill: "none", stroke: colour, "stroke-width": width || 2 };
      if (dash) attrs["stroke-dasharray"] = dash;
      shape("circle", attrs, el);
      digit(el);
    };
    const box = (colour, width, dash) => (el) => {
      const attrs = { x: 3, y: 3, width: 30, height: 22, fill: "none", stroke: colour,
        "stroke-width": width || 2.5 };
      if (dash) attrs["stroke-dasharray"] = dash;
      shape("rect", attrs, el);
    };
    const disc = (colour) => (el) => {
      shape("circle", { cx: 18, cy: 14, r: 10, fill: colour }, el);
      digit(el);
    };
    const roleMark = (name) => {
      const role = ROLES[name];
      if (role.disc) return disc(role.disc);
      if (role.capsule) {
        return (el) => shape("rect", { x: 2, y: 6, width: 32, height: 16, rx: 8, fill: "none",
          stroke: role.colour, "stroke-width": 2 }, el);
      }
      if (role.square) {
        return (el) => {
          shape("rect", { x: 9, y: 5, width: 18, height: 18, rx: 5, fill: "none",
            stroke: role.colour, "stroke-width": 2 }, el);
          digit(el);
        };
      }
      if (role.cells && !role.ring) return box(role.colour, role.width ? 4 : 2.5, role.dash && "6 4");
      if (role.cells) {
        return (el) => {
          box(role.colour, 2.5, role.dash && "6 4")(el);
          ring(role.colour, 1.5)(el);
        };
      }
      return ring(role.colour, role.width ? 3 : 2);
    };
    const entries = [
      ["pattern", cell(C.pattern, sample, C.highlight), "Pattern cell; its candidates in bold blue"],
      ["fin", cell(C.fin, sample, C.highlight), "Fin cell of a finned pattern"],
      ["house", cell(C.house), "House the step works in (a single's house, base lines)"],
      ["target", cell(C.target, sample, C.eliminated, true),
        "Cell losing candidates; each struck out in red"],
      ["elim", cell("#fff", sample, C.eliminated, true), "Candidate the step eliminates"],
      ["place", cell("#fff", sample, C.placed), "Digit the step places, bold green"],
      ["given", cell("#fff", sample, "#000"), "Given digit (bold)"],
      ["solved", (el) => shape("text", { x: 18, y: 15, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 16, fill: "#444" }, el, sample),
      "Digit placed by an earlier step"],
      ["entered", (el) => shape("text", { x: 18, y: 15, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 16, fill: BOARD.entered }, el, sample),
      "Digit on your grid"],
      ["selected", box(BOARD.selected, 4), "The cell you are at"],
      ["highlight", disc(BOARD.highlight), "The digit you highlighted: its cells and candidates"],
      ["mine_a", disc(BOARD.a), "Your colour A"],
      ["mine_b", disc(BOARD.b), "Your colour B"],
      ["wrong", box(C.eliminated, 4), "A digit or a missing candidate the check found wrong"],
      ["look", box(BOARD.look, 3, "6 3"), "Where the hint says to look"],
      ["cover", box(COVER, 2.5, "6 4"),
        "Cover house: holds every place of the digit in the base houses, loses it elsewhere"],
      ["extra", cell(C.extra), "Extra house (diagonal, window): every digit once"],
      ["cage", (el) => {
        box("#333", 1.5, "4 3")(el);
        shape("text", { x: 5, y: 5, "font-size": 9, "font-weight": 700,
          "dominant-baseline": "hanging", fill: "#000" }, el, "15");
      }, "Killer cage: different digits adding up to its sum, written in its first cell"],
      ["strong", curve(C.link), "Strong link: if one end is false, the other is true"],
      ["weak", curve(C.link, "5 4"), "Weak link: if one end is true, the other is false"],
      ["als", curve(ALS_COLOURS[0], "0.1 6", 4, "round"),
        "Inside an almost locked set: without the first digit, the set holds the others"],
      ["node", ring(C.link, 1.5), "Candidates of a cell that form one node of the chain"],
      ["numbered", (el) => {
        shape("circle", { cx: 18, cy: 14, r: 9, fill: "#fff", stroke: C.link, "stroke-width": 1.5 }, el);
        shape("text", { x: 18, y: 14.5, "text-anchor": "middle", "dominant-baseline": "central",
          "font-size": 12, "font-weight": 700, fill: C.link }, el, "3");
      }, "Link number: the chain's order, as it comes back to a cell"],
    ];
    for (const name of Object.keys(ROLES)) {
      if (name !== "contradiction" && name !== "assumption") {
        entries.push([name, roleMark(name), ROLES[name].text]);
      }
    }
    entries.push(
      ["assumption", (el) => {
        box(ROLES.assumption.colour, 2.5)(el);
        ring(ROLES.assumption.colour, 3)(el);
      }, "Assumption: the candidate assumed true"],
      ["net-holds", disc(NET.holds), "Follows: the candidate is then true"],
      ["net-gone", (el) => {
        digit(el, C.quiet);
        line(11, 21, 25, 7, NET.gone, 2.5, el);
      }, "Follows: the candidate is then false (struck through in orange)"],
      ["net-arrow", curve(NET.arrow), "Implication: from a premise to what follows (true)"],
      ["net-arrow-gone", curve(NET.arrow, "5 4"),
        "Implication: from a premise to what follows (false)"],
      ["refuted", ring(NET.gone, 2, "3 2"),
        "Refuted: assuming it true leads to a contradiction (open its net from the list)"],
      ["net-arrow-peer", curve(NET.peer, null, 1.5),
        "Implication: a true candidate's peers lose its digit (light)"],
      ["focus", (el) => {
        shape("circle", { cx: 10, cy: 14, r: 8, fill: NET.focus }, el);
        shape("circle", { cx: 27, cy: 14, r: 8, fill: NET.premise }, el);
      }, "Picked implication (yellow) and its premises (blue)"],
      ["reason-house", box(NET.arrow, 1.5, "4 4"), "The house its reason reads"],
      ["contradiction", (el) => {
        box(C.eliminated, 4)(el);
        ring(C.eliminated, 1.5)(el);
      }, "Contradiction: its cell or house outlined in red, what it rests on ringed in red"],
      ["reaches", ring(C.placed, 3), "The conclusion the branch reaches"],
    );
    return entries;
  }

  /** The Shikaku view: the rectangles on the board (gridlogic's before each step, or the
   * person's), the step's clue, cells and rectangles, and the person's marks. */
  function shikaku() {
    const [rows, cols, U] = [data.rows, data.cols, 60];
    /** The rectangles of gridlogic's solve before the step at `position`, by clue. */
    function at(position) {
      const placed = data.clues.map(() => null);
      for (const step of steps.slice(0, position)) if (step.placed) placed[step.clue] = step.placed;
      return { values: placed, candidates: [] };
    }
    const box = ([top, left, height, width], inset, attrs, parent) => shape("rect", Object.assign({
      x: left * U + inset, y: top * U + inset, width: width * U - 2 * inset,
      height: height * U - 2 * inset }, attrs), parent);

    /** Draws the rectangles of `grid` (by clue), `step`'s marks and the person's `board` marks
     * (mistakes, where to look, the rectangle being dragged); returns the names of the marks
     * drawn. */
    function draw(grid, step, netView, board) {
      const used = new Set(["clue"]);
      start(cols * U, rows * U);
      grid.values.forEach((rect, clue) => {
        if (!rect) return;
        used.add("earlier");
        box(rect, 0, { fill: data.fills[clue], class: "rectangle", "fill-opacity": 0.85 }, svg);
      });
      if (step) {
        if (step.cells.length) used.add("reason");
        for (const [row, col] of step.cells) {
          box([row, col, 1, 1], 0, { fill: C.pattern, class: "reason" }, svg);
          box([row, col, 1, 1], 5, { fill: "none", stroke: C.highlight, "stroke-width": 3 }, svg);
        }
      }
      const lines = shape("g", { stroke: "#999", "stroke-width": 1.5 }, svg);
      for (let c = 1; c < cols; c++) line(c * U, 0, c * U, rows * U, "#999", 1.5, lines);
      for (let r = 1; r < rows; r++) line(0, r * U, cols * U, r * U, "#999", 1.5, lines);
      grid.values.forEach((rect) => {
        if (rect) box(rect, 0, { fill: "none", stroke: "#000", "stroke-width": 5 }, svg);
      });
      shape("rect", { x: 0, y: 0, width: cols * U, height: rows * U, fill: "none",
        stroke: "#000", "stroke-width": 6 }, svg);
      if (step) drawStep(step, used);
      if (board) drawBoard(board, used);
      const numbers = shape("g", { "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": U * 0.5, "font-weight": 700 }, svg);
      data.clues.forEach(([row, col, number], clue) => {
        const current = step && step.clue === clue;
        shape("text", { x: (col + 0.5) * U, y: (row + 0.5) * U,
          fill: current ? C.highlight : "#000", class: current ? "clue current" : "clue" },
        numbers, String(number));
      });
      return used;
    }

    /** The step's rectangle placed, or the candidate rectangles it removes. */
    function drawStep(step, used) {
      if (step.placed) {
        used.add("placing");
        box(step.placed, 4, { fill: "none", stroke: C.placed, "stroke-width": 7,
          class: "placing" }, svg);
        return;
      }
      if (step.removed.length) used.add("removed");
      for (const [, ...rect] of step.removed) {
        box(rect, 6, { fill: "none", stroke: C.eliminated, "stroke-width": 4,
          "stroke-dasharray": "10 7", class: "removed" }, svg);
      }
    }

    /** The person's marks: rectangles a check found wrong, the clue to look at, the rectangle
     * being dragged. */
    function drawBoard(board, used) {
      for (const rect of board.wrong) {
        used.add("wrong");
        box(rect, 8, { fill: "none", stroke: C.eliminated, "stroke-width": 6, class: "wrong" }, svg);
      }
      for (const [row, col] of board.look) {
        used.add("look");
        box([row, col, 1, 1], 4, { fill: "none", stroke: BOARD.look, "stroke-width": 5,
          "stroke-dasharray": "12 6", class: "look" }, svg);
      }
      if (board.preview) {
        used.add("drawing");
        box(board.preview, 3, { fill: BOARD.selected, "fill-opacity": 0.15,
          stroke: BOARD.selected, "stroke-width": 5, class: "preview" }, svg);
      }
    }

    const legendBox = (attrs) => (svgEl) => {
      shape("rect", Object.assign({ x: 3, y: 3, width: 30, height: 22 }, attrs), svgEl);
    };
    const legend = [
      ["earlier", legendBox({ fill: data.fills[0] || "#eee", stroke: "#000", "stroke-width": 2.5 }),
        "Rectangle placed (by an earlier step, or by you)"],
      ["placing", legendBox({ fill: "none", stroke: C.placed, "stroke-width": 4 }),
        "Rectangle the step places"],
      ["removed", legendBox({ fill: "none", stroke: C.eliminated, "stroke-width": 2.5,
        "stroke-dasharray": "5 3" }), "Candidate rectangle the step removes"],
      ["reason", legendBox({ fill: C.pattern, stroke: C.highlight, "stroke-width": 2 }),
        "Cells the step rests on"],
      ["clue", (svgEl) => shape("text", { x: 18, y: 15, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 18, "font-weight": 700,
        fill: C.highlight }, svgEl, "6"), "The clue the step is about"],
      ["wrong", legendBox({ fill: "none", stroke: C.eliminated, "stroke-width": 4 }),
        "A rectangle the check found wrong"],
      ["look", legendBox({ fill: "none", stroke: BOARD.look, "stroke-width": 3,
        "stroke-dasharray": "6 3" }), "The number the hint says to look at"],
      ["drawing", legendBox({ fill: BOARD.selected, "fill-opacity": 0.15, stroke: BOARD.selected,
        "stroke-width": 3 }), "The rectangle you are drawing"],
    ];
    return {
      draw,
      at,
      legend,
      label: (step) => step.technique,
      swatch: (step) => (step.backtracking ? C.backtracking : null),
      detail: () => "",
      cellPixels: Math.max(rows, cols) > 20 ? 28 : 0,
      size: Math.max(rows, cols),
      unit: U,
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
  }

  /** The legend of the marks `used` on the grid, in the legend's order. */
  function fillLegend(used) {
    const legend = $("legend");
    legend.textContent = "";
    for (const [name, paint, text] of view.legend) {
      if (!used.has(name)) continue;
      const item = make("li", { "data-mark": name }, legend);
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

  // The forcing net on show, when the step has one: `path` is its branch's index, then the
  // implications whose refutations were opened, one inside the other; `shown` how many of that
  // branch's implications are drawn (one more: its end too); `focus` the picked implication.
  let net = null;

  /** The branch `net.path` names, with its implications' labels (`12`, `12.1`, …, as the
   * net's text numbers them; a repeated one keeps its enclosing label) and the labels of the
   * refuted implications it sits in. */
  function openBranch(step) {
    let branch = step.net.branches[net.path[0]];
    let labels = labelsOf(branch, null, []);
    const trail = [];
    for (const i of net.path.slice(1)) {
      trail.push([labels[i], branch.implications[i]]);
      branch = branch.implications[i].refuted;
      labels = labelsOf(branch, trail[trail.length - 1][0], labels);
    }
    return { branch, labels, trail };
  }
  function labelsOf(branch, under, enclosing) {
    let own = 0;
    return branch.implications.map((imp) => {
      if (imp.reason === "outer") return enclosing[imp.at];
      own += 1;
      return under ? `${under}.${own}` : String(own);
    });
  }

  /** Shows branch `path` of the step's net from its start (`shown` 1) or whole. */
  function openNet(step, path, whole) {
    net = { path, shown: 1, focus: null };
    if (whole) net.shown = openBranch(step).branch.implications.length + 1;
  }

  /** The net's panel: the branches to pick, where a refutation sits, the player and the
   * implications, each a button that picks it; a refuted one opens its refutation. */
  function fillNet(step) {
    const box = $("net");
    box.hidden = !(step && step.net);
    if (box.hidden) return;
    const { branch, labels, trail } = openBranch(step);
    const story = $("story");
    story.textContent = "";
    for (const line of step.net.story) make("li", {}, story, line);
    const branches = $("net-branches");
    branches.textContent = "";
    if (step.net.branches.length > 1) {
      step.net.branches.forEach((b, k) => {
        const button = make("button", { type: "button", class: "branch" }, branches,
          b.title || `branch ${k + 1}`);
        if (k === net.path[0]) button.setAttribute("aria-pressed", "true");
        button.addEventListener("click", () => { openNet(step, [k], true); redraw(); });
      });
    }
    const where = $("net-trail");
    where.textContent = "";
    where.hidden = trail.length === 0;
    if (trail.length) {
      const [label, imp] = trail[trail.length - 1];
      const back = make("button", { type: "button", id: "net-out" }, where, "‹ Back out");
      back.addEventListener("click", () => {
        const inner = net.path[net.path.length - 1];
        openNet(step, net.path.slice(0, -1), true);
        net.focus = inner;
        redraw();
      });
      make("span", {}, where, ` The refutation of (${label}): assume ${imp.fact.replace("<>", "=")}, reach a contradiction.`);
    }
    const list = $("lines");
    list.textContent = "";
    const total = branch.implications.length;
    branch.implications.forEach((imp, i) => {
      const item = make("li", { class: "implication" }, list);
      if (i >= net.shown) item.classList.add("later");
      if (i === net.focus) item.setAttribute("aria-current", "true");
      const focus = net.focus !== null ? branch.implications[net.focus] : null;
      if (focus && focus.from.includes(i)) item.classList.add("premise");
      const button = make("button", { type: "button", class: "pick" }, item);
      make("span", { class: "label" }, button, `(${labels[i]})`);
      make("span", { class: "fact" }, button, imp.fact);
      const why = imp.reason === "outer" ? "as in the enclosing net" : imp.why;
      make("span", { class: "why" }, button, why.replace(/:$/, ""));
      button.addEventListener("click", () => {
        net.focus = i;
        net.shown = Math.max(net.shown, i + 1);
        redraw();
      });
      if (imp.refuted) {
        const open = make("button", { type: "button", class: "open" }, item, "Open its refutation ›");
        open.addEventListener("click", () => { openNet(step, net.path.concat([i]), true); redraw(); });
      }
    });
    const end = make("li", { class: `end ${branch.end.kind}` }, list);
    if (net.shown <= total) end.classList.add("later");
    const button = make("button", { type: "button", class: "pick" }, end);
    make("span", { class: "label" }, button, "⇒");
    make("span", { class: "why" }, button, branch.end.text);
    button.addEventListener("click", () => { net.shown = total + 1; net.focus = null; redraw(); });
    $("net-count").textContent = net.shown > total
      ? `All ${total} implications, and the end`
      : `Implication ${net.shown} of ${total}`;
    $("net-start").disabled = $("net-back").disabled = net.shown <= 1;
    $("net-on").disabled = $("net-end").disabled = net.shown > total;
  }

  /** Plays the net: `shown` moves to `target`, and the newest implication drawn is picked. */
  function play(target) {
    const step = current();
    if (!net || !step) return;
    const total = openBranch(step).branch.implications.length;
    net.shown = Math.max(1, Math.min(total + 1, target));
    net.focus = net.shown <= total ? net.shown - 1 : null;
    redraw();
  }

  // ---- The board: the grid a person works on ----------------------------------------------
  // It shows gridlogic's solve before the step at `position` until the person changes it; then
  // it is theirs ("own"), and the step shown is a hint or a step they picked (`overlay`), if
  // any. Every change can be undone; going back into gridlogic's solve can be undone too.
  const shikakuOn = data.kind === "shikaku";
  const boardOn = shikakuOn || !!data.candidates;
  const n = data.size || 0;
  // `origin`: the digits the board had when it became the person's (theirs are the others).
  const board = { values: [], candidates: [], colours: new Map(), own: false, from: 0,
    moves: 0, selected: -1, highlight: 0, wrong: [], look: [], origin: [], preview: null };
  let overlay = null; // { step, title }
  let mode = "digit"; // what a digit does: "digit", "pencil", "a" or "b" (a colour)
  const undone = [];
  const redone = [];
  const bit = (digit) => 1 << (digit - 1);

  /** The step drawn: the overlay, else gridlogic's step at `position` (none on an own grid). */
  function current() {
    if (overlay) return overlay.step;
    return board.own ? null : steps[position];
  }

  /** The board as it stands, for undo. */
  function snapshot() {
    return { values: board.values.slice(), candidates: board.candidates.slice(),
      colours: new Map(board.colours), own: board.own, from: board.from, moves: board.moves,
      origin: board.origin, position };
  }
  function restore(shot) {
    Object.assign(board, { values: shot.values.slice(), candidates: shot.candidates.slice(),
      colours: new Map(shot.colours), own: shot.own, from: shot.from, moves: shot.moves,
      origin: shot.origin, wrong: [], look: [] });
    overlay = null;
    position = shot.position;
  }

  /** Makes one change to the board (`change` edits it and says whether it changed), as an own
   * grid from here on; undoable. */
  function change(edit) {
    const before = snapshot();
    const origin = board.own ? board.origin : board.values.slice();
    if (!edit()) return false;
    undone.push(before);
    redone.length = 0;
    if (!board.own) Object.assign(board, { own: true, from: position, moves: 0, origin });
    board.moves += 1;
    board.wrong = [];
    board.look = [];
    overlay = null;
    stale();
    show();
    return true;
  }

  /** The hint and the listing no longer hold once the board changes. */
  function stale() {
    hintText("");
    listing += 1;
    $("available").textContent = "";
    $("available-box").hidden = true;
  }
  /** Takes the board back from `from` (the undo or the redo stack), keeping it on `to`. */
  function back(from, to) {
    if (!from.length) return;
    to.push(snapshot());
    restore(from.pop());
    stale();
    show();
  }
  const undo = () => back(undone, redone);
  const redo = () => back(redone, undone);

  /** The cells `cell` shares a house or a cage with. */
  const peers = (() => {
    if (!boardOn || shikakuOn) return [];
    const list = Array.from({ length: n * n }, () => new Set());
    const together = (cells) => {
      for (const a of cells) for (const b of cells) if (a !== b) list[a].add(b);
    };
    data.houses.forEach((house) => together(house.cells));
    (data.cages || []).forEach((cage) => together(cage.cells));
    return list.map((set) => [...set]);
  })();

  /** Every digit the placed digits of `cell`'s peers leave it. */
  function open(cell) {
    let bits = (2 ** n) - 1;
    for (const peer of peers[cell]) if (board.values[peer]) bits &= ~bit(board.values[peer]);
    return bits;
  }

  /** Places `digit` in `cell` (not a given), taking it from the cell's peers' pencil marks. */
  function enter(cell, digit) {
    return change(() => {
      if (data.givens[cell] || board.values[cell] === digit) return false;
      board.values[cell] = digit;
      board.candidates[cell] = 0;
      for (const peer of peers[cell]) board.candidates[peer] &= ~bit(digit);
      return true;
    });
  }
  /** Empties `cell` (not a given): it gets every digit its peers leave. */
  function clear(cell) {
    return change(() => {
      if (data.givens[cell] || !board.values[cell]) return false;
      board.values[cell] = 0;
      board.candidates[cell] = open(cell);
      return true;
    });
  }
  /** Toggles the pencil mark `digit` of the empty `cell`. */
  function mark(cell, digit) {
    return change(() => {
      if (board.values[cell]) return false;
      board.candidates[cell] ^= bit(digit);
      return true;
    });
  }
  /** Toggles colour `colour` ("a" or "b") on candidate `digit` of `cell`. */
  function paint(cell, digit, colour) {
    return change(() => {
      if (board.values[cell] || !(board.candidates[cell] & bit(digit))) return false;
      const key = cell * 128 + digit;
      if (board.colours.get(key) === colour) board.colours.delete(key);
      else board.colours.set(key, colour);
      return true;
    });
  }
  /** Every empty cell's pencil marks: all the digits its peers leave, or none. */
  function allMarks(on) {
    return change(() => {
      let changed = false;
      for (let cell = 0; cell < n * n; cell++) {
        if (board.values[cell]) continue;
        const bits = on ? open(cell) : 0;
        changed = changed || bits !== board.candidates[cell];
        board.candidates[cell] = bits;
      }
      return changed;
    });
  }
  /** What a digit key or keypad button does to the selected cell, by the mode. */
  function act(digit) {
    const cell = board.selected;
    if (cell < 0 || digit < 1 || digit > n) return;
    if (mode === "digit") enter(cell, digit);
    else if (mode === "pencil") mark(cell, digit);
    else paint(cell, digit, mode);
  }

  // ---- The Shikaku board: rectangles drawn by dragging from one cell to another ------------
  // `board.values` holds each clue's rectangle, `[top, left, height, width]`, or null.

  /** The mistakes a hint names, as the board outlines them: cells, or a Shikaku's rectangles. */
  function wrongOf(mistakes) {
    return mistakes.map((m) => (shikakuOn ? rectOf(m.rectangle) : cellIndex(m.cell)));
  }
  /** The zero-based `[row, col]` of a Shikaku cell named `r2c3`. */
  function shikakuCell(name) {
    const match = /^r(\d+)c(\d+)$/i.exec(String(name));
    const [row, col] = match ? [Number(match[1]) - 1, Number(match[2]) - 1] : [-1, -1];
    if (row < 0 || row >= data.rows || col < 0 || col >= data.cols) {
      throw new Error(`no cell ${name}: cells are named r1c1 to r${data.rows}c${data.cols}`);
    }
    return [row, col];
  }
  /** A rectangle named by its corners, `r2c3-r4c5` (or `r2c3`). */
  function rectOf(name) {
    const [a, b] = name.split("-").map(shikakuCell);
    return spanning(a, b || a);
  }
  /** `r2c3-r4c5`, or `r2c3` for one cell. */
  function rectName([top, left, height, width]) {
    const corner = `r${top + 1}c${left + 1}`;
    return height * width > 1 ? `${corner}-r${top + height}c${left + width}` : corner;
  }
  /** The rectangle with corners `a` and `b`, `[row, col]` each. */
  function spanning(a, b) {
    return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(a[0] - b[0]) + 1,
      Math.abs(a[1] - b[1]) + 1];
  }
  const inside = ([top, left, height, width], [row, col]) =>
    row >= top && row < top + height && col >= left && col < left + width;

  /** Places the rectangle with corners `a` and `b` for the one number it holds (in place of
   * that number's rectangle, if any); a rectangle without a number, or with several, is
   * refused with the reason. */
  function place(a, b) {
    const rect = spanning(a, b);
    const clues = data.clues.flatMap((clue, i) => (inside(rect, clue) ? [i] : []));
    if (clues.length !== 1) {
      const held = clues.length ? `${clues.length} numbers` : "no number";
      throw new Error(`${rectName(rect)} holds ${held}: a rectangle holds exactly one`);
    }
    return change(() => {
      const same = String(board.values[clues[0]]) === String(rect);
      board.values[clues[0]] = rect;
      return !same;
    });
  }
  /** Removes the rectangle that covers `cell` (the last drawn, where several do). */
  function remove(cell) {
    return change(() => {
      const clue = board.values.map((rect, i) => (rect && inside(rect, cell) ? i : -1))
        .reduce((a, b) => Math.max(a, b), -1);
      if (clue < 0) return false;
      board.values[clue] = null;
      return true;
    });
  }

  /** A Shikaku's controls: drag (mouse, pen or touch) from one cell to another to draw a
   * rectangle, click or tap one to remove it; Ctrl+Z and Ctrl+Y undo and redo. */
  function setUpRectangles(wrap) {
    // Digits, pencil marks and the listing of every step are a Sudoku's.
    for (const id of ["modes", "keypad", "all-marks", "no-marks", "list-available"]) {
      $(id).style.display = "none";
    }
    $("highlight").closest("label").style.display = "none";
    $("keys").textContent = "Keys: ← previous, → next, Home first, End last. On the grid: drag " +
      "from one cell to another to draw a rectangle, click a rectangle to remove it; Ctrl+Z " +
      "undoes, Ctrl+Y redoes.";
    svg.style.touchAction = "none";
    /** The cell under a pointer event (the nearest one, outside the grid). */
    const cellAt = (event) => {
      const point = new DOMPoint(event.clientX, event.clientY)
        .matrixTransform(svg.getScreenCTM().inverse());
      const clamp = (v, n) => Math.max(0, Math.min(n - 1, Math.floor(v / view.unit)));
      return [clamp(point.y, data.rows), clamp(point.x, data.cols)];
    };
    let drag = null;
    svg.addEventListener("pointerdown", (event) => {
      const at = cellAt(event);
      drag = { from: at, to: at };
      svg.setPointerCapture(event.pointerId);
      event.preventDefault();
      wrap.focus({ preventScroll: true });
    });
    svg.addEventListener("pointermove", (event) => {
      if (!drag) return;
      const at = cellAt(event);
      if (String(at) === String(drag.to)) return;
      drag.to = at;
      board.preview = spanning(drag.from, at);
      redraw();
    });
    svg.addEventListener("pointerup", () => {
      if (!drag) return;
      const { from, to } = drag;
      drag = null;
      board.preview = null;
      const covered = board.values.some((rect) => rect && inside(rect, from));
      if (String(from) === String(to) && covered) remove(from);
      else guarded(() => place(from, to));
      redraw();
    });
    svg.addEventListener("pointercancel", () => {
      drag = null;
      board.preview = null;
      redraw();
    });
    wrap.addEventListener("keydown", (event) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "z") (event.shiftKey ? redo : undo)();
      else if (key === "y") redo();
      else return;
      event.preventDefault();
    });
  }

  // ---- The engine: gridlogic compiled to WebAssembly, carried by the page -------------------
  let ask = null;
  let engineProblem = "";
  /** Instantiates the page's engine; `ask(request)` then answers as `wasm/` documents. */
  async function loadEngine() {
    const text = $("engine").textContent.trim();
    if (!text) {
      throw new Error("this page was written by a gridlogic built without its engine " +
        "(rustup target add wasm32-unknown-unknown, then build gridlogic again)");
    }
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const module = await WebAssembly.compile(await new Response(stream).arrayBuffer());
    let exports = (await WebAssembly.instantiate(module, {})).exports;
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    ask = (request) => {
      const input = encoder.encode(JSON.stringify(request));
      let answer;
      try {
        const ptr = exports.alloc(input.length);
        new Uint8Array(exports.memory.buffer, ptr, input.length).set(input);
        const packed = BigInt.asUintN(64, exports.call(ptr, input.length));
        exports.dealloc(ptr, input.length);
        const [at, len] = [Number(packed >> 32n), Number(packed & 0xffffffffn)];
        answer = JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, at, len)));
        exports.dealloc(at, len);
      } catch (trap) {
        // A trap leaves the module's memory as it was mid-call: start a fresh one.
        WebAssembly.instantiate(module, {}).then((fresh) => { exports = fresh.exports; });
        throw new Error(`the engine stopped: ${trap.message}`);
      }
      if (answer.error) throw new Error(answer.error);
      return answer;
    };
  }
  /** A request to the engine, with the puzzle's alphabet when it has its own. */
  function request(fields) {
    if (!ask) throw new Error(engineProblem || "the engine is still loading");
    return ask(Object.assign(data.alphabet ? { symbols: data.alphabet } : {}, fields));
  }

  /** The board as text `gridlogic hint` reads: the puzzle, then its pencil marks (a
   * Shikaku's: its rectangles). */
  function stateText() {
    if (shikakuOn) return request({ op: "state", puzzle: data.puzzle, rectangles: board.values }).text;
    return request({ op: "state", puzzle: data.puzzle, values: board.values,
      candidates: board.candidates }).text;
  }

  /** The hint at `level` (1 to 3) from the board: its text, shown; the cells of its mistakes
   * outlined; at level 3 its step drawn. */
  function hint(level) {
    const answer = request({ op: "hint", level, state: stateText() });
    const found = answer.hints[0];
    board.wrong = wrongOf(found.mistakes);
    // A Shikaku hint's way ends with the step that places a rectangle: that one is drawn.
    const step = answer.board[0][answer.board[0].length - 1];
    overlay = step ? { step, title: "Hint" } : null;
    show();
    board.look = lookAt(found.step, level);
    board.lookHouse = level === 1;
    redraw();
    hintText(answer.text.trim());
    return answer.text.trim();
  }

  /** The cells a hint below level 3 points at: the house to look at (level 1), the cells of
   * the technique's pattern (level 2). */
  function lookAt(step, level) {
    if (!step || level >= 3) return [];
    if (shikakuOn) return [shikakuCell(step.cell)];
    if (level === 2) return (step.cells || []).map(cellIndex);
    const house = data.houses.find((h) => h.name === step.house) ||
      (data.cages || []).find((c) => c.name === step.house);
    return house ? house.cells : [];
  }

  /** Every step available on the board: the engine's answer (`steps`, as `explain --format
   * json` writes them; `board`, as the page draws them). */
  function available() {
    return request({ op: "steps", state: stateText() });
  }

  // The listing of every step available: a new one, or any change to the board, stops the one
  // under way (it asks the engine one technique at a time, letting the page answer between).
  let listing = 0;

  /** Lists every step available on the board, grouped by technique, simplest first; each one
   * drawn when picked. */
  function listAvailable() {
    const generation = ++listing;
    const list = $("available");
    list.textContent = "";
    let state;
    let names;
    try {
      state = stateText();
      names = request({ op: "techniques", state }).techniques;
    } catch (e) {
      hintText(e.message);
      return;
    }
    $("available-box").hidden = false;
    $("available-box").open = true;
    let [total, groups, i] = [0, 0, 0];
    const next = () => {
      if (generation !== listing) return;
      const counted = `${total} ${total === 1 ? "step" : "steps"}, ${groups} ` +
        `${groups === 1 ? "technique" : "techniques"}`;
      if (i === names.length) {
        $("available-count").textContent = total ? counted : "none: the grid is solved, " +
          "or a mistake stands in the way (Check)";
        return;
      }
      $("available-count").textContent = `${counted}; looking for ${names[i]}…`;
      let answer;
      try {
        answer = request({ op: "steps", state, technique: i });
      } catch (e) {
        hintText(e.message);
        return;
      }
      i += 1;
      if (answer.board.length) {
        total += answer.board.length;
        groups += 1;
        listGroup(list, names[i - 1], answer.board, answer.capped.length > 0);
      }
      setTimeout(next, 0);
    };
    next();
  }

  /** One technique's steps in the listing: a heading to open, a button per step. */
  function listGroup(list, technique, found, capped) {
    const group = make("li", { class: "technique" }, list);
    const head = make("details", {}, group);
    const summary = make("summary", {}, head);
    const swatch = make("span", { class: "swatch", "aria-hidden": "true" }, summary);
    swatch.style.background = data.families[found[0].family][1];
    make("span", {}, summary, ` ${technique} (${found.length}${capped ? ", more not listed" : ""})`);
    const inner = make("ol", {}, head);
    for (const step of found) {
      const item = make("li", {}, inner);
      const button = make("button", { type: "button", class: "available-step" }, item, step.text);
      button.addEventListener("click", () => {
        overlay = { step, title: "Available here" };
        show();
      });
    }
  }

  function hintText(text) {
    $("hint").textContent = text;
    $("hint").hidden = !text;
  }

  /** The index of a cell named `r1c2` (or as the puzzle names it). */
  function cellIndex(name) {
    const named = data.cells.indexOf(name);
    if (named >= 0) return named;
    const match = /^r(\d+)c(\d+)$/i.exec(String(name));
    if (!match) throw new Error(`no cell ${name}: cells are named r1c1 to r${n}c${n}`);
    const [row, col] = [Number(match[1]), Number(match[2])];
    if (row < 1 || row > n || col < 1 || col > n) throw new Error(`no cell ${name} in this grid`);
    return (row - 1) * n + col - 1;
  }
  /** A digit as a number 1..N, from a number or the puzzle's symbol. */
  function digitOf(value) {
    if (typeof value === "number" && value >= 1 && value <= n) return value;
    const at = data.symbols.findIndex((s) => s.toUpperCase() === String(value).toUpperCase());
    if (at < 0) throw new Error(`${value} is not a digit of this grid`);
    return at + 1;
  }

  /** Draws what is on show: the board or gridlogic's grid, the step, the legend, the panel. */
  function redraw() {
    const step = current();
    const netView = step && step.net ? Object.assign(openBranch(step), net) : null;
    const marks = boardOn ? { selected: board.selected, highlight: board.highlight,
      colours: board.colours, wrong: board.wrong, look: board.look, lookHouse: board.lookHouse,
      own: board.own, origin: board.origin, preview: board.preview } : null;
    const used = boardOn ? view.draw(board, step, netView, marks) : view.draw(position);
    fillLegend(used || new Set(view.legend.map(([name]) => name)));
    fillNet(step);
  }

  /** The panel and the grid for what is on show. */
  function show() {
    const step = current();
    net = null;
    if (step && step.net) openNet(step, [0], true);
    redraw();
    document.body.dataset.position = String(position);
    document.body.dataset.own = String(board.own);
    $("position").textContent = board.own
      ? `Your grid: ${board.moves} ${board.moves === 1 ? "move" : "moves"} from ` +
        (board.from ? `step ${board.from + 1}` : "the start")
      : position < count
        ? `Step ${position + 1} of ${count}`
        : count ? `After the last step (${count} steps)` : "No steps: the givens fill the grid";
    const heading = $("technique");
    heading.textContent = "";
    if (step) {
      const colour = view.swatch(step);
      if (colour) make("span", { class: "swatch", style: `background:${colour}` }, heading);
      make("span", {}, heading, overlay ? `${overlay.title}: ${view.label(step)}` : view.label(step));
    } else if (!board.own) {
      make("span", {}, heading, data.summary.find(([label]) => label === "Result")?.[1] || "");
    }
    $("explanation").textContent = step ? step.text : "";
    $("houses").textContent = step ? view.detail(step) : "";
    $("first").disabled = $("previous").disabled = !board.own && position === 0;
    $("next").disabled = $("last").disabled = !board.own && position === count;
    if (boardOn) {
      $("undo").disabled = !undone.length;
      $("redo").disabled = !redone.length;
    }
    const items = $("steps").children;
    for (let i = 0; i < items.length; i++) {
      if (i === position && !board.own) items[i].setAttribute("aria-current", "step");
      else items[i].removeAttribute("aria-current");
    }
  }

  /** Shows gridlogic's grid before the step at `target` (an own grid can be had back by
   * undo). */
  function go(target) {
    if (board.own) {
      undone.push(snapshot());
      redone.length = 0;
    }
    position = Math.max(0, Math.min(count, target));
    if (boardOn) {
      const grid = view.at(position);
      Object.assign(board, { values: grid.values, candidates: grid.candidates, own: false,
        colours: new Map(), moves: 0, wrong: [], look: [] });
    }
    overlay = null;
    stale();
    show();
    // The panel shows the step's explanation first (a click in its list may have scrolled it).
    $("panel").scrollTop = 0;
    reveal();
    const item = $("steps").children[position];
    if (item) {
      const list = $("steps");
      const top = item.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    try {
      history.replaceState(null, "", `#step=${position + 1}`);
    } catch (e) {
      // A page opened where the address cannot change keeps working without it.
    }
  }

  /** The step the address asks for, from 0: `#step=N`, or `#step-N` as older pages wrote. */
  function asked() {
    const match = /^#step[=-](\d+)$/.exec(location.hash);
    return match ? Number(match[1]) - 1 : null;
  }

  const moves = {
    ArrowRight: () => position + 1,
    ArrowLeft: () => position - 1,
    Home: () => 0,
    End: () => count,
  };
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("#grid-wrap")) return;
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.tagName === "SELECT") return;
    event.preventDefault();
    go(board.own && (event.key === "ArrowRight" || event.key === "ArrowLeft") ? position : move());
  });
  $("first").addEventListener("click", () => go(0));
  $("previous").addEventListener("click", () => go(board.own ? position : position - 1));
  $("next").addEventListener("click", () => go(board.own ? position : position + 1));
  $("last").addEventListener("click", () => go(count));
  $("net-start").addEventListener("click", () => play(1));
  $("net-back").addEventListener("click", () => play(net.shown - 1));
  $("net-on").addEventListener("click", () => play(net.shown + 1));
  $("net-end").addEventListener("click", () => play(Infinity));
  window.addEventListener("hashchange", () => {
    const target = asked();
    if (target !== null && (target !== position || board.own)) go(target);
  });

  /** The board's controls: the keypad, the modes, undo and redo, marks, highlight, hints, and
   * the grid itself (click or tap a cell, then keys). */
  function setUpBoard() {
    $("board-tools").hidden = false;
    $("study").hidden = false;
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    for (const level of [1, 2, 3]) {
      $(`hint-${level}`).addEventListener("click", () => guarded(() => hint(level)));
    }
    $("check").addEventListener("click", () => guarded(check));
    const wrap = $("grid-wrap");
    wrap.tabIndex = 0;
    if (shikakuOn) setUpRectangles(wrap);
    else setUpDigits(wrap);
  }

  /** A Sudoku's controls: the keypad, the modes, marks, highlight, the listing, and the grid's
   * cells (click or tap one, then keys). */
  function setUpDigits(wrap) {
    const keypad = $("keypad");
    data.symbols.forEach((symbol, i) => {
      const key = make("button", { type: "button", class: "digit", "data-digit": i + 1,
        "aria-label": `digit ${symbol}` }, keypad, symbol);
      key.addEventListener("click", () => {
        act(i + 1);
        $("grid-wrap").focus({ preventScroll: true }); // the keys go on working on the grid
      });
      make("option", { value: i + 1 }, $("highlight"), symbol);
    });
    const erase = make("button", { type: "button", id: "erase", title: "Clear the cell (Delete)" },
      keypad, "⌫");
    erase.addEventListener("click", () => { if (board.selected >= 0) clear(board.selected); });
    keypad.style.setProperty("--columns", String(Math.min(n + 1, Math.ceil(Math.sqrt(n)) * 2)));
    for (const button of $("modes").querySelectorAll("button")) {
      button.addEventListener("click", () => setMode(button.dataset.mode));
    }
    $("all-marks").addEventListener("click", () => allMarks(true));
    $("no-marks").addEventListener("click", () => allMarks(false));
    $("highlight").addEventListener("change", () => {
      board.highlight = Number($("highlight").value);
      redraw();
    });
    $("list-available").addEventListener("click", listAvailable);
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      const view = svg.viewBox.baseVal;
      const x = view.x + ((event.clientX - box.left) / box.width) * view.width;
      const y = view.y + ((event.clientY - box.top) / box.height) * view.height;
      const [col, row] = [Math.floor(x / 90), Math.floor(y / 90)];
      if (row < 0 || row >= n || col < 0 || col >= n) return;
      select(row * n + col);
      wrap.focus({ preventScroll: true });
    });
    wrap.addEventListener("keydown", boardKey);
  }

  /** Selects `cell`; a cell holding a digit highlights that digit. */
  function select(cell) {
    board.selected = cell;
    if (board.values[cell]) {
      board.highlight = board.values[cell];
      $("highlight").value = String(board.highlight);
    }
    redraw();
  }

  function setMode(next) {
    mode = next;
    for (const button of $("modes").querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
    }
  }

  /** Keys on the grid: arrows move, symbols act by the mode, Delete clears, Space switches
   * digits and pencil marks, Ctrl+Z and Ctrl+Y undo and redo. */
  function boardKey(event) {
    const key = event.key;
    const ctrl = event.ctrlKey || event.metaKey;
    const steer = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let done = true;
    if (ctrl && key.toLowerCase() === "z") (event.shiftKey ? redo : undo)();
    else if (ctrl && key.toLowerCase() === "y") redo();
    else if (ctrl || event.altKey) done = false;
    else if (steer[key]) {
      const [row, col] = board.selected < 0 ? [0, 0]
        : [Math.floor(board.selected / n) + steer[key][0], (board.selected % n) + steer[key][1]];
      select(((row + n) % n) * n + ((col + n) % n));
    } else if (key === "Delete" || key === "Backspace") {
      if (board.selected >= 0) clear(board.selected);
    } else if (key === " ") setMode(mode === "digit" ? "pencil" : "digit");
    else {
      const digit = data.symbols.findIndex((s) => s.toUpperCase() === key.toUpperCase()) + 1;
      if (digit) act(digit);
      else done = false;
    }
    if (done) event.preventDefault();
  }

  /** The check: the mistakes the solution finds on the board, named and outlined. */
  function check() {
    const answer = request({ op: "hint", level: 1, state: stateText() });
    const found = answer.hints[0];
    board.wrong = wrongOf(found.mistakes);
    board.look = [];
    overlay = null;
    redraw();
    const lines = answer.text.trim().split("\n").filter((l) => !l.startsWith("Hint"));
    const right = shikakuOn ? "every rectangle is right" : "every digit is right";
    const verdict = found.verdict === "solved" ? `Solved: ${right}.`
      : found.mistakes.length ? lines.join("\n") : "No mistakes so far.";
    hintText(verdict);
    return verdict;
  }

  /** Runs `work`, showing what went wrong instead of throwing. */
  function guarded(work) {
    try {
      work();
    } catch (e) {
      hintText(e.message);
    }
  }

  // The page's JavaScript API (README, "The board in a page"): for tests and for anyone who
  // embeds the board. Cells are named `r1c2`; digits are numbers or the puzzle's symbols.
  window.gridlogic = {
    ready: null,
    enter: (cell, digit) => enter(cellIndex(cell), digitOf(digit)),
    clear: (cell) => clear(cellIndex(cell)),
    mark: (cell, digit) => mark(cellIndex(cell), digitOf(digit)),
    colour: (cell, digit, colour) => paint(cellIndex(cell), digitOf(digit), colour),
    hint: (level) => hint(level || 1),
    check,
    place: (from, to) => place(shikakuCell(from), shikakuCell(to === undefined ? from : to)),
    remove: (cell) => remove(shikakuCell(cell)),
    steps: () => available().steps,
    state: stateText,
    goto: (step) => go(step),
    undo,
    redo,
  };

  if (view.cellPixels) {
    document.body.classList.add("big");
    svg.style.width = `${view.size * view.cellPixels}px`;
  }
  // On a phone the summary starts folded, so that the grid is in sight.
  if (window.matchMedia("(max-width: 800px)").matches) $("about").open = false;
  fillSummary();
  fillList();
  if (boardOn) setUpBoard();
  go(asked() ?? 0);
  window.gridlogic.ready = boardOn
    ? loadEngine().then(() => { $("engine-status").textContent = ""; },
      (e) => {
        engineProblem = `Hints need the engine: ${e.message}`;
        $("engine-status").textContent = engineProblem;
        throw e;
      })
    : Promise.reject(new Error("this page has no board"));
  window.gridlogic.ready.catch(() => {});
})();
