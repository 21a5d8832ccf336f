// A live card table (Chabashi, Daifugō) between friends' browsers, with no server and no trusted dealer.
// The host's browser is the hub (web/live/peer.js) and plays its person's seat and its bots'
// seats; every other browser plays its person's seat. Every browser runs the same loop, one step
// at a time, in lockstep:
//   1. the engine says who acts (pyengine/app/live_table.py: live_view's `next`);
//   2. the browser that plays that seat sends its move as the table may know it (a card put face
//      down is written ? with its position); a card from the deck needs no move;
//   3. every browser asks its engine for the step's plan (the same everywhere: positions of the
//      deal to give to one seat or to open to all, a new deck at a hand's first card) and carries
//      it out with the fair deal (web/live/deal.js): the deck shuffled and locked by every seat,
//      each position readable only by the seats the plans give it;
//   4. once each of its seats can read what the plan shows it, the engine steps them (live_advance)
//      and the table is drawn from the person's seat.
// At the end every seat reveals its keys, every browser verifies every deal and replays the whole
// session in the full engine (live_verify), and the record opens as an ordinary finished game.
// What travels: {t: "prepare"} (the host's set-up once every friend is in the lobby: the first
// deck is shuffled then), {t: "start"}, {t: "move", step, seat, move}, {t: "deal", msg}
// (the deal's messages: broadcasts through the host, keys privately, sealed between friends),
// {t: "answer"} (a hidden read answered), {t: "commit"} and {t: "reveal"} (a shared draw), {t: "low"}
// (a round of a read every seat answers together: web/live/cards-lowest.js).
// A friend who drops out (a lost connection, a reload) gets a new invitation from the host's
// panel: its page takes the game up where it was (web/live/cards-keep.js: what it kept, its deals
// rebuilt from their seeds, its steps replayed), the host sends it the table so far ({t: "start",
// resume: true}, every public frame and broadcast) and tells the others ({t: "sync"}) to send it
// their keys again; it sends what it said; every page passes over the copies it already has.
import { callOk } from "../bridge.js";
import { notify } from "../dom.js";
import { whenEngine } from "../engine-start.js";
import { t } from "../i18n.js";
import { app } from "../state.js";
import { loadTable, render, tableHold } from "../table.js";
import { sharedDraw } from "./cards-draw.js";
import { auditLowest, revealLowest, sharedLowest } from "./cards-lowest.js";
import { forget, keep, kept, remember, takeUp } from "./cards-keep.js";
import { newDeal, nextDeck, nextDeckSoon, redeckAhead, startDeal } from "./cards-decks.js";
import { drawCardsPanel, drawLobby, drawStatus, guestSeats, heardStarting, liveEnd, lobby, sayStarting, takeCardReply } from "./cards-panel.js";
import { broadcast, checked, deliver, isKnown, relay, route, say, sendTo } from "./cards-net.js";
import { LIVE_CARD_GAMES, OPENED, friendSeats, localCards, measure, ownTurn, poke, problem, readable, seatLabel, table, until } from "./cards-state.js";
import { RETIRED } from "./deal-hands.js";
import { LiveHost } from "./peer.js";
import { listenForReplies } from "./signal.js";
import { changed, iceServers, linkTo, live } from "./table.js";

export { LIVE_CARD_GAMES, drawCardsPanel };
export { usedInvitation } from "./cards-keep.js";
export { diagnose } from "./cards-state.js";
/** @typedef {import("./cards-state.js").Frame} Frame */
/** @typedef {import("./deal.js").Deal} Deal */
/** @typedef {import("./cards-state.js").DealOp} DealOp */

// ---------------------------------------------------------------- the host's lobby
/** The host starts a live card table from the set-up form (seat 0 is the host's person; the other
 * people are friends to invite; bots play in this browser). @param {NewGameArgs} args */
