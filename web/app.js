// The page shell: loading, language, routing, the generic table, share links, saving,
// embedding and the automation API.  It holds no rules: every legal move, label and state
// comes from the engine through the one Python bridge (web/main.py) as JSON.
import { ensureIndexedDB } from "./idb-fallback.js";

const BUILD = window.PYENGINE_BUILD || { version: "dev", boot_bytes: 0 };
const LANGS = ["en", "ko", "ja"];
const SAVE_KEY = "pyengine:save";
const LANG_KEY = "pyengine:lang";
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
async function loadStrings(code) {
  const res = await fetch(`./i18n/${code}.json`);
  if (!res.ok) throw new Error(`language file ${code} (${res.status})`);
  strings = await res.json();
  lang = code;
  document.documentElement.lang = code;
}
function t(key, vars = {}) {
  const s = strings[key] ?? key;
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
  const out = JSON.parse(window._pyengineCall(method, JSON.stringify({ lang, ...args })));
  return out;
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

async function runAuto() {
  // Chance and bot seats act by themselves, one ply per frame so the page stays responsive.
  let guard = 0;
  while (view && view.cursor === view.length && (view.status === "chance" || view.status === "bot") && guard++ < 5000) {
    renderStatus();
    await nextFrame();
    const r = call("auto");
    if (!r.ok) { notify(r.error, [], "error"); break; }
    setFromResult(r);
    if (!r.moved) break;
  }
  render();
  emit("changed", { state: publicState() });
}

// ---------------------------------------------------------------- routing
async function route() {
  const frag = decodeURIComponent(location.hash.slice(1));
  if (frag === lastFragment && view) return;
  if (frag === "" && params.get("game")) {
    // An embed or a link that names a game: start one (a person against the simplest bots).
    const games = callOk("games").games;
    const g = games.find((x) => x.id === params.get("game"));
    if (g) {
      const seats = Array.from({ length: g.default_players }, (_, i) => ["", i === 0 ? "human" : "bot:random"]);
      return newGame({ game: g.id, seats, seed: Math.floor(Math.random() * 2 ** 32) }, false);
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
  const r = call("open", { fragment: frag });
  if (!r.ok) {
    notify(t("notice.bad_link", { reason: r.error }), [], "error");
    history.replaceState(null, "", `${location.pathname}${location.search}#games`);
    return showStart();
  }
  clearNotice();
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

function showSetup(game, li) {
  for (const old of document.querySelectorAll(".setup")) old.remove();
  const n0 = game.default_players;
  const form = h("form", { class: "setup", "aria-label": t("setup.heading", { game: game.name }) });
  const playersSel = h("select", { name: "players" });
  for (let n = game.players[0]; n <= game.players[1]; n++) playersSel.append(h("option", { value: n, text: String(n), selected: n === n0 }));
  const seatsBox = h("div", { class: "seats" });
  const drawSeats = () => {
    seatsBox.replaceChildren();
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      const sel = h("select", { name: `seat${i}` },
        h("option", { value: "human", text: t("setup.human") }),
        h("option", { value: "bot:random", text: t("setup.bot", { level: "random" }), selected: i > 0 }));
      seatsBox.append(h("label", {}, h("span", { text: t("setup.seat", { n: i + 1 }) }), sel));
    }
  };
  playersSel.addEventListener("change", drawSeats);
  drawSeats();
  form.append(h("h3", { text: t("setup.heading", { game: game.name }) }),
    h("label", {}, h("span", { text: t("setup.players") }), playersSel), seatsBox,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", text: t("setup.start") }),
      h("button", { type: "button", text: t("setup.cancel"), onclick: () => form.remove() })));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const n = Number(playersSel.value);
    const seats = [];
    for (let i = 0; i < n; i++) seats.push(["", form.elements[`seat${i}`].value]);
    const seed = crypto.getRandomValues(new Uint32Array(2));
    newGame({ game: game.id, seats, seed: seed[0] * 2 ** 21 + (seed[1] >>> 11) });
  });
  li.append(form);
  form.querySelector("select").focus();
}

async function newGame(args, push = true) {
  const r = callOk("new", args);
  clearNotice();
  setFromResult(r);
  handedTo = null;
  if (push) history.pushState(null, "", `${location.pathname}${location.search}#${view.fragment}`);
  render();
  await runAuto();
}

