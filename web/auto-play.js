// Automatic plies: chance nodes and bots' moves, paced by the speed setting; bots think in the
// AI Worker (or, until it is up, in the engine's own Worker).
import { call, callOk, lastCall } from "./bridge.js";
import { entropy } from "./chance.js";
import { notify } from "./dom.js";
import { engine } from "./engine-start.js";
import { t } from "./i18n.js";
import { nextFrame, sleep, SPEEDS } from "./page.js";
import { currentFragment } from "./routes.js";
import { ai, app, emit, publicState, queue, setFromResult, supersede, superseded } from "./state.js";
import { render, renderStatus, tableHold } from "./table.js";

const CHANCE_RUN = 128; // chance nodes one "auto" call may resolve (a deal), 4 fresh words each
let aiFallbackNoted = false;
/** Whether a bot has a seat at the game on the table. */
export function hasBots() { return Boolean(app.view && app.view.seats.some((s) => s.kind.startsWith("bot:"))); }
/**
 * The engine's automatic step (chance nodes, or a bot's move thought in the engine's Worker), with
 * fresh words for up to `nodes` chance nodes.
 * @param {{bots: boolean, chance_run?: boolean}} args
 * @param {number} nodes
 */
async function autoCall(args, nodes) {
  const e = entropy(nodes);
  const r = await call("auto", { ...args, entropy: e.words });
  e.used(r.ok && args.chance_run && r.resolved ? r.resolved.length : 0); // a bot's move takes no chance words
  return r;
}
/** Play the automatic plies (chance and bots) until a person is to move, the game is over or it is paused. */
export async function runAuto() {
  // Chance and bot seats act by themselves, paced by the speed setting; a run of chance nodes
  // (a deal) is resolved in one call, so a table can show the dealt hands as a whole.  Bots
  // think in the AI Worker, so the page stays responsive throughout.
  const gen = ++app.autoGen;
  if (!app.view || app.view.provisional || engine.state !== "ready") return;
  startAiWhenFree();
  let guard = 0;
  while (app.view && !app.paused && app.view.cursor === app.view.length && (app.view.status === "chance" || app.view.status === "bot") && guard++ < 5000) {
    const hold = app.view.status === "bot" ? tableHold() : null;
    if (hold) { // the table shows something to read first (Cetkaik: a season's summary)
      hold.then(() => { if (gen === app.autoGen && !app.paused) queue(runAuto); });
      break;
    }
    // (a game's first deal or cast comes at once: there is no step before it to follow)
    const delay = app.view.status === "chance" && app.view.length === 0 ? 0 : SPEEDS[app.speed] ?? 0;
    const pace = delay ? sleep(delay) : nextFrame();
    /** @type {EngineResult | null} */
    let r;
    if (app.view.status === "chance") {
      await pace;
      if (gen !== app.autoGen || app.paused || addressMoved()) return;
      const got = await unlessSuperseded(autoCall({ bots: false, chance_run: true }, CHANCE_RUN));
      if (got === null) return;
      r = { ...got, chanceRun: true };
    } else {
      r = await botMove(gen, pace);
      if (r === null) return; // superseded or paused: whoever did that renders
    }
    if (gen !== app.autoGen || addressMoved()) return void keepIfLatest(r);
    if (!r.ok) { notify(String(r.error), [], "error"); break; }
    setFromResult(r);
    render();
    if (r.moved === false) break;
  }
  app.thinking = false;
  if (gen === app.autoGen) { render(); emit("changed", { state: publicState() }); }
  startAiWhenFree(); // (at the person's turn)
}

let engineThoughts = 0; // bot moves the engine's Worker thought because the AI Worker was not up
/**
 * Starts the AI Worker (unless the page has started it to make the snapshot: app.js) once its
 * start slows no reply anybody waits for: at a person's turn, at once where no person plays, or once the engine's
 * Worker has thought three bot moves. Started beside the engine's first bot replies, it took the
 * CPU they needed: a cold Daifugō embed reached the person's first turn at 2.00× the bare
 * Pyodide start, 1.51× with the start at that turn (benchmarks/load.py, same machine).
 */
