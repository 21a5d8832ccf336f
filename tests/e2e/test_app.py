"""User journeys of the page shell in Chromium: start page, language, share links,
automation API, saved games, load errors, embedding and offline boot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, Guard, Server, host_page, make_context, open_app
from playwright.sync_api import expect

from pyengine.core import list_games

pytestmark = pytest.mark.e2e


def start_new_game(page: Any, game_id: str) -> dict[str, Any]:
    card = page.locator(f'.game-card[data-game="{game_id}"]')
    card.locator('[data-action="new"]').click()
    card.locator('.setup button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().game !== null")
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)")
    return page.evaluate("window.pyengineApp.state()")  # type: ignore[no-any-return]


def play_some(page: Any, moves: int) -> None:
    for _ in range(moves):
        legal = page.evaluate("window.pyengineApp.legal()")
        if not legal:
            break
        page.evaluate("(a) => window.pyengineApp.play(a)", legal[0])


@pytest.mark.smoke
def test_start_page_lists_games_and_switches_language(ctx: tuple[Any, Guard], server: Server, site: Path) -> None:
    context, guard = ctx
    page = open_app(context, server.url)
    assert page.evaluate("window.pyengineApp.state()")["game"] is None
    assert page.evaluate("window.pyengineApp.state()")["status"] == "start"
    assert page.locator("#loading").is_hidden()
    cards = page.locator(".game-card")
    ids = [g.id for g in list_games() if g.id != "kuhn"]
    assert cards.count() == len(ids) > 0
    page.select_option("#lang-picker", "ko")
    expect(page.locator("#start h1")).to_have_text("게임을 고르세요")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    page.select_option("#lang-picker", "ja")
    expect(page.locator("#start h1")).to_have_text("ゲームを選んでください")
    assert page.errors == []
    # Every request of the boot is in the service worker's precache list.
    precache = {server.url + p[2:] for p in json.loads((site / "precache.json").read_text())["files"]}
    boot = {u for u in guard.seen if not u.endswith(("sw.js", "/i18n/ko.json", "/i18n/ja.json"))}
    assert boot <= precache, sorted(boot - precache)


def test_language_follows_the_browser(browser: Any, server: Server) -> None:
    context, guard = make_context(browser, server.url, locale="ja-JP", service_workers="block")
    page = open_app(context, server.url)
    expect(page.locator("#start h1")).to_have_text("ゲームを選んでください")
    context.close()
    assert guard.blocked == []


OUTSIDE = ["http://192.0.2.1/a.js", "https://example.com/b.css", "http://localhost.invalid/c"]
FETCH_ALL = "(urls) => Promise.all(urls.map((u) => fetch(u).then(() => 'answered', () => 'failed')))"


@pytest.mark.smoke
def test_outside_requests_fail_and_are_recorded_in_both_kinds_of_browser(ctx: tuple[Any, Guard], browser: Any,
                                                                        server: Server) -> None:
    """The guard every browser test relies on: a returning browser (not routed, so that it keeps
    its caches) and a first visit's context (routed) both fail a request outside the loopback and
    record it, and let the site's own through."""
    context, guard = ctx
    fresh, fresh_guard = make_context(browser, server.url, service_workers="block")
    try:
        for c, g in ((context, guard), (fresh, fresh_guard)):
            page = c.new_page()
            page.goto(server.url + "manifest.webmanifest")
            assert page.evaluate(FETCH_ALL, OUTSIDE) == ["failed"] * len(OUTSIDE)
            assert page.evaluate(FETCH_ALL, [server.url + "index.html"]) == ["answered"]
            assert set(OUTSIDE) <= set(g.blocked) and server.url + "index.html" in g.seen
            g.blocked.clear()
    finally:
        fresh.close()