export async function hostCards(args) {
  const seats = /** @type {[string, string][]} */ (args.seats);
  table.role = "host";
  table.setup = { game: args.game, rules: args.rules ?? null, seats, plays: {} };
  seats.forEach(([, kind], i) => { /** @type {any} */ (table.setup).plays[String(i)] = i === 0 || kind !== "human" ? "host" : "guest"; });
  table.me = 0;
  table.local = seats.flatMap(([, kind], i) => (i === 0 || kind !== "human" ? [i] : []));
  warm(args.game);
  const host = hub();
  drawLobby();
  for (const [i, [, kind]] of seats.entries()) {
    if (i === 0 || kind !== "human") continue;
    table.states[i] = "preparing";
    drawLobby();
    table.links[i] = linkTo("join", await host.invite(i, { game: args.game, seat: i, cards: true }));
    table.states[i] = "invited";
    drawLobby();
  }
}
/** The host takes up again a table it kept (its page reloaded or closed mid-game): the table
 * under the same id, its deals rebuilt and its steps replayed; every friend is away until the
 * host's New invitation for them is answered. @param {string} id */
export async function resumeHost(id) {
  const k = kept(id, 0);
  if (!k || k.role !== "host" || table.running) return;
  takeUp(k);
  table.resuming = true;
  hub();
  k.setup.seats.forEach(([, kind], i) => { if (i !== 0 && kind === "human") table.states[i] = "closed"; });
  await begin();
}
/** The host's side of the connection (a table's id kept when it is taken up again). */
function hub() {
  const seats = /** @type {NonNullable<typeof table.setup>} */ (table.setup).seats;
  const host = new LiveHost({ seats: seats.length, iceServers: iceServers(), table: table.id || undefined });
  table.host = host;
  table.id = host.table;
  host.on("seat", (/** @type {number} */ seat, /** @type {string} */ state) => {
    table.states[seat] = state;
    if (state !== "open") table.engines.delete(seat); // (a new connection may be a new page)
    sayStarting();
    if (state === "open" && table.running) void catchUp(seat);
    if (!table.running && !table.resuming) lobbyDeck();
    drawLobby();
    drawStatus();
  });
  host.on("message", (/** @type {number} */ seat, /** @type {any} */ body) => fromNetwork(seat, body));
  host.on("refused", (/** @type {number} */ seat, /** @type {string} */ reason) => problem(t("live.refused", { seat: seatLabel(seat), reason })));
  whenEngine(sayStarting).catch(() => {}); // (friends who came before this page's engine hear it is up)
  listenForReplies(async (text) => {
    if (table.role !== "host" || !table.host) return false;
    return takeCardReply(text);
  });
  return host;
}
lobby.start = startAsHost;
function startAsHost() {
  if (!table.host || !table.setup || table.running) return;
  /** @type {Frame} */
  const frame = { t: "start", table: table.id, gen: table.gen, ...table.setup };
  table.host.broadcast(frame);
  begin();
}
/** The host's lobby: once every friend is connected, every seat shuffles and locks the first deck
 * (the host says "prepare"), so that the first hand does not wait for it after Start. A friend
 * who drops before Start takes its keys of that deck away with its page: the deck is put aside,
 * and a new one, under a new name, is made once every friend is back. */
function lobbyDeck() {
  if (!table.host || !table.setup) return;
  if (!friendSeats().every((i) => table.states[i] === "open")) {
    if (table.prepared) putAside(table.gen + 1);
    return;
  }
  if (table.prepared) return;
  table.host.broadcast({ t: "prepare", table: table.id, gen: table.gen, ...table.setup });
  void prepare();
}
/** The first deck made so far is put aside; the next is the table's round `gen`. @param {number} gen */
function putAside(gen) {
  table.gen = gen;
  table.prepared = null;
  table.deals = [];
  table.played = [];
  table.holders = [];
  table.seeds = {};
  table.early.clear();
  poke(); // (a wait on the deck put aside ends: redeckAhead)
}
/** The table built in this page's engine and the first deck's shuffle started (in the lobby, or
 * at Start when the lobby did not): the engine's first answer. @returns {Promise<EngineResult>} */
