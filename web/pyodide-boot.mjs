// How the page (PyScript's interpreter hook) and the AI Worker start Pyodide, and how the page
// starts PyScript and its engine.
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
// one.  `globalThis.pyengineBoot` says how the interpreter of this realm started.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide-{{RUNTIME}}/pyodide.mjs";

export { version };

const RUNTIME = "{{RUNTIME}}";
const STORE = "pyodide-snapshots";
// one snapshot per runtime and wheel (wheels/<content hash>/…)
const snapshotKey = (wheel) => new URL(`./snapshot/${RUNTIME}-${String(wheel).split("/").slice(-2, -1)[0] || "none"}.bin`,
  import.meta.url).href;
const INDEX_URL = new URL(`./vendor/pyodide-${RUNTIME}/`, import.meta.url).href;

const info = (globalThis.pyengineBoot = { from: "fresh", snapshotError: null });

async function store() {
  if (typeof caches === "undefined") return null; // insecure context, or storage disabled
  try {
    return await caches.open(STORE);
  } catch {
    return null;
  }
}

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

async function dropSnapshot(key, error) {
  info.snapshotError = String((error && error.message) || error);
  const cache = await store();
  if (cache) await cache.delete(key).catch(() => {});
}

async function saveSnapshot(key, bytes) {
  const cache = await store();
  if (!cache) return;
  // only one snapshot is kept: this runtime's, with this wheel
  for (const req of await cache.keys()) if (req.url !== key) await cache.delete(req);
  await cache.put(key, new Response(bytes, {
    headers: { "content-type": "application/octet-stream", "x-snapshot-length": String(bytes.length) },
  }));
}

/** Whether this browser holds a snapshot for this runtime and wheel (the page asks after it is up). */
export async function hasSnapshot(wheel) {
  const cache = await store();
  return Boolean(cache && (await cache.match(snapshotKey(wheel)).catch(() => null)));
}

let early = null; // {key, snapshot: Promise}: a snapshot read while the page draws its first frame

/** Start reading the snapshot now (the page calls this first thing; loadPyodide uses it). */
export function prepare(wheel) {
  const key = snapshotKey(wheel);
  early = { key, snapshot: readSnapshot(key) };
}

/** Start Pyodide with the engine's wheel on sys.path, from the snapshot when there is a good one. */
async function startRuntime(wheel, options = {}) {
  const opts = { ...options, indexURL: INDEX_URL };
  const key = snapshotKey(wheel);
  const snapshot = await (early && early.key === key ? early.snapshot : readSnapshot(key));
  early = null;
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
  await addWheel(py, wheel);
  return py;
}

/** The Worker's start: like the page's, but when there is no snapshot yet it makes one, with
 * the app's modules imported (pyengine.app.preload). */
export async function loadPyodideKeepingSnapshot(wheel, options = {}) {
  // (a bad snapshot is dropped by startRuntime; the next Worker start makes a new one)
  if (await hasSnapshot(wheel)) return startRuntime(wheel, options);
  const py = await loadRuntime({ ...options, indexURL: INDEX_URL, _makeSnapshot: true });
  info.from = "fresh";
  await addWheel(py, wheel);
  try {
    py.runPython("from pyengine.app.preload import preload\npreload()");
    await saveSnapshot(snapshotKey(wheel), py.makeMemorySnapshot());
    info.made = true;
  } catch (e) {
    info.snapshotError = String((e && e.message) || e);
  }
  return py;
}

/** A failed start, with the step it failed at: "download", "runtime", "engine" or "bridge". */
export class BootError extends Error {
  constructor(step, message) {
    super(message);
    this.step = step;
  }
}

const mark = (name) => { try { performance.mark(`pyengine:boot-${name}`); } catch { /* no marks here */ } };

/**
 * Put the engine's wheel where Python imports it from: the wheel itself on sys.path (it is pure
 * Python with no data files, so zipimport reads it as it is: no unpacking, no installer).
 */
