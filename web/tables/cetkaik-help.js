// The Cetkaik rules panel (the table's "?" dialog), drawn from the `help` call's answer
// (pyengine/app/views/cetkaik.py: rules_help; the pieces from cetkaik_help.py: piece_help).
// It has no rules in it: every square a move diagram marks, and how the piece gets there, is
// what the engine's move generator and movement table answered; this module only draws them.
import { LATIN, diagramSvg, icon, pieceSvg } from "./cetkaik-art.js";
import { stylesheet } from "./styles.js";

await stylesheet(new URL("./cetkaik-help.css", import.meta.url));

const S = 40; // a square of a move diagram, in SVG units
const GREEN = "#1f7a3a";
const TAM_INK = "#7a5a10";
const LANGS = ["en", "ko", "ja"];

/** A piece's tile as the table draws it, for inline use (legend, card heads). @param {number} prof @param {string} style */
function tile(prof, style) {
  return pieceSvg(prof, prof < 0 ? 0 : 1, style);
}

/**
 * A piece's move diagram: the squares within `d.radius` of the piece, each destination marked by
 * its kind, the lines it ranges along (with an arrowhead where they go on past the edge).
 * @param {CetkaikMoveDiagram} d
 * @param {number} prof the profession (-1: tam2)
 * @param {string} style "kanji" or "latin"
 */
export function moveDiagramSvg(d, prof, style) {
  const R = d.radius;
  const n = 2 * R + 1;
  const W = n * S;
  const mid = (/** @type {number} */ k) => (k + R) * S + S / 2; // the centre of the square k squares off the piece
  let out = `<svg viewBox="-4 -4 ${W + 8} ${W + 8}" aria-hidden="true" focusable="false" class="ck-move-svg">`;
  for (let r = -R; r <= R; r++) {
    for (let c = -R; c <= R; c++) {
      out += `<rect x="${(c + R) * S}" y="${(r + R) * S}" width="${S}" height="${S}" fill="#e9d6a8" stroke="#6b5a3a" stroke-width="1"/>`;
    }
  }
  const x0 = R * S;
  if (d.hue) {
    // the piece's own square is tam2 hue: marked as the board marks it, and framed
    out += `<path d="M${x0 + 3} ${x0 + 3}L${x0 + S - 3} ${x0 + S - 3}M${x0 + S - 3} ${x0 + 3}L${x0 + 3} ${x0 + S - 3}" stroke="#b07814" stroke-width="1.6" opacity=".7"/>`;
    out += `<rect x="${x0 + 1.5}" y="${x0 + 1.5}" width="${S - 3}" height="${S - 3}" fill="none" stroke="#b07814" stroke-width="3"/>`;
  }
  // ranges: a line from the piece (a Horse on hue leaves its first square out: dotted there)
  for (const ray of d.rays) {
    const dash = ray.kind === "skip1" ? ` stroke-dasharray="7 5"` : "";
    const start = ray.from > 1 ? ray.from - 0.5 : 0.45;
    const end = ray.beyond ? R + 0.22 : R;
    const [sx, sy, ex, ey] = [mid(ray.dc * start), mid(ray.dr * start), mid(ray.dc * end), mid(ray.dr * end)];
    if (ray.from > 1) out += `<line x1="${mid(ray.dc * 0.45)}" y1="${mid(ray.dr * 0.45)}" x2="${sx}" y2="${sy}" stroke="${GREEN}" stroke-width="1.5" stroke-dasharray="2 4" opacity=".8"/>`;
    out += `<line data-ray="${ray.dr},${ray.dc}" data-kind="${ray.kind}" x1="${sx}" y1="${sy}" x2="${ex}" y2="${ey}" stroke="${GREEN}" stroke-width="3.5"${dash} stroke-linecap="round"/>`;
    if (ray.beyond) {
      // an arrowhead at the window's edge: the line goes on
      const len = Math.hypot(ray.dr, ray.dc);
      const ux = ray.dc / len;
      const uy = ray.dr / len;
      const tipx = ex + ux * 10;
      const tipy = ey + uy * 10;
      const bx = ex - ux * 4;
      const by = ey - uy * 4;
      out += `<path d="M${tipx} ${tipy}L${bx - uy * 8} ${by + ux * 8}L${bx + uy * 8} ${by - ux * 8}Z" fill="${GREEN}"/>`;
    }
  }
  for (const cell of d.cells) {
    const cx = mid(cell.dc);
    const cy = mid(cell.dr);
    const far = Math.max(Math.abs(cell.dr), Math.abs(cell.dc));
    const at = `data-at="${cell.dr},${cell.dc}" data-kind="${cell.kind}"`;
    if (cell.kind === "step") {
      // a step two squares off needs the square between empty: drawn as a thin line through it
      if (far > 1) out += `<line x1="${mid(0)}" y1="${mid(0)}" x2="${cx}" y2="${cy}" stroke="${GREEN}" stroke-width="2"/>`;
      out += `<circle ${at} cx="${cx}" cy="${cy}" r="8" fill="${GREEN}"/>`;
    } else if (cell.kind === "jump") {
      out += `<path ${at} d="M${cx} ${cy - 10}L${cx + 10} ${cy}L${cx} ${cy + 10}L${cx - 10} ${cy}Z" fill="#fff" stroke="${GREEN}" stroke-width="3.5" stroke-linejoin="round"/>`;
    } else if (cell.kind === "range" || cell.kind === "skip1") {
      out += `<circle ${at} cx="${cx}" cy="${cy}" r="5.5" fill="${GREEN}" stroke="#e9d6a8" stroke-width="1.5"/>`;
    } else if (cell.kind === "tam") {
      out += `<circle ${at} cx="${cx}" cy="${cy}" r="7" fill="${TAM_INK}"/>`;
    }
  }
  // the piece itself, upright (the side shown moves up the page)
  const inner = tile(prof, style).replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  out += `<svg x="${x0 + 3}" y="${x0 + 3}" width="${S - 6}" height="${S - 6}" viewBox="0 0 100 100">${inner}</svg>`;
  if (d.cells.some((c) => c.kind === "return")) {
    out += `<circle data-at="0,0" data-kind="return" cx="${mid(0)}" cy="${mid(0)}" r="${S / 2 - 1}" fill="none" stroke="${TAM_INK}" stroke-width="2.5" stroke-dasharray="4 3"/>`;
  }
  return out + `</svg>`;
}

