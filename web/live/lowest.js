// Who holds the earliest card, found by every seat together, and nothing else: the protocol of a
// live Daifugō table's joint read (pyengine/daifugo/live_reads.py: `lowest_holder`). Where cards
// lie out unseen (blind cards) the first lead goes to the holder of the earliest card of the
// search (♦3, ♠3, ♥3, …) that anyone holds; seat p knows only its own list x[p][t] (does it hold
// the t-th card?), and the table must learn the seat, not the card (nor which cards lie out).
//
// Exponential ElGamal over ristretto255 (the audited group of web/live/deal-group.js) under a key
// that all seats hold together:
//   1. key: each seat draws y_p and says Y_p = y_p·G with a proof that it knows y_p (a Chaum–
//      Pedersen proof, so no seat can choose its key against the others'); Y = Σ Y_p.
//   2. bits: each seat encrypts its list, E[p][t] = (ρ·G, x·G + ρ·Y).
//   3. every page adds them up: P_t = Σ_q Σ_{i<t} E[q][i] encrypts how many of the cards before t
//      anyone holds, and C[p][t] = P_t + (0, G) − E[p][t] encrypts P_t + 1 − x[p][t], which is 0
//      exactly where p holds card t and nobody holds an earlier one: in one place, p's row of the
//      leader.
//   4. mix: each seat in turn multiplies every entry by a fresh secret scalar (an encryption of
//      r·m: zero stays zero, anything else becomes a random point) and shuffles each row; one
//      honest seat is enough to hide which column the zero was in.
//   5. open: each seat gives D_p = y_p·A of every entry, with one proof for all of them that it used
//      the y_p of its key (weights from the hash of everything, web/live/deal-group.js); an entry
//      is zero when B − Σ D_p is the identity. The leader is the row with the zero.
// Checked at once: the keys' and the openings' proofs and every message's form. Checked at the
// end, when every seat reveals its y_p (`audit`): each list is made of yes or no, and each mix kept
// every row's count of zeros (so no mix changed the answer); the lists, read in the clear then, go
// to the end's replay in the full engine, which names one that lied about its hand
// (pyengine/app/live_table.py `verify`).
import { Point, checkEqualLogs, pointHex, proveEqualLogs, randomPermutation, randomScalar, weightedSum, weights } from "./deal-group.js";

/** @typedef {import("./deal-group.js").Rng} Rng */
/** @typedef {InstanceType<typeof Point>} P */
/** An ElGamal ciphertext (A, B). @typedef {[P, P]} Pair */
/** A matrix of ciphertexts, a row per seat. @typedef {Pair[][]} Matrix */

const G = Point.BASE;
const ZERO = Point.ZERO;
const HEX32 = /^[0-9a-f]{64}$/;

/** A point from its encoding, the identity included (an entry may be any point); null if none.
 * @param {unknown} hex @returns {P | null} */
function anyPoint(hex) {
  if (typeof hex !== "string" || !HEX32.test(hex)) return null;
  try {
    return Point.fromHex(hex);
  } catch {
    return null;
  }
}

/** A seat's key share and its message. @param {unknown} context @param {number} seat @param {Rng} rng
 * @returns {{y: bigint, message: {Y: string, proof: import("./deal-group.js").Proof}}} */
export function keyShare(context, seat, rng) {
  const y = randomScalar(rng);
  const Y = G.multiply(y);
  return { y, message: { Y: pointHex(Y), proof: proveEqualLogs([context, seat, "key"], y, G, Y, Y, rng) } };
}
/** Another seat's key from its message, or null if its proof fails. @param {unknown} context
 * @param {number} seat @param {any} message @returns {P | null} */
export function checkKey(context, seat, message) {
  const Y = message && anyPoint(message.Y);
  if (!Y || Y.is0() || !checkEqualLogs([context, seat, "key"], G, Y, Y, message.proof)) return null;
  return Y;
}
/** A seat's own key from its message (unchecked: this page made it). @param {any} message */
export const keyPoint = (message) => anyPoint(message?.Y);
/** The table's key: the sum of every seat's. @param {P[]} keys */
export const jointKey = (keys) => keys.reduce((a, b) => a.add(b), ZERO);

