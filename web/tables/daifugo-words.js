// The Daifugō table's words: cards, the record's lines, the effects on the strip, the pending
// exchange, the classes' titles in the terms the player chose, and the rules' options, values,
// conflicts and fixes, each worded from the strings (daifugo.opt.<path>.name / daifugo.opt.<path>
// / daifugo.val.<value>...), so an option the engine adds is worded with no change here.
import deck from "./deck-french.js";

/** The names the classes go by (the setting "terms"). */
export const TERMS = ["daifugo", "daihinmin", "tycoon", "president"];

/** Whether `big` holds every card of `small` (as many times). @param {string[]} big @param {string[]} small */
export function multisetCovers(big, small) {
  /** @type {Map<string, number>} */
  const count = new Map();
  for (const x of big) count.set(x, (count.get(x) || 0) + 1);
  for (const x of small) {
    const c = count.get(x) || 0;
    if (!c) return false;
    count.set(x, c - 1);
  }
  return true;
}

/** @param {DaifugoCard[]|null|undefined} cards */
export function cardsText(cards) {
  return (cards || []).map((c) => deck.short(c.id) + (c.note ? `=${c.note}` : "")).join(" ");
}
/** @param {DaifugoCard[]|null|undefined} cards @param {TableContext} ctx */
export function cardsSpoken(cards, ctx) {
  return (cards || []).map((c) => deck.label(c.id, ctx.lang) + (c.note ? ` (${c.note})` : "")).join(", ");
}
/** The cards of a hint's reason (codes) in words: short card texts, the joker by name. @param {TableContext} ctx @param {HintWhy|null|undefined} why */
export function whyCards(ctx, why) {
  const words = (/** @type {unknown} */ v) => (Array.isArray(v) ? v.map((id) => (id === "JK" ? ctx.t("daifugo.val.joker") : deck.short(String(id)))).join(" ") : "");
  return { cards: words(why && why.cards), play: words(why && why.play) };
}
/**
 * A string, or the fallback when the strings have no such key.
 * @param {TableContext} ctx @param {string} key @param {Record<string, unknown>} [vars]
 */
export function maybe(ctx, key, vars, fallback = "") {
  const s = ctx.t(key, vars);
  return s === key ? fallback : s;
}
/** @param {TableContext} ctx @param {string} kind */
export function levelName(ctx, kind) {
  const level = kind.startsWith("bot:") ? kind.slice(4) : kind;
  return maybe(ctx, `level.${level}`, {}, level);
}
/** A class's title in the terms the player chose. @param {TableContext} ctx @param {string|null|undefined} id */
export function titleText(ctx, id) {
  if (!id) return "";
  const terms = ctx.settings.get("terms", "daifugo");
  return ctx.t(`daifugo.title.${TERMS.includes(terms) ? terms : "daifugo"}.${id}`);
}
// Options and values of the rules, worded from the strings (see the comment at the top).
/** @param {TableContext} ctx @param {string} path */
export function optionName(ctx, path) {
  return maybe(ctx, `daifugo.opt.${path}.name`, {}, (path.split(".").pop() || path).replace(/_/g, " "));
}
// A value's short label (daifugo.val.<value>), else its line for this option (daifugo.opt.<path>.val.<value>).
/**
 * @param {TableContext} ctx @param {unknown} v @param {string} [path]
 * @returns {string}
 */
export function valueLabel(ctx, v, path) {
  if (v === true) return ctx.t("daifugo.val.on");
  if (v === false) return ctx.t("daifugo.val.off");
  if (Array.isArray(v)) return v.length ? v.map((x) => valueLabel(ctx, x, path)).join(", ") : ctx.t("daifugo.val.none");
  if (typeof v === "number") return String(v);
  return maybe(ctx, `daifugo.val.${v}`) || (path && maybe(ctx, `daifugo.opt.${path}.val.${v}`)) || String(v).replace(/_/g, " ");
}
/** @param {TableContext} ctx @param {string} id */
export function presetName(ctx, id) { return maybe(ctx, `preset.daifugo.${id}`, {}, id); }
/** @param {TableContext} ctx @param {DaifugoConflict} c */
export function conflictText(ctx, c) {
  const opts = c.options.map((o) => ctx.t("daifugo.conflict.option", { name: optionName(ctx, o.path), value: valueLabel(ctx, o.value, o.path) }));
  const and = ctx.t("daifugo.conflict.and");
  if (c.players !== null && c.players !== undefined) {
    return opts.length ? ctx.t("daifugo.conflict.players", { a: opts.join(and), n: c.players }) : ctx.t("daifugo.conflict.players_only", { n: c.players });
  }
  if (opts.length >= 2) return ctx.t("daifugo.conflict.pair", { a: opts[0], b: opts.slice(1).join(and) });
  return ctx.t("daifugo.conflict.one", { a: opts[0] || "" });
}
/** @param {TableContext} ctx @param {DaifugoFix} fix @param {Map<string, DaifugoOption>} optionsByPath */
export function fixText(ctx, fix, optionsByPath) {
  if (fix.players) return ctx.t("daifugo.fix.players", { n: fix.players });
  if (fix.preset) return ctx.t("daifugo.fix.preset", { preset: presetName(ctx, fix.preset) });
  const [path, value] = Object.entries(fix.set || {})[0];
  const name = optionName(ctx, path);
  const now = optionsByPath.get(path);
  if (value === true) return ctx.t("daifugo.fix.on", { name });
  if (value === false) return ctx.t("daifugo.fix.off", { name });
  if (Array.isArray(value) && now && Array.isArray(now.value)) {
    const gone = now.value.filter((/** @type {unknown} */ x) => !value.includes(x));
    if (gone.length) return ctx.t("daifugo.fix.remove", { name, item: valueLabel(ctx, gone, path) });
  }
  return ctx.t("daifugo.fix.set", { name, value: valueLabel(ctx, value, path) });
}

