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
//
// Its parts: daifugo-words.js (the words of cards, the record, effects and options),
// daifugo-help.js (the rules explained, for players), daifugo-rules-form.js (the set-up form's
// rules panel), daifugo-results.js (the exchange, the results, the revealed hands, the scores) and
// daifugo-text.js (the text view).
import * as kit from "./cardkit.js";
import deck from "./deck-french.js";
import { HintControl, playedHints } from "./hintkit.js";
import { stylesheet } from "./styles.js";
import { renderExchange, renderReveal, renderScoreboard, resultsTable } from "./daifugo-results.js";
import { setup } from "./daifugo-rules-form.js";
import { renderTextView } from "./daifugo-text.js";
import { helpBody, rulesData } from "./daifugo-help.js";
import { TERMS, cardsSpoken, cardsText, effectText, levelName, logText, multisetCovers, stripItems, titleText, whyCards } from "./daifugo-words.js";

/** @type {Record<string, number>} */
const PACE = { instant: 0, fast: 150, normal: 500 };
/** @type {Record<string, number>} */
const DEAL_MS = { instant: 0, fast: 900, normal: 1800 }; // a dealt hand flies in within this time
await stylesheet(new URL("./daifugo.css", import.meta.url));

/** @param {TableContext} ctx */
function speedOf(ctx) { return ctx.speed in DEAL_MS ? ctx.speed : "fast"; }

// ---------------------------------------------------------------- the table
/**
 * @param {HTMLElement} host @param {TableContext} ctx
 * @returns {TableController<SessionView<DaifugoTableView>>}
 */
