// The fair deal (web/live/deal.js) under Node, with the real @noble libraries: honest tables of
// Daifugō (5 seats, 54 cards) and Chabashi (3 seats, the 36-card Dido deck), and every way of
// cheating the protocol names. Run by tests/live/test_deal.py; prints one JSON object, each
// scenario's name with {ok, ...} or {ok: false, error}.  `node tests/live/deal_test.mjs [name...]`
import assert from "node:assert/strict";
import * as lib from "../../web/live/deal.js";
import * as group from "../../web/live/deal-group.js";
import { checkShuffle } from "../../web/live/deal-verify.js";
import { DIDO_36, FRENCH_54, RepeatingRng, Table } from "./deal_harness.mjs";

const SMALL = DIDO_36.slice(0, 12);
/** @param {string} name @param {number} [seats] @param {string[]} [cards] @param {any} [options] @param {number} [fixed] */
const table = (name, seats = 3, cards = SMALL, options = {}, fixed = 0) =>
  new Table(lib, { deal: `test-${name}`, seats, deck: cards.length === 54 ? "french-54" : "dido-36", cards, ...(fixed ? { fixed } : {}) }, options);

/** Every seat reads exactly the positions it was ever given (a card passed on stays known to the
 * seat that passed it) and the open ones: in its own state and, counted independently, from the
 * keys on the wire it received (it lacks at least one key of every other card). @param {Table} t */
function assertPrivacy(t) {
  const n = t.setup.seats;
  t.seats.forEach((d, i) => {
    const seen = t.keysSeen(i);
    t.setup.cards.forEach((_, j) => {
      const mine = wasGiven(t, i, j) || d.shown(j) !== null;
      assert.equal(d.card(j) !== null, mine, `seat ${i} ${mine ? "cannot read" : "reads"} position ${j}`);
      assert.equal(seen[j], mine, `seat ${i} ${mine ? "lacks" : "has"} every key of position ${j} on its wire`);
      if (!mine) assert.ok(d.keysKnown(j) < n);
    });
  });
}
/** Was position j ever given to seat i? @param {Table} t @param {number} i @param {number} j */
function wasGiven(t, i, j) {
  return t.seats[0].transcript.some((m) => m.kind === "assign" && m.body.positions.some((p, x) => p === j && m.body.holders[x] === i));
}
/** @param {Table} t */
const noRefusals = (t) => assert.deepEqual(t.refused.map((r) => r.map((e) => `${e.code}: ${e.message}`)), t.refused.map(() => []));
/** Everyone reveals; every seat's verification passes and all agree; with `alone`, the record
 * saved as JSON verifies by itself too; a deck of every card (`size`: a redeck's is smaller)
 * holds each once. @param {Table} t */
function revealAndVerify(t, alone = false, size = t.setup.cards.length) {
  t.revealAll();
  const reports = t.events.map((ev) => ev.find((e) => e.type === "verified")?.report);
  reports.forEach((r, i) => assert.ok(r && r.ok, `seat ${i}'s verification: ${JSON.stringify(r && r.problems)}`));
  reports.forEach((r) => assert.deepEqual(r.cards, reports[0].cards));
  // what each seat read during play is what the verification says was dealt (or put under a handle)
  t.seats.forEach((d) => reports[0].cards.forEach((_, j) => { if (d.card(j) !== null) assert.equal(d.card(j), reports[0].cards[j]); }));
  if (size === t.setup.cards.length) assert.deepEqual(reports[0].cards.slice(0, size).sort(), [...t.setup.cards].sort());
  if (alone) assert.ok(lib.verifyDeal(JSON.parse(JSON.stringify(t.seats[1].record()))).ok);
  return reports[0];
}
/** Seats' records agree (no honest seat lost a message). @param {Table} t @param {number[]} seats */
const sameRecords = (t, seats) => seats.forEach((i) => assert.equal(t.seats[i].head, t.seats[seats[0]].head));
/** @param {any[]} errors @param {string} code @param {number | null} seat */
const refusedWith = (errors, code, seat) => errors.some((e) => e.code === code && e.seat === seat);
const ONE = group.scalarHex(1n); // a valid key, and the wrong one

