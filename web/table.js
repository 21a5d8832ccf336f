// The table on screen: a game's table module mounted with its context (or the generic table),
// the shell's head (title, status, scores), the hot seat's hand-over, and redrawing.
import { pauseAuto, runAuto } from "./auto-play.js";
import { call, callOk } from "./bridge.js";
import { announce, h, notify, placeNotice, setAttr, setText, show } from "./dom.js";
import { engine, engineReady, whenEngine } from "./engine-start.js";
import { GENERIC } from "./generic-table.js";
import { applyStrings, lang, loadGameStrings, t, tOr } from "./i18n.js";
import { $, BUILD, drewFirstFrame, EMBED, FORCE_GENERIC, SPEED_KEY, SPEEDS, storage } from "./page.js";
import { ai, app, atLiveTable, emit, isSpeed, liveOpen, publicState, queue, setFromResult, supersede, tableModules } from "./state.js";
import { ensureTools, forgetTools, goto, placeTools, playAgain, playFromUi, refreshTools, undo, updateTools } from "./table-tools.js";

// A game with a module in web/tables/<game>.js gets its own table; the rest (and every game
// with ?table=generic, the plain text view) get the generic one.  A table module has no rules
// in it: it renders the view model (view.table comes from the game's table view in
// pyengine/app/views/<game>.py) and sends intents back through the context below.
//   export default {
//     strings: true,                       // load web/i18n/<game>.<lang>.json (keys "<game>.…")
//     mount(host, ctx) -> {update(view), destroy()},
//     setup(container, setupInfo, ctx) -> {values(args) -> extra new-game args},   (optional)
//     shellHead: (view, ctx) => true,      // show the shell's title/status/score line (optional)
//   }
// What the shell adds to the session's view model for tables:
//   view.provisional  true while the table shows a first frame the engine has not made yet
//                     (the build's starting position, or the view last on screen): nothing is
//                     legal; intents sent now wait for the engine.  The next update is real.
//   view.dealt_now    after an automatic chance step: the plies (1-based history numbers) it
//                     resolved, all at once (a deal is one step: the whole run comes in one
//                     update, so a table can animate the dealt hands as a whole; at Instant it
//                     is shown at once); null after anything else.
//   view.save_key     where the library keeps this game.
// The context:
//   ctx.play(action), ctx.goto(cursor), ctx.undo(), ctx.notify(text, actions, kind),
//   ctx.announce(text), ctx.seatName(i), ctx.shareUrl(fragment), ctx.t, ctx.h, ctx.lang,
//   ctx.embed, ctx.paused, ctx.heldByPause(view) (its next step waits for Resume), ctx.live (a live game, its friend connected), ctx.liveEnd (a live card table's end: the deal checked, then the record), ctx.speed ("instant" | "fast" | "normal"), ctx.speedMs (the pause
//   between automatic steps at this speed), ctx.settings.get/set (per game, kept in the browser),
//   ctx.gameCall(name, args) (the game's own Python calls; waits for the engine),
//   ctx.task(name, args) (long work in the AI Worker), ctx.engineReady (a Promise).
/** @type {Record<string, Promise<TableModule | null>>} */
const tableLoads = {};
/** @type {{game: string, host: HTMLElement, ctrl: TableController | null | undefined, mod: TableModule} | null} */
let mounted = null;      // the table currently on screen
/**
 * A game's table module (null: none, or it failed to load: the generic table stands in).
 * @param {string} game
 * @returns {Promise<TableModule | null>}
 */
