// What a browser keeps of a live card table, so that a reload loses nothing: the set-up,
// the mark of the last step done (each step's move and answers), its own moves and secrets, and
// for each hand's deal the seed its side was drawn from, the transcript and the keys it was sent
// (web/live/deal.js: Deal.restore). A friend's page that reloads mid-hand takes all of it up again
// when the host's new invitation is opened; the host's page, from its start page, and then
// invites every friend again. What a page missed meanwhile the other browsers send again.
// Nothing here is another seat's: the keys kept open only the cards of the seats played here (the
// host's: its person's and its bots', whose hands are in the host's browser anyway).
import { storage } from "../page.js";
import { dealOptions, deckSize, makingOf, table } from "./cards-state.js";
import { seededRng } from "./deal-group.js";
import { Deal } from "./deal.js";

const PREFIX = "pyengine:live-cards:"; // + table id + ":" + seat, then ":deal:" + hand + ":" + seat
/** @param {string} id @param {number} seat */
const keyOf = (id, seat) => `${PREFIX}${id}:${seat}`;
/** @type {Map<string, string>} a deal's key → the sizes last written */
const written = new Map();
let full = false; // storage refused a write (said once)

/** @typedef {{transcript: any[], privates: any[]}} DealSaved */
/** @typedef {{v: 1, table: string, me: number, role: "host" | "guest", local: number[], setup: NonNullable<typeof table.setup>, deck: string[], redeck?: typeof table.redeck,
 *   gen?: number, mark: typeof table.mark, seeds: Record<string, string>, secrets: Record<string, string>, own: any[],
 *   decks: number, deals: Record<string, DealSaved>}} Kept */

const SNAPSHOT_MS = 1000; // the deals and the mark of the steps done, at most once a second
let snapshotAt = -Infinity;
/** @type {typeof table.mark | null} the mark of the deals last written (the two go together) */
let keptMark = null;
/** Writes what this browser keeps of the table (the host keeps every public frame: it sends them
 * to a friend who comes back). What it says and draws is written each time, before it goes out;
 * the deals and the mark of the steps done together (`snapshot`: at a step's end, at most once a
 * second; "now": the page is going), since a page taken up again from an older mark replays the
 * later steps with the moves it kept and the messages the others send it again.
 * @param {boolean | "now"} [snapshot] @returns {boolean} whether storage took it */
export function keep(snapshot = false) {
  // (nothing before Start: a page reloaded in the lobby joins afresh, and the first deck shuffled
  // there is put aside and made again)
  if (!table.role || !table.setup || table.verified || !table.running) return true;
  const base = keyOf(table.id, table.me);
  const own = table.role === "host" ? table.log : table.log.filter((f) => table.local.includes(f.seat));
  let ok = true;
  const now = performance.now();
  if (snapshot === "now" || (snapshot && now - snapshotAt >= SNAPSHOT_MS) || !keptMark) {
    snapshotAt = now;
    keptMark = { ...table.mark, steps: table.mark.steps.slice() };
    ok = keepDeals(base);
  }
  ok = storage.set(base, JSON.stringify({
    v: 1, table: table.id, me: table.me, role: table.role, local: table.local, setup: table.setup, deck: table.deck, redeck: table.redeck, gen: table.gen, mark: keptMark,
    seeds: table.seeds, secrets: table.secrets, own, decks: table.deals.length, invitation: table.invitation,
  })) && ok;
  if (!ok && !full) { full = true; console.warn("live: this browser's storage did not take the live table"); }
  return ok;
}
/** Every deal's transcript (once: every local seat's is the same) and each seat's private
 * messages, where they changed. @param {string} base */
function keepDeals(base) {
  let ok = true;
  /** @param {string} key @param {string} size @param {() => unknown} value */
  const put = (key, size, value) => {
    if (written.get(key) === size) return;
    if (storage.set(key, JSON.stringify(value()))) written.set(key, size);
    else ok = false;
  };
  table.deals.forEach((deals, k) => { // (the transcript once: every local seat's is the same)
    const longest = Array.from(deals.values()).reduce((a, d) => (d.transcript.length > a.transcript.length ? d : a));
    const transcript = longest.transcript;
    put(`${base}:deal:${k}`, String(transcript.length), () => transcript);
    for (const [s, d] of deals) {
      const { privates } = d.saved();
      put(`${base}:deal:${k}:${s}`, String(privates.length), () => privates);
    }
  });
  return ok;
}

/** What this browser kept of a table's seat, or null. @param {string} id @param {number} seat
 * @returns {Kept | null} */
