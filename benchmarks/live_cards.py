#!/usr/bin/env python3
"""A live Chabashi hand's protocol cost (web/live/cards.js) between Chromium contexts on this
machine: a table of 5 seats — the host, two friends (each a browser context of its own) and two
bots in the host's browser — playing a session of two hands at Instant, inside a network namespace
of its own (tests/e2e_live/netns.py; re-run in one when started outside, which needs root).

    .venv/bin/python benchmarks/live_cards.py [--rounds 3]

Per browser and hand: the *protocol time*, what a live table adds to a local game — the time
each step spends carrying out its plan with the fair deal (the new deck's shuffle and lock by
all five seats, keys to the seats that read a card, cards opened to all; the page's
``pyengine:live-protocol`` spans), with the deck's share apart (``pyengine:live-deck``), for the
first hand (its deck shuffled in the lobby, its table drawn for the first time) and the second
(its deck shuffled during the first); and the end of the session (every seat reveals in turn, every deal verified, the session replayed in the
full engine). People's moves are random and immediate. Medians over the rounds (a fresh table
each), the slowest browser of each table. The machine is shared: figures move with its load.
Prints figures, asserts nothing.
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

# (each page's AI Worker started: three cold Worker starts would take the cores from the hand)
AI_SETTLED = "Boolean(window.pyengineBoot && window.pyengineBoot.worker)"
SPANS = """(name) => performance.getEntriesByName(`pyengine:${name}`).map((e) => [e.startTime, e.duration])"""


def by_hand(protocol: list[list[float]], deck: list[list[float]]) -> tuple[list[float], list[float]]:
    """Per hand, the protocol time and the deck's share (s): a hand starts with the step whose
    span holds its new deck's (a deck span starts inside its step's)."""
    starts = sorted(start for start, _ in deck)
    hands = [0.0] * len(starts)
    for start, duration in protocol:
        k = sum(1 for d in starts if d < start + duration) - 1
        if k >= 0:
            hands[k] += duration / 1000
    return hands, [duration / 1000 for _, duration in sorted(deck)]


def one_table(browser: Any, server: Any, make_context: Any) -> dict[str, Any]:
    contexts = [make_context(browser, server.url, service_workers="block")[0] for _ in range(3)]
    try:
        a = contexts[0].new_page()
        a.goto(server.url + "?speed=instant#games")
        a.evaluate("window.pyengineApp.ready")
        a.locator('.game-card:has-text("Chabashi") button').first.click()
        a.locator("select[name=players]").select_option("5")
        a.locator("select[name=seat1]").select_option("human")
        a.locator("select[name=seat2]").select_option("human")
        a.locator("select[name=where]").select_option("live")
        a.evaluate("document.querySelector('select[name=preset]').selectedOptions[0].value = '2.seed~hand_limit=2'")
        a.locator("form.setup button[type=submit]").click()
        pages = [a]
        for seat, context in ((1, contexts[1]), (2, contexts[2])):
            sel = f'.live-seats [data-seat="{seat}"] .live-link'
            a.wait_for_function(f"(document.querySelector('{sel}') || {{value: ''}}).value.includes('#join=')")
            page = context.new_page()
            page.goto(a.locator(sel).input_value())
            page.wait_for_function("(document.querySelector('.live-link') || {value: ''}).value.includes('#reply=')")
            a.locator(".live-reply").fill(page.locator(".live-link").input_value())
            a.locator('[data-live="connect"]').click()
            pages.append(page)
        a.wait_for_selector('[data-live="start"]:not([disabled])', timeout=30_000)
        for page in pages:  # (each engine up before the clock starts, and its AI Worker: live_daifugo.AI_SETTLED)
            page.evaluate("window.pyengineApp.ready")
            page.wait_for_function(AI_SETTLED, timeout=120_000)
        t0 = time.perf_counter()
        a.locator('[data-live="start"]').click()
        rng = random.Random(7)
        over_at = None
        while True:
            states = [p.evaluate("window.pyengineApp.state()") for p in pages]
            if all(s["status"] == "over" for s in states):
                over_at = over_at or time.perf_counter()
                if all(p.locator('.live-panel[data-state="verified"]').count() for p in pages):
                    break
            for page, s in zip(pages, states, strict=True):
                if s["status"] == "human":
                    legal = page.evaluate("window.pyengineApp.legal()")
                    if legal:
                        page.evaluate("(x) => window.pyengineApp.play(x)", rng.choice(legal))
            time.sleep(0.02)
        done = time.perf_counter()
        hands = [by_hand(p.evaluate(SPANS, "live-protocol"), p.evaluate(SPANS, "live-deck")) for p in pages]
        assert all(len(protocol) == 2 for protocol, _ in hands), "two hands, two decks"
        steps = states[0]["length"]
        return {"session": over_at - t0, "verify": done - over_at, "steps": steps,
                **{f"protocol{k}": max(protocol[k] for protocol, _ in hands) for k in (0, 1)},
                **{f"deck{k}": max(deck[k] for _, deck in hands) for k in (0, 1)}}
    finally:
        for context in contexts:
            context.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if not netns.inside():
        netns.exec_inside([sys.executable, *sys.argv])
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    from conftest import ARGS, Server, built_site, e2e, make_context
    from playwright.sync_api import sync_playwright

    server = Server(built_site())
    tables = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=e2e.CHROMIUM, args=ARGS)
            for _ in range(args.rounds):
                tables.append(one_table(browser, server, make_context))
            browser.close()
    finally:
        server.stop()

    def med(key: str) -> float:
        return statistics.median(t[key] for t in tables)

    print(f"a live Chabashi session of two hands, 5 seats (host + 2 bots in one browser, 2 friends in their own), "
          f"medians of {args.rounds} tables, in a network namespace of its own")
    print(f"  steps in the session                     {med('steps'):6.0f}")
    print(f"  start → session over (wall)              {med('session'):6.2f} s")
    print("  protocol time per hand, the slowest browser (the target: ≤ 0.5 s over a local game)")
    for k, what in ((0, "first hand (its deck shuffled in the lobby)"), (1, "second hand (its deck shuffled during the first)")):
        print(f"    {what:48s} {med(f'protocol{k}'):5.2f} s   (of which waiting for its deck {med(f'deck{k}'):.2f} s)")
    print(f"  session over → verified in every browser {med('verify'):6.2f} s   (reveal, every deal checked, full replay)")


if __name__ == "__main__":
    main()
