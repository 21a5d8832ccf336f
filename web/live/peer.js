// The live connection of a table between browsers, with no server: the host's browser is the
// hub, each guest has one WebRTC data channel to it, and the offer and answer travel as links
// (signal.js) that the players pass on themselves: one SDP each way, each packed after its ICE
// gathering is complete.
//
//   host: const host = new LiveHost({ seats: 3 }); const link = await host.invite(1, setup);
//   guest: const { guest, reply } = await LiveGuest.join(link);   (reply goes back to the host)
//   host: await host.accept(reply); host.on("seat", …); host.send(1, body); host.broadcast(body)
//
// Frames on a channel are JSON text, in order (an ordered channel):
//   {t: "msg", body, private?: true}   a message between the host and this guest
//   {t: "roster", keys: {seat: key}}   host → guests, whenever a seat connects: every seat's ECDH key
//   {t: "priv", env}                   a sealed private message (seal.js), from any seat to any
//                                      other, relayed by the host when neither end is the host
// The host checks that a guest's sealed message names that guest as its sender and relays it
// as it came; it cannot open it. A frame that is not one of these is refused ("refused"
// event), never thrown. Messages for a seat that is not open are dropped: a game built on this
// acknowledges what it must not lose.

import { SignalError, isObject, packSignal, randomHex, unpackSignal } from "./signal.js";
import { Sealer, generateKeys, isPublicKey } from "./seal.js";

/** The most UTF-8 bytes one frame may have (Chromium's data channels carry 256 KiB messages;
 * a little is kept for the relay). A bigger body is refused with a RangeError: split it. */
export const MAX_FRAME = 255 * 1024;
/** How long ICE gathering may take before a signal is packed with the candidates found so far. */
export const GATHER_MS = 5000;
const LABEL = "pyengine-live";
const enc = new TextEncoder();

/** @typedef {"idle" | "invited" | "connecting" | "open" | "closed" | "failed"} SeatState */
/** @typedef {"connecting" | "open" | "closed" | "failed"} GuestState */
/** @typedef {{ private: boolean }} MessageInfo */

/** Named listeners; a listener that throws is reported and does not stop the others. */
class Emitter {
  constructor() {
    /** @type {Map<string, Set<(...args: any[]) => void>>} */
    this.listeners = new Map();
  }

  /** @param {string} name @param {(...args: any[]) => void} fn @returns {() => void} */
  on(name, fn) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    const set = /** @type {Set<(...args: any[]) => void>} */ (this.listeners.get(name));
    set.add(fn);
    return () => { set.delete(fn); };
  }

  /** @param {string} name @param {...any} args */
  emit(name, ...args) {
    for (const fn of [...(this.listeners.get(name) ?? [])]) {
      try {
        fn(...args);
      } catch (e) {
        setTimeout(() => { throw e; }); // reported as uncaught, the transport goes on
      }
    }
  }
}

/** Resolves when `pc` has gathered its ICE candidates, or after `ms` whatever it has.
 * @param {RTCPeerConnection} pc @param {number} ms @returns {Promise<void>} */
function gathered(pc, ms) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const timer = setTimeout(done, ms);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** A frame as text, refused when too big for a data channel. @param {object} frame */
function frameText(frame) {
  const text = JSON.stringify(frame);
  const size = text.length <= MAX_FRAME / 3 ? text.length : enc.encode(text).length;
  if (size > MAX_FRAME) throw new RangeError(`a live message may have ${MAX_FRAME} bytes; this one has ${size}: split it`);
  return text;
}

/** A frame read from the channel, or null when it is not JSON of an object. @param {unknown} data */
function parseFrame(data) {
  if (typeof data !== "string" || data.length > MAX_FRAME + 1024) return null;
  try {
    const frame = JSON.parse(data);
    return isObject(frame) && typeof frame.t === "string" ? frame : null;
  } catch {
    return null;
  }
}

/** Would a body sealed for a private message fit in a frame? (Sealing adds 16 bytes, base64 a
 * third.) @param {any} body */
function checkPrivateSize(body) {
  const size = enc.encode(JSON.stringify(body)).length;
  if (Math.ceil((size + 16) / 3) * 4 + 256 > MAX_FRAME) {
    throw new RangeError(`a private live message may have about ${Math.floor((MAX_FRAME - 256) * 3 / 4) - 16} bytes; this one has ${size}: split it`);
  }
}