/** A seat's list, encrypted under the table's key. @param {P} Y @param {boolean[]} bits @param {Rng} rng
 * @returns {string[][]} */
export function encryptBits(Y, bits, rng) {
  return bits.map((x) => {
    const rho = randomScalar(rng);
    return [pointHex(G.multiply(rho)), pointHex((x ? G : ZERO).add(Y.multiply(rho)))];
  });
}
/** Rows of ciphertexts from a message (`rows` of `size` pairs each), or null if malformed.
 * @param {unknown} rows @param {number} count @param {number} size @returns {Matrix | null} */
export function parseRows(rows, count, size) {
  if (!Array.isArray(rows) || rows.length !== count) return null;
  /** @type {Matrix} */
  const out = [];
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== size) return null;
    /** @type {Pair[]} */
    const pairs = [];
    for (const pair of row) {
      const A = Array.isArray(pair) && pair.length === 2 ? anyPoint(pair[0]) : null;
      const B = A && anyPoint(pair[1]);
      if (!A || !B) return null;
      pairs.push([A, B]);
    }
    out.push(pairs);
  }
  return out;
}
/** @param {Matrix} m @returns {string[][][]} */
export const rowsHex = (m) => m.map((row) => row.map(([A, B]) => [pointHex(A), pointHex(B)]));

/** The matrix every page computes from the seats' lists (step 3 above): entry [p][t] encrypts
 * P_t + 1 − x[p][t]. @param {Pair[][]} lists a seat's encrypted list per row @returns {Matrix} */
export function combine(lists) {
  const size = lists.length ? lists[0].length : 0;
  /** @type {Matrix} */
  const out = lists.map(() => []);
  let sumA = ZERO, sumB = ZERO;
  for (let t = 0; t < size; t++) {
    lists.forEach((list, p) => out[p].push([sumA.subtract(list[t][0]), sumB.add(G).subtract(list[t][1])]));
    for (const list of lists) { sumA = sumA.add(list[t][0]); sumB = sumB.add(list[t][1]); }
  }
  return out;
}

/** A seat's mix (step 4): every entry times a fresh secret scalar, each row shuffled; a product a
 * step (a generator the caller may pause between steps). @param {Matrix} m @param {Rng} rng
 * @returns {Generator<void, Matrix>} */
export function* mix(m, rng) {
  /** @type {Matrix} */
  const out = [];
  for (const row of m) {
    const order = randomPermutation(rng, row.length);
    /** @type {Pair[]} */
    const mixed = [];
    for (const j of order) {
      const r = randomScalar(rng);
      const [A, B] = row[j];
      mixed.push([A.is0() ? A : A.multiply(r), B.is0() ? B : B.multiply(r)]);
      yield;
    }
    out.push(mixed);
  }
  return out;
}

/** The entries' A, in order. @param {Matrix} m */
const firsts = (m) => m.flatMap((row) => row.map(([A]) => A));
/** The statement a seat's opening proves, for its weights. @param {unknown} context @param {number} seat
 * @param {Matrix} m @param {string[]} shares */
const opening = (context, seat, m, shares) => [context, seat, "open", rowsHex(m), shares];

/** A seat's opening of the mixed matrix (step 5): y·A of every entry, one proof for all.
 * @param {unknown} context @param {number} seat @param {bigint} y @param {Matrix} m @param {Rng} rng
 * @returns {Generator<void, {shares: string[], proof: import("./deal-group.js").Proof}>} */
export function* openShares(context, seat, y, m, rng) {
  const As = firsts(m), D = [];
  for (const A of As) {
    D.push(A.is0() ? A : A.multiply(y));
    yield;
  }
  const shares = D.map(pointHex);
  const w = weights(opening(context, seat, m, shares), As.length);
  const H = weightedSum(As, w);
  return { shares, proof: proveEqualLogs([context, seat, "open"], y, H, G.multiply(y), weightedSum(D, w), rng) };
}
/** Another seat's opening, checked against its key: its shares, or null if its proof fails.
 * @param {unknown} context @param {number} seat @param {P} Y @param {Matrix} m @param {any} message
 * @returns {P[] | null} */
