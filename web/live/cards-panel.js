// The live card table's panels (web/live/cards.js): the host's lobby (an invitation per friend,
// the replies pasted back, Start) and the line above the table while it is played (who is live,
// who is away with a New invitation for them, the verification and the record at the end).
import { h, notify } from "../dom.js";
import { engine } from "../engine-start.js";
import { gameName, t, tOr } from "../i18n.js";
import { $ } from "../page.js";
import { app } from "../state.js";
import { drawOpening, shareUrl } from "../table.js";
import { friendSeats, problem, seatLabel, table } from "./cards-state.js";
import { SignalError } from "./signal.js";
import { linkTo } from "./table.js";

/** What the lobby's Start does (set by web/live/cards.js). */
export const lobby = { start: () => {} };
/** @param {string} text */
export async function takeCardReply(text) {
  if (!table.host) return false;
  try {
    await table.host.accept(text.replace(/^.*#reply=/, ""));
    return true;
  } catch (e) {
    notify(e instanceof SignalError ? t(`live.reply_${e.code}`) : /** @type {Error} */ (e).message, [], "error");
    return false;
  }
}
/** @type {HTMLElement | null} */
let lobbyEl = null;
export function drawLobby() {
  if (table.running || !table.setup) return;
  if (!lobbyEl || !lobbyEl.isConnected) {
    drawOpening();
    lobbyEl = h("section", { class: "live-panel live-lobby", "aria-label": t("live.heading") });
    $("table").replaceChildren(lobbyEl);
  }
  lobbyEl.setAttribute("aria-label", t("live.heading")); // (drawn again in a new language: web/app.js)
  const friends = friendSeats();
  const bots = table.setup.seats.some(([, kind]) => kind !== "human");
  const ready = friends.every((i) => table.states[i] === "open");
  lobbyEl.dataset.state = ready ? "ready" : "invited";
  lobbyEl.replaceChildren(...[
    h("p", { class: "live-title", text: t("live.game_of", { game: gameName(table.setup.game) }) }),
    h("p", { class: "live-state", role: "status", text: ready ? t("live.cards_ready") : t("live.cards_invite") }),
    seatRows(friends, true),
    ready ? null : replyBox(),
    bots ? h("p", { class: "muted", text: t("live.bots_here") }) : null,
    h("div", { class: "row" }, h("button", { type: "button", class: "primary", "data-live": "start", disabled: !ready, text: t("live.start"),
      onclick: () => lobby.start() }))].filter((x) => x !== null));
}
/** The friends' seats with their state, and each one's invitation link until it is open (with
 * a New invitation button for a seat whose connection dropped mid-game); with `all`, the seats of
 * this page's person and its bots between them, each saying who plays it.
 * @param {number[]} friends @param {boolean} [all] */
function seatRows(friends, all = false) {
  const seats = all && table.setup ? table.setup.seats.map((_, i) => i) : friends;
  return h("ul", { class: "live-seats" }, seats.map((i) => {
    if (!friends.includes(i)) return h("li", { "data-seat": i, "data-who": i === table.me ? "you" : "bot" }, h("span", { class: "live-seat-name", text: seatLine(i) }));
    const state = table.states[i] || "preparing";
    const starting = state === "open" && startingSeats().includes(i);
    const word = starting ? "starting" : state === "open" || state === "failed" || state === "closed" || state === "preparing" ? state : "waiting";
    const link = h("input", { type: "text", readonly: true, class: "live-link", value: table.links[i] || "", "aria-label": t("live.link_for", { seat: seatLabel(i) }) });
    const away = state === "closed" || state === "failed";
    return h("li", { "data-seat": i, "data-state": state, ...(starting ? { "data-engine": "starting" } : {}) },
      h("span", { class: "live-seat-name", text: `${seatLabel(i)} · ${t(`live.seat_${word}`)}` }),
      away ? h("button", { type: "button", "data-live": "reinvite", text: t("live.new_invitation"), onclick: () => void reinvite(i) })
        : state === "open" || !link.value ? null : h("span", { class: "live-link-box" }, link,
          h("button", { type: "button", "data-live": "copy", text: t("live.copy_invitation"), onclick: async () => {
            try { await navigator.clipboard.writeText(link.value); notify(t("live.copied")); } catch { link.select(); notify(t("notice.copy_failed")); }
          } })));
  }));
}
/** A seat and who plays it, seen from this page's seat: you, the host, a friend, or a computer
 * (of the host's browser) and its level. @param {number} i */
function seatLine(i) {
  const kind = table.setup ? table.setup.seats[i][1] : "human";
  const level = kind.startsWith("bot:") ? kind.slice(4) : "";
  const who = i === table.me ? t("live.who_you") : level ? t("setup.bot", { level: tOr(`level.${level}`, level) })
    : i === 0 ? t("live.who_host") : t("live.who_friend");
  return `${seatLabel(i)} · ${who}`;
}
/** Who sits where at the table a friend's page joined, once the host has said (every friend in
 * the lobby): one line a seat. */
export function guestSeats() {
  return table.role === "guest" && table.setup ? table.setup.seats.map((_, i) => seatLine(i)) : [];
}
/** Where the host pastes the replies its friends send back (what is pasted there stays when the
 * panel is drawn again). */
function replyBox() {
  const before = /** @type {HTMLInputElement | null} */ ($("table").querySelector(".live-reply"));
  const reply = h("input", { type: "text", class: "live-reply", placeholder: t("live.reply_placeholder"), "aria-label": t("live.reply_label"), value: before ? before.value : "" });
  return h("label", { class: "live-row" }, h("span", { text: t("live.paste_replies") }),
    h("span", { class: "live-link-box" }, reply, h("button", { type: "button", "data-live": "connect", text: t("live.connect"),
      onclick: async () => { if (reply.value.trim() && await takeCardReply(reply.value.trim())) reply.value = ""; } })));
}
/** A new invitation for a friend whose connection dropped mid-game (their page, reloaded or not,
 * takes the game up again where it was). @param {number} seat */
async function reinvite(seat) {
  if (!table.host || !table.setup) return;
  table.states[seat] = "preparing";
  table.links[seat] = ""; // (the old invitation is replaced)
  drawLobby();
  drawStatus();
  try {
    table.links[seat] = linkTo("join", await table.host.invite(seat, { game: table.setup.game, seat, cards: true }));
  } catch (e) {
    table.states[seat] = "failed";
    problem(/** @type {Error} */ (e).message);
  }
  drawLobby();
  drawStatus();
}

// ---------------------------------------------------------------- the live line above the table
/** The live table's line above the table: who plays, then the verification and the record.
 * @param {HTMLElement} slotEl */
export function drawCardsPanel(slotEl) {
  slotEl.hidden = false;
  let panel = /** @type {HTMLElement | null} */ (slotEl.querySelector(":scope > .live-panel"));
  if (!panel) { panel = h("section", { class: "live-panel", "aria-label": t("live.heading") }); slotEl.replaceChildren(panel); }
  const v = table.verified;
  // a friend away (their connection dropped, or their page reloaded): the table waits for them,
  // and the host sends them a new invitation
  const away = table.role === "host" && !v
    ? Object.entries(table.states).flatMap(([seat, state]) => (state !== "open" ? [Number(seat)] : [])) : [];
  const hostLost = table.role === "guest" && table.guest && (table.guest.state === "closed" || table.guest.state === "failed");
  // a friend's browser still starting its engine: the deal waits for it
  const starting = v || table.verifying ? [] : startingSeats();
  const text = v ? verdict(v)
    : table.stranded ? table.stranded
      : away.length ? t("live.cards_lost", { seats: away.map(seatLabel).join(", ") })
        : hostLost ? t("live.cards_lost_host")
          : table.verifying ? t("live.cards_verifying")
            : starting.length ? t("live.cards_starting", { seats: starting.map(seatLabel).join(", ") })
              : t("live.cards_playing", { n: table.setup ? table.setup.seats.filter(([, k]) => k === "human").length : 0 });
  panel.dataset.state = v ? (v.ok ? "verified" : "failed") : table.stranded ? "failed" : away.length || hostLost ? "lost"
    : table.verifying ? "verifying" : starting.length ? "starting" : "open";
  /** @type {HTMLElement[]} */
  const parts = [h("p", { class: "live-state", role: "status", text })];
  if (away.length) {
    parts.push(seatRows(away));
    if (away.some((i) => table.states[i] === "invited" || table.states[i] === "connecting")) parts.push(replyBox());
  }
  if (v && v.ok && v.fragment) parts.push(h("div", { class: "row" }, h("a", { class: "button primary", "data-live": "record", href: shareUrl(v.fragment), text: t("live.cards_record") })));
  const sig = JSON.stringify([text, v && v.fragment, away.map((i) => [i, table.states[i], table.links[i]])]);
  if (panel.dataset.sig !== sig) { panel.dataset.sig = sig; panel.replaceChildren(...parts); }
}
/** What the end's check found, in words. @param {NonNullable<typeof table.verified>} v */
const verdict = (v) => (v.ok ? t("live.cards_verified") : t("live.cards_cheat", { what: v.problem || "", ply: v.ply ?? "" }));
/** The live table's end as its summary shows it (the shell's ctx.liveEnd): the deal being
 * checked, then the verdict and the record with every hand; null while the game is on.
 * @returns {LiveEnd | null} */
export function liveEnd() {
  const v = table.verified;
  if (v) return v.ok ? { state: "verified", text: verdict(v), ...(v.fragment ? { href: shareUrl(v.fragment) } : {}) } : { state: "failed", text: verdict(v) };
  return table.verifying ? { state: "verifying", text: t("live.cards_verifying") } : null;
}
export function drawStatus() {
  const el = /** @type {HTMLElement | null} */ ($("table").querySelector(":scope > [data-slot='live']"));
  if (el && app.view && app.view.live) drawCardsPanel(el);
}

// ---------------------------------------------------------------- browsers still starting
// A friend who opens an invitation in a browser that has never visited the site waits for its
// engine to start (seconds on a phone) before its page can take part in the deal: the table says
// whose browser it waits for, rather than "Dealing…" with no reason. A friend's page says
// {t: "engine"} once its engine is up (on every new connection); the host tells every friend
// {t: "starting", seats} whenever that changes (its own seat too, while its engine starts).
/** The other browsers' seats still starting their engine (the friends' on the host's page; the
 * host's word on a friend's). */
export function startingSeats() {
  if (table.role === "guest") return table.starting.filter((s) => s !== table.me);
  return friendSeats().filter((i) => table.states[i] === "open" && !table.engines.has(i));
}
/** A friend's page: tells the host that its engine is up (once it is, and the connection open);
 * the host's page: tells every friend whose browser is still starting. */
export function sayStarting() {
  if (table.role === "guest" && table.guest && table.guest.state === "open" && engine.state === "ready") table.guest.send({ t: "engine" });
  if (table.role === "host" && table.host) table.host.broadcast({ t: "starting", seats: [...(engine.state === "ready" ? [] : [table.me]), ...startingSeats()] });
}
/** {t: "engine"} from a friend (the host hears it, and tells the others), or {t: "starting"}
 * from the host (a friend hears it; a friend whose engine is up and whom the host still counts
 * as starting says so again: a word lost as a connection was replaced would otherwise hold the
 * table on "waiting for Player N" for good, and the host hears each friend's word once).
 * @param {number} from @param {any} body */
export function heardStarting(from, body) {
  if (body.t === "engine" && table.role === "host") {
    if (table.engines.has(from)) return;
    table.engines.add(from);
    sayStarting();
    drawLobby();
  } else if (body.t === "starting" && table.role === "guest" && Array.isArray(body.seats)) {
    table.starting = body.seats.filter(Number.isInteger);
    if (table.starting.includes(table.me)) sayStarting();
  } else {
    return;
  }
  drawStatus();
}