/** One mark of the key, drawn as the diagrams draw it. @param {string} kind */
function keySvg(kind) {
  /** @type {Record<string, string>} */
  const marks = {
    step: `<circle cx="20" cy="12" r="7" fill="${GREEN}"/>`,
    jump: `<path d="M20 3L29 12L20 21L11 12Z" fill="#fff" stroke="${GREEN}" stroke-width="3" stroke-linejoin="round"/>`,
    range: `<line x1="2" y1="12" x2="30" y2="12" stroke="${GREEN}" stroke-width="3.5"/><circle cx="14" cy="12" r="5" fill="${GREEN}" stroke="#e9d6a8" stroke-width="1.5"/><path d="M38 12L29 5L29 19Z" fill="${GREEN}"/>`,
    skip1: `<line x1="2" y1="12" x2="30" y2="12" stroke="${GREEN}" stroke-width="3.5" stroke-dasharray="7 5"/><path d="M38 12L29 5L29 19Z" fill="${GREEN}"/>`,
    hue: `<rect x="9" y="1" width="22" height="22" fill="#e9d6a8" stroke="#b07814" stroke-width="3"/><path d="M12 4L28 20M28 4L12 20" stroke="#b07814" stroke-width="1.5"/>`,
    tam: `<circle cx="20" cy="12" r="7" fill="${TAM_INK}"/>`,
  };
  const body = marks[kind];
  return `<svg viewBox="0 0 40 24" width="40" height="24" aria-hidden="true" focusable="false">${body}</svg>`;
}

/**
 * The section on the pieces: the legend of their names, the key of the marks, and a card per
 * piece with its move diagrams and what is special about it.
 * @param {CetkaikHelp} d @param {CetkaikHelpOptions} o
 */
function piecesSection(d, o) {
  const { h, T } = o;
  const pieces = d.pieces;
  const glyph = (/** @type {string} */ text, /** @type {string} */ lang) => h("span", { class: "ck-help-glyph", lang, text });
  const head = (/** @type {string} */ key) => h("th", { scope: "col", text: T(`help.legend.${key}`) });
  const legend = h("table", { class: "ck-legend", "data-help-legend": "" },
    h("caption", { text: T("help.legend.title") }),
    h("thead", {}, h("tr", {}, head("piece"), head("letter"), head("pekzep"), LANGS.map((l) => head(l)))),
    h("tbody", {}, pieces.map((p) => {
      const pic = h("span", { class: "ck-legend-tile" });
      pic.innerHTML = tile(p.prof, "kanji");
      return h("tr", { "data-piece": p.id },
        h("th", { scope: "row" }, pic, glyph(p.kanji, "ja")),
        h("td", { class: "ck-legend-letter", text: p.prof < 0 ? "—" : LATIN[p.prof] }),
        h("td", { class: "ck-legend-pekzep", translate: "no", text: p.pekzep }),
        LANGS.map((l) => h("td", { class: `ck-legend-name lang-${l}`, lang: l, text: p.names[l] })));
    })));
  const key = h("ul", { class: "ck-move-key", "aria-label": T("help.key.title") },
    ["step", "jump", "range", "skip1", "hue", "tam"].map((k) => {
      const mark = h("span", { class: "ck-move-key-mark" });
      mark.innerHTML = keySvg(k);
      return h("li", { "data-key": k }, mark, h("span", { text: T(`help.key.${k}`) }));
    }));
  const cards = h("div", { class: "ck-move-cards" }, pieces.map((p) => {
    const name = p.names[o.lang] || p.names.en;
    const pic = h("span", { class: "ck-legend-tile" });
    pic.innerHTML = tile(p.prof, o.style);
    const figs = p.diagrams.map((g) => {
      const where = p.prof < 0 ? "tam" : p.same ? "same" : g.hue ? "on" : "off";
      const label = T(`help.pieces.${where}`);
      const fig = h("figure", { class: "ck-move", "data-move": where });
      const art = h("div", { class: "ck-move-pic", role: "img", "aria-label": `${name}: ${label}` });
      art.innerHTML = moveDiagramSvg(g, p.prof, o.style);
      fig.append(art, h("figcaption", { text: label }));
      return fig;
    });
    return h("article", { class: "ck-move-card", "data-piece": p.id, "data-prof": p.prof },
      h("h4", {}, pic, h("span", { class: `ck-legend-name lang-${o.lang}`, text: name }), name.includes(p.kanji) ? null : glyph(p.kanji, "ja")),
      h("div", { class: "ck-move-figs" }, figs),
      h("p", { text: T(`help.piece.${p.id}`) }));
  }));
  return [h("p", { text: T("help.pieces") }), h("div", { class: "ck-legend-wrap" }, legend), key, cards];
}

