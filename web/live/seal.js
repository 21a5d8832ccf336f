// Private messages between two seats of a live table, sealed end to end so that the host, who
// relays them, reads nothing and can change, forge or replay nothing unnoticed. WebCrypto only:
//
// - every seat has an ECDH P-256 key pair for the table (the public half travels in the
//   invitation or the reply, and the host's roster gives every seat all the others');
// - the pair {a, b} (a < b) shares one AES-GCM-256 key: HKDF-SHA-256 over the ECDH secret, salt
//   "pyengine-live/1", info "pyengine-live/1 private <table> <a> <b>";
// - a message from → to is `{from, to, n, iv, ct}`: n counts that direction's messages from 1,
//   iv is a fresh random 96-bit nonce, ct the AES-GCM sealing of the body's JSON with the
//   additional data `["pyengine-live/1", table, from, to, n]` (JSON), so that a message cannot
//   be moved to another table, pair, direction or place in the sequence;
// - the receiver refuses a message for another seat, from a seat whose key it lacks, with a
//   counter not above the last one it opened from that seat (replayed), that fails to open
//   (tampered) or whose body is not JSON (malformed). A refusal is a value, never an exception.

import { fromBase64url, isObject, toBase64url } from "./signal.js";

const LABEL = "pyengine-live/1";
const enc = new TextEncoder();

/** @typedef {{ from: number, to: number, n: number, iv: string, ct: string }} Sealed */
/** @typedef {{ ok: true, body: any } | { ok: false, reason: string }} Opened */

/** A fresh ECDH P-256 key pair and its public half as base64url (the raw 65-byte point).
 * @returns {Promise<{ privateKey: CryptoKey, publicKey: string }>} */
export async function generateKeys() {
  const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]));
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: toBase64url(raw) };
}

/** Does `key` look like a public key of ours (base64url of an uncompressed P-256 point)? @param {unknown} key */
export function isPublicKey(key) {
  if (typeof key !== "string" || key.length !== 87) return false;
  const raw = fromBase64url(key);
  return raw !== null && raw.length === 65 && raw[0] === 4;
}

/** The AES-GCM key that seats `a` and `b` of `table` share.
 * @param {CryptoKey} privateKey @param {string} theirPublic @param {string} table @param {number} a @param {number} b */
export async function pairKey(privateKey, theirPublic, table, a, b) {
  const raw = fromBase64url(theirPublic);
  if (!raw) throw new TypeError("not a public key");
  const pub = await crypto.subtle.importKey("raw", raw, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const secret = await crypto.subtle.deriveBits({ name: "ECDH", public: pub }, privateKey, 256);
  const hkdf = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: enc.encode(LABEL), info: enc.encode(`${LABEL} private ${table} ${lo} ${hi}`) },
    hkdf, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** @param {string} table @param {number} from @param {number} to @param {number} n */
const additional = (table, from, to, n) => enc.encode(JSON.stringify([LABEL, table, from, to, n]));

/** One seat's sealing and opening of private messages with every other seat of a table. */
export class Sealer {
  /** @param {string} table @param {number} seat this seat @param {CryptoKey} privateKey its private key */
  constructor(table, seat, privateKey) {
    this.table = table;
    this.seat = seat;
    this.privateKey = privateKey;
    /** @type {Map<number, { publicKey: string, key: Promise<CryptoKey>, sent: number, opened: number }>} */
    this.peers = new Map();
  }

  /** Learns (or changes) another seat's public key; a new key starts the pair afresh (a seat
   * that reconnected has a new key and counts from 1 again). Returns false for a bad key.
   * @param {number} seat @param {string} publicKey */
  setPeer(seat, publicKey) {
    if (seat === this.seat || !isPublicKey(publicKey)) return false;
    if (this.peers.get(seat)?.publicKey === publicKey) return true;
    const key = pairKey(this.privateKey, publicKey, this.table, this.seat, seat);
    key.catch(() => {});
    this.peers.set(seat, { publicKey, key, sent: 0, opened: 0 });
    return true;
  }

  /** Forgets a seat's key. @param {number} seat */
  dropPeer(seat) {
    this.peers.delete(seat);
  }

  /** Is there a key for `seat`? @param {number} seat */
  knows(seat) {
    return this.peers.has(seat);
  }

  /** Seals `body` (JSON) for `to`. Its counter is taken at the call, so messages sealed one
   * after another carry increasing counters whatever order the promises settle in.
   * @param {number} to @param {any} body @returns {Promise<Sealed>} */
  async seal(to, body) {
    const peer = this.peers.get(to);
    if (!peer) throw new Error(`no key for seat ${to} yet: a private message can go only to a seat that has joined`);
    const n = ++peer.sent;
    const plain = enc.encode(JSON.stringify(body));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: additional(this.table, this.seat, to, n) },
      await peer.key, plain);
    return { from: this.seat, to, n, iv: toBase64url(iv), ct: toBase64url(new Uint8Array(ct)) };
  }

  /** Opens a sealed message; a refusal says why ("not for this seat", "unknown sender",
   * "replayed", "tampered", "malformed"). Messages from one seat must be opened one at a
   * time, in order (await each). @param {unknown} sealed @returns {Promise<Opened>} */
  async open(sealed) {
    if (!isObject(sealed) || !Number.isSafeInteger(sealed.from) || !Number.isSafeInteger(sealed.to) || !Number.isSafeInteger(sealed.n)
        || typeof sealed.iv !== "string" || typeof sealed.ct !== "string") return { ok: false, reason: "malformed" };
    if (sealed.to !== this.seat) return { ok: false, reason: "not for this seat" };
    const peer = this.peers.get(sealed.from);
    if (!peer) return { ok: false, reason: "unknown sender" };
    if (sealed.n <= peer.opened) return { ok: false, reason: "replayed" };
    const iv = fromBase64url(sealed.iv), ct = fromBase64url(sealed.ct);
    if (!iv || iv.length !== 12 || !ct) return { ok: false, reason: "malformed" };
    /** @type {ArrayBuffer} */
    let plain;
    try {
      plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: additional(this.table, sealed.from, this.seat, sealed.n) },
        await peer.key, ct);
    } catch {
      return { ok: false, reason: "tampered" };
    }
    if (sealed.n <= peer.opened) return { ok: false, reason: "replayed" }; // opened meanwhile
    peer.opened = sealed.n;
    try {
      return { ok: true, body: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plain)) };
    } catch {
      return { ok: false, reason: "malformed" };
    }
  }
}
