// The end of a fair deal: every seat has revealed its keys and every browser checks the whole
// transcript again, from nothing but the record (the deal's set-up and its signed broadcast
// messages): the hash chain and every signature, every shuffle pass (the revealed key and order
// re-mask the deck the seat received into the deck it sent), every locking pass (the revealed
// keys take the seat's shuffle key off and put its per-position keys on), every key distinct,
// every card of the deck exactly once, every card opened in play, and every rehand (its handles
// hold exactly the cards of the positions it retired, under the secrets its seat's revealed key
// makes, web/live/deal-hands.js). A problem names the seat
// and the message (its sequence number: the ply of the transcript) it comes from.
// The checks of many equations are made as one with random weights (a batch); when a batch fails,
// each equation is checked alone so that the report can say which position went wrong.
import {
  PROTOCOL, cardPoints, commit, cryptoRng, digest, invert, mulScalars, parsePoint, parseScalar,
  pointHex, verifySignature, weightedSum, weights,
} from "./deal-group.js";
import { RETIRED, handleKey, readHandle } from "./deal-hands.js";
import { checkStrip, keptCards } from "./deal-redeck.js";

/** @typedef {import("./deal-group.js").Point} Point */
/** @typedef {import("./deal-group.js").Rng} Rng */

/** What every seat agrees on before the deal: a fresh name for this deal (e.g. the table's name
 * and the game's number), the number of seats, the deck's name and its cards' labels; for a
 * redeck (web/live/deal-redeck.js), the deal it is made from and the positions of it it keeps.
 * `fixed`: how many of a fresh deck's last positions every shuffle leaves in place (a blind deck's
 * jokers, which the blind cards at its first positions may never be: web/live/deal-redeck.js).
 * @typedef {{deal: string, seats: number, deck: string, cards: readonly string[], from?: {deal: string, keep: readonly number[]}, fixed?: number}} DealSetup */
/** A message of the protocol, as it travels (JSON). Broadcasts are numbered along the transcript
 * (`seq`, `prev`: the hash of everything before); a private message (`to`) is numbered along its
 * sender→receiver pair and names the transcript it answers (`at`: its length, `prev`: its hash).
 * @typedef {{v: number, deal: string, seat: number, seq: number, prev: string, kind: string,
 *   body: Record<string, unknown>, sig: string, to?: number, at?: number}} DealMessage */
/** @typedef {{seat: number | null, seq: number | null, code: string, detail: string, pass?: number}} Problem */
/** The outcome of the end-of-game verification: `cards[position]` is the label of the card dealt
 * at that position, or put under that handle (null where the deal could not say), `opens` every card opened in play and
 * `moves` every change of holder, each with the message that made it.
 * @typedef {{ok: boolean, problems: Problem[], cards: (string | null)[],
 *   opens: {seq: number, seat: number, position: number, card: string | null}[],
 *   moves: {seq: number, seat: number, position: number, from: number, to: number, card: string | null}[]}} Report */

/** What a message did: accepted (a broadcast joined the transcript), card (this seat can now read
 * the card at a position), opened (a card shown to all), broken (a position opened to no card of
 * the deck, or to a card seen elsewhere: a shuffle was false; the reveal will name its seat),
 * refused (a message held back for its turn, then refused), verified (the end-of-game report).
 * @typedef {{type: "accepted", seq: number, seat: number, kind: string}
 *   | {type: "card", position: number, card: string}
 *   | {type: "opened", position: number, card: string, seq: number}
 *   | {type: "broken", position: number, detail: string}
 *   | {type: "refused", error: DealError}
 *   | {type: "verified", report: Report}} DealEvent */
/** What a seat's call did and the messages it owes (web/live/deal.js).
 * @typedef {{messages: DealMessage[], events: DealEvent[]}} Outcome */
/** The table's judge of what a play means in its game (a deal, a draw, a legal pass): a reason to
 * refuse the message, or null. @typedef {(msg: DealMessage, deal: import("./deal.js").Deal) => string | null} Judge */

/** A message refused: `code` says why, `seat` names the seat to blame (null when the message
 * cannot be pinned on its signer: a bad signature), `claimed` the seat it says it is from. */
