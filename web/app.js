// The page shell: language, the engine's start, routing, the start page and the library of
// saved games, the generic table, share links, embedding and the automation API.  It holds
// no rules: every legal move, label and state comes from the engine through the one Python
// bridge (web/main.py) as JSON.
//
// Nothing waits for Python that need not: the start page, the game list, the set-up forms,
// the library and each table's first frame are drawn from what build.py wrote (the build info
// in index.html and start/<game>.<lang>.json) while the engine starts in the background; a
// move asked for before it is up is taken as soon as it is, with the progress shown in place.
import { AiClient } from "./ai.js";

const BUILD = window.PYENGINE_BUILD || { version: "dev", boot_bytes: 0, games: { en: [] }, setup: {}, start: {}, runtime: {} };
const LANGS = ["en", "ko", "ja"];
const OLD_SAVE_KEY = "pyengine:save"; // the single save slot of earlier versions (migrated)
const LIB_INDEX = "pyengine:games"; // {key: entry}: what the start page lists
const LIB_PREFIX = "pyengine:game:"; // + key: the saved game (Session.save_json)
const LAST_VIEW = "pyengine:lastview"; // the table last on screen, drawn at once on the next visit
const LANG_KEY = "pyengine:lang";
const SPEED_KEY = "pyengine:speed";
const SPEEDS = { instant: 0, fast: 180, normal: 700 }; // pause between automatic steps (ms)
const CHANCE_RUN = 128; // chance nodes one "auto" call may resolve (a deal), 4 fresh words each
const LOAD_TIMEOUT_MS = 90000;
const LIBRARY_FORMAT = "pyengine-library";
const params = new URLSearchParams(location.search);
const EMBED = params.get("embed") === "1";
const FORCE_GENERIC = params.get("table") === "generic"; // the plain text table, for every game
const $ = (id) => document.getElementById(id);
const mark = (name) => { try { performance.mark(`pyengine:${name}`); } catch (e) { /* old browser */ } };

// ---------------------------------------------------------------- storage
function safeStorage(op, key, value) {
  try {
    if (op === "get") return localStorage.getItem(key);
    if (op === "set") { localStorage.setItem(key, value); return true; }
    if (op === "del") return localStorage.removeItem(key);
    if (op === "keys") return Object.keys(localStorage);
  } catch (e) {
    return op === "keys" ? [] : null; // storage blocked (private mode, sandboxed iframe) or full
  }
  return null;
}

// ---------------------------------------------------------------- strings
let lang = pickLanguage();
let strings = {};
let english = {}; // the fallback for a string a translation lacks
let wordsLoaded;
const wordsReady = new Promise((r) => { wordsLoaded = r; }); // the page's first words are in
let gameStrings = {}; // game id → that table's strings (web/i18n/<game>.<lang>.json)
function pickLanguage() {
  const stored = safeStorage("get", LANG_KEY);
  if (stored && LANGS.includes(stored)) return stored;
  const query = params.get("lang");
  if (query && LANGS.includes(query)) return query;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}
