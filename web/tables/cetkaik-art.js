// Cetkaik piece art: our own SVG, drawn here (no files from elsewhere).
// A piece is a five-sided tile pointing towards its owner's forward; the glyph is the
// profession's kanji or a Latin letter, in the piece's colour (red 赤 / black 黒).
// The glyphs by the engine's profession number and colour number (a test keeps them equal to
// pyengine/cetkaik/board.py's PROFESSION_CHARS and COLOUR_CHARS and to the English names).
export const PROF_CHARS = "船兵弓車虎馬筆巫将王";
export const LATIN = "VPACTHOSGK"; // Vessel Pawn Archer Chariot Tiger Horse Officer Shaman General King
export const COLOUR_CHARS = "赤黒";
export const TAM_CHAR = "皇";
// The kanji are drawn in "Cetkaik Pieces" (cetkaik.css: a cut of Noto Serif CJK JP Bold holding
// exactly PROF_CHARS and TAM_CHAR), so they look the same on every device; the fonts after it
// in each list only serve while it loads or if it cannot.
export const PIECE_FONT = "700 50px 'Cetkaik Pieces'";
const INK = ["#b3261e", "#1c1b19"];
/** @type {Map<string, string>} */
const cache = new Map();

/**
 * A piece's tile as an SVG string.
 * @param {number} prof the profession (-1: tam2)
 * @param {number} colour 0 red, 1 black
 * @param {string} style "kanji" or "latin"
 * @returns {string}
 */
export function pieceSvg(prof, colour, style) {
  // prof -1: tam2 (belongs to nobody; drawn as a round golden token)
  const key = `${prof}:${colour}:${style}`;
  const kept = cache.get(key);
  if (kept) return kept;
  let svg;
  if (prof < 0) {
    const glyph = style === "latin"
      ? `<path d="M50 24 L56 44 L77 44 L60 56 L66 76 L50 64 L34 76 L40 56 L23 44 L44 44 Z" fill="#7a5a10"/>`
      : `<text x="50" y="66" text-anchor="middle" font-size="46" font-weight="700" fill="#7a5a10" font-family="'Cetkaik Pieces','Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho',serif">${TAM_CHAR}</text>`;
    svg = `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><circle cx="50" cy="50" r="42" fill="#f3d98b" stroke="#8a6a1a" stroke-width="4"/><circle cx="50" cy="50" r="34" fill="none" stroke="#8a6a1a" stroke-width="1.5"/>${glyph}</svg>`;
  } else {
    const ink = INK[colour];
    const glyph = style === "latin"
      ? `<text x="50" y="72" text-anchor="middle" font-size="50" font-weight="800" fill="${ink}" font-family="system-ui,'Segoe UI',Arial,sans-serif">${LATIN[prof]}</text>`
      : `<text x="50" y="70" text-anchor="middle" font-size="50" font-weight="700" fill="${ink}" font-family="'Cetkaik Pieces','Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho','Noto Serif CJK KR',serif">${PROF_CHARS[prof]}</text>`;
    // red pieces carry a small diamond too, so the colours differ without colour vision
    const mark = colour === 0 ? `<path d="M50 80 L55 86 L50 92 L45 86 Z" fill="${ink}"/>` : `<rect x="44" y="83" width="12" height="6" fill="${ink}"/>`;
    svg = `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><path d="M50 5 L84 20 L92 95 L8 95 L16 20 Z" fill="#f5ecd7" stroke="#6b5a3a" stroke-width="4" stroke-linejoin="round"/>${glyph}${mark}</svg>`;
  }
  cache.set(key, svg);
  return svg;
}

/**
 * Five casting sticks; `marked` sticks show their marked face.
 * @param {number[]} marked
 */
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

// The table's symbols, drawn here so that no font (emoji or otherwise) is needed: navigation,
// protection, results, help, turning the board.  Each is a 24×24 SVG in currentColor.
/** @type {Record<string, string>} */
const ICON_PATHS = {
  first: `<path d="M6 5v14" stroke-width="2.4"/><path d="M18 5l-9 7 9 7z" fill="currentColor" stroke="none"/>`,
  prev: `<path d="M16 5l-9 7 9 7z" fill="currentColor" stroke="none"/>`,
  next: `<path d="M8 5l9 7-9 7z" fill="currentColor" stroke="none"/>`,
  last: `<path d="M18 5v14" stroke-width="2.4"/><path d="M6 5l9 7-9 7z" fill="currentColor" stroke="none"/>`,
  shield: `<path d="M12 2.5l8 3v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10v-6z" fill="#2f6b3a" stroke="#fff" stroke-width="1.6"/><path d="M8.5 12l2.5 2.5 4.5-5" stroke="#fff" stroke-width="2"/>`,
  check: `<path d="M4.5 12.5l5 5 10-11" stroke-width="3"/>`,
  cross: `<path d="M6 6l12 12M18 6L6 18" stroke-width="3"/>`,
  help: `<circle cx="12" cy="12" r="9.5" stroke-width="2"/><path d="M9.2 9.3a2.9 2.9 0 1 1 4.2 2.6c-.9.5-1.4 1.1-1.4 2.1v.6" stroke-width="2.2"/><circle cx="12" cy="17.6" r="1.3" fill="currentColor" stroke="none"/>`,
  close: `<path d="M6 6l12 12M18 6L6 18" stroke-width="2.4"/>`,
  flip: `<path d="M7 4v13M7 17l-3.5-3.5M7 17l3.5-3.5M17 20V7M17 7l-3.5 3.5M17 7l3.5 3.5" stroke-width="2"/>`,
  turn: `<path d="M5 5l13 7-13 7z" fill="currentColor" stroke="none"/>`,
  sticks: `<rect x="3" y="4" width="3.2" height="16" rx="1.2" fill="currentColor" stroke="none"/><rect x="8.2" y="4" width="3.2" height="16" rx="1.2" stroke-width="1.4"/><rect x="13.4" y="4" width="3.2" height="16" rx="1.2" fill="currentColor" stroke="none"/><rect x="18.6" y="4" width="3.2" height="16" rx="1.2" stroke-width="1.4"/>`,
  penalty: `<path d="M12 3l10 18H2z" stroke-width="2" stroke-linejoin="round"/><path d="M12 9.5v5" stroke-width="2.4"/><circle cx="12" cy="17.7" r="1.3" fill="currentColor" stroke="none"/>`,
  season: `<circle cx="12" cy="12" r="8.5" stroke-width="2"/><path d="M12 3.5v17M3.5 12h17" stroke-width="1.4"/>`,
  arrow: `<path d="M4 12h15M13 6l6 6-6 6" stroke-width="2.2"/>`,
  copy: `<rect x="8" y="8" width="12" height="12" rx="2" stroke-width="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" stroke-width="2"/>`,
};