function prepare() {
  const setup = /** @type {NonNullable<typeof table.setup>} */ (table.setup), gen = table.gen;
  if (!table.prepared) {
    const made = (async () => {
      await whenEngine(() => {});
      const r = await callOk("live_new", { game: setup.game, rules: setup.rules, seats: setup.seats, me: table.me, local: table.local, table: table.id });
      if (table.gen === gen && !table.deals[0]) {
        table.deck = r.deck || [];
        table.redeck = r.redeck || null;
        startDeal(0);
        void redeckAhead(gen);
      }
      return r;
    })();
    made.catch(() => {}); // (said when the game begins)
    table.prepared = made;
  }
  return table.prepared;
}

// ---------------------------------------------------------------- the network
/** The public frames' kinds: a seat's own, signed, kept and sent again to a friend who comes back. */
const PUBLIC = ["move", "answer", "commit", "reveal", "low"];
/** A frame from another browser (the host hears every guest; a guest hears the host; a deal's
 * keys come privately, and say which seat they are for). @param {number} from @param {any} body */
export function fromNetwork(from, body) {
  if (!body || typeof body !== "object" || typeof body.t !== "string") return;
  if (body.t === "start" && table.role !== "host") return joinedStart(body);
  if (body.t === "prepare" && table.role === "guest") return joinedPrepare(body);
  if (body.t === "sync" && table.role === "guest") return sendKeysAgain(body.seat);
  if (body.t === "engine" || body.t === "starting") return heardStarting(from, body);
  if (PUBLIC.includes(body.t)) {
    if (!Number.isInteger(body.step) || !Number.isInteger(body.seat)) return;
    // a friend speaks for its own seat only: the host passes on nothing else (and a page knows
    // what its own seats said)
    if (table.role === "host" && body.seat !== from) {
      problem(t("live.refused", { seat: seatLabel(from), reason: t("live.not_their_seat", { seat: seatLabel(body.seat) }) }));
      return;
    }
    if (table.local.includes(body.seat)) return;
    if (table.role === "host" && !isKnown(body)) relay(from, body);
  }
  if (PUBLIC.includes(body.t)) {
    if (body.t !== "answer" || Number.isInteger(body.i)) remember(body);
    poke();
    return;
  }
  if (body.t === "deal" && body.msg && typeof body.msg === "object") {
    const msg = body.msg;
    // a friend's deal messages are its own seat's: the host passes on no other (a friend that
    // sends another seat's shuffle first would take that seat's place in the deal)
    if (table.role === "host" && msg.seat !== from) {
      problem(t("live.refused", { seat: seatLabel(from), reason: t("live.not_their_seat", { seat: seatLabel(msg.seat) }) }));
      return;
    }
    if (msg.to !== undefined) {
      if (table.local.includes(msg.to)) deliver(msg.to, msg);
      return;
    }
    const copy = table.deals.some((deals) => Array.from(deals.values()).some((d) => d.isCopy(msg)));
    if (table.role === "host" && !copy) relay(from, body);
    for (const s of table.local) if (s !== msg.seat) deliver(s, msg);
  }
}

// ---------------------------------------------------------------- a friend comes back
/** The host: a friend's seat is open again mid-game (a new invitation after a drop or a reload).
 * It gets the table's keys, the set-up (marked as under way), every public frame and every
 * broadcast of every deal, and the keys this browser's seats owe it; every other friend is told
 * to send it their keys again. The friend's page passes over what it has. @param {number} seat */
async function catchUp(seat) {
  const host = table.host;
  if (!host || !table.setup) return;
  await host.sendRoster(); // (its friends' keys first: their private messages to it are sealed)
  host.send(seat, { t: "start", table: table.id, ...table.setup, resume: true });
  for (const f of table.log) host.send(seat, f);
  for (const deals of table.deals) {
    const d = deals.get(table.me);
    if (d) for (const msg of d.transcript) host.send(seat, { t: "deal", msg });
    for (const x of deals.values()) for (const msg of x.sentTo(seat)) host.sendPrivate(seat, { t: "deal", msg });
  }
  host.broadcast({ t: "sync", seat });
  drawStatus();
}
/** A friend's page, connected again: it sends what it said (its moves and secrets, its deals'
 * broadcasts and keys), which the others pass over where they have it, and takes up the game. */
