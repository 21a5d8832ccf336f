// cardkit.js — a small card-table component shared by the card games (Daifugō, Chabashi).
// It knows nothing of any game's rules: the host passes what to show (which cards, which are
// playable, who is active) and gets intents back (a card toggled, a selection confirmed).
//
// Art comes from a *deck module*:
//   { svg(cardId) -> SVG markup string, label(cardId, lang) -> accessible name, back() -> SVG markup,
//     short?(cardId) -> short text such as "♠10" (optional, used in compact places) }
// (web/tables/deck-french.js is one.)  Card ids are whatever the deck understands; a
// separate `key` (unique within a hand) lets two equal cards (two jokers) live side by side.
//
// API (every component has `.el`, the element to insert, and `update(...)`, which re-uses DOM
// nodes by key so that focus, selection and CSS transitions survive updates):
//
//   cardEl(deck, id, {note, small}) -> a card element (div.ck-card)
//
//   new Hand({deck, lang, label, onToggle(key, selectedKeys), onConfirm(selectedKeys), onKey(ev), minStrip})
//     .update({cards: [{key, id, playable, note}], selected: [key...], selectable: bool, lang, enter})
//       cards are shown in the order given (the game sorts them). `playable` highlights a card,
//       `playable === false` dims it while `selectable`. `enter` (ms, optional): cards new in this
//       update fly in one after another within that time (a dealt hand arrives as a whole);
//       `.busyUntil` is the performance.now() time the animation ends.
//       When the cards would overlap to strips narrower than `minStrip` px (default 32), the hand
//       breaks into rows (a phone holding 18 cards gets two rows of 9, every card tappable).
//     .selected (array of keys)   .setSelected(keys)   .focus()   .clear()
//     Keyboard: ←/→ (and ↑/↓, Home/End) move the focus, Space toggles, Enter confirms.
//     A click toggles; a double click confirms. Every card is a toggle button (aria-pressed).
//
//   new SeatRing()
//     .update(seats) with seats = [{key, name, count, title, badge, marks: [text], active, me,
//       out, detail}] in table order with the viewer first; 2–8 seats. They sit around an oval
//       on wide screens and form a strip on narrow containers (<560 px). `.centre` is the
//       element in the middle (put the Field there).
//
//   new Field({deck, lang})
//     .update({cards: [{key, id, note}], caption, stacked: [[...cards] ...], lang})
//       the current top play (large) over the plays it beat (small, faded).
//
//   new LogList({label, max})
//     .update(items: [{key, text, kind}]) — an ordered list, new items appended, kept scrolled
//       to the end, at most `max` shown.
//
//   new Chips({label})
//     .update({pot, potLabel, stacks: [{key, label, amount}]}) — a pot and per-seat chip stacks.
//
// Styles live in web/tables/cardkit.css (classes prefixed "ck-"; applied before this module
// finishes importing); games add their own.
import { stylesheet } from "./styles.js";

await stylesheet(new URL("./cardkit.css", import.meta.url));

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string|null} cls @param {Record<string, unknown>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, cls, attrs = {}) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = String(v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  return e;
}

// ---------------------------------------------------------------- single cards
/** The slot a hand's card button sits in. @param {HTMLElement} b */
function slotOf(b) { return /** @type {HTMLElement} */ (b.parentElement); }

/** @param {CardDeck} deck @param {string} id @param {{note?: string|null, small?: boolean}} [opts] */
export function cardEl(deck, id, opts = {}) {
  const card = el("div", "ck-card" + (opts.small ? " ck-small" : ""));
  setCard(card, deck, id, opts);
  return card;
}
/** @param {HTMLElement} card @param {CardDeck} deck @param {string} id @param {{note?: string|null}} [opts] */
function setCard(card, deck, id, opts = {}) {
  const face = String(id);
  if (card.dataset.face !== face) {
    card.innerHTML = deck.svg(id);
    card.dataset.face = face;
  }
  let note = card.querySelector(":scope > .ck-note");
  if (opts.note) {
    if (!note) { note = el("span", "ck-note"); card.append(note); }
    note.textContent = opts.note;
  } else if (note) note.remove();
}

