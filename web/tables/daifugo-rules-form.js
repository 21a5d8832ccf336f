// The Daifugō rules panel of the set-up form: every option of the rules by group, each named and
// explained in the player's language; every conflict at once, worded from the options' names and
// values, each with one-click fixes; a preset sets its usual number of players.  The options, the
// conflicts and their fixes all come from the engine (the game's rules_panel and rules_set calls).
import { TERMS, conflictText, fixText, maybe, optionName, presetName, valueLabel } from "./daifugo-words.js";

/** @param {HTMLElement} container @param {TableSetupInfo} info @param {TableContext} ctx */
export function setup(container, info, ctx) {
  const { h, t } = ctx;
  const presetSel = info.presetSelect;
  const playersSel = info.playersSelect;
  let current = presetSel ? presetSel.value : null;
  /** @type {DaifugoRulesPanel|null} */
  let panel = null;
  /** @type {Promise<unknown>} */
  let busy = Promise.resolve();
  const errorBox = h("div", { class: "df-rules-error", role: "alert", hidden: true });
  const summary = h("summary", { text: t("daifugo.rules.customise") });
  const body = h("div", { class: "df-rules-body" });
  const details = h("details", { class: "df-rules" }, summary, body);
  const termsSel = h("select", { name: "df-terms", "data-df": "setup-terms" },
    TERMS.map((k) => h("option", { value: k, text: t(`daifugo.terms.${k}`), selected: ctx.settings.get("terms", "daifugo") === k })));
  termsSel.addEventListener("change", () => ctx.settings.set("terms", termsSel.value));
  const aboutLine = h("p", { class: "df-rules-about muted" });
  const encodingLine = h("p", { class: "df-rules-code muted" });
  const playersNote = h("p", { class: "df-rules-players", role: "status", hidden: true });
  container.append(playersNote, aboutLine, h("label", {}, h("span", { text: t("daifugo.terms") }), termsSel), details, errorBox, encodingLine);

  const players = () => Number(playersSel ? playersSel.value : 4);
  /** Run after what is under way (the panel's calls answer in order). @param {() => unknown} fn */
  const later = (fn) => { busy = busy.then(fn).catch((e) => ctx.notify(e instanceof Error ? e.message : String(e), [], "error")); return busy; };
  /** @param {string|null} encoding @param {string|null} [changed] */
  async function load(encoding, changed = null) {
    /** @type {DaifugoRulesPanel} */
    const r = await ctx.gameCall("rules_panel", { rules: encoding, players: players(), changed });
    panel = r;
    current = r.rules;
    draw();
  }
  /** @type {Map<string, number>} options whose change is on its way: a redraw leaves their control as the player set it */
  const pending = new Map();
  /** An option the player set: its value as set now, sent after what is under way.
   * @param {string} path @param {unknown} value */
  function changeLater(path, value) {
    pending.set(path, (pending.get(path) || 0) + 1);
    later(async () => {
      try {
        await change({ [path]: value });
      } finally {
        const left = (pending.get(path) || 1) - 1;
        if (left) pending.set(path, left);
        else { pending.delete(path); draw(); } // (the panel's own value of it, should the engine have changed it)
      }
    });
  }
  /** @param {Record<string, unknown>} changes */
  async function change(changes) {
    /** @type {{rules: string}} */
    const r = await ctx.gameCall("rules_set", { rules: current, changes, players: players() });
    await load(r.rules, Object.keys(changes).length === 1 ? Object.keys(changes)[0] : null);
  }
  /** @param {number} n */
  function setPlayers(n) {
    if (!playersSel || Number(playersSel.value) === n || ![...playersSel.options].some((o) => Number(o.value) === n)) return false;
    playersSel.value = String(n);
    playersSel.dispatchEvent(new Event("change"));
    return true;
  }
  /** @param {string} id */
  function choosePreset(id) {
    const opt = presetSel && [...presetSel.options].find((o) => o.dataset.preset === id);
    if (!presetSel || !opt) return;
    presetSel.value = opt.value;
    presetSel.dispatchEvent(new Event("change"));
  }
  /** @param {DaifugoFix} fix */
  async function applyFix(fix) {
    if (fix.players) { if (!setPlayers(fix.players)) await load(current); return; }
    if (fix.preset) { choosePreset(fix.preset); return; }
    await change(fix.set || {});
  }
  async function applyAll() {
    if (!panel) return;
    const fixes = panel.conflicts.map((c) => c.fixes[0]).filter(Boolean);
    const preset = fixes.find((f) => f.preset);
    if (preset && preset.preset) { choosePreset(preset.preset); return; }
    const set = Object.assign({}, ...fixes.filter((f) => f.set).map((f) => f.set));
    const n = fixes.find((f) => f.players);
    if (Object.keys(set).length) {
      /** @type {{rules: string}} */
      const r = await ctx.gameCall("rules_set", { rules: current, changes: set, players: players() });
      current = r.rules;
    }
    if (!(n && n.players && setPlayers(n.players))) await load(current);
  }
  /** @param {DaifugoRulesPanel} panel */
  function optionsByPath(panel) {
    return new Map(panel.groups.flatMap((g) => g.options.map((o) => [o.path, o])));
  }
  /** @param {DaifugoRulesPanel} panel */
  function showConflicts(panel) {
    const list = panel.conflicts;
    errorBox.hidden = !list.length;
    const byPath = optionsByPath(panel);
    errorBox.replaceChildren(...(list.length ? [
      h("p", { class: "df-rules-error-head", text: t("daifugo.rules.conflicts", { n: list.length }) }),
      h("ul", { class: "df-conflicts" }, list.map((c, i) => h("li", { "data-conflict": i, "data-options": c.options.map((o) => o.path).join(" ") },
        h("span", { text: conflictText(ctx, c) }), " ",
        h("span", { class: "df-fixes" }, c.fixes.map((f, j) => h("button", { type: "button", class: j === 0 ? "primary df-fix" : "df-fix", "data-fix": j,
          text: fixText(ctx, f, byPath), onclick: () => later(() => applyFix(f)) })))))),
      list.length > 1 && list.every((c) => c.fixes.length) ? h("button", { type: "button", "data-df": "fix-all", text: t("daifugo.rules.fix_all"),
        onclick: () => later(applyAll) }) : null,
    ].filter((x) => x !== null) : []));
    // the code itself is a code (it goes into the link as it is), not words to translate
    const [before, after] = t("daifugo.rules.code", { code: "\u0000" }).split("\u0000");
    encodingLine.replaceChildren(before || "", h("code", { text: current || "" }), after || "");
    const id = panel.preset;
    aboutLine.textContent = id ? maybe(ctx, `daifugo.preset_about.${id}`) : t("daifugo.rules.custom", { preset: presetName(ctx, panel.base) });
  }
  // The options' rows are built once and then updated in place (values, marks): each change
  // redraws the panel when the engine answers, and a control the player is working in (typing a
  // number, say, while the answer to the last change comes in) keeps its element, its text and
  // its caret. Only a panel with other options is built afresh.
  /** @type {Map<string, {row: HTMLElement, input: HTMLElement}>} */
  const rows = new Map();
  let built = "";
  function draw() {
    if (!panel) return;
    const open = details.open;
    const drawn = panel;
    const shape = JSON.stringify(drawn.groups.map((g) => [g.id, g.options.map((o) => [o.path, o.kind, o.choices || null, o.min ?? null, o.max ?? null])]));
    if (shape !== built) {
      const focused = document.activeElement instanceof HTMLElement && body.contains(document.activeElement) ? document.activeElement : null;
      const focusPath = focused ? focused.dataset.path : null;
      rows.clear();
      body.replaceChildren(...drawn.groups.map((g) => h("fieldset", { class: "df-rules-group", "data-group": g.id },
        h("legend", { text: t(`daifugo.group.${g.id}`) }),
        g.options.map((o) => optionRow(drawn, o)))));
      built = shape;
      if (focusPath) { const el = /** @type {HTMLElement|null} */ (body.querySelector(`[data-path="${focusPath}"]`)); if (el) el.focus(); }
    } else {
      for (const g of drawn.groups) for (const o of g.options) updateRow(drawn, o);
    }
    details.open = open;
    showConflicts(drawn);
  }
  /** @param {DaifugoRulesPanel} panel @param {DaifugoOption} o */
  function rowClass(panel, o) {
    const conflicted = panel.conflicts.some((c) => c.options.some((x) => x.path === o.path));
    return "df-opt" + (o.changed ? " df-changed" : "") + (conflicted ? " df-conflicted" : "");
  }
  /** An option's row brought to the panel's answer; its control left as it is while the player
   * works in it. @param {DaifugoRulesPanel} panel @param {DaifugoOption} o */
  function updateRow(panel, o) {
    const at = rows.get(o.path);
    if (!at) return;
    at.row.className = rowClass(panel, o);
    const active = document.activeElement;
    if (pending.has(o.path) || (active && (active === at.input || at.input.contains(active)))) return;
    const input = /** @type {HTMLInputElement & HTMLSelectElement} */ (at.input);
    if (o.kind === "bool") input.checked = Boolean(o.value);
    else if (o.kind === "enum" || o.kind === "int") input.value = String(o.value);
    else {
      const chosen = Array.isArray(o.value) ? o.value : [];
      for (const box of at.input.querySelectorAll("input")) box.checked = chosen.includes(box.dataset.item);
    }
  }
  /** An option's control and its words. @param {DaifugoRulesPanel} panel @param {DaifugoOption} o */
  function optionRow(panel, o) {
    const id = `df-opt-${o.path.replace(/\./g, "-")}`;
    /** @type {HTMLElement} */
    let input;
    if (o.kind === "bool") {
      const box = h("input", { type: "checkbox", id, "data-path": o.path, checked: o.value });
      box.addEventListener("change", () => changeLater(o.path, box.checked));
      input = box;
    } else if (o.kind === "enum") {
      const select = h("select", { id, "data-path": o.path }, (o.choices || []).map((c) => h("option", { value: c, text: valueLabel(ctx, c, o.path), selected: c === o.value })));
      select.addEventListener("change", () => changeLater(o.path, select.value));
      input = select;
    } else if (o.kind === "int") {
      const number = h("input", { type: "number", id, "data-path": o.path, min: o.min, max: o.max, value: o.value, inputmode: "numeric" });
      number.addEventListener("change", () => changeLater(o.path, Number(number.value)));
      input = number;
    } else {
      const chosen = Array.isArray(o.value) ? o.value : [];
      const group = h("span", { class: "df-set", role: "group", "data-path": o.path, "aria-label": optionName(ctx, o.path) }, (o.choices || []).map((c) => {
        const box = h("input", { type: "checkbox", "data-item": c, checked: chosen.includes(c) });
        box.addEventListener("change", () => {
          changeLater(o.path, [...group.querySelectorAll("input")].filter((b) => b.checked).map((b) => b.dataset.item));
        });
        return h("label", {}, box, h("span", { text: valueLabel(ctx, c, o.path) }));
      }));
      input = group;
    }
    const label = h("label", { for: o.kind === "set" ? null : id, class: "df-opt-text" },
      h("span", { class: "df-opt-name", text: optionName(ctx, o.path) }), " ",
      h("span", { class: "df-opt-explain", text: maybe(ctx, `daifugo.opt.${o.path}`) }));
    const row = h("div", { class: rowClass(panel, o), "data-option": o.path }, input, label);
    rows.set(o.path, { row, input });
    return row;
  }
  // The player count stays as chosen unless the preset is not played by that many (JDF: 4,
  // UECda: 5, two-player: 2): then its usual count, and the form says so. It is set in the change
  // event itself (the counts are known from the first panel), so a count the player picks next is
  // not overridden when the preset's panel comes back.
  function fitPlayers() {
    const opt = presetSel && presetSel.selectedOptions[0];
    const id = (opt && opt.dataset.preset) || "";
    const allowed = id && panel && panel.players ? panel.players[id] : null;
    const usual = id && panel && panel.usual_players ? panel.usual_players[id] : null;
    if (!(allowed && usual && !allowed.includes(players()) && setPlayers(usual))) return;
    playersNote.textContent = t("daifugo.rules.players_set", { preset: presetName(ctx, id), n: usual });
    playersNote.hidden = false;
  }
  if (presetSel) presetSel.addEventListener("change", () => {
    playersNote.hidden = true;
    const rules = presetSel.value;
    later(() => load(rules));
    if (panel) fitPlayers(); else later(fitPlayers);
  });
  if (playersSel) playersSel.addEventListener("change", () => later(() => load(current)));
  later(() => load(current));
  return {
    values() {
      if (panel && panel.conflicts.length) throw new Error(t("daifugo.rules.cannot_start", { n: panel.conflicts.length }));
      return current ? { rules: current } : {};
    },
  };
}
