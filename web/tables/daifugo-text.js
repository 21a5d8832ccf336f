// The Daifugō text view (screen readers, keyboard): the strip, the field, the seats and the hand in
// words; it names the playable cards and lists every legal play by name, each a button.  It is
// rebuilt only when what it says changes, and the focused control keeps the focus.
import deck from "./deck-french.js";
import { cardsSpoken, logText, multisetCovers, stripItems, titleText } from "./daifugo-words.js";

/**
 * @param {TableContext} ctx @param {DaifugoTableView} tv
 * @param {DaifugoTextParts} parts the table's controls the text view mirrors, its hand's order and intents
 */
export function renderTextView(ctx, tv, parts) {
  const { h, t } = ctx;
  const { textView, hand, prompt, playBtn, passBtn, noneBtn, chooser, confirm, send } = parts;
  if (textView.hidden) return;
  const byKey = new Map(tv.hand.map((c) => [c.key, c]));
  const sel = new Set(hand.selected);
  const active = tv.mode === "play" || tv.mode === "select";
  const idOf = (/** @type {string} */ k) => { const c = byKey.get(k); return c ? c.id : ""; };
  const selIds = hand.selected.map(idOf).filter(Boolean);
  const playable = new Set(active ? tv.choices.flatMap((c) => (c.ids && multisetCovers(c.ids, selIds) ? c.ids : [])) : []);
  const strip = stripItems(ctx, tv.strip).map((i) => i.text).join(", ");
  const seatLines = tv.seats.map((s) => [ctx.seatName(s.seat), titleText(ctx, s.title), t("daifugo.cards", { n: s.count }),
    s.passed ? t("daifugo.mark.passed") : "", s.out ? t("daifugo.mark.out", { place: s.out }) : "", s.active ? t("daifugo.mark.to_move") : ""].filter(Boolean).join(", "));
  const handItems = parts.order.map((k) => ({ key: k, text: deck.label(idOf(k), ctx.lang) + (playable.has(idOf(k)) ? ` — ${t("daifugo.text.playable")}` : ""), pressed: sel.has(k) }));
  const plays = active && tv.mode === "play" ? tv.choices.map((c) => ({ action: c.action, label: c.label })) : [];
  const log = tv.log.slice(-8).map((it) => logText(ctx, it)).filter(Boolean);
  const sig = JSON.stringify([strip, seatLines, handItems, plays, prompt.textContent, log, active, playBtn.disabled, playBtn.textContent,
    passBtn.hidden, noneBtn.hidden, chooser.dataset.sig, tv.field, ctx.lang]);
  if (textView.dataset.sig === sig) {
    for (const b of textView.querySelectorAll(".df-text-hand button")) if (b instanceof HTMLElement) b.setAttribute("aria-pressed", sel.has(b.dataset.key || "") ? "true" : "false");
    return;
  }
  textView.dataset.sig = sig;
  const focused = document.activeElement instanceof HTMLElement && textView.contains(document.activeElement) ? document.activeElement : null;
  const focusedKey = focused ? focused.dataset.key || focused.dataset.df || focused.dataset.action : null;
  const handList = h("ul", { class: "df-text-hand", "aria-label": t("daifugo.hand", { n: tv.hand.length }) },
    handItems.map((x) => h("li", {}, h("button", { type: "button", "data-key": x.key, "aria-pressed": x.pressed ? "true" : "false", disabled: !active,
      text: x.text, onclick: () => { hand.toggle(x.key); } }))));
  const actions = h("div", { class: "row" }, ...[
    active ? h("button", { type: "button", class: "primary", "data-df": "text-play", disabled: playBtn.disabled, text: playBtn.textContent, onclick: confirm }) : null,
    !passBtn.hidden ? h("button", { type: "button", "data-df": "text-pass", text: t("daifugo.pass"), onclick: () => send(tv.pass_action) }) : null,
    !noneBtn.hidden ? h("button", { type: "button", "data-df": "text-none", text: t("daifugo.none"), onclick: () => send(tv.select && tv.select.none) }) : null,
    ...[...chooser.querySelectorAll("button")].map((b) => h("button", { type: "button", "aria-pressed": b.getAttribute("aria-pressed"), text: b.textContent, onclick: () => b.click() })),
  ].filter((x) => x !== null));
  textView.replaceChildren(...[
    h("h3", { text: t("daifugo.textview") }),
    h("p", { text: strip }),
    h("p", { text: tv.field ? t("daifugo.field.text", { seat: ctx.seatName(tv.field.seat), cards: cardsSpoken(tv.field.cards, ctx) }) : t("daifugo.field.empty") }),
    h("ul", { "aria-label": t("daifugo.seats") }, seatLines.map((x) => h("li", { text: x }))),
    h("p", { class: "df-prompt-text", text: prompt.textContent }),
    tv.me >= 0 ? handList : null,
    plays.length ? h("h4", { text: t("daifugo.text.plays", { n: plays.length }) }) : null,
    plays.length ? h("ul", { class: "df-text-plays" }, plays.map((p) => h("li", {}, h("button", { type: "button", "data-action": p.action, text: p.label, onclick: () => send(p.action) })))) : null,
    actions,
    h("ol", { "aria-label": t("daifugo.log") }, log.map((x) => h("li", { text: x }))),
  ].filter((x) => x !== null));
  if (focusedKey) {
    const back = /** @type {HTMLElement|null} */ (textView.querySelector(`[data-key="${CSS.escape(focusedKey)}"], [data-df="${CSS.escape(focusedKey)}"], [data-action="${CSS.escape(focusedKey)}"]`));
    if (back) back.focus();
  }
}

