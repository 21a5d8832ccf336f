// How the page and the AI Worker start Pyodide, and how the page starts the engine.
//
// Most of a warm start is CPython initialising inside the wasm (about 1.5 s here), not
// downloading or compiling.  So after the first visit a *memory snapshot* of a freshly
// initialised interpreter is kept in this browser's Cache Storage, and later starts
// restore it instead (about 0.4 s).  The snapshot is made locally, by the AI Worker, in the
// background: it is never downloaded, so it costs the first visit no bytes.
//
// It is keyed by a content hash of the Pyodide runtime (build.py fills in RUNTIME and the
// runtime's content-hashed folder), so a new runtime never restores an old snapshot.  A
// snapshot that fails to restore, or has the wrong size, is deleted and the start goes on the
// ordinary way; the next Worker start makes a new one.  `globalThis.pyengineBoot` says how the
// interpreter of this realm started.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide-{{RUNTIME}}/pyodide.mjs";

export { version };

const RUNTIME = "{{RUNTIME}}";
const STORE = "pyodide-snapshots";
const KEY = new URL(`./snapshot/${RUNTIME}.bin`, import.meta.url).href;
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

async function readSnapshot() {
  const cache = await store();
  if (!cache) return null;
  try {
    const hit = await cache.match(KEY);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (String(bytes.length) !== hit.headers.get("x-snapshot-length")) throw new Error("truncated snapshot");
    return bytes;
  } catch (e) {
    await dropSnapshot(e);
    return null;
  }
}

async function dropSnapshot(error) {
  info.snapshotError = String((error && error.message) || error);
  const cache = await store();
  if (cache) await cache.delete(KEY).catch(() => {});
}

async function saveSnapshot(bytes) {
  const cache = await store();
  if (!cache) return;
  // only one runtime's snapshot is kept
  for (const req of await cache.keys()) if (req.url !== KEY) await cache.delete(req);
  await cache.put(KEY, new Response(bytes, {
    headers: { "content-type": "application/octet-stream", "x-snapshot-length": String(bytes.length) },
  }));
}

/** Whether this browser holds a snapshot for this runtime (the page asks after it is up). */
export async function hasSnapshot() {
  const cache = await store();
  return Boolean(cache && (await cache.match(KEY).catch(() => null)));
}

/** Start Pyodide, from the snapshot when there is a good one. */
export async function loadPyodide(options = {}) {
  const opts = { ...options, indexURL: INDEX_URL };
  const snapshot = await readSnapshot();
  if (snapshot) {
    try {
      const py = await loadRuntime({ ...opts, _loadSnapshot: snapshot });
      info.from = "snapshot";
      return py;
    } catch (e) {
      await dropSnapshot(e);
    }
  }
  info.from = "fresh";
  return loadRuntime(opts);
}

/** The Worker's start: like loadPyodide, but when there is no snapshot yet it makes one. */
export async function loadPyodideKeepingSnapshot(options = {}) {
  // (a bad snapshot is dropped by loadPyodide; the next Worker start makes a new one)
  if (await hasSnapshot()) return loadPyodide(options);
  const py = await loadRuntime({ ...options, indexURL: INDEX_URL, _makeSnapshot: true });
  info.from = "fresh";
  try {
    await saveSnapshot(py.makeMemorySnapshot());
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

/**
 * The page's engine: Pyodide, the wheel, then the bridge module (web/main.py), whose `call`
 * it returns.  `onStep(step)` hears "runtime" (the interpreter starting), "engine" (the wheel
 * and the rules being imported) and "bridge" (the page's module).
 */
export async function startEngine({ wheel, bridge, onStep = () => {} }) {
  onStep("runtime");
  let py;
  try {
    py = await loadPyodide();
  } catch (e) {
    throw new BootError("runtime", String((e && e.message) || e));
  }
  onStep("engine");
  const errors = [];
  const url = new URL(wheel, import.meta.url).href;
  await py.loadPackage(url, { messageCallback: () => {}, errorCallback: (m) => errors.push(String(m)) });
  if (!Object.keys(py.loadedPackages).some((name) => name.startsWith("pyengine"))) {
    throw new BootError("download", errors.join("\n") || `the engine wheel did not load (${wheel})`);
  }
  onStep("bridge");
  try {
    const res = await fetch(new URL(bridge, import.meta.url));
    if (!res.ok) throw new BootError("download", `${bridge}: HTTP ${res.status}`);
    py.FS.writeFile("/home/pyodide/pyengine_bridge.py", await res.text());
    py.runPython("import importlib; importlib.invalidate_caches()"); // a restored snapshot's import caches
    const mod = py.pyimport("pyengine_bridge");
    const call = mod.call;
    return (method, argsJson) => call(method, argsJson);
  } catch (e) {
    if (e instanceof BootError) throw e;
    throw new BootError(/fetch|network/i.test(String(e)) ? "download" : "bridge", String((e && e.message) || e));
  }
}
