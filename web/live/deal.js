// A deal nobody can see ("mental poker"): one seat's side of dealing a deck among a live table's
// seats so that no seat, and no server, learns a card it is not meant to see. Pure and transport-
// agnostic: messages in (receive), messages out (each call returns what to send and what happened),
// all JSON-safe; the table carries them and judges what a move means in its game. The curve
// arithmetic: web/live/deal-group.js (@noble/curves' ristretto255); the deck's making (steps 1–2):
// deal-make.js; the end check: deal-verify.js.
// The protocol (the README's "Protocol" says it in full; n seats, N cards, each a point Pc hashed
// from its label):
//  1. Shuffle, seat 0 to n−1 in turn: each re-masks every card with its secret sᵢ, permutes the
//     deck and commits to Sᵢ = sᵢ·G (and an Ed25519 key that signs all its messages).
//  2. Lock, seat 0 to n−1 in turn: each swaps sᵢ for a key per position, kᵢⱼ·sᵢ⁻¹·Eᵢ[j], with one
//     Chaum–Pedersen proof that it took off exactly sᵢ: afterwards every card is under n locks.
//  3. Play: `assign` gives positions to a seat (only a holder gives one away) and every other seat
//     sends the new holder, and it alone, its kᵢⱼ, checked at once; `open` shows cards to all;
//     `rehand` puts a seat's hand under fresh handles after a card another seat read came to it
//     (web/live/deal-hands.js), so that nobody can tell later which handle holds that card.
//  4. Reveal: every seat sends its keys and order, then each verifies the whole deal (verifyDeal).
// A *redeck* (a later game of a set with blind cards) is made from the cards an earlier deal kept,
// each seat first stripping its keys of that deal (web/live/deal-redeck.js), then as above.
// Every message is signed and numbered along the transcript's hash chain: a tampered, replayed or
// forked one is refused at once and changes nothing. Private messages travel on a channel only
// their two seats read. This seat's own passes are generators, made at once or (`stepwise`: a page
// that keeps answering) in slices by `work`.
import {
  allScaled, commit, cardPoints, cryptoRng, invert, mulScalars, parseScalar, pointHex, scalarHex,
} from "./deal-group.js";
import { RETIRED, readHandle, rehandPoints } from "./deal-hands.js";
import { DealLog } from "./deal-log.js";
import { DeckMaking } from "./deal-make.js";
import { redeckOf } from "./deal-redeck.js";
import { DealError, expectedAt, isIndexList, isPermutation, verifyDeal, verifySteps } from "./deal-verify.js";

/** @typedef {import("./deal-group.js").Rng} Rng */
/** @typedef {import("./deal-group.js").Point} Point */
/** @typedef {import("./deal-verify.js").DealSetup} DealSetup */
/** @typedef {import("./deal-verify.js").DealMessage} DealMessage */
/** @typedef {import("./deal-verify.js").Report} Report */
/** @typedef {import("./deal-verify.js").DealEvent} DealEvent */
/** @typedef {import("./deal-verify.js").Outcome} Outcome */
/** @typedef {import("./deal-verify.js").Judge} Judge */
/** A seat's side of a deal: the set-up every seat agrees on, this seat's number, the generator of
 * its secrets (the browser's cryptographic one unless a test gives another), the table's judge of
 * plays, and for a redeck this seat's side of the deal it is made from (locked) and the positions
 * of it it keeps. @typedef {Omit<DealSetup, "from"> & {me: number, rng?: Rng, judge?: Judge | null, from?: {deal: Deal, keep: readonly number[]}}} DealOptions */