/** @typedef {{ seat: number, nonce: string, pc: RTCPeerConnection, channel: RTCDataChannel, state: SeatState,
 *   answered: boolean, key: string | null, timer: ReturnType<typeof setTimeout> | undefined, inbox: Promise<void> }} Slot */

/** The host of a live table: seat 0, the hub every guest connects to. */
export class LiveHost {
  /** @param {{ seats: number, iceServers?: RTCIceServer[], timeoutMs?: number, table?: string }} options
   * (`table`: the id of a table taken up again after the host's reload; a fresh one by default) */
  constructor({ seats, iceServers = [], timeoutMs = 8000, table }) {
    if (!Number.isInteger(seats) || seats < 2 || seats > 8) throw new RangeError("a live table has 2 to 8 seats");
    this.seats = seats;
    this.iceServers = iceServers;
    this.timeoutMs = timeoutMs;
    /** The table's random id (16 hex digits). */
    this.table = table && /^[0-9a-f]{16}$/.test(table) ? table : randomHex(8);
    this.events = new Emitter();
    /** @type {Map<number, Slot>} */
    this.slots = new Map();
    this.closed = false;
    /** @type {Promise<{ privateKey: CryptoKey, publicKey: string }>} */
    this.keys = generateKeys();
    /** @type {Promise<Sealer>} */
    this.sealer = this.keys.then((k) => new Sealer(this.table, 0, k.privateKey));
  }

  /** The host's ECDH public key (base64url). */
  async publicKey() {
    return (await this.keys).publicKey;
  }

  /** @param {string} name "message" (seat, body, {private}), "seat" (seat, state), "refused" (seat, reason)
   * @param {(...args: any[]) => void} fn @returns {() => void} the function that stops listening */
  on(name, fn) {
    return this.events.on(name, fn);
  }

  /** A seat's state ("idle" before its first invitation). @param {number} seat @returns {SeatState} */
  seatState(seat) {
    return this.slots.get(seat)?.state ?? "idle";
  }