// ---------------------------------------------------------------- the hand
export class Hand {
  /** @param {HandOptions} opts */
  constructor(opts) {
    this.opts = opts;
    this.deck = opts.deck;
    this.lang = opts.lang || "en";
    this.el = el("div", "ck-hand", { role: "group", "aria-label": opts.label || "" });
    /** @type {Map<string, HTMLButtonElement>} key → button */
    this.nodes = new Map();
    /** @type {Set<string>} */
    this.sel = new Set();
    /** @type {string[]} */
    this.order = [];
    /** @type {string|null} */
    this.focusKey = null;
    this.selectable = true;
    this.busyUntil = 0;
    this.el.addEventListener("keydown", (ev) => this.onKey(ev));
    if (window.ResizeObserver) {
      /** @type {ResizeObserver|undefined} */
      this.resizer = new ResizeObserver(() => this.layout());
      this.resizer.observe(this.el);
    }
  }
  get selected() { return this.order.filter((k) => this.sel.has(k)); }
  /** @param {string[]} keys */
  setSelected(keys) {
    this.sel = new Set(keys.filter((k) => this.nodes.has(k)));
    for (const [k, b] of this.nodes) this.mark(b, k);
  }
  clear() { this.setSelected([]); }
  focus() {
    const key = this.focusKey !== null && this.nodes.has(this.focusKey) ? this.focusKey : this.order[0];
    const b = key === undefined ? undefined : this.nodes.get(key);
    if (b) b.focus();
  }
  /** @param {HTMLElement} b @param {string} k */
  mark(b, k) {
    const on = this.sel.has(k);
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.classList.toggle("ck-selected", on);
  }
  /** @param {HandState} state */
  update(state) {
    if (state.lang) this.lang = state.lang;
    this.selectable = state.selectable !== false;
    this.el.classList.toggle("ck-passive", !this.selectable);
    if (state.selected) this.sel = new Set(state.selected);
    const keys = state.cards.map((c) => c.key);
    for (const [k, b] of this.nodes) if (!keys.includes(k)) { slotOf(b).remove(); this.nodes.delete(k); this.sel.delete(k); }
    /** @type {Element|null} */
    let prev = null;
    /** @type {string[]} */
    const fresh = [];
    for (const c of state.cards) {
      let b = this.nodes.get(c.key);
      if (!b) {
        fresh.push(c.key);
        const slot = el("div", "ck-slot");
        b = el("button", "ck-cardbtn", { type: "button", "data-key": c.key, "data-card": c.id });
        b.append(cardEl(this.deck, c.id));
        b.addEventListener("click", () => this.toggle(c.key));
        b.addEventListener("dblclick", (ev) => { ev.preventDefault(); this.confirm(); });
        b.addEventListener("focus", () => { this.focusKey = c.key; this.roving(); });
        slot.append(b);
        this.nodes.set(c.key, b);
      }
      const slot = slotOf(b);
      if ((prev ? prev.nextSibling : this.el.firstChild) !== slot) this.el.insertBefore(slot, prev ? prev.nextSibling : this.el.firstChild);
      prev = slot;
      const face = /** @type {HTMLElement} */ (b.firstElementChild);
      if (b.dataset.card !== c.id) { b.dataset.card = c.id; setCard(face, this.deck, c.id); }
      setCard(face, this.deck, c.id, { note: c.note });
      b.classList.toggle("ck-playable", this.selectable && c.playable === true);
      b.classList.toggle("ck-dim", this.selectable && c.playable === false && !this.sel.has(c.key));
      b.setAttribute("aria-label", this.deck.label(c.id, this.lang) + (c.note ? ` (${c.note})` : ""));
      this.mark(b, c.key);
    }
    this.order = keys;
    this.el.style.setProperty("--ck-count", String(keys.length));
    this.roving();
    this.layout();
    if (state.enter && state.enter > 0 && fresh.length) this.enter(fresh, state.enter);
  }
  /** New cards fly in one after another, all within `budget` ms. @param {string[]} keys @param {number} budget */
  enter(keys, budget) {
    const dur = Math.min(260, budget);
    const step = keys.length > 1 ? Math.min(70, (budget - dur) / (keys.length - 1)) : 0;
    keys.forEach((k, i) => {
      const b = this.nodes.get(k);
      if (!b) return;
      const slot = slotOf(b);
      slot.style.setProperty("--ck-delay", `${Math.round(i * step)}ms`);
      slot.style.setProperty("--ck-dur", `${dur}ms`);
      slot.classList.remove("ck-enter");
      void slot.offsetWidth;
      slot.classList.add("ck-enter");
      slot.addEventListener("animationend", () => slot.classList.remove("ck-enter"), { once: true });
    });
    this.busyUntil = Math.max(this.busyUntil, performance.now() + (keys.length - 1) * step + dur);
  }
  // One row while the cards overlap to strips of at least minStrip px; else as many rows as needed.
  layout() {
    const el = this.el;
    const n = this.order.length;
    const first = n ? this.nodes.get(this.order[0]) : undefined;
    const style = getComputedStyle(el);
    const width = el.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
    const face = first && first.querySelector(".ck-card"); // (the card: its button is only what shows of it)
    const cw = face ? face.getBoundingClientRect().width || parseFloat(style.getPropertyValue("--ck-w")) || 64 : 64;
    const min = this.opts.minStrip || 32;
    let rows = 1;
    if (n > 1 && width > 0 && (width - cw) / (n - 1) < min) {
      rows = 2;
      while (rows < 4 && (width - cw) / Math.max(1, Math.ceil(n / rows) - 1) < min) rows++;
    }
    const per = Math.ceil(n / rows);
    el.classList.toggle("ck-rows", rows > 1);
    el.dataset.rows = String(rows);
    if (rows > 1) {
      el.style.setProperty("--ck-per", String(per));
      el.style.setProperty("--ck-strip", `${Math.floor(Math.min(cw, (width - cw) / Math.max(1, per - 1)))}px`);
    }
    // the last card of a row shows whole, and so does the last row: their buttons are the whole card
    this.order.forEach((k, i) => {
      const slot = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (this.nodes.get(k)).parentElement);
      slot.classList.toggle("ck-row-end", (i + 1) % per === 0 || i === n - 1);
      slot.classList.toggle("ck-row-last", i >= (rows - 1) * per);
    });
  }
  destroy() { if (this.resizer) this.resizer.disconnect(); }
  roving() {
    const key = this.focusKey !== null && this.nodes.has(this.focusKey) ? this.focusKey : this.order[0];
    for (const [k, b] of this.nodes) b.tabIndex = k === key ? 0 : -1;
  }
  /** @param {string} key */
  toggle(key) {
    const b = this.nodes.get(key);
    if (!this.selectable || !b) return;
    if (this.sel.has(key)) this.sel.delete(key); else this.sel.add(key);
    this.mark(b, key);
    this.opts.onToggle && this.opts.onToggle(key, this.selected);
  }
  confirm() { if (this.selectable && this.opts.onConfirm) this.opts.onConfirm(this.selected); }
  /** @param {KeyboardEvent} ev */
  onKey(ev) {
    if (this.opts.onKey && this.opts.onKey(ev) === false) return;
    const i = this.focusKey === null ? -1 : this.order.indexOf(this.focusKey);
    let j = null;
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") j = Math.min(this.order.length - 1, i + 1);
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (ev.key === "Home") j = 0;
    else if (ev.key === "End") j = this.order.length - 1;
    else if (ev.key === " " || ev.key === "Spacebar") { ev.preventDefault(); if (i >= 0) this.toggle(this.order[i]); return; }
    else if (ev.key === "Enter") { ev.preventDefault(); this.confirm(); return; }
    else if (ev.key === "Escape") { if (this.sel.size) { ev.preventDefault(); this.clear(); this.opts.onToggle && this.opts.onToggle(null, []); } return; }
    if (j === null || j < 0) return;
    ev.preventDefault();
    const key = this.order[j];
    this.focusKey = key;
    this.roving();
    const b = this.nodes.get(key);
    if (b) b.focus();
  }
}

