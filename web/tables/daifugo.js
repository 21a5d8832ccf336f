// The Daifugō table: draws view.table (pyengine/app/views/daifugo.py: table_view) with the shared
// card-table component and sends intents back.  No rules live here: which cards are playable,
// which selection makes which action, what a follow-up offers — all of it comes from the view
// model, built from the engine's legal actions, and so does every action string this module
// sends and every class title it shows; it only matches a selection of cards (or of Q-bomber
// ranks) against the offered sets.
import * as kit from "./cardkit.js";
import deck from "./deck-french.js";

const TERMS = ["daifugo", "daihinmin", "tycoon", "president"];
const PACE = { instant: 0, fast: 150, normal: 500 };
let cssDone = false;
function ensureCss() {
  kit.ensureStyles();
  if (cssDone) return;
  cssDone = true;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./daifugo.css", import.meta.url).href;
  document.head.append(link);
}

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

function titleText(ctx, id) {
  if (!id) return "";
  const terms = ctx.settings.get("terms", "daifugo");
  return ctx.t(`daifugo.title.${TERMS.includes(terms) ? terms : "daifugo"}.${id}`);
}

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

// ---------------------------------------------------------------- the table
function mount(host, ctx) {
  ensureCss();
  const h = ctx.h;
  const t = (k, v) => ctx.t(k, v);
  const root = h("div", { class: "df" + (ctx.embed ? " df-embed" : "") });
  host.append(root);

  // settings bar
  const sortBtn = h("button", { type: "button", class: "df-sort", "data-df": "sort" });
  const autoBox = h("input", { type: "checkbox", "data-df": "autopass" });
  const textBox = h("input", { type: "checkbox", "data-df": "textview" });
  const termsSel = h("select", { "data-df": "terms" });
  const settingsBar = h("div", { class: "df-settings" },
    sortBtn,
    h("label", {}, autoBox, h("span", { class: "df-l-autopass" })),
    h("label", {}, textBox, h("span", { class: "df-l-text" })),
    h("label", {}, h("span", { class: "df-l-terms" }), termsSel));

  const strip = h("div", { class: "df-strip", role: "status", "aria-live": "off" });
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
  const logList = new kit.LogList({ max: 60 });
  const scoreBox = h("div", { class: "df-scoreboard" });
  const navBtn = (nav, text, fn) => h("button", { type: "button", "data-df-nav": nav, text, onclick: fn });
  const slider = h("input", { type: "range", min: 0, value: 0, "data-df-nav": "slider", oninput: (e) => ctx.goto(Number(e.target.value)) });
  const replayBar = h("div", { class: "df-replay row" },
    navBtn("first", "⏮", () => ctx.goto(0)), navBtn("prev", "◀", () => view && ctx.goto(view.cursor - 1)), slider,
    navBtn("next", "▶", () => view && ctx.goto(view.cursor + 1)), navBtn("last", "⏭", () => view && ctx.goto(view.length)));
  const side = h("div", { class: "df-side" },
    h("section", { class: "df-replaybox" }, replayBar),
    h("section", { class: "df-logbox" }, h("h3", { class: "df-h-log" }), logList.el),
    h("section", { class: "df-scorebox" }, h("h3", { class: "df-h-score" }), scoreBox));
  const textView = h("section", { class: "df-textview", hidden: true });
  const main = h("div", { class: "df-main" }, strip, ring.el, exchangeBox, resultsBox, prompt, chooser, controls, hand.el);
  root.append(settingsBar, h("div", { class: "df-graphic" }, main, side), textView);

  let view = null;   // the session view
  let tv = null;     // view.table
  let frame = 0;
  let autoPassAt = null;
  let seenResults = null;
  let announcedKey = null;
  let lastGame = null;
  let stripEffectKey = null;

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
    renderSettings();
    renderStrip();
    ring.update(tv.seats.map((s) => ({
      key: s.seat,
      name: ctx.seatName(s.seat) + (s.me ? ` (${t("table.you")})` : ""),
      detail: s.kind.startsWith("bot:") ? t("daifugo.bot", { level: s.kind.slice(4) }) : "",
      count: s.count,
      title: titleText(ctx, s.title),
      badge: s.title === "tycoon" || s.title === "beggar" ? s.title : undefined,
      marks: [s.out ? t("daifugo.mark.out", { place: s.out }) : null, s.passed ? t("daifugo.mark.passed") : null,
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
    hand.update({
      lang: ctx.lang,
      selectable: active,
      selected: sel,
      cards: handOrder().map((k) => ({ key: k, id: byKey.get(k).id, playable: active ? playableIds.has(byKey.get(k).id) : undefined })),
    });
    hand.el.setAttribute("aria-label", me >= 0 ? t("daifugo.hand", { n: tv.hand.length }) : t("daifugo.spectator"));
    hand.el.hidden = me < 0;
    // keyboard play: when the played cards leave the hand the focus falls to the page; bring it back
    const lost = !document.activeElement || document.activeElement === document.body;
    if (active && lost && textView.hidden && !hand.el.hidden && host.isConnected) hand.focus();
    renderExchange();
    renderResults();
    renderControls();
    logList.update(tv.log.map((it) => ({ key: `${tv.game_no}:${it.key}`, text: logText(ctx, it), kind: it.kind === "pass" ? "pass" : ["revolution", "out", "forbidden_finish", "miyako_ochi"].includes(it.kind) ? "effect" : "" })).filter((x) => x.text));
    renderScoreboard();
    slider.max = String(view.length);
    slider.value = String(view.cursor);
    slider.setAttribute("aria-label", t("table.position", { ply: view.cursor, length: view.length }));
    for (const b of replayBar.querySelectorAll("button")) b.title = t(`table.${b.dataset.dfNav}`);
    renderText();
    announce();
    maybeAutoPass();
  }

  function renderSettings() {
    sortBtn.textContent = setting("sort", "strength") === "suit" ? t("daifugo.sort.suit") : t("daifugo.sort.strength");
    sortBtn.setAttribute("aria-label", t("daifugo.sort.label") + ": " + sortBtn.textContent);
    autoBox.checked = setting("autopass", "0") === "1";
    textBox.checked = setting("text", "0") === "1";
    settingsBar.querySelector(".df-l-autopass").textContent = t("daifugo.autopass");
    settingsBar.querySelector(".df-l-text").textContent = t("daifugo.textview");
    settingsBar.querySelector(".df-l-terms").textContent = t("daifugo.terms");
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
    items.push({ key: "order", cls: s.inverted ? "on" : "", text: s.revolution ? t("daifugo.strip.revolution") : t("daifugo.strip.normal") });
    if (s.back) items.push({ key: "back", cls: "on", text: t("daifugo.strip.back") });
    if (s.inverted) items.push({ key: "inverted", cls: "", text: t("daifugo.strip.inverted") });
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

  function renderControls() {
    if (!tv) return;
    const mode = tv.mode;
    const mine = mode === "play" || mode === "select" || mode === "bomb" || mode === "revolt";
    controls.hidden = !mine;
    chooser.replaceChildren();
    passBtn.hidden = !(mode === "play" && tv.pass_action);
    noneBtn.hidden = !(mode === "select" && tv.select && tv.select.none);
    clearBtn.hidden = !(mode === "play" || mode === "select");
    playBtn.hidden = mode === "revolt";
    let text = "";
    if (mode === "play") {
      const m = matches();
      playBtn.disabled = m.length === 0;
      if (m.length > 1) {
        chooser.setAttribute("aria-label", t("daifugo.standin.choose"));
        chooser.append(h("span", { class: "muted", text: t("daifugo.standin.choose") }),
          ...m.map((c) => h("button", { type: "button", "data-action": c.action, text: t("daifugo.standin.as", { card: c.standin || cardsText(c.ids.map((id) => ({ id }))) }), title: c.label, onclick: () => send(c.action) })));
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
      for (const r of tv.bomb.ranks) {
        chooser.append(h("button", { type: "button", class: "df-rank", "data-rank": r.id, "aria-pressed": bombSel.has(r.id) ? "true" : "false", text: r.text,
          onclick: () => { if (bombSel.has(r.id)) bombSel.delete(r.id); else bombSel.add(r.id); renderControls(); } }));
      }
      text = t("daifugo.prompt.q_bomber", { n: tv.bomb.max });
    } else if (mode === "revolt") {
      for (const c of tv.choices) chooser.append(h("button", { type: "button", class: "primary", "data-action": c.action, text: c.label, onclick: () => send(c.action) }));
      text = t("daifugo.prompt.revolution_choice");
    } else if (mode === "over") {
      text = t("daifugo.prompt.over");
    } else if (view.cursor !== view.length) {
      text = t("daifugo.prompt.replay");
    } else if (tv.to_move >= 0) {
      text = t("daifugo.prompt.wait", { seat: ctx.seatName(tv.to_move) });
    }
    prompt.textContent = text;
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
    const cardRow = (cards) => h("div", { class: "df-cards" }, cards.map((c) => { const e = kit.cardEl(deck, c.id, { small: true }); e.setAttribute("role", "img"); e.setAttribute("aria-label", deck.label(c.id, ctx.lang)); return e; }));
    const must = tv.mode === "select" && tv.select && (tv.select.kind === "tribute" || tv.select.kind === "return")
      ? h("p", { class: "df-must" }, t(`daifugo.prompt.${tv.select.kind}`, { n: tv.select.max, to: ctx.seatName(tv.select.to) })) : null;
    const waiting = inPhase && tv.mode !== "select" && tv.strip.pending
      ? h("p", { class: "muted" }, pendingText(ctx, tv.strip.pending)) : null;
    exchangeBox.replaceChildren(
      h("h3", { text: t("daifugo.exchange.title", { n: tv.game_no }) }),
      must, waiting,
      received.length ? h("div", {}, h("p", { text: t("daifugo.exchange.received") }), cardRow(received)) : null,
      gave.length ? h("div", {}, h("p", { text: t("daifugo.exchange.gave") }), cardRow(gave)) : null,
      rows.length ? h("ul", { class: "df-exch-list" }, rows) : null);
  }

  function resultsTable(rows, final) {
    const ranked = final ? tv.standings : rows.placing;
    return h("ol", { class: "df-ranks" }, ranked.map((p) => h("li", { "data-seat": p },
      h("span", { class: "df-rank-name", text: ctx.seatName(p) }),
      final ? h("span", { text: t("daifugo.points", { n: tv.scores[p] }) })
        : h("span", { text: `${titleText(ctx, rows.classes[p])} · +${rows.points[p]}` }))));
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
    const key = `${count}:${final}`;
    if (resultsBox.dataset.key === key) return;
    resultsBox.dataset.key = key;
    resultsBox.replaceChildren(
      h("h3", { text: final ? t("daifugo.results.match") : t("daifugo.results.game", { n: last.game }) }),
      resultsTable(last, false),
      final ? h("div", {}, h("h4", { text: t("daifugo.results.final") }), resultsTable(last, true)) : null,
      h("button", { type: "button", class: "primary", "data-df": "continue", text: t("daifugo.results.continue"),
        onclick: () => { seenResults = count; resultsBox.dataset.dismissed = final ? "over" : ""; resultsBox.hidden = true; if (!hand.el.hidden) hand.focus(); } }));
  }

  function renderScoreboard() {
    const n = tv.players;
    if (!tv.results.length) { scoreBox.replaceChildren(h("p", { class: "muted", text: t("daifugo.score.none", { games: tv.games }) })); return; }
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
  function renderText() {
    if (!tv || textView.hidden) return;
    const byKey = new Map(tv.hand.map((c) => [c.key, c]));
    const sel = new Set(hand.selected);
    const active = tv.mode === "play" || tv.mode === "select";
    const focusedKey = document.activeElement && textView.contains(document.activeElement) ? document.activeElement.dataset.key || document.activeElement.dataset.df : null;
    const strip = stripItems().map((i) => i.text).join(", ");
    const seatLines = tv.seats.map((s) => h("li", {}, [ctx.seatName(s.seat), titleText(ctx, s.title), t("daifugo.cards", { n: s.count }),
      s.passed ? t("daifugo.mark.passed") : "", s.out ? t("daifugo.mark.out", { place: s.out }) : "", s.active ? t("daifugo.mark.to_move") : ""].filter(Boolean).join(", ")));
    const handList = h("ul", { class: "df-text-hand", "aria-label": t("daifugo.hand", { n: tv.hand.length }) },
      handOrder().map((k) => h("li", {}, h("button", { type: "button", "data-key": k, "aria-pressed": sel.has(k) ? "true" : "false", disabled: !active,
        text: deck.label(byKey.get(k).id, ctx.lang), onclick: () => { hand.toggle(k); } }))));
    const actions = h("div", { class: "row" },
      active ? h("button", { type: "button", class: "primary", "data-df": "text-play", disabled: playBtn.disabled, text: playBtn.textContent, onclick: confirm }) : null,
      !passBtn.hidden ? h("button", { type: "button", "data-df": "text-pass", text: t("daifugo.pass"), onclick: () => send(tv.pass_action) }) : null,
      !noneBtn.hidden ? h("button", { type: "button", "data-df": "text-none", text: t("daifugo.none"), onclick: () => send(tv.select.none) }) : null,
      ...[...chooser.querySelectorAll("button")].map((b) => h("button", { type: "button", "aria-pressed": b.getAttribute("aria-pressed"), text: b.textContent, onclick: () => b.click() })));
    textView.replaceChildren(
      h("h3", { text: t("daifugo.textview") }),
      h("p", { text: strip }),
      h("p", { text: tv.field ? t("daifugo.field.text", { seat: ctx.seatName(tv.field.seat), cards: cardsSpoken(tv.field.cards, ctx) }) : t("daifugo.field.empty") }),
      h("ul", { "aria-label": t("daifugo.seats") }, seatLines),
      h("p", { class: "df-prompt-text", text: prompt.textContent }),
      tv.me >= 0 ? handList : null,
      actions,
      h("ol", { "aria-label": t("daifugo.log") }, tv.log.slice(-8).map((it) => logText(ctx, it)).filter(Boolean).map((x) => h("li", { text: x }))));
    if (focusedKey) {
      const back = textView.querySelector(`[data-key="${CSS.escape(focusedKey)}"], [data-df="${CSS.escape(focusedKey)}"]`);
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
      view = v;
      tv = v.table;
      if (!tv) return;
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      render();
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      root.remove();
    },
  };
}

// ---------------------------------------------------------------- the rules panel (set-up form)
function setup(container, info, ctx) {
  ensureCss();
  const h = ctx.h;
  const t = (k, v) => ctx.t(k, v);
  const presetSel = info.presetSelect;
  const playersSel = info.playersSelect;
  let current = presetSel ? presetSel.value : null;
  let error = null;
  let panel = null;
  let busy = Promise.resolve();
  const errorBox = h("p", { class: "df-rules-error", role: "alert", hidden: true });
  const summary = h("summary", { text: t("daifugo.rules.customise") });
  const body = h("div", { class: "df-rules-body" });
  const details = h("details", { class: "df-rules" }, summary, body);
  const termsSel = h("select", { name: "df-terms", "data-df": "setup-terms" },
    TERMS.map((k) => h("option", { value: k, text: t(`daifugo.terms.${k}`), selected: ctx.settings.get("terms", "daifugo") === k })));
  termsSel.addEventListener("change", () => ctx.settings.set("terms", termsSel.value));
  const encodingLine = h("p", { class: "df-rules-code muted" });
  container.append(h("label", {}, h("span", { text: t("daifugo.terms") }), termsSel), details, errorBox, encodingLine);

  const players = () => Number(playersSel ? playersSel.value : 4);
  async function load(encoding) {
    const r = await ctx.gameCall("rules_panel", { rules: encoding, players: players() });
    panel = r;
    current = r.rules;
    show(r.error);
    draw();
  }
  async function change(path, value) {
    const r = await ctx.gameCall("rules_set", { rules: current, changes: { [path]: value }, players: players() });
    current = r.rules;
    show(r.error);
    const p = await ctx.gameCall("rules_panel", { rules: current, players: players() });
    panel = p;
    draw();
  }
  function show(message) {
    error = message || null;
    errorBox.hidden = !error;
    errorBox.textContent = error ? t("daifugo.rules.invalid", { reason: error }) : "";
    encodingLine.textContent = t("daifugo.rules.code", { code: current || "" });
  }
  function valueLabel(v) {
    const key = `daifugo.val.${v}`;
    const s = t(key);
    return s === key ? String(v).replace(/_/g, " ") : s;
  }
  function draw() {
    const open = details.open;
    const focusPath = document.activeElement && body.contains(document.activeElement) ? document.activeElement.dataset.path : null;
    body.replaceChildren(...panel.groups.map((g) => h("fieldset", { class: "df-rules-group" },
      h("legend", { text: t(`daifugo.group.${g.id}`) }),
      g.options.map((o) => optionRow(o)))));
    details.open = open;
    if (focusPath) { const el = body.querySelector(`[data-path="${focusPath}"]`); if (el) el.focus(); }
  }
  function optionRow(o) {
    const id = `df-opt-${o.path.replace(/\./g, "-")}`;
    const explain = t(`daifugo.opt.${o.path}`);
    let input;
    if (o.kind === "bool") {
      input = h("input", { type: "checkbox", id, "data-path": o.path, checked: o.value });
      input.addEventListener("change", () => { busy = busy.then(() => change(o.path, input.checked)); });
    } else if (o.kind === "enum") {
      input = h("select", { id, "data-path": o.path }, o.choices.map((c) => h("option", { value: c, text: valueLabel(c), selected: c === o.value })));
      input.addEventListener("change", () => { busy = busy.then(() => change(o.path, input.value)); });
    } else if (o.kind === "int") {
      input = h("input", { type: "number", id, "data-path": o.path, min: o.min, max: o.max, value: o.value, inputmode: "numeric" });
      input.addEventListener("change", () => { busy = busy.then(() => change(o.path, Number(input.value))); });
    } else {
      input = h("span", { class: "df-set", role: "group", "data-path": o.path }, o.choices.map((c) => {
        const box = h("input", { type: "checkbox", "data-item": c, checked: o.value.includes(c) });
        box.addEventListener("change", () => {
          const items = [...input.querySelectorAll("input")].filter((b) => b.checked).map((b) => b.dataset.item);
          busy = busy.then(() => change(o.path, items));
        });
        return h("label", {}, box, h("span", { text: valueLabel(c) }));
      }));
    }
    const label = h("label", { for: o.kind === "set" ? null : id, class: "df-opt-text" },
      h("code", { text: o.path.split(".")[1] }), " ", h("span", { text: explain === `daifugo.opt.${o.path}` ? "" : explain }));
    return h("div", { class: "df-opt" + (o.changed ? " df-changed" : ""), "data-option": o.path }, input, label);
  }
  if (presetSel) presetSel.addEventListener("change", () => { busy = busy.then(() => load(presetSel.value)); });
  if (playersSel) playersSel.addEventListener("change", () => { busy = busy.then(() => load(current)); });
  busy = busy.then(() => load(current));
  return {
    values() {
      if (error) throw new Error(error);
      return current ? { rules: current } : {};
    },
  };
}

export default { strings: true, mount, setup };
