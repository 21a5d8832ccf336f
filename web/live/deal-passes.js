// A seat's two passes of the fair deal (web/live/deal.js), made in steps a page can pause between:
// the shuffle (re-mask every card with a secret s and permute the deck) and the lock (take s off
// and put a key of its own on each position, with one Chaum–Pedersen proof that exactly s came off).
// Pure: the decks in, the pass and this seat's secrets out; the deal signs and checks them.
import { commit, invert, mulScalars, multiplyEach, proveEqualLogs, randomPermutation, randomScalar, weightedSum, weights } from "./deal-group.js";

/** @typedef {import("./deal-group.js").Point} Point */
/** @typedef {import("./deal-group.js").Rng} Rng */
/** @typedef {import("./deal-group.js").Proof} Proof */

/** The shuffle: the secret s and the order are drawn first, in that order (a reloaded seat draws
 * them again from its seed); the cards are re-masked by s·`factor` (a redeck's: its strip's u⁻¹,
 * web/live/deal-redeck.js); the last `fixed` positions stay in place (a blind deck's jokers).
 * @param {Point[]} received @param {Rng} rng @param {bigint} [factor] @param {number} [fixed]
 * @returns {Generator<void, {s: bigint, order: number[], deck: string[]}>} */
export function* shufflePass(received, rng, factor = 1n, fixed = 0) {
  const s = randomScalar(rng);
  const moved = received.length - fixed;
  const order = randomPermutation(rng, moved).concat(Array.from({ length: fixed }, (_, x) => moved + x));
  const { hex: deck } = yield* multiplyEach(order.map((x) => received[x]), factor === 1n ? s : mulScalars(s, factor));
  return { s, order, deck };
}

/** Σwⱼ·Yⱼ and Σwⱼ·Eⱼ of a lock, with the weights hashed from both decks. @param {unknown} context
 * @param {string[]} received @param {string[]} y @param {(hex: string) => Point} pt */
export function lockSums(context, received, y, pt) {
  const ws = weights([context, received, y], y.length);
  return { yHat: weightedSum(y.map(pt), ws), eHat: weightedSum(received.map(pt), ws) };
}

/** The lock: Y = s⁻¹·E, then a key per position (drawn in position order) and the proof.
 * @param {string[]} received @param {bigint} s @param {Rng} rng @param {unknown} context
 * @param {(hex: string) => Point} pt decodes a point (and keeps it) @param {Map<string, Point>} points
 * where the points made here are kept @returns {Generator<void, {keys: bigint[], y: string[], deck: string[], proof: Proof}>} */
export function* lockPass(received, s, rng, context, pt, points) {
  const ys = yield* multiplyEach(received.map(pt), invert(s));
  ys.hex.forEach((h, j) => points.set(h, ys.points[j]));
  const keys = ys.points.map(() => randomScalar(rng));
  const { hex: deck } = yield* multiplyEach(ys.points, keys);
  const { yHat, eHat } = lockSums(context, received, ys.hex, pt);
  yield;
  return { keys, y: ys.hex, deck, proof: proveEqualLogs(context, s, yHat, commit(s), eHat, rng) };
}
