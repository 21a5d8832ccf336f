// A live table between two browsers: a game played by link (web: Cetkaik; its casts by the
// commit–reveal of pyengine/app/fairplay.py) whose links travel by themselves over a WebRTC data
// channel (web/live/peer.js) instead of being copied by hand. The host's page invites a friend
// with a link (the connection's offer in its fragment, `#join=`); the friend's page answers with
// a reply link (`#reply=`) that the host opens in any tab of its browser (relayed to the table's
// tab) or pastes into the panel. Nothing else changes: each page keeps its own play-by-link game
// in its library, checks every commitment and cast it receives, and can go on by link if the
// connection drops; a fresh invitation reconnects and the game resumes where it was.
//
// What travels: {type: "link", fragment} — the page's play-by-link fragment, sent whenever the
// other page lacks something in it (a move, a cast, a secret it waits for).
import { runAuto } from "../auto-play.js";
import { call, englishDetails, errorReason } from "../bridge.js";
import { h, notify, setAttr, setText } from "../dom.js";
import { whenEngine } from "../engine-start.js";
import { gameName, t } from "../i18n.js";
import { $, EMBED, LIB_PREFIX, storage } from "../page.js";
import { app, queue, setFromResult, supersede } from "../state.js";
import { drawOpening, render } from "../table.js";
import { LiveGuest, LiveHost } from "./peer.js";
import { listenForReplies, relayReply, SignalError } from "./signal.js";

const MARK_PREFIX = "pyengine:live:"; // + save key: {role} of a game played live here
export const ICE_KEY = "pyengine:live-ice"; // the user's STUN/TURN servers, one per line
const FRIEND_SEAT = 1; // the host plays seat 0: a game played by link starts on its device
const GUEST_WAIT_MS = 10 * 60_000; // how long an answered invitation waits for the host to open the reply

/** @typedef {"host" | "guest"} Role */
/** @typedef {"idle" | "preparing" | "invited" | "joining" | "connecting" | "open" | "closed" | "failed"} LinkState */

export const live = {
  /** @type {Role | null} this page's part in the live game on the table, if any */
  role: /** @type {Role | null} */ (null),
  /** @type {string | null} the save key of the live game */
  key: /** @type {string | null} */ (null),
  /** @type {LiveHost | null} */ host: /** @type {LiveHost | null} */ (null),
  /** @type {LiveGuest | null} */ guest: /** @type {LiveGuest | null} */ (null),
  /** @type {LinkState} */ state: /** @type {LinkState} */ ("idle"),
  /** the invitation or reply link to show */
  link: "",
  /** @type {string | null} a message about the connection (an error) */
  problem: /** @type {string | null} */ (null),
  /** the fragment last sent, and the number of actions the other page is known to have */
  lastSent: "", peerLength: -1, sendsAtLength: 0, sentLength: -1,
  /** @type {string | null} a fragment from the friend that waits for its game to be on the table */
  waiting: /** @type {string | null} */ (null),
  /** the invitation is to a card table (web/live/cards.js) */
  cards: false,
  /** @type {{game: string, seat: number} | null} what a friend's invitation is to: the game and its seat */
  about: /** @type {{game: string, seat: number} | null} */ (null),
  /** @type {(() => string[]) | null} who sits where at a card table a friend's page joined, once known */
  seats: /** @type {(() => string[]) | null} */ (null),
};
// The connection changed: the table (its panel, status line and tools) is drawn again.
export function changed() {
  app.liveKey = live.state === "open" ? live.key : null;
  try {
    if (app.view) render();
    else if (joinSlot) drawLivePanel(joinSlot);
  } catch (e) { console.error(e); }
}

/** Whether this browser can hold a live table. */
export const canGoLive = () => !EMBED && typeof RTCPeerConnection === "function" && typeof CompressionStream === "function";

// ---------------------------------------------------------------- STUN/TURN servers
/**
 * The user's STUN/TURN servers (one per line: `stun:host:port`, or `turn:host:port user password`).
 * @param {string} text
 * @returns {RTCIceServer[]}
 */
