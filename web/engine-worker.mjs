// The engine's Worker as the page makes it at its first byte (engine-early.js). Its interpreter
// starts loading at once (pyodide-boot.mjs, startEarly). When PyScript takes the Worker up, the
// page sends {pyengineAdopt: url}, the address of PyScript's own Worker code, which then runs
// here as it would in a Worker of its own; its interpreter hook (pyodide-boot.mjs, loadPyodide)
// takes up the interpreter already starting.
//
// PyScript's messages come before its code listens, so they are held. Its code is run with one
// line put before it, which tells this module that it has begun: what it listens with at its
// start is there by the end of that task, and the held messages are then given to it one a task,
// in order, as a Worker of its own would receive them (each handshake resolves in the microtasks
// after its message, before the next).
import { startEarly } from "./pyodide-boot.mjs";

startEarly();

/** @type {MessageEvent[]} */
const held = [];
/** @type {WeakSet<Event>} */
const given = new WeakSet();
let adopting = false;

/** @param {MessageEvent} ev */
function hold(ev) {
  if (given.has(ev)) return;
  ev.stopImmediatePropagation();
  const url = !adopting && ev.data && ev.data.pyengineAdopt;
  if (typeof url === "string") {
    adopting = true;
    void adopt(url);
  } else {
    held.push(ev);
  }
}
addEventListener("message", hold);

/** @param {string} url */
async function adopt(url) {
  try {
    const code = await (await fetch(url)).text();
    /** @type {any} */ (globalThis).pyengineCodeBegins = () => setTimeout(giveNext, 0);
    await import(URL.createObjectURL(new Blob(["pyengineCodeBegins();", code], { type: "text/javascript" })));
  } catch (e) {
    self.postMessage({ pyengineBoot: { failed: "bridge", message: `PyScript's Worker code: ${String((e && /** @type {Error} */ (e).message) || e)}` } });
  }
}

function giveNext() {
  const ev = held.shift();
  if (!ev) {
    removeEventListener("message", hold); // everything held is given: later messages go straight to PyScript
    return;
  }
  const copy = new MessageEvent("message", { data: ev.data, ports: [...ev.ports] });
  given.add(copy);
  dispatchEvent(copy);
  setTimeout(giveNext, 0);
}