export class DealError extends Error {
  /** @param {string} code @param {string} message @param {DealMessage | null} msg @param {boolean} [blame] */
  constructor(code, message, msg, blame = true) {
    super(message);
    this.name = "DealError";
    this.code = code;
    this.claimed = msg && Number.isInteger(msg.seat) ? msg.seat : null;
    this.seat = blame ? this.claimed : null;
    this.seq = msg && Number.isInteger(msg.seq) ? msg.seq : null;
  }
}

/** How many positions a deal's deck has: its cards, or the positions a redeck keeps. @param {DealSetup} setup */
export const deckSize = (setup) => (setup.from ? setup.from.keep.length : setup.cards.length);

/** A non-empty list of distinct positions below m. @param {unknown} x @param {number} m */
export const isIndexList = (x, m) => Array.isArray(x) && x.length > 0
  && x.every((j) => Number.isInteger(j) && j >= 0 && j < m) && new Set(x).size === x.length;

/** The root of the transcript's hash chain: the protocol, the set-up and the cards' points.
 * @param {DealSetup} setup */
export function transcriptRoot(setup) {
  const { hex } = cardPoints(setup.deck, setup.cards);
  const root = { protocol: PROTOCOL, deal: setup.deal, seats: setup.seats, deck: setup.deck, cards: hex };
  return digest({ ...root, ...(setup.from ? { from: setup.from } : {}), ...(setup.fixed ? { fixed: setup.fixed } : {}) });
}

/** A message without its signature: what was signed. @param {DealMessage} msg */
export function unsigned(msg) {
  /** @type {Partial<DealMessage>} */
  const rest = { ...msg };
  delete rest.sig;
  return rest;
}

/** The kind a broadcast at `seq` must be, and from which seat (null: any seat, a play or a reveal);
 * a redeck's strips (`redeck`) come first. @param {number} seq @param {number} seats @param {boolean} [redeck]
 * @returns {{kind: string, seat: number} | null} */
export function expectedAt(seq, seats, redeck = false) {
  const t = redeck ? seq - seats : seq;
  if (t < 0) return { kind: "strip", seat: seq };
  if (t < seats) return { kind: "shuffle", seat: t };
  if (t < 2 * seats) return { kind: "lock", seat: t - seats };
  return null;
}

/** Does `perm` hold each of 0..m-1 once? @param {unknown} perm @param {number} m @returns {perm is number[]} */
export function isPermutation(perm, m) {
  if (!Array.isArray(perm) || perm.length !== m) return false;
  const seen = new Uint8Array(m);
  for (const x of perm) {
    if (!Number.isInteger(x) || x < 0 || x >= m || seen[x]) return false;
    seen[x] = 1;
  }
  return true;
}

/** One shuffle pass against its revealed key `s` and order `perm`: the deck sent must be
 * `s`·(the deck received, in that order). Names what is wrong: a repeated card, cards that are not
 * the re-masked cards received (substituted), or a key or order that does not explain the pass.
 * @param {Point[]} received @param {string[]} sent (hex) @param {bigint} s @param {number[]} perm
 * @param {Rng} [rng] @returns {string | null} */
export function checkShuffle(received, sent, s, perm, rng = cryptoRng) {
  const seen = new Map();
  for (let j = 0; j < sent.length; j++) {
    if (seen.has(sent[j])) return `duplicated a card (positions ${seen.get(sent[j])} and ${j} are the same)`;
    seen.set(sent[j], j);
  }
  const sentPts = sent.map((h) => parsePoint(h));
  if (sentPts.some((p) => p === null)) return "sent a deck holding something that is no point";
  const pts = /** @type {Point[]} */ (sentPts);
  const ws = weights([Array.from(rng(16)), sent], sent.length);
  const lhs = weightedSum(pts, ws);
  const rhs = weightedSum(perm.map((x) => received[x]), ws).multiplyUnsafe(s);
  if (lhs.equals(rhs)) return null;
  // which cards are not the received ones re-masked (in any order)?
  const expected = new Set(received.map((p) => pointHex(p.multiplyUnsafe(s))));
  const foreign = sent.filter((h) => !expected.has(h)).length;
  if (foreign > 0) return `substituted ${foreign} card${foreign > 1 ? "s" : ""} (points that are not the cards it received, re-masked)`;
  return "revealed an order that does not explain its shuffle";
}