def test_load_failure_is_shown_not_endless_loading(browser: Any, server: Server) -> None:
    context, _ = make_context(browser, server.url, service_workers="block")
    context.route("**/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_selector("#load-error:not([hidden])", timeout=30000)
    assert page.locator("#load-error-text").inner_text().strip() != ""
    assert page.locator("#loading").is_hidden()
    # A sentence for people, a way to try again, and the technical details behind a toggle.
    en = json.loads((ROOT / "web" / "i18n" / "en.json").read_text())
    expect(page.locator("#load-error-text")).to_have_text(en["load.download_failed"])
    assert page.locator("#load-retry").is_visible()
    assert page.locator("#load-error-trace").is_hidden()
    page.locator("#load-error-details summary").click()
    expect(page.locator("#load-error-trace")).to_contain_text(".whl")
    # The start page is still there: nothing of it waited for the engine.
    assert page.locator(".game-card").count() == 3
    context.close()


BROKEN = {
    # a runtime whose module fails as it loads: Python cannot start
    "runtime": ("**/pyodide.asm.mjs", "text/javascript", "throw new Error('runtime broken on purpose');",
                "load.runtime_failed", "runtime broken on purpose"),
    # a bridge that raises as PyScript runs it
    "bridge": ("**/main.py", "text/plain", "raise RuntimeError('bridge broken on purpose')", "load.engine_failed",
               "bridge broken on purpose"),
}


@pytest.mark.parametrize("step", sorted(BROKEN))
def test_a_failed_step_under_pyscript_is_a_sentence_never_a_traceback(browser: Any, server: Server, step: str) -> None:
    pattern, mime, body, sentence, detail = BROKEN[step]
    context, guard = make_context(browser, server.url, service_workers="block")
    context.route(pattern, lambda route: route.fulfill(status=200, content_type=mime, body=body))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_selector("#load-error:not([hidden])", timeout=60000)
    en = json.loads((ROOT / "web" / "i18n" / "en.json").read_text())
    expect(page.locator("#load-error-text")).to_have_text(en[sentence])
    page.locator("#load-error-details summary").click()
    expect(page.locator("#load-error-trace")).to_contain_text(detail)
    # PyScript's own error banner stays off (config "plugins": ["!error"]), and nothing is left uncaught
    page.wait_for_timeout(500)
    assert page.locator(".py-error").count() == 0
    assert errors == []
    context.close()
    assert guard.blocked == []


def test_pyscript_starts_where_the_browser_refuses_indexeddb(browser: Any, server: Server) -> None:
    """PyScript opens IndexedDB as it is imported; a storage-blocked iframe or a private mode
    refuses it.  web/idb-fallback.js hands PyScript an in-memory stand-in while it is imported,
    then gives the page the browser's own back."""
    context, guard = make_context(browser, server.url, service_workers="block")
    context.add_init_script("""
      window.idbOpened = [];
      IDBFactory.prototype.open = function (name) {
        idbOpened.push(name);
        throw new DOMException('storage is blocked', 'SecurityError');
      };
    """)
    page = open_app(context, server.url + "?speed=instant")
    assert page.evaluate("window.indexedDB instanceof IDBFactory") is True  # the page's own, back in place
    assert page.evaluate("window.idbOpened") == []  # nothing on the page asked the browser for a database
    state = start_new_game(page, "cetkaik")
    play_some(page, 1)
    assert page.evaluate("window.pyengineApp.state()")["length"] > state["length"]  # the engine plays
    assert page.errors == []
    context.close()
    assert guard.blocked == []


@pytest.mark.smoke
def test_share_link_round_trip_and_automation_api(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url)
    game_id = page.locator(".game-card").first.get_attribute("data-game")
    state = start_new_game(page, game_id)
    assert state["game"] == game_id and state["rules"]
    play_some(page, 3)
    state = page.evaluate("window.pyengineApp.state()")
    before_legal = page.evaluate("window.pyengineApp.legal()")
    # An illegal move is rejected with the engine's message and changes nothing.
    err = page.evaluate("window.pyengineApp.play('not-a-move').then(() => null, (e) => e.message)")
    assert err and "not" in err.lower()
    assert page.evaluate("window.pyengineApp.state()") == state
    # The location carries the game: a new tab opens exactly there.
    assert page.evaluate("location.hash.slice(1)") == state["record"]
    other = open_app(context, server.url + "#" + state["record"])
    assert other.evaluate("window.pyengineApp.state()") == state
    assert other.evaluate("window.pyengineApp.legal()") == before_legal
    # open() does the same from script; a tampered link is refused with a message.
    third = open_app(context, server.url)
    assert third.evaluate("(f) => window.pyengineApp.open(f)", state["record"]) == state
    bad = state["record"][:-6] + ("A" if state["record"][-6] != "A" else "B") + state["record"][-5:]
    msg = third.evaluate("(f) => window.pyengineApp.open(f).then(() => null, (e) => e.message)", bad)
    assert msg and "link" in msg
    assert third.evaluate("window.pyengineApp.state()") == state


@pytest.mark.smoke
def test_garbled_link_shows_message_and_clean_start_page(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "#1.this-is-not-a-game")
    assert page.locator("#notice").is_visible()
    assert "could not be opened" in page.locator("#notice").inner_text()
    assert page.locator("#start").is_visible()
    assert page.evaluate("window.pyengineApp.state()")["game"] is None
    assert page.errors == []


def test_game_survives_reload_and_corrupt_save_is_discarded(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url)
    start_new_game(page, page.locator(".game-card").first.get_attribute("data-game"))
    play_some(page, 2)
    state = page.evaluate("window.pyengineApp.state()")
    page.reload()
    page.evaluate("window.pyengineApp.ready")
    assert page.evaluate("window.pyengineApp.state()") == state
    # Opening the bare address restores the saved game, with a way to start fresh.
    page.goto(server.url)
    page.evaluate("window.pyengineApp.ready")
    assert page.evaluate("window.pyengineApp.state()")["record"] == state["record"]
    assert page.locator("#notice").is_visible()
    # A tampered save is discarded with a message, never a crash (the library's entry of the game,
    # and the single save slot of earlier versions).
    key = page.evaluate("Object.keys(JSON.parse(localStorage.getItem('pyengine:games')))[0]")
    page.evaluate("(k) => localStorage.setItem('pyengine:game:' + k, '{\"v\":1,\"fragment\":\"1.garbage\"}')", key)
    page.evaluate("localStorage.setItem('pyengine:save', '{\"v\":1,\"fragment\":\"1.garbage\"}')")
    page.goto(server.url + "?fresh=1")
    page.evaluate("window.pyengineApp.ready")
    assert page.evaluate("window.pyengineApp.state()")["game"] is None
    assert "discarded" in page.locator("#notice").inner_text()
    assert page.evaluate("localStorage.getItem('pyengine:save')") is None
    assert page.evaluate("(k) => localStorage.getItem('pyengine:game:' + k)", key) is None
    assert page.errors == []


def test_embed_snippet_in_a_page_of_another_origin(returning_browser: Any, server: Server, tmp_path: Path) -> None:
    # Make a record to embed, from a real game played in the app.
    context, guard = returning_browser(server.url)
    page = open_app(context, server.url)
    start_new_game(page, page.locator(".game-card").first.get_attribute("data-game"))
    play_some(page, 2)
    record = page.evaluate("window.pyengineApp.state()")["record"]
    context.close()
    body = f"""<h1>A wiki page</h1>
<div style="width:420px"><script src="{{app}}embed.js" data-record="{record}" data-height="400px"></script></div>
<script>
window.received = [];
window.addEventListener("message", (e) => window.received.push(e.data));
</script>"""
    with host_page(returning_browser, server, tmp_path, body) as (hp, app_url):
        frame_el = hp.wait_for_selector("iframe.pyengine-embed")
        assert frame_el.get_attribute("src").startswith(app_url)
        frame = frame_el.content_frame()
        frame.wait_for_function("window.pyengineApp && window.pyengineApp.state().game !== null", timeout=60000)
        assert frame.evaluate("window.pyengineApp.state()")["record"] == record
        assert frame.locator("header.chrome").is_hidden()
        # The postMessage API: ask for the state from the host page.
        hp.evaluate("document.querySelector('iframe').contentWindow.postMessage({type: 'pyengine:get-state', id: 7}, '*')")
        hp.wait_for_function("window.received.some((m) => m.type === 'pyengine:state' && m.id === 7)")
        got = hp.evaluate("window.received.find((m) => m.type === 'pyengine:state' && m.id === 7)")
        assert got["state"]["record"] == record
        assert hp.evaluate("window.received.some((m) => m.type === 'pyengine:ready')")
        box = frame_el.bounding_box()
        assert box["width"] <= 420 and box["height"] == 400
        assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_offline_boot_from_the_service_worker(browser: Any, site: Path) -> None:
    srv = Server(site)
    context, guard = make_context(browser, srv.url)
    try:
        page = open_app(context, srv.url)
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout=30000)
        srv.stop()
        offline = context.new_page()
        offline.goto(srv.url)
        offline.evaluate("window.pyengineApp.ready")
        assert offline.locator(".game-card").count() > 0
        assert offline.evaluate("window.pyengineApp.state()")["status"] == "start"
        # A game against the computer works offline too: the AI Worker boots from the cache.
        offline.goto(srv.url + "?speed=instant#games")
        offline.evaluate("window.pyengineApp.ready")
        start_new_game(offline, "cetkaik")
        before = offline.evaluate("window.pyengineApp.state()")["length"]
        play_some(offline, 2)
        offline.wait_for_function("window.pyengineApp.state().status === 'human'", timeout=60000)
        assert offline.evaluate("window.pyengineApp.state()")["length"] > before + 2  # a bot moved
        assert any(w.url.endswith("/ai-worker.js") for w in offline.workers)
    finally:
        context.close()
    assert guard.blocked == []


