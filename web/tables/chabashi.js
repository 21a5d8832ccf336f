// The Chabashi table: the dealer's floor and the centre, every seat's hand and floor, chips and
// pots, the step and its prompt, the viewer's choices (buttons and card picks), the last hand's
// showdown and payout, an odds panel computed in the AI Worker, a text view, the help (how a hand
// goes, the hand ranking with a picture and the exact frequency of each hand, the rule sets) and a
// replay bar (a finished session replays with every card face up).
// It holds no rules: everything comes from view.table (pyengine/app/views/chabashi.py) and the
// Worker's tasks (pyengine/app/tasks/chabashi.py), and every choice is an action string from
// there, sent back with ctx.play.
//
// Its parts: chabashi-seats.js (the other seats, a card's id, rows of cards), chabashi-result.js
// (the last hand's panel, the final standings), chabashi-help.js, chabashi-odds.js and
// chabashi-text.js (the text view); each draws for the Table below.
import * as ck from "./cardkit.js";
import { HintControl, playedHints } from "./hintkit.js";
import { renderResult, renderStandings } from "./chabashi-result.js";
import { toggleHelp } from "./chabashi-help.js";
import { renderOdds } from "./chabashi-odds.js";
import { cardId, renderSeats, seatMarks, setRow } from "./chabashi-seats.js";
import { renderText } from "./chabashi-text.js";
import { stylesheet } from "./styles.js";
import deck from "./deck-dido.js";

/** @type {Record<string, number>} */
const DEAL_MS = { instant: 0, fast: 900, normal: 1800 }; // dealt cards fly in within this time

await stylesheet(new URL("./chabashi.css", import.meta.url));

/** @type {Record<string, string|string[]>} the keyboard's choices: a key → the buttons it presses */
const KEYS = { "0": "draw0", "1": "draw1", "2": "draw2", c: ["check", "call"], b: "bet", r: "raise", f: "fold", p: ["pass", "decline"] };

// Replaying a finished session: every card of the position face up (a face-down one keeps its mark).
/** @param {ChabashiTableView} tv @returns {ChabashiTableView} */
function revealAll(tv) {
  const r = tv.revealed;
  if (!r) return tv;
  return {
    ...tv,
    centre: r.centre.map((c, i) => ({ ...c, key: `c:${i + 1}` })),
    seats: tv.seats.map((s, i) => ({
      ...s,
      hand: r.seats[i].hand.map((c) => ({ card: c, up: false, key: s.seat === tv.viewer ? `h:${c}` : null })),
      floor: r.seats[i].floor.map((c, j) => ({ ...c, key: s.seat === tv.viewer ? `f:${j + 1}` : null })),
    })),
  };
}


