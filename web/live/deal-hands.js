// A hand under fresh handles (the fair deal's `rehand`, web/live/deal.js). When a card that another
// seat has read comes into a hand (a tribute, a return, a 7-pass, a swap of hands, a card taken from
// the table), its position is public, so without more every seat would know that card again when it
// is played. So the seat that now holds it shows its whole hand anew: for each card c, in an order
// only it knows, a point F = y·P_c under a secret y of its own. The old positions retire; the new
// ones (handles, numbered on after the deck's positions in transcript order) are held by that seat:
//  - opening a handle shows its y, and every seat reads y⁻¹·F: a card not at a live position elsewhere;
//  - passing one privately sends its y to the new holder alone, which reads the card and rehands;
//  - no seat can tell which handle holds the card it handed over: the points are fresh (telling
//    y·P_c from y·P_d without y is the decisional Diffie–Hellman problem), and so is the order.
// Each y and the order come from the seat's shuffle key, hashed with the handle's number, so a
// reloaded page makes the same ones, and the reveal, which shows that key, lets every seat check
// at the end that each rehand held exactly the cards of the positions it retired (deal-verify.js).
import { challenge, digest, invert, pointHex, scalarHex } from "./deal-group.js";

/** @typedef {import("./deal-group.js").Point} Point */

/** In a deal's holders: a position whose card was put under a handle. */
export const RETIRED = -3;

/** The secret y of handle `h` of a deal, from the shuffle key of the seat that made it.
 * @param {string} deal @param {bigint} s @param {number} h */
export const handleKey = (deal, s, h) => challenge("handle", [deal, scalarHex(s), h]);

/** The order of a rehand's cards: handle `first + x` holds the card of its `order[x]`-th position.
 * @param {string} deal @param {bigint} s @param {number} first @param {number} count @returns {number[]} */
export function handleOrder(deal, s, first, count) {
  const key = Array.from({ length: count }, (_, x) => digest([deal, scalarHex(s), "order", first, x]));
  return key.map((_, x) => x).sort((a, b) => (key[a] < key[b] ? -1 : 1));
}

/** A rehand's points: handle `first + x` is the `order[x]`-th card put under its own key.
 * @param {string} deal @param {bigint} s @param {number} first @param {Point[]} cards the cards'
 * points, in the order of the retired positions @returns {{order: number[], keys: bigint[], points: string[]}} */
export function rehandPoints(deal, s, first, cards) {
  const order = handleOrder(deal, s, first, cards.length);
  const keys = order.map((_, x) => handleKey(deal, s, first + x));
  return { order, keys, points: order.map((c, x) => pointHex(cards[c].multiply(keys[x]))) };
}

/** The card under a handle: y⁻¹·F looked up among the deck's points (undefined: no card).
 * @param {Point} point @param {bigint} y @param {Map<string, number>} index the deck's points
 * (hex → card) @param {boolean} [shown] public (an open: variable time is fine) */
export function readHandle(point, y, index, shown = false) {
  const inv = invert(y);
  return index.get(pointHex(shown ? point.multiplyUnsafe(inv) : point.multiply(inv)));
}
