// How the page's engine Worker (PyScript's interpreter hook) and the AI Worker start Pyodide,
// and how the page starts PyScript and, with it, its engine Worker.
//
// Most of a warm start is CPython initialising inside the wasm and then compiling the engine's
// modules, not downloading.  So after the first visit a *memory snapshot* of an interpreter
// that has started and imported the app's modules (pyengine.app.preload) is kept in this
// browser's Cache Storage, and later starts restore it instead.  The snapshot is made locally,
// by the AI Worker, in the background: it is never downloaded, so it costs the first visit no
// bytes.
//
// It is keyed by a content hash of the Pyodide runtime (build.py fills in RUNTIME and the
// runtime's content-hashed folder) and by the wheel's (its folder), so a new runtime or a new
// engine never restores an old snapshot.  A snapshot that fails to restore, or has the wrong
// size, is deleted and the start goes on the ordinary way; the next Worker start makes a new
// one.  `globalThis.pyengineBoot` says how the interpreter of this realm started (on the page:
// how the engine's Worker started; `.worker`: how the AI Worker did).
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide-{{RUNTIME}}/pyodide.mjs";
import { useMemoryIndexedDB, withMemoryIndexedDB } from "./idb-fallback.js";
/** @typedef {import("pyodide").PyodideConfig} PyodideConfig */
/** @typedef {import("pyodide").PyodideAPI} PyodideAPI */

// In a Worker, PyScript opens a database for its package cache before it starts the runtime: we
// load no packages, so it gets the in-memory stand-in (two embeds on one page racing to create
// the same database made one of them fail, and a third-party frame may refuse it).
if (typeof document === "undefined") useMemoryIndexedDB();

export { version };

const RUNTIME = "{{RUNTIME}}";
const STORE = "pyodide-snapshots";
// one snapshot per runtime and wheel (wheels/<content hash>/…)
/** @param {string} wheel */
const snapshotKey = (wheel) => new URL(`./snapshot/${RUNTIME}-${String(wheel).split("/").slice(-2, -1)[0] || "none"}.bin`,
  import.meta.url).href;
const INDEX_URL = new URL(`./vendor/pyodide-${RUNTIME}/`, import.meta.url).href;

/** @type {BootInfo} */
const info = (globalThis.pyengineBoot = { from: "fresh", snapshotError: null });

async function store() {
  if (typeof caches === "undefined") return null; // insecure context, or storage disabled
  try {
    return await caches.open(STORE);
  } catch {
    return null;
  }
}

/** @param {string} key @returns {Promise<Uint8Array | null>} */
async function readSnapshot(key) {
  const cache = await store();
  if (!cache) return null;
  try {
    const hit = await cache.match(key);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (String(bytes.length) !== hit.headers.get("x-snapshot-length")) throw new Error("truncated snapshot");
    return bytes;
  } catch (e) {
    await dropSnapshot(key, e);
    return null;
  }
}

/** @param {string} key @param {unknown} error */
async function dropSnapshot(key, error) {
  info.snapshotError = reason(error);
  const cache = await store();
  if (cache) await cache.delete(key).catch(() => {});
}

/** @param {string} key @param {Uint8Array} bytes */
async function saveSnapshot(key, bytes) {
  const cache = await store();
  if (!cache) return;
  // only one snapshot is kept: this runtime's, with this wheel
  for (const req of await cache.keys()) if (req.url !== key) await cache.delete(req);
  await cache.put(key, new Response(/** @type {Uint8Array<ArrayBuffer>} */ (bytes), {
    headers: { "content-type": "application/octet-stream", "x-snapshot-length": String(bytes.length) },
  }));
}

/** Whether this browser holds a snapshot for this runtime and wheel (the page asks after it is up). */
/** @param {string} wheel */
export async function hasSnapshot(wheel) {
  const cache = await store();
  return Boolean(cache && (await cache.match(snapshotKey(wheel)).catch(() => null)));
}

/**
 * Start Pyodide with the engine's wheel on sys.path, from the snapshot when there is a good one.
 * @param {string} wheel
 * @param {PyodideConfig} [options]
 * @returns {Promise<PyodideAPI>}
 */
