// Starting a game: the set-up form (players, seats, rules, a table's own options) and the new
// game itself, at once or from its first frame while the engine starts.
import { runAuto } from "./auto-play.js";
import { callOk } from "./bridge.js";
import { clearNotice, h, notify } from "./dom.js";
import { engine, whenEngine } from "./engine-start.js";
import { drawProvisional, fetchStartViews, startView } from "./first-frames.js";
import { gameInfo, t, tOr } from "./i18n.js";
import { BUILD, EMBED, mark } from "./page.js";
import { ai, app, pausedBeforeEngine, setFromResult, supersede } from "./state.js";
import { loadTable, render, tableContext } from "./table.js";

/** @param {GameInfo} game @returns {GameSetup} */
function setupInfo(game) { return BUILD.setup[game.id] || { levels: ["random"], presets: [], default_preset: null }; }
/** The set-up form of a game, in its card on the start page. @param {GameInfo} game @param {HTMLElement} li */
export async function showSetup(game, li) {
  for (const old of document.querySelectorAll(".setup")) old.remove();
  const info = setupInfo(game);
  // boots in the background while the player chooses (once the engine is up: two interpreters
  // starting at once on a small machine slowed the engine's start by half)
  if (window.Worker && engine.state === "ready") ai.start();
  const mod = await loadTable(game.id);
  fetchStartViews(game.id); // the table's first frame, before the engine is up
  const n0 = game.default_players;
  const form = h("form", { class: "setup", "aria-label": t("setup.heading", { game: game.name }) });
  const playersSel = h("select", { name: "players" });
  for (let n = game.players[0]; n <= game.players[1]; n++) playersSel.append(h("option", { value: n, text: String(n), selected: n === n0 }));
  const seatsBox = h("div", { class: "seats" });
  const drawSeats = () => {
    seatsBox.replaceChildren();
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      const best = info.levels[info.levels.length - 1];
      const sel = h("select", { name: `seat${i}` },
        h("option", { value: "human", text: t("setup.human") }),
        info.levels.map((lv) => h("option", { value: `bot:${lv}`, text: t("setup.bot", { level: tOr(`level.${lv}`, lv) }), selected: i > 0 && lv === best })));
      seatsBox.append(h("label", {}, h("span", { text: t("setup.seat", { n: i + 1 }) }), sel));
    }
  };
  // Two people at a game with chance and nothing hidden may play on two devices, the game
  // travelling as a link; its casts then come from both players' secrets (commit–reveal).
  const canLink = game.has_chance && !game.hidden_information && game.players[1] === 2;
  // Friends with hidden hands on their own devices: a live card table (web/live/cards.js), the
  // cards dealt by every seat together; seat 1 is this device's person, the others friends or bots.
  const canLive = typeof RTCPeerConnection === "function" && !EMBED;
  const liveCards = Boolean(info.live_cards) && canLive;
  const whereSel = h("select", { name: "where" },
    h("option", { value: "here", text: t(canLink ? "setup.where_here" : "setup.where_here_cards") }),
    canLink ? h("option", { value: "link", text: t("setup.where_link") }) : null,
    // live: the links travel by themselves over a direct connection (web/live/table.js)
    canLive && (canLink || liveCards) ? h("option", { value: "live", text: t(canLink ? "setup.where_live" : "setup.where_live_cards") }) : null);
  const whereBox = h("label", { class: "where", hidden: true }, h("span", { text: t("setup.where") }), whereSel);
  const seatValues = () => Array.from(seatsBox.querySelectorAll("select")).map((x) => x.value);
  const allHuman = () => seatValues().every((x) => x === "human");
  const drawWhere = () => {
    whereBox.hidden = !(canLink ? Number(playersSel.value) === 2 && allHuman()
      : liveCards && seatValues()[0] === "human" && seatValues().slice(1).includes("human"));
  };
  seatsBox.addEventListener("change", drawWhere);
  playersSel.addEventListener("change", drawSeats);
  playersSel.addEventListener("change", drawWhere);
  drawSeats();
  drawWhere();
  const presetSel = h("select", { name: "preset" },
    info.presets.map((p) => h("option", { value: p.rules, "data-preset": p.id, selected: p.id === info.default_preset,
      text: tOr(`preset.${game.id}.${p.id}`, p.id) })));
  const extras = h("div", { class: "setup-extras" });
  const custom = mod && mod.setup ? mod.setup(extras, { game, info, presetSelect: presetSel, playersSelect: playersSel, seatsBox }, tableContext(game.id)) : null;
  form.append(...[h("h3", { text: t("setup.heading", { game: game.name }) }),
    // a game for a fixed number of players asks no question about it
    h("label", { hidden: game.players[0] === game.players[1] }, h("span", { text: t("setup.players") }), playersSel), seatsBox, whereBox,
    info.presets.length > 1 ? h("label", {}, h("span", { text: t("setup.rules") }), presetSel) : null, extras,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", text: t("setup.start") }),
      h("button", { type: "button", text: t("setup.cancel"), onclick: () => form.remove() }))].filter((x) => x !== null));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const n = Number(playersSel.value);
    /** @type {[string, string][]} */
    const seats = [];
    for (let i = 0; i < n; i++) seats.push(["", /** @type {HTMLSelectElement} */ (form.elements.namedItem(`seat${i}`)).value]);
    /** @type {NewGameArgs} */
    const args = { game: game.id, seats, seed: randomSeed(), rules: presetSel.value };
    if (!info.presets.length) delete args.rules;
    const where = whereBox.hidden ? "here" : whereSel.value;
    if (where === "link" || where === "live") args.by_link = true;
    try {
      Object.assign(args, custom && custom.values ? custom.values(args) : {});
    } catch (e) {
      return notify(t("error.setup", { reason: /** @type {Error} */ (e).message }), [], "error");
    }
    if (where === "live" && liveCards) {
      delete args.by_link;
      import("./live/cards.js").then((m) => m.hostCards(args)).catch((e) => notify(String(e), [], "error"));
      return;
    }
    const started = startGame(args, true, presetSel.selectedOptions[0] ? presetSel.selectedOptions[0].dataset.preset ?? null : null);
    if (where === "live") started.then(() => import("./live/table.js")).then((m) => m.hostLive()).catch((e) => console.error(e));
  });
  li.append(form);
  /** @type {HTMLSelectElement | null} */ (form.querySelector("label:not([hidden]) > select"))?.focus();
}

