// The start page: the list of games and the library of saved games (continue, delete).
import { call } from "./bridge.js";
import { clearNotice, h, notify, show } from "./dom.js";
import { engine } from "./engine-start.js";
import { drawProvisional } from "./first-frames.js";
import { applyStrings, gameName, gamesInfo, gameStrings, lang, loadGameStrings, t, tOr } from "./i18n.js";
import { flushLastView, libDelete, libEntries, libPut, readLastView } from "./library.js";
import { showSetup } from "./new-game.js";
import { $, BUILD, drewFirstFrame, EMBED, storage } from "./page.js";
import { restoreEntry } from "./routes.js";
import { app, emit, publicState, queue, supersede } from "./state.js";
import { drawOpening, unmountTable } from "./table.js";

/** The start page (the game on the table, if any, is closed). */
export function showStart() {
  flushLastView(); // (a table left at once is still the one last shown)
  supersede();
  app.pending = null;
  unmountTable();
  if (engine.call) call("close").catch(() => {});
  app.view = null;
  app.autoState = null;
  app.lastFragment = null;
  app.currentKey = null;
  show("start");
  const list = $("game-list");
  list.replaceChildren();
  const games = gamesInfo();
  if (!games.length) list.append(h("li", { class: "muted", text: t("start.none") }));
  for (const g of games) {
    const players = g.players[0] === g.players[1] ? t("start.players_fixed", { n: g.players[0] })
      : t("start.players", { min: g.players[0], max: g.players[1] });
    const li = h("li", { class: "game-card", "data-game": g.id },
      h("h2", { text: g.name }),
      h("p", { class: "muted", text: [g.summary, players].filter(Boolean).join(" · ") }),
      h("button", { type: "button", class: "primary", "data-action": "new", text: t("start.new"),
        "aria-label": t("start.new_game_of", { game: g.name }), onclick: () => showSetup(g, li) }));
    list.append(li);
  }
  drawLibrary();
  if (storage.keys().some((k) => k.startsWith("pyengine:live-cards:"))) void keptLiveTables();
  applyStrings($("start"));
  applyStrings();
  drewFirstFrame("start");
  emit("changed", { state: publicState() });
}
/** A live card table this browser left mid-game (a reload, a closed tab): how to take the seat
 * again (a friend: with the host's new invitation; the host: here, then inviting everyone again). */
