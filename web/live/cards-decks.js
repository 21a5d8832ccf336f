// The decks of a live card table (web/live/cards.js): each hand's (Chabashi) or game's (Daifugō)
// fair deal, one Deal per local seat (web/live/deal.js), started a hand ahead so that a new hand
// seldom waits for its shuffle, its secrets drawn from a seed kept before its first message.
import { t } from "../i18n.js";
import { keep } from "./cards-keep.js";
import { deliver, route } from "./cards-net.js";
import { dealName, dealOptions, deckSize, makingOf, measure, redeckOf, table, until } from "./cards-state.js";
import { newSeed, seededRng } from "./deal-group.js";
import { Deal } from "./deal.js";

/** A new deck for the next hand. Each deck is shuffled and locked a hand ahead (every browser
 * starts the next one once a hand's deal is over: nextDeck), so a new hand seldom waits for it. */
export async function newDeal() {
  if (!table.setup) return;
  const t0 = performance.now();
  table.current += 1;
  const deals = table.deals[table.current] || startDeal(table.current);
  await until(() => Array.from(deals.values()).every((d) => d.phase !== "shuffle" && d.phase !== "lock"), t("live.the_deal"));
  measure("live-deck", t0);
}
/** The next hand's deck starts being shuffled, unless it has: a second after the first turn of a
 * seat in a hand (its deal is over, and the keys of its first moves are through: a shuffle beside
 * them would slow them down, on a phone most of all; people then think, and a hand lasts longer
 * than a shuffle), and at the end (a page that reloaded before then still takes its part in it).
 * A hand that needs its deck sooner starts it itself (newDeal). */
export function nextDeck() {
  if (table.current >= 0 && !table.deals[table.current + 1]) startDeal(table.current + 1);
}
const NEXT_DECK_MS = 1000;
let nextDeckDue = -1; // the deck whose start is timed
export function nextDeckSoon() {
  const k = table.current + 1;
  if (k <= 0 || table.deals[k] || nextDeckDue === k) return;
  nextDeckDue = k;
  setTimeout(() => { if (table.running && table.current === k - 1) nextDeck(); }, NEXT_DECK_MS);
}
/** With blind cards a set's first game is dealt from a redeck of the set's blind deck (deck 0):
 * it starts as soon as that deck is made, in the lobby too, so that Start does not wait for its
 * strips, shuffles and locks. Every browser starts it the same way (`prepare`); a deck put aside
 * meanwhile (a friend dropped before Start: a new round) takes it along. @param {number} gen the
 * table's round */
export async function redeckAhead(gen) {
  const first = table.deals[0];
  if (!first || !redeckOf(1)) return;
  const made = () => Array.from(first.values()).every((d) => d.phase !== "shuffle" && d.phase !== "lock");
  await until(() => table.gen !== gen || table.deals[0] !== first || made(), t("live.the_deal"));
  if (table.gen === gen && table.deals[0] === first && !table.deals[1]) startDeal(1);
}
/** Every local seat's deal of deck `k` starts (shuffle, then lock, in seat order). @param {number} k */
export function startDeal(k) {
  /** @type {Map<number, Deal>} */
  const deals = new Map();
  for (const s of table.local) { // (each side drawn from a seed kept before its first message goes out)
    const seed = newSeed();
    table.seeds[`${k}:${s}`] = seed;
    const d = new Deal(dealOptions(k, s, seededRng(seed))); // (with blind cards: a set's blind deck, then a redeck of it per game)
    d.stepwise = true; // (its passes in slices: cards-net.js)
    deals.set(s, d);
  }
  table.deals[k] = deals;
  table.played[k] = makingOf(k); // (the shuffle and the lock, a redeck's strips: a message per seat each)
  table.holders[k] = new Array(deckSize(k)).fill(-1);
  keep();
  for (const [s, d] of deals) route(s, d.start(), d);
  const name = dealName(k), early = table.early.get(name) || [];
  table.early.delete(name);
  for (const [s, msg] of early) deliver(s, msg);
  return deals;
}