const scenarios = {
  daifugo_5_seats_54_cards() {
    const t = table("daifugo", 5, FRENCH_54);
    const t0 = performance.now();
    t.start().dealRoundRobin(54);
    const dealt = (performance.now() - t0) / 1000;
    noRefusals(t);
    t.seats.forEach((d, i) => assert.equal(d.hand(i).length, i < 4 ? 11 : 10));
    assertPrivacy(t);
    const read = t.seats.flatMap((d, i) => d.hand(i).map((j) => d.card(j)));
    assert.deepEqual([...read].sort(), [...FRENCH_54].sort());
    // the exchange: seat 0 (the poorest) gives two cards to seat 4, seat 4 returns two
    const give = t.seats[0].hand(0).slice(0, 2), back = t.seats[4].hand(4).slice(0, 2);
    t.act(0, "assign", give, [4, 4]).act(4, "assign", back, [0, 0]);
    // a 7-pass: seat 1 passes one card to seat 2
    const seven = t.seats[1].hand(1)[0];
    t.act(1, "assign", [seven], [2]);
    noRefusals(t);
    for (const j of give) assert.ok(t.seats[4].card(j) !== null);
    for (const j of back) assert.ok(t.seats[0].card(j) !== null);
    assert.ok(t.seats[2].card(seven) !== null);
    for (const i of [1, 2, 3]) for (const j of [...give, ...back]) assert.equal(t.seats[i].card(j), null);
    assert.equal(t.seats[3].card(seven), null);
    assertPrivacy(t);
    // a play: seat 2 opens two cards (one of them passed to it) to everyone
    const play = [seven, t.seats[2].hand(2)[1]];
    const cards = play.map((j) => t.seats[2].card(j));
    t.act(2, "open", play);
    noRefusals(t);
    t.seats.forEach((d) => assert.deepEqual(play.map((j) => d.shown(j)), cards));
    t.seats.forEach((d, i) => { if (i !== 2) assert.equal(t.events[i].filter((e) => e.type === "opened").length, 2); });
    assertPrivacy(t);
    const report = revealAndVerify(t);
    assert.deepEqual(report.opens.map((o) => o.card), cards);
    return { ok: true, deal_s: dealt, messages: t.seats[0].transcript.length };
  },

  dido_3_seats_36_cards() {
    const t = table("chabashi", 3, DIDO_36);
    t.start().dealRoundRobin(9); // three cards each; positions 9 and up stay in the stock
    t.act(0, "assign", [9, 10], [-1, -1]); // two floor cards face down: nobody reads them
    for (let i = 0; i < 3; i++) t.act(i, "open", [11]); // a centre card face up: each seat opens its lock
    t.seats.forEach((d) => assert.ok(d.shown(11) !== null && d.shown(11) === t.seats[0].shown(11)));
    t.act(1, "assign", [12], [1]); // a draw from the stock
    assert.ok(t.seats[1].card(12) !== null && t.seats[0].card(12) === null && t.seats[2].card(12) === null);
    const a = t.seats[2].hand(2)[0], b = t.seats[0].hand(0)[0]; // a swap between seats 2 and 0
    t.act(2, "assign", [a], [0]).act(0, "assign", [b], [2]);
    assert.ok(t.seats[0].card(a) !== null && t.seats[2].card(b) !== null && t.seats[1].card(a) === null);
    noRefusals(t);
    assertPrivacy(t);
    for (const d of t.seats) for (const j of [9, 10, ...Array.from({ length: 23 }, (_, x) => 13 + x)]) assert.equal(d.card(j), null);
    for (let i = 0; i < 3; i++) t.act(i, "open", t.seats[i].hand(i)); // the showdown
    noRefusals(t);
    t.seats.forEach((d) => t.seats.forEach((_, i) => d.hand(i).forEach((j) => assert.ok(d.shown(j) !== null))));
    revealAndVerify(t, true);
    return { ok: true };
  },

  stepwise_passes_are_the_same_passes() {
    // a page makes its shuffle and lock a point at a time, answering between the steps: the
    // same seeds give the same transcript, byte for byte, as passes made at once; the end's
    // check comes in steps too
    const seeds = [0, 1, 2].map(() => group.newSeed());
    const make = (/** @type {boolean} */ stepwise) => table("steps", 3, SMALL, { rngs: seeds.map((s) => group.seededRng(s)), stepwise });
    const atOnce = make(false).start(), stepwise = make(true).start();
    noRefusals(stepwise);
    assert.deepEqual(atOnce.slices, [0, 0, 0]);
    // (each seat: 12 points shuffled, then 12 unmasked and 12 locked, the proof)
    stepwise.slices.forEach((n, i) => assert.ok(n >= 12 + 24 + 1, `seat ${i} made its passes in ${n} slices`));
    assert.equal(JSON.stringify(stepwise.seats[0].transcript), JSON.stringify(atOnce.seats[0].transcript));
    stepwise.dealRoundRobin(12);
    assertPrivacy(stepwise);
    // and the end's check of the whole deal, a pass at a time (one or more steps per pass)
    const before = stepwise.slices.slice();
    revealAndVerify(stepwise);
    stepwise.slices.forEach((n, i) => assert.ok(n - before[i] >= 2 * 3, `seat ${i} checked the deal in ${n - before[i]} slices`));
    return { ok: true, slices: stepwise.slices };
  },

  a_reloaded_seat_resumes() {
    // seat 1 keeps its seed and what its deal saved; it reloads while a card is being given to
    // it (the keys in flight are lost), is rebuilt, takes again what every seat sends it after the
    // reconnection (copies passed over), reads its card and plays on; the deal verifies
    const seed = group.newSeed();
    const t = table("reload", 3, SMALL, { rngs: [null, group.seededRng(seed), null] });
    t.start().dealRoundRobin(9);
    const before = JSON.parse(JSON.stringify(t.seats[1].saved()));
    const sentBefore = JSON.stringify([0, 2].map((to) => t.seats[1].sentTo(to)));
    t.intercept = (_from, to, msg) => (to === 1 ? null : msg); // seat 1's page is gone
    t.act(0, "assign", [9], [1]);
    assert.equal(t.seats[1].card(9), null);
    const again = lib.Deal.restore({ ...t.setup, me: 1, rng: group.seededRng(seed) }, before);
    t.seats[1] = again;
    t.intercept = null;
    assert.equal(again.transcript.length, before.transcript.length);
    assert.equal(JSON.stringify([0, 2].map((to) => again.sentTo(to))), sentBefore, "its own keys come out the same");
    assert.deepEqual(again.hand(1).map((j) => again.card(j) !== null), again.hand(1).map(() => true));
    // the catch-up: every seat sends the reconnected one its transcript and its private messages
    let copies = 0;
    for (const from of [0, 2]) {
      for (const msg of [...t.seats[from].transcript, ...t.seats[from].sentTo(1)]) {
        if (again.isCopy(msg)) { copies += 1; continue; }
        t.deliver(1, JSON.parse(JSON.stringify(msg)));
      }
    }
    t.run();
    assert.ok(copies > 0);
    noRefusals(t);
    assert.ok(again.card(9) !== null, "the card given during the reload is read");
    sameRecords(t, [0, 1, 2]);
    t.act(1, "open", [9]);
    noRefusals(t);
    t.seats.forEach((d) => assert.equal(d.shown(9), again.card(9)));
    assertPrivacy(t);
    revealAndVerify(t);
    return { ok: true, copies };
  },

  a_private_pass_is_put_under_fresh_handles() {
    // Daifugō's exchange as a live table makes it: seat 0 gives two cards to seat 3, which puts its
    // whole hand under fresh handles (rehand); then it plays one of them, passes another on to seat
    // 1 (which rehands in turn); a reload rebuilds its handles; every deal verifies
    const seed = group.newSeed();
    const t = table("rehand", 4, FRENCH_54, { rngs: [null, null, null, group.seededRng(seed)] });
    t.start().dealRoundRobin(54);
    const give = t.seats[0].hand(0).slice(0, 2), passed = give.map((j) => t.seats[0].card(j));
    t.act(0, "assign", give, [3, 3]);
    const old = t.seats[3].hand(3), first = t.seats[3].size;
    t.act(3, "rehand", old);
    noRefusals(t);
    const handles = old.map((_, x) => first + x);
    t.seats.forEach((d) => {
      assert.equal(d.size, first + old.length);
      old.forEach((j) => assert.equal(d.holder(j), lib.RETIRED));
      assert.deepEqual(d.hand(3), handles);
    });
    // seat 3 reads the same cards under its handles, in an order of its own; no other seat reads one
    const held = handles.map((h) => t.seats[3].card(h)), before = old.map((j) => t.seats[3].card(j));
    assert.deepEqual([...held].sort(), [...before].sort());
    assert.notDeepEqual(held, before, "the handles keep the order of the positions");
    for (const i of [0, 1, 2]) for (const h of handles) assert.equal(t.seats[i].card(h), null);
    // what travelled: positions and fresh points, no card and no secret
    const msg = t.seats[0].transcript.at(-1);
    assert.deepEqual([msg.kind, Object.keys(msg.body).sort()], ["rehand", ["points", "positions"]]);
    const earlier = new Set(t.seats[0].transcript.slice(0, -1).flatMap((m) => [m.body.deck, m.body.y].flat().filter(Boolean)));
    assert.ok(msg.body.points.every((/** @type {string} */ h) => !earlier.has(h)));
    // an old position is no longer the seat's to play
    t.act(3, "open", [give[0]]);
    assert.ok(refusedWith(t.refused[3], "not-held", 3));
    t.refused[3] = [];
    // seat 3 plays the first card it was given: everyone reads it, under its handle
    const h = handles[held.indexOf(passed[0])];
    t.act(3, "open", [h]);
    t.seats.forEach((d) => assert.equal(d.shown(h), passed[0]));
    // a 7-pass of another handle to seat 1: seat 1 alone reads it, and rehands its hand
    const h2 = handles.find((x) => x !== h);
    t.act(3, "assign", [h2], [1]);
    assert.equal(t.seats[1].card(h2), held[handles.indexOf(h2)]);
    for (const i of [0, 2]) assert.equal(t.seats[i].card(h2), null);
    t.act(1, "rehand", t.seats[1].hand(1));
    noRefusals(t);
    assert.ok(t.seats[1].hand(1).every((j) => j >= first + old.length && t.seats[1].card(j) !== null));
    // seat 3 reloads: its handles come back from its seed and what it saved
    const again = lib.Deal.restore({ ...t.setup, me: 3, rng: group.seededRng(seed) }, JSON.parse(JSON.stringify(t.seats[3].saved())));
    assert.equal(again.head, t.seats[3].head);
    handles.forEach((x) => assert.equal(again.card(x), t.seats[3].card(x)));
    t.seats[3] = again;
    assertPrivacy(t);
    const report = revealAndVerify(t, true);
    handles.forEach((x, k) => assert.equal(report.cards[x], held[k]));
    assert.ok(report.opens.some((o) => o.position === h && o.card === passed[0]));
    return { ok: true, handles: report.cards.length - 54 };
  },

  a_false_rehand_named_at_verification() {
    // seat 2 puts a point that is none of its cards under a handle: nobody can tell at once (the
    // points are masked), so the end's verification names it, with its message
    const bogus = group.pointHex(group.commit(7n));
    const t = table("false-rehand", 3, SMALL, { cheaters: { 2: (kind, body) => (kind === "rehand" ? { ...body, points: [bogus, ...body.points.slice(1)] } : body) } });
    t.start().dealRoundRobin(12);
    t.act(2, "rehand", t.seats[2].hand(2));
    noRefusals(t);
    t.revealAll();
    const reports = t.events.map((ev) => ev.find((e) => e.type === "verified")?.report);
    for (const r of reports) {
      assert.ok(r && !r.ok);
      assert.deepEqual(r.problems.map((p) => [p.code, p.seat, p.seq]), [["rehand", 2, 7]]);
    }
    return { ok: true, named: reports[0].problems[0].detail };
  },

  a_rehand_of_a_card_not_held_refused() {
    // seat 2 rehands a position seat 1 holds, or repeats a point: every other seat refuses it at once
    const t = table("rehand-theirs", 3, SMALL, { cheaters: { 2: (_kind, body) => body } });
    t.start().dealRoundRobin(12);
    const theirs = t.seats[1].hand(1)[0];
    t.cheats[2] = (kind, body) => (kind === "rehand" ? { ...body, positions: [...body.positions.slice(0, -1), theirs] } : body);
    t.act(2, "rehand", t.seats[2].hand(2));
    for (const i of [0, 1]) assert.deepEqual(t.refused[i].map((e) => [e.code, e.seat]), [["not-held", 2]]);
    t.cheats[2] = (kind, body) => (kind === "rehand" ? { ...body, points: [body.points[1], ...body.points.slice(1)] } : body);
    t.act(2, "rehand", t.seats[2].hand(2));
    for (const i of [0, 1]) assert.deepEqual(t.refused[i].map((e) => [e.code, e.seat]).at(-1), ["duplicate", 2]);
    // the honest rehand goes through and the deal verifies
    t.cheats[2] = null;
    t.refused.forEach((r) => r.splice(0));
    t.act(2, "rehand", t.seats[2].hand(2));
    noRefusals(t);
    sameRecords(t, [0, 1, 2]);
    revealAndVerify(t);
    return { ok: true };
  },

  a_seats_notes_are_signed() {
    // the table's moves, answers and draws travel signed with the seat's key of the deal: a relay
    // can neither forge one for another seat nor change one
    const fresh = table("notes-early", 3);
    assert.equal(fresh.seats[1].checkNote(0, { t: "move" }, "00"), null, "no key before the shuffle");
    const t = table("notes", 3);
    t.start();
    const note = { t: "move", step: 4, seat: 0, move: { action: "play:?", positions: [3] } };
    const sig = t.seats[0].signNote(note);
    assert.equal(t.seats[1].checkNote(0, JSON.parse(JSON.stringify(note)), sig), true);
    assert.equal(t.seats[2].checkNote(0, { ...note, step: 5 }, sig), false, "a changed note");
    assert.equal(t.seats[2].checkNote(1, note, sig), false, "signed by another seat");
    assert.equal(t.seats[2].checkNote(0, note, t.seats[2].signNote(note)), false, "forged by a relay");
    assert.equal(table("notes", 3).start().seats[1].checkNote(0, note, sig), false, "another deal's key");
    return { ok: true };
  },

  out_of_order_delivery() {
    let x = 7;
    const t = table("order", 4, SMALL, { shuffleWire: () => ((x = (x * 48271) % 2147483647) / 2147483647) });
    t.start().dealRoundRobin(12);
    noRefusals(t);
    assertPrivacy(t);
    revealAndVerify(t);
    return { ok: true };
  },

  wrong_share_refused_at_once() {
    const t = table("share", 3, SMALL, {
      cheaters: { 1: (kind, body, to) => (kind === "keys" && to === 0 ? { ...body, keys: [ONE, ...body.keys.slice(1)] } : body) },
    });
    t.start().dealRoundRobin(12);
    assert.ok(refusedWith(t.refused[0], "share", 1), "seat 0 refuses seat 1's wrong key, naming it");
    assert.equal(t.seats[0].card(0), null);
    assert.ok(t.seats[0].card(3) === null && t.seats[2].card(2) !== null);
    sameRecords(t, [0, 1, 2]);
    return { ok: true, refused: t.refused[0].map((e) => e.message) };
  },

  wrong_shown_key_refused_at_once() {
    // seat 1 plays two cards with one wrong key among the eight it shows (the others right): the
    // keys of an open are checked together in one sum, and then one by one to name the wrong one
    const t = table("shown", 3, SMALL, {
      cheaters: { 1: (kind, body) => (kind === "open" ? { ...body, keys: [body.keys[0], [ONE, ...body.keys[1].slice(1)]] } : body) },
    });
    t.start().dealRoundRobin(12);
    t.act(1, "open", [4, 7]);
    for (const i of [0, 2]) {
      assert.ok(refusedWith(t.refused[i], "share", 1), `seat ${i} refuses seat 1's wrong shown key, naming it`);
      assert.ok(t.refused[i].some((e) => /key for position 7/.test(e.message)), t.refused[i].map((e) => e.message).join("; "));
      assert.equal(t.seats[i].shown(4), null, "nothing of the refused open is kept");
    }
    sameRecords(t, [0, 2]);
    // an honest open of the same cards by another table is taken
    const honest = table("shown-honest", 3, SMALL).start().dealRoundRobin(12).act(1, "open", [4, 7]);
    noRefusals(honest);
    assert.ok(honest.seats.every((d) => d.shown(4) !== null && d.shown(7) !== null));
    return { ok: true };
  },

  duplicated_card_refused_at_once() {
    const t = table("duplicate", 3, SMALL, {
      cheaters: { 1: (kind, body) => (kind === "shuffle" ? { ...body, deck: body.deck.map((h, j) => (j === 5 ? body.deck[2] : h)) } : body) },
    });
    t.start();
    for (const i of [0, 2]) assert.ok(refusedWith(t.refused[i], "duplicate", 1), `seat ${i} refuses the repeated card`);
    assert.equal(t.seats[0].transcript.length, 1);
    // the verification's own check names a duplicated card in a pass, too
    const received = group.cardPoints("dido-36", SMALL).points;
    const s = group.randomScalar(group.cryptoRng), order = SMALL.map((_, j) => j);
    const sent = order.map((x) => group.pointHex(received[x].multiply(s)));
    assert.equal(checkShuffle(received, sent, s, order), null);
    assert.match(String(checkShuffle(received, sent.map((h, j) => (j === 5 ? sent[2] : h)), s, order)), /duplicated a card/);
    // the cheater plays honestly from here: nothing was lost
    t.cheats[1] = null;
    t.act(1, "start").dealRoundRobin(12);
    assertPrivacy(t);
    revealAndVerify(t);
    return { ok: true };
  },

  substituted_card_named_at_verification() {
    const stranger = group.pointHex(group.commit(group.randomScalar(group.cryptoRng)));
    const t = table("substitute", 3, SMALL, {
      cheaters: { 1: (kind, body) => (kind === "shuffle" ? { ...body, deck: body.deck.map((h, j) => (j === 4 ? stranger : h)) } : body) },
    });
    t.start().dealRoundRobin(12);
    noRefusals(t);
    const broken = t.events.flat().filter((e) => e.type === "broken");
    assert.equal(broken.length, 1, "the holder of the substituted position finds no card there");
    t.revealAll();
    const reports = t.events.map((ev) => ev.find((e) => e.type === "verified").report);
    for (const r of reports) {
      assert.equal(r.ok, false);
      assert.deepEqual(r.problems.map((p) => [p.code, p.seat, p.seq, p.pass]), [["shuffle", 1, 1, 2]]);
      assert.match(r.problems[0].detail, /seat 1's shuffle \(pass 2\) substituted 1 card/);
    }
    return { ok: true, named: reports[0].problems[0].detail };
  },

  reused_key_named_at_verification() {
    const cheat = new RepeatingRng();
    cheat.repeat.set(2, 1); // 64-byte draws: 0 the shuffle key, 1.. the keys in position order
    const t = table("reuse", 3, SMALL, { rngs: [null, cheat.rng, null] });
    t.start().dealRoundRobin(12);
    noRefusals(t); // positions 0 and 1 went to different seats: nobody saw both keys in play
    t.revealAll();
    const reports = t.events.map((ev) => ev.find((e) => e.type === "verified").report);
    for (const r of reports) {
      assert.deepEqual(r.problems.map((p) => [p.code, p.seat]), [["reused-key", 1]]);
      assert.match(r.problems[0].detail, /seat 1 used the same key for position 0 and position 1/);
    }
    return { ok: true, named: reports[0].problems[0].detail };
  },

  reused_key_refused_at_once() {
    const cheat = new RepeatingRng();
    cheat.repeat.set(4, 1); // positions 0 and 3: both dealt to seat 0
    const t = table("reuse-now", 3, SMALL, { rngs: [null, cheat.rng, null] });
    t.start().dealRoundRobin(12);
    assert.ok(refusedWith(t.refused[0], "reused-key", 1));
    // a seat that shuffles with another seat's key is refused at once too
    const u = table("copy", 3, SMALL, {
      cheaters: { 2: (kind, body) => (kind === "shuffle" ? { ...body, key: u.seats[2].transcript[0].body.key } : body) },
    });
    u.start();
    assert.ok(refusedWith(u.refused[0], "reused-key", 2) && refusedWith(u.refused[1], "reused-key", 2));
    return { ok: true };
  },

  tampered_message_refused() {
    const t = table("tamper", 3);
    const done = new Set();
    t.intercept = (from, to, msg) => {
      const which = msg.kind === "lock" && from === 2 && to === 0 ? "lock" : msg.kind === "keys" && from === 2 && to === 1 ? "keys" : null;
      if (!which || done.has(which)) return msg;
      done.add(which);
      t.wire.push([to, msg]); // the untouched message still arrives, later
      const bad = structuredClone(msg);
      if (which === "lock") bad.body.y[0] = msg.body.y[1];
      else bad.body.keys[0] = ONE;
      return bad;
    };
    t.start().dealRoundRobin(12);
    assert.ok(refusedWith(t.refused[0], "signature", null) && t.refused[0][0].claimed === 2);
    assert.ok(refusedWith(t.refused[1], "signature", null));
    assert.equal(done.size, 2);
    assertPrivacy(t);
    sameRecords(t, [0, 1, 2]);
    revealAndVerify(t);
    return { ok: true };
  },

  replayed_message_refused() {
    const t = table("replay", 3);
    t.start().dealRoundRobin(12);
    const head = t.seats[2].head, length = t.seats[2].transcript.length;
    const oldShuffle = t.received[2].find((m) => m.kind === "shuffle");
    const oldKeys = t.received[2].find((m) => m.kind === "keys");
    t.deliver(2, structuredClone(oldShuffle));
    t.deliver(2, structuredClone(oldKeys));
    // a message of another deal (another game at the same table) is no message of this one
    const other = table("replay-other", 3);
    other.start();
    t.deliver(2, structuredClone(other.received[2][0]));
    assert.deepEqual(t.refused[2].map((e) => e.code), ["replay", "replay", "malformed"]);
    assert.equal(t.seats[2].head, head);
    assert.equal(t.seats[2].transcript.length, length);
    revealAndVerify(t);
    return { ok: true };
  },

  play_of_a_card_not_held_refused() {
    const t = table("not-held", 3, SMALL, { judge: (msg) => (msg.kind === "open" && msg.body.positions.includes(11) ? "not its turn" : null) });
    t.start().dealRoundRobin(12);
    const theirs = t.seats[0].hand(0)[0];
    // a seat opens, or gives itself, a card seat 0 holds: refused by every other seat
    t.send(1, t.seats[1].seal("open", { positions: [theirs], keys: [[null, null, null]] }));
    t.run();
    t.send(1, t.seats[1].seal("assign", { positions: [theirs], holders: [1] }));
    t.run();
    for (const i of [0, 2]) assert.deepEqual(t.refused[i].map((e) => [e.code, e.seat]), [["not-held", 1], ["not-held", 1]]);
    assert.throws(() => t.seats[1].open([theirs]), /not-held|holds/);
    // the table's judge refuses a play its game does not allow
    t.act(2, "open", [11]);
    assert.ok(refusedWith(t.refused[2], "rules", 2));
    // the honest game goes on
    t.act(0, "open", [theirs]);
    t.seats.forEach((d) => assert.equal(d.shown(theirs), t.seats[0].card(theirs)));
    sameRecords(t, [0, 1, 2]);
    revealAndVerify(t);
    return { ok: true };
  },

  a_set_deals_again_from_the_cards_its_blind_left() {
    // Daifugō's blind cards (JDF): the set's first deck lays two cards aside face down, and the
    // next game is dealt from the others, shuffled anew by every seat (a redeck): nobody ever
    // reads a blind card, every seat reads its new hand, and at the end both deals verify, the
    // redeck's cards being exactly the first deck's kept ones
    const seed = group.newSeed();
    const first = table("set", 4, SMALL).start().dealRoundRobin(10, 2);
    first.act(0, "open", [first.seats[0].hand(0)[0]]);
    const keep = Array.from({ length: 10 }, (_, x) => x + 2);
    const next = table("set-2", 4, SMALL, { from: { table: first, keep }, rngs: [null, group.seededRng(seed), null, null] });
    next.start();
    noRefusals(first), noRefusals(next);
    assert.deepEqual(next.seats[0].transcript.map((m) => m.kind), [..."ssssffffllll"].map((k) => ({ s: "strip", f: "shuffle", l: "lock" })[k]));
    assert.equal(next.seats[2].size, 10);
    next.dealRoundRobin(10);
    noRefusals(next);
    const hands = next.seats.map((d, i) => d.hand(i).map((j) => d.card(j)));
    assert.deepEqual(hands.map((h) => h.length), [3, 3, 2, 2]);
    next.seats.forEach((d, i) => next.seats.forEach((_, m) => { if (m !== i) for (const j of d.hand(m)) assert.equal(d.card(j), null); }));
    for (const d of first.seats) assert.ok(d.card(0) === null && d.card(1) === null && d.keysKnown(0) === 1 && d.keysKnown(1) === 1);
    // a seat that reloads mid-game is rebuilt from its seed and its side of the first deck
    const again = lib.Deal.restore({ ...next.setup, me: 1, rng: group.seededRng(seed), from: { deal: first.seats[1], keep } }, next.seats[1].saved());
    assert.equal(again.head, next.seats[1].head);
    assert.deepEqual(again.hand(1).map((j) => again.card(j)), hands[1]);
    next.act(3, "open", [next.seats[3].hand(3)[0]]);
    const one = revealAndVerify(first), two = revealAndVerify(next, false, 10);
    const blind = one.cards.slice(0, 2);
    assert.deepEqual([...two.cards].sort(), one.cards.slice(2).sort());
    assert.deepEqual(hands.flat().sort(), SMALL.filter((c) => !blind.includes(c)).sort());
    // the record verifies by itself with its first deck's, and not without it
    const record = JSON.parse(JSON.stringify(next.seats[1].record()));
    assert.ok(lib.verifyDeal(record, { source: first.seats[2].record() }).ok);
    assert.deepEqual(lib.verifyDeal(record).problems.map((p) => p.code), ["strip"]);
    return { ok: true, messages: next.seats[0].transcript.length };
  },

  a_blind_deck_keeps_its_jokers_in_place() {
    // a set's blind deck (JDF: the blind cards are never jokers) shuffles its other cards alone:
    // its last `fixed` cards (the jokers) end where they began, so the first positions, the blind
    // cards, never hold one; a seat whose shuffle moved one is named at the end, with its pass
    const cards = SMALL, fixed = 2;
    const t = table("blind", 4, cards, {}, fixed).start();
    noRefusals(t);
    const report = revealAndVerify(t);
    assert.deepEqual(report.cards.slice(-fixed), cards.slice(-fixed));
    assert.notDeepEqual(report.cards.slice(0, -fixed), cards.slice(0, -fixed));
    assert.throws(() => new lib.Deal({ ...t.setup, me: 0, fixed: cards.length - 1 }), /in place/);
    const last = cards.length - 1;
    const swap = (/** @type {string} */ kind, /** @type {any} */ body) => {
      if (kind === "shuffle") [body.deck[0], body.deck[last]] = [body.deck[last], body.deck[0]];
      if (kind === "reveal") [body.order[0], body.order[last]] = [body.order[last], body.order[0]];
      return body;
    };
    const bad = table("blind-cheat", 3, cards, { cheaters: { 1: swap } }, fixed).start();
    noRefusals(bad); // (a shuffle is a shuffle while the game goes: its order is secret)
    bad.revealAll();
    const reports = bad.events.map((ev) => ev.find((e) => e.type === "verified")?.report);
    reports.forEach((r) => assert.ok(r && !r.ok && r.problems.some((p) => p.code === "shuffle" && p.seat === 1 && /keeps in place/.test(p.detail)), JSON.stringify(r && r.problems)));
    return { ok: true, problem: reports[0].problems[0].detail };
  },

  a_false_strip_named_at_verification() {
    // a seat that does not take its key of a kept card off (or swaps in another point) is named
    // at the end, with its strip; the reader of that card finds no card there
    const first = table("strip", 3, SMALL).start().dealRoundRobin(10, 2);
    const wrong = (/** @type {string} */ kind, /** @type {any} */ body) => {
      if (kind === "strip") body.deck[4] = group.pointHex(/** @type {any} */ (group.parsePoint(body.deck[4])).multiply(7n));
      return body;
    };
    const keep = Array.from({ length: 10 }, (_, x) => x + 2);
    const next = table("strip-2", 3, SMALL, { from: { table: first, keep }, cheaters: { 2: wrong } }).start();
    noRefusals(next);
    next.dealRoundRobin(10);
    assert.ok(next.events.some((ev) => ev.some((e) => e.type === "broken")), "the false card is read as no card");
    first.revealAll(), next.revealAll();
    const reports = next.events.map((ev) => ev.find((e) => e.type === "verified")?.report);
    reports.forEach((r) => assert.ok(r && !r.ok && r.problems.some((p) => p.code === "strip" && p.seat === 2 && p.seq === 2), JSON.stringify(r && r.problems)));
    return { ok: true, problem: reports[0].problems[0].detail };
  },
};

const only = process.argv.slice(2);
/** @type {Record<string, any>} */
const results = {};
for (const [name, run] of Object.entries(scenarios)) {
  if (only.length && !only.includes(name)) continue;
  const t0 = performance.now();
  try {
    results[name] = { ...run(), seconds: (performance.now() - t0) / 1000 };
  } catch (e) {
    results[name] = { ok: false, error: e instanceof Error ? e.stack : String(e) };
  }
}
process.stdout.write(JSON.stringify(results, null, 1) + "\n");
