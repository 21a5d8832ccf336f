// How the page and the AI Worker start Pyodide, and how the page starts the engine.
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
export async function loadPyodide(wheel, options = {}) {
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

/** The Worker's start: like loadPyodide, but when there is no snapshot yet it makes one, with
 * the app's modules imported (pyengine.app.preload). */
export async function loadPyodideKeepingSnapshot(wheel, options = {}) {
  // (a bad snapshot is dropped by loadPyodide; the next Worker start makes a new one)
  if (await hasSnapshot(wheel)) return loadPyodide(wheel, options);
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

/**
 * The page's engine: Pyodide, the wheel, then the bridge module (web/main.py), whose `call`
 * it returns.  `onStep(step)` hears "runtime" (the interpreter starting), "engine" (the wheel
 * and the rules being imported) and "bridge" (the page's module).
 */
export async function startEngine({ wheel, bridge, onStep = () => {} }) {
  mark("start");
  onStep("runtime");
  let py;
  try {
    py = await loadPyodide(wheel);
  } catch (e) {
    throw e instanceof BootError ? e : new BootError("runtime", String((e && e.message) || e));
  }
  mark("runtime");
  onStep("engine");
  try {
    py.runPython("import pyengine.app.session");
  } catch (e) {
    throw new BootError("engine", String((e && e.message) || e));
  }
  mark("wheel");
  onStep("bridge");
  let source;
  try {
    const res = await fetch(new URL(bridge, import.meta.url));
    if (!res.ok) throw new Error(`${bridge}: HTTP ${res.status}`);
    source = await res.text();
  } catch (e) {
    throw new BootError("download", String((e && e.message) || e));
  }
  try {
    // run as a module of its own (no file, so no import caches to refresh after a snapshot)
    const ns = py.globals.get("dict")();
    ns.set("__name__", "pyengine_bridge");
    py.runPython(source, { globals: ns, filename: "main.py" });
    const call = ns.get("call");
    mark("bridge");
    return (method, argsJson) => call(method, argsJson);
  } catch (e) {
    throw new BootError("bridge", String((e && e.message) || e));
  }
}
