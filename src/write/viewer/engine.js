// engine.js: the engine client. gridlogic compiled to WebAssembly (wasm/) runs in a worker of
// its own, so that its work never holds up the page: clicks, keys and drawing go on while it
// thinks. The page carries the module (gzipped, as base64) and the worker's script (worker.js)
// as text; the worker runs from a Blob URL, the one source of workers the page's content
// security policy allows. Requests go to it one at a time, in the order asked, each answered
// by a promise. Each has a budget of work, counted in the engine (WebAssembly has no clock): a
// request over it answers with a plain message. While one takes a while, Stop shows; it ends
// the worker with whatever it was doing, and a fresh one takes its place.

const engine = {
  /** The compiled module, which each worker instantiates. */
  module: null,
  /** The worker's script, as a Blob URL. */
  url: null,
  worker: null,
  /** Whether the worker has its module and takes requests. */
  ready: false,
  /** Requests not answered yet, the one the worker is on first: `{ message, resolve, reject }`. */
  queue: [],
  /** The timer that shows Stop when a request takes a while. */
  slow: null,
  /** Why there is no engine, when there is none. */
  problem: "",
};

/** A request the engine did not finish, with a message for the person: its budget of work
 * ran out (`overBudget`), or Stop ended it. */
class Unfinished extends Error {
  constructor(message, overBudget) {
    super(message);
    this.overBudget = overBudget;
  }
}

/** Decodes and compiles the page's engine, and starts its worker. */
async function loadEngine() {
  const text = $("engine").textContent.trim();
  if (!text) {
    throw new Error("this page was written by a gridlogic built without its engine " +
      "(rustup target add wasm32-unknown-unknown, then build gridlogic again)");
  }
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  engine.module = await WebAssembly.compile(await new Response(stream).arrayBuffer());
  engine.url = URL.createObjectURL(new Blob([$("worker").textContent],
    { type: "text/javascript" }));
  $("stop").addEventListener("click", stopEngine);
  await startWorker();
}

/** Starts a worker with the module; resolves once it has instantiated it. */
function startWorker() {
  const worker = new Worker(engine.url);
  engine.worker = worker;
  engine.ready = false;
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      if (worker !== engine.worker) return; // stopped
      if (event.data.ready) {
        engine.ready = true;
        resolve();
        send();
      } else if (event.data.failed) {
        reject(new Error(event.data.failed));
      } else {
        answered(event.data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== engine.worker) return;
      const problem = new Error(`the engine's worker failed: ${event.message}`);
      if (!engine.ready) reject(problem);
      else answered({ error: problem.message });
    };
    worker.postMessage({ module: engine.module });
  });
}

/** Sends the first request waiting to the worker, once it is ready; Stop shows after a while. */
function send() {
  const [first] = engine.queue;
  if (!first || !engine.ready) return;
  engine.worker.postMessage(first.message);
  engine.slow = setTimeout(() => busy(true), 300);
}

/** The worker's answer to the request it was on: settles that request, sends the next. */
function answered(answer) {
  const done = engine.queue.shift();
  clearTimeout(engine.slow);
  busy(false);
  if (answer.error) done.reject(new Error(answer.error));
  else if (answer.over_budget && !answer.steps) done.reject(new Unfinished(answer.over_budget, true));
  else done.resolve(answer);
  send();
}

/** Shows or hides Stop and the word that the engine is working. */
function busy(on) {
  $("stop").hidden = !on;
  $("engine-status").textContent = on ? "The engine is working…" : engine.problem;
}

/** Stop: ends the worker and every request waiting (each rejected as stopped), and starts a
 * fresh worker. */
function stopEngine() {
  if (!engine.worker) return;
  engine.worker.terminate();
  clearTimeout(engine.slow);
  busy(false);
  const dropped = engine.queue.splice(0);
  startWorker().catch((e) => { engine.problem = `The engine did not start again: ${e.message}`; busy(false); });
  for (const request of dropped) request.reject(new Unfinished("Stopped.", false));
}

/** The engine's answer to `fields` (a promise), with the puzzle's alphabet when it has its own. */
function request(fields) {
  if (!engine.module) {
    return Promise.reject(new Error(engine.problem || "the engine is still loading"));
  }
  const message = Object.assign(data.alphabet ? { symbols: data.alphabet } : {}, fields);
  return new Promise((resolve, reject) => {
    engine.queue.push({ message, resolve, reject });
    if (engine.queue.length === 1) send();
  });
}

/** Whether the engine is on a request (or has some waiting). */
function engineBusy() {
  return engine.queue.length > 0;
}
