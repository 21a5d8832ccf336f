// The live card table's messages (web/live/cards.js): a local seat's public frame signed, kept
// and sent; another seat's frame checked against its signature; the fair deal's messages routed to
// the local seats' deals and to the other browsers (keys privately, sealed between friends); the
// host's relay of a friend's broadcasts to the others.
import { t } from "../i18n.js";
import { parsePoint } from "./deal-group.js";
import { keep, remember } from "./cards-keep.js";
import { playedBy, poke, problem, seatLabel, table, until } from "./cards-state.js";

/** @typedef {import("./cards-state.js").Frame} Frame */
/** @typedef {import("./deal.js").Deal} Deal */

/** The host passes a guest's broadcast on to every other guest. @param {number} from @param {Frame} body */
export function relay(from, body) {
  if (!table.host || !table.setup) return;
  table.setup.seats.forEach((_, i) => { if (i !== from && playedBy(i) === "guest") table.host?.send(i, body); });
}
/** Whether a public frame was taken already (a copy sent again after a reconnection). @param {Frame} body */
export function isKnown(body) {
  if (body.t === "move") return table.moves.has(body.step);
  if (body.t === "answer") return table.answers.has(`${body.step}:${body.i}`);
  if (body.t === "low") return table.lows.has(`${body.step}:${body.i}:${body.round}:${body.seat}`);
  const got = table.draws.get(`${body.step}:${body.seat}`);
  return Boolean(got && (body.t === "commit" ? got.hash !== undefined : got.secret !== undefined));
}
/** A local seat's public frame: kept (a friend's page writes it down before it goes out, so a
 * reload says the same), then sent to every other browser. @param {Frame} body */
export function say(body) {
  const d = table.deals[0] && table.deals[0].get(body.seat); // (signed with the seat's key of the first deal)
  if (d) body.sig = d.signNote(body);
  remember(body);
  keep();
  broadcast(body);
}
/** Another seat's frame once its signature is checked with that seat's key of the first deal
 * (announced in its shuffle, bound to the deal's transcript, so the host that relays the frame
 * cannot forge or change it): waits for the key, and refuses a frame it does not sign.
 * @param {Frame} frame @param {string} what */
export async function checked(frame, what) {
  if (table.local.includes(frame.seat)) return frame;
  const { sig, ...note } = frame;
  const d = /** @type {Deal} */ (table.deals[0].get(table.me));
  const { ok } = await until(() => { const r = d.checkNote(frame.seat, note, sig); return r === null ? null : { ok: r }; }, what);
  if (!ok) throw new Error(t("live.refused", { seat: seatLabel(frame.seat), reason: t("live.not_signed") }));
  return frame;
}
/** Sends a frame to every other browser. @param {Frame} body */
export function broadcast(body) {
  if (table.host) table.host.broadcast(body);
  else if (table.guest) table.guest.send(body);
}
/** A deal's message to one seat: here, or to the browser that plays it (sealed between friends).
 * @param {number} to @param {any} msg */
export function sendTo(to, msg) {
  if (table.local.includes(to)) return queueMicrotask(() => deliver(to, msg));
  const frame = { t: "deal", msg };
  try {
    if (table.host) table.host.sendPrivate(to, frame);
    else if (table.guest) table.guest.sendPrivate(playedBy(to) === "host" ? 0 : to, frame);
  } catch (e) { // (a seat away: it gets its keys again when it comes back)
    console.warn("live:", /** @type {Error} */ (e).message);
  }
}
/** What a local seat's deal owes after a call: broadcasts to all, keys to their seat; then the
 * pass it owes, if any, is made in slices (`pump`).
 * @param {number} seat @param {{messages: any[], events: any[]}} out @param {Deal} deal */