function catchUpHost() {
  if (!table.setup) return;
  for (const f of table.log) if (table.local.includes(f.seat)) broadcast(f);
  for (const deals of table.deals) {
    for (const [s, d] of deals) {
      for (const msg of d.transcript) if (msg.seat === s) broadcast({ t: "deal", msg });
      table.setup.seats.forEach((_, to) => { if (to !== s) for (const msg of d.sentTo(to)) sendTo(to, msg); });
    }
  }
  if (table.resuming && !table.running) void begin();
  else if (shown) show(shown); // (the invitation's panel took the table's place)
  poke();
}
/** Every friend's page: a seat came back; it gets this page's keys for it again. @param {unknown} seat */
function sendKeysAgain(seat) {
  if (!Number.isInteger(seat) || table.local.includes(/** @type {number} */ (seat))) return;
  for (const deals of table.deals) for (const d of deals.values()) for (const msg of d.sentTo(/** @type {number} */ (seat))) sendTo(/** @type {number} */ (seat), msg);
}
// ---------------------------------------------------------------- a friend's browser
/** The guest side: the connection made by web/live/table.js's invitation, then the host's start.
 * When this browser kept the seat of that table (a reload mid-game), the table is taken up again
 * from what it kept once the host says it is under way. @param {any} guest a LiveGuest
 * @param {number} seat @param {string} id the table's @param {string} invitation the link's text */
export function adoptGuest(guest, seat, id, invitation, game = "") {
  if (game in LIVE_CARD_GAMES) warm(game);
  live.seats = guestSeats;
  if (table.role === "guest" && table.id === id && table.me === seat && (table.running || table.resuming)) {
    table.guest = guest; // the same page, a new connection: it catches up once it opens
    table.invitation = invitation;
    return;
  }
  table.invitation = invitation;
  table.role = "guest";
  table.guest = guest;
  table.me = seat;
  table.local = [seat];
  const k = kept(id, seat);
  if (!k) return;
  try {
    table.resuming = true;
    takeUp(k);
  } catch (e) {
    table.resuming = false;
    table.stranded = t("live.cards_not_kept", { why: /** @type {Error} */ (e).message });
  }
}
/** Loads the game's table and live engine while friends are invited (a friend's page draws its
 * table as soon as the game starts). @param {string} game */
function warm(game) {
  void loadTable(game);
  whenEngine(sayStarting).then(() => callOk("live_warm", { game })).catch((e) => console.warn("live:", e));
}
/** The set-up in a host's frame ("prepare", "start"), or null when it is not one.
 * @param {any} frame @returns {NonNullable<typeof table.setup> | null} */
function setupOf(frame) {
  const seats = frame.seats;
  if (!Array.isArray(seats) || typeof frame.game !== "string" || !(frame.game in LIVE_CARD_GAMES)) return null;
  return { game: frame.game, rules: frame.rules ?? null, seats, plays: frame.plays || {} };
}
/** A friend's page in the lobby: every friend is connected, and the first deck is shuffled now
 * (a new round of it when the last was put aside). @param {any} frame */
