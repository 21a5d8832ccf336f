// hintkit.js — the Hint control the three tables share (issue 21, item 3).  It has no rules in
// it: what to suggest comes from the game's "hint" task in the AI Worker
// (pyengine/app/tasks/<game>.py), which reads only what the seat to move may see (the view's
// observation and legal actions), and the table highlights and words the answer.
//
//   const hint = new HintControl(ctx, { game, onChange })
//   hint.setting   a <label> with the on/off checkbox (off by default; kept per game in the browser)
//   hint.el        the button and the reason line (hidden unless the setting is on and a person
//                  is to move at the end of the game: view.can_hint, never a bot, never the
//                  opponent's seat in a game played by link)
//   hint.update(view)    call on every view; a new position drops the hint (and ignores the
//                        answer of a request still running: cancel on move)
//   hint.shown     the Worker's answer for this position, or null ({action, ...})
//   hint.say(text, why)  set the reason line (the table words the answer): the suggestion, then
//                        why in a sentence of its own (data-hint="why"), read out together
//   hint.reason(why, vars)  the sentence of the answer's why ({kind, ...values}: the game's task
//                        derives it from its analysis), worded from <game>.hint.why.<kind>
// Strings: <game>.hint.setting, .button, .thinking, .failed (with {reason}), .why.<kind>.
import { stylesheet } from "./styles.js";

await stylesheet(new URL("./hintkit.css", import.meta.url));

export class HintControl {
  /**
   * @param {TableContext} ctx
   * @param {{game: string, onChange?: () => void}} opts
   */
  constructor(ctx, { game, onChange }) {
    const { h } = ctx;
    this.ctx = ctx;
    this.game = game;
    this.onChange = onChange || (() => {});
    this.on = ctx.settings.get("hints", "0") === "1";
    /** @type {string|null} the position the hint is for */
    this.key = null;
    /** @type {SessionView|null} */
    this.view = null;
    this.state = "idle"; // idle | thinking | shown | failed
    /** @type {HintAnswer|null} */
    this.shown = null;
    this.box = h("input", { type: "checkbox", "data-hint": "setting", checked: this.on,
      onchange: () => { this.on = this.box.checked; ctx.settings.set("hints", this.on ? "1" : "0"); this.reset(); this.render(); this.onChange(); } });
    this.settingText = h("span", {});
    this.setting = h("label", { class: "hint-setting" }, this.box, this.settingText);
    this.button = h("button", { type: "button", class: "hint-btn", "data-hint": "ask", onclick: () => this.ask() });
    this.out = h("p", { class: "hint-out", "data-hint": "reason", "aria-live": "polite", "aria-atomic": "true" });
    this.el = h("div", { class: "hint-box", hidden: true }, this.button, this.out);
  }

  /** @param {string} key @param {Record<string, unknown>} [vars] */
  t(key, vars) { return this.ctx.t(`${this.game}.hint.${key}`, vars); }

  available() {
    const v = this.view;
    return Boolean(this.on && v && !v.provisional && v.can_hint && v.viewer === v.to_move && v.cursor === v.length);
  }

  reset() {
    this.state = "idle";
    this.shown = null;
    this.out.textContent = "";
  }

  /** @param {SessionView} view */
  update(view) {
    this.view = view;
    const key = `${view.save_key}|${view.cursor}|${view.length}|${view.to_move}|${view.status}`;
    if (key !== this.key) { this.key = key; this.reset(); }
    this.render();
  }

  render() {
    this.settingText.textContent = this.t("setting");
    const show = this.available();
    this.el.hidden = !show;
    const thinking = this.state === "thinking";
    this.button.textContent = thinking ? this.t("thinking") : this.t("button");
    this.button.disabled = thinking;
    this.button.setAttribute("aria-busy", thinking ? "true" : "false");
    this.el.dataset.state = this.state;
  }

  /** @param {string} text @param {string} [why] */
  say(text, why = "") {
    const gap = this.ctx.lang === "ja" ? "" : " ";
    if (this.out.textContent === (why ? text + gap + why : text)) return;
    this.out.replaceChildren(text);
    if (why) this.out.append(gap, this.ctx.h("span", { class: "hint-why", "data-hint": "why" }, why));
  }

  /** @param {HintWhy|null|undefined} why @param {Record<string, unknown>} [vars] */
  reason(why, vars = {}) {
    return why && why.kind ? this.t(`why.${why.kind}`, { ...why, ...vars }) : "";
  }

  ask() {
    if (!this.available() || this.state === "thinking") return;
    const v = this.view;
    if (!v) return;
    const key = this.key;
    this.state = "thinking";
    this.shown = null;
    this.out.textContent = "";
    this.render();
    const args = { rules: v.rules, seat: v.to_move, observation: v.observation, legal: v.legal.map((x) => x.action) };
    const done = (/** @type {HintAnswer|null} */ r) => {
      if (this.key !== key) return; // the position changed meanwhile: the answer is dropped
      if (!r || r.ok === false) {
        this.state = "failed";
        this.say(this.t("failed", { reason: (r && r.error) || "" }));
      } else {
        this.state = "shown";
        this.shown = r;
        // the move to come is marked in the record as played after a hint
        Promise.resolve(this.ctx.gameCall("hint_used", {})).catch(() => {});
      }
      this.render();
      this.onChange();
    };
    /** @type {Promise<HintAnswer|null>} */
    const asked = this.ctx.task("hint", args);
    asked.then(done, (e) => done({ action: "", ok: false, error: e instanceof Error ? e.message : String(e) }));
  }

  // The label of an action in this position (the session's own description).
  /** @param {string} action */
  label(action) {
    const found = this.view && this.view.legal.find((x) => x.action === action);
    return found ? found.label : action;
  }
}

// The marks of the record: the plies played after a hint (view.hints; the one past the end is
// the hint shown for the move to come, not a played move).
/** @param {SessionView} view */
export function playedHints(view) {
  return (view.hints || []).filter((p) => p <= view.length);
}
