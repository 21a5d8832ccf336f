// The hidden-lowest protocol (web/live/lowest.js) under Node, with the real @noble libraries:
// honest tables find the seat of the earliest card anyone holds and nothing else; each way of
// cheating is refused at once or named by the end's audit. Run by tests/live/test_lowest.py;
// prints one JSON object, each scenario's name with {ok, ...} or {ok: false, error}.
import assert from "node:assert/strict";
import { Point, pointHex, seededRng } from "../../web/live/deal-group.js";
import * as low from "../../web/live/lowest.js";

const G = Point.BASE;
/** The seat of the earliest card anyone holds (pyengine/daifugo/live_reads.py: lowest_holder).
 * @param {boolean[][]} lists */
function clear(lists) {
  for (let t = 0; t < lists[0].length; t++) {
    const holders = lists.flatMap((x, p) => (x[t] ? [p] : []));
    if (holders.length) return holders.length === 1 ? holders[0] : -1;
  }
  return -1;
}
/** A seeded generator for one seat's part. @param {string} name @param {number} seat */
const rngOf = (name, seat) => seededRng(Buffer.from(`${name}:${seat}`.padEnd(32, ".")).toString("hex").slice(0, 64));

/** Random private lists: `size` cards, each held by one seat or by none (lies out).
 * @param {() => number} rand @param {number} n @param {number} size */
function deal(rand, n, size) {
  const lists = Array.from({ length: n }, () => new Array(size).fill(false));
  let held = 0;
  for (let t = 0; t < size; t++) {
    const p = Math.floor(rand() * (n + 1)) - 1; // (-1: the card lies out)
    if (p >= 0 || (t === size - 1 && !held)) lists[p >= 0 ? p : 0][t] = true, held++;
  }
  return lists;
}

/** One run of the protocol between `n` seats; `cheat` may change a seat's message on its way.
 * @param {string} name @param {boolean[][]} lists @param {{key?: Function, bits?: Function, mix?: Function, open?: Function, ys?: Function}} [cheat] */
function run(name, lists, cheat = {}) {
  const n = lists.length, size = lists[0].length, ctx = ["test", name];
  const shares = lists.map((_, p) => low.keyShare(ctx, p, rngOf(`${name}:key`, p)));
  const keyMsgs = shares.map((s, p) => (cheat.key ? cheat.key(p, s.message, shares) : s.message));
  const keys = keyMsgs.map((m, p) => low.checkKey(ctx, p, m));
  const refusedKeys = keys.flatMap((k, p) => (k ? [] : [p]));
  if (refusedKeys.length) return { refused: "key", seats: refusedKeys };
  const Y = low.jointKey(/** @type {any[]} */ (keys));
  const bitMsgs = lists.map((x, p) => {
    const rows = low.encryptBits(Y, x, rngOf(`${name}:bits`, p));
    return cheat.bits ? cheat.bits(p, rows, Y) : rows;
  });
  const parsed = low.parseRows(bitMsgs, n, size);
  if (!parsed) return { refused: "bits" };
  let m = low.combine(parsed);
  const mixes = [];
  for (let j = 0; j < n; j++) {
    let out = low.rowsHex(low.drain(low.mix(m, rngOf(`${name}:mix`, j))));
    if (cheat.mix) out = cheat.mix(j, out);
    const got = low.parseRows(out, n, size);
    if (!got) return { refused: "mix", seat: j };
    mixes.push(got);
    m = got;
  }
  const opened = shares.map((s, p) => {
    const msg = low.drain(low.openShares(ctx, p, s.y, m, rngOf(`${name}:open`, p)));
    return cheat.open ? cheat.open(p, msg) : msg;
  });
  const checked = opened.map((msg, p) => low.checkOpen(ctx, p, /** @type {any} */ (keys[p]), m, msg));
  const refusedOpen = checked.flatMap((d, p) => (d ? [] : [p]));
  if (refusedOpen.length) return { refused: "open", seats: refusedOpen };
  const counts = low.zeros(m, /** @type {any[]} */ (checked));
  const ys = shares.map((s, p) => (cheat.ys ? cheat.ys(p, s.y) : s.y));
  const { problems, lists: clear } = low.drain(low.audit({ keys: /** @type {any[]} */ (keys), ys, lists: parsed, mixes }));
  return { leader: low.leaderOf(counts), counts, problems, clear, final: m, mixes };
}

