// The Daifugō table: draws view.table (pyengine/app/views/daifugo.py: table_view) with the shared
// card-table component and sends intents back.  No rules live here: which cards are playable,
// which selection makes which action, what a follow-up offers, which rules conflict and how to fix
// them — all of it comes from the view model or the rules panel's data, built from the engine, and
// so does every action string this module sends and every class title it shows; it only matches a
// selection of cards (or of Q-bomber ranks) against the offered sets.
//
// The rules panel (set-up form) and the help are built from the rules' data (every option with its
// group, kind, value and choices): an option the engine adds appears in both with no change here,
// worded from the strings daifugo.opt.<path>.name / daifugo.opt.<path> / daifugo.opt.<path>.example.
import * as kit from "./cardkit.js";
import deck from "./deck-french.js";
import { HintControl, playedHints } from "./hintkit.js";
import { stylesheet } from "./styles.js";

const TERMS = ["daifugo", "daihinmin", "tycoon", "president"];
const PACE = { instant: 0, fast: 150, normal: 500 };
const DEAL_MS = { instant: 0, fast: 900, normal: 1800 }; // a dealt hand flies in within this time
await stylesheet(new URL("./daifugo.css", import.meta.url));

// ---------------------------------------------------------------- small helpers
function multisetCovers(big, small) {
  const count = new Map();
  for (const x of big) count.set(x, (count.get(x) || 0) + 1);
  for (const x of small) {
    const c = count.get(x) || 0;
    if (!c) return false;
    count.set(x, c - 1);
  }
  return true;
}
function cardsText(cards) {
  return (cards || []).map((c) => deck.short(c.id) + (c.note ? `=${c.note}` : "")).join(" ");
}
function cardsSpoken(cards, ctx) {
  return (cards || []).map((c) => deck.label(c.id, ctx.lang) + (c.note ? ` (${c.note})` : "")).join(", ");
}
// A string, or the fallback when the strings have no such key.
function maybe(ctx, key, vars, fallback = "") {
  const s = ctx.t(key, vars);
  return s === key ? fallback : s;
}
function levelName(ctx, kind) {
  const level = kind.startsWith("bot:") ? kind.slice(4) : kind;
  return maybe(ctx, `level.${level}`, {}, level);
}
function titleText(ctx, id) {
  if (!id) return "";
  const terms = ctx.settings.get("terms", "daifugo");
  return ctx.t(`daifugo.title.${TERMS.includes(terms) ? terms : "daifugo"}.${id}`);
}
// Options and values of the rules, worded from the strings (see the comment at the top).
function optionName(ctx, path) {
  return maybe(ctx, `daifugo.opt.${path}.name`, {}, path.split(".").pop().replace(/_/g, " "));
}
// A value's short label (daifugo.val.<value>), else its line for this option (daifugo.opt.<path>.val.<value>).
function valueLabel(ctx, v, path) {
  if (v === true) return ctx.t("daifugo.val.on");
  if (v === false) return ctx.t("daifugo.val.off");
  if (Array.isArray(v)) return v.length ? v.map((x) => valueLabel(ctx, x, path)).join(", ") : ctx.t("daifugo.val.none");
  if (typeof v === "number") return String(v);
  return maybe(ctx, `daifugo.val.${v}`) || (path && maybe(ctx, `daifugo.opt.${path}.val.${v}`)) || String(v).replace(/_/g, " ");
}
function presetName(ctx, id) { return maybe(ctx, `preset.daifugo.${id}`, {}, id); }
function conflictText(ctx, c) {
  const opts = c.options.map((o) => ctx.t("daifugo.conflict.option", { name: optionName(ctx, o.path), value: valueLabel(ctx, o.value, o.path) }));
  const and = ctx.t("daifugo.conflict.and");
  if (c.players !== null && c.players !== undefined) {
    return opts.length ? ctx.t("daifugo.conflict.players", { a: opts.join(and), n: c.players }) : ctx.t("daifugo.conflict.players_only", { n: c.players });
  }
  if (opts.length >= 2) return ctx.t("daifugo.conflict.pair", { a: opts[0], b: opts.slice(1).join(and) });
  return ctx.t("daifugo.conflict.one", { a: opts[0] || "" });
}
function fixText(ctx, fix, optionsByPath) {
  if (fix.players) return ctx.t("daifugo.fix.players", { n: fix.players });
  if (fix.preset) return ctx.t("daifugo.fix.preset", { preset: presetName(ctx, fix.preset) });
  const [path, value] = Object.entries(fix.set)[0];
  const name = optionName(ctx, path);
  const now = optionsByPath.get(path);
  if (value === true) return ctx.t("daifugo.fix.on", { name });
  if (value === false) return ctx.t("daifugo.fix.off", { name });
  if (Array.isArray(value) && now && Array.isArray(now.value)) {
    const gone = now.value.filter((x) => !value.includes(x));
    if (gone.length) return ctx.t("daifugo.fix.remove", { name, item: valueLabel(ctx, gone, path) });
  }
  return ctx.t("daifugo.fix.set", { name, value: valueLabel(ctx, value, path) });
}
function speedOf(ctx) { return ctx.speed in DEAL_MS ? ctx.speed : "fast"; }

function logText(ctx, it) {
  const t = ctx.t;
  const who = it.seat !== undefined ? ctx.seatName(it.seat) : "";
  switch (it.kind) {
    case "play": case "four_stop": return t("daifugo.log.play", { seat: who, cards: cardsText(it.cards) });
    case "pass": return t("daifugo.log.pass", { seat: who });
    case "lead": return t("daifugo.log.lead", { seat: who });
    case "clear": return t("daifugo.log.clear", { seat: who });
    case "out": return t("daifugo.log.out", { seat: who, place: it.place });
    case "revolution": return t(it.on ? "daifugo.effect.revolution" : "daifugo.effect.counter_revolution");
    case "revolution_pending": return t("daifugo.effect.revolution_pending");
    case "tribute": case "return": case "give":
      return t(`daifugo.log.${it.kind}`, { seat: who, to: ctx.seatName(it.to), cards: it.cards ? cardsText(it.cards) : t("daifugo.log.n_cards", { n: it.count }) });
    case "discard": return t("daifugo.log.discard", { seat: who, cards: cardsText(it.cards) || "—" });
    case "bomb": return t("daifugo.log.bomb", { seat: who, ranks: it.ranks.join(", ") || "—" });
    case "skip": return t("daifugo.log.skip", { seats: it.seats.map((s) => ctx.seatName(s)).join(", ") });
    case "reverse": return t("daifugo.effect.reverse");
    case "game": return t("daifugo.log.game", { n: it.game });
    case "dealer": return t("daifugo.log.dealer", { seat: who });
    case "result": return t("daifugo.log.result", { seat: ctx.seatName(it.placing[0]) });
    case "forbidden_finish": case "miyako_ochi": case "kyoto_ochi": case "gekokujo": case "omen":
      return t(`daifugo.effect.${it.kind}`) + (who ? ` — ${who}` : "");
    case "four_stop_declined": return t("daifugo.log.pass", { seat: who });
    default: return null;
  }
}

function effectText(ctx, e) {
  if (e.kind === "out") return ctx.t("daifugo.log.out", { seat: ctx.seatName(e.seat), place: e.place });
  if (e.kind === "skip") return ctx.t("daifugo.log.skip", { seats: e.seats.map((s) => ctx.seatName(s)).join(", ") });
  return ctx.t(`daifugo.effect.${e.kind}`);
}

