// Our own French deck (52 cards + jokers) as SVG markup, drawn for this project.
//
// A "deck module" for web/tables/cardkit.js:
//   svg(cardId)        -> SVG markup string of the face (viewBox 0 0 60 84)
//   label(cardId, lang) -> accessible name ("Queen of hearts", "하트 Q", "ハートのQ")
//   back()             -> SVG markup string of the back
// Card ids are the engine's codes: a suit letter S H D C and a rank 3..9 T J Q K A 2
// (e.g. "S3", "HT", "DA"), "JK" for a joker. A suffix after "#" is ignored ("JK#2"), so
// a game may key two equal cards apart. The art is plain shapes: pips laid out in the
// usual patterns, court cards as a framed letter with a crown, a jester's star for jokers.

const RED = "#b3261e";
const BLACK = "#1d1b18";
/** @type {Record<string, string>} */
const SUIT_CHAR = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** @type {Record<string, string>} */
const RANK_TEXT = { T: "10" };
/** @type {Record<string, Record<string, string>>} */
const SUIT_NAMES = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  ko: { S: "스페이드", H: "하트", D: "다이아몬드", C: "클로버" },
  ja: { S: "スペード", H: "ハート", D: "ダイヤ", C: "クラブ" },
};
/** @type {Record<string, string>} */
const RANK_NAMES_EN = { J: "Jack", Q: "Queen", K: "King", A: "Ace", T: "10" };
/** @type {Record<string, string>} */
const JOKER_NAME = { en: "Joker", ko: "조커", ja: "ジョーカー" };

// Suit shapes, drawn in a 20×20 box centred on (10, 10).
/** @type {Record<string, string>} */
const SHAPES = {
  H: "M10 18 C4 13 1 10 1 6.2 A4.6 4.6 0 0 1 10 4.6 A4.6 4.6 0 0 1 19 6.2 C19 10 16 13 10 18Z",
  D: "M10 1 L17.5 10 L10 19 L2.5 10Z",
  S: "M10 1 C14 6 19 9 19 12.6 A4.2 4.2 0 0 1 11.2 14.6 L12.8 19 H7.2 L8.8 14.6 A4.2 4.2 0 0 1 1 12.6 C1 9 6 6 10 1Z",
  C: "M10 1.5 A4.1 4.1 0 0 1 13.6 7.6 A4.1 4.1 0 1 1 11.3 14.3 L12.8 19 H7.2 L8.7 14.3 A4.1 4.1 0 1 1 6.4 7.6 A4.1 4.1 0 0 1 10 1.5Z",
};

// Pip centres for 2..10 on a 60×84 face (x, y); pips below the middle are drawn upside down.
const L = 19, M = 30, R = 41;
/** @type {Record<number, number[][]>} */
const PIPS = {
  2: [[M, 20], [M, 64]],
  3: [[M, 20], [M, 42], [M, 64]],
  4: [[L, 20], [R, 20], [L, 64], [R, 64]],
  5: [[L, 20], [R, 20], [M, 42], [L, 64], [R, 64]],
  6: [[L, 20], [R, 20], [L, 42], [R, 42], [L, 64], [R, 64]],
  7: [[L, 20], [R, 20], [M, 31], [L, 42], [R, 42], [L, 64], [R, 64]],
  8: [[L, 20], [R, 20], [M, 31], [L, 42], [R, 42], [M, 53], [L, 64], [R, 64]],
  9: [[L, 18], [R, 18], [L, 34], [R, 34], [M, 42], [L, 50], [R, 50], [L, 66], [R, 66]],
  10: [[L, 18], [R, 18], [M, 26], [L, 34], [R, 34], [L, 50], [R, 50], [M, 58], [L, 66], [R, 66]],
};

/**
 * A card id: "JK", or a suit (S H D C) and a rank (2-9, T, J, Q, K, A); a "#…" suffix is ignored.
 * @param {string} id
 * @returns {{joker: true} | {joker?: undefined, suit: string, rank: string}}
 */
function parse(id) {
  const base = String(id).split("#")[0];
  if (base === "JK") return { joker: true };
  return { suit: base[0], rank: base[1] };
}
/** @param {string} suit @param {number} x @param {number} y @param {number} size @param {boolean} flip */
function pip(suit, x, y, size, flip) {
  const s = size / 20;
  const rot = flip ? ` rotate(180 10 10)` : "";
  return `<path d="${SHAPES[suit]}" transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})${rot}"/>`;
}
/** @param {string} text @param {string} suit @param {string} colour */
function corner(text, suit, colour) {
  const small = text.length > 1 ? 8.5 : 10;
  const one = `<text x="6.5" y="11.5" font-size="${small}" font-weight="700" text-anchor="middle" font-family="system-ui, sans-serif" fill="${colour}">${text}</text>`
    + `<g fill="${colour}">${pip(suit, 6.5, 17.5, 7, false)}</g>`;
  return `<g>${one}</g><g transform="rotate(180 30 42)">${one}</g>`;
}
/** @param {string} inner */
function frame(inner) {
  return `<svg viewBox="0 0 60 84" class="ck-svg" aria-hidden="true" focusable="false">`
    + `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fffdf8" stroke="#8d8778" stroke-width="1.5"/>`
    + inner + `</svg>`;
}