async function fetchJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} (${res.status})`);
  return res.json();
}
async function loadStrings(code) {
  const [main, en] = await Promise.all([fetchJson(`./i18n/${code}.json`),
    code === "en" ? null : fetchJson("./i18n/en.json").catch(() => ({}))]);
  strings = main;
  english = en || main;
  lang = code;
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  gameStrings = {};
  await Promise.all(Object.entries(tableModules).filter(([, mod]) => mod && mod.strings).map(([game]) => loadGameStrings(game)));
}
async function loadGameStrings(game) {
  const res = await fetch(`./i18n/${game}.${lang}.json`).catch(() => null);
  gameStrings[game] = res && res.ok ? await res.json() : {};
}
function lookup(key) {
  if (key in strings) return strings[key];
  for (const g of Object.values(gameStrings)) if (key in g) return g[key];
  return english[key];
}
// A string's words: {name} is a value; {n|one|other} the form the count n takes in the language
// ("{n} {n|card|cards}"); in Korean a particle written with both forms (이(가), 을(를), 은(는),
// 와(과), (으)로) takes the one the word before it calls for.
let plurals = new Intl.PluralRules("en");
function t(key, vars = {}) {
  const s = lookup(key) ?? key;
  const out = s
    .replace(/\{(\w+)\|([^{}|]*)\|([^{}|]*)\}/g, (_, k, one, other) => (plurals.select(Number(vars[k])) === "one" ? one : other))
    .replace(/\{(\w+)\}/g, (_, k) => (k in vars && vars[k] !== null && vars[k] !== undefined ? String(vars[k]) : "…"));
  return lang === "ko" ? koreanParticles(out) : out;
}
// Whether a Korean reading of the character ends in a consonant (a final 받침): a syllable by its
// code, a digit by how it is read (영, 일, 삼, 육, 칠, 팔); null for anything else (a Latin name
// may be read either way: both forms stay).
function endsInConsonant(ch) {
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 !== 0;
  if (/[0-9]/.test(ch)) return "013678".includes(ch);
  return null;
}
const PARTICLES = { "이(가)": ["이", "가"], "을(를)": ["을", "를"], "은(는)": ["은", "는"], "와(과)": ["과", "와"], "과(와)": ["과", "와"], "(으)로": ["으로", "로"] };
function koreanParticles(text) {
  return text.replace(/([가-힣0-9])([’”'"」』)\]]*)(이\(가\)|을\(를\)|은\(는\)|와\(과\)|과\(와\)|\(으\)로)/g, (all, ch, close, p) => {
    const batchim = endsInConsonant(ch);
    if (batchim === null) return all;
    const [after, plain] = PARTICLES[p];
    // (으)로: a word ending in ㄹ takes 로 as if it had no final consonant
    const rieul = p === "(으)로" && ((ch.charCodeAt(0) - 0xac00) % 28 === 8 || "178".includes(ch));
    return ch + close + (batchim && !rieul ? after : plain);
  });
}
function tOr(key, fallback, vars) { return lookup(key) === undefined ? fallback : t(key, vars); }
function applyStrings(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  document.title = view && view.game_name ? `${view.game_name} — ${t("app.title")}` : `${t("app.title")} — Cetkaik · Daifugō · Chabashi`;
  $("lang-picker").value = lang;
}
function gamesInfo() { return (BUILD.games && (BUILD.games[lang] || BUILD.games.en)) || []; }
function gameInfo(id) { return gamesInfo().find((g) => g.id === id) || null; }
function gameName(id) { const g = gameInfo(id); return g ? g.name : id; }

// ---------------------------------------------------------------- DOM helpers
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}
// Update an element in place (only what changed), so a control the user is pressing is never rebuilt.
function setText(el, text) { if (el.textContent !== text) el.textContent = text; }
function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) { if (el.hasAttribute(name)) el.removeAttribute(name); }
  else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, String(value));
}
function show(section) {
  for (const id of ["start", "table"]) $(id).hidden = id !== section;
}
const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r()));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- notices
// notify(message, actions, kind, details): details (an engine's English message, a trace)
// go behind a "Details" toggle.
function notify(message, actions = [], kind = "info", details = null) {
  const box = $("notice");
  box.replaceChildren(h("span", { class: "notice-text", text: message }));
  for (const [label, fn] of actions) box.append(h("button", { type: "button", onclick: fn, text: label }));
  box.append(h("button", { type: "button", class: "dismiss", "aria-label": t("notice.dismiss"), text: "×",
    onclick: () => { box.hidden = true; } }));
  if (details && details !== message) {
    box.append(h("details", { class: "notice-details" }, h("summary", { text: t("load.details") }), h("p", { text: details })));
  }
  box.dataset.kind = kind;
  box.hidden = false;
}
function clearNotice() { $("notice").hidden = true; }

// ---------------------------------------------------------------- the engine's start
// Steps, each with its share of the bar: the runtime's bytes (measured), the interpreter
// starting in the engine's Worker (the bar creeps: it has no measure inside), the rules being
// imported, the page's bridge. The Worker tells the page each step as it begins.
const STEPS = { download: [0, 60], runtime: [60, 85], engine: [85, 96], bridge: [96, 99], ready: [100, 100] };
const engine = { state: "loading", step: "download", call: null, error: null, bytes: 0, counting: false };
// the runtime files the engine's Worker fetches (its modules are imported, not counted; the wheel comes with the rules)
const DOWNLOAD_BYTES = Object.entries(BUILD.runtime || {}).filter(([p]) => /\.(wasm|zip|json)$/.test(p)).reduce((a, [, n]) => a + n, 0) || 1;
let engineResolve, engineReject;
const engineReady = new Promise((res, rej) => { engineResolve = res; engineReject = rej; });
engineReady.catch(() => {});
let progressTimer = 0;
let stepStarted = 0;

function setStep(step) {
  engine.step = step;
  stepStarted = performance.now();
  $("loading").dataset.step = step;
  drawProgress();
}
function drawProgress() {
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
  const bar = $("loading-bar");
  bar.value = Math.max(Number(bar.value), Math.round(value));
  setText($("loading-text"), t(`load.step_${engine.step}`));
  setText($("loading-detail"), engine.step === "download"
    ? t("load.bytes", { done: (Math.min(engine.bytes, DOWNLOAD_BYTES) / 1e6).toFixed(1), total: (DOWNLOAD_BYTES / 1e6).toFixed(1) })
    : t("load.percent", { n: bar.value }));
  if (view && view.provisional) renderStatus();
}
// Count the runtime's bytes as they arrive (first visits only: later ones come from the
// service worker at once). The engine's Worker downloads them; the page reads the same files
// (index.html preloads them), so the Worker's requests are answered from the browser's cache as
// the bytes come in, and the bar follows them.
function countDownloads() {
  let stopped = false;
  for (const rel of Object.keys(BUILD.runtime || {}).filter((p) => /\.(wasm|zip|json|whl)$|pyodide\.asm\.mjs$/.test(p))) {
    const counted = /\.(wasm|zip|json)$/.test(rel); // (the others are read only to take up their preload)
    fetch(new URL(rel, location.href)).then(async (res) => {
      if (!res.ok || !res.body) return;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) return void (stopped && reader.cancel().catch(() => {}));
        if (!counted) continue;
        engine.bytes += value.byteLength;
        // the last byte is in: the interpreter starts now
        if (engine.step === "download" && engine.bytes >= DOWNLOAD_BYTES) setStep("runtime");
      }
    }).catch(() => {});
  }
  return () => { stopped = true; };
}
// The engine's module, and its snapshot being read, from the first moment (PyScript, and with it
// the interpreter, starts once the first frame is drawn: pyodide-boot.mjs is its interpreter).
const bootModule = import("./pyodide-boot.mjs");
bootModule.catch(() => {});
async function startEngine() {
  setStep("download");
  progressTimer = setInterval(drawProgress, 150);
  engine.counting = !(navigator.serviceWorker && navigator.serviceWorker.controller);
  const uncount = engine.counting ? countDownloads() : () => {};
  const timeout = sleep(LOAD_TIMEOUT_MS).then(() => { throw Object.assign(new Error(t("load.timeout")), { step: "timeout" }); });
  try {
    const boot = await bootModule;
    const call = await Promise.race([timeout, boot.startEngine({
      pyscript: BUILD.pyscript,
      // "runtime" comes before the downloads: while they are counted, the bytes move the bar on
      onStep: (step) => { if (step !== "runtime" || !engine.counting) setStep(step); },
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
function loadErrorSentence(e) {
  const text = String((e && e.message) || e);
  if (e && e.step === "timeout") return t("load.timeout");
  if (typeof WebAssembly === "undefined") return t("load.no_wasm");
  if ((e && e.step === "download") || /404|fetch|network|load failed|HTTP \d/i.test(text)) return t("load.download_failed");
  if (e && e.step === "runtime") return t("load.runtime_failed");
  return t("load.engine_failed");
}
function showLoadError(e) {
  $("load-error-text").textContent = loadErrorSentence(e);
  $("load-error-trace").textContent = String((e && (e.stack || e.message)) || e);
  $("load-error").hidden = false;
  if (view && view.provisional) renderStatus();
  readyReject(e);
}
// Run fn once the engine is up (at once when it is).
async function whenEngine(fn) {
  if (engine.state !== "ready") await engineReady;
  return fn();
}

// ---------------------------------------------------------------- bridge
// The engine runs in its own Worker (pyodide-boot.mjs): a call is a message there and back, so
// the page never waits on Python. Calls are answered in the order they are made.
let lastCall = 0; // the number of the call made last: its answer is the engine's state now
let inFlight = 0;  // calls not answered yet
let whenAnswered = [];
async function call(method, args = {}) {
  if (!engine.call) throw new Error("the game engine has not started yet");
  const number = ++lastCall;
  inFlight++;
  try {
    // handed: the seat that has taken the device at a hot seat (Python decides what it may see)
    const r = JSON.parse(await engine.call(method, JSON.stringify({ lang, handed: handedTo, ...args })));
    Object.defineProperty(r, "callNo", { value: number, enumerable: true });
    return r;
  } finally {
    if (--inFlight === 0) { for (const wake of whenAnswered.splice(0)) wake(); }
  }
}
// Resolves once the page has caught up: every engine call made so far answered and the queue of
// navigations and automatic plies drained (a click or a new address is handled in a task of its own).
async function settled() {
  for (;;) {
    await sleep(0);
    const queued = busy;
    await queued;
    if (inFlight) await new Promise((wake) => whenAnswered.push(wake));
    else if (busy === queued) return publicState();
  }
}
class EngineError extends Error {
  constructor(result) {
    super(result.error);
    this.kind = result.kind;
    this.code = result.code || null;
    this.params = result.params || {};
  }
}
async function callOk(method, args) {
  const r = await call(method, args);
  if (!r.ok) throw new EngineError(r);
  return r;
}
// The engine's own (English) message, as details behind a toggle when the page speaks another language.
function englishDetails(r) { return lang === "en" && r.code ? null : r.error_en ?? r.error; }
// A link or saved-game error in the user's language (from its code); other errors as they come.
function errorReason(err) {
  if (err.code) {
    const key = `link.${err.code}`;
    if (lookup(key) !== undefined) return t(key, { ...err.params, game: err.params.game ?? "", ply: err.params.ply ?? "" });
  }
  return err.error || err.message;
}

// ---------------------------------------------------------------- live chance
// Every cast, contest, shuffle and deal is drawn from the browser's cryptographic generator
// when it happens (Python gets the fresh words); nothing stored or shared predicts it.
// Browser tests may fix the generator with pyengineApp.testing.fixChance(seed): no link or
// saved game can.
class TestWords { // splitmix32: for tests only
  constructor(seed) { this.x = seed >>> 0; }
  peek(n) {
    const out = [];
    let x = this.x;
    for (let i = 0; i < n; i++) {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad) >>> 0;
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97) >>> 0;
      out.push((z ^ (z >>> 15)) >>> 0);
    }
    return out;
  }
  advance(n) { this.x = (this.x + Math.imul(0x9e3779b9, n)) >>> 0; }
}
let testChance = null;
// A browser test may also fix it from the page's first script: an init script that sets
// window.pyengineApp = {testing: {chanceSeed: N}} before the app loads.
const presetTesting = window.pyengineApp && window.pyengineApp.testing;
if (presetTesting && Number.isInteger(presetTesting.chanceSeed)) testChance = new TestWords(presetTesting.chanceSeed);
// Fresh words for up to `nodes` chance nodes; `used(n)` says how many nodes took theirs.
function entropy(nodes = 1) {
  if (testChance) return { words: testChance.peek(4 * nodes), used: (n) => testChance.advance(4 * n) };
  return { words: Array.from(crypto.getRandomValues(new Uint32Array(4 * nodes))), used: () => {} };
}
async function autoCall(args, nodes) {
  const e = entropy(nodes);
  const r = await call("auto", { ...args, entropy: e.words });
  e.used(r.ok && args.chance_run ? r.resolved.length : 0); // a bot's move takes no chance words
  return r;
}

// ---------------------------------------------------------------- app state
let view = null;       // the table's view model (provisional: drawn before the engine is up), or null
let autoState = null;  // the automation state
let lastFragment = null;
let currentKey = null; // the library key of the game on the table
let handedTo = null;   // hot seat: the seat the device was last handed to
let busy = Promise.resolve();
let speed = SPEEDS[params.get("speed")] !== undefined ? params.get("speed")
  : (SPEEDS[safeStorage("get", SPEED_KEY)] !== undefined ? safeStorage("get", SPEED_KEY) : "fast");
let autoGen = 0;      // bumped whenever the position changes under the automation loop
let paused = false;   // automatic plies stopped by the user (watching bots, or a long think)
let thinking = false; // a bot's decision is on its way from the Worker
let pending = null;   // a game started from its first frame: {args, done} (done: a Promise)
let navGen = 0;       // bumped by every choice of the user's (a game started, continued, a link followed)
const ai = new AiClient(BUILD.wheel || "");
let aiFallbackNoted = false;
const tableModules = {}; // game id → its rich table module (web/tables/<game>.js), or null
let mounted = null;      // {game, ctrl, host, generic}: the table currently on screen
const START_STATE = { game: null, rules: null, record: null, to_move: null, viewer: null, observation: null, status: "start", ply: 0, length: 0 };

function setFromResult(r) {
  view = r.view;
  autoState = r.state;
  if (!view) return;
  view.dealt_now = r.chanceRun && Array.isArray(r.resolved) ? r.resolved : null;
  lastFragment = view.fragment;
  history.replaceState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
  if (!EMBED) saveToLibrary();
}
function emit(type, extra = {}) {
  if (window.parent !== window) window.parent.postMessage({ type: `pyengine:${type}`, ...extra }, "*");
  window.dispatchEvent(new CustomEvent(`pyengine:${type}`, { detail: extra }));
}
// The page's one queue of navigations and automatic plies: a failed step never blocks the next.
function queue(fn) {
  busy = busy.then(fn).catch((e) => { console.error(e); });
  return busy;
}
function hasBots() { return Boolean(view && view.seats.some((s) => s.kind.startsWith("bot:"))); }
// supersede(): the automation under way stops (a navigation, a pause, a move of the person's...);
// a bot's decision still being thought about in the Worker is not waited for (`superseded`).
let wakeSuperseded = () => {};
let superseded = new Promise((r) => { wakeSuperseded = r; });
function supersede() {
  autoGen++;
  thinking = false;
  wakeSuperseded();
  superseded = new Promise((r) => { wakeSuperseded = r; });
}

// ---------------------------------------------------------------- the library of saved games
// Every game played here is kept under its own key (LIB_PREFIX + its id, Session.save_key),
// listed from an index (LIB_INDEX) that the start page reads without Python.  Starting a game
// or opening a link never overwrites another game; an entry that does not open is dropped
// with a message and touches no other.
let storageFullNoted = false;
function libIndex() {
  let index = {};
  try {
    const parsed = JSON.parse(safeStorage("get", LIB_INDEX) || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) index = parsed;
  } catch (e) {
    index = {}; // a damaged index is rebuilt from the entries
  }
  for (const k of safeStorage("keys") || []) {
    if (!k.startsWith(LIB_PREFIX)) continue;
    const key = k.slice(LIB_PREFIX.length);
    if (!index[key] || typeof index[key] !== "object") index[key] = { key, game: null, updated: 0 };
  }
  for (const key of Object.keys(index)) if (safeStorage("get", LIB_PREFIX + key) === null) delete index[key];
  return index;
}
function libWriteIndex(index) { safeStorage("set", LIB_INDEX, JSON.stringify(index)); }
function libEntries() {
  return Object.values(libIndex()).sort((a, b) => (b.updated || 0) - (a.updated || 0));
}
function libPut(key, save, entry) {
  const index = libIndex();
  const now = Date.now();
  const old = index[key] || {};
  index[key] = { ...entry, key, created: old.created || entry.created || now, updated: entry.updated || now };
  const ok = safeStorage("set", LIB_PREFIX + key, save) && safeStorage("set", LIB_INDEX, JSON.stringify(index));
  if (!ok && !storageFullNoted && safeStorage("keys").length) {
    storageFullNoted = true;
    notify(t("library.full"), [], "error");
  }
}
function libDelete(key) {
  const index = libIndex();
  const entry = index[key];
  const save = safeStorage("get", LIB_PREFIX + key);
  delete index[key];
  safeStorage("del", LIB_PREFIX + key);
  libWriteIndex(index);
  const last = readLastView();
  if (last && last.key === key) safeStorage("del", LAST_VIEW);
  return { entry, save };
}
// What the start page lists about a game, in no language (drawn in the reader's): a finished
// game is listed as finished with its result even when its replay was left at an earlier position.
function entryFromView(v) {
  const over = Array.isArray(v.final_returns);
  return { game: v.game, seats: v.seats.map((s) => s.kind), names: v.seats.map((s) => s.name || ""), ply: v.cursor,
    length: v.length, status: over ? "over" : v.status, to_move: v.to_move, returns: over ? v.final_returns : v.returns,
    preset: v.preset || null };
}
function saveToLibrary() {
  if (!view || view.provisional || !currentKey) return;
  // asked now, so answered before any later call changes the game (the Worker answers in order)
  const key = currentKey;
  const entry = entryFromView(view);
  call("save").then((s) => {
    if (!s.ok) return;
    libPut(key, s.save, entry);
    if (key === currentKey) keepLastView();
  }, (e) => console.error(e));
}
let lastViewTimer = 0;
function keepLastView() {
  clearTimeout(lastViewTimer);
  lastViewTimer = setTimeout(writeLastView, 400);
}
function writeLastView() {
  clearTimeout(lastViewTimer);
  if (EMBED || !view || view.provisional || !currentKey) return;
  // a hot seat's view may show a hand: never keep it
  if (view.hot_seat) { safeStorage("del", LAST_VIEW); return; }
  safeStorage("set", LAST_VIEW, JSON.stringify({ key: currentKey, fragment: view.fragment, view }));
}
function readLastView() {
  try {
    const v = JSON.parse(safeStorage("get", LAST_VIEW) || "null");
    return v && typeof v.key === "string" && v.view && typeof v.view === "object" ? v : null;
  } catch (e) {
    return null;
  }
}
addEventListener("pagehide", writeLastView);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") writeLastView(); });
// A key for a game the library already holds in another form (an older link of it).
function freshCopyKey(key) {
  const index = libIndex();
  let n = 2;
  while (index[`${key}~${n}`]) n++;
  return `${key}~${n}`;
}
// Earlier versions kept one game under OLD_SAVE_KEY: it joins the library.
async function migrateOldSave() {
  const old = EMBED ? null : safeStorage("get", OLD_SAVE_KEY);
  if (!old) return null;
  safeStorage("del", OLD_SAVE_KEY);
  const r = await call("check_save", { save: old });
  if (!r.ok) {
    notify(t("notice.bad_save", { reason: errorReason(r) }), [], "error", englishDetails(r));
    return null;
  }
  if (!libIndex()[r.entry.key]) libPut(r.entry.key, old, r.entry);
  if (!$("start").hidden) drawLibrary();
  return r.entry.key;
}
function exportLibrary() {
  const games = libEntries().map((e) => ({ ...e, save: safeStorage("get", LIB_PREFIX + e.key) })).filter((e) => e.save);
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
async function importLibrary(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return openRecordText(text); // not a games file: a game's own record (a kiaak text file)?
  }
  if (!data || data.format !== LIBRARY_FORMAT || !Array.isArray(data.games)) return notify(t("library.import_not_library"), [], "error");
  await whenEngine(() => {});
  const index = libIndex();
  let added = 0;
  const skipped = [];
  for (const [i, item] of data.games.entries()) {
    const save = item && typeof item.save === "string" ? item.save : null;
    const r = save ? await call("check_save", { save }) : { ok: false, error: "no saved game in this entry", code: "bad_save", params: {} };
    if (!r.ok) { skipped.push(t("library.skipped_one", { n: i + 1, reason: errorReason(r) })); continue; }
    let key = r.entry.key;
    if (index[key]) {
      if (safeStorage("get", LIB_PREFIX + key) === save) { skipped.push(t("library.skipped_same", { n: i + 1 })); continue; }
      key = freshCopyKey(key);
    }
    const stamp = (x) => (Number.isFinite(x) && x > 0 ? x : Date.now());
    libPut(key, save, { ...r.entry, created: stamp(item.created), updated: stamp(item.updated) });
    index[key] = true;
    added++;
  }
  if (!$("start").hidden) drawLibrary();
  notify(t("library.imported", { n: added, skipped: skipped.length }), [], skipped.length ? "error" : "info",
    skipped.length ? skipped.join("\n") : null);
}

// A record in a game's own notation (Cetkaik's kiaak), from a file, a drop or a paste on the
// start page: opened in replay at its start, as the game's table opens one.
const RECORD_GAMES = ["cetkaik"];
async function openRecordText(text) {
  if (!text.trim()) return notify(t("library.import_empty"), [], "error");
  navGen++;
  await whenEngine(() => {}).catch(() => {});
  if (engine.state !== "ready") return;
  const reasons = [];
  for (const game of RECORD_GAMES) {
    await loadTable(game);
    try {
      await tableContext(game).gameCall("import", { text, rules: "auto" });
      clearNotice();
      return;
    } catch (e) {
      reasons.push(e.message);
    }
  }
  notify(t("library.import_unknown", { reason: reasons.join("; ") }), [], "error");
}
function readDroppedFile(ev) {
  const file = ev.dataTransfer && ev.dataTransfer.files && ev.dataTransfer.files[0];
  if (!file) return;
  ev.preventDefault();
  file.text().then(importLibrary);
}

// ---------------------------------------------------------------- automatic plies
async function runAuto() {
  // Chance and bot seats act by themselves, paced by the speed setting; a run of chance nodes
  // (a deal) is resolved in one call, so a table can show the dealt hands as a whole.  Bots
  // think in the AI Worker, so the page stays responsive throughout.
  const gen = ++autoGen;
  if (!view || view.provisional || engine.state !== "ready") return;
  if (hasBots() && view.status !== "over") ai.start();
  let guard = 0;
  while (view && !paused && view.cursor === view.length && (view.status === "chance" || view.status === "bot") && guard++ < 5000) {
    const hold = view.status === "bot" ? tableHold() : null;
    if (hold) { // the table shows something to read first (Cetkaik: a season's summary)
      hold.then(() => { if (gen === autoGen && !paused) queue(runAuto); });
      break;
    }
    const delay = SPEEDS[speed] ?? 0;
    const pace = delay ? sleep(delay) : nextFrame();
    let r;
    if (view.status === "chance") {
      await pace;
      if (gen !== autoGen || paused || addressMoved()) return;
      r = { ...(await autoCall({ bots: false, chance_run: true }, CHANCE_RUN)), chanceRun: true };
    } else {
      r = await botMove(gen, pace);
      if (r === null) return; // superseded or paused: whoever did that renders
    }
    if (gen !== autoGen || addressMoved()) return void keepIfLatest(r);
    if (!r.ok) { notify(r.error, [], "error"); break; }
    setFromResult(r);
    render();
    if (r.moved === false) break;
  }
  thinking = false;
  if (gen === autoGen) { render(); emit("changed", { state: publicState() }); }
}

// A step answered after a pause: the engine has made it, so the table shows it (unless a later
// call has moved the game since, or the page has gone elsewhere: then that answer is drawn).
function keepIfLatest(r) {
  if (!r || !r.ok || !r.view || r.callNo !== lastCall || !view || view.provisional || addressMoved()) return;
  if (r.view.save_key !== view.save_key) return;
  setFromResult(r);
  render();
  emit("changed", { state: publicState() });
}

// The address is no longer the table's: a navigation (Home, All games, a link, Back) whose
// hashchange has not been handled yet. The automation must not write the table's address over
// it, or the navigation would find itself already there and be lost.
function addressMoved() { return lastFragment !== null && currentFragment() !== lastFragment; }

function tableHold() {
  // A mounted table may hold the automation (`ctrl.hold()`: a promise, or null to go on).
  const ctrl = mounted && view && mounted.game === view.game ? mounted.ctrl : null;
  return ctrl && ctrl.hold ? ctrl.hold() : null;
}

async function botMove(gen, pace) {
  const job = (await callOk("bot_job")).job;
  if (!job) return { ...(await call("view")), moved: false };
  if (ai.status !== "ready") {
    // The AI Worker is not up (still starting, failed, or none): the engine's own Worker thinks
    // (the same moves), so a bot's first reply never waits for the AI Worker's start; a press
    // meanwhile answers at once, and the move, when it comes, is shown if nothing else moved.
    if (window.Worker && ai.status === "idle") ai.start();
    await pace;
    if (gen !== autoGen || paused) return null;
    thinking = true;
    renderStatus();
    const here = autoCall({ bots: true }, 1);
    const r = await Promise.race([here, superseded.then(() => null)]);
    if (r === null) here.then(keepIfLatest, () => {});
    thinking = false;
    return r;
  }
  if (gen !== autoGen) return null;
  thinking = true;
  renderStatus();
  let result;
  try {
    // a press that supersedes the automation (home, pause, undo...) answers at once: the
    // Worker's answer, when it comes, is for a position nobody waits for any more
    [result] = await Promise.race([Promise.all([ai.choose(job), pace]), superseded.then(() => [null])]);
  } catch (e) {
    thinking = false;
    if (gen !== autoGen) return null;
    if (!aiFallbackNoted) { aiFallbackNoted = true; notify(t("ai.fallback", { reason: e.message }), [], "error"); }
    return autoCall({ bots: true }, 1);
  }
  thinking = false;
  if (gen !== autoGen || paused || result === null || addressMoved()) return null;
  if (!result.ok) return result;
  return { ...(await call("play_bot", { action: result.action, ply: result.ply })), moved: true };
}
function pauseAuto() { paused = true; supersede(); render(); emit("changed", { state: publicState() }); }
function resumeAuto() { paused = false; render(); queue(runAuto); }

// ---------------------------------------------------------------- routing
let firstFrameResolve;
const firstFrame = new Promise((r) => { firstFrameResolve = r; });
function drewFirstFrame(what) {
  mark(`first-${what}`);
  firstFrameResolve();
}
function currentFragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch (e) {
    return raw; // a malformed %-escape: the engine says what is wrong with it
  }
}
async function route() {
  const frag = currentFragment();
  if (frag === lastFragment && view && !view.provisional) return runAuto(); // nothing to open: the table goes on
  pending = null;
  if (frag === "" && params.get("game")) return startNamedGame();
  if (frag === "") return resumeLatest();
  if (frag === "games") return showStart();
  return openLink(frag);
}
// An embed or a link that names a game: start one (a person against bots of ?level=, else the strongest).
async function startNamedGame() {
  const g = gameInfo(params.get("game"));
  const setup = g && BUILD.setup[g.id];
  if (!g || !setup) {
    notify(t("notice.bad_link", { reason: t("link.unknown_game", { game: params.get("game") }) }), [], "error");
    return showStart();
  }
  const level = setup.levels.includes(params.get("level")) ? params.get("level") : setup.levels[setup.levels.length - 1];
  const seats = Array.from({ length: g.default_players }, (_, i) => ["", i === 0 ? "human" : `bot:${level}`]);
  return startGame({ game: g.id, seats, seed: crypto.getRandomValues(new Uint32Array(1))[0] }, false);
}
// The bare address: the game last played here, if it is still in progress.
async function resumeLatest() {
  const gen = navGen;
  const latest = EMBED ? null : libEntries().find((e) => e.status !== "over");
  const last = readLastView();
  if (latest && last && last.key === latest.key) drawProvisional(last.view);
  else if (latest) drawOpening();
  else showStart(); // (the old single save, if any, joins the library once the engine is up)
  await whenEngine(() => {});
  if (gen !== navGen) return; // the player chose something else meanwhile
  const entry = latest || libEntries().find((e) => e.status !== "over"); // (the old single save, migrated)
  if (!entry) { if (view || !$("table").hidden) showStart(); else drawLibrary(); return; }
  await restoreEntry(entry.key, () => notify(t("notice.restored", { game: gameName(view.game) }),
    [[t("table.home"), () => { location.hash = "games"; }]]));
}
// Put a library entry on the table (note(): a notice to show once it is there).
async function restoreEntry(key, note = null) {
  const nav = navGen;
  await whenEngine(() => {});
  if (navGen !== nav) return false; // the player went elsewhere while the engine was starting
  const save = safeStorage("get", LIB_PREFIX + key);
  supersede(); // what the table was doing stops: another game takes the engine
  let r = save === null ? { ok: false, error: "the saved game is missing", code: "bad_save", params: {} } : await call("restore", { save });
  // a finished game opens finished, at its end (its replay may have been left at an earlier position)
  if (r.ok && Array.isArray(r.view.final_returns) && r.view.cursor < r.view.length) {
    const end = await call("goto", { cursor: r.view.length });
    if (end.ok) r = end;
  }
  if (navGen !== nav) return false;
  if (!r.ok) {
    libDelete(key);
    notify(t("notice.bad_save", { reason: errorReason(r) }), [], "error", englishDetails(r));
    showStart();
    return false;
  }
  supersede();
  paused = false;
  handedTo = null;
  currentKey = key;
  setFromResult(r);
  render();
  if (note) note();
  await runAuto();
  return true;
}
async function openLink(frag) {
  const last = readLastView();
  const reload = last && last.fragment === frag;
  const nav = navGen;
  if (reload) drawProvisional(last.view);
  else if (!view && engine.state !== "ready") await drawLinkFrame(frag);
  else if (!view) drawOpening();
  await whenEngine(() => {});
  if (navGen !== nav) return; // the player went elsewhere while the engine was starting
  supersede();
  let r;
  let key = null;
  const info = await call("link_info", { fragment: frag });
  if (navGen !== nav) return;
  if (info.ok) {
    key = reload ? last.key : info.save_key;
    r = await call("open", { fragment: frag, save: EMBED ? null : safeStorage("get", LIB_PREFIX + key) });
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
  paused = false;
  handedTo = null;
  currentKey = key;
  setFromResult(r);
  render();
  await runAuto();
}
// A link that does not open: say why in the user's language, and stay where we were.
function badLink(r) {
  notify(t("notice.bad_link", { reason: errorReason(r) }), [], "error", englishDetails(r));
  if (view && !view.provisional) {
    history.replaceState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
    queue(runAuto); // the game goes on where it was
    return;
  }
  history.replaceState(null, "", `${location.pathname}${location.search}#games`);
  showStart();
}
// A navigation stops the automatic plies at once (they run in the same queue), so "All games"
// or a link answers the first press even while bots play at Instant.
window.addEventListener("hashchange", () => { supersede(); navGen++; queue(route); });

