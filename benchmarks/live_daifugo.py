#!/usr/bin/env python3
"""A live Daifugō table of five friends (web/live/cards.js), each in a Chromium context of its
own on this machine, every seat a person, through the app as people use it (the host's set-up,
an invitation and a reply per friend), inside a network namespace of its own
(tests/e2e_live/netns.py; re-run in one when started outside, which needs root). The rules: the
popular preset with two jokers (a 54-card deck) and one game; with ``--blind``, four of its
cards lie out as blind cards (50 dealt), so who leads under ♦3 is found by every seat together
(web/live/lowest.js), and the figures add that read's time (its pages' ``pyengine:live-lowest``
spans).

    .venv/bin/python benchmarks/live_daifugo.py [--rounds 3] [--plays 8] [--blind]

It measures issue 31's two targets:

- **the deal**: from the host's click on *Start the game* to every page showing its whole hand
  (the seating, dealer and leader drawn by commit–reveal among the five seats, the 54-card deck
  shuffled and locked by all five in turn — in the lobby, once every friend is connected, so that
  at Start only what is left of it is waited for — every card given to its holder by the others'
  keys, each step advanced in every page's engine and drawn). Target: ≤ 2 s. And where it goes:
  Start → every page's table drawn, → the deck wanted (the draws done), the wait for its shuffle
  and lock (the pages' ``pyengine:live-deck`` spans), → the first card in every hand, then the time
  per further card (each a lockstep step) and its share of the pages' ``pyengine:live-protocol``
  spans.
- **a play**: from the host's click on *Play* (its cards selected in its hand) to each other page
  showing the played cards on its table's field (the move broadcast, every page's plan, the
  host's keys of those cards sent to all, each page reading them, advancing its engine and
  drawing). Target: ≤ 150 ms on one machine. Only the host's plays without a joker are clicked
  and timed; the other seats play random legal moves through ``window.pyengineApp``, and each
  timed play waits until every page has drawn it before anyone moves on.

Every page stamps, with a MutationObserver, when its hand's size and its field's cards change
(``performance.timeOrigin + performance.now()``: one clock for every page of one machine; the
script prints how far the pages' clocks are from Python's, read by round trips), and the next
animation frame after that (``drawn``: what the person sees). The friends' pages open their
invitation links as they are (the app's default speed: the deal's cards fly in by CSS after they
are in the page, which these times leave out); the host's page is at Instant. Each round is a
fresh table of five new contexts (five cold engine starts, not timed). Medians and the worst
over the rounds; plays over every timed play and every receiving page. The machine is shared
and has 2 cores for five pages: figures move with its load. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e_live"))
import netns  # noqa: E402

SEATS = 5
CARDS = 54
# What every page stamps: its hand's size and its field's cards whenever they change, and the
# next animation frame after each change.
STAMPS = """
window.bench = { hand: [], field: [], table: null };
const now = () => performance.timeOrigin + performance.now();
let lastHand = -1, lastField = null;
const stamp = (list, value) => {
  const entry = [now(), value, null];
  list.push(entry);
  requestAnimationFrame(() => { entry[2] = now(); });
};
new MutationObserver(() => {
  if (window.bench.table === null && document.querySelector(".game-table .ck-hand")) window.bench.table = now();
  const n = document.querySelectorAll(".ck-hand .ck-cardbtn").length;
  if (n !== lastHand) { lastHand = n; stamp(window.bench.hand, n); }
  const top = document.querySelector(".ck-field-top");
  const key = top ? Array.from(top.children, (c) => c.dataset.face).sort().join(".") : "";
  if (key !== lastField) { lastField = key; stamp(window.bench.field, key); }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-face"] });
"""
NOW = "() => performance.timeOrigin + performance.now()"
HAND_SIZE = "() => document.querySelectorAll('.ck-hand .ck-cardbtn').length"
# The host's click on Start, stamped in its page.
# A page's AI Worker has started (making the interpreter snapshot on a fresh profile): until it
# has, the five pages' cold Worker starts take the machine's two cores from the deal (the deal
# then took 4.5 s, 2.0 s after), which five friends' own machines would not share.
AI_SETTLED = "Boolean(window.pyengineBoot && window.pyengineBoot.worker)"
START = """() => { const t = performance.timeOrigin + performance.now();
  document.querySelector('[data-live="start"]').click(); return t; }"""
# The host selects the cards of a play in its hand and clicks Play; null when that is not what
# its table offers now.
PLAY = """(ids) => {
  if (document.querySelector("[data-mode]")?.dataset.mode !== "play") return null;
  const buttons = ids.map((id) => document.querySelector(`.ck-hand .ck-cardbtn[data-card="${id}"]`));
  if (buttons.some((b) => !b)) return null;
  for (const b of buttons) b.click();
  const play = document.querySelector('[data-df="play"]');
  if (!play || play.disabled || play.hidden) { document.querySelector('[data-df="clear"]')?.click(); return null; }
  const t = performance.timeOrigin + performance.now();
  play.click();
  return t;
}"""
# When a page's field first showed these cards after t (its stamp and the next frame's).
SHOWN = """([key, t]) => { const e = window.bench.field.find(([at, k, f]) => at >= t && k === key && f !== null);
  return e ? [e[0], e[2]] : null; }"""
SPANS = """(name) => performance.getEntriesByName(`pyengine:${name}`).map((e) => e.duration)"""
# The page's protocol spans (each step's plan carried out with the fair deal) between two moments.
DECK_START = """() => { const e = performance.getEntriesByName("pyengine:live-deck")[0];
  return e ? performance.timeOrigin + e.startTime : null; }"""
PROTOCOL = """([t0, t1]) => performance.getEntriesByName("pyengine:live-protocol")
  .filter((e) => performance.timeOrigin + e.startTime >= t0 && performance.timeOrigin + e.startTime < t1)
  .reduce((sum, e) => sum + e.duration, 0)"""


def clock_offsets(pages: list[Any]) -> list[float]:
    """Each page's clock minus Python's, in ms (the middle of the tightest of a few round trips)."""
    out = []
    for page in pages:
        best = None
        for _ in range(5):
            before = time.time() * 1000
            at = page.evaluate(NOW)
            after = time.time() * 1000
            if best is None or after - before < best[0]:
                best = (after - before, at - (before + after) / 2)
        assert best is not None
        out.append(best[1])
    return out


def set_up(browser: Any, server: Any, blind: bool = False) -> tuple[list[Any], list[Any]]:
    """The host's set-up and its four friends connected, every engine up; returns the contexts
    and the pages (the host's first)."""
    # (no request guard, unlike the tests: a routed request waits for this script's Playwright
    # client to handle it, which it does only while it is in a Playwright call; the namespace
    # reaches nothing outside anyway)
    contexts = [browser.new_context(service_workers="block") for _ in range(SEATS)]
    for context in contexts:
        context.add_init_script(STAMPS)
    a = contexts[0].new_page()
    a.goto(server.url + "?speed=instant#games")
    a.evaluate("window.pyengineApp.ready")
    a.locator('.game-card:has-text("Daifugō") button').first.click()
    form = a.locator("form.setup")
    form.locator("select[name=players]").select_option(str(SEATS))
    for seat in range(1, SEATS):
        form.locator(f"select[name=seat{seat}]").select_option("human")
    form.locator("select[name=where]").select_option("live")
    form.locator(".df-rules > summary").click()
    want = {"match.games": "1", "deck.jokers": "2"}
    code = "document.querySelector('form.setup .df-rules-code').textContent"
    for _ in range(5):  # (the rules panel redraws after each change: a late redraw may undo the other)
        for path, value in want.items():
            if f"{path}={value}" not in a.evaluate(code):
                form.locator(f'[data-path="{path}"]').fill(value)
                form.locator(f'[data-path="{path}"]').dispatch_event("change")
                a.wait_for_function(f"(s) => {code}.includes(s)", arg=f"{path}={value}")
        a.wait_for_timeout(500)
        if all(f"{path}={value}" in a.evaluate(code) for path, value in want.items()):
            break
    else:
        raise AssertionError(f"the rules panel did not take {want}: {a.evaluate(code)}")
    if blind:
        form.locator('select[data-path="deck.remainder"]').select_option("blind")
        a.wait_for_function(f"() => {code}.includes('deck.remainder=blind')")
    form.locator("button[type=submit]").click()
    pages = [a]
    for seat in range(1, SEATS):
        sel = f'.live-seats [data-seat="{seat}"] .live-link'
        try:
            a.wait_for_function(f"(document.querySelector('{sel}') || {{value: ''}}).value.includes('#join=')", timeout=60_000)
        except Exception:
            raise AssertionError(f"no invitation for seat {seat}: "
                                 + str(a.evaluate("[document.querySelector('.live-lobby')?.outerHTML.slice(0, 3000), "
                                                  "document.getElementById('notice').textContent]"))) from None
        page = contexts[seat].new_page()
        page.goto(a.locator(sel).input_value())
        pages.append(page)
    for seat, page in enumerate(pages[1:], start=1):
        page.wait_for_function("(document.querySelector('.live-link') || {value: ''}).value.includes('#reply=')",
                               timeout=60_000)
        a.locator(".live-reply").fill(page.locator(".live-link").input_value())
        a.locator('[data-live="connect"]').click()
        # (the lobby is drawn afresh when a seat's connection changes: one reply at a time)
        a.wait_for_selector(f'.live-seats [data-seat="{seat}"][data-state="open"]', timeout=30_000)
    a.wait_for_selector('[data-live="start"]:not([disabled])', timeout=30_000)
    for page in pages:  # (every engine up before the clock starts, and each page's AI Worker: see AI_SETTLED)
        page.evaluate("window.pyengineApp.ready")
        page.wait_for_function(AI_SETTLED, timeout=120_000)
    return contexts, pages


def one_table(browser: Any, server: Any, plays: int, rng: random.Random, blind: bool = False) -> dict[str, Any]:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    cards = CARDS - (CARDS % SEATS if blind else 0)
    contexts, pages = set_up(browser, server, blind)
    try:
        skew = clock_offsets(pages)
        a = pages[0]
        t0 = a.evaluate(START)
        end = time.monotonic() + 120
        while sum(p.evaluate(HAND_SIZE) for p in pages) < cards:
            assert time.monotonic() < end, f"not dealt: {[p.evaluate(HAND_SIZE) for p in pages]}"
            a.wait_for_timeout(50)
        for page in pages:  # (the next frames)
            page.wait_for_function("() => window.bench.hand.every(([, , frame]) => frame !== null)")
        logs = [p.evaluate("window.bench.hand") for p in pages]
        full = [max(n for _, n, _ in log) for log in logs]
        assert sum(full) == cards, full
        first_card = max(next(at for at, n, _ in log if n > 0) for log in logs) - t0
        whole = [next((at, frame) for at, n, frame in log if n == f) for log, f in zip(logs, full, strict=True)]
        deck = max(sum(p.evaluate(SPANS, "live-deck")) for p in pages)
        tables_up = max(p.evaluate("window.bench.table") for p in pages) - t0
        deck_start = max(p.evaluate(DECK_START) for p in pages) - t0
        last = max(at for at, _ in whole)
        protocol = max(p.evaluate(PROTOCOL, [t0 + first_card, last]) for p in pages)
        table = {"skew": max(skew) - min(skew), "first_card": first_card / 1000, "deck": deck / 1000,
                 "tables": tables_up / 1000, "deck_start": deck_start / 1000, "per_card": (last - t0 - first_card) / (cards - 1),
                 "per_card_protocol": protocol / (cards - 1),
                 "lowest": max(sum(p.evaluate(SPANS, "live-lowest")) for p in pages),
                 "dealt": max(at for at, _ in whole) / 1000 - t0 / 1000,
                 "dealt_drawn": max(frame for _, frame in whole) / 1000 - t0 / 1000, "plays": [], "missed": 0}

        end = time.monotonic() + 240
        while len(table["plays"]) < plays and time.monotonic() < end:
            states = [p.evaluate("window.pyengineApp.state()") for p in pages]
            if any(s["status"] == "over" for s in states):
                break
            for i, (page, s) in enumerate(zip(pages, states, strict=True)):
                if s["status"] != "human":
                    continue
                legal = page.evaluate("window.pyengineApp.legal()")
                if not legal:
                    continue
                timed = [x for x in legal if x != "pass" and "JK" not in x and "=" not in x and ":" not in x]
                if i == 0 and timed:
                    ids = rng.choice(timed).split(".")
                    t = a.evaluate(PLAY, ids)
                    if t is not None:
                        key = ".".join(sorted(ids))
                        shown = []
                        try:
                            a.wait_for_function("(key) => window.bench.field.some(([, k]) => k === key)", arg=key, timeout=5000)
                        except PlaywrightTimeout:  # (an 8-cut or the like clears the field at once: not timed)
                            table["missed"] += 1
                            break
                        for other in pages[1:]:
                            other.wait_for_function(SHOWN, arg=[key, t], timeout=30_000)
                            shown.append(other.evaluate(SHOWN, [key, t]))
                        table["plays"].append([(at - t, frame - t) for at, frame in shown])
                        break
                page.evaluate("(x) => window.pyengineApp.play(x)", rng.choice(legal))
            a.wait_for_timeout(20)
        return table
    finally:
        for context in contexts:
            context.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--plays", type=int, default=8, help="the host's plays timed per table (at most)")
    ap.add_argument("--blind", action="store_true", help="four blind cards: the lead found by every seat together")
    args = ap.parse_args()
    if not netns.inside():
        netns.exec_inside([sys.executable, *sys.argv])
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    from conftest import ARGS, Server, built_site, e2e
    from playwright.sync_api import sync_playwright

    server = Server(built_site())
    rng = random.Random(7)
    tables = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=e2e.CHROMIUM, args=ARGS)
            for _ in range(args.rounds):
                tables.append(one_table(browser, server, args.plays, rng, args.blind))
            browser.close()
    finally:
        server.stop()

    def line(label: str, values: list[float], unit: str, scale: float, target: str = "") -> None:
        print(f"  {label:50} median {statistics.median(values) * scale:7.{0 if unit == 'ms' else 2}f} {unit}   "
              f"worst {max(values) * scale:7.{0 if unit == 'ms' else 2}f} {unit}{target}")

    print(f"a live Daifugō table of {SEATS} friends' browsers ({CARDS} cards"
          + (f", {CARDS % SEATS} of them blind" if args.blind else "") + ", every seat a person), "
          f"{args.rounds} tables, in a network namespace of its own; a shared 2-core machine: figures move with its load")
    print(f"  pages' clocks against Python's: spread at most {max(t['skew'] for t in tables):.1f} ms")
    print(f"the deal, from the host's Start (the slowest page of each table; {len(tables)} tables)")
    line("Start → every page's table", [t["tables"] for t in tables], "s", 1)
    line("Start → the deck wanted (the draws done)", [t["deck_start"] for t in tables], "s", 1)
    line("waiting for its shuffle + lock (lobby)", [t["deck"] for t in tables], "s", 1)
    line("Start → the first card in every hand", [t["first_card"] for t in tables], "s", 1)
    line("then each further card, every page", [t["per_card"] for t in tables], "ms", 1)
    line("  of which the protocol (slowest page)", [t["per_card_protocol"] for t in tables], "ms", 1)
    line("Start → every page's whole hand (in the page)", [t["dealt"] for t in tables], "s", 1)
    line("Start → every page's whole hand (drawn)", [t["dealt_drawn"] for t in tables], "s", 1, "   (target ≤ 2 s)")
    if args.blind:
        line("  of which who leads, found together (slowest page)", [t["lowest"] / 1000 for t in tables], "s", 1)
    every = [x for t in tables for play in t["plays"] for x in play]
    slowest = [max(play, key=lambda x: x[1]) for t in tables for play in t["plays"]]
    if not every:
        print("a play: none timed")
        return
    print(f"a play, from the host's click on Play to each other page's field ({len(slowest)} plays × {SEATS - 1} pages"
          + (f"; {sum(t['missed'] for t in tables)} not timed: the field cleared at once" if any(t["missed"] for t in tables) else "")
          + ")")
    line("every page (in the page)", [x[0] for x in every], "ms", 1)
    line("every page (drawn)", [x[1] for x in every], "ms", 1, "   (target ≤ 150 ms)")
    line("the slowest page of each play (drawn)", [x[1] for x in slowest], "ms", 1)


if __name__ == "__main__":
    main()
