// words.js: the step in plain words beside the drawing, sentence by sentence in step with a
// chain's links or a net's implications as they are played (the sentence of what is being drawn
// marked, those still to come faint), and the technique guide, opened from the technique's name.
// Both come packed in the page's data (write::html's `Told`: JSON, gzipped, in base64), which
// the browser inflates with its own DecompressionStream; an engine's steps carry their words.

/** The guide's entries, in the order of `data.families` (a Shikaku page's one entry first). */
let guide = [];
/** Whether the guide is open: it then follows the step on show. */
let guideOpen = false;

/** Inflates the page's words and guide, and gives each step its words. */
async function unpackTold() {
  const bytes = Uint8Array.from(atob(data.told), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const told = JSON.parse(await new Response(stream).text());
  told.steps.forEach((words, i) => Object.assign(steps[i], words));
  guide = told.guide;
}

/** How far a sentence's cue is into the play: before it (`start`), at link or branch `k`,
 * carrying a contradiction, or at the end. */
function rank(cue) {
  if (cue === "start") return 0;
  if (cue === "carry") return 1;
  if (cue === "end") return Infinity;
  return cue + 1;
}

/** How far the play of `step` is, as [`rank`] counts; a step not being played is at its end. */
function playedTo(step) {
  if (chain) return chain.shown > step.links.length ? Infinity : chain.shown;
  if (!net) return Infinity;
  const branches = step.net.branches;
  const { branch } = openBranch(step);
  const whole = net.shown > branch.implications.length;
  if (branches.length > 1 || branches[0].end.kind === "reaches") {
    // Each case is a sentence; the last case played to its end reaches the conclusion.
    const last = net.path[0] === branches.length - 1;
    return last && whole && net.path.length === 1 ? Infinity : net.path[0] + 1;
  }
  if (net.path.length > 1) return 1; // inside a smaller net: still carrying the branch
  return net.shown <= 1 ? 0 : whole ? Infinity : 1;
}

/** The step's words: each sentence, the one at the play's point marked, the later ones faint;
 * a chain's or a net's sentence picks its link or branch. */
function fillWords(step) {
  const list = $("words");
  list.textContent = "";
  list.hidden = !(step && step.words && step.words.length);
  if (list.hidden) return;
  const cues = step.cues || [];
  const now = cues.length ? playedTo(step) : null;
  step.words.forEach((sentence, i) => {
    const item = make("li", { class: "sentence" }, list);
    const cue = cues[i];
    if (now !== null && cue !== undefined) {
      if (rank(cue) === now) {
        item.classList.add("current");
        item.setAttribute("aria-current", "true");
      } else if (rank(cue) > now) {
        item.classList.add("later");
      }
    }
    if (typeof cue === "number" && (chain || net)) {
      const pick = make("button", { type: "button", class: "pick",
        title: chain ? `Play the chain to link ${cue + 1}` : `Follow case ${cue + 1}` },
      item, sentence);
      pick.addEventListener("click", () => {
        if (chain) playChain(cue + 1);
        else {
          openNet(step, [cue], true);
          redraw();
        }
      });
    } else {
      item.textContent = sentence;
    }
  });
}

/** The guide's entry for `step`'s technique. */
function guideOf(step) {
  return data.kind === "shikaku" ? guide[0] : guide[step.family];
}

/** `text` with the guide's inline markdown (`**bold**`, `` `code` ``) drawn into `parent`. */
function inline(text, parent) {
  parent.textContent = "";
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
      make("strong", {}, parent, part.slice(2, -2));
    } else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) {
      make("code", {}, parent, part.slice(1, -1));
    } else if (part) {
      parent.appendChild(document.createTextNode(part));
    }
  }
}

/** The guide's panel, open on the entry of the step on show. */
function fillGuide(step) {
  const entry = step && guideOf(step);
  $("guide").hidden = !(guideOpen && entry);
  const name = $("technique-name");
  if (name) name.setAttribute("aria-expanded", String(!$("guide").hidden));
  if ($("guide").hidden) return;
  $("guide").dataset.key = entry.key;
  $("guide-title").textContent = `${entry.title}: the guide`;
  inline(entry.what, $("guide-what"));
  inline(entry.why, $("guide-why"));
  inline(entry.spot, $("guide-spot"));
  $("guide-techniques").textContent = `This page of the guide covers: ${entry.techniques.join(", ")}.`;
  inline(entry.practice ? `To practise it: \`${entry.practice}\`` : "", $("guide-practice"));
  inline(`In the user guide: \`${entry.source}\`, with a drawn example.`, $("guide-source"));
}

/** The technique's name in the heading, `label`, as the button that opens its guide entry. */
function guideButton(label, parent) {
  const button = make("button", { type: "button", id: "technique-name", class: "guide-link",
    "aria-controls": "guide", "aria-expanded": "false",
    title: "What this technique is, why it works and how to spot it" }, parent, label);
  button.addEventListener("click", () => {
    guideOpen = !guideOpen;
    fillGuide(current());
    if (guideOpen) $("guide").scrollIntoView({ block: "nearest" });
  });
}

$("guide-close").addEventListener("click", () => {
  guideOpen = false;
  fillGuide(current());
  $("technique-name")?.focus();
});
