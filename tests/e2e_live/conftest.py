"""Browser tests of the live connection (web/live/peer.js): real Chromium contexts connected to
each other by WebRTC data channels, each context a player's browser.

They run only inside a network namespace of their own (tests/e2e_live/netns.py), and refuse to
run anywhere else: ``./dev test`` runs them so, or by hand

    .venv/bin/python tests/e2e_live/netns.py .venv/bin/python -m pytest tests/e2e_live

Every request that is not to the local server is aborted and fails the test (the request guard
of tests/e2e/conftest.py), and the ICE servers list is empty: no request leaves the machine.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import netns  # noqa: E402

if not netns.inside():
    pytest.exit("tests/e2e_live must run inside a network namespace of its own (WebRTC between the pages "
                "must not reach this machine's network); run:\n  "
                + netns.shell_command([".venv/bin/python", "-m", "pytest", "tests/e2e_live"])
                + "\nor: .venv/bin/python tests/e2e_live/netns.py .venv/bin/python -m pytest tests/e2e_live", returncode=4)


def _e2e_conftest() -> Any:
    """tests/e2e/conftest.py, imported under a name of its own (its fixtures and hooks are not
    this folder's: only what is named below is used)."""
    name = "e2e_conftest"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "e2e" / "conftest.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


e2e = _e2e_conftest()
Server, Guard, make_context = e2e.Server, e2e.Guard, e2e.make_context
ARGS = [*e2e.ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
"""Chromium's flags of the browser tests, and host candidates shown as addresses (by default they
hide behind random ``….local`` names, which nothing resolves in the namespace)."""
pytestmark = pytest.mark.e2e


def pytest_collection_modifyitems(items: list[Any]) -> None:
    for item in items:
        if "e2e_live" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def built_site() -> Path:
    """The built site (built first when it is not there): the tests' and the benchmarks'."""
    public = ROOT / "public"
    if not (public / "index.html").exists():
        e2e.build.build()
    return public


@pytest.fixture(scope="session")
def site() -> Path:
    return built_site()


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Any]:
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
    """A browser for fresh contexts (``make_context``): the pages of the connection's own tests."""
    b = playwright.chromium.launch(executable_path=e2e.CHROMIUM, args=ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def profiles(playwright: Any, server: Any, tmp_path_factory: Any) -> Iterator[Any]:
    """Returning players' browsers (tests/e2e/conftest.py's ``Profiles``): the app starts in
    each from the engine's snapshot and Chromium's compiled code, as it does for players who
    came before."""
    made = e2e.Profiles(playwright, server, tmp_path_factory.mktemp("profiles"), ARGS)
    yield made
    made.nowhere.close()


@pytest.fixture
def returning_browser(profiles: Any) -> Iterator[Any]:
    """``returning_browser(*origins, **options)``: a returning player's browser of its own, as
    (context, guard); closed, and its guard checked, after the test."""
    with e2e.browsers_of(profiles) as open_one:
        yield open_one


# What every page of a player gets: the modules, and a log of every event of its host or guest.
SETUP_JS = """async () => {
  window.peer = await import("./live/peer.js");
  window.signal = await import("./live/signal.js");
  window.events = [];
  window.watch = (who) => {
    who.on("message", (from, body, info) => events.push(["message", from, body, info.private]));
    who.on("refused", (from, reason) => events.push(["refused", from, reason]));
    who.on("seat", (seat, state) => events.push(["seat", seat, state]));
    who.on("state", (state) => events.push(["state", state]));
    return who;
  };
}"""

# The frames a host's page sends and receives on its data channels, as the page sees them.
WIRE_TAP = """
window.wire = [];
const createDataChannel = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = createDataChannel.apply(this, args);
  channel.addEventListener("message", (e) => window.wire.push(["in", String(e.data)]));
  const send = channel.send.bind(channel);
  channel.send = (data) => { window.wire.push(["out", String(data)]); return send(data); };
  return channel;
};
"""


class Player:
    """One player's browser: a context of its own and a blank page of the site's origin with the
    site's import map and the live modules (``window.peer``, ``window.signal``)."""

    def __init__(self, browser: Any, server: Any, site: Path, tap: bool = False) -> None:
        self.server = server
        self.context, self.guard = make_context(browser, server.url, service_workers="block")
        index = (site / "index.html").read_text(encoding="utf-8")
        found = re.search(r'<script type="importmap">.*?</script>', index, re.S)
        assert found, "index.html has no import map"
        html = f"<!doctype html><meta charset=utf-8><title>live</title>{found.group(0)}"
        self.context.route(server.url + "live-test.html", lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        if tap:
            self.context.add_init_script(WIRE_TAP)
        self.page = self.new_page()

    def new_page(self) -> Any:
        page = self.context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        page.goto(self.server.url + "live-test.html")
        page.evaluate(SETUP_JS)
        return page

    def reload(self) -> None:
        self.page.reload()
        self.page.evaluate(SETUP_JS)

    def js(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def wait(self, condition: str, arg: Any = None, timeout: float = 15000) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(condition, arg=arg, timeout=timeout, polling=50)
        except PlaywrightTimeout:
            pytest.fail(f"not within {timeout / 1000:g} s: {condition}; this page's events: {self.js('window.events')}")

    def events(self, kind: str | None = None) -> list[Any]:
        out: list[Any] = self.js("window.events")
        return [e for e in out if kind is None or e[0] == kind]

    def close(self) -> None:
        self.context.close()
        assert self.guard.blocked == [], f"requests outside the site: {self.guard.blocked}"


class Table:
    """A host and its guests, each in a browser context of its own. ``timeout_ms`` is every
    connection's timeout (LiveHost's and LiveGuest's ``timeoutMs``)."""

    def __init__(self, browser: Any, server: Any, site: Path, seats: int, timeout_ms: int = 8000) -> None:
        self.browser, self.server, self.site, self.timeout_ms = browser, server, site, timeout_ms
        self.host = Player(browser, server, site, tap=True)
        self.host.js("([seats, t]) => { window.host = watch(new peer.LiveHost({ seats, timeoutMs: t })); }", [seats, timeout_ms])
        self.table: str = self.host.js("host.table")
        self.guests: dict[int, Player] = {}

    def invite(self, seat: int, extra: Any = None) -> str:
        text: str = self.host.js("([seat, extra]) => host.invite(seat, extra)", [seat, extra])
        return text

    def join(self, seat: int, invitation: str, player: Player | None = None) -> tuple[Player, dict[str, Any]]:
        """A guest's browser opens the invitation (the guest is ``window.guest``); returns it and
        what ``join`` resolved to (reply, seat, table, extra)."""
        guest = player or Player(self.browser, self.server, self.site)
        joined: dict[str, Any] = guest.js("""async ([text, t]) => {
            const { guest, reply, seat, table, extra } = await peer.LiveGuest.join(text, { timeoutMs: t });
            window.guest = watch(guest);
            return { reply, seat, table, extra };
        }""", [invitation, self.timeout_ms])
        self.guests[seat] = guest
        return guest, joined

    def connect(self, seats: list[int]) -> None:
        """Invites, joins and accepts every seat of ``seats`` and waits until all are open."""
        invitations = {seat: self.invite(seat, {"seat": seat}) for seat in seats}
        for seat in seats:
            _, joined = self.join(seat, invitations[seat])
            assert self.host.js("(reply) => host.accept(reply)", joined["reply"]) == seat
        for seat in seats:
            self.host.wait("(seat) => host.seatState(seat) === 'open'", seat)
            self.guests[seat].wait("() => guest.state === 'open'")
        # every guest holds every open seat's key (the roster follows each connection)
        want = sorted([0, *self.guests])
        for guest in self.guests.values():
            guest.wait("(want) => JSON.stringify(guest.knownSeats()) === JSON.stringify(want)", want)

    def close(self) -> None:
        for player in [self.host, *self.guests.values()]:
            assert player.page.errors == [], player.page.errors
        for player in {id(p): p for p in [self.host, *self.guests.values()]}.values():
            player.close()


@pytest.fixture
def table_of(browser: Any, server: Any, site: Path) -> Iterator[Any]:
    """``table_of(seats, timeout_ms=8000)``: a Table, closed (and checked) after the test."""
    made: list[Table] = []

    def make(seats: int, timeout_ms: int = 8000) -> Table:
        made.append(Table(browser, server, site, seats, timeout_ms))
        return made[-1]

    yield make
    for t in made:
        t.close()


# ---------------------------------------------------------------- live tables through the app
def open_page(context: Any, url: str) -> Any:
    """A page of the app at ``url``, its errors kept in ``page.errors`` (not waiting for the
    engine: an invitation's page answers before it is up)."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    return page


def host_daifugo(page: Any, players: int, friends: list[int], preset: str = "", games: int = 1,
                 choices: dict[str, str] | None = None) -> None:
    """The host's set-up of a live Daifugō table of ``games`` games (``friends``: the seats of
    people; ``preset``: the rules' preset, the form's default unless said; ``choices``: a rule's
    path and the value chosen in its select), submitted through the form as a person does it."""
    from playwright.sync_api import expect

    page.locator('.game-card:has-text("Daifugō") button').first.click()
    form = page.locator("form.setup")
    if preset:
        form.locator("select[name=preset]").select_option(
            form.locator(f'select[name=preset] option[data-preset="{preset}"]').get_attribute("value"))
    form.locator("select[name=players]").select_option(str(players))
    for seat in friends:
        form.locator(f"select[name=seat{seat}]").select_option("human")
    form.locator("select[name=where]").select_option("live")
    form.locator(".df-rules > summary").click()
    form.locator('[data-path="match.games"]').fill(str(games))
    form.locator('[data-path="match.games"]').dispatch_event("change")
    expect(form.locator(".df-rules-code")).to_contain_text(f"match.games={games}")
    for path, value in (choices or {}).items():
        form.locator(f'select[data-path="{path}"]').select_option(value)
        expect(form.locator(".df-rules-code")).to_contain_text(f"{path}={value}")
    form.locator("button[type=submit]").click()


def panel_link(page: Any, selector: str, kind: str, other_than: str = "") -> str:
    """The ``join=`` or ``reply=`` link in the text box ``selector`` of a live panel, once made
    (and once it is not ``other_than``: a new invitation replaces the one before)."""
    expr = f"(document.querySelector({selector!r}) || {{value: ''}}).value"
    from playwright.sync_api import expect

    page.wait_for_function(f"(old) => ({expr}).includes('#{kind}=') && ({expr}) !== old", arg=other_than, timeout=30_000)
    # and still there for the person once the engine is up (a friend's page draws its panel
    # before: nothing the page draws when the engine is ready may replace it)
    page.evaluate("window.pyengineApp.ready")
    expect(page.locator(selector)).to_be_visible()
    return page.evaluate(expr)  # type: ignore[no-any-return]


def snapshot(page: Any) -> dict[str, Any]:
    """What a person could read in their own browser: the page state, the DOM, the storage."""
    return page.evaluate("""() => ({
        length: window.pyengineApp.state().length,
        state: JSON.stringify(window.pyengineApp.state()),
        html: document.documentElement.outerHTML,
        storage: JSON.stringify(Object.entries(localStorage)),
    })""")  # type: ignore[no-any-return]


def play_to_the_end(pages: list[Any], rng: Any, seconds: float, scan: float = 1.0) -> list[tuple[int, dict[str, Any]]]:
    """Plays random legal moves for every person (``pages[i]``: the browser of person i) until
    every page says the game is over; returns the snapshots taken meanwhile (each page, at a
    ``scan`` share of the rounds), as (page index, snapshot).

    In Daifugō a play with a 7 is chosen whenever there is one, its 7-pass hands a card over
    whenever it can, and a Q-bomb spares the 7s: the private passes are what a live table must keep private, and a purely
    random game may end without one. In Chabashi nobody folds while there is another choice: a
    hand that three random players fold away early is over in a few moves, and the scans are to
    see a whole hand, to the showdown."""
    import time

    snaps: list[tuple[int, dict[str, Any]]] = []
    end = time.monotonic() + seconds
    while True:
        states = [p.evaluate("window.pyengineApp.state()") for p in pages]
        if all(s["status"] == "over" for s in states):
            return snaps
        assert time.monotonic() < end, f"the game did not end: {[(s['status'], s['length']) for s in states]}"
        for i, (page, s) in enumerate(zip(pages, states, strict=True)):
            if rng.random() < scan:
                snaps.append((i, snapshot(page)))
            if s["status"] == "human":
                legal = page.evaluate("window.pyengineApp.legal()")
                if legal:
                    page.evaluate("(x) => window.pyengineApp.play(x)", rng.choice(_sevens(legal) or [x for x in legal if not _avoided(x)] or legal))
        time.sleep(0.05)


def _avoided(action: str) -> bool:
    """A choice the random players make only when nothing else is legal: a 7-pass that gives
    nothing, a Q-bomb that names the 7s (all four may go before any is played: about one
    random party game in 150 had no 7-pass for it, and CI met one), a fold (which cuts a
    Chabashi hand short)."""
    return action in ("give:-", "fold") or (action.startswith("bomb:") and "7" in action[5:].split("."))


_SEVEN = re.compile(r"(?:^|\.)[SHDC]7(?:\.|$)")


def _sevens(legal: list[str]) -> list[str]:
    """The Daifugō plays among ``legal`` that hold a 7 (card codes such as ``S7``; a play has no
    ``kind:`` prefix)."""
    return [x for x in legal if ":" not in x and _SEVEN.search(x)]


def wait_verified(pages: list[Any], seconds: float = 120) -> None:
    """Every page's live panel says the game was verified (else the pages' notices say why)."""
    for page in pages:
        try:
            page.wait_for_selector('.live-panel[data-state="verified"]', timeout=seconds * 1000)
        except Exception:
            notes = [p.evaluate("""async () => [document.querySelector('.live-panel')?.textContent,
                document.getElementById('notice').textContent, (await import('./live/cards.js')).diagnose()]""")
                     for p in pages]
            raise AssertionError(f"not verified: {notes}") from None