/** The set-up form open on the start page, if any: its game and what is chosen in it (its named
 * controls, in the form's order). @returns {{game: string, chosen: [string, string][]} | null} */
export function formChoices() {
  const form = /** @type {HTMLFormElement | null} */ (document.querySelector(".game-card form.setup"));
  const card = form && /** @type {HTMLElement | null} */ (form.closest(".game-card"));
  if (!form || !card || !card.dataset.game) return null;
  const named = /** @type {(HTMLInputElement | HTMLSelectElement)[]} */ (Array.from(form.elements).filter((e) => e instanceof HTMLSelectElement || e instanceof HTMLInputElement));
  return { game: card.dataset.game, chosen: named.filter((e) => e.name && e.type !== "checkbox").map((e) => [e.name, e.value]) };
}
/** Open a game's set-up form again (after the start page was drawn anew) with `chosen` in it:
 * each control set in the form's order, as a person would, so the ones drawn from another
 * (the seats, from the number of players) are there when their turn comes.
 * @param {string} id @param {[string, string][]} chosen */
export async function reopenSetup(id, chosen) {
  const g = gameInfo(id);
  const li = /** @type {HTMLElement | null} */ (document.querySelector(`.game-card[data-game="${CSS.escape(id)}"]`));
  if (!g || !li) return;
  await showSetup(g, li);
  const form = /** @type {HTMLFormElement | null} */ (li.querySelector("form.setup"));
  for (const [name, value] of chosen) {
    const el = form && form.elements.namedItem(name);
    if (!(el instanceof HTMLSelectElement || el instanceof HTMLInputElement) || el.value === value) continue;
    el.value = value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** A bots' seed for a new game: 53 random bits. */
export function randomSeed() {
  const seed = crypto.getRandomValues(new Uint32Array(2));
  return seed[0] * 2 ** 21 + (seed[1] >>> 11);
}
// A new game: at once when the engine is up, else its first frame now and the game itself
// as soon as the engine is.
/** @param {NewGameArgs} args @param {boolean} [push] a new address in the history @param {string | null} [preset] */
export async function startGame(args, push = true, preset = null) {
  mark("start-pressed");
  app.navGen++;
  if (engine.state === "ready") return newGame(args, push);
  const from = { game: args.game, preset: preset || (BUILD.setup[args.game] || {}).default_preset, players: args.seats.length };
  const first = await startView(from.game, from.preset, from.players);
  if (first) drawProvisional(first, args.seats, from);
  /** @type {{args: NewGameArgs, done: Promise<void> | null}} */
  const mine = { args, done: null };
  app.pending = mine;
  mine.done = (async () => {
    await whenEngine(() => {}).catch(() => {});
    if (app.pending !== mine || engine.state !== "ready") return;
    app.pending = null;
    await newGame(args, push);
  })();
  return mine.done;
}
/** @param {NewGameArgs} args @param {boolean} [push] */
async function newGame(args, push = true) {
  supersede();
  app.paused = pausedBeforeEngine();
  const nav = app.navGen;
  let r;
  try {
    r = await callOk("new", args);
  } catch (e) {
    notify(t("error.setup", { reason: /** @type {Error} */ (e).message }), [], "error");
    return;
  }
  if (app.navGen !== nav) return; // the player went elsewhere meanwhile
  clearNotice();
  app.handedTo = null;
  app.currentKey = r.view?.save_key ?? null;
  setFromResult(r);
  if (push && app.view) history.pushState(null, "", `${location.pathname}${location.search}#${app.view.fragment}`);
  render();
  await runAuto();
}