export class Table {
  /** @param {HTMLElement} host @param {TableContext} ctx */
  constructor(host, ctx) {
    this.ctx = ctx;
    this.host = host;
    /** @type {ChabashiView|null} */
    this.view = null;
    /** @type {{group: string, path: string[]}|null} the card picks under way */
    this.pick = null;
    this.oddsOn = ctx.settings.get("odds", "0") === "1";
    this.textOn = ctx.settings.get("text", "0") === "1";
    /** @type {string|null} the position the odds are for */
    this.oddsKey = null;
    /** @type {ChabashiOddsAnswer|null} */
    this.oddsResult = null;
    this.oddsBusy = false;
    /** @type {number|null} the hand whose result the player hid */
    this.hiddenResult = null;
    /** @type {number|null} embedded: the hand whose result panel the player opened */
    this.openResult = null;
    this.lastEvents = 0;
    /** @type {string|null} */
    this.lastPromptKey = null;
    this.frame = 0;
    /** @type {number|null} */
    this.lastLength = null;
    this.enterMs = 0;     // the next draw animates the cards new in it within this time
    this.busyUntil = 0;   // a deal animation runs until then (performance.now())
    this.shellWaits = false; // the shell waits for settled() before each automatic ply
    /** @type {(() => void)[]} resolvers of settled() held until the dealer presses "Deal" */
    this.gate = [];
    const { h } = ctx;
    host.classList.add("cb-table");
    if (ctx.embed) host.classList.add("cb-embed");
    this.stepEl = h("h2", { class: "cb-step" });
    this.promptEl = h("p", { class: "cb-prompt", role: "status", "aria-live": "polite" });
    this.infoEl = h("p", { class: "cb-info muted" });
    this.oddsBtn = h("button", { type: "button", class: "cb-toggle", "data-cb": "odds-toggle", onclick: () => this.toggleOdds() });
    this.textBtn = h("button", { type: "button", class: "cb-toggle", "data-cb": "text-toggle", onclick: () => this.toggleText() });
    this.helpBtn = h("button", { type: "button", class: "cb-toggle", "data-cb": "help", "aria-expanded": "false", onclick: () => this.toggleHelp() });
    this.chips = new ck.Chips({ label: "" });
    this.resultSlot = h("span", { class: "cb-result-slot" }); // embedded: the "Last hand" button
    this.openResult = null; // embedded: the hand whose result panel the player opened
    const headTools = h("div", { class: "cb-head-tools" }, this.chips.el, this.resultSlot, this.oddsBtn, this.textBtn, this.helpBtn);
    this.head = h("div", { class: "cb-head" },
      h("div", { class: "cb-head-text" }, this.stepEl, this.promptEl, this.infoEl),
      headTools);
    this.helpEl = h("section", { class: "cb-panel cb-help", hidden: true, tabindex: "-1" });
    this.gateEl = h("section", { class: "cb-gate", hidden: true });
    this.standingsEl = h("section", { class: "cb-panel cb-standings", hidden: true });
    /** @type {string | null | undefined} */
    this.standingsShown = undefined; // the session whose standings were brought into view (chabashi-result.js)
    const nav = (/** @type {string} */ id, /** @type {string} */ text, /** @type {() => void} */ fn) => h("button", { type: "button", "data-cb-nav": id, text, onclick: fn });
    const slider = h("input", { type: "range", min: 0, value: 0, "data-cb-nav": "slider" });
    slider.addEventListener("input", () => ctx.goto(Number(slider.value)));
    this.slider = slider;
    this.replayEl = h("div", { class: "cb-replay row" },
      nav("first", "|◀", () => ctx.goto(0)), nav("prev", "◀", () => this.view && ctx.goto(this.view.cursor - 1)), this.slider,
      nav("next", "▶", () => this.view && ctx.goto(this.view.cursor + 1)), nav("last", "▶|", () => this.view && ctx.goto(this.view.length)));
    // the middle: the dealer's floor, the centre and the stock
    this.dealerRow = h("div", { class: "cb-row cb-dealer-floor", role: "img" });
    this.dealerTitle = h("h3", { class: "cb-zone-title" });
    this.dealerBox = h("section", { class: "cb-zone cb-dealer" }, this.dealerTitle, this.dealerRow);
    this.centreHand = new ck.Hand({ deck, lang: ctx.lang, label: "", onToggle: (k) => this.onPick(k) });
    this.centreTitle = h("h3", { class: "cb-zone-title" });
    this.stockEl = h("p", { class: "cb-stock muted" });
    this.centreBox = h("section", { class: "cb-zone cb-centre" }, this.centreTitle, this.centreHand.el, this.stockEl);
    this.middle = h("div", { class: "cb-middle" }, this.dealerBox, this.centreBox);
    // the other seats
    this.seatsEl = h("ul", { class: "cb-seats", role: "list" });
    /** @type {Map<string, ChabashiSeatNode>} */
    this.seatNodes = new Map();
    // the viewer's own seat
    this.meName = h("h3", { class: "cb-zone-title" });
    this.meMarks = h("p", { class: "cb-marks" });
    this.floorTitle = h("h4", { class: "cb-sub" });
    this.handTitle = h("h4", { class: "cb-sub" });
    this.floorHand = new ck.Hand({ deck, lang: ctx.lang, label: "", onToggle: (k) => this.onPick(k) });
    this.myHand = new ck.Hand({ deck, lang: ctx.lang, label: "", onToggle: (k) => this.onPick(k) });
    this.me = h("section", { class: "cb-zone cb-me" }, h("div", { class: "cb-me-head" }, this.meName, this.meMarks),
      h("div", { class: "cb-me-rows" },
        h("div", { class: "cb-me-floor" }, this.floorTitle, this.floorHand.el),
        h("div", { class: "cb-me-hand" }, this.handTitle, this.myHand.el)));
    // what the dealer does, while the player deals (they have no cards of their own to show then)
    this.dealNote = h("p", { class: "cb-deal-note", hidden: true, "data-cb": "deal-note" });
    // choices
    this.actionsEl = h("section", { class: "cb-actions", role: "group" });
    this.keysEl = h("p", { class: "cb-keys muted" });
    // panels
    this.oddsEl = h("section", { class: "cb-panel cb-odds", "aria-live": "polite" });
    this.resultEl = h("section", { class: "cb-panel cb-result" });
    this.log = new ck.LogList({ max: 60 });
    this.logTitle = h("h3", { class: "cb-zone-title" });
    this.logEl = h("section", { class: "cb-panel cb-log" }, this.logTitle, this.log.el);
    this.textEl = h("section", { class: "cb-panel cb-text" });
    this.hint = new HintControl(ctx, { game: "chabashi", onChange: () => this.render() });
    this.hintsLine = h("p", { class: "cb-hints-used muted", hidden: true, "data-hints": "used" });
    // the person out of the session (no chips left) while the others play on: a new one is a press away
    this.outText = h("span");
    this.outBtn = h("button", { type: "button", class: "primary", "data-cb": "new-session", onclick: () => ctx.playAgain() });
    this.outEl = h("p", { class: "cb-out-note", role: "status", hidden: true }, this.outText, this.outBtn);
    this.wasOut = false;
    headTools.append(this.hint.setting);
    host.append(this.head, this.outEl, this.helpEl, this.gateEl, this.middle, this.seatsEl, this.me, this.dealNote, this.actionsEl, this.hint.el, this.keysEl, this.hintsLine,
      this.standingsEl, this.resultEl, this.oddsEl, this.textEl, this.replayEl, this.logEl);
    this.pending = false; // drawn once: later draws wait for the next frame
    this.onKey = (/** @type {KeyboardEvent} */ ev) => this.key(ev);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    cancelAnimationFrame(this.frame);
    this.floorHand.destroy(); this.myHand.destroy(); this.centreHand.destroy();
    this.openGate();
  }

