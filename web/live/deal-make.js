// The making of a fair deal's deck (web/live/deal.js), one seat's side: its own passes, made in
// steps (a redeck's strip, the shuffle, the lock: web/live/deal-passes.js, deal-redeck.js), and
// its checks of every seat's as they come (fresh points, one signing and one shuffle key per seat,
// the lock's proof). A Deal holds one, privately: its fields are that deal's secrets and decks.
import { PROTOCOL, cardPoints, checkEqualLogs, commit, invert, parsePoint, pointHex } from "./deal-group.js";
import { lockPass, lockSums, shufflePass } from "./deal-passes.js";
import { stripPass } from "./deal-redeck.js";
import { DealError, deckSize } from "./deal-verify.js";

/** @typedef {import("./deal-group.js").Rng} Rng */
/** @typedef {import("./deal-group.js").Point} Point */
/** @typedef {import("./deal-verify.js").DealSetup} DealSetup */
/** @typedef {import("./deal-verify.js").DealMessage} DealMessage */
/** @typedef {import("./deal-log.js").DealLog} DealLog */

export class DeckMaking {
  /** This seat's secrets until the reveal: its shuffle key, its order, its key per position, and a
   * redeck's strip secret u (1 for a fresh deck). */
  s = 0n;
  /** @type {number[]} */ order = [];
  /** @type {bigint[]} */ keys = [];
  u = 1n;
  /** @type {string[][]} the shuffle passes' decks, D₀ (the cards, or the last strip's) to Dₙ */ decks;
  /** @type {{y: string[], deck: string[]}[]} the locking passes */ locks = [];
  /** @type {string[][]} a redeck's strips */ strips = [];
  /** @type {string[]} every seat's shuffle key's commitment */ shuffleKeys = [];
  /** @type {Set<string>} every point seen in a deck (a pass must re-mask every card) */ seen;

  /**
   * @param {Readonly<DealSetup>} setup @param {number} me @param {Rng} rng @param {DealLog} log the
   * deal's transcript (its signing keys and heads) @param {(kind: string, body: Record<string, unknown>) => DealMessage} seal
   * signs a message of this seat (the deal's own `seal`) @param {Map<string, Point>} points the
   * deal's decoded points @param {DeckMaking | null} source a redeck's: the making of the deck it is made from
   */
  constructor(setup, me, rng, log, seal, points, source) {
    this.setup = setup;
    this.me = me;
    this.rng = rng;
    this.log = log;
    this.seal = seal;
    this.points = points;
    this.source = source;
    /** how many strips come before the shuffle (a redeck's: one per seat) */
    this.first = source ? setup.seats : 0;
    /** how many positions the deck has */
    this.N = deckSize(setup);
    this.decks = source ? [] : [cardPoints(setup.deck, setup.cards).hex];
    this.seen = new Set(source ? this.stripInput(0) : this.decks[0]);
  }

