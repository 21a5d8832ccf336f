// The page's state that several parts of the shell change: the game on the table, who holds the
// device, the automation's counters, the one queue of navigations and automatic plies, and the
// promise that the page is ready (window.pyengineApp.ready).
import { AiClient } from "./ai.js";
import { saveToLibrary } from "./library.js";
import { BUILD, EMBED, params, SPEED_KEY, SPEEDS, storage } from "./page.js";

/** @param {string | null} value @returns {value is Speed} */
export const isSpeed = (value) => value !== null && Object.hasOwn(SPEEDS, value);

export const app = {
  /** @type {View | null} the table's view model (provisional: drawn before the engine is up), or null */
  view: null,
  /** @type {PublicState | null} the automation state */
  autoState: null,
  /** @type {string | null} */
  lastFragment: null,
  /** @type {string | null} the library key of the game on the table */
  currentKey: null,
  /** @type {number | null} hot seat: the seat the device was last handed to */
  handedTo: null,
  /** @type {Promise<unknown>} */
  busy: Promise.resolve(),
  /** @type {Speed} */
  speed: /** @type {Speed} */ (isSpeed(params.get("speed")) ? params.get("speed")
    : (isSpeed(storage.get(SPEED_KEY)) ? storage.get(SPEED_KEY) : "fast")),
  autoGen: 0,      // bumped whenever the position changes under the automation loop
  paused: false,   // automatic plies stopped by the user (watching bots, or a long think)
  thinking: false, // a bot's decision is on its way from the Worker
  /** @type {{args: NewGameArgs, done: Promise<void> | null} | null} a game started from its first frame */
  pending: null,
  navGen: 0,       // bumped by every choice of the user's (a game started, continued, a link followed)
  /** @type {string | null} the save key of the live game whose friend is connected (web/live/table.js) */
  liveKey: null,
  /** @type {((action: string) => void) | null} a live card table's person's move (web/live/cards.js) */
  livePlay: null,
  /** @type {(() => LiveEnd | null) | null} a live card table's end: its deal being checked, then the verdict (web/live/cards.js) */
  liveEnd: null,
};
/** The game on the table is live and its friend connected: its links travel by themselves. */
export const liveOpen = () => app.liveKey !== null && app.view !== null && !app.view.provisional && app.view.save_key === app.liveKey;
/** The game on the table is played live: Cetkaik with its friend connected, or a live card table
 * (web/live/cards.js), whose moves go through the table's protocol and whose record comes at the end. */
export const atLiveTable = () => liveOpen() || Boolean(app.view && app.view.live);
export const ai = new AiClient(BUILD.wheel || "");
/** @type {Record<string, TableModule | null>} game id → its rich table module (web/tables/<game>.js), or null */
export const tableModules = {};
/** @type {PublicState} */
const START_STATE = { game: null, rules: null, record: null, to_move: null, viewer: null, observation: null, status: "start", ply: 0, length: 0 };

/** An engine's answer becomes the table's view (and the library's copy of the game). @param {EngineResult} r */
export function setFromResult(r) {
  app.view = r.view ?? null;
  app.autoState = r.state ?? null;
  if (!app.view) return;
  app.view.dealt_now = r.chanceRun && Array.isArray(r.resolved) ? r.resolved : null;
  app.lastFragment = app.view.fragment;
  history.replaceState(null, "", `${location.pathname}${location.search}#${app.view.fragment}`);
  if (!EMBED) saveToLibrary();
}
/** Tell the page (an event) and an embedding page (a message). @param {string} type @param {object} extra */
export function emit(type, extra = {}) {
  if (window.parent !== window) window.parent.postMessage({ type: `pyengine:${type}`, ...extra }, "*");
  window.dispatchEvent(new CustomEvent(`pyengine:${type}`, { detail: extra }));
}
// The page's one queue of navigations and automatic plies: a failed step never blocks the next.
/** @param {() => unknown} fn */
export function queue(fn) {
  app.busy = app.busy.then(fn).catch((e) => { console.error(e); });
  return app.busy;
}
// supersede(): the automation under way stops (a navigation, a pause, a move of the person's...);
// a bot's decision still being thought about in the Worker is not waited for (`superseded`).
let wakeSuperseded = () => {};
/** @type {Promise<void>} */
export let superseded = new Promise((r) => { wakeSuperseded = r; });
export function supersede() {
  app.autoGen++;
  app.thinking = false;
  wakeSuperseded();
  superseded = new Promise((r) => { wakeSuperseded = r; });
}

/** The pause of a game opened in place of the table drawn before the engine was up: kept if the
 * person paused that table (its bots wait), none otherwise. */
export function pausedBeforeEngine() { return Boolean(app.view && app.view.provisional && app.paused); }

/** @returns {PublicState} */
export function publicState() { return app.autoState ? structuredClone(app.autoState) : { ...START_STATE }; }
/** @type {() => void} */
export let readyResolve = () => {};
/** @type {(reason: unknown) => void} */
export let readyReject = () => {};
/** @type {Promise<void>} */
export const ready = new Promise((res, rej) => { readyResolve = res; readyReject = rej; });
ready.catch(() => {});
