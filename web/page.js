// What the page is given before anything runs: the build's info (index.html), the options of its
// address, the keys it keeps in the browser's storage, and a few small helpers every part uses.
/** @type {BuildInfo} */
export const BUILD = window.PYENGINE_BUILD || { version: "dev", boot_bytes: 0, games: { en: [] }, setup: {}, start: {}, runtime: {} };
export const LANGS = ["en", "ko", "ja"];
export const OLD_SAVE_KEY = "pyengine:save"; // the single save slot of earlier versions (migrated)
export const LIB_INDEX = "pyengine:games"; // {key: entry}: what the start page lists
export const LIB_PREFIX = "pyengine:game:"; // + key: the saved game (Session.save_json)
export const LAST_VIEW = "pyengine:lastview"; // the table last on screen, drawn at once on the next visit
export const LANG_KEY = "pyengine:lang";
export const SPEED_KEY = "pyengine:speed";
/** @type {Record<Speed, number>} */
export const SPEEDS = { instant: 0, fast: 180, normal: 700 }; // pause between automatic steps (ms)
export const params = new URLSearchParams(location.search);
export const EMBED = params.get("embed") === "1";
export const FORCE_GENERIC = params.get("table") === "generic"; // the plain text table, for every game

/**
 * One of the page's own elements (index.html has them all).
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} name */
export const mark = (name) => { try { performance.mark(`pyengine:${name}`); } catch { /* old browser */ } };
/** @type {Set<string>} the first frames marked so far (each is marked once) */
const firstFrames = new Set();
/** A first frame is on screen (the start page, a table's first frame, a place for the game). @param {string} what */
export function drewFirstFrame(what) { if (!firstFrames.has(what)) { firstFrames.add(what); mark(`first-${what}`); } }

// ---------------------------------------------------------------- storage
// The browser's storage, which may be blocked (private mode, sandboxed iframe) or full: a read
// then finds nothing and a write says it failed.
export const storage = {
  /** @param {string} key @returns {string | null} */
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  /** @param {string} key @param {string} value @returns {boolean} whether it was kept */
  set(key, value) { try { localStorage.setItem(key, value); return true; } catch { return false; } },
  /** @param {string} key */
  del(key) { try { localStorage.removeItem(key); } catch { /* blocked */ } },
  /** @returns {string[]} */
  keys() { try { return Object.keys(localStorage); } catch { return []; } },
};

/** @param {string} url @returns {Promise<any>} the JSON it holds */
export async function fetchJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} (${res.status})`);
  return res.json();
}
/** @returns {Promise<void>} */
export const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r()));
/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