export function checkOpen(context, seat, Y, m, message) {
  const As = firsts(m);
  if (!message || !Array.isArray(message.shares) || message.shares.length !== As.length) return null;
  const D = message.shares.map(anyPoint);
  if (D.some((/** @type {P | null} */ d) => d === null)) return null;
  const Ds = /** @type {P[]} */ (D);
  const w = weights(opening(context, seat, m, message.shares), As.length);
  const H = weightedSum(As, w);
  if (H.is0()) return null;
  return checkEqualLogs([context, seat, "open"], H, Y, weightedSum(Ds, w), message.proof) ? Ds : null;
}
/** A seat's own shares from its opening (unchecked: this page made them). @param {any} message
 * @returns {P[] | null} */
export function sharePoints(message) {
  const D = Array.isArray(message?.shares) ? message.shares.map(anyPoint) : [null];
  return D.some((/** @type {P | null} */ d) => d === null) ? null : D;
}
/** How many entries of each row are zero, once every seat's shares are in. @param {Matrix} m
 * @param {P[][]} shares each seat's, entry by entry @returns {number[]} */
export function zeros(m, shares) {
  let k = 0;
  return m.map((row) => row.reduce((n, [, B]) => {
    const i = k++;
    return n + (shares.reduce((acc, D) => acc.subtract(D[i]), B).is0() ? 1 : 0);
  }, 0));
}
/** The leader from the rows' counts of zeros: the one row with a zero, or -1 if there is not
 * exactly one zero in all. @param {number[]} counts */
export function leaderOf(counts) {
  const total = counts.reduce((a, b) => a + b, 0);
  return total === 1 ? counts.findIndex((c) => c === 1) : -1;
}

/** The end's check, once every seat has revealed its y_p: the keys are theirs, each list is made of
 * yes or no, each mix kept every row's count of zeros; a generator (a step per entry decrypted).
 * Gives the problems and the lists read in the clear (for the engine's replay to check against
 * the hands). @param {{keys: P[], ys: bigint[], lists: Pair[][], mixes: Matrix[]}} run (`mixes[j]`:
 * seat j's mix, in seat order)
 * @returns {Generator<void, {problems: {seat: number, detail: string}[], lists: boolean[][]}>} */
export function* audit(run) {
  /** @type {{seat: number, detail: string}[]} */
  const problems = [];
  /** @type {boolean[][]} */
  const clear = [];
  run.ys.forEach((y, p) => {
    if (!G.multiply(y).equals(run.keys[p])) problems.push({ seat: p, detail: "a key revealed that is not the one it said" });
  });
  if (problems.length) return { problems, lists: clear };
  const y = run.ys.reduce((a, b) => Point.Fn.add(a, b), 0n);
  /** @param {Pair} pair */
  const plain = ([A, B]) => B.subtract(A.is0() || y === 0n ? ZERO : A.multiplyUnsafe(y)); // (public now)
  for (const [p, list] of run.lists.entries()) {
    clear.push([]);
    for (const pair of list) {
      const m = plain(pair);
      yield;
      if (!m.is0() && !m.equals(G)) { problems.push({ seat: p, detail: "a list of its cards that is not made of yes or no" }); break; }
      clear[p].push(!m.is0());
    }
  }
  if (problems.length) return { problems, lists: clear };
  /** @param {Matrix} m */
  function* counts(m) {
    const out = [];
    for (const row of m) {
      let n = 0;
      for (const pair of row) { n += plain(pair).is0() ? 1 : 0; yield; }
      out.push(n);
    }
    return out;
  }
  let before = yield* counts(combine(run.lists));
  for (const [j, m] of run.mixes.entries()) {
    const after = yield* counts(m);
    if (after.some((c, p) => c !== before[p])) problems.push({ seat: j, detail: "a mix that changed who leads" });
    before = after;
  }
  return { problems, lists: clear };
}

/** Runs a generator to its end at once (Node's tests, small matrices). @template T
 * @param {Generator<void, T>} g @returns {T} */
export function drain(g) {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}
