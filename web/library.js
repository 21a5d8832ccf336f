// The library of saved games in the browser's storage: its index, saving the game on the
// table, the view last on screen, the old single save, and export and import.
import { call, englishDetails, errorReason } from "./bridge.js";
import { clearNotice, h, notify } from "./dom.js";
import { engine, whenEngine } from "./engine-start.js";
import { t } from "./i18n.js";
import { $, BUILD, EMBED, LAST_VIEW, LIB_INDEX, LIB_PREFIX, OLD_SAVE_KEY, storage } from "./page.js";
import { drawLibrary } from "./start-page.js";
import { app } from "./state.js";
import { loadTable, tableContext } from "./table.js";

const LIBRARY_FORMAT = "pyengine-library";
// Every game played here is kept under its own key (LIB_PREFIX + its id, Session.save_key),
// listed from an index (LIB_INDEX) that the start page reads without Python.  Starting a game
// or opening a link never overwrites another game; an entry that does not open is dropped
// with a message and touches no other.
let storageFullNoted = false;
/** @typedef {Record<string, LibraryEntry>} LibraryIndex */
/** @returns {LibraryIndex} */
function libIndex() {
  /** @type {LibraryIndex} */
  let index = {};
  try {
    const parsed = JSON.parse(storage.get(LIB_INDEX) || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) index = parsed;
  } catch {
    index = {}; // a damaged index is rebuilt from the entries
  }
  for (const k of storage.keys() || []) {
    if (!k.startsWith(LIB_PREFIX)) continue;
    const key = k.slice(LIB_PREFIX.length);
    if (!index[key] || typeof index[key] !== "object") index[key] = { key, game: null, updated: 0 };
  }
  for (const key of Object.keys(index)) if (storage.get(LIB_PREFIX + key) === null) delete index[key];
  return index;
}
/** @param {LibraryIndex} index */
function libWriteIndex(index) { storage.set(LIB_INDEX, JSON.stringify(index)); }
/** The saved games, the latest first. */
export function libEntries() {
  return Object.values(libIndex()).sort((a, b) => (b.updated || 0) - (a.updated || 0));
}
/** Keep a game (Session.save_json) and its entry. @param {string} key @param {string} save @param {Omit<LibraryEntry, "key">} entry */
export function libPut(key, save, entry) {
  const index = libIndex();
  const now = Date.now();
  /** @type {Partial<LibraryEntry>} */
  const old = index[key] || {};
  index[key] = { ...entry, key, created: old.created || entry.created || now, updated: entry.updated || now };
  const ok = storage.set(LIB_PREFIX + key, save) && storage.set(LIB_INDEX, JSON.stringify(index));
  if (!ok && !storageFullNoted && storage.keys().length) {
    storageFullNoted = true;
    notify(t("library.full"), [], "error");
  }
}
/** Drop a game (what it was is returned: it may come back). @param {string} key */
export function libDelete(key) {
  const index = libIndex();
  const entry = index[key];
  const save = storage.get(LIB_PREFIX + key);
  delete index[key];
  storage.del(LIB_PREFIX + key);
  libWriteIndex(index);
  const last = readLastView();
  if (last && last.key === key) storage.del(LAST_VIEW);
  return { entry, save };
}
// What the start page lists about a game, in no language (drawn in the reader's): a finished
// game is listed as finished with its result even when its replay was left at an earlier position.
/** @param {View} v @returns {Omit<LibraryEntry, "key">} */
function entryFromView(v) {
  const over = Array.isArray(v.final_returns);
  return { game: v.game, seats: v.seats.map((s) => s.kind), names: v.seats.map((s) => s.name || ""), ply: v.cursor,
    length: v.length, status: over ? "over" : v.status, to_move: v.to_move, returns: over ? v.final_returns : v.returns,
    preset: v.preset || null };
}
/** Keep the game on the table in the library (and, a moment later, its view). */
export function saveToLibrary() {
  if (!app.view || app.view.provisional || !app.currentKey) return;
  // asked now, so answered before any later call changes the game (the Worker answers in order)
  const key = app.currentKey, view = app.view;
  const entry = entryFromView(view);
  call("save").then((s) => {
    if (!s.ok || s.save === undefined) return;
    libPut(key, s.save, entry);
    if (key === app.currentKey) keepLastView();
    else if (app.currentKey === null) writeLastView({ key, view }); // left for the start page before the save came back
  }, (e) => console.error(e));
}
// The view last on screen is written a moment after it is drawn (a run of bot moves writes it
// once), when the page is hidden, and at once when its table is left (flushLastView).
/** @type {ReturnType<typeof setTimeout> | undefined} */
let lastViewTimer;
function keepLastView() {
  clearTimeout(lastViewTimer);
  lastViewTimer = setTimeout(writeLastView, 400);
}
/** The table is being left: the view waiting to be kept is kept now. */
export function flushLastView() {
  if (lastViewTimer !== undefined) writeLastView();
}
/** @param {{key: string, view: View} | null} [left] a table already left (else the one on screen) */
function writeLastView(left = null) {
  clearTimeout(lastViewTimer);
  lastViewTimer = undefined;
  const kept = left || (app.view && app.currentKey ? { key: app.currentKey, view: app.view } : null);
  if (EMBED || !kept || kept.view.provisional) return;
  // a hot seat's view may show a hand: never keep it
  if (kept.view.hot_seat) { storage.del(LAST_VIEW); return; }
  storage.set(LAST_VIEW, JSON.stringify({ key: kept.key, fragment: kept.view.fragment, view: kept.view }));
}
/** @returns {LastView | null} */
export function readLastView() {
  try {
    const v = JSON.parse(storage.get(LAST_VIEW) || "null");
    return v && typeof v.key === "string" && v.view && typeof v.view === "object" ? v : null;
  } catch {
    return null;
  }
}
addEventListener("pagehide", () => writeLastView());
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") writeLastView(); });
// A key for a game the library already holds in another form (an older link of it).
/** @param {string} key */
export function freshCopyKey(key) {
  const index = libIndex();
  let n = 2;
  while (index[`${key}~${n}`]) n++;
  return `${key}~${n}`;
}
// Earlier versions kept one game under OLD_SAVE_KEY: it joins the library.
export async function migrateOldSave() {
  const old = EMBED ? null : storage.get(OLD_SAVE_KEY);
  if (!old) return null;
  storage.del(OLD_SAVE_KEY);
  const r = await call("check_save", { save: old });
  if (!r.ok || !r.entry) {
    notify(t("notice.bad_save", { reason: errorReason(r) }), [], "error", englishDetails(r));
    return null;
  }
  if (!libIndex()[r.entry.key]) libPut(r.entry.key, old, r.entry);
  if (!$("start").hidden) drawLibrary();
  return r.entry.key;
}
export function exportLibrary() {
  const games = libEntries().map((e) => ({ ...e, save: storage.get(LIB_PREFIX + e.key) })).filter((e) => e.save);
  const data = { format: LIBRARY_FORMAT, v: 1, exported: new Date().toISOString(), app: BUILD.version, games };
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: `tabletop-games-${new Date().toISOString().slice(0, 10)}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  notify(t("library.exported", { n: games.length }));
}
// Import: every entry is checked as a restore would check it; the others are kept.
/** @param {string} text a games file (exportLibrary), or a game's own record */
export async function importLibrary(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return openRecordText(text); // not a games file: a game's own record (a kiaak text file)?
  }
  if (!data || data.format !== LIBRARY_FORMAT || !Array.isArray(data.games)) return notify(t("library.import_not_library"), [], "error");
  if (!(await engineFor())) return;
  /** @type {Record<string, LibraryEntry | true>} */
  const index = libIndex();
  let added = 0;
  /** @type {string[]} */
  const skipped = [];
  for (const [i, item] of data.games.entries()) {
    const save = item && typeof item.save === "string" ? item.save : null;
    /** @type {EngineResult} */
    const r = save ? await call("check_save", { save }) : { ok: false, error: "no saved game in this entry", code: "bad_save", params: {} };
    if (!r.ok || !r.entry || save === null) { skipped.push(t("library.skipped_one", { n: i + 1, reason: errorReason(r) })); continue; }
    let key = r.entry.key;
    if (index[key]) {
      if (storage.get(LIB_PREFIX + key) === save) { skipped.push(t("library.skipped_same", { n: i + 1 })); continue; }
      key = freshCopyKey(key);
    }
    const stamp = (/** @type {unknown} */ x) => (typeof x === "number" && Number.isFinite(x) && x > 0 ? x : Date.now());
    libPut(key, save, { ...r.entry, created: stamp(item.created), updated: stamp(item.updated) });
    index[key] = true;
    added++;
  }
  if (!$("start").hidden) drawLibrary();
  notify(t("library.imported", { n: added, skipped: skipped.length }), [], skipped.length ? "error" : "info",
    skipped.length ? skipped.join("\n") : null);
}

/** The engine, for a file or a paste that needs it: one given while it still starts says that it
 * waits (the start page stays) and goes through once it is up. @returns {Promise<boolean>} whether it is up */
async function engineFor() {
  const up = () => engine.state === "ready"; // (read again after the wait)
  if (up()) return true;
  notify(t("library.import_waiting"));
  await whenEngine(() => {}).catch(() => {});
  if (up()) return true;
  clearNotice(); // (the page shows why the engine did not start)
  return false;
}

// A record in a game's own notation (Cetkaik's kiaak), from a file, a drop or a paste on the
// start page: opened in replay at its start, as the game's table opens one.
const RECORD_GAMES = ["cetkaik"];
/** @param {string} text */
async function openRecordText(text) {
  if (!text.trim()) return notify(t("library.import_empty"), [], "error");
  app.navGen++;
  if (!(await engineFor())) return;
  /** @type {string[]} */
  const reasons = [];
  for (const game of RECORD_GAMES) {
    await loadTable(game);
    try {
      await tableContext(game).gameCall("import", { text, rules: "auto" });
      clearNotice();
      return;
    } catch (e) {
      reasons.push(/** @type {Error} */ (e).message);
    }
  }
  notify(t("library.import_unknown", { reason: reasons.join("; ") }), [], "error");
}
/** @param {DragEvent} ev */
export function readDroppedFile(ev) {
  const file = ev.dataTransfer && ev.dataTransfer.files && ev.dataTransfer.files[0];
  if (!file) return;
  ev.preventDefault();
  file.text().then(importLibrary);
}
