#!/usr/bin/env python3
"""Load-time benchmark: the app against a bare page that only boots the same Pyodide + wheel,
all figures measured in one run (machine noise hits both alike; compare ratios, not times).

    .venv/bin/python benchmarks/load.py [--rounds 5] [--bare-stdlib stock|built]

The bare page boots Pyodide as its npm package ships it, its standard library as sources; the
app's build replaces the sources of the modules a start imports with their bytecode
(``tools/start_bytecode.py``). ``--bare-stdlib built`` gives the bare page the build's too, which
leaves only the app's own costs in the ratio.

* cold: a fresh browser profile each time (an empty disk HTTP cache, as a new visitor's browser
  has; no service worker), alternating app and bare page: time from navigation start to interactive (the app: ``pyengineApp.ready``,
  which is also its first possible move; the bare page: Pyodide booted and ``import pyengine``),
  the app left alone as the bare page is (the ratio of medians, and each round's ratio); in the
  same cold app loads, the time to the start page; in loads of their own, the time to a table's
  first frame (``?game=daifugo``: the first frame comes from the build's start view, before
  Python), and the app's ready when "New game" is pressed during its start (below);
* first visit: a fresh *profile* (a real disk HTTP cache, as a person's browser has), the app
  left until its service worker has installed (precache included), against the bare page on
  another fresh profile: bytes the server sent (response bodies) and requests;
* warm: the app reloaded in the profile whose service worker has cached it and which holds the
  interpreter snapshot the first visit leaves (``web/pyodide-boot.mjs``), next to the bare page
  reloaded from the HTTP cache;
* the main thread during a cold start: Chromium's long tasks (``PerformanceObserver``) after the
  first contentful paint, and (in a cold load of its own each round) a click on "New game" made
  as soon as the start page is drawn (while the engine is still starting): the click's Event
  Timing duration (input to next paint) and whether its form was there before the engine was
  ready (until 2026-12-04 this click was made in the loads whose ready was compared with the
  bare page's, which does nothing of the kind);
* pacing: a 5-player Daifugō game (a person and four bots) started with the engine up, at
  Fast and at Normal: from pressing Start to the dealt table, and to the first decision;
* cold embeds: each game's embed (``?game=X&embed=1``, a person against bots at the default
  speed, as a wiki page shows it) in a fresh context: from navigation to the engine's own table
  (its first view drawn: every control answers) and to the person's first turn (after the deal
  and any bot moves before it, paced as a person sees them, the bots thinking in the engine's
  Worker while the AI Worker starts), against the bare page's cold start in the same run; and how
  many bot moves came before that turn (who leads is chance) and what each cost the person.

Every cold load launches a browser on a fresh profile, and opens the page once the machine is
idle again (``settle``): a visitor's browser is running before they open a link, and a browser's
own first seconds (its built-in pages) would otherwise be measured with the page
(``--no-settle`` measures that way, as every figure before 2026-12-04 was).

Every browser here is a fresh profile that is not routed: Playwright's routing switches
Chromium's HTTP cache off, and then the runtime files the page preloads are downloaded a second
time when the engine's Worker asks for them, which no real visit does (the cold loads were
measured that way until 2026-12-02).  Requests outside the local server go to a proxy that is
nowhere and fail; the run stops if there was one.

Prints medians and ratios; asserts nothing (figures, not tests).  Needs ``./dev test``'s set-up
(Chromium, Playwright) and a built ``public/``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from conftest import ARGS, OBSERVE_MAIN_THREAD, Watch, launch_watched, nowhere_proxy  # noqa: E402

import build  # noqa: E402

BARE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
import { loadPyodide } from "./%s/pyodide.mjs";
window.bareReady = (async () => {
  const py = await loadPyodide({ stdLibURL: "./%s" });
  performance.mark("pyengine:boot-interpreter");
  await py.loadPackage("./%s");
  py.runPython("import pyengine.core");
  return performance.now();
})();
</script>"""


# The bare page's standard library (--bare-stdlib), as the benchmarks print it
BARE_STDLIB = {"stock": "Pyodide’s own (sources)", "built": "the build’s (bytecode)"}