/**
 * Fills the rules panel `dialog` with the help `d`.
 * @param {HTMLDialogElement} dialog
 * @param {CetkaikHelp} d the `help` call's answer
 * @param {CetkaikHelpOptions} o
 */
export function renderHelp(dialog, d, o) {
  const { h, T } = o;
  const closeBtn = h("button", { type: "button", class: "ck-iconbtn", "data-help": "close", "aria-label": T("help.close"), title: T("help.close"), onclick: o.close });
  closeBtn.innerHTML = icon("close");
  const section = (/** @type {string} */ id, /** @type {string} */ title, /** @type {HChild[]} */ ...body) => h("section", { class: "ck-help-sec", "data-help-section": id }, h("h3", { text: title }), ...body);
  const needs = (/** @type {CetkaikHelp["hands"][number]} */ x) => x.needs.map((n) => (n.n > 1 ? `${d.professions[n.p]} ×${n.n}` : d.professions[n.p])).join(" + ");
  const hands = h("table", { class: "ck-hands-table" },
    h("thead", {}, h("tr", {}, h("th", { text: T("help.hand") }), h("th", { text: T("help.needs") }), h("th", { text: T("help.points") }), h("th", { text: T("help.flash_points") }))),
    h("tbody", {}, d.hands.map((x) => h("tr", {}, h("td", {}, h("span", { text: x.label }), x.label !== x.name ? h("span", { class: "muted ck-kanji", text: ` ${x.name}` }) : null),
      h("td", { text: needs(x) }), h("td", { class: "num", text: String(x.value) }), h("td", { class: "num", text: x.flash === null ? "—" : String(x.flash) })))));
  const penalties = h("ul", {}, d.penalties.map((p) => h("li", {}, h("strong", { text: `${p.label} ${p.value}` }), " ", h("span", { text: T(`explain.${p.explain}`) }))));
  const presetNames = Object.keys(d.presets);
  const current = o.preset;
  const presets = h("table", { class: "ck-presets-table" },
    h("thead", {}, h("tr", {}, h("th", { text: T("help.option") }), presetNames.map((p) => h("th", { class: p === current ? "current" : "", text: o.t(`preset.cetkaik.${p}`) + (p === current ? ` (${T("help.playing")})` : "") })))),
    h("tbody", {}, d.options.map((opt) => h("tr", { "data-option": opt }, h("th", { scope: "row", text: T(`opt.${opt}`) }),
      presetNames.map((p) => h("td", { class: p === current ? "current" : "", text: T(`opt.${opt}.${d.presets[p][opt]}`) }))))));
  const diagrams = h("div", { class: "ck-diagrams" }, d.diagrams.map((g) => {
    const fig = h("figure", { class: "ck-diagram", "data-diagram": g.id });
    const pic = h("div", { class: "ck-diagram-pic", role: "img", "aria-label": T(`diagram.${g.id}`) });
    pic.innerHTML = diagramSvg(g, o.style, o.columns, o.rows);
    fig.append(pic, h("figcaption", {}, h("strong", { text: T(`diagram.${g.id}.title`) }), " ", h("span", { text: T(`diagram.${g.id}`) })));
    return fig;
  }));
  dialog.replaceChildren(
    h("div", { class: "ck-help-head" }, h("h2", { id: "ck-help-title", text: T("help.title") }), closeBtn),
    h("div", { class: "ck-help-body" },
      section("goal", T("help.goal.title"), h("p", { text: T("help.goal") }), h("p", { text: T("help.turn") })),
      section("pieces", T("help.pieces.title"), ...piecesSection(d, o)),
      section("moving", T("help.moving.title"), h("p", { text: T("help.moving") }), diagrams),
      section("hands", T("help.hands.title"), h("p", { text: T("help.hands") }), hands, h("p", { class: "muted", text: T("help.hands_notes") })),
      section("declare", T("help.declare.title"), h("p", { text: T("help.declare") })),
      section("penalties", T("help.penalties.title"), penalties),
      section("presets", T("help.presets.title"), h("p", { text: T("help.presets") }), presets)));
  dialog.onclick = (e) => { if (e.target === dialog) o.close(); };
  dialog.onkeydown = (e) => { if (e.key === "Escape") { e.preventDefault(); o.close(); } };
}
