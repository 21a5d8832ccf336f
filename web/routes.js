// The address: what the page opens for it (the latest game, the start page, a link, a game named
// in the query), restoring a saved game, and a link that does not open.
import { runAuto } from "./auto-play.js";
import { call, englishDetails, errorReason } from "./bridge.js";
import { clearNotice, notify } from "./dom.js";
import { engine, engineReady } from "./engine-start.js";
import { drawLinkFrame, drawProvisional } from "./first-frames.js";
import { gameInfo, gameName, t } from "./i18n.js";
import { freshCopyKey, libDelete, libEntries, readLastView } from "./library.js";
import { startGame } from "./new-game.js";
import { $, BUILD, EMBED, LIB_PREFIX, params, storage } from "./page.js";
import { drawLibrary, showStart } from "./start-page.js";
import { app, pausedBeforeEngine, queue, setFromResult, supersede, superseded } from "./state.js";
import { drawOpening, render } from "./table.js";

/** The address's fragment, decoded. */
export function currentFragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed %-escape: the engine says what is wrong with it
  }
}
/**
 * The engine, for a route that needs it: waited for unless the player navigates first. (A route
 * runs in the page's queue: one still waiting for the engine would hold every later navigation,
 * so "All games" pressed before the engine is up would wait for it, and the game it left would
 * open after all.)
 * @param {number} nav the navigation the route is for
 * @returns {Promise<boolean>} whether the route goes on (the engine is up and the player still here)
 */
