// The page's words: the shell's strings (web/i18n/<lang>.json) and each table's
// (web/i18n/<game>.<lang>.json), the language picked, t() with plural forms and Korean particles.
import { $, BUILD, fetchJson, LANG_KEY, LANGS, params, storage } from "./page.js";
import { app, tableModules } from "./state.js";

/** @typedef {Record<string, string>} Strings */
export let lang = pickLanguage();
/** @type {Strings} */
let strings = {};
/** @type {Strings} */
export let english = {}; // the fallback for a string a translation lacks
/** @type {() => void} */
export let wordsLoaded = () => {};
/** @type {Promise<void>} */
export const wordsReady = new Promise((r) => { wordsLoaded = r; }); // the page's first words are in
/** @type {Record<string, Strings>} */
export let gameStrings = {}; // game id → that table's strings (web/i18n/<game>.<lang>.json)
/** @returns {string} */
function pickLanguage() {
  const stored = storage.get(LANG_KEY);
  if (stored && LANGS.includes(stored)) return stored;
  const query = params.get("lang");
  if (query && LANGS.includes(query)) return query;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}
/** The page's words in this language (and the loaded tables' words). @param {string} code */
export async function loadStrings(code) {
  const [main, en] = await Promise.all([fetchJson(`./i18n/${code}.json`),
    code === "en" ? null : fetchJson("./i18n/en.json").catch(() => ({}))]);
  strings = main;
  english = en || main;
  lang = code;
  plurals = new Intl.PluralRules(code);
  gameStrings = {};
  await Promise.all(Object.entries(tableModules).filter(([, mod]) => mod && mod.strings).map(([game]) => loadGameStrings(game)));
}
/** @param {string} game */
export async function loadGameStrings(game) {
  const res = await fetch(`./i18n/${game}.${lang}.json`).catch(() => null);
  gameStrings[game] = res && res.ok ? await res.json() : {};
}
/** @param {string} key @returns {string | undefined} */
export function lookup(key) {
  if (key in strings) return strings[key];
  for (const g of Object.values(gameStrings)) if (key in g) return g[key];
  return english[key];
}
// A string's words: {name} is a value; {n|one|other} the form the count n takes in the language
// ("{n} {n|card|cards}"); in Korean a particle written with both forms (이(가), 을(를), 은(는),
// 와(과), (으)로) takes the one the word before it calls for.
let plurals = new Intl.PluralRules("en");
/**
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  const s = lookup(key) ?? key;
  const out = s
    .replace(/\{(\w+)\|([^{}|]*)\|([^{}|]*)\}/g, (_, k, one, other) => (plurals.select(Number(vars[k])) === "one" ? one : other))
    .replace(/\{(\w+)\}/g, (_, k) => (k in vars && vars[k] !== null && vars[k] !== undefined ? String(vars[k]) : "…"));
  return lang === "ko" ? koreanParticles(out) : out;
}
// Whether a Korean reading of the character ends in a consonant (a final 받침): a syllable by its
// code, a digit by how it is read (영, 일, 삼, 육, 칠, 팔); null for anything else (a Latin name
// may be read either way: both forms stay).
/** @param {string} ch @returns {boolean | null} */
function endsInConsonant(ch) {
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 !== 0;
  if (/[0-9]/.test(ch)) return "013678".includes(ch);
  return null;
}
/** @type {Record<string, [string, string]>} */
const PARTICLES = { "이(가)": ["이", "가"], "을(를)": ["을", "를"], "은(는)": ["은", "는"], "와(과)": ["과", "와"], "과(와)": ["과", "와"], "(으)로": ["으로", "로"] };
/** @param {string} text */
function koreanParticles(text) {
  return text.replace(/([가-힣0-9])([’”'"」』)\]]*)(이\(가\)|을\(를\)|은\(는\)|와\(과\)|과\(와\)|\(으\)로)/g, (all, ch, close, p) => {
    const batchim = endsInConsonant(ch);
    if (batchim === null) return all;
    const [after, plain] = PARTICLES[p];
    // (으)로: a word ending in ㄹ takes 로 as if it had no final consonant
    const rieul = p === "(으)로" && ((ch.charCodeAt(0) - 0xac00) % 28 === 8 || "178".includes(ch));
    return ch + close + (batchim && !rieul ? after : plain);
  });
}
/** A string, or `fallback` when there is none for `key`. @param {string} key @param {string} fallback @param {Record<string, unknown>} [vars] */
export function tOr(key, fallback, vars) { return lookup(key) === undefined ? fallback : t(key, vars); }
/** The page says it is in the language loaded: once its words are (a test, a screen reader and the
 * fonts' :lang() rules go by it, so it comes after the redraw, not before). */
export function markLanguage() { document.documentElement.lang = lang; }
/** The words of the elements marked data-i18n (text) and data-i18n-aria (label). @param {ParentNode} [root] */
export function applyStrings(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(String(/** @type {HTMLElement} */ (el).dataset.i18n));
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(String(/** @type {HTMLElement} */ (el).dataset.i18nAria)));
  document.title = app.view && app.view.game_name ? `${app.view.game_name} — ${t("app.title")}` : `${t("app.title")} — Cetkaik · Daifugō · Chabashi`;
  /** @type {HTMLSelectElement} */ ($("lang-picker")).value = lang;
}
/** @returns {GameInfo[]} */
export function gamesInfo() { return (BUILD.games && (BUILD.games[lang] || BUILD.games.en)) || []; }
/** @param {string | null} id */
export function gameInfo(id) { return gamesInfo().find((g) => g.id === id) || null; }
/** @param {string} id */
export function gameName(id) { const g = gameInfo(id); return g ? g.name : id; }
