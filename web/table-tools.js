// The tools row under a table (share link, copy, undo, speed, pause and resume, play again, home) and the
// moves it and the replay bar make (goto, undo, play).
import { play } from "./api.js";
import { hasBots, pauseAuto, resumeAuto, runAuto } from "./auto-play.js";
import { call } from "./bridge.js";
import { h, notify, setAttr, setText } from "./dom.js";
import { engine } from "./engine-start.js";
import { t } from "./i18n.js";
import { SPEEDS } from "./page.js";
import { app, atLiveTable, emit, liveOpen, publicState, queue, setFromResult, supersede } from "./state.js";
import { render, setSpeed, shareUrl } from "./table.js";

/** @typedef {ReturnType<typeof buildTools>} ToolsRow */
/** @type {ToolsRow | null} */
let toolsRow = null;  // the tools row's controls
/** The tools row is built again next time (a new language, a new place for the table). */
export function forgetTools() { toolsRow = null; }
/** Update the tools row if it is on screen. */
export function refreshTools() { if (toolsRow && app.view) updateTools(app.view, toolsRow); }
/** The tools row in this slot (built once). @param {HTMLElement} toolsSlot @returns {ToolsRow} */
export function ensureTools(toolsSlot) {
  if (toolsRow && toolsRow.root.parentNode === toolsSlot) return toolsRow;
  toolsRow = buildTools();
  toolsSlot.replaceChildren(toolsRow.root);
  return toolsRow;
}
function buildTools() {
  const share = h("input", { type: "text", readonly: true, class: "share-link" });
  const shareLabel = h("span");
  const shareBox = h("label", { class: "share" }, shareLabel, share);
  const copy = h("button", { type: "button", "data-tool": "copy", onclick: () => copyLink(share) });
  const undoBtn = h("button", { type: "button", "data-tool": "undo", onclick: undo });
  const undoNote = h("span", { id: "undo-note", class: "muted undo-note" });
  const speedSel = h("select", { "data-tool": "speed", onchange: (/** @type {Event} */ e) => setSpeed(/** @type {HTMLSelectElement} */ (e.target).value) },
    Object.keys(SPEEDS).map((k) => h("option", { value: k })));
  const speedText = h("span");
  const speedBox = h("label", { class: "speed" }, speedText, speedSel);
  const pause = h("button", { type: "button", "data-tool": "pause", onclick: pauseAuto });
  const resume = h("button", { type: "button", "data-tool": "resume", class: "primary", onclick: resumeAuto });
  // (a table drawn before the engine was up may stand at #games still, where setting the address
  // again changes nothing: the page is told to go there all the same)
  const home = h("button", { type: "button", "data-tool": "home",
    onclick: () => { if (location.hash === "#games") window.dispatchEvent(new HashChangeEvent("hashchange")); else location.hash = "games"; } });
  const again = h("button", { type: "button", "data-tool": "again", class: "primary", onclick: () => { if (app.view) playAgain(app.view); } });
  // The controls pressed while bots play (speed, pause, resume, home) keep one place: beside the
  // table's head where the table shows the shell's head (placeTools), else at the end of this row.
  const play = h("div", { class: "play-controls row chrome" }, speedBox, pause, resume, again, home);
  const root = h("div", { class: "tools row chrome" }, shareBox, copy, undoBtn, undoNote, play);
  return { root, share, shareLabel, shareBox, copy, undoBtn, undoNote, speedSel, speedText, speedBox, play, pause, resume, again, home };
}
/**
 * Put the play controls beside the table's head (a place that does not move while the game
 * grows below it: a press aimed at Pause lands on Pause), or back in the tools row.
 * @param {ToolsRow} r @param {HTMLElement | null} headPlace
 */