def site_with_bare(stdlib: str = "stock") -> Path:
    """The built site with the bare page beside it. The bare page boots Pyodide as its npm
    package ships it: its standard library as sources (``stdlib="stock"``), not the build's, whose
    modules that a start imports are bytecode (``tools/start_bytecode.py``); ``stdlib="built"``
    gives it the build's too, which leaves the app's own costs alone in the ratio."""
    public = ROOT / "public"
    if not (public / "index.html").exists():
        sys.exit("build public/ first (python build.py)")
    wheel = next(public.glob("wheels/*/*.whl")).relative_to(public)
    runtime = next(public.glob("vendor/pyodide-*")).relative_to(public)
    tmp = Path(tempfile.mkdtemp(prefix="loadbench-"))
    for item in public.iterdir():
        (tmp / item.name).symlink_to(item)
    zipped = runtime / "python_stdlib.zip"
    if stdlib == "stock":
        (tmp / "stock-stdlib").mkdir()
        (tmp / "stock-stdlib" / "python_stdlib.zip").symlink_to(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
        zipped = Path("stock-stdlib") / "python_stdlib.zip"
    (tmp / "bare.html").write_text(BARE % (runtime.as_posix(), zipped.as_posix(), wheel.as_posix()))
    return tmp


class CountingHandler(build.Handler):
    """The site's own handler, counting the response bodies it sends."""

    lock = threading.Lock()
    sent = 0
    requests = 0

    def send_response(self, code: int, message: str | None = None) -> None:
        self._code = code
        with self.lock:
            CountingHandler.requests += 1
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length" and getattr(self, "_code", 0) == 200:
            with self.lock:
                CountingHandler.sent += int(value)
        super().send_header(keyword, value)


class Server:
    def __init__(self, directory: Path) -> None:
        self.httpd = build.HttpServer(("127.0.0.1", 0), partial(CountingHandler, directory=str(directory)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def counted(self) -> tuple[int, int]:
        return CountingHandler.sent, CountingHandler.requests

    def reset(self) -> None:
        CountingHandler.sent = CountingHandler.requests = 0

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


EMBED_GAMES = ("cetkaik", "chabashi", "daifugo")
READY = {"app": "window.pyengineApp.ready.then(() => performance.now())", "bare": "window.bareReady"}
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"
SNAPSHOT_KEPT = "window.pyengineBoot && window.pyengineBoot.worker && window.pyengineBoot.worker.made"


MAIN_THREAD = """(() => {
  const fcp = (performance.getEntriesByName("first-contentful-paint")[0] || { startTime: 0 }).startTime;
  const after = seenLong.filter(([t]) => t >= fcp).map(([, d]) => d);
  return { longest: Math.max(0, ...after), over200: after.filter((d) => d > 200).length, clicks: seenClicks };
})()"""
main_thread: list[dict[str, Any]] = []

# Where a cold start's time goes, in the realm that starts the interpreter (the bare page; the app's
# engine Worker, its clock shifted to the page's): when it asks for the wasm, and when the
# interpreter is up (the mark pyengine:boot-interpreter, before the wheel and the app's imports).
TIMELINE = """(() => ({
  origin: performance.timeOrigin,
  wasm: (performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm")) || {}).startTime,
  up: (performance.getEntriesByName("pyengine:boot-interpreter")[0] || {}).startTime,
}))()"""
timelines: dict[str, list[tuple[float, float]]] = {"app": [], "bare": []}


def timeline(page: Any, kind: str) -> None:
    origin = page.evaluate("performance.timeOrigin")
    for realm in [page] if kind == "bare" else page.workers:
        try:
            got = realm.evaluate(TIMELINE)
        except Exception:  # (a Worker that has gone)
            continue
        if got.get("wasm") is not None and got.get("up") is not None:
            shift = got["origin"] - origin
            timelines[kind].append(((got["wasm"] + shift) / 1000, (got["up"] + shift) / 1000))
            return


def load(context: Any, url: str, kind: str, click: bool = False, observe: bool = False) -> tuple[float, dict[str, float], str]:
    page = context.new_page()
    page.add_init_script(OBSERVE_MAIN_THREAD)
    page.goto(url)
    if click:  # "New game" as soon as the start page is drawn, the engine still starting
        page.locator('.game-card[data-game="cetkaik"] [data-action="new"]').click()
        page.wait_for_selector('.game-card[data-game="cetkaik"] form.setup')
        early = page.evaluate("!document.querySelector('#loading').hidden")  # the engine not up yet
    ms = page.evaluate(READY[kind])
    if observe:
        timeline(page, kind)
        page.wait_for_timeout(300)  # the last tasks of the start are observed
        main_thread.append({"kind": kind, **page.evaluate(MAIN_THREAD), **({"form_before_ready": early} if click else {})})
    marks = page.evaluate(MARKS) if kind == "app" else {}
    started = page.evaluate("window.pyengineBoot ? window.pyengineBoot.from : 'unknown'") if kind == "app" else ""
    page.wait_for_timeout(50)
    page.close()
    return ms / 1000, marks, started


EMBED_WATCH = """window.embedAt = {};
const look = () => {
  const a = window.pyengineApp, s = a && a.state && a.state();
  if (s && s.game && !embedAt.table) embedAt.table = performance.now();  // (a first frame has no state)
  if (s && s.game && embedAt.ply0 === undefined && s.status !== "chance") embedAt.ply0 = s.ply;  // (after the deal)
  if (s && s.status === "human") { embedAt.turn = performance.now(); embedAt.plies = s.ply - embedAt.ply0; } else requestAnimationFrame(look);
};
requestAnimationFrame(look);"""


def embed(context: Any, url: str) -> tuple[float, float, int]:
    """A cold embed: seconds to the engine's own table, and to the person's first turn, and how
    many bot moves came between (who leads is chance)."""
    page = context.new_page()
    page.add_init_script(EMBED_WATCH)
    page.goto(url)
    page.wait_for_function("window.embedAt && window.embedAt.turn", timeout=120000, polling=100)
    got = page.evaluate("window.embedAt")
    page.close()
    return got["table"] / 1000, got["turn"] / 1000, int(got["plies"])


NOWHERE, PROXY = nowhere_proxy()  # every request outside the site goes there (loopback bypasses it)
guards: list[Watch] = []


def fresh(playwright: Any, srv: Server, **kwargs: Any) -> tuple[Any, Path]:
    """A new visitor's browser: a fresh profile (its own empty disk cache), its requests watched,
    and done with its own start before the page is opened (settle)."""
    profile = Path(tempfile.mkdtemp(prefix="loadbench-profile-"))
    ctx, guard = launch_watched(playwright, profile, [*ARGS, PROXY], srv.url, **kwargs)
    guards.append(guard)
    settle()
    return ctx, profile


SETTLE = True  # (--no-settle: pages opened as soon as the browser is up)


def cpu_times() -> tuple[int, int]:
    """The machine's (busy, all) CPU time so far, in clock ticks (Linux's /proc/stat)."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return sum(ticks) - idle, sum(ticks)


def settle(window: float = 0.3, busy_below: float = 0.15, longest: float = 10.0) -> None:
    """Wait until the machine is idle: a browser just launched spends its first seconds on its own
    start (a fresh profile's first run: about 2 s of CPU for its own pages, on this 2-core machine
    over 1 s of wall time), which no visitor's page load competes with, since their browser is
    already running.  Without this wait the cold loads below measured the browser's start as
    well: both pages got slower and noisier, and the app's two threads (page and engine Worker)
    lost more to it than the bare page's one (2026-12-04: cold ready 1.19x unsettled against
    1.10x settled, same run)."""
    if not SETTLE:
        return
    if not Path("/proc/stat").exists():
        time.sleep(3)
        return
    end, quiet = time.monotonic() + longest, 0
    while quiet < 2 and time.monotonic() < end:  # two quiet windows in a row
        busy, total = cpu_times()
        time.sleep(window)
        busy2, total2 = cpu_times()
        quiet = quiet + 1 if total2 > total and (busy2 - busy) / (total2 - total) < busy_below else 0


def close(ctx: Any, profile: Path) -> None:
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)
    blocked = [u for g in guards for u in g.blocked]
    if blocked:
        sys.exit(f"requests outside the site: {blocked}")


def first_visit(playwright: Any, srv: Server, url: str, kind: str) -> tuple[int, int, Any, Path]:
    """A new person's first visit on a fresh profile: the server's bytes until the page is up
    and (for the app) its service worker has precached everything."""
    ctx, profile = fresh(playwright, srv)
    srv.reset()
    page = ctx.new_page()
    page.goto(url)
    page.evaluate(READY[kind])
    if kind == "app":
        page.wait_for_function("navigator.serviceWorker.ready.then((r) => r.active && r.active.state === 'activated')",
                               timeout=120000)
        page.wait_for_timeout(500)
    sent, requests = srv.counted()
    page.close()
    return sent, requests, ctx, profile


def pacing(context: Any, url: str, speed: str) -> dict[str, float]:
    page = context.new_page()
    page.goto(f"{url}?speed={speed}#games")
    page.evaluate("window.pyengineApp.ready")
    card = page.locator('.game-card[data-game="daifugo"]')
    card.locator('[data-action="new"]').click()
    card.locator('select[name="players"]').select_option("5")
    for i in range(1, 5):
        card.locator(f'select[name="seat{i}"]').select_option("bot:normal")
    page.wait_for_timeout(3000)  # the AI Worker boots while the form is open, as a person reads it
    page.evaluate("""() => {
      window.pacing = {};
      const t0 = performance.now();
      const look = () => {
        const s = window.pyengineApp.state();
        if (s.length >= 54 && !pacing.dealt) pacing.dealt = performance.now() - t0;
        if (pacing.dealt && s.length > pacing.dealtAt && !pacing.decision) pacing.decision = performance.now() - t0;
        if (pacing.dealt && pacing.dealtAt === undefined) pacing.dealtAt = s.length;
        if (s.status === 'human' && !pacing.human) pacing.human = performance.now() - t0;
        if (!pacing.human) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }""")
    card.locator('.setup button[type="submit"]').click()
    page.wait_for_function("window.pacing.human", timeout=120000)
    got = page.evaluate("window.pacing")
    page.close()
    return {k: got[k] / 1000 for k in ("dealt", "decision", "human") if k in got}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-settle", action="store_true",
                    help="open each page as soon as its browser is launched (the figures before 2026-12-04)")
    ap.add_argument("--bare-stdlib", choices=tuple(BARE_STDLIB), default="stock",
                    help="the bare page's standard library: Pyodide's own (sources), or the build's (bytecode)")
    args = ap.parse_args()
    global SETTLE
    SETTLE = not args.no_settle
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    from playwright.sync_api import sync_playwright

    site = site_with_bare(args.bare_stdlib)
    srv = Server(site)
    app_url, bare_url, table_url = srv.url, srv.url + "bare.html", srv.url + "?game=daifugo&speed=instant"
    cold: dict[str, list[float]] = {"app": [], "bare": []}
    pressed: list[float] = []  # cold app loads with "New game" pressed during the start
    start_page: list[float] = []
    first_table: list[float] = []
    table_ready: list[float] = []
    embeds: dict[str, dict[str, list[float]]] = {g: {"ready": [], "turn": [], "bots": []} for g in EMBED_GAMES}
    warm: dict[str, list[float]] = {"app": [], "bare": []}
    started: list[str] = []
    with sync_playwright() as p:
        for _ in range(args.rounds):
            for kind, url in (("app", app_url), ("bare", bare_url), ("press", app_url), ("table", table_url)):
                ctx, profile = fresh(p, srv, service_workers="block")
                secs, marks, _ = load(ctx, url, kind if kind in ("app", "bare") else "app", click=kind == "press",
                                       observe=kind != "table")
                if kind == "table":
                    if "pyengine:first-table" in marks:  # (none when the engine drew the table first)
                        first_table.append(marks["pyengine:first-table"] / 1000)
                    table_ready.append(secs)
                elif kind == "press":
                    pressed.append(secs)
                else:
                    cold[kind].append(secs)
                if kind == "app":
                    start_page.append(marks["pyengine:first-start"] / 1000)
                close(ctx, profile)
            for game in EMBED_GAMES:
                ctx, profile = fresh(p, srv, service_workers="block")
                ready, turn, bots = embed(ctx, f"{srv.url}?game={game}&embed=1")
                embeds[game]["ready"].append(ready)
                embeds[game]["turn"].append(turn)
                embeds[game]["bots"].append(bots)
                close(ctx, profile)
        # First visits on fresh profiles (real HTTP cache), then warm visits in them.
        app_bytes, app_reqs, app_ctx, app_profile = first_visit(p, srv, app_url, "app")
        bare_bytes, bare_reqs, bare_ctx, bare_profile = first_visit(p, srv, bare_url, "bare")
        page = app_ctx.new_page()
        page.goto(app_url)
        page.evaluate("window.pyengineApp.ready")
        page.wait_for_function(SNAPSHOT_KEPT, timeout=120000, polling=250)  # the first visits leave the snapshot
        page.close()
        for _ in range(args.rounds):
            secs, _, how = load(app_ctx, app_url, "app")
            warm["app"].append(secs)
            started.append(how)
            warm["bare"].append(load(bare_ctx, bare_url, "bare")[0])
        pace = {speed: pacing(app_ctx, app_url, speed) for speed in ("fast", "normal")}
        app_ctx.close()
        bare_ctx.close()
    srv.stop()
    NOWHERE.close()
    blocked = [u for g in guards for u in g.blocked]
    if blocked:
        sys.exit(f"requests outside the site: {blocked}")
    for folder in (site, app_profile, bare_profile):  # (the site's folder holds only links into public/)
        shutil.rmtree(folder, ignore_errors=True)

    med = statistics.median
    ratio = med(cold["app"]) / med(cold["bare"])
    print(f"rounds: {args.rounds} (medians); pages opened {'on a settled browser' if SETTLE else 'as the browser starts (--no-settle)'}; "
          f"the bare page's standard library: {BARE_STDLIB[args.bare_stdlib]}")
    print(f"cold  app  ready (= first possible move) {med(cold['app']):6.2f} s   bare {med(cold['bare']):6.2f} s   "
          f"ratio {ratio:.3f}  (target <= 1.05)")
    rounds = [a / b for a, b in zip(cold["app"], cold["bare"], strict=True)]  # (each round's pair, loaded minutes apart)
    print(f"cold  app/bare in each round: median {med(rounds):.3f} ({', '.join(f'{r:.2f}' for r in rounds)})")
    print(f"cold  app  ready with 'New game' pressed during the start {med(pressed):6.2f} s   "
          f"ratio {med(pressed) / med(cold['bare']):.3f} (its form drawn and laid out while the engine starts)")
    if timelines["app"] and timelines["bare"]:
        (aw, au), (bw, bu) = ([med([t[i] for t in timelines[k]]) for i in (0, 1)] for k in ("app", "bare"))
        print(f"cold  where the time goes: the wasm asked for at {aw:.2f} s (bare {bw:.2f} s), the interpreter up "
              f"at {au:.2f} s (bare {bu:.2f} s): {au - aw:.2f} s from the one to the other (bare {bu - bw:.2f} s); "
              f"then ready {med(cold['app']) - au:.2f} s later (bare {med(cold['bare']) - bu:.2f} s)")
    print(f"cold  app  start page drawn              {med(start_page):6.2f} s")
    print(f"cold  table first frame (?game=daifugo)  {med(first_table):6.2f} s  (target <= 0.5 s); "
          f"first possible move {med(table_ready):6.2f} s")
    print(f"first visit bytes  app {app_bytes / 1e6:6.2f} MB ({app_reqs} requests, service worker precache included)   "
          f"bare {bare_bytes / 1e6:6.2f} MB ({bare_reqs} requests)   extra {(app_bytes - bare_bytes) / 1e6:.3f} MB "
          f"(target <= 1 MB)")
    print(f"warm  app  {med(warm['app']):6.2f} s  (target <= 1.0 s; started from: {', '.join(sorted(set(started)))})   "
          f"bare (HTTP cache, no snapshot) {med(warm['bare']):6.2f} s")
    for kind in ("app", "bare"):
        runs = [m for m in main_thread if m["kind"] == kind]
        print(f"cold  {kind:4} main thread after the first paint: longest task "
              f"{med([m['longest'] for m in runs]):6.0f} ms (median; max {max(m['longest'] for m in runs):.0f} ms), "
              f"tasks over 200 ms {sum(m['over200'] for m in runs)} in {len(runs)} loads (target 0 for the app)")
    clicks = [d for m in main_thread if m["kind"] == "app" for d in m["clicks"]]
    print(f"cold  app  'New game' pressed while the engine starts: form shown before ready in "
          f"{sum(bool(m.get('form_before_ready')) for m in main_thread if m['kind'] == 'app')} of {args.rounds} loads; "
          f"click to next paint {max(clicks, default=0):.0f} ms at most (clicks under 16 ms are not recorded; "
          f"target <= 100 ms)")
    for game, got in embeds.items():
        print(f"cold  embed {game:8}: the engine's table {med(got['ready']):5.2f} s ({med(got['ready']) / med(cold['bare']):.2f}× "
              f"the bare start), the person's first turn {med(got['turn']):5.2f} s ({med(got['turn']) / med(cold['bare']):.2f}×; "
              f"target: playable within 1.5×)")
        # what the person waits for after the table: the bot moves before their turn (chance)
        moved = [(b, t - r) for b, t, r in zip(got["bots"], got["turn"], got["ready"], strict=True) if b]
        print(f"      {'':8}  bot moves before the person's turn: {', '.join(str(int(b)) for b in got['bots'])}"
              + (f"; {med([w / b for b, w in moved]):.2f} s from the table per bot move" if moved else ""))
    for speed, got in pace.items():
        print(f"5-player Daifugō at {speed:6}: dealt table {got.get('dealt', float('nan')):5.2f} s, first decision "
              f"{got.get('decision', float('nan')):5.2f} s, your turn {got.get('human', float('nan')):5.2f} s after Start")
    print(json.dumps({"cold": cold, "pressed": pressed, "start_page": start_page, "first_table": first_table, "table_ready": table_ready,
                      "warm": warm, "bytes": {"app": app_bytes, "bare": bare_bytes}, "pacing": pace, "embeds": embeds,
                      "main_thread": main_thread}))


if __name__ == "__main__":
    main()
