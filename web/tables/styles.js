// styles.js — a table module's stylesheet, loaded before the module finishes importing.
//
//   await stylesheet(new URL("./name.css", import.meta.url));   // at the top level of a module
//
// A module that awaits its stylesheet at the top level is imported only once the sheet has been
// applied, so a table is never drawn unstyled (an unstyled board is laid out full width for a
// moment, which a small embed shows as a flash and a slow machine as a broken layout).  Each sheet
// is inserted once, however many modules ask for it; one that fails to load is reported and does
// not hold the table back.
/** @type {Map<string, Promise<boolean>>} */
const loads = new Map();

/**
 * Insert the sheet at `url` once; resolves when it is applied (true) or failed to load (false).
 * @param {URL|string} url
 * @returns {Promise<boolean>}
 */
export function stylesheet(url) {
  const href = String(url);
  const known = loads.get(href);
  if (known) return known;
  const load = /** @type {Promise<boolean>} */ (new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => resolve(true), { once: true });
    link.addEventListener("error", () => { console.error(`stylesheet ${href} did not load`); resolve(false); }, { once: true });
    document.head.append(link);
  }));
  loads.set(href, load);
  return load;
}
