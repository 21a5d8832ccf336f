#!/usr/bin/env python3
"""Load-time benchmark: the app versus a bare page that only boots the same Pyodide + wheel.

    .venv/bin/python benchmarks/load.py [--rounds 7]

In one run, alternating app and bare page so that machine noise hits both alike:
* cold: a fresh browser context each time (empty HTTP cache, no service worker), time
  from navigation start to interactive (the app: ``pyengineApp.ready``; the bare page:
  Pyodide booted and ``import pyengine`` done), bytes transferred and request count;
* warm: the app reloaded in a context whose service worker has cached it and which holds
  the interpreter snapshot the first visit leaves (``web/pyodide-boot.mjs``), next to the
  bare page reloaded from the HTTP cache (which has no snapshot).
Prints medians and ratios; asserts nothing (figures, not tests).  Needs ``./dev test``'s
set-up (Chromium, Playwright) and a built ``public/``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from conftest import ARGS, CHROMIUM, Server, make_context  # noqa: E402

BARE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
window.bareReady = (async () => {
  const py = await loadPyodide({ packages: ["./%s"] });
  py.runPython("import pyengine.core");
  return performance.now();
})();
</script>"""


def site_with_bare() -> Path:
    public = ROOT / "public"
    if not (public / "index.html").exists():
        sys.exit("build public/ first (python build.py)")
    wheel = next(public.glob("wheels/*/*.whl")).relative_to(public)
    tmp = Path(tempfile.mkdtemp(prefix="loadbench-"))
    for item in public.iterdir():
        (tmp / item.name).symlink_to(item)
    (tmp / "bare.html").write_text(BARE % wheel.as_posix())
    return tmp


# the AI Worker reports its start once it has written the snapshot (web/pyodide-boot.mjs)
SNAPSHOT_KEPT = "window.pyengineBoot && window.pyengineBoot.worker && window.pyengineBoot.worker.made"


def measure(context: Any, url: str, bare: bool, started: list[str] | None = None) -> tuple[float, int, int]:
    page = context.new_page()
    sizes: list[int] = []
    page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    page.goto(url)
    expr = "window.bareReady" if bare else "window.pyengineApp.ready.then(() => performance.now())"
    ms = page.evaluate(expr)
    if started is not None:
        started.append(page.evaluate("window.pyengineBoot ? window.pyengineBoot.from : 'unknown'"))
    page.wait_for_timeout(50)
    page.close()
    return ms / 1000, sum(sizes), len(sizes)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    site = site_with_bare()
    srv = Server(site)
    app_url, bare_url = srv.url, srv.url + "bare.html"
    cold: dict[str, list[tuple[float, int, int]]] = {"app": [], "bare": []}
    warm: dict[str, list[float]] = {"app": [], "bare": []}
    started: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(args.rounds):
            for name, url in (("app", app_url), ("bare", bare_url)):
                ctx, guard = make_context(browser, srv.url, service_workers="block")
                cold[name].append(measure(ctx, url, name == "bare"))
                ctx.close()
                assert not guard.blocked, guard.blocked
        # Warm: the app from its service worker; the bare page from the HTTP cache.
        app_ctx, _ = make_context(browser, srv.url)
        page = app_ctx.new_page()
        page.goto(app_url)
        page.evaluate("window.pyengineApp.ready")
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout=30000)
        # the first visit leaves a memory snapshot of the interpreter for the next ones
        page.wait_for_function(SNAPSHOT_KEPT, timeout=60000, polling=250)
        page.close()
        bare_ctx, _ = make_context(browser, srv.url)
        measure(bare_ctx, bare_url, True)
        for _ in range(args.rounds):
            warm["app"].append(measure(app_ctx, app_url, False, started)[0])
            warm["bare"].append(measure(bare_ctx, bare_url, True)[0])
        browser.close()
    srv.stop()

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    app_t, bare_t = med([c[0] for c in cold["app"]]), med([c[0] for c in cold["bare"]])
    app_b, bare_b = med([c[1] for c in cold["app"]]), med([c[1] for c in cold["bare"]])
    app_r, bare_r = med([c[2] for c in cold["app"]]), med([c[2] for c in cold["bare"]])
    print(f"rounds: {args.rounds} (medians; cold = fresh context, no service worker)")
    print(f"cold  app  {app_t:6.2f} s  {app_b / 1e6:6.2f} MB  {app_r:3.0f} requests")
    print(f"cold  bare {bare_t:6.2f} s  {bare_b / 1e6:6.2f} MB  {bare_r:3.0f} requests")
    print(f"cold ratio app/bare: {app_t / bare_t:.3f}  (target <= 1.15)")
    print(f"extra bytes app - bare: {(app_b - bare_b) / 1e6:.3f} MB  (target <= 1 MB)")
    print(f"warm  app (service worker) {med(warm['app']):6.2f} s  (target <= 1.6 s; started from: {', '.join(sorted(set(started)))})")
    print(f"warm  bare (HTTP cache)    {med(warm['bare']):6.2f} s")
    print(json.dumps({"cold_app_s": cold["app"], "cold_bare_s": cold["bare"], "warm": warm}))


if __name__ == "__main__":
    main()
