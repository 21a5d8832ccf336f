// What a live card table (web/live/cards.js) holds in one browser, the waiting it does and what
// its deals show its seats: the seats it plays, the deals (one Deal per hand and local seat), what
// the other browsers said, by step, and the mark of the last step done (what
// web/live/cards-keep.js keeps for a reload).
import { notify } from "../dom.js";
import { t } from "../i18n.js";

/** The card games with a live table, and their decks' names for the deal. */
export const LIVE_CARD_GAMES = { chabashi: "dido-36", daifugo: "french" };
/** In a deal's holders: a position shown to every seat by nobody's hand (a card dealt face up;
 * pyengine/app/live_table.py's OPENED). */
export const OPENED = -2;
const WAIT_MS = 120_000; // how long a step waits for another seat before the page says so

/** @typedef {{t: string, [key: string]: any}} Frame */
/** @typedef {{op: string, pos: number, seat: number, positions?: number[]}} DealOp */
/** @typedef {{game: string, rules: string | null, seats: [string, string][], plays: Record<string, "host" | "guest">}} Setup */
/** The state at the end of the last step done: what a reloaded page takes up again from.
 * @typedef {{steps: {move: any, answers: unknown[]}[], current: number, played: number[], holders: number[][]}} Mark */

export const table = {
  /** @type {"host" | "guest" | null} */ role: null,
  /** @type {import("./peer.js").LiveHost | null} */ host: null,
  /** @type {any} a LiveGuest */ guest: null,
  /** @type {string} */ id: "",
  /** @type {Setup | null} */ setup: null,
  me: -1,
  /** @type {number[]} the seats this browser plays */ local: [],
  /** @type {string[]} */ deck: [],
  /** @type {{set: number, keep: number[], fixed: number} | null} which decks are made from an earlier one (pyengine's `redecks`) */ redeck: null,
  /** @type {Map<number, import("./deal.js").Deal>[]} every hand's deal, one Deal per local seat */ deals: [],
  /** @type {Record<string, string>} the seed of each local seat's side of each deal, by "deal:seat" */ seeds: {},
  /** @type {Map<string, any[]>} messages of a deal this browser has not started yet */ early: new Map(),
  /** @type {number[]} per deal, the number of its broadcasts the steps so far have made */ played: [],
  /** @type {number[][]} per deal, who holds each position (−1: nobody; OPENED: shown to all) after the steps so far */ holders: [],
  current: -1, // the deal in use (the next one is being shuffled meanwhile)
  // the round of the first deck: one shuffled in the lobby is put aside when a friend drops before
  // Start (its keys went with that page), and the next one is named anew (dealName)
  gen: 0,
  /** @type {Promise<any> | null} the table built in this page's engine and its first deck started */ prepared: null,
  /** @type {Map<number, any>} the moves received, by step */ moves: new Map(),
  /** @type {Map<string, any>} the answers to hidden reads, by "step:index" */ answers: new Map(),
  /** @type {Map<string, {hash?: string, secret?: string, commit?: Frame, reveal?: Frame}>} a shared draw's commitments and secrets (and their frames), by "step:seat" */ draws: new Map(),
  /** @type {Map<string, Frame>} the rounds of reads every seat answers together (web/live/cards-lowest.js), by "step:i:round:seat" */ lows: new Map(),
  /** @type {Record<string, string>} this browser's secrets for shared draws ("step:seat") and joint reads ("low:step:i:seat") */ secrets: {},
  /** @type {Frame[]} the public frames (moves, answers, commitments, secrets) in the order taken */ log: [],
  /** @type {Mark} */ mark: { steps: [], current: -1, played: [], holders: [] },
  /** @type {((action: string) => void) | null} */ wantAction: null,
  /** @type {Record<number, string>} seat → invitation link (host) */ links: {},
  /** @type {Record<number, string>} seat → connection state (host) */ states: {},
  /** @type {Set<number>} the friends' seats whose page has said its engine is up (host) */ engines: new Set(),
  /** @type {number[]} the seats whose browser is still starting its engine, as the host last said (friend) */ starting: [],
  /** @type {string[]} problems named (a refused message, a failed verification) */ problems: [],
  /** @type {{ok: boolean, fragment?: string, ply?: number, seat?: number | null, problem?: string} | null} */ verified: null,
  /** @type {string | null} why this browser cannot take its seat again (a reload with nothing kept) */ stranded: null,
  /** the invitation this friend's page joined with */ invitation: "",
  step: 0,
  running: false,
  verifying: false,
  resuming: false,
};

/** The name of the table's k-th deal (every browser names it alike). @param {number} k */
export const dealName = (k, id = table.id, gen = table.gen) => (gen ? `${id}.${gen}-${k}` : `${id}-${k}`);

/** The deal deck `k` is made from and the positions of it it keeps, or null (a fresh deck). With
 * blind cards the decks go in turns of a set's games + 1: the set's blind deck (fresh, its jokers
 * kept in place), then a redeck of it per game (web/live/deal-redeck.js). @param {number} k */