async function engineForRoute(nav) {
  while (engine.state !== "ready" && app.navGen === nav) {
    await Promise.race([engineReady, superseded]).catch(() => {});
    if (engine.state === "failed") return false; // (the page says why)
  }
  return engine.state === "ready" && app.navGen === nav;
}
/** Open what the address names (in the page's queue: a hashchange, the page's start). */
export async function route() {
  const frag = currentFragment();
  if (frag === app.lastFragment && app.view && !app.view.provisional) return runAuto(); // nothing to open: the table goes on
  app.pending = null;
  if (frag === "" && params.get("game")) return startNamedGame();
  if (frag === "") return resumeLatest();
  if (frag === "games") return showStart();
  if (frag.startsWith("join=") || frag.startsWith("reply=")) return openLive(frag);
  return openLink(frag);
}
// A live table's invitation (the friend's page answers it) or reply (to the tab hosting the table).
/** @param {string} frag */
async function openLive(frag) {
  const m = await import("./live/table.js");
  if (!m.canGoLive()) {
    notify(t("live.unsupported"), [], "error");
    return showStart();
  }
  if (frag.startsWith("join=")) return m.joinLive(frag.slice(5));
  return m.openReply(frag.slice(6));
}
// An embed or a link that names a game: start one (a person against bots of ?level=, else the strongest).
async function startNamedGame() {
  const g = gameInfo(params.get("game"));
  const asked = params.get("level");
  const setup = g && BUILD.setup[g.id];
  if (!g || !setup) {
    notify(t("notice.bad_link", { reason: t("link.unknown_game", { game: params.get("game") }) }), [], "error");
    return showStart();
  }
  const level = asked !== null && setup.levels.includes(asked) ? asked : setup.levels[setup.levels.length - 1];
  /** @type {[string, string][]} */
  const seats = Array.from({ length: g.default_players }, (_, i) => ["", i === 0 ? "human" : `bot:${level}`]);
  return startGame({ game: g.id, seats, seed: crypto.getRandomValues(new Uint32Array(1))[0] }, false);
}
// The bare address: the game last played here, if it is still in progress.
async function resumeLatest() {
  const gen = app.navGen;
  const latest = EMBED ? null : libEntries().find((e) => e.status !== "over");
  const last = readLastView();
  if (latest && last && last.key === latest.key) drawProvisional(last.view);
  else if (latest) drawOpening();
  else showStart(); // (the old single save, if any, joins the library once the engine is up)
  if (!(await engineForRoute(gen))) return; // the player chose something else meanwhile
  const entry = latest || libEntries().find((e) => e.status !== "over"); // (the old single save, migrated)
  if (!entry) { if (app.view || !$("table").hidden) showStart(); else drawLibrary(); return; }
  await restoreEntry(entry.key, () => notify(t("notice.restored", { game: app.view ? gameName(app.view.game) : "" }),
    [[t("table.home"), () => { location.hash = "games"; }]]));
}
// Put a library entry on the table (note(): a notice to show once it is there).
/** @param {string} key @param {(() => void) | null} [note] @returns {Promise<boolean>} whether it is on the table */
export async function restoreEntry(key, note = null) {
  const nav = app.navGen;
  if (!(await engineForRoute(nav))) return false; // the player went elsewhere while the engine was starting
  const save = storage.get(LIB_PREFIX + key);
  supersede(); // what the table was doing stops: another game takes the engine
  /** @type {EngineResult} */
  let r = save === null ? { ok: false, error: "the saved game is missing", code: "bad_save", params: {} } : await call("restore", { save });
  // a finished game opens finished, at its end (its replay may have been left at an earlier position)
  if (r.ok && r.view && Array.isArray(r.view.final_returns) && r.view.cursor < r.view.length) {
    const end = await call("goto", { cursor: r.view.length });
    if (end.ok) r = end;
  }
  if (app.navGen !== nav) return false;
  if (!r.ok) {
    libDelete(key);
    notify(t("notice.bad_save", { reason: errorReason(r) }), [], "error", englishDetails(r));
    showStart();
    return false;
  }
  supersede();
  app.paused = pausedBeforeEngine();
  app.handedTo = null;
  app.currentKey = key;
  setFromResult(r);
  render();
  if (note) note();
  await runAuto();
  return true;
}
/** @param {string} frag */
async function openLink(frag) {
  const last = readLastView();
  const reload = last !== null && last.fragment === frag;
  const nav = app.navGen;
  if (last && reload) drawProvisional(last.view);
  else if (!app.view && engine.state !== "ready") await drawLinkFrame(frag);
  else if (!app.view) drawOpening();
  if (!(await engineForRoute(nav))) return; // the player went elsewhere while the engine was starting
  supersede();
  /** @type {EngineResult} */
  let r;
  /** @type {string | null} */
  let key = null;
  const info = await call("link_info", { fragment: frag });
  if (app.navGen !== nav) return;
  if (info.ok) {
    key = last && reload ? last.key : String(info.save_key);
    r = await call("open", { fragment: frag, save: EMBED ? null : storage.get(LIB_PREFIX + key) });
    if (!r.ok && r.kind === "OlderLinkError") {
      // a play-by-link link this device has already gone past: keep the game as it is
      await restoreEntry(key, () => notify(t("notice.older_link")));
      return;
    }
    if (r.ok && !r.continues) key = freshCopyKey(key); // an older form of a game kept here: keep both
  } else {
    r = info;
  }
  if (!r.ok) return badLink(r);
  clearNotice();
  app.paused = pausedBeforeEngine();
  app.handedTo = null;
  app.currentKey = key;
  setFromResult(r);
  render();
  await runAuto();
}
// A link that does not open: say why in the user's language, and stay where we were.
/** @param {EngineResult} r */
function badLink(r) {
  notify(t("notice.bad_link", { reason: errorReason(r) }), [], "error", englishDetails(r));
  if (app.view && !app.view.provisional) {
    history.replaceState(null, "", `${location.pathname}${location.search}#${app.view.fragment}`);
    queue(runAuto); // the game goes on where it was
    return;
  }
  history.replaceState(null, "", `${location.pathname}${location.search}#games`);
  showStart();
}
// A navigation stops the automatic plies at once (they run in the same queue), so "All games"
// or a link answers the first press even while bots play at Instant.
window.addEventListener("hashchange", () => { supersede(); app.navGen++; queue(route); });