// ---------------------------------------------------------------- seats
export class SeatRing {
  constructor() {
    this.el = el("div", "ck-ring");
    this.inner = el("div", "ck-ring-inner");
    this.list = el("ul", "ck-seats", { role: "list" });
    this.centre = el("div", "ck-centre");
    this.inner.append(this.list, this.centre);
    this.el.append(this.inner);
    /** @type {Map<string, HTMLLIElement>} */
    this.nodes = new Map();
  }
  /** @param {RingSeat[]} seats */
  update(seats) {
    const n = seats.length;
    this.el.dataset.seats = String(n);
    const keys = seats.map((s) => String(s.key));
    for (const [k, node] of this.nodes) if (!keys.includes(k)) { node.remove(); this.nodes.delete(k); }
    /** @type {Element|null} */
    let prev = null;
    seats.forEach((s, i) => {
      const key = String(s.key);
      let li = this.nodes.get(key);
      if (!li) {
        li = el("li", "ck-seat", { "data-seat": key });
        li.append(el("span", "ck-seat-name"), el("span", "ck-seat-title"), el("span", "ck-seat-count"),
          el("span", "ck-seat-marks"), el("span", "ck-seat-detail"));
        this.nodes.set(key, li);
      }
      if ((prev ? prev.nextSibling : this.list.firstChild) !== li) this.list.insertBefore(li, prev ? prev.nextSibling : this.list.firstChild);
      prev = li;
      // around an oval: the viewer at the bottom, the others clockwise
      const a = Math.PI / 2 + (2 * Math.PI * i) / n;
      li.style.setProperty("--x", `${(50 + 42 * Math.cos(a)).toFixed(2)}%`);
      li.style.setProperty("--y", `${(50 + 40 * Math.sin(a)).toFixed(2)}%`);
      li.classList.toggle("ck-active", Boolean(s.active));
      li.classList.toggle("ck-me", Boolean(s.me));
      li.classList.toggle("ck-out", Boolean(s.out));
      const [name, title, count, marks, detail] = /** @type {HTMLElement[]} */ ([...li.children]);
      name.textContent = s.name ?? "";
      title.textContent = s.title ?? "";
      title.hidden = !s.title;
      if (s.badge) title.dataset.badge = s.badge; else delete title.dataset.badge;
      count.textContent = s.count === undefined || s.count === null ? "" : String(s.count);
      count.hidden = s.count === undefined || s.count === null;
      count.dataset.count = count.textContent;
      const m = (s.marks || []).join(" · ");
      if (marks.textContent !== m) marks.textContent = m;
      marks.hidden = !m;
      detail.textContent = s.detail ?? "";
      detail.hidden = !s.detail;
      li.setAttribute("aria-current", s.active ? "true" : "false");
    });
  }
}