// ---------------------------------------------------------------- start page
function showStart() {
  supersede();
  pending = null;
  unmountTable();
  if (engine.call) call("close").catch(() => {});
  view = null;
  autoState = null;
  lastFragment = null;
  currentKey = null;
  show("start");
  const list = $("game-list");
  list.replaceChildren();
  const games = gamesInfo();
  if (!games.length) list.append(h("li", { class: "muted", text: t("start.none") }));
  for (const g of games) {
    const players = g.players[0] === g.players[1] ? t("start.players_fixed", { n: g.players[0] })
      : t("start.players", { min: g.players[0], max: g.players[1] });
    const li = h("li", { class: "game-card", "data-game": g.id },
      h("h2", { text: g.name }),
      h("p", { class: "muted", text: [g.summary, players].filter(Boolean).join(" · ") }),
      h("button", { type: "button", class: "primary", "data-action": "new", text: t("start.new"),
        "aria-label": t("start.new_game_of", { game: g.name }), onclick: () => showSetup(g, li) }));
    list.append(li);
  }
  drawLibrary();
  applyStrings($("start"));
  applyStrings();
  drewFirstFrame("start");
  emit("changed", { state: publicState() });
}
// "You against Computer (master)", "You against Computer (strong) ×3", "2 people and Computer (normal)"
function seatsSummary(kinds) {
  if (!Array.isArray(kinds) || !kinds.length) return "";
  const people = kinds.filter((k) => k === "human").length;
  const levels = new Map();
  for (const k of kinds) if (k.startsWith("bot:")) levels.set(k.slice(4), (levels.get(k.slice(4)) || 0) + 1);
  const bots = [...levels].map(([lv, n]) => t(n > 1 ? "library.bot_n" : "library.bot",
    { bot: t("setup.bot", { level: tOr(`level.${lv}`, lv) }), n }));
  const who = bots.join(", ");
  if (people === 1 && bots.length) return t("library.against", { who });
  if (!bots.length) return t("library.people", { n: people });
  if (!people) return who;
  return t("library.mixed", { people: t("library.people", { n: people }), bots: who });
}
function entryRules(e) {
  if (!e.game || !(BUILD.setup[e.game] || {}).presets?.length) return "";
  return e.preset ? tOr(`preset.${e.game}.${e.preset}`, e.preset) : t("library.custom_rules");
}
function entryPosition(e) {
  if (e.status === "over") return entryResult(e);
  if (!Number.isInteger(e.ply)) return "";
  if (e.status === "human") return t("library.your_move", { ply: e.ply });
  if (e.status === "waiting") return t("library.waiting", { ply: e.ply });
  return t("library.move", { ply: e.ply });
}
// A finished game's result: won, lost or drawn for the one person at it, else who won.
function entryResult(e) {
  const r = Array.isArray(e.returns) && Array.isArray(e.seats) && e.returns.length === e.seats.length ? e.returns : null;
  if (!r) return t("library.over");
  const best = Math.max(...r);
  const winners = r.map((x, i) => (x === best ? i : -1)).filter((i) => i >= 0);
  if (winners.length === r.length) return t("library.result_draw");
  const people = e.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
  if (people.length === 1) return t(winners.includes(people[0]) ? "library.result_won" : "library.result_lost");
  const names = winners.map((i) => (e.names && e.names[i]) || t("table.seat", { n: i + 1 }));
  return t("library.result_winner", { seat: names.join(", ") });
}
// The words of the games' own catalogues (their rules' names) for the games listed, once.
const libraryStrings = {};
function withGameStrings(games, redraw) {
  const missing = games.filter((g) => g && !(g in gameStrings) && !libraryStrings[`${g}.${lang}`]);
  if (!missing.length) return;
  Promise.all(missing.map((g) => (libraryStrings[`${g}.${lang}`] = loadGameStrings(g)))).then(redraw, () => {});
}
function drawLibrary() {
  const box = $("library");
  box.hidden = EMBED;
  if (EMBED) return;
  const list = $("library-list");
  list.replaceChildren();
  const entries = libEntries();
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  for (const e of entries) {
    const name = e.game ? gameName(e.game) : t("library.unknown_game");
    const date = e.updated ? when.format(new Date(e.updated)) : "";
    const li = h("li", { class: "library-entry", "data-key": e.key, "data-game": e.game || "" },
      h("div", { class: "library-what" },
        h("strong", { text: [name, entryRules(e)].filter(Boolean).join(" · ") }),
        h("span", { class: "muted", "data-entry": "seats", text: seatsSummary(e.seats) }),
        h("span", { "data-entry": e.status === "over" ? "result" : "position", text: entryPosition(e) }),
        date ? h("time", { class: "muted", datetime: new Date(e.updated).toISOString(), text: date }) : null),
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", "data-action": "continue", text: t("library.continue"),
          "aria-label": t("library.continue_label", { game: name, date }), onclick: () => continueEntry(e.key) }),
        h("button", { type: "button", "data-action": "delete", text: t("library.delete"),
          "aria-label": t("library.delete_label", { game: name, date }), onclick: () => deleteEntry(e.key, name) })));
    list.append(li);
  }
  if (!entries.length) list.append(h("li", { class: "muted library-empty", text: t("library.empty") }));
  withGameStrings([...new Set(entries.map((e) => e.game))], () => { if (!$("start").hidden) drawLibrary(); });
  // a returning player finds their games first
  const start = $("start");
  $("new-heading").hidden = !entries.length;
  if (entries.length) start.insertBefore(box, $("new-heading"));
  else start.append(box);
  $("library-export").disabled = !entries.length;
}
function continueEntry(key) {
  navGen++;
  const last = readLastView();
  if (last && last.key === key && engine.state !== "ready") drawProvisional(last.view);
  queue(() => restoreEntry(key));
}
function deleteEntry(key, name) {
  const { entry, save } = libDelete(key);
  drawLibrary();
  notify(t("library.deleted", { game: name }), [[t("library.undo_delete"), () => {
    if (entry && save) libPut(key, save, entry);
    clearNotice();
    if (!$("start").hidden) drawLibrary();
  }]]);
}