export async function addWheel(py, wheel) {
  const url = new URL(wheel, import.meta.url).href;
  let res;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new BootError("download", `${wheel}: ${(e && e.message) || e}`);
  }
  if (!res.ok) throw new BootError("download", `${wheel}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const path = `/home/pyodide/${url.split("/").pop()}`;
  py.FS.writeFile(path, bytes);
  py.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
}

// ---------------------------------------------------------------- the page: PyScript
// The page's Python runs under PyScript (index.html: <script type="py" src="./main.py">, main
// thread).  PyScript's config names this module as its interpreter, so PyScript calls
// `loadPyodide` below, which starts the runtime our way: from the snapshot when there is one,
// the wheel on sys.path (no micropip, no loadPackage: the config has no packages), the rules
// imported; then PyScript runs main.py, which hands the page its `call`.
let page = null; // {wheel, onStep, fail}: set by startEngine before PyScript is imported

const reason = (e) => String((e && e.message) || e);

/**
 * PyScript's interpreter hook (config "interpreter": "./pyodide-boot.mjs").  A failure goes to
 * the page as a BootError with its step; PyScript is then left waiting (its promise never
 * settles), so it shows nothing of its own and no uncaught error reaches the console.
 */
export async function loadPyodide(options = {}) {
  const run = page;
  if (!run) throw new BootError("runtime", "pyodide-boot.mjs: loadPyodide before startEngine");
  try {
    run.onStep("runtime");
    let py;
    try {
      py = await startRuntime(run.wheel, options);
    } catch (e) {
      throw e instanceof BootError ? e : new BootError("runtime", reason(e));
    }
    mark("runtime");
    run.onStep("engine");
    try {
      py.runPython("import pyengine.app.session");
    } catch (e) {
      throw new BootError("engine", reason(e));
    }
    mark("wheel");
    run.onStep("bridge"); // PyScript sets itself up and runs main.py
    return py;
  } catch (e) {
    run.fail(e);
    return new Promise(() => {});
  }
}

/**
 * The page's engine: PyScript (the ES module at `pyscript`, content-hashed by build.py) after
 * IndexedDB is known to work or stands in memory (PyScript opens it when imported), with
 * Pyodide started by `loadPyodide` above; resolves to main.py's `call` once it is handed over
 * (the `pyengine:python-ready` event).  `onStep(step)` hears "runtime" (the interpreter
 * starting), "engine" (the wheel and the rules being imported) and "bridge" (PyScript and the
 * page's module).  Rejects with a BootError: "download", "runtime", "engine" or "bridge".
 */
export function startEngine({ wheel, pyscript, onStep = () => {} }) {
  mark("start");
  return new Promise((resolve, reject) => {
    const fail = (e) => reject(e instanceof BootError ? e : new BootError("bridge", reason(e)));
    page = { wheel, onStep, fail };
    let stderr = null; // PyScript's last error output (main.py's traceback, a failed fetch)
    addEventListener("pyengine:python-ready", () => {
      mark("bridge");
      resolve(globalThis._pyengineCall);
    }, { once: true });
    // main.py ran (PyScript's "py:done") without handing over its call: a broken bridge
    addEventListener("py:done", () => {
      if (!globalThis._pyengineCall) fail(new BootError("bridge", stderr ? reason(stderr) : "main.py handed over no call"));
    });
    (async () => {
      let core;
      try {
        const { ensureIndexedDB } = await import("./idb-fallback.js");
        await ensureIndexedDB();
        core = await import(new URL(`./${pyscript}`, import.meta.url).href);
      } catch (e) {
        throw new BootError("download", `${pyscript}: ${reason(e)}`);
      }
      // what PyScript reports goes to the console as before, and is kept for the details
      core.hooks.main.onReady.add((wrap) => {
        const own = wrap.io.stderr;
        wrap.io.stderr = (error, ...rest) => {
          stderr = error;
          return own(error, ...rest);
        };
      });
    })().catch(fail);
  });
}