export function route(seat, out, deal) {
  for (const e of out.events) {
    if (e.type === "refused") problem(t("live.refused", { seat: seatLabel(e.error.seat ?? e.error.claimed ?? -1), reason: e.error.message }));
    if (e.type === "broken") problem(e.detail);
  }
  for (const msg of out.messages) {
    if (msg.to !== undefined) { sendTo(msg.to, msg); continue; }
    for (const s of table.local) if (s !== seat) queueMicrotask(() => deliver(s, msg));
    broadcast({ t: "deal", msg });
  }
  poke();
  pump(seat, deal);
}
/** A shuffle or lock takes 60–150 ms of a page's thread (a point multiplication per card, two
 * per card for a lock): a local seat's deal makes it in slices of a few milliseconds, each its
 * own task, so a play that comes meanwhile is shown at once, not after the whole pass. */
const SLICE_MS = 8;
/** @type {Set<Deal>} */
const pumping = new Set();
const later = new MessageChannel(); // (a task at once, with no timer's clamp)
/** @type {(() => void)[]} */
const slices = [];
later.port1.onmessage = () => { const f = slices.shift(); if (f) f(); };
/** @param {() => void} f */
const soon = (f) => { slices.push(f); later.port2.postMessage(null); };
/** @param {number} seat @param {Deal} deal */
function pump(seat, deal) {
  if (!deal.owesWork || pumping.has(deal)) return;
  pumping.add(deal);
  const slice = () => {
    let out;
    try {
      out = deal.work(SLICE_MS);
    } catch (e) { // (this seat's own pass failed: said once, not tried again)
      pumping.delete(deal);
      return problem(t("live.refused", { seat: seatLabel(seat), reason: /** @type {Error} */ (e).message }));
    }
    if (out === null && deal.owesWork) return soon(slice);
    pumping.delete(deal);
    if (out) route(seat, out, deal);
  };
  soon(slice);
}
/** A deal's message into a local seat's deal (kept until that deal starts). @param {number} seat @param {any} msg */
export function deliver(seat, msg) {
  const deal = table.deals.map((m) => m.get(seat)).find((d) => d && d.setup.deal === msg.deal);
  if (deal && deal.isCopy(msg)) return; // (sent again after a reconnection)
  if (!deal) {
    const list = table.early.get(msg.deal) || [];
    list.push([seat, msg]);
    table.early.set(msg.deal, list);
    return;
  }
  const waiting = warming.get(deal);
  if (waiting) waiting.push(msg);
  else if (deal.stepwise && heavy(msg)) warm(seat, deal, [msg]);
  else take(seat, deal, msg);
}
/** @param {number} seat @param {Deal} deal @param {any} msg */
function take(seat, deal, msg) {
  if (deal.isCopy(msg)) return;
  try {
    route(seat, deal.receive(msg), deal);
  } catch (e) {
    problem(t("live.refused", { seat: seatLabel(msg.seat), reason: /** @type {Error} */ (e).message }));
  }
}
/** Another seat's shuffle or lock brings a deck of points (two for a lock): they are decoded in
 * slices before the deal takes it (deal-group.js keeps them), and its deal's next messages wait. */
const heavy = (/** @type {any} */ msg) => (msg.kind === "shuffle" || msg.kind === "lock") && msg.body && typeof msg.body === "object";
/** @type {Map<Deal, any[]>} */
const warming = new Map();
/** @param {number} seat @param {Deal} deal @param {any[]} queue */
function warm(seat, deal, queue) {
  warming.set(deal, queue);
  const msg = queue[0];
  const points = [msg.body.deck, msg.body.y].flatMap((list) => (Array.isArray(list) ? list : []));
  let i = 0;
  const slice = () => {
    const t0 = performance.now();
    while (i < points.length && performance.now() - t0 < SLICE_MS) parsePoint(points[i++]);
    if (i < points.length) return soon(slice);
    take(seat, deal, queue.shift());
    while (queue.length && !heavy(queue[0])) take(seat, deal, queue.shift());
    if (queue.length) warm(seat, deal, queue);
    else warming.delete(deal);
  };
  soon(slice);
}

