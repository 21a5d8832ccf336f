// The Cetkaik table: a DOM board (CSS grid, no canvas) driven by view.table from
// pyengine/app/views/cetkaik.py.  It has no rules in it: every destination it highlights and
// every action it plays comes from view.table.moves (the engine's legal actions grouped by
// what is clicked first), and so do the square names, the news of the last turns
// (view.table.events), the season summaries, the rules panel and its diagrams, the game
// lengths of the set-up form and the rules an imported record may be read with.
//
// What it decides itself is presentation only: which side sits at the bottom (the player's own,
// never turned by a move or a replay), how long news stays on screen (until the player moves
// again, and at least HOLD_MS), where the blocks go at each size (board beside the panel from
// 760 px, stacked below, compact in an embed) and the keyboard.
//
// This module holds the table's shared state (the kit every part reads: the view, the
// selection, the names of squares, sides and pieces), the status line, the layout and the
// set-up form.  The parts, each drawing its own blocks:
//   cetkaik-board.js   the board, its text view, the hands, clicks and keys, the prompt
//   cetkaik-casts.js   the cast drawn large, the news, the declaration, the season's summary
//   cetkaik-record.js  the record and replay, the analysis, the link, the tools panel
//   cetkaik-help.js    the rules panel;  cetkaik-art.js  the pieces, sticks and icons
import { PIECE_FONT, PROF_CHARS, TAM_CHAR, icon } from "./cetkaik-art.js";
import { boardPart } from "./cetkaik-board.js";
import { castsPart } from "./cetkaik-casts.js";
import { renderHelp as renderHelpPanel } from "./cetkaik-help.js";
import { recordPart } from "./cetkaik-record.js";
import { stylesheet } from "./styles.js";

await stylesheet(new URL("./cetkaik.css", import.meta.url));
// the pieces' own face before the first draw (a board is never drawn in a passing font); one that
// cannot load leaves the fonts after it in the pieces' lists
await document.fonts.load(PIECE_FONT, PROF_CHARS + TAM_CHAR).catch((e) => console.error(`the pieces' font did not load: ${e}`));

const WIDE_MIN = 760; // from this width of the table the panel sits beside the board
const SIDE_MIN = 300;

/**
 * @param {HTMLElement} host
 * @param {TableContext} ctx
 * @returns {CetkaikController}
 */
