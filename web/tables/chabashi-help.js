// The Chabashi help: how a hand goes (from the strings), the hand ranking of the rules in force
// with a picture and the exact frequency of each hand (computed by the engine in the Worker once,
// then kept in this browser), and the rule sets.
import * as ck from "./cardkit.js";
import deck from "./deck-dido.js";
/** @typedef {import("./chabashi.js").Table} ChabashiTable the table these parts draw for (a type only: no import at run time) */

/** Open (or close) the help. @param {ChabashiTable} table @param {boolean} open */
export async function toggleHelp(table, open) {
  const { h, t } = table.ctx;
  table.helpEl.hidden = !open;
  table.helpBtn.setAttribute("aria-expanded", open ? "true" : "false");
  table.helpBtn.setAttribute("aria-pressed", open ? "true" : "false");
  const view = table.view;
  if (!open || !view) return;
  const rules = view.rules;
  const lang = table.ctx.lang;
  table.helpEl.dataset.rules = rules;
  table.helpEl.dataset.lang = lang;
  const steps = [];
  for (let i = 1; ; i++) { const key = `chabashi.help.step.${i}`; const x = t(key); if (x === key) break; steps.push(h("li", { text: x })); }
  // the ranking at once (from the view); each hand's picture and frequency as soon as they are counted
  const pct = (/** @type {number} */ p) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 4 : 2)}%`;
  const cards = (/** @type {string[]} */ ids) => h("span", { class: "cb-row cb-inline" }, ids.map((id) => { const c = ck.cardEl(deck, id, { small: true }); c.setAttribute("role", "img"); c.setAttribute("aria-label", deck.label(id, lang)); c.dataset.card = id; return c; }));
  /** @type {Map<string, [HTMLElement, HTMLElement]>} */
  const cells = new Map();
  const rows = view.table.hand_order.map((x, i) => {
    const example = h("td", { class: "cb-example-cell" }, h("span", { class: "muted", text: "…" }));
    const freq = h("td", { class: "cb-freq" }, h("span", { class: "muted", text: "…" }));
    cells.set(x.id, [example, freq]);
    return h("tr", { "data-hand": x.id },
      h("td", { text: String(i + 1) }),
      h("th", { scope: "row" }, h("span", { lang: "ko", class: "cb-hand-name", text: x.ko }), x.barred_with_three ? h("span", { class: "cb-barred", title: t("chabashi.help.barred"), text: " †" }) : "", " ",
        h("span", { class: "muted", text: lang !== "en" ? t(`chabashi.hand.${x.id}`) : `${x.roman}: ${t(`chabashi.hand.${x.id}`)}` })),
      example, freq);
  });
  const note = h("p", { class: "muted cb-rank-note", text: t("chabashi.help.computing") });
  const rankBox = h("div", { class: "cb-rank-box" }, h("table", { class: "cb-ranking" },
    h("thead", {}, h("tr", {}, ["#", "chabashi.help.col.hand", "chabashi.help.col.example", "chabashi.help.col.frequency"].map((k) => h("th", { scope: "col", text: k === "#" ? "#" : t(k) })))),
    h("tbody", {}, rows)), note, h("p", { class: "muted", text: t("chabashi.help.barred_note") }));
  const preset = view.preset;
  table.helpEl.replaceChildren(
    h("div", { class: "cb-help-head" }, h("button", { type: "button", "data-cb": "help-close", text: t("chabashi.help.close"), onclick: () => { table.toggleHelp(false); table.helpBtn.focus(); } })),
    h("h3", { text: t("chabashi.help.title") }), h("ol", { class: "cb-help-steps" }, steps),
    h("h3", { text: t("chabashi.help.ranking") }), h("p", { class: "muted", text: t("chabashi.help.ranking_note") }), rankBox,
    h("h3", { text: t("chabashi.help.presets") }),
    h("dl", { class: "cb-help-presets" }, ["seed", "balanced"].flatMap((id) => [
      h("dt", { text: t(`preset.chabashi.${id}`) + (preset === id ? ` — ${t("chabashi.help.in_force")}` : "") }), h("dd", { text: t(`chabashi.preset_about.${id}`) })])),
    h("p", { text: t("chabashi.help.options") }));
  table.helpEl.focus({ preventScroll: false });
  let data;
  try { data = await ranking(table.ctx, rules); } catch (e) { note.textContent = t("chabashi.odds.failed", { reason: e instanceof Error ? e.message : String(e) }); return; }
  if (table.helpEl.dataset.rules !== rules || table.helpEl.hidden) return;
  for (const x of data.hands) {
    const found = cells.get(x.id);
    if (!found) continue;
    const [example, freq] = found;
    example.replaceChildren(x.example ? h("span", { class: "cb-example" }, cards(x.example.hand), h("span", { class: "cb-plus", text: "|" }), cards(x.example.floor)) : "");
    freq.replaceChildren(x.count ? `${pct(x.p)} (${x.count.toLocaleString(lang)})` : t("chabashi.help.never"));
  }
  note.textContent = t("chabashi.help.freq_note", { total: data.total.toLocaleString(lang) });
}

// The ranking's pictures and frequencies for these rules: kept in the browser once counted.
/** @param {TableContext} ctx @param {string} rules @returns {Promise<ChabashiRanking>} */
async function ranking(ctx, rules) {
  const key = `ranking:${rules}`;
  const kept = ctx.settings.get(key, null);
  if (kept) { try { return JSON.parse(kept); } catch { /* made again below */ } }
  /** @type {ChabashiRanking} */
  let data;
  try { data = await ctx.task("ranking", { rules }); } catch { data = await ctx.gameCall("ranking", { rules }); }
  if (data && data.hands) ctx.settings.set(key, JSON.stringify(data));
  return data;
}
