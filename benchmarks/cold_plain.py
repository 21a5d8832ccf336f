#!/usr/bin/env python3
"""Cold ready of the app against the bare page in a browser nothing is attached to: Chromium
launched as a visitor's is, with no DevTools connection (no Playwright, no CDP domains enabled,
no request events), each page telling the server its own ``performance.now()`` when it is ready.

    .venv/bin/python benchmarks/cold_plain.py [--rounds 12] [--same-site] [--bare-stdlib stock|built]

Each load is a fresh profile whose browser first opens a waiting page and is left until the
machine is idle (``load.settle``); the server then tells the waiting page where to go, and the
page goes there. By default the waiting page is on ``localhost`` and the app on ``127.0.0.1``,
another site, so the app gets a renderer process of its own as a link from another site does;
``--same-site`` keeps the renderer of the waiting page (a link within the site). The app and the
bare page (``load.BARE``, on Pyodide's own standard library unless ``--bare-stdlib built``) alternate, their order swapped every round. The pages served are the
built ones with one module script added at the end, which reports the ready moment
(``pyengineApp.ready``, ``bareReady``: the same as ``load.py``'s). Requests outside the local
server go to a proxy that is nowhere and fail.

Prints medians, the ratio of medians and each round's ratio; asserts nothing. Needs ``./dev
test``'s set-up (Chromium) and a built ``public/``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import load  # noqa: E402  (the bare page's site, settle, the proxy that is nowhere)
from conftest import ARGS, CHROMIUM  # noqa: E402

import build  # noqa: E402  (the site's own handler and server)

REPORT = {  # added at the end of each page: its ready moment, told to the server
    "app": '<script type="module">window.pyengineApp.ready.then(() => fetch("/__ready?ms=" + performance.now()));</script>',
    "bare": '<script type="module">window.bareReady.then((ms) => fetch("/__ready?ms=" + ms));</script>',
}
WAITING = b"""<!doctype html><meta charset="utf-8"><title>waiting</title><script>
const ask = () => fetch("/__go").then((r) => (r.status === 200 ? r.text().then((url) => location.replace(url)) : setTimeout(ask, 100)));
ask();
</script>"""


class Told:
    go: str | None = None
    ready: float | None = None


class Handler(build.Handler):
    """The site's own handler, with the waiting page, where to go, and the pages' reports."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path, _, query = self.path.partition("?")
        if path == "/__waiting":
            return self.send_body(WAITING, "text/html")
        if path == "/__go":
            return self.send_body(Told.go.encode(), "text/plain") if Told.go else self.send_body(b"", "text/plain", 204)
        if path == "/__ready":
            Told.ready = float(query.removeprefix("ms="))
            return self.send_body(b"", "text/plain", 204)
        if path in ("/", "/index.html", "/bare.html"):
            kind = "bare" if path == "/bare.html" else "app"
            html = (Path(self.directory) / ("bare.html" if kind == "bare" else "index.html")).read_text()
            html = html.replace("</body>", REPORT[kind] + "</body>") if "</body>" in html else html + REPORT[kind]
            return self.send_body(html.encode(), "text/html; charset=utf-8")
        return super().do_GET()

    def send_body(self, body: bytes, kind: str, code: int = 200) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def cold(url: str, waiting: str, proxy: str) -> float:
    """One cold load in a browser of its own: seconds from navigation to ready."""
    profile = tempfile.mkdtemp(prefix="coldplain-profile-")
    Told.go, Told.ready = None, None
    browser = subprocess.Popen([CHROMIUM, "--headless=new", f"--user-data-dir={profile}", *ARGS, proxy, waiting],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        time.sleep(1.0)  # (the browser's own start, then the machine idle again)
        load.settle()
        Told.go = url
        end = time.monotonic() + 120
        while Told.ready is None and time.monotonic() < end:
            time.sleep(0.05)
        if Told.ready is None:
            sys.exit(f"no ready from {url} in 120 s")
        return Told.ready / 1000
    finally:
        os.killpg(browser.pid, signal.SIGTERM)
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(browser.pid, signal.SIGKILL)
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--same-site", action="store_true", help="go to the page from a waiting page of the same site")
    ap.add_argument("--bare-stdlib", choices=tuple(load.BARE_STDLIB), default="stock",
                    help="the bare page's standard library: Pyodide's own (sources), or the build's (bytecode)")
    args = ap.parse_args()
    import machine
    print(machine.line(), flush=True)
    site = load.site_with_bare(args.bare_stdlib)
    httpd: Any = build.HttpServer(("127.0.0.1", 0), partial(Handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    waiting = (base if args.same_site else base.replace("127.0.0.1", "localhost")) + "__waiting"
    nowhere, proxy = load.nowhere_proxy()
    got: dict[str, list[float]] = {"app": [], "bare": []}
    for r in range(args.rounds):
        for kind in ("app", "bare") if r % 2 == 0 else ("bare", "app"):
            got[kind].append(cold(base + ("bare.html" if kind == "bare" else ""), waiting, proxy))
    httpd.shutdown()
    nowhere.close()
    shutil.rmtree(site, ignore_errors=True)
    med = statistics.median
    rounds = [a / b for a, b in zip(got["app"], got["bare"], strict=True)]
    print(f"rounds: {args.rounds}; no DevTools connection; the page reached from a waiting page of "
          f"{'the same site' if args.same_site else 'another site (a renderer of its own)'}; the bare page's "
          f"standard library: {load.BARE_STDLIB[args.bare_stdlib]}")
    print(f"cold  app  ready {med(got['app']):6.2f} s   bare {med(got['bare']):6.2f} s   "
          f"ratio {med(got['app']) / med(got['bare']):.3f}  (target <= 1.05)")
    print(f"cold  app/bare in each round: median {med(rounds):.3f} ({', '.join(f'{x:.2f}' for x in rounds)})")


if __name__ == "__main__":
    main()