export function placeTools(r, headPlace) {
  const place = headPlace || r.root;
  if (r.play.parentNode !== place) place.append(r.play);
}
/** @param {View} view @param {ToolsRow} r */
export function updateTools(view, r) {
  const ready = !view.provisional && engine.state === "ready";
  // (a live card table has no link while it is played: its record comes verified, on its live line)
  const cardsLive = Boolean(view.live);
  r.shareBox.hidden = r.copy.hidden = cardsLive;
  const url = view.fragment && !cardsLive ? shareUrl(view.fragment) : "";
  if (r.share.value !== url) r.share.value = url;
  setAttr(r.share, "aria-label", t("table.share"));
  setText(r.shareLabel, { setup: t("table.share_setup"), position: t("table.share_position"), link: t("table.share_link") }[view.share_kind ?? ""] || t("table.share"));
  setAttr(r.shareBox, "title", view.share_kind === "setup" ? t("table.share_setup_hint") : null);
  // (at a live table the link travels by itself: web/live/table.js)
  const waiting = view.status === "waiting" && view.by_link && view.by_link.seat >= 0 && !liveOpen();
  setText(r.copy, waiting ? t("table.copy_for_opponent") : t("table.copy"));
  setAttr(r.copy, "class", waiting ? "primary" : null);
  r.copy.disabled = !url;
  setText(r.undoBtn, t("table.undo"));
  // live, every move reaches the friend at once: none can be taken back
  r.undoBtn.disabled = !ready || view.length === 0 || atLiveTable();
  const undoNote = atLiveTable() ? t("live.undo_note") : view.undo_note ? t(`table.undo_note_${view.undo_note}`) : null;
  setAttr(r.undoBtn, "title", undoNote);
  setAttr(r.undoBtn, "aria-describedby", undoNote ? "undo-note" : null);
  r.undoNote.hidden = !(undoNote && (hasBots() || view.by_link || cardsLive));
  setText(r.undoNote, undoNote || "");
  const bots = hasBots() && view.status !== "over" && !cardsLive; // (a live table's bots play in the host's browser, unpaced)
  r.speedBox.hidden = !bots;
  setText(r.speedText, t("table.speed"));
  setAttr(r.speedSel, "aria-label", t("table.speed"));
  for (const o of r.speedSel.options) setText(o, t(`speed.${o.value}`));
  if (r.speedSel.value !== app.speed && document.activeElement !== r.speedSel) r.speedSel.value = app.speed;
  setText(r.pause, t("table.pause"));
  setText(r.resume, t("table.resume"));
  r.pause.hidden = !bots || app.paused;
  r.resume.hidden = !bots || !app.paused;
  setText(r.home, t("table.home"));
  setText(r.again, t("table.play_again"));
  r.again.hidden = !canPlayAgain(view);
}
/** A finished game (wherever its replay stands) can be played again here: not one played by
 * link or at a live table, whose players are elsewhere. @param {View} view */
export const canPlayAgain = (view) => Boolean(view.final_returns) && !view.by_link && !view.live && !liveOpen();
/** The next game: the same game, players and rules, and a new seed. @param {View} view */
export function playAgain(view) {
  const args = { game: view.game, seats: view.seats.map((s) => /** @type {[string, string]} */ ([s.name, s.kind])), rules: view.rules };
  import("./new-game.js").then((m) => m.startGame({ ...args, seed: m.randomSeed() })).catch((e) => console.error(e));
}
/** @param {HTMLInputElement} input */
async function copyLink(input) {
  try { await navigator.clipboard.writeText(input.value); notify(t("notice.copied")); }
  catch { input.select(); notify(t("notice.copy_failed")); }
}
/** Go to a position of the game's history (a replay). @param {number} cursor */
export async function goto(cursor) {
  if (!app.view || app.view.provisional || engine.state !== "ready" || cursor < 0 || cursor > app.view.length || app.view.live) return;
  supersede();
  const gen = app.autoGen;
  app.view.cursor = cursor; // a second press before the answer counts from where this one goes
  const r = await call("goto", { cursor });
  if (gen !== app.autoGen) return; // something else moved the game meanwhile: its answer is drawn
  if (r.ok) {
    setFromResult(r); render(); emit("changed", { state: publicState() });
    if (app.view && app.view.cursor === app.view.length && !app.paused) queue(runAuto);
  }
}
/** Take back the last move (the person's, with the bots' replies). */
export async function undo() {
  if (!app.view || app.view.provisional || engine.state !== "ready" || app.view.live) return;
  supersede();
  const gen = app.autoGen;
  const r = await call("undo");
  if (gen !== app.autoGen) return;
  if (!r.ok) return notify(String(r.error), [], "error");
  setFromResult(r); render(); emit("changed", { state: publicState() });
}
/** A move a table asks for (an illegal one is said, not thrown). @param {string} action */
export async function playFromUi(action) {
  try { await play(action); } catch (e) { notify(t("error.illegal", { reason: /** @type {Error} */ (e).message }), [], "error"); }
}
