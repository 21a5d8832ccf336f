// The live connection's links and private messages under Node (web/live/signal.js and
// web/live/seal.js, with Node's WebCrypto, CompressionStream and BroadcastChannel): packing
// round trips, every kind of garbled link, the relay of a reply between tabs, and sealed
// messages refused when tampered, replayed, sent to another seat or malformed. Run by
// tests/live/test_transport.py; prints one JSON object, each scenario's name with {ok} or
// {ok: false, error}.  `node tests/live/transport_test.mjs [name...]`
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import * as signal from "../../web/live/signal.js";
import { Sealer, generateKeys, isPublicKey, pairKey } from "../../web/live/seal.js";

const { SignalError, packSignal, unpackSignal, toBase64url } = signal;

/** Raw text packed without packSignal's checks. @param {string | Uint8Array} payload */
const rawPack = (payload) => toBase64url(new Uint8Array(deflateRawSync(typeof payload === "string" ? Buffer.from(payload, "utf8") : payload)));
/** @param {any} signalBody @param {number} [version] */
const packAs = (signalBody, version = signal.VERSION) => rawPack(JSON.stringify({ pyengineLive: version, signal: signalBody }));

/** Asserts that unpacking `text` throws a SignalError of `code` with an English message. */
async function refuses(text, code, what) {
  try {
    await unpackSignal(text);
  } catch (e) {
    assert.ok(e instanceof SignalError, `${what}: threw ${e} instead of a SignalError`);
    assert.equal(e.code, code, `${what}: code ${e.code}`);
    assert.ok(e instanceof Error && /^[A-Z][^{}]+[.:]/.test(e.message), `${what}: message ${e.message}`);
    return;
  }
  assert.fail(`${what}: unpacked`);
}

/** A table's seats, each with its Sealer, every pair keyed. @param {number} n @param {string} table */
async function seats(n, table = "0123456789abcdef") {
  const keys = await Promise.all(Array.from({ length: n }, () => generateKeys()));
  const s = keys.map((k, i) => new Sealer(table, i, k.privateKey));
  s.forEach((a, i) => keys.forEach((k, j) => { if (i !== j) assert.ok(a.setPeer(j, k.publicKey)); }));
  return { s, keys };
}
const flip = (b64, at = 0) => { const c = b64[at] === "A" ? "B" : "A"; return b64.slice(0, at) + c + b64.slice(at + 1); };