// ---------------------------------------------------------------- the field
export class Field {
  /** @param {{deck: CardDeck, lang?: string}} opts */
  constructor(opts) {
    this.opts = opts;
    this.deck = opts.deck;
    this.lang = opts.lang || "en";
    this.el = el("section", "ck-field");
    this.under = el("div", "ck-field-under", { "aria-hidden": "true" });
    this.top = el("div", "ck-field-top");
    this.caption = el("p", "ck-field-caption", { "aria-live": "off" });
    this.el.append(this.under, this.top, this.caption);
    /** @type {string|null} */
    this.key = null;
    /** @type {string|null} */
    this.ukey = null;
  }
  /** @param {FieldState} state */
  update(state) {
    if (state.lang) this.lang = state.lang;
    const cards = state.cards || [];
    const key = cards.map((c) => `${c.id}:${c.note || ""}`).join(",");
    if (key !== this.key) {
      this.key = key;
      this.top.replaceChildren(...cards.map((c) => {
        const card = cardEl(this.deck, c.id, { note: c.note });
        card.setAttribute("role", "img");
        card.setAttribute("aria-label", this.deck.label(c.id, this.lang) + (c.note ? ` (${c.note})` : ""));
        return card;
      }));
      this.top.classList.remove("ck-arrive");
      void this.top.offsetWidth; // restart the arrival animation
      if (cards.length) this.top.classList.add("ck-arrive");
    }
    const under = (state.stacked || []).slice(-3);
    const ukey = under.map((p) => p.map((c) => c.id).join(".")).join("|");
    if (ukey !== this.ukey) {
      this.ukey = ukey;
      this.under.replaceChildren(...under.map((p, i) => {
        const g = el("div", "ck-under-play");
        g.style.setProperty("--i", String(under.length - i));
        for (const c of p) g.append(cardEl(this.deck, c.id, { small: true }));
        return g;
      }));
    }
    this.el.classList.toggle("ck-empty", !cards.length);
    this.caption.textContent = state.caption || "";
  }
}