function mount(host, ctx) {
  const { h, t } = ctx;
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
  const autoLabel = h("span", { class: "df-l-autopass" });
  const textLabel = h("span", { class: "df-l-text" });
  const termsLabel = h("span", { class: "df-l-terms" });
  const settingsBar = h("div", { class: "df-settings" },
    h("label", {}, autoBox, autoLabel),
    h("label", {}, textBox, textLabel),
    h("label", {}, termsLabel, termsSel),
    hint.setting);
  const optionsSummary = h("summary", { class: "df-options-btn button", "data-df": "options" });
  const options = h("details", { class: "df-options" }, optionsSummary, settingsBar);
  const closeOptions = (/** @type {boolean} */ focus) => { if (!options.open) return; options.open = false; if (focus) optionsSummary.focus(); };
  options.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeOptions(true); } });
  const outside = (/** @type {PointerEvent} */ e) => { if (!(e.target instanceof Node && options.contains(e.target))) closeOptions(false); };
  document.addEventListener("pointerdown", outside);
  options.addEventListener("focusout", (e) => { if (e.relatedTarget instanceof Node && !options.contains(e.relatedTarget)) closeOptions(false); });
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
      if (ev.key === "p" || ev.key === "P") { ev.preventDefault(); if (!passBtn.hidden && !passBtn.disabled && current) send(current.table.pass_action); return false; }
      return true;
    },
  });
  const exchangeBox = h("section", { class: "df-exchange", hidden: true });
  const resultsBox = h("section", { class: "df-results", hidden: true, tabindex: "-1" });
  const revealBox = h("section", { class: "df-reveal", hidden: true });
  const logList = new kit.LogList({ max: 60 });
  const scoreBox = h("div", { class: "df-scoreboard" });
  const navBtn = (/** @type {string} */ nav, /** @type {string} */ text, /** @type {() => void} */ fn) => h("button", { type: "button", "data-df-nav": nav, text, onclick: fn });
  const slider = h("input", { type: "range", min: 0, value: 0, "data-df-nav": "slider" });
  slider.addEventListener("input", () => ctx.goto(Number(slider.value)));
  const replayBar = h("div", { class: "df-replay row" },
    navBtn("first", "|◀", () => ctx.goto(0)), navBtn("prev", "◀", () => current && ctx.goto(current.cursor - 1)), slider,
    navBtn("next", "▶", () => current && ctx.goto(current.cursor + 1)), navBtn("last", "▶|", () => current && ctx.goto(current.length)));
  const logTitle = h("h3", { class: "df-h-log" });
  const scoreTitle = h("h3", { class: "df-h-score" });
  const side = h("div", { class: "df-side" },
    h("section", { class: "df-replaybox" }, replayBar),
    h("section", { class: "df-logbox" }, logTitle, logList.el),
    h("section", { class: "df-scorebox" }, scoreTitle, scoreBox));
  const textView = h("section", { class: "df-textview", hidden: true });
  const main = h("div", { class: "df-main" }, ring.el, exchangeBox, resultsBox, hintsLine, revealBox, prompt, chooser, controls, hint.el, hand.el);
  const graphic = h("div", { class: "df-graphic" }, main, side);
  root.append(top, helpBox, graphic, textView);

  /** @type {SessionView<DaifugoTableView>|null} the session view (its table: view.table) */
  let current = null;
  let frame = 0;
  /** @type {number|null} */
  let autoPassAt = null;
  /** @type {number|null} */
  let seenResults = null;
  /** @type {string|null} */
  let announcedKey = null;
  /** @type {number|null} */
  let lastGame = null;
  /** @type {string|null} */
  let stripEffectKey = null;
  /** @type {number|null} the record's length at the last update (a longer one: something new was played or dealt) */
  let lastLength = null;
  let dealt = false;     // this update's hand arrived as a whole (a deal)
  /** @type {number|null} the record's length when the player's turn last came (live play) */
  let lastTurn = null;
  let destroyed = false;

  /** The view on screen (the drawing functions run once one has come). */
  function now() {
    if (!current) throw new Error("no view yet");
    return current;
  }
  /** @param {string} key @param {string} fallback */
  function setting(key, fallback) { return ctx.settings.get(key, fallback); }
  function handOrder() {
    const tv = now().table;
    return setting("sort", "strength") === "suit" ? tv.hand_suit : tv.hand_strength;
  }

  // --- intents ---------------------------------------------------------------------------
  /** @param {string|null|undefined} action */
  function send(action) {
    if (!action) return;
    hand.clear();
    ctx.play(action);
  }
  function selectionIds() {
    const tv = now().table;
    const byKey = new Map(tv.hand.map((c) => [c.key, c.id]));
    return hand.selected.map((k) => byKey.get(k) || "");
  }
  function matches() {
    const tv = now().table;
    const sig = selectionIds().slice().sort().join(".");
    return tv.choices.filter((c) => c.sig === sig && c.ids && c.ids.length === hand.selected.length);
  }
  function confirm() {
    if (!current) return;
    const tv = current.table;
    if (tv.mode === "bomb") return sendBomb();
    if (tv.mode !== "play" && tv.mode !== "select") return;
    const m = matches();
    if (m.length === 1) send(m[0].action);
    else if (m.length > 1) { const first = chooser.querySelector("button"); if (first) first.focus(); }
    else if (!hand.selected.length && tv.mode === "select" && tv.select && tv.select.none) send(tv.select.none);
  }
  /** @type {Set<string>} the Q-bomber's ranks chosen */
  const bombSel = new Set();
  function sendBomb() {
    const bomb = now().table.bomb;
    if (!bomb) return;
    const picked = bomb.options.find((o) => o.ranks.length === bombSel.size && o.ranks.every((r) => bombSel.has(r)));
    bombSel.clear();
    if (picked) ctx.play(picked.action);
    else { ctx.notify(t("daifugo.bomb.too_many", { n: bomb.max }), [], "error"); renderControls(); }
  }

  playBtn.addEventListener("click", confirm);
  passBtn.addEventListener("click", () => current && send(current.table.pass_action));
  noneBtn.addEventListener("click", () => { const select = current && current.table.select; if (select && select.none) send(select.none); });
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
    if (!open || !current) return;
    const rules = current.rules;
    helpBox.dataset.rules = rules;
    helpBox.replaceChildren(h("p", { class: "muted", text: t("daifugo.help.loading") }));
    let panel;
    try { panel = await rulesData(ctx, rules); } catch (e) { helpBox.replaceChildren(h("p", { text: e instanceof Error ? e.message : String(e) })); return; }
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
    if (!current) return;
    const view = current;
    const tv = view.table;
    const me = tv.me;
    root.dataset.mode = tv.mode;
    root.dataset.phase = tv.phase;
    root.dataset.players = String(tv.players);
    root.dataset.replaying = tv.replaying ? "true" : "false";
    replayBar.hidden = Boolean(view.live); // (a live table's record comes at its end)
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
        s.fallen ? t("daifugo.mark.fallen") : null].filter((x) => x !== null),
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
    const idOf = (/** @type {string} */ k) => { const c = byKey.get(k); return c ? c.id : ""; };
    const selIds = sel.map(idOf);
    const reach = active ? tv.choices.filter((c) => c.ids && multisetCovers(c.ids, selIds)) : [];
    const playableIds = new Set(reach.flatMap((c) => c.ids || []));
    const fresh = tv.hand.filter((c) => !hand.nodes.has(c.key)).length;
    const enter = dealt ? DEAL_MS[speedOf(ctx)] : fresh && lastLength !== null && !tv.replaying && speedOf(ctx) !== "instant" ? 220 : 0;
    dealt = false;
    hand.update({
      lang: ctx.lang,
      selectable: active,
      selected: sel,
      enter,
      cards: handOrder().map((k) => ({ key: k, id: idOf(k), playable: active ? playableIds.has(idOf(k)) : undefined })),
    });
    hand.el.setAttribute("aria-label", me >= 0 ? t("daifugo.hand", { n: tv.hand.length }) : t("daifugo.spectator"));
    hand.el.hidden = me < 0;
    renderHint();
    // keyboard play: when the played cards leave the hand the focus falls to the page; bring it back
    const lost = !document.activeElement || document.activeElement === document.body;
    if (active && lost && textView.hidden && !hand.el.hidden && host.isConnected) hand.focus();
    root.classList.toggle("df-exchanging", renderExchange(ctx, tv, exchangeBox));
    renderResults();
    renderReveal(ctx, tv, revealBox);
    renderControls();
    // a phone, a long row of rule chips: bring the hand into view when the player's turn comes
    // (not in an embed, which fits its frame, nor in a replay)
    const turn = active && view.cursor === view.length ? view.length : null;
    if (turn !== null && turn !== lastTurn && !ctx.embed && textView.hidden && host.isConnected) {
      const box = hand.el.getBoundingClientRect();
      if (box.height && box.bottom > window.innerHeight) hand.el.scrollIntoView({ block: "end", behavior: "smooth" });
    }
    lastTurn = turn;
    logList.update(tv.log.map((it) => ({ key: `${tv.game_no}:${it.key}`, text: logText(ctx, it) || "", kind: it.kind === "pass" ? "pass" : ["revolution", "out", "forbidden_finish", "miyako_ochi"].includes(it.kind) ? "effect" : "" })).filter((x) => x.text));
    renderScoreboard(ctx, tv, scoreBox);
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
    const view = now();
    const tv = view.table;
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
      const place = typeof r.place === "number" ? r.place.toFixed(1) : null;
      hint.say(place === null ? t("daifugo.hint.plain", { move }) : t(r.method === "exact" ? "daifugo.hint.exact" : "daifugo.hint.reason", { move, place, players: r.players }),
        hint.reason(r.why, whyCards(ctx, r.why)));
    }
    for (const [k, b] of hand.nodes) b.classList.toggle("hinted", keys.has(k));
    passBtn.classList.toggle("hinted", Boolean(r && r.action === tv.pass_action));
    const used = playedHints(view);
    const over = view.status === "over";
    hintsLine.hidden = !(over && used.length);
    if (over && used.length) hintsLine.textContent = t("daifugo.hint.summary", { n: used.length, plies: used.join(", ") });
  }

  function renderSettings() {
    const tv = now().table;
    sortBtn.textContent = setting("sort", "strength") === "suit" ? t("daifugo.sort.suit") : t("daifugo.sort.strength");
    sortBtn.setAttribute("aria-label", t("daifugo.sort.label") + ": " + sortBtn.textContent);
    autoBox.checked = setting("autopass", "0") === "1";
    textBox.checked = setting("text", "0") === "1";
    autoLabel.textContent = t("daifugo.autopass");
    textLabel.textContent = t("daifugo.textview");
    termsLabel.textContent = t("daifugo.terms");
    helpBtn.textContent = t("daifugo.help.button");
    optionsSummary.textContent = t("daifugo.options");
    const terms = setting("terms", "daifugo");
    if (termsSel.options.length !== TERMS.length) termsSel.replaceChildren(...TERMS.map((k) => h("option", { value: k })));
    TERMS.forEach((k, i) => { const text = t(`daifugo.terms.${k}`); if (termsSel.options[i].textContent !== text) termsSel.options[i].textContent = text; });
    termsSel.value = terms;
    const text = textBox.checked;
    root.classList.toggle("df-text", text);
    textView.hidden = !text;
    graphic.hidden = text;
    playBtn.textContent = tv.mode === "select" ? t(`daifugo.confirm.${tv.select ? tv.select.kind : "return"}`) : tv.mode === "bomb" ? t("daifugo.confirm.q_bomber") : t("daifugo.play");
    passBtn.textContent = t("daifugo.pass");
    noneBtn.textContent = t("daifugo.none");
    clearBtn.textContent = t("daifugo.clear");
    logTitle.textContent = t("daifugo.log");
    scoreTitle.textContent = t("daifugo.scoreboard");
  }

  function renderStrip() {
    const tv = now().table;
    const items = stripItems(ctx, tv.strip);
    const fresh = tv.strip.effect_key !== stripEffectKey;
    stripEffectKey = tv.strip.effect_key;
    const have = new Map(/** @type {HTMLElement[]} */ ([...strip.children]).map((c) => [c.dataset.key, c]));
    /** @type {HTMLElement|null} */
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
  /** @param {unknown} sig @param {() => HTMLElement[]} build */
  function renderChooser(sig, build) {
    const key = JSON.stringify([sig, ctx.lang]);
    if (chooser.dataset.sig === key) return;
    chooser.dataset.sig = key;
    chooser.replaceChildren(...build());
  }
  function renderControls() {
    if (!current) return;
    const view = current;
    const tv = view.table;
    const mode = tv.mode;
    const mine = mode === "play" || mode === "select" || mode === "bomb" || mode === "revolt";
    controls.hidden = !mine;
    passBtn.hidden = !(mode === "play" && tv.pass_action);
    noneBtn.hidden = !(mode === "select" && tv.select && tv.select.none);
    clearBtn.hidden = !(mode === "play" || mode === "select");
    playBtn.hidden = mode === "revolt";
    let text = "";
    /** @type {[unknown, () => HTMLElement[]]} what the chooser offers: its signature and its buttons */
    let offer = [null, () => []];
    if (mode === "play") {
      const m = matches();
      playBtn.disabled = m.length === 0;
      if (m.length > 1) {
        chooser.setAttribute("aria-label", t("daifugo.standin.choose"));
        offer = [["standin", m.map((c) => c.action)], () => [h("span", { class: "muted", text: t("daifugo.standin.choose") }),
          ...m.map((c) => h("button", { type: "button", "data-action": c.action, text: t("daifugo.standin.as", { card: c.standin || cardsText((c.ids || []).map((id) => ({ id }))) }), title: c.label, onclick: () => send(c.action) }))]];
      }
      if (!tv.choices.length) text = t("daifugo.prompt.nothing");
      else if (!hand.selected.length) text = tv.field ? t("daifugo.prompt.follow") : t("daifugo.prompt.lead");
      else if (!m.length) text = t("daifugo.prompt.no_match");
      else text = m.length > 1 ? t("daifugo.standin.choose") : m[0].label;
      if (tv.phase === "four_stop") text = t("daifugo.prompt.four_stop") + " " + text;
    } else if (mode === "select" && tv.select) {
      const sel = tv.select;
      const m = matches();
      playBtn.disabled = m.length === 0 && !(hand.selected.length === 0 && sel.none);
      const vars = { n: sel.max, min: sel.min, to: sel.to !== null && sel.to !== undefined ? ctx.seatName(sel.to) : "" };
      text = t(`daifugo.prompt.${sel.kind}`, vars) + ` (${hand.selected.length}/${sel.max})`;
    } else if (mode === "bomb" && tv.bomb) {
      const bomb = tv.bomb;
      playBtn.disabled = false;
      chooser.setAttribute("aria-label", t("daifugo.prompt.q_bomber", { n: bomb.max }));
      offer = [["bomb", view.cursor, bomb.ranks.map((r) => r.id)], () => bomb.ranks.map((r) => {
        const b = h("button", { type: "button", class: "df-rank", "data-rank": r.id, "aria-pressed": "false", text: r.text });
        b.addEventListener("click", () => { if (bombSel.has(r.id)) bombSel.delete(r.id); else bombSel.add(r.id); b.setAttribute("aria-pressed", bombSel.has(r.id) ? "true" : "false"); });
        return b;
      })];
      text = t("daifugo.prompt.q_bomber", { n: bomb.max });
    } else if (mode === "revolt") {
      offer = [["revolt", tv.choices.map((c) => c.action)], () => tv.choices.map((c) => h("button", { type: "button", class: "primary", "data-action": c.action, text: c.label, onclick: () => send(c.action) }))];
      text = t("daifugo.prompt.revolution_choice");
    } else if (mode === "over") {
      text = t("daifugo.prompt.over");
    } else if (view.cursor !== view.length) {
      text = t("daifugo.prompt.replay");
    } else if (ctx.heldByPause(view)) {
      text = t("table.paused"); // (the bots and the deal wait for Resume)
    } else if (tv.phase === "deal" || tv.phase === "dealer") {
      text = t("daifugo.prompt.dealing");
    } else if (tv.to_move >= 0) {
      text = t("daifugo.prompt.wait", { seat: ctx.seatName(tv.to_move) });
    }
    renderChooser(offer[0], offer[1]);
    if (mode === "bomb") for (const b of chooser.querySelectorAll("button")) if (b.classList.contains("df-rank")) b.setAttribute("aria-pressed", bombSel.has(b.dataset.rank || "") ? "true" : "false");
    prompt.textContent = text;
  }

  function renderResults() {
    const tv = now().table;
    const count = tv.results.length;
    if (seenResults === null) seenResults = tv.mode === "over" ? count - 1 : count;
    if (count < seenResults) seenResults = count; // replay went back
    const show = count > seenResults || (tv.mode === "over" && !ctx.embed && resultsBox.dataset.dismissed !== "over");
    resultsBox.hidden = !show || count === 0;
    if (resultsBox.hidden) return;
    const last = tv.results[count - 1];
    const final = tv.mode === "over";
    const end = final ? ctx.liveEnd : null;
    const key = `${count}:${final}:${ctx.lang}:${setting("terms", "daifugo")}:${end ? end.state : ""}`;
    if (resultsBox.dataset.key === key) return;
    resultsBox.dataset.key = key;
    resultsBox.replaceChildren(...[
      h("h3", { text: final ? t("daifugo.results.match") : t("daifugo.results.game", { n: last.game }) }),
      // at the match's end its standings first, then the last game's order under its own heading
      // (a match of one game: its standings are that game's order, said once)
      final && count > 1 ? h("div", {}, h("h4", { text: t("daifugo.results.final") }), resultsTable(ctx, tv, last, true)) : null,
      final && count > 1 ? h("h4", { text: t("daifugo.results.game", { n: last.game }) }) : null,
      resultsTable(ctx, tv, last, false),
      h("div", { class: "df-results-actions row" }, h("button", { type: "button", class: "primary", "data-df": "continue", text: t("daifugo.results.continue"),
        onclick: () => { seenResults = count; resultsBox.dataset.dismissed = final ? "over" : ""; resultsBox.hidden = true; if (!hand.el.hidden) hand.focus(); } }),
        // (the match over, the next one from where the eye is: the shell's Play again)
        final && !ctx.live ? h("button", { type: "button", "data-df": "again", text: t("table.play_again"), onclick: () => ctx.playAgain() }) : null),
      end ? kit.liveEndLine(ctx, end) : null,
    ].filter((x) => x !== null));
    // where the eye goes at a game's end: its buttons in view (under the table, they were below the
    // fold at 1280×720 and on a phone; an embed's frame is laid out to hold it without scrolling)
    kit.bringIntoView(ctx, resultsBox);
  }


  function renderText() {
    if (!current) return;
    renderTextView(ctx, current.table, { textView, hand, prompt, playBtn, passBtn, noneBtn, chooser, order: handOrder(), confirm, send });
  }

  // --- announcements and auto-pass ----------------------------------------------------------
  function announce() {
    const tv = now().table;
    const items = tv.log;
    const keyOf = (/** @type {DaifugoLogItem} */ it) => `${tv.game_no}:${it.key}`;
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
      if (it.kind === "play" || it.kind === "four_stop") return t("daifugo.log.play", { seat: it.seat === undefined ? "" : ctx.seatName(it.seat), cards: cardsSpoken(it.cards, ctx) });
      return logText(ctx, it);
    }).filter(Boolean);
    const fx = tv.strip.effects.map((e) => effectText(ctx, e));
    const yours = tv.mode === "play" || tv.mode === "select" || tv.mode === "bomb" || tv.mode === "revolt" ? t("daifugo.your_turn") : "";
    const text = [...words, ...fx, yours].filter(Boolean).join(". ");
    if (text) ctx.announce(text);
  }
  function maybeAutoPass() {
    const view = now();
    const tv = view.table;
    if (tv.mode !== "play" || tv.choices.length || !tv.pass_action || setting("autopass", "0") !== "1") return;
    const at = view.cursor;
    const action = tv.pass_action;
    if (autoPassAt === at) return;
    autoPassAt = at;
    setTimeout(() => {
      const later = current;
      if (later && later.cursor === at && later.table.mode === "play" && !later.table.choices.length) ctx.play(action);
    }, PACE[ctx.speed] ?? 0);
  }

  return {
    update(v) {
      const grew = lastLength !== null && v.length > lastLength && v.cursor === v.length;
      const before = current && current.table ? current.table.hand.length : null;
      current = v.table ? v : null;
      lastLength = v.length;
      const tv = v.table;
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

/** @type {TableModule<SessionView<DaifugoTableView>>} */
export default {
  strings: true, mount, setup,
  // embedded, the table carries its own one-line prompt; the shell's title and score line stay out
  shellHead: (view, ctx) => !ctx.embed,
};
