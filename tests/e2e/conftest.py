"""Browser tests: Playwright drives Debian's Chromium against the built site in public/.

Every request that is not to one of the test's own local servers is aborted and fails
the test, which is how "fully offline, no CDN" stays true.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

pytestmark = pytest.mark.e2e
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def pytest_collection_modifyitems(items: list[Any]) -> None:
    for item in items:
        if "e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


class Server:
    """A static server for a folder on a free loopback port, stoppable mid-test."""

    def __init__(self, directory: Path, host: str = "127.0.0.1") -> None:
        handler = partial(build.Handler, directory=str(directory))
        self.httpd = build.HttpServer((host, 0), handler)
        self.url = f"http://{host}:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def site() -> Path:
    public = ROOT / "public"
    if not (public / "index.html").exists():
        build.build()
    return public


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Server]:
    s = Server(site)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    """A browser for contexts of a first visit (``make_context``): fresh and off the record."""
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield b
    b.close()


class Guard:
    """Routes every request of a context: local ones go through, others are aborted and recorded."""

    def __init__(self) -> None:
        self.allowed: list[str] = []
        self.blocked: list[str] = []
        self.seen: list[str] = []

    def __call__(self, route: Any) -> None:
        url = route.request.url
        if any(url.startswith(a) for a in self.allowed) or url.startswith(("data:", "blob:")):
            self.seen.append(url)
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


def make_context(browser: Any, *origins: str, **kwargs: Any) -> tuple[Any, Guard]:
    """A first visit's browser context: nothing kept, every request routed through ``Guard``."""
    guard = Guard()
    guard.allowed = list(origins)
    ctx = browser.new_context(**kwargs)
    ctx.route("**/*", guard)
    return ctx, guard


class Watch(Guard):
    """The guard of a returning browser (:class:`Profiles`), which is not routed: Chromium keeps
    no HTTP cache for a routed context, and with it no compiled code. Its requests outside the
    loopback go to a proxy that is nowhere (a port bound and never listened on), so they fail,
    and this records them; ``allowed`` says which local origins a test expects."""

    def watch(self, context: Any) -> None:
        context.on("request", lambda request: self.saw(request.url))

    def saw(self, url: str) -> None:
        if url.startswith(("data:", "blob:")):  # made by the page itself (a route never sees them)
            return
        if any(url.startswith(a) for a in self.allowed):
            self.seen.append(url)
        else:
            self.blocked.append(url)


def nowhere_proxy() -> tuple[socket.socket, str]:
    """A proxy that is nowhere (a port bound and never listened on: a connection to it is
    refused) and the Chromium argument that sends every request outside the loopback to it."""
    nowhere = socket.socket()
    nowhere.bind(("127.0.0.1", 0))
    return nowhere, f"--proxy-server=http://127.0.0.1:{nowhere.getsockname()[1]}"


def launch_watched(playwright: Any, folder: Path, args: list[str], *origins: str, **kwargs: Any) -> tuple[Any, Watch]:
    """A browser on the profile in ``folder`` (not routed: it keeps its HTTP cache), its requests
    outside ``origins`` recorded by its guard."""
    guard = Watch()
    guard.allowed = list(origins)
    context = playwright.chromium.launch_persistent_context(str(folder), executable_path=CHROMIUM, args=args, **kwargs)
    guard.watch(context)
    return context, guard


