// The group the fair deal computes in, and the few constructions it composes from the audited
// library: ristretto255 (a prime-order group, RFC 9496) from @noble/curves, SHA-256/SHA-512 from
// @noble/hashes, Ed25519 signatures from @noble/curves. Nothing here is a new primitive: points,
// scalars, hash-to-curve (RFC 9380), the multi-scalar sum and the signatures are the
// library's; this module adds encodings (hex, canonical JSON), the cards' points, random scalars,
// Fiat–Shamir weights and one Chaum–Pedersen proof of equal discrete logarithms built from the
// library's point and scalar operations (see web/live/deal.js for the protocol).
import { ristretto255, ristretto255_hasher, ed25519 } from "@noble/curves/ed25519.js";
import { mulAddUnsafe } from "@noble/curves/abstract/curve.js";
import { bytesToNumberLE, numberToBytesLE } from "@noble/curves/utils.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/** @typedef {InstanceType<typeof ristretto255.Point>} Point */
/** A source of random bytes: `rng(n)` gives `n` fresh bytes (crypto.getRandomValues by default).
 * @typedef {(n: number) => Uint8Array} Rng */
/** A Chaum–Pedersen proof in its short form (challenge, response), both scalars in hex.
 * @typedef {{c: string, z: string}} Proof */

export const Point = ristretto255.Point;
const Fn = Point.Fn;
/** The order of the group (ℓ = 2^252 + 27742317777372353535851937790883648493). */
export const ORDER = Fn.ORDER;
const G = Point.BASE;
/** The protocol's name and version: in every domain-separation tag and in the transcript's root. */
export const PROTOCOL = "tabletop-deal-v1";
const HEX32 = /^[0-9a-f]{64}$/;

/** The browser's (or Node's) cryptographic generator. @type {Rng} */
export const cryptoRng = (n) => crypto.getRandomValues(new Uint8Array(n));

/**
 * A generator that a page can start again: the bytes of HMAC-SHA-256 keyed by a 32-byte secret
 * seed over a counter (the expansion of HKDF, RFC 5869), so a seat that keeps its seed can rebuild
 * its side of a deal after a reload (its keys, its order and its signing key are drawn from it in
 * the same order). The seed is as secret as the keys it makes. @param {string} seedHex 64 hex
 * digits @returns {Rng}
 */
export function seededRng(seedHex) {
  if (!HEX32.test(seedHex)) throw new Error("deal: a seed is 32 bytes in hex");
  const key = hexToBytes(seedHex);
  const label = utf8ToBytes(`${PROTOCOL}|rng|`);
  let block = new Uint8Array(0), used = 0, counter = 0;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (used === block.length) {
        counter += 1;
        block = hmac(sha256, key, concatBytes(label, utf8ToBytes(String(counter))));
        used = 0;
      }
      out[i] = block[used++];
    }
    return out;
  };
}

/** A fresh seed for {@link seededRng}, from the browser's generator. */
export const newSeed = () => bytesToHex(cryptoRng(32));

/** A uniform nonzero scalar: 64 random bytes reduced modulo ℓ (bias below 2^-250).
 * @param {Rng} rng @returns {bigint} */
export function randomScalar(rng) {
  for (;;) {
    const bytes = rng(64);
    if (!(bytes instanceof Uint8Array) || bytes.length !== 64) throw new Error("deal: the generator must give the bytes asked for");
    const s = bytesToNumberLE(bytes) % ORDER;
    if (s !== 0n) return s;
  }
}

/** A uniform index in [0, m) (rejection sampling on 32-bit words). @param {Rng} rng @param {number} m */
export function randomIndex(rng, m) {
  const limit = Math.floor(0x100000000 / m) * m;
  for (;;) {
    const b = rng(4);
    const x = ((b[0] | (b[1] << 8) | (b[2] << 16)) >>> 0) + b[3] * 0x1000000;
    if (x < limit) return x % m;
  }
}

