// The Chabashi text view (screen readers, keyboard): the table in sentences, and every choice by
// name, each a button (the card picks spelled out: "8-1: Y3 into the centre, floor card 2 into the
// hand").  It is rebuilt only when what it says changes, and the focused choice keeps the focus.
import deck from "./deck-dido.js";
import { seatMarks } from "./chabashi-seats.js";
/** @typedef {import("./chabashi.js").Table} ChabashiTable the table these parts draw for (a type only: no import at run time) */

/** @param {ChabashiTable} table @param {ChabashiTableView} tv */
export function renderText(table, tv) {
  const { h, t } = table.ctx;
  table.textEl.hidden = !table.textOn;
  if (!table.textOn) return;
  const lang = table.ctx.lang;
  const cardText = (/** @type {ChabashiCard} */ c, /** @type {boolean} */ yours) => {
    if (!c.card) return yours ? t("chabashi.face_down_yours") : t("chabashi.face_down");
    return deck.label(c.up ? c.card : `${c.card}:down`, lang);
  };
  const list = (/** @type {ChabashiCard[]} */ cs, /** @type {boolean} */ yours) => cs.length ? cs.map((c) => cardText(c, yours)).join(", ") : t("chabashi.empty");
  const lines = [t("chabashi.text.table", {
    dealer: tv.dealer_floor.length ? tv.dealer_floor.map((c) => deck.label(c.card || "back", lang)).join(", ") : t("chabashi.empty"),
    centre: list(tv.centre, false), pot: tv.pot, stock: tv.stock })];
  for (const s of tv.seats) {
    const marks = seatMarks(table, s, tv).filter((m) => m !== t(`chabashi.role.${s.role}`));
    lines.push(t("chabashi.text.seat", { name: table.name(s.seat) + (s.you ? ` (${t("chabashi.you")})` : ""), role: t(`chabashi.role.${s.role}`),
      marks: marks.length ? `; ${marks.join(", ")}` : "", chips: s.chips, put: s.contrib,
      hand: s.hand.length ? s.hand.map((c) => (c.card ? deck.label(c.card, lang) : t("chabashi.hidden"))).join(", ") : t("chabashi.empty"),
      floor: list(s.floor, s.you) }));
  }
  // every choice by name, each a button (the card picks spelled out: "8-1: Y3 into the centre, floor card 2 into the hand")
  const acts = tv.actions;
  const choices = acts ? [...acts.buttons.map((b) => ({ action: b.action, label: b.label })),
    ...acts.picks.flatMap((g) => g.options.map((o) => ({ action: o.action, label: o.label })))] : [];
  const sig = JSON.stringify([lines, choices, lang]);
  if (table.textEl.dataset.sig === sig) return;
  table.textEl.dataset.sig = sig;
  const focused = document.activeElement instanceof HTMLElement && table.textEl.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  table.textEl.replaceChildren(...[h("h3", { class: "cb-zone-title", text: t("chabashi.textview_title") }),
    h("ul", { class: "cb-text-lines" }, lines.map((l) => h("li", { text: l }))),
    choices.length ? h("h4", { class: "cb-sub", text: t("chabashi.text.choices", { n: choices.length }) }) : null,
    choices.length ? h("ul", { class: "cb-text-choices" }, choices.map((c) => h("li", {}, h("button", { type: "button", "data-action": c.action, text: c.label, onclick: () => table.play(c.action) })))) : null,
  ].filter((x) => x !== null));
  if (focused) { const back = /** @type {HTMLElement|null} */ (table.textEl.querySelector(`[data-action="${CSS.escape(focused)}"]`)); if (back) back.focus(); }
}
