// The Daifugō help (a rules panel for players): how a game goes, then every rule of the rules in
// force: its name, its value, a one-line explanation and an example; the rules switched off are
// listed by name at the end.  Built from the rules panel's data, so it follows the engine's options.
import { maybe, optionName, presetName, valueLabel } from "./daifugo-words.js";

/** @type {Map<string, DaifugoRulesPanel>} rules encoding → the rules panel's data */
const helpCache = new Map();
/** The rules panel's data for these rules (asked once). @param {TableContext} ctx @param {string} encoding */
export async function rulesData(ctx, encoding) {
  const kept = helpCache.get(encoding);
  if (kept) return kept;
  /** @type {DaifugoRulesPanel} */
  const panel = await ctx.gameCall("rules_panel", { rules: encoding });
  helpCache.set(encoding, panel);
  return panel;
}
/** The help's blocks for these rules. @param {TableContext} ctx @param {DaifugoRulesPanel} panel */
export function helpBody(ctx, panel) {
  const { h, t } = ctx;
  const steps = [];
  for (let i = 1; ; i++) {
    const s = maybe(ctx, `daifugo.help.step.${i}`);
    if (!s) break;
    steps.push(h("li", { text: s }));
  }
  const preset = panel.preset;
  const about = preset ? maybe(ctx, `daifugo.preset_about.${preset}`) : "";
  const used = [];
  const unused = [];
  for (const g of panel.groups) {
    const rows = [];
    for (const o of g.options) {
      // a rule that is switched off (off, 0, none) is named once at the end
      if (o.value === false || o.value === "off" || o.value === 0 || (Array.isArray(o.value) && !o.value.length)) { unused.push(optionName(ctx, o.path)); continue; }
      const example = maybe(ctx, `daifugo.opt.${o.path}.example.${Array.isArray(o.value) ? "list" : o.value}`)
        || maybe(ctx, `daifugo.opt.${o.path}.example`);
      const byValue = Array.isArray(o.value) ? "" : maybe(ctx, `daifugo.opt.${o.path}.val.${o.value}`);
      rows.push(h("li", { class: "df-help-rule", "data-option": o.path },
        h("strong", { text: optionName(ctx, o.path) }), h("span", { class: "df-help-value", text: valueLabel(ctx, o.value, o.path) }),
        h("p", { text: [maybe(ctx, `daifugo.opt.${o.path}`), byValue].filter(Boolean).join(" ") }),
        example ? h("p", { class: "df-help-example" }, h("span", { class: "df-help-eg", text: t("daifugo.help.example") }), example) : ""));
    }
    if (rows.length) used.push(h("section", { class: "df-help-group" }, h("h4", { text: t(`daifugo.group.${g.id}`) }), h("ul", {}, rows)));
  }
  return [
    h("h3", { text: t("daifugo.help.title") }),
    h("ol", { class: "df-help-steps" }, steps),
    h("h3", { text: preset ? t("daifugo.help.rules_of", { preset: presetName(ctx, preset) }) : t("daifugo.help.rules_custom", { preset: presetName(ctx, panel.base) }) }),
    about ? h("p", { text: about }) : "",
    h("div", { class: "df-help-groups" }, used),
    unused.length ? h("p", { class: "muted df-help-unused" }, h("strong", { text: t("daifugo.help.unused") }), " ", unused.join(" · ")) : "",
    h("details", { class: "df-help-presets" }, h("summary", { text: t("daifugo.help.presets") }),
      h("dl", {}, Object.keys(panel.players).flatMap((id) => [h("dt", { text: presetName(ctx, id) }), h("dd", { text: maybe(ctx, `daifugo.preset_about.${id}`) })]))),
  ];
}