/**
 * Verifies a finished deal from its record alone. Pure: the same record gives the same report
 * in every browser (only the batches' weights are drawn afresh, which changes no outcome).
 * @param {{setup: DealSetup, transcript: DealMessage[]}} record
 * @param {AuditOptions} [options] `points`: decoded points to reuse; `accepted`: the messages
 * are the ones this seat accepted, each checked as it came (its signature, and a lock's proof that
 * it takes off the shuffle key), so those two checks are not made again; `source`: for a redeck,
 * the record of the deal it was made from (its locks)
 * @returns {Report}
 */
export function verifyDeal(record, options = {}) {
  const steps = verifySteps(record, options);
  let r;
  do r = steps.next(); while (!r.done);
  return r.value;
}
/** {@link verifyDeal} a part at a time (a pass, some cards; each a few tens of milliseconds): a
 * generator the caller may pause between steps, so a page keeps answering while it checks.
 * @param {{setup: DealSetup, transcript: DealMessage[]}} record
 * @param {AuditOptions} [options] @returns {Generator<void, Report>} */
export function* verifySteps(record, options = {}) {
  try {
    return yield* audit(record, options);
  } catch (e) { // a record no honest seat would have accepted (a body of the wrong shape)
    const detail = `the record cannot be read: ${e instanceof Error ? e.message : String(e)}`;
    return { ok: false, problems: [{ seat: null, seq: null, code: "malformed", detail }], cards: [], opens: [], moves: [] };
  }
}

/** @param {{setup: DealSetup, transcript: DealMessage[]}} record
 * @param {AuditOptions} options @returns {Generator<void, Report>} */
