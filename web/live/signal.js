// Links of a live table: an invitation (host → guest) and a reply (guest → host) packed into
// text that fits a link's fragment, and the relay of a reply opened in another tab to the tab
// that hosts the table.
//
// A packed signal is JSON → deflate-raw (CompressionStream) → base64url without padding. The
// JSON is `{pyengineLive: VERSION, signal: <object>}`: the marker says the text is ours, the
// number which version of the protocol wrote it. Reading never throws anything but a
// SignalError, whose code says what is wrong: "garbled" (not a link of ours, or damaged),
// "version" (written by another version of the app) or "wrong_table" (a reply for another
// table, or for an invitation already answered or replaced; peer.js throws that one).

/** The version of the live protocol (signals and data-channel frames). */
export const VERSION = 1;
/** The most characters of packed text read, and the most bytes a signal unpacks to. */
export const MAX_TEXT = 48 * 1024;
export const MAX_JSON = 64 * 1024;
const CHANNEL = "pyengine-live";

/** @typedef {"garbled" | "version" | "wrong_table"} SignalCode */

export class SignalError extends Error {
  /** @param {SignalCode} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "SignalError";
    /** @type {SignalCode} */
    this.code = code;
  }
}

/** @param {Uint8Array} bytes */
export function toBase64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Bytes of base64url text (no padding); null when it is not that. @param {string} text */
export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  let raw;
  try {
    raw = atob(b64);
  } catch {
    return null;
  }
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** All of a stream's bytes, refusing more than `limit` of them. @param {ReadableStream<Uint8Array>} stream @param {number} limit */
async function readAll(stream, limit) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Bytes through a (de)compression stream; the writer's errors surface through the reader.
 * @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream | DecompressionStream} codec @param {number} limit */
async function through(bytes, codec, limit) {
  const writer = codec.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return readAll(codec.readable, limit);
}

/** An object packed into link-safe text (JSON, deflate-raw, base64url).
 * @param {object} obj @returns {Promise<string>} */
export async function packSignal(obj) {
  const json = new TextEncoder().encode(JSON.stringify({ pyengineLive: VERSION, signal: obj }));
  if (json.length > MAX_JSON) throw new RangeError(`a live signal may hold ${MAX_JSON} bytes of JSON; this one has ${json.length}`);
  const packed = await through(json, new CompressionStream("deflate-raw"), Infinity);
  return toBase64url(/** @type {Uint8Array} */ (packed));
}

const GARBLED = "This is not a link of a live table, or part of it is missing: copy the whole link again.";

/** The object packed in `text`. A whole link is accepted too: the packed text is what follows
 * its last `#` or `=`. Throws SignalError ("garbled", "version") and nothing else.
 * @param {string} text @returns {Promise<Record<string, any>>} */
export async function unpackSignal(text) {
  if (typeof text !== "string") throw new SignalError("garbled", GARBLED);
  let packed = text.trim();
  const cut = Math.max(packed.lastIndexOf("#"), packed.lastIndexOf("="));
  if (cut >= 0) packed = packed.slice(cut + 1);
  if (!packed || packed.length > MAX_TEXT) throw new SignalError("garbled", GARBLED);
  const bytes = fromBase64url(packed);
  if (!bytes) throw new SignalError("garbled", GARBLED);
  /** @type {Uint8Array | null} */
  let json;
  try {
    json = await through(bytes, new DecompressionStream("deflate-raw"), MAX_JSON);
  } catch {
    json = null;
  }
  if (!json) throw new SignalError("garbled", GARBLED);
  /** @type {any} */
  let outer;
  try {
    outer = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    throw new SignalError("garbled", GARBLED);
  }
  if (!isObject(outer) || !("pyengineLive" in outer)) throw new SignalError("garbled", GARBLED);
  if (outer.pyengineLive !== VERSION) {
    throw new SignalError("version", `This link was made by another version of the app (live protocol ${String(outer.pyengineLive)}, this page speaks ${VERSION}): both players should reload the app and make a new invitation.`);
  }
  if (!isObject(outer.signal)) throw new SignalError("garbled", GARBLED);
  return outer.signal;
}

/** @param {unknown} x @returns {x is Record<string, any>} */
export function isObject(x) {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Hands a reply link opened in this tab to the tab that hosts its table (same browser, same
 * origin): resolves true when a tab took it within `timeoutMs`, else false (then this tab
 * should offer to host, or say the table's tab is closed).
 * @param {string} text @param {number} [timeoutMs] @returns {Promise<boolean>} */
export function relayReply(text, timeoutMs = 1500) {
  return new Promise((resolve) => {
    if (typeof BroadcastChannel === "undefined") return resolve(false);
    const channel = new BroadcastChannel(CHANNEL);
    const id = randomHex(8);
    /** @param {boolean} taken */
    const done = (taken) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    channel.onmessage = (e) => {
      if (isObject(e.data) && e.data.type === "ack" && e.data.id === id) done(true);
    };
    channel.postMessage({ type: "reply", id, text });
  });
}

/** In a table's tab: reply links relayed from other tabs go to `handler`, which resolves true
 * when this tab took the reply (it hosts that table); only then is the relay acknowledged.
 * Returns the function that stops listening.
 * @param {(text: string) => boolean | Promise<boolean>} handler @returns {() => void} */
export function listenForReplies(handler) {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = async (e) => {
    const m = e.data;
    if (!isObject(m) || m.type !== "reply" || typeof m.text !== "string") return;
    let taken;
    try {
      taken = (await handler(m.text)) === true;
    } catch {
      taken = false;
    }
    if (taken) channel.postMessage({ type: "ack", id: m.id });
  };
  return () => channel.close();
}

/** `bytes` random bytes as hex. @param {number} bytes */
export function randomHex(bytes) {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}