export function loadTable(game) {
  // The module and its strings arrive together: a table is never drawn without its words.
  if (game in tableModules) return Promise.resolve(tableModules[game]);
  if (!tableLoads[game]) {
    tableLoads[game] = (async () => {
      /** @type {TableModule | null} */
      let mod = null;
      if ((BUILD.tables || []).includes(game)) {
        try {
          preloadTable(game);
          // (every table has its words: they are asked for with its modules, not after them)
          const asked = lang;
          const words = loadGameStrings(game);
          words.catch(() => {}); // (a failed import is what the page reports)
          mod = (await import(`./tables/${game}.js`)).default || null;
          if (mod && mod.strings) {
            await words;
            if (lang !== asked) await loadGameStrings(game); // the language changed meanwhile
          }
        } catch (e) {
          notify(t("notice.table_failed", { reason: /** @type {Error} */ (e).message }), [], "error");
          mod = null;
        }
      }
      tableModules[game] = mod;
      return mod;
    })();
  }
  return tableLoads[game];
}
// Everything a table needs before it draws is asked for at once: its modules and the style
// sheets they wait for (build.py, table_files), rather than each level of imports, and then the
// sheets, only once the modules before them have been read.
/** @param {string} game */
function preloadTable(game) {
  for (const rel of (BUILD.table_files || {})[game] || []) {
    const css = rel.endsWith(".css");
    document.head.append(h("link", { rel: css ? "preload" : "modulepreload", href: `./${rel}`, ...(css ? { as: "style" } : {}) }));
  }
}
// A new language: the whole table is drawn again in it (its own title, tools, settings and
// record too), from the engine's view in that language when the engine is up.
export async function redrawInLanguage() {
  // the engine's view in the new language first, so the table is never left half drawn
  // (a live card table has no session of its own: its view is the live table's)
  const asked = app.view && !app.view.provisional && engine.state === "ready";
  if (asked && app.view && app.view.live) {
    await (await import("./live/cards.js")).viewInLanguage().catch((e) => console.error(e));
  } else {
    const r = asked ? await call("view") : null;
    if (r && r.ok && r.view) setFromResult(r);
  }
  if (!app.view) return;
  unmountTable();
  headRefs = null;
  forgetTools();
  for (const part of $("table").querySelectorAll("[data-slot]")) part.replaceChildren();
  if (app.view.by_link) (await import("./live/table.js")).forgetLivePanel();
  $("announcer").textContent = ""; // the last thing said, in the old language
  render();
}
/** @returns {Promise<unknown> | null} */
export function tableHold() {
  // A mounted table may hold the automation (`ctrl.hold()`: a promise, or null to go on).
  const ctrl = mounted && app.view && mounted.game === app.view.game ? mounted.ctrl : null;
  return ctrl && ctrl.hold ? ctrl.hold() : null;
}
export function unmountTable() {
  if (!mounted) return;
  try { mounted.ctrl && mounted.ctrl.destroy && mounted.ctrl.destroy(); } catch (e) { console.error(e); }
  mounted.host.remove();
  mounted = null;
}
/** The full page's address of a game's fragment. @param {string | null | undefined} fragment */
export function shareUrl(fragment) {
  const link = new URL(location.href);
  link.search = ""; // a shared link opens the full page, whatever this one's options
  link.hash = fragment || "";
  return link.href;
}
// A game's own Python calls: pyengine.app.views.<game>.ui_call(session, name, args, lang).
// A result carrying a view replaces the game on the table. The caller says what it expects (R).
/**
 * @template R
 * @param {string} game @param {string} name @param {Record<string, unknown>} args
 * @returns {Promise<R>}
 */
async function gameCall(game, name, args) {
  await whenEngine(() => {});
  const r = await callOk("game", { game, name, args });
  if (r.view) {
    supersede();
    app.paused = false;
    app.handedTo = null;
    app.currentKey = r.view.save_key ?? null;
    setFromResult(r);
    history.pushState(null, "", `${location.pathname}${location.search}#${r.view.fragment}`);
    render();
    queue(runAuto);
  }
  return /** @type {R} */ (/** @type {unknown} */ (r));
}
/**
 * What a table module gets from the shell (the comment above lists it).
 * @param {string} game
 * @returns {TableContext}
 */
export function tableContext(game) {
  return {
    game,
    t, h,
    get lang() { return lang; },
    embed: EMBED,
    get paused() { return app.paused; },
    heldByPause,
    get live() { return atLiveTable(); },
    get liveEnd() { return app.view && app.view.live && app.liveEnd ? app.liveEnd() : null; },
    get speed() { return app.speed; },
    get speedMs() { return SPEEDS[app.speed] ?? 0; },
    engineReady,
    play: (/** @type {string} */ action) => playFromUi(action),
    goto, undo,
    playAgain: () => { if (app.view) playAgain(app.view); },
    pause: () => { if (!app.paused) pauseAuto(); },
    notify,
    seatName,
    shareUrl,
    announce,
    // A game's own Python calls: pyengine.app.views.<game>.ui_call(session, name, args, lang).
    // A result carrying a view replaces the game on the table.
    gameCall: (name, args = {}) => gameCall(game, name, args),
    // Long computations in the AI Worker: the game's tasks module (pyengine/catalog.py).
    // (the caller says what the task answers: R)
    task: (name, args = {}) => ai.task(`${game}.${name}`, args).then((r) => /** @type {never} */ (r)),
    settings: {
      get: (key, fallback) => { const v = storage.get(`pyengine:${game}:${key}`); return v === null ? fallback : v; },
      set: (/** @type {string} */ key, /** @type {unknown} */ value) => storage.set(`pyengine:${game}:${key}`, String(value)),
    },
  };
}
/** @param {string} value */
export function setSpeed(value) {
  if (!isSpeed(value)) return;
  app.speed = value;
  storage.set(SPEED_KEY, value);
  // a pause already under way keeps its length; the next one has the new speed
}

/** A seat's name (a player's, else "Seat n"; chance for -1). @param {number} i */
export function seatName(i) {
  if (i < 0) return t("table.chance_label");
  const s = app.view && app.view.seats[i];
  return s && s.name ? s.name : t("table.seat", { n: i + 1 });
}
/** Whether the view's next step (a bot's move or a chance step, at the end of the record) waits
 * for Resume. @param {{cursor: number, length: number, status: string}} view */