function mount(host, ctx) {
  const { h } = ctx;
  /** @type {Translate} */
  const T = (key, vars) => ctx.t(`cetkaik.${key}`, vars);
  /** @type {CetkaikSettings} */
  const settings = {
    style: ctx.settings.get("style", "kanji"),
    coords: ctx.settings.get("coords", "1") === "1",
    text: ctx.settings.get("text", "0") === "1",
    turnEach: ctx.settings.get("turn_each", "0") === "1", // two people on one device: turn for each
  };
  /** @type {string|null} */
  let lastKey = null; // position key: selection resets when the position changes
  let seenHistory = -1;
  let frame = 0;
  /** @type {{key: string, seat: number}|null} whose side sits at the bottom, chosen once per game set-up */
  let home = null;
  let mode = "";
  let placedBottom = -1;
  let placedEnded = false; // the blocks placed for a finished game (wide: the record right below the hands)
  let boardSize = 0;
  /** @type {{lang: string, data: CetkaikHelp}|null} the rules panel's data */
  let helpData = null;
  const root = h("div", { class: "ck", "data-style": settings.style });

  /** @type {CetkaikKit} */
  const k = {
    ctx, h, T, settings, root,
    // a prompt's wording for the text view, where there are no rings or marks to speak of
    P: (key, vars) => (settings.text && ctx.t(`cetkaik.${key}.text`) !== `cetkaik.${key}.text` ? T(`${key}.text`, vars) : T(key, vars)),
    view: null,
    tv: null,
    sel: null,
    stepMode: false, // with a piece selected: the next click on a capturable piece steps over it
    message: null,
    sent: false, // an action is on its way: ignore further input until the next update
    mode: "",
    flip: false, // "Turn the board": the other side at the bottom (this game only)
    turnSeat: null, // "turn for each player": the last person to act
    hint: null,
    session() { if (!k.view) throw new Error("no view yet"); return k.view; },
    table() { if (!k.tv) throw new Error("no view yet"); return k.tv; },
    schedule,
    play,
    setMessage(text, kind = "info") { k.message = text ? { text, kind } : null; },
    openHelp,
    sqName: (i) => (k.tv ? k.tv.squares[i] : String(i)),
    spoken: (i) => (k.tv ? k.tv.spoken[i] : String(i)),
    sideShort: (s) => k.table().names.side_marks[s],
    seatName,
    who: (s) => T("who", { side: k.sideShort(s), seat: seatName(s) }),
    levelOf,
    pieceName(cell) {
      if (!cell) return T("text.empty");
      if (cell === "tam") return k.table().names.tam;
      return T("piece", { colour: T(`colour.${cell.c}`), prof: k.table().names.professions[cell.p], side: k.sideShort(cell.s) });
    },
    plainPiece: (pc) => T("piece_plain", { colour: T(`colour.${pc.c}`), prof: k.table().names.professions[pc.p] }),
    moves: () => (k.tv && k.tv.moves) || null,
    canAct: () => Boolean(k.tv && k.tv.can_act && k.view && k.view.status === "human" && !k.sent),
    people: () => k.session().seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0),
    flipped: () => bottomSeat() === 0, // A starts at the top of the board as the rules draw it
  };

  // a seat's name: the one given, else for a computer its level, else the shell's "Player n"
  function seatName(/** @type {number} */ s) {
    const seat = k.view && k.view.seats[s];
    if (seat && !seat.name && seat.kind.startsWith("bot:")) return levelOf(s);
    return ctx.seatName(s);
  }
  function levelOf(/** @type {number} */ s) {
    const seat = k.session().seats[s];
    const kind = seat ? seat.kind : "";
    if (!kind.startsWith("bot:")) return "";
    const lv = kind.slice(4);
    const word = ctx.t(`level.${lv}`);
    return ctx.t("setup.bot", { level: word === `level.${lv}` ? lv : word });
  }

  // ---------------------------------------------------------------- the DOM (built once)
  // status: season, rate, both sides (name, level, score, whose turn), the turn line
  const bar = h("div", { class: "ck-bar", role: "group", "aria-label": T("status") });
  const barSeason = h("span", { class: "ck-season" });
  const barRate = h("span", { class: "ck-rate" });
  const helpBtn = h("button", { type: "button", class: "ck-iconbtn", "data-help": "open", onclick: () => openHelp() });
  helpBtn.innerHTML = icon("help");
  helpBtn.setAttribute("aria-label", T("help.open"));
  helpBtn.title = T("help.open");
  const barScores = [0, 1].map((s) => h("div", { class: `ck-score side-${s}`, "data-side": s }));
  /** @type {string[]} */
  const scoreKeys = ["", ""];
  const scoresRow = h("div", { class: "ck-scores" }, barScores);
  const barTurn = h("p", { class: "ck-turn", role: "status" });
  bar.append(h("div", { class: "ck-bar-top" }, barSeason, barRate, helpBtn), scoresRow, barTurn);

  const boardPanel = boardPart(k);
  const casts = castsPart(k);
  const record = recordPart(k);
  const boardWrap = h("div", { class: "ck-boardwrap" });
  const overlay = h("div", { class: "ck-overlay" }, casts.dialog, casts.summary); // dialogs sit over the board: always in view
  boardWrap.append(boardPanel.frame, overlay);
  const spacer = h("div", { class: "ck-spacer" });
  const boardCol = h("div", { class: "ck-boardcol" });
  const side = h("div", { class: "ck-side" });
  const main = h("div", { class: "ck-main" }, boardCol, side);
  const help = h("dialog", { class: "ck-help", "aria-labelledby": "ck-help-title" });
  root.append(main, help);
  host.append(root);

  // The Hint control (hintkit.js) arrives after the table: the board never waits for it.
  import("./hintkit.js").then((m) => {
    k.hint = new m.HintControl(ctx, { game: "cetkaik", onChange: () => schedule() });
    record.settingsBox.append(k.hint.setting);
    mode = ""; // place the blocks again, the hint's among them
    schedule();
  }).catch((e) => console.error(e));

  document.addEventListener("keydown", onGlobalKey);
  const resize = () => schedule(); // render() lays the table out again
  window.addEventListener("resize", resize);
  const ro = window.ResizeObserver ? new ResizeObserver(resize) : null;
  if (ro) ro.observe(host);

  function onGlobalKey(/** @type {KeyboardEvent} */ e) {
    if (e.key !== "Escape" || help.open) return;
    if (!root.contains(document.activeElement) || document.activeElement === document.body) boardPanel.cancel();
  }

  function bottomSeat() {
    // The player's own side sits at the bottom; a move, a replay or the other player's turn
    // never turns the board: only "Turn the board" does (and, when chosen, "turn for each player").
    const view = k.session();
    const tv = k.table();
    const humans = k.people();
    const byLink = view.by_link && view.by_link.seat >= 0 ? view.by_link.seat : null;
    const key = JSON.stringify([view.seats.map((s) => s.kind), byLink, view.rules]);
    const live = view.cursor === view.length;
    if (!home || home.key !== key) {
      let seat = 1; // no person at the table: the board as the rules draw it (A at the top)
      if (byLink !== null) seat = byLink;
      else if (humans.length === 1) seat = humans[0];
      else if (humans.length > 1) seat = live && view.status === "human" && tv.to_act >= 0 ? tv.to_act : 0;
      home = { key, seat };
      k.flip = false;
      k.turnSeat = null;
    }
    let seat = home.seat;
    if (settings.turnEach && humans.length > 1 && byLink === null) {
      if (live && view.status === "human" && tv.to_act >= 0) k.turnSeat = tv.to_act;
      if (k.turnSeat !== null) seat = k.turnSeat;
    }
    return k.flip ? 1 - seat : seat;
  }

  /** @param {string|null|undefined} action */
  function play(action) {
    if (!action || k.sent) return;
    k.sent = true;
    k.sel = null;
    k.stepMode = false;
    k.message = null;
    Promise.resolve(ctx.play(action)).finally(() => { k.sent = false; schedule(); });
  }

  // ---------------------------------------------------------------- the rules panel
  async function openHelp() {
    if (!helpData || helpData.lang !== ctx.lang) {
      // the panel opens at once; its words come from the engine (which may still be starting)
      help.replaceChildren(h("p", { class: "muted", role: "status", text: T("help.loading") }),
        h("button", { type: "button", "data-help": "close", text: T("help.close"), onclick: closeHelp }));
      showHelp();
      try { helpData = { lang: ctx.lang, data: await ctx.gameCall("help", {}) }; }
      catch (e) { closeHelp(); return ctx.notify(e instanceof Error ? e.message : String(e), [], "error"); }
      if (!help.open) return; // closed while it waited
    }
    const tv = k.tv;
    renderHelpPanel(help, helpData.data, { h, T, t: ctx.t, lang: ctx.lang, style: settings.style, preset: tv ? tv.preset : null, close: closeHelp,
      columns: tv ? tv.columns : "KLNTZXCMP".split(""), rows: tv ? tv.rows : ["A", "E", "I", "U", "O", "Y", "AI", "AU", "IA"] });
    showHelp();
  }
  function showHelp() {
    if (help.showModal && !help.open) help.showModal();
    else help.setAttribute("open", "");
    const close = /** @type {HTMLElement|null} */ (help.querySelector("[data-help=close]"));
    if (close) close.focus();
  }
  function closeHelp() {
    if (help.close) help.close(); else help.removeAttribute("open");
    helpBtn.focus();
  }

  // ---------------------------------------------------------------- layout
  function layout() {
    // The board is as large as the room allows: beside the panel from WIDE_MIN px (as tall as
    // the window below the table's top), stacked on narrow screens, compact in an embed.
    const width = host.clientWidth || window.innerWidth;
    const next = ctx.embed ? "embed" : width >= WIDE_MIN ? "wide" : "narrow";
    const bottom = k.tv ? bottomSeat() : 1;
    const ended = Boolean(k.view && k.view.status === "over");
    if (next !== mode || bottom !== placedBottom || ended !== placedEnded) {
      mode = next;
      k.mode = mode;
      placedBottom = bottom;
      placedEnded = ended;
      root.dataset.layout = mode;
      root.classList.toggle("ck-embed", mode === "embed");
      place();
      record.moved(); // a node moved to another place loses its scroll: show the current entry again
    }
    const top = root.getBoundingClientRect().top + window.scrollY;
    const { prompt } = boardPanel;
    const { castBox } = casts;
    const { recordPanel } = record;
    let size;
    if (mode === "wide") {
      size = Math.min(window.innerHeight - top - 12, width - SIDE_MIN - 16);
    } else if (mode === "embed") {
      // the score line above; the cast, the prompt and the record controls below (each kept
      // room for, so the board does not jump when they come and go)
      const above = bar.getBoundingClientRect().height + 4;
      // one line below the board for the cast or the prompt (render() shows one of them)
      const lineH = Math.max(24, prompt.hidden ? 0 : prompt.getBoundingClientRect().height, castBox.hidden ? 0 : castBox.getBoundingClientRect().height);
      const below = lineH + (recordPanel.hidden ? 0 : recordPanel.getBoundingClientRect().height + 4) + 4;
      size = Math.min(window.innerHeight - 2 * top - above - below, width - 86);
    } else {
      size = Math.min(width, Math.max(260, window.innerHeight - 24));
    }
    size = Math.max(160, Math.floor(size));
    if (boardSize !== size) { boardSize = size; root.style.setProperty("--ck-board", `${size}px`); }
  }

  function place() {
    // Move the blocks (never rebuild them) into the columns of this layout; the hand of the
    // side at the bottom goes below, the other above.
    const put = (/** @type {HTMLElement} */ parent, /** @type {(HTMLElement|null)[]} */ all) => {
      const kids = all.filter((x) => x !== null);
      const now = [...parent.children];
      if (now.length === kids.length && kids.every((x, j) => now[j] === x)) return;
      parent.replaceChildren(...kids);
    };
    const { frame: frameEl, textBox, prompt, handBoxes } = boardPanel;
    const { castBox, news } = casts;
    const { recordPanel, linkBox, tools } = record;
    const hintEl = k.hint && k.hint.el;
    const top = handBoxes[1 - placedBottom];
    const bottom = handBoxes[placedBottom];
    if (mode === "wide") {
      put(root, [main, help]);
      put(boardCol, [boardWrap, textBox]);
      // a finished game's record, its analysis and its export come right below the hands, in
      // view whatever the window's height; the last cast and the news follow them
      if (placedEnded) put(side, [bar, top, prompt, hintEl, bottom, recordPanel, castBox, news, linkBox, tools]);
      else put(side, [bar, top, castBox, news, prompt, hintEl, bottom, recordPanel, linkBox, tools]);
      put(boardWrap, [frameEl, overlay]);
    } else if (mode === "embed") {
      put(root, [bar, main, castBox, prompt, recordPanel, help]);
      put(boardCol, [boardWrap, textBox]);
      put(side, [top, spacer, bottom]);
      put(boardWrap, [frameEl, overlay]);
    } else {
      put(root, [main, help]);
      put(boardCol, [bar, top, boardWrap, textBox, prompt, hintEl, castBox, bottom, news]);
      put(side, [recordPanel, linkBox, tools]);
      put(boardWrap, [frameEl, overlay]);
    }
  }

  // ---------------------------------------------------------------- rendering
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; render(); });
  }

  function render() {
    const view = k.view;
    const tv = k.tv;
    if (!view || !tv) return;
    layout();
    const held = record.toolsAt(); // before anything above the tools changes
    const flip = k.flipped();
    root.classList.toggle("ck-coords-on", settings.coords);
    root.dataset.flipped = flip ? "1" : "0";
    root.dataset.phase = tv.phase;
    root.dataset.selection = k.sel ? k.sel.kind : "";
    const replaying = view.cursor < view.length;
    const over = view.status === "over";

    renderStatus(replaying, over);
    boardPanel.renderBoard(flip);
    boardWrap.hidden = settings.text;
    for (const s of [0, 1]) boardPanel.renderHand(s);
    boardPanel.renderPrompt(replaying, over);
    casts.render();
    if (mode === "embed") {
      // one line under the board: what asks for attention (a message, a choice) else the cast
      if (boardPanel.asks() && !boardPanel.prompt.hidden) casts.castBox.hidden = true;
      else if (!casts.castBox.hidden) boardPanel.prompt.hidden = true;
    }
    renderHint();
    // embed: the board, the score line, whose turn, both hands, the prompt and the record
    // controls (not the list)
    record.render(replaying, over, held);
    record.showCurrentEntry();
    if (mode === "embed") layout(); // the board's size again, from the blocks as now drawn around it
  }

  function renderHint() {
    const hint = k.hint;
    if (!hint) return;
    hint.update(k.session());
    const r = hint.shown;
    if (!r) return;
    const move = hint.label(r.action);
    hint.say(r.value === null || r.value === undefined ? T("hint.only", { move }) : T("hint.reason", { move, chance: Math.round(r.value * 100) }));
  }

  function renderStatus(/** @type {boolean} */ replaying, /** @type {boolean} */ over) {
    const view = k.session();
    const tv = k.table();
    barSeason.textContent = T("season", { name: tv.season_name, n: tv.season + 1, total: tv.seasons });
    barRate.textContent = T("rate", { rate: tv.rate });
    const bottom = bottomSeat();
    if (scoresRow.firstChild !== barScores[1 - bottom]) scoresRow.prepend(barScores[1 - bottom]);
    const humans = k.people().length;
    for (const s of [0, 1]) {
      const el = barScores[s];
      const you = humans === 1 && view.seats[s].kind === "human" || (view.by_link && view.by_link.seat === s);
      const extra = view.seats[s].name && levelOf(s) ? levelOf(s) : you ? ctx.t("table.you") : "";
      const key = JSON.stringify([k.sideShort(s), seatName(s), extra, tv.scores[s], tv.to_act === s]);
      if (scoreKeys[s] !== key) {
        scoreKeys[s] = key;
        const mark = h("span", { class: "ck-tomove", "aria-hidden": "true" });
        mark.innerHTML = icon("turn");
        el.replaceChildren(mark, h("span", { class: "ck-sidemark", text: k.sideShort(s) }),
          h("span", { class: "ck-name" }, h("span", { text: seatName(s) }), extra ? h("span", { class: "ck-level muted", text: ` · ${extra}` }) : null,
            h("span", { class: "ck-sep", text: ": " })),
          h("strong", { class: "ck-points", text: String(tv.scores[s]) }));
        el.setAttribute("aria-label", T("score", { side: k.sideShort(s), seat: seatName(s) + (extra ? ` (${extra})` : ""), score: tv.scores[s] }));
      }
      el.classList.toggle("to-move", tv.to_act === s);
    }
    barTurn.textContent = turnText(replaying, over);
  }

  function turnText(/** @type {boolean} */ replaying, /** @type {boolean} */ over) {
    const view = k.session();
    const tv = k.table();
    const side = k.sideShort;
    if (over) {
      const w = tv.result ? tv.result.winner : -1;
      return w < 0 ? T("over_draw", { a: tv.scores[0], b: tv.scores[1] }) : T("over_win", { seat: seatName(w), side: side(w), a: tv.scores[0], b: tv.scores[1] });
    }
    if (replaying) return T("replaying", { ply: tv.ply, length: tv.plies }); // plies, not engine actions
    if (view.status === "waiting") {
      const link = view.by_link;
      const mode = ctx.live ? "live" : "link"; // live, the link travels by itself
      return link && link.waiting === "secret" ? T(`${mode}.waiting_secret_short`) : T(`${mode}.waiting_move_short`, { seat: seatName(tv.to_act >= 0 ? tv.to_act : 1 - (link ? link.seat : 0)) });
    }
    if (ctx.heldByPause(view)) return ctx.t("table.paused");
    // the next season's play waits for the season's summary to be closed (`hold` below), not for a bot
    if ((view.status === "chance" || view.status === "bot") && casts.seasonSummary()) return T("summary_wait");
    if (view.status === "chance") return T("casting");
    if (view.status === "bot") return T("thinking", { seat: seatName(view.to_move), side: side(view.to_move) });
    if (tv.phase === "declaration") return T("declaring", { seat: seatName(tv.side), side: side(tv.side) });
    return T("to_move", { seat: seatName(tv.side), side: side(tv.side) });
  }

  function announceNew() {
    const view = k.session();
    const hist = view.history;
    if (seenHistory < 0 || view.cursor < view.length) { seenHistory = hist.length; return; }
    const fresh = hist.slice(seenHistory, view.cursor);
    seenHistory = hist.length;
    const castPlies = new Set(k.table().cast_plies);
    const said = fresh.filter((x) => x.actor >= 0 || castPlies.has(x.ply - 1)).map((x) => (x.actor >= 0 ? `${k.sideShort(x.actor)}: ` : "") + x.label);
    if (said.length) ctx.announce(said.join(". "));
  }

  return {
    hold() {
      // The app asks before each bot's move: while a season's summary is up in live play, the
      // next season's play waits until the player closes it (its first mover is drawn already).
      if (!k.tv || !k.view || k.view.cursor !== k.view.length || !casts.seasonSummary()) return null;
      return casts.hold();
    },
    update(v) {
      const before = k.tv;
      k.view = v;
      k.tv = v.table;
      if (!k.tv) return;
      casts.update(before, v);
      const key = `${v.fragment}|${v.cursor}|${v.status}`;
      if (key !== lastKey) {
        lastKey = key;
        k.sel = null;
        k.stepMode = false;
        if (!k.sent) k.message = null;
      }
      if (v.cursor < v.length) ctx.announce(T("replaying", { ply: v.cursor, length: v.length }));
      announceNew();
      schedule();
    },
    destroy() {
      casts.release();
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onGlobalKey);
      window.removeEventListener("resize", resize);
      if (ro) ro.disconnect();
      root.remove();
    },
  };
}