function pendingText(ctx, p) {
  if (!p) return "";
  const who = ctx.seatName(p.player);
  const vars = { seat: who, to: p.to !== undefined ? ctx.seatName(p.to) : "", n: p.count ?? p.up_to ?? 0 };
  return ctx.t(`daifugo.pending.${p.kind}`, vars);
}

// ---------------------------------------------------------------- the help (a rules panel for players)
// How a game goes, then every rule of the rules in force: its name, its value, a one-line
// explanation and an example; the rules switched off are listed by name at the end.  Built from the rules panel's data, so it follows the engine's options.
const helpCache = new Map(); // rules encoding → the rules panel's data
async function rulesData(ctx, encoding) {
  if (!helpCache.has(encoding)) helpCache.set(encoding, await ctx.gameCall("rules_panel", { rules: encoding }));
  return helpCache.get(encoding);
}
function helpBody(ctx, panel) {
  const h = ctx.h;
  const t = (k, v) => ctx.t(k, v);
  const steps = [];
  for (let i = 1; ; i++) {
    const s = maybe(ctx, `daifugo.help.step.${i}`);
    if (!s) break;
    steps.push(h("li", { text: s }));
  }
  const preset = panel.preset;
  const about = preset ? maybe(ctx, `daifugo.preset_about.${preset}`) : "";
  const used = [];
  const unused = [];
  for (const g of panel.groups) {
    const rows = [];
    for (const o of g.options) {
      // a rule that is switched off (off, 0, none) is named once at the end
      if (o.value === false || o.value === "off" || o.value === 0 || (Array.isArray(o.value) && !o.value.length)) { unused.push(optionName(ctx, o.path)); continue; }
      const example = maybe(ctx, `daifugo.opt.${o.path}.example.${Array.isArray(o.value) ? "list" : o.value}`)
        || maybe(ctx, `daifugo.opt.${o.path}.example`);
      const byValue = Array.isArray(o.value) ? "" : maybe(ctx, `daifugo.opt.${o.path}.val.${o.value}`);
      rows.push(h("li", { class: "df-help-rule", "data-option": o.path },
        h("strong", { text: optionName(ctx, o.path) }), h("span", { class: "df-help-value", text: valueLabel(ctx, o.value, o.path) }),
        h("p", { text: [maybe(ctx, `daifugo.opt.${o.path}`), byValue].filter(Boolean).join(" ") }),
        example ? h("p", { class: "df-help-example" }, h("span", { class: "df-help-eg", text: t("daifugo.help.example") }), example) : ""));
    }
    if (rows.length) used.push(h("section", { class: "df-help-group" }, h("h4", { text: t(`daifugo.group.${g.id}`) }), h("ul", {}, rows)));
  }
  return [
    h("h3", { text: t("daifugo.help.title") }),
    h("ol", { class: "df-help-steps" }, steps),
    h("h3", { text: preset ? t("daifugo.help.rules_of", { preset: presetName(ctx, preset) }) : t("daifugo.help.rules_custom", { preset: presetName(ctx, panel.base) }) }),
    about ? h("p", { text: about }) : "",
    h("div", { class: "df-help-groups" }, used),
    unused.length ? h("p", { class: "muted df-help-unused" }, h("strong", { text: t("daifugo.help.unused") }), " ", unused.join(" · ")) : "",
    h("details", { class: "df-help-presets" }, h("summary", { text: t("daifugo.help.presets") }),
      h("dl", {}, Object.keys(panel.players).flatMap((id) => [h("dt", { text: presetName(ctx, id) }), h("dd", { text: maybe(ctx, `daifugo.preset_about.${id}`) })]))),
  ];
}