function joinedPrepare(frame) {
  const setup = setupOf(frame);
  if (table.running || table.resuming || !setup || !Number.isInteger(frame.gen)) return;
  if (frame.gen !== table.gen) putAside(frame.gen);
  table.setup = setup;
  table.id = String(frame.table);
  changed(); // (the invitation's panel says who sits where)
  void prepare();
}
/** @param {any} frame */
function joinedStart(frame) {
  if (table.role !== "guest") return;
  if (table.running || table.resuming) return catchUpHost();
  if (frame.resume) { // a table under way, and this browser kept nothing of the seat
    table.stranded = t("live.cards_not_kept", { why: t("live.cards_nothing_kept") });
    problem(table.stranded);
    return;
  }
  const setup = setupOf(frame);
  if (!setup) return;
  const gen = Number.isInteger(frame.gen) ? frame.gen : 0;
  if (gen !== table.gen || (table.id && table.id !== String(frame.table))) putAside(gen);
  table.setup = setup;
  table.id = String(frame.table);
  begin();
}

// ---------------------------------------------------------------- the game
async function begin() {
  if (!table.setup) return;
  table.running = true;
  await whenEngine(() => {});
  // a page taken up again replays its steps so far, each local seat reading what its deals show it
  const again = table.resuming ? {
    steps: table.mark.steps,
    cards: table.deals.map((_, k) => Object.fromEntries(table.local.map((s) => [s, readable(s, k)]))),
  } : {};
  let r;
  try {
    r = table.resuming ? await callOk("live_new", { game: table.setup.game, rules: table.setup.rules, seats: table.setup.seats,
      me: table.me, local: table.local, table: table.id, ...again }) : await prepare();
  } catch (e) {
    table.running = false;
    table.stranded = /** @type {Error} */ (e).message;
    problem(table.stranded);
    return;
  }
  table.resuming = false;
  if (!table.deals[0]) startDeal(0); // (at once: its keys sign every seat's moves, draws and answers)
  keep(); // (the first deck's seeds, drawn in the lobby: kept from here on)
  app.livePlay = (action) => {
    if (!table.wantAction) return notify(t("live.not_your_turn"), [], "error");
    table.wantAction(action);
  };
  window.addEventListener("beforeunload", leaveWarning);
  window.addEventListener("pagehide", () => { if (table.running) keep("now"); });
  show(r);
  try {
    await loop(nextOf(r));
  } catch (e) {
    problem(/** @type {Error} */ (e).message);
  }
}
/** @param {BeforeUnloadEvent} ev */
function leaveWarning(ev) {
  if (table.running && !table.verified) { ev.preventDefault(); ev.returnValue = ""; }
}
/** The person's view on the table. @param {EngineResult} r */
function show(r) {
  if (!r.view) return;
  shown = r;
  app.view = r.view;
  app.autoState = { game: r.view.game, rules: r.view.rules, record: null, to_move: r.view.to_move, viewer: r.view.viewer,
    observation: r.view.observation, status: r.view.status, ply: r.view.cursor, length: r.view.length };
  app.currentKey = null;
  render();
  drawStatus();
}
/** The table's view again, in the page's language now (the page drawn in a new language). */
export async function viewInLanguage() {
  // (the engine answers in the order asked: a step the loop shows meanwhile was asked for first)
  const r = await callOk("live_view", {});
  if (r.view) { shown = r; app.view = r.view; }
}
/** @type {EngineResult | null} the view last on the table (drawn again after a new invitation) */
let shown = null;
/** @param {EngineResult} r */
function nextOf(r) {
  if (!r.next) throw new Error("the engine did not say who acts next");
  return r.next;
}
/** @param {NonNullable<EngineResult["next"]>} next */
async function loop(next) {
  for (;;) {
    if (next.kind === "over") return finish();
    if (next.kind === "chance" && table.holders[table.current]) { // cards already given and read: dealt in one go
      const r = await dealRun();
      if (r) { next = nextOf(r); continue; }
    }
    const step = next.step;
    /** @type {any} */
    let move = null;
    if (next.to_act >= 0) {
      nextDeckSoon();
      const said = table.moves.get(step); // (a page taken up again says what it said before the reload)
      if (next.local && said && said.seat === next.to_act) {
        move = said.move;
      } else if (next.local) {
        let r;
        if (next.kind === "bot") r = await callOk("live_move", { seat: next.to_act, bot: true });
        else {
          for (;;) { // the person picks on the table; an illegal pick is said and asked again
            const action = await new Promise((resolve) => { table.wantAction = resolve; });
            table.wantAction = null;
            try { r = await callOk("live_move", { seat: next.to_act, action }); break; } catch (e) { notify(/** @type {Error} */ (e).message, [], "error"); }
          }
        }
        move = r.move;
        say({ t: "move", step, seat: next.to_act, move });
      } else {
        const got = await checked(await until(() => table.moves.get(step), seatLabel(next.to_act)), seatLabel(next.to_act));
        if (got.seat !== next.to_act) throw new Error(t("live.refused", { seat: seatLabel(got.seat), reason: "a move out of turn" }));
        move = got.move;
      }
    } else if (next.kind === "draw") {
      move = { action: await sharedDraw(step, next.outcomes || []), positions: [] };
    } else {
      await tableHold(); // (a deal finishes arriving on screen; the person who deals next presses Deal)
    }
    const t0 = performance.now();
    // the cards first (a seat just dealt a card may have to answer about it), then the rules'
    // hidden reads, each answered by the browser of the seat it looks at, then the rest of the plan
    // (one call says the cards, the first read and, when there is none, the plan)
    const ops = /** @type {{ops?: DealOp[], ahead?: DealOp[], read: {name: string, seat: number, size?: number} | null, plan: DealOp[] | null}} */ (
      /** @type {unknown} */ (await callOk("live_card_ops", { move })));
    const first = ops.ops || [];
    // (at a hand's first card the whole deal is handed out at once where the game can say it ahead)
    const ahead = (ops.ahead || []).filter((op) => !first.some((f) => f.op === op.op && f.pos === op.pos));
    if (first.length || ahead.length) await carryOut([...first, ...ahead], next);
    /** @type {unknown[]} */
    const answers = [];
    for (let read = ops.read; read;) {
      const key = `${step}:${answers.length}`;
      if (read.seat < 0) { // (every seat together: only the answer comes out, never a seat's list)
        answers.push(await sharedLowest(step, answers.length, /** @type {number} */ (read.size), move, answers));
        ({ read } = /** @type {{read: {name: string, seat: number, size?: number} | null}} */ (/** @type {unknown} */ (await callOk("live_reads", { move, answers }))));
        continue;
      }
      if (table.local.includes(read.seat) && !table.answers.has(key)) {
        const { answer } = /** @type {{answer: unknown}} */ (/** @type {unknown} */ (await callOk("live_answer", { seat: read.seat, move, answers, cards: readable(read.seat) })));
        say({ t: "answer", step, i: answers.length, seat: read.seat, answer });
      }
      const got = await checked(await until(() => table.answers.get(key), seatLabel(read.seat)), seatLabel(read.seat));
      if (got.seat !== read.seat) throw new Error(t("live.refused", { seat: seatLabel(got.seat), reason: "an answer for another seat" }));
      answers.push(got.answer);
      ({ read } = /** @type {{read: {name: string, seat: number, size?: number} | null}} */ (/** @type {unknown} */ (await callOk("live_reads", { move, answers }))));
    }
    const plan = ops.plan && !answers.length ? ops.plan : /** @type {DealOp[]} */ ((await callOk("live_plan", { move, answers })).ops || []);
    if (JSON.stringify(plan.slice(0, first.length)) !== JSON.stringify(first)) throw new Error("the plan does not start with its cards");
    await carryOut(plan.slice(first.length), next);
    measure("live-protocol", t0); // (benchmarks/live_cards.py sums these)
    next = stepped(await callOk("live_advance", { move, cards: localCards(), answers }), step, move, answers);
  }
}
/** A step taken in the engine: kept, drawn; who acts next.
 * @param {EngineResult} r @param {number} step @param {unknown} move @param {unknown[]} answers */