// ---------------------------------------------------------------- the generic table
function seatName(i) {
  if (i < 0) return t("table.chance_label");
  const s = view.seats[i];
  return s && s.name ? s.name : t("table.seat", { n: i + 1 });
}
function renderStatus() {
  const el = document.querySelector("#table .status");
  if (!el || !view) return;
  let text;
  if (view.status === "over") text = t("table.over");
  else if (view.status === "chance") text = t("table.chance");
  else if (view.status === "bot") text = t("table.bot_thinking", { seat: seatName(view.to_move) });
  else text = t("table.to_move", { seat: seatName(view.to_move) });
  el.textContent = text;
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
  if (!view || !view.hidden_information || view.status !== "human") return false;
  const humans = view.seats.filter((s) => s.kind === "human").length;
  return humans > 1 && handedTo !== view.viewer;
}
function render() {
  if (!view) return;
  show("table");
  const root = $("table");
  root.replaceChildren();
  root.dataset.game = view.game;
  root.dataset.status = view.status;
  const scores = h("ul", { class: "scores", "aria-label": t("table.score") },
    view.seats.map((s, i) => h("li", { class: i === view.to_move ? "to-move" : "" },
      h("span", { text: seatName(i) + (i === view.viewer && view.seats.filter((x) => x.kind === "human").length === 1 ? ` (${t("table.you")})` : "") }),
      h("strong", { text: String(view.returns[i] ?? 0) }))));
  root.append(h("div", { class: "table-head" },
    h("h1", { text: view.game_name }),
    h("p", { class: "status", role: "status", "aria-live": "polite" }), scores));
  if (needsHandover()) {
    const seat = seatName(view.viewer);
    root.append(h("div", { class: "handover", role: "dialog", "aria-label": t("table.handover", { seat }) },
      h("p", { text: t("table.handover", { seat }) }),
      h("button", { type: "button", class: "primary", text: t("table.handover_ready", { seat }),
        onclick: () => { handedTo = view.viewer; render(); } })));
    renderStatus();
    return;
  }
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
  const slider = h("input", { type: "range", min: 0, max: view.length, value: view.cursor, "aria-label": t("table.position", { ply: view.cursor, length: view.length }),
    oninput: (e) => goto(Number(e.target.value)) });
  body.append(h("section", { class: "panel history" }, h("h2", { text: t("table.moves") }), moves,
    h("div", { class: "replay row" },
      h("button", { type: "button", "data-nav": "first", text: "⏮", title: t("table.first"), "aria-label": t("table.first"), onclick: () => goto(0) }),
      h("button", { type: "button", "data-nav": "prev", text: "◀", title: t("table.prev"), "aria-label": t("table.prev"), onclick: () => goto(view.cursor - 1) }),
      slider,
      h("button", { type: "button", "data-nav": "next", text: "▶", title: t("table.next"), "aria-label": t("table.next"), onclick: () => goto(view.cursor + 1) }),
      h("button", { type: "button", "data-nav": "last", text: "⏭", title: t("table.last"), "aria-label": t("table.last"), onclick: () => goto(view.length) })),
    h("p", { class: "muted", text: t("table.position", { ply: view.cursor, length: view.length }) })));
  root.append(body);
  const link = new URL(location.href);
  link.search = "";
  link.hash = view.fragment;
  const share = h("input", { type: "text", readonly: true, value: link.href, class: "share-link", "aria-label": t("table.share") });
  root.append(h("div", { class: "tools row chrome" },
    h("label", { class: "share" }, h("span", { text: t("table.share") }), share),
    h("button", { type: "button", text: t("table.copy"), onclick: () => copyLink(share) }),
    h("button", { type: "button", text: t("table.undo"), "data-tool": "undo", onclick: undo, disabled: view.length === 0 }),
    h("button", { type: "button", text: t("table.home"), onclick: () => { location.hash = "games"; } })));
  renderStatus();
}
async function copyLink(input) {
  try { await navigator.clipboard.writeText(input.value); notify(t("notice.copied")); }
  catch (e) { input.select(); notify(t("notice.copy_failed")); }
}
function goto(cursor) {
  if (!view || cursor < 0 || cursor > view.length) return;
  const r = call("goto", { cursor });
  if (r.ok) { setFromResult(r); render(); emit("changed", { state: publicState() }); }
}
function undo() {
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
  const r = call("open", { fragment: frag });
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
}
boot();
