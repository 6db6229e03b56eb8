// chain.js: a chain played one link at a time: its links drawn up to the one being told, the
// newest one marked, and what goes once every link is drawn; the step's words (words.js) follow.

// The chain on show, when the step has links and no net: `shown` links are drawn (1 to their
// number), one more for the end (what goes).
let chain = null;

/** Opens the chain of `step`, if it has one, whole. */
function openChain(step) {
  const links = step && !step.net && step.links ? step.links.length : 0;
  chain = links ? { shown: links + 1 } : null;
}

/** `step` as drawn at the chain's point: its first links, the newest marked as current, and
 * nothing placed or taken before the end. */
function chainStep(step) {
  if (!chain || !step || chain.shown > step.links.length) return step;
  return Object.assign({}, step, { links: step.links.slice(0, chain.shown), elim: [], place: [],
    current: chain.shown - 1 });
}

/** The chain's player: where it is, and which way it can go. */
function fillChain(step) {
  $("chain").hidden = !chain;
  if (!chain) return;
  const total = step.links.length;
  $("chain-count").textContent = chain.shown > total
    ? `All ${total} links, and what goes`
    : `Link ${chain.shown} of ${total}`;
  $("chain-start").disabled = $("chain-back").disabled = chain.shown <= 1;
  $("chain-on").disabled = $("chain-end").disabled = chain.shown > total;
}

/** Plays the chain to `target` links drawn (past the last: the end). */
function playChain(target) {
  const step = current();
  if (!chain || !step) return;
  chain.shown = Math.max(1, Math.min(step.links.length + 1, target));
  redraw();
}

/** Plays the chain or the net on show `by` links or implications on (back when negative);
 * whether there was one to play. */
function playBy(by) {
  if (chain) playChain(chain.shown + by);
  else if (net) play(net.shown + by);
  return Boolean(chain || net);
}

$("chain-start").addEventListener("click", () => playChain(1));
$("chain-back").addEventListener("click", () => playChain(chain.shown - 1));
$("chain-on").addEventListener("click", () => playChain(chain.shown + 1));
$("chain-end").addEventListener("click", () => playChain(Infinity));
