// A simulated live table for web/live/deal.js: every seat is a real Deal (the real library, no
// mocks) and this routes their messages as a mesh of private channels would, each one through
// JSON as over the wire. It imports nothing: the caller passes the deal module's namespace, so
// the same harness runs under Node (tests/live/deal_test.mjs) and in Chromium from the built site
// (benchmarks/live_deal.py, tests/e2e/test_live_deal.py).

/** Daifugō's deck: 52 cards and two jokers. */
export const FRENCH_54 = [..."SHDC"].flatMap((s) => [..."3456789TJQKA2"].map((r) => r + s)).concat(["X1", "X2"]);
/** The Dido-poikas deck Chabashi plays with: 36 cards. */
export const DIDO_36 = [..."ABCD"].flatMap((s) => [..."6789TJQKA"].map((r) => r + s));

/** A generator of bytes from the platform's cryptographic one that can be told to repeat an
 * earlier draw of 64 bytes (a seat whose keys repeat). */
export class RepeatingRng {
  constructor() {
    /** @type {Uint8Array[]} */ this.draws = [];
    /** @type {Map<number, number>} draw number → the earlier draw it repeats */ this.repeat = new Map();
    this.rng = (/** @type {number} */ n) => {
      if (n !== 64) return crypto.getRandomValues(new Uint8Array(n));
      const again = this.repeat.get(this.draws.length);
      const out = again === undefined ? crypto.getRandomValues(new Uint8Array(64)) : this.draws[again].slice();
      this.draws.push(out);
      return out;
    };
  }
}

export class Table {
  /**
   * @param {any} lib the namespace of web/live/deal.js
   * @param {{deal: string, seats: number, deck: string, cards: string[]}} setup
   * @param {{rngs?: any[], judge?: any, shuffleWire?: () => number, stepwise?: boolean,
   *   cheaters?: Record<number, ((kind: string, body: any, to?: number) => any) | null>,
   *   from?: {table: Table, keep: number[]}}} [options]
   *   `cheaters[seat]` rewrites what that seat signs (a modified client); `shuffleWire` (a
   *   generator of numbers in [0, 1)) delivers the messages in flight in a random order;
   *   `stepwise` makes every seat's passes a step at a time, as a page does (`slices` counts them);
   *   `from`: a redeck of the positions `keep` of another table's deal (each seat from its own side)
   */
  constructor(lib, setup, options = {}) {
    this.lib = lib;
    this.setup = setup;
    const cheaters = options.cheaters || {};
    this.cheats = cheaters;
    this.seats = Array.from({ length: setup.seats }, (_, me) => {
      const rng = options.rngs && options.rngs[me];
      const from = options.from ? { from: { deal: options.from.table.seats[me], keep: options.from.keep } } : {};
      const args = { ...setup, me, judge: options.judge || null, ...(rng ? { rng } : {}), ...from };
      if (!cheaters[me]) return new lib.Deal(args);
      const table = this;
      return new (class extends lib.Deal {
        /** @param {string} kind @param {any} body @param {number} [to] */
        seal(kind, body, to) {
          const rewrite = table.cheats[me];
          const msg = super.seal(kind, rewrite ? rewrite(kind, structuredClone(body), to) : body, to);
          table.lastSealed[me] = msg;
          return msg;
        }
      })(args);
    });
    /** @type {[number, any][]} */ this.wire = [];
    this.received = this.seats.map(() => /** @type {any[]} */ ([]));
    this.events = this.seats.map(() => /** @type {any[]} */ ([]));
    this.refused = this.seats.map(() => /** @type {any[]} */ ([]));
    /** @type {Record<number, any>} */ this.lastSealed = {};
    /** @type {((from: number, to: number, msg: any) => any) | null} a hand in the wire */
    this.intercept = null;
    this.time = this.seats.map(() => 0);
    this.shuffleWire = options.shuffleWire || null;
    this.slices = this.seats.map(() => 0);
    for (const d of this.seats) d.stepwise = Boolean(options.stepwise);
  }
  /** Sends what a seat owes. @param {number} from @param {{messages: any[], events: any[]}} out */
  post(from, out) {
    this.events[from].push(...out.events);
    for (const e of out.events) if (e.type === "refused") this.refused[from].push(e.error);
    for (const msg of out.messages) this.send(from, msg);
  }
  /** @param {number} from @param {any} msg */
  send(from, msg) {
    const text = JSON.stringify(msg);
    const targets = msg.to !== undefined ? [msg.to] : this.seats.map((_, i) => i).filter((i) => i !== from);
    for (const to of targets) this.wire.push([to, JSON.parse(text)]);
  }
  /** Runs one seat's call, timing it; a cheater's own refusal of its message still sends it.
   * @param {number} seat @param {() => any} call */
  call(seat, call) {
    const t0 = performance.now();
    try {
      this.post(seat, call());
      for (const d = this.seats[seat]; d.owesWork; this.slices[seat] += 1) { // a step per slice
        const out = d.work(0);
        if (out) this.post(seat, out);
      }
    } catch (e) {
      if (!(e instanceof this.lib.DealError)) throw e;
      this.refused[seat].push(e);
      if (this.cheats[seat] && this.lastSealed[seat]) this.send(seat, this.lastSealed[seat]);
    } finally {
      this.time[seat] += performance.now() - t0;
    }
  }
  start() {
    this.seats.forEach((d, i) => this.call(i, () => d.start()));
    return this.run();
  }
  run() {
    while (this.wire.length) {
      const at = this.shuffleWire ? Math.floor(this.shuffleWire() * this.wire.length) : 0;
      const [to, raw] = this.wire.splice(at, 1)[0];
      const msg = this.intercept ? this.intercept(raw.seat, to, raw) : raw;
      if (msg) this.deliver(to, msg);
    }
    return this;
  }
  /** @param {number} to @param {any} msg */
  deliver(to, msg) {
    this.received[to].push(msg);
    this.call(to, () => this.seats[to].receive(msg));
  }
  /** A seat acts (assign, open, reveal), then the table runs until quiet. @param {number} seat
   * @param {string} method @param {...any} args */
  act(seat, method, ...args) {
    this.call(seat, () => this.seats[seat][method](...args));
    return this.run();
  }
  /** Deals positions round-robin from `first`: position first + x goes to seat x mod seats. */
  dealRoundRobin(count, first = 0, dealer = 0) {
    const positions = Array.from({ length: count }, (_, x) => first + x);
    return this.act(dealer, "assign", positions, positions.map((_, x) => x % this.setup.seats));
  }
  revealAll() {
    for (let i = 0; i < this.setup.seats; i++) this.act(i, "reveal");
    return this;
  }
  /** From the messages a seat received alone (and its own keys): for each position, the seats
   * whose key for it that seat has seen. Counted from the wire, not from the Deal's own state. */
  keysSeen(seat) {
    const n = this.setup.seats;
    const seen = this.setup.cards.map(() => new Set([seat]));
    for (const msg of this.received[seat]) {
      if (msg.kind === "keys" && msg.to === seat) msg.body.positions.forEach((j) => seen[j]?.add(msg.seat));
      if (msg.kind === "open") msg.body.positions.forEach((j, x) => seen[j] && msg.body.keys[x].forEach((k, m) => { if (k !== null) seen[j].add(m); })); // (a handle's one secret aside)
      if (msg.kind === "reveal") seen.forEach((s) => s.add(msg.seat));
    }
    return seen.map((s) => s.size === n);
  }
}