/** A line of the record in words (null: a line not shown). @param {TableContext} ctx @param {DaifugoLogItem} it */
export function logText(ctx, it) {
  const t = ctx.t;
  const who = it.seat !== undefined ? ctx.seatName(it.seat) : "";
  switch (it.kind) {
    case "play": case "four_stop": return t("daifugo.log.play", { seat: who, cards: cardsText(it.cards) });
    case "pass": return t("daifugo.log.pass", { seat: who });
    case "lead": return t("daifugo.log.lead", { seat: who });
    case "clear": return t("daifugo.log.clear", { seat: who });
    case "out": return t("daifugo.log.out", { seat: who, place: it.place });
    case "revolution": return t(it.on ? "daifugo.effect.revolution" : "daifugo.effect.counter_revolution");
    case "revolution_pending": return t("daifugo.effect.revolution_pending");
    case "tribute": case "return": case "give":
      return t(`daifugo.log.${it.kind}`, { seat: who, to: it.to === undefined ? "" : ctx.seatName(it.to), cards: it.cards ? cardsText(it.cards) : t("daifugo.log.n_cards", { n: it.count }) });
    case "discard": return t("daifugo.log.discard", { seat: who, cards: cardsText(it.cards) || "—" });
    case "bomb": return t("daifugo.log.bomb", { seat: who, ranks: (it.ranks || []).join(", ") || "—" });
    case "skip": return t("daifugo.log.skip", { seats: (it.seats || []).map((s) => ctx.seatName(s)).join(", ") });
    case "reverse": return t("daifugo.effect.reverse");
    case "game": return t("daifugo.log.game", { n: it.game });
    case "dealer": return t("daifugo.log.dealer", { seat: who });
    case "result": return t("daifugo.log.result", { seat: it.placing ? ctx.seatName(it.placing[0]) : "" });
    case "forbidden_finish": case "miyako_ochi": case "kyoto_ochi": case "gekokujo": case "omen":
      return t(`daifugo.effect.${it.kind}`) + (who ? ` — ${who}` : "");
    case "four_stop_declined": return t("daifugo.log.pass", { seat: who });
    default: return null;
  }
}

/** @param {TableContext} ctx @param {DaifugoEffect} e */
export function effectText(ctx, e) {
  if (e.kind === "out") return ctx.t("daifugo.log.out", { seat: e.seat === undefined ? "" : ctx.seatName(e.seat), place: e.place });
  if (e.kind === "skip") return ctx.t("daifugo.log.skip", { seats: (e.seats || []).map((s) => ctx.seatName(s)).join(", ") });
  return ctx.t(`daifugo.effect.${e.kind}`);
}

/** @param {TableContext} ctx @param {DaifugoPending|null|undefined} p */
export function pendingText(ctx, p) {
  if (!p) return "";
  const who = ctx.seatName(p.player);
  const vars = { seat: who, to: p.to !== undefined ? ctx.seatName(p.to) : "", n: p.count ?? p.up_to ?? 0 };
  return ctx.t(`daifugo.pending.${p.kind}`, vars);
}

// The strip's chips: what turns the order over (a revolution, an 11-back), the order in force, the
// locks, the direction, what is pending and the effects of the last play.
/** @param {TableContext} ctx @param {DaifugoStrip} s */
export function stripItems(ctx, s) {
  const t = ctx.t;
  /** @type {DaifugoStripItem[]} */
  const items = [];
  // what turns the order over (a revolution, an 11-back), then the order in force: inverted when
  // exactly one of them is on (the view's `inverted`), normal when both cancel
  if (s.revolution) items.push({ key: "revolution", cls: "on", text: t("daifugo.strip.revolution") });
  if (s.back) items.push({ key: "back", cls: "on", text: t("daifugo.strip.back") });
  items.push({ key: "order", cls: s.inverted ? "on" : "", text: s.inverted ? t("daifugo.strip.inverted") : t("daifugo.strip.normal") });
  if (s.lock.length) items.push({ key: "lock", cls: "on", text: t("daifugo.strip.lock", { suits: s.lock.join("") }) });
  if (s.number_lock !== null && s.number_lock !== undefined) items.push({ key: "number", cls: "on", text: t("daifugo.strip.number_lock", { rank: s.number_lock }) });
  if (s.colour_lock) items.push({ key: "colour", cls: "on", text: t("daifugo.strip.colour_lock") });
  items.push({ key: "dir", cls: s.direction < 0 ? "on" : "", text: s.direction < 0 ? t("daifugo.strip.ccw") : t("daifugo.strip.cw") });
  if (s.pending) items.push({ key: "pending", cls: "on", text: pendingText(ctx, s.pending) });
  for (const e of s.effects) items.push({ key: `fx-${e.kind}`, cls: "fx", kind: e.kind, text: effectText(ctx, e) });
  return items;
}
