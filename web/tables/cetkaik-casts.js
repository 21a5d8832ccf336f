// The Cetkaik table's casts and news: the sticks of the last cast drawn large, the news of the
// last turns (view.table.events: moves, casts, declarations, penalties, the season's first
// mover), the player's own declaration (ty mok1 / ta xot1) and the season's summary.
//
// What it decides itself is how long news stays on screen: until the player moves again, and
// at least HOLD_MS after it was first drawn.  The choices it offers come from view.table.moves.
import { icon, sticksSvg } from "./cetkaik-art.js";

const HOLD_MS = 1500; // a cast result or a bot's news stays at least this long

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** @param {CetkaikEvent} ev */
function eventKey(ev) { return `${ev.at}:${ev.kind}`; }

/**
 * @param {CetkaikKit} k
 */
export function castsPart(k) {
  const { ctx, h, T, settings } = k;
  /** @type {{key: string, ev: CetkaikEvent, since: number}[]} news kept on screen for HOLD_MS after the window moved on */
  let held = [];
  /** @type {Map<string, number>} news key → when it was first drawn */
  const firstSeen = new Map();
  let prevLength = -1;
  /** @type {Set<string>} casts already animated */
  let animated = new Set();
  let dismissed = -1; // the last season summary (its `at`) the player closed
  /** @type {(() => void)[]} resolvers of `hold()`: the automation waits until the summary is closed */
  let waiting = [];
  const release = () => { const w = waiting; waiting = []; for (const r of w) r(); };

  const castBox = h("div", { class: "ck-cast", "aria-live": "polite", hidden: true });
  /** @type {string|null} */
  let castKey = null;
  /** @type {CetkaikEvent|null} the event the cast box shows */
  let castEvent = null;
  const news = h("ul", { class: "ck-news", "aria-label": T("news") });
  let newsKey = "";
  const dialog = h("div", { class: "ck-decl ck-dialog", role: "dialog", "aria-modal": "false", hidden: true });
  /** @type {string|null} */
  let dialogKey = null;
  const summary = h("div", { class: "ck-summary ck-dialog", role: "dialog", "aria-modal": "false", hidden: true });
  /** @type {string|null} */
  let summaryKey = null;

  /** News that the window just left stays HOLD_MS after it was first drawn (live play only). */
  function update(/** @type {CetkaikTableView|null} */ before, /** @type {SessionView<CetkaikTableView>} */ v) {
    const tv = k.table();
    const now = performance.now();
    if (before && v.length > prevLength && v.cursor === v.length) {
      const keys = new Set((tv.events || []).map(eventKey));
      for (const ev of before.events || []) {
        const key = eventKey(ev);
        const since = firstSeen.get(key) ?? now;
        if (!keys.has(key) && now - since < HOLD_MS && !held.some((x) => x.key === key)) held.push({ key, ev, since });
      }
    } else if (v.length < prevLength || v.cursor < v.length) held = [];
    if (v.length < prevLength) { dismissed = -1; animated = new Set(); }
    prevLength = v.length;
  }

  /** The window's events (pyengine: recent_events) and, for HOLD_MS, those it just left. */
  function newsItems() {
    const now = performance.now();
    const current = k.table().events || [];
    const keys = new Set(current.map(eventKey));
    held = held.filter((x) => !keys.has(x.key) && now - x.since < HOLD_MS);
    const items = [...held.map((x) => x.ev), ...current];
    for (const ev of current) if (!firstSeen.has(eventKey(ev))) firstSeen.set(eventKey(ev), now);
    if (held.length) setTimeout(k.schedule, HOLD_MS - Math.min(...held.map((x) => now - x.since)) + 20);
    return items;
  }

  /** @param {CetkaikEvent} ev */
  function eventText(ev) {
    const s = ev.side;
    switch (ev.kind) {
      case "move": return T("news.move", { who: k.who(s), label: ev.label });
      case "cast": return `${T(`cast.${ev.cast}`, { n: ev.sticks })} — ${T(`cast.${ev.cast}_${ev.ok ? "ok" : "fail"}`)}`;
      case "decline": return T("news.decline", { who: k.who(s) });
      case "paid": return T("news.paid", { who: k.who(s), points: ev.points, rate: ev.rate });
      case "first_mover": return T("first_mover", { season: ev.season_name, side: k.sideShort(s), seat: k.seatName(s) });
      case "declare": {
        const names = [...ev.hands.map((x) => x.label)].join(" · ");
        if (ev.choice === "ty_mok") return T(ev.penalty_only ? "news.ty_mok_penalty" : "news.ty_mok", { who: k.who(s), hands: names, rate: ev.rate_after });
        return T(ev.penalty_only ? "news.ta_xot_penalty" : "news.ta_xot", { who: k.who(s), hands: names, value: (ev.value > 0 ? "+" : "") + ev.value });
      }
      default: return "";
    }
  }

  /** Penalties are explained when they happen (the player's own declaration dialog explains their own). */
  function explanations(/** @type {CetkaikEvent} */ ev) {
    if (ev.kind === "paid") return [T("explain.kut2tam2_paid", { points: ev.points })];
    if (ev.kind === "declare" && ev.side !== k.table().viewer) return ev.penalties.map((p) => T(`explain.${p.explain}`));
    return [];
  }

  /**
   * One line per turn: the move, then what its casts did; declarations, penalties and the
   * season's first mover on lines of their own.  The cast drawn large above is left out.
   * @param {CetkaikEvent[]} items
   */
  function renderNews(items) {
    /** @typedef {{key: string, text: string, kind: string, side: number, parts: {text: string, ok: boolean}[], explain: string[]}} NewsLine */
    /** @type {NewsLine[]} */
    const lines = [];
    const inBox = castBox.hidden ? null : castEvent;
    /** @type {NewsLine|null} */
    let turn = null;
    for (const ev of items) {
      if (ev === inBox) continue;
      const text = eventText(ev);
      if (!text) continue;
      if ((ev.kind === "cast" || ev.kind === "decline") && turn && turn.side === ev.side) {
        turn.parts.push({ text: ev.kind === "cast" ? text : T("news.declined"), ok: ev.kind === "cast" && ev.ok });
        turn.key += `|${eventKey(ev)}`;
        continue;
      }
      const kind = ev.kind === "paid" || (ev.kind === "declare" && ev.penalty_only) ? "penalty" : ev.kind;
      const line = { key: eventKey(ev), text, kind, side: ev.side, parts: [], explain: explanations(ev) };
      lines.push(line);
      turn = ev.kind === "move" ? line : null;
    }
    const key = JSON.stringify([lines, ctx.lang]);
    if (newsKey === key) return;
    newsKey = key;
    /** @type {Record<string, string>} */
    const glyph = { penalty: "penalty", declare: "sticks", first_mover: "sticks", cast: "sticks" };
    news.replaceChildren(...lines.map((l) => {
      const li = h("li", { class: `ck-news-${l.kind} side-${l.side}`, "data-event": l.key });
      const ic = h("span", { class: "ck-news-icon", "aria-hidden": "true" });
      if (glyph[l.kind]) ic.innerHTML = icon(glyph[l.kind]);
      const body = h("span", { class: "ck-news-text" }, h("span", { text: l.text }));
      for (const part of l.parts) {
        const mark = h("span", { class: `ck-news-part ${part.ok ? "ok" : "fail"}` });
        mark.innerHTML = icon(part.ok ? "check" : "cross");
        mark.append(h("span", { text: part.text }));
        body.append(" ", mark);
      }
      for (const x of l.explain) body.append(h("span", { class: "ck-explain", text: x }));
      li.append(ic, body);
      return li;
    }));
    news.hidden = !lines.length;
  }

  /** The last cast of the news (or the season's first mover): the sticks and what they did. */
  function renderCast(/** @type {CetkaikEvent[]} */ items) {
    const tv = k.table();
    const view = k.session();
    /** @type {CetkaikEvent|null} */
    let ev = null;
    for (const x of items) if (x.kind === "cast" || x.kind === "first_mover") ev = x;
    if (!ev) { castBox.hidden = true; castKey = null; return; }
    const key = `${eventKey(ev)}:${ctx.lang}:${tv.season}`;
    if (castKey === key) { castEvent = ev; castBox.hidden = false; return; }
    castKey = key;
    let html;
    let text;
    if (ev.kind === "cast") {
      const marked = [];
      const order = [0, 1, 2, 3, 4].map((j) => (j * 3 + ev.at) % 5);
      for (let j = 0; j < ev.sticks; j++) marked.push(order[j]);
      html = sticksSvg(marked);
      text = `${k.who(ev.side)}: ${T(`cast.${ev.cast}`, { n: ev.sticks })} — ${T(`cast.${ev.cast}_${ev.ok ? "ok" : "fail"}`)}`;
      castBox.dataset.ok = ev.ok ? "1" : "0";
    } else {
      // The contest's counts are not part of the game (the rules keep only who won), so the
      // sticks are drawn without marks and the result is the winner.
      html = sticksSvg([]);
      text = T("first_mover", { season: ev.season_name, side: k.sideShort(ev.side), seat: k.seatName(ev.side) });
      castBox.dataset.ok = "1";
    }
    castEvent = ev;
    const id = eventKey(ev);
    // Instant skips the animation, never the result: it stays on screen all the same
    const animate = !reducedMotion() && ctx.speed !== "instant" && view.cursor === view.length && !animated.has(id);
    animated.add(id);
    const mark = h("span", { class: "ck-cast-mark", "aria-hidden": "true" });
    mark.innerHTML = icon(castBox.dataset.ok === "1" ? "check" : "cross");
    const sticks = h("div", { class: "ck-sticks" });
    sticks.innerHTML = html;
    castBox.replaceChildren(sticks, h("p", { class: "ck-cast-text" }, mark, h("span", { text })));
    castBox.classList.toggle("animate", animate);
    castBox.hidden = false;
    ctx.announce(text);
  }

  /** @param {{label: string, name: string, value: number}[]} list */
  function handsList(list) {
    return h("ul", { class: "ck-decl-hands" }, list.map((x) => h("li", {}, h("span", { text: x.label }),
      x.label !== x.name ? h("span", { class: "muted ck-kanji", text: ` ${x.name}` }) : null, " ", h("strong", { text: String(x.value) }))));
  }

  /** The player's own declaration: ty mok1 (go on, the rate goes up) or ta xot1 (end the season). */
  function renderDialog() {
    const tv = k.table();
    const view = k.session();
    const m = k.moves();
    const pend = tv.pending;
    const declare = m && m.declare;
    if (tv.phase !== "declaration" || view.cursor < view.length || !declare || !pend) { dialog.hidden = true; dialogKey = null; return; }
    const key = JSON.stringify([pend, view.length, ctx.lang]);
    if (dialogKey === key) return;
    dialogKey = key;
    // a turn that only broke a rule (kut2 tam2, a futile tam2 move) is a penalty, not a new hand
    const title = pend.penalty_only ? T("decl.penalty_title") : T("decl.title");
    const head = h("h2", { id: "ck-decl-title" });
    head.innerHTML = icon(pend.penalty_only ? "penalty" : "sticks");
    head.append(h("span", { text: title }));
    const body = [head, handsList(pend.hands)];
    for (const p of pend.penalties) body.push(h("p", { class: "ck-explain", text: T(`explain.${p.explain}`) }));
    body.push(h("p", { text: T(pend.value < 0 ? "decl.value_neg" : "decl.value", { value: pend.value, pay: -pend.value, rate: pend.rate }) }));
    body.push(h("div", { class: "row" },
      declare.ty_mok ? h("button", { type: "button", class: "primary", "data-declare": "ty_mok", text: T("decl.ty_mok", { rate: pend.rate_after }), onclick: () => k.play(declare.ty_mok) }) : null,
      declare.ta_xot ? h("button", { type: "button", "data-declare": "ta_xot", text: T("decl.ta_xot", { value: (pend.value > 0 ? "+" : "") + pend.value }), onclick: () => k.play(declare.ta_xot) }) : null));
    dialog.setAttribute("aria-labelledby", "ck-decl-title");
    dialog.replaceChildren(...body);
    dialog.hidden = false;
    requestAnimationFrame(() => { const b = dialog.querySelector("button"); if (b && !settings.text) b.focus(); });
  }

  function arrowCell() {
    const td = h("td", { "aria-hidden": "true", class: "ck-arrow" });
    td.innerHTML = icon("arrow");
    return td;
  }

  /** The season's summary still to be read at this position (null: none). */
  function seasonSummary() {
    const tv = k.table();
    const list = tv.summaries || [];
    const last = list[list.length - 1];
    return last && last.at > tv.fresh_from && last.at <= k.session().cursor && last.at > dismissed ? last : null;
  }

  /**
   * At every season's end (and at the game's end): hands, points, rate, scores and who moves
   * first next.  It stays until closed or until the player moves again; bots wait for it
   * (`hold` below).
   */
  function renderSummary() {
    const tv = k.table();
    const view = k.session();
    const list = tv.summaries || [];
    const last = list[list.length - 1];
    let s = seasonSummary();
    const result = tv.result;
    const endOnly = !s && result && result.reason === "zero" && !(last && last.over) && view.cursor === view.length && dismissed < view.length;
    if (dialog.hidden === false) s = null; // the player's own declaration comes first
    if (!s && !(endOnly && result)) { summary.hidden = true; summaryKey = null; return; }
    const key = JSON.stringify([s, endOnly && result, ctx.lang, list.length]);
    if (summaryKey === key) return;
    summaryKey = key;
    const body = [];
    const close = () => { dismissed = s ? s.at : view.length; summary.hidden = true; release(); k.schedule(); };
    if (s) {
      const done = s;
      body.push(h("h2", { id: "ck-summary-title", text: T("summary.title", { season: s.season_name }) }));
      body.push(h("p", { text: T("summary.by", { who: k.who(s.side) }) }));
      if (s.hands.length) body.push(handsList(s.hands));
      if (s.penalties.length) body.push(handsList(s.penalties));
      body.push(h("p", { text: T("summary.points", { value: (s.value > 0 ? "+" : "") + s.value, rate: s.rate, base: s.hand_value + s.penalty_value }) }));
      body.push(h("table", { class: "ck-summary-scores" }, h("tbody", {}, [0, 1].map((x) => h("tr", { "data-side": x },
        h("th", { scope: "row", text: k.who(x) }), h("td", { class: "num", text: String(done.before[x]) }), arrowCell(),
        h("td", { class: "num" }, h("strong", { text: String(done.scores[x]) })))))));
      if (s.over) {
        const w = result ? result.winner : -1;
        body.push(h("p", { class: "ck-summary-next", text: w < 0 ? T("summary.draw") : T("summary.winner", { who: k.who(w) }) }));
      } else if (s.next !== null) {
        const next = tv.names.seasons[s.season + 1];
        body.push(h("p", { class: "ck-summary-next", text: T("summary.next", { season: next, who: k.who(s.next) }) }));
      } else body.push(h("p", { class: "ck-summary-next muted", text: T("summary.next_unknown", { season: tv.names.seasons[s.season + 1] }) }));
    } else if (result) {
      const w = result.winner;
      body.push(h("h2", { id: "ck-summary-title", text: T("summary.over") }));
      body.push(h("p", { text: T("summary.zero", { a: result.scores[0], b: result.scores[1] }) }));
      body.push(h("p", { class: "ck-summary-next", text: w < 0 ? T("summary.draw") : T("summary.winner", { who: k.who(w) }) }));
    }
    body.push(h("div", { class: "row" }, h("button", { type: "button", class: "primary", "data-summary": "close", text: T("summary.close"), onclick: close })));
    summary.setAttribute("aria-labelledby", "ck-summary-title");
    summary.replaceChildren(...body);
    summary.hidden = false;
    ctx.announce([...summary.querySelectorAll("h2, p")].map((x) => x.textContent).join(" "));
  }

  /** Draw the casts, the news and the dialogs (in this order: the news leaves out the cast shown large). */
  function render() {
    const items = newsItems();
    renderDialog();
    renderSummary();
    renderCast(items);
    renderNews(items);
  }

  return {
    castBox, news, dialog, summary,
    update, render, seasonSummary, release,
    /** The next season's play waits until the player closes this season's summary. */
    hold() { return /** @type {Promise<void>} */ (new Promise((resolve) => waiting.push(resolve))); },
  };
}
