// The Daifugō table's summaries: the card exchange between games, the results of a game (and of
// the match), every hand face up when a finished match is replayed, and the scoreboard.  Each
// draws into its own box from view.table and redraws only when what it shows changed.
import * as kit from "./cardkit.js";
import deck from "./deck-french.js";
import { cardsText, pendingText, titleText } from "./daifugo-words.js";

/** A row of small cards. @param {TableContext} ctx @param {DaifugoCard[]} cards */
export function cardRow(ctx, cards) {
  const { h } = ctx;
  return h("div", { class: "df-cards" }, cards.map((c) => {
    const e = kit.cardEl(deck, c.id, { small: true, note: c.note });
    e.setAttribute("role", "img");
    e.setAttribute("aria-label", deck.label(c.id, ctx.lang));
    e.dataset.card = c.id;
    return e;
  }));
}

// The exchange: its own screen during the exchange; afterwards a summary until the first trick
// is over.  Whether the exchange is on (the table is laid out for it).
/** @param {TableContext} ctx @param {DaifugoTableView} tv @param {HTMLElement} exchangeBox */
export function renderExchange(ctx, tv, exchangeBox) {
  const { h, t } = ctx;
  const inPhase = tv.phase === "tribute" || tv.phase === "return";
  const mineDone = tv.exchange.filter((x) => x.cards && (x.seat === tv.me || x.to === tv.me));
  // its own screen during the exchange; afterwards a summary until the first trick is over
  const firstTrick = !tv.log.some((x) => x.kind === "clear");
  const show = inPhase || (firstTrick && mineDone.length > 0 && tv.phase === "play");
  exchangeBox.hidden = !show;
  if (!show) return inPhase;
  const rows = tv.exchange.map((x) => h("li", { "data-kind": x.kind },
    t(`daifugo.log.${x.kind}`, { seat: ctx.seatName(x.seat), to: ctx.seatName(x.to), cards: x.cards ? cardsText(x.cards) : t("daifugo.log.n_cards", { n: x.count }) })));
  const received = mineDone.filter((x) => x.to === tv.me).flatMap((x) => x.cards || []);
  const gave = mineDone.filter((x) => x.seat === tv.me).flatMap((x) => x.cards || []);
  const must = tv.mode === "select" && tv.select && (tv.select.kind === "tribute" || tv.select.kind === "return")
    ? h("p", { class: "df-must" }, t(`daifugo.prompt.${tv.select.kind}`, { n: tv.select.max, to: tv.select.to === null ? "" : ctx.seatName(tv.select.to) })) : null;
  const waiting = inPhase && tv.mode !== "select" && tv.strip.pending
    ? h("p", { class: "muted" }, pendingText(ctx, tv.strip.pending)) : null;
  exchangeBox.replaceChildren(...[
    h("h3", { text: t("daifugo.exchange.title", { n: tv.game_no }) }),
    must, waiting,
    received.length ? h("div", {}, h("p", { text: t("daifugo.exchange.received") }), cardRow(ctx, received)) : null,
    gave.length ? h("div", {}, h("p", { text: t("daifugo.exchange.gave") }), cardRow(ctx, gave)) : null,
    rows.length ? h("ul", { class: "df-exch-list" }, rows) : null,
  ].filter((x) => x !== null));
  return inPhase;
}

/**
 * The places of a game (or, final, of the match with its points and ties).
 * @param {TableContext} ctx @param {DaifugoTableView} tv @param {DaifugoResult} rows @param {boolean} final
 */
export function resultsTable(ctx, tv, rows, final) {
  const { h, t } = ctx;
  const ranked = final ? tv.standings : rows.placing;
  const tied = (/** @type {number} */ p) => final && tv.standings.some((q) => q !== p && tv.ranks[q] === tv.ranks[p]);
  return h("ol", { class: final ? "df-ranks df-standings" : "df-ranks" }, ranked.map((p, i) => h("li", { "data-seat": p, "data-place": final ? tv.ranks[p] : i + 1, class: tied(p) ? "df-tied" : "" },
    h("span", { class: "df-place", text: final ? (tied(p) ? t("daifugo.results.tied_place", { n: tv.ranks[p] }) : `${tv.ranks[p]}.`) : `${i + 1}.` }),
    h("span", { class: "df-rank-name", text: ctx.seatName(p) }),
    final ? h("span", { text: t("daifugo.points", { n: tv.scores[p] }) })
      : h("span", { text: `${titleText(ctx, rows.classes[p])} · +${rows.points[p]}` }),
    tied(p) ? h("span", { class: "df-tie", text: t("daifugo.results.tie") }) : "")));
}

// Replaying a finished match: every hand face up at the position on screen.
/** @param {TableContext} ctx @param {DaifugoTableView} tv @param {HTMLElement} revealBox */
export function renderReveal(ctx, tv, revealBox) {
  const { h, t } = ctx;
  const all = tv.revealed;
  revealBox.hidden = !all;
  if (!all) { revealBox.dataset.sig = ""; return; }
  const sig = JSON.stringify([all, ctx.lang]);
  if (revealBox.dataset.sig === sig) return;
  revealBox.dataset.sig = sig;
  revealBox.replaceChildren(h("h3", { text: t("daifugo.reveal.title") }),
    h("ul", { class: "df-reveal-list" }, all.map((s) => h("li", { "data-seat": s.seat },
      h("span", { class: "df-reveal-name", text: `${ctx.seatName(s.seat)} · ${t("daifugo.cards", { n: s.cards.length })}` }),
      s.cards.length ? cardRow(ctx, s.cards) : h("span", { class: "muted", text: t("daifugo.reveal.empty") })))));
}


/** @param {TableContext} ctx @param {DaifugoTableView} tv @param {HTMLElement} scoreBox */
export function renderScoreboard(ctx, tv, scoreBox) {
  const { h, t } = ctx;
  const n = tv.players;
  if (!tv.results.length) { scoreBox.dataset.key = ""; scoreBox.replaceChildren(h("p", { class: "muted", text: t("daifugo.score.none", { games: tv.games }) })); return; }
  const key = `${tv.results.length}:${ctx.lang}:${ctx.settings.get("terms", "daifugo")}`;
  if (scoreBox.dataset.key === key) return;
  scoreBox.dataset.key = key;
  const head = h("tr", {}, h("th", { scope: "col", text: t("daifugo.score.player") }),
    tv.results.map((r) => h("th", { scope: "col", class: r.new_set ? "df-newset" : "", text: tv.set_games ? t("daifugo.score.set_game", { set: r.set, n: r.game }) : String(r.game) })),
    h("th", { scope: "col", text: t("daifugo.score.total") }));
  const rows = [...Array(n).keys()].map((p) => h("tr", {},
    h("th", { scope: "row", text: ctx.seatName(p) }),
    tv.results.map((r) => h("td", { title: titleText(ctx, r.classes[p]), class: r.new_set ? "df-newset" : "", text: `${r.placing.indexOf(p) + 1}. +${r.points[p]}` })),
    h("td", { class: "df-total", text: String(tv.scores[p]) })));
  const caption = t("daifugo.score.caption", { n: tv.results.length, games: tv.games });
  // (the caption above the scrolling part, so that it stays in view)
  const scroll = h("div", { class: "df-scroll" }, h("table", { "aria-label": caption }, h("thead", {}, head), h("tbody", {}, rows)));
  scoreBox.replaceChildren(h("p", { class: "df-score-caption", text: caption }), scroll);
  scroll.scrollLeft = scroll.scrollWidth; // (the latest games in view)
}
