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
import { COLOUR_CHARS, LATIN, PIECE_FONT, PROF_CHARS, TAM_CHAR, icon, pieceSvg, sticksSvg } from "./cetkaik-art.js";
import { renderHelp as renderHelpPanel } from "./cetkaik-help.js";
import { stylesheet } from "./styles.js";

await stylesheet(new URL("./cetkaik.css", import.meta.url));
// the pieces' own face before the first draw (a board is never drawn in a passing font); one that
// cannot load leaves the fonts after it in the pieces' lists
await document.fonts.load(PIECE_FONT, PROF_CHARS + TAM_CHAR).catch((e) => console.error(`the pieces' font did not load: ${e}`));

const HOLD_MS = 1500; // a cast result or a bot's news stays at least this long
const WIDE_MIN = 760; // from this width of the table the panel sits beside the board
const SIDE_MIN = 300;


function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function mount(host, ctx) {
  const { h } = ctx;
  const T = (k, vars) => ctx.t(`cetkaik.${k}`, vars);
  // a prompt's wording for the text view, where there are no rings or marks to speak of
  const P = (k, vars) => (settings.text && ctx.t(`cetkaik.${k}.text`) !== `cetkaik.${k}.text` ? T(`${k}.text`, vars) : T(k, vars));
  const settings = {
    style: ctx.settings.get("style", "kanji"),
    coords: ctx.settings.get("coords", "1") === "1",
    text: ctx.settings.get("text", "0") === "1",
    turnEach: ctx.settings.get("turn_each", "0") === "1", // two people on one device: turn for each
  };
  let view = null; // the session view
  let tv = null; // view.table
  let sel = null; // {kind: "piece"|"via"|"drop"|"tam"|"tam2", ...}
  let stepMode = false; // with a piece selected: the next click on a capturable piece steps over it
  let cursorSq = 40; // keyboard cursor on the board (and the text view)
  let message = null; // {text, kind}
  let sent = false; // an action is on its way: ignore further input until the next update
  let lastKey = null; // position key: selection resets when the position changes
  let seenHistory = -1;
  let frame = 0;
  let rulesSel = null; // the import's rules (filled from view.table.import_rules)
  let home = null; // {key, seat}: whose side sits at the bottom, chosen once per game set-up
  let flip = false; // "Turn the board": the other side at the bottom (this game only)
  let turnSeat = null; // "turn for each player": the last person to act
  let held = []; // news kept on screen for HOLD_MS after the window moved on: {key, ev, since}
  let firstSeen = new Map(); // news key → when it was first drawn
  let prevLength = -1;
  let animated = new Set(); // casts already animated
  let dismissed = -1; // the last season summary (its `at`) the player closed
  let waiting = []; // resolvers of `hold()`: the automation waits until the summary is closed
  const release = () => { const w = waiting; waiting = []; for (const r of w) r(); };
  let mode = "";
  let placedBottom = -1;
  const spacer = h("div", { class: "ck-spacer" });
  let helpData = null; // {lang, data}
  // The Hint control (hintkit.js) arrives after the table: the board never waits for it.
  let hint = null;
  import("./hintkit.js").then((m) => {
    hint = new m.HintControl(ctx, { game: "cetkaik", onChange: () => schedule() });
    tools.querySelector(".ck-settings").append(hint.setting);
    mode = ""; // place the blocks again, the hint's among them
    schedule();
  }).catch((e) => console.error(e));
  // the plies played after a hint (the one past the end is a hint shown for the move to come)
  const playedHints = (v) => (v.hints || []).filter((p) => p <= v.length);
  // the analysis of a finished game: {key, state: "running"|"done"|"stopped"|"failed", done, total, reviews: Map ply → review}
  let analysis = null;

  // ---------------------------------------------------------------- the DOM (built once)
  const root = h("div", { class: "ck", "data-style": settings.style });
  // status: season, rate, both sides (name, level, score, whose turn), the turn line
  const bar = h("div", { class: "ck-bar", role: "group", "aria-label": T("status") });
  const barSeason = h("span", { class: "ck-season" });
  const barRate = h("span", { class: "ck-rate" });
  const helpBtn = h("button", { type: "button", class: "ck-iconbtn", "data-help": "open", onclick: () => openHelp() });
  const barScores = [0, 1].map((s) => h("div", { class: `ck-score side-${s}`, "data-side": s }));
  const barTurn = h("p", { class: "ck-turn", role: "status" });
  bar.append(h("div", { class: "ck-bar-top" }, barSeason, barRate, helpBtn), h("div", { class: "ck-scores" }, barScores), barTurn);

  const handBoxes = [0, 1].map((s) => h("div", { class: "ck-hand", "data-side": s }));
  const boardWrap = h("div", { class: "ck-boardwrap" });
  const frameEl = h("div", { class: "ck-frame" });
  const board = h("div", { class: "ck-board", role: "grid", "aria-label": T("board") });
  const cells = [];
  const boardRows = Array.from({ length: 9 }, () => h("div", { role: "row", class: "ck-row" }));
  for (let i = 0; i < 81; i++) {
    const cell = h("button", { type: "button", class: "ck-sq", "data-sq": i, tabindex: -1, role: "gridcell" },
      h("span", { class: "ck-pc" }), h("span", { class: "ck-dot", "aria-hidden": "true" }), h("span", { class: "ck-prot", "aria-hidden": "true" }));
    cell.lastChild.innerHTML = icon("shield");
    cell.addEventListener("click", (e) => { cursorSq = i; onSquare(i, e.shiftKey); });
    cell.addEventListener("focus", () => { if (cursorSq !== i) { cursorSq = i; schedule(); } });
    cell._piece = null;
    cells.push(cell);
  }
  board.append(...boardRows);
  const coordTop = h("div", { class: "ck-coords ck-coords-cols", "aria-hidden": "true" });
  const coordSide = h("div", { class: "ck-coords ck-coords-rows", "aria-hidden": "true" });
  for (let i = 0; i < 9; i++) { coordTop.append(h("span", {})); coordSide.append(h("span", {})); }
  frameEl.append(coordTop, coordSide, board);
  const overlay = h("div", { class: "ck-overlay" }); // dialogs sit over the board: always in view
  const dialog = h("div", { class: "ck-decl ck-dialog", role: "dialog", "aria-modal": "false", hidden: true });
  const summary = h("div", { class: "ck-summary ck-dialog", role: "dialog", "aria-modal": "false", hidden: true });
  overlay.append(dialog, summary);
  const castBox = h("div", { class: "ck-cast", "aria-live": "polite", hidden: true });
  boardWrap.append(frameEl, overlay);

  // the text view: the same board as a grid of buttons (one tab stop, arrow keys), for screen
  // readers and the keyboard, in the manner of lichess's blind mode
  const textBox = h("div", { class: "ck-text", hidden: true });
  const textTable = h("table", { class: "ck-texttable", role: "grid" });
  const textCaption = h("caption", {});
  const colHeads = Array.from({ length: 9 }, () => h("th", { scope: "col" }));
  const rowHeads = Array.from({ length: 9 }, () => h("th", { scope: "row" }));
  const thead = h("thead", {}, h("tr", {}, h("td", {}), colHeads));
  const tbody = h("tbody", {});
  const textButtons = [];
  const textRows = [];
  for (let r = 0; r < 9; r++) {
    const tr = h("tr", {});
    textRows.push(tr);
    tbody.append(tr);
  }
  for (let i = 0; i < 81; i++) {
    const b = h("button", { type: "button", class: "ck-tsq", "data-sq": i, tabindex: -1, onclick: (e) => { cursorSq = i; onSquare(i, e.shiftKey); } });
    b.addEventListener("focus", () => { if (cursorSq !== i) { cursorSq = i; schedule(); } });
    textButtons[i] = b;
  }
  textTable.append(textCaption, thead, tbody);
  textBox.append(textTable);

  const news = h("ul", { class: "ck-news", "aria-label": T("news") });
  const prompt = h("div", { class: "ck-prompt" });
  const promptText = h("p", { class: "ck-prompt-text", "aria-live": "polite" });
  const promptButtons = h("div", { class: "ck-prompt-buttons row" });
  prompt.append(promptText, promptButtons);

  // record, replay, play by link, import/export, settings
  const linkBox = h("section", { class: "ck-panel ck-link chrome", hidden: true });
  const recordPanel = h("section", { class: "ck-panel ck-record" });
  const recordList = h("ol", { class: "ck-kiaak", "aria-label": T("record") });
  const replay = h("div", { class: "ck-replay row" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "ck-slider", "aria-label": T("replay.slider") });
  slider.addEventListener("input", () => { const stops = tv ? tv.stops : [0]; ctx.goto(stops[Number(slider.value)] ?? 0); });
  const nav = (name, fn) => {
    const b = h("button", { type: "button", class: "ck-iconbtn", "data-nav": name, title: ctx.t(`table.${name}`), "aria-label": ctx.t(`table.${name}`), onclick: fn });
    b.innerHTML = icon(name);
    return b;
  };
  replay.append(nav("first", () => ctx.goto(0)), nav("prev", () => step(-1)), slider, nav("next", () => step(1)), nav("last", () => ctx.goto(view.length)));
  const recordTitle = h("h2", { text: T("record") });
  const analyseBtn = h("button", { type: "button", "data-analyse": "start", onclick: () => startAnalysis() });
  const analyseStop = h("button", { type: "button", "data-analyse": "stop", hidden: true, onclick: () => stopAnalysis() });
  const analyseProgress = h("progress", { max: 1, value: 0, hidden: true, "data-analyse": "progress" });
  const analyseOut = h("p", { class: "ck-analysis-out", "aria-live": "polite", "data-analyse": "status" });
  const worstList = h("div", { class: "ck-worst row", "data-analyse": "worst" });
  const analysisBox = h("div", { class: "ck-analysis", hidden: true }, h("div", { class: "row" }, analyseBtn, analyseStop, analyseProgress), analyseOut, worstList);
  const hintsLine = h("p", { class: "ck-hints-used muted", hidden: true, "data-hints": "used" });
  recordPanel.append(recordTitle, recordList, replay, hintsLine, analysisBox);
  const tools = h("section", { class: "ck-panel ck-tools chrome" });

  const boardCol = h("div", { class: "ck-boardcol" });
  const side = h("div", { class: "ck-side" });
  const main = h("div", { class: "ck-main" }, boardCol, side);
  const help = h("dialog", { class: "ck-help", "aria-labelledby": "ck-help-title" });
  root.append(main, help);
  host.append(root);
  buildTools();

  board.addEventListener("keydown", (e) => onKey(e, false));
  textTable.addEventListener("keydown", (e) => onKey(e, true));
  document.addEventListener("keydown", onGlobalKey);
  const resize = () => schedule(); // render() lays the table out again
  window.addEventListener("resize", resize);
  const ro = window.ResizeObserver ? new ResizeObserver(resize) : null;
  if (ro) ro.observe(host);

  // ---------------------------------------------------------------- helpers
  const sqName = (i) => (tv ? tv.squares[i] : String(i));
  const spoken = (i) => (tv ? tv.spoken[i] : String(i));
  const sideShort = (s) => tv.names.side_marks[s];
  // a seat's name: the one given, else for a computer its level, else the shell's "Player n"
  const seatName = (s) => {
    const seat = view && view.seats[s];
    if (seat && !seat.name && seat.kind.startsWith("bot:")) return levelOf(s);
    return ctx.seatName(s);
  };
  const moves = () => (tv && tv.moves) || null;
  const canAct = () => Boolean(tv && tv.can_act && view.status === "human" && !sent);
  const people = () => view.seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
  const who = (s) => T("who", { side: sideShort(s), seat: seatName(s) });
  const levelOf = (s) => {
    const kind = view.seats[s] ? view.seats[s].kind : "";
    if (!kind.startsWith("bot:")) return "";
    const lv = kind.slice(4);
    const word = ctx.t(`level.${lv}`);
    return ctx.t("setup.bot", { level: word === `level.${lv}` ? lv : word });
  };
  const pieceName = (cell) => {
    if (!cell) return T("text.empty");
    if (cell === "tam") return tv.names.tam;
    return T("piece", { colour: T(`colour.${cell.c}`), prof: tv.names.professions[cell.p], side: sideShort(cell.s) });
  };
  const plainPiece = (pc) => T("piece_plain", { colour: T(`colour.${pc.c}`), prof: tv.names.professions[pc.p] });

  function bottomSeat() {
    // The player's own side sits at the bottom; a move, a replay or the other player's turn
    // never turns the board: only "Turn the board" does (and, when chosen, "turn for each player").
    const humans = people();
    const byLink = view.by_link && view.by_link.seat >= 0 ? view.by_link.seat : null;
    const key = JSON.stringify([view.seats.map((s) => s.kind), byLink, view.rules]);
    const live = view.cursor === view.length;
    if (!home || home.key !== key) {
      let seat = 1; // no person at the table: the board as the rules draw it (A at the top)
      if (byLink !== null) seat = byLink;
      else if (humans.length === 1) seat = humans[0];
      else if (humans.length > 1) seat = live && view.status === "human" && tv.to_act >= 0 ? tv.to_act : 0;
      home = { key, seat };
      flip = false;
      turnSeat = null;
    }
    let seat = home.seat;
    if (settings.turnEach && humans.length > 1 && byLink === null) {
      if (live && view.status === "human" && tv.to_act >= 0) turnSeat = tv.to_act;
      if (turnSeat !== null) seat = turnSeat;
    }
    return flip ? 1 - seat : seat;
  }
  const flipped = () => bottomSeat() === 0; // A starts at the top of the board as the rules draw it

  function step(dir) {
    if (!tv) return;
    const stops = tv.stops;
    const cur = view.cursor;
    let target = dir > 0 ? stops.find((s) => s > cur) : [...stops].reverse().find((s) => s < cur);
    if (target === undefined) target = dir > 0 ? view.length : 0;
    ctx.goto(target);
  }

  function play(action) {
    if (!action || sent) return;
    sent = true;
    sel = null;
    stepMode = false;
    message = null;
    Promise.resolve(ctx.play(action)).finally(() => { sent = false; schedule(); });
  }

  function setMessage(text, kind = "info") { message = text ? { text, kind } : null; }

  // ---------------------------------------------------------------- intents
  function selectOwn(i) {
    // a click on one of the player's own pieces (or tam2) while something else is selected
    const m = moves();
    if (m.pieces[String(i)]) { sel = { kind: "piece", src: i }; stepMode = false; return true; }
    if (i === m.tam_src && Object.keys(m.tam || {}).length) { sel = { kind: "tam", src: i }; stepMode = false; return true; }
    return false;
  }

  function refuse(i) {
    const cell = tv.board[i];
    if (cell && cell !== "tam" && cell.s !== tv.side && tv.protected.includes(i)) setMessage(T("protected_far", { piece: pieceName(cell), square: sqName(i) }), "error");
    else if (cell && cell !== "tam" && cell.s === tv.side) setMessage(T("no_moves", { square: sqName(i) }), "error");
    else setMessage(T("not_legal", { square: sqName(i) }), "error");
  }

  function onSquare(i, shift = false) {
    if (!canAct()) return;
    const m = moves();
    message = null;
    const k = String(i);
    if (tv.phase === "stepping_choice") {
      if (m.choice && m.choice[k]) play(m.choice[k]);
      else setMessage(T("not_option", { square: sqName(i) }), "error");
      return schedule();
    }
    if (tv.phase !== "move") return;
    const piece = m.pieces || {};
    const cell = tv.board[i];
    if (sel && sel.kind === "piece") {
      const entry = piece[String(sel.src)];
      if (i === sel.src) { sel = null; stepMode = false; return schedule(); }
      const to = entry.to[k];
      const via = entry.via[k];
      // a capture is one click; stepping over a piece that could be captured is asked for
      // with "Step over" (or Shift+click)
      if (to && !(via && (stepMode || shift))) return play(to);
      if (via) {
        sel = { kind: "via", src: sel.src, via: i };
        stepMode = false;
        if (cell && cell !== "tam" && cell.s !== tv.side && !to) setMessage(T("protected", { piece: pieceName(cell), square: sqName(i) }), "warn");
        else if (cell === "tam") setMessage(T("kut2tam2"), "warn");
        return schedule();
      }
      if (selectOwn(i)) return schedule();
      refuse(i);
      sel = null;
      stepMode = false;
      return schedule();
    }
    if (sel && sel.kind === "via") {
      const leg = piece[String(sel.src)].via[String(sel.via)];
      if (leg.to[k]) return play(leg.to[k]);
      if (leg.cast[k]) return play(leg.cast[k]);
      if (i === sel.src) { sel = { kind: "piece", src: sel.src }; return schedule(); }
      // while a destination is pending, another own piece (the one stepped over included) is selected
      if (selectOwn(i)) return schedule();
      if (i === sel.via) { sel = { kind: "piece", src: sel.src }; return schedule(); }
      refuse(i);
      return schedule();
    }
    if (sel && sel.kind === "drop") {
      const dests = m.drops[String(sel.code)] || {};
      if (dests[k]) return play(dests[k]);
      sel = null;
    } else if (sel && sel.kind === "tam") {
      if (m.tam[k]) { sel = { kind: "tam2", src: sel.src, first: i }; return schedule(); }
      sel = null;
      if (i === m.tam_src) return schedule();
    } else if (sel && sel.kind === "tam2") {
      const seconds = m.tam[String(sel.first)] || {};
      if (seconds[k]) return play(seconds[k]);
      if (i === sel.first) { sel = { kind: "tam", src: sel.src }; return schedule(); }
      sel = null;
    }
    if (!selectOwn(i) && cell && cell !== "tam" && cell.s === tv.side) refuse(i);
    schedule();
  }

  function onHand(code) {
    if (!canAct() || tv.phase !== "move") return;
    const m = moves();
    if (!m.drops[String(code)]) return;
    sel = sel && sel.kind === "drop" && sel.code === code ? null : { kind: "drop", code };
    stepMode = false;
    message = null;
    schedule();
  }

  function cancel() {
    if (!sel && !stepMode && !message) return false;
    sel = null;
    stepMode = false;
    message = null;
    schedule();
    return true;
  }

  function onKey(e, text) {
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (d) {
      // the text view reads row A first, as the caption says; the board follows what it shows
      const [dr, dc] = !text && flipped() ? [-d[0], -d[1]] : d;
      const r = Math.min(8, Math.max(0, Math.floor(cursorSq / 9) + dr));
      const c = Math.min(8, Math.max(0, (cursorSq % 9) + dc));
      cursorSq = r * 9 + c;
      focusCursor(text);
      e.preventDefault();
    } else if (e.key === "Home" || e.key === "End") {
      const r = Math.floor(cursorSq / 9);
      cursorSq = r * 9 + (e.key === "Home" ? 0 : 8);
      focusCursor(text);
      e.preventDefault();
    } else if (e.key === "Enter" || e.key === " ") {
      onSquare(cursorSq, e.shiftKey);
      e.preventDefault();
    } else if (e.key === "Escape") {
      if (cancel()) e.preventDefault();
    }
  }
  function onGlobalKey(e) {
    if (e.key !== "Escape" || help.open) return;
    if (!root.contains(document.activeElement) || document.activeElement === document.body) cancel();
  }
  function focusCursor(text) {
    const list = text ? textButtons : cells;
    for (const c of list) c.tabIndex = -1;
    list[cursorSq].tabIndex = 0;
    list[cursorSq].focus();
  }

  // ---------------------------------------------------------------- tools (built once)
  function buildTools() {
    const styleSel = h("select", { "data-setting": "style", onchange: (e) => { settings.style = e.target.value; ctx.settings.set("style", settings.style); root.dataset.style = settings.style; for (const c of cells) c._piece = null; for (const hb of handBoxes) hb._key = null; schedule(); } },
      h("option", { value: "kanji", text: T("style.kanji"), selected: settings.style === "kanji" }),
      h("option", { value: "latin", text: T("style.latin"), selected: settings.style === "latin" }));
    const coords = h("input", { type: "checkbox", "data-setting": "coords", checked: settings.coords, onchange: (e) => { settings.coords = e.target.checked; ctx.settings.set("coords", settings.coords ? "1" : "0"); schedule(); } });
    const text = h("input", { type: "checkbox", "data-setting": "text", checked: settings.text, onchange: (e) => { settings.text = e.target.checked; ctx.settings.set("text", settings.text ? "1" : "0"); schedule(); } });
    const each = h("input", { type: "checkbox", "data-setting": "turn_each", checked: settings.turnEach, onchange: (e) => { settings.turnEach = e.target.checked; ctx.settings.set("turn_each", settings.turnEach ? "1" : "0"); turnSeat = null; schedule(); } });
    const flipBtn = h("button", { type: "button", "data-setting": "flip", onclick: () => { flip = !flip; schedule(); } });
    flipBtn.innerHTML = icon("flip");
    flipBtn.append(h("span", { text: T("flip") }));
    const settingsBox = h("details", { class: "ck-settings" }, h("summary", { text: T("settings") }),
      h("label", {}, h("span", { text: T("style") }), styleSel),
      h("label", {}, coords, h("span", { text: T("coords") })),
      h("label", {}, text, h("span", { text: T("textview") })),
      h("label", { class: "ck-turn-each" }, each, h("span", { text: T("turn_each") })));
    const area = h("textarea", { rows: 4, "data-import": "text", "aria-label": T("import.paste"), placeholder: T("import.paste") });
    const file = h("input", { type: "file", accept: ".txt,text/plain", "data-import": "file", "aria-label": T("import.file"),
      onchange: async (e) => { const f = e.target.files && e.target.files[0]; if (f) area.value = await f.text(); } });
    rulesSel = h("select", { "data-import": "rules", "aria-label": T("import.rules") });
    const importBtn = h("button", { type: "button", class: "primary", "data-import": "open", text: T("import.button"),
      onclick: async () => {
        try { await ctx.gameCall("import", { text: area.value, rules: rulesSel.value }); area.value = ""; ctx.announce(T("import.done")); }
        catch (e) { ctx.notify(T("import.failed", { reason: e.message }), [], "error"); }
      } });
    const importBox = h("details", { class: "ck-import" }, h("summary", { text: T("import") }),
      h("div", { class: "row" },
        h("button", { type: "button", "data-export": "download", text: T("export.download"), onclick: () => exportRecord(true) }),
        h("button", { type: "button", "data-export": "copy", text: T("export.copy"), onclick: () => exportRecord(false) })),
      area, h("label", {}, h("span", { text: T("import.file") }), file), h("label", {}, h("span", { text: T("import.rules") }), rulesSel), importBtn);
    const helpRow = h("button", { type: "button", "data-help": "tools", onclick: () => openHelp() });
    helpRow.innerHTML = icon("help");
    helpRow.append(h("span", { text: T("help.open") }));
    tools.append(h("div", { class: "row" }, flipBtn, helpRow), importBox, settingsBox);
  }

  async function exportRecord(download) {
    let r;
    try { r = await ctx.gameCall("export", {}); } catch (e) { return ctx.notify(e.message, [], "error"); }
    if (download) {
      const url = URL.createObjectURL(new Blob([r.text], { type: "text/plain;charset=utf-8" }));
      const a = h("a", { href: url, download: r.filename });
      document.body.append(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } else {
      try { await navigator.clipboard.writeText(r.text); ctx.notify(T("export.copied")); }
      catch (e) { ctx.notify(T("export.copy_failed")); }
    }
  }

  // ---------------------------------------------------------------- the rules panel
  async function openHelp() {
    if (!helpData || helpData.lang !== ctx.lang) {
      try { helpData = { lang: ctx.lang, data: await ctx.gameCall("help", {}) }; }
      catch (e) { return ctx.notify(e.message, [], "error"); }
    }
    renderHelp(helpData.data);
    if (help.showModal && !help.open) help.showModal();
    else help.setAttribute("open", "");
    const close = help.querySelector("[data-help=close]");
    if (close) close.focus();
  }
  function closeHelp() {
    if (help.close) help.close(); else help.removeAttribute("open");
    helpBtn.focus();
  }

  function renderHelp(d) {
    renderHelpPanel(help, d, { h, T, t: ctx.t, lang: ctx.lang, style: settings.style, preset: tv ? tv.preset : null, close: closeHelp,
      columns: tv ? tv.columns : "KLNTZXCMP".split(""), rows: tv ? tv.rows : ["A", "E", "I", "U", "O", "Y", "AI", "AU", "IA"] });
  }

  // ---------------------------------------------------------------- layout
  function layout() {
    // The board is as large as the room allows: beside the panel from WIDE_MIN px (as tall as
    // the window below the table's top), stacked on narrow screens, compact in an embed.
    const width = host.clientWidth || window.innerWidth;
    const next = ctx.embed ? "embed" : width >= WIDE_MIN ? "wide" : "narrow";
    const bottom = tv ? bottomSeat() : 1;
    if (next !== mode || bottom !== placedBottom) {
      mode = next;
      placedBottom = bottom;
      root.dataset.layout = mode;
      root.classList.toggle("ck-embed", mode === "embed");
      place();
      recordList._height = -1; // a node moved to another place loses its scroll: show the current entry again
    }
    const top = root.getBoundingClientRect().top + window.scrollY;
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
    if (root._size !== size) { root._size = size; root.style.setProperty("--ck-board", `${size}px`); }
  }

  function place() {
    // Move the blocks (never rebuild them) into the columns of this layout; the hand of the
    // side at the bottom goes below, the other above.
    const put = (parent, all) => {
      const kids = all.filter(Boolean);
      const now = [...parent.children];
      if (now.length === kids.length && kids.every((k, j) => now[j] === k)) return;
      parent.replaceChildren(...kids);
    };
    const top = handBoxes[1 - placedBottom];
    const bottom = handBoxes[placedBottom];
    if (mode === "wide") {
      put(root, [main, help]);
      put(boardCol, [boardWrap, textBox]);
      put(side, [bar, top, castBox, news, prompt, hint && hint.el, bottom, recordPanel, linkBox, tools]);
      put(boardWrap, [frameEl, overlay]);
    } else if (mode === "embed") {
      put(root, [bar, main, castBox, prompt, recordPanel, help]);
      put(boardCol, [boardWrap, textBox]);
      put(side, [top, spacer, bottom]);
      put(boardWrap, [frameEl, overlay]);
    } else {
      put(root, [main, help]);
      put(boardCol, [bar, top, boardWrap, textBox, prompt, hint && hint.el, castBox, bottom, news]);
      put(side, [recordPanel, linkBox, tools]);
      put(boardWrap, [frameEl, overlay]);
    }
  }

  // ---------------------------------------------------------------- rendering
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; render(); });
  }

  function highlights() {
    // square → set of marks for the current selection (from view.table.moves only)
    const out = new Map();
    const add = (i, ...c) => { const k = Number(i); if (!out.has(k)) out.set(k, new Set()); for (const x of c) out.get(k).add(x); };
    const m = moves();
    if (!m) return out;
    const suggested = hint && hint.shown && hint.shown.squares;
    if (suggested) for (const k of suggested) add(k, "hinted");
    if (tv.phase === "stepping_choice" && m.choice) {
      for (const k of Object.keys(m.choice)) add(k, "dest");
      return out;
    }
    if (tv.phase !== "move") return out;
    if (!sel) {
      for (const k of Object.keys(m.pieces || {})) add(k, "movable");
      if (Object.keys(m.tam || {}).length) add(m.tam_src, "movable");
      return out;
    }
    if (sel.kind === "piece") {
      add(sel.src, "sel");
      const entry = m.pieces[String(sel.src)];
      for (const k of Object.keys(entry.via)) if (!entry.to[k] || stepMode) add(k, "via");
      for (const k of Object.keys(entry.to)) {
        if (stepMode && entry.via[k]) continue;
        add(k, "dest");
        if (entry.water.includes(k)) add(k, "water-cast");
        if (entry.via[k]) add(k, "steppable"); // capture on click; Step over / Shift+click steps over it
      }
    } else if (sel.kind === "via") {
      add(sel.src, "sel");
      add(sel.via, "via-sel");
      const leg = m.pieces[String(sel.src)].via[String(sel.via)];
      for (const k of Object.keys(leg.to)) { add(k, "dest"); if (leg.water.includes(k)) add(k, "water-cast"); }
      for (const k of Object.keys(leg.cast)) add(k, "cast");
    } else if (sel.kind === "drop") {
      for (const k of Object.keys(m.drops[String(sel.code)] || {})) add(k, "dest", "drop");
    } else if (sel.kind === "tam") {
      add(sel.src, "sel");
      for (const k of Object.keys(m.tam)) add(k, "dest");
    } else if (sel.kind === "tam2") {
      add(sel.src, "sel");
      add(sel.first, "via-sel");
      for (const k of Object.keys(m.tam[String(sel.first)] || {})) add(k, "dest");
    }
    return out;
  }

  function render() {
    if (!view || !tv) return;
    layout();
    const flip = flipped();
    root.classList.toggle("ck-coords-on", settings.coords);
    root.dataset.flipped = flip ? "1" : "0";
    root.dataset.phase = tv.phase;
    root.dataset.selection = sel ? sel.kind : "";
    const replaying = view.cursor < view.length;
    const over = view.status === "over";
    const items = newsItems();

    renderStatus(replaying, over);
    renderBoard(flip);
    for (const s of [0, 1]) renderHand(s);
    renderPrompt(replaying, over);
    renderDialog();
    renderSummary();
    renderCast(items);
    renderNews(items);
    if (mode === "embed") {
      // one line under the board: what asks for attention (a message, a choice) else the cast
      const asks = Boolean(message || sel || promptButtons.childNodes.length);
      if (asks && !prompt.hidden) castBox.hidden = true;
      else if (!castBox.hidden) prompt.hidden = true;
    }
    renderRecord(replaying);
    renderHint();
    renderAnalysis(over);
    renderLink(replaying, over);
    if (rulesSel.options.length !== tv.import_rules.length) {
      rulesSel.replaceChildren(...tv.import_rules.map((r) => h("option", { value: r, text: T(`import.rules_${r}`) })));
    }
    tools.querySelector(".ck-turn-each").hidden = !(people().length > 1 && !view.by_link);
    // embed: the board, the score line, whose turn, both hands, the prompt and the record
    // controls (not the list)
    recordList.hidden = mode === "embed";
    recordTitle.hidden = mode === "embed";
    showCurrentEntry();
    if (mode === "embed") layout(); // the board's size again, from the blocks as now drawn around it
  }

  function showCurrentEntry() {
    // The record's current entry in view: after the list changed, or after the list's height did
    // (the end of a game adds the hints line and the analysis below it); not on every frame, so
    // a player scrolling the list is left alone.
    if (recordList.hidden || recordList._height === recordList.clientHeight) return;
    recordList._height = recordList.clientHeight;
    const item = recordList._current;
    if (!item) { recordList.scrollTop = 0; return; }
    const top = item.offsetTop - recordList.offsetTop;
    if (top < recordList.scrollTop || top + item.offsetHeight > recordList.scrollTop + recordList.clientHeight) recordList.scrollTop = Math.max(0, top - recordList.clientHeight + item.offsetHeight + 4);
  }

  function renderStatus(replaying, over) {
    barSeason.textContent = T("season", { name: tv.season_name, n: tv.season + 1, total: tv.seasons });
    barRate.textContent = T("rate", { rate: tv.rate });
    if (!helpBtn._done) { helpBtn._done = true; helpBtn.innerHTML = icon("help"); helpBtn.setAttribute("aria-label", T("help.open")); helpBtn.title = T("help.open"); }
    const bottom = bottomSeat();
    const order = [1 - bottom, bottom];
    const scores = barScores[0].parentNode;
    if (scores.firstChild !== barScores[order[0]]) scores.prepend(barScores[order[0]]);
    const humans = people().length;
    for (const s of [0, 1]) {
      const el = barScores[s];
      const you = humans === 1 && view.seats[s].kind === "human" || (view.by_link && view.by_link.seat === s);
      const extra = view.seats[s].name && levelOf(s) ? levelOf(s) : you ? ctx.t("table.you") : "";
      const key = JSON.stringify([sideShort(s), seatName(s), extra, tv.scores[s], tv.to_act === s]);
      if (el._key !== key) {
        el._key = key;
        const mark = h("span", { class: "ck-tomove", "aria-hidden": "true" });
        mark.innerHTML = icon("turn");
        el.replaceChildren(mark, h("span", { class: "ck-sidemark", text: sideShort(s) }),
          h("span", { class: "ck-name" }, h("span", { text: seatName(s) }), extra ? h("span", { class: "ck-level muted", text: ` · ${extra}` }) : null,
            h("span", { class: "ck-sep", text: ": " })),
          h("strong", { class: "ck-points", text: String(tv.scores[s]) }));
        el.setAttribute("aria-label", T("score", { side: sideShort(s), seat: seatName(s) + (extra ? ` (${extra})` : ""), score: tv.scores[s] }));
      }
      el.classList.toggle("to-move", tv.to_act === s);
    }
    barTurn.textContent = turnText(replaying, over);
  }

  function turnText(replaying, over) {
    if (over) {
      const w = tv.result ? tv.result.winner : -1;
      return w < 0 ? T("over_draw", { a: tv.scores[0], b: tv.scores[1] }) : T("over_win", { seat: seatName(w), side: sideShort(w), a: tv.scores[0], b: tv.scores[1] });
    }
    if (replaying) return T("replaying", { ply: tv.ply, length: tv.plies }); // plies, not engine actions
    if (view.status === "waiting") return view.by_link && view.by_link.waiting === "secret" ? T("link.waiting_secret_short") : T("link.waiting_move_short", { seat: seatName(tv.to_act >= 0 ? tv.to_act : 1 - view.by_link.seat) });
    if (ctx.paused && (view.status === "chance" || view.status === "bot")) return ctx.t("table.paused");
    // the next season's play waits for the season's summary to be closed (`hold` below), not for a bot
    if ((view.status === "chance" || view.status === "bot") && seasonSummary()) return T("summary_wait");
    if (view.status === "chance") return T("casting");
    if (view.status === "bot") return T("thinking", { seat: seatName(view.to_move), side: sideShort(view.to_move) });
    if (tv.phase === "declaration") return T("declaring", { seat: seatName(tv.side), side: sideShort(tv.side) });
    return T("to_move", { seat: seatName(tv.side), side: sideShort(tv.side) });
  }

  function renderBoard(flip) {
    const hl = highlights();
    const hue = new Set(tv.hue);
    const water = new Set(tv.water);
    const prot = new Set(tv.protected);
    const last = tv.last;
    const pend = tv.pending;
    const none = new Set();
    for (let r = 0; r < 9; r++) {
      // rows in the order shown, so that the grid and the text view read as seen
      const src = flip ? 8 - r : r;
      const rowCells = [];
      for (let c = 0; c < 9; c++) rowCells.push(cells[src * 9 + (flip ? 8 - c : c)]);
      const row = boardRows[r];
      if (row.firstChild !== rowCells[0] || row.childNodes.length !== 9 || row.lastChild !== rowCells[8]) row.replaceChildren(...rowCells);
      const tr = textRows[r];
      if (!tr._done) { tr._done = true; tr.replaceChildren(rowHeads[r], ...Array.from({ length: 9 }, (_, c) => h("td", {}, textButtons[r * 9 + c]))); }
    }
    for (let i = 0; i < 81; i++) {
      const cell = cells[i];
      const marks = hl.get(i) || none;
      const p = tv.board[i];
      const key = p === null ? "" : p === "tam" ? `tam:${settings.style}` : `${p.p}:${p.c}:${p.s}:${settings.style}:${flip}`;
      if (cell._piece !== key) {
        cell._piece = key;
        const pc = cell.firstChild;
        if (p === null) pc.innerHTML = "";
        else if (p === "tam") pc.innerHTML = pieceSvg(-1, 0, settings.style);
        else pc.innerHTML = pieceSvg(p.p, p.c, settings.style);
        // a piece points to its owner's forward (A moves down the unturned board); tam2 never turns
        pc.classList.toggle("down", p !== null && p !== "tam" && (p.s === 0) !== flip);
      }
      let cls = "ck-sq";
      if (water.has(i)) cls += " water";
      if (hue.has(i)) cls += " hue";
      if (prot.has(i)) cls += " protected";
      if (p && p !== "tam") cls += ` owner-${p.s}`;
      if (last && (last.src === i || last.dest === i)) cls += last.failed && last.dest === i && last.src !== i ? " last-failed" : " last";
      if (pend && pend.via === i) cls += " pend-via";
      if (pend && (pend.planned === i || pend.dest === i)) cls += " pend-dest";
      for (const x of marks) cls += ` ${x}`;
      if (i === cursorSq) cls += " cursor";
      if (cell.className !== cls) cell.className = cls;
      const label = squareLabel(i, marks, p, water.has(i), hue.has(i), prot.has(i));
      if (cell._label !== label) { cell.setAttribute("aria-label", label); cell._label = label; }
      const tb = textButtons[i];
      if (tb._label !== label) { tb._label = label; tb.textContent = textCell(p); tb.setAttribute("aria-label", label); }
      const tcls = "ck-tsq" + [...marks].map((x) => ` ${x}`).join("");
      if (tb.className !== tcls) tb.className = tcls;
      cell.tabIndex = i === cursorSq ? 0 : -1;
      tb.tabIndex = i === cursorSq ? 0 : -1;
    }
    const colsOrder = flip ? [...tv.columns].reverse() : tv.columns;
    const rowsOrder = flip ? [...tv.rows].reverse() : tv.rows;
    [...coordTop.children].forEach((s, j) => { s.textContent = colsOrder[j]; });
    [...coordSide.children].forEach((s, j) => { s.textContent = rowsOrder[j]; });
    colHeads.forEach((th, j) => { th.textContent = tv.columns[j]; th.dataset.col = tv.columns[j]; });
    rowHeads.forEach((th, j) => { th.textContent = tv.rows[j]; });
    board.setAttribute("aria-label", T("board"));
    boardWrap.hidden = settings.text;
    textBox.hidden = !settings.text;
    textCaption.textContent = T("text.caption");
  }

  function squareLabel(i, marks, p, isWater, isHue, isProt) {
    // "Z-O, water, tam2 hue, empty": the square spelt out, what it is, what stands on it, and
    // what the current selection makes of it
    const parts = [spoken(i)];
    if (isWater) parts.push(T("text.water"));
    if (isHue) parts.push(T("text.hue"));
    parts.push(pieceName(p));
    if (isProt) parts.push(T("text.protected"));
    if (marks.has("movable")) parts.push(T("text.movable"));
    if (marks.has("hinted")) parts.push(T("hint.square"));
    if (marks.has("sel")) parts.push(T("text.selected"));
    if (marks.has("via-sel")) parts.push(T("text.via_selected"));
    if (marks.has("dest")) parts.push(p && p !== "tam" && p.s !== tv.side && !marks.has("drop") ? T("text.capture") : T("text.dest"));
    if (marks.has("water-cast")) parts.push(T("text.water_cast"));
    if (marks.has("steppable")) parts.push(T("text.steppable"));
    if (marks.has("via")) parts.push(T("text.via"));
    if (marks.has("cast")) parts.push(T("text.cast"));
    return parts.join(", ");
  }
  function textCell(p) {
    if (!p) return "";
    if (p === "tam") return settings.style === "latin" ? "tam2" : TAM_CHAR;
    const glyph = settings.style === "latin" ? `${LATIN[p.p]}${p.c === 0 ? "r" : "b"}` : `${COLOUR_CHARS[p.c]}${PROF_CHARS[p.p]}`;
    return `${glyph} ${tv.names.side_marks[p.s]}`;
  }

  function renderHand(s) {
    const box = handBoxes[s];
    const hand = tv.hands[s];
    const m = moves();
    const mine = Boolean(m && tv.phase === "move" && tv.side === s);
    const chosen = mine && sel && sel.kind === "drop" ? sel.code : null; // only the mover's own pieces light up
    const key = JSON.stringify([hand, mine, chosen, settings.style, mode, seatName(s), ctx.lang]);
    if (box._key === key) return;
    box._key = key;
    const title = T("hand.title", { side: sideShort(s), seat: seatName(s) });
    const pieces = h("div", { class: "ck-hand-pieces" + (hand.pieces.length ? "" : " empty"), role: "group", "aria-label": title });
    if (!hand.pieces.length) pieces.append(h("span", { class: "muted ck-none", text: T("hand.none") }));
    for (const pc of hand.pieces) {
      const canDrop = mine && m.drops[String(pc.code)];
      const label = T("hand.piece", { piece: plainPiece(pc), n: pc.count });
      const on = chosen === pc.code;
      const b = h("button", { type: "button", class: "ck-handpc" + (on ? " sel" : "") + (canDrop ? " can-drop" : ""), "data-code": pc.code,
        "aria-label": label, title: label, disabled: !canDrop, "aria-pressed": on ? "true" : "false",
        onclick: () => onHand(pc.code) });
      b.innerHTML = pieceSvg(pc.p, pc.c, settings.style);
      if (pc.count > 1) b.append(h("span", { class: "ck-count", text: `×${pc.count}` }));
      pieces.append(b);
    }
    const hands = h("p", { class: "ck-hands-formed" });
    if (hand.hands.length) hands.textContent = T("hand.formed", { list: hand.hands.map((x) => `${x.label} (${x.value})`).join(" · "), score: hand.score });
    box.replaceChildren(h("h3", { text: mode === "embed" ? sideShort(s) : title }), pieces, hands);
  }

  function renderPrompt(replaying, over) {
    let text = "";
    const buttons = [];
    const m = moves();
    const button = (attrs, label, fn, cls = null) => h("button", { type: "button", class: cls, ...attrs, text: label, onclick: fn });
    if (replaying) {
      text = "";
      if (mode !== "embed") buttons.push(button({ "data-choice": "back" }, T("back_to_game"), () => ctx.goto(view.length)));
    } else if (over) text = "";
    else if (view.status === "waiting") {
      const secret = view.by_link && view.by_link.waiting === "secret";
      text = secret ? T("link.waiting_secret") : T("link.waiting_move");
      const copy = h("button", { type: "button", class: "primary", "data-choice": "copy-link", onclick: () => copyLink() });
      copy.innerHTML = icon("copy");
      copy.append(h("span", { text: ctx.t("table.copy_for_opponent") }));
      buttons.push(copy);
    } else if (m && tv.phase === "stepping_choice") {
      text = P("prompt.choice", { n: tv.pending.sticks, square: sqName(tv.pending.planned) });
      buttons.push(button({ "data-choice": "decline" }, T("decline"), () => play(m.decline)));
    } else if (m && tv.phase === "move") {
      if (!sel) text = T("prompt.select");
      else if (sel.kind === "piece") {
        const entry = m.pieces[String(sel.src)];
        const both = Object.keys(entry.to).some((k) => entry.via[k]);
        text = P(stepMode ? "prompt.piece_step" : "prompt.piece", { piece: pieceName(tv.board[sel.src]), square: sqName(sel.src) });
        if (both) buttons.push(button({ "data-choice": "step", "aria-pressed": stepMode ? "true" : "false" }, stepMode ? T("capture_mode") : T("step_mode"), () => { stepMode = !stepMode; schedule(); }));
      } else if (sel.kind === "via") text = P(tv.plan === "direction" ? "prompt.via_direction" : "prompt.via", { square: sqName(sel.via) });
      else if (sel.kind === "drop") {
        const pc = tv.hands[tv.side].pieces.find((x) => x.code === sel.code);
        text = T("prompt.drop", { piece: plainPiece(pc) });
      }
      else if (sel.kind === "tam") text = T("prompt.tam");
      else if (sel.kind === "tam2") text = T("prompt.tam2", { square: sqName(sel.first) });
      if (sel) buttons.push(button({ "data-choice": "cancel" }, T("cancel"), cancel));
    } else if (m && tv.phase === "declaration") text = T("prompt.declare");
    else if (tv.phase === "stepping_cast" || tv.phase === "water_cast") text = view.status === "waiting" ? "" : T("casting");
    const msg = message ? message.text : "";
    const full = [msg, text].filter(Boolean).join(" ");
    if (promptText.textContent !== full) promptText.textContent = full;
    promptText.dataset.kind = message ? message.kind : "";
    const bkey = buttons.map((b) => b.outerHTML).join("");
    if (promptButtons._key !== bkey) { promptButtons._key = bkey; promptButtons.replaceChildren(...buttons); }
    prompt.hidden = !full && !buttons.length;
  }

  async function copyLink() {
    const url = ctx.shareUrl(view.fragment);
    try { await navigator.clipboard.writeText(url); ctx.notify(ctx.t("notice.copied")); }
    catch (e) { ctx.notify(ctx.t("notice.copy_failed")); }
  }

  function handsList(list) {
    return h("ul", { class: "ck-decl-hands" }, list.map((x) => h("li", {}, h("span", { text: x.label }),
      x.label !== x.name ? h("span", { class: "muted ck-kanji", text: ` ${x.name}` }) : null, " ", h("strong", { text: String(x.value) }))));
  }

  function renderDialog() {
    const m = moves();
    const pend = tv.pending;
    const mine = Boolean(m && m.declare);
    if (tv.phase !== "declaration" || view.cursor < view.length || !mine) { dialog.hidden = true; dialog._key = null; return; }
    const key = JSON.stringify([pend, view.length, ctx.lang]);
    if (dialog._key === key) return;
    dialog._key = key;
    // a turn that only broke a rule (kut2 tam2, a futile tam2 move) is a penalty, not a new hand
    const title = pend.penalty_only ? T("decl.penalty_title") : T("decl.title");
    const head = h("h2", { id: "ck-decl-title" });
    head.innerHTML = icon(pend.penalty_only ? "penalty" : "sticks");
    head.append(h("span", { text: title }));
    const body = [head, handsList(pend.hands)];
    for (const p of pend.penalties) body.push(h("p", { class: "ck-explain", text: T(`explain.${p.explain}`) }));
    body.push(h("p", { text: T(pend.value < 0 ? "decl.value_neg" : "decl.value", { value: pend.value, pay: -pend.value, rate: pend.rate }) }));
    body.push(h("div", { class: "row" },
      m.declare.ty_mok ? h("button", { type: "button", class: "primary", "data-declare": "ty_mok", text: T("decl.ty_mok", { rate: pend.rate_after }), onclick: () => play(m.declare.ty_mok) }) : null,
      m.declare.ta_xot ? h("button", { type: "button", "data-declare": "ta_xot", text: T("decl.ta_xot", { value: (pend.value > 0 ? "+" : "") + pend.value }), onclick: () => play(m.declare.ta_xot) }) : null));
    dialog.setAttribute("aria-labelledby", "ck-decl-title");
    dialog.replaceChildren(...body);
    dialog.hidden = false;
    requestAnimationFrame(() => { const b = dialog.querySelector("button"); if (b && !settings.text) b.focus(); });
  }

  function arrowCell() {
    const td = h("td", { "aria-hidden": "true", class: "ck-arrow" });
    td.innerHTML = icon("arrow");
    return td;
  }

  function seasonSummary() {
    // The season's summary still to be read at this position (null: none).
    const list = tv.summaries || [];
    const last = list[list.length - 1];
    return last && last.at > tv.fresh_from && last.at <= view.cursor && last.at > dismissed ? last : null;
  }

  function renderSummary() {
    // At every season's end (and at the game's end): hands, points, rate, scores and who moves
    // first next.  It stays until closed or until the player moves again; bots wait for it
    // (`hold` below).
    const list = tv.summaries || [];
    const last = list[list.length - 1];
    let s = seasonSummary();
    const endOnly = !s && tv.result && tv.result.reason === "zero" && !(last && last.over) && view.cursor === view.length && dismissed < view.length;
    if (dialog.hidden === false) s = null; // the player's own declaration comes first
    if (!s && !endOnly) { summary.hidden = true; summary._key = null; return; }
    const key = JSON.stringify([s, endOnly && tv.result, ctx.lang, tv.summaries.length]);
    if (summary._key === key) return;
    summary._key = key;
    const body = [];
    const close = () => { dismissed = s ? s.at : view.length; summary.hidden = true; release(); schedule(); };
    if (s) {
      body.push(h("h2", { id: "ck-summary-title", text: T("summary.title", { season: s.season_name }) }));
      body.push(h("p", { text: T("summary.by", { who: who(s.side) }) }));
      if (s.hands.length) body.push(handsList(s.hands));
      if (s.penalties.length) body.push(handsList(s.penalties));
      body.push(h("p", { text: T("summary.points", { value: (s.value > 0 ? "+" : "") + s.value, rate: s.rate, base: s.hand_value + s.penalty_value }) }));
      body.push(h("table", { class: "ck-summary-scores" }, h("tbody", {}, [0, 1].map((x) => h("tr", { "data-side": x },
        h("th", { scope: "row", text: who(x) }), h("td", { class: "num", text: String(s.before[x]) }), arrowCell(),
        h("td", { class: "num" }, h("strong", { text: String(s.scores[x]) })))))));
      if (s.over) {
        const w = tv.result ? tv.result.winner : -1;
        body.push(h("p", { class: "ck-summary-next", text: w < 0 ? T("summary.draw") : T("summary.winner", { who: who(w) }) }));
      } else if (s.next !== null) {
        const next = tv.names.seasons[s.season + 1];
        body.push(h("p", { class: "ck-summary-next", text: T("summary.next", { season: next, who: who(s.next) }) }));
      } else body.push(h("p", { class: "ck-summary-next muted", text: T("summary.next_unknown", { season: tv.names.seasons[s.season + 1] }) }));
    } else {
      const w = tv.result.winner;
      body.push(h("h2", { id: "ck-summary-title", text: T("summary.over") }));
      body.push(h("p", { text: T("summary.zero", { a: tv.result.scores[0], b: tv.result.scores[1] }) }));
      body.push(h("p", { class: "ck-summary-next", text: w < 0 ? T("summary.draw") : T("summary.winner", { who: who(w) }) }));
    }
    body.push(h("div", { class: "row" }, h("button", { type: "button", class: "primary", "data-summary": "close", text: T("summary.close"), onclick: close })));
    summary.setAttribute("aria-labelledby", "ck-summary-title");
    summary.replaceChildren(...body);
    summary.hidden = false;
    ctx.announce([...summary.querySelectorAll("h2, p")].map((x) => x.textContent).join(" "));
  }

  // ---------------------------------------------------------------- news: casts, declarations
  function eventKey(ev) { return `${ev.at}:${ev.kind}`; }

  function newsItems() {
    // The window's events (pyengine: recent_events) and, for HOLD_MS, those it just left.
    const now = performance.now();
    const current = tv.events || [];
    const keys = new Set(current.map(eventKey));
    held = held.filter((x) => !keys.has(x.key) && now - x.since < HOLD_MS);
    const items = [...held.map((x) => x.ev), ...current];
    for (const ev of current) if (!firstSeen.has(eventKey(ev))) firstSeen.set(eventKey(ev), now);
    if (held.length) setTimeout(schedule, HOLD_MS - Math.min(...held.map((x) => now - x.since)) + 20);
    items._current = current;
    return items;
  }

  function eventText(ev) {
    const s = ev.side;
    switch (ev.kind) {
      case "move": return T("news.move", { who: who(s), label: ev.label });
      case "cast": return `${T(`cast.${ev.cast}`, { n: ev.sticks })} — ${T(`cast.${ev.cast}_${ev.ok ? "ok" : "fail"}`)}`;
      case "decline": return T("news.decline", { who: who(s) });
      case "paid": return T("news.paid", { who: who(s), points: ev.points, rate: ev.rate });
      case "first_mover": return T("first_mover", { season: ev.season_name, side: sideShort(s), seat: seatName(s) });
      case "declare": {
        const names = [...ev.hands.map((x) => x.label)].join(" · ");
        if (ev.choice === "ty_mok") return T(ev.penalty_only ? "news.ty_mok_penalty" : "news.ty_mok", { who: who(s), hands: names, rate: ev.rate_after });
        return T(ev.penalty_only ? "news.ta_xot_penalty" : "news.ta_xot", { who: who(s), hands: names, value: (ev.value > 0 ? "+" : "") + ev.value });
      }
      default: return "";
    }
  }

  function renderNews(items) {
    // One line per turn: the move, then what its casts did; declarations, penalties and the
    // season's first mover on lines of their own.  The cast drawn large above is left out.
    const lines = [];
    const inBox = castBox.hidden ? null : castBox._event;
    let turn = null;
    for (const ev of items) {
      if (ev === inBox) continue;
      const text = eventText(ev);
      if (!text) continue;
      if ((ev.kind === "cast" || ev.kind === "decline") && turn && turn.side === ev.side) {
        turn.parts.push({ text: ev.kind === "cast" ? text : T("news.declined"), ok: ev.kind === "cast" && ev.ok });
        turn.key += `|${eventKey(ev)}`;
        continue;
      }
      const kind = ev.kind === "paid" || (ev.kind === "declare" && ev.penalty_only) ? "penalty" : ev.kind;
      const line = { key: eventKey(ev), text, kind, side: ev.side, parts: [], explain: explanations(ev) };
      lines.push(line);
      turn = ev.kind === "move" ? line : null;
    }
    const key = JSON.stringify([lines, ctx.lang]);
    if (news._key === key) return;
    news._key = key;
    const glyph = { penalty: "penalty", declare: "sticks", first_mover: "sticks", cast: "sticks" };
    news.replaceChildren(...lines.map((l) => {
      const li = h("li", { class: `ck-news-${l.kind} side-${l.side}`, "data-event": l.key });
      const ic = h("span", { class: "ck-news-icon", "aria-hidden": "true" });
      if (glyph[l.kind]) ic.innerHTML = icon(glyph[l.kind]);
      const body = h("span", { class: "ck-news-text" }, h("span", { text: l.text }));
      for (const part of l.parts) {
        const mark = h("span", { class: `ck-news-part ${part.ok ? "ok" : "fail"}` });
        mark.innerHTML = icon(part.ok ? "check" : "cross");
        mark.append(h("span", { text: part.text }));
        body.append(" ", mark);
      }
      for (const x of l.explain) body.append(h("span", { class: "ck-explain", text: x }));
      li.append(ic, body);
      return li;
    }));
    news.hidden = !lines.length;
  }

  function explanations(ev) {
    // penalties are explained when they happen (the player's own declaration dialog explains
    // their own)
    if (ev.kind === "paid") return [T("explain.kut2tam2_paid", { points: ev.points })];
    if (ev.kind === "declare" && ev.side !== tv.viewer) return ev.penalties.map((p) => T(`explain.${p.explain}`));
    return [];
  }

  function renderCast(items) {
    // The last cast of the news (or the season's first mover): the sticks and what they did.
    let ev = null;
    for (const x of items) if (x.kind === "cast" || x.kind === "first_mover") ev = x;
    if (!ev) { castBox.hidden = true; castBox._key = null; return; }
    const key = `${eventKey(ev)}:${ctx.lang}:${tv.season}`;
    if (castBox._key === key) { castBox._event = ev; castBox.hidden = false; return; }
    castBox._key = key;
    let html;
    let text;
    if (ev.kind === "cast") {
      const marked = [];
      const order = [0, 1, 2, 3, 4].map((j) => (j * 3 + ev.at) % 5);
      for (let j = 0; j < ev.sticks; j++) marked.push(order[j]);
      html = sticksSvg(marked);
      text = `${who(ev.side)}: ${T(`cast.${ev.cast}`, { n: ev.sticks })} — ${T(`cast.${ev.cast}_${ev.ok ? "ok" : "fail"}`)}`;
      castBox.dataset.ok = ev.ok ? "1" : "0";
    } else {
      // The contest's counts are not part of the game (the rules keep only who won), so the
      // sticks are drawn without marks and the result is the winner.
      html = sticksSvg([]);
      text = T("first_mover", { season: ev.season_name, side: sideShort(ev.side), seat: seatName(ev.side) });
      castBox.dataset.ok = "1";
    }
    castBox._event = ev;
    const id = eventKey(ev);
    // Instant skips the animation, never the result: it stays on screen all the same
    const animate = !reducedMotion() && ctx.speed !== "instant" && view.cursor === view.length && !animated.has(id);
    animated.add(id);
    const mark = h("span", { class: "ck-cast-mark", "aria-hidden": "true" });
    mark.innerHTML = icon(castBox.dataset.ok === "1" ? "check" : "cross");
    castBox.replaceChildren(h("div", { class: "ck-sticks" }), h("p", { class: "ck-cast-text" }, mark, h("span", { text })));
    castBox.firstChild.innerHTML = html;
    castBox.classList.toggle("animate", animate);
    castBox.hidden = false;
    ctx.announce(text);
  }

  function renderRecord(replaying) {
    const entries = tv.kiaak;
    const hinted = playedHints(view);
    const reviews = analysis && analysis.key === view.fragment ? analysis.reviews : null;
    const key = `${view.length}:${view.cursor}:${entries.length}:${tv.fresh_from}:${hinted.join(",")}:${reviews ? reviews.size : -1}:${ctx.lang}`;
    if (recordList._key !== key) {
      recordList._key = key;
      const items = [];
      let currentItem = null;
      let before = 0; // an entry covers the plies after the previous entry's cursor up to its own
      for (const e of entries) {
        const lo = before;
        const covers = (p) => p > lo && p <= e.cursor;
        before = e.cursor;
        const usedHint = hinted.some(covers);
        let worst = null;
        if (reviews) for (const [p, r] of reviews) if (covers(p) && (!worst || r.loss > worst.loss)) worst = r;
        const current = e.cursor <= view.cursor && !entries.some((x) => x.cursor > e.cursor && x.cursor <= view.cursor);
        // what happened since the player's last move stays marked in the list until they move
        const fresh = !replaying && e.cursor > tv.fresh_from;
        const notes = [];
        if (usedHint) notes.push(T("hint.marked"));
        if (worst && worst.mark) notes.push(T("analysis.loss", { mark: worst.mark, loss: Math.round(worst.loss * 100), best: worst.best_label }));
        const about = notes.length ? ` — ${notes.join(" · ")}` : "";
        const li = h("li", { class: `${e.kind}${current ? " current" : ""}${fresh ? " fresh" : ""} side-${e.side}`, "data-cursor": e.cursor },
          h("button", { type: "button", class: "link", text: e.text, title: e.label + about, "aria-label": `${sideShort(e.side)}: ${e.label} (${e.text})${about}`, onclick: () => ctx.goto(e.cursor) }),
          usedHint ? hintMark() : null,
          worst && worst.mark ? h("span", { class: `ck-loss-mark loss-${worst.mark === "??" ? 3 : worst.mark === "?" ? 2 : 1}`, "data-loss": worst.mark, text: worst.mark, title: T("analysis.best", { best: worst.best_label }), "aria-hidden": "true" }) : null);
        if (current) currentItem = li;
        items.push(li);
      }
      recordList.replaceChildren(...items);
      recordList._current = currentItem;
      recordList._height = -1; // scroll to the current entry once the table is laid out (render's end)
    }
    const stops = tv.stops;
    let idx = stops.findIndex((s) => s >= view.cursor);
    if (idx < 0) idx = stops.length - 1;
    slider.max = String(stops.length - 1);
    slider.value = String(idx);
    slider.setAttribute("aria-valuetext", T("replaying", { ply: tv.ply, length: tv.plies }));
    replay.querySelector('[data-nav="first"]').disabled = view.cursor === 0;
    replay.querySelector('[data-nav="prev"]').disabled = view.cursor === 0;
    replay.querySelector('[data-nav="next"]').disabled = view.cursor >= view.length;
    replay.querySelector('[data-nav="last"]').disabled = view.cursor >= view.length;
  }

  function hintMark() {
    const mark = h("span", { class: "ck-hint-mark", "data-hint-mark": "1", title: T("hint.marked"), "aria-hidden": "true" });
    mark.innerHTML = icon("help");
    return mark;
  }

  function renderHint() {
    if (!hint) return;
    hint.update(view);
    const r = hint.shown;
    if (!r) return;
    const move = hint.label(r.action);
    hint.say(r.value === null || r.value === undefined ? T("hint.only", { move }) : T("hint.reason", { move, chance: Math.round(r.value * 100) }));
  }

  // ---------------------------------------------------------------- analysis of a finished game
  const SLICE = 6; // actions per Worker request: the progress moves and Stop answers between them
  function startAnalysis() {
    if (!view || view.status !== "over" || (analysis && analysis.state === "running")) return;
    const actions = view.history.map((x) => x.action);
    const run = { key: view.fragment, state: "running", done: 0, total: actions.length, reviews: new Map() };
    analysis = run;
    const next = (start) => {
      if (analysis !== run || run.state !== "running") return;
      if (start >= actions.length) { run.state = "done"; schedule(); ctx.announce(analysisText()); return; }
      const stop = Math.min(actions.length, start + SLICE);
      Promise.resolve(ctx.task("review", { rules: view.rules, actions, start, stop, lang: ctx.lang })).then((r) => {
        if (analysis !== run || run.state !== "running") return;
        if (!r || r.ok === false) { run.state = "failed"; run.error = (r && r.error) || ""; schedule(); return; }
        for (const x of r.reviews) run.reviews.set(x.ply, x);
        run.done = r.next;
        schedule();
        next(r.next);
      }, (e) => { if (analysis === run) { run.state = "failed"; run.error = e.message; schedule(); } });
    };
    schedule();
    next(0);
  }
  function stopAnalysis() {
    if (analysis && analysis.state === "running") { analysis.state = "stopped"; schedule(); }
  }
  // the record's move number (as its list numbers them) of the p-th action (1-based): hints and
  // reviews are kept by action, players count moves
  const moveNo = (p) => tv.kiaak.filter((e) => e.kind === "ply" && e.start < p).length;
  function analysisText() {
    const a = analysis;
    if (!a) return "";
    if (a.state === "running") return T("analysis.running", { done: moveNo(a.done), total: tv.plies });
    if (a.state === "failed") return T("analysis.failed", { reason: a.error || "" });
    const marked = [...a.reviews.values()].filter((r) => r.mark).length;
    return T(a.state === "done" ? "analysis.done" : "analysis.stopped", { n: marked });
  }
  function renderAnalysis(over) {
    const hinted = playedHints(view);
    hintsLine.hidden = !(over && hinted.length) || ctx.embed; // an embed keeps the record controls only
    if (over && hinted.length) hintsLine.textContent = T("hint.summary", { n: hinted.length, plies: hinted.map(moveNo).join(", ") });
    const show = over && !ctx.embed;
    analysisBox.hidden = !show;
    if (!show) return;
    const a = analysis && analysis.key === view.fragment ? analysis : null;
    const running = Boolean(a && a.state === "running");
    analyseBtn.textContent = T(a ? "analysis.again" : "analysis.start");
    analyseBtn.disabled = running;
    analyseStop.textContent = T("analysis.stop");
    analyseStop.hidden = !running;
    analyseProgress.hidden = !running;
    if (a) { analyseProgress.max = Math.max(1, a.total); analyseProgress.value = a.done; }
    analyseProgress.setAttribute("aria-label", T("analysis.progress"));
    const text = a ? analysisText() : "";
    if (analyseOut.textContent !== text) analyseOut.textContent = text;
    const worst = a ? [...a.reviews.values()].filter((r) => r.mark).sort((x, y) => y.loss - x.loss).slice(0, 3) : [];
    const wkey = JSON.stringify([worst.map((r) => r.ply), ctx.lang]);
    if (worstList._key !== wkey) {
      worstList._key = wkey;
      worstList.replaceChildren(...(worst.length ? [h("span", { class: "muted", text: T("analysis.worst") })] : []),
        ...worst.map((r) => h("button", { type: "button", "data-worst": r.ply, text: `${r.mark} ${T("analysis.ply", { ply: moveNo(r.ply) })}`,
          title: T("analysis.best", { best: r.best_label }), onclick: () => ctx.goto(r.ply - 1) })));
    }
    // the analysis's results below the button are brought into view as they come (its start, a
    // new worst move, its end), not on every frame
    const seen = a ? `${a.state}:${worst.length}` : "";
    if (a && analysisBox._seen !== seen && mode !== "embed") analysisBox.scrollIntoView({ block: "nearest" });
    analysisBox._seen = seen;
  }

  function renderLink(replaying, over) {
    // two people on two devices without the fair-play link (an older way): the game as a link
    const humans = view.seats.every((s) => s.kind === "human");
    const show = humans && !view.by_link && !ctx.embed && tv.kiaak.length > 0 && !replaying && !over;
    linkBox.hidden = !show;
    if (!show) return;
    const url = ctx.shareUrl(view.fragment);
    if (linkBox._url === url) return;
    linkBox._url = url;
    const input = h("input", { type: "text", readonly: true, value: url, class: "ck-link-url", "aria-label": T("link.title") });
    const open = linkBox.querySelector("details") ? linkBox.querySelector("details").open : false;
    linkBox.replaceChildren(h("details", { open }, h("summary", { text: T("link.title") }),
      h("p", { text: T("link.hint", { seat: seatName(tv.to_act >= 0 ? tv.to_act : tv.side) }) }), input,
      h("button", { type: "button", class: "primary", "data-link": "copy", text: T("link.copy"), onclick: async () => {
        try { await navigator.clipboard.writeText(url); ctx.notify(ctx.t("notice.copied")); } catch (e) { input.select(); }
      } })));
  }

  function announceNew() {
    const hist = view.history;
    if (seenHistory < 0 || view.cursor < view.length) { seenHistory = hist.length; return; }
    const fresh = hist.slice(seenHistory, view.cursor);
    seenHistory = hist.length;
    const casts = new Set(tv.cast_plies);
    const said = fresh.filter((x) => x.actor >= 0 || casts.has(x.ply - 1)).map((x) => (x.actor >= 0 ? `${sideShort(x.actor)}: ` : "") + x.label);
    if (said.length) ctx.announce(said.join(". "));
  }

  return {
    hold() {
      // The app asks before each bot's move: while a season's summary is up in live play, the
      // next season's play waits until the player closes it (its first mover is drawn already).
      if (!tv || view.cursor !== view.length || !seasonSummary()) return null;
      return new Promise((resolve) => waiting.push(resolve));
    },
    update(v) {
      const before = tv;
      view = v;
      tv = v.table;
      if (!tv) return;
      // news that the window just left stays HOLD_MS after it was first drawn (live play only)
      const now = performance.now();
      if (before && v.length > prevLength && v.cursor === v.length) {
        const keys = new Set((tv.events || []).map(eventKey));
        for (const ev of before.events || []) {
          const k = eventKey(ev);
          const since = firstSeen.get(k) ?? now;
          if (!keys.has(k) && now - since < HOLD_MS && !held.some((x) => x.key === k)) held.push({ key: k, ev, since });
        }
      } else if (v.length < prevLength || v.cursor < v.length) held = [];
      if (v.length < prevLength) { dismissed = -1; animated = new Set(); }
      prevLength = v.length;
      const key = `${v.fragment}|${v.cursor}|${v.status}`;
      if (key !== lastKey) {
        lastKey = key;
        sel = null;
        stepMode = false;
        if (!sent) message = null;
      }
      if (v.cursor < v.length) ctx.announce(T("replaying", { ply: v.cursor, length: v.length }));
      announceNew();
      schedule();
    },
    destroy() {
      release();
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onGlobalKey);
      window.removeEventListener("resize", resize);
      if (ro) ro.disconnect();
      root.remove();
    },
  };
}

// The set-up form's game length: each choice is a rules encoding from the engine
// (pyengine/app/views/cetkaik.py: season_choices), for the preset chosen above it.
function setup(container, info, ctx) {
  const T = (k, vars) => ctx.t(`cetkaik.${k}`, vars);
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

export default {
  strings: true,
  mount,
  setup,
  shellHead: () => false,
};