export class Deal {
  /** @type {DealLog} the signed transcript, and the private messages' numbers */ #log;
  /** @type {DeckMaking} the deck's making: this seat's secrets (shuffle key, order, a key per
   * position) until the reveal, every seat's passes, and their checks (web/live/deal-make.js) */ #make;
  /** @type {Deal | null} a redeck's: this seat's side of the deal it is made from */ #source = null;
  /** @type {Map<string, Point>} */ #points = new Map();
  /** @type {number[]} */ #holder;
  /** @type {Set<number>} positions ever given to this seat */ #given = new Set();
  /** @type {Map<number, bigint>[]} per position, the keys this seat knows (seat → key) */ #known;
  /** @type {Map<number, bigint>[]} per position, the keys shown to all */ #shown;
  /** @type {Map<bigint, number>[]} per seat, its keys this seat knows (key → position) */ #keyAt;
  /** @type {number[]} the card this seat can read at each position (−1: none) */ #read;
  /** @type {number[]} the card shown to all at each position */ #opened;
  /** @type {Map<number, number>} card → the position it was read at */ #where = new Map();
  /** @type {string[]} the points of the rehands' handles, from position N on */ #handles = [];
  /** @type {Map<number, bigint>} the secret of each handle this seat knows */ #hy = new Map();
  /** @type {ReturnType<typeof rehandPoints> | null} this seat's rehand while it is applied here */ #making = null;
  /** @type {Set<number>[]} per seat, the positions whose key this seat has sent it */ #sent;
  /** @type {boolean[]} */ #revealed;
  /** @type {DealMessage[]} private messages of keys owed since the last call */ #owed = [];
  /** @type {DealMessage[]} every private message this seat sent, in order */ #outbox = [];
  /** @type {DealMessage[]} every private message this seat accepted, in order */ #inbox = [];
  /** @type {Report | null} */ #report = null;
  /** @type {Generator<void, DealMessage | null> | null} this seat's pass, or the end's check, in the making */ #pass = null;
  /** Whether this seat's passes wait for {@link work} (a page: in slices) or are made at once. */
  stepwise = false;

  /** @param {DealOptions} options */
  constructor({ deal, seats, deck, cards, me, rng = cryptoRng, judge = null, from, fixed = 0 }) {
    if (typeof deal !== "string" || !deal || typeof deck !== "string") throw new Error("deal: a deal needs a name and a deck");
    if (!Number.isInteger(seats) || seats < 2 || !Number.isInteger(me) || me < 0 || me >= seats) throw new Error("deal: bad seats");
    if (!Array.isArray(cards) || cards.length < 2 || new Set(cards).size !== cards.length) throw new Error("deal: the cards need distinct labels");
    if (!Number.isInteger(fixed) || fixed < 0 || fixed > cards.length - 2 || (fixed && from)) throw new Error("deal: a fresh deck keeps fewer of its last cards in place than it has, less one");
    /** @type {Readonly<DealSetup>} */
    this.setup = Object.freeze({ deal, seats, deck, cards: Object.freeze([...cards]), ...(from ? { from: redeckOf(from, me, seats, deck, cards) } : {}), ...(fixed ? { fixed } : {}) });
    this.me = me;
    this.rng = rng;
    this.judge = judge;
    this.#log = new DealLog(this.setup, me, rng);
    this.#source = from ? from.deal : null;
    this.#make = new DeckMaking(this.setup, me, rng, this.#log, (kind, body) => this.seal(kind, body), this.#points, from ? from.deal.#make : null);
    const N = this.#make.N;
    this.#holder = new Array(N).fill(-1);
    this.#known = Array.from({ length: N }, () => new Map());
    this.#shown = Array.from({ length: N }, () => new Map());
    this.#keyAt = Array.from({ length: seats }, () => new Map());
    this.#read = new Array(N).fill(-1);
    this.#opened = new Array(N).fill(-1);
    this.#sent = Array.from({ length: seats }, () => new Set());
    this.#revealed = new Array(seats).fill(false);
  }

