// A deal nobody can see ("mental poker"): one seat's side of dealing a deck among a live table's
// seats so that no seat, and no server, learns a card it is not meant to see. Pure and transport-
// agnostic: messages in (receive), messages out (each call returns what to send and what happened),
// all JSON-safe; the table carries them and judges what a move means in its game. The curve
// arithmetic: web/live/deal-group.js (@noble/curves' ristretto255); the end check: deal-verify.js.
// The protocol (n seats, a deck of N cards; all arithmetic in the prime-order group):
//  0. Each card is a point Pc, hashed to the curve from its label, so no one knows how one card's
//     point relates to another's. The transcript's hash chain starts from the set-up and the points.
//  1. Shuffle, seat 0 to n−1 in turn: seat i takes the deck Dᵢ, draws a secret key sᵢ and an order
//     πᵢ, and sends Dᵢ₊₁[j] = sᵢ·Dᵢ[πᵢ(j)] with Sᵢ = sᵢ·G (its key's commitment) and an Ed25519 key
//     that signs all its messages. A deck that repeats a point, holds a point of an earlier deck or
//     no point at all is refused at once; a point put in place of a card is found at the end.
//  2. Lock, seat 0 to n−1 in turn: seat i swaps its shuffle key for a key per position: it sends
//     Yᵢ[j] = sᵢ⁻¹·Eᵢ[j] and Eᵢ₊₁[j] = kᵢⱼ·Yᵢ[j] (E₀ = Dₙ), with one Chaum–Pedersen proof that
//     Σwⱼ·Eᵢ[j] = sᵢ·Σwⱼ·Yᵢ[j] and Sᵢ = sᵢ·G (weights wⱼ hashed from both decks): a wrong lock is
//     refused at once, with the seat. Afterwards Eₙ[j] = (Πᵢ kᵢⱼ)·Pc: every card under n locks.
//  3. Play: `assign` gives positions to a seat (−1: nobody; only a holder gives one away); every
//     other seat sends the new holder, and it alone, its kᵢⱼ, checked at once (kᵢⱼ·Yᵢ[j] = Eᵢ₊₁[j]).
//     `open` shows cards to all: a holder sends every key, a seat its own for a card nobody holds.
//  4. Reveal: every seat sends its keys and order, then each verifies the whole deal (verifyDeal).
// Every message is signed and numbered along the transcript's hash chain (the README's "Protocol"):
// a tampered, replayed or forked one is refused at once and changes nothing. Private messages
// travel on a channel only their two seats read. This seat's own passes are generators, made at
// once or (`stepwise`: a page that keeps answering) in slices by `work`.
import {
  PROTOCOL, allScaled, commit, cardPoints, checkEqualLogs, cryptoRng, digest, invert, multiplyEach, mulScalars, parsePoint, parseScalar,
  pointHex, proveEqualLogs, randomPermutation, randomScalar, scalarHex, sign, signingKey, isSigningKey,
  verifySignature, weightedSum, weights,
} from "./deal-group.js";
import { DealError, expectedAt, isIndexList, isPermutation, transcriptRoot, unsigned, verifyDeal, verifySteps } from "./deal-verify.js";

/** @typedef {import("./deal-group.js").Rng} Rng */
/** @typedef {import("./deal-group.js").Point} Point */
/** @typedef {import("./deal-verify.js").DealSetup} DealSetup */
/** @typedef {import("./deal-verify.js").DealMessage} DealMessage */
/** @typedef {import("./deal-verify.js").Report} Report */
/** @typedef {import("./deal-verify.js").DealEvent} DealEvent */
/** @typedef {import("./deal-verify.js").Outcome} Outcome */
/** @typedef {import("./deal-verify.js").Judge} Judge */

const QUEUE_LIMIT = 512;