async function startRuntime(wheel, options = {}) {
  const opts = { ...options, indexURL: INDEX_URL };
  const wheelBytes = fetchWheel(wheel); // (beside the runtime's start, not after it)
  const key = snapshotKey(wheel);
  const snapshot = await readSnapshot(key);
  mark("snapshot-checked");
  let py = null;
  if (snapshot) {
    try {
      py = await loadRuntime({ ...opts, _loadSnapshot: snapshot });
      info.from = "snapshot";
    } catch (e) {
      await dropSnapshot(key, e);
    }
  }
  if (!py) {
    info.from = "fresh";
    py = await loadRuntime(opts);
  }
  mark("interpreter");
  await addWheel(py, wheel, wheelBytes);
  return py;
}

/** The Worker's start: like the page's, but when there is no snapshot yet it makes one, with
 * the app's modules imported (pyengine.app.preload).
 * @param {string} wheel
 * @param {PyodideConfig} [options]
 * @returns {Promise<PyodideAPI>}
 */
export async function loadPyodideKeepingSnapshot(wheel, options = {}) {
  // (a bad snapshot is dropped by startRuntime; the next Worker start makes a new one)
  if (await hasSnapshot(wheel)) return startRuntime(wheel, options);
  const wheelBytes = fetchWheel(wheel);
  const py = await loadRuntime({ ...options, indexURL: INDEX_URL, _makeSnapshot: true });
  info.from = "fresh";
  await addWheel(py, wheel, wheelBytes);
  try {
    py.runPython("from pyengine.app.preload import preload\npreload()");
    await saveSnapshot(snapshotKey(wheel), py.makeMemorySnapshot());
    info.made = true;
  } catch (e) {
    info.snapshotError = reason(e);
  }
  return py;
}

/** A failed start, with the step it failed at: "download", "runtime", "engine" or "bridge". */
export class BootError extends Error {
  /** @param {string} step @param {string} message */
  constructor(step, message) {
    super(message);
    this.step = step;
  }
}

/** @param {string} name */
const mark = (name) => { try { performance.mark(`pyengine:boot-${name}`); } catch { /* no marks here */ } };

/**
 * The engine's wheel, downloaded while the runtime starts (it used to be asked for once the
 * interpreter was up: 40-60 ms more of a cold start), at a low priority: on a slow network
 * the runtime's own files, which the interpreter needs first, are not slowed by it.
 * @param {string} wheel
 * @returns {Promise<Uint8Array>}
 */
