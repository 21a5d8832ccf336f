// The Cetkaik table's board and pieces: the DOM board (CSS grid, no canvas), its text view (a
// grid of buttons for screen readers and the keyboard), both sides' hands, what a click or a key
// on them means, and the prompt that says what the current selection asks for.
//
// It has no rules in it: every square it highlights and every action it plays comes from
// view.table.moves (the engine's legal actions grouped by what is clicked first).  The table's
// shared state (the view, the selection, the names of squares and pieces) is the kit `k` that
// cetkaik.js builds.
import { COLOUR_CHARS, LATIN, PROF_CHARS, TAM_CHAR, icon, pieceSvg } from "./cetkaik-art.js";

/**
 * @param {CetkaikKit} k
 */
export function boardPart(k) {
  const { ctx, h, T, P, settings } = k;
  let cursorSq = 40; // keyboard cursor on the board (and the text view)

  const frame = h("div", { class: "ck-frame" });
  const board = h("div", { class: "ck-board", role: "grid", "aria-label": T("board") });
  /** @type {HTMLButtonElement[]} */
  const cells = [];
  /** @type {string[]} what each square draws (its piece in this style and orientation) */
  const cellPiece = [];
  /** @type {string[]} */
  const cellLabel = [];
  const boardRows = Array.from({ length: 9 }, () => h("div", { role: "row", class: "ck-row" }));
  for (let i = 0; i < 81; i++) {
    const cell = h("button", { type: "button", class: "ck-sq", "data-sq": i, tabindex: -1, role: "gridcell" },
      h("span", { class: "ck-pc" }), h("span", { class: "ck-dot", "aria-hidden": "true" }), h("span", { class: "ck-prot", "aria-hidden": "true" }));
    /** @type {Element} */ (cell.lastChild).innerHTML = icon("shield");
    cell.addEventListener("click", (e) => { cursorSq = i; onSquare(i, e.shiftKey); });
    cell.addEventListener("focus", () => { if (cursorSq !== i) { cursorSq = i; k.schedule(); } });
    cells.push(cell);
    cellPiece.push("-");
    cellLabel.push("");
  }
  board.append(...boardRows);
  const coordTop = h("div", { class: "ck-coords ck-coords-cols", "aria-hidden": "true" });
  const coordSide = h("div", { class: "ck-coords ck-coords-rows", "aria-hidden": "true" });
  for (let i = 0; i < 9; i++) { coordTop.append(h("span", {})); coordSide.append(h("span", {})); }
  frame.append(coordTop, coordSide, board);

  // the text view: the same board as a grid of buttons (one tab stop, arrow keys), for screen
  // readers and the keyboard, in the manner of lichess's blind mode
  const textBox = h("div", { class: "ck-text", hidden: true });
  const textTable = h("table", { class: "ck-texttable", role: "grid" });
  const textCaption = h("caption", {});
  const colHeads = Array.from({ length: 9 }, () => h("th", { scope: "col" }));
  const rowHeads = Array.from({ length: 9 }, () => h("th", { scope: "row" }));
  const thead = h("thead", {}, h("tr", {}, h("td", {}), colHeads));
  const tbody = h("tbody", {});
  /** @type {HTMLButtonElement[]} */
  const textButtons = [];
  /** @type {string[]} */
  const textLabel = [];
  /** @type {HTMLTableRowElement[]} */
  const textRows = [];
  for (let r = 0; r < 9; r++) {
    const tr = h("tr", {});
    textRows.push(tr);
    tbody.append(tr);
  }
  for (let i = 0; i < 81; i++) {
    const b = h("button", { type: "button", class: "ck-tsq", "data-sq": i, tabindex: -1, onclick: (/** @type {MouseEvent} */ e) => { cursorSq = i; onSquare(i, e.shiftKey); } });
    b.addEventListener("focus", () => { if (cursorSq !== i) { cursorSq = i; k.schedule(); } });
    textButtons[i] = b;
    textLabel[i] = "";
  }
  textTable.append(textCaption, thead, tbody);
  textBox.append(textTable);
  let textDrawn = false; // the text view's rows are filled once

  const handBoxes = [0, 1].map((s) => h("div", { class: "ck-hand", "data-side": s }));
  /** @type {(string|null)[]} */
  const handKeys = [null, null];

  const prompt = h("div", { class: "ck-prompt" });
  const promptText = h("p", { class: "ck-prompt-text", "aria-live": "polite" });
  const promptButtons = h("div", { class: "ck-prompt-buttons row" });
  prompt.append(promptText, promptButtons);
  let buttonsKey = "";

  board.addEventListener("keydown", (e) => onKey(e, false));
  textTable.addEventListener("keydown", (e) => onKey(e, true));

  // ---------------------------------------------------------------- intents
  /** A click on one of the player's own pieces (or tam2) while something else is selected. */
  function selectOwn(/** @type {number} */ i) {
    const m = k.moves();
    if (!m) return false;
    if (m.pieces[String(i)]) { k.sel = { kind: "piece", src: i }; k.stepMode = false; return true; }
    if (i === m.tam_src && Object.keys(m.tam || {}).length) { k.sel = { kind: "tam", src: i }; k.stepMode = false; return true; }
    return false;
  }

  function refuse(/** @type {number} */ i) {
    const tv = k.table();
    const cell = tv.board[i];
    if (cell && cell !== "tam" && cell.s !== tv.side && tv.protected.includes(i)) k.setMessage(T("protected_far", { piece: k.pieceName(cell), square: k.sqName(i) }), "error");
    else if (cell && cell !== "tam" && cell.s === tv.side) k.setMessage(T("no_moves", { square: k.sqName(i) }), "error");
    else k.setMessage(T("not_legal", { square: k.sqName(i) }), "error");
  }

  function onSquare(/** @type {number} */ i, shift = false) {
    const m = k.moves();
    if (!k.canAct() || !m) return;
    const tv = k.table();
    const sel = k.sel;
    k.message = null;
    const key = String(i);
    if (tv.phase === "stepping_choice") {
      if (m.choice && m.choice[key]) k.play(m.choice[key]);
      else k.setMessage(T("not_option", { square: k.sqName(i) }), "error");
      return k.schedule();
    }
    if (tv.phase !== "move") return;
    const piece = m.pieces || {};
    const cell = tv.board[i];
    if (sel && sel.kind === "piece") {
      const entry = piece[String(sel.src)];
      if (i === sel.src) { k.sel = null; k.stepMode = false; return k.schedule(); }
      const to = entry.to[key];
      const via = entry.via[key];
      // a capture is one click; stepping over a piece that could be captured is asked for
      // with "Step over" (or Shift+click)
      if (to && !(via && (k.stepMode || shift))) return k.play(to);
      if (via) {
        k.sel = { kind: "via", src: sel.src, via: i };
        k.stepMode = false;
        if (cell && cell !== "tam" && cell.s !== tv.side && !to) k.setMessage(T("protected", { piece: k.pieceName(cell), square: k.sqName(i) }), "warn");
        else if (cell === "tam") k.setMessage(T("kut2tam2"), "warn");
        return k.schedule();
      }
      if (selectOwn(i)) return k.schedule();
      refuse(i);
      k.sel = null;
      k.stepMode = false;
      return k.schedule();
    }
    if (sel && sel.kind === "via") {
      const leg = piece[String(sel.src)].via[String(sel.via)];
      if (leg.to[key]) return k.play(leg.to[key]);
      if (leg.cast[key]) return k.play(leg.cast[key]);
      if (i === sel.src) { k.sel = { kind: "piece", src: sel.src }; return k.schedule(); }
      // while a destination is pending, another own piece (the one stepped over included) is selected
      if (selectOwn(i)) return k.schedule();
      if (i === sel.via) { k.sel = { kind: "piece", src: sel.src }; return k.schedule(); }
      refuse(i);
      return k.schedule();
    }
    if (sel && sel.kind === "drop") {
      const dests = m.drops[String(sel.code)] || {};
      if (dests[key]) return k.play(dests[key]);
      k.sel = null;
    } else if (sel && sel.kind === "tam") {
      if (m.tam[key]) { k.sel = { kind: "tam2", src: sel.src, first: i }; return k.schedule(); }
      k.sel = null;
      if (i === m.tam_src) return k.schedule();
    } else if (sel && sel.kind === "tam2") {
      const seconds = m.tam[String(sel.first)] || {};
      if (seconds[key]) return k.play(seconds[key]);
      if (i === sel.first) { k.sel = { kind: "tam", src: sel.src }; return k.schedule(); }
      k.sel = null;
    }
    if (!selectOwn(i) && cell && cell !== "tam" && cell.s === tv.side) refuse(i);
    k.schedule();
  }

  function onHand(/** @type {number} */ code) {
    const m = k.moves();
    if (!k.canAct() || !m || k.table().phase !== "move") return;
    if (!m.drops[String(code)]) return;
    const sel = k.sel;
    k.sel = sel && sel.kind === "drop" && sel.code === code ? null : { kind: "drop", code };
    k.stepMode = false;
    k.message = null;
    k.schedule();
  }

  /** Drop the selection (Escape): whether there was one. */
  function cancel() {
    if (!k.sel && !k.stepMode && !k.message) return false;
    k.sel = null;
    k.stepMode = false;
    k.message = null;
    k.schedule();
    return true;
  }

  function onKey(/** @type {KeyboardEvent} */ e, /** @type {boolean} */ text) {
    const arrows = /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] });
    const d = arrows[e.key];
    if (d) {
      // the text view reads row A first, as the caption says; the board follows what it shows
      const [dr, dc] = !text && k.flipped() ? [-d[0], -d[1]] : d;
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
  function focusCursor(/** @type {boolean} */ text) {
    const list = text ? textButtons : cells;
    for (const c of list) c.tabIndex = -1;
    list[cursorSq].tabIndex = 0;
    list[cursorSq].focus();
  }

  // ---------------------------------------------------------------- the board
  /** Square → its marks for the current selection (from view.table.moves only). */
  function highlights() {
    /** @type {Map<number, Set<string>>} */
    const out = new Map();
    const add = (/** @type {number|string} */ i, /** @type {string[]} */ ...c) => {
      const key = Number(i);
      let marks = out.get(key);
      if (!marks) { marks = new Set(); out.set(key, marks); }
      for (const x of c) marks.add(x);
    };
    const m = k.moves();
    if (!m) return out;
    const tv = k.table();
    const sel = k.sel;
    const suggested = k.hint && k.hint.shown && k.hint.shown.squares;
    if (suggested) for (const sq of suggested) add(sq, "hinted");
    if (tv.phase === "stepping_choice" && m.choice) {
      for (const sq of Object.keys(m.choice)) add(sq, "dest");
      return out;
    }
    if (tv.phase !== "move") return out;
    if (!sel) {
      for (const sq of Object.keys(m.pieces || {})) add(sq, "movable");
      if (Object.keys(m.tam || {}).length) add(m.tam_src, "movable");
      return out;
    }
    if (sel.kind === "piece") {
      add(sel.src, "sel");
      const entry = m.pieces[String(sel.src)];
      for (const sq of Object.keys(entry.via)) if (!entry.to[sq] || k.stepMode) add(sq, "via");
      for (const sq of Object.keys(entry.to)) {
        if (k.stepMode && entry.via[sq]) continue;
        add(sq, "dest");
        if (entry.water.includes(sq)) add(sq, "water-cast");
        if (entry.via[sq]) add(sq, "steppable"); // capture on click; Step over / Shift+click steps over it
      }
    } else if (sel.kind === "via") {
      add(sel.src, "sel");
      add(sel.via, "via-sel");
      const leg = m.pieces[String(sel.src)].via[String(sel.via)];
      for (const sq of Object.keys(leg.to)) { add(sq, "dest"); if (leg.water.includes(sq)) add(sq, "water-cast"); }
      for (const sq of Object.keys(leg.cast)) add(sq, "cast");
    } else if (sel.kind === "drop") {
      for (const sq of Object.keys(m.drops[String(sel.code)] || {})) add(sq, "dest", "drop");
    } else if (sel.kind === "tam") {
      add(sel.src, "sel");
      for (const sq of Object.keys(m.tam)) add(sq, "dest");
    } else if (sel.kind === "tam2") {
      add(sel.src, "sel");
      add(sel.first, "via-sel");
      for (const sq of Object.keys(m.tam[String(sel.first)] || {})) add(sq, "dest");
    }
    return out;
  }

  function renderBoard(/** @type {boolean} */ flip) {
    const tv = k.table();
    const hl = highlights();
    const hue = new Set(tv.hue);
    const water = new Set(tv.water);
    const prot = new Set(tv.protected);
    const last = tv.last;
    const pend = tv.pending;
    /** @type {Set<string>} */
    const none = new Set();
    for (let r = 0; r < 9; r++) {
      // rows in the order shown, so that the grid and the text view read as seen
      const src = flip ? 8 - r : r;
      const rowCells = [];
      for (let c = 0; c < 9; c++) rowCells.push(cells[src * 9 + (flip ? 8 - c : c)]);
      const row = boardRows[r];
      if (row.firstChild !== rowCells[0] || row.childNodes.length !== 9 || row.lastChild !== rowCells[8]) row.replaceChildren(...rowCells);
    }
    if (!textDrawn) {
      textDrawn = true;
      textRows.forEach((tr, r) => tr.replaceChildren(rowHeads[r], ...Array.from({ length: 9 }, (_, c) => h("td", {}, textButtons[r * 9 + c]))));
    }
    for (let i = 0; i < 81; i++) {
      const cell = cells[i];
      const marks = hl.get(i) || none;
      const p = tv.board[i];
      const key = p === null ? "" : p === "tam" ? `tam:${settings.style}` : `${p.p}:${p.c}:${p.s}:${settings.style}:${flip}`;
      if (cellPiece[i] !== key) {
        cellPiece[i] = key;
        const pc = /** @type {HTMLElement} */ (cell.firstChild);
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
      if (cellLabel[i] !== label) { cell.setAttribute("aria-label", label); cellLabel[i] = label; }
      const tb = textButtons[i];
      if (textLabel[i] !== label) { textLabel[i] = label; tb.textContent = textCell(p); tb.setAttribute("aria-label", label); }
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
    textBox.hidden = !settings.text;
    textCaption.textContent = T("text.caption");
  }

  /**
   * "Z-O, water, tam2 hue, empty": the square spelt out, what it is, what stands on it, and what
   * the current selection makes of it.
   * @param {number} i @param {Set<string>} marks @param {CetkaikCell} p
   * @param {boolean} isWater @param {boolean} isHue @param {boolean} isProt
   */
  function squareLabel(i, marks, p, isWater, isHue, isProt) {
    const parts = [k.spoken(i)];
    if (isWater) parts.push(T("text.water"));
    if (isHue) parts.push(T("text.hue"));
    parts.push(k.pieceName(p));
    if (isProt) parts.push(T("text.protected"));
    if (marks.has("movable")) parts.push(T("text.movable"));
    if (marks.has("hinted")) parts.push(T("hint.square"));
    if (marks.has("sel")) parts.push(T("text.selected"));
    if (marks.has("via-sel")) parts.push(T("text.via_selected"));
    if (marks.has("dest")) parts.push(p && p !== "tam" && p.s !== k.table().side && !marks.has("drop") ? T("text.capture") : T("text.dest"));
    if (marks.has("water-cast")) parts.push(T("text.water_cast"));
    if (marks.has("steppable")) parts.push(T("text.steppable"));
    if (marks.has("via")) parts.push(T("text.via"));
    if (marks.has("cast")) parts.push(T("text.cast"));
    return parts.join(", ");
  }
  function textCell(/** @type {CetkaikCell} */ p) {
    if (!p) return "";
    if (p === "tam") return settings.style === "latin" ? "tam2" : TAM_CHAR;
    const glyph = settings.style === "latin" ? `${LATIN[p.p]}${p.c === 0 ? "r" : "b"}` : `${COLOUR_CHARS[p.c]}${PROF_CHARS[p.p]}`;
    return `${glyph} ${k.table().names.side_marks[p.s]}`;
  }

  // ---------------------------------------------------------------- the hands
  function renderHand(/** @type {number} */ s) {
    const tv = k.table();
    const box = handBoxes[s];
    const hand = tv.hands[s];
    const m = k.moves();
    const sel = k.sel;
    const mine = Boolean(m && tv.phase === "move" && tv.side === s);
    const chosen = mine && sel && sel.kind === "drop" ? sel.code : null; // only the mover's own pieces light up
    const key = JSON.stringify([hand, mine, chosen, settings.style, k.mode, k.seatName(s), ctx.lang]);
    if (handKeys[s] === key) return;
    handKeys[s] = key;
    const title = T("hand.title", { side: k.sideShort(s), seat: k.seatName(s) });
    const pieces = h("div", { class: "ck-hand-pieces" + (hand.pieces.length ? "" : " empty"), role: "group", "aria-label": title });
    if (!hand.pieces.length) pieces.append(h("span", { class: "muted ck-none", text: T("hand.none") }));
    for (const pc of hand.pieces) {
      const canDrop = Boolean(mine && m && m.drops[String(pc.code)]);
      const label = T("hand.piece", { piece: k.plainPiece(pc), n: pc.count });
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
    box.replaceChildren(h("h3", { text: k.mode === "embed" ? k.sideShort(s) : title }), pieces, hands);
  }

  // ---------------------------------------------------------------- the prompt
  function renderPrompt(/** @type {boolean} */ replaying, /** @type {boolean} */ over) {
    const tv = k.table();
    const view = k.session();
    const sel = k.sel;
    let text = "";
    const buttons = [];
    const m = k.moves();
    /** @type {(attrs: Record<string, string>, label: string, fn: () => void) => HTMLButtonElement} */
    const button = (attrs, label, fn) => h("button", { type: "button", ...attrs, text: label, onclick: fn });
    if (replaying) {
      text = "";
      if (k.mode !== "embed") buttons.push(button({ "data-choice": "back" }, T("back_to_game"), () => ctx.goto(view.length)));
    } else if (over) text = "";
    else if (view.status === "waiting") {
      const secret = view.by_link && view.by_link.waiting === "secret";
      const mode = ctx.live ? "live" : "link"; // live, the link travels by itself: nothing to copy
      text = secret ? T(`${mode}.waiting_secret`) : T(`${mode}.waiting_move`);
      if (!ctx.live) {
        const copy = h("button", { type: "button", class: "primary", "data-choice": "copy-link", onclick: () => copyLink() });
        copy.innerHTML = icon("copy");
        copy.append(h("span", { text: ctx.t("table.copy_for_opponent") }));
        buttons.push(copy);
      }
    } else if (m && tv.phase === "stepping_choice" && tv.pending) {
      text = P("prompt.choice", { n: tv.pending.sticks, square: k.sqName(tv.pending.planned ?? -1) });
      const decline = m.decline;
      buttons.push(button({ "data-choice": "decline" }, T("decline"), () => k.play(decline)));
    } else if (m && tv.phase === "move") {
      if (!sel) text = T("prompt.select");
      else if (sel.kind === "piece") {
        const entry = m.pieces[String(sel.src)];
        const both = Object.keys(entry.to).some((sq) => entry.via[sq]);
        text = P(k.stepMode ? "prompt.piece_step" : "prompt.piece", { piece: k.pieceName(tv.board[sel.src]), square: k.sqName(sel.src) });
        if (both) buttons.push(button({ "data-choice": "step", "aria-pressed": k.stepMode ? "true" : "false" }, k.stepMode ? T("capture_mode") : T("step_mode"), () => { k.stepMode = !k.stepMode; k.schedule(); }));
      } else if (sel.kind === "via") text = P(tv.plan === "direction" ? "prompt.via_direction" : "prompt.via", { square: k.sqName(sel.via) });
      else if (sel.kind === "drop") {
        const code = sel.code;
        const pc = tv.hands[tv.side].pieces.find((x) => x.code === code);
        text = pc ? T("prompt.drop", { piece: k.plainPiece(pc) }) : "";
      }
      else if (sel.kind === "tam") text = T("prompt.tam");
      else if (sel.kind === "tam2") text = T("prompt.tam2", { square: k.sqName(sel.first) });
      if (sel) buttons.push(button({ "data-choice": "cancel" }, T("cancel"), cancel));
    } else if (m && tv.phase === "declaration") text = T("prompt.declare");
    else if (tv.phase === "stepping_cast" || tv.phase === "water_cast") text = view.status === "waiting" ? "" : T("casting");
    const msg = k.message ? k.message.text : "";
    const full = [msg, text].filter(Boolean).join(" ");
    if (promptText.textContent !== full) promptText.textContent = full;
    promptText.dataset.kind = k.message ? k.message.kind : "";
    const bkey = buttons.map((b) => b.outerHTML).join("");
    if (buttonsKey !== bkey) { buttonsKey = bkey; promptButtons.replaceChildren(...buttons); }
    prompt.hidden = !full && !buttons.length;
  }

  async function copyLink() {
    const url = ctx.shareUrl(k.session().fragment);
    try { await navigator.clipboard.writeText(url); ctx.notify(ctx.t("notice.copied")); }
    catch { ctx.notify(ctx.t("notice.copy_failed")); }
  }

  return {
    frame, textBox, handBoxes, prompt,
    renderBoard, renderHand, renderPrompt, cancel,
    /** Whether the prompt asks for attention (a message, a selection, a choice). */
    asks: () => Boolean(k.message || k.sel || promptButtons.childNodes.length),
  };
}
