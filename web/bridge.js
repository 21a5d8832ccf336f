// The one bridge to the engine: a call is a JSON message to the engine's Worker and back
// (web/main.py answers it); errors come back as EngineError, in the user's language.
import { engine } from "./engine-start.js";
import { lang, lookup, t } from "./i18n.js";
import { sleep } from "./page.js";
import { app, publicState } from "./state.js";

// The engine runs in its own Worker (pyodide-boot.mjs): a call is a message there and back, so
// the page never waits on Python. Calls are answered in the order they are made.
export let lastCall = 0; // the number of the call made last: its answer is the engine's state now
let inFlight = 0;  // calls not answered yet
/** @type {(() => void)[]} */
let whenAnswered = [];
/**
 * Call the engine (web/main.py): `method` with `args` (and the page's language and hot seat).
 * @param {string} method
 * @param {Record<string, unknown>} [args]
 * @returns {Promise<EngineResult>}
 */
export async function call(method, args = {}) {
  const engineCall = engine.call;
  if (!engineCall) throw new Error("the game engine has not started yet");
  const number = ++lastCall;
  inFlight++;
  try {
    // handed: the seat that has taken the device at a hot seat (Python decides what it may see)
    const r = JSON.parse(await engineCall(method, JSON.stringify({ lang, handed: app.handedTo, ...args })));
    Object.defineProperty(r, "callNo", { value: number, enumerable: true });
    return r;
  } finally {
    if (--inFlight === 0) { for (const wake of whenAnswered.splice(0)) wake(); }
  }
}
// Resolves once the page has caught up: every engine call made so far answered and the queue of
// navigations and automatic plies drained (a click or a new address is handled in a task of its own).
/** @returns {Promise<PublicState>} */
export async function settled() {
  for (;;) {
    await sleep(0);
    const queued = app.busy;
    await queued;
    if (inFlight) await new Promise((/** @type {(value?: unknown) => void} */ wake) => whenAnswered.push(wake));
    else if (app.busy === queued) return publicState();
  }
}
/** An engine's answer that is not ok, as an exception. */
export class EngineError extends Error {
  /** @param {EngineResult} result */
  constructor(result) {
    super(result.error);
    this.kind = result.kind;
    this.code = result.code || null;
    this.params = result.params || {};
  }
}
/** A call whose answer must be ok (else it throws an EngineError). @param {string} method @param {Record<string, unknown>} [args] */
export async function callOk(method, args) {
  const r = await call(method, args);
  if (!r.ok) throw new EngineError(r);
  return r;
}
// The engine's own (English) message, as details behind a toggle when the page speaks another language.
/** @param {EngineResult} r @returns {string | null} */
export function englishDetails(r) { return lang === "en" && r.code ? null : r.error_en ?? r.error ?? null; }
// A link or saved-game error in the user's language (from its code); other errors as they come.
/**
 * @param {{code?: string | null, params?: Record<string, unknown>, error?: string, message?: string}} err
 * @returns {string}
 */
export function errorReason(err) {
  if (err.code) {
    const params = err.params || {};
    const key = `link.${err.code}`;
    if (lookup(key) !== undefined) return t(key, { ...params, game: params.game ?? "", ply: params.ply ?? "" });
  }
  return err.error || err.message || "";
}