/** The whole honest deal of a 5-seat, 54-card Daifugō table (shuffle, lock, every card dealt and
 * read by its holder), timed: the wall time with every seat in this one thread, and the busiest
 * seat's own time (what one browser computes at a real table, network aside); then a private
 * pass and its rehand, and a redeck of all but two of its positions (a set's next game).
 * @param {any} lib @param {number} [seats] @param {string[]} [cards] */
export function benchDeal(lib, seats = 5, cards = FRENCH_54) {
  const t0 = performance.now();
  const table = new Table(lib, { deal: `bench-${Math.random()}`, seats, deck: "french-54", cards });
  table.start();
  const shuffled = performance.now();
  table.dealRoundRobin(cards.length);
  const dealt = performance.now();
  const readable = table.seats.every((d, i) => d.hand(i).every((/** @type {number} */ j) => d.card(j) !== null));
  const busiest = Math.max(...table.time) / 1000;
  // a private pass of two cards, then the receiver's rehand of its whole hand: its cost, and the others'
  const last = seats - 1;
  table.act(0, "assign", table.seats[0].hand(0).slice(0, 2), [last, last]);
  const hand = table.seats[last].hand(last), before = table.time.slice();
  table.act(last, "rehand", hand);
  const spent = table.time.map((x, i) => (x - before[i]) / 1000);
  // a redeck of all but two positions (a set's next game, its blind cards left out): strips, shuffle, lock
  const r0 = performance.now();
  const keep = cards.map((_, j) => j).slice(2);
  const next = new Table(lib, { deal: `${table.setup.deal}-2`, seats, deck: "french-54", cards }, { from: { table, keep } });
  next.start();
  const redecked = performance.now();
  const v0 = performance.now();
  table.revealAll();
  const verified = performance.now();
  next.revealAll();
  const reports = [...table.events, ...next.events].map((ev) => ev.find((/** @type {any} */ e) => e.type === "verified"));
  return {
    seats, cards: cards.length, readable,
    shuffle_lock_s: (shuffled - t0) / 1000, deal_s: (dealt - shuffled) / 1000, whole_s: (dealt - t0) / 1000,
    busiest_seat_s: busiest,
    verify_all_seats_s: (verified - v0) / 1000, verified_ok: reports.every((r) => r && r.report.ok),
    rehand_cards: hand.length, rehand_seat_s: spent[last], rehand_others_s: Math.max(...spent.slice(0, last)),
    redeck_cards: keep.length, redeck_s: (redecked - r0) / 1000, redeck_busiest_seat_s: Math.max(...next.time) / 1000,
  };
}