/**
 * The set-up form's game length: each choice is a rules encoding from the engine
 * (pyengine/app/views/cetkaik.py: season_choices), for the preset chosen above it.
 * @param {HTMLElement} container @param {TableSetupInfo} info @param {TableContext} ctx
 */
function setup(container, info, ctx) {
  /** @type {Translate} */
  const T = (key, vars) => ctx.t(`cetkaik.${key}`, vars);
  const presetSel = info.presetSelect;
  const sel = ctx.h("select", { name: "seasons", "data-setup": "seasons" });
  const about = ctx.h("p", { class: "muted ck-preset-about", "data-setup": "preset-about" });
  container.append(ctx.h("label", {}, ctx.h("span", { text: T("setup.seasons") }), sel), about);
  let busy = Promise.resolve();
  const describe = () => {
    const opt = presetSel && presetSel.selectedOptions[0];
    const id = opt ? opt.dataset.preset : "official";
    about.textContent = T(`setup.about_${id}`);
  };
  async function load() {
    const chosen = sel.selectedOptions[0] ? Number(sel.selectedOptions[0].dataset.seasons) : null;
    /** @type {{choices: {rules: string, seasons: number}[]}} */
    const r = await ctx.gameCall("seasons", { rules: presetSel ? presetSel.value : null });
    sel.replaceChildren(...r.choices.map((c) => ctx.h("option", { value: c.rules, "data-seasons": c.seasons,
      text: T("setup.seasons_n", { n: c.seasons }), selected: c.seasons === chosen })));
    describe();
  }
  if (presetSel) presetSel.addEventListener("change", () => { busy = busy.then(load); });
  busy = busy.then(load);
  return {
    values() {
      return sel.value ? { rules: sel.value } : {};
    },
  };
}

/** @type {TableModule} */
export default {
  strings: true,
  mount,
  setup,
  shellHead: () => false,
};
