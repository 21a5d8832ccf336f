// The page shell: loading, language, routing, the generic table, share links, saving,
// embedding and the automation API.  It holds no rules: every legal move, label and state
// comes from the engine through the one Python bridge (web/main.py) as JSON.
import { ensureIndexedDB } from "./idb-fallback.js";
import { AiClient } from "./ai.js";

const BUILD = window.PYENGINE_BUILD || { version: "dev", boot_bytes: 0 };
const LANGS = ["en", "ko", "ja"];
const SAVE_KEY = "pyengine:save";
const LANG_KEY = "pyengine:lang";
const SPEED_KEY = "pyengine:speed";
const SPEEDS = { instant: 0, fast: 180, normal: 700 }; // pause between automatic plies (ms)
const LOAD_TIMEOUT_MS = 90000;
const params = new URLSearchParams(location.search);
const EMBED = params.get("embed") === "1";
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- strings
let lang = pickLanguage();
let strings = {};
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
let gameStrings = {}; // game id → that table's strings (web/i18n/<game>.<lang>.json)
async function loadStrings(code) {
  const res = await fetch(`./i18n/${code}.json`);
  if (!res.ok) throw new Error(`language file ${code} (${res.status})`);
  strings = await res.json();
  lang = code;
  document.documentElement.lang = code;
  gameStrings = {};
  for (const [game, mod] of Object.entries(tableModules)) if (mod && mod.strings) await loadGameStrings(game);
}
async function loadGameStrings(game) {
  const res = await fetch(`./i18n/${game}.${lang}.json`).catch(() => null);
  gameStrings[game] = res && res.ok ? await res.json() : {};
}
function t(key, vars = {}) {
  let s = strings[key];
  if (s === undefined) for (const g of Object.values(gameStrings)) if (key in g) { s = g[key]; break; }
  s = s ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}
function applyStrings(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.title = `${t("app.title")} — Cetkaik · Daifugō · Chabashi`;
  $("lang-picker").value = lang;
}
function safeStorage(op, key, value) {
  try {
    if (op === "get") return localStorage.getItem(key);
    if (op === "set") return localStorage.setItem(key, value);
    if (op === "del") return localStorage.removeItem(key);
  } catch (e) {
    return null; // storage blocked (private mode, sandboxed iframe): play on without saving
  }
}

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
function show(section) {
  for (const id of ["loading", "load-error", "start", "table"]) $(id).hidden = id !== section;
}
const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r()));

// ---------------------------------------------------------------- notices
function notify(message, actions = [], kind = "info") {
  const box = $("notice");
  box.replaceChildren(h("span", { text: message }));
  for (const [label, fn] of actions) box.append(h("button", { type: "button", onclick: fn, text: label }));
  box.append(h("button", { type: "button", class: "dismiss", "aria-label": t("notice.dismiss"), text: "×",
    onclick: () => { box.hidden = true; } }));
  box.dataset.kind = kind;
  box.hidden = false;
}
function clearNotice() { $("notice").hidden = true; }

