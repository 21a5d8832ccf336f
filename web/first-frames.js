// First frames: a table drawn before the engine is up, from the build's starting views
// (start/<game>.<lang>.json), the view last on screen, or a link read without Python.
import { engine } from "./engine-start.js";
import { gameInfo, lang } from "./i18n.js";
import { BUILD, fetchJson, FORCE_GENERIC, sleep } from "./page.js";
import { app } from "./state.js";
import { drawOpening, loadTable, render } from "./table.js";

/** @type {Record<string, Promise<Record<string, View>>>} */
const startViews = {}; // "<game>.<lang>" → Promise of {"<preset>|<players>": view}
/** @param {string} game */
export function fetchStartViews(game) {
  const id = `${game}.${lang}`;
  if (!startViews[id]) startViews[id] = fetchJson(`./start/${id}.json`).catch(() => ({}));
  return startViews[id];
}
/**
 * A game's starting view (its preset's, else the default preset's, for this many players).
 * @param {string} game @param {string | null | undefined} preset @param {number} players
 * @returns {Promise<View | null>}
 */
export async function startView(game, preset, players) {
  if (!FORCE_GENERIC) void loadTable(game); // (a first frame needs its table too: the modules and words come meanwhile)
  const views = await fetchStartViews(game);
  const def = BUILD.setup[game]?.default_preset || "";
  const v = views[`${preset || ""}|${players}`] || views[`${def}|${players}`]
    || Object.entries(views).find(([k]) => k.startsWith(`${preset || ""}|`))?.[1] || null;
  return v ? structuredClone(v) : null;
}
// Draw a table from a view the engine has not made for this page (a start view, or the view
// last on screen): a first frame, replaced as soon as the engine answers.
/** @typedef {{game: string, preset: string | null | undefined, players: number}} FrameSource a start view's key */
/** What the first frame on the table was drawn from (a start view), to draw it again in another
 * language; null for the view last on screen. @type {FrameSource | null} */
let frameFrom = null;
/** @param {View} v @param {[string, string][] | null} [seats] the players (name, kind) @param {FrameSource | null} [from] */
export function drawProvisional(v, seats = null, from = null) {
  frameFrom = from;
  app.view = { ...v, provisional: true, dealt_now: null, legal: [] };
  app.paused = false; // (a new table: its bots play until the person pauses them)
  if (seats) app.view.seats = seats.map(([name, kind]) => ({ name, kind }));
  app.autoState = null;
  render(); // (the table marks its first frame once it is drawn: table.js)
}
/** The first frame on the table drawn again from its start view in the page's language (the
 * words were switched before the engine was up). @returns {Promise<boolean>} whether it was */
export async function redrawFrame() {
  const from = frameFrom;
  const before = app.view;
  if (!from || !before || !before.provisional) return false;
  const v = await startView(from.game, from.preset, from.players);
  if (!v || app.view !== before) return false; // (the engine's view, or another page, came meanwhile)
  const paused = app.paused; // (the same table, in other words: a pause given it stays)
  drawProvisional({ ...v, pending_moves: before.pending_moves }, before.seats.map((s) => [s.name, s.kind]), from);
  if (paused) { app.paused = true; render(); }
  return true;
}
// A link's game, players and rules preset, read without Python (a fragment is "1." and the
// record's JSON, zlib-compressed, in URL-safe base64): enough for its game's table from the
// build's starting view while the engine starts. Anything else: null (the engine says why).
/** @param {string} frag @returns {Promise<{view: View, seats: [string, string][], moves: number, from: FrameSource} | null>} */
async function linkOutline(frag) {
  const [version, body] = frag.split(".");
  if (version !== "1" || !body || body.length > 200000 || typeof DecompressionStream === "undefined") return null;
  const b64 = body.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"))).text();
  const data = JSON.parse(text);
  if (!data || !gameInfo(data.game) || !Array.isArray(data.seats) || !data.seats.length) return null;
  const preset = typeof data.rules === "string" ? data.rules.split(".").slice(1).join(".") : "";
  /** @type {[string, string][]} */
  const seats = data.seats.map((/** @type {unknown[] | null} */ s) => [String((s && s[0]) || ""), String((s && s[1]) || "human")]);
  const first = await startView(data.game, preset, seats.length);
  const moves = Array.isArray(data.actions) ? data.actions.length : 0;
  return first ? { view: first, seats, moves, from: { game: data.game, preset, players: seats.length } } : null;
}
// Opening a link before the engine is up: its game's table when the link can be read here (the
// engine puts the link's own position there as soon as it is up), else a place for the game.
// A link read after 400 ms (a busy machine, a slow network) still replaces that place with
// its table, unless the engine or another page has drawn meanwhile.
/** @param {string} frag */
export async function drawLinkFrame(frag) {
  const nav = app.navGen;
  const outline = linkOutline(frag).catch(() => null);
  const first = await Promise.race([outline, sleep(400).then(() => undefined)]);
  const stillOurs = () => app.navGen === nav && engine.state !== "ready" && (!app.view || app.view.provisional);
  if (!stillOurs()) return;
  // (a link to a later position: its game's table, dimmed, until the engine puts the position there)
  const draw = (/** @type {{view: View, seats: [string, string][], moves: number, from: FrameSource}} */ o) => drawProvisional({ ...o.view, pending_moves: o.moves }, o.seats, o.from);
  if (first) return draw(first);
  drawOpening();
  if (first === null) return; // not a link this page can read: the engine will say why
  void outline.then((late) => { if (late && stillOurs()) draw(late); });
}