class Profiles:
    """Returning players' browsers for the tests of one pytest worker. A returning player's
    browser keeps the engine's memory snapshot (Cache Storage) and the compiled WebAssembly
    and scripts (Chromium's code cache, which off-the-record contexts never keep), so a page
    starts Python in about a second, with a quarter less work than in a fresh context. The
    profile is made once, by a first visit to the app (and to its second origin, ``localhost``,
    which the embedding tests use, before the first browser that asks for it); each browser is
    a copy of it, launched with the options a test asks for (viewport, locale…).  A first visit is what
    ``make_context`` gives, and what the tests of the cold start use."""

    def __init__(self, playwright: Any, server: Server, root: Path, args: list[str] = ARGS) -> None:
        self.playwright, self.root, self.count = playwright, root, 0
        self.origins = [server.url, server.url.replace("127.0.0.1", "localhost")]
        self.nowhere, proxy = nowhere_proxy()
        self.args = [*args, proxy]
        self.template = root / "template"
        self.visited: set[str] = set()
        self.visit(self.origins[0])

    def visit(self, origin: str) -> None:
        """The profile's first visit to the app on ``origin`` (the other origin's waits for the
        first test that asks for it)."""
        context, guard = self._launch(self.template, *self.origins, service_workers="block")
        try:  # the AI Worker makes the snapshot once the page is up
            page = context.new_page()
            page.goto(origin)
            page.wait_for_function(SNAPSHOT_KEPT, polling=250, timeout=180000)
        finally:
            context.close()
        assert guard.blocked == [], f"requests outside the site: {guard.blocked}"
        self.visited.add(origin)

    def _launch(self, folder: Path, *origins: str, **kwargs: Any) -> tuple[Any, Watch]:
        context, guard = launch_watched(self.playwright, folder, self.args, *origins, **kwargs)
        context.folder = folder
        return context, guard

    def open(self, *origins: str, **kwargs: Any) -> tuple[Any, Watch]:
        """A returning player's browser (a copy of the profile) that may ask ``origins``."""
        for origin in set(origins) & set(self.origins) - self.visited:
            self.visit(origin)
        self.count += 1
        folder = self.root / f"browser-{self.count}"
        shutil.copytree(self.template, folder, ignore=shutil.ignore_patterns("Singleton*", "*.lock", "LOCK"))
        kwargs.setdefault("service_workers", "block")
        return self._launch(folder, *(origins or self.origins[:1]), **kwargs)


SNAPSHOT_KEPT = """() => { caches.open("pyodide-snapshots").then((c) => c.keys())
    .then((keys) => { window.snapshotKept = keys.length > 0; }); return window.snapshotKept; }"""


@pytest.fixture(scope="session")
def profiles(playwright: Any, server: Server, tmp_path_factory: Any) -> Iterator[Profiles]:
    made = Profiles(playwright, server, tmp_path_factory.mktemp("profiles"))
    yield made
    made.nowhere.close()


@contextmanager
def browsers_of(profiles: Profiles) -> Iterator[Any]:
    """``open(*origins, **options)``: a returning player's browser of its own, as (context,
    guard); each is closed, and its guard checked, at the end."""
    opened: list[tuple[Any, Watch]] = []

    def open_one(*origins: str, **kwargs: Any) -> tuple[Any, Watch]:
        opened.append(profiles.open(*origins, **kwargs))
        return opened[-1]

    yield open_one
    for context, guard in opened:
        context.close()
        shutil.rmtree(context.folder, ignore_errors=True)
        assert guard.blocked == [], f"requests outside the site: {guard.blocked}"


@pytest.fixture
def returning_browser(profiles: Profiles) -> Iterator[Any]:
    """``returning_browser(*origins, **options)``: a returning player's browser of its own for
    this test (:func:`browsers_of`)."""
    with browsers_of(profiles) as open_one:
        yield open_one


class Returning:
    """A returning player's browser (:class:`Profiles`) kept for the tests of one pytest worker
    that need no options of their own (the ``ctx`` fixture). Each test gets a
    :class:`TestContext` of it, with a guard of its own, and finds the site's other storage
    empty, as a fresh context would have it."""

    def __init__(self, profiles: Profiles, server: Server) -> None:
        self.origin = server.url.rstrip("/")
        self.context, self.guard = profiles.open(server.url)
        self.forget()

    def forget(self) -> None:
        """What a test leaves (its pages, the site's local storage, IndexedDB, cookies) goes;
        the Cache Storage, which holds only the snapshot (service workers are blocked), stays."""
        for page in self.context.pages:
            page.close()
        page = self.context.new_page()
        try:
            cdp = self.context.new_cdp_session(page)
            cdp.send("Storage.clearDataForOrigin", {"origin": self.origin,
                                                    "storageTypes": "local_storage,indexeddb,websql,file_systems,service_workers"})
            cdp.detach()
        finally:
            page.close()
        self.context.clear_cookies()
        self.context.set_offline(False)


