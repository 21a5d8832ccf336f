// The Cetkaik table's record and analysis: the record of the game (view.table.kiaak, one entry a
// move or a declaration) with the replay controls, the hints a player asked for, the analysis
// of a finished game (the AI Worker's "review" task, a slice at a time), the game as a link for
// two people on two devices, and the tools panel (turn the board, import and export a record,
// the table's settings).
import { icon } from "./cetkaik-art.js";

const SLICE = 6; // actions per Worker request: the progress moves and Stop answers between them

/**
 * @param {CetkaikKit} k
 */
export function recordPart(k) {
  const { ctx, h, T, settings } = k;
  /** @type {CetkaikAnalysis|null} the analysis of a finished game */
  let analysis = null;

  const recordPanel = h("section", { class: "ck-panel ck-record" });
  const recordList = h("ol", { class: "ck-kiaak", "aria-label": T("record") });
  let recordKey = "";
  /** @type {HTMLElement|null} the entry of the current position */
  let currentItem = null;
  let listHeight = -1; // the list's height when the current entry was last brought into view
  const replay = h("div", { class: "ck-replay row" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "ck-slider", "aria-label": T("replay.slider") });
  slider.addEventListener("input", () => { const stops = k.tv ? k.tv.stops : [0]; ctx.goto(stops[Number(slider.value)] ?? 0); });
  const nav = (/** @type {string} */ name, /** @type {() => void} */ fn) => {
    const b = h("button", { type: "button", class: "ck-iconbtn", "data-nav": name, title: ctx.t(`table.${name}`), "aria-label": ctx.t(`table.${name}`), onclick: fn });
    b.innerHTML = icon(name);
    return b;
  };
  const navFirst = nav("first", () => ctx.goto(0));
  const navPrev = nav("prev", () => step(-1));
  const navNext = nav("next", () => step(1));
  const navLast = nav("last", () => ctx.goto(k.session().length));
  replay.append(navFirst, navPrev, slider, navNext, navLast);
  const recordTitle = h("h2", { text: T("record") });
  const analyseBtn = h("button", { type: "button", "data-analyse": "start", onclick: () => startAnalysis() });
  const analyseStop = h("button", { type: "button", "data-analyse": "stop", hidden: true, onclick: () => stopAnalysis() });
  const analyseProgress = h("progress", { max: 1, value: 0, hidden: true, "data-analyse": "progress" });
  const analyseOut = h("p", { class: "ck-analysis-out", "aria-live": "polite", "data-analyse": "status" });
  const worstList = h("div", { class: "ck-worst row", "data-analyse": "worst" });
  let worstKey = "";
  const analysisBox = h("div", { class: "ck-analysis", hidden: true }, h("div", { class: "row" }, analyseBtn, analyseStop, analyseProgress), analyseOut, worstList);
  let analysisSeen = "";
  const hintsLine = h("p", { class: "ck-hints-used muted", hidden: true, "data-hints": "used" });
  // the record's own actions: in the export-or-import box during a game, in the record panel
  // itself once the game is over (where the player looks then, always in view beside the board)
  const exportRow = h("div", { class: "row ck-export" },
    h("button", { type: "button", "data-export": "download", text: T("export.download"), onclick: () => exportRecord(true) }),
    h("button", { type: "button", "data-export": "copy", text: T("export.copy"), onclick: () => exportRecord(false) }));
  recordPanel.append(recordTitle, recordList, replay, hintsLine, analysisBox);
  const linkBox = h("section", { class: "ck-panel ck-link chrome", hidden: true });
  let linkUrl = "";
  const tools = h("section", { class: "ck-panel ck-tools chrome" });
  const rulesSel = h("select", { "data-import": "rules", "aria-label": T("import.rules") }); // the import's rules (view.table.import_rules)
  const settingsBox = h("details", { class: "ck-settings" });
  const importBox = h("details", { class: "ck-import" });
  const importSummary = h("summary", { text: T("import") });
  const turnEachRow = h("label", { class: "ck-turn-each" });
  buildTools();

  // the plies played after a hint (the one past the end is a hint shown for the move to come)
  const playedHints = (/** @type {SessionView<CetkaikTableView>} */ v) => (v.hints || []).filter((p) => p <= v.length);

  /** To the previous or next stop of the replay (a move, a cast, a declaration). */
  function step(/** @type {number} */ dir) {
    if (!k.tv) return;
    const stops = k.tv.stops;
    const cur = k.session().cursor;
    let target = dir > 0 ? stops.find((s) => s > cur) : [...stops].reverse().find((s) => s < cur);
    if (target === undefined) target = dir > 0 ? k.session().length : 0;
    ctx.goto(target);
  }

  // ---------------------------------------------------------------- the record
  function renderRecord(/** @type {boolean} */ replaying) {
    const tv = k.table();
    const view = k.session();
    const entries = tv.kiaak;
    const hinted = playedHints(view);
    const reviews = analysis && analysis.key === view.fragment ? analysis.reviews : null;
    const key = `${view.length}:${view.cursor}:${entries.length}:${tv.fresh_from}:${hinted.join(",")}:${reviews ? reviews.size : -1}:${ctx.lang}`;
    if (recordKey !== key) {
      recordKey = key;
      const items = [];
      currentItem = null;
      let before = 0; // an entry covers the plies after the previous entry's cursor up to its own
      for (const e of entries) {
        const lo = before;
        const covers = (/** @type {number} */ p) => p > lo && p <= e.cursor;
        before = e.cursor;
        const usedHint = hinted.some(covers);
        /** @type {CetkaikReview|null} */
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
          h("button", { type: "button", class: "link", text: e.text, title: e.label + about, "aria-label": `${k.sideShort(e.side)}: ${e.label} (${e.text})${about}`, onclick: () => ctx.goto(e.cursor) }),
          usedHint ? hintMark() : null,
          worst && worst.mark ? h("span", { class: `ck-loss-mark loss-${worst.mark === "??" ? 3 : worst.mark === "?" ? 2 : 1}`, "data-loss": worst.mark, text: worst.mark, title: T("analysis.best", { best: worst.best_label }), "aria-hidden": "true" }) : null);
        if (current) currentItem = li;
        items.push(li);
      }
      recordList.replaceChildren(...items);
      listHeight = -1; // scroll to the current entry once the table is laid out (render's end)
    }
    const stops = tv.stops;
    let idx = stops.findIndex((s) => s >= view.cursor);
    if (idx < 0) idx = stops.length - 1;
    slider.max = String(stops.length - 1);
    slider.value = String(idx);
    slider.setAttribute("aria-valuetext", T("replaying", { ply: tv.ply, length: tv.plies }));
    navFirst.disabled = view.cursor === 0;
    navPrev.disabled = view.cursor === 0;
    navNext.disabled = view.cursor >= view.length;
    navLast.disabled = view.cursor >= view.length;
  }

  function hintMark() {
    const mark = h("span", { class: "ck-hint-mark", "data-hint-mark": "1", title: T("hint.marked"), "aria-hidden": "true" });
    mark.innerHTML = icon("help");
    return mark;
  }

  /**
   * The record's current entry in view: after the list changed, or after the list's height did
   * (the end of a game adds the hints line and the analysis below it); not on every frame, so a
   * player scrolling the list is left alone.
   */
  function showCurrentEntry() {
    if (recordList.hidden || listHeight === recordList.clientHeight) return;
    listHeight = recordList.clientHeight;
    const item = currentItem;
    if (!item) { recordList.scrollTop = 0; return; }
    const top = item.offsetTop - recordList.offsetTop;
    if (top < recordList.scrollTop || top + item.offsetHeight > recordList.scrollTop + recordList.clientHeight) recordList.scrollTop = Math.max(0, top - recordList.clientHeight + item.offsetHeight + 4);
  }

  // ---------------------------------------------------------------- analysis of a finished game
  function startAnalysis() {
    const view = k.view;
    if (!view || view.status !== "over" || (analysis && analysis.state === "running")) return;
    const actions = view.history.map((x) => x.action);
    /** @type {CetkaikAnalysis} */
    const run = { key: view.fragment, state: "running", done: 0, total: actions.length, reviews: new Map(), error: "" };
    analysis = run;
    const next = (/** @type {number} */ start) => {
      if (analysis !== run || run.state !== "running") return;
      if (start >= actions.length) { run.state = "done"; k.schedule(); ctx.announce(analysisText()); return; }
      const stop = Math.min(actions.length, start + SLICE);
      Promise.resolve(ctx.task("review", { rules: view.rules, actions, start, stop, lang: ctx.lang })).then((/** @type {any} */ r) => {
        if (analysis !== run || run.state !== "running") return;
        if (!r || r.ok === false) { run.state = "failed"; run.error = (r && r.error) || ""; k.schedule(); return; }
        for (const x of /** @type {CetkaikReview[]} */ (r.reviews)) run.reviews.set(x.ply, x);
        run.done = r.next;
        k.schedule();
        next(r.next);
      }, (e) => { if (analysis === run) { run.state = "failed"; run.error = e.message; k.schedule(); } });
    };
    k.schedule();
    next(0);
  }
  function stopAnalysis() {
    if (analysis && analysis.state === "running") { analysis.state = "stopped"; k.schedule(); }
  }
  // the record's move number (as its list numbers them) of the p-th action (1-based): hints and
  // reviews are kept by action, players count moves
  const moveNo = (/** @type {number} */ p) => k.table().kiaak.filter((e) => e.kind === "ply" && e.start < p).length;
  function analysisText() {
    const a = analysis;
    if (!a) return "";
    if (a.state === "running") return T("analysis.running", { done: moveNo(a.done), total: k.table().plies });
    if (a.state === "failed") return T("analysis.failed", { reason: a.error || "" });
    const marked = [...a.reviews.values()].filter((r) => r.mark).length;
    return T(a.state === "done" ? "analysis.done" : "analysis.stopped", { n: marked });
  }
  function renderAnalysis(/** @type {boolean} */ over, /** @type {boolean} */ held) {
    const view = k.session();
    const hinted = playedHints(view);
    hintsLine.hidden = !(over && hinted.length) || ctx.embed; // an embed keeps the record controls only
    if (over && hinted.length) hintsLine.textContent = T("hint.summary", { n: hinted.length, plies: hinted.map(moveNo).join(", ") });
    const show = over && !ctx.embed;
    analysisBox.hidden = !show;
    if (show && exportRow.parentElement !== recordPanel) recordPanel.insertBefore(exportRow, analysisBox);
    else if (!show && exportRow.parentElement === recordPanel) importSummary.after(exportRow);
    const boxTitle = T(show ? "import.only" : "import"); // export sits by the record once the game is over
    if (importSummary.textContent !== boxTitle) importSummary.textContent = boxTitle;
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
    if (worstKey !== wkey) {
      worstKey = wkey;
      worstList.replaceChildren(...(worst.length ? [h("span", { class: "muted", text: T("analysis.worst") })] : []),
        ...worst.map((r) => h("button", { type: "button", "data-worst": r.ply, text: `${r.mark} ${T("analysis.ply", { ply: moveNo(r.ply) })}`,
          title: T("analysis.best", { best: r.best_label }), onclick: () => ctx.goto(r.ply - 1) })));
    }
    // the analysis's results below the button are brought into view as they come (its start, a
    // new worst move, its end), not on every frame, nor while the player is in the import box
    const seen = a ? `${a.state}:${worst.length}` : "";
    if (a && analysisSeen !== seen && k.mode !== "embed" && !held) analysisBox.scrollIntoView({ block: "nearest" });
    analysisSeen = seen;
  }

  // ---------------------------------------------------------------- the game as a link
  /** Two people on two devices without the fair-play link (an older way): the game as a link. */
  function renderLink(/** @type {boolean} */ replaying, /** @type {boolean} */ over) {
    const tv = k.table();
    const view = k.session();
    const humans = view.seats.every((s) => s.kind === "human");
    const show = humans && !view.by_link && !ctx.embed && tv.kiaak.length > 0 && !replaying && !over;
    linkBox.hidden = !show;
    if (!show) return;
    const url = ctx.shareUrl(view.fragment);
    if (linkUrl === url) return;
    linkUrl = url;
    const input = h("input", { type: "text", readonly: true, value: url, class: "ck-link-url", "aria-label": T("link.title") });
    const details = linkBox.querySelector("details");
    const open = details ? details.open : false;
    linkBox.replaceChildren(h("details", { open }, h("summary", { text: T("link.title") }),
      h("p", { text: T("link.hint", { seat: k.seatName(tv.to_act >= 0 ? tv.to_act : tv.side) }) }), input,
      h("button", { type: "button", class: "primary", "data-link": "copy", text: T("link.copy"), onclick: async () => {
        try { await navigator.clipboard.writeText(url); ctx.notify(ctx.t("notice.copied")); } catch { input.select(); }
      } })));
  }

  // ---------------------------------------------------------------- tools (built once)
  function buildTools() {
    /** @param {Event} e */
    const checked = (e) => /** @type {HTMLInputElement} */ (e.target).checked;
    const styleSel = h("select", { "data-setting": "style", onchange: (/** @type {Event} */ e) => { settings.style = /** @type {HTMLSelectElement} */ (e.target).value; ctx.settings.set("style", settings.style); k.root.dataset.style = settings.style; k.schedule(); } },
      h("option", { value: "kanji", text: T("style.kanji"), selected: settings.style === "kanji" }),
      h("option", { value: "latin", text: T("style.latin"), selected: settings.style === "latin" }));
    const coords = h("input", { type: "checkbox", "data-setting": "coords", checked: settings.coords, onchange: (/** @type {Event} */ e) => { settings.coords = checked(e); ctx.settings.set("coords", settings.coords ? "1" : "0"); k.schedule(); } });
    const text = h("input", { type: "checkbox", "data-setting": "text", checked: settings.text, onchange: (/** @type {Event} */ e) => { settings.text = checked(e); ctx.settings.set("text", settings.text ? "1" : "0"); k.schedule(); } });
    const each = h("input", { type: "checkbox", "data-setting": "turn_each", checked: settings.turnEach, onchange: (/** @type {Event} */ e) => { settings.turnEach = checked(e); ctx.settings.set("turn_each", settings.turnEach ? "1" : "0"); k.turnSeat = null; k.schedule(); } });
    const flipBtn = h("button", { type: "button", "data-setting": "flip", onclick: () => { k.flip = !k.flip; k.schedule(); } });
    flipBtn.innerHTML = icon("flip");
    flipBtn.append(h("span", { text: T("flip") }));
    turnEachRow.append(each, h("span", { text: T("turn_each") }));
    settingsBox.append(h("summary", { text: T("settings") }),
      h("label", {}, h("span", { text: T("style") }), styleSel),
      h("label", {}, coords, h("span", { text: T("coords") })),
      h("label", {}, text, h("span", { text: T("textview") })),
      turnEachRow);
    const area = h("textarea", { rows: 4, "data-import": "text", "aria-label": T("import.paste"), placeholder: T("import.paste") });
    const file = h("input", { type: "file", accept: ".txt,text/plain", "data-import": "file", "aria-label": T("import.file"),
      onchange: async (/** @type {Event} */ e) => { const files = /** @type {HTMLInputElement} */ (e.target).files; const f = files && files[0]; if (f) area.value = await f.text(); } });
    // what is wrong with a record is said under its button, where the player looks
    const importError = h("p", { class: "ck-import-error", role: "alert", "data-import": "error", hidden: true });
    area.addEventListener("input", () => { importError.hidden = true; });
    const importBtn = h("button", { type: "button", class: "primary", "data-import": "open", text: T("import.button"),
      onclick: async () => {
        importError.hidden = true;
        try { await ctx.gameCall("import", { text: area.value, rules: rulesSel.value }); area.value = ""; ctx.announce(T("import.done")); }
        catch (e) { importError.textContent = T("import.failed", { reason: errorText(e) }); importError.hidden = false; importError.scrollIntoView({ block: "nearest" }); }
      } });
    importBox.append(importSummary, exportRow, area, h("label", {}, h("span", { text: T("import.file") }), file), h("label", {}, h("span", { text: T("import.rules") }), rulesSel), importBtn, importError);
    const helpRow = h("button", { type: "button", "data-help": "tools", onclick: () => k.openHelp() });
    helpRow.innerHTML = icon("help");
    helpRow.append(h("span", { text: T("help.open") }));
    tools.append(h("div", { class: "row" }, flipBtn, helpRow), importBox, settingsBox);
    // A box opened at the foot of the side column (which scrolls on its own beside the board)
    // would unfold below its visible part: the paste area, the rules and Open in replay are
    // brought into view with it, so what the player opened is there to use
    for (const box of [importBox, settingsBox]) box.addEventListener("toggle", () => { if (box.open) box.scrollIntoView({ block: "nearest" }); });
  }

  /**
   * Where the tools stand while the player works in the import box (the focus in it, the tools
   * on screen), else null. A redraw that grows what lies above them (an analysis's progress and
   * worst moves, the news) then scrolls by as much (keepTools), so the paste area and Open in
   * replay stay under the player's hand instead of sliding out of view. (Not for the other
   * tools: a focus left on Turn the board must not scroll the status away as bots play.)
   */
  function toolsAt() {
    if (!tools.isConnected || k.mode === "embed" || !importBox.contains(document.activeElement)) return null;
    const r = tools.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight ? r.top : null;
  }
  function keepTools(/** @type {number|null} */ top) {
    if (top === null || !tools.isConnected) return;
    const moved = tools.getBoundingClientRect().top - top;
    if (Math.abs(moved) < 1) return;
    // the side column beside the board scrolls on its own; stacked on a phone, the page does
    const col = tools.parentElement;
    if (col && col.scrollHeight > col.clientHeight && getComputedStyle(col).overflowY !== "visible") col.scrollTop += moved;
    else window.scrollBy(0, moved);
  }

  /** @param {unknown} e */
  function errorText(e) { return e instanceof Error ? e.message : String(e); }

  async function exportRecord(/** @type {boolean} */ download) {
    /** @type {{text: string, filename: string}} */
    let r;
    try { r = await ctx.gameCall("export", {}); } catch (e) { return ctx.notify(errorText(e), [], "error"); }
    if (download) {
      const url = URL.createObjectURL(new Blob([r.text], { type: "text/plain;charset=utf-8" }));
      const a = h("a", { href: url, download: r.filename });
      document.body.append(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } else {
      try { await navigator.clipboard.writeText(r.text); ctx.notify(T("export.copied")); }
      catch { ctx.notify(T("export.copy_failed")); }
    }
  }

  /**
   * Draw the record, the analysis, the link and the tools for this view; held: where the tools
   * stood before this redraw began (toolsAt), kept.
   */
  function render(/** @type {boolean} */ replaying, /** @type {boolean} */ over, /** @type {number|null} */ held) {
    const tv = k.table();
    renderRecord(replaying);
    renderAnalysis(over, held !== null);
    renderLink(replaying, over);
    if (rulesSel.options.length !== tv.import_rules.length) {
      rulesSel.replaceChildren(...tv.import_rules.map((r) => h("option", { value: r, text: T(`import.rules_${r}`) })));
    }
    turnEachRow.hidden = !(k.people().length > 1 && !k.session().by_link);
    // embed: the record controls, not the list
    recordList.hidden = k.mode === "embed";
    recordTitle.hidden = k.mode === "embed";
    keepTools(held);
  }

  return {
    recordPanel, linkBox, tools, settingsBox,
    render, showCurrentEntry, toolsAt,
    /** The list moved to another place (and lost its scroll): show the current entry again. */
    moved() { listHeight = -1; },
  };
}