export function kept(id, seat) {
  try {
    const base = keyOf(id, seat);
    const k = JSON.parse(storage.get(base) || "null");
    if (!k || k.v !== 1 || k.table !== id || k.me !== seat || !k.setup || !Array.isArray(k.deck)) return null;
    k.role = k.role === "host" ? "host" : "guest";
    k.local = Array.isArray(k.local) ? k.local : [seat];
    k.deals = {};
    for (let d = 0; d < k.decks; d++) {
      const transcript = JSON.parse(storage.get(`${base}:deal:${d}`) || "[]");
      for (const s of k.local) k.deals[`${d}:${s}`] = { transcript, privates: JSON.parse(storage.get(`${base}:deal:${d}:${s}`) || "[]") };
    }
    return k;
  } catch { return null; }
}

/** Every table this browser keeps (for the start page's word about them).
 * @returns {{id: string, seat: number, game: string, host: boolean}[]} */
export function keptTables() {
  return storage.keys().flatMap((key) => {
    const m = /^pyengine:live-cards:([0-9a-f]{16}):(\d+)$/.exec(key);
    if (!m) return [];
    try {
      const k = JSON.parse(storage.get(key) || "{}");
      return [{ id: m[1], seat: Number(m[2]), game: String(k.setup.game), host: k.role === "host" }];
    } catch { return []; }
  });
}

/** Whether this browser kept a table it joined with this invitation (a reload of the page that
 * opened it: the host has replaced it since, or will). @param {string} text */
export function usedInvitation(text) {
  return keptTables().some(({ id, seat }) => {
    try { return JSON.parse(storage.get(keyOf(id, seat)) || "{}").invitation === text; } catch { return false; }
  });
}

/** Forgets a kept table (verified, or given up). @param {string} id @param {number} seat */
export function forget(id, seat) {
  const base = keyOf(id, seat);
  keptMark = null;
  written.clear();
  for (const key of storage.keys()) if (key === base || key.startsWith(`${base}:`)) storage.del(key);
}

/** The table's state taken up again from what was kept: every deal rebuilt from its seed (the
 * engine's steps are replayed by web/live/cards.js). @param {Kept} k */
export function takeUp(k) {
  table.id = k.table;
  table.me = k.me;
  table.role = k.role;
  table.local = k.local;
  table.setup = k.setup;
  table.deck = k.deck;
  table.redeck = k.redeck || null;
  table.gen = k.gen || 0;
  table.mark = k.mark;
  keptMark = k.mark;
  table.seeds = k.seeds;
  table.secrets = k.secrets || {};
  for (const f of k.own || []) remember(f);
  const seeds = Object.entries(k.seeds).map(([name, seed]) => [...name.split(":").map(Number), seed, name]);
  seeds.sort((a, b) => /** @type {number} */ (a[0]) - /** @type {number} */ (b[0])); // (a redeck's first deck before it)
  for (const [d, s, seed, name] of /** @type {[number, number, string, string][]} */ (seeds)) {
    const deal = Deal.restore(dealOptions(d, s, seededRng(seed)), k.deals[name] || { transcript: [], privates: [] });
    deal.stepwise = true; // (from here on, its passes in slices: cards-net.js)
    (table.deals[d] = table.deals[d] || new Map()).set(s, deal);
  }
  table.current = k.mark.current;
  table.played = table.deals.map((_, d) => k.mark.played[d] ?? makingOf(d));
  table.holders = table.deals.map((_, d) => k.mark.holders[d] || new Array(deckSize(d)).fill(-1));
  table.step = k.mark.steps.length;
}

/** The rounds of a joint read's frames (web/live/cards-lowest.js). */
const LOW_ROUNDS = ["key", "bits", "mix", "open", "y"];
/** A public frame into the table's maps (the first of each kind for its step and seat counts).
 * @param {import("./cards-state.js").Frame} body @returns {boolean} whether it was new */
export function remember(body) {
  if (body.t === "move") {
    if (table.moves.has(body.step)) return false;
    table.moves.set(body.step, body);
  } else if (body.t === "answer") {
    const key = `${body.step}:${body.i}`;
    if (table.answers.has(key)) return false;
    table.answers.set(key, body);
  } else if (body.t === "low") {
    if (!Number.isInteger(body.i) || !LOW_ROUNDS.includes(body.round)) return false;
    const key = `${body.step}:${body.i}:${body.round}:${body.seat}`;
    if (table.lows.has(key)) return false;
    table.lows.set(key, body);
  } else {
    const key = `${body.step}:${body.seat}`;
    const got = table.draws.get(key) || {};
    if (body.t === "commit" && typeof body.hash === "string" && got.hash === undefined) { got.hash = body.hash; got.commit = body; }
    else if (body.t === "reveal" && typeof body.secret === "string" && got.secret === undefined) { got.secret = body.secret; got.reveal = body; }
    else return false;
    table.draws.set(key, got);
  }
  table.log.push(body);
  return true;
}