/** @param {string} id */
export function svg(id) {
  const c = parse(id);
  if (c.joker) {
    const star = "M30 24 L34 36 L46 36 L36.5 43.5 L40 56 L30 48.5 L20 56 L23.5 43.5 L14 36 L26 36Z";
    return frame(
      `<path d="${star}" fill="#e0a526" stroke="${BLACK}" stroke-width="1"/>`
      + `<path d="M19 26 Q24 12 30 22 Q36 12 41 26" fill="none" stroke="${RED}" stroke-width="2.5"/>`
      + `<circle cx="19" cy="26" r="2.2" fill="${RED}"/><circle cx="41" cy="26" r="2.2" fill="${RED}"/>`
      + `<text x="30" y="70" font-size="8.5" font-weight="700" text-anchor="middle" letter-spacing="1" font-family="system-ui, sans-serif" fill="${BLACK}">JOKER</text>`
      + `<text x="6" y="13" font-size="9" font-weight="700" text-anchor="middle" font-family="system-ui, sans-serif" fill="${RED}">★</text>`
      + `<text x="54" y="78" font-size="9" font-weight="700" text-anchor="middle" font-family="system-ui, sans-serif" fill="${RED}">★</text>`);
  }
  const colour = c.suit === "H" || c.suit === "D" ? RED : BLACK;
  const text = RANK_TEXT[c.rank] || c.rank;
  let body;
  if (c.rank === "A") {
    body = `<g fill="${colour}">${pip(c.suit, 30, 42, 26, false)}</g>`;
  } else if ("JQK".includes(c.rank)) {
    const crown = c.rank === "J" ? "M22 30 L26 24 L30 29 L34 24 L38 30Z" : c.rank === "Q"
      ? "M21 30 L24 22 L28 27 L30 21 L32 27 L36 22 L39 30Z" : "M20 30 L22 20 L26 26 L30 18 L34 26 L38 20 L40 30Z";
    body = `<rect x="13" y="15" width="34" height="54" rx="3" fill="none" stroke="${colour}" stroke-width="1.2"/>`
      + `<path d="${crown}" fill="#e0a526" stroke="${colour}" stroke-width="0.8"/>`
      + `<text x="30" y="52" font-size="20" font-weight="700" text-anchor="middle" font-family="Georgia, serif" fill="${colour}">${c.rank}</text>`
      + `<g fill="${colour}">${pip(c.suit, 30, 61, 8, false)}</g>`;
  } else {
    const n = c.rank === "T" ? 10 : Number(c.rank);
    body = `<g fill="${colour}">` + PIPS[n].map(([x, y]) => pip(c.suit, x, y, 11, y > 44)).join("") + `</g>`;
  }
  return frame(corner(text, c.suit, colour) + body);
}

export function back() {
  return `<svg viewBox="0 0 60 84" class="ck-svg" aria-hidden="true" focusable="false">`
    + `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#244a7a" stroke="#8d8778" stroke-width="1.5"/>`
    + `<rect x="5" y="5" width="50" height="74" rx="3" fill="none" stroke="#e9e2cf" stroke-width="1"/>`
    + Array.from({ length: 9 }, (_, i) => `<path d="M5 ${9 + i * 8} L55 ${i * 8 - 41}" stroke="#3d6aa3" stroke-width="2.4"/>`).join("")
    + Array.from({ length: 9 }, (_, i) => `<path d="M5 ${i * 8 - 41} L55 ${9 + i * 8}" stroke="#3d6aa3" stroke-width="2.4" opacity=".7"/>`).join("")
    + `<circle cx="30" cy="42" r="9" fill="#244a7a" stroke="#e9e2cf" stroke-width="1.2"/>`
    + `<path d="M30 35 L36 42 L30 49 L24 42Z" fill="#e9e2cf"/></svg>`;
}

/** @param {string} id */
export function label(id, lang = "en") {
  const c = parse(id);
  const l = SUIT_NAMES[lang] ? lang : "en";
  if (c.joker) return JOKER_NAME[l];
  const suit = SUIT_NAMES[l][c.suit];
  if (l === "en") return `${RANK_NAMES_EN[c.rank] || c.rank} of ${suit}`;
  const rank = RANK_TEXT[c.rank] || c.rank;
  return l === "ko" ? `${suit} ${rank}` : `${suit}の${rank}`;
}

/** A short text for a card (corner style): "♠10", "♥Q", "★". */
export function short(/** @type {string} */ id) {
  const c = parse(id);
  if (c.joker) return "★";
  return SUIT_CHAR[c.suit] + (RANK_TEXT[c.rank] || c.rank);
}

export default { svg, back, label, short };
