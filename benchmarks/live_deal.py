#!/usr/bin/env python3
"""The fair deal's cost (web/live/deal.js): a 5-seat, 54-card Daifugō deal (shuffle, lock, every
card dealt to and read by its holder, then a private pass and its receiver's rehand, and a redeck
of 52 of its positions: a JDF set's next game), under Node and in Chromium from the built site.

    .venv/bin/python benchmarks/live_deal.py [--rounds 3] [--no-browser]

Every seat runs in one thread (tests/live/deal_harness.mjs routes the messages), so the wall
time is all five seats' work together; ``busiest seat`` is the most one seat computed, which is
what one browser does at a real table (the network's round trips aside: the 2 × seats passes
go round in turn); ``verify`` is the end-of-game check of the whole deal, by all five seats. Node also
prints its CPU time (the machine is shared: wall times move with its load). Medians over the
rounds, after one round to warm up. Prints figures, asserts nothing. The browser part needs
``./dev test``'s set-up (Chromium, Playwright) and builds ``public/`` when it is missing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

NODE_BENCH = """
import * as lib from "./web/live/deal.js";
import { benchDeal } from "./tests/live/deal_harness.mjs";
const rounds = [];
for (let r = 0; r <= ROUNDS; r++) {
  const c0 = process.cpuUsage();
  const out = benchDeal(lib);
  const c = process.cpuUsage(c0);
  out.cpu_s = (c.user + c.system) / 1e6;
  if (r > 0) rounds.push(out);
}
process.stdout.write(JSON.stringify(rounds));
"""

BROWSER_BENCH = """async (rounds) => {
  const out = [];
  for (let r = 0; r <= rounds; r++) {
    const one = window.harness.benchDeal(window.deal);
    if (r > 0) out.push(one);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return out;
}"""


def median(rounds: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in rounds)


def show(where: str, rounds: list[dict[str, Any]]) -> None:
    assert all(r["readable"] and r["verified_ok"] for r in rounds)
    cpu = f"   (CPU {median(rounds, 'cpu_s'):.2f} s)" if "cpu_s" in rounds[0] else ""
    print(f"{where:9}  shuffle+lock {median(rounds, 'shuffle_lock_s'):5.2f} s   deal {median(rounds, 'deal_s'):5.2f} s   "
          f"whole deal {median(rounds, 'whole_s'):5.2f} s   busiest seat {median(rounds, 'busiest_seat_s'):5.2f} s   "
          f"verify (5 seats) {median(rounds, 'verify_all_seats_s'):5.2f} s{cpu}")
    print(f"{'':9}  a rehand of {rounds[0]['rehand_cards']} cards after a private pass: its seat "
          f"{median(rounds, 'rehand_seat_s') * 1000:4.1f} ms, each other seat {median(rounds, 'rehand_others_s') * 1000:4.1f} ms")
    print(f"{'':9}  a redeck of {rounds[0]['redeck_cards']} kept cards (strips, shuffle, lock): "
          f"{median(rounds, 'redeck_s'):5.2f} s, busiest seat {median(rounds, 'redeck_busiest_seat_s'):5.2f} s")


def node(rounds: int) -> list[dict[str, Any]]:
    done = subprocess.run(["node", "--input-type=module", "-e", NODE_BENCH.replace("ROUNDS", str(rounds))],
                          capture_output=True, text=True, cwd=ROOT, timeout=600, check=True)
    out: list[dict[str, Any]] = json.loads(done.stdout)
    return out


def browser(rounds: int) -> list[dict[str, Any]]:
    from conftest import ARGS, CHROMIUM, Server, make_context
    from playwright.sync_api import sync_playwright
    from test_live_deal import open_deal_page

    import build

    site = ROOT / "public"
    if not (site / "index.html").exists():
        build.build()
    server = Server(site)
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context, guard = make_context(b, server.url, service_workers="block")
            page = open_deal_page(context, server, site)
            out: list[dict[str, Any]] = page.evaluate(BROWSER_BENCH, rounds)
            assert guard.blocked == []
            b.close()
    finally:
        server.stop()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    print(f"5 seats, 54 cards, medians of {args.rounds} rounds (after one to warm up)")
    show("Node", node(args.rounds))
    if not args.no_browser:
        show("Chromium", browser(args.rounds))


if __name__ == "__main__":
    main()