function* audit(record, options) {
  const { setup, transcript } = record;
  const rng = options.rng || cryptoRng;
  const cache = options.points || new Map();
  /** @param {string} h */
  const pt = (h) => {
    let p = cache.get(h);
    if (!p) {
      p = parsePoint(h);
      if (!p) throw new Error(`not a point: ${h}`);
      cache.set(h, p);
    }
    return /** @type {Point} */ (p);
  };
  const n = setup.seats;
  const N = deckSize(setup);
  const redeck = Boolean(setup.from), first = redeck ? n : 0; // (a redeck's strips come first)
  const cards = cardPoints(setup.deck, setup.cards);
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Report} */
  const report = { ok: false, problems, cards: new Array(N).fill(null), opens: [], moves: [] };
  /** @type {string[]} */
  const signKeys = [];
  /** @type {string[][]} the shuffle passes' decks, D₀ to Dₙ (D₀: the cards, or a redeck's last strip) */
  const decks = [];
  /** @type {string[][]} a redeck's strips */
  const strips = [];
  /** @type {{y: string[], deck: string[], seq: number}[]} */
  const locks = [];
  /** @type {(Reveal | null)[]} */
  const reveals = new Array(n).fill(null);
  const holders = new Array(N).fill(-1);
  /** @type {{seq: number, seat: number, position: number, keys: string[]}[]} */
  const published = [];
  /** @type {(string | null)[][]} the keys published so far for each position */
  const pending = [];
  /** @type {{seq: number, seat: number, position: number, key: string}[]} handles opened (by their secret) */
  const handleOpens = [];
  /** @type {{seq: number, seat: number, positions: number[], points: string[], first: number}[]} */
  const rehands = [];
  let head = transcriptRoot(setup);
  // 1. the chain, the signatures, the order of the passes, and what each message says
  for (let t = 0; t < transcript.length; t++) {
    const msg = transcript[t];
    const want = expectedAt(t, n, redeck);
    const fail = (/** @type {string} */ code, /** @type {string} */ detail, seat = /** @type {number | null} */ (msg.seat)) => {
      problems.push({ seat, seq: t, code, detail });
      return report;
    };
    if (msg.v !== 1 || msg.deal !== setup.deal || msg.seq !== t || msg.to !== undefined) return fail("chain", `message ${t} is not the transcript's message ${t}`, null);
    if (msg.prev !== head) return fail("chain", `message ${t} does not follow the messages before it`, null);
    const key = t < n ? /** @type {string} */ (msg.body && msg.body.sign) : signKeys[msg.seat];
    if (!key || (!options.accepted && !verifySignature(unsigned(msg), msg.sig, key))) return fail("signature", `message ${t}'s signature is not seat ${msg.seat}'s`, null);
    if (want && (msg.kind !== want.kind || msg.seat !== want.seat)) return fail("turn", `message ${t} should be seat ${want.seat}'s ${want.kind}`);
    const b = msg.body;
    if (t < n) signKeys[msg.seat] = /** @type {string} */ (b.sign);
    if (msg.kind === "strip") {
      strips.push(/** @type {string[]} */ (b.deck));
    } else if (msg.kind === "shuffle") {
      decks.push(/** @type {string[]} */ (b.deck));
    } else if (msg.kind === "lock") {
      locks.push({ y: /** @type {string[]} */ (b.y), deck: /** @type {string[]} */ (b.deck), seq: t });
    } else if (msg.kind === "assign") {
      const pos = /** @type {number[]} */ (b.positions), to = /** @type {number[]} */ (b.holders);
      pos.forEach((j, x) => {
        report.moves.push({ seq: t, seat: msg.seat, position: j, from: holders[j], to: to[x], card: null });
        holders[j] = to[x];
      });
    } else if (msg.kind === "rehand") {
      const pos = /** @type {number[]} */ (b.positions), points = /** @type {string[]} */ (b.points);
      rehands.push({ seq: t, seat: msg.seat, positions: pos, points, first: holders.length });
      for (const j of pos) holders[j] = RETIRED;
      holders.push(...points.map(() => msg.seat));
    } else if (msg.kind === "open") {
      const pos = /** @type {number[]} */ (b.positions), keys = /** @type {(string | null)[][]} */ (b.keys);
      pos.forEach((j, x) => {
        if (j >= N) return void handleOpens.push({ seq: t, seat: msg.seat, position: j, key: /** @type {string} */ (keys[x][0]) });
        const all = (pending[j] ||= new Array(n).fill(null));
        keys[x].forEach((k, m) => { if (k !== null) all[m] = k; });
        if (all.every((k) => k !== null)) published.push({ seq: t, seat: msg.seat, position: j, keys: /** @type {string[]} */ (all) });
      });
    } else if (msg.kind === "reveal") {
      const s = parseScalar(b.shuffleKey);
      const ks = Array.isArray(b.keys) ? b.keys.map(parseScalar) : [];
      const u = redeck ? parseScalar(b.strip) : 1n, took = redeck && Array.isArray(b.took) ? b.took.map(parseScalar) : [];
      if (s === null || ks.length !== N || ks.some((k) => k === null) || !isPermutation(b.order, N)
        || (redeck && (!u || took.length !== N || took.some((k) => !k)))) {
        return fail("reveal", `seat ${msg.seat}'s reveal is not a key, an order and ${N} keys${redeck ? ", with its strip" : ""}`);
      }
      reveals[msg.seat] = { s, order: b.order, keys: /** @type {bigint[]} */ (ks), seq: t, u: /** @type {bigint} */ (u), took: /** @type {bigint[]} */ (took) };
    } else {
      return fail("turn", `message ${t} is of no known kind`);
    }
    head = digest(msg);
    if (t % 64 === 63) yield;
  }
  decks.unshift(redeck ? strips[n - 1] || [] : cards.hex);
  if (decks.length !== n + 1 || locks.length !== n || strips.length !== first) {
    problems.push({ seat: null, seq: null, code: "unfinished", detail: "the deal never finished its shuffle and locking passes" });
    return report;
  }
  for (let i = 0; i < n; i++) {
    if (!reveals[i]) problems.push({ seat: i, seq: null, code: "no-reveal", detail: `seat ${i} did not reveal its keys` });
  }
  if (problems.length) return report;
  const rev = /** @type {Reveal[]} */ (reveals);
  // 2. every pass, recomputed from the revealed keys (a redeck's strips first: deal-redeck.js)
  if (redeck) {
    const problem = yield* auditStrips(setup, strips, rev, options.source, pt, rng);
    if (problem) problems.push(problem);
  }
  for (let i = 0; i < n; i++) {
    const { s, order, keys, seq, u } = rev[i];
    if (pointHex(commit(s)) !== /** @type {{key: string}} */ (/** @type {unknown} */ (transcript[first + i].body)).key) {
      problems.push({ seat: i, seq, code: "reveal", detail: `seat ${i} revealed a shuffle key that is not the one it committed to` });
      continue;
    }
    const moved = order.findIndex((x, j) => j >= N - (setup.fixed || 0) && x !== j);
    const bad = moved >= 0 ? `moved the card at position ${moved}, which this deck keeps in place`
      : checkShuffle(decks[i].map(pt), decks[i + 1], mulScalars(s, invert(u)), order, rng);
    if (bad) problems.push({ seat: i, seq: first + i, pass: first + i + 1, code: "shuffle", detail: `seat ${i}'s shuffle (pass ${first + i + 1}) ${bad}` });
    yield;
    const received = (i === 0 ? decks[n] : locks[i - 1].deck).map(pt);
    const ys = locks[i].y.map(pt);
    const sent = locks[i].deck.map(pt);
    const ws = weights([Array.from(rng(16)), i], N);
    const off = options.accepted || weightedSum(received, ws).equals(weightedSum(ys, ws).multiplyUnsafe(s));
    const on = weightedSum(ys, ws.map((w, j) => mulScalars(w, keys[j]))).equals(weightedSum(sent, ws));
    if (!off || !on) {
      const wrong = [];
      for (let j = 0; j < N; j++) {
        if (!ys[j].multiplyUnsafe(s).equals(received[j]) || !ys[j].multiplyUnsafe(keys[j]).equals(sent[j])) wrong.push(j);
      }
      const where = wrong.length ? `position${wrong.length > 1 ? "s" : ""} ${wrong.join(", ")}` : "its deck";
      problems.push({ seat: i, seq: locks[i].seq, pass: first + n + i + 1, code: "lock", detail: `seat ${i}'s locking pass (pass ${first + n + i + 1}) does not match its revealed keys at ${where}` });
    }
    yield;
  }
  const passesOk = problems.length === 0;
  // 3. every key distinct (a key used twice weakens a lock, across seats or within one)
  const owners = new Map();
  for (let i = 0; i < n; i++) {
    const named = [["its shuffle key", rev[i].s], ...rev[i].keys.map((k, j) => [`position ${j}`, k])];
    for (const [what, k] of named) {
      const other = owners.get(k);
      if (other) {
        const who = other.seat === i ? `seat ${i} used the same key for ${other.what} and ${what}` : `seat ${i} used seat ${other.seat}'s key (${other.what}) for ${what}`;
        problems.push({ seat: i, seq: rev[i].seq, code: "reused-key", detail: who });
      } else owners.set(k, { seat: i, what });
    }
  }
  // 4. the cards: after honest passes the card at final position j is the deck's card at the
  // composition of the revealed orders; every card of the deck exactly once
  if (passesOk) {
    const start = redeck ? keptCards(strips[n - 1].map(pt), rev.map((r) => r.u), cards.index) : null;
    let at = Array.from({ length: N }, (_, j) => j);
    for (let i = 0; i < n; i++) at = rev[i].order.map((x) => at[x]);
    report.cards = at.map((x) => {
      const c = start ? start[x] : x;
      return c === undefined ? null : setup.cards[c];
    });
    if (start && start.includes(undefined)) problems.push({ seat: null, seq: null, code: "strip", detail: "a kept card of the first deck is no card after the strips" });
  }
  // 4b. every rehand, in order: each handle's card under the secret its seat's key makes; together
  // exactly the cards of the positions it retired
  for (const { seq, seat, positions, points, first } of rehands) {
    points.forEach((h, x) => {
      const c = readHandle(pt(h), handleKey(setup.deal, rev[seat].s, first + x), cards.index, true);
      report.cards[first + x] = c === undefined ? null : setup.cards[c];
    });
    const was = positions.map((j) => report.cards[j]).sort(), now = report.cards.slice(first, first + points.length).sort();
    if (passesOk && was.join() !== now.join()) {
      const extra = now.filter((c) => !was.includes(c)).map((c) => c ?? "a point that is no card"), gone = was.filter((c) => !now.includes(c));
      problems.push({ seat, seq, code: "rehand", detail: `seat ${seat}'s rehand (message ${seq}) is not its hand: it shows ${extra.join(", ") || "a card twice"} instead of ${gone.join(", ") || "its cards"}` });
    }
    yield;
  }
  for (const { seq, seat, position, key } of handleOpens) {
    const y = parseScalar(key), c = y === null ? undefined : readHandle(pt(rehandPoint(rehands, position)), y, cards.index, true);
    const card = c === undefined ? null : setup.cards[c];
    if (card === null || card !== report.cards[position]) problems.push({ seat, seq, code: "open", detail: `handle ${position} opened at message ${seq} to ${card ?? "no card of the deck"}` });
    report.opens.push({ seq, seat, position, card: report.cards[position] });
  }
  // 5. every card opened in play: its keys (each checked when it came) open it to that card
  for (const [x, { seq, seat, position, keys }] of published.entries()) {
    if (x % 8 === 7) yield;
    const total = keys.reduce((acc, k) => mulScalars(acc, /** @type {bigint} */ (parseScalar(k))), 1n);
    const hex = pointHex(pt(locks[n - 1].deck[position]).multiplyUnsafe(invert(total)));
    const card = cards.index.has(hex) ? setup.cards[/** @type {number} */ (cards.index.get(hex))] : null;
    if (card === null || (report.cards[position] !== null && card !== report.cards[position])) {
      problems.push({ seat, seq, code: "open", detail: `position ${position} opened at message ${seq} to ${card === null ? "no card of the deck" : card}` });
    }
  }
  for (const o of published) report.opens.push({ seq: o.seq, seat: o.seat, position: o.position, card: report.cards[o.position] });
  report.opens.sort((a, b) => a.seq - b.seq);
  for (const m of report.moves) m.card = report.cards[m.position];
  report.ok = problems.length === 0;
  return report;
}
/** @typedef {{rng?: Rng, points?: Map<string, Point>, accepted?: boolean, source?: {setup: DealSetup, transcript: DealMessage[]}}} AuditOptions */
/** A seat's reveal: its shuffle key, order and keys; a redeck's strip secret u and the keys it took off.
 * @typedef {{s: bigint, order: number[], keys: bigint[], seq: number, u: bigint, took: bigint[]}} Reveal */