export function parseIceServers(text) {
  /** @type {RTCIceServer[]} */
  const out = [];
  for (const line of text.split(/\n/)) {
    const parts = line.trim().split(/\s+/).filter(Boolean);
    if (!parts.length) continue;
    if (!/^(stuns?|turns?):[^\s]+$/.test(parts[0])) throw new Error(t("live.ice_bad", { line: line.trim() }));
    if (parts[0].startsWith("turn") && parts.length !== 3) throw new Error(t("live.ice_turn_needs", { line: parts[0] }));
    if (parts[0].startsWith("stun") && parts.length !== 1) throw new Error(t("live.ice_bad", { line: line.trim() }));
    out.push(parts.length === 3 ? { urls: parts[0], username: parts[1], credential: parts[2] } : { urls: parts[0] });
  }
  return out;
}
/** The STUN/TURN servers the user set (none: no outside request). */
export function iceServers() {
  try { return parseIceServers(storage.get(ICE_KEY) || ""); } catch { return []; }
}

// ---------------------------------------------------------------- the mark of a live game
/** @param {string} key @returns {Role | null} */
function markOf(key) {
  try {
    const m = JSON.parse(storage.get(MARK_PREFIX + key) || "null");
    return m && (m.role === "host" || m.role === "guest") ? m.role : null;
  } catch { return null; }
}
/** @param {string} key @param {Role} role */
function mark(key, role) { storage.set(MARK_PREFIX + key, JSON.stringify({ role })); }

/** The live part the game on the table has here (after a reload: the connection is gone). @returns {Role | null} */
export function liveRole() {
  const v = app.view;
  if (!v || v.provisional || !v.by_link || !v.save_key) return null;
  if (live.key === v.save_key && live.role) return live.role;
  return markOf(v.save_key);
}

// ---------------------------------------------------------------- host
/** Host the game just started (a game played by link, this page seat 0): a first invitation. */
export async function hostLive() {
  const v = app.view;
  if (!v || !v.save_key || !v.by_link) return;
  mark(v.save_key, "host");
  await invite(v.save_key);
}
/** A fresh invitation for the friend's seat (the first, or after a drop). @param {string} key */
async function invite(key) {
  closeConnection();
  live.role = "host";
  live.key = key;
  live.state = "preparing";
  live.problem = null;
  live.link = "";
  live.peerLength = -1;
  changed();
  try {
    const host = new LiveHost({ seats: 2, iceServers: iceServers() });
    live.host = host;
    host.on("seat", (/** @type {number} */ seat, /** @type {string} */ state) => {
      if (live.host !== host || seat !== FRIEND_SEAT) return;
      seatState(state);
    });
    host.on("message", (/** @type {number} */ seat, /** @type {unknown} */ body) => { if (live.host === host) received(seat, body); });
    host.on("refused", (/** @type {number} */ seat, /** @type {string} */ reason) => console.warn("live: refused a message from seat", seat, reason));
    const text = await host.invite(FRIEND_SEAT, { game: app.view ? app.view.game : null, seat: FRIEND_SEAT });
    if (live.host !== host) return;
    live.link = linkTo("join", text);
    live.state = "invited";
  } catch (e) {
    live.state = "failed";
    live.problem = /** @type {Error} */ (e).message;
  }
  changed();
}
/** @param {string} state */
function seatState(state) {
  if (state === "open") {
    live.state = "open";
    live.problem = null;
    live.peerLength = -1;
    live.lastSent = "";
    sendIfNeeded(true);
  } else if (state === "failed") {
    live.state = "failed";
    live.problem = t("live.no_path");
  } else if (state === "closed") {
    live.state = "closed";
  } else if (state === "connecting") {
    live.state = "connecting";
  }
  changed();
}
/** The host takes a friend's reply (pasted into the panel, or relayed from another tab). @param {string} text @returns {Promise<boolean>} */
export async function takeReply(text) {
  if (!live.host || live.role !== "host") return false;
  try {
    await live.host.accept(text);
    // (the state follows the seat's events: the channel may even be open by now)
    if (live.state === "invited") live.state = "connecting";
    live.problem = null;
  } catch (e) {
    live.problem = e instanceof SignalError ? t(`live.reply_${e.code}`) : /** @type {Error} */ (e).message;
    changed();
    return e instanceof SignalError && e.code === "wrong_table" ? false : true;
  }
  changed();
  return true;
}
// A reply link opened in another tab of this browser comes here when this tab hosts its table.
if (typeof BroadcastChannel === "function") listenForReplies(async (/** @type {string} */ text) => live.role === "host" && live.host !== null && takeReply(text));

