"""Browser tests: Playwright drives Debian's Chromium against the built site in public/.

Every request that is not to one of the test's own local servers is aborted and fails
the test, which is how "fully offline, no CDN" stays true.
"""

from __future__ import annotations

import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest

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
        self.httpd = http.server.ThreadingHTTPServer((host, 0), handler)
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
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
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
    guard = Guard()
    guard.allowed = list(origins)
    ctx = browser.new_context(**kwargs)
    ctx.route("**/*", guard)
    return ctx, guard


@pytest.fixture
def ctx(browser: Any, server: Server) -> Iterator[tuple[Any, Guard]]:
    context, guard = make_context(browser, server.url, service_workers="block")
    yield context, guard
    context.close()
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


def open_app(context: Any, url: str) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    page.evaluate("window.pyengineApp.ready")
    return page


@contextmanager
def host_page(browser: Any, server: Server, tmp_path: Path, body: str) -> Iterator[tuple[Any, str]]:
    """A wiki-like page of another origin (localhost, while the app is on 127.0.0.1) whose
    ``body`` embeds the app (``{app}`` stands for the app's URL).  Yields the opened host
    page and the app URL; afterwards checks that nothing outside the two origins was asked."""
    app_url = server.url.replace("127.0.0.1", "localhost")
    (tmp_path / "host.html").write_text("<!doctype html><meta charset=utf-8><title>Wiki</title>\n" + body.replace("{app}", app_url))
    host = Server(tmp_path)
    try:
        context, guard = make_context(browser, host.url, app_url, service_workers="block")
        try:
            page = context.new_page()
            page.goto(host.url + "host.html")
            yield page, app_url
        finally:
            context.close()
        assert guard.blocked == []
    finally:
        host.stop()
