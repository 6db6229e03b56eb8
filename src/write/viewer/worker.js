"use strict";
// worker.js: the page's engine at work, in a worker of its own (engine.js starts it from this
// text). It instantiates the compiled module it is handed, then answers each request (an
// object) with the module's answer, through the module's three exports (wasm/src/lib.rs):
// alloc, call and dealloc, JSON in and out.
let module = null;
let exports = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The module's answer to `request`. */
function call(request) {
  exports = exports || new WebAssembly.Instance(module, {}).exports;
  const input = encoder.encode(JSON.stringify(request));
  const ptr = exports.alloc(input.length);
  new Uint8Array(exports.memory.buffer, ptr, input.length).set(input);
  const packed = BigInt.asUintN(64, exports.call(ptr, input.length));
  exports.dealloc(ptr, input.length);
  const [at, len] = [Number(packed >> 32n), Number(packed & 0xffffffffn)];
  const answer = JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, at, len)));
  exports.dealloc(at, len);
  return answer;
}

onmessage = (event) => {
  if (event.data.module) {
    module = event.data.module;
    try {
      exports = new WebAssembly.Instance(module, {}).exports;
      postMessage({ ready: true });
    } catch (e) {
      postMessage({ failed: `the engine did not start: ${e.message}` });
    }
    return;
  }
  let answer;
  try {
    answer = call(event.data);
  } catch (trap) {
    // A trap leaves the module's memory as it was mid-call: the next request gets a fresh one.
    exports = null;
    answer = { error: `the engine stopped: ${trap.message}` };
  }
  postMessage(answer);
};