  /** This seat's pass of a kind. @param {string} kind @returns {Generator<void, DealMessage>} */
  pass(kind) { return kind === "strip" ? this.#strip() : kind === "shuffle" ? this.#shuffle() : this.#lock(); }
  /** @returns {Generator<void, DealMessage>} */
  *#strip() {
    const made = yield* stripPass(this.stripInput(this.me).map((h) => this.pt(h)), this.took(), this.rng);
    this.u = made.u;
    return this.seal("strip", { sign: this.log.signer, deck: made.deck });
  }
  /** @returns {Generator<void, DealMessage>} */
  *#shuffle() {
    const made = yield* shufflePass(this.decks[this.me].map((h) => this.pt(h)), this.rng, invert(this.u), this.setup.fixed || 0);
    ({ s: this.s, order: this.order } = made);
    const sign = this.first ? {} : { sign: this.log.signer }; // (a redeck's strip brought it)
    return this.seal("shuffle", { ...sign, key: pointHex(commit(this.s)), deck: made.deck });
  }
  /** @returns {Generator<void, DealMessage>} */
  *#lock() {
    const { keys, ...lock } = yield* lockPass(this.lockInput(this.me), this.s, this.rng, this.lockContext(this.me), (h) => this.pt(h), this.points);
    this.keys = keys;
    return this.seal("lock", lock);
  }
  /** The deck seat i's strip starts from: the source's locked cards at the kept positions, then
   * each strip's. @param {number} i */
  stripInput(i) {
    const src = /** @type {DeckMaking} */ (this.source), keep = /** @type {NonNullable<DealSetup["from"]>} */ (this.setup.from).keep;
    return i === 0 ? keep.map((j) => src.locks[this.setup.seats - 1].deck[j]) : this.strips[i - 1];
  }
  /** This seat's keys of the source at the kept positions (a redeck's strip takes them off). */
  took() { return /** @type {NonNullable<DealSetup["from"]>} */ (this.setup.from).keep.map((j) => /** @type {DeckMaking} */ (this.source).keys[j]); }
  /** The deck seat i's locking pass starts from. @param {number} i */
  lockInput(i) { return i === 0 ? this.decks[this.setup.seats] : this.locks[i - 1].deck; }
  /** @param {number} i */
  lockContext(i) { return [PROTOCOL, "lock", this.log.heads[0], i]; }

  /** A pass of another seat (or this one's, as it goes out) checked: refused with a DealError, or
   * its change to apply once it joins the transcript. @param {DealMessage} msg @returns {() => void} */
  check(msg) {
    return msg.kind === "strip" ? this.#checkStrip(msg) : msg.kind === "shuffle" ? this.#checkShuffle(msg) : this.#checkLock(msg);
  }
  /** A seat's first message brings its signing key, which no other seat's may be. @param {DealMessage} msg */
  #signKeyOf(msg) {
    const key = /** @type {string} */ (msg.body.sign);
    if (this.log.signKeys.includes(key)) throw new DealError("reused-key", `seat ${msg.seat} signs with another seat's key`, msg);
    return () => { this.log.signKeys[msg.seat] = key; };
  }
  /** A deck of fresh points (every card re-masked). @param {DealMessage} msg @param {string} what */
  #freshDeck(msg, what) {
    const hex = this.pointList(msg.body.deck, this.N, what, msg);
    const old = hex.findIndex((h) => this.seen.has(h));
    if (old >= 0) throw new DealError("shuffle", `seat ${msg.seat}'s ${what} did not re-mask position ${old}: that point was in an earlier deck`, msg);
    return hex;
  }
  /** @param {DealMessage} msg */
  #checkStrip(msg) {
    const signed = this.#signKeyOf(msg), hex = this.#freshDeck(msg, `strip (pass ${msg.seat + 1})`);
    return () => {
      signed();
      this.strips.push(hex);
      for (const h of hex) this.seen.add(h);
      if (this.strips.length === this.setup.seats) this.decks.push(hex); // (D₀ of the shuffle)
    };
  }
  /** @param {DealMessage} msg */
  #checkShuffle(msg) {
    const { key } = msg.body, i = msg.seat;
    const signed = this.first ? () => {} : this.#signKeyOf(msg);
    if (!parsePoint(key)) throw new DealError("malformed", `seat ${i}'s shuffle key commitment is no point`, msg);
    if (this.shuffleKeys.includes(/** @type {string} */ (key))) throw new DealError("reused-key", `seat ${i} shuffles with another seat's key`, msg);
    const hex = this.#freshDeck(msg, `shuffle (pass ${this.first + i + 1})`);
    return () => {
      signed();
      this.shuffleKeys[i] = /** @type {string} */ (key);
      this.decks.push(hex);
      for (const h of hex) this.seen.add(h);
    };
  }
  /** @param {DealMessage} msg */
  #checkLock(msg) {
    const i = msg.seat, N = this.N, pass = this.first + this.setup.seats + i + 1;
    const y = this.pointList(msg.body.y, N, `locking pass (pass ${pass})`, msg);
    const deck = this.pointList(msg.body.deck, N, `locked deck (pass ${pass})`, msg);
    const { yHat, eHat } = lockSums(this.lockContext(i), this.lockInput(i), y, (h) => this.pt(h));
    if (!checkEqualLogs(this.lockContext(i), yHat, this.pt(this.shuffleKeys[i]), eHat, msg.body.proof)) {
      throw new DealError("lock", `seat ${i}'s locking pass (pass ${pass}) does not take off the key it shuffled with`, msg);
    }
    return () => { this.locks.push({ y, deck }); };
  }

  /** A point, decoded once. @param {string} hex */
  pt(hex) {
    let p = this.points.get(hex);
    if (!p) this.points.set(hex, p = /** @type {Point} */ (parsePoint(hex)));
    return p;
  }
  /** Decodes a list of `count` distinct points, or refuses the message. @param {unknown} list
   * @param {number} count @param {string} what @param {DealMessage} msg @returns {string[]} */
  pointList(list, count, what, msg) {
    if (!Array.isArray(list) || list.length !== count) throw new DealError("malformed", `seat ${msg.seat}'s ${what} is not ${count} points`, msg);
    const at = new Map();
    list.forEach((h, j) => {
      if (at.has(h)) throw new DealError("duplicate", `seat ${msg.seat}'s ${what} repeats a point (positions ${at.get(h)} and ${j})`, msg);
      at.set(h, j);
      if (!this.points.has(h)) {
        const p = parsePoint(h);
        if (!p) throw new DealError("malformed", `seat ${msg.seat}'s ${what} holds something that is no point (position ${j})`, msg);
        this.points.set(h, p);
      }
    });
    return /** @type {string[]} */ (list);
  }
}