class TestContext:
    """One test's share of the worker's :class:`Returning` context: its init scripts and routes
    apply to the pages it opens (page by page, so the next test has none of them), and anything
    else is the shared context's."""

    def __init__(self, shared: Any) -> None:
        self._shared = shared
        self._scripts: list[dict[str, Any]] = []
        self._routes: list[tuple[Any, Any]] = []
        self._pages: list[Any] = []

    def new_page(self) -> Any:
        page = self._shared.new_page()
        for script in self._scripts:
            page.add_init_script(**script)
        for pattern, handler in self._routes:
            page.route(pattern, handler)
        self._pages.append(page)
        return page

    def add_init_script(self, script: str | None = None, path: str | None = None) -> None:
        self._scripts.append({"script": script} if path is None else {"path": path})
        for page in self._pages:
            if not page.is_closed():
                page.add_init_script(**self._scripts[-1])

    def route(self, pattern: Any, handler: Any) -> None:
        self._routes.append((pattern, handler))
        for page in self._pages:
            if not page.is_closed():
                page.route(pattern, handler)

    @property
    def pages(self) -> list[Any]:
        return [p for p in self._pages if not p.is_closed()]

    def close(self) -> None:
        for page in self.pages:
            page.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._shared, name)


@pytest.fixture(scope="session")
def returning(profiles: Profiles, server: Server) -> Iterator[Returning]:
    r = Returning(profiles, server)
    yield r
    r.context.close()


@pytest.fixture
def ctx(returning: Returning, server: Server) -> Iterator[tuple[Any, Guard]]:
    guard = returning.guard
    guard.allowed, guard.seen, guard.blocked = [server.url], [], []
    test_context = TestContext(returning.context)
    try:
        yield test_context, guard
    finally:
        returning.forget()
    assert guard.blocked == [], f"requests outside the site: {guard.blocked}"


class PageChance:
    """The page's test generator of chance (``seededWords`` in web/app.js, splitmix32) in
    Python, so a test can know what a page whose chance it fixed will draw: every chance node
    takes four words (:func:`pyengine.core.chance.rng_from_entropy`)."""

    def __init__(self, seed: int) -> None:
        self.x = seed & 0xFFFFFFFF

    def word(self) -> int:
        self.x = (self.x + 0x9E3779B9) & 0xFFFFFFFF
        z = self.x
        z = ((z ^ (z >> 16)) * 0x21F0AAAD) & 0xFFFFFFFF
        z = ((z ^ (z >> 15)) * 0x735A2D97) & 0xFFFFFFFF
        return (z ^ (z >> 15)) & 0xFFFFFFFF

    def rng(self) -> Any:
        from pyengine.core.chance import rng_from_entropy

        return rng_from_entropy([self.word() for _ in range(4)])


def fix_chance(context: Any, seed: int) -> None:
    """Fix the chance of every page of ``context`` from its first script (the test hook of
    ``window.pyengineApp``; live chance otherwise)."""
    context.add_init_script(f"window.pyengineApp = {{testing: {{chanceSeed: {int(seed)}}}}};")


# The main thread as Chromium sees it, from a page's first script: its long tasks
# (window.seenLong: [start, duration]) and how long each click took to its next paint
# (window.seenClicks; under 16 ms it is not recorded). tests/e2e/test_first_minute.py and
# benchmarks/load.py read them.
OBSERVE_MAIN_THREAD = """
window.seenLong = []; window.seenClicks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) seenLong.push([e.startTime, e.duration]); })
  .observe({ type: "longtask", buffered: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === "click") seenClicks.push(e.duration); })
  .observe({ type: "event", durationThreshold: 16, buffered: true });
"""