function heldByPause(view) {
  return app.paused && view.cursor === view.length && (view.status === "bot" || view.status === "chance");
}
function statusText() {
  if (!app.view) return "";
  if (app.view.provisional) {
    return engine.state === "failed" ? t("load.failed") : t("table.starting_engine", { n: /** @type {HTMLProgressElement} */ ($("loading-bar")).value });
  }
  if (app.view.status === "over") return t("table.over");
  if (app.view.cursor !== app.view.length) return t("table.replaying", { ply: app.view.cursor, length: app.view.length });
  if (heldByPause(app.view)) return t("table.paused");
  if (app.view.live && app.view.status === "waiting") {
    return app.view.to_move >= 0 ? t("live.waiting_seat", { seat: seatName(app.view.to_move) }) : t("live.dealing");
  }
  if (app.view.status === "waiting" && liveOpen()) return app.view.by_link && app.view.by_link.waiting === "secret" ? t("live.waiting_secret") : t("live.waiting_move");
  if (app.view.status === "waiting") return app.view.by_link && app.view.by_link.waiting === "secret" ? t("table.waiting_secret") : t("table.waiting_move");
  if (app.view.status === "chance") return tOr(`table.dealing_${app.view.game}`, t("table.dealing"));
  if (app.view.status === "bot") {
    return t("table.bot_thinking", { seat: seatName(app.view.to_move) });
  }
  return t("table.to_move", { seat: seatName(app.view.to_move) });
}
/** The status line and the tools row, after a change of the automation's state. */
export function renderStatus() {
  if (!app.view) return;
  $("table").dataset.thinking = app.thinking ? "true" : "false";
  if (headRefs) setText(headRefs.status, statusText());
  refreshTools();
}
function needsHandover() {
  // Hot seat: a hand is shown only to the seat that has taken the device, at its turn (Python
  // shows everyone else, the history and bots' turns the public view).
  if (!app.view || app.view.provisional || !app.view.hot_seat || app.view.status !== "human" || app.view.cursor !== app.view.length) return false;
  return app.handedTo !== app.view.to_move;
}