function setupInfo(game) { return BUILD.setup[game.id] || { levels: ["random"], presets: [], default_preset: null }; }
async function showSetup(game, li) {
  for (const old of document.querySelectorAll(".setup")) old.remove();
  const info = setupInfo(game);
  // boots in the background while the player chooses (once the engine is up: two interpreters
  // starting at once on a small machine slowed the engine's start by half)
  if (window.Worker && engine.state === "ready") ai.start();
  const mod = await loadTable(game.id);
  fetchStartViews(game.id); // the table's first frame, before the engine is up
  const n0 = game.default_players;
  const form = h("form", { class: "setup", "aria-label": t("setup.heading", { game: game.name }) });
  const playersSel = h("select", { name: "players" });
  for (let n = game.players[0]; n <= game.players[1]; n++) playersSel.append(h("option", { value: n, text: String(n), selected: n === n0 }));
  const seatsBox = h("div", { class: "seats" });
  const drawSeats = () => {
    seatsBox.replaceChildren();
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      const best = info.levels[info.levels.length - 1];
      const sel = h("select", { name: `seat${i}` },
        h("option", { value: "human", text: t("setup.human") }),
        info.levels.map((lv) => h("option", { value: `bot:${lv}`, text: t("setup.bot", { level: tOr(`level.${lv}`, lv) }), selected: i > 0 && lv === best })));
      seatsBox.append(h("label", {}, h("span", { text: t("setup.seat", { n: i + 1 }) }), sel));
    }
  };
  // Two people at a game with chance and nothing hidden may play on two devices, the game
  // travelling as a link; its casts then come from both players' secrets (commit–reveal).
  const canLink = game.has_chance && !game.hidden_information && game.players[1] === 2;
  const whereSel = h("select", { name: "where" },
    h("option", { value: "here", text: t("setup.where_here") }),
    h("option", { value: "link", text: t("setup.where_link") }));
  const whereBox = h("label", { class: "where", hidden: true }, h("span", { text: t("setup.where") }), whereSel);
  const allHuman = () => Array.from(seatsBox.querySelectorAll("select")).every((x) => x.value === "human");
  const drawWhere = () => { whereBox.hidden = !(canLink && Number(playersSel.value) === 2 && allHuman()); };
  seatsBox.addEventListener("change", drawWhere);
  playersSel.addEventListener("change", drawSeats);
  playersSel.addEventListener("change", drawWhere);
  drawSeats();
  drawWhere();
  const presetSel = h("select", { name: "preset" },
    info.presets.map((p) => h("option", { value: p.rules, "data-preset": p.id, selected: p.id === info.default_preset,
      text: tOr(`preset.${game.id}.${p.id}`, p.id) })));
  const extras = h("div", { class: "setup-extras" });
  const custom = mod && mod.setup ? mod.setup(extras, { game, info, presetSelect: presetSel, playersSelect: playersSel, seatsBox }, tableContext(game.id)) : null;
  form.append(h("h3", { text: t("setup.heading", { game: game.name }) }),
    // a game for a fixed number of players asks no question about it
    h("label", { hidden: game.players[0] === game.players[1] }, h("span", { text: t("setup.players") }), playersSel), seatsBox, whereBox,
    info.presets.length > 1 ? h("label", {}, h("span", { text: t("setup.rules") }), presetSel) : null, extras,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", text: t("setup.start") }),
      h("button", { type: "button", text: t("setup.cancel"), onclick: () => form.remove() })));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const n = Number(playersSel.value);
    const seats = [];
    for (let i = 0; i < n; i++) seats.push(["", form.elements[`seat${i}`].value]);
    const seed = crypto.getRandomValues(new Uint32Array(2));
    const args = { game: game.id, seats, seed: seed[0] * 2 ** 21 + (seed[1] >>> 11), rules: presetSel.value };
    if (!info.presets.length) delete args.rules;
    if (!whereBox.hidden && whereSel.value === "link") args.by_link = true;
    try {
      Object.assign(args, custom && custom.values ? custom.values(args) : {});
    } catch (e) {
      return notify(t("error.setup", { reason: e.message }), [], "error");
    }
    startGame(args, true, presetSel.selectedOptions[0] ? presetSel.selectedOptions[0].dataset.preset : null);
  });
  li.append(form);
  form.querySelector("label:not([hidden]) > select").focus();
}