  // Resolves once the table has settled: a deal has finished arriving, and a hand the player deals
  // has been started by them ("Deal").  The shell waits for it before each automatic ply, so bots
  // never play a hand before the person at the table can see it.
  settled() {
    this.shellWaits = true;
    const tv = this.view && this.view.table;
    if (tv && tv.deals_next) {
      this.renderGate(tv);
      return /** @type {Promise<void>} */ (new Promise((resolve) => this.gate.push(resolve)));
    }
    const wait = Math.max(0, this.busyUntil - performance.now());
    return /** @type {Promise<void>} */ (new Promise((resolve) => setTimeout(resolve, wait)));
  }
  openGate() {
    const waiting = this.gate;
    this.gate = [];
    this.gateEl.hidden = true;
    for (const resolve of waiting) resolve();
  }

  /** @param {ChabashiView} view */
  update(view) {
    const prevCursor = this.view && this.view.cursor;
    const grew = this.lastLength !== null && view.length > this.lastLength && view.cursor === view.length;
    this.lastLength = view.length;
    const speed = this.ctx.speed in DEAL_MS ? this.ctx.speed : "fast";
    this.enterMs = grew ? DEAL_MS[speed] : 0;
    this.view = view;
    if (prevCursor !== view.cursor) this.pick = null;
    if (this.gate.length && !(view.table && view.table.deals_next)) this.openGate();
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.render());
    if (!this.pending) this.render(); // the first draw is immediate
  }

  /** @param {string} key @param {Record<string, unknown>} [vars] */
  t(key, vars = {}) { return this.ctx.t(key, vars); }
  /** A seat's name ("" for none). @param {number|null|undefined} i */
  name(i) { return i === null || i === undefined || i < 0 ? "" : this.ctx.seatName(i); }
  /** @param {Record<string, unknown>} vars */
  withSeat(vars) { const out = { ...vars }; if ("seat" in out) out.seat = typeof out.seat === "number" ? this.name(out.seat) : ""; return out; }
  /** @param {{event: string, seat?: number|null, value?: unknown}} e */
  eventText(e) { return this.t(`chabashi.log.${e.event}`, { seat: this.name(e.seat), value: e.value ?? "" }); }

  render() {
    this.pending = true;
    const view = this.view;
    if (!view || !view.table) return;
    const tv = revealAll(view.table);
    const lang = this.ctx.lang;
    const t = this.ctx.t;
    this.host.dataset.step = tv.step;
    this.host.dataset.mine = tv.mine ? "true" : "false";
    this.host.dataset.replaying = view.cursor !== view.length ? "true" : "false";
    this.host.dataset.revealed = tv.revealed ? "true" : "false";
    // head
    this.stepEl.textContent = t(`chabashi.step.${tv.step}`);
    const prompt = tv.you_deal && !tv.mine && tv.step !== "deal" ? `${t(tv.prompt.key, this.withSeat(tv.prompt.vars))} ${t("chabashi.you_deal")}`
      : t(tv.prompt.key, this.withSeat(tv.prompt.vars));
    this.promptEl.textContent = this.pick ? this.pickPrompt() : this.gate.length ? t("chabashi.you_deal")
      : this.ctx.heldByPause(view) ? t("table.paused") : prompt;
    const info = [];
    if (tv.hand_no) info.push(tv.hand_limit ? t("chabashi.hand_of", { n: tv.hand_no, limit: tv.hand_limit }) : t("chabashi.hand_no", { n: tv.hand_no }));
    if (tv.two_player) info.push(t("chabashi.two_player"));
    this.infoEl.textContent = info.join(" · ");
    // (the bots stop when the person goes out: they may play on, by Resume, or a new session begins)
    const out = tv.viewer >= 0 && tv.seats[tv.viewer].role === "out" && view.status !== "over" && view.cursor === view.length && !this.ctx.live;
    if (out && !this.wasOut && !this.ctx.paused) setTimeout(() => this.ctx.pause());
    this.wasOut = out;
    this.outEl.hidden = !out;
    this.outText.textContent = t("chabashi.out_note");
    this.outBtn.textContent = t("chabashi.new_session");
    const potLabel = t("chabashi.pot");
    this.chips.el.setAttribute("aria-label", potLabel);
    this.chips.update({ pot: tv.pot, potLabel, stacks: tv.pots.length > 1 ? tv.pots.map((p, i) => ({ key: i, label: `${i + 1}`, amount: p.amount })) : [] });
    this.helpBtn.textContent = t("chabashi.help.button");
    this.oddsBtn.textContent = t("chabashi.odds.toggle");
    this.oddsBtn.setAttribute("aria-pressed", this.oddsOn ? "true" : "false");
    this.textBtn.textContent = t("chabashi.textview");
    this.textBtn.setAttribute("aria-pressed", this.textOn ? "true" : "false");
    // the dealer's floor
    this.dealerBox.hidden = !tv.dealer_floor.length;
    this.dealerTitle.textContent = `${t("chabashi.dealer_floor")}${tv.dealer !== null ? ` — ${this.name(tv.dealer)}${tv.dealer === tv.viewer ? ` (${t("chabashi.you")})` : ""}` : ""}`;
    setRow(this.dealerRow, tv.dealer_floor.map((c) => cardId(c)), {});
    this.dealerRow.setAttribute("aria-label", `${t("chabashi.dealer_floor")}: ${tv.dealer_floor.map((c) => deck.label(cardId(c), lang)).join(", ")}`);
    // the centre (pickable for 8-3)
    const cand = this.candidates();
    this.centreTitle.textContent = t("chabashi.centre");
    this.centreHand.el.setAttribute("aria-label", t("chabashi.centre"));
    this.centreHand.update({ lang, selectable: this.rowActive(cand, "c:"), selected: [],
      cards: tv.centre.map((c) => ({ key: c.key || "", id: cardId(c), playable: cand.has(c.key || "") ? true : this.pick ? false : undefined })) });
    this.stockEl.textContent = t("chabashi.stock", { n: tv.stock });
    // other seats
    renderSeats(this, tv);
    // my seat
    const me = tv.viewer >= 0 ? tv.seats[tv.viewer] : null;
    this.me.hidden = !me || (!me.floor.length && !me.hand.length); // the dealer's cards are the dealer's floor above
    if (me) {
      this.meName.textContent = `${this.name(tv.viewer)} (${t("chabashi.you")}) — ${t("chabashi.chips", { n: me.chips })}`;
      this.meMarks.textContent = seatMarks(this, me, tv).join(" · ");
      this.me.classList.toggle("cb-active", me.to_act);
      this.floorTitle.textContent = t("chabashi.your_floor");
      this.handTitle.textContent = t("chabashi.your_hand");
      this.floorHand.el.setAttribute("aria-label", t("chabashi.your_floor"));
      this.myHand.el.setAttribute("aria-label", t("chabashi.your_hand"));
      this.floorHand.update({ lang, selectable: this.rowActive(cand, "f:"), selected: [], enter: this.enterMs,
        cards: me.floor.map((c) => ({ key: c.key || "", id: cardId(c, true), note: !c.card ? t("chabashi.yours") : !c.up ? t("chabashi.text.down") : undefined,
          playable: cand.has(c.key || "") ? true : this.pick ? false : undefined })) });
      this.myHand.update({ lang, selectable: this.rowActive(cand, "h:"), selected: [], enter: this.enterMs,
        cards: me.hand.map((c) => ({ key: c.key || "", id: c.card || "back", playable: cand.has(c.key || "") ? true : this.pick ? false : undefined })) });
    }
    this.dealNote.hidden = !tv.you_deal;
    if (tv.you_deal) this.dealNote.textContent = t(`chabashi.deal_note.${tv.dealer_mode}`);
    this.busyUntil = Math.max(this.busyUntil, this.floorHand.busyUntil, this.myHand.busyUntil);
    this.enterMs = 0;
    this.renderActions(tv);
    this.renderHint(tv);
    this.renderStandings(tv);
    this.renderResult(tv);
    this.renderOdds(tv);
    this.renderText(tv);
    this.renderReplay(view);
    if (this.gate.length || (this.shellWaits && tv.deals_next)) this.renderGate(tv); else this.gateEl.hidden = true;
    if (!this.helpEl.hidden && (this.helpEl.dataset.rules !== view.rules || this.helpEl.dataset.lang !== lang)) this.toggleHelp(true);
    this.logTitle.textContent = t("chabashi.log");
    this.log.el.setAttribute("aria-label", t("chabashi.log"));
    this.log.update(tv.events.map((e, i) => ({ key: `${tv.hand_no}:${i}`, text: this.eventText(e),
      kind: ["fold", "pass", "check", "decline"].includes(e.event) ? "pass" : ["bet", "raise"].includes(e.event) ? "effect" : "" })));
    // announcements: the newest public event, then my turn's prompt
    const live = view.cursor === view.length;
    if (live && tv.events.length > this.lastEvents && tv.events.length) this.ctx.announce(this.eventText(tv.events[tv.events.length - 1]));
    this.lastEvents = tv.events.length;
    const pk = `${view.cursor}:${tv.prompt.key}`;
    if (tv.mine && pk !== this.lastPromptKey) {
      this.ctx.announce(prompt);
      // a phone: bring the player's choices into view when it is their turn (an embed fits its frame)
      const box = this.actionsEl.getBoundingClientRect();
      if (!this.ctx.embed && box.height && box.bottom > window.innerHeight) this.actionsEl.scrollIntoView({ block: "end", behavior: "smooth" });
    }
    this.lastPromptKey = pk;
    // keep keyboard play flowing: when my turn starts and focus was lost, focus the first choice
    if (tv.mine && (!document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected)) {
      const first = this.actionsEl.querySelector("button");
      if (first) first.focus({ preventScroll: true });
    }
  }




  // ---------------------------------------------------------------- choices
  groups() {
    const tv = this.view && this.view.table;
    return (tv && tv.actions && tv.actions.picks) || [];
  }
  /** The keys that continue the picks under way. */
  candidates() {
    /** @type {Set<string>} */
    const out = new Set();
    const pick = this.pick;
    if (!pick) return out;
    const g = this.groups().find((x) => x.id === pick.group);
    if (!g) { this.pick = null; return out; }
    const p = pick.path;
    for (const o of g.options) if (p.every((k, i) => o.path[i] === k) && o.path.length > p.length) out.add(o.path[p.length]);
    return out;
  }
  /** @param {Set<string>} cand @param {string} prefix */
  rowActive(cand, prefix) { for (const k of cand) if (k.startsWith(prefix)) return true; return false; }
  pickPrompt() {
    const pick = this.pick;
    const g = pick && this.groups().find((x) => x.id === pick.group);
    const next = [...this.candidates()][0] || "f:";
    return `${this.t(g ? g.label_key : "")}: ${this.t(`chabashi.pickstep.${next[0]}`)}`;
  }
  /** @param {string} group */
  startPick(group) {
    this.pick = { group, path: [] };
    this.render();
    this.focusPlayable();
  }
  /** The first card that continues the picks takes the focus. */
  focusPlayable() {
    const first = /** @type {HTMLElement|null} */ (this.host.querySelector(".ck-cardbtn.ck-playable"));
    if (first) first.focus();
  }
  cancelPick() { this.pick = null; this.render(); const b = this.actionsEl.querySelector("button"); if (b) b.focus(); }
  /** @param {string|null} key */
  onPick(key) {
    const pick = this.pick;
    if (!pick || key === null) return;
    const cand = this.candidates();
    if (!cand.has(key)) { this.render(); return; }
    pick.path.push(key);
    const g = this.groups().find((x) => x.id === pick.group);
    const done = g && g.options.find((o) => o.path.length === pick.path.length && o.path.every((k, i) => k === pick.path[i]));
    if (done) { this.pick = null; this.play(done.action); return; }
    this.render();
    this.focusPlayable();
  }
  /** @param {string} action */
  play(action) {
    this.pick = null;
    this.ctx.play(action);
  }

  /** @param {ChabashiTableView} tv */
  renderHint(tv) {
    const view = this.view;
    if (!view) return;
    this.hint.update(view);
    const r = this.hint.shown;
    const acts = tv.actions;
    const group = r && acts ? acts.picks.find((g) => g.options.some((o) => o.action === r.action)) : null;
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (this.host.querySelectorAll("[data-action], [data-pick]"))) {
      b.classList.toggle("hinted", Boolean(r && (b.dataset.action === r.action || (group && b.dataset.pick === group.id))));
    }
    if (r) {
      // an action's words: its option's label in a pick (a card to take), else the session's
      const words = (/** @type {string} */ a) => ((acts && acts.picks.flatMap((g) => g.options).find((o) => o.action === a)) || { label: this.hint.label(a) }).label;
      const next = r.why && typeof r.why.next === "string" ? words(r.why.next) : "";
      this.hint.say(this.t("chabashi.hint.reason", { move: words(r.action), equity: Math.round(Number(r.equity) * 100) }), this.hint.reason(r.why, { next }));
    }
    const used = playedHints(view);
    const over = view.status === "over";
    this.hintsLine.hidden = !(over && used.length);
    if (over && used.length) this.hintsLine.textContent = this.t("chabashi.hint.summary", { n: used.length, plies: used.join(", ") });
  }

  /** @param {ChabashiTableView} tv */
  renderActions(tv) {
    const { h } = this.ctx;
    const t = this.ctx.t;
    const acts = tv.actions;
    this.actionsEl.setAttribute("aria-label", t("chabashi.actions"));
    const sig = JSON.stringify([this.view && this.view.cursor, acts, this.pick && this.pick.group, this.pick && this.pick.path, this.ctx.lang]);
    if (this.actionsEl.dataset.sig === sig) return;
    this.actionsEl.dataset.sig = sig;
    const active = document.activeElement instanceof HTMLElement && this.actionsEl.contains(document.activeElement) ? document.activeElement : null;
    const focused = active ? active.dataset.action || active.dataset.pick : null;
    this.actionsEl.hidden = !acts;
    this.keysEl.hidden = !acts || this.ctx.embed;
    this.keysEl.textContent = t("chabashi.shortcuts");
    if (!acts) { this.actionsEl.replaceChildren(); return; }
    const items = [];
    if (this.pick) {
      items.push(h("button", { type: "button", "data-pick": "cancel", text: t("chabashi.cancel"), onclick: () => this.cancelPick() }));
    } else {
      for (const b of acts.buttons) {
        const key = b.id === "call" && b.all_in ? "call_all_in" : b.id;
        items.push(h("button", { type: "button", class: ["bet", "raise", "call", "draw1", "draw2"].includes(b.id) ? "primary" : "",
          "data-action": b.action, title: b.label, text: t(`chabashi.btn.${key}`, { amount: b.amount ?? "", total: b.total ?? "" }),
          onclick: () => this.play(b.action) }));
      }
      for (const g of acts.picks) {
        items.push(h("button", { type: "button", "data-pick": g.id, text: `${t(g.label_key)}…`, onclick: () => this.startPick(g.id) }));
      }
    }
    this.actionsEl.replaceChildren(...items);
    if (focused) {
      const again = /** @type {HTMLElement|null} */ (this.actionsEl.querySelector(`[data-action="${focused}"], [data-pick="${focused}"]`));
      if (again) again.focus();
    }
  }

  /** @param {KeyboardEvent} ev */
  key(ev) {
    if (!this.host.isConnected || !this.view || !this.view.table) return;
    const tag = ev.target instanceof Element ? ev.target.tagName : "";
    if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape" && this.pick) { ev.preventDefault(); this.cancelPick(); return; }
    const acts = this.view.table.actions;
    if (!acts || this.pick) return;
    const want = KEYS[ev.key.toLowerCase()];
    if (!want) return;
    const ids = Array.isArray(want) ? want : [want];
    const b = acts.buttons.find((x) => ids.includes(x.id));
    if (b) { ev.preventDefault(); this.play(b.action); }
  }

  // ---------------------------------------------------------------- the dealer's press
  /** @param {ChabashiTableView} tv */
  renderGate(tv) {
    const { h } = this.ctx;
    const t = this.ctx.t;
    const show = this.shellWaits && tv.deals_next;
    this.gateEl.hidden = !show;
    if (!show) return;
    const sig = JSON.stringify([tv.hand_no, this.ctx.lang]);
    if (this.gateEl.dataset.sig === sig) return;
    this.gateEl.dataset.sig = sig;
    this.gateEl.replaceChildren(
      h("p", { text: t(tv.hand_no ? "chabashi.gate.next" : "chabashi.gate.first") }),
      h("button", { type: "button", class: "primary", "data-cb": "deal", text: t("chabashi.gate.deal"), onclick: () => this.openGate() }));
    const deal = this.gateEl.querySelector("button");
    if (deal && (!document.activeElement || document.activeElement === document.body)) deal.focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- replay and the final standings
  /** @param {ChabashiView} view */
  renderReplay(view) {
    const live = view.cursor === view.length && view.status !== "over";
    this.replayEl.hidden = (live && (this.ctx.embed || view.length === 0)) || Boolean(view.live); // (a live table's record comes at its end)
    this.slider.max = String(view.length);
    this.slider.value = String(view.cursor);
    this.slider.setAttribute("aria-label", this.t("table.position", { ply: view.cursor, length: view.length }));
    for (const b of this.replayEl.querySelectorAll("button")) { b.title = this.t(`table.${b.dataset.cbNav}`); b.setAttribute("aria-label", b.title); }
  }
  /** @param {ChabashiTableView} tv */
  renderStandings(tv) { renderStandings(this, tv); }

  // ---------------------------------------------------------------- help (chabashi-help.js)
  async toggleHelp(open = Boolean(this.helpEl.hidden)) { return toggleHelp(this, open); }

  // ---------------------------------------------------------------- result
  /** @param {ChabashiTableView} tv */
  renderResult(tv) { renderResult(this, tv); }

  // ---------------------------------------------------------------- odds
  toggleOdds() {
    this.oddsOn = !this.oddsOn;
    this.oddsKey = null;
    this.oddsResult = null;
    this.ctx.settings.set("odds", this.oddsOn ? "1" : "0");
    this.render();
  }
  /** @param {ChabashiTableView} tv */
  renderOdds(tv) { renderOdds(this, tv); }

  // ---------------------------------------------------------------- text view
  toggleText() {
    this.textOn = !this.textOn;
    this.ctx.settings.set("text", this.textOn ? "1" : "0");
    this.render();
  }
  /** @param {ChabashiTableView} tv */
  renderText(tv) { renderText(this, tv); }
}

// The set-up form: the chosen rule set explained in the player's language (the form names each
// one: new-game.js, preset.chabashi.<id>).
/** @param {HTMLElement} container @param {TableSetupInfo} info @param {TableContext} ctx */
function setup(container, info, ctx) {
  const sel = info.presetSelect;
  const about = ctx.h("p", { class: "cb-setup-about muted" });
  const draw = () => {
    if (!sel) return;
    const id = sel.selectedOptions[0] && sel.selectedOptions[0].dataset.preset;
    about.textContent = id ? ctx.t(`chabashi.preset_about.${id}`) : "";
  };
  if (sel) sel.addEventListener("change", draw);
  container.append(about);
  draw();
  return { values: () => ({}) };
}

/** @type {TableModule<ChabashiView>} */
export default {
  strings: true,
  mount(host, ctx) { return new Table(host, ctx); },
  setup,
  // embedded, the table's own step and prompt lines are the status; the shell's title and score
  // line stay out to leave the 400×400 frame to the cards
  shellHead: (view, ctx) => !ctx.embed,
};
