// Our own Dido-poikas deck (디도포이카스, 36 cards) as SVG markup, drawn for this project from the
// rules specification (../shared/rules/chabashi.md §2): four colours R B Y G, numbers 1–8 and a
// zero card (공패) per colour, and each card's type as its picture:
//   원 (won)  closed circles only          선 (seon) lines only, no closed circle
//   혼 (hon)  circles and lines together    공 (gong) no picture (the zero cards)
// Every face also carries the colour letter, the number and the type as a corner mark, so the
// cards stay readable without colour vision.
//
// A "deck module" for web/tables/cardkit.js:
//   svg(cardId) -> SVG markup (viewBox 0 0 60 84)   label(cardId, lang) -> accessible name
//   back() -> SVG markup of the back
// CODES lists every card the art draws; tests/chabashi/test_chabashi_art.py keeps it, and each
// card's colour, number and type, equal to the engine's deck (pyengine/chabashi/cards.py).
// Card ids: the engine's codes ("R5", "Y0"); "back" (a card nobody at this seat knows);
// "back:yours" (your own face-down card: a back with a "yours" mark); "R5:down" (a face-down
// card you know, e.g. one you discarded: the face with a face-down band). A "#…" suffix is ignored.

/** @type {Record<string, string>} */
const INK = { R: "#b3261e", B: "#1f4f8f", Y: "#a87400", G: "#2f6b3a" };
/** @type {Record<string, string>} */
const PAPER = { R: "#fdf1ee", B: "#eef3fb", Y: "#fdf7e6", G: "#eef7ef" };
/** @type {Record<string, string>} */
const TYPE_ROWS = { R: "혼혼선선혼선혼선", B: "선혼선원선혼선선", Y: "선혼혼선선선혼원", G: "혼혼선선혼혼혼선" };
export const CODES = Object.entries(TYPE_ROWS).flatMap(([colour, row]) => [...`0${row}`].map((_, n) => `${colour}${n}`));
/** @type {Record<string, string>} */
const TYPE_ROMAN = { 원: "won", 선: "seon", 혼: "hon", 공: "gong" };
/** @type {Record<string, Record<string, string>>} */
const COLOUR_NAMES = {
  en: { R: "red", B: "blue", Y: "yellow", G: "green" },
  ko: { R: "빨강", B: "파랑", Y: "노랑", G: "초록" },
  ja: { R: "赤", B: "青", Y: "黄", G: "緑" },
};
/** @type {Record<string, Record<string, string>>} */
const WORDS = {
  en: { zero: "zero card", back: "face-down card", yours: "your face-down card", down: "face down" },
  ko: { zero: "공패", back: "뒷면 카드", yours: "내 뒷면 카드", down: "뒷면" },
  ja: { zero: "ゼロ札", back: "裏向きの札", yours: "自分の裏向きの札", down: "裏向き" },
};

/**
 * What a card id says (see the top of this file).
 * @param {string} id
 * @returns {{back: true, yours: boolean} | {back?: undefined, code: string, colour: string, number: number, type: string, down: boolean}}
 */
export function parts(id) {
  const raw = String(id).split("#")[0];
  if (raw === "back" || raw === "back:yours" || raw === "") return { back: true, yours: raw === "back:yours" };
  const [code, flag] = raw.split(":");
  const colour = code[0];
  const number = Number(code[1]);
  return { code, colour, number, type: typeOf(colour, number), down: flag === "down" };
}

/** The type of a card (원 선 혼 공). @param {string} colour @param {number} number */
export function typeOf(colour, number) {
  if (number === 0) return "공";
  return TYPE_ROWS[colour][number - 1];
}