// ---------------------------------------------------------------- the log
export class LogList {
  /** @param {{max?: number, label?: string}} [opts] */
  constructor(opts = {}) {
    this.max = opts.max || 40;
    this.el = el("ol", "ck-log", { "aria-label": opts.label || "" });
    /** @type {Map<string, HTMLLIElement>} */
    this.nodes = new Map();
  }
  /** @param {LogItem[]} items */
  update(items) {
    const shown = items.slice(-this.max);
    const keys = new Set(shown.map((i) => String(i.key)));
    for (const [k, node] of this.nodes) if (!keys.has(k)) { node.remove(); this.nodes.delete(k); }
    /** @type {Element|null} */
    let prev = null;
    let added = false;
    for (const it of shown) {
      const k = String(it.key);
      let li = this.nodes.get(k);
      if (!li) { li = el("li", "ck-log-item"); this.nodes.set(k, li); added = true; }
      if ((prev ? prev.nextSibling : this.el.firstChild) !== li) this.el.insertBefore(li, prev ? prev.nextSibling : this.el.firstChild);
      prev = li;
      if (li.textContent !== it.text) li.textContent = it.text;
      li.dataset.kind = it.kind || "";
    }
    if (added) this.el.scrollTop = this.el.scrollHeight;
  }
}

// ---------------------------------------------------------------- chips
/** @param {string} colour */
function chipSvg(colour) {
  return `<svg viewBox="0 0 20 20" class="ck-chip" aria-hidden="true"><circle cx="10" cy="10" r="9" fill="${colour}" stroke="#1d1b18" stroke-width="1"/>`
    + `<circle cx="10" cy="10" r="5.5" fill="none" stroke="#fffdf8" stroke-width="1.6" stroke-dasharray="2.4 1.9"/></svg>`;
}
export class Chips {
  /** @param {{label?: string}} [opts] */
  constructor(opts = {}) {
    this.el = el("div", "ck-chips", { role: "group", "aria-label": opts.label || "" });
    this.pot = el("div", "ck-pot");
    this.stacks = el("ul", "ck-stacks");
    this.el.append(this.pot, this.stacks);
    /** @type {Map<string, HTMLLIElement>} */
    this.nodes = new Map();
  }
  /** @param {ChipsState} state */
  update(state) {
    const potText = `${state.potLabel || ""} ${state.pot ?? 0}`.trim();
    if (this.pot.dataset.text !== potText) {
      this.pot.dataset.text = potText;
      const n = Math.max(0, Math.min(6, Math.ceil(Math.log2((state.pot || 0) + 1))));
      this.pot.innerHTML = Array.from({ length: n }, (_, i) => chipSvg(["#b3261e", "#244a7a", "#2f6b3a"][i % 3])).join("");
      this.pot.append(el("span", "ck-pot-text", { text: potText }));
    }
    const stacks = state.stacks || [];
    const keys = stacks.map((s) => String(s.key));
    for (const [k, node] of this.nodes) if (!keys.includes(k)) { node.remove(); this.nodes.delete(k); }
    for (const s of stacks) {
      let li = this.nodes.get(String(s.key));
      if (!li) { li = el("li", "ck-stack", { "data-key": s.key }); this.nodes.set(String(s.key), li); this.stacks.append(li); }
      li.textContent = `${s.label}: ${s.amount}`;
    }
  }
}

// ---------------------------------------------------------------- where the eye goes
/** A game's results, a session's standings, a live end's record: `el` brought into view once the
 * frame that draws it is laid out (still shown and in the page by then), never in an embed, whose
 * frame is laid out to hold it (and must not scroll the wiki's page).
 * @param {TableContext} ctx @param {HTMLElement} el */
export function bringIntoView(ctx, el) {
  if (!ctx.embed) requestAnimationFrame(() => { if (!el.hidden && el.isConnected) el.scrollIntoView({ block: "nearest" }); });
}

// ---------------------------------------------------------------- a live table's end
/** The line under a live card table's end summary (ctx.liveEnd): the deal being checked, then the
 * verdict and the record with every hand, where the eye is when the game ends (the live panel above
 * the table says the same, often out of view by then).
 * @param {TableContext} ctx @param {LiveEnd} end */
export function liveEndLine(ctx, end) {
  const { h, t } = ctx;
  const line = h("div", { class: "ck-live-end", "data-state": end.state },
    h("p", { role: "status", text: end.text }),
    end.href ? h("div", { class: "row" }, h("a", { class: "button primary", "data-live": "end-record", href: end.href, text: t("live.cards_record") })) : null);
  if (end.href) bringIntoView(ctx, line); // the record, once there
  return line;
}