/** A reply link opened in a tab: taken here when this tab hosts the table, else relayed to the
 * tab that does (the page then says it may be closed). @param {string} text */
export async function openReply(text) {
  const back = () => { if (app.view) history.replaceState(null, "", `${location.pathname}${location.search}#${app.view.fragment}`); };
  if (live.role === "host" && live.host) {
    await takeReply(text);
    back();
    return;
  }
  const took = await relayReply(text);
  if (app.view) {
    back();
    notify(took ? t("live.reply_relayed") : t("live.reply_no_table"), [], took ? "info" : "error");
    return;
  }
  drawOpening();
  relayed = took;
  drawRelayed();
}
/** @type {boolean | null} a tab that opened a reply link: whether the table's tab took it (null: not such a tab) */
let relayed = null;
/** That tab's page: the reply went to the table's tab (it may be closed), or no tab hosts a table. */
function drawRelayed() {
  $("table").replaceChildren(h("section", { class: "live-panel", "data-state": relayed ? "relayed" : "lost" },
    h("p", { class: "live-state", role: "status", text: relayed ? t("live.reply_relayed") : t("live.reply_no_table") }),
    h("div", { class: "row" }, h("a", { class: "button", href: "#games", text: t("table.home") }))));
}

// ---------------------------------------------------------------- guest
/** @type {HTMLElement | null} where the panel is while the friend's page waits for the game */
let joinSlot = null;
/** The friend's page opens an invitation: answer it, and show the reply link to send back. @param {string} text */
export async function joinLive(text) {
  drawOpening();
  joinSlot = h("div", { "data-slot": "live" });
  $("table").replaceChildren(joinSlot);
  closeConnection();
  live.role = "guest";
  live.cards = false;
  live.about = null;
  live.seats = null;
  live.key = null;
  live.state = "joining";
  live.problem = null;
  live.link = "";
  changed();
  try {
    // an invitation this browser joined a card table with, opened again (a reload): the host
    // has replaced it; a new one takes the game up again
    if ((await import("./cards.js")).usedInvitation(text)) throw new Error(t("live.invitation_used"));
    // (a person carries the reply back: the guest waits for it for minutes, not seconds)
    const { guest, reply, seat, table, extra } = await LiveGuest.join(text, { iceServers: iceServers(), timeoutMs: GUEST_WAIT_MS });
    live.guest = guest;
    // a card table's invitation: the table itself is web/live/cards.js, this panel its lobby
    live.cards = Boolean(extra && typeof extra === "object" && /** @type {{cards?: unknown}} */ (extra).cards);
    const game = extra && typeof extra === "object" ? /** @type {{game?: unknown}} */ (extra).game : null;
    live.about = typeof game === "string" && game ? { game, seat } : null;
    if (live.cards) (await import("./cards.js")).adoptGuest(guest, seat, table, text, String(/** @type {{game?: unknown}} */ (extra).game ?? ""));
    live.link = linkTo("reply", reply);
    live.state = "connecting";
    guest.on("state", (/** @type {string} */ state) => {
      if (live.guest !== guest) return;
      if (state === "open") { live.state = "open"; live.problem = null; }
      else if (state === "failed") { live.state = "failed"; live.problem = t("live.no_path_guest"); }
      else if (state === "closed") live.state = "closed";
      changed();
      if (live.cards) import("./cards.js").then((m) => m.connectionChanged()).catch((e) => console.error(e));
    });
    guest.on("message", (/** @type {number} */ from, /** @type {unknown} */ body) => { if (live.guest === guest) received(from, body); });
  } catch (e) {
    live.state = "failed";
    live.problem = e instanceof SignalError ? t(`live.invite_${e.code}`) : /** @type {Error} */ (e).message;
  }
  changed();
}