// Pip centres for 1..8 on the 60×84 face.
/** @type {Record<number, [number, number][]>} */
const PIPS = {
  1: [[30, 42]],
  2: [[30, 27], [30, 57]],
  3: [[30, 23], [30, 42], [30, 61]],
  4: [[21, 27], [39, 27], [21, 57], [39, 57]],
  5: [[21, 25], [39, 25], [30, 42], [21, 59], [39, 59]],
  6: [[21, 23], [39, 23], [21, 42], [39, 42], [21, 61], [39, 61]],
  7: [[21, 22], [39, 22], [30, 32], [21, 42], [39, 42], [21, 62], [39, 62]],
  8: [[21, 21], [39, 21], [21, 35], [39, 35], [21, 49], [39, 49], [21, 63], [39, 63]],
};

// One pip of a type: 원 a closed circle, 선 two strokes (no closed circle), 혼 both.
/** @param {string} type @param {number} x @param {number} y @param {string} ink */
function pip(type, x, y, ink, r = 5) {
  const circle = `<circle cx="${x}" cy="${y}" r="${r}" fill="${ink}"/>`;
  const lines = `<path d="M${x - r} ${y + r * 0.6} L${x + r} ${y - r * 0.6} M${x - r} ${y + r * 1.3} L${x + r} ${y + r * 0.1}" stroke="${ink}" stroke-width="1.8" stroke-linecap="round" fill="none"/>`;
  if (type === "원") return circle;
  if (type === "선") return lines;
  // 혼: a smaller closed circle crossed by a stroke
  return `<circle cx="${x}" cy="${y - 1}" r="${r * 0.72}" fill="${ink}"/>`
    + `<path d="M${x - r - 1} ${y + r * 0.9} L${x + r + 1} ${y - r * 0.3}" stroke="${ink}" stroke-width="1.8" stroke-linecap="round"/>`;
}

// The small type mark in the corners.
/** @param {string} type @param {number} x @param {number} y @param {string} ink */
function typeMark(type, x, y, ink) {
  if (type === "공") return `<circle cx="${x}" cy="${y}" r="3" fill="none" stroke="${ink}" stroke-width="1.2" stroke-dasharray="1.6 1.2"/>`;
  return pip(type, x, y, ink, 3);
}

/** @param {string} id */
export function svg(id) {
  const p = parts(id);
  if (p.back) return back(p.yours);
  const ink = INK[p.colour];
  const paper = PAPER[p.colour];
  const digit = String(p.number);
  let picture;
  if (p.number === 0) {
    // 공패: no picture — an empty window and a large zero
    picture = `<rect x="14" y="20" width="32" height="44" rx="4" fill="none" stroke="${ink}" stroke-width="1" stroke-dasharray="3 2" opacity=".6"/>`
      + `<text x="30" y="50" text-anchor="middle" font-size="22" font-family="Georgia, serif" fill="${ink}" opacity=".8">0</text>`;
  } else {
    const r = p.number <= 2 ? 6.5 : p.number <= 5 ? 5.5 : 4.8;
    picture = PIPS[p.number].map(([x, y]) => pip(p.type, x, y, ink, r)).join("");
  }
  const corner = (/** @type {boolean} */ rot) => `<g${rot ? ' transform="rotate(180 30 42)"' : ""}>`
    + `<text x="7" y="13" text-anchor="middle" font-size="11" font-weight="700" font-family="system-ui, sans-serif" fill="${ink}">${digit}</text>`
    + `<text x="7" y="21" text-anchor="middle" font-size="6" font-weight="700" font-family="system-ui, sans-serif" fill="${ink}">${p.colour}</text>`
    + typeMark(p.type, 7, 27, ink) + `</g>`;
  // the type in Hangul: the device's face, else the table's (fonts/chabashi-hangul.woff, declared in chabashi.css)
  const hangul = `<text x="53" y="13" text-anchor="middle" font-size="7" font-family="system-ui, sans-serif, 'Chabashi Hangul'" fill="${ink}" opacity=".85">${p.type}</text>`;
  const down = p.down
    ? `<svg x="1" y="1" width="58" height="82" viewBox="0 0 58 82" overflow="hidden"><path d="${HATCH}" stroke="#1d2533" stroke-width="1.2" opacity=".35"/></svg>`
      + `<rect x="2" y="36" width="56" height="12" fill="#1d2533" opacity=".85"/>`
      + `<path d="M24 39 L36 39 L30 45Z" fill="#fff"/>`
    : "";
  return `<svg class="ck-svg dd-card" viewBox="0 0 60 84" aria-hidden="true" data-type="${TYPE_ROMAN[p.type]}">`
    + `<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="${paper}" stroke="${ink}" stroke-width="1"/>`
    + `<rect x="3" y="3" width="54" height="78" rx="3.5" fill="none" stroke="${ink}" stroke-width=".6" opacity=".5"/>`
    + picture + corner(false) + corner(true) + hangul + down + `</svg>`;
}