def new_game_with_seats(page: Any, game_id: str, seats: list[str], players: int | None = None) -> None:
    card = page.locator(f'.game-card[data-game="{game_id}"]')
    card.locator('[data-action="new"]').click()
    form = card.locator(".setup")
    if players is not None:
        form.locator('select[name="players"]').select_option(str(players))
    for i, kind in enumerate(seats):
        form.locator(f'select[name="seat{i}"]').select_option(kind)
    form.locator('button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().game !== null")


@pytest.mark.smoke
def test_bots_think_in_a_worker_and_can_be_paused(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=fast")  # paced, so the game lasts a while
    new_game_with_seats(page, "cetkaik", ["bot:strong", "bot:strong"])
    page.wait_for_function("window.pyengineApp.state().length >= 6", timeout=60000)
    # The bots' search never runs on the page's thread: the page has no interpreter at all, and
    # the moves come from the AI Worker (its answers counted there). How long the page's tasks
    # are meanwhile is a figure, printed by benchmarks/main_thread.py, not a check.
    assert page.evaluate("typeof window.pyodide === 'undefined' && typeof window.loadPyodide === 'undefined'")
    worker = next(w for w in page.workers if w.url.endswith("/ai-worker.js"))
    page.wait_for_function("window.pyengineBoot.worker !== undefined", timeout=60000)  # the AI Worker is up
    worker.evaluate("""() => { const send = self.postMessage.bind(self); self.answered = 0;
      self.postMessage = (m, ...rest) => { if (m && m.type === "answer") self.answered++; return send(m, ...rest); }; }""")
    before = page.evaluate("window.pyengineApp.state().length")
    page.wait_for_function(f"window.pyengineApp.state().length >= {before + 4}", timeout=60000)
    assert worker.evaluate("self.answered") >= 2  # (casts between the moves are chance, not bots)
    page.locator('[data-tool="pause"]').click()
    page.wait_for_selector('[data-tool="resume"]')
    # a move the engine was already making when the pause came is shown when it lands; after it,
    # nothing moves
    paused_at = page.evaluate("window.pyengineApp.settled().then((s) => s.length)")
    page.wait_for_timeout(700)
    assert page.evaluate("window.pyengineApp.state().length") == paused_at
    expect(page.locator("#table")).to_contain_text("Paused")
    page.locator('[data-tool="resume"]').click()
    page.wait_for_function(f"window.pyengineApp.state().length > {paused_at}", timeout=30000)
    assert page.errors == []


def test_private_game_link_holds_only_the_setup_and_reload_keeps_the_game(ctx: tuple[Any, Guard], server: Server) -> None:
    from pyengine.core import decode_fragment

    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    new_game_with_seats(page, "daifugo", ["human", "bot:random", "bot:random", "bot:random"], players=4)
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)", timeout=60000)
    play_some(page, 3)
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)", timeout=60000)
    state = page.evaluate("window.pyengineApp.state()")
    assert state["length"] > 3
    link = decode_fragment(page.evaluate("location.hash.slice(1)"))
    assert link.actions == () and link.game == "daifugo"  # no card of anyone's in the address bar
    assert page.evaluate("location.hash.slice(1)") == state["record"]
    share = page.locator(".share-link").input_value()
    assert decode_fragment(share.split("#", 1)[1]).actions == ()
    page.reload()
    page.evaluate("window.pyengineApp.ready")
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)", timeout=60000)
    assert page.evaluate("window.pyengineApp.state()")["length"] == state["length"]
    assert page.evaluate("window.pyengineApp.state()")["observation"] == state["observation"]
    assert page.errors == []