// ---------------------------------------------------------------- the game's links
/** An invitation (`join`) or a reply link of this page's address. @param {"join" | "reply"} kind @param {string} text */
export function linkTo(kind, text) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = `${kind}=${text}`;
  return url.href;
}
/** @param {unknown} body */
function send(body) {
  if (live.host) live.host.send(FRIEND_SEAT, body);
  else if (live.guest) live.guest.send(body);
}
/** After every change of the game on the table: send its link when the friend lacks something in it.
 * @param {boolean} [force] the connection has just opened */
export function sendIfNeeded(force = false) {
  const v = app.view;
  if (live.state !== "open" || !v || v.provisional || !v.by_link || v.save_key !== live.key) return;
  if (force) { live.lastSent = ""; live.sendsAtLength = 0; }
  const frag = v.fragment;
  if (frag === live.lastSent) return;
  const ahead = v.length > live.peerLength && v.length !== live.sentLength;
  // the page waits for something of the friend's (its move, its secret for a cast): the friend
  // gets this page's latest secrets, twice at most for the same moves (no ping-pong)
  const asks = v.status === "waiting" && live.sendsAtLength < 2;
  if (!force && !ahead && !asks) return;
  live.sendsAtLength = v.length === live.sentLength ? live.sendsAtLength + 1 : 1;
  live.sentLength = v.length;
  live.lastSent = frag;
  send({ type: "link", fragment: frag });
}
/** @param {number} from @param {unknown} body */
function received(from, body) {
  if (!body || typeof body !== "object") return;
  if (typeof (/** @type {{t?: unknown}} */ (body)).t === "string") { // a card table's frame
    import("./cards.js").then((m) => m.fromNetwork(from, body)).catch((e) => console.error(e));
    return;
  }
  const msg = /** @type {{type?: unknown, fragment?: unknown}} */ (body);
  if (msg.type !== "link" || typeof msg.fragment !== "string") return;
  const frag = msg.fragment;
  queue(() => openFriendLink(frag));
}
/** A link from the friend: into the game on the table (or kept until the game is back on it).
 * The game on the table takes it directly (`receive`): its library copy may lag behind it.
 * @param {string} frag */
async function openFriendLink(frag) {
  await whenEngine(() => {});
  const info = await call("link_info", { fragment: frag });
  if (!info.ok) { notify(t("notice.bad_link", { reason: errorReason(info) }), [], "error", englishDetails(info)); return; }
  const key = String(info.save_key);
  const first = live.role === "guest" && live.key === null;
  if (!first && key !== live.key) return; // not this live game: ignored
  const onTable = app.view !== null && !app.view.provisional && app.currentKey === key;
  if (!first && !onTable) {
    live.waiting = frag;
    notify(t("live.friend_moved"), [[t("live.back_to_game"), () => { location.hash = frag; }]]);
    return;
  }
  const save = onTable ? null : storage.get(LIB_PREFIX + key);
  let r = onTable ? await call("receive", { fragment: frag }) : await call("open", { fragment: frag, save });
  // a friend back after a drop: its library already has everything the host's link holds
  if (!r.ok && r.kind === "OlderLinkError" && save !== null) r = await call("restore", { save });
  if (!r.ok) {
    if (r.kind === "OlderLinkError") return; // nothing new in it
    notify(t("notice.bad_link", { reason: errorReason(r) }), [], "error", englishDetails(r));
    return;
  }
  live.waiting = null;
  if (first) { live.key = key; mark(key, "guest"); }
  if (r.view) live.peerLength = Math.max(live.peerLength, Number(r.view.length) || 0);
  supersede();
  app.paused = false;
  app.handedTo = null;
  app.currentKey = key;
  setFromResult(r);
  joinSlot = null;
  changed();
  await runAuto();
}