// A new game: at once when the engine is up, else its first frame now and the game itself
// as soon as the engine is.
async function startGame(args, push = true, preset = null) {
  mark("start-pressed");
  navGen++;
  if (engine.state === "ready") return newGame(args, push);
  const first = await startView(args.game, preset || (BUILD.setup[args.game] || {}).default_preset, args.seats.length);
  if (first) drawProvisional(first, args.seats);
  const mine = pending = { args, done: null };
  mine.done = (async () => {
    await whenEngine(() => {}).catch(() => {});
    if (pending !== mine || engine.state !== "ready") return;
    pending = null;
    await newGame(args, push);
  })();
  return mine.done;
}
async function newGame(args, push = true) {
  supersede();
  paused = false;
  const nav = navGen;
  let r;
  try {
    r = await callOk("new", args);
  } catch (e) {
    notify(t("error.setup", { reason: e.message }), [], "error");
    return;
  }
  if (navGen !== nav) return; // the player went elsewhere meanwhile
  clearNotice();
  handedTo = null;
  currentKey = r.view.save_key;
  setFromResult(r);
  if (push) history.pushState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
  render();
  await runAuto();
}

// ---------------------------------------------------------------- first frames
const startViews = {}; // "<game>.<lang>" → Promise of {"<preset>|<players>": view}
function fetchStartViews(game) {
  const id = `${game}.${lang}`;
  if (!startViews[id]) startViews[id] = fetchJson(`./start/${id}.json`).catch(() => ({}));
  return startViews[id];
}
async function startView(game, preset, players) {
  const views = await fetchStartViews(game);
  const def = (BUILD.setup[game] || {}).default_preset || "";
  const v = views[`${preset || ""}|${players}`] || views[`${def}|${players}`]
    || Object.entries(views).find(([k]) => k.startsWith(`${preset || ""}|`))?.[1] || null;
  return v ? structuredClone(v) : null;
}
// Draw a table from a view the engine has not made for this page (a start view, or the view
// last on screen): a first frame, replaced as soon as the engine answers.
function drawProvisional(v, seats = null) {
  view = { ...v, provisional: true, dealt_now: null, legal: [] };
  if (seats) view.seats = seats.map(([name, kind]) => ({ name, kind }));
  autoState = null;
  render();
  drewFirstFrame("table");
}
// A link's game, players and rules preset, read without Python (a fragment is "1." and the
// record's JSON, zlib-compressed, in URL-safe base64): enough for its game's table from the
// build's starting view while the engine starts. Anything else: null (the engine says why).
async function linkOutline(frag) {
  const [version, body] = frag.split(".");
  if (version !== "1" || !body || body.length > 200000 || typeof DecompressionStream === "undefined") return null;
  const b64 = body.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"))).text();
  const data = JSON.parse(text);
  if (!data || !gameInfo(data.game) || !Array.isArray(data.seats) || !data.seats.length) return null;
  const preset = typeof data.rules === "string" ? data.rules.split(".").slice(1).join(".") : "";
  const seats = data.seats.map((s) => [String((s && s[0]) || ""), String((s && s[1]) || "human")]);
  const first = await startView(data.game, preset, seats.length);
  return first ? { view: first, seats } : null;
}
// Opening a link before the engine is up: its game's table when the link can be read here (the
// engine puts the link's own position there as soon as it is up), else a place for the game.
async function drawLinkFrame(frag) {
  const nav = navGen;
  const first = await Promise.race([linkOutline(frag).catch(() => null), sleep(400).then(() => null)]);
  if (navGen !== nav || engine.state === "ready") return;
  if (first) drawProvisional(first.view, first.seats);
  else drawOpening();
}
// A place for the game, with the progress above it.
function drawOpening() {
  unmountTable();
  view = null;
  show("table");
  const root = $("table");
  root.replaceChildren(h("p", { class: "opening muted", text: t("table.opening") }));
  toolsRow = null;
  headRefs = null;
  drewFirstFrame("opening");
}

