// The Cetkaik table: a DOM board (CSS grid, no canvas) driven by view.table from
// pyengine/app/views/cetkaik.py.  It has no rules in it: every destination it highlights and
// every action it plays comes from view.table.moves (the engine's legal actions grouped by
// what is clicked first), and so do the square names, the game lengths of the set-up form and
// the rules an imported record may be read with; the engine's phases (stepping cast, choice,
// water cast, declaration) are shown as they come.
import { COLOUR_CHARS, LATIN, PROF_CHARS, pieceSvg, sticksSvg } from "./cetkaik-art.js";

const CSS_ID = "cetkaik-css";

function ensureCss() {
  if (document.getElementById(CSS_ID)) return;
  const link = document.createElement("link");
  link.id = CSS_ID;
  link.rel = "stylesheet";
  link.href = new URL("./cetkaik.css", import.meta.url).href;
  document.head.append(link);
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function mount(host, ctx) {
  ensureCss();
  const { h } = ctx;
  const T = (k, vars) => ctx.t(`cetkaik.${k}`, vars);
  const settings = {
    style: ctx.settings.get("style", "kanji"),
    coords: ctx.settings.get("coords", "1") === "1",
    flip: ctx.settings.get("flip", "0") === "1", // turn the board from the automatic side
    text: ctx.settings.get("text", "0") === "1",
  };
  let view = null; // the session view
  let tv = null; // view.table
  let sel = null; // {kind: "piece"|"via"|"drop"|"tam"|"tam2", ...}
  let cursorSq = 40; // keyboard focus cursor on the board
  let message = null; // {text, kind}
  let sent = false; // an action is on its way: ignore further input until the next update
  let lastKey = null; // position key: selection resets when the position changes
  let seenHistory = -1;
  let animatedCast = -1;
  let frame = 0;
  let rulesSel = null; // the import's rules (filled from view.table.import_rules)

  // ---------------------------------------------------------------- the DOM (built once)
  const root = h("div", { class: "ck", "data-style": settings.style });
  const bar = h("div", { class: "ck-bar", role: "group", "aria-label": T("status") });
  const barSeason = h("span", { class: "ck-season" });
  const barRate = h("span", { class: "ck-rate" });
  const barScores = [0, 1].map((s) => h("span", { class: `ck-score side-${s}`, "data-side": s }));
  const barTurn = h("span", { class: "ck-turn", role: "status" });
  bar.append(barSeason, barRate, barScores[0], barScores[1], barTurn);

  const handBoxes = [0, 1].map((s) => h("div", { class: "ck-hand", "data-side": s }));
  const boardWrap = h("div", { class: "ck-boardwrap" });
  const frameEl = h("div", { class: "ck-frame" });
  const board = h("div", { class: "ck-board", role: "grid", "aria-label": T("board") });
  const cells = [];
  for (let i = 0; i < 81; i++) {
    const cell = h("button", { type: "button", class: "ck-sq", "data-sq": i, tabindex: -1 },
      h("span", { class: "ck-pc" }), h("span", { class: "ck-dot", "aria-hidden": "true" }));
    cell.addEventListener("click", () => { cursorSq = i; onSquare(i); });
    cell.addEventListener("focus", () => { if (cursorSq !== i) { cursorSq = i; schedule(); } });
    cell._piece = null;
    cells.push(cell);
    board.append(cell);
  }
  const sqName = (i) => (tv ? tv.squares[i] : String(i));
  const coordTop = h("div", { class: "ck-coords ck-coords-cols", "aria-hidden": "true" });
  const coordSide = h("div", { class: "ck-coords ck-coords-rows", "aria-hidden": "true" });
  for (let i = 0; i < 9; i++) { coordTop.append(h("span", {})); coordSide.append(h("span", {})); }
  frameEl.append(coordTop, coordSide, board);
  boardWrap.append(frameEl);
  const castBox = h("div", { class: "ck-cast", "aria-live": "polite", hidden: true });
  boardWrap.append(castBox);

  // the text view: the same board as a table of buttons (for screen readers / keyboard)
  const textBox = h("div", { class: "ck-text", hidden: true });
  const textTable = h("table", { class: "ck-texttable" });
  const textCaption = h("caption", {});
  const colHeads = Array.from({ length: 9 }, () => h("th", { scope: "col" }));
  const rowHeads = Array.from({ length: 9 }, () => h("th", { scope: "row" }));
  const thead = h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), colHeads));
  const tbody = h("tbody", {});
  const textButtons = [];
  for (let r = 0; r < 9; r++) {
    const tr = h("tr", {}, rowHeads[r]);
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      const b = h("button", { type: "button", class: "ck-tsq", "data-sq": i, onclick: () => onSquare(i) });
      textButtons[i] = b;
      tr.append(h("td", {}, b));
    }
    tbody.append(tr);
  }
  textTable.append(textCaption, thead, tbody);
  textBox.append(textTable);

  const prompt = h("div", { class: "ck-prompt" });
  const promptText = h("p", { class: "ck-prompt-text", "aria-live": "polite" });
  const promptButtons = h("div", { class: "ck-prompt-buttons row" });
  prompt.append(promptText, promptButtons);
  const dialog = h("div", { class: "ck-decl", role: "dialog", "aria-modal": "false", hidden: true });

  const boardCol = h("div", { class: "ck-boardcol" }, handBoxes[1], boardWrap, textBox, handBoxes[0], prompt, dialog);

  // side panel: record, replay, play by link, import/export, settings
  const side = h("aside", { class: "ck-side" });
  const linkBox = h("section", { class: "ck-panel ck-link chrome", hidden: true });
  const recordPanel = h("section", { class: "ck-panel ck-record" });
  const recordList = h("ol", { class: "ck-kiaak", "aria-label": T("record") });
  const replay = h("div", { class: "ck-replay row" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "ck-slider", "aria-label": T("replay.slider") });
  slider.addEventListener("input", () => { const stops = tv ? tv.stops : [0]; ctx.goto(stops[Number(slider.value)] ?? 0); });
  const nav = (name, sym, fn) => h("button", { type: "button", "data-nav": name, text: sym, title: ctx.t(`table.${name}`), "aria-label": ctx.t(`table.${name}`), onclick: fn });
  replay.append(nav("first", "⏮", () => ctx.goto(0)), nav("prev", "◀", () => step(-1)), slider,
    nav("next", "▶", () => step(1)), nav("last", "⏭", () => ctx.goto(view.length)));
  const replayInfo = h("p", { class: "ck-replay-info muted" });
  recordPanel.append(h("h2", { text: T("record") }), recordList, replay, replayInfo);
  const tools = h("section", { class: "ck-panel ck-tools chrome" });
  side.append(linkBox, recordPanel, tools);

  root.append(bar, h("div", { class: "ck-main" }, boardCol, side));
  host.append(root);
  buildTools();

  board.addEventListener("keydown", onKey);
  textBox.addEventListener("keydown", (e) => { if (e.key === "Escape") { cancel(); e.preventDefault(); } });
  document.addEventListener("keydown", onGlobalKey);

  // ---------------------------------------------------------------- helpers
  const flipped = () => {
    // the viewer's side sits at the bottom: A starts at the top, so A's viewer turns the board
    const bottom = tv && tv.viewer >= 0 ? tv.viewer : 1;
    return (bottom === 0) !== settings.flip;
  };
  const pieceName = (cell) => {
    if (!cell) return T("text.empty");
    if (cell === "tam") return tv.names.tam;
    return T("piece", { colour: T(`colour.${cell.c}`), prof: tv.names.professions[cell.p], side: sideShort(cell.s) });
  };
  const sideShort = (s) => tv.names.side_marks[s];
  const seatName = (s) => ctx.seatName(s);
  const moves = () => (tv && tv.moves) || null;
  const canAct = () => Boolean(tv && tv.can_act && view.status === "human" && !sent);

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
    message = null;
    Promise.resolve(ctx.play(action)).finally(() => { sent = false; schedule(); });
  }

  function setMessage(text, kind = "info") { message = text ? { text, kind } : null; }

  // ---------------------------------------------------------------- intents
  function onSquare(i) {
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
      if (i === sel.src) { sel = null; return schedule(); }
      const to = entry.to[k];
      const via = entry.via[k];
      if (to && via) { sel = { kind: "via", src: sel.src, via: i, capture: to }; setMessage(T("prompt.via_capture", { square: sqName(i) })); return schedule(); }
      if (to) return play(to);
      if (via) {
        sel = { kind: "via", src: sel.src, via: i };
        if (cell && cell !== "tam" && cell.s !== tv.side) setMessage(T("protected", { piece: pieceName(cell), square: sqName(i) }), "warn");
        else if (cell === "tam") setMessage(T("kut2tam2"), "warn");
        return schedule();
      }
      if (piece[k]) { sel = { kind: "piece", src: i }; return schedule(); }
      if (i === m.tam_src && Object.keys(m.tam || {}).length) { sel = { kind: "tam", src: i }; return schedule(); }
      if (cell && cell !== "tam" && cell.s !== tv.side && tv.protected.includes(i)) setMessage(T("protected_far", { piece: pieceName(cell), square: sqName(i) }), "error");
      else setMessage(T("not_legal", { square: sqName(i) }), "error");
      sel = null;
      return schedule();
    }
    if (sel && sel.kind === "via") {
      const leg = piece[String(sel.src)].via[String(sel.via)];
      if (leg.to[k]) return play(leg.to[k]);
      if (leg.cast[k]) return play(leg.cast[k]);
      if (i === sel.via && sel.capture) return play(sel.capture);
      if (i === sel.via || i === sel.src) { sel = { kind: "piece", src: sel.src }; return schedule(); }
      if (cell && cell !== "tam" && cell.s !== tv.side && tv.protected.includes(i)) setMessage(T("protected_far", { piece: pieceName(cell), square: sqName(i) }), "error");
      else setMessage(T("not_legal", { square: sqName(i) }), "error");
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
    if (piece[k]) sel = { kind: "piece", src: i };
    else if (i === m.tam_src && Object.keys(m.tam || {}).length) sel = { kind: "tam", src: i };
    else if (cell && cell !== "tam" && cell.s === tv.side) setMessage(T("no_moves", { square: sqName(i) }), "error");
    schedule();
  }

  function onHand(code) {
    if (!canAct() || tv.phase !== "move") return;
    const m = moves();
    if (!m.drops[String(code)]) return;
    sel = sel && sel.kind === "drop" && sel.code === code ? null : { kind: "drop", code };
    message = null;
    schedule();
  }

  function cancel() {
    if (!sel) return false;
    if (sel.kind === "via") sel = { kind: "piece", src: sel.src };
    else if (sel.kind === "tam2") sel = { kind: "tam", src: sel.src };
    else sel = null;
    message = null;
    schedule();
    return true;
  }

  function onKey(e) {
    const flip = flipped();
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (d) {
      const [dr, dc] = flip ? [-d[0], -d[1]] : d;
      const r = Math.min(8, Math.max(0, Math.floor(cursorSq / 9) + dr));
      const c = Math.min(8, Math.max(0, (cursorSq % 9) + dc));
      cursorSq = r * 9 + c;
      focusCursor();
      e.preventDefault();
    } else if (e.key === "Enter" || e.key === " ") {
      onSquare(cursorSq);
      e.preventDefault();
    } else if (e.key === "Escape") {
      if (cancel()) e.preventDefault();
    }
  }
  function onGlobalKey(e) {
    if (e.key === "Escape" && sel && !root.contains(document.activeElement)) cancel();
  }
  function focusCursor() {
    for (const c of cells) c.tabIndex = -1;
    cells[cursorSq].tabIndex = 0;
    cells[cursorSq].focus();
  }

  // ---------------------------------------------------------------- tools (built once)
  function buildTools() {
    const styleSel = h("select", { "data-setting": "style", onchange: (e) => { settings.style = e.target.value; ctx.settings.set("style", settings.style); root.dataset.style = settings.style; for (const c of cells) c._piece = null; schedule(); } },
      h("option", { value: "kanji", text: T("style.kanji"), selected: settings.style === "kanji" }),
      h("option", { value: "latin", text: T("style.latin"), selected: settings.style === "latin" }));
    const coords = h("input", { type: "checkbox", "data-setting": "coords", checked: settings.coords, onchange: (e) => { settings.coords = e.target.checked; ctx.settings.set("coords", settings.coords ? "1" : "0"); schedule(); } });
    const text = h("input", { type: "checkbox", "data-setting": "text", checked: settings.text, onchange: (e) => { settings.text = e.target.checked; ctx.settings.set("text", settings.text ? "1" : "0"); schedule(); } });
    const flip = h("button", { type: "button", "data-setting": "flip", text: T("flip"), onclick: () => { settings.flip = !settings.flip; ctx.settings.set("flip", settings.flip ? "1" : "0"); schedule(); } });
    const settingsBox = h("details", { class: "ck-settings" }, h("summary", { text: T("settings") }),
      h("label", {}, h("span", { text: T("style") }), styleSel),
      h("label", {}, coords, h("span", { text: T("coords") })),
      h("label", {}, text, h("span", { text: T("textview") })), flip);
    const area = h("textarea", { rows: 4, "data-import": "text", "aria-label": T("import.paste"), placeholder: T("import.paste") });
    const file = h("input", { type: "file", accept: ".txt,text/plain", "data-import": "file", "aria-label": T("import.file"),
      onchange: async (e) => { const f = e.target.files && e.target.files[0]; if (f) area.value = await f.text(); } });
    rulesSel = h("select", { "data-import": "rules", "aria-label": T("import.rules") });
    const importBtn = h("button", { type: "button", class: "primary", "data-import": "open", text: T("import.button"),
      onclick: async () => {
        try { await ctx.gameCall("import", { text: area.value, rules: rulesSel.value }); area.value = ""; ctx.announce(T("import.done")); }
        catch (e) { ctx.notify(T("import.failed", { reason: e.message }), [], "error"); }
      } });
    const importBox = h("details", { class: "ck-import" }, h("summary", { text: T("import") }), area,
      h("label", {}, h("span", { text: T("import.file") }), file), h("label", {}, h("span", { text: T("import.rules") }), rulesSel), importBtn);
    const exportRow = h("div", { class: "row" },
      h("button", { type: "button", "data-export": "download", text: T("export.download"), onclick: () => exportRecord(true) }),
      h("button", { type: "button", "data-export": "copy", text: T("export.copy"), onclick: () => exportRecord(false) }));
    tools.append(exportRow, importBox, settingsBox);
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

  // ---------------------------------------------------------------- rendering
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; render(); });
  }

  function highlights() {
    // square → class names for the current selection (from view.table.moves only)
    const out = new Map();
    const add = (i, c) => { const k = Number(i); out.set(k, (out.get(k) || "") + " " + c); };
    const m = moves();
    if (!m) return out;
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
      for (const k of Object.keys(entry.to)) add(k, entry.water.includes(k) ? "dest water-cast" : "dest");
      for (const k of Object.keys(entry.via)) add(k, "via");
    } else if (sel.kind === "via") {
      add(sel.src, "sel");
      add(sel.via, sel.capture ? "via-sel dest" : "via-sel");
      const leg = m.pieces[String(sel.src)].via[String(sel.via)];
      for (const k of Object.keys(leg.to)) add(k, leg.water.includes(k) ? "dest water-cast" : "dest");
      for (const k of Object.keys(leg.cast)) add(k, "cast");
    } else if (sel.kind === "drop") {
      for (const k of Object.keys(m.drops[String(sel.code)] || {})) add(k, "dest drop");
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
    if (!view) return;
    const flip = flipped();
    const embed = ctx.embed;
    root.classList.toggle("ck-embed", Boolean(embed));
    root.classList.toggle("ck-coords-on", settings.coords);
    root.dataset.flipped = flip ? "1" : "0";
    root.dataset.phase = tv.phase;
    root.dataset.selection = sel ? sel.kind : "";
    const replaying = view.cursor < view.length;
    const over = view.status === "over";

    // --- status bar
    barSeason.textContent = T("season", { name: tv.season_name, n: tv.season + 1, total: tv.seasons });
    barRate.textContent = T("rate", { rate: tv.rate });
    for (const s of [0, 1]) {
      barScores[s].textContent = T("score", { side: sideShort(s), seat: seatName(s), score: tv.scores[s] });
      barScores[s].classList.toggle("to-move", tv.to_act === s);
    }
    barTurn.textContent = turnText(replaying, over);
    bar.hidden = false;

    // --- board
    const hl = highlights();
    const hue = new Set(tv.hue);
    const water = new Set(tv.water);
    const prot = new Set(tv.protected);
    const last = tv.last;
    const pend = tv.pending;
    for (let i = 0; i < 81; i++) {
      const cell = cells[i];
      const d = flip ? 80 - i : i;
      const row = Math.floor(d / 9) + 1, col = (d % 9) + 1;
      if (cell._row !== row || cell._col !== col) { cell.style.gridRow = String(row); cell.style.gridColumn = String(col); cell._row = row; cell._col = col; }
      const p = tv.board[i];
      const key = p === null ? "" : p === "tam" ? `tam:${settings.style}` : `${p.p}:${p.c}:${p.s}:${settings.style}:${flip}`;
      if (cell._piece !== key) {
        cell._piece = key;
        const pc = cell.firstChild;
        if (p === null) pc.innerHTML = "";
        else if (p === "tam") pc.innerHTML = pieceSvg(-1, 0, settings.style);
        else {
          pc.innerHTML = pieceSvg(p.p, p.c, settings.style);
          // a piece points to its owner's forward: A moves down the unturned board
          pc.classList.toggle("down", (p.s === 0) !== flip);
        }
      }
      let cls = "ck-sq";
      if (water.has(i)) cls += " water";
      if (hue.has(i)) cls += " hue";
      if (prot.has(i)) cls += " protected";
      if (p && p !== "tam") cls += ` owner-${p.s}`;
      if (last && (last.src === i || last.dest === i)) cls += last.failed && last.dest === i && last.src !== i ? " last-failed" : " last";
      if (pend && (pend.via === i)) cls += " pend-via";
      if (pend && (pend.planned === i || pend.dest === i)) cls += " pend-dest";
      if (hl.has(i)) cls += hl.get(i);
      if (i === cursorSq) cls += " cursor";
      if (cell.className !== cls) cell.className = cls;
      const label = squareLabel(i, hl.get(i) || "", p, water.has(i), hue.has(i), prot.has(i));
      if (cell._label !== label) { cell.setAttribute("aria-label", label); cell._label = label; }
      if (!settings.text) { const tb = textButtons[i]; if (tb._label !== label) { tb._label = label; tb.textContent = textCell(p); tb.setAttribute("aria-label", label); } }
      else { const tb = textButtons[i]; if (tb._label !== label) { tb._label = label; tb.textContent = textCell(p); tb.setAttribute("aria-label", label); } tb.className = "ck-tsq" + (hl.get(i) || ""); }
      cell.tabIndex = i === cursorSq ? 0 : -1;
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

    // --- hands (the bottom side's below the board)
    const bottom = flip ? 0 : 1;
    boardCol.insertBefore(handBoxes[1 - bottom], boardWrap);
    boardCol.insertBefore(handBoxes[bottom], prompt);
    for (const s of [0, 1]) renderHand(s);

    renderPrompt(replaying, over);
    renderDialog();
    renderCast();
    renderRecord(replaying);
    renderLink(replaying, over);
    if (rulesSel.options.length !== tv.import_rules.length) {
      rulesSel.replaceChildren(...tv.import_rules.map((r) => h("option", { value: r, text: T(`import.rules_${r}`) })));
    }
    // embed: just the board (+ replay controls when replaying)
    recordPanel.hidden = false;
    replay.hidden = embed && !(replaying || over);
    recordList.hidden = Boolean(embed);
    side.hidden = Boolean(embed) && replay.hidden;
    for (const hb of handBoxes) hb.hidden = Boolean(embed);
    bar.hidden = Boolean(embed);
  }

  function turnText(replaying, over) {
    if (over) {
      const w = tv.result ? tv.result.winner : -1;
      return w < 0 ? T("over_draw", { a: tv.scores[0], b: tv.scores[1] }) : T("over_win", { seat: seatName(w), side: sideShort(w), a: tv.scores[0], b: tv.scores[1] });
    }
    if (replaying) return T("replaying", { ply: view.cursor, length: view.length });
    if (ctx.paused && (view.status === "chance" || view.status === "bot")) return ctx.t("table.paused");
    if (view.status === "chance") return T("casting");
    if (view.status === "bot") return T("thinking", { seat: seatName(view.to_move), side: sideShort(view.to_move) });
    if (tv.phase === "declaration") return T("declaring", { seat: seatName(tv.side), side: sideShort(tv.side) });
    return T("to_move", { seat: seatName(tv.side), side: sideShort(tv.side) });
  }

  function squareLabel(i, hl, p, isWater, isHue, isProt) {
    const parts = [sqName(i), pieceName(p)];
    if (isWater) parts.push(T("text.water"));
    if (isHue) parts.push(T("text.hue"));
    if (isProt) parts.push(T("text.protected"));
    if (hl.includes("sel")) parts.push(T("text.selected"));
    if (hl.includes(" dest")) parts.push(T("text.dest"));
    if (hl.includes("water-cast")) parts.push(T("text.water_cast"));
    if (hl.includes(" via")) parts.push(T("text.via"));
    if (hl.includes("cast")) parts.push(T("text.cast"));
    return parts.join(", ");
  }
  function textCell(p) {
    if (!p) return "·";
    if (p === "tam") return settings.style === "latin" ? "✦" : "皇";
    const glyph = settings.style === "latin" ? LATIN[p.p] : PROF_CHARS[p.p];
    return `${COLOUR_CHARS[p.c]}${glyph}${p.s === 0 ? "↓" : "↑"}`;
  }

  function renderHand(s) {
    const box = handBoxes[s];
    const hand = tv.hands[s];
    const m = moves();
    const mine = m && tv.phase === "move" && tv.side === s;
    const key = JSON.stringify([hand, mine, sel && sel.kind === "drop" ? sel.code : null, settings.style, T("hand.title", { side: s })]);
    if (box._key === key) return;
    box._key = key;
    const title = h("h3", { text: T("hand.title", { side: sideShort(s), seat: seatName(s) }) });
    const pieces = h("div", { class: "ck-hand-pieces", role: "group", "aria-label": T("hand.title", { side: sideShort(s), seat: seatName(s) }) });
    if (!hand.pieces.length) pieces.append(h("span", { class: "muted", text: T("hand.none") }));
    for (const pc of hand.pieces) {
      const canDrop = mine && m.drops[String(pc.code)];
      const label = T("hand.piece", { piece: T("piece_plain", { colour: T(`colour.${pc.c}`), prof: tv.names.professions[pc.p] }), n: pc.count });
      const b = h("button", { type: "button", class: "ck-handpc" + (sel && sel.kind === "drop" && sel.code === pc.code ? " sel" : ""), "data-code": pc.code,
        "aria-label": label, title: label, disabled: !canDrop, "aria-pressed": sel && sel.kind === "drop" && sel.code === pc.code ? "true" : "false",
        onclick: () => onHand(pc.code) });
      b.innerHTML = pieceSvg(pc.p, pc.c, settings.style);
      if (pc.count > 1) b.append(h("span", { class: "ck-count", text: `×${pc.count}` }));
      pieces.append(b);
    }
    const hands = h("p", { class: "ck-hands-formed" });
    if (hand.hands.length) hands.textContent = T("hand.formed", { list: hand.hands.map((x) => `${x.label} (${x.value})`).join(" · "), score: hand.score });
    box.replaceChildren(title, pieces, hands);
  }

  function renderPrompt(replaying, over) {
    let text = "";
    const buttons = [];
    const m = moves();
    if (over || replaying) text = "";
    else if (m && tv.phase === "stepping_choice") {
      text = T("prompt.choice", { n: tv.pending.sticks, square: sqName(tv.pending.planned) });
      buttons.push(h("button", { type: "button", "data-choice": "decline", text: T("decline"), onclick: () => play(m.decline) }));
    } else if (m && tv.phase === "move") {
      if (!sel) text = T("prompt.select");
      else if (sel.kind === "piece") text = T("prompt.piece", { piece: pieceName(tv.board[sel.src]), square: sqName(sel.src) });
      else if (sel.kind === "via") text = T(tv.plan === "direction" ? "prompt.via_direction" : "prompt.via", { square: sqName(sel.via) });
      else if (sel.kind === "drop") {
        const pc = tv.hands[tv.side].pieces.find((x) => x.code === sel.code);
        text = T("prompt.drop", { piece: T("piece_plain", { colour: T(`colour.${pc.c}`), prof: tv.names.professions[pc.p] }) });
      }
      else if (sel.kind === "tam") text = T("prompt.tam");
      else if (sel.kind === "tam2") text = T("prompt.tam2", { square: sqName(sel.first) });
      if (sel) buttons.push(h("button", { type: "button", "data-choice": "cancel", text: T("cancel"), onclick: cancel }));
    } else if (tv.phase === "stepping_cast" || tv.phase === "water_cast") text = T("casting");
    const msg = message ? message.text : "";
    const full = [msg, text].filter(Boolean).join(" ");
    if (promptText.textContent !== full) promptText.textContent = full;
    promptText.dataset.kind = message ? message.kind : "";
    promptButtons.replaceChildren(...buttons);
    prompt.hidden = !full && !buttons.length;
  }

  function renderDialog() {
    const m = moves();
    const pend = tv.pending;
    if (tv.phase !== "declaration" || view.cursor < view.length) { dialog.hidden = true; dialog._key = null; return; }
    const key = JSON.stringify([pend, Boolean(m && m.declare), view.length]);
    if (dialog._key === key) return;
    dialog._key = key;
    const list = h("ul", { class: "ck-decl-hands" }, pend.hands.map((x) => h("li", {}, h("span", { text: x.label }), " ", h("span", { class: "muted", text: x.name }), " ", h("strong", { text: String(x.value) }))));
    const head = h("h2", { id: "ck-decl-title", text: m && m.declare ? T("decl.title") : T("decl.other", { seat: seatName(tv.side), side: sideShort(tv.side) }) });
    const body = [head, list, h("p", { text: T("decl.value", { value: pend.value, rate: pend.rate }) })];
    if (m && m.declare) {
      body.push(h("div", { class: "row" },
        m.declare.ty_mok ? h("button", { type: "button", class: "primary", "data-declare": "ty_mok", text: T("decl.ty_mok", { rate: pend.rate_after }), onclick: () => play(m.declare.ty_mok) }) : null,
        m.declare.ta_xot ? h("button", { type: "button", "data-declare": "ta_xot", text: T("decl.ta_xot", { value: (pend.value > 0 ? "+" : "") + pend.value }), onclick: () => play(m.declare.ta_xot) }) : null));
    }
    dialog.setAttribute("aria-labelledby", "ck-decl-title");
    dialog.replaceChildren(...body);
    dialog.hidden = false;
    if (m && m.declare) requestAnimationFrame(() => { const b = dialog.querySelector("button"); if (b && !settings.text) b.focus(); });
  }

  function renderCast() {
    const casts = tv.casts || [];
    const fm = tv.first_mover;
    const lastCast = casts[casts.length - 1];
    let html = "";
    let key = null;
    let text = "";
    if (lastCast && lastCast.at >= view.cursor - 3) {
      key = `c${lastCast.at}`;
      const marked = [];
      const order = [0, 1, 2, 3, 4].map((j) => (j * 3 + lastCast.at) % 5);
      for (let j = 0; j < lastCast.sticks; j++) marked.push(order[j]);
      html = sticksSvg(marked);
      const kind = lastCast.kind === "water" ? "water" : "step";
      text = `${T(`cast.${kind}`, { n: lastCast.sticks })} — ${T(`cast.${kind}_${lastCast.ok ? "ok" : "fail"}`)}`;
      castBox.dataset.ok = lastCast.ok ? "1" : "0";
    } else if (fm && fm.at === view.cursor - 1) {
      key = `f${fm.at}`;
      // The contest's counts are not part of the game (the rules keep only who won), so the
      // sticks are cast without marks and the result is the winner.
      html = sticksSvg([]);
      text = T("first_mover", { season: tv.season_name, side: sideShort(fm.side), seat: seatName(fm.side) });
      castBox.dataset.ok = "1";
    }
    if (!key) { castBox.hidden = true; castBox._key = null; return; }
    if (castBox._key === key) return;
    castBox._key = key;
    const animate = !reducedMotion() && ctx.speed !== "instant" && view.cursor === view.length && Number(key.slice(1)) > animatedCast;
    animatedCast = Math.max(animatedCast, Number(key.slice(1)));
    castBox.replaceChildren(h("div", { class: "ck-sticks" }), h("p", { class: "ck-cast-text", text }));
    castBox.firstChild.innerHTML = html;
    castBox.classList.toggle("animate", animate);
    castBox.hidden = false;
    ctx.announce(text);
  }

  function renderRecord(replaying) {
    const entries = tv.kiaak;
    const key = `${view.length}:${view.cursor}:${entries.length}`;
    if (recordList._key !== key) {
      recordList._key = key;
      const items = [];
      let currentItem = null;
      for (const e of entries) {
        const current = e.cursor <= view.cursor && !entries.some((x) => x.cursor > e.cursor && x.cursor <= view.cursor);
        const li = h("li", { class: `${e.kind}${current ? " current" : ""} side-${e.side}`, "data-cursor": e.cursor },
          h("button", { type: "button", class: "link", text: e.text, title: e.label, "aria-label": `${sideShort(e.side)}: ${e.label} (${e.text})`, onclick: () => ctx.goto(e.cursor) }));
        if (current) currentItem = li;
        items.push(li);
      }
      recordList.replaceChildren(...items);
      if (currentItem) currentItem.scrollIntoView({ block: "nearest" });
      else recordList.scrollTop = 0;
    }
    const stops = tv.stops;
    let idx = stops.findIndex((s) => s >= view.cursor);
    if (idx < 0) idx = stops.length - 1;
    slider.max = String(stops.length - 1);
    slider.value = String(idx);
    replayInfo.textContent = replaying ? T("replaying", { ply: view.cursor, length: view.length }) : "";
    replay.querySelector('[data-nav="first"]').disabled = view.cursor === 0;
    replay.querySelector('[data-nav="prev"]').disabled = view.cursor === 0;
    replay.querySelector('[data-nav="next"]').disabled = view.cursor >= view.length;
    replay.querySelector('[data-nav="last"]').disabled = view.cursor >= view.length;
  }

  function renderLink(replaying, over) {
    const humans = view.seats.every((s) => s.kind === "human");
    const show = humans && !ctx.embed && tv.kiaak.length > 0 && !replaying && !over;
    linkBox.hidden = !show;
    if (!show) return;
    const url = ctx.shareUrl(view.fragment);
    if (linkBox._url === url) return;
    linkBox._url = url;
    const input = h("input", { type: "text", readonly: true, value: url, class: "ck-link-url", "aria-label": T("link.title") });
    linkBox.replaceChildren(h("h2", { text: T("link.title") }), h("p", { text: T("link.hint", { seat: seatName(tv.to_act >= 0 ? tv.to_act : tv.side) }) }), input,
      h("button", { type: "button", class: "primary", "data-link": "copy", text: T("link.copy"), onclick: async () => {
        try { await navigator.clipboard.writeText(url); ctx.notify(ctx.t("notice.copied")); } catch (e) { input.select(); }
      } }));
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
    update(v) {
      view = v;
      tv = v.table;
      if (!tv) return;
      const key = `${v.fragment}|${v.cursor}|${v.status}`;
      if (key !== lastKey) {
        lastKey = key;
        sel = null;
        if (!sent) message = null;
      }
      if (v.cursor < v.length) ctx.announce(T("replaying", { ply: v.cursor, length: v.length }));
      announceNew();
      schedule();
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onGlobalKey);
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
  container.append(ctx.h("label", {}, ctx.h("span", { text: T("setup.seasons") }), sel));
  let busy = Promise.resolve();
  async function load() {
    const chosen = sel.selectedOptions[0] ? Number(sel.selectedOptions[0].dataset.seasons) : null;
    const r = await ctx.gameCall("seasons", { rules: presetSel ? presetSel.value : null });
    sel.replaceChildren(...r.choices.map((c) => ctx.h("option", { value: c.rules, "data-seasons": c.seasons,
      text: T("setup.seasons_n", { n: c.seasons }), selected: c.seasons === chosen })));
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
