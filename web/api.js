// The automation API (window.pyengineApp: ready, state, legal, play, open, settled) and the same
// calls by postMessage for a page that embeds this one.
import { runAuto } from "./auto-play.js";
import { call, EngineError, settled } from "./bridge.js";
import { fixChance } from "./chance.js";
import { clearNotice } from "./dom.js";
import { freshCopyKey } from "./library.js";
import { BUILD, EMBED, LIB_PREFIX, nextFrame, storage } from "./page.js";
import { app, publicState, ready, setFromResult, supersede } from "./state.js";
import { render } from "./table.js";

/** Play a move (the automation API; the legal ones: legal()). @param {string} action @returns {Promise<PublicState>} */
export async function play(action) {
  await ready;
  // at a live card table the person's move goes to the table's loop (web/live/cards.js)
  if (app.livePlay && app.view && app.view.live) { app.livePlay(String(action)); return publicState(); }
  if (app.view && app.view.provisional && app.pending) await app.pending.done;
  if (!app.view || app.view.provisional) throw new Error("no game is open");
  const r = await call("play", { action: String(action) });
  if (r.ok) supersede();
  if (!r.ok) throw new EngineError(r);
  setFromResult(r);
  render();
  await nextFrame();
  await runAuto();
  return publicState();
}
/** Open a share link's fragment (the automation API). @param {string} fragment @returns {Promise<PublicState>} */
async function openFragment(fragment) {
  await ready;
  const frag = String(fragment).replace(/^#/, "");
  const info = await call("link_info", { fragment: frag });
  if (!info.ok) throw new EngineError(info);
  let key = String(info.save_key);
  const r = await call("open", { fragment: frag, save: EMBED ? null : storage.get(LIB_PREFIX + key) });
  if (!r.ok) throw new EngineError(r);
  if (!r.continues) key = freshCopyKey(key);
  supersede();
  app.paused = false;
  clearNotice();
  app.handedTo = null;
  app.currentKey = key;
  setFromResult(r);
  render();
  await runAuto();
  return publicState();
}
/** The automation API (window.pyengineApp) and the embedding messages: installed as the page starts. */
export function installApi() {
  /** @type {PyengineApp} */
  const api = {
    version: BUILD.version,
    ready,
    state: publicState,
    legal: () => (app.view && !app.view.provisional && app.view.status === "human" ? app.view.legal.map((a) => a.action) : []),
    play,
    open: openFragment,
    settled,
    // For browser tests only: fix the page's chance generator (live chance stays the default;
    // no link or saved game can set this).
    testing: Object.freeze({ fixChance }),
  };
  window.pyengineApp = api;

  // ---------------------------------------------------------------- embedding (postMessage)
  window.addEventListener("message", async (ev) => {
    const msg = ev.data;
    if (!msg || typeof msg !== "object" || typeof msg.type !== "string" || !msg.type.startsWith("pyengine:")) return;
    const reply = (/** @type {string} */ type, /** @type {object} */ extra) => ev.source && ev.source.postMessage({ type: `pyengine:${type}`, id: msg.id, ...extra }, { targetOrigin: ev.origin === "null" ? "*" : ev.origin });
    try {
      await ready;
      if (msg.type === "pyengine:open") reply("state", { state: await openFragment(msg.fragment) });
      else if (msg.type === "pyengine:get-state") reply("state", { state: publicState() });
      else if (msg.type === "pyengine:play") reply("state", { state: await play(msg.action) });
      else if (msg.type === "pyengine:legal") reply("legal", { legal: api.legal() });
    } catch (e) {
      reply("error", { error: /** @type {Error} */ (e).message });
    }
  });
}