/** A redeck's strips against the first deck's locks (its record: `source`), the first wrong one
 * named. @param {DealSetup} setup @param {string[][]} strips @param {Reveal[]} rev
 * @param {{setup: DealSetup, transcript: DealMessage[]} | undefined} source @param {(h: string) => Point} pt
 * @param {Rng} rng @returns {Generator<void, Problem | null>} */
function* auditStrips(setup, strips, rev, source, pt, rng) {
  const from = /** @type {{deal: string, keep: readonly number[]}} */ (setup.from), n = setup.seats;
  const locks = source && source.setup.deal === from.deal ? source.transcript.filter((m) => m.kind === "lock").map((m) => m.body) : [];
  if (locks.length !== n) return { seat: null, seq: null, code: "strip", detail: `the record of ${from.deal}, which this deck was made from, is missing` };
  const at = (/** @type {unknown} */ list) => from.keep.map((j) => pt(/** @type {string[]} */ (list)[j]));
  let received = at(locks[n - 1].deck);
  for (let i = 0; i < n; i++) {
    const sent = strips[i].map(pt);
    const bad = checkStrip({ y: at(locks[i].y), deck: at(locks[i].deck) }, received, sent, rev[i].u, rev[i].took, rng(16));
    if (bad) return { seat: i, seq: i, pass: i + 1, code: "strip", detail: `seat ${i}'s strip (pass ${i + 1}) ${bad}` };
    received = sent;
    yield;
  }
  return null;
}
/** The point of handle `h`. @param {{points: string[], first: number}[]} rehands @param {number} h */
function rehandPoint(rehands, h) {
  const r = /** @type {{points: string[], first: number}} */ (rehands.find((x) => h >= x.first && h < x.first + x.points.length));
  return r.points[h - r.first];
}