export class Deal {
  /** The shuffle key, the order and the per-position keys: this seat's secrets until the reveal. */
  #s = 0n;
  /** @type {number[]} */ #order = [];
  /** @type {bigint[]} */ #keys = [];
  /** @type {DealMessage[]} */ #transcript = [];
  /** @type {string[]} */ #heads;
  /** @type {string[][]} the shuffle passes' decks, D₀ (the cards) to Dₙ */ #decks;
  /** @type {{y: string[], deck: string[]}[]} */ #locks = [];
  /** @type {string[]} */ #signKeys = [];
  /** @type {string[]} */ #shuffleKeys = [];
  /** @type {Set<string>} */ #seen;
  /** @type {Map<string, Point>} */ #points = new Map();
  /** @type {number[]} */ #holder;
  /** @type {Set<number>} positions ever given to this seat */ #given = new Set();
  /** @type {Map<number, bigint>[]} per position, the keys this seat knows (seat → key) */ #known;
  /** @type {Map<number, bigint>[]} per position, the keys shown to all */ #shown;
  /** @type {Map<bigint, number>[]} per seat, its keys this seat knows (key → position) */ #keyAt;
  /** @type {number[]} the card this seat can read at each position (−1: none) */ #read;
  /** @type {number[]} the card shown to all at each position */ #opened;
  /** @type {Map<number, number>} card → the position it was read at */ #where = new Map();
  /** @type {Set<number>[]} per seat, the positions whose key this seat has sent it */ #sent;
  /** @type {number[]} */ #outSeq;
  /** @type {number[]} */ #inSeq;
  /** @type {boolean[]} */ #revealed;
  /** @type {DealMessage[]} */ #queue = [];
  /** @type {DealMessage[]} private messages of keys owed since the last call */ #owed = [];
  /** @type {DealMessage[]} every private message this seat sent, in order */ #outbox = [];
  /** @type {DealMessage[]} every private message this seat accepted, in order */ #inbox = [];
  /** @type {Report | null} */ #report = null;
  /** @type {{secret: Uint8Array, public: string}} this seat's signing key */ #signer;
  /** @type {Generator<void, DealMessage | null> | null} this seat's pass, or the end's check, in the making */ #pass = null;
  /** Whether this seat's passes wait for {@link work} (a page: in slices) or are made at once. */
  stepwise = false;

  /**
   * @param {DealSetup & {me: number, rng?: Rng, judge?: Judge | null}} options the set-up every
   * seat agrees on, this seat's number, the generator of its secrets (the browser's cryptographic
   * one unless a test gives another) and the table's judge of plays
   */
  constructor({ deal, seats, deck, cards, me, rng = cryptoRng, judge = null }) {
    if (typeof deal !== "string" || !deal || typeof deck !== "string") throw new Error("deal: a deal needs a name and a deck");
    if (!Number.isInteger(seats) || seats < 2 || !Number.isInteger(me) || me < 0 || me >= seats) throw new Error("deal: bad seats");
    if (!Array.isArray(cards) || cards.length < 2 || new Set(cards).size !== cards.length) throw new Error("deal: the cards need distinct labels");
    /** @type {Readonly<DealSetup>} */
    this.setup = Object.freeze({ deal, seats, deck, cards: Object.freeze([...cards]) });
    this.me = me;
    this.rng = rng;
    this.judge = judge;
    const N = cards.length;
    this.#heads = [transcriptRoot(this.setup)];
    this.#decks = [cardPoints(deck, this.setup.cards).hex];
    this.#seen = new Set(this.#decks[0]);
    this.#signer = signingKey(rng);
    this.#holder = new Array(N).fill(-1);
    this.#known = Array.from({ length: N }, () => new Map());
    this.#shown = Array.from({ length: N }, () => new Map());
    this.#keyAt = Array.from({ length: seats }, () => new Map());
    this.#read = new Array(N).fill(-1);
    this.#opened = new Array(N).fill(-1);
    this.#sent = Array.from({ length: seats }, () => new Set());
    this.#outSeq = new Array(seats).fill(0);
    this.#inSeq = new Array(seats).fill(0);
    this.#revealed = new Array(seats).fill(false);
  }

