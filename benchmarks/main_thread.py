#!/usr/bin/env python3
"""The page's main thread while bots play: the longest task (Chromium's long tasks and a
``setTimeout(0)`` ticker, as the browser tests once asserted) over a few seconds of two
``strong`` Cetkaik bots at Fast, against the same page with the bots paused, in one run.

    .venv/bin/python benchmarks/main_thread.py [--rounds 3] [--seconds 3]

Prints the figures and their ratio; asserts nothing (tests/e2e/test_app.py checks what cannot
depend on the machine's load: the page has no interpreter and the moves come from the AI Worker).
Needs ``./dev test``'s set-up (Chromium, Playwright) and a built ``public/``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from conftest import ARGS, CHROMIUM, OBSERVE_MAIN_THREAD, Server, make_context  # noqa: E402

WATCH = """(ms) => new Promise((resolve) => {
  let worst = 0, last = performance.now();
  const start = last, firstLong = seenLong.length;
  const tick = () => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (now - start < ms) setTimeout(tick, 0);
    else resolve({ gap: worst, longest: Math.max(0, ...seenLong.slice(firstLong).map(([, d]) => d)) });
  };
  setTimeout(tick, 0);
})"""


def one_round(browser: Any, server: Server, seconds: float) -> tuple[dict[str, float], dict[str, float], int]:
    context, _ = make_context(browser, server.url, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE_MAIN_THREAD)
        page.goto(server.url + "?speed=fast")
        page.evaluate("window.pyengineApp.ready")
        card = page.locator('.game-card[data-game="cetkaik"]')
        card.locator('[data-action="new"]').click()
        form = card.locator(".setup")
        for i in range(2):
            form.locator(f'select[name="seat{i}"]').select_option("bot:strong")
        form.locator('button[type="submit"]').click()
        page.wait_for_function("window.pyengineBoot.worker !== undefined && window.pyengineApp.state().length >= 4",
                               timeout=120000)
        before = page.evaluate("window.pyengineApp.state().length")
        playing = page.evaluate(WATCH, seconds * 1000)
        plies = page.evaluate("window.pyengineApp.state().length") - before
        page.locator('[data-tool="pause"]').click()
        page.evaluate("window.pyengineApp.settled()")
        paused = page.evaluate(WATCH, seconds * 1000)
        return playing, paused, plies
    finally:
        context.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    from playwright.sync_api import sync_playwright

    site = ROOT / "public"
    if not (site / "index.html").exists():
        sys.exit("build public/ first: .venv/bin/python build.py")
    server = Server(site)
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(args.rounds):
            rows.append(one_round(browser, server, args.seconds))
        browser.close()
    server.stop()
    for what, i in (("bots playing", 0), ("bots paused", 1)):
        gaps = [r[i]["gap"] for r in rows]
        longs = [r[i]["longest"] for r in rows]
        print(f"{what:13}: longest setTimeout gap median {statistics.median(gaps):.0f} ms (max {max(gaps):.0f}); "
              f"longest task median {statistics.median(longs):.0f} ms (max {max(longs):.0f})")
    print(f"plies shown while watched: {[r[2] for r in rows]}")
    ratio = statistics.median(r[0]["gap"] for r in rows) / max(1.0, statistics.median(r[1]["gap"] for r in rows))
    print(f"ratio of the longest gaps, playing / paused: {ratio:.2f}")


if __name__ == "__main__":
    main()