class HeldWheel:
    """The engine's wheel held back in ``context`` until :meth:`release`: the engine cannot start
    before then (what the page draws without Python can be looked at). ``pattern``: what to hold
    instead (the runtime's WebAssembly, which a start from the memory snapshot needs too)."""

    def __init__(self, context: Any, pattern: str = "**/*.whl") -> None:
        self.held: list[Any] = []
        self.released = False
        context.route(pattern, lambda route: route.continue_() if self.released else self.held.append(route))

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()


@contextmanager
def engine_held(browser: Any, server: Server, pattern: str = "**/*.whl") -> Iterator[tuple[Any, HeldWheel]]:
    """A first visit's page (not yet navigated) whose engine cannot start until the test calls
    ``wheel.release()`` (:class:`HeldWheel`), as (page, wheel); its errors are kept in
    ``page.errors``. The context is closed, and its guard checked, at the end."""
    context, guard = make_context(browser, server.url, service_workers="block")
    wheel = HeldWheel(context, pattern)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    try:
        yield page, wheel
    finally:
        context.close()
    assert guard.blocked == [], f"requests outside the site: {guard.blocked}"


# In sight, inside the window (or frame), and what a press at its centre reaches.
PRESSABLE = """(sel) => { const e = document.querySelector(sel); if (!e || !e.checkVisibility()) return false;
  const b = e.getBoundingClientRect(); const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight && b.right <= innerWidth && (hit === e || e.contains(hit)); }"""


def drawn(page: Any) -> None:
    """Two animation frames: what the page had scheduled for its next frame (a table draws the
    engine's latest answer in one) is on screen."""
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def open_app(context: Any, url: str) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    # what the page logged as an error (a failed step the page's queue caught): for failure messages
    logged: list[str] = []
    page.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
    page.console_errors = logged
    page.goto(url)
    page.evaluate("window.pyengineApp.ready")
    return page


def daifugo_settings(page: Any) -> Any:
    """The Daifugō table's settings menu (auto-pass, text view, titles, hints), opened: it starts closed."""
    menu = page.locator("details.df-options")
    if not menu.evaluate("(d) => d.open"):
        menu.locator("summary").click()
    expect(menu.locator(".df-settings")).to_be_visible()
    return menu


@contextmanager
def host_page(open_browser: Any, server: Server, tmp_path: Path, body: str) -> Iterator[tuple[Any, str]]:
    """A wiki-like page of another origin (localhost, while the app is on 127.0.0.1) whose
    ``body`` embeds the app (``{app}`` stands for the app's URL), in a browser of
    ``open_browser`` (the ``returning_browser`` fixture).  Yields the opened host page and the
    app URL; afterwards checks that nothing outside the two origins was asked."""
    app_url = server.url.replace("127.0.0.1", "localhost")
    (tmp_path / "host.html").write_text("<!doctype html><meta charset=utf-8><title>Wiki</title>\n" + body.replace("{app}", app_url))
    host = Server(tmp_path)
    try:
        context, guard = open_browser(host.url, app_url)
        try:
            page = context.new_page()
            page.goto(host.url + "host.html")
            yield page, app_url
        finally:
            context.close()
        assert guard.blocked == []
    finally:
        host.stop()


# --- fonts the tables bring (tables/fonts/): a face's load status, and glyphs drawn to compare with
# the box of a character no font has (U+0378)
GLYPH_PIXELS = """([font, chars]) => { const c = document.createElement('canvas'); c.width = c.height = 64;
  const g = c.getContext('2d'); g.font = font; g.textBaseline = 'top';
  return chars.map((ch) => { g.clearRect(0, 0, 64, 64); g.fillText(ch, 4, 4); return c.toDataURL(); }); }"""
FACES = """(family) => [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === family).map((f) => f.status)"""


