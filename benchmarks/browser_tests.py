#!/usr/bin/env python3
"""What a page of the browser tests costs, in the two kinds of browser they use
(tests/e2e/conftest.py), measured in one run:

* fresh: an off-the-record context routed through ``Guard`` (``make_context``), whose Cache
  Storage already holds the engine's snapshot (the first page made it);
* returning: a copy of a ``Profiles`` profile (not routed: Chromium keeps its HTTP cache and
  its code cache, so the WebAssembly and scripts come compiled).

For each, ``--pages`` pages of a Daifugō table (a person and three bots, Instant) are opened one
after another: the time from opening to ``pyengineApp.ready`` and the CPU time Chromium's
processes spent on the page (all threads, read from /proc before the page closes, 3 s after it
was ready). Prints medians; asserts nothing.

    .venv/bin/python benchmarks/browser_tests.py [--pages 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from conftest import ARGS, CHROMIUM, SNAPSHOT_KEPT, Profiles, Server, make_context  # noqa: E402

from pyengine.app.session import Session  # noqa: E402


def chromium_cpu() -> float:
    """CPU seconds of every live Chromium process (user and system, all threads)."""
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if "chromium" not in Path(f"/proc/{pid}/cmdline").read_text():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            continue
    return total / os.sysconf("SC_CLK_TCK")


def pages(context: Any, url: str, count: int) -> tuple[list[float], list[float]]:
    ready, cpu = [], []
    for _ in range(count):
        c0, t0 = chromium_cpu(), time.perf_counter()
        page = context.new_page()
        page.goto(url)
        page.evaluate("window.pyengineApp.ready")
        ready.append(time.perf_counter() - t0)
        time.sleep(3)
        cpu.append(chromium_cpu() - c0)
        page.close()
        time.sleep(1)
    return ready, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=5)
    args = ap.parse_args()
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    from playwright.sync_api import sync_playwright

    server = Server(ROOT / "public")
    fragment = Session.new("daifugo", "1.popular~match.games=2",
                           [("", k) for k in ["human", "bot:normal", "bot:normal", "bot:normal"]], 7).fragment()
    url = server.url + "?speed=instant#" + fragment
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            fresh, _ = make_context(browser, server.url, service_workers="block")
            first = fresh.new_page()
            first.goto(server.url)
            first.wait_for_function(SNAPSHOT_KEPT, polling=250, timeout=180000)
            first.close()
            results = {"fresh (routed)": pages(fresh, url, args.pages)}
            fresh.close()
            browser.close()
            profiles = Profiles(p, server, Path(tmp))
            returning, _ = profiles.open()
            results["returning (profile)"] = pages(returning, url, args.pages)
            returning.close()
            profiles.nowhere.close()
    finally:
        server.stop()
    print(f"{args.pages} pages each, median: ready (s), Chromium CPU (s)")
    for name, (ready, cpu) in results.items():
        print(f"  {name:20} {statistics.median(ready):5.2f}  {statistics.median(cpu):5.2f}")
    (r0, c0), (r1, c1) = ([statistics.median(x) for x in v] for v in results.values())
    print(f"  returning / fresh: ready {r1 / r0:.2f}×, CPU {c1 / c0:.2f}×")


if __name__ == "__main__":
    main()
