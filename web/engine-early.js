// The engine's Worker, made at the page's first byte so that its interpreter starts loading at
// once (engine-worker.mjs). build.py writes this file into index.html's head as an inline
// script, ahead of every module.
//
// PyScript, which runs the page's Python in a Worker, makes that Worker only once its module,
// its plugins and its config are in (about 0.5 s into a cold start, the runtime not yet asked
// for). So the page makes the Worker first and hands it to PyScript: until PyScript's module has
// taken up the Worker constructor (pyodide-boot.mjs puts the browser's own back then), the
// constructor gives PyScript's module Worker (a blob: address) this one instead, with the
// prototype PyScript asked for, and tells it the address, whose code then runs in it. Any other
// Worker is made as usual. If PyScript ever makes its Worker some other way, pyodide-boot.mjs
// sees this one was never taken and ends it: the start is then as slow as before, never broken.
(() => {
  const Native = window.Worker;
  if (!Native || window.pyengineEarly) return;
  /** @type {Worker | null} */
  let early;
  try {
    early = new Native(new URL("./engine-worker.mjs", document.baseURI), { type: "module" });
  } catch {
    return; // (no module Workers: PyScript makes its own)
  }
  /** @type {EarlyEngine} */
  const hand = {
    worker: early,
    adopted: false,
    restore: () => { /** @type {any} */ (window).Worker = Native; },
    bytes: 0,
    onBytes: null,
  };
  // The runtime's bytes, as the Worker counts them coming in (pyodide-boot.mjs): heard from
  // the first moment, before anything on the page listens (engine-start.js draws them).
  early.addEventListener("message", (ev) => {
    const bytes = ev.data && ev.data.pyengineBoot && ev.data.pyengineBoot.bytes;
    if (typeof bytes !== "number") return;
    hand.bytes = bytes;
    if (hand.onBytes) hand.onBytes(bytes);
  });
  /** @this {unknown} @param {string | URL} url @param {WorkerOptions} [options] */
  function Worker(url, options) {
    if (!new.target) throw new TypeError("Failed to construct 'Worker': use new");
    if (early && options && options.type === "module" && String(url).startsWith("blob:")) {
      const worker = early;
      early = null;
      hand.adopted = true;
      Object.setPrototypeOf(worker, new.target.prototype);
      worker.postMessage({ pyengineAdopt: String(url) });
      return worker;
    }
    return Reflect.construct(Native, [url, options], new.target);
  }
  Worker.prototype = Native.prototype;
  /** @type {any} */ (window).Worker = Worker;
  window.pyengineEarly = hand;
})();