  /** The packed invitation for `seat` (1 … seats − 1), carrying `extra` (any JSON, e.g. the
   * game's set-up). Replaces the seat's earlier invitation and closes its earlier connection.
   * @param {number} seat @param {any} [extra] @returns {Promise<string>} */
  async invite(seat, extra = null) {
    if (this.closed) throw new Error("this table is closed");
    if (!Number.isInteger(seat) || seat < 1 || seat >= this.seats) throw new RangeError(`seat ${seat} is not a guest's seat of this table (1 to ${this.seats - 1})`);
    this.drop(seat);
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const channel = pc.createDataChannel(LABEL, { ordered: true });
    /** @type {Slot} */
    const slot = { seat, nonce: randomHex(8), pc, channel, state: "invited", answered: false, key: null, timer: undefined, inbox: Promise.resolve() };
    this.slots.set(seat, slot);
    this.wire(slot);
    this.setState(slot, "invited");
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc, GATHER_MS);
    const sdp = /** @type {RTCSessionDescription} */ (pc.localDescription).sdp;
    return packSignal({ k: "invite", table: this.table, seat, nonce: slot.nonce, sdp, key: await this.publicKey(), extra });
  }

  /** Takes a guest's reply: returns its seat; the seat then goes "connecting" and "open" (or
   * "failed" when it has not opened `timeoutMs` later). Throws SignalError: "garbled",
   * "version", or "wrong_table" for a reply to another table or to an invitation already
   * answered or replaced. @param {string} replyText @returns {Promise<number>} */
  async accept(replyText) {
    const r = await unpackSignal(replyText);
    if (r.k === "invite") throw new SignalError("garbled", "This is an invitation, not a reply: open it in the guest's browser, and send the reply it makes back to the host.");
    if (r.k !== "reply" || typeof r.table !== "string" || !Number.isInteger(r.seat) || typeof r.nonce !== "string"
        || typeof r.sdp !== "string" || !isPublicKey(r.key)) {
      throw new SignalError("garbled", "This is not a reply to an invitation of a live table: copy the whole reply again.");
    }
    if (r.table !== this.table) throw new SignalError("wrong_table", "This reply is for another table: it answers an invitation that this table did not make.");
    const sealer = await this.sealer;
    const slot = this.slots.get(r.seat);
    if (!slot || slot.nonce !== r.nonce) {
      throw new SignalError("wrong_table", `This reply answers an older invitation to seat ${r.seat}, which a newer one replaced: the guest should open the newest invitation.`);
    }
    if (slot.answered) throw new SignalError("wrong_table", `This invitation to seat ${r.seat} was already answered.`);
    // everything the open channel needs is in place before the answer is applied: the channel
    // can open before setRemoteDescription's promise settles
    slot.answered = true;
    slot.key = r.key;
    sealer.setPeer(slot.seat, r.key);
    this.setState(slot, "connecting");
    slot.timer = setTimeout(() => { if (slot.state !== "open" && slot.state !== "closed") this.fail(slot); }, this.timeoutMs);
    try {
      await slot.pc.setRemoteDescription({ type: "answer", sdp: r.sdp });
    } catch {
      if (this.slots.get(slot.seat) === slot && slot.state === "connecting") {
        clearTimeout(slot.timer);
        slot.answered = false;
        slot.key = null;
        this.setState(slot, "invited");
      }
      throw new SignalError("garbled", "This reply's connection details cannot be read: the guest should open the invitation again.");
    }
    return slot.seat;
  }

  /** Sends `body` (JSON) to an open seat; false when the seat is not open.
   * @param {number} seat @param {any} body @param {boolean} [isPrivate] */
  send(seat, body, isPrivate = false) {
    const text = frameText(isPrivate ? { t: "msg", body, private: true } : { t: "msg", body });
    return this.sendText(seat, text);
  }

  /** A private message to `seat`: the host's channel to each seat is already end to end (DTLS),
   * so this is `send`, received with `{private: true}`. @param {number} seat @param {any} body */
  sendPrivate(seat, body) {
    return this.send(seat, body, true);
  }

  /** Sends `body` to every open seat; returns the seats it went to. @param {any} body */
  broadcast(body) {
    const text = frameText({ t: "msg", body });
    return this.openSeats().filter((seat) => this.sendText(seat, text));
  }

  /** The seats whose channel is open. */
  openSeats() {
    return [...this.slots.values()].filter((s) => s.state === "open").map((s) => s.seat).sort((a, b) => a - b);
  }

  /** Closes every connection; the table cannot invite again. */
  close() {
    this.closed = true;
    for (const seat of [...this.slots.keys()]) this.drop(seat, true);
  }

  // ---- inside

  /** @param {number} seat @param {string} text */
  sendText(seat, text) {
    const slot = this.slots.get(seat);
    if (!slot || slot.state !== "open" || slot.channel.readyState !== "open") return false;
    try {
      slot.channel.send(text);
      return true;
    } catch {
      return false;
    }
  }

  /** Closes a seat's connection (a new invitation replaces it, or the table closes).
   * @param {number} seat @param {boolean} [tell] */
  drop(seat, tell = false) {
    const slot = this.slots.get(seat);
    if (!slot) return;
    this.slots.delete(seat);
    clearTimeout(slot.timer);
    slot.channel.close();
    slot.pc.close();
    if (tell && slot.state !== "closed" && slot.state !== "failed") {
      slot.state = "closed";
      this.events.emit("seat", seat, "closed");
    }
  }

  /** @param {Slot} slot @param {SeatState} state */
  setState(slot, state) {
    if (this.slots.get(slot.seat) !== slot || slot.state === state && state !== "invited") return;
    slot.state = state;
    this.events.emit("seat", slot.seat, state);
  }

  /** @param {Slot} slot */
  fail(slot) {
    if (this.slots.get(slot.seat) !== slot) return;
    clearTimeout(slot.timer);
    this.setState(slot, "failed");
    slot.channel.close();
    slot.pc.close();
  }

  /** @param {Slot} slot */
  wire(slot) {
    const { pc, channel } = slot;
    channel.onopen = () => {
      if (this.slots.get(slot.seat) !== slot) return;
      clearTimeout(slot.timer);
      this.setState(slot, "open");
      void this.sendRoster();
    };
    channel.onclose = () => { if (slot.state !== "failed") this.setState(slot, "closed"); };
    channel.onmessage = (e) => {
      slot.inbox = slot.inbox.then(() => this.receive(slot, e.data)).catch(() => {});
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState !== "failed") return;
      // an open seat whose friend went away (a reload, a closed laptop) dropped: "closed"; only a
      // connection that never came up is "failed" (no path: a STUN/TURN server may be needed)
      if (slot.state === "open" && this.slots.get(slot.seat) === slot) {
        this.setState(slot, "closed");
        slot.channel.close();
        pc.close();
      } else this.fail(slot);
    };
  }

  /** Every seat's key, to every open seat. */
  async sendRoster() {
    /** @type {Record<string, string>} */
    const keys = { 0: await this.publicKey() };
    for (const s of this.slots.values()) if (s.key && s.state === "open") keys[s.seat] = s.key;
    const text = frameText({ t: "roster", keys });
    for (const seat of this.openSeats()) this.sendText(seat, text);
  }

  /** One frame from a guest. @param {Slot} slot @param {unknown} data */
  async receive(slot, data) {
    if (this.slots.get(slot.seat) !== slot) return;
    const seat = slot.seat;
    const frame = parseFrame(data);
    if (frame && frame.t === "msg" && "body" in frame) {
      this.events.emit("message", seat, frame.body, { private: frame.private === true });
    } else if (frame && frame.t === "priv" && isObject(frame.env)) {
      const env = frame.env;
      if (env.from !== seat) return this.events.emit("refused", seat, "forged sender");
      if (env.to === 0) {
        const opened = await (await this.sealer).open(env);
        if (opened.ok) this.events.emit("message", seat, opened.body, { private: true });
        else this.events.emit("refused", seat, opened.reason);
      } else if (Number.isInteger(env.to) && env.to > 0 && env.to < this.seats && env.to !== seat) {
        this.sendText(env.to, JSON.stringify({ t: "priv", env }));
      } else {
        this.events.emit("refused", seat, "malformed");
      }
    } else {
      this.events.emit("refused", seat, "malformed");
    }
  }
}

