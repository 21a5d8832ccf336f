// The Chabashi odds panel: the viewer's chances (win, beat the dealer, each hand) computed in the AI
// Worker from what the viewer's seat sees (the observation), one request at a time.
/** @typedef {import("./chabashi.js").Table} ChabashiTable the table these parts draw for (a type only: no import at run time) */

/** @param {ChabashiTable} table @param {ChabashiTableView} tv */
export function renderOdds(table, tv) {
  const { h, t } = table.ctx;
  table.oddsEl.hidden = !table.oddsOn;
  if (!table.oddsOn) return;
  if (!tv.odds.available) {
    table.oddsKey = null;
    table.oddsEl.dataset.sig = "";
    table.oddsEl.replaceChildren(h("p", { class: "muted", text: t("chabashi.odds.unavailable") }));
    return;
  }
  if (table.oddsKey !== tv.odds.key) {
    table.oddsKey = tv.odds.key;
    table.oddsResult = null;
    table.oddsEl.dataset.sig = "";
    table.oddsEl.replaceChildren(h("p", { class: "muted cb-computing", text: t("chabashi.odds.computing") }));
    askOdds(table);
  } else if (table.oddsResult) drawOdds(table);
}

// One request at a time: the Worker cannot drop a stale one, so while one runs only the
// newest position is remembered and asked for next.
/** @param {ChabashiTable} table */
function askOdds(table) {
  const view = table.view;
  if (table.oddsBusy || !view) return;
  const key = table.oddsKey;
  table.oddsBusy = true;
  const args = { observation: view.observation, rules: view.rules, samples: 1500, seed: view.cursor };
  const done = (/** @type {ChabashiOddsAnswer} */ r) => {
    table.oddsBusy = false;
    if (!table.oddsOn || table.oddsKey === null) return;
    if (table.oddsKey !== key) { askOdds(table); return; }
    table.oddsResult = r;
    drawOdds(table);
  };
  /** @type {Promise<ChabashiOddsAnswer>} */
  const asked = table.ctx.task("odds", args);
  /** @type {() => Promise<ChabashiOddsAnswer>} the engine's own count, smaller, when the Worker cannot */
  const fallback = () => table.ctx.gameCall("odds", { samples: 200 });
  asked.catch(fallback).then(done, (e) => done({ ok: false, error: e instanceof Error ? e.message : String(e) }));
}

/** @param {ChabashiTable} table */
function drawOdds(table) {
  const { h, t } = table.ctx;
  const r = table.oddsResult;
  if (!r) return;
  if (r.ok === false) { table.oddsEl.dataset.sig = ""; table.oddsEl.replaceChildren(h("p", { class: "muted", text: t("chabashi.odds.failed", { reason: r.error }) })); return; }
  if (!r.available) { table.oddsEl.dataset.sig = ""; table.oddsEl.replaceChildren(h("p", { class: "muted", text: t("chabashi.odds.unavailable") })); return; }
  const pct = (/** @type {number} */ p) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1)}%`;
  const bar = (/** @type {number} */ p) => h("span", { class: "cb-bar", style: `--p:${(100 * p).toFixed(2)}%` });
  const sig = JSON.stringify([r, table.ctx.lang]);
  if (table.oddsEl.dataset.sig === sig) return;
  table.oddsEl.dataset.sig = sig;
  /** @type {[string, number][]} */
  const rows = [["win", r.win]];
  if (r.beats_dealer !== null) rows.push(["beats_dealer", r.beats_dealer], ["both", r.win_and_beat_dealer]);
  table.oddsEl.replaceChildren(
    h("h3", { class: "cb-zone-title", text: t("chabashi.odds.title") }),
    h("dl", { class: "cb-odds-main" }, rows.flatMap(([k, p]) => [h("dt", { text: t(`chabashi.odds.${k}`) }), h("dd", { "data-odds": k }, bar(p), pct(p))])),
    h("h4", { class: "cb-sub", text: t("chabashi.odds.hands") }),
    h("table", { class: "cb-odds-hands" }, h("tbody", {}, r.categories.map((c) => h("tr", { "data-hand": c.id },
      h("th", { scope: "row" }, h("span", { lang: "ko", text: c.ko }), " ", h("span", { class: "muted", text: table.ctx.lang !== "en" ? t(`chabashi.hand.${c.id}`) : `${c.roman}: ${t(`chabashi.hand.${c.id}`)}` })),
      h("td", {}, bar(c.p), pct(c.p)))))),
    h("p", { class: "muted", text: t(`chabashi.odds.${r.method}`, { cases: r.cases }) }));
}
