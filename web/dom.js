// Building and updating the page's elements (h, setText, setAttr), the notice bar and the live
// region that announces moves.
import { t } from "./i18n.js";
import { $ } from "./page.js";

/**
 * A new element: attributes (class, text, on<event> listeners, others as strings; null, undefined
 * and false left out) and children (nested arrays flattened; null, undefined and false left out).
 * @template {string} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...HChild} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = /** @type {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */ (document.createElement(tag));
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of /** @type {unknown[]} */ (children).flat(Infinity)) if (c !== null && c !== undefined && c !== false) el.append(/** @type {Node | string} */ (c));
  return el;
}
// Update an element in place (only what changed), so a control the user is pressing is never rebuilt.
/** @param {Node} el @param {string} text */
export function setText(el, text) { if (el.textContent !== text) el.textContent = text; }
/** @param {Element} el @param {string} name @param {unknown} value (null, undefined or false: none) */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) { if (el.hasAttribute(name)) el.removeAttribute(name); }
  else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, String(value));
}
/** @param {"start" | "table"} section */
export function show(section) {
  const other = $(section).hidden;
  for (const id of ["start", "table"]) $(id).hidden = id !== section;
  // a table opened from the start page (a form at the foot of a phone's long page) begins at its
  // top, like the start page opened from a table: never where the other one was scrolled to
  if (other) window.scrollTo(0, 0);
}

// ---------------------------------------------------------------- notices
let putAwayByPlay = false; // (notify installs the listeners that put a notice away, once)
// notify(message, actions, kind, details): details (an engine's English message, a trace)
// go behind a "Details" toggle.
/**
 * @param {string} message
 * @param {[string, () => void][]} [actions] a button's words and what it does
 * @param {string} [kind] "info" or "error"
 * @param {string | null} [details]
 */
export function notify(message, actions = [], kind = "info", details = null) {
  const box = $("notice");
  box.replaceChildren(h("span", { class: "notice-text", text: message }));
  for (const [label, fn] of actions) box.append(h("button", { type: "button", onclick: fn, text: label }));
  if (details && details !== message) {
    box.append(h("details", { class: "notice-details" }, h("summary", { text: t("load.details") }), h("p", { text: details })));
  }
  box.append(h("button", { type: "button", class: "dismiss", "aria-label": t("notice.dismiss"), text: "×",
    onclick: () => { box.hidden = true; } }));
  box.dataset.kind = kind;
  box.hidden = false;
  placeNotice();
  if (!putAwayByPlay) {
    // Over a table the notice floats above the page's head (style.css); the player's next press
    // on the table (a move, a tool) puts an info notice away. An error stays until dismissed.
    putAwayByPlay = true;
    const putAway = (/** @type {Event} */ e) => {
      if (box.dataset.kind !== "error" && e.target instanceof Element && e.target.closest("#table")) box.hidden = true;
    };
    // it keeps clear of the play controls (Home, Pause) as the page scrolls or turns
    addEventListener("scroll", placeNotice, { passive: true });
    addEventListener("resize", placeNotice);
    document.addEventListener("pointerdown", putAway, true);
    document.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") putAway(e); }, true);
  }
}
export function clearNotice() { $("notice").hidden = true; }
/**
 * A notice floating over a table (style.css) sits at the window's top unless the table's play
 * controls (Home, Pause, speed: on a phone, or on a page scrolled a little, they are there) would
 * be under it: then it sits just below them, so no press meant for them lands on the notice.
 * Called when a notice shows, on scroll and resize, and when the table is drawn.
 */
export function placeNotice() {
  const box = $("notice");
  if (box.hidden) return;
  box.style.top = "";
  const controls = document.querySelector("#table:not([hidden]) .play-controls");
  if (!controls || getComputedStyle(box).position !== "fixed") return;
  const c = controls.getBoundingClientRect(), n = box.getBoundingClientRect();
  const overlaps = c.width > 0 && c.bottom > n.top && c.top < n.bottom && c.right > n.left && c.left < n.right;
  if (overlaps) box.style.top = `${Math.ceil(c.bottom) + 4}px`;
}
/** Say this in the live region (a screen reader reads it). @param {string} text */
export function announce(text) {
  const live = $("announcer");
  if (!live) return;
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = text; });
}