// The shell's parts of the table are built once and updated in place (render by key): the
// head (title, status, scores), the body (the table module's host, or the hand-over screen)
// and the tools row.  A control is never rebuilt while the user may be pressing it.
/** @type {{root: HTMLElement, title: HTMLElement, status: HTMLElement, scores: HTMLElement, controls: HTMLElement} | null} */
let headRefs = null;
/** @param {HTMLElement} root @param {string} name @returns {HTMLElement} */
function slot(root, name) {
  /** @type {HTMLElement | null} */
  let el = root.querySelector(`:scope > [data-slot="${name}"]`);
  if (!el) { el = h("div", { "data-slot": name }); root.append(el); }
  return el;
}
/** @param {HTMLElement} headSlot */
function ensureHead(headSlot) {
  if (headRefs && headRefs.root.parentNode === headSlot) return headRefs;
  const title = h("h1");
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const scores = h("ul", { class: "scores" });
  const controls = h("div", { class: "table-head-controls" });
  const root = h("div", { class: "table-head" }, h("div", { class: "table-head-line" }, title, status, scores), controls);
  headSlot.replaceChildren(root);
  headRefs = { root, title, status, scores, controls };
  return headRefs;
}
/** @param {View} view @param {NonNullable<typeof headRefs>} head */
function updateHead(view, head) {
  const humans = view.seats.filter((x) => x.kind === "human").length;
  setText(head.title, view.game_name);
  setAttr(head.scores, "aria-label", t("table.score"));
  const items = head.scores.children;
  while (items.length > view.seats.length) items[items.length - 1].remove();
  // once a seat is below where it began (chips in a pot, or lost), the figures are
  // gains and losses: signed, so "+92" beside "−100" cannot be read as 92 chips
  const signed = view.returns.some((r) => r < 0);
  const figure = (/** @type {number} */ r) => (r < 0 ? `\u2212${-r}` : signed && r > 0 ? `+${r}` : String(r));
  view.seats.forEach((s, i) => {
    let li = items[i];
    if (!li) { li = h("li", {}, h("span"), h("strong")); head.scores.append(li); }
    setAttr(li, "class", i === view.to_move ? "to-move" : null);
    setText(/** @type {Node} */ (li.firstChild), seatName(i) + (i === view.viewer && humans === 1 ? ` (${t("table.you")})` : ""));
    setText(/** @type {Node} */ (li.lastChild), figure(view.returns[i] ?? 0));
  });
  setText(head.status, statusText());
}
/** Draw the table from the view (in place: only what changed). */
export function render() {
  const view = app.view;
  if (!view) return;
  show("table");
  const root = $("table");
  for (const child of Array.from(root.children)) if (!(/** @type {HTMLElement} */ (child)).dataset.slot) child.remove();
  root.dataset.game = view.game;
  root.dataset.status = view.provisional ? "starting" : view.status;
  const pending = Boolean(view.provisional && view.pending_moves);
  if (pending) root.dataset.position = "pending"; // (style.css dims the table and shows the caption)
  else delete root.dataset.position;
  root.dataset.thinking = app.thinking ? "true" : "false";
  /** @type {TableModule | null | undefined} */
  const mod = FORCE_GENERIC ? GENERIC : tableModules[view.game];
  if (mod === undefined && (BUILD.tables || []).includes(view.game)) {
    // The table module is still loading: draw once it is here.
    loadTable(view.game).then(() => render());
  }
  const table = mod || (mod === null || !(BUILD.tables || []).includes(view.game) ? GENERIC : null);
  if (mounted && (mounted.game !== view.game || mounted.mod !== table)) unmountTable();
  const headSlot = slot(root, "head");
  const liveSlot = slot(root, "live");
  const bodySlot = slot(root, "body");
  bodySlot.dataset.caption = pending ? t("table.opening_position") : "";
  bodySlot.setAttribute("aria-busy", pending ? "true" : "false");
  bodySlot.inert = pending; // (no click, no key and no focus reaches a position that is not the link's)
  const toolsSlot = slot(root, "tools");
  // A game whose own table is still loading (table === null) shows nothing of the generic one
  // meanwhile (no flash of the shell's title and scores before the board).
  const showHead = table !== null && (!table.shellHead || table.shellHead(view, tableContext(view.game)));
  headSlot.hidden = !showHead;
  const head = ensureHead(headSlot);
  updateHead(view, head);
  const tools = ensureTools(toolsSlot);
  placeTools(tools, showHead ? head.controls : null);
  applyStrings();
  if (needsHandover()) {
    // Hot seat: nothing of the previous player's hand may stay in the page.
    unmountTable();
    const seat = seatName(view.to_move);
    bodySlot.replaceChildren(h("div", { class: "handover", role: "dialog", "aria-label": t("table.handover", { seat }) },
      h("p", { text: t("table.handover", { seat }) }),
      h("button", { type: "button", class: "primary", "data-tool": "handover", text: t("table.handover_ready", { seat }),
        onclick: async () => {
          if (!app.view) return;
          app.handedTo = app.view.to_move;
          const r = await call("view");
          if (r.ok) setFromResult(r);
          render();
          emit("changed", { state: publicState() });
        } })));
    toolsSlot.hidden = true;
    tools.play.hidden = true;
    renderStatus();
    return;
  }
  toolsSlot.hidden = false;
  tools.play.hidden = false;
  if (table) {
    if (!mounted) {
      const host = h("div", { class: "game-table", "data-game": view.game });
      bodySlot.replaceChildren(host);
      mounted = { game: view.game, host, ctrl: null, mod: table };
      try { mounted.ctrl = table.mount(host, tableContext(view.game)); } catch (e) { console.error(e); notify(t("notice.table_failed", { reason: /** @type {Error} */ (e).message }), [], "error"); }
    } else if (mounted.host.parentNode !== bodySlot) {
      bodySlot.replaceChildren(mounted.host);
    }
    try { mounted.ctrl && mounted.ctrl.update(view); } catch (e) { console.error(e); notify(t("notice.table_failed", { reason: /** @type {Error} */ (e).message }), [], "error"); }
    // a first frame is a table drawn before the engine is up, once its module is here to draw it
    if (view.provisional) drewFirstFrame("table");
  }
  updateTools(view, tools);
  renderStatus();
  drawLive(view, liveSlot);
  placeNotice();
}
// A game played by link may be live (web/live/table.js, loaded only then): its panel above the
// table, and its link sent to the friend when the friend lacks something in it.
/** @param {View} view @param {HTMLElement} liveSlot */
function drawLive(view, liveSlot) {
  if (view.live) { import("./live/cards.js").then((m) => m.drawCardsPanel(liveSlot)).catch((e) => console.error(e)); return; }
  if (!view.by_link || view.provisional || EMBED) { liveSlot.hidden = true; return; }
  import("./live/table.js").then((m) => { m.drawLivePanel(liveSlot); m.sendIfNeeded(); }).catch((e) => console.error(e));
}

// A place for the game, with the progress above it.
/** A place for the game (no table yet), with the progress above it. */
export function drawOpening() {
  unmountTable();
  app.view = null;
  show("table");
  const root = $("table");
  root.replaceChildren(h("p", { class: "opening muted", text: t("table.opening") }));
  forgetTools();
  headRefs = null;
  drewFirstFrame("opening");
}