const scenarios = {
  async pack_unpack_round_trips() {
    const bodies = [{}, { k: "invite", seat: 3, sdp: "v=0\r\n".repeat(30), extra: { game: "cetkaik", names: ["한국어", "日本語", "ü"] } },
      { nested: { a: [1, 2.5, null, true, "x"] } }];
    for (const body of bodies) {
      const text = await packSignal(body);
      assert.match(text, /^[A-Za-z0-9_-]+$/);
      assert.deepEqual(await unpackSignal(text), body);
      // a whole link, or the text with spaces around it, unpacks too
      assert.deepEqual(await unpackSignal(`https://example.org/app/#join=${text}`), body);
      assert.deepEqual(await unpackSignal(`  ${text}\n`), body);
    }
    const sdpLike = { k: "invite", sdp: "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n".repeat(12) };
    const text = await packSignal(sdpLike);
    return { ok: true, sdp_json: JSON.stringify(sdpLike).length, packed: text.length };
  },

  async every_garbled_link_refused() {
    const good = await packSignal({ a: 1 });
    const cases = {
      empty: "", blank: "   ", not_text: /** @type {any} */ (123), null: /** @type {any} */ (null),
      not_base64: "ab$cd!", one_char_over: "abcde", cut_short: good.slice(0, good.length - 3), bit_flipped: flip(good, 2),
      not_deflate: toBase64url(new Uint8Array(40).fill(255)), deflate_of_text: rawPack("hello, not json"),
      json_array: rawPack("[1,2,3]"), json_string: rawPack('"x"'), someone_elses_json: rawPack('{"a":1}'),
      signal_not_object: packAs([1, 2]), signal_missing: rawPack(`{"pyengineLive":${signal.VERSION}}`),
      bad_utf8: rawPack(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
      zip_bomb: rawPack(JSON.stringify({ pyengineLive: 1, signal: { pad: "0".repeat(200000) } })),
      too_long: "A".repeat(signal.MAX_TEXT + 4),
      link_without_text: "https://example.org/app/#join=",
    };
    assert.ok(cases.zip_bomb.length < 2000, "the bomb is small packed");
    for (const [what, text] of Object.entries(cases)) await refuses(text, "garbled", what);
    return { ok: true, cases: Object.keys(cases).length };
  },

  async another_version_refused() {
    await refuses(packAs({ a: 1 }, signal.VERSION + 1), "version", "newer");
    await refuses(packAs({ a: 1 }, 0), "version", "older");
    await refuses(packAs({ a: 1 }, /** @type {any} */ ("1")), "version", "a string");
    return { ok: true };
  },

  async packing_too_much_refused() {
    await assert.rejects(packSignal({ pad: "x".repeat(signal.MAX_JSON) }), RangeError);
    return { ok: true };
  },

  async reply_relayed_between_tabs() {
    const taken = [];
    const stop = signal.listenForReplies(async (text) => { taken.push(text); if (text === "boom") throw new Error("x"); return text === "mine"; });
    const otherTab = signal.listenForReplies(() => false); // a tab that hosts another table
    try {
      assert.equal(await signal.relayReply("mine", 1000), true);
      assert.equal(await signal.relayReply("theirs", 200), false);
      assert.equal(await signal.relayReply("boom", 200), false);
    } finally {
      stop();
      otherTab();
    }
    assert.equal(await signal.relayReply("mine", 200), false, "no tab listens any more");
    assert.deepEqual(taken, ["mine", "theirs", "boom"]);
    return { ok: true };
  },

  async keys_and_pair_keys() {
    const a = await generateKeys(), b = await generateKeys();
    assert.ok(isPublicKey(a.publicKey) && isPublicKey(b.publicKey) && a.publicKey !== b.publicKey);
    for (const bad of ["", "x".repeat(87), a.publicKey.slice(1), 5, null]) assert.equal(isPublicKey(bad), false);
    // both ends derive the same key: what one seals the other opens
    const ab = await pairKey(a.privateKey, b.publicKey, "t", 1, 2), ba = await pairKey(b.privateKey, a.publicKey, "t", 2, 1);
    const iv = new Uint8Array(12);
    const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, ab, new Uint8Array([1, 2, 3]));
    assert.deepEqual([...new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, ba, ct))], [1, 2, 3]);
    // another table or another pair of seats: another key
    for (const other of [await pairKey(b.privateKey, a.publicKey, "u", 2, 1), await pairKey(b.privateKey, a.publicKey, "t", 2, 3)]) {
      await assert.rejects(crypto.subtle.decrypt({ name: "AES-GCM", iv }, other, ct));
    }
    return { ok: true };
  },

  async sealed_messages_open_in_order() {
    const { s } = await seats(3);
    const body = { cards: ["7H", "KS"], note: "비밀 秘密" };
    const env = await s[1].seal(2, body);
    assert.deepEqual(Object.keys(env).sort(), ["ct", "from", "iv", "n", "to"]);
    assert.equal(env.n, 1);
    // (the cards as they would travel in clear, quoted: base64url alone may spell KS by chance)
    assert.ok(!JSON.stringify(env).includes('"KS"') && !JSON.stringify(env).includes('"7H"') && !JSON.stringify(env).includes("비밀"));
    assert.deepEqual(await s[2].open(env), { ok: true, body });
    // messages sealed at once carry increasing counters and fresh IVs; opened in order, all pass
    const many = await Promise.all([0, 1, 2, 3, 4].map((i) => s[1].seal(2, { i })));
    assert.deepEqual(many.map((e) => e.n), [2, 3, 4, 5, 6]);
    assert.equal(new Set(many.map((e) => e.iv)).size, 5);
    for (const [i, e] of many.entries()) assert.deepEqual(await s[2].open(e), { ok: true, body: { i } });
    // the other direction counts on its own
    const back = await s[2].seal(1, "thanks");
    assert.equal(back.n, 1);
    assert.deepEqual(await s[1].open(back), { ok: true, body: "thanks" });
    // a seal for a seat without a key throws (the caller's mistake, said at once)
    await assert.rejects(s[1].seal(5, 1), /no key for seat 5/);
    return { ok: true };
  },

  async tampered_refused() {
    const { s } = await seats(3);
    const env = await s[1].seal(2, { secret: 42 });
    const tampered = [
      { ...env, ct: flip(env.ct, 3) }, { ...env, ct: flip(env.ct, env.ct.length - 2) }, { ...env, iv: flip(env.iv, 0) },
      { ...env, n: env.n + 1 }, { ...env, ct: env.ct.slice(0, -4) },
    ];
    for (const t of tampered) assert.deepEqual(await s[2].open(t), { ok: false, reason: "tampered" });
    // a message claimed to come from seat 0 (whose pair key with seat 2 differs) does not open either
    assert.deepEqual(await s[2].open({ ...env, from: 0 }), { ok: false, reason: "tampered" });
    // after the refusals the genuine message still opens: a forgery burns no counter
    assert.deepEqual(await s[2].open(env), { ok: true, body: { secret: 42 } });
    // another table's seat with the same keys cannot open it
    const other = new Sealer("fedcba9876543210", 2, s[2].privateKey);
    other.setPeer(1, /** @type {any} */ (s[2].peers.get(1)).publicKey);
    assert.deepEqual(await other.open(env), { ok: false, reason: "tampered" });
    return { ok: true };
  },

  async replayed_refused() {
    const { s } = await seats(3);
    const first = await s[1].seal(2, "one"), second = await s[1].seal(2, "two");
    assert.deepEqual(await s[2].open(first), { ok: true, body: "one" });
    assert.deepEqual(await s[2].open(first), { ok: false, reason: "replayed" });
    assert.deepEqual(await s[2].open(second), { ok: true, body: "two" });
    assert.deepEqual(await s[2].open(first), { ok: false, reason: "replayed" });
    assert.deepEqual(await s[2].open(second), { ok: false, reason: "replayed" });
    // a dropped message is allowed (counter above the last), an older one is not
    const third = await s[1].seal(2, "three"), fourth = await s[1].seal(2, "four");
    assert.deepEqual(await s[2].open(fourth), { ok: true, body: "four" });
    assert.deepEqual(await s[2].open(third), { ok: false, reason: "replayed" });
    // the same message opened twice at once: one passes
    const fifth = await s[1].seal(2, "five");
    const both = await Promise.all([s[2].open(fifth), s[2].open(fifth)]);
    assert.deepEqual(both.map((r) => r.ok).sort(), [false, true]);
    return { ok: true };
  },

  async wrong_recipient_refused() {
    const { s } = await seats(4);
    const env = await s[1].seal(2, "for two only");
    assert.deepEqual(await s[3].open(env), { ok: false, reason: "not for this seat" });
    // seat 3 relabels it as its own: the additional data and the pair key both differ
    assert.deepEqual(await s[3].open({ ...env, to: 3 }), { ok: false, reason: "tampered" });
    // the sender's own copy is not for it either
    assert.deepEqual(await s[1].open(env), { ok: false, reason: "not for this seat" });
    // a seat whose key is unknown
    const lone = new Sealer("0123456789abcdef", 2, s[2].privateKey);
    assert.deepEqual(await lone.open(env), { ok: false, reason: "unknown sender" });
    return { ok: true };
  },

  async malformed_refused() {
    const { s } = await seats(3);
    const env = await s[1].seal(2, 1);
    const bad = [null, 5, "x", [], {}, { ...env, n: "1" }, { ...env, n: 1.5 }, { ...env, from: null }, { ...env, iv: 7 },
      { ...env, iv: "***" }, { ...env, iv: env.iv.slice(0, 8) }, { ...env, ct: "a" }];
    for (const b of bad) {
      const r = await s[2].open(b);
      assert.equal(r.ok, false);
      assert.equal(/** @type {any} */ (r).reason, "malformed", JSON.stringify(b));
    }
    assert.deepEqual(await s[2].open(env), { ok: true, body: 1 });
    return { ok: true };
  },

  async new_key_starts_a_pair_afresh() {
    const { s } = await seats(3);
    for (let i = 0; i < 3; i++) assert.equal((await s[2].open(await s[1].seal(2, i))).ok, true);
    // seat 1 reconnects with a new key: seat 2 learns it from the roster; counters restart
    const fresh = await generateKeys();
    const again = new Sealer(s[1].table, 1, fresh.privateKey);
    again.setPeer(2, /** @type {any} */ (s[1].peers.get(2)).publicKey);
    assert.equal(s[2].setPeer(1, fresh.publicKey), true);
    assert.deepEqual(await s[2].open(await again.seal(2, "back")), { ok: true, body: "back" });
    // the same key again changes nothing (counters kept); a bad key is refused
    assert.equal(s[2].setPeer(1, fresh.publicKey), true);
    assert.deepEqual(await s[2].open(await again.seal(2, "more")), { ok: true, body: "more" });
    assert.equal(s[2].setPeer(1, "nope"), false);
    assert.equal(s[2].setPeer(2, fresh.publicKey), false, "not its own seat");
    return { ok: true };
  },
};

const wanted = process.argv.slice(2);
const out = {};
for (const [name, run] of Object.entries(scenarios)) {
  if (wanted.length && !wanted.includes(name)) continue;
  try {
    out[name] = await run();
  } catch (e) {
    out[name] = { ok: false, error: String(e && e.stack || e) };
  }
}
process.stdout.write(JSON.stringify(out));