// ---------------------------------------------------------------- loading
let progressTimer = 0;
function startProgress() {
  const bar = $("loading-bar");
  const detail = $("loading-detail");
  const total = BUILD.boot_bytes || 1;
  progressTimer = setInterval(() => {
    let done = 0;
    for (const e of performance.getEntriesByType("resource")) done += e.decodedBodySize || e.encodedBodySize || 0;
    const frac = Math.min(done / total, 1);
    bar.value = Math.max(bar.value, Math.round(5 + 80 * frac));
    detail.textContent = t("load.bytes", { done: (Math.min(done, total) / 1e6).toFixed(1), total: (total / 1e6).toFixed(1) });
    if (frac >= 0.99 && !pyStarted) $("loading-text").textContent = t("load.python");
  }, 120);
}
let pyStarted = false;
addEventListener("py:ready", () => {
  pyStarted = true;
  $("loading-bar").value = 92;
  $("loading-text").textContent = t("load.engine");
}, true);
function showLoadError(message) {
  clearInterval(progressTimer);
  $("load-error-text").textContent = message;
  show("load-error");
  readyReject(new Error(message));
}
function pythonReady() {
  return new Promise((resolve, reject) => {
    if (window._pyengineCall) return resolve();
    const timer = setTimeout(() => reject(new Error(t("load.timeout"))), LOAD_TIMEOUT_MS);
    addEventListener("pyengine:python-ready", () => { clearTimeout(timer); resolve(); }, { once: true });
    // PyScript reports failures (a missing wheel, a Python error at start) as uncaught
    // errors; some are harmless (no IndexedDB in a third-party iframe), so an error only
    // counts when Python has still not come up a few seconds later.
    const failSoon = (message) => setTimeout(() => {
      if (window._pyengineCall) return;
      clearTimeout(timer);
      reject(new Error(message));
    }, 4000);
    addEventListener("error", (ev) => { if (!window._pyengineCall) failSoon(ev.message || String(ev.error || "script error")); });
    addEventListener("unhandledrejection", (ev) => {
      if (!window._pyengineCall) failSoon(String((ev.reason && ev.reason.message) || ev.reason));
    });
    const observer = new MutationObserver(() => {
      const err = document.querySelector(".py-error");
      if (err && !window._pyengineCall) { clearTimeout(timer); reject(new Error(err.textContent.trim().slice(-400))); }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

// ---------------------------------------------------------------- bridge
function call(method, args = {}) {
  // handed: the seat that has taken the device at a hot seat (Python decides what it may see)
  const out = JSON.parse(window._pyengineCall(method, JSON.stringify({ lang, handed: handedTo, ...args })));
  return out;
}

// ---------------------------------------------------------------- live chance
// Every cast, contest, shuffle and deal is drawn from the browser's cryptographic generator
// when it happens (Python gets the fresh words); nothing stored or shared predicts it.
// Browser tests may fix the generator with pyengineApp.testing.fixChance(seed): no link or
// saved game can.
let testChance = null;
// A browser test may also fix it from the page's first script: an init script that sets
// window.pyengineApp = {testing: {chanceSeed: N}} before the app loads.
const presetTesting = window.pyengineApp && window.pyengineApp.testing;
if (presetTesting && Number.isInteger(presetTesting.chanceSeed)) testChance = seededWords(presetTesting.chanceSeed);
function entropy() {
  if (testChance) return [testChance(), testChance(), testChance(), testChance()];
  return Array.from(crypto.getRandomValues(new Uint32Array(4)));
}
function seededWords(seed) { // splitmix32: for tests only
  let x = seed >>> 0;
  return () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad) >>> 0;
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97) >>> 0;
    return (z ^ (z >>> 15)) >>> 0;
  };
}
class EngineError extends Error {
  constructor(result) { super(result.error); this.kind = result.kind; }
}
function callOk(method, args) {
  const r = call(method, args);
  if (!r.ok) throw new EngineError(r);
  return r;
}

// ---------------------------------------------------------------- app state
let view = null;       // the table's view model, or null on the start page
let autoState = null;  // the automation state
let lastFragment = null;
let handedTo = null;   // hot seat: the seat the device was last handed to
let busy = Promise.resolve();
let speed = SPEEDS[params.get("speed")] !== undefined ? params.get("speed")
  : (SPEEDS[safeStorage("get", SPEED_KEY)] !== undefined ? safeStorage("get", SPEED_KEY) : "fast");
let autoGen = 0;      // bumped whenever the position changes under the automation loop
let paused = false;   // automatic plies stopped by the user (watching bots, or a long think)
let thinking = false; // a bot's decision is on its way from the Worker
const ai = new AiClient(BUILD.wheel || "");
let aiFallbackNoted = false;
const tableModules = {}; // game id → its rich table module (web/tables/<game>.js), or null
let mounted = null;      // {game, ctrl, host}: the rich table currently on screen
const START_STATE = { game: null, rules: null, record: null, to_move: null, viewer: null, observation: null, status: "start", ply: 0, length: 0 };

function setFromResult(r) {
  view = r.view;
  autoState = r.state;
  if (view) {
    lastFragment = view.fragment;
    history.replaceState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
    if (!EMBED) { const s = call("save"); if (s.ok) safeStorage("set", SAVE_KEY, s.save); }
  }
}
function emit(type, extra = {}) {
  if (window.parent !== window) window.parent.postMessage({ type: `pyengine:${type}`, ...extra }, "*");
  window.dispatchEvent(new CustomEvent(`pyengine:${type}`, { detail: extra }));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function hasBots() { return Boolean(view && view.seats.some((s) => s.kind.startsWith("bot:"))); }
function supersede() { autoGen++; thinking = false; }

async function runAuto() {
  // Chance and bot seats act by themselves, one ply at a time (paced by the speed
  // setting); bots think in the AI Worker, so the page stays responsive throughout.
  const gen = ++autoGen;
  if (hasBots() && view.status !== "over") ai.start();
  let guard = 0;
  while (view && !paused && view.cursor === view.length && (view.status === "chance" || view.status === "bot") && guard++ < 5000) {
    const delay = SPEEDS[speed] ?? 0;
    const pace = delay ? sleep(delay) : nextFrame();
    let r;
    if (view.status === "chance") {
      await pace;
      if (gen !== autoGen) return;
      r = call("auto", { bots: false, entropy: entropy() });
    } else {
      r = await botMove(gen, pace);
      if (r === null) return; // superseded or paused: whoever did that renders
    }
    if (gen !== autoGen) return;
    if (!r.ok) { notify(r.error, [], "error"); break; }
    setFromResult(r);
    render();
    if (r.moved === false) break;
  }
  thinking = false;
  if (gen === autoGen) { render(); emit("changed", { state: publicState() }); }
}

async function botMove(gen, pace) {
  const job = callOk("bot_job").job;
  if (!job) return { ...call("view"), moved: false };
  if (ai.status === "failed" || !window.Worker) {
    await pace;
    return call("auto", { bots: true, entropy: entropy() }); // no Worker: think here (the same moves, just blocking)
  }
  thinking = true;
  renderStatus();
  let result;
  try {
    [result] = await Promise.all([ai.choose(job), pace]);
  } catch (e) {
    thinking = false;
    if (gen !== autoGen) return null;
    if (!aiFallbackNoted) { aiFallbackNoted = true; notify(t("ai.fallback", { reason: e.message }), [], "error"); }
    return call("auto", { bots: true, entropy: entropy() });
  }
  thinking = false;
  if (gen !== autoGen || paused) return null;
  if (!result.ok) return result;
  return { ...call("play_bot", { action: result.action, ply: result.ply }), moved: true };
}
function pauseAuto() { paused = true; supersede(); render(); emit("changed", { state: publicState() }); }
function resumeAuto() { paused = false; render(); busy = busy.then(runAuto); }

// ---------------------------------------------------------------- routing
async function route() {
  const frag = decodeURIComponent(location.hash.slice(1));
  if (frag === lastFragment && view) return;
  if (frag === "" && params.get("game")) {
    // An embed or a link that names a game: start one (a person against bots of ?level=, else the strongest).
    const games = callOk("games").games;
    const g = games.find((x) => x.id === params.get("game"));
    if (g) {
      const levels = callOk("setup", { game: g.id }).setup.levels;
      const level = levels.includes(params.get("level")) ? params.get("level") : levels[levels.length - 1];
      const seats = Array.from({ length: g.default_players }, (_, i) => ["", i === 0 ? "human" : `bot:${level}`]);
      return newGame({ game: g.id, seats, seed: crypto.getRandomValues(new Uint32Array(1))[0] }, false);
    }
    notify(t("notice.bad_link", { reason: params.get("game") }), [], "error");
    return showStart();
  }
  if (frag === "") {
    const saved = EMBED ? null : safeStorage("get", SAVE_KEY);
    if (saved) {
      const r = call("restore", { save: saved });
      if (r.ok) {
        setFromResult(r);
        notify(t("notice.restored"), [[t("notice.start_fresh"), startFresh]]);
        render();
        return runAuto();
      }
      safeStorage("del", SAVE_KEY);
      notify(t("notice.bad_save", { reason: r.error }), [], "error");
    }
    return showStart();
  }
  if (frag === "games") return showStart();
  supersede();
  const r = call("open", { fragment: frag, save: EMBED ? null : safeStorage("get", SAVE_KEY) });
  if (!r.ok && r.kind === "OlderLinkError") {
    // a play-by-link link this device has already gone past: keep the game as it is
    const back = call("restore", { save: safeStorage("get", SAVE_KEY) });
    if (back.ok) {
      notify(t("notice.older_link"));
      setFromResult(back);
      render();
      return runAuto();
    }
  }
  if (!r.ok) {
    notify(t("notice.bad_link", { reason: r.error }), [], "error");
    history.replaceState(null, "", `${location.pathname}${location.search}#games`);
    return showStart();
  }
  clearNotice();
  paused = false;
  setFromResult(r);
  handedTo = null;
  render();
  await runAuto();
}
function startFresh() {
  safeStorage("del", SAVE_KEY);
  clearNotice();
  location.hash = "games";
}
window.addEventListener("hashchange", () => { busy = busy.then(route); });

// ---------------------------------------------------------------- start page
function showStart() {
  supersede();
  unmountTable();
  call("close");
  view = null;
  autoState = null;
  lastFragment = null;
  show("start");
  const list = $("game-list");
  list.replaceChildren();
  const games = callOk("games").games;
  if (!games.length) list.append(h("li", { class: "muted", text: t("start.none") }));
  for (const g of games) {
    const players = g.players[0] === g.players[1] ? t("start.players_fixed", { n: g.players[0] })
      : t("start.players", { min: g.players[0], max: g.players[1] });
    const li = h("li", { class: "game-card", "data-game": g.id },
      h("h2", { text: g.name }),
      h("p", { class: "muted", text: [g.summary, players].filter(Boolean).join(" · ") }),
      h("button", { type: "button", class: "primary", "data-action": "new", text: t("start.new"),
        onclick: () => showSetup(g, li) }));
    list.append(li);
  }
  const cont = $("continue");
  const saved = EMBED ? null : safeStorage("get", SAVE_KEY);
  cont.hidden = !saved;
  cont.replaceChildren();
  if (saved) {
    cont.append(h("h2", { text: t("continue.title") }),
      h("button", { type: "button", class: "primary", text: t("continue.button"), onclick: () => {
        const r = call("restore", { save: saved });
        if (!r.ok) { safeStorage("del", SAVE_KEY); notify(t("notice.bad_save", { reason: r.error }), [], "error"); return showStart(); }
        setFromResult(r); render(); runAuto();
      } }));
  }
  applyStrings($("start"));
  emit("changed", { state: publicState() });
}

async function showSetup(game, li) {
  for (const old of document.querySelectorAll(".setup")) old.remove();
  const info = callOk("setup", { game: game.id }).setup;
  if (window.Worker) ai.start(); // boots in the background while the player chooses
  const mod = await loadTable(game.id);
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
        info.levels.map((lv) => h("option", { value: `bot:${lv}`, text: t("setup.bot", { level: t(`level.${lv}`) === `level.${lv}` ? lv : t(`level.${lv}`) }), selected: i > 0 && lv === best })));
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
      text: t(`preset.${game.id}.${p.id}`) === `preset.${game.id}.${p.id}` ? p.id : t(`preset.${game.id}.${p.id}`) })));
  const extras = h("div", { class: "setup-extras" });
  const custom = mod && mod.setup ? mod.setup(extras, { game, info, presetSelect: presetSel, playersSelect: playersSel, seatsBox }, tableContext(game.id)) : null;
  form.append(h("h3", { text: t("setup.heading", { game: game.name }) }),
    h("label", {}, h("span", { text: t("setup.players") }), playersSel), seatsBox, whereBox,
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
      newGame(args);
    } catch (e) {
      notify(t("error.setup", { reason: e.message }), [], "error");
    }
  });
  li.append(form);
  form.querySelector("select").focus();
}