// ---------------------------------------------------------------- the table
function mount(host, ctx) {
  const h = ctx.h;
  const t = (k, v) => ctx.t(k, v);
  const root = h("div", { class: "df" + (ctx.embed ? " df-embed" : "") });
  host.append(root);

  // settings bar
  const sortBtn = h("button", { type: "button", class: "df-sort", "data-df": "sort" });
  const autoBox = h("input", { type: "checkbox", "data-df": "autopass" });
  const textBox = h("input", { type: "checkbox", "data-df": "textview" });
  const termsSel = h("select", { "data-df": "terms" });
  const helpBtn = h("button", { type: "button", class: "df-help-btn", "data-df": "help", "aria-expanded": "false" });
  const hint = new HintControl(ctx, { game: "daifugo", onChange: () => schedule() });
  // the settings a player changes now and then fold into one menu beside the sort and the rules,
  // so the table and the whole hand fit a phone's or a laptop's screen at the start of a game
  const settingsBar = h("div", { class: "df-settings" },
    h("label", {}, autoBox, h("span", { class: "df-l-autopass" })),
    h("label", {}, textBox, h("span", { class: "df-l-text" })),
    h("label", {}, h("span", { class: "df-l-terms" }), termsSel),
    hint.setting);
  const optionsSummary = h("summary", { class: "df-options-btn", "data-df": "options" });
  const options = h("details", { class: "df-options" }, optionsSummary, settingsBar);
  const closeOptions = (focus) => { if (!options.open) return; options.open = false; if (focus) optionsSummary.focus(); };
  options.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeOptions(true); } });
  const outside = (e) => { if (!options.contains(e.target)) closeOptions(false); };
  document.addEventListener("pointerdown", outside);
  options.addEventListener("focusout", (e) => { if (e.relatedTarget && !options.contains(e.relatedTarget)) closeOptions(false); });
  const helpBox = h("section", { class: "df-help", hidden: true, tabindex: "-1" });
  const hintsLine = h("p", { class: "df-hints-used muted", hidden: true, "data-hints": "used" });

  const strip = h("div", { class: "df-strip", role: "status", "aria-live": "off" });
  const top = h("div", { class: "df-top" }, strip, h("div", { class: "df-tools" }, sortBtn, options, helpBtn));
  const ring = new kit.SeatRing();
  const field = new kit.Field({ deck, lang: ctx.lang });
  const trickCaption = h("p", { class: "df-trick" });
  const discards = h("p", { class: "df-discards muted" });
  ring.centre.append(field.el, trickCaption, discards);

  const prompt = h("p", { class: "df-prompt", "aria-live": "polite" });
  const chooser = h("div", { class: "df-chooser", role: "group" });
  const playBtn = h("button", { type: "button", class: "primary", "data-df": "play" });
  const passBtn = h("button", { type: "button", "data-df": "pass" });
  const noneBtn = h("button", { type: "button", "data-df": "none" });
  const clearBtn = h("button", { type: "button", "data-df": "clear" });
  const controls = h("div", { class: "df-controls row" }, playBtn, passBtn, noneBtn, clearBtn);
  const hand = new kit.Hand({
    deck, lang: ctx.lang,
    onToggle: () => { renderControls(); renderText(); },
    onConfirm: () => confirm(),
    onKey: (ev) => {
      if (ev.key === "p" || ev.key === "P") { ev.preventDefault(); if (!passBtn.hidden && !passBtn.disabled) send(tv.pass_action); return false; }
      return true;
    },
  });
  const exchangeBox = h("section", { class: "df-exchange", hidden: true });
  const resultsBox = h("section", { class: "df-results", hidden: true, tabindex: "-1" });
  const revealBox = h("section", { class: "df-reveal", hidden: true });
  const logList = new kit.LogList({ max: 60 });
  const scoreBox = h("div", { class: "df-scoreboard" });
  const navBtn = (nav, text, fn) => h("button", { type: "button", "data-df-nav": nav, text, onclick: fn });
  const slider = h("input", { type: "range", min: 0, value: 0, "data-df-nav": "slider", oninput: (e) => ctx.goto(Number(e.target.value)) });
  const replayBar = h("div", { class: "df-replay row" },
    navBtn("first", "|◀", () => ctx.goto(0)), navBtn("prev", "◀", () => view && ctx.goto(view.cursor - 1)), slider,
    navBtn("next", "▶", () => view && ctx.goto(view.cursor + 1)), navBtn("last", "▶|", () => view && ctx.goto(view.length)));
  const side = h("div", { class: "df-side" },
    h("section", { class: "df-replaybox" }, replayBar),
    h("section", { class: "df-logbox" }, h("h3", { class: "df-h-log" }), logList.el),
    h("section", { class: "df-scorebox" }, h("h3", { class: "df-h-score" }), scoreBox));
  const textView = h("section", { class: "df-textview", hidden: true });
  const main = h("div", { class: "df-main" }, ring.el, exchangeBox, resultsBox, hintsLine, revealBox, prompt, chooser, controls, hint.el, hand.el);
  root.append(top, helpBox, h("div", { class: "df-graphic" }, main, side), textView);

  let view = null;   // the session view
  let tv = null;     // view.table
  let frame = 0;
  let autoPassAt = null;
  let seenResults = null;
  let announcedKey = null;
  let lastGame = null;
  let stripEffectKey = null;
  let lastLength = null; // the record's length at the last update (a longer one: something new was played or dealt)
  let dealt = false;     // this update's hand arrived as a whole (a deal)
  let lastTurn = null;   // the record's length when the player's turn last came (live play)
  let destroyed = false;

  function setting(key, fallback) { return ctx.settings.get(key, fallback); }
  function handOrder() {
    return setting("sort", "strength") === "suit" ? tv.hand_suit : tv.hand_strength;
  }

  // --- intents ---------------------------------------------------------------------------
  function send(action) {
    hand.clear();
    ctx.play(action);
  }
  function selectionIds() {
    const byKey = new Map(tv.hand.map((c) => [c.key, c.id]));
    return hand.selected.map((k) => byKey.get(k));
  }
  function matches() {
    const sig = selectionIds().slice().sort().join(".");
    return tv.choices.filter((c) => c.sig === sig && c.ids && c.ids.length === hand.selected.length);
  }
  function confirm() {
    if (!tv) return;
    if (tv.mode === "bomb") return sendBomb();
    if (tv.mode !== "play" && tv.mode !== "select") return;
    const m = matches();
    if (m.length === 1) send(m[0].action);
    else if (m.length > 1) { const first = chooser.querySelector("button"); if (first) first.focus(); }
    else if (!hand.selected.length && tv.mode === "select" && tv.select && tv.select.none) send(tv.select.none);
  }
  const bombSel = new Set();
  function sendBomb() {
    const picked = tv.bomb.options.find((o) => o.ranks.length === bombSel.size && o.ranks.every((r) => bombSel.has(r)));
    bombSel.clear();
    if (picked) ctx.play(picked.action);
    else { ctx.notify(t("daifugo.bomb.too_many", { n: tv.bomb.max }), [], "error"); renderControls(); }
  }

  playBtn.addEventListener("click", confirm);
  passBtn.addEventListener("click", () => send(tv.pass_action));
  noneBtn.addEventListener("click", () => tv && tv.select && tv.select.none && send(tv.select.none));
  clearBtn.addEventListener("click", () => { hand.clear(); renderControls(); renderText(); hand.focus(); });
  sortBtn.addEventListener("click", () => {
    ctx.settings.set("sort", setting("sort", "strength") === "suit" ? "strength" : "suit");
    schedule();
  });
  autoBox.addEventListener("change", () => { ctx.settings.set("autopass", autoBox.checked ? "1" : "0"); schedule(); });
  textBox.addEventListener("change", () => { ctx.settings.set("text", textBox.checked ? "1" : "0"); schedule(); });
  termsSel.addEventListener("change", () => { ctx.settings.set("terms", termsSel.value); schedule(); });
  helpBtn.addEventListener("click", () => toggleHelp());

  async function toggleHelp(open = helpBox.hidden) {
    helpBox.hidden = !open;
    helpBtn.setAttribute("aria-expanded", open ? "true" : "false");
    if (!open || !view) return;
    const rules = view.rules;
    helpBox.dataset.rules = rules;
    helpBox.replaceChildren(h("p", { class: "muted", text: t("daifugo.help.loading") }));
    let panel;
    try { panel = await rulesData(ctx, rules); } catch (e) { helpBox.replaceChildren(h("p", { text: e.message })); return; }
    if (helpBox.dataset.rules !== rules || destroyed) return;
    helpBox.dataset.lang = ctx.lang;
    helpBox.replaceChildren(h("div", { class: "df-help-head" },
      h("button", { type: "button", "data-df": "help-close", text: t("daifugo.help.close"), onclick: () => { toggleHelp(false); helpBtn.focus(); } })),
    ...helpBody(ctx, panel));
    helpBox.focus({ preventScroll: false });
  }

  // --- rendering -----------------------------------------------------------------------------
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; render(); });
  }
  function render() {
    if (!tv) return;
    const me = tv.me;
    root.dataset.mode = tv.mode;
    root.dataset.phase = tv.phase;
    root.dataset.players = String(tv.players);
    root.dataset.replaying = tv.replaying ? "true" : "false";
    renderSettings();
    renderStrip();
    ring.update(tv.seats.map((s) => ({
      key: s.seat,
      name: ctx.seatName(s.seat),
      detail: s.kind.startsWith("bot:") ? t("daifugo.bot", { level: levelName(ctx, s.kind) }) : "",
      count: s.count,
      title: titleText(ctx, s.title),
      badge: s.title === "tycoon" || s.title === "beggar" ? s.title : undefined,
      marks: [s.me ? t("table.you") : null, s.out ? t("daifugo.mark.out", { place: s.out }) : null, s.passed ? t("daifugo.mark.passed") : null,
        s.owner ? t("daifugo.mark.owner") : null, s.offender ? t("daifugo.mark.offender") : null,
        s.fallen ? t("daifugo.mark.fallen") : null].filter(Boolean),
      active: s.active, me: s.me, out: s.out > 0,
    })));
    field.update({
      lang: ctx.lang,
      cards: tv.field ? tv.field.cards.map((c, i) => ({ key: i, id: c.id, note: c.note })) : [],
      stacked: tv.trick.filter((x) => x.kind === "play").slice(0, -1).map((x) => x.cards),
      caption: tv.field ? t("daifugo.field.by", { seat: ctx.seatName(tv.field.seat) }) : t("daifugo.field.empty"),
    });
    trickCaption.textContent = tv.trick.length
      ? tv.trick.slice(-4).map((x) => x.kind === "pass" ? t("daifugo.log.pass", { seat: ctx.seatName(x.seat) }) : `${ctx.seatName(x.seat)}: ${cardsText(x.cards)}`).join(" · ")
      : "";
    discards.textContent = tv.discarded ? t("daifugo.discarded", { n: tv.discarded }) : "";
    // the hand
    const byKey = new Map(tv.hand.map((c) => [c.key, c]));
    const active = tv.mode === "play" || tv.mode === "select";
    const sel = hand.selected.filter((k) => byKey.has(k));
    const selIds = sel.map((k) => byKey.get(k).id);
    const reach = active ? tv.choices.filter((c) => c.ids && multisetCovers(c.ids, selIds)) : [];
    const playableIds = new Set(reach.flatMap((c) => c.ids));
    const fresh = tv.hand.filter((c) => !hand.nodes.has(c.key)).length;
    const enter = dealt ? DEAL_MS[speedOf(ctx)] : fresh && lastLength !== null && !tv.replaying && speedOf(ctx) !== "instant" ? 220 : 0;
    dealt = false;
    hand.update({
      lang: ctx.lang,
      selectable: active,
      selected: sel,
      enter,
      cards: handOrder().map((k) => ({ key: k, id: byKey.get(k).id, playable: active ? playableIds.has(byKey.get(k).id) : undefined })),
    });
    hand.el.setAttribute("aria-label", me >= 0 ? t("daifugo.hand", { n: tv.hand.length }) : t("daifugo.spectator"));
    hand.el.hidden = me < 0;
    renderHint();
    // keyboard play: when the played cards leave the hand the focus falls to the page; bring it back
    const lost = !document.activeElement || document.activeElement === document.body;
    if (active && lost && textView.hidden && !hand.el.hidden && host.isConnected) hand.focus();
    renderExchange();
    renderResults();
    renderReveal();
    renderControls();
    // a phone, a long row of rule chips: bring the hand into view when the player's turn comes
    // (not in an embed, which fits its frame, nor in a replay)
    const turn = active && view.cursor === view.length ? view.length : null;
    if (turn !== null && turn !== lastTurn && !ctx.embed && textView.hidden && host.isConnected) {
      const box = hand.el.getBoundingClientRect();
      if (box.height && box.bottom > window.innerHeight) hand.el.scrollIntoView({ block: "end", behavior: "smooth" });
    }
    lastTurn = turn;
    logList.update(tv.log.map((it) => ({ key: `${tv.game_no}:${it.key}`, text: logText(ctx, it), kind: it.kind === "pass" ? "pass" : ["revolution", "out", "forbidden_finish", "miyako_ochi"].includes(it.kind) ? "effect" : "" })).filter((x) => x.text));
    renderScoreboard();
    slider.max = String(view.length);
    slider.value = String(view.cursor);
    slider.setAttribute("aria-label", t("table.position", { ply: view.cursor, length: view.length }));
    for (const b of replayBar.querySelectorAll("button")) { b.title = t(`table.${b.dataset.dfNav}`); b.setAttribute("aria-label", b.title); }
    renderText();
    announce();
    maybeAutoPass();
    if (!helpBox.hidden && (helpBox.dataset.rules !== view.rules || helpBox.dataset.lang !== ctx.lang)) toggleHelp(true);
  }

  function renderHint() {
    hint.update(view);
    const r = hint.shown;
    const keys = new Set();
    if (r) {
      const choice = (tv.choices || []).find((c) => c.action === r.action);
      const left = [...tv.hand];
      for (const id of (choice && choice.ids) || []) {
        const at = left.findIndex((c) => c.id === id);
        if (at >= 0) { keys.add(left[at].key); left.splice(at, 1); }
      }
      const move = hint.label(r.action);
      const place = r.place === null || r.place === undefined ? null : r.place.toFixed(1);
      hint.say(place === null ? t("daifugo.hint.plain", { move }) : t(r.method === "exact" ? "daifugo.hint.exact" : "daifugo.hint.reason", { move, place, players: r.players }));
    }
    for (const [k, b] of hand.nodes) b.classList.toggle("hinted", keys.has(k));
    passBtn.classList.toggle("hinted", Boolean(r && r.action === tv.pass_action));
    const used = playedHints(view);
    const over = view.status === "over";
    hintsLine.hidden = !(over && used.length);
    if (over && used.length) hintsLine.textContent = t("daifugo.hint.summary", { n: used.length, plies: used.join(", ") });
  }

  function renderSettings() {
    sortBtn.textContent = setting("sort", "strength") === "suit" ? t("daifugo.sort.suit") : t("daifugo.sort.strength");
    sortBtn.setAttribute("aria-label", t("daifugo.sort.label") + ": " + sortBtn.textContent);
    autoBox.checked = setting("autopass", "0") === "1";
    textBox.checked = setting("text", "0") === "1";
    settingsBar.querySelector(".df-l-autopass").textContent = t("daifugo.autopass");
    settingsBar.querySelector(".df-l-text").textContent = t("daifugo.textview");
    settingsBar.querySelector(".df-l-terms").textContent = t("daifugo.terms");
    helpBtn.textContent = t("daifugo.help.button");
    optionsSummary.textContent = t("daifugo.options");
    const terms = setting("terms", "daifugo");
    if (termsSel.options.length !== TERMS.length) termsSel.replaceChildren(...TERMS.map((k) => h("option", { value: k })));
    TERMS.forEach((k, i) => { const text = t(`daifugo.terms.${k}`); if (termsSel.options[i].textContent !== text) termsSel.options[i].textContent = text; });
    termsSel.value = terms;
    const text = textBox.checked;
    root.classList.toggle("df-text", text);
    textView.hidden = !text;
    root.querySelector(".df-graphic").hidden = text;
    playBtn.textContent = tv.mode === "select" ? t(`daifugo.confirm.${tv.select ? tv.select.kind : "return"}`) : tv.mode === "bomb" ? t("daifugo.confirm.q_bomber") : t("daifugo.play");
    passBtn.textContent = t("daifugo.pass");
    noneBtn.textContent = t("daifugo.none");
    clearBtn.textContent = t("daifugo.clear");
    side.querySelector(".df-h-log").textContent = t("daifugo.log");
    side.querySelector(".df-h-score").textContent = t("daifugo.scoreboard");
  }

  function stripItems() {
    const s = tv.strip;
    const items = [];
    // what turns the order over (a revolution, an 11-back), then the order in force: inverted when
    // exactly one of them is on (the view's `inverted`), normal when both cancel
    if (s.revolution) items.push({ key: "revolution", cls: "on", text: t("daifugo.strip.revolution") });
    if (s.back) items.push({ key: "back", cls: "on", text: t("daifugo.strip.back") });
    items.push({ key: "order", cls: s.inverted ? "on" : "", text: s.inverted ? t("daifugo.strip.inverted") : t("daifugo.strip.normal") });
    if (s.lock.length) items.push({ key: "lock", cls: "on", text: t("daifugo.strip.lock", { suits: s.lock.join("") }) });
    if (s.number_lock !== null && s.number_lock !== undefined) items.push({ key: "number", cls: "on", text: t("daifugo.strip.number_lock", { rank: s.number_lock }) });
    if (s.colour_lock) items.push({ key: "colour", cls: "on", text: t("daifugo.strip.colour_lock") });
    items.push({ key: "dir", cls: s.direction < 0 ? "on" : "", text: s.direction < 0 ? t("daifugo.strip.ccw") : t("daifugo.strip.cw") });
    if (s.pending) items.push({ key: "pending", cls: "on", text: pendingText(ctx, s.pending) });
    for (const e of s.effects) items.push({ key: `fx-${e.kind}`, cls: "fx", kind: e.kind, text: effectText(ctx, e) });
    return items;
  }
  function renderStrip() {
    const items = stripItems();
    const fresh = tv.strip.effect_key !== stripEffectKey;
    stripEffectKey = tv.strip.effect_key;
    const have = new Map([...strip.children].map((c) => [c.dataset.key, c]));
    let prev = null;
    for (const it of items) {
      let span = have.get(it.key);
      if (!span) span = h("span", { class: "df-chip", "data-key": it.key });
      have.delete(it.key);
      if ((prev ? prev.nextSibling : strip.firstChild) !== span) strip.insertBefore(span, prev ? prev.nextSibling : strip.firstChild);
      prev = span;
      span.textContent = it.text;
      span.className = `df-chip ${it.cls}`;
      if (it.kind) span.dataset.effect = it.kind;
      if (it.cls === "fx" && fresh) { span.classList.remove("df-flash"); void span.offsetWidth; span.classList.add("df-flash"); }
    }
    for (const old of have.values()) old.remove();
    strip.dataset.revolution = tv.strip.revolution ? "1" : "0";
    strip.dataset.effects = tv.strip.effects.map((e) => e.kind).join(" ");
    strip.setAttribute("aria-label", t("daifugo.strip.label"));
  }

  // The follow-up buttons (stand-in choices, Q-bomber ranks, the revolution choice) are rebuilt only
  // when what they offer changes, so a press never lands on a button that was just replaced.
  function renderChooser(sig, build) {
    const key = JSON.stringify([sig, ctx.lang]);
    if (chooser.dataset.sig === key) return;
    chooser.dataset.sig = key;
    chooser.replaceChildren(...build());
  }
  function renderControls() {
    if (!tv) return;
    const mode = tv.mode;
    const mine = mode === "play" || mode === "select" || mode === "bomb" || mode === "revolt";
    controls.hidden = !mine;
    passBtn.hidden = !(mode === "play" && tv.pass_action);
    noneBtn.hidden = !(mode === "select" && tv.select && tv.select.none);
    clearBtn.hidden = !(mode === "play" || mode === "select");
    playBtn.hidden = mode === "revolt";
    let text = "";
    let offer = [null, () => []];
    if (mode === "play") {
      const m = matches();
      playBtn.disabled = m.length === 0;
      if (m.length > 1) {
        chooser.setAttribute("aria-label", t("daifugo.standin.choose"));
        offer = [["standin", m.map((c) => c.action)], () => [h("span", { class: "muted", text: t("daifugo.standin.choose") }),
          ...m.map((c) => h("button", { type: "button", "data-action": c.action, text: t("daifugo.standin.as", { card: c.standin || cardsText(c.ids.map((id) => ({ id }))) }), title: c.label, onclick: () => send(c.action) }))]];
      }
      if (!tv.choices.length) text = t("daifugo.prompt.nothing");
      else if (!hand.selected.length) text = tv.field ? t("daifugo.prompt.follow") : t("daifugo.prompt.lead");
      else if (!m.length) text = t("daifugo.prompt.no_match");
      else text = m.length > 1 ? t("daifugo.standin.choose") : m[0].label;
      if (tv.phase === "four_stop") text = t("daifugo.prompt.four_stop") + " " + text;
    } else if (mode === "select") {
      const sel = tv.select;
      const m = matches();
      playBtn.disabled = m.length === 0 && !(hand.selected.length === 0 && sel.none);
      const vars = { n: sel.max, min: sel.min, to: sel.to !== null && sel.to !== undefined ? ctx.seatName(sel.to) : "" };
      text = t(`daifugo.prompt.${sel.kind}`, vars) + ` (${hand.selected.length}/${sel.max})`;
    } else if (mode === "bomb") {
      playBtn.disabled = false;
      chooser.setAttribute("aria-label", t("daifugo.prompt.q_bomber", { n: tv.bomb.max }));
      offer = [["bomb", view.cursor, tv.bomb.ranks.map((r) => r.id)], () => tv.bomb.ranks.map((r) => h("button", { type: "button", class: "df-rank", "data-rank": r.id, "aria-pressed": "false", text: r.text,
        onclick: (ev) => { if (bombSel.has(r.id)) bombSel.delete(r.id); else bombSel.add(r.id); ev.currentTarget.setAttribute("aria-pressed", bombSel.has(r.id) ? "true" : "false"); } }))];
      text = t("daifugo.prompt.q_bomber", { n: tv.bomb.max });
    } else if (mode === "revolt") {
      offer = [["revolt", tv.choices.map((c) => c.action)], () => tv.choices.map((c) => h("button", { type: "button", class: "primary", "data-action": c.action, text: c.label, onclick: () => send(c.action) }))];
      text = t("daifugo.prompt.revolution_choice");
    } else if (mode === "over") {
      text = t("daifugo.prompt.over");
    } else if (view.cursor !== view.length) {
      text = t("daifugo.prompt.replay");
    } else if (tv.phase === "deal" || tv.phase === "dealer") {
      text = t("daifugo.prompt.dealing");
    } else if (tv.to_move >= 0) {
      text = t("daifugo.prompt.wait", { seat: ctx.seatName(tv.to_move) });
    }
    renderChooser(offer[0], offer[1]);
    if (mode === "bomb") for (const b of chooser.querySelectorAll(".df-rank")) b.setAttribute("aria-pressed", bombSel.has(b.dataset.rank) ? "true" : "false");
    prompt.textContent = text;
  }

  function cardRow(cards) {
    return h("div", { class: "df-cards" }, cards.map((c) => {
      const e = kit.cardEl(deck, c.id, { small: true, note: c.note });
      e.setAttribute("role", "img");
      e.setAttribute("aria-label", deck.label(c.id, ctx.lang));
      e.dataset.card = c.id;
      return e;
    }));
  }
  function renderExchange() {
    const inPhase = tv.phase === "tribute" || tv.phase === "return";
    const mineDone = tv.exchange.filter((x) => x.cards && (x.seat === tv.me || x.to === tv.me));
    // its own screen during the exchange; afterwards a summary until the first trick is over
    const firstTrick = !tv.log.some((x) => x.kind === "clear");
    const show = inPhase || (firstTrick && mineDone.length > 0 && tv.phase === "play");
    exchangeBox.hidden = !show;
    root.classList.toggle("df-exchanging", inPhase);
    if (!show) return;
    const rows = tv.exchange.map((x) => h("li", { "data-kind": x.kind },
      t(`daifugo.log.${x.kind}`, { seat: ctx.seatName(x.seat), to: ctx.seatName(x.to), cards: x.cards ? cardsText(x.cards) : t("daifugo.log.n_cards", { n: x.count }) })));
    const received = mineDone.filter((x) => x.to === tv.me).flatMap((x) => x.cards);
    const gave = mineDone.filter((x) => x.seat === tv.me).flatMap((x) => x.cards);
    const must = tv.mode === "select" && tv.select && (tv.select.kind === "tribute" || tv.select.kind === "return")
      ? h("p", { class: "df-must" }, t(`daifugo.prompt.${tv.select.kind}`, { n: tv.select.max, to: ctx.seatName(tv.select.to) })) : null;
    const waiting = inPhase && tv.mode !== "select" && tv.strip.pending
      ? h("p", { class: "muted" }, pendingText(ctx, tv.strip.pending)) : null;
    exchangeBox.replaceChildren(...[
      h("h3", { text: t("daifugo.exchange.title", { n: tv.game_no }) }),
      must, waiting,
      received.length ? h("div", {}, h("p", { text: t("daifugo.exchange.received") }), cardRow(received)) : null,
      gave.length ? h("div", {}, h("p", { text: t("daifugo.exchange.gave") }), cardRow(gave)) : null,
      rows.length ? h("ul", { class: "df-exch-list" }, rows) : null,
    ].filter(Boolean));
  }

  function resultsTable(rows, final) {
    const ranked = final ? tv.standings : rows.placing;
    const tied = (p) => final && tv.standings.some((q) => q !== p && tv.ranks[q] === tv.ranks[p]);
    return h("ol", { class: "df-ranks" }, ranked.map((p, i) => h("li", { "data-seat": p, "data-place": final ? tv.ranks[p] : i + 1, class: tied(p) ? "df-tied" : "" },
      h("span", { class: "df-place", text: final ? (tied(p) ? t("daifugo.results.tied_place", { n: tv.ranks[p] }) : `${tv.ranks[p]}.`) : `${i + 1}.` }),
      h("span", { class: "df-rank-name", text: ctx.seatName(p) }),
      final ? h("span", { text: t("daifugo.points", { n: tv.scores[p] }) })
        : h("span", { text: `${titleText(ctx, rows.classes[p])} · +${rows.points[p]}` }),
      tied(p) ? h("span", { class: "df-tie", text: t("daifugo.results.tie") }) : "")));
  }
  function renderResults() {
    const count = tv.results.length;
    if (seenResults === null) seenResults = tv.mode === "over" ? count - 1 : count;
    if (count < seenResults) seenResults = count; // replay went back
    const show = count > seenResults || (tv.mode === "over" && !ctx.embed && resultsBox.dataset.dismissed !== "over");
    resultsBox.hidden = !show || count === 0;
    if (resultsBox.hidden) return;
    const last = tv.results[count - 1];
    const final = tv.mode === "over";
    const key = `${count}:${final}:${ctx.lang}:${setting("terms", "daifugo")}`;
    if (resultsBox.dataset.key === key) return;
    resultsBox.dataset.key = key;
    resultsBox.replaceChildren(...[
      h("h3", { text: final ? t("daifugo.results.match") : t("daifugo.results.game", { n: last.game }) }),
      resultsTable(last, false),
      final ? h("div", {}, h("h4", { text: t("daifugo.results.final") }), resultsTable(last, true)) : null,
      h("div", { class: "df-results-actions" }, h("button", { type: "button", class: "primary", "data-df": "continue", text: t("daifugo.results.continue"),
        onclick: () => { seenResults = count; resultsBox.dataset.dismissed = final ? "over" : ""; resultsBox.hidden = true; if (!hand.el.hidden) hand.focus(); } })),
    ].filter(Boolean));
  }

  // Replaying a finished match: every hand face up at the position on screen.
  function renderReveal() {
    const all = tv.revealed;
    revealBox.hidden = !all;
    if (!all) { revealBox.dataset.sig = ""; return; }
    const sig = JSON.stringify([all, ctx.lang]);
    if (revealBox.dataset.sig === sig) return;
    revealBox.dataset.sig = sig;
    revealBox.replaceChildren(h("h3", { text: t("daifugo.reveal.title") }),
      h("ul", { class: "df-reveal-list" }, all.map((s) => h("li", { "data-seat": s.seat },
        h("span", { class: "df-reveal-name", text: `${ctx.seatName(s.seat)} · ${t("daifugo.cards", { n: s.cards.length })}` }),
        s.cards.length ? cardRow(s.cards) : h("span", { class: "muted", text: t("daifugo.reveal.empty") })))));
  }

  function renderScoreboard() {
    const n = tv.players;
    if (!tv.results.length) { scoreBox.dataset.key = ""; scoreBox.replaceChildren(h("p", { class: "muted", text: t("daifugo.score.none", { games: tv.games }) })); return; }
    const key = `${tv.results.length}:${ctx.lang}:${setting("terms", "daifugo")}`;
    if (scoreBox.dataset.key === key) return;
    scoreBox.dataset.key = key;
    const head = h("tr", {}, h("th", { scope: "col", text: t("daifugo.score.player") }),
      tv.results.map((r) => h("th", { scope: "col", class: r.new_set ? "df-newset" : "", text: tv.set_games ? t("daifugo.score.set_game", { set: r.set, n: r.game }) : String(r.game) })),
      h("th", { scope: "col", text: t("daifugo.score.total") }));
    const rows = [...Array(n).keys()].map((p) => h("tr", {},
      h("th", { scope: "row", text: ctx.seatName(p) }),
      tv.results.map((r) => h("td", { title: titleText(ctx, r.classes[p]), class: r.new_set ? "df-newset" : "", text: `${r.placing.indexOf(p) + 1}. +${r.points[p]}` })),
      h("td", { class: "df-total", text: String(tv.scores[p]) })));
    scoreBox.replaceChildren(h("div", { class: "df-scroll" }, h("table", {}, h("caption", { text: t("daifugo.score.caption", { n: tv.results.length, games: tv.games }) }), h("thead", {}, head), h("tbody", {}, rows))));
  }

  // --- the text view (screen readers, keyboard) -----------------------------------------------
  // It names the playable cards and lists every legal play by name; it is rebuilt only when what it
  // says changes, and the focused control keeps the focus.
  function renderText() {
    if (!tv || textView.hidden) return;
    const byKey = new Map(tv.hand.map((c) => [c.key, c]));
    const sel = new Set(hand.selected);
    const active = tv.mode === "play" || tv.mode === "select";
    const selIds = hand.selected.map((k) => byKey.has(k) ? byKey.get(k).id : null).filter(Boolean);
    const playable = new Set(active ? tv.choices.filter((c) => c.ids && multisetCovers(c.ids, selIds)).flatMap((c) => c.ids) : []);
    const strip = stripItems().map((i) => i.text).join(", ");
    const seatLines = tv.seats.map((s) => [ctx.seatName(s.seat), titleText(ctx, s.title), t("daifugo.cards", { n: s.count }),
      s.passed ? t("daifugo.mark.passed") : "", s.out ? t("daifugo.mark.out", { place: s.out }) : "", s.active ? t("daifugo.mark.to_move") : ""].filter(Boolean).join(", "));
    const handItems = handOrder().map((k) => ({ key: k, text: deck.label(byKey.get(k).id, ctx.lang) + (playable.has(byKey.get(k).id) ? ` — ${t("daifugo.text.playable")}` : ""), pressed: sel.has(k) }));
    const plays = active && tv.mode === "play" ? tv.choices.map((c) => ({ action: c.action, label: c.label })) : [];
    const log = tv.log.slice(-8).map((it) => logText(ctx, it)).filter(Boolean);
    const sig = JSON.stringify([strip, seatLines, handItems, plays, prompt.textContent, log, active, playBtn.disabled, playBtn.textContent,
      passBtn.hidden, noneBtn.hidden, chooser.dataset.sig, tv.field, ctx.lang]);
    if (textView.dataset.sig === sig) {
      for (const b of textView.querySelectorAll(".df-text-hand button")) b.setAttribute("aria-pressed", sel.has(b.dataset.key) ? "true" : "false");
      return;
    }
    textView.dataset.sig = sig;
    const focusedKey = document.activeElement && textView.contains(document.activeElement) ? document.activeElement.dataset.key || document.activeElement.dataset.df || document.activeElement.dataset.action : null;
    const handList = h("ul", { class: "df-text-hand", "aria-label": t("daifugo.hand", { n: tv.hand.length }) },
      handItems.map((x) => h("li", {}, h("button", { type: "button", "data-key": x.key, "aria-pressed": x.pressed ? "true" : "false", disabled: !active,
        text: x.text, onclick: () => { hand.toggle(x.key); } }))));
    const actions = h("div", { class: "row" }, ...[
      active ? h("button", { type: "button", class: "primary", "data-df": "text-play", disabled: playBtn.disabled, text: playBtn.textContent, onclick: confirm }) : null,
      !passBtn.hidden ? h("button", { type: "button", "data-df": "text-pass", text: t("daifugo.pass"), onclick: () => send(tv.pass_action) }) : null,
      !noneBtn.hidden ? h("button", { type: "button", "data-df": "text-none", text: t("daifugo.none"), onclick: () => send(tv.select.none) }) : null,
      ...[...chooser.querySelectorAll("button")].map((b) => h("button", { type: "button", "aria-pressed": b.getAttribute("aria-pressed"), text: b.textContent, onclick: () => b.click() })),
    ].filter(Boolean));
    textView.replaceChildren(...[
      h("h3", { text: t("daifugo.textview") }),
      h("p", { text: strip }),
      h("p", { text: tv.field ? t("daifugo.field.text", { seat: ctx.seatName(tv.field.seat), cards: cardsSpoken(tv.field.cards, ctx) }) : t("daifugo.field.empty") }),
      h("ul", { "aria-label": t("daifugo.seats") }, seatLines.map((x) => h("li", { text: x }))),
      h("p", { class: "df-prompt-text", text: prompt.textContent }),
      tv.me >= 0 ? handList : null,
      plays.length ? h("h4", { text: t("daifugo.text.plays", { n: plays.length }) }) : null,
      plays.length ? h("ul", { class: "df-text-plays" }, plays.map((p) => h("li", {}, h("button", { type: "button", "data-action": p.action, text: p.label, onclick: () => send(p.action) })))) : null,
      actions,
      h("ol", { "aria-label": t("daifugo.log") }, log.map((x) => h("li", { text: x }))),
    ].filter(Boolean));
    if (focusedKey) {
      const back = textView.querySelector(`[data-key="${CSS.escape(focusedKey)}"], [data-df="${CSS.escape(focusedKey)}"], [data-action="${CSS.escape(focusedKey)}"]`);
      if (back) back.focus();
    }
  }

  // --- announcements and auto-pass ----------------------------------------------------------
  function announce() {
    const items = tv.log;
    const keyOf = (it) => `${tv.game_no}:${it.key}`;
    if (announcedKey === null || lastGame !== tv.game_no) {
      announcedKey = items.length ? keyOf(items[items.length - 1]) : "";
      lastGame = tv.game_no;
      return;
    }
    const idx = items.findIndex((it) => keyOf(it) === announcedKey);
    const fresh = idx >= 0 ? items.slice(idx + 1) : items.slice(-3);
    if (!fresh.length) return;
    announcedKey = keyOf(fresh[fresh.length - 1]);
    const words = fresh.slice(-4).map((it) => {
      if (it.kind === "play" || it.kind === "four_stop") return t("daifugo.log.play", { seat: ctx.seatName(it.seat), cards: cardsSpoken(it.cards, ctx) });
      return logText(ctx, it);
    }).filter(Boolean);
    const fx = tv.strip.effects.map((e) => effectText(ctx, e));
    const yours = tv.mode === "play" || tv.mode === "select" || tv.mode === "bomb" || tv.mode === "revolt" ? t("daifugo.your_turn") : "";
    const text = [...words, ...fx, yours].filter(Boolean).join(". ");
    if (text) ctx.announce(text);
  }
  function maybeAutoPass() {
    if (tv.mode !== "play" || tv.choices.length || !tv.pass_action || setting("autopass", "0") !== "1") return;
    const at = view.cursor;
    const action = tv.pass_action;
    if (autoPassAt === at) return;
    autoPassAt = at;
    setTimeout(() => {
      if (view && view.cursor === at && tv.mode === "play" && !tv.choices.length) ctx.play(action);
    }, PACE[ctx.speed] ?? 0);
  }

  return {
    update(v) {
      const grew = lastLength !== null && v.length > lastLength && v.cursor === v.length;
      const before = tv ? tv.hand.length : null;
      view = v;
      tv = v.table;
      lastLength = v.length;
      if (!tv) return;
      // several cards at once (a deal; with a shell that resolves a deal in one call, the whole hand)
      dealt = grew && before !== null && tv.hand.filter((c) => !hand.nodes.has(c.key)).length >= 2 && tv.hand.length >= before;
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      render();
    },
    // Resolves once what the table is showing has settled (a dealt hand has finished arriving):
    // the shell waits for it before the next automatic ply, so bots never act on a hand the
    // player cannot see yet.
    settled() {
      const wait = Math.max(0, hand.busyUntil - performance.now());
      return new Promise((resolve) => setTimeout(resolve, wait));
    },
    destroy() {
      destroyed = true;
      if (frame) cancelAnimationFrame(frame);
      hand.destroy();
      document.removeEventListener("pointerdown", outside);
      root.remove();
    },
  };
}

