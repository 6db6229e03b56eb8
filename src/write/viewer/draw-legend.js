// draw-legend.js: the Sudoku legend: each mark drawn small beside its words.

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
  const bar = (el) => {
    line(18, 1, 18, 27, "#777", 1, el);
    shape("rect", { x: 14, y: 6, width: 8, height: 16, rx: 4, fill: C.bar }, el);
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
    ["even", cell(C.even), "Even cell (grey): holds an even digit"],
    ["odd", (el) => {
      cell("#fff")(el);
      shape("circle", { cx: 18, cy: 14, r: 10, fill: "none", stroke: C.even, "stroke-width": 2.5 },
        el);
    }, "Odd cell (grey ring): holds an odd digit"],
    ["odd-plain", cell("#fff"), "Empty cell without grey: holds an odd digit"],
    ["bar", bar, "Bar: the two cells' digits differ by 1"],
    ["bar-all", bar,
      "Bar: the two cells' digits differ by 1; every such pair has one, so cells without a bar between them do not"],
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
