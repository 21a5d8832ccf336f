"""The page answers at once while the engine starts (issue 30): the interpreter starts in
PyScript's Worker, so the main thread has no long task of its own during a cold start, a click
made while the engine is starting is answered, and a press that needs the engine goes through
when it is up.

Times are compared with the engine's own start in the same load (a busy machine slows both
alike), never with a fixed budget: the figures themselves are printed by benchmarks/load.py."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import OBSERVE_MAIN_THREAD, Guard, HeldWheel, Server, engine_held, make_context
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e



def test_a_cold_start_leaves_the_main_thread_free_and_answers_a_click(browser: Any, server: Server) -> None:
    context, guard = make_context(browser, server.url, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(OBSERVE_MAIN_THREAD)
    page.goto(server.url + "?speed=instant")
    card = page.locator('.game-card[data-game="cetkaik"]')
    # A click while the interpreter starts (the downloads are in: Python is starting).
    page.wait_for_function("document.getElementById('loading').dataset.step !== 'download'", timeout=60000)
    card.locator('[data-action="new"]').click()
    page.wait_for_selector('.game-card[data-game="cetkaik"] form.setup')
    answered_before_ready = page.evaluate("!document.getElementById('loading').hidden")
    # the page, its progress bar above, is never wider than its window while the engine starts
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # and on a phone the bar itself is there (beside its step and its bytes it had no width left)
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.getElementById('loading-bar').getBoundingClientRect().width") > 300
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.set_viewport_size({"width": 1280, "height": 720})
    # Start pressed before the engine is up goes through once it is (never lost).
    card.locator('.setup button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().game === 'cetkaik'", timeout=90000)
    page.wait_for_timeout(300)
    got = page.evaluate("""(() => {
      const mark = (n) => performance.getEntriesByName('pyengine:' + n)[0].startTime;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
      return { start: mark('engine-ready') - mark('boot-start'),
               longest: Math.max(0, ...seenLong.filter(([t]) => t >= fcp).map(([, d]) => d)),
               clicks: seenClicks };
    })()""")
    print(f"engine start {got['start']:.0f} ms; longest main-thread task after the first paint "
          f"{got['longest']:.0f} ms; clicks {got['clicks']}")
    assert answered_before_ready, "the set-up form waited for the engine"
    # The shell's modules all come with the page's first requests (index.html preloads the whole
    # of app.js's static imports, and of the engine's start, pyodide-boot.mjs), none found late
    # by reading another module while the engine starts: a module the module loader fetched
    # itself is one the page imports dynamically (a table's, under tables/). (After the start,
    # the AI Worker's own imports are listed too.)
    # (The engine's Worker asks for its own modules again, from the browser's cache: a module's
    # first request is the one that counts.)
    found_late = page.evaluate("""(() => {
      const first = new Map();
      for (const r of performance.getEntriesByType('resource')) {
        const name = r.name.slice(location.origin.length + 1);
        if (/^[^/]+\\.m?js$/.test(name) && !first.has(name)) first.set(name, r);
      }
      const ready = performance.getEntriesByName('pyengine:engine-ready')[0].startTime;
      return [...first].filter(([, r]) => r.initiatorType === 'script' && r.startTime < ready).map(([name]) => name);
    })()""")
    assert found_late == [], found_late
    # Before, the interpreter's start was one main-thread task of most of the start (2.2 of 3 s).
    # (Bounds relative to the start, which a busy machine stretches alike. A quarter of it was
    # the bound while the start compiled the standard library: since the runtime starts from its
    # bytecode, on a machine shared with another browser the start came down to 3.8 s and the
    # table's first drawing, stretched with it, to 1.1 s; 0.1-0.2 s idle, as before.)
    assert got["longest"] < got["start"] / 2, got
    assert max(got["clicks"], default=0) < got["start"] / 2, got
    assert errors == []
    context.close()
    assert guard.blocked == []


@pytest.mark.smoke
def test_the_engine_runs_off_the_main_thread(ctx: tuple[Any, Guard], server: Server) -> None:
    """No Pyodide on the page itself: the engine's interpreter lives in PyScript's Worker."""
    context, _ = ctx
    page = context.new_page()
    page.goto(server.url + "?speed=instant")
    page.evaluate("window.pyengineApp.ready")
    assert page.evaluate("typeof window.pyodide === 'undefined' && typeof window.loadPyodide === 'undefined'")
    assert page.evaluate("Boolean(document.querySelector('script[type=\"py\"][worker]').xworker)")
    assert page.evaluate("window.pyengineBoot.from") in ("fresh", "snapshot")
    # the Worker PyScript runs the engine in is the one the page made at its first byte, its
    # interpreter started before PyScript asked (web/engine-early.js)
    assert page.evaluate("window.pyengineBoot.early") is True
    assert page.evaluate("window.pyengineEarly.adopted") is True
    assert page.evaluate("window.Worker.toString()").endswith("{ [native code] }")  # (put back)


def test_the_engine_starts_in_a_worker_pyscript_makes_when_the_early_one_is_not_taken(browser: Any,
                                                                                     server: Server) -> None:
    """Should PyScript make its Worker some other way (another version), the page's early Worker
    is ended and the engine starts in PyScript's own, only slower. Here the page's early Worker
    is a stand-in PyScript never sees (it takes the place engine-early.js would fill)."""
    from test_shell import settle, start

    context, guard = make_context(browser, server.url, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("""window.pyengineEarly = { adopted: false, restored: false, ended: false,
      worker: { terminate() { window.pyengineEarly.ended = true; } },
      restore() { window.pyengineEarly.restored = true; } };""")
    page.goto(server.url + "?speed=instant")
    page.evaluate("window.pyengineApp.ready")
    assert page.evaluate("window.pyengineBoot.early") is False
    assert page.evaluate("[window.pyengineEarly.restored, window.pyengineEarly.ended]") == [True, True]
    start(page, "cetkaik", ["human", "bot:random"])
    assert settle(page)["status"] in ("human", "over")  # (the engine answers: a game is on)
    assert errors == []
    context.close()
    assert guard.blocked == []


@pytest.mark.parametrize("views_late", [False, True], ids=["views-at-once", "views-late"])
def test_a_link_opened_cold_shows_its_games_table_before_the_engine(browser: Any, server: Server,
                                                                   views_late: bool) -> None:
    """A link's first frame is its game's table (from the build's starting view, read without
    Python), never an empty page; the engine then puts the link's own position there. When the
    starting views come late (a busy machine, a slow network), a place for the game is shown
    meanwhile and the table replaces it as soon as they come."""
    from test_shell import settle, start

    context, _ = make_context(browser, server.url, service_workers="block")
    page = context.new_page()
    page.goto(server.url + "?speed=instant")
    page.evaluate("window.pyengineApp.ready")
    start(page, "daifugo", ["human", "bot:random", "bot:random", "bot:random"], players=4)
    record = settle(page)["record"]
    fragment = page.evaluate("location.hash")
    context.close()

    fresh, guard = make_context(browser, server.url, service_workers="block")
    wheel = HeldWheel(fresh)
    held: list[Any] = []
    if views_late:
        fresh.route("**/start/daifugo.*.json", lambda route: held.append(route))
    cold = fresh.new_page()
    errors: list[str] = []
    cold.on("pageerror", lambda e: errors.append(str(e)))
    cold.goto(server.url + "?speed=instant" + fragment)
    if views_late:
        cold.wait_for_selector("#table .opening", timeout=20000)
        for route in held:
            route.continue_()
    cold.wait_for_selector('#table .game-table[data-game="daifugo"]', timeout=60000)
    assert cold.locator("#loading").is_visible()  # the engine is not up: this frame was drawn without it
    assert cold.evaluate("window.pyengineApp.state().game") is None
    assert cold.locator("#table .opening").count() == 0
    # (a Daifugō game's address holds no card and no action: its starting view is its own start)
    assert cold.evaluate("document.getElementById('table').dataset.position") is None
    # the table's modules and the style sheets they wait for were all asked for at once (build.py's
    # table_files), before its first module had even arrived: none was found late by reading the
    # module that imports it, and no sheet waited for the modules
    asked = cold.evaluate("""performance.getEntriesByType('resource').filter((r) => r.name.includes('/tables/'))
      .map((r) => [r.name.split('/').pop(), r.startTime, r.responseEnd])""")
    first = next(end for name, _, end in asked if name == "daifugo.js")
    assert {"cardkit.js", "daifugo.css", "cardkit.css"} <= {name for name, _, _ in asked}
    late = [name for name, began, _ in asked if began > first]
    assert late == [], (late, asked)
    wheel.release()
    cold.wait_for_function("window.pyengineApp.state().record !== null", timeout=90000)
    assert cold.evaluate("window.pyengineApp.state()")["record"] == record
    assert errors == []
    fresh.close()
    assert guard.blocked == []


def test_a_link_to_a_later_position_stands_dimmed_until_the_engine_puts_it_there(browser: Any, server: Server) -> None:
    """A link to a position after some moves, opened cold: its first frame (the game's starting
    view, read without Python) is not that position, so the table stands dimmed, says what it
    waits for and takes no press; once the engine is up, the link's own position is there."""
    from pyengine.app.session import Session

    game = Session.new("cetkaik", seats=[("", "human"), ("", "human")], seed=3)
    while len(game.record.actions) < 6:
        game.play(game.legal()[0]) if game.status() == "human" else game.step_auto()
    with engine_held(browser, server) as (page, wheel):  # the engine starts when the test lets it
        page.goto(server.url + "#" + game.fragment())
        page.wait_for_selector('#table .game-table[data-game="cetkaik"] .ck-board', timeout=60000)
        assert page.evaluate("document.getElementById('table').dataset.position") == "pending"
        body = page.locator('#table > [data-slot="body"]')
        expect(body).to_have_attribute("data-caption", "Opening this link's position…")
        expect(body).to_have_attribute("aria-busy", "true")
        assert page.evaluate("document.querySelector('#table > [data-slot=body]').inert")  # no click, key or focus
        wheel.release()
        page.wait_for_function("window.pyengineApp.state().game === 'cetkaik'", timeout=90000)
        assert page.evaluate("window.pyengineApp.state().length") == 6
        assert page.evaluate("document.getElementById('table').dataset.position") is None
        expect(body).to_have_attribute("aria-busy", "false")
        assert not page.evaluate("document.querySelector('#table > [data-slot=body]').inert")
        assert page.errors == []


def test_bots_play_while_the_ai_worker_is_still_starting(browser: Any, server: Server) -> None:
    """The first bot replies never wait for the AI Worker's start: until it is up, the engine's
    own Worker thinks (the same moves). Here the AI Worker never comes up at all."""
    from test_shell import start

    context, guard = make_context(browser, server.url, service_workers="block")
    held: list[Any] = []
    context.route("**/ai-worker.js", lambda route: held.append(route))  # never answered
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "?speed=instant")
    page.evaluate("window.pyengineApp.ready")
    start(page, "daifugo", ["bot:random"] * 4, players=4)
    page.wait_for_function("window.pyengineApp.state().length >= 64", timeout=60000)  # the deal, then bots' plays
    assert held, "the AI Worker was asked for"
    page.locator('[data-tool="home"]').click()
    page.wait_for_selector("#start:not([hidden])", timeout=10000)
    assert errors == []
    context.close()
    assert guard.blocked == []
