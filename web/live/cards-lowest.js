// A read every seat of a live Daifugō table answers together (pyengine's JOINT read: who leads
// where blind cards lie out), carried between the browsers: the protocol of web/live/lowest.js in
// rounds of public frames {t: "low", step, i, round, seat, body}, signed, kept and sent again to a
// friend who comes back like every other public frame (web/live/cards-net.js). A seat's private
// list (which of the first cards of the search it holds) comes from its own engine and never
// leaves its browser; its secrets come from a seed kept with the table, so a reloaded page says
// the same. At the end every seat reveals its secret key of each such read and every browser
// audits them (`auditLowest`).
import { callOk } from "../bridge.js";
import { t } from "../i18n.js";
import { checked, say } from "./cards-net.js";
import { measure, readable, seatLabel, table, until } from "./cards-state.js";
import { digest, newSeed, parseScalar, scalarHex, seededRng } from "./deal-group.js";
import * as low from "./lowest.js";

/** @typedef {import("./cards-state.js").Frame} Frame */

/** @param {number} step @param {number} i @param {string} round @param {number} seat */
const frame = (step, i, round, seat) => table.lows.get(`${step}:${i}:${round}:${seat}`);
/** This browser's generator for a local seat's part of a round (from the read's kept seed).
 * @param {number} step @param {number} i @param {number} seat @param {string} round */
function rngOf(step, i, seat, round) {
  const key = `low:${step}:${i}:${seat}`;
  table.secrets[key] = table.secrets[key] || newSeed(); // (kept with the first frame it signs)
  return seededRng(digest([table.secrets[key], round]));
}
/** @param {number} step @param {number} i */
const contextOf = (step, i) => ["lowest", table.id, step, i];
/** A local seat's secret key of a read (drawn again from its seed). @param {number} step @param {number} i @param {number} seat */
const secretKey = (step, i, seat) => low.keyShare(contextOf(step, i), seat, rngOf(step, i, seat, "key"));
/** @param {number} seat @param {string} reason */
const refused = (seat, reason) => new Error(t("live.refused", { seat: seatLabel(seat), reason }));
/** Another seat's frame of a round, once in and signed by that seat. @param {number} step @param {number} i
 * @param {string} round @param {number} seat @returns {Promise<Frame>} */
const heard = async (step, i, round, seat) => checked(await until(() => frame(step, i, round, seat), seatLabel(seat)), seatLabel(seat));

/** A generator run in slices of a few milliseconds, each its own task (a mix is 50–130 point
 * products: the page keeps answering meanwhile). @template T @param {Generator<void, T>} g
 * @returns {Promise<T>} */
function sliced(g) {
  return new Promise((resolve, reject) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      const t0 = performance.now();
      try {
        for (;;) {
          const r = g.next();
          if (r.done) { ch.port1.close(); return resolve(r.value); }
          if (performance.now() - t0 > 8) break;
        }
      } catch (e) {
        ch.port1.close();
        return reject(e);
      }
      ch.port2.postMessage(null);
    };
    ch.port2.postMessage(null);
  });
}

/** The answer of a joint read at a step: the seat that holds the earliest of `size` cards anyone
 * holds. Each local seat's list comes from its engine (`live_answer`), the rest from the rounds.
 * @param {number} step @param {number} i (the read's index in the step) @param {number} size
 * @param {unknown} move @param {unknown[]} answers (the step's answers so far) @returns {Promise<number>} */