SNAPSHOT_MADE = "window.pyengineBoot && window.pyengineBoot.worker && window.pyengineBoot.worker.made"
TAMPER_SNAPSHOT = """async (body) => {
  const cache = await caches.open('pyodide-snapshots');
  const [key] = await cache.keys();
  const bytes = new TextEncoder().encode(body);
  await cache.put(key, new Response(bytes, {headers: {'x-snapshot-length': String(bytes.length)}}));
  return key.url;
}"""


# how many AI Workers a page has started (its engine's Worker is PyScript's, from a blob)
COUNT_AI_WORKERS = """{ const W = window.Worker; window.aiWorkers = 0;
  window.Worker = class extends W { constructor(u, o) { super(u, o); if (String(u).includes("ai-worker")) window.aiWorkers += 1; } }; }"""


def test_warm_start_restores_the_interpreter_snapshot_and_a_bad_one_is_replaced(browser: Any, server: Server) -> None:
    # a browser of its own: the first visit is a cold one (the other tests' browser holds a snapshot)
    context, guard = make_context(browser, server.url, service_workers="block")
    try:
        _warm_start_and_a_bad_snapshot(context, server)
    finally:
        context.close()
    assert guard.blocked == []


def _warm_start_and_a_bad_snapshot(context: Any, server: Server) -> None:
    first = open_app(context, server.url)
    assert first.evaluate("window.pyengineBoot.from") == "fresh"
    # The AI Worker starts by itself a moment after the page is up, and leaves the snapshot.
    first.wait_for_function(SNAPSHOT_MADE, timeout=60000)
    first.close()
    context.add_init_script(COUNT_AI_WORKERS)
    warm = open_app(context, server.url + "?speed=instant")
    assert warm.evaluate("window.pyengineBoot.from") == "snapshot"
    # With a snapshot kept, nobody playing a bot starts no second interpreter: the start page
    # never starts the AI Worker (a visit with no snapshot starts it at once, to make one).
    warm.wait_for_timeout(1500)
    assert warm.evaluate("window.pyengineApp.state()")["game"] is None
    assert warm.evaluate("window.aiWorkers") == 0
    # The restored interpreter runs the engine, and so does the Worker, which a game with a bot
    # starts the same way.
    start_new_game(warm, "cetkaik")
    before = warm.evaluate("window.pyengineApp.state()")["length"]
    play_some(warm, 2)
    warm.wait_for_function("window.pyengineApp.state().status === 'human'", timeout=60000)
    assert warm.evaluate("window.pyengineApp.state()")["length"] > before + 2  # a bot moved
    assert warm.evaluate("window.pyengineBoot.worker.from") == "snapshot"
    assert warm.evaluate("window.aiWorkers") == 1
    assert warm.errors == []
    warm.close()
    # A snapshot that does not restore is dropped; the page starts the ordinary way.
    helper = context.new_page()
    helper.goto(server.url + "embed.js")  # any page of the site, to reach its storage
    key = helper.evaluate(TAMPER_SNAPSHOT, "not a memory image " * 64)
    page = open_app(context, server.url)
    assert page.evaluate("window.pyengineBoot.from") == "fresh"
    assert page.evaluate("window.pyengineBoot.snapshotError")
    assert page.evaluate("window.pyengineApp.state()")["game"] == "cetkaik"  # the saved game is back
    assert page.errors == []
    # ... and the Worker makes a good one again for the next visit.
    page.wait_for_function(SNAPSHOT_MADE, timeout=60000)
    assert page.evaluate("(k) => caches.open('pyodide-snapshots').then((c) => c.match(k)).then((r) => r.headers.get('x-snapshot-length'))", key) != str(len("not a memory image " * 64))
    page.close()
    again = open_app(context, server.url)
    assert again.evaluate("window.pyengineBoot.from") == "snapshot"
