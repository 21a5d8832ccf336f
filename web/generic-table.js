// The generic table: every game as text and buttons (also the plain text view, ?table=generic).
import { h, setAttr, setText } from "./dom.js";
import { t } from "./i18n.js";
import { app } from "./state.js";
import { seatName } from "./table.js";
import { goto } from "./table-tools.js";

/** @type {TableModule<View>} */
export const GENERIC = {
  strings: false,
  mount(host, ctx) {
    // the raw observation (the engine's own data, untranslated) behind a toggle
    const obsSummary = h("summary");
    const obsBody = h("div", { class: "obs-body" });
    const obs = h("details", { class: "panel observation" }, obsSummary, obsBody);
    const actions = h("div", { class: "actions", role: "group" });
    const actionsTitle = h("h2");
    const actionsPanel = h("section", { class: "panel" }, actionsTitle, actions);
    const moves = h("ol", { class: "moves" });
    const bar = replayBar();
    const where = h("p", { class: "muted" });
    const historyTitle = h("h2");
    const historyPanel = h("section", { class: "panel history" }, historyTitle, moves, bar.root, where);
    const body = h("div", { class: "table-body" }, obs, actionsPanel, historyPanel);
    host.append(body);
    /** @type {Map<string, HTMLButtonElement>} */
    const buttons = new Map(); // action → its button
    /** @type {string | null} */
    let lastObs = null;
    return {
      update(v) {
        setText(obsSummary, t("table.observation"));
        const obsJson = JSON.stringify(v.observation);
        if (obsJson !== lastObs) { lastObs = obsJson; obsBody.replaceChildren(renderValue(v.observation)); }
        actionsPanel.hidden = !v.legal.length;
        setText(actionsTitle, t("table.actions"));
        setAttr(actions, "aria-label", t("table.actions"));
        const want = new Set(v.legal.map((a) => a.action));
        for (const [a, b] of buttons) if (!want.has(a)) { b.remove(); buttons.delete(a); }
        v.legal.forEach((a, i) => {
          let b = buttons.get(a.action);
          if (!b) {
            b = h("button", { type: "button", class: "action", "data-action": a.action, title: a.action, onclick: () => ctx.play(a.action) });
            buttons.set(a.action, b);
          }
          setText(b, a.label);
          if (actions.children[i] !== b) actions.insertBefore(b, actions.children[i] || null);
        });
        setText(historyTitle, t("table.moves"));
        setAttr(moves, "aria-label", t("table.moves"));
        const items = moves.children;
        while (items.length > v.history.length) items[items.length - 1].remove();
        v.history.forEach((m, i) => {
          let li = items[i];
          const text = `${m.actor >= 0 ? seatName(m.actor) + ": " : ""}${m.label}`;
          if (!li) {
            li = h("li", {}, h("button", { type: "button", class: "link", onclick: () => ctx.goto(i + 1) }));
            moves.append(li);
          }
          setAttr(li, "value", m.ply);
          setAttr(li, "class", i + 1 === v.cursor ? "current" : null);
          setText(/** @type {Node} */ (li.firstChild), text);
        });
        bar.update(v);
        setText(where, t("table.position", { ply: v.cursor, length: v.length }));
      },
      destroy() {},
    };
  },
  shellHead: () => true,
};
/** The observation as nested lists (the engine's own data, untranslated). @param {unknown} v @returns {HTMLElement} */
function renderValue(v) {
  if (v === null || typeof v !== "object") return h("span", { class: "val", text: v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v) });
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", { class: "val", text: v.map((x) => x === null ? "—" : typeof x === "string" ? x : JSON.stringify(x)).join(" ") || "—" });
    return h("ol", { class: "obs-list" }, v.map((x) => h("li", {}, renderValue(x))));
  }
  return h("dl", { class: "obs" }, Object.entries(v).flatMap(([k, x]) => [h("dt", { text: k }), h("dd", {}, renderValue(x))]));
}
// The replay bar (first, previous, a slider, next, last): built once, updated in place.
function replayBar() {
  const nav = (/** @type {string} */ name, /** @type {string} */ text, /** @type {() => number} */ target) => h("button", { type: "button", "data-nav": name, text, onclick: () => goto(target()) });
  const first = nav("first", "⏮", () => 0);
  const prev = nav("prev", "◀", () => (app.view ? app.view.cursor - 1 : -1));
  const next = nav("next", "▶", () => (app.view ? app.view.cursor + 1 : -1));
  const last = nav("last", "⏭", () => (app.view ? app.view.length : -1));
  const slider = h("input", { type: "range", min: 0, oninput: () => goto(Number(slider.value)) });
  const root = h("div", { class: "replay row" }, first, prev, slider, next, last);
  return {
    root,
    /** @param {View} v */
    update(v) {
      for (const [b, key] of /** @type {[HTMLButtonElement, string][]} */ ([[first, "table.first"], [prev, "table.prev"], [next, "table.next"], [last, "table.last"]])) {
        setAttr(b, "title", t(key));
        setAttr(b, "aria-label", t(key));
      }
      first.disabled = prev.disabled = v.cursor <= 0;
      next.disabled = last.disabled = v.cursor >= v.length;
      setAttr(slider, "max", v.length);
      if (Number(slider.value) !== v.cursor && document.activeElement !== slider) slider.value = String(v.cursor);
      setAttr(slider, "aria-label", t("table.position", { ply: v.cursor, length: v.length }));
      slider.disabled = v.length === 0;
    },
  };
}
