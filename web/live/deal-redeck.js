// A game's deck from the cards a set's first deck kept (the fair deal's *redeck*, web/live/deal.js).
// Daifugō's blind cards (JDF, `remainder=blind`) lie out for a whole set and are never jokers: the
// set's blind deck is shuffled with its jokers, its last cards, kept in place (`fixed`), its first
// positions are put aside face down, and each game of the set is dealt from the other cards
// shuffled anew, while nobody learns the blind ones. A redeck starts from the first deck's locked points
// at the positions it keeps (L[j] = Πkᵢⱼ·P_c, public):
//  1. Strip, seat 0 to n−1 in turn: each takes its own key of each kept position off and masks
//     every card with one fresh secret u, in place, A′[x] = u·kᵢⱼ⁻¹·A[x] (so the next seat still
//     knows which position is which); afterwards A[x] = U·P_c with U = Πuᵢ. The positions not kept
//     are never touched: their cards stay under every seat's key of the first deck.
//  2. Shuffle and lock as for a fresh deck, except that each seat re-masks with s·u⁻¹, so that its
//     u comes off with its shuffle: the deck is then S·P_c in an order nobody knows.
// At the end each seat reveals u and the keys it took off: every strip is checked against the
// first deck's locks (the keys are that seat's keys there) and against the deck it received, and
// the kept cards are read as U⁻¹·A[x].
import { invert, mulScalars, multiplyEach, pointHex, randomScalar, weightedSum, weights } from "./deal-group.js";

/** @typedef {import("./deal-group.js").Point} Point */
/** @typedef {import("./deal-group.js").Rng} Rng */

/** A redeck's `from` as its set-up says it, once checked: this seat's side of a locked deal of the
 * same seats and cards, and some of its positions.
 * @param {{deal: import("./deal.js").Deal, keep: readonly number[]}} from @param {number} me @param {number} seats
 * @param {string} deck @param {readonly string[]} cards @returns {Readonly<{deal: string, keep: readonly number[]}>} */
export function redeckOf(from, me, seats, deck, cards) {
  const src = from.deal, size = src.setup.from ? src.setup.from.keep.length : src.setup.cards.length, keep = from.keep;
  if (src.me !== me || src.setup.seats !== seats || src.setup.deck !== deck || src.setup.cards.join() !== cards.join()
    || src.phase === "shuffle" || src.phase === "lock" || !Array.isArray(keep) || keep.length < 2
    || !keep.every((j) => Number.isInteger(j) && j >= 0 && j < size) || new Set(keep).size !== keep.length) {
    throw new Error("deal: a redeck is made from this seat's side of a locked deal of the same seats and cards, keeping some of its positions");
  }
  return Object.freeze({ deal: src.setup.deal, keep: Object.freeze([...keep]) });
}

/** A seat's strip: a fresh u (drawn first), then u·k⁻¹ on each card, its own key of that position
 * `took[x]` taken off. @param {Point[]} received @param {bigint[]} took @param {Rng} rng
 * @returns {Generator<void, {u: bigint, deck: string[]}>} */
export function* stripPass(received, took, rng) {
  const u = randomScalar(rng);
  const { hex: deck } = yield* multiplyEach(received, took.map((k) => mulScalars(u, invert(k))));
  return { u, deck };
}

/** Where a seat's strip is wrong, or null: the keys it took off must open its locks of the first
 * deck at the kept positions (k·Y[j] = L[j]), and the deck it sent must be the deck it received with
 * those keys off and u on (k·A′[x] = u·A[x]); each a batch with random weights, then the positions.
 * @param {{y: Point[], deck: Point[]}} lock its locking pass of the first deck, at the kept positions
 * @param {Point[]} received @param {Point[]} sent @param {bigint} u @param {bigint[]} took
 * @param {Uint8Array} salt fresh bytes for the weights @returns {string | null} */
export function checkStrip(lock, received, sent, u, took, salt) {
  const ws = weights([Array.from(salt), sent.length], sent.length);
  const wk = ws.map((w, x) => mulScalars(w, took[x]));
  const keysOk = weightedSum(lock.y, wk).equals(weightedSum(lock.deck, ws));
  const passOk = weightedSum(sent, wk).equals(weightedSum(received, ws).multiplyUnsafe(u));
  if (keysOk && passOk) return null;
  const wrong = [];
  for (let x = 0; x < sent.length; x++) {
    if (!lock.y[x].multiplyUnsafe(took[x]).equals(lock.deck[x]) || !sent[x].multiplyUnsafe(took[x]).equals(received[x].multiplyUnsafe(u))) wrong.push(x);
  }
  return `${keysOk ? "does not take its keys off" : "takes off keys that are not its keys of the first deck"} at kept card${wrong.length > 1 ? "s" : ""} ${wrong.join(", ") || "(the batch)"}`;
}

/** The card of each kept position after every strip: U⁻¹·A[x] looked up among the deck's points
 * (undefined: no card). @param {Point[]} stripped @param {bigint[]} us every seat's u
 * @param {Map<string, number>} index the deck's points (hex → card) */
export function keptCards(stripped, us, index) {
  const inv = invert(us.reduce(mulScalars, 1n));
  return stripped.map((p) => index.get(pointHex(p.multiplyUnsafe(inv))));
}
