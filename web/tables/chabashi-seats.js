// The Chabashi table's seats: every other seat's name, chips, marks and cards (hand and floor), in
// table order after the viewer, and the helpers the table's own rows share (a card's id in the
// deck, a row of small cards, what a seat's line says of it).
import * as ck from "./cardkit.js";
import deck from "./deck-dido.js";
/** @typedef {import("./chabashi.js").Table} ChabashiTable the table these parts draw for (a type only: no import at run time) */

/** The deck's id of a card in a row (a back when hidden, a face-down mark). @param {ChabashiCard|null|undefined} c @param {boolean} [yours] */
export function cardId(c, yours) {
  if (!c || !c.card) return yours ? "back:yours" : "back";
  return c.up ? c.card : `${c.card}:down`;
}

/** A row of small cards, redrawn only when they change. @param {HTMLElement} row @param {string[]} ids @param {{small?: boolean}} opts */
export function setRow(row, ids, opts) {
  const sig = ids.join(",");
  if (row.dataset.sig === sig) return;
  row.dataset.sig = sig;
  row.replaceChildren(...ids.map((id) => {
    const c = ck.cardEl(deck, id, { small: opts.small });
    c.dataset.card = id;
    return c;
  }));
}

/** What a seat's line says of it. @param {ChabashiTable} table @param {ChabashiSeat} s @param {ChabashiTableView} tv */
export function seatMarks(table, s, tv) {
  const t = table.ctx.t;
  const out = [];
  if (s.role === "dealer") out.push(t("chabashi.role.dealer"));
  if (tv.two_player && tv.dealing_seat === s.seat) out.push(t("chabashi.dealing"));
  if (s.role === "out") out.push(t("chabashi.out"));
  if (s.to_act) out.push(t("chabashi.to_act"));
  if (s.folded) out.push(t("chabashi.folded"));
  if (s.all_in) out.push(t("chabashi.all_in"));
  if (s.round_put) out.push(t("chabashi.in_round", { n: s.round_put }));
  if (s.last && !s.to_act) out.push(table.eventText({ ...s.last, seat: s.seat }).replace(table.name(s.seat), "").replace(/^[:\s]+/, ""));
  return out;
}

/** The other seats, in table order after the viewer. @param {ChabashiTable} table @param {ChabashiTableView} tv */
export function renderSeats(table, tv) {
  const { h } = table.ctx;
  const t = table.ctx.t;
  const lang = table.ctx.lang;
  const n = tv.players;
  const order = [];
  const start = tv.viewer >= 0 ? tv.viewer : 0;
  for (let k = tv.viewer >= 0 ? 1 : 0; k < n; k++) order.push((start + k) % n);
  const keep = new Set(order.map(String));
  for (const [k, node] of table.seatNodes) if (!keep.has(k)) { node.li.remove(); table.seatNodes.delete(k); }
  /** @type {HTMLElement|null} */
  let prev = null;
  for (const i of order) {
    const s = tv.seats[i];
    let node = table.seatNodes.get(String(i));
    if (!node) {
      // the chips twice: in words, and as a chip and a number that an embed shows instead (the
      // words stay for screen readers), so that a narrow seat keeps its name
      const name = h("h3", { class: "cb-seat-name" });
      node = { name, who: h("span", { class: "cb-seat-who" }),
        chips: h("span", { class: "cb-seat-chips" }), chipsShort: h("span", { class: "cb-seat-chips-short", "aria-hidden": "true" }),
        marks: h("p", { class: "cb-marks" }),
        hand: h("div", { class: "cb-row cb-seat-hand", role: "img" }), floor: h("div", { class: "cb-row cb-seat-floor", role: "img" }),
        li: h("li", { class: "cb-seat", "data-seat": i }) };
      name.append(node.who, node.chips, node.chipsShort);
      node.li.append(name, node.marks, h("div", { class: "cb-seat-rows" }, node.hand, node.floor));
      table.seatNodes.set(String(i), node);
    }
    if ((prev ? prev.nextSibling : table.seatsEl.firstChild) !== node.li) table.seatsEl.insertBefore(node.li, prev ? prev.nextSibling : table.seatsEl.firstChild);
    prev = node.li;
    node.li.classList.toggle("cb-active", s.to_act);
    node.li.classList.toggle("cb-folded", s.folded);
    node.li.classList.toggle("cb-out", s.role === "out");
    node.li.dataset.role = s.role;
    node.who.textContent = table.name(i);
    node.chips.textContent = t("chabashi.chips", { n: s.chips });
    node.chipsShort.textContent = String(s.chips);
    node.marks.textContent = seatMarks(table, s, tv).join(" · ");
    setRow(node.hand, s.hand.map((c) => c.card || "back"), { small: true });
    setRow(node.floor, s.floor.map((c) => cardId(c)), { small: true });
    node.hand.hidden = !s.hand.length;
    node.floor.hidden = !s.floor.length;
    node.hand.setAttribute("aria-label", `${t("chabashi.hand")}: ${s.hand.map((c) => deck.label(c.card || "back", lang)).join(", ")}`);
    node.floor.setAttribute("aria-label", `${t("chabashi.floor")}: ${s.floor.map((c) => deck.label(cardId(c), lang)).join(", ")}`);
  }
}