export function redeckOf(k) {
  const r = table.redeck, period = r && r.set > 0 ? r.set + 1 : 0;
  if (!r || k === 0 || (period && k % period === 0)) return null;
  return { source: period ? k - (k % period) : 0, keep: r.keep };
}
/** How many positions deck `k` has (before any rehand's handles). @param {number} k */
export const deckSize = (k) => { const r = redeckOf(k); return r ? r.keep.length : table.deck.length; };
/** How many broadcasts making deck `k` takes: a shuffle and a lock per seat (a redeck's strips too). @param {number} k */
export const makingOf = (k) => (redeckOf(k) ? 3 : 2) * (table.setup ? table.setup.seats.length : 0);
/** A local seat's side of deck `k`: the options of its Deal. @param {number} k @param {number} seat
 * @param {import("./deal-group.js").Rng} rng @returns {import("./deal.js").DealOptions & {rng: import("./deal-group.js").Rng}} */
export function dealOptions(k, seat, rng) {
  const setup = /** @type {Setup} */ (table.setup), r = redeckOf(k);
  const source = r && table.deals[r.source] && table.deals[r.source].get(seat);
  if (r && !source) throw new Error(`deck ${k} is made from deck ${r.source}, which this page does not have`);
  return { deal: dealName(k), seats: setup.seats.length, deck: LIVE_CARD_GAMES[/** @type {"chabashi"} */ (setup.game)], cards: table.deck, me: seat, rng,
    ...(r && source ? { from: { deal: source, keep: r.keep } } : {}), ...(!r && table.redeck ? { fixed: table.redeck.fixed } : {}) };
}

/** @type {Set<() => void>} */
const waiters = new Set();
/** Something arrived: every wait checks its condition again. */
export function poke() { for (const w of Array.from(waiters)) w(); }
/** Resolves with cond()'s value once it is truthy (checked whenever something arrives). A wait
 * that lasts says so once, and goes on waiting: a friend may come back with a new invitation.
 * @template T @param {() => T} cond @param {string} what @returns {Promise<NonNullable<T>>} */
export function until(cond, what) {
  return new Promise((resolve, reject) => {
    const check = () => {
      let v;
      try { v = cond(); } catch (e) { waiters.delete(check); clearTimeout(timer); reject(e); return; }
      if (v) { waiters.delete(check); clearTimeout(timer); resolve(/** @type {NonNullable<T>} */ (v)); }
    };
    const timer = setTimeout(() => { if (waiters.has(check)) notify(t("live.cards_stalled", { what }), [], "error"); }, WAIT_MS);
    waiters.add(check);
    check();
  });
}
/** The seats of the host's friends (every person but the host's own). @returns {number[]} */
export const friendSeats = () => (table.setup ? table.setup.seats.flatMap(([, kind], i) => (i !== 0 && kind === "human" ? [i] : [])) : []);
/** Who plays a seat: "host" (the host's person and its bots) or "guest". @param {number} seat */
export const playedBy = (seat) => (table.setup ? table.setup.plays[String(seat)] : "host");
/** A seat's name (or "Seat n"). @param {number} seat */
export function seatLabel(seat) {
  const s = table.setup && table.setup.seats[seat];
  return s && s[0] ? s[0] : t("table.seat", { n: seat + 1 });
}
/** A problem named on the page (a refused message, a failed step). @param {string} text */
export function problem(text) {
  table.problems.push(text);
  notify(text, [], "error");
}
/** What every deal of this page waits for (public facts only: for the tests' messages and a
 * person's bug report): per hand and local seat, its phase, its transcript's length, the
 * messages it holds for their turn, its rehands, and the messages of hands not started yet. */
export function diagnose() {
  return {
    step: table.step, current: table.current, played: table.played, problems: table.problems,
    deals: table.deals.map((deals) => Array.from(deals, ([s, d]) => ({ seat: s, phase: d.phase, transcript: d.transcript.length, held: d.held,
      rehands: d.transcript.filter((m) => m.kind === "rehand").length }))),
    early: Array.from(table.early, ([name, list]) => [name, list.length]),
  };
}

// ---------------------------------------------------------------- what the deals show
/** What every local seat can read of the current deck. */
export function localCards() {
  /** @type {Record<number, Record<number, string>>} */
  const cards = {};
  for (const s of table.local) cards[s] = readable(s);
  return cards;
}
/** The positions of a deck (the current one unless said) a local seat can read, with their cards.
 * @param {number} seat @param {number} [k] */
export function readable(seat, k = table.current) {
  /** @type {Record<number, string>} */
  const mine = {};
  const deals = table.deals[k];
  const d = deals && deals.get(seat);
  if (d) for (let j = 0; j < d.size; j++) { const c = d.card(j) ?? d.shown(j); if (c !== null) mine[j] = c; } // (the deck's positions, then handles)
  return mine;
}
/** Whether a local seat's message at a place of the transcript is still to be said (false when
 * it is there already; a message of another seat there is refused). @param {import("./deal.js").Deal} d @param
 * {number} seq @param {number} seat */
export function ownTurn(d, seq, seat) {
  const held = d.transcript[seq];
  if (!held) return true;
  if (held.seat !== seat) throw new Error(t("live.refused", { seat: seatLabel(held.seat), reason: `a message in seat ${seat + 1}'s turn` }));
  return false;
}
/** A span of the page's timeline, for the benchmarks. @param {string} name @param {number} start */
export function measure(name, start) {
  try { performance.measure(`pyengine:${name}`, { start, end: performance.now() }); } catch { /* an old browser */ }
}