# --- what every page must say properly (issue 17): no placeholder, no English under ko/ja ------
SCAN_JS = """() => {
  const out = [];
  const shown = (el) => el && el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || ["SCRIPT", "STYLE", "OPTION"].includes(el.tagName) || !shown(el)) continue;
    const text = n.textContent.trim();
    if (text) out.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], select")) {
    if (!shown(el)) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt"]) { const v = el.getAttribute(a); if (v && v.trim()) out.push(v.trim()); }
    if (el.tagName === "SELECT") for (const o of el.options) if (o.textContent.trim()) out.push(o.textContent.trim());
  }
  out.push(document.title);
  return out;
}"""
PLACEHOLDER = re.compile(r"\b(null|undefined|NaN)\b|\[object|\{[a-z_|]+\}|" + r"\b(?:ai|app|cetkaik|chabashi|daifugo|error|level|library|link|load|notice|preset|setup|speed|start|table)\.[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*\b")
"""A string that is not words: a placeholder left unfilled, or a catalogue key shown as it is
(``table.back_to_game``): a key a catalogue lacks reaches the screen that way."""
ENGLISH_RUN = re.compile(r"[A-Za-z][a-z]+(?:[ -][A-Za-z][a-z]+)+")
SAME_EVERYWHERE = {"Cetkaik", "Chabashi", "Daifugō", "Tabletop", "English", "Python", "WebAssembly", "JSON"}
"""Words that are the same in every language (names)."""


def _catalog(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((ROOT / "web" / "i18n").glob(f"*{lang}.json")):
        if path.name == f"{lang}.json" or path.name.endswith(f".{lang}.json"):
            out.update(json.loads(path.read_text(encoding="utf-8")))
    return out


def _english_templates(lang: str) -> list[re.Pattern[str]]:
    """The English strings of the catalogs that ``lang`` translates differently, as patterns."""
    en, other = _catalog("en"), _catalog(lang)
    out = []
    for key, text in en.items():
        if other.get(key, text) == text or not re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}", "", text)):
            continue
        parts = re.split(r"\{\w+\}", text)
        out.append(re.compile("^" + ".+?".join(re.escape(p) for p in parts) + "$"))
    return out


def scan_text(page: Any, lang: str, allow: tuple[str, ...] = ()) -> list[str]:
    """Every string the page shows (text, accessible names, titles, options) that is a
    placeholder (``null``, ``undefined``, ``NaN``, ``[object``, ``{name}``) or, under ``ko`` or
    ``ja``, untranslated English: a string of our English catalogs that has a translation, or a
    run of English words.  ``allow``: more strings that are the same in every language.
    Returns the offending strings (a test asserts it is empty)."""
    found = []
    templates = _english_templates(lang) if lang != "en" else []
    allowed = SAME_EVERYWHERE | set(allow)
    for text in page.evaluate(SCAN_JS):
        if PLACEHOLDER.search(text):
            found.append(f"placeholder: {text!r}")
        if lang == "en":
            continue
        if any(p.match(text) for p in templates):
            found.append(f"English: {text!r}")
            continue
        runs = [r for r in ENGLISH_RUN.findall(text) if not any(w in allowed for w in re.split(r"[ -]", r))]
        runs = [r for r in runs if r not in allowed]
        if runs:
            found.append(f"English words {runs}: {text!r}")
    return found


AXE_JS = Path(os.environ.get("PYENGINE_AXE_JS", ROOT / "node_modules" / "axe-core" / "axe.min.js"))
"""axe-core, pinned in package.json (devDependencies) and injected from node_modules: never
part of the site."""


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical"), exclude: tuple[str, ...] = ()) -> list[str]:
    """axe-core's violations of ``impacts`` on the page as it stands, one line each (``exclude``:
    CSS selectors of parts another check covers)."""
    assert AXE_JS.exists(), f"axe-core is missing: run `npm ci` ({AXE_JS})"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))
    context = {"include": [["html"]], "exclude": [[sel] for sel in exclude]}
    result = page.evaluate("(c) => axe.run(c, {resultTypes: ['violations']})", context)
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:4]]}"
            for v in result["violations"] if v["impact"] in impacts]