export async function sharedLowest(step, i, size, move, answers) {
  const start = performance.now();
  const n = /** @type {import("./cards-state.js").Setup} */ (table.setup).seats.length;
  const seats = Array.from({ length: n }, (_, s) => s), ctx = contextOf(step, i);
  /** @param {string} round @param {number} seat @param {unknown} body */
  const tell = (round, seat, body) => say({ t: "low", step, i, round, seat, body });
  for (const s of table.local) if (!frame(step, i, "key", s)) tell("key", s, secretKey(step, i, s).message);
  const keys = [];
  for (const s of seats) { // (a local seat's own key and opening need no check)
    const Y = table.local.includes(s) ? low.keyPoint(/** @type {Frame} */ (frame(step, i, "key", s)).body) : low.checkKey(ctx, s, (await heard(step, i, "key", s)).body);
    if (!Y) throw refused(s, "a key it cannot show is its own");
    keys.push(Y);
  }
  const Y = low.jointKey(keys);
  for (const s of table.local) {
    if (frame(step, i, "bits", s)) continue;
    const { answer } = /** @type {{answer: unknown}} */ (/** @type {unknown} */ (await callOk("live_answer", { seat: s, move, answers, cards: readable(s) })));
    if (!Array.isArray(answer) || answer.length !== size) throw new Error(`the engine gave no list of ${size} for seat ${s + 1}`);
    tell("bits", s, { rows: low.encryptBits(Y, answer.map(Boolean), rngOf(step, i, s, "bits")) });
  }
  const lists = [];
  for (const s of seats) {
    const rows = low.parseRows([(await heard(step, i, "bits", s)).body?.rows], 1, size);
    if (!rows) throw refused(s, "a list of its cards that is not one");
    lists.push(rows[0]);
  }
  let m = low.combine(lists);
  for (const j of seats) { // (each seat mixes in turn what the one before it mixed)
    if (table.local.includes(j) && !frame(step, i, "mix", j)) tell("mix", j, { rows: low.rowsHex(await sliced(low.mix(m, rngOf(step, i, j, "mix")))) });
    const got = low.parseRows((await heard(step, i, "mix", j)).body?.rows, n, size);
    if (!got) throw refused(j, "a mix that is not one");
    m = got;
  }
  for (const s of table.local) {
    if (!frame(step, i, "open", s)) tell("open", s, await sliced(low.openShares(ctx, s, secretKey(step, i, s).y, m, rngOf(step, i, s, "open"))));
  }
  const shares = [];
  for (const s of seats) {
    const body = (await heard(step, i, "open", s)).body;
    const D = table.local.includes(s) ? low.sharePoints(body) : low.checkOpen(ctx, s, keys[s], m, body);
    if (!D) throw refused(s, "an opening that does not match its key");
    shares.push(D);
  }
  const leader = low.leaderOf(low.zeros(m, shares));
  if (leader < 0) throw new Error(t("live.lead_unfound", { ply: step + 1 }));
  measure("live-lowest", start);
  return leader;
}

/** The joint reads so far, as [step, i], in order. */
function runs() {
  const keys = new Set(Array.from(table.lows.values()).filter((f) => f.round === "key").map((f) => `${f.step}:${f.i}`));
  return Array.from(keys, (k) => k.split(":").map(Number)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
/** The end, first: every local seat reveals its secret key of each joint read (sent whatever this
 * page's own checks find, so that no other page waits for it). */
export function revealLowest() {
  for (const [step, i] of runs()) {
    for (const s of table.local) if (!frame(step, i, "y", s)) say({ t: "low", step, i, round: "y", seat: s, body: { y: scalarHex(secretKey(step, i, s).y) } });
  }
}
/** The end: once every seat's secret key of each joint read is in, every read is audited
 * (web/live/lowest.js `audit`): the first problem found, if any, and every read's lists in the
 * clear (the engine's replay checks them against the hands).
 * @returns {Promise<{problem: {ply: number, seat: number, problem: string} | null, leads: {step: number, lists: boolean[][]}[]}>} */
export async function auditLowest() {
  const leads = [];
  const n = /** @type {import("./cards-state.js").Setup} */ (table.setup).seats.length;
  const seats = Array.from({ length: n }, (_, s) => s);
  for (const [step, i] of runs()) {
    const ctx = contextOf(step, i), size = (await heard(step, i, "bits", 0)).body.rows.length;
    const keys = [], ys = [], lists = [], mixes = [];
    for (const s of seats) {
      keys.push(/** @type {NonNullable<ReturnType<typeof low.checkKey>>} */ (low.checkKey(ctx, s, (await heard(step, i, "key", s)).body)));
      const y = parseScalar((await heard(step, i, "y", s)).body?.y);
      if (y === null) return { problem: { ply: step + 1, seat: s, problem: `${seatLabel(s)}: a key revealed that is not one` }, leads };
      ys.push(y);
      lists.push(/** @type {low.Matrix} */ (low.parseRows([(await heard(step, i, "bits", s)).body.rows], 1, size))[0]);
      mixes.push(/** @type {low.Matrix} */ (low.parseRows((await heard(step, i, "mix", s)).body.rows, n, size)));
    }
    const { problems, lists: clear } = await sliced(low.audit({ keys, ys, lists, mixes }));
    if (problems.length) return { problem: { ply: step + 1, seat: problems[0].seat, problem: problems.map((p) => `${seatLabel(p.seat)}: ${p.detail}`).join("; ") }, leads };
    leads.push({ step, lists: clear });
  }
  return { problem: null, leads };
}