function stepped(r, step, move, answers) {
  table.step = step + 1;
  table.mark.steps.push({ move, answers });
  markNow();
  keep(true);
  show(r);
  return nextOf(r);
}
/** The page's mark of the steps done (kept with the table: a reload takes it up from there). */
function markNow() {
  table.mark = { steps: table.mark.steps, current: table.current, played: [...table.played], holders: table.holders.map((x) => [...x]) };
}
/** The cards from the deck that every local seat can read already (a hand's deal is given ahead
 * at its first card: its keys come in together), dealt by one engine call; null when the next one
 * is not ready (the loop then takes it step by step and waits for its cards). Every browser's
 * steps are the same whichever way it takes them; a dealt card sends no message. */
async function dealRun() {
  const r = await callOk("live_deal_run", { cards: localCards(), holders: table.holders[table.current] });
  const dealt = Number(r.dealt) || 0;
  if (!dealt) return null;
  for (let i = 0; i < dealt; i++) table.mark.steps.push({ move: null, answers: [] });
  table.step += dealt;
  markNow();
  keep(true);
  show(r);
  return r;
}
/** The plan's deal operations, in the same order at every browser: a new deck; then each position
 * given by its holder (or the host when nobody holds it) and each opened by its holder (or by
 * every seat's own key); then each rehand, once its seat reads the cards it puts under handles;
 * then wait until every local seat reads what the plan shows it.
 * @param {DealOp[]} ops @param {{to_act: number}} next */