function fetchWheel(wheel) {
  const bytes = (async () => {
    let res;
    try {
      res = await fetch(new URL(wheel, import.meta.url).href, { priority: "low" }); // (after the runtime's files)
    } catch (e) {
      throw new BootError("download", `${wheel}: ${reason(e)}`);
    }
    if (!res.ok) throw new BootError("download", `${wheel}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  })();
  bytes.catch(() => {}); // (a failure is heard where the bytes are awaited, once the interpreter is up)
  return bytes;
}

/**
 * Put the engine's wheel where Python imports it from: the wheel itself on sys.path (it is pure
 * Python with no data files, so zipimport reads it as it is: no unpacking, no installer).
 * @param {PyodideAPI} py
 * @param {string} wheel
 * @param {Promise<Uint8Array>} wheelBytes its bytes (fetchWheel)
 */
async function addWheel(py, wheel, wheelBytes) {
  const bytes = await wheelBytes;
  const path = `/home/pyodide/${wheel.split("/").pop()}`;
  py.FS.writeFile(path, bytes);
  py.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
}

// ---------------------------------------------------------------- the page's engine: PyScript in a Worker
// The page's Python runs under PyScript in a Worker (index.html: <script type="py" worker
// src="./main.py">, with "sync_main_only": no SharedArrayBuffer, so no cross-origin isolation
// is needed), so the interpreter's start never blocks the page: the main thread draws, answers
// clicks and counts the downloads while the Worker starts.  PyScript's config names this module
// as its interpreter, so inside that Worker PyScript calls `loadPyodide` below, which starts the
// runtime our way: from the snapshot when there is one, the wheel on sys.path (no micropip, no
// loadPackage: the config has no packages), the rules imported; then PyScript runs main.py,
// which hands the page its `call` (pyscript.sync: the page calls it and awaits the answer).
// The Worker tells the page each step with a message {pyengineBoot: {...}}.
const WHEEL = "{{WHEEL}}"; // the engine's wheel (build.py), relative to this module
const START = "import pyengine.app.session"; // what the start imports (build.py checks it imports)

/** @param {unknown} e @returns {string} */
const reason = (e) => String((e && /** @type {Error} */ (e).message) || e);
const tell = (/** @type {object} */ msg) => { try { self.postMessage({ pyengineBoot: msg }); } catch { /* not in a Worker */ } };

/**
 * PyScript's interpreter hook (config "interpreter": "./pyodide-boot.mjs"), run in the engine's
 * Worker.  A failure is told to the page with its step ("download", "runtime" or "engine") and
 * then thrown, which PyScript reports to the page as the Worker's error.
 * @param {PyodideConfig} [options]
 */
export async function loadPyodide(options = {}) {
  let step = "runtime";
  globalThis.pyengineHanded = () => tell({ handed: true }); // main.py calls this once `call` is exported
  try {
    tell({ step });
    const early = globalThis.pyengineEarlyStart;
    const py = await (early || startRuntime(WHEEL, options));
    if (early) {
      // (started before PyScript asked: its output hooks now)
      if (options.stdout) py.setStdout({ batched: options.stdout });
      if (options.stderr) py.setStderr({ batched: options.stderr });
    }
    mark("runtime");
    tell({ step: (step = "engine"), from: info.from, snapshotError: info.snapshotError });
    py.runPython(START);
    mark("wheel");
    // What goes wrong as PyScript runs Python (main.py's traceback) reaches the page too
    for (const name of /** @type {const} */ (["runPython", "runPythonAsync"])) {
      /** @type {(...args: any[]) => unknown} */
      const run = py[name];
      /** @type {any} */ (py)[name] = function (/** @type {unknown[]} */ ...args) {
        const told = (/** @type {unknown} */ e) => { tell({ stderr: reason(e) }); throw e; };
        try {
          const out = /** @type {any} */ (run.apply(this, args));
          return out && typeof out.then === "function" ? out.catch(told) : out;
        } catch (e) {
          return told(e);
        }
      };
    }
    tell({ step: (step = "bridge") }); // PyScript sets itself up and runs main.py
    return py;
  } catch (e) {
    tell({ failed: e instanceof BootError ? e.step : step, message: reason(e) });
    throw e;
  }
}

/**
 * In the engine's Worker that the page makes at its first byte (engine-worker.mjs): start the
 * interpreter now, before PyScript asks for it; `loadPyodide` takes it up. (On the global, not
 * in this module: PyScript imports its hook by its own address.)
 */
export function startEarly() {
  if (globalThis.pyengineEarlyStart) return;
  mark("early");
  const uncount = countRuntimeBytes((bytes) => tell({ bytes }));
  const started = startRuntime(WHEEL);
  started.catch(() => {}).finally(uncount); // (loadPyodide hears the failure)
  globalThis.pyengineEarlyStart = started;
}

const COUNTED = /\.(wasm|zip|json)$/; // the runtime's downloads that the page's bar measures (engine-start.js)
const REPORT_MS = 100;

/**
 * Tell the page how many of the runtime's bytes have come in, as they come (at most every
 * REPORT_MS, and at the end of each file), until the returned function is called. Only this
 * Worker downloads the runtime: the page reads the count instead of fetching the files a second
 * time to count them (it did until 2026-12-04; the two copies cost the page's main thread, the
 * browser and a 2-core machine's start about 0.1 s). Each response is read through a clone, so
 * the wasm's own response stays the browser's (streamed into the compiler, its compiled code
 * cached under its address).
 * @param {(bytes: number) => void} report
 */
function countRuntimeBytes(report) {
  const native = globalThis.fetch;
  let bytes = 0;
  let told = 0;
  /** @param {Response} res */
  const count = async (res) => {
    const reader = /** @type {ReadableStream<Uint8Array>} */ (res.clone().body).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return report(bytes);
      bytes += value.byteLength;
      if (performance.now() - told >= REPORT_MS) {
        told = performance.now();
        report(bytes);
      }
    }
  };
  /** @type {typeof fetch} */
  const counting = async (input, init) => {
    const res = await native(input, init);
    if (res.ok && res.body && res.url.startsWith(INDEX_URL) && COUNTED.test(new URL(res.url).pathname)) count(res).catch(() => {});
    return res;
  };
  globalThis.fetch = counting;
  return () => { if (globalThis.fetch === counting) globalThis.fetch = native; };
}

/**
 * The page's engine: PyScript (the ES module at `pyscript`, content-hashed by build.py),
 * imported with the in-memory IndexedDB in place (idb-fallback.js: PyScript opens a database as
 * it is imported); it starts the engine's Worker from index.html's <script type="py" worker>.
 * Resolves to `call(method, argsJson) -> Promise<resultJson>` once main.py has handed it over.
 * The first call starts it (index.html, first thing); later calls get the same start and may
 * add a listener. `onStep(step)` hears "runtime" (the interpreter starting), "engine" (the wheel and the rules
 * being imported) and "bridge" (PyScript and the page's module).  Rejects with a BootError:
 * "download", "runtime", "engine" or "bridge".
 */
/** @type {Promise<EngineCall> | null} */
let engineStart = null;        // the page's one start (index.html begins it; app.js takes it up)
/** @type {Set<(step: string) => void>} */
const stepListeners = new Set();
/** @type {string | null} */
let lastStep = null;
/**
 * @typedef {(method: string, args: string) => Promise<string>} EngineCall
 * @param {{pyscript?: string, onStep?: ((step: string) => void) | null}} start
 * @returns {Promise<EngineCall>}
 */
export function startEngine({ pyscript, onStep = null }) {
  if (onStep) {
    stepListeners.add(onStep);
    if (lastStep) onStep(lastStep); // a listener that comes late hears where the start is
  }
  if (!engineStart) {
    engineStart = start(String(pyscript), (step) => { lastStep = step; for (const fn of stepListeners) fn(step); });
    engineStart.catch(() => {}); // (whoever awaits it hears the failure)
  }
  return engineStart;
}

/** @param {string} pyscript @param {(step: string) => void} onStep @returns {Promise<EngineCall>} */
async function start(pyscript, onStep) {
  mark("start");
  try {
    await withMemoryIndexedDB(() => import(new URL(`./${pyscript}`, import.meta.url).href));
  } catch (e) {
    window.pyengineEarly?.worker.terminate(); // (no PyScript to hand it to)
    throw new BootError("download", `${pyscript}: ${reason(e)}`);
  }
  // PyScript's module has taken up the Worker constructor (engine-early.js): others get the browser's
  const early = window.pyengineEarly;
  if (early) early.restore();
  /** @type {PyScriptElement | null} */
  const script = document.querySelector('script[type="py"][worker]');
  if (!script) throw new BootError("bridge", "index.html has no engine script");
  // PyScript gives the element its Worker as it takes it up
  for (let waited = 0; !script.xworker; waited += 20) {
    if (waited > 10000) throw new BootError("bridge", "PyScript did not start the engine's Worker");
    await new Promise((r) => setTimeout(r, 20));
  }
  const worker = script.xworker;
  info.early = Boolean(early && early.adopted);
  if (early && !early.adopted) early.worker.terminate(); // (PyScript made a Worker of its own)
  /** @type {BootError | null} */
  let failed = null;
  let handed = false;
  /** @type {string | null} */
  let stderr = null; // the Worker's last error output (main.py's traceback)
  const toldFailure = new Promise((_, reject) => {
    worker.addEventListener("message", (/** @type {MessageEvent} */ ev) => {
      const msg = ev.data && ev.data.pyengineBoot;
      if (!msg) return;
      if (msg.from) Object.assign(info, { from: msg.from, snapshotError: msg.snapshotError ?? null });
      if (msg.step) onStep(msg.step);
      if (msg.stderr) stderr = msg.stderr;
      if (msg.handed) handed = true;
      if (msg.failed) reject((failed = new BootError(msg.failed, msg.message)));
    });
  });
  toldFailure.catch(() => {});
  worker.ready.catch(() => {}); // a failure is told (or the race below rejects): never left uncaught
  worker.onerror = () => {}; // the page shows the failure (PyScript's default prints it again)
  try {
    await Promise.race([worker.ready, toldFailure]);
  } catch (e) {
    throw failed || (e instanceof BootError ? e : new BootError("bridge", reason(e)));
  }
  // main.py ran (PyScript is done) without handing over its call: a broken bridge
  if (!handed) throw new BootError("bridge", stderr || "main.py handed over no call");
  mark("bridge");
  return (/** @type {string} */ method, /** @type {string} */ args) => worker.sync.call(method, args);
}
