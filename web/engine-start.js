// The engine's start: its Worker (pyodide-boot.mjs) is started first thing, the progress bar
// follows its steps and the runtime's bytes, and a failure is told in the user's language.
import { setText } from "./dom.js";
import { english, t, wordsReady } from "./i18n.js";
import { migrateOldSave } from "./library.js";
import { $, BUILD, mark, sleep } from "./page.js";
import { app, readyReject } from "./state.js";
import { renderStatus } from "./table.js";

const LOAD_TIMEOUT_MS = 90000;
// How often the bar is drawn: each drawing is a frame (style, layout, paint, the compositor and
// the GPU process, about 8 ms of CPU), and the start competes for the CPU with the interpreter's
// compilation; three times a second still reads as moving.
const PROGRESS_MS = 300;
// Steps, each with its share of the bar: the runtime's bytes (measured), the interpreter
// starting in the engine's Worker (the bar creeps: it has no measure inside), the rules being
// imported, the page's bridge. The Worker tells the page each step as it begins.
/** @typedef {"download" | "runtime" | "engine" | "bridge" | "ready"} Step */
/** @type {Record<Step, [number, number]>} */
const STEPS = { download: [0, 60], runtime: [60, 85], engine: [85, 96], bridge: [96, 99], ready: [100, 100] };
/**
 * The engine's start: its state, its step, and its call once it is up.
 * @type {{state: "loading" | "ready" | "failed", step: Step, call: ((method: string, args: string) => Promise<string>) | null,
 *   error: unknown, bytes: number, counting: boolean}}
 */
export const engine = { state: "loading", step: "download", call: null, error: null, bytes: 0, counting: false };
// the runtime files the engine's Worker fetches (its modules are imported, not counted; the wheel comes with the rules)
const DOWNLOAD_BYTES = Object.entries(BUILD.runtime || {}).filter(([p]) => /\.(wasm|zip|json)$/.test(p)).reduce((a, [, n]) => a + n, 0) || 1;
/** @type {() => void} */
let engineResolve = () => {};
/** @type {(reason: unknown) => void} */
let engineReject = () => {};
/** @type {Promise<void>} */
export const engineReady = new Promise((res, rej) => { engineResolve = res; engineReject = rej; });
engineReady.catch(() => {});
/** @type {ReturnType<typeof setInterval> | undefined} */
let progressTimer;
let stepStarted = 0;

/** @param {Step} step */
function setStep(step) {
  engine.step = step;
  stepStarted = performance.now();
  $("loading").dataset.step = step;
  drawProgress();
}
export function drawProgress() {
  if (engine.state !== "loading" || !Object.keys(english).length) return; // (words first: boot draws it then)
  const [lo, hi] = STEPS[engine.step];
  let value = lo;
  if (engine.step === "download") {
    if (engine.bytes >= DOWNLOAD_BYTES) return setStep("runtime");
    value = lo + (hi - lo) * Math.min(engine.bytes / DOWNLOAD_BYTES, 1);
  } else if (hi > lo) {
    // no measure inside these steps: approach the step's end, never reach it
    const s = (performance.now() - stepStarted) / 1000;
    value = lo + (hi - lo) * (1 - Math.exp(-s / 1.5));
  }
  const bar = /** @type {HTMLProgressElement} */ ($("loading-bar"));
  bar.value = Math.max(Number(bar.value), Math.round(value));
  // the step's heading, kept as the element's key: applyStrings (the page's drawings run it on the
  // whole document) then writes the step's heading too, not the page's general one
  const heading = $("loading-text");
  heading.dataset.i18n = `load.step_${engine.step}`;
  setText(heading, t(heading.dataset.i18n));
  setText($("loading-detail"), engine.step === "download"
    ? t("load.bytes", { done: (Math.min(engine.bytes, DOWNLOAD_BYTES) / 1e6).toFixed(1), total: (DOWNLOAD_BYTES / 1e6).toFixed(1) })
    : t("load.percent", { n: bar.value }));
  if (app.view && app.view.provisional) renderStatus();
}
// Count the runtime's bytes as they arrive (first visits only: later ones come from the
// service worker at once). The engine's Worker downloads them and tells the count (its
// messages: engine-early.js); the page fetches nothing of the runtime itself.
function countDownloads() {
  const hand = window.pyengineEarly;
  if (!hand) return () => {};
  /** @param {number} bytes */
  const take = (bytes) => {
    engine.bytes = bytes;
    // the last byte is in: the interpreter starts now
    if (engine.step === "download" && engine.bytes >= DOWNLOAD_BYTES) setStep("runtime");
  };
  hand.onBytes = take;
  take(Number(hand.bytes) || 0);
  return () => { hand.onBytes = null; };
}
// The engine's module, and its snapshot being read, from the first moment (PyScript, and with it
// the interpreter, starts once the first frame is drawn: pyodide-boot.mjs is its interpreter).
const bootModule = import("./pyodide-boot.mjs");
bootModule.catch(() => {});
export async function startEngine() {
  setStep("download");
  progressTimer = setInterval(drawProgress, PROGRESS_MS);
  engine.counting = Boolean(window.pyengineEarly) && !(navigator.serviceWorker && navigator.serviceWorker.controller);
  const uncount = engine.counting ? countDownloads() : () => {};
  const timeout = sleep(LOAD_TIMEOUT_MS).then(() => { throw Object.assign(new Error(t("load.timeout")), { step: "timeout" }); });
  try {
    const boot = await bootModule;
    const call = await Promise.race([timeout, boot.startEngine({
      pyscript: BUILD.pyscript,
      // "runtime" comes before the downloads: while they are counted, the bytes move the bar on
      // (unless PyScript made a Worker of its own: the early one, which counts, is then ended)
      onStep: (step) => {
        if (step !== "runtime" || !engine.counting || globalThis.pyengineBoot?.early === false) setStep(/** @type {Step} */ (step));
      },
    })]);
    engine.call = call;
    engine.state = "ready";
    await migrateOldSave();
    setStep("ready");
    mark("engine-ready");
    engineResolve();
  } catch (e) {
    engine.state = "failed";
    engine.error = e;
    await wordsReady; // (the engine starts before the page's words are loaded)
    showLoadError(e);
    engineReject(e);
  } finally {
    uncount();
    clearInterval(progressTimer);
    $("loading").hidden = true;
    $("loading").setAttribute("aria-busy", "false");
  }
}
/** @param {any} e what the start threw (a BootError says its step) */
function loadErrorSentence(e) {
  const text = String((e && e.message) || e);
  if (e && e.step === "timeout") return t("load.timeout");
  if (typeof WebAssembly === "undefined") return t("load.no_wasm");
  if ((e && e.step === "download") || /404|fetch|network|load failed|HTTP \d/i.test(text)) return t("load.download_failed");
  if (e && e.step === "runtime") return t("load.runtime_failed");
  return t("load.engine_failed");
}
/** @param {any} e */
function showLoadError(e) {
  $("load-error-text").textContent = loadErrorSentence(e);
  $("load-error-trace").textContent = String((e && (e.stack || e.message)) || e);
  $("load-error").hidden = false;
  if (app.view && app.view.provisional) renderStatus();
  readyReject(e);
}
// Run fn once the engine is up (at once when it is).
/** @template T @param {() => T} fn @returns {Promise<T>} */
export async function whenEngine(fn) {
  if (engine.state !== "ready") await engineReady;
  return fn();
}
