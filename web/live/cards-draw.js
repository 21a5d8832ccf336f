// A public chance outcome at a live card table (web/live/cards.js) that no seat can choose:
// Daifugō's seating, dealer, leader. Every seat commits to a fresh secret, then all reveal; the
// outcome is drawn from the hash of all of them, and a reveal that is not what was committed to
// is named.
import { t } from "../i18n.js";
import { checked, say } from "./cards-net.js";
import { seatLabel, table, until } from "./cards-state.js";

/** @typedef {import("./cards-state.js").Frame} Frame */

/** @param {string} text */
async function sha256(text) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
/** A public chance outcome nobody can choose (Daifugō's seating, dealer, leader): every seat
 * commits to a fresh secret, then all reveal; the outcome is drawn from the hash of all of them
 * (a wrong reveal is named). @param {number} step @param {[string, string][]} outcomes (action,
 * probability as a fraction) @returns {Promise<string>} */
export async function sharedDraw(step, outcomes) {
  if (!table.setup || !outcomes.length) throw new Error("a draw with no outcome");
  const n = table.setup.seats.length;
  /** @type {Record<number, string>} */
  const secrets = {};
  for (const s of table.local) { // (kept before the commitment goes out: a reload reveals the same)
    const key = `${step}:${s}`;
    table.secrets[key] = table.secrets[key] || Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    secrets[s] = table.secrets[key];
    if (table.draws.get(key)?.hash === undefined) say({ t: "commit", step, seat: s, hash: await sha256(`${table.id}|${step}|${s}|${secrets[s]}`) });
  }
  const seats = Array.from({ length: n }, (_, i) => i);
  await until(() => seats.every((s) => table.draws.get(`${step}:${s}`)?.hash), t("live.the_deal"));
  for (const s of seats) await checked(/** @type {Frame} */ (table.draws.get(`${step}:${s}`)?.commit), seatLabel(s));
  for (const s of table.local) {
    if (table.draws.get(`${step}:${s}`)?.secret === undefined) say({ t: "reveal", step, seat: s, secret: secrets[s] });
  }
  await until(() => seats.every((s) => table.draws.get(`${step}:${s}`)?.secret !== undefined), t("live.the_deal"));
  for (const s of seats) await checked(/** @type {Frame} */ (table.draws.get(`${step}:${s}`)?.reveal), seatLabel(s));
  const all = [];
  for (const s of seats) {
    const { hash, secret } = /** @type {{hash: string, secret: string}} */ (table.draws.get(`${step}:${s}`));
    if (await sha256(`${table.id}|${step}|${s}|${secret}`) !== hash) throw new Error(t("live.refused", { seat: seatLabel(s), reason: "a secret that is not the one committed to" }));
    all.push(secret);
  }
  const u = parseInt((await sha256(`${table.id}|${step}|${all.join("|")}`)).slice(0, 12), 16) / 2 ** 48;
  let acc = 0;
  for (const [action, p] of outcomes) {
    const [a, b] = String(p).split("/").map(Number);
    acc += b ? a / b : a;
    if (u < acc) return action;
  }
  return outcomes[outcomes.length - 1][0];
}
