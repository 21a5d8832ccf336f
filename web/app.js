// The page shell's entry (index.html loads it): the language picker and the start page's
// controls are wired, the engine starts in its Worker, the words are loaded and the address is
// routed; once the engine is up, the service worker and the AI Worker start.  The shell holds
// no rules: every legal move, label and state comes from the engine through the one Python
// bridge (web/main.py) as JSON.
//
// Nothing waits for Python that need not: the start page, the game list, the set-up forms,
// the library and each table's first frame are drawn from what build.py wrote (the build info
// in index.html and start/<game>.<lang>.json) while the engine starts in the background; a
// move asked for before it is up is taken as soon as it is, with the progress shown in place.
//
// The shell's modules, one concern each:
//   page.js           build info, the address's options, storage, small helpers
//   i18n.js           the words (t, plural forms, Korean particles)
//   dom.js            building and updating elements, notices, the live region
//   state.js          the state several parts change, the one queue, the ready promise
//   engine-start.js   the engine's start, its progress bar and load errors
//   bridge.js         calls to the engine and their errors
//   chance.js         live chance (the browser's generator; a fixed one for tests)
//   auto-play.js      automatic plies: chance nodes and bots (the AI Worker)
//   library.js        the saved games (storage, import and export, the last view)
//   start-page.js     the start page: the game list and the library
//   new-game.js       the set-up form and starting a game
//   first-frames.js   tables drawn before the engine is up
//   routes.js         the address: resuming, opening links, restoring saved games
//   table.js          mounting a table module, its context, the shell's head and hand-over
//   generic-table.js  the plain text table (every game; ?table=generic)
//   table-tools.js    the tools row (share, undo, speed, pause, home) and replay moves
//   api.js            window.pyengineApp and the embedding messages
import { installApi } from "./api.js";
import { drawProgress, engine, startEngine } from "./engine-start.js";
import { redrawFrame } from "./first-frames.js";
import { applyStrings, lang, loadStrings, markLanguage, wordsLoaded } from "./i18n.js";
import { exportLibrary, importLibrary, readDroppedFile } from "./library.js";
import { $, BUILD, EMBED, LANG_KEY, params, storage } from "./page.js";
import { route } from "./routes.js";
import { formChoices, reopenSetup } from "./new-game.js";
import { showStart } from "./start-page.js";
import { ai, app, emit, publicState, queue, readyResolve } from "./state.js";
import { redrawInLanguage } from "./table.js";

installApi(); // (before anything awaits: a test or an embedding page may call it at once)

async function boot() {
  const picker = /** @type {HTMLSelectElement} */ ($("lang-picker"));
  picker.addEventListener("change", async () => {
    storage.set(LANG_KEY, picker.value);
    await loadStrings(picker.value);
    applyStrings();
    drawProgress();
    if (app.view) {
      await redrawFrame(); // (a first frame: its start view in the new language)
      await redrawInLanguage();
    }
    else if (!$("start").hidden) {
      const open = formChoices(); // (a set-up form left open comes back in the new language, as it was)
      showStart();
      if (open) await reopenSetup(open.game, open.chosen);
    }
    // a live table before its game: the host's lobby, or a friend's invitation and reply
    else if ($("table").querySelector(".live-lobby")) (await import("./live/cards-panel.js")).drawLobby();
    else if ($("table").querySelector(".live-panel")) (await import("./live/table.js")).redrawJoinPanel();
    markLanguage();
  });
  // The engine starts in its Worker first thing, while the page loads its words and draws (the
  // main thread stays free for them).
  const starting = startEngine();
  $("load-retry").addEventListener("click", () => location.reload());
  $("library-export").addEventListener("click", exportLibrary);
  const file = /** @type {HTMLInputElement} */ ($("library-file"));
  $("library-import").addEventListener("click", () => file.click());
  // a games file or a record dropped on the start page, or a record pasted there, opens as from the button
  $("start").addEventListener("dragover", (e) => { if (e.dataTransfer && [...e.dataTransfer.types].includes("Files")) e.preventDefault(); });
  $("start").addEventListener("drop", readDroppedFile);
  document.addEventListener("paste", (e) => {
    if ($("start").hidden || (e.target instanceof Element && e.target.closest("input, textarea, select, [contenteditable]"))) return;
    const text = e.clipboardData && e.clipboardData.getData("text/plain");
    if (text && text.trim()) { e.preventDefault(); importLibrary(text); }
  });
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    file.value = "";
    if (chosen) await importLibrary(await chosen.text());
  });
  try {
    await loadStrings(lang);
  } catch {
    await loadStrings("en").catch(() => {});
  }
  wordsLoaded();
  applyStrings();
  markLanguage();
  drawProgress();
  // What can be drawn without Python is drawn at once (the engine's downloads are already under
  // way: index.html preloads them).
  queue(route);
  await starting;
  if (engine.state !== "ready") return;
  await app.busy;
  // a route that came to nothing leaves the opening line on the table: the start page replaces it
  // (a live table's panel, an invitation answered before the engine was up, stays)
  if (!app.view && $("start").hidden && $("table").querySelector(":scope > .opening")) showStart();
  readyResolve();
  emit("ready", { state: publicState() });
  linkManifest();
  if ("serviceWorker" in navigator && location.protocol.startsWith("http") && !params.has("nosw")) {
    setTimeout(() => navigator.serviceWorker.register("./sw.js").catch(() => {}), 0);
  }
  // The AI Worker makes the memory snapshot the next visit starts from (pyodide-boot.mjs): on a
  // visit that has none it starts as soon as the page is up. Otherwise it starts when a game
  // needs it and its start slows no reply (auto-play.js, startAiWhenFree: at the person's first
  // turn, where bots play; until then the engine's Worker thinks for them), at a hint or an
  // analysis, or as a set-up form opens (new-game.js): a page that does none of these never
  // starts a second interpreter. An embed (a
  // wiki page may hold several) leaves the snapshot to the app's own pages.
  if (window.Worker && !EMBED) setTimeout(makeSnapshotIfNone, WORKER_DELAY_MS);
}

/**
 * Name the web app manifest (what a browser installs the app from) once the engine is up. In the
 * head from the first byte, it had Chromium check the app's installability and animate its install
 * icon while the engine started: about 0.5 s of the browser's UI frames and 0.3 s of its main
 * thread's CPU, which a 2-core machine took from the start.
 */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "./manifest.webmanifest";
  document.head.append(link);
}

const WORKER_DELAY_MS = 100; // the table's first frame is drawn first

/** Start the AI Worker when there is no memory snapshot for the next visit to start from. */
async function makeSnapshotIfNone() {
  const wheel = BUILD.wheel || "";
  try {
    const { hasSnapshot } = await import("./pyodide-boot.mjs");
    if (await hasSnapshot(wheel)) return; // (a game starts the Worker when it needs it, from the snapshot)
    // One maker at a time: a wiki page with several embedded games starts one Worker for it.
    if (!navigator.locks) return void ai.start();
    await navigator.locks.request("pyengine-snapshot", { ifAvailable: true }, async (lock) => {
      if (lock && !(await hasSnapshot(wheel))) await ai.start(); // the Worker is ready once it has saved it
    });
  } catch {
    // no snapshot: the next visit starts the ordinary way
  }
}
boot();
