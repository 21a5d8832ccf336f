// Live chance: fresh words from the browser's cryptographic generator for every chance node
// (a fixed generator only for browser tests).
// Every cast, contest, shuffle and deal is drawn from the browser's cryptographic generator
// when it happens (Python gets the fresh words); nothing stored or shared predicts it.
// Browser tests may fix the generator with pyengineApp.testing.fixChance(seed): no link or
// saved game can.
class TestWords { // splitmix32: for tests only
  /** @param {number} seed */
  constructor(seed) { this.x = seed >>> 0; }
  /** The next n words, without using them. @param {number} n */
  peek(n) {
    const out = [];
    let x = this.x;
    for (let i = 0; i < n; i++) {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad) >>> 0;
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97) >>> 0;
      out.push((z ^ (z >>> 15)) >>> 0);
    }
    return out;
  }
  /** @param {number} n */
  advance(n) { this.x = (this.x + Math.imul(0x9e3779b9, n)) >>> 0; }
}
/** @type {TestWords | null} */
let testChance = null;
// A browser test may also fix it from the page's first script: an init script that sets
// window.pyengineApp = {testing: {chanceSeed: N}} before the app loads.
const presetTesting = /** @type {{chanceSeed?: unknown} | undefined} */ (window.pyengineApp && window.pyengineApp.testing);
if (presetTesting && Number.isInteger(presetTesting.chanceSeed)) testChance = new TestWords(Number(presetTesting.chanceSeed));
/** Fix the generator for a browser test (null: live chance again). @param {number | null} seed */
export function fixChance(seed) { testChance = seed === null ? null : new TestWords(Number(seed)); }
// Fresh words for up to `nodes` chance nodes; `used(n)` says how many nodes took theirs.
/** @returns {{words: number[], used: (n: number) => void}} */
export function entropy(nodes = 1) {
  const fixed = testChance;
  if (fixed) return { words: fixed.peek(4 * nodes), used: (n) => fixed.advance(4 * n) };
  return { words: Array.from(crypto.getRandomValues(new Uint32Array(4 * nodes))), used: () => {} };
}
