// The Chabashi table's last-hand panel: each shown hand (the winning ones marked, in words too),
// the dealer hand, each pot with why it went where it went, and the payout.  The reasons come from
// the view (pyengine/app/views/chabashi.py, from the engine's comparison of §9): this file only
// puts them into words.
import * as ck from "./cardkit.js";
import deck from "./deck-dido.js";
/** @typedef {import("./chabashi.js").Table} ChabashiTable the table these parts draw for (a type only: no import at run time) */

/** A hand's name in a sentence: the romanisation and its meaning in English, the Korean name in
 * Korean, the Korean name and its meaning in Japanese.
 * @param {ChabashiTable} table @param {ChabashiTableView} tv @param {string} id */
function handLabel(table, tv, id) {
  const lang = table.ctx.lang;
  const x = tv.hand_order.find((o) => o.id === id) || { ko: id, roman: id };
  const meaning = table.t(`chabashi.hand.${id}`);
  if (lang === "en") return `${x.roman} (${meaning})`;
  if (lang === "ko") return x.ko;
  return `${x.ko}（${meaning}）`;
}

/** One reason of a pot in words: "Seat 2 against Seat 3: …". @param {ChabashiTable} table @param {ChabashiTableView} tv @param {ChabashiWhy} w */
export function whyText(table, tv, w) {
  const t = table.ctx.t;
  const side = (/** @type {number|"dealer"} */ s) => (s === "dealer" ? t("chabashi.result.dealer_hand") : table.name(s));
  const hand = handLabel(table, tv, w.hand);
  let reason;
  if (w.step === "category") reason = t("chabashi.why.category", { win: hand, lose: handLabel(table, tv, w.other || "") });
  else if (w.step === "size") reason = t("chabashi.why.size", { hand, cards: w.cards, other: w.other_cards });
  else if (w.step === "count") reason = t("chabashi.why.count", { hand, count: w.count, other: w.other_count });
  else if (w.step === "defining" || w.step === "kicker") reason = t(`chabashi.why.${w.step}_${w.by}`, { hand, card: w.card, other: w.other_card });
  else reason = t("chabashi.why.equal");
  return t("chabashi.why.over", { winner: side(w.winner), loser: side(w.loser), reason });
}

/** The last hand's panel. @param {ChabashiTable} table @param {ChabashiTableView} tv */
export function renderResult(table, tv) {
  const { h, t } = table.ctx;
  const lang = table.ctx.lang;
  const el = table.resultEl;
  const r = tv.result;
  // embedded, the panel opens on request over the table (the frame has no room below it), and its
  // button waits among the head's tools
  const embed = table.ctx.embed;
  const show = r && (embed ? table.openResult === r.hand_no : r.current || table.hiddenResult !== r.hand_no);
  const sig = JSON.stringify([r, show, lang, tv.viewer]);
  if (el.dataset.sig === sig) return;
  el.dataset.sig = sig;
  el.hidden = !r || (embed && !show);
  const slot = embed ? table.resultSlot : el;
  table.resultSlot.replaceChildren();
  if (!r) { el.replaceChildren(); return; }
  if (!show) {
    slot.replaceChildren(h("button", { type: "button", "data-cb": "result-show", text: t("chabashi.result.show"),
      onclick: () => { table.hiddenResult = null; table.openResult = r.hand_no; table.render(); } }));
    return;
  }
  const cards = (/** @type {string[]} */ ids) => h("span", { class: "cb-row cb-inline" }, ids.map((id) => { const c = ck.cardEl(deck, id, { small: true }); c.setAttribute("role", "img"); c.setAttribute("aria-label", deck.label(id, lang)); return c; }));
  const meaning = (/** @type {ChabashiHandName} */ x) => h("span", { class: "muted", text: lang !== "en" ? `(${t(`chabashi.hand.${x.id}`)})` : `(${x.roman}: ${t(`chabashi.hand.${x.id}`)})` });
  // a winning hand says so in words (read by screen readers too), besides its colour
  const badge = (/** @type {{wins?: boolean}} */ x, /** @type {string} */ key) => (x.wins ? h("span", { class: "cb-win-badge", text: t(key) }) : null);
  /** @type {(HTMLElement|null)[]} */
  const parts = [h("h3", { class: "cb-zone-title" }, t("chabashi.result.title", { n: r.hand_no }),
    r.current && !embed ? null : h("button", { type: "button", class: "cb-hide", "data-cb": "result-hide", text: t("chabashi.result.hide"),
      onclick: () => { table.hiddenResult = r.hand_no; table.openResult = null; table.render(); } }))];
  if (!r.showdown) parts.push(h("p", { class: "cb-fold-win", text: t("chabashi.result.fold_win", { seat: table.name(r.winner), amount: r.amount }) }));
  else {
    const list = h("ul", { class: "cb-showdown" });
    for (const hd of r.hands) {
      list.append(h("li", { class: hd.wins ? "cb-shown cb-winner" : "cb-shown", "data-seat": hd.seat, "data-hand": hd.id, "data-wins": hd.wins ? "true" : "false" },
        badge(hd, "chabashi.result.winner"), h("strong", { text: table.name(hd.seat) }), " ",
        h("span", { class: "cb-hand-name", lang: "ko", text: hd.ko }), " ", meaning(hd),
        h("div", { class: "cb-shown-cards" }, cards(hd.hand), h("span", { class: "cb-plus", text: "+" }), cards(hd.pair),
          h("span", { class: "muted cb-pairnote", text: t("chabashi.result.pair") }))));
    }
    if (r.dealer_hand) {
      const d = r.dealer_hand;
      list.append(h("li", { class: d.wins ? "cb-shown cb-dealer-hand cb-winner" : "cb-shown cb-dealer-hand", "data-hand": d.id, "data-wins": d.wins ? "true" : "false" },
        badge(d, "chabashi.result.strongest"),
        h("strong", { text: `${t("chabashi.result.dealer_hand")}${r.dealer !== null ? ` (${table.name(r.dealer)})` : ""}` }), " ",
        h("span", { class: "cb-hand-name", lang: "ko", text: d.ko }), " ", meaning(d),
        h("div", { class: "cb-shown-cards" }, cards(d.hand), h("span", { class: "cb-plus", text: "+" }), cards(d.pair))));
    }
    parts.push(list);
    const pots = h("ul", { class: "cb-pots" });
    r.pots.forEach((p, i) => {
      const how = p.outcome === "won" ? t("chabashi.result.won", { seat: table.name(p.winner) })
        : p.outcome === "returned" ? t("chabashi.result.returned", { seat: table.name(p.winner) })
          : p.outcome === "dealer" ? t("chabashi.result.dealer") : t("chabashi.result.carried");
      const why = (p.why || []).map((w) => h("li", { class: "cb-why", "data-step": w.step, text: whyText(table, tv, w) }));
      pots.append(h("li", { "data-outcome": p.outcome }, `${t("chabashi.result.pot", { i: i + 1, amount: p.amount })}: ${how}`,
        why.length ? h("ul", { class: "cb-whys" }, why) : null));
    });
    parts.push(pots);
  }
  if (r.carry_shared) parts.push(h("p", { text: t("chabashi.result.carry_shared", { amount: r.carry_shared }) }));
  parts.push(h("p", { class: "cb-payout" }, h("strong", { text: `${t("chabashi.result.payout")}: ` }),
    r.delta.map((d, i) => (d ? `${table.name(i)} ${d > 0 ? "+" : ""}${d}` : null)).filter(Boolean).join(" · ") || "0"));
  el.replaceChildren(...parts.filter((x) => x !== null));
}