function startAiWhenFree() {
  const v = app.view;
  if (!window.Worker || ai.status !== "idle" || !v || v.provisional || !hasBots() || v.status === "over") return;
  if (v.status === "human" || !v.seats.some((s) => s.kind === "human") || engineThoughts > 3) void ai.start();
}

// An automatic step's answer, or null at once when a press supersedes the automation meanwhile
// (a deal or a bot's move in the engine's Worker is not waited for; it is shown when it lands if
// nothing else moved the game).
/** @param {Promise<EngineResult>} here @returns {Promise<EngineResult | null>} */
async function unlessSuperseded(here) {
  const r = await Promise.race([here, superseded.then(() => null)]);
  if (r === null) here.then(keepIfLatest, () => {});
  return r;
}

// A step answered after a pause: the engine has made it, so the table shows it (unless a later
// call has moved the game since, or the page has gone elsewhere: then that answer is drawn).
/** @param {EngineResult | null} r */
function keepIfLatest(r) {
  if (!r || !r.ok || !r.view || r.callNo !== lastCall || !app.view || app.view.provisional || addressMoved()) return;
  if (r.view.save_key !== app.view.save_key) return;
  setFromResult(r);
  render();
  emit("changed", { state: publicState() });
}

// The address is no longer the table's: a navigation (Home, All games, a link, Back) whose
// hashchange has not been handled yet. The automation must not write the table's address over
// it, or the navigation would find itself already there and be lost.
function addressMoved() { return app.lastFragment !== null && currentFragment() !== app.lastFragment; }

/**
 * A bot's move (null: superseded or paused meanwhile).
 * @param {number} gen the automation's generation this move is for
 * @param {Promise<void>} pace the pause before the move is shown
 * @returns {Promise<EngineResult | null>}
 */
async function botMove(gen, pace) {
  const job = (await callOk("bot_job")).job;
  if (!job) return { ...(await call("view")), moved: false };
  if (ai.status !== "ready") {
    // The AI Worker is not up (still starting, failed, or none): the engine's own Worker thinks
    // (the same moves), so a bot's first reply never waits for the AI Worker's start; a press
    // meanwhile answers at once, and the move, when it comes, is shown if nothing else moved.
    // The pause and the thought run together, as with the AI Worker: a move takes the longer of
    // the two, not their sum.
    engineThoughts += 1;
    startAiWhenFree();
    if (gen !== app.autoGen || app.paused) return null;
    app.thinking = true;
    renderStatus();
    const r = await unlessSuperseded(Promise.all([autoCall({ bots: true }, 1), pace]).then(([got]) => got));
    app.thinking = false;
    return r;
  }
  if (gen !== app.autoGen) return null;
  app.thinking = true;
  renderStatus();
  /** @type {BotChoice | null} */
  let result;
  try {
    // a press that supersedes the automation (home, pause, undo...) answers at once: the
    // Worker's answer, when it comes, is for a position nobody waits for any more
    [result] = await Promise.race([Promise.all([ai.choose(job), pace]), superseded.then(() => /** @type {[null]} */ ([null]))]);
  } catch (e) {
    app.thinking = false;
    if (gen !== app.autoGen) return null;
    if (!aiFallbackNoted) { aiFallbackNoted = true; notify(t("ai.fallback", { reason: /** @type {Error} */ (e).message }), [], "error"); }
    return autoCall({ bots: true }, 1);
  }
  app.thinking = false;
  if (gen !== app.autoGen || app.paused || result === null || addressMoved()) return null;
  if (!result.ok) return result;
  return { ...(await call("play_bot", { action: result.action, ply: result.ply })), moved: true };
}
/** The person stops the automatic plies (bots, chance). */
export function pauseAuto() { app.paused = true; supersede(); render(); emit("changed", { state: publicState() }); }
/** @returns {void} */
export function resumeAuto() { app.paused = false; render(); queue(runAuto); }