/** A guest of a live table: one channel, to the host. Made by `LiveGuest.join`. */
export class LiveGuest {
  /** Opens an invitation: resolves to the guest (state "connecting"), the packed reply for the
   * host, the seat, the table's id and the invitation's `extra`. The guest goes "failed" when
   * the connection has not opened `timeoutMs` after the reply was made: the host must accept
   * it within that time (pass minutes where a person carries the reply). Throws SignalError.
   * @param {string} invitationText @param {{ iceServers?: RTCIceServer[], timeoutMs?: number }} [options]
   * @returns {Promise<{ guest: LiveGuest, reply: string, seat: number, table: string, extra: any }>} */
  static async join(invitationText, { iceServers = [], timeoutMs = 8000 } = {}) {
    const inv = await unpackSignal(invitationText);
    if (inv.k === "reply") throw new SignalError("garbled", "This is a guest's reply, not an invitation: it belongs in the host's browser.");
    if (inv.k !== "invite" || typeof inv.table !== "string" || !/^[0-9a-f]{16}$/.test(inv.table) || !Number.isInteger(inv.seat)
        || inv.seat < 1 || inv.seat > 7 || typeof inv.nonce !== "string" || typeof inv.sdp !== "string" || !isPublicKey(inv.key)) {
      throw new SignalError("garbled", "This is not an invitation to a live table: copy the whole invitation again.");
    }
    const keys = await generateKeys();
    const guest = new LiveGuest(inv.table, inv.seat, keys.privateKey, new RTCPeerConnection({ iceServers }));
    guest.publicKey = keys.publicKey;
    guest.sealer.setPeer(0, inv.key);
    const pc = guest.pc;
    try {
      await pc.setRemoteDescription({ type: "offer", sdp: inv.sdp });
    } catch {
      guest.close();
      throw new SignalError("garbled", "This invitation's connection details cannot be read: ask the host for a new invitation.");
    }
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc, GATHER_MS);
    const sdp = /** @type {RTCSessionDescription} */ (pc.localDescription).sdp;
    const reply = await packSignal({ k: "reply", table: inv.table, seat: inv.seat, nonce: inv.nonce, sdp, key: keys.publicKey });
    guest.timer = setTimeout(() => { if (guest.state === "connecting") guest.fail(); }, timeoutMs);
    return { guest, reply, seat: inv.seat, table: inv.table, extra: inv.extra ?? null };
  }

  /** (Use `LiveGuest.join`.) @param {string} table @param {number} seat @param {CryptoKey} privateKey @param {RTCPeerConnection} pc */
  constructor(table, seat, privateKey, pc) {
    this.table = table;
    this.seat = seat;
    this.pc = pc;
    this.sealer = new Sealer(table, seat, privateKey);
    /** This guest's ECDH public key (base64url), as its reply carries it. */
    this.publicKey = "";
    this.events = new Emitter();
    /** @type {GuestState} */
    this.state = "connecting";
    /** @type {RTCDataChannel | null} */
    this.channel = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** Sends and receipts each go one after another, so both keep their order. */
    /** @type {Promise<unknown>} */
    this.outbox = Promise.resolve();
    /** @type {Promise<void>} */
    this.inbox = Promise.resolve();
    pc.ondatachannel = (e) => {
      if (e.channel.label !== LABEL || this.channel) return;
      this.wire(e.channel);
    };
    // (an open channel whose host went away dropped: "closed"; "failed" is a path never found)
    pc.onconnectionstatechange = () => { if (pc.connectionState === "failed") { if (this.state === "open") this.close(); else this.fail(); } };
  }

  /** @param {string} name "message" (from, body, {private}), "state" (state), "refused" (from, reason)
   * @param {(...args: any[]) => void} fn @returns {() => void} the function that stops listening */
  on(name, fn) {
    return this.events.on(name, fn);
  }

  /** Sends `body` (JSON) to the host; resolves false when the channel is not open. Throws
   * RangeError at once for a body too big. @param {any} body @returns {Promise<boolean>} */
  send(body) {
    const text = frameText({ t: "msg", body });
    return this.queue(async () => text);
  }

  /** Sends `body` to `seat` (0 included) sealed end to end: the host relays it to other seats
   * and cannot read it. Throws at once for a seat whose key this guest has not been given (one
   * that has not joined) or a body too big. @param {number} seat @param {any} body @returns {Promise<boolean>} */
  sendPrivate(seat, body) {
    if (seat === this.seat) throw new RangeError("a private message goes to another seat");
    if (!this.sealer.knows(seat)) throw new Error(`seat ${seat} has not joined the table yet: no private message can go to it`);
    checkPrivateSize(body);
    return this.queue(async () => JSON.stringify({ t: "priv", env: await this.sealer.seal(seat, body) }));
  }

  /** The seats whose keys this guest knows (the host's roster, and itself). */
  knownSeats() {
    return [this.seat, ...this.sealer.peers.keys()].sort((a, b) => a - b);
  }

  close() {
    clearTimeout(this.timer);
    this.channel?.close();
    this.pc.close();
    this.setState("closed");
  }

  // ---- inside

  /** @param {() => Promise<string>} make @returns {Promise<boolean>} */
  queue(make) {
    const sent = this.outbox.then(async () => {
      const text = await make();
      if (!this.channel || this.state !== "open" || this.channel.readyState !== "open") return false;
      this.channel.send(text);
      return true;
    }).catch(() => false);
    this.outbox = sent;
    return sent;
  }

  /** @param {GuestState} state */
  setState(state) {
    if (this.state === state || this.state === "closed" || this.state === "failed") return;
    this.state = state;
    this.events.emit("state", state);
  }

  fail() {
    clearTimeout(this.timer);
    this.setState("failed");
    this.channel?.close();
    this.pc.close();
  }

  /** @param {RTCDataChannel} channel */
  wire(channel) {
    this.channel = channel;
    const opened = () => {
      clearTimeout(this.timer);
      this.setState("open");
    };
    channel.onopen = opened;
    channel.onclose = () => this.setState("closed");
    channel.onmessage = (e) => {
      this.inbox = this.inbox.then(() => this.receive(e.data)).catch(() => {});
    };
    if (channel.readyState === "open") opened();
  }

  /** One frame from the host. @param {unknown} data */
  async receive(data) {
    const frame = parseFrame(data);
    if (frame && frame.t === "msg" && "body" in frame) {
      this.events.emit("message", 0, frame.body, { private: frame.private === true });
    } else if (frame && frame.t === "roster" && isObject(frame.keys)) {
      for (const [seat, key] of Object.entries(frame.keys)) {
        const n = Number(seat);
        if (Number.isInteger(n) && n >= 0 && n < 8 && n !== this.seat) this.sealer.setPeer(n, key);
      }
    } else if (frame && frame.t === "priv" && isObject(frame.env)) {
      const opened = await this.sealer.open(frame.env);
      const from = Number.isInteger(frame.env.from) ? frame.env.from : 0;
      if (opened.ok) this.events.emit("message", from, opened.body, { private: true });
      else this.events.emit("refused", from, opened.reason);
    } else {
      this.events.emit("refused", 0, "malformed");
    }
  }
}