async function keptLiveTables() {
  const m = await import("./live/cards-keep.js");
  // (a notice replaces the one before: the table this browser hosts, if any, is the one left shown)
  for (const { id, seat, game, host } of m.keptTables().sort((x, y) => Number(x.host) - Number(y.host))) {
    /** @type {[string, () => void][]} */
    const actions = host ? [[t("live.kept_resume"), () => { import("./live/cards.js").then((c) => c.resumeHost(id)).catch((e) => notify(String(e), [], "error")); }]] : [];
    actions.push([t("live.kept_forget"), () => m.forget(id, seat)]);
    notify(t(host ? "live.kept_host_notice" : "live.kept_notice", { game: gameName(game) }), actions);
  }
}
// "You against Computer (master)", "You against Computer (strong) ×3", "2 people and Computer (normal)"
/** @param {string[] | undefined} kinds */
function seatsSummary(kinds) {
  if (!Array.isArray(kinds) || !kinds.length) return "";
  const people = kinds.filter((k) => k === "human").length;
  /** @type {Map<string, number>} */
  const levels = new Map();
  for (const k of kinds) if (k.startsWith("bot:")) levels.set(k.slice(4), (levels.get(k.slice(4)) || 0) + 1);
  const bots = [...levels].map(([lv, n]) => t(n > 1 ? "library.bot_n" : "library.bot",
    { bot: t("setup.bot", { level: tOr(`level.${lv}`, lv) }), n }));
  const who = bots.join(", ");
  if (people === 1 && bots.length) return t("library.against", { who });
  if (!bots.length) return t("library.people", { n: people });
  if (!people) return who;
  return t("library.mixed", { people: t("library.people", { n: people }), bots: who });
}
/** @param {LibraryEntry} e */
function entryRules(e) {
  if (!e.game || !(BUILD.setup[e.game] || {}).presets?.length) return "";
  return e.preset ? tOr(`preset.${e.game}.${e.preset}`, e.preset) : t("library.custom_rules");
}
/** @param {LibraryEntry} e */
function entryPosition(e) {
  if (e.status === "over") return entryResult(e);
  if (!Number.isInteger(e.ply)) return "";
  if (e.status === "human") return t("library.your_move", { ply: e.ply });
  if (e.status === "waiting") return t("library.waiting", { ply: e.ply });
  return t("library.move", { ply: e.ply });
}
// A finished game's result: won, lost or drawn for the one person at it, else who won.
/** @param {LibraryEntry} e */
function entryResult(e) {
  const seats = e.seats;
  const r = Array.isArray(e.returns) && Array.isArray(seats) && e.returns.length === seats.length ? e.returns : null;
  if (!r || !seats) return t("library.over");
  const best = Math.max(...r);
  const winners = r.map((x, i) => (x === best ? i : -1)).filter((i) => i >= 0);
  if (winners.length === r.length) return t("library.result_draw");
  const people = seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
  if (people.length === 1) return t(winners.includes(people[0]) ? "library.result_won" : "library.result_lost");
  const names = winners.map((i) => (e.names && e.names[i]) || t("table.seat", { n: i + 1 }));
  return t("library.result_winner", { seat: names.join(", ") });
}
// The words of the games' own catalogues (their rules' names) for the games listed, once.
/** @type {Record<string, Promise<void>>} */
const libraryStrings = {};
/** @param {(string | null)[]} games @param {() => void} redraw */
function withGameStrings(games, redraw) {
  const missing = games.filter((g) => g && !(g in gameStrings) && !libraryStrings[`${g}.${lang}`]);
  if (!missing.length) return;
  Promise.all(missing.map((g) => (libraryStrings[`${g}.${lang}`] = loadGameStrings(String(g))))).then(redraw, () => {});
}
/** The library's list of saved games (none in an embed). */
export function drawLibrary() {
  const box = $("library");
  box.hidden = EMBED;
  if (EMBED) return;
  const list = $("library-list");
  list.replaceChildren();
  const entries = libEntries();
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  for (const e of entries) {
    const name = e.game ? gameName(e.game) : t("library.unknown_game");
    const date = e.updated ? when.format(new Date(e.updated)) : "";
    const li = h("li", { class: "library-entry", "data-key": e.key, "data-game": e.game || "" },
      h("div", { class: "library-what" },
        h("strong", { text: [name, entryRules(e)].filter(Boolean).join(" · ") }),
        h("span", { class: "muted", "data-entry": "seats", text: seatsSummary(e.seats) }),
        h("span", { "data-entry": e.status === "over" ? "result" : "position", text: entryPosition(e) }),
        e.updated ? h("time", { class: "muted", datetime: new Date(e.updated).toISOString(), text: date }) : null),
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", "data-action": "continue", text: t("library.continue"),
          "aria-label": t("library.continue_label", { game: name, date }), onclick: () => continueEntry(e.key) }),
        h("button", { type: "button", "data-action": "delete", text: t("library.delete"),
          "aria-label": t("library.delete_label", { game: name, date }), onclick: () => deleteEntry(e.key, name) })));
    list.append(li);
  }
  if (!entries.length) list.append(h("li", { class: "muted library-empty", text: t("library.empty") }));
  withGameStrings([...new Set(entries.map((e) => e.game))], () => { if (!$("start").hidden) drawLibrary(); });
  // a returning player finds their games first
  const start = $("start");
  $("new-heading").hidden = !entries.length;
  if (entries.length) start.insertBefore(box, $("new-heading"));
  else start.append(box);
  /** @type {HTMLButtonElement} */ ($("library-export")).disabled = !entries.length;
}
/** @param {string} key */
function continueEntry(key) {
  app.navGen++;
  if (engine.state !== "ready") { // the press is answered at once; the game opens once the engine is up
    const last = readLastView();
    if (last && last.key === key) drawProvisional(last.view);
    else drawOpening(); // (the progress bar above it says how far the engine is)
  }
  queue(() => restoreEntry(key));
}
/** @param {string} key @param {string} name */
function deleteEntry(key, name) {
  const { entry, save } = libDelete(key);
  drawLibrary();
  notify(t("library.deleted", { game: name }), [[t("library.undo_delete"), () => {
    if (entry && save) libPut(key, save, entry);
    clearNotice();
    if (!$("start").hidden) drawLibrary();
  }]]);
}