// The final standings of a finished session (ties marked).
/** @param {ChabashiTable} table @param {ChabashiTableView} tv */
export function renderStandings(table, tv) {
  const { h } = table.ctx;
  const list = tv.standings;
  table.standingsEl.hidden = !list;
  if (!list) return;
  // where the eye goes as the session ends (or a finished one opens), once: the standings and their
  // Play again in view (under the table they were below the fold at 1280×720 and on a phone; an
  // embed's frame holds them without scrolling; stepping through the replay later moves nothing)
  const session = table.view ? table.view.save_key : null; // (Play again keeps this table: once a session)
  if (table.standingsShown !== session) ck.bringIntoView(table.ctx, table.standingsEl);
  table.standingsShown = session;
  const end = table.ctx.liveEnd;
  const sig = JSON.stringify([list, table.ctx.lang, end && end.state]);
  if (table.standingsEl.dataset.sig === sig) return;
  table.standingsEl.dataset.sig = sig;
  const tied = (/** @type {{seat: number, place: number}} */ x) => list.some((y) => y.seat !== x.seat && y.place === x.place);
  table.standingsEl.replaceChildren(h("h3", { class: "cb-zone-title", text: table.t("chabashi.standings.title") }),
    h("ol", { class: "cb-standings-list" }, list.map((x) => h("li", { "data-seat": x.seat, "data-place": x.place, class: tied(x) ? "cb-tied" : "" },
      h("span", { class: "cb-place", text: tied(x) ? table.t("chabashi.standings.tied_place", { n: x.place }) : `${x.place}.` }),
      h("span", { text: table.name(x.seat) }),
      // (embedded, the chips as the seats show them: a chip and a number; the words for a reader)
      h("span", { class: "cb-standing-chips cb-seat-chips", text: table.t("chabashi.chips", { n: x.chips }) }),
      h("span", { class: "cb-seat-chips-short", "aria-hidden": "true", text: String(x.chips) }),
      tied(x) ? h("span", { class: "cb-tie", text: table.t("chabashi.standings.tie") }) : ""))),
    // (the session over, the next one from where the eye is: the shell's Play again)
    table.ctx.live ? "" : h("button", { type: "button", class: "primary", "data-cb": "again", text: table.t("table.play_again"), onclick: () => table.ctx.playAgain() }),
    end ? ck.liveEndLine(table.ctx, end) : "");
}