  // ---- what the table asks -------------------------------------------------------------------
  /** "shuffle", "lock", "play", "reveal" (some seat has revealed) or "done" (verified). */
  get phase() {
    const t = this.#log.length - this.#make.first, n = this.setup.seats;
    if (this.#report) return "done";
    if (this.#revealed.some(Boolean)) return "reveal";
    return t < n ? "shuffle" : t < 2 * n ? "lock" : "play"; // (a redeck's strips: "shuffle" too)
  }
  /** The accepted broadcasts, in order: the record to keep. */ get transcript() { return this.#log.messages.slice(); }
  /** The hash of the transcript so far. */ get head() { return this.#log.heads[this.#log.length]; }
  /** How many messages this seat holds for their turn. */ get held() { return this.#log.queue.length; }
  /** Whether this seat's pass waits for {@link work}. */ get owesWork() { return this.#pass !== null; }
  /** The end-of-game report, once every seat has revealed. */ get report() { return this.#report; }
  /** How many positions there are: the deck's, then every rehand's handles. */ get size() { return this.#holder.length; }
  /** Who holds a position (−1: nobody; RETIRED: put under a handle). @param {number} position */ holder(position) { return this.#holder[position]; }
  /** The positions a seat holds. @param {number} seat */ hand(seat) { return this.#holder.flatMap((h, j) => (h === seat ? [j] : [])); }
  /** The card at a position if this seat can read it, else null. @param {number} position */ card(position) { const c = this.#read[position]; return c < 0 ? null : this.setup.cards[c]; }
  /** The card at a position if it was shown to all, else null. @param {number} position */ shown(position) { const c = this.#opened[position]; return c < 0 ? null : this.setup.cards[c]; }
  /** How many seats' keys for a position this seat knows (it reads the card when it knows all). @param {number} position */
  keysKnown(position) { return this.#known[position].size; }
  /** The record for saving and for {@link verifyDeal}. */ record() { return { setup: this.setup, transcript: this.transcript }; }
  /** What this seat keeps to rebuild its side after a reload ({@link Deal.restore}, with its seed). */ saved() { return { transcript: this.transcript, privates: this.#inbox.slice() }; }
  /** A note of the table's (a move, an answer, a draw's commitment) signed with this seat's key,
   * so that no relay can forge or change it. @param {unknown} note */
  signNote(note) { return this.#log.signNote(note); }
  /** Whether a seat's note carries its signature (null until its key is known: its shuffle).
   * @param {number} seat @param {unknown} note @param {unknown} sig */
  checkNote(seat, note, sig) { return this.#log.checkNote(seat, note, sig); }
  /** The private messages this seat sent to a seat, in order (sent again after a reconnection). @param {number} to */ sentTo(to) { return this.#outbox.filter((m) => m.to === to); }
  /** Whether a message is a copy of one this seat took or holds for its turn (sent again after a
   * reconnection: passed over without a word). @param {DealMessage} msg */
  isCopy(msg) { return this.#log.isCopy(msg); }

  /** A seat's side rebuilt after a reload from its set-up, its generator started again from the
   * same seed, and what it saved: its messages come out as before (its secrets drawn in the same
   * order, its signatures deterministic, the keys it owes following from the transcript alone).
   * @param {DealOptions & {rng: Rng}} options
   * @param {{transcript: DealMessage[], privates: DealMessage[]}} saved */
  static restore(options, saved) {
    const deal = new Deal(options);
    deal.start();
    const privates = saved.privates.slice(); // (each before the broadcast it came ahead of: an own rehand reads them)
    for (const msg of saved.transcript) {
      while (privates.length && /** @type {number} */ (privates[0].at) <= msg.seq) deal.receive(/** @type {DealMessage} */ (privates.shift()));
      if (msg.seq >= deal.#log.length) deal.receive(msg);
    }
    for (const msg of privates) deal.receive(msg);
    if (deal.#log.length < saved.transcript.length) throw new Error("deal: the saved transcript does not follow from its start");
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
    if (this.#take(msg, events) === "later") this.#log.hold(msg);
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
      const y = this.#hy.get(j); // (a handle: its secret)
      if (y !== undefined && this.#holder[j] === this.me) return [scalarHex(y)];
      if (this.#holder[j] !== this.me) return Array.from({ length: n }, (_, i) => (i === this.me ? scalarHex(this.#make.keys[j]) : null));
      if (this.#known[j].size < n) throw new Error(`deal: position ${j} is not readable yet`);
      // (keys already shown, when the position was on the table before it was given, are not sent again)
      return Array.from({ length: n }, (_, i) => (this.#shown[j].has(i) ? null : scalarHex(/** @type {bigint} */ (this.#known[j].get(i)))));
    });
    return this.#say("open", { positions, keys });
  }
  /** Puts this seat's cards at `positions` (its whole hand, as the table's plan says) under fresh
   * handles, numbered on from {@link size} (web/live/deal-hands.js). @param {number[]} positions
   * @returns {Outcome} */
  rehand(positions) {
    const points = cardPoints(this.setup.deck, this.setup.cards).points;
    const cards = positions.map((j) => {
      const c = Math.max(this.#read[j] ?? -1, this.#opened[j] ?? -1);
      if (c < 0) throw new Error(`deal: position ${j} is not readable yet`);
      return points[c];
    });
    this.#making = rehandPoints(this.setup.deal, this.#make.s, this.size, cards);
    try { return this.#say("rehand", { positions, points: this.#making.points }); } finally { this.#making = null; }
  }
  /** Ends the game on this seat's side: reveals its shuffle key, its order and all its keys.
   * @returns {Outcome} */
  reveal() {
    const strip = this.#source ? { strip: scalarHex(this.#make.u), took: this.#make.took().map(scalarHex) } : {};
    return this.#say("reveal", { shuffleKey: scalarHex(this.#make.s), order: this.#make.order, keys: this.#make.keys.map(scalarHex), ...strip });
  }

  // ---- messages ------------------------------------------------------------------------------
  /** A signed broadcast of this seat, applied here first like anyone else's. @param {string} kind
   * @param {Record<string, unknown>} body @returns {Outcome} */
  #say(kind, body) {
    if (this.#log.length < this.#make.first + 2 * this.setup.seats) throw new Error("deal: the deal is still being shuffled");
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
  seal(kind, body, to) { return this.#log.seal(kind, body, to); }
  /** @param {DealEvent[]} events @param {DealMessage[]} [sent] @returns {Outcome} */
  #outcome(events, sent = []) {
    const messages = [...sent];
    for (;;) { // my turn in the passes (applied here as it goes out; stepwise, made by `work`)
      const want = expectedAt(this.#log.length, this.setup.seats, this.#make.first > 0);
      if (!want || want.seat !== this.me) break;
      this.#pass ||= this.#make.pass(want.kind);
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
      const positions = this.#holder.flatMap((x, j) => (x === h && this.#opened[j] < 0 && !this.#sent[h].has(j)
        && (j < this.#make.keys.length || this.#hy.has(j)) ? [j] : [])); // (a handle's secret: from the seat that made it)
      if (!positions.length) continue;
      out.push(this.seal("keys", { positions, keys: positions.map((j) => scalarHex(this.#make.keys[j] ?? /** @type {bigint} */ (this.#hy.get(j)))) }, h));
      for (const j of positions) this.#sent[h].add(j);
      this.#log.outSeq[h] += 1;
    }
    this.#outbox.push(...out);
    return out;
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
  *#verify() {
    const source = this.#source ? this.#source.record() : undefined;
    this.#report = yield* verifySteps(this.record(), { rng: this.rng, points: this.#points, accepted: true, source });
    return null;
  }
  /** The sender's first message brings its signing key. @param {DealMessage} msg */
  #firstOf(msg) { return msg.to === undefined && this.#log.length < this.setup.seats; }
  /** @param {string} hex */
  #pt(hex) { return this.#make.pt(hex); }
  // ---- taking messages in --------------------------------------------------------------------
  /** Refuses, holds ("later") or applies a message. @param {DealMessage} msg @param {DealEvent[]} events */
  #take(msg, events) {
    if (this.#log.turn(msg) === "later") return "later";
    this.#process(msg, events);
    return "done";
  }
  /** Applies the held messages whose turn has come. @param {DealEvent[]} events */
  #drain(events) {
    for (let msg; (msg = this.#log.due());) {
      try {
        this.#take(msg, events);
      } catch (e) {
        if (!(e instanceof DealError)) throw e;
        events.push({ type: "refused", error: e });
      }
    }
  }
  /** Checks a message whose turn it is and applies it, or refuses it with nothing changed.
   * @param {DealMessage} msg @param {DealEvent[]} events */
  #process(msg, events) {
    const n = this.setup.seats, t = this.#log.length;
    if (this.#report) throw new DealError("over", "the deal is over", msg, false);
    const isPrivate = msg.to !== undefined;
    this.#log.authenticate(msg, this.#firstOf(msg) ? msg.body.sign : this.#log.signKeys[msg.seat]);
    if (isPrivate) {
      if (msg.kind !== "keys" || /** @type {number} */ (msg.at) < this.#make.first + 2 * n) throw new DealError("turn", `seat ${msg.seat} sent a private ${msg.kind} out of turn`, msg);
      this.#applyKeys(msg, events);
      return;
    }
    const want = expectedAt(t, n, this.#make.first > 0);
    if (want && (msg.kind !== want.kind || msg.seat !== want.seat)) {
      // (before its first message a seat's signing key is the one that message brings: no blame)
      throw new DealError("turn", `seat ${msg.seat}'s ${msg.kind} came where seat ${want.seat}'s ${want.kind} was due`, msg, t >= n);
    }
    const over = this.#revealed.some(Boolean);
    if (!want && !(msg.kind === "reveal" || (!over && (msg.kind === "assign" || msg.kind === "open" || msg.kind === "rehand")))) {
      throw new DealError("turn", `seat ${msg.seat}'s ${msg.kind} came ${over ? "after the reveal began" : "in play"}`, msg);
    }
    const commitIt = msg.kind === "strip" || msg.kind === "shuffle" ? this.#make.check(msg) : msg.kind === "lock" ? this.#checkLock(msg)
      : msg.kind === "assign" ? this.#checkAssign(msg) : msg.kind === "open" ? this.#checkOpen(msg)
        : msg.kind === "rehand" ? this.#checkRehand(msg) : this.#checkReveal(msg);
    this.#log.append(msg);
    events.push({ type: "accepted", seq: t, seat: msg.seat, kind: msg.kind });
    commitIt(events);
    if (msg.kind === "assign") this.#owed.push(...this.#owedKeys());
  }

  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkLock(msg) {
    const made = this.#make.check(msg);
    return () => {
      made();
      if (msg.seat === this.me) this.#make.keys.forEach((k, j) => this.#learn(this.me, j, k));
    };
  }
  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkAssign(msg) {
    const { positions, holders } = msg.body, N = this.size, n = this.setup.seats;
    if (!isIndexList(positions, N) || !Array.isArray(holders) || holders.length !== /** @type {number[]} */ (positions).length
      || !holders.every((h) => Number.isInteger(h) && h >= -1 && h < n)) {
      throw new DealError("malformed", `seat ${msg.seat}'s assign is not positions and their holders`, msg);
    }
    const pos = /** @type {number[]} */ (positions);
    for (const j of pos) {
      const h = this.#holder[j];
      if (h >= 0 && h !== msg.seat) throw new DealError("not-held", `seat ${msg.seat} gave away position ${j}, which seat ${h} holds`, msg);
      if (h === RETIRED) throw new DealError("not-held", `seat ${msg.seat} gave away position ${j}, which was put under a handle`, msg);
    }
    this.#judged(msg);
    return () => pos.forEach((j, x) => {
      this.#holder[j] = holders[x];
      if (holders[x] === this.me) this.#given.add(j);
    });
  }
  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkOpen(msg) {
    const { positions, keys } = msg.body, N = this.#make.N, n = this.setup.seats, i = msg.seat;
    if (!isIndexList(positions, this.size) || !Array.isArray(keys) || keys.length !== /** @type {number[]} */ (positions).length
      || !keys.every((row, x) => Array.isArray(row) && row.length === (/** @type {number[]} */ (positions)[x] < N ? n : 1))) {
      throw new DealError("malformed", `seat ${i}'s open is not positions and their keys`, msg);
    }
    const pos = /** @type {number[]} */ (positions);
    /** @type {[number, number, bigint][]} */
    const found = [];
    /** @type {[number, number, bigint][]} handles: position, card, secret */
    const handles = [];
    pos.forEach((j, x) => {
      const h = this.#holder[j], row = /** @type {unknown[]} */ (keys[x]);
      if (this.#opened[j] >= 0) throw new DealError("repeat", `seat ${i} opened position ${j}, which is open already`, msg);
      if ((h >= 0 && h !== i) || h === RETIRED || (j >= N && h !== i)) throw new DealError("not-held", `seat ${i} played position ${j}, which ${h >= 0 ? `seat ${h} holds` : "it does not hold"}`, msg);
      if (j >= N) return void handles.push([j, ...this.#handleCard(msg, j, row[0], true)]);
      row.forEach((k, m) => {
        if (k === null && (h !== i || this.#shown[j].has(m))) return;
        if (h !== i && m !== i) throw new DealError("malformed", `seat ${i} showed seat ${m}'s key for position ${j}, which it does not hold`, msg);
        if (this.#shown[j].has(m)) throw new DealError("repeat", `seat ${i} showed a key for position ${j} twice`, msg);
        found.push([j, m, this.#checkShare(msg, m, j, k, "later")]);
      });
    });
    const at = (/** @type {"y" | "deck"} */ d) => found.map(([j, m]) => this.#pt(this.#make.locks[m][d][j])); // (own keys were checked as they came)
    if (i !== this.me && found.length && !allScaled(at("y"), found.map((f) => f[2]), at("deck"))) found.forEach(([j, m, k]) => this.#checkShare(msg, m, j, scalarHex(k), "shown"));
    this.#distinct(msg, found.filter(([, m]) => m === i).map(([, , k]) => k));
    this.#judged(msg);
    return (events) => {
      for (const [j, m, k] of found) {
        this.#shown[j].set(m, k);
        this.#learn(m, j, k);
      }
      for (const [j, c, y] of handles) {
        this.#hy.set(j, y);
        this.#read[j] = this.#opened[j] = c;
        this.#where.set(c, j);
        events.push({ type: "opened", position: j, card: this.setup.cards[c], seq: msg.seq });
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
  #checkRehand(msg) {
    const { positions, points } = msg.body, i = msg.seat, first = this.size;
    if (!isIndexList(positions, first)) throw new DealError("malformed", `seat ${i}'s rehand is not positions and points`, msg);
    const pos = /** @type {number[]} */ (positions);
    for (const j of pos) {
      if (this.#holder[j] === RETIRED || (this.#holder[j] !== i && this.#opened[j] < 0)) {
        throw new DealError("not-held", `seat ${i} put position ${j} under a handle, which it does not hold`, msg);
      }
    }
    const hex = this.#make.pointList(points, pos.length, "rehand", msg);
    const old = hex.findIndex((h) => this.#make.seen.has(h));
    if (old >= 0) throw new DealError("rehand", `seat ${i}'s rehand shows a point seen before (handle ${first + old})`, msg);
    const cards = pos.map((j) => Math.max(this.#read[j], this.#opened[j]));
    // (its own: made here, or taken again from the saved transcript after a reload)
    const own = i === this.me ? this.#making ?? rehandPoints(this.setup.deal, this.#make.s, first, cards.map((c) => cardPoints(this.setup.deck, this.setup.cards).points[c])) : null;
    return () => {
      for (const j of pos) this.#holder[j] = RETIRED;
      hex.forEach((h, x) => {
        const j = first + x;
        this.#make.seen.add(h);
        this.#handles.push(h);
        this.#holder.push(i), this.#known.push(new Map()), this.#shown.push(new Map()), this.#opened.push(-1);
        this.#read.push(own ? cards[own.order[x]] : -1);
        if (!own) return;
        this.#hy.set(j, own.keys[x]);
        this.#given.add(j);
        this.#where.set(this.#read[j], j);
      });
    };
  }
  /** The card under handle `j` for the secret a seat sent (privately, or in an open), or the
   * message refused: no card, or a card at a live position elsewhere (its maker's false rehand).
   * @param {DealMessage} msg @param {number} j @param {unknown} hex @param {boolean} shown
   * @returns {[number, bigint]} */
  #handleCard(msg, j, hex, shown) {
    const y = parseScalar(hex), N = this.#make.N;
    const c = y === null || y === 0n ? undefined : readHandle(this.#pt(this.#handles[j - N]), y, cardPoints(this.setup.deck, this.setup.cards).index, shown);
    const at = c === undefined ? undefined : this.#where.get(c);
    if (c === undefined || (at !== undefined && at !== j && this.#holder[at] !== RETIRED)) {
      throw new DealError("share", `seat ${msg.seat} opened handle ${j} to ${c === undefined ? "no card of the deck" : `${this.setup.cards[c]}, which is at position ${at}`}`, msg);
    }
    return [c, /** @type {bigint} */ (y)];
  }
  /** @param {DealMessage} msg @returns {(events: DealEvent[]) => void} */
  #checkReveal(msg) {
    const i = msg.seat, b = msg.body, N = this.#make.N;
    if (this.#revealed[i]) throw new DealError("repeat", `seat ${i} revealed twice`, msg);
    const s = parseScalar(b.shuffleKey);
    const ks = Array.isArray(b.keys) && b.keys.length === N ? b.keys.map(parseScalar) : [];
    if (s === null || ks.length !== N || ks.includes(null) || !isPermutation(b.order, N)) {
      throw new DealError("malformed", `seat ${i}'s reveal is not its key, its order and its keys`, msg);
    }
    if (pointHex(commit(s)) !== this.#make.shuffleKeys[i]) throw new DealError("reveal", `seat ${i} revealed a shuffle key it did not commit to`, msg);
    return (events) => {
      this.#revealed[i] = true;
      if (this.#revealed.every(Boolean)) this.#pass = this.#verify(); // (the end's check: at once, or by `work`)
      if (this.#pass && !this.stepwise) this.#step(Infinity, events, []);
    };
  }
  /** A private message of keys for positions given to this seat. @param {DealMessage} msg @param {DealEvent[]} events */
  #applyKeys(msg, events) {
    const f = msg.seat, { positions, keys } = msg.body, N = this.#make.N;
    if (!isIndexList(positions, this.size) || !Array.isArray(keys) || keys.length !== /** @type {number[]} */ (positions).length) {
      throw new DealError("malformed", `seat ${f}'s keys are not positions and keys`, msg);
    }
    const pos = /** @type {number[]} */ (positions);
    /** @type {Map<number, [number, bigint]>} */
    const handles = new Map();
    const ks = pos.map((j, x) => {
      if (!this.#given.has(j)) throw new DealError("not-mine", `seat ${f} sent its key for position ${j}, which was never given to seat ${this.me}`, msg);
      if (j < N) return this.#checkShare(msg, f, j, keys[x], "private");
      if (this.#hy.has(j)) throw new DealError("repeat", `seat ${f} sent the secret of handle ${j} twice`, msg);
      handles.set(j, this.#handleCard(msg, j, keys[x], false));
      return -1n - BigInt(j); // (a handle's secret is no lock's key)
    });
    this.#distinct(msg, ks);
    this.#log.inSeq[f] += 1;
    this.#inbox.push(msg);
    for (const [j, [c, y]] of handles) {
      this.#hy.set(j, y);
      this.#read[j] = c;
      this.#where.set(c, j);
      events.push({ type: "card", position: j, card: this.setup.cards[c] });
    }
    pos.forEach((j, x) => {
      if (j >= N) return;
      this.#learn(f, j, ks[x]);
      if (this.#known[j].size === this.setup.seats && this.#read[j] < 0) this.#readCard(j, this.#known[j], false, events);
    });
  }
  /** Seat m's key for position j, checked against m's lock: kₘⱼ·Yₘ[j] = Eₘ₊₁[j] (a private key in
   * constant time, a shown one faster, or `later`: all of an open's in one sum, #checkOpen);
   * refused with the sender named if it is not, or if m already used it for another position.
   * @param {DealMessage} msg @param {number} m @param {number} j @param {unknown} hex @param {"private" | "shown" | "later"} how */
  #checkShare(msg, m, j, hex, how) {
    const k = parseScalar(hex), { y, deck } = this.#make.locks[m], y0 = this.#pt(y[j]);
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
    const top = this.#pt(this.#make.locks[this.setup.seats - 1].deck[j]);
    const hex = pointHex(shown ? top.multiplyUnsafe(invert(total)) : top.multiply(invert(total)));
    const c = cardPoints(this.setup.deck, this.setup.cards).index.get(hex);
    const elsewhere = c === undefined ? undefined : this.#where.get(c);
    if (c === undefined || (elsewhere !== undefined && elsewhere !== j && this.#holder[elsewhere] !== RETIRED)) {
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

export { DealError, RETIRED, verifyDeal };