// ---------------------------------------------------------------- tables
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
//   ctx.embed, ctx.paused, ctx.speed ("instant" | "fast" | "normal"), ctx.speedMs (the pause
//   between automatic steps at this speed), ctx.settings.get/set (per game, kept in the browser),
//   ctx.gameCall(name, args) (the game's own Python calls; waits for the engine),
//   ctx.task(name, args) (long work in the AI Worker), ctx.engineReady (a Promise).
const tableLoads = {};
function loadTable(game) {
  // The module and its strings arrive together: a table is never drawn without its words.
  if (game in tableModules) return Promise.resolve(tableModules[game]);
  if (!tableLoads[game]) {
    tableLoads[game] = (async () => {
      let mod = null;
      if ((BUILD.tables || []).includes(game)) {
        try {
          mod = (await import(`./tables/${game}.js`)).default || null;
          if (mod && mod.strings) await loadGameStrings(game);
        } catch (e) {
          notify(t("notice.table_failed", { reason: e.message }), [], "error");
          mod = null;
        }
      }
      tableModules[game] = mod;
      return mod;
    })();
  }
  return tableLoads[game];
}
// A new language: the whole table is drawn again in it (its own title, tools, settings and
// record too), from the engine's view in that language when the engine is up.
async function redrawInLanguage() {
  // the engine's view in the new language first, so the table is never left half drawn
  const r = !view.provisional && engine.state === "ready" ? await call("view") : null;
  if (!view) return;
  if (r && r.ok) setFromResult(r);
  unmountTable();
  headRefs = null;
  toolsRow = null;
  for (const part of $("table").querySelectorAll("[data-slot]")) part.replaceChildren();
  $("announcer").textContent = ""; // the last thing said, in the old language
  render();
}
function unmountTable() {
  if (!mounted) return;
  try { mounted.ctrl && mounted.ctrl.destroy && mounted.ctrl.destroy(); } catch (e) { console.error(e); }
  mounted.host.remove();
  mounted = null;
}
function shareUrl(fragment) {
  const link = new URL(location.href);
  link.search = ""; // a shared link opens the full page, whatever this one's options
  link.hash = fragment || "";
  return link.href;
}
function tableContext(game) {
  return {
    game,
    t, h,
    get lang() { return lang; },
    embed: EMBED,
    get paused() { return paused; },
    get speed() { return speed; },
    get speedMs() { return SPEEDS[speed] ?? 0; },
    engineReady,
    play: (action) => playFromUi(action),
    goto, undo,
    notify,
    seatName,
    shareUrl,
    announce,
    // A game's own Python calls: pyengine.app.views.<game>.ui_call(session, name, args, lang).
    // A result carrying a view replaces the game on the table.
    gameCall: async (name, args = {}) => {
      await whenEngine(() => {});
      const r = await callOk("game", { game, name, args });
      if (r.view) {
        supersede();
        paused = false;
        handedTo = null;
        currentKey = r.view.save_key;
        setFromResult(r);
        history.pushState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
        render();
        queue(runAuto);
      }
      return r;
    },
    // Long computations in the AI Worker: the game's tasks module (pyengine/catalog.py).
    task: (name, args = {}) => ai.task(`${game}.${name}`, args),
    settings: {
      get: (key, fallback = null) => { const v = safeStorage("get", `pyengine:${game}:${key}`); return v === null ? fallback : v; },
      set: (key, value) => safeStorage("set", `pyengine:${game}:${key}`, String(value)),
    },
  };
}
function announce(text) {
  const live = $("announcer");
  if (!live) return;
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = text; });
}
function setSpeed(value) {
  if (!(value in SPEEDS)) return;
  speed = value;
  safeStorage("set", SPEED_KEY, value);
  // a pause already under way keeps its length; the next one has the new speed
}

function seatName(i) {
  if (i < 0) return t("table.chance_label");
  const s = view && view.seats[i];
  return s && s.name ? s.name : t("table.seat", { n: i + 1 });
}
function statusText() {
  if (!view) return "";
  if (view.provisional) {
    return engine.state === "failed" ? t("load.failed") : t("table.starting_engine", { n: $("loading-bar").value });
  }
  if (view.status === "over") return t("table.over");
  if (view.cursor !== view.length) return t("table.replaying", { ply: view.cursor, length: view.length });
  if (paused && (view.status === "bot" || view.status === "chance")) return t("table.paused");
  if (view.status === "waiting") return view.by_link && view.by_link.waiting === "secret" ? t("table.waiting_secret") : t("table.waiting_move");
  if (view.status === "chance") return tOr(`table.dealing_${view.game}`, t("table.dealing"));
  if (view.status === "bot") {
    return t("table.bot_thinking", { seat: seatName(view.to_move) });
  }
  return t("table.to_move", { seat: seatName(view.to_move) });
}
function renderStatus() {
  if (!view) return;
  $("table").dataset.thinking = thinking ? "true" : "false";
  if (headRefs) setText(headRefs.status, statusText());
  if (toolsRow) updateTools();
}
function needsHandover() {
  // Hot seat: a hand is shown only to the seat that has taken the device, at its turn (Python
  // shows everyone else, the history and bots' turns the public view).
  if (!view || view.provisional || !view.hot_seat || view.status !== "human" || view.cursor !== view.length) return false;
  return handedTo !== view.to_move;
}

