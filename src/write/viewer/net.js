// net.js: the forcing net player: the net's branches, implication by implication, and the
// refutations opened inside them.

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

$("net-start").addEventListener("click", () => play(1));
$("net-back").addEventListener("click", () => play(net.shown - 1));
$("net-on").addEventListener("click", () => play(net.shown + 1));
$("net-end").addEventListener("click", () => play(Infinity));
