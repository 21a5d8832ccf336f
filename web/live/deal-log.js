// The fair deal's messages (web/live/deal.js) as one seat keeps them: a signed, numbered
// transcript. Broadcasts are numbered along the transcript and chained by hash (each names the
// hash of everything before it); a private message is numbered along its sender→receiver pair and
// names the transcript it answers. Here a message is sealed, refused for its form (malformed,
// misrouted, replayed, forged, forked) or held until its turn; what a message means is the deal's.
import { digest, isSigningKey, sign, signingKey, verifySignature } from "./deal-group.js";
import { DealError, transcriptRoot, unsigned } from "./deal-verify.js";

/** @typedef {import("./deal-group.js").Rng} Rng */
/** @typedef {import("./deal-verify.js").DealSetup} DealSetup */
/** @typedef {import("./deal-verify.js").DealMessage} DealMessage */

const QUEUE_LIMIT = 512;

export class DealLog {
  /** @type {DealMessage[]} the accepted broadcasts, in order */ messages = [];
  /** @type {string[]} the hash of the transcript before each broadcast, and after the last */ heads;
  /** @type {string[]} each seat's signing key, announced in its shuffle */ signKeys = [];
  /** @type {number[]} per seat, the next private message to it from this seat */ outSeq;
  /** @type {number[]} per seat, the next private message from it to this seat */ inSeq;
  /** @type {DealMessage[]} messages held until their turn */ queue = [];
  /** @type {{secret: Uint8Array, public: string}} this seat's signing key */ #signer;

  /** @param {Readonly<DealSetup>} setup @param {number} me @param {Rng} rng (the signing key: its first draw) */
  constructor(setup, me, rng) {
    this.setup = setup;
    this.me = me;
    this.heads = [transcriptRoot(setup)];
    this.#signer = signingKey(rng);
    this.outSeq = new Array(setup.seats).fill(0);
    this.inSeq = new Array(setup.seats).fill(0);
  }
  /** How many broadcasts were accepted. */ get length() { return this.messages.length; }
  /** This seat's signing key (public). */ get signer() { return this.#signer.public; }

  /** Signs a message of this seat at the current transcript (a broadcast, or a private message to
   * seat `to`) without applying it. @param {string} kind @param {Record<string, unknown>} body
   * @param {number} [to] @returns {DealMessage} */
  seal(kind, body, to) {
    const t = this.length;
    const base = { v: 1, deal: this.setup.deal, seat: this.me, kind, body, prev: this.heads[t] };
    const m = to === undefined ? { ...base, seq: t } : { ...base, to, seq: this.outSeq[to], at: t };
    return { ...m, sig: sign(m, this.#signer.secret) };
  }
  /** A note of the table's signed with this seat's key. @param {unknown} note */
  signNote(note) { return sign({ deal: this.setup.deal, seat: this.me, note }, this.#signer.secret); }
  /** Whether a seat's note carries its signature (null until its key is known: its shuffle).
   * @param {number} seat @param {unknown} note @param {unknown} sig */
  checkNote(seat, note, sig) {
    const key = this.signKeys[seat];
    try { return key === undefined ? null : verifySignature({ deal: this.setup.deal, seat, note }, sig, key); } catch { return false; }
  }
  /** Whether a message is a copy of one this seat took or holds for its turn. @param {DealMessage} msg */
  isCopy(msg) {
    if (!msg || typeof msg !== "object" || msg.deal !== this.setup.deal || !Number.isInteger(msg.seq) || !Number.isInteger(msg.seat)) return false;
    if (msg.to !== undefined && msg.to === this.me && msg.seat >= 0 && msg.seat < this.setup.seats && msg.seq < this.inSeq[msg.seat]) return true;
    const held = msg.to === undefined ? this.messages[msg.seq] : undefined;
    if (held !== undefined) return held === msg || digest(held) === digest(msg);
    // (or one held for its turn)
    return this.queue.some((q) => q.seat === msg.seat && q.seq === msg.seq && q.to === msg.to && digest(q) === digest(msg));
  }

  /** Whether a message's turn has come ("now"), or it must wait ("later"); refuses one of the
   * wrong form, misrouted or replayed. @param {DealMessage} msg @returns {"now" | "later"} */
  turn(msg) {
    if (msg === null || typeof msg !== "object" || msg.v !== 1 || msg.deal !== this.setup.deal
      || !Number.isInteger(msg.seat) || msg.seat < 0 || msg.seat >= this.setup.seats || !Number.isInteger(msg.seq) || msg.seq < 0
      || typeof msg.kind !== "string" || msg.body === null || typeof msg.body !== "object") {
      throw new DealError("malformed", "not a message of this deal", msg, false);
    }
    const t = this.length;
    if (msg.to !== undefined) {
      if (msg.to !== this.me || msg.seat === this.me) throw new DealError("misrouted", `a private message for seat ${msg.to} came to seat ${this.me}`, msg, false);
      if (msg.seq < this.inSeq[msg.seat]) throw new DealError("replay", `seat ${msg.seat}'s private message ${msg.seq} came before: a replay`, msg, false);
      if (!Number.isInteger(msg.at)) throw new DealError("malformed", "a private message without the transcript it answers", msg, false);
      return msg.seq > this.inSeq[msg.seat] || /** @type {number} */ (msg.at) > t ? "later" : "now";
    }
    if (msg.seq < t) {
      const same = digest(msg) === digest(this.messages[msg.seq]);
      throw new DealError("replay", `message ${msg.seq} ${same ? "came before: a replay" : "differs from the one accepted: a fork or a replay"}`, msg, false);
    }
    return msg.seq > t ? "later" : "now";
  }
  /** Holds a message until its turn. @param {DealMessage} msg */
  hold(msg) {
    if (this.queue.length >= QUEUE_LIMIT) throw new DealError("flood", "too many messages ahead of their turn", msg, false);
    this.queue.push(msg);
  }
  /** A held message whose turn has come, taken out of the queue, or null. */
  due() {
    const t = this.length;
    const x = this.queue.findIndex((m) => (m.to === undefined ? m.seq <= t : m.seq <= this.inSeq[m.seat] && /** @type {number} */ (m.at) <= t));
    return x < 0 ? null : this.queue.splice(x, 1)[0];
  }
  /** Refuses a message its seat did not sign (`key`: the seat's signing key, or the one its first
   * message brings) or that follows another transcript. @param {DealMessage} msg @param {unknown} key */
  authenticate(msg, key) {
    if (typeof key !== "string" || !isSigningKey(key) || !verifySignature(unsigned(msg), msg.sig, key)) {
      throw new DealError("signature", `a message signed as seat ${msg.seat} is not seat ${msg.seat}'s: tampered or forged`, msg, false);
    }
    if (msg.prev !== this.heads[msg.to !== undefined ? /** @type {number} */ (msg.at) : this.length]) {
      throw new DealError("fork", `seat ${msg.seat}'s message follows a transcript this seat does not have`, msg);
    }
  }
  /** A broadcast joins the transcript. @param {DealMessage} msg */
  append(msg) {
    this.messages.push(msg);
    this.heads.push(digest(msg));
  }
}