  // ---- what the table asks -------------------------------------------------------------------
  /** "shuffle", "lock", "play", "reveal" (some seat has revealed) or "done" (verified). */
  get phase() {
    const t = this.#transcript.length, n = this.setup.seats;
    if (this.#report) return "done";
    if (this.#revealed.some(Boolean)) return "reveal";
    return t < n ? "shuffle" : t < 2 * n ? "lock" : "play";
  }
  /** The accepted broadcasts, in order: the record to keep. */
  get transcript() { return this.#transcript.slice(); }
  /** The hash of the transcript so far. */
  get head() { return this.#heads[this.#heads.length - 1]; }
  /** How many messages this seat holds for their turn. */ get held() { return this.#queue.length; }
  /** Whether this seat's pass waits for {@link work}. */ get owesWork() { return this.#pass !== null; }
  /** The end-of-game report, once every seat has revealed. */
  get report() { return this.#report; }
  /** Who holds a position (−1: nobody). @param {number} position */
  holder(position) { return this.#holder[position]; }
  /** The positions a seat holds. @param {number} seat */
  hand(seat) { return this.#holder.flatMap((h, j) => (h === seat ? [j] : [])); }
  /** The card at a position if this seat can read it, else null. @param {number} position */
  card(position) { const c = this.#read[position]; return c < 0 ? null : this.setup.cards[c]; }
  /** The card at a position if it was shown to all, else null. @param {number} position */
  shown(position) { const c = this.#opened[position]; return c < 0 ? null : this.setup.cards[c]; }
  /** How many seats' keys for a position this seat knows (it reads the card when it knows all).
   * @param {number} position */
  keysKnown(position) { return this.#known[position].size; }
  /** The record for saving and for {@link verifyDeal}. */
  record() { return { setup: this.setup, transcript: this.transcript }; }
  /** What this seat keeps to rebuild its side after a reload ({@link Deal.restore}, with its seed). */
  saved() { return { transcript: this.transcript, privates: this.#inbox.slice() }; }
  /** A note of the table's (a move, an answer, a draw's commitment) signed with this seat's key,
   * so that no relay can forge or change it. @param {unknown} note */
  signNote(note) { return sign({ deal: this.setup.deal, seat: this.me, note }, this.#signer.secret); }
  /** Whether a seat's note carries its signature (null until its key is known: its shuffle).
   * @param {number} seat @param {unknown} note @param {unknown} sig */
  checkNote(seat, note, sig) {
    const key = this.#signKeys[seat];
    try { return key === undefined ? null : verifySignature({ deal: this.setup.deal, seat, note }, sig, key); } catch { return false; }
  }
  /** The private messages this seat sent to a seat, in order (sent again after a reconnection). @param {number} to */
  sentTo(to) { return this.#outbox.filter((m) => m.to === to); }
  /** Whether a message is a copy of one this seat took or holds for its turn (sent again after a
   * reconnection: passed over without a word). @param {DealMessage} msg */
  isCopy(msg) {
    if (!msg || typeof msg !== "object" || msg.deal !== this.setup.deal || !Number.isInteger(msg.seq) || !Number.isInteger(msg.seat)) return false;
    if (msg.to !== undefined && msg.to === this.me && msg.seat >= 0 && msg.seat < this.setup.seats && msg.seq < this.#inSeq[msg.seat]) return true;
    const held = msg.to === undefined ? this.#transcript[msg.seq] : undefined;
    if (held !== undefined) return held === msg || digest(held) === digest(msg);
    // (or one held for its turn)
    return this.#queue.some((q) => q.seat === msg.seat && q.seq === msg.seq && q.to === msg.to && digest(q) === digest(msg));
  }

  /** A seat's side rebuilt after a reload from its set-up, its generator started again from the
   * same seed, and what it saved: its messages come out as before (its secrets drawn in the same
   * order, its signatures deterministic, the keys it owes following from the transcript alone).
   * @param {DealSetup & {me: number, rng: Rng, judge?: Judge | null}} options
   * @param {{transcript: DealMessage[], privates: DealMessage[]}} saved */
  static restore(options, saved) {
    const deal = new Deal(options);
    deal.start();
    for (const msg of saved.transcript) if (msg.seq >= deal.#transcript.length) deal.receive(msg);
    for (const msg of saved.privates) deal.receive(msg);
    if (deal.#transcript.length < saved.transcript.length) throw new Error("deal: the saved transcript does not follow from its start");
    return deal;
  }

  // ---- what the table does -------------------------------------------------------------------
  /** The messages this seat owes now (seat 0 starts the shuffle). @returns {Outcome} */
  start() { return this.#outcome([]); }
  /** Takes a message from another seat: refused at once (a DealError, nothing changed), held for
   * its turn, or accepted; returns what happened and the messages this seat owes now. (A seat's
   * own messages are applied as it makes them: handed back, they are refused as replays.)
   * @param {DealMessage} msg @returns {Outcome} */
  receive(msg) {
    /** @type {DealEvent[]} */
    const events = [];
    if (this.#take(msg, events) === "later") {
      if (this.#queue.length >= QUEUE_LIMIT) throw new DealError("flood", "too many messages ahead of their turn", msg, false);
      this.#queue.push(msg);
    }
    this.#drain(events);
    return this.#outcome(events);
  }
  /** Stepwise, makes this seat's pass (shuffle or lock), or the end's check, for up to `ms` (a
   * step at least): its outcome once done, else null (call again). @param {number} ms @returns {Outcome | null} */
  work(ms) {
    /** @type {DealEvent[]} */
    const events = [], sent = /** @type {DealMessage[]} */ ([]);
    return this.#pass && this.#step(ms, events, sent) ? this.#outcome(events, sent) : null;
  }
  /** Gives positions to seats (−1: to nobody): the deal, a draw, a pass. Every seat then sends
   * each new holder its keys. @param {number[]} positions @param {number[]} holders @returns {Outcome} */
  assign(positions, holders) {
    return this.#say("assign", { positions, holders });
  }
  /** Shows cards to all: positions this seat holds (it sends every key) or that nobody holds (it
   * sends its own; the card shows when every seat has). @param {number[]} positions @returns {Outcome} */
  open(positions) {
    const n = this.setup.seats;
    const keys = positions.map((j) => {
      if (this.#holder[j] !== this.me) return Array.from({ length: n }, (_, i) => (i === this.me ? scalarHex(this.#keys[j]) : null));
      if (this.#known[j].size < n) throw new Error(`deal: position ${j} is not readable yet`);
      // (keys already shown, when the position was on the table before it was given, are not sent again)
      return Array.from({ length: n }, (_, i) => (this.#shown[j].has(i) ? null : scalarHex(/** @type {bigint} */ (this.#known[j].get(i)))));
    });
    return this.#say("open", { positions, keys });
  }
  /** Ends the game on this seat's side: reveals its shuffle key, its order and all its keys.
   * @returns {Outcome} */
  reveal() {
    return this.#say("reveal", { shuffleKey: scalarHex(this.#s), order: this.#order, keys: this.#keys.map(scalarHex) });
  }

  // ---- messages ------------------------------------------------------------------------------
  /** A signed broadcast of this seat, applied here first like anyone else's. @param {string} kind
   * @param {Record<string, unknown>} body @returns {Outcome} */
  #say(kind, body) {
    if (this.#transcript.length < 2 * this.setup.seats) throw new Error("deal: the deal is still being shuffled");
    /** @type {DealEvent[]} */
    const events = [];
    const msg = this.seal(kind, body);
    this.#process(msg, events);
    return this.#outcome(events, [msg]);
  }
  /** Signs a message of this seat at the current transcript (a broadcast, or a private message to
   * seat `to`) without applying it. The protocol's own methods use it; tests use it to play a
   * cheating seat. @param {string} kind @param {Record<string, unknown>} body @param {number} [to]
   * @returns {DealMessage} */
  seal(kind, body, to) {
    const t = this.#transcript.length;
    const base = { v: 1, deal: this.setup.deal, seat: this.me, kind, body, prev: this.#heads[t] };
    const m = to === undefined ? { ...base, seq: t } : { ...base, to, seq: this.#outSeq[to], at: t };
    return { ...m, sig: sign(m, this.#signer.secret) };
  }
  /** @param {DealEvent[]} events @param {DealMessage[]} [sent] @returns {Outcome} */
  #outcome(events, sent = []) {
    const messages = [...sent];
    for (;;) { // my turn in the passes (applied here as it goes out; stepwise, made by `work`)
      const want = expectedAt(this.#transcript.length, this.setup.seats);
      if (!want || want.seat !== this.me) break;
      this.#pass ||= want.kind === "shuffle" ? this.#shuffle() : this.#lock();
      if (this.stepwise) break;
      this.#step(Infinity, events, messages);
    }
    messages.push(...this.#owed);
    this.#owed = [];
    return { messages, events };
  }
  /** Private messages: this seat's keys for every position that changed hands (made as each
   * assign is accepted, so they follow from the transcript alone). */
  #owedKeys() {
    const out = [];
    for (let h = 0; h < this.setup.seats; h++) {
      if (h === this.me) continue;
      const positions = this.#holder.flatMap((x, j) => (x === h && this.#opened[j] < 0 && !this.#sent[h].has(j) ? [j] : []));
      if (!positions.length) continue;
      out.push(this.seal("keys", { positions, keys: positions.map((j) => scalarHex(this.#keys[j])) }, h));
      for (const j of positions) this.#sent[h].add(j);
      this.#outSeq[h] += 1;
    }
    this.#outbox.push(...out);
    return out;
  }
  /** @returns {Generator<void, DealMessage>} */
  *#shuffle() {
    const rng = this.rng;
    const received = this.#decks[this.me];
    this.#s = randomScalar(rng);
    this.#order = randomPermutation(rng, received.length);
    const { hex: deck } = yield* multiplyEach(this.#order.map((x) => this.#pt(received[x])), this.#s);
    return this.seal("shuffle", { sign: this.#signer.public, key: pointHex(commit(this.#s)), deck });
  }
  /** Runs this seat's pass for up to `ms` (a step at least); true once made and applied (and
   * added to `sent`), or the report in. @param {number} ms @param {DealEvent[]} events @param {DealMessage[]} sent */
  #step(ms, events, sent) {
    const pass = /** @type {Generator<void, DealMessage | null>} */ (this.#pass), t0 = performance.now();
    let r;
    do r = pass.next(); while (!r.done && performance.now() - t0 < ms);
    if (!r.done) return false;
    this.#pass = null;
    if (r.value === null) events.push({ type: "verified", report: /** @type {Report} */ (this.#report) });
    else {
      this.#process(r.value, events);
      sent.push(r.value);
      this.#drain(events);
    }
    return true;
  }
  *#verify() { this.#report = yield* verifySteps(this.record(), { rng: this.rng, points: this.#points, accepted: true }); return null; }
  /** @returns {Generator<void, DealMessage>} */
  *#lock() {
    const received = this.#lockInput(this.me);
    const ys = yield* multiplyEach(received.map((h) => this.#pt(h)), invert(this.#s));
    ys.hex.forEach((h, j) => this.#points.set(h, ys.points[j]));
    this.#keys = ys.points.map(() => randomScalar(this.rng)); // drawn in position order
    const { hex: deck } = yield* multiplyEach(ys.points, this.#keys);
    const { yHat, eHat } = this.#lockSums(this.me, received, ys.hex);
    yield;
    const proof = proveEqualLogs(this.#lockContext(this.me), this.#s, yHat, commit(this.#s), eHat, this.rng);
    return this.seal("lock", { y: ys.hex, deck, proof });
  }
  /** The deck seat i's locking pass starts from. @param {number} i */
  #lockInput(i) { return i === 0 ? this.#decks[this.setup.seats] : this.#locks[i - 1].deck; }
  /** @param {number} i */
  #lockContext(i) { return [PROTOCOL, "lock", this.#heads[0], i]; }
  /** Σwⱼ·Yⱼ and Σwⱼ·Eⱼ with the weights hashed from both decks. @param {number} i
   * @param {string[]} received @param {string[]} y */
  #lockSums(i, received, y) {
    const ws = weights([this.#lockContext(i), received, y], y.length);
    return { yHat: weightedSum(y.map((h) => this.#pt(h)), ws), eHat: weightedSum(received.map((h) => this.#pt(h)), ws) };
  }
  /** @param {string} hex */
  #pt(hex) {
    let p = this.#points.get(hex);
    if (!p) this.#points.set(hex, p = /** @type {Point} */ (parsePoint(hex)));
    return p;
  }
  /** Decodes a list of `count` distinct points, or refuses the message. @param {unknown} list
   * @param {number} count @param {string} what @param {DealMessage} msg @returns {string[]} */
  #pointList(list, count, what, msg) {
    if (!Array.isArray(list) || list.length !== count) throw new DealError("malformed", `seat ${msg.seat}'s ${what} is not ${count} points`, msg);
    const at = new Map();
    list.forEach((h, j) => {
      if (at.has(h)) throw new DealError("duplicate", `seat ${msg.seat}'s ${what} repeats a point (positions ${at.get(h)} and ${j})`, msg);
      at.set(h, j);
      if (!this.#points.has(h)) {
        const p = parsePoint(h);
        if (!p) throw new DealError("malformed", `seat ${msg.seat}'s ${what} holds something that is no point (position ${j})`, msg);
        this.#points.set(h, p);
      }
    });
    return /** @type {string[]} */ (list);
  }

  // ---- taking messages in --------------------------------------------------------------------
  /** Refuses, holds ("later") or applies a message. @param {DealMessage} msg @param {DealEvent[]} events */
  #take(msg, events) {
    if (msg === null || typeof msg !== "object" || msg.v !== 1 || msg.deal !== this.setup.deal
      || !Number.isInteger(msg.seat) || msg.seat < 0 || msg.seat >= this.setup.seats || !Number.isInteger(msg.seq) || msg.seq < 0
      || typeof msg.kind !== "string" || msg.body === null || typeof msg.body !== "object") {
      throw new DealError("malformed", "not a message of this deal", msg, false);
    }
    const t = this.#transcript.length;
    if (msg.to !== undefined) {
      if (msg.to !== this.me || msg.seat === this.me) throw new DealError("misrouted", `a private message for seat ${msg.to} came to seat ${this.me}`, msg, false);
      if (msg.seq < this.#inSeq[msg.seat]) throw new DealError("replay", `seat ${msg.seat}'s private message ${msg.seq} came before: a replay`, msg, false);
      if (!Number.isInteger(msg.at)) throw new DealError("malformed", "a private message without the transcript it answers", msg, false);
      if (msg.seq > this.#inSeq[msg.seat] || /** @type {number} */ (msg.at) > t) return "later";
    } else {
      if (msg.seq < t) {
        const same = digest(msg) === digest(this.#transcript[msg.seq]);
        throw new DealError("replay", `message ${msg.seq} ${same ? "came before: a replay" : "differs from the one accepted: a fork or a replay"}`, msg, false);
      }
      if (msg.seq > t) return "later";
    }
    this.#process(msg, events);
    return "done";
  }
  /** Applies the held messages whose turn has come. @param {DealEvent[]} events */
  #drain(events) {
    for (let progress = true; progress;) {
      progress = false;
      for (const msg of this.#queue.slice()) {
        const t = this.#transcript.length;
        const ready = msg.to === undefined ? msg.seq <= t : msg.seq <= this.#inSeq[msg.seat] && /** @type {number} */ (msg.at) <= t;
        if (!ready) continue;
        this.#queue.splice(this.#queue.indexOf(msg), 1);
        progress = true;
        try {
          this.#take(msg, events);
        } catch (e) {
          if (!(e instanceof DealError)) throw e;
          events.push({ type: "refused", error: e });
        }
      }
    }
  }
  /** Checks a message whose turn it is and applies it, or refuses it with nothing changed.
   * @param {DealMessage} msg @param {DealEvent[]} events */
  #process(msg, events) {
    const n = this.setup.seats, t = this.#transcript.length;
    if (this.#report) throw new DealError("over", "the deal is over", msg, false);
    const isPrivate = msg.to !== undefined;
    const at = isPrivate ? /** @type {number} */ (msg.at) : t;
    const key = !isPrivate && t < n ? msg.body.sign : this.#signKeys[msg.seat];
    if (typeof key !== "string" || !isSigningKey(key) || !verifySignature(unsigned(msg), msg.sig, key)) {
      throw new DealError("signature", `a message signed as seat ${msg.seat} is not seat ${msg.seat}'s: tampered or forged`, msg, false);
    }
    if (msg.prev !== this.#heads[at]) {
      throw new DealError("fork", `seat ${msg.seat}'s message follows a transcript this seat does not have`, msg);
    }
    if (isPrivate) {
      if (msg.kind !== "keys" || at < 2 * n) throw new DealError("turn", `seat ${msg.seat} sent a private ${msg.kind} out of turn`, msg);
      this.#applyKeys(msg, events);
      return;
    }
    const want = expectedAt(t, n);
    if (want && (msg.kind !== want.kind || msg.seat !== want.seat)) {
      // (before its first message a seat's signing key is the one that message brings: no blame)
      throw new DealError("turn", `seat ${msg.seat}'s ${msg.kind} came where seat ${want.seat}'s ${want.kind} was due`, msg, t >= n);
    }
    const over = this.#revealed.some(Boolean);
    if (!want && !(msg.kind === "reveal" || (!over && (msg.kind === "assign" || msg.kind === "open")))) {
      throw new DealError("turn", `seat ${msg.seat}'s ${msg.kind} came ${over ? "after the reveal began" : "in play"}`, msg);
    }
    const commitIt = msg.kind === "shuffle" ? this.#checkShuffle(msg) : msg.kind === "lock" ? this.#checkLock(msg)
      : msg.kind === "assign" ? this.#checkAssign(msg) : msg.kind === "open" ? this.#checkOpen(msg) : this.#checkReveal(msg);
    this.#transcript.push(msg);
    this.#heads.push(digest(msg));
    events.push({ type: "accepted", seq: t, seat: msg.seat, kind: msg.kind });
    commitIt(events);
    if (msg.kind === "assign") this.#owed.push(...this.#owedKeys());
  }

  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkShuffle(msg) {
    const { sign: signKey, key, deck } = msg.body, i = msg.seat, N = this.setup.cards.length;
    if (this.#signKeys.includes(/** @type {string} */ (signKey))) throw new DealError("reused-key", `seat ${i} signs with another seat's key`, msg);
    if (!parsePoint(key)) throw new DealError("malformed", `seat ${i}'s shuffle key commitment is no point`, msg);
    if (this.#shuffleKeys.includes(/** @type {string} */ (key))) throw new DealError("reused-key", `seat ${i} shuffles with another seat's key`, msg);
    const hex = this.#pointList(deck, N, `shuffle (pass ${i + 1})`, msg);
    const old = hex.findIndex((h) => this.#seen.has(h));
    if (old >= 0) throw new DealError("shuffle", `seat ${i}'s shuffle (pass ${i + 1}) did not re-mask position ${old}: that point was in an earlier deck`, msg);
    return () => {
      this.#signKeys[i] = /** @type {string} */ (signKey);
      this.#shuffleKeys[i] = /** @type {string} */ (key);
      this.#decks.push(hex);
      for (const h of hex) this.#seen.add(h);
    };
  }
  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkLock(msg) {
    const i = msg.seat, N = this.setup.cards.length, n = this.setup.seats;
    const y = this.#pointList(msg.body.y, N, `locking pass (pass ${n + i + 1})`, msg);
    const deck = this.#pointList(msg.body.deck, N, `locked deck (pass ${n + i + 1})`, msg);
    const received = this.#lockInput(i);
    const { yHat, eHat } = this.#lockSums(i, received, y);
    if (!checkEqualLogs(this.#lockContext(i), yHat, this.#pt(this.#shuffleKeys[i]), eHat, msg.body.proof)) {
      throw new DealError("lock", `seat ${i}'s locking pass (pass ${n + i + 1}) does not take off the key it shuffled with`, msg);
    }
    return () => {
      this.#locks.push({ y, deck });
      if (i === this.me) this.#keys.forEach((k, j) => this.#learn(i, j, k));
    };
  }
  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkAssign(msg) {
    const { positions, holders } = msg.body, N = this.setup.cards.length, n = this.setup.seats;
    if (!isIndexList(positions, N) || !Array.isArray(holders) || holders.length !== /** @type {number[]} */ (positions).length
      || !holders.every((h) => Number.isInteger(h) && h >= -1 && h < n)) {
      throw new DealError("malformed", `seat ${msg.seat}'s assign is not positions and their holders`, msg);
    }
    const pos = /** @type {number[]} */ (positions);
    for (const j of pos) {
      const h = this.#holder[j];
      if (h >= 0 && h !== msg.seat) throw new DealError("not-held", `seat ${msg.seat} gave away position ${j}, which seat ${h} holds`, msg);
    }
    this.#judged(msg);
    return () => pos.forEach((j, x) => {
      this.#holder[j] = holders[x];
      if (holders[x] === this.me) this.#given.add(j);
    });
  }
  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkOpen(msg) {
    const { positions, keys } = msg.body, N = this.setup.cards.length, n = this.setup.seats, i = msg.seat;
    if (!isIndexList(positions, N) || !Array.isArray(keys) || keys.length !== /** @type {number[]} */ (positions).length
      || !keys.every((row) => Array.isArray(row) && row.length === n)) {
      throw new DealError("malformed", `seat ${i}'s open is not positions and their keys`, msg);
    }
    const pos = /** @type {number[]} */ (positions);
    /** @type {[number, number, bigint][]} */
    const found = [];
    pos.forEach((j, x) => {
      const h = this.#holder[j], row = /** @type {unknown[]} */ (keys[x]);
      if (this.#opened[j] >= 0) throw new DealError("repeat", `seat ${i} opened position ${j}, which is open already`, msg);
      if (h >= 0 && h !== i) throw new DealError("not-held", `seat ${i} played position ${j}, which seat ${h} holds`, msg);
      row.forEach((k, m) => {
        if (k === null && (h !== i || this.#shown[j].has(m))) return;
        if (h !== i && m !== i) throw new DealError("malformed", `seat ${i} showed seat ${m}'s key for position ${j}, which it does not hold`, msg);
        if (this.#shown[j].has(m)) throw new DealError("repeat", `seat ${i} showed a key for position ${j} twice`, msg);
        found.push([j, m, this.#checkShare(msg, m, j, k, "later")]);
      });
    });
    const at = (/** @type {"y" | "deck"} */ d) => found.map(([j, m]) => this.#pt(this.#locks[m][d][j])); // (own keys were checked as they came)
    if (i !== this.me && found.length && !allScaled(at("y"), found.map((f) => f[2]), at("deck"))) found.forEach(([j, m, k]) => this.#checkShare(msg, m, j, scalarHex(k), "shown"));
    this.#distinct(msg, found.filter(([, m]) => m === i).map(([, , k]) => k));
    this.#judged(msg);
    return (events) => {
      for (const [j, m, k] of found) {
        this.#shown[j].set(m, k);
        this.#learn(m, j, k);
      }
      for (const j of pos) {
        if (this.#shown[j].size < n) continue;
        const c = this.#readCard(j, this.#shown[j], true, events);
        if (c >= 0) {
          this.#opened[j] = c;
          events.push({ type: "opened", position: j, card: this.setup.cards[c], seq: msg.seq });
        }
      }
    };
  }
  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkReveal(msg) {
    const i = msg.seat, b = msg.body, N = this.setup.cards.length;
    if (this.#revealed[i]) throw new DealError("repeat", `seat ${i} revealed twice`, msg);
    const s = parseScalar(b.shuffleKey);
    const ks = Array.isArray(b.keys) && b.keys.length === N ? b.keys.map(parseScalar) : [];
    if (s === null || ks.length !== N || ks.includes(null) || !isPermutation(b.order, N)) {
      throw new DealError("malformed", `seat ${i}'s reveal is not its key, its order and its keys`, msg);
    }
    if (pointHex(commit(s)) !== this.#shuffleKeys[i]) throw new DealError("reveal", `seat ${i} revealed a shuffle key it did not commit to`, msg);
    return (events) => {
      this.#revealed[i] = true;
      if (this.#revealed.every(Boolean)) this.#pass = this.#verify(); // (the end's check: at once, or by `work`)
      if (this.#pass && !this.stepwise) this.#step(Infinity, events, []);
    };
  }
  /** A private message of keys for positions given to this seat. @param {DealMessage} msg @param {DealEvent[]} events */
  #applyKeys(msg, events) {
    const f = msg.seat, { positions, keys } = msg.body, N = this.setup.cards.length;
    if (!isIndexList(positions, N) || !Array.isArray(keys) || keys.length !== /** @type {number[]} */ (positions).length) {
      throw new DealError("malformed", `seat ${f}'s keys are not positions and keys`, msg);
    }
    const pos = /** @type {number[]} */ (positions);
    const ks = pos.map((j, x) => {
      if (!this.#given.has(j)) throw new DealError("not-mine", `seat ${f} sent its key for position ${j}, which was never given to seat ${this.me}`, msg);
      return this.#checkShare(msg, f, j, keys[x], "private");
    });
    this.#distinct(msg, ks);
    this.#inSeq[f] += 1;
    this.#inbox.push(msg);
    pos.forEach((j, x) => {
      this.#learn(f, j, ks[x]);
      if (this.#known[j].size === this.setup.seats && this.#read[j] < 0) this.#readCard(j, this.#known[j], false, events);
    });
  }
  /** Seat m's key for position j, checked against m's lock: kₘⱼ·Yₘ[j] = Eₘ₊₁[j] (a private key in
   * constant time, a shown one faster, or `later`: all of an open's in one sum, #checkOpen);
   * refused with the sender named if it is not, or if m already used it for another position.
   * @param {DealMessage} msg @param {number} m @param {number} j @param {unknown} hex @param {"private" | "shown" | "later"} how */
  #checkShare(msg, m, j, hex, how) {
    const k = parseScalar(hex), { y, deck } = this.#locks[m], y0 = this.#pt(y[j]);
    if (k === null || (how !== "later" && !(how === "shown" ? y0.multiplyUnsafe(k) : y0.multiply(k)).equals(this.#pt(deck[j])))) {
      throw new DealError("share", `seat ${msg.seat} sent a ${m === msg.seat ? "" : `seat ${m}'s `}key for position ${j} that does not open ${m === msg.seat ? "its" : "that"} lock`, msg);
    }
    const other = this.#keyAt[m].get(k);
    if (other !== undefined && other !== j && m === msg.seat) {
      throw new DealError("reused-key", `seat ${m} used the same key for positions ${other} and ${j}`, msg);
    }
    return k;
  }
  /** The sender's own keys in one message must differ too. @param {DealMessage} msg @param {bigint[]} ks */
  #distinct(msg, ks) {
    if (new Set(ks).size !== ks.length) throw new DealError("reused-key", `seat ${msg.seat} used one key for two positions`, msg);
  }
  /** @param {number} m @param {number} j @param {bigint} k */
  #learn(m, j, k) {
    this.#known[j].set(m, k);
    if (!this.#keyAt[m].has(k)) this.#keyAt[m].set(k, j);
  }
  /** Takes every lock off a position: its card, or −1 (and a "broken" event) when the point is no
   * card of the deck or a card already seen elsewhere. @param {number} j @param {Map<number, bigint>} keys
   * @param {boolean} shown @param {DealEvent[]} events */
  #readCard(j, keys, shown, events) {
    const total = [...keys.values()].reduce(mulScalars, 1n);
    const top = this.#pt(this.#locks[this.setup.seats - 1].deck[j]);
    const hex = pointHex(shown ? top.multiplyUnsafe(invert(total)) : top.multiply(invert(total)));
    const c = cardPoints(this.setup.deck, this.setup.cards).index.get(hex);
    const elsewhere = c === undefined ? undefined : this.#where.get(c);
    if (c === undefined || (elsewhere !== undefined && elsewhere !== j)) {
      const detail = c === undefined ? `position ${j} opened to no card of the deck` : `position ${j} opened to ${this.setup.cards[c]}, already at position ${elsewhere}`;
      events.push({ type: "broken", position: j, detail });
      return -1;
    }
    this.#where.set(c, j);
    if (this.#read[j] < 0) {
      this.#read[j] = c;
      if (!shown) events.push({ type: "card", position: j, card: this.setup.cards[c] });
    }
    return c;
  }
  /** @param {DealMessage} msg */
  #judged(msg) {
    const why = this.judge ? this.judge(msg, this) : null;
    if (why) throw new DealError("rules", `seat ${msg.seat}: ${why}`, msg);
  }
}

export { DealError, verifyDeal };