/** A uniformly random permutation of 0..m-1 (Fisher–Yates). @param {Rng} rng @param {number} m */
export function randomPermutation(rng, m) {
  const p = Array.from({ length: m }, (_, i) => i);
  for (let i = m - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

/** @param {bigint} s */
export const scalarHex = (s) => bytesToHex(numberToBytesLE(s, 32));
/** A scalar from its hex (32 bytes, little-endian): null unless canonical and nonzero.
 * @param {unknown} hex @returns {bigint | null} */
export function parseScalar(hex) {
  if (typeof hex !== "string" || !HEX32.test(hex)) return null;
  const s = bytesToNumberLE(hexToBytes(hex));
  return s > 0n && s < ORDER ? s : null;
}
/** @param {Point} p */
export const pointHex = (p) => bytesToHex(p.toBytes());
/** @type {Map<string, Point | null>} the latest points decoded (a page may decode a message's ahead) */
const decoded = new Map();
/** A point from its canonical ristretto255 encoding: null if it is none, or the identity.
 * @param {unknown} hex @returns {Point | null} */
export function parsePoint(hex) {
  if (typeof hex !== "string" || !HEX32.test(hex)) return null;
  let p = decoded.get(hex);
  if (p === undefined) {
    try {
      const q = Point.fromHex(hex);
      p = q.is0() ? null : q;
    } catch {
      p = null;
    }
    if (decoded.size >= 4096) decoded.delete(/** @type {string} */ (decoded.keys().next().value));
    decoded.set(hex, p);
  }
  return p;
}
export const invert = (/** @type {bigint} */ s) => Fn.inv(s);
export const mulScalars = (/** @type {bigint} */ a, /** @type {bigint} */ b) => Fn.mul(a, b);
/** `s`·G, the commitment to a key. @param {bigint} s */
export const commit = (s) => G.multiply(s);
/** Whether kᵢ·Aᵢ = Bᵢ for every i, tested at once: Σ(rᵢkᵢ)·Aᵢ = Σrᵢ·Bᵢ with fresh random
 * 128-bit rᵢ, two of the library's multi-scalar sums (a list with a wrong pair passes with
 * probability below 2⁻¹²⁸; the caller then finds which). @param {Point[]} A @param {bigint[]} k
 * @param {Point[]} B */
export function allScaled(A, k, B) {
  if (A.length === 1) return A[0].multiplyUnsafe(k[0]).equals(B[0]);
  const r = A.map(() => bytesToNumberLE(cryptoRng(16)) + 1n);
  return weightedSum(A, r.map((x, i) => Fn.mul(x, k[i]))).equals(weightedSum(B, r));
}
/** Each point times its scalar (one scalar for all, or one each), a product per step: a generator
 * the caller may pause between steps (a page keeps answering while a deck is shuffled or locked).
 * @param {Point[]} points @param {bigint | bigint[]} k
 * @returns {Generator<void, {points: Point[], hex: string[]}>} */
export function* multiplyEach(points, k) {
  const out = [], hex = [];
  for (let j = 0; j < points.length; j++) {
    const p = points[j].multiply(typeof k === "bigint" ? k : k[j]);
    out.push(p);
    hex.push(pointHex(p));
    yield;
  }
  return { points: out, hex };
}

const cardCache = new Map();
/** The cards' points: hash-to-curve (RFC 9380, ristretto255_XMD:SHA-512_R255MAP_RO_) of each card's
 * label with the deck's name, so that nobody knows the discrete log of one card to another.
 * @param {string} deck @param {readonly string[]} labels @returns {{hex: string[], points: Point[], index: Map<string, number>}} */
export function cardPoints(deck, labels) {
  const key = canonical([deck, labels]);
  let hit = cardCache.get(key);
  if (!hit) {
    const DST = `${PROTOCOL}:card`;
    const points = labels.map((label) => ristretto255_hasher.hashToCurve(utf8ToBytes(canonical([deck, label])), { DST }));
    const hex = points.map(pointHex);
    hit = { hex, points, index: new Map(hex.map((h, i) => [h, i])) };
    cardCache.set(key, hit);
  }
  return hit;
}

/** JSON with sorted keys and no spaces: the one byte string a value is signed and hashed as.
 * @param {unknown} value @returns {string} */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const o = /** @type {Record<string, unknown>} */ (value);
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(",")}}`;
  }
  if (typeof value === "number" && !Number.isSafeInteger(value)) throw new Error("deal: only integers travel");
  return JSON.stringify(value);
}
/** SHA-256 of a value's canonical JSON, in hex. @param {unknown} value */
export const digest = (value) => bytesToHex(sha256(utf8ToBytes(canonical(value))));

/** A scalar hashed (RFC 9380 hash_to_field) from a statement under a tag: a Fiat–Shamir
 * challenge, or a secret derived from a secret key. @param {string} tag @param {unknown} statement */
export function challenge(tag, statement) {
  return ristretto255_hasher.hashToScalar(utf8ToBytes(canonical(statement)), { DST: `${PROTOCOL}:${tag}` });
}

/** Weights for checking many equations as one: 128-bit numbers drawn by hashing everything the
 * equations mention, so that no one can choose the equations after seeing the weights.
 * @param {unknown} statement @param {number} count @returns {bigint[]} */
export function weights(statement, count) {
  const seed = sha512(utf8ToBytes(`${PROTOCOL}:weights:${canonical(statement)}`));
  return Array.from({ length: count }, (_, i) => {
    const h = sha512(concatBytes(seed, numberToBytesLE(i, 4)));
    return bytesToNumberLE(h.subarray(0, 16)) | 1n;
  });
}
/** Σ wᵢ·Pᵢ (the library's interleaved multi-scalar sum, not constant-time: public points and
 * weights only; for a few dozen points it is twice as fast as its Pippenger).
 * @param {Point[]} points @param {bigint[]} ws */
export const weightedSum = (points, ws) => mulAddUnsafe(Point, points, ws);

/** Chaum–Pedersen: a proof that log_G(X) = log_H(Y) = s, bound to `context` (non-interactive
 * through Fiat–Shamir). @param {unknown} context @param {bigint} s @param {Point} H @param {Point} X
 * @param {Point} Y @param {Rng} rng @returns {Proof} */
export function proveEqualLogs(context, s, H, X, Y, rng) {
  const r = randomScalar(rng);
  const A = G.multiply(r);
  const B = H.multiply(r);
  const c = challenge("dleq", [context, pointHex(H), pointHex(X), pointHex(Y), pointHex(A), pointHex(B)]);
  return { c: scalarHex(c), z: scalarHex(Fn.add(r, Fn.mul(c, s))) };
}
/** Checks a proof made by {@link proveEqualLogs}. @param {unknown} context @param {Point} H
 * @param {Point} X @param {Point} Y @param {unknown} proof @returns {boolean} */
export function checkEqualLogs(context, H, X, Y, proof) {
  if (proof === null || typeof proof !== "object") return false;
  const { c: cHex, z: zHex } = /** @type {Record<string, unknown>} */ (proof);
  if (typeof cHex !== "string" || !HEX32.test(cHex) || typeof zHex !== "string" || !HEX32.test(zHex)) return false;
  const c = bytesToNumberLE(hexToBytes(cHex));
  const z = bytesToNumberLE(hexToBytes(zHex));
  if (c >= ORDER || z >= ORDER) return false;
  // A = z·G − c·X, B = z·H − c·Y; the challenge must come out the same
  const A = G.multiplyUnsafe(z).subtract(X.multiplyUnsafe(c));
  const B = H.multiplyUnsafe(z).subtract(Y.multiplyUnsafe(c));
  if (A.is0() || B.is0()) return false;
  return challenge("dleq", [context, pointHex(H), pointHex(X), pointHex(Y), pointHex(A), pointHex(B)]) === c;
}

/** A fresh Ed25519 signing key. @param {Rng} rng @returns {{secret: Uint8Array, public: string}} */
export function signingKey(rng) {
  const secret = rng(32);
  return { secret, public: bytesToHex(ed25519.getPublicKey(secret)) };
}
/** Ed25519 signature of a value's canonical JSON, in hex. @param {unknown} value @param {Uint8Array} secret */
export const sign = (value, secret) => bytesToHex(ed25519.sign(utf8ToBytes(canonical(value)), secret));
/** @param {unknown} value @param {unknown} sig @param {string} publicKey @returns {boolean} */
export function verifySignature(value, sig, publicKey) {
  if (typeof sig !== "string" || !/^[0-9a-f]{128}$/.test(sig)) return false;
  try {
    return ed25519.verify(hexToBytes(sig), utf8ToBytes(canonical(value)), hexToBytes(publicKey), { zip215: false });
  } catch {
    return false;
  }
}
/** Is this an Ed25519 public key (a point's encoding)? @param {unknown} hex */
export function isSigningKey(hex) {
  if (typeof hex !== "string" || !HEX32.test(hex)) return false;
  try {
    ed25519.Point.fromHex(hex).assertValidity();
    return true;
  } catch {
    return false;
  }
}