// The shell's parts of the table are built once and updated in place (render by key): the
// head (title, status, scores), the body (the table module's host, or the hand-over screen)
// and the tools row.  A control is never rebuilt while the user may be pressing it.
let headRefs = null;  // {root, title, status, scores}
let toolsRow = null;  // the tools row's controls
function slot(root, name) {
  let el = root.querySelector(`:scope > [data-slot="${name}"]`);
  if (!el) { el = h("div", { "data-slot": name }); root.append(el); }
  return el;
}
function ensureHead(headSlot) {
  if (headRefs && headRefs.root.parentNode === headSlot) return headRefs;
  const title = h("h1");
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const scores = h("ul", { class: "scores" });
  const root = h("div", { class: "table-head" }, title, status, scores);
  headSlot.replaceChildren(root);
  headRefs = { root, title, status, scores };
  return headRefs;
}
function updateHead() {
  const humans = view.seats.filter((x) => x.kind === "human").length;
  setText(headRefs.title, view.game_name);
  setAttr(headRefs.scores, "aria-label", t("table.score"));
  const items = headRefs.scores.children;
  while (items.length > view.seats.length) items[items.length - 1].remove();
  view.seats.forEach((s, i) => {
    let li = items[i];
    if (!li) { li = h("li", {}, h("span"), h("strong")); headRefs.scores.append(li); }
    setAttr(li, "class", i === view.to_move ? "to-move" : null);
    setText(li.firstChild, seatName(i) + (i === view.viewer && humans === 1 ? ` (${t("table.you")})` : ""));
    setText(li.lastChild, String(view.returns[i] ?? 0));
  });
  setText(headRefs.status, statusText());
}
function render() {
  if (!view) return;
  show("table");
  const root = $("table");
  for (const child of Array.from(root.children)) if (!child.dataset.slot) child.remove();
  root.dataset.game = view.game;
  root.dataset.status = view.provisional ? "starting" : view.status;
  root.dataset.thinking = thinking ? "true" : "false";
  const mod = FORCE_GENERIC ? GENERIC : tableModules[view.game];
  if (mod === undefined && (BUILD.tables || []).includes(view.game)) {
    // The table module is still loading: draw once it is here.
    loadTable(view.game).then(() => render());
  }
  const table = mod || (mod === null || !(BUILD.tables || []).includes(view.game) ? GENERIC : null);
  if (mounted && (mounted.game !== view.game || mounted.mod !== table)) unmountTable();
  const headSlot = slot(root, "head");
  const bodySlot = slot(root, "body");
  const toolsSlot = slot(root, "tools");
  // A game whose own table is still loading (table === null) shows nothing of the generic one
  // meanwhile (no flash of the shell's title and scores before the board).
  const showHead = table !== null && (!table.shellHead || table.shellHead(view, tableContext(view.game)));
  headSlot.hidden = !showHead;
  ensureHead(headSlot);
  updateHead();
  applyStrings();
  if (needsHandover()) {
    // Hot seat: nothing of the previous player's hand may stay in the page.
    unmountTable();
    const seat = seatName(view.to_move);
    bodySlot.replaceChildren(h("div", { class: "handover", role: "dialog", "aria-label": t("table.handover", { seat }) },
      h("p", { text: t("table.handover", { seat }) }),
      h("button", { type: "button", class: "primary", "data-tool": "handover", text: t("table.handover_ready", { seat }),
        onclick: async () => {
          handedTo = view.to_move;
          const r = await call("view");
          if (r.ok) setFromResult(r);
          render();
          emit("changed", { state: publicState() });
        } })));
    toolsSlot.hidden = true;
    renderStatus();
    return;
  }
  toolsSlot.hidden = false;
  if (table) {
    if (!mounted) {
      const host = h("div", { class: "game-table", "data-game": view.game });
      bodySlot.replaceChildren(host);
      mounted = { game: view.game, host, ctrl: null, mod: table };
      try { mounted.ctrl = table.mount(host, tableContext(view.game)); } catch (e) { console.error(e); notify(t("notice.table_failed", { reason: e.message }), [], "error"); }
    } else if (mounted.host.parentNode !== bodySlot) {
      bodySlot.replaceChildren(mounted.host);
    }
    try { mounted.ctrl && mounted.ctrl.update(view); } catch (e) { console.error(e); notify(t("notice.table_failed", { reason: e.message }), [], "error"); }
  }
  ensureTools(toolsSlot);
  updateTools();
  renderStatus();
}

// The generic table: every game as text and buttons (also the plain text view, ?table=generic).
const GENERIC = {
  mount(host, ctx) {
    // the raw observation (the engine's own data, untranslated) behind a toggle
    const obs = h("details", { class: "panel observation" }, h("summary"), h("div", { class: "obs-body" }));
    const actions = h("div", { class: "actions", role: "group" });
    const actionsPanel = h("section", { class: "panel" }, h("h2"), actions);
    const moves = h("ol", { class: "moves" });
    const bar = replayBar();
    const where = h("p", { class: "muted" });
    const historyPanel = h("section", { class: "panel history" }, h("h2"), moves, bar.root, where);
    const body = h("div", { class: "table-body" }, obs, actionsPanel, historyPanel);
    host.append(body);
    const buttons = new Map(); // action → its button
    let lastObs = null;
    return {
      update(v) {
        setText(obs.firstChild, t("table.observation"));
        const obsJson = JSON.stringify(v.observation);
        if (obsJson !== lastObs) { lastObs = obsJson; obs.lastChild.replaceChildren(renderValue(v.observation)); }
        actionsPanel.hidden = !v.legal.length;
        setText(actionsPanel.firstChild, t("table.actions"));
        setAttr(actions, "aria-label", t("table.actions"));
        const want = new Set(v.legal.map((a) => a.action));
        for (const [a, b] of buttons) if (!want.has(a)) { b.remove(); buttons.delete(a); }
        v.legal.forEach((a, i) => {
          let b = buttons.get(a.action);
          if (!b) {
            b = h("button", { type: "button", class: "action", "data-action": a.action, title: a.action, onclick: () => ctx.play(a.action) });
            buttons.set(a.action, b);
          }
          setText(b, a.label);
          if (actions.children[i] !== b) actions.insertBefore(b, actions.children[i] || null);
        });
        setText(historyPanel.firstChild, t("table.moves"));
        setAttr(moves, "aria-label", t("table.moves"));
        const items = moves.children;
        while (items.length > v.history.length) items[items.length - 1].remove();
        v.history.forEach((m, i) => {
          let li = items[i];
          const text = `${m.actor >= 0 ? seatName(m.actor) + ": " : ""}${m.label}`;
          if (!li) {
            li = h("li", {}, h("button", { type: "button", class: "link", onclick: () => ctx.goto(i + 1) }));
            moves.append(li);
          }
          setAttr(li, "value", m.ply);
          setAttr(li, "class", i + 1 === v.cursor ? "current" : null);
          setText(li.firstChild, text);
        });
        bar.update(v);
        setText(where, t("table.position", { ply: v.cursor, length: v.length }));
      },
      destroy() {},
    };
  },
  shellHead: () => true,
};
function renderValue(v) {
  if (v === null || typeof v !== "object") return h("span", { class: "val", text: v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v) });
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", { class: "val", text: v.map((x) => x === null ? "—" : typeof x === "string" ? x : JSON.stringify(x)).join(" ") || "—" });
    return h("ol", { class: "obs-list" }, v.map((x) => h("li", {}, renderValue(x))));
  }
  return h("dl", { class: "obs" }, Object.entries(v).flatMap(([k, x]) => [h("dt", { text: k }), h("dd", {}, renderValue(x))]));
}
// The replay bar (first, previous, a slider, next, last): built once, updated in place.
function replayBar() {
  const nav = (name, text, target) => h("button", { type: "button", "data-nav": name, text, onclick: () => goto(target()) });
  const first = nav("first", "⏮", () => 0);
  const prev = nav("prev", "◀", () => view.cursor - 1);
  const next = nav("next", "▶", () => view.cursor + 1);
  const last = nav("last", "⏭", () => view.length);
  const slider = h("input", { type: "range", min: 0, oninput: (e) => goto(Number(e.target.value)) });
  const root = h("div", { class: "replay row" }, first, prev, slider, next, last);
  return {
    root,
    update(v) {
      for (const [b, key] of [[first, "table.first"], [prev, "table.prev"], [next, "table.next"], [last, "table.last"]]) {
        setAttr(b, "title", t(key));
        setAttr(b, "aria-label", t(key));
      }
      first.disabled = prev.disabled = v.cursor <= 0;
      next.disabled = last.disabled = v.cursor >= v.length;
      setAttr(slider, "max", v.length);
      if (Number(slider.value) !== v.cursor && document.activeElement !== slider) slider.value = String(v.cursor);
      setAttr(slider, "aria-label", t("table.position", { ply: v.cursor, length: v.length }));
      slider.disabled = v.length === 0;
    },
  };
}
function ensureTools(toolsSlot) {
  if (toolsRow && toolsRow.root.parentNode === toolsSlot) return;
  const share = h("input", { type: "text", readonly: true, class: "share-link" });
  const shareLabel = h("span");
  const shareBox = h("label", { class: "share" }, shareLabel, share);
  const copy = h("button", { type: "button", "data-tool": "copy", onclick: () => copyLink(share) });
  const undoBtn = h("button", { type: "button", "data-tool": "undo", onclick: undo });
  const undoNote = h("span", { id: "undo-note", class: "muted undo-note" });
  const speedSel = h("select", { "data-tool": "speed", onchange: (e) => setSpeed(e.target.value) },
    Object.keys(SPEEDS).map((k) => h("option", { value: k })));
  const speedText = h("span");
  const speedBox = h("label", { class: "speed" }, speedText, speedSel);
  const pause = h("button", { type: "button", "data-tool": "pause", onclick: pauseAuto });
  const resume = h("button", { type: "button", "data-tool": "resume", class: "primary", onclick: resumeAuto });
  const home = h("button", { type: "button", "data-tool": "home", onclick: () => { location.hash = "games"; } });
  const root = h("div", { class: "tools row chrome" }, shareBox, copy, undoBtn, undoNote, speedBox, pause, resume, home);
  toolsSlot.replaceChildren(root);
  toolsRow = { root, share, shareLabel, shareBox, copy, undoBtn, undoNote, speedSel, speedText, speedBox, pause, resume, home };
}
function updateTools() {
  const r = toolsRow;
  const ready = !view.provisional && engine.state === "ready";
  const url = view.fragment ? shareUrl(view.fragment) : "";
  if (r.share.value !== url) r.share.value = url;
  setAttr(r.share, "aria-label", t("table.share"));
  setText(r.shareLabel, { setup: t("table.share_setup"), position: t("table.share_position"), link: t("table.share_link") }[view.share_kind] || t("table.share"));
  setAttr(r.shareBox, "title", view.share_kind === "setup" ? t("table.share_setup_hint") : null);
  const waiting = view.status === "waiting" && view.by_link && view.by_link.seat >= 0;
  setText(r.copy, waiting ? t("table.copy_for_opponent") : t("table.copy"));
  setAttr(r.copy, "class", waiting ? "primary" : null);
  r.copy.disabled = !url;
  setText(r.undoBtn, t("table.undo"));
  r.undoBtn.disabled = !ready || view.length === 0;
  const undoNote = view.undo_note ? t(`table.undo_note_${view.undo_note}`) : null;
  setAttr(r.undoBtn, "title", undoNote);
  setAttr(r.undoBtn, "aria-describedby", undoNote ? "undo-note" : null);
  r.undoNote.hidden = !(undoNote && (hasBots() || view.by_link));
  setText(r.undoNote, undoNote || "");
  const bots = hasBots() && view.status !== "over";
  r.speedBox.hidden = !bots;
  setText(r.speedText, t("table.speed"));
  setAttr(r.speedSel, "aria-label", t("table.speed"));
  for (const o of r.speedSel.options) setText(o, t(`speed.${o.value}`));
  if (r.speedSel.value !== speed && document.activeElement !== r.speedSel) r.speedSel.value = speed;
  setText(r.pause, t("table.pause"));
  setText(r.resume, t("table.resume"));
  r.pause.hidden = !bots || paused;
  r.resume.hidden = !bots || !paused;
  setText(r.home, t("table.home"));
}
async function copyLink(input) {
  try { await navigator.clipboard.writeText(input.value); notify(t("notice.copied")); }
  catch (e) { input.select(); notify(t("notice.copy_failed")); }
}
async function goto(cursor) {
  if (!view || view.provisional || engine.state !== "ready" || cursor < 0 || cursor > view.length) return;
  supersede();
  const gen = autoGen;
  view.cursor = cursor; // a second press before the answer counts from where this one goes
  const r = await call("goto", { cursor });
  if (gen !== autoGen) return; // something else moved the game meanwhile: its answer is drawn
  if (r.ok) {
    setFromResult(r); render(); emit("changed", { state: publicState() });
    if (view.cursor === view.length && !paused) queue(runAuto);
  }
}
async function undo() {
  if (!view || view.provisional || engine.state !== "ready") return;
  supersede();
  const gen = autoGen;
  const r = await call("undo");
  if (gen !== autoGen) return;
  if (!r.ok) return notify(r.error, [], "error");
  setFromResult(r); render(); emit("changed", { state: publicState() });
}
async function playFromUi(action) {
  try { await play(action); } catch (e) { notify(t("error.illegal", { reason: e.message }), [], "error"); }
}