// Plain paths instead of SVG patterns: many inline SVGs on one page must not share ids.
const HATCH = Array.from({ length: 24 }, (_, i) => `M${-80 + i * 6} 82 L${i * 6} 0`).join(" ");
const LATTICE = (() => {
  let d = "";
  for (let k = -10; k <= 16; k++) {
    const x0 = k * 8;
    d += `M${x0} 0 L${x0 + 76} 76 M${x0} 0 L${x0 - 76} 76 `;
  }
  return d;
})();

export function back(yours = false) {
  const mark = yours
    ? `<path d="M38 1 L59 1 L59 22Z" fill="#e0a526"/><circle cx="52" cy="8" r="2.4" fill="#1d2533"/>`
      + `<path d="M47.6 14.6 A4.4 4.4 0 0 1 56.4 14.6Z" fill="#1d2533"/>`
    : "";
  return `<svg class="ck-svg dd-back${yours ? " dd-yours" : ""}" viewBox="0 0 60 84" aria-hidden="true">`
    + `<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#1d2533" stroke="#0e131b"/>`
    + `<svg x="4" y="4" width="52" height="76" viewBox="0 0 52 76" overflow="hidden"><path d="${LATTICE}" fill="none" stroke="#c9b37a" stroke-width=".6" opacity=".55"/></svg>`
    + `<rect x="4" y="4" width="52" height="76" rx="3" fill="none" stroke="#c9b37a" stroke-width=".8"/>`
    + `<circle cx="30" cy="42" r="11" fill="#1d2533" stroke="#c9b37a" stroke-width="1.2"/>`
    + `<circle cx="26" cy="39" r="2.6" fill="#b3261e"/><circle cx="34" cy="39" r="2.6" fill="#1f4f8f"/>`
    + `<circle cx="26" cy="46" r="2.6" fill="#e0a526"/><circle cx="34" cy="46" r="2.6" fill="#2f6b3a"/>`
    + mark + `</svg>`;
}

/** @param {string} id */
export function label(id, lang = "en") {
  const w = WORDS[lang] || WORDS.en;
  const p = parts(id);
  if (p.back) return p.yours ? w.yours : w.back;
  const colour = (COLOUR_NAMES[lang] || COLOUR_NAMES.en)[p.colour];
  const type = lang === "en" ? `${p.type} ${TYPE_ROMAN[p.type]}` : p.type;
  let name;
  if (lang === "ko") name = p.number === 0 ? `${colour} ${w.zero} (${p.code})` : `${colour} ${p.number} (${p.code}, ${type})`;
  else if (lang === "ja") name = p.number === 0 ? `${colour}の${w.zero}（${p.code}）` : `${colour}の${p.number}（${p.code}・${type}）`;
  else name = p.number === 0 ? `${colour} ${w.zero} (${p.code})` : `${colour} ${p.number} (${p.code}, ${type})`;
  return p.down ? (lang === "ja" ? `${name}、${w.down}` : `${name}, ${w.down}`) : name;
}

export default { svg, back: () => back(false), label };
