// Cetkaik piece art: our own SVG, drawn here (no files from elsewhere).
// A piece is a five-sided tile pointing towards its owner's forward; the glyph is the
// profession's kanji or a Latin letter, in the piece's colour (red 赤 / black 黒).
// The glyphs by the engine's profession number and colour number (a test keeps them equal to
// pyengine/cetkaik/board.py's PROFESSION_CHARS and COLOUR_CHARS and to the English names).
export const PROF_CHARS = "船兵弓車虎馬筆巫将王";
export const LATIN = "VPACTHOSGK"; // Vessel Pawn Archer Chariot Tiger Horse Officer Shaman General King
export const COLOUR_CHARS = "赤黒";
const INK = ["#b3261e", "#1c1b19"];
const cache = new Map();

export function pieceSvg(prof, colour, style) {
  // prof -1: tam2 (belongs to nobody; drawn as a round golden token)
  const key = `${prof}:${colour}:${style}`;
  if (cache.has(key)) return cache.get(key);
  let svg;
  if (prof < 0) {
    const glyph = style === "latin"
      ? `<path d="M50 24 L56 44 L77 44 L60 56 L66 76 L50 64 L34 76 L40 56 L23 44 L44 44 Z" fill="#7a5a10"/>`
      : `<text x="50" y="66" text-anchor="middle" font-size="46" font-weight="700" fill="#7a5a10" font-family="'Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho',serif">皇</text>`;
    svg = `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><circle cx="50" cy="50" r="42" fill="#f3d98b" stroke="#8a6a1a" stroke-width="4"/><circle cx="50" cy="50" r="34" fill="none" stroke="#8a6a1a" stroke-width="1.5"/>${glyph}</svg>`;
  } else {
    const ink = INK[colour];
    const glyph = style === "latin"
      ? `<text x="50" y="72" text-anchor="middle" font-size="50" font-weight="800" fill="${ink}" font-family="system-ui,'Segoe UI',Arial,sans-serif">${LATIN[prof]}</text>`
      : `<text x="50" y="70" text-anchor="middle" font-size="50" font-weight="700" fill="${ink}" font-family="'Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho','Noto Serif CJK KR',serif">${PROF_CHARS[prof]}</text>`;
    // red pieces carry a small diamond too, so the colours differ without colour vision
    const mark = colour === 0 ? `<path d="M50 80 L55 86 L50 92 L45 86 Z" fill="${ink}"/>` : `<rect x="44" y="83" width="12" height="6" fill="${ink}"/>`;
    svg = `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><path d="M50 5 L84 20 L92 95 L8 95 L16 20 Z" fill="#f5ecd7" stroke="#6b5a3a" stroke-width="4" stroke-linejoin="round"/>${glyph}${mark}</svg>`;
  }
  cache.set(key, svg);
  return svg;
}

// Five casting sticks; `marked` sticks show their marked face.
export function sticksSvg(marked, n = 5) {
  let out = `<svg viewBox="0 0 120 60" aria-hidden="true" focusable="false">`;
  for (let i = 0; i < n; i++) {
    const x = 8 + i * 22;
    const on = marked.includes(i);
    out += `<g class="stick${on ? " on" : ""}" style="--i:${i}"><rect x="${x}" y="6" width="16" height="48" rx="4" fill="${on ? "#b3261e" : "#e8dcc0"}" stroke="#6b5a3a" stroke-width="2"/>`;
    if (on) out += `<circle cx="${x + 8}" cy="30" r="4" fill="#fff"/>`;
    out += `</g>`;
  }
  return out + `</svg>`;
}