// ---------------------------------------------------------------- the automation API
function publicState() { return autoState ? structuredClone(autoState) : { ...START_STATE }; }
async function play(action) {
  await ready;
  if (view && view.provisional && pending) await pending.done;
  if (!view || view.provisional) throw new Error("no game is open");
  const r = await call("play", { action: String(action) });
  if (r.ok) supersede();
  if (!r.ok) throw new EngineError(r);
  setFromResult(r);
  render();
  await nextFrame();
  await runAuto();
  return publicState();
}
async function openFragment(fragment) {
  await ready;
  const frag = String(fragment).replace(/^#/, "");
  const info = await call("link_info", { fragment: frag });
  if (!info.ok) throw new EngineError(info);
  let key = info.save_key;
  const r = await call("open", { fragment: frag, save: EMBED ? null : safeStorage("get", LIB_PREFIX + key) });
  if (!r.ok) throw new EngineError(r);
  if (!r.continues) key = freshCopyKey(key);
  supersede();
  paused = false;
  clearNotice();
  handedTo = null;
  currentKey = key;
  setFromResult(r);
  render();
  await runAuto();
  return publicState();
}
let readyResolve, readyReject;
const ready = new Promise((res, rej) => { readyResolve = res; readyReject = rej; });
ready.catch(() => {});
window.pyengineApp = {
  version: BUILD.version,
  ready,
  state: publicState,
  legal: () => (view && !view.provisional && view.status === "human" ? view.legal.map((a) => a.action) : []),
  play,
  open: openFragment,
  settled,
  // For browser tests only: fix the page's chance generator (live chance stays the default;
  // no link or saved game can set this).
  testing: Object.freeze({ fixChance: (seed) => { testChance = seed === null ? null : new TestWords(Number(seed)); } }),
};

// ---------------------------------------------------------------- embedding (postMessage)
window.addEventListener("message", async (ev) => {
  const msg = ev.data;
  if (!msg || typeof msg !== "object" || typeof msg.type !== "string" || !msg.type.startsWith("pyengine:")) return;
  const reply = (type, extra) => ev.source && ev.source.postMessage({ type: `pyengine:${type}`, id: msg.id, ...extra }, ev.origin === "null" ? "*" : ev.origin);
  try {
    await ready;
    if (msg.type === "pyengine:open") reply("state", { state: await openFragment(msg.fragment) });
    else if (msg.type === "pyengine:get-state") reply("state", { state: publicState() });
    else if (msg.type === "pyengine:play") reply("state", { state: await play(msg.action) });
    else if (msg.type === "pyengine:legal") reply("legal", { legal: window.pyengineApp.legal() });
  } catch (e) {
    reply("error", { error: e.message });
  }
});

// ---------------------------------------------------------------- boot
async function boot() {
  $("lang-picker").addEventListener("change", async (e) => {
    safeStorage("set", LANG_KEY, e.target.value);
    await loadStrings(e.target.value);
    applyStrings();
    drawProgress();
    if (view) redrawInLanguage();
    else if (!$("start").hidden) showStart();
  });
  // The engine starts in its Worker first thing, while the page loads its words and draws (the
  // main thread stays free for them).
  const starting = startEngine();
  $("load-retry").addEventListener("click", () => location.reload());
  $("library-export").addEventListener("click", exportLibrary);
  $("library-import").addEventListener("click", () => $("library-file").click());
  // a games file or a record dropped on the start page, or a record pasted there, opens as from the button
  $("start").addEventListener("dragover", (e) => { if (e.dataTransfer && [...e.dataTransfer.types].includes("Files")) e.preventDefault(); });
  $("start").addEventListener("drop", readDroppedFile);
  document.addEventListener("paste", (e) => {
    if ($("start").hidden || e.target.closest("input, textarea, select, [contenteditable]")) return;
    const text = e.clipboardData && e.clipboardData.getData("text/plain");
    if (text && text.trim()) { e.preventDefault(); importLibrary(text); }
  });
  $("library-file").addEventListener("change", async (e) => {
    const file = e.target.files && e.target.files[0];
    e.target.value = "";
    if (file) await importLibrary(await file.text());
  });
  try {
    await loadStrings(lang);
  } catch (e) {
    await loadStrings("en").catch(() => {});
  }
  wordsLoaded();
  applyStrings();
  drawProgress();
  // What can be drawn without Python is drawn at once (the engine's downloads are already under
  // way: index.html preloads them).
  queue(route);
  await starting;
  if (engine.state !== "ready") return;
  await busy;
  if (!view && $("start").hidden) showStart();
  readyResolve();
  emit("ready", { state: publicState() });
  if ("serviceWorker" in navigator && location.protocol.startsWith("http") && !params.has("nosw")) {
    setTimeout(() => navigator.serviceWorker.register("./sw.js").catch(() => {}), 0);
  }
  // The AI Worker starts as soon as the page is up, so a bot's first reply never waits for it
  // (it also makes the memory snapshot the next visit starts from: pyodide-boot.mjs). An
  // embed starts it when its game has bots (a wiki page may hold several).
  if (window.Worker && !EMBED) setTimeout(warmWorker, WORKER_DELAY_MS);
}

const WORKER_DELAY_MS = 100; // the table's first frame is drawn first

async function warmWorker() {
  try {
    const { hasSnapshot } = await import("./pyodide-boot.mjs");
    if (await hasSnapshot(BUILD.wheel)) return void ai.start(); // a quick start from the snapshot
    // One maker at a time: a wiki page with several embedded games starts one Worker for it.
    if (!navigator.locks) return void ai.start();
    await navigator.locks.request("pyengine-snapshot", { ifAvailable: true }, async (lock) => {
      if (lock && !(await hasSnapshot(BUILD.wheel))) await ai.start(); // the Worker is ready once it has saved it
    });
  } catch (e) {
    // no snapshot: the next visit starts the ordinary way
  }
}
boot();