async function carryOut(ops, next) {
  if (!table.setup) return;
  const n = table.setup.seats.length;
  const deck = ops.find((op) => op.op === "deck");
  if (deck) await newDeal();
  const deals = table.deals[table.current];
  if (!deals) return;
  const size = Array.from(deals.values())[0].size;
  if (deck && deck.pos !== size) throw new Error(`the plan's deck has ${deck.pos} cards, the deal's ${size}`);
  // who holds each position, as the plans so far made it (the same at every browser: a deal's own
  // count may already include a message of this step that another seat sent)
  const holders = table.holders[table.current];
  /** @type {{seat: number, kind: "assign" | "open" | "rehand", positions: number[], holders: number[]}[]} */
  const duties = [];
  /** @param {number} seat @param {"assign" | "open"} kind @param {number} pos @param {number} holder */
  const add = (seat, kind, pos, holder) => {
    let d = duties.find((x) => x.seat === seat && x.kind === kind);
    if (!d) { d = { seat, kind, positions: [], holders: [] }; duties.push(d); }
    d.positions.push(pos);
    d.holders.push(holder);
  };
  for (const op of ops) {
    if (op.op === "deck" || op.op === "rehand" || (op.op === "give" && holders[op.pos] === op.seat) || (op.op === "open" && holders[op.pos] === OPENED)) continue; // (done ahead)
    const holder = holders[op.pos];
    if (op.op === "give") add(holder >= 0 ? holder : 0, "assign", op.pos, op.seat);
    else if (holder >= 0) add(holder, "open", op.pos, -1);
    else for (let s = 0; s < n; s++) add(s, "open", op.pos, -1);
  }
  duties.sort((a, b) => a.seat - b.seat || (a.kind === b.kind ? 0 : a.kind === "assign" ? -1 : 1));
  for (const op of ops) {
    if (op.op === "give") holders[op.pos] = op.seat;
    else if (op.op === "open" && holders[op.pos] < 0) holders[op.pos] = OPENED;
    else if (op.op === "rehand") { // (its handles numbered on, as the deal numbers them)
      if (op.pos !== holders.length) throw new Error(`the plan's handles start at ${op.pos}, the deal's at ${holders.length}`);
      const positions = op.positions || [];
      duties.push({ seat: op.seat, kind: "rehand", positions, holders: [] });
      for (const j of positions) holders[j] = RETIRED;
      holders.push(...positions.map(() => op.seat));
    }
  }
  // (counted, not read: another seat's message may already be in when this browser gets here)
  const base = table.played[table.current];
  table.played[table.current] = base + duties.length;
  for (const [k, duty] of duties.entries()) {
    if (table.local.includes(duty.seat)) {
      const d = /** @type {Deal} */ (deals.get(duty.seat));
      await until(() => d.transcript.length >= base + k, seatLabel(duty.seat));
      if (duty.kind === "rehand") await until(() => duty.positions.every((j) => d.card(j) !== null || d.shown(j) !== null), seatLabel(duty.seat));
      // (done already when a page taken up again gets here: its message is in the transcript)
      if (ownTurn(d, base + k, duty.seat)) {
        route(duty.seat, duty.kind === "assign" ? d.assign(duty.positions, duty.holders) : duty.kind === "open" ? d.open(duty.positions) : d.rehand(duty.positions), d);
      }
    }
    await until(() => Array.from(deals.values()).every((d) => d.transcript.length >= base + k + 1), seatLabel(duty.seat));
  }
  const shows = ops.filter((op) => op.op === "open").map((op) => op.pos);
  await until(() => table.local.every((s) => {
    const d = /** @type {Deal} */ (deals.get(s));
    return ops.every((op) => op.op !== "give" || op.seat !== s || d.card(op.pos) !== null)
      && shows.every((j) => d.shown(j) !== null || d.card(j) !== null);
  }), next.to_act >= 0 ? seatLabel(next.to_act) : t("live.the_deal"));
}
/** The end: every seat reveals its keys, every deal is verified, the session replayed in full. */
async function finish() {
  table.wantAction = null;
  table.verifying = true;
  app.liveEnd = liveEnd; // (the table's end summary says so too, where the eye is: then the record)
  drawStatus();
  render();
  nextDeck();
  revealLowest(); // (the keys of reads every seat answered together: checked below with the deals)
  const n = table.setup ? table.setup.seats.length : 0;
  // (the deck shuffled ahead for a hand that never came is revealed and verified too)
  // (shuffled and locked: another seat's reveal may be in already, which ends a deal's "play")
  await until(() => table.deals.every((deals) => Array.from(deals.values()).every((d) => d.phase !== "shuffle" && d.phase !== "lock")), t("live.the_deal"));
  for (const [di, deals] of table.deals.entries()) { // every seat reveals in turn (a broadcast each)
    const base = table.played[di];
    for (let s = 0; s < n; s++) {
      const d = deals.get(s);
      if (d) {
        await until(() => d.transcript.length >= base + s, seatLabel(s));
        if (ownTurn(d, base + s, s)) route(s, d.reveal(), d);
      }
      await until(() => Array.from(deals.values()).every((x) => x.transcript.length >= base + s + 1), seatLabel(s));
    }
  }
  await until(() => table.deals.every((deals) => Array.from(deals.values()).every((d) => d.report !== null)), t("live.the_deal"));
  const mine = table.deals.map((deals) => /** @type {Deal} */ (deals.get(table.me)));
  const bad = mine.flatMap((d) => (d.report && !d.report.ok ? d.report.problems : []));
  const lead = bad.length ? null : await auditLowest();
  if (bad.length) {
    table.verified = { ok: false, problem: bad.map((p) => `${p.seat === null ? "" : seatLabel(p.seat) + ": "}${p.detail}`).join("; ") };
  } else if (lead?.problem) {
    table.verified = { ok: false, ...lead.problem };
  } else {
    const decks = mine.map((d) => d.report ? d.report.cards : []);
    table.verified = (await callOk("live_verify", { decks, leads: lead?.leads ?? [] })).report || { ok: false, problem: "the engine gave no report" };
  }
  table.verifying = false;
  forget(table.id, table.me);
  window.removeEventListener("beforeunload", leaveWarning);
  drawStatus(); // (the panel first: the record it gains above the table moves the table down)
  render(); // (then the table's summary, whose record is brought into view)
}
/** The connection to the host changed (web/live/table.js tells a friend's page). */
export function connectionChanged() { sayStarting(); drawStatus(); }
/** Whether a live card table is on this page. */
export const cardsRunning = () => table.running;