/** @type {Record<string, () => any>} */
const scenarios = {
  honest_tables_find_the_leader_and_only_the_leader() {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let runs = 0, late = 0;
    for (const [n, size, times] of [[3, 2, 4], [4, 3, 4], [5, 5, 3], [8, 7, 1], [2, 4, 4]]) {
      for (let k = 0; k < times; k++) {
        const lists = deal(rand, n, size);
        const r = run(`honest-${n}-${size}-${k}`, lists);
        assert.equal(r.leader, clear(lists), JSON.stringify(lists));
        assert.deepEqual(r.problems, []);
        assert.deepEqual(r.clear, lists); // (read in the clear at the end, for the engine's replay)
        // every row but the leader's has no zero; the leader's has exactly one
        assert.deepEqual(r.counts, lists.map((_, p) => (p === r.leader ? 1 : 0)));
        late += lists.every((x) => !x[0]) ? 1 : 0;
        runs++;
      }
    }
    assert.ok(late > 0, "some tables had their first card out");
    return { ok: true, runs };
  },
  the_zero_moves_to_any_column() {
    // the leader holds the first card every time; after the mixes its zero lies in any column
    const seen = new Set();
    for (let k = 0; k < 16; k++) {
      const lists = [[true, false, false, false], [false, true, false, false], [false, false, true, false]];
      const r = run(`column-${k}`, lists);
      assert.equal(r.leader, 0);
      // which column the zero lies in: decrypted with the sum of the seats' keys (the test's view)
      const y = Array.from({ length: 3 }, (_, p) => low.keyShare(["test", `column-${k}`], p, rngOf(`column-${k}:key`, p)).y)
        .reduce((a, b) => Point.Fn.add(a, b), 0n);
      seen.add(r.final[0].findIndex(([A, B]) => B.subtract(A.multiply(y)).is0()));
    }
    assert.deepEqual([...seen].sort(), [0, 1, 2, 3]);
    return { ok: true };
  },
  a_key_without_its_proof_is_refused() {
    const lists = [[false, true], [true, false], [false, false]];
    // seat 2 would take the table's key for itself: Y_2 = y'·G − Y_0 − Y_1, which it cannot prove
    const r = run("rogue", lists, {
      key: (p, msg, shares) => {
        if (p !== 2) return msg;
        const rogue = G.multiply(5n).subtract(Point.fromHex(shares[0].message.Y)).subtract(Point.fromHex(shares[1].message.Y));
        return { Y: pointHex(rogue), proof: msg.proof };
      },
    });
    assert.deepEqual(r, { refused: "key", seats: [2] });
    return { ok: true };
  },
  a_wrong_opening_is_refused_at_once() {
    const lists = [[false, true, false], [false, false, true], [true, false, false]];
    const r = run("open", lists, {
      open: (p, msg) => (p === 1 ? { ...msg, shares: msg.shares.map((h, i) => (i === 0 ? pointHex(Point.fromHex(h).add(G)) : h)) } : msg),
    });
    assert.deepEqual(r, { refused: "open", seats: [1] });
    return { ok: true };
  },
  a_list_that_is_not_yes_or_no_is_named_at_the_end() {
    // seat 1 says "2" for a card to probe the others: the audit names it
    const lists = [[false, false, true], [false, true, false], [false, false, false]];
    const r = run("probe", lists, {
      bits: (p, rows, Y) => (p === 1 ? [low.encryptBits(Y, [false], rngOf("probe:x", 1))[0], ...rows.slice(1)].map((pair, t) => {
        if (t !== 0) return pair;
        return [pair[0], pointHex(Point.fromHex(pair[1]).add(G).add(G))];
      }) : rows),
    });
    assert.deepEqual(r.problems, [{ seat: 1, detail: "a list of its cards that is not made of yes or no" }]);
    return { ok: true };
  },
  a_mix_that_changes_the_answer_is_named_at_the_end() {
    const lists = [[false, true], [true, false], [false, false]];
    // seat 2 replaces its row 1 entries (the leader's) with random encryptions: no zero left
    const r = run("mixer", lists, {
      mix: (j, rows) => (j === 2 ? rows.map((row, p) => (p === 1 ? row.map(([A, B]) => [A, pointHex(Point.fromHex(B).add(G))]) : row)) : rows),
    });
    assert.deepEqual(r.problems, [{ seat: 2, detail: "a mix that changed who leads" }]);
    assert.equal(r.leader, -1);
    // a mix that swaps two rows moves the lead to another seat: named too
    const s = run("swap", lists, { mix: (j, rows) => (j === 0 ? [rows[1], rows[0], rows[2]] : rows) });
    assert.equal(s.leader, 0);
    assert.deepEqual(s.problems, [{ seat: 0, detail: "a mix that changed who leads" }]);
    return { ok: true };
  },
  a_revealed_key_that_is_not_its_own_is_named() {
    const lists = [[false, true], [true, false]];
    const r = run("reveal", lists, { ys: (p, y) => (p === 0 ? Point.Fn.add(y, 1n) : y) });
    assert.equal(r.leader, 1);
    assert.deepEqual(r.problems, [{ seat: 0, detail: "a key revealed that is not the one it said" }]);
    return { ok: true };
  },
  a_malformed_message_is_refused() {
    const lists = [[false, true], [true, false]];
    assert.deepEqual(run("short", lists, { bits: (p, rows) => (p === 0 ? rows.slice(1) : rows) }), { refused: "bits" });
    assert.deepEqual(run("junk", lists, { mix: (j, rows) => (j === 1 ? [[["zz", "zz"], rows[0][1]], rows[1]] : rows) }), { refused: "mix", seat: 1 });
    return { ok: true };
  },
};

const results = {};
for (const [name, f] of Object.entries(scenarios)) {
  const t0 = performance.now();
  try {
    results[name] = { ...f(), seconds: (performance.now() - t0) / 1000 };
  } catch (e) {
    results[name] = { ok: false, error: e instanceof Error ? e.stack : String(e) };
  }
}
process.stdout.write(JSON.stringify(results, null, 1) + "\n");