/** Close the connection this page holds (a new invitation, leaving). */
export function closeConnection() {
  try { live.host && live.host.close(); } catch { /* already closed */ }
  try { live.guest && live.guest.close(); } catch { /* already closed */ }
  live.host = null;
  live.guest = null;
  live.state = "idle";
}

// ---------------------------------------------------------------- the panel
/**
 * The live panel above the table: the invitation or reply link, the connection's state, and
 * the STUN/TURN servers. Updated in place.
 * @param {HTMLElement} slotEl
 */
export function drawLivePanel(slotEl) {
  const role = liveRole();
  const onTable = live.role !== null && (live.key === null || (app.view && app.view.save_key === live.key));
  if (!role && !(live.role === "guest" && live.key === null)) { slotEl.hidden = true; return; }
  slotEl.hidden = false;
  let refs = panelRefs && panelRefs.root.parentNode === slotEl ? panelRefs : null;
  if (!refs) { refs = buildPanel(); slotEl.replaceChildren(refs.root); panelRefs = refs; }
  const here = onTable && live.role === (role || live.role);
  const state = here ? live.state : "closed";
  const r = /** @type {NonNullable<typeof panelRefs>} */ (refs);
  r.root.dataset.state = state;
  r.root.dataset.role = role || live.role || "";
  const isHost = (role || live.role) === "host";
  const about = !isHost && slotEl === joinSlot && live.about; // (the invitation's page, before the table is there)
  setText(r.title, about ? (live.cards ? t("live.you_play", { game: gameName(about.game), seat: t("table.seat", { n: about.seat + 1 }) })
    : t("live.game_of", { game: gameName(about.game) })) : "");
  r.title.hidden = !about;
  const seats = about && live.seats ? live.seats() : [];
  if (r.seats.dataset.sig !== seats.join("\n")) {
    r.seats.dataset.sig = seats.join("\n");
    r.seats.replaceChildren(...seats.map((line) => h("li", {}, h("span", { class: "live-seat-name", text: line }))));
  }
  r.seats.hidden = seats.length === 0;
  setText(r.state, stateText(role || live.role, state));
  setText(r.problem, here && live.problem ? live.problem : "");
  r.problem.hidden = !(here && live.problem);
  // a link is shown while it can still be used: an invitation not yet answered, a reply not yet taken
  const showLink = here && live.link !== "" && (state === "invited" || state === "connecting");
  r.linkRow.hidden = !showLink;
  setText(r.linkLabel, isHost ? t("live.send_invitation") : t("live.send_reply"));
  if (r.link.value !== live.link) r.link.value = live.link;
  setText(r.copy, isHost ? t("live.copy_invitation") : t("live.copy_reply"));
  r.replyRow.hidden = !(isHost && here && state === "invited");
  r.again.hidden = !(isHost && (state === "closed" || state === "failed" || state === "connecting"));
  setAttr(r.again, "class", state === "closed" || state === "failed" ? "primary" : null);
  setText(r.again, live.host || live.link ? t("live.new_invitation") : t("live.invite_again"));
  r.settings.hidden = state === "open";
}
/** @type {{root: HTMLElement, title: HTMLElement, seats: HTMLElement, state: HTMLElement, problem: HTMLElement, linkRow: HTMLElement, linkLabel: HTMLElement, link: HTMLInputElement, copy: HTMLButtonElement, replyRow: HTMLElement, reply: HTMLInputElement, again: HTMLButtonElement, settings: HTMLElement} | null} */
let panelRefs = null;
/** @param {Role | null} role @param {LinkState} state */
function stateText(role, state) {
  if (state === "open") return live.cards ? t("live.cards_waiting_start") : t("live.state_open");
  if (state === "preparing") return t("live.state_preparing");
  if (state === "joining") return t("live.state_joining");
  if (state === "invited") return t("live.state_invited");
  if (state === "connecting") return role === "host" ? t("live.state_connecting") : t("live.state_waiting_host");
  if (state === "failed") return t("live.state_failed");
  return role === "host" ? t("live.state_closed_host") : t("live.state_closed_guest");
}
function buildPanel() {
  const title = h("p", { class: "live-title", hidden: true });
  const seats = h("ul", { class: "live-seats live-table-seats", hidden: true });
  const state = h("p", { class: "live-state", role: "status", "aria-live": "polite" });
  const problem = h("p", { class: "live-problem", role: "alert", hidden: true });
  const link = h("input", { type: "text", readonly: true, class: "live-link", "aria-label": t("live.link_label"), onfocus: () => link.select() });
  const copy = h("button", { type: "button", class: "primary", "data-live": "copy", onclick: async () => {
    try { await navigator.clipboard.writeText(link.value); notify(t("live.copied")); } catch { link.select(); notify(t("notice.copy_failed")); }
  } });
  const linkLabel = h("span");
  const linkRow = h("label", { class: "live-row" }, linkLabel, h("span", { class: "live-link-box" }, link, copy));
  const reply = h("input", { type: "text", class: "live-reply", placeholder: t("live.reply_placeholder"), "aria-label": t("live.reply_label") });
  const connect = h("button", { type: "button", "data-live": "connect", text: t("live.connect"), onclick: async () => {
    const text = reply.value.trim().replace(/^.*#reply=/, "");
    if (!text) return;
    if (await takeReply(text)) reply.value = "";
  } });
  const replyRow = h("label", { class: "live-row" }, h("span", { text: t("live.paste_reply") }), h("span", { class: "live-link-box" }, reply, connect));
  const again = h("button", { type: "button", "data-live": "again", onclick: () => {
    const key = live.key || (app.view && app.view.save_key);
    if (key) invite(key);
  } });
  const ice = h("textarea", { rows: 2, class: "live-ice", "aria-label": t("live.ice_label"), placeholder: "stun:stun.example.org:3478" });
  ice.value = storage.get(ICE_KEY) || "";
  const iceNote = h("p", { class: "muted", text: t("live.ice_help") });
  ice.addEventListener("change", () => {
    try {
      parseIceServers(ice.value);
      storage.set(ICE_KEY, ice.value.trim());
      setAttr(ice, "aria-invalid", null);
      setText(iceNote, t("live.ice_saved"));
    } catch (e) {
      setAttr(ice, "aria-invalid", "true");
      setText(iceNote, /** @type {Error} */ (e).message);
    }
  });
  const settings = h("details", { class: "live-settings" }, h("summary", { text: t("live.settings") }),
    h("label", {}, h("span", { text: t("live.ice_label") }), ice), iceNote);
  const root = h("section", { class: "live-panel", "aria-label": t("live.heading") },
    title, h("div", { class: "live-head" }, state, again), problem, linkRow, replyRow, seats, settings);
  return { root, title, seats, state, problem, linkRow, linkLabel, link, copy, replyRow, reply, again, settings };
}
/** The panel is drawn anew in another language. */
export function forgetLivePanel() { panelRefs = null; }
/** A friend's invitation panel, before its table is there, or a relaying tab's word, drawn again (in a new language). */
export function redrawJoinPanel() {
  // (only that tab's word sits right under the table: a panel of a table has its slot)
  if (relayed !== null && $("table").querySelector(":scope > .live-panel")) return drawRelayed();
  if (!joinSlot || !joinSlot.isConnected) return;
  panelRefs = null;
  drawLivePanel(joinSlot);
}