export const ICONS = Object.keys(ICON_PATHS);

/** An icon of ICONS as an SVG string. @param {string} name */
export function icon(name, cls = "") {
  return `<svg class="ck-icon${cls ? " " + cls : ""}" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round">${ICON_PATHS[name]}</svg>`;
}

// A part of the board for the rules panel (pyengine/app/views/cetkaik.py: rule_diagrams): the
// pieces, water, tam2 hue and the marks the engine computed, as one SVG.
/**
 * @param {CetkaikDiagram} d @param {string} style @param {string[]} columns @param {string[]} rows
 */
export function diagramSvg(d, style, columns, rows) {
  const [r0, r1] = d.rows;
  const [c0, c1] = d.cols;
  const w = c1 - c0 + 1;
  const hgt = r1 - r0 + 1;
  const S = 40;
  const water = new Set(d.water);
  const hue = new Set(d.hue);
  let out = `<svg viewBox="-16 -16 ${w * S + 18} ${hgt * S + 18}" aria-hidden="true" focusable="false" class="ck-diagram-svg">`;
  for (let c = c0; c <= c1; c++) out += `<text x="${(c - c0) * S + S / 2}" y="-4" text-anchor="middle" font-size="11" fill="currentColor" font-family="system-ui,sans-serif">${columns[c]}</text>`;
  for (let r = r0; r <= r1; r++) out += `<text x="-8" y="${(r - r0) * S + S / 2 + 4}" text-anchor="middle" font-size="11" fill="currentColor" font-family="system-ui,sans-serif">${rows[r]}</text>`;
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const sq = r * 9 + c;
      const x = (c - c0) * S;
      const y = (r - r0) * S;
      out += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${water.has(sq) ? "#a9c1de" : "#e9d6a8"}" stroke="#6b5a3a" stroke-width="1"/>`;
      if (hue.has(sq)) out += `<path d="M${x + 3} ${y + 3}L${x + S - 3} ${y + S - 3}M${x + S - 3} ${y + 3}L${x + 3} ${y + S - 3}" stroke="#b07814" stroke-width="1.4" opacity=".6"/>`;
      const mark = d.marks[String(sq)];
      if (mark === "sel") out += `<rect x="${x + 1}" y="${y + 1}" width="${S - 2}" height="${S - 2}" fill="rgba(255,214,64,.7)"/>`;
      const cell = d.cells[String(sq)];
      if (cell) {
        const inner = cell === "tam" ? pieceSvg(-1, 0, style) : pieceSvg(cell.p, cell.c, style);
        const turn = cell !== "tam" && cell.s === 0 ? ` transform="rotate(180 ${x + S / 2} ${y + S / 2})"` : "";
        out += `<g${turn}><svg x="${x + 3}" y="${y + 3}" width="${S - 6}" height="${S - 6}" viewBox="0 0 100 100">${inner.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "")}</svg></g>`;
      }
      if (mark === "dest") out += `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${cell ? 16 : 6}" fill="${cell ? "none" : "#1f7a3a"}" stroke="#1f7a3a" stroke-width="${cell ? 3 : 0}"/>`;
      if (mark === "water-cast") out += `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="6" fill="#2a6fc0"/><circle cx="${x + S / 2}" cy="${y + S / 2}" r="11" fill="none" stroke="#2a6fc0" stroke-width="2"/>`;
      if (mark === "cast") out += `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="8" fill="none" stroke="#c0561a" stroke-width="3"/>`;
      if (mark === "via") out += `<rect x="${x + 2}" y="${y + 2}" width="${S - 4}" height="${S - 4}" fill="none" stroke="#c0561a" stroke-width="3" stroke-dasharray="5 3"/>`;
      if (mark === "protected") out += `<g transform="translate(${x + S - 15} ${y + 1}) scale(.58)">${ICON_PATHS.shield}</g>`;
    }
  }
  return out + `</svg>`;
}
