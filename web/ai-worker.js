// The AI Worker: its own Pyodide with the same wheel as the page, so bot searches and other
// long engine work never block the page.  Plain module Worker + postMessage: no
// SharedArrayBuffer, no cross-origin isolation, so it runs on any static host and in iframes.
//   page → worker  {type: "init", wheel}            worker → page  {type: "ready", boot} | {type: "failed", error}
//   page → worker  {type: "choose", id, job}        worker → page  {type: "answer", id, result}
//   page → worker  {type: "task", id, name, args}   worker → page  {type: "answer", id, result}
// Cancelling is the page terminating this worker (Python cannot be interrupted mid-search).
import { loadPyodideKeepingSnapshot } from "./pyodide-boot.mjs";

/** @type {Promise<void> | null} */
let booted = null;
/** @type {{choose: (job: string) => string, task: (name: string, args: string) => string} | null} */
let entry = null;

/** @param {string} wheel */
async function boot(wheel) {
  const py = await loadPyodideKeepingSnapshot(wheel); // the wheel is on sys.path
  const mod = py.pyimport("pyengine.app.worker");
  entry = { choose: mod.choose, task: mod.task };
}

/** @param {unknown} e */
const reason = (e) => String((e && /** @type {Error} */ (e).message) || e);

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.type === "init") {
    if (!booted) booted = boot(msg.wheel);
    try {
      await booted;
      self.postMessage({ type: "ready", boot: { ...globalThis.pyengineBoot } });
    } catch (e) {
      self.postMessage({ type: "failed", error: reason(e) });
    }
    return;
  }
  try {
    if (!booted) throw new Error("the worker was not initialised");
    await booted;
    if (!entry) throw new Error("the worker has no engine");
    let out;
    if (msg.type === "choose") out = entry.choose(JSON.stringify(msg.job));
    else if (msg.type === "task") out = entry.task(String(msg.name), JSON.stringify(msg.args || {}));
    else throw new Error(`unknown message ${msg.type}`);
    self.postMessage({ type: "answer", id: msg.id, result: JSON.parse(out) });
  } catch (e) {
    self.postMessage({ type: "answer", id: msg.id, result: { ok: false, error: reason(e), kind: "WorkerError" } });
  }
};