async function newGame(args, push = true) {
  supersede();
  paused = false;
  const r = callOk("new", args);
  clearNotice();
  setFromResult(r);
  handedTo = null;
  if (push) history.pushState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
  render();
  await runAuto();
}

// ---------------------------------------------------------------- tables
// A game with a module in web/tables/<game>.js gets its own table; the rest get the generic
// one.  A table module has no rules in it: it renders the view model (view.table comes from
// the game's Game.table_view) and sends intents back through the context below.
//   export default {
//     strings: true,                       // load web/i18n/<game>.<lang>.json (keys "<game>.…")
//     mount(host, ctx) -> {update(view), destroy()},
//     setup(container, setupInfo, ctx) -> {values(args) -> extra new-game args},   (optional)
//     shellHead: (view, ctx) => true,      // show the shell's title/status/score line (optional)
//   }
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
function unmountTable() {
  if (!mounted) return;
  try { mounted.ctrl && mounted.ctrl.destroy && mounted.ctrl.destroy(); } catch (e) { console.error(e); }
  mounted.host.remove();
  mounted = null;
}
function shareUrl(fragment) {
  const link = new URL(location.href);
  link.search = ""; // a shared link opens the full page, whatever this one's options
  link.hash = fragment;
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
    play: (action) => playFromUi(action),
    goto, undo,
    notify,
    seatName,
    shareUrl,
    announce,
    // A game's own Python calls: pyengine.app.views.<game>.ui_call(session, name, args, lang).
    // A result carrying a view replaces the game on the table.
    gameCall: async (name, args = {}) => {
      const r = callOk("game", { game, name, args });
      if (r.view) {
        supersede();
        paused = false;
        setFromResult(r);
        handedTo = null;
        history.pushState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
        render();
        busy = busy.then(runAuto);
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
}

function seatName(i) {
  if (i < 0) return t("table.chance_label");
  const s = view.seats[i];
  return s && s.name ? s.name : t("table.seat", { n: i + 1 });
}
function statusText() {
  if (!view) return "";
  if (view.status === "over") return t("table.over");
  if (view.cursor !== view.length) return t("table.replaying", { ply: view.cursor, length: view.length });
  if (paused && (view.status === "bot" || view.status === "chance")) return t("table.paused");
  if (view.status === "waiting") return view.by_link && view.by_link.waiting === "secret" ? t("table.waiting_secret") : t("table.waiting_move");
  if (view.status === "chance") return t("table.chance");
  if (view.status === "bot") {
    if (ai.status === "starting") return t("ai.starting", { seat: seatName(view.to_move) });
    return t("table.bot_thinking", { seat: seatName(view.to_move) });
  }
  return t("table.to_move", { seat: seatName(view.to_move) });
}
function renderStatus() {
  const el = document.querySelector("#table .status");
  if (!view) return;
  $("table").dataset.thinking = thinking ? "true" : "false";
  if (!el) return;
  el.textContent = statusText();
  const stop = document.querySelector('#table [data-tool="pause"]');
  if (stop) stop.hidden = !hasBots() || view.status === "over" || paused;
}
function renderValue(v) {
  if (v === null || typeof v !== "object") return h("span", { class: "val", text: JSON.stringify(v) });
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", { class: "val", text: v.map((x) => typeof x === "string" ? x : JSON.stringify(x)).join(" ") || "—" });
    return h("ol", { class: "obs-list" }, v.map((x) => h("li", {}, renderValue(x))));
  }
  return h("dl", { class: "obs" }, Object.entries(v).flatMap(([k, x]) => [h("dt", { text: k }), h("dd", {}, renderValue(x))]));
}
function needsHandover() {
  // Hot seat: a hand is shown only to the seat that has taken the device, at its turn (Python
  // shows everyone else, the history and bots' turns the public view).
  if (!view || !view.hot_seat || view.status !== "human" || view.cursor !== view.length) return false;
  return handedTo !== view.to_move;
}
function renderHead() {
  const humans = view.seats.filter((x) => x.kind === "human").length;
  const scores = h("ul", { class: "scores", "aria-label": t("table.score") },
    view.seats.map((s, i) => h("li", { class: i === view.to_move ? "to-move" : "" },
      h("span", { text: seatName(i) + (i === view.viewer && humans === 1 ? ` (${t("table.you")})` : "") }),
      h("strong", { text: String(view.returns[i] ?? 0) }))));
  return h("div", { class: "table-head" },
    h("h1", { text: view.game_name }),
    h("p", { class: "status", role: "status", "aria-live": "polite" }), scores);
}
function slot(root, name) {
  let el = root.querySelector(`:scope > [data-slot="${name}"]`);
  if (!el) { el = h("div", { "data-slot": name }); root.append(el); }
  return el;
}
function render() {
  if (!view) return;
  show("table");
  const root = $("table");
  root.dataset.game = view.game;
  root.dataset.status = view.status;
  root.dataset.thinking = thinking ? "true" : "false";
  const mod = tableModules[view.game];
  if (mod === undefined && (BUILD.tables || []).includes(view.game)) {
    // The table module is still loading: draw once it is here.
    loadTable(view.game).then(() => render());
  }
  if (mounted && (mounted.game !== view.game || !mod)) unmountTable();
  const headSlot = slot(root, "head");
  const bodySlot = slot(root, "body");
  const toolsSlot = slot(root, "tools");
  // A game whose own table is still loading shows nothing of the generic one meanwhile (no
  // flash of the shell's title and scores before the board).
  const loadingTable = mod === undefined && (BUILD.tables || []).includes(view.game);
  const showHead = !loadingTable && (!mod || !mod.shellHead || mod.shellHead(view, tableContext(view.game)));
  headSlot.replaceChildren(showHead ? renderHead() : "");
  if (needsHandover()) {
    // Hot seat: nothing of the previous player's hand may stay in the page.
    unmountTable();
    const seat = seatName(view.to_move);
    bodySlot.replaceChildren(h("div", { class: "handover", role: "dialog", "aria-label": t("table.handover", { seat }) },
      h("p", { text: t("table.handover", { seat }) }),
      h("button", { type: "button", class: "primary", "data-tool": "handover", text: t("table.handover_ready", { seat }),
        onclick: () => {
          handedTo = view.to_move;
          const r = call("view");
          if (r.ok) setFromResult(r);
          render();
          emit("changed", { state: publicState() });
        } })));
    toolsSlot.replaceChildren();
    renderStatus();
    return;
  }
  if (mod) {
    if (!mounted) {
      const host = h("div", { class: "game-table", "data-game": view.game });
      bodySlot.replaceChildren(host);
      mounted = { game: view.game, host, ctrl: null };
      try { mounted.ctrl = mod.mount(host, tableContext(view.game)); } catch (e) { console.error(e); notify(t("notice.table_failed", { reason: e.message }), [], "error"); }
    } else if (mounted.host.parentNode !== bodySlot) {
      bodySlot.replaceChildren(mounted.host);
    }
    try { mounted.ctrl && mounted.ctrl.update(view); } catch (e) { console.error(e); notify(t("notice.table_failed", { reason: e.message }), [], "error"); }
  } else if (mod === null || !(BUILD.tables || []).includes(view.game)) {
    bodySlot.replaceChildren(genericBody());
  }
  toolsSlot.replaceChildren(renderTools());
  renderStatus();
}
function genericBody() {
  const body = h("div", { class: "table-body" });
  body.append(h("section", { class: "panel observation", "aria-label": t("table.observation") },
    h("h2", { text: t("table.observation") }), renderValue(view.observation)));
  if (view.legal.length) {
    const actions = h("div", { class: "actions", role: "group", "aria-label": t("table.actions") });
    for (const a of view.legal) {
      actions.append(h("button", { type: "button", class: "action", "data-action": a.action, title: a.action,
        text: a.label, onclick: () => playFromUi(a.action) }));
    }
    body.append(h("section", { class: "panel" }, h("h2", { text: t("table.actions") }), actions));
  }
  const moves = h("ol", { class: "moves", "aria-label": t("table.moves") });
  view.history.forEach((m, i) => moves.append(h("li", { class: i + 1 === view.cursor ? "current" : "", value: m.ply },
    h("button", { type: "button", class: "link", text: `${m.actor >= 0 ? seatName(m.actor) + ": " : ""}${m.label}`,
      onclick: () => goto(i + 1) }))));
  body.append(h("section", { class: "panel history" }, h("h2", { text: t("table.moves") }), moves, replayBar(),
    h("p", { class: "muted", text: t("table.position", { ply: view.cursor, length: view.length }) })));
  return body;
}
function replayBar() {
  const slider = h("input", { type: "range", min: 0, max: view.length, value: view.cursor, "aria-label": t("table.position", { ply: view.cursor, length: view.length }),
    oninput: (e) => goto(Number(e.target.value)) });
  return h("div", { class: "replay row" },
    h("button", { type: "button", "data-nav": "first", text: "⏮", title: t("table.first"), "aria-label": t("table.first"), onclick: () => goto(0) }),
    h("button", { type: "button", "data-nav": "prev", text: "◀", title: t("table.prev"), "aria-label": t("table.prev"), onclick: () => goto(view.cursor - 1) }),
    slider,
    h("button", { type: "button", "data-nav": "next", text: "▶", title: t("table.next"), "aria-label": t("table.next"), onclick: () => goto(view.cursor + 1) }),
    h("button", { type: "button", "data-nav": "last", text: "⏭", title: t("table.last"), "aria-label": t("table.last"), onclick: () => goto(view.length) }));
}
function renderTools() {
  const share = h("input", { type: "text", readonly: true, value: shareUrl(view.fragment), class: "share-link", "aria-label": t("table.share") });
  const shareLabel = { setup: t("table.share_setup"), position: t("table.share_position"), link: t("table.share_link") }[view.share_kind] || t("table.share");
  const speedSel = h("select", { "data-tool": "speed", "aria-label": t("table.speed"), onchange: (e) => setSpeed(e.target.value) },
    Object.keys(SPEEDS).map((k) => h("option", { value: k, text: t(`speed.${k}`), selected: k === speed })));
  const bots = hasBots() && view.status !== "over";
  const undoNote = view.undo_note ? t(`table.undo_note_${view.undo_note}`) : null;
  const waiting = view.status === "waiting" && view.by_link && view.by_link.seat >= 0;
  return h("div", { class: "tools row chrome" },
    h("label", { class: "share", title: view.share_kind === "setup" ? t("table.share_setup_hint") : null },
      h("span", { text: shareLabel }), share),
    h("button", { type: "button", class: waiting ? "primary" : null, "data-tool": "copy",
      text: waiting ? t("table.copy_for_opponent") : t("table.copy"), onclick: () => copyLink(share) }),
    h("button", { type: "button", text: t("table.undo"), "data-tool": "undo", onclick: undo, disabled: view.length === 0,
      title: undoNote, "aria-describedby": undoNote ? "undo-note" : null }),
    undoNote && (hasBots() || view.by_link) ? h("span", { id: "undo-note", class: "muted undo-note", text: undoNote }) : null,
    bots ? h("label", { class: "speed" }, h("span", { text: t("table.speed") }), speedSel) : null,
    bots ? h("button", { type: "button", "data-tool": "pause", text: t("table.pause"), hidden: paused, onclick: pauseAuto }) : null,
    bots && paused ? h("button", { type: "button", "data-tool": "resume", class: "primary", text: t("table.resume"), onclick: resumeAuto }) : null,
    h("button", { type: "button", text: t("table.home"), onclick: () => { location.hash = "games"; } }));
}
async function copyLink(input) {
  try { await navigator.clipboard.writeText(input.value); notify(t("notice.copied")); }
  catch (e) { input.select(); notify(t("notice.copy_failed")); }
}
function goto(cursor) {
  if (!view || cursor < 0 || cursor > view.length) return;
  supersede();
  const r = call("goto", { cursor });
  if (r.ok) {
    setFromResult(r); render(); emit("changed", { state: publicState() });
    if (view.cursor === view.length && !paused) busy = busy.then(runAuto);
  }
}
function undo() {
  supersede();
  const r = call("undo");
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
  if (!view) throw new Error("no game is open");
  const r = call("play", { action: String(action) });
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
  const r = call("open", { fragment: frag, save: EMBED ? null : safeStorage("get", SAVE_KEY) });
  if (r.ok) { supersede(); paused = false; }
  if (!r.ok) throw new EngineError(r);
  clearNotice();
  setFromResult(r);
  handedTo = null;
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
  legal: () => (view && view.status === "human" ? view.legal.map((a) => a.action) : []),
  play,
  open: openFragment,
  // For browser tests only: fix the page's chance generator (live chance stays the default;
  // no link or saved game can set this).
  testing: Object.freeze({ fixChance: (seed) => { testChance = seed === null ? null : seededWords(Number(seed)); } }),
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
    if (view) { const r = call("view"); if (r.ok) setFromResult(r); render(); }
    else if (!$("start").hidden) showStart();
  });
  $("load-retry").addEventListener("click", () => location.reload());
  startProgress();
  // PyScript starts once we know IndexedDB works (or have put the in-memory stand-in in place).
  const runtime = ensureIndexedDB().then(() => import("./vendor/pyscript/core.js"));
  runtime.catch((e) => showLoadError(String(e && e.message || e)));
  try {
    await loadStrings(lang);
  } catch (e) {
    await loadStrings("en").catch(() => {});
  }
  applyStrings();
  try {
    await pythonReady();
  } catch (e) {
    return showLoadError(e.message);
  }
  clearInterval(progressTimer);
  $("loading-bar").value = 100;
  $("loading").setAttribute("aria-busy", "false");
  await route();
  readyResolve();
  emit("ready", { state: publicState() });
  if ("serviceWorker" in navigator && location.protocol.startsWith("http") && !params.has("nosw")) {
    setTimeout(() => navigator.serviceWorker.register("./sw.js").catch(() => {}), 0);
  }
  // The next visit starts from a memory snapshot of the interpreter (pyodide-boot.mjs); the
  // AI Worker makes it as it starts, so start it once the page has been up a moment.
  if (window.Worker) setTimeout(keepSnapshot, SNAPSHOT_DELAY_MS);
}

const SNAPSHOT_DELAY_MS = 1500;

async function keepSnapshot() {
  try {
    const { hasSnapshot } = await import("./pyodide-boot.mjs");
    if (await hasSnapshot()) return;
    // One maker at a time: a wiki page with several embedded games starts one Worker for it.
    if (!navigator.locks) return void ai.start();
    await navigator.locks.request("pyengine-snapshot", { ifAvailable: true }, async (lock) => {
      if (lock && !(await hasSnapshot())) await ai.start(); // the Worker is ready once it has saved it
    });
  } catch (e) {
    // no snapshot: the next visit starts the ordinary way
  }
}
boot();