// ---------------------------------------------------------------- the rules panel (set-up form)
// Every option of the rules by group, each named and explained in the player's language; every
// conflict at once, worded from the options' names and values, each with one-click fixes; a preset
// sets its usual number of players.
function setup(container, info, ctx) {
  const h = ctx.h;
  const t = (k, v) => ctx.t(k, v);
  const presetSel = info.presetSelect;
  const playersSel = info.playersSelect;
  let current = presetSel ? presetSel.value : null;
  let panel = null;
  let busy = Promise.resolve();
  const errorBox = h("div", { class: "df-rules-error", role: "alert", hidden: true });
  const summary = h("summary", { text: t("daifugo.rules.customise") });
  const body = h("div", { class: "df-rules-body" });
  const details = h("details", { class: "df-rules" }, summary, body);
  const termsSel = h("select", { name: "df-terms", "data-df": "setup-terms" },
    TERMS.map((k) => h("option", { value: k, text: t(`daifugo.terms.${k}`), selected: ctx.settings.get("terms", "daifugo") === k })));
  termsSel.addEventListener("change", () => ctx.settings.set("terms", termsSel.value));
  const aboutLine = h("p", { class: "df-rules-about muted" });
  const encodingLine = h("p", { class: "df-rules-code muted" });
  const playersNote = h("p", { class: "df-rules-players", role: "status", hidden: true });
  container.append(playersNote, aboutLine, h("label", {}, h("span", { text: t("daifugo.terms") }), termsSel), details, errorBox, encodingLine);

  const players = () => Number(playersSel ? playersSel.value : 4);
  const later = (fn) => { busy = busy.then(fn).catch((e) => ctx.notify(e.message, [], "error")); return busy; };
  async function load(encoding, changed = null) {
    const r = await ctx.gameCall("rules_panel", { rules: encoding, players: players(), changed });
    panel = r;
    current = r.rules;
    draw();
  }
  async function change(changes) {
    const r = await ctx.gameCall("rules_set", { rules: current, changes, players: players() });
    await load(r.rules, Object.keys(changes).length === 1 ? Object.keys(changes)[0] : null);
  }
  function setPlayers(n) {
    if (!playersSel || Number(playersSel.value) === n || ![...playersSel.options].some((o) => Number(o.value) === n)) return false;
    playersSel.value = String(n);
    playersSel.dispatchEvent(new Event("change"));
    return true;
  }
  function choosePreset(id) {
    const opt = presetSel && [...presetSel.options].find((o) => o.dataset.preset === id);
    if (!opt) return;
    presetSel.value = opt.value;
    presetSel.dispatchEvent(new Event("change"));
  }
  async function applyFix(fix) {
    if (fix.players) { if (!setPlayers(fix.players)) await load(current); return; }
    if (fix.preset) { choosePreset(fix.preset); return; }
    await change(fix.set);
  }
  async function applyAll() {
    const fixes = panel.conflicts.map((c) => c.fixes[0]).filter(Boolean);
    const preset = fixes.find((f) => f.preset);
    if (preset) { choosePreset(preset.preset); return; }
    const set = Object.assign({}, ...fixes.filter((f) => f.set).map((f) => f.set));
    const n = fixes.find((f) => f.players);
    if (Object.keys(set).length) {
      const r = await ctx.gameCall("rules_set", { rules: current, changes: set, players: players() });
      current = r.rules;
    }
    if (!(n && setPlayers(n.players))) await load(current);
  }
  function optionsByPath() {
    return new Map(panel.groups.flatMap((g) => g.options.map((o) => [o.path, o])));
  }
  function showConflicts() {
    const list = panel.conflicts;
    errorBox.hidden = !list.length;
    const byPath = optionsByPath();
    errorBox.replaceChildren(...(list.length ? [
      h("p", { class: "df-rules-error-head", text: t("daifugo.rules.conflicts", { n: list.length }) }),
      h("ul", { class: "df-conflicts" }, list.map((c, i) => h("li", { "data-conflict": i, "data-options": c.options.map((o) => o.path).join(" ") },
        h("span", { text: conflictText(ctx, c) }), " ",
        h("span", { class: "df-fixes" }, c.fixes.map((f, j) => h("button", { type: "button", class: j === 0 ? "primary df-fix" : "df-fix", "data-fix": j,
          text: fixText(ctx, f, byPath), onclick: () => later(() => applyFix(f)) })))))),
      list.length > 1 && list.every((c) => c.fixes.length) ? h("button", { type: "button", "data-df": "fix-all", text: t("daifugo.rules.fix_all"),
        onclick: () => later(applyAll) }) : null,
    ].filter(Boolean) : []));
    // the code itself is a code (it goes into the link as it is), not words to translate
    const [before, after] = t("daifugo.rules.code", { code: "\u0000" }).split("\u0000");
    encodingLine.replaceChildren(before || "", h("code", { text: current || "" }), after || "");
    const id = panel.preset;
    aboutLine.textContent = id ? maybe(ctx, `daifugo.preset_about.${id}`) : t("daifugo.rules.custom", { preset: presetName(ctx, panel.base) });
  }
  function draw() {
    const open = details.open;
    const focusPath = document.activeElement && body.contains(document.activeElement) ? document.activeElement.dataset.path : null;
    body.replaceChildren(...panel.groups.map((g) => h("fieldset", { class: "df-rules-group", "data-group": g.id },
      h("legend", { text: t(`daifugo.group.${g.id}`) }),
      g.options.map((o) => optionRow(o)))));
    details.open = open;
    showConflicts();
    if (focusPath) { const el = body.querySelector(`[data-path="${focusPath}"]`); if (el) el.focus(); }
  }
  function optionRow(o) {
    const id = `df-opt-${o.path.replace(/\./g, "-")}`;
    const conflicted = panel.conflicts.some((c) => c.options.some((x) => x.path === o.path));
    let input;
    if (o.kind === "bool") {
      input = h("input", { type: "checkbox", id, "data-path": o.path, checked: o.value });
      input.addEventListener("change", () => later(() => change({ [o.path]: input.checked })));
    } else if (o.kind === "enum") {
      input = h("select", { id, "data-path": o.path }, o.choices.map((c) => h("option", { value: c, text: valueLabel(ctx, c, o.path), selected: c === o.value })));
      input.addEventListener("change", () => later(() => change({ [o.path]: input.value })));
    } else if (o.kind === "int") {
      input = h("input", { type: "number", id, "data-path": o.path, min: o.min, max: o.max, value: o.value, inputmode: "numeric" });
      input.addEventListener("change", () => later(() => change({ [o.path]: Number(input.value) })));
    } else {
      input = h("span", { class: "df-set", role: "group", "data-path": o.path, "aria-label": optionName(ctx, o.path) }, o.choices.map((c) => {
        const box = h("input", { type: "checkbox", "data-item": c, checked: o.value.includes(c) });
        box.addEventListener("change", () => {
          const items = [...input.querySelectorAll("input")].filter((b) => b.checked).map((b) => b.dataset.item);
          later(() => change({ [o.path]: items }));
        });
        return h("label", {}, box, h("span", { text: valueLabel(ctx, c, o.path) }));
      }));
    }
    const label = h("label", { for: o.kind === "set" ? null : id, class: "df-opt-text" },
      h("span", { class: "df-opt-name", text: optionName(ctx, o.path) }), " ",
      h("span", { class: "df-opt-explain", text: maybe(ctx, `daifugo.opt.${o.path}`) }));
    return h("div", { class: "df-opt" + (o.changed ? " df-changed" : "") + (conflicted ? " df-conflicted" : ""), "data-option": o.path }, input, label);
  }
  // The player count stays as chosen unless the preset is not played by that many (JDF: 4,
  // UECda: 5, two-player: 2): then its usual count, and the form says so. It is set in the change
  // event itself (the counts are known from the first panel), so a count the player picks next is
  // not overridden when the preset's panel comes back.
  function fitPlayers() {
    const id = presetSel.selectedOptions[0] && presetSel.selectedOptions[0].dataset.preset;
    const allowed = id && panel && panel.players ? panel.players[id] : null;
    const usual = id && panel && panel.usual_players ? panel.usual_players[id] : null;
    if (!(allowed && usual && !allowed.includes(players()) && setPlayers(usual))) return;
    playersNote.textContent = t("daifugo.rules.players_set", { preset: presetName(ctx, id), n: usual });
    playersNote.hidden = false;
  }
  if (presetSel) presetSel.addEventListener("change", () => {
    playersNote.hidden = true;
    const rules = presetSel.value;
    later(() => load(rules));
    if (panel) fitPlayers(); else later(fitPlayers);
  });
  if (playersSel) playersSel.addEventListener("change", () => later(() => load(current)));
  later(() => load(current));
  return {
    values() {
      if (panel && panel.conflicts.length) throw new Error(t("daifugo.rules.cannot_start", { n: panel.conflicts.length }));
      return current ? { rules: current } : {};
    },
  };
}

export default {
  strings: true, mount, setup,
  // embedded, the table carries its own one-line prompt; the shell's title and score line stay out
  shellHead: (view, ctx) => !ctx.embed,
};
