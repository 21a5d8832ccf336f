"""The app shell in Chromium (issue 18): garbled links, the library of saved games, the first
frame before the engine, honest progress, the installable app, accessibility (axe-core) and
every shown string in three languages, stable controls and a deal in one step (issue 17)."""

from __future__ import annotations

import base64
import json
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    ARGS,
    CHROMIUM,
    ROOT,
    Guard,
    HeldWheel,
    Server,
    axe_violations,
    make_context,
    open_app,
    scan_text,
)
from playwright.sync_api import expect

from pyengine.core import Record, Seat, encode_fragment

pytestmark = pytest.mark.e2e
LANGS = ("en", "ko", "ja")


def strings(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def start(page: Any, game: str, seats: list[str] | None = None, players: int | None = None) -> None:
    card = page.locator(f'.game-card[data-game="{game}"]')
    card.locator('[data-action="new"]').click()
    form = card.locator(".setup")
    if players is not None:
        form.locator('select[name="players"]').select_option(str(players))
    for i, kind in enumerate(seats or []):
        form.locator(f'select[name="seat{i}"]').select_option(kind)
    form.locator('button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().game !== null", timeout=60000)


def settle(page: Any) -> dict[str, Any]:
    """The page once a person is to move or the game is over; if it never comes, the failure says
    where the page stood (its state's status, length, whether a bot was thinking, what it noted)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)", timeout=90000)
    except PlaywrightTimeout:
        where = page.evaluate("""() => { const s = window.pyengineApp.state();
            const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null)
              .map((e) => e.textContent.trim().slice(0, 80));
            return {status: s.status, length: s.length, cursor: s.cursor, thinking: s.thinking, paused: s.paused,
                    notice: (document.getElementById('notice') || {}).textContent, hash: location.hash.slice(0, 40),
                    status_line: shown('#table .status'), dialogs: shown('#table [role=dialog]'),
                    ai_worker: window.pyengineBoot && window.pyengineBoot.worker ? 'up' : 'not up'}; }""")
        raise AssertionError(f"no person's turn within 90 s: {where}; page errors: {getattr(page, 'errors', None)}; "
                             f"logged errors: {getattr(page, 'console_errors', None)}") from None
    return page.evaluate("window.pyengineApp.state()")  # type: ignore[no-any-return]


def library_keys(page: Any) -> list[str]:
    return page.evaluate("Array.from(document.querySelectorAll('.library-entry')).map((e) => e.dataset.key)")  # type: ignore[no-any-return]


# ---------------------------------------------------------------- links that never break the page
def garbled_links(valid: str) -> dict[str, str]:
    unknown = encode_fragment(Record("go", "1.basic", (Seat(), Seat())))
    other = base64.urlsafe_b64encode(zlib.compress(b'{"game": "cetkaik", "rules": "1.official", "seats": [["", "human"]]'))
    return {
        "%%%garbage": "not_a_link",
        "%E0%A4%A": "not_a_link",  # a cut %-escape
        "1.!!!!": "damaged",
        valid[: len(valid) // 2]: "damaged",  # truncated
        "1." + "A" * 250_000: "too_long",
        unknown: "unknown_game",
        "7." + valid[2:]: "newer_version",
        "1." + other.decode().rstrip("="): "damaged",  # cut JSON
        "hello world": "not_a_link",
    }


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_garbled_link_gives_a_message_in_the_users_language(returning_browser: Any, server: Server, lang: str) -> None:
    context, guard = returning_browser(server.url)
    context.add_init_script(f"localStorage.setItem('pyengine:lang', '{lang}')")
    page = open_app(context, server.url + "?speed=instant")
    start(page, "cetkaik")
    game = settle(page)
    valid = game["record"]
    texts = strings(lang)
    for fragment, code in garbled_links(valid).items():
        # while a game is on the table: the message, and the game stays
        page.evaluate("(f) => { location.hash = f; }", fragment)
        page.wait_for_function("!document.getElementById('notice').hidden", timeout=30000)
        notice = page.locator("#notice .notice-text").inner_text()
        reason = texts[f"link.{code}"].split("{")[0].strip()
        assert reason in notice, (fragment[:40], notice)
        # it floats above the table's head and covers none of the table (in Korean with its
        # Details, the English words of the engine, beside the buttons)
        assert page.locator("#notice .notice-details").count() == (lang != "en")
        box, table = page.locator("#notice").bounding_box(), page.locator("#table").bounding_box()
        assert box["y"] + box["height"] <= table["y"], (fragment[:40], box, table)
        assert page.evaluate("window.pyengineApp.state()")["record"] == valid
        assert page.evaluate("location.hash.slice(1)") == valid
        page.locator("#notice .dismiss").click()
    # on a fresh page, the start page with the message
    for fragment, code in list(garbled_links(valid).items())[:3]:
        fresh = open_app(context, server.url + "#" + fragment)
        assert fresh.locator("#start").is_visible()
        assert texts[f"link.{code}"].split("{")[0].strip() in fresh.locator("#notice").inner_text()
        assert fresh.errors == []
        fresh.close()
    assert page.errors == []
    context.close()
    assert guard.blocked == []


# ---------------------------------------------------------------- the library
def test_the_library_keeps_every_game_and_one_bad_entry_harms_no_other(ctx: tuple[Any, Guard], server: Server,
                                                                          tmp_path: Path) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    start(page, "cetkaik")
    first = settle(page)
    page.evaluate("(a) => window.pyengineApp.play(a)", page.evaluate("window.pyengineApp.legal()")[0])
    first = settle(page)
    # A new game never replaces the one in progress.
    page.evaluate("location.hash = 'games'")
    start(page, "chabashi", ["human", "bot:random"], players=2)
    second = settle(page)
    page.evaluate("location.hash = 'games'")
    page.wait_for_selector(".library-entry")
    keys = library_keys(page)
    assert len(keys) == 2
    entries = page.locator(".library-entry")
    expect(entries.nth(0)).to_contain_text("Chabashi")  # the latest first
    expect(entries.nth(1)).to_contain_text("Cetkaik")
    expect(entries.nth(1)).to_contain_text("You against Computer (master)")  # the opponent and its level
    # Continue says which game, and opens exactly it.
    cont = entries.nth(1).locator('[data-action="continue"]')
    assert cont.get_attribute("aria-label").startswith("Continue Cetkaik")
    cont.click()
    page.wait_for_function("window.pyengineApp.state().game === 'cetkaik'")
    assert page.evaluate("window.pyengineApp.state()")["record"] == first["record"]
    # Opening another game's link keeps both.
    page.evaluate("(f) => { location.hash = f; }", second["record"])
    page.wait_for_function("window.pyengineApp.state().game === 'chabashi'")
    page.evaluate("location.hash = 'games'")
    page.wait_for_selector(".library-entry")
    assert sorted(library_keys(page)) == sorted(keys)
    # Export, then a device with nothing: import brings both back.
    with page.expect_download() as dl:
        page.locator("#library-export").click()
    exported = tmp_path / "games.json"
    dl.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["format"] == "pyengine-library" and len(data["games"]) == 2
    # Delete, with an undo.
    page.locator(f'.library-entry[data-key="{keys[0]}"] [data-action="delete"]').click()
    assert library_keys(page) == [keys[1]]
    page.locator("#notice button", has_text="Undo").click()
    assert sorted(library_keys(page)) == sorted(keys)
    # A damaged entry is dropped with a message when opened; the other stays.
    page.evaluate("(k) => localStorage.setItem('pyengine:game:' + k, '{\"v\": 2, \"fragment\": \"1.xyz\"}')", keys[0])
    page.locator(f'.library-entry[data-key="{keys[0]}"] [data-action="continue"]').click()
    page.wait_for_function("document.querySelectorAll('.library-entry').length === 1")
    assert "discarded" in page.locator("#notice").inner_text()
    assert library_keys(page) == [keys[1]]
    fresh = open_app(context, server.url + "#games")
    fresh.evaluate("localStorage.clear()")
    fresh.reload()
    fresh.evaluate("window.pyengineApp.ready")
    assert library_keys(fresh) == []
    broken = dict(data, games=data["games"] + [{"save": "{not json"}])
    (tmp_path / "import.json").write_text(json.dumps(broken))
    fresh.locator("#library-file").set_input_files(str(tmp_path / "import.json"))
    fresh.wait_for_function("document.querySelectorAll('.library-entry').length === 2")
    expect(fresh.locator("#notice")).to_contain_text("Imported 2 games; 1 skipped")
    assert sorted(library_keys(fresh)) == sorted(keys)
    assert page.errors == [] and fresh.errors == []


def test_the_old_single_save_joins_the_library(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    start(page, "cetkaik")
    state = settle(page)
    key = library_keys_from_storage(page)[0]
    save = page.evaluate("(k) => localStorage.getItem('pyengine:game:' + k)", key)
    page.evaluate("localStorage.clear()")
    page.evaluate("(s) => localStorage.setItem('pyengine:save', s)", save)
    page.goto(server.url + "?again=1")
    page.evaluate("window.pyengineApp.ready")
    assert page.evaluate("window.pyengineApp.state()")["record"] == state["record"]  # and it is resumed
    assert page.evaluate("localStorage.getItem('pyengine:save')") is None
    assert library_keys_from_storage(page) == [key]


def library_keys_from_storage(page: Any) -> list[str]:
    return list(json.loads(page.evaluate("localStorage.getItem('pyengine:games')") or "{}"))


# ---------------------------------------------------------------- nothing waits for Python that need not
def test_start_page_setup_form_and_first_frame_come_before_the_engine(browser: Any, server: Server) -> None:
    context, guard = make_context(browser, server.url, service_workers="block")
    wheel = HeldWheel(context)  # the engine cannot start until the test lets its wheel through
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "?speed=instant")
    page.wait_for_selector(".game-card")
    assert page.locator("#loading").is_visible()
    assert page.evaluate("window.pyengineApp.state()")["status"] == "start"
    card = page.locator('.game-card[data-game="daifugo"]')
    card.locator('[data-action="new"]').click()
    card.locator('.setup button[type="submit"]').click()
    page.wait_for_selector('#table .game-table[data-game="daifugo"]')
    assert page.evaluate("document.getElementById('table').dataset.status") == "starting"
    assert page.evaluate("document.getElementById('table').dataset.position") is None  # a new game: its real start
    assert page.locator("#loading").is_visible()  # the progress, in place
    assert page.evaluate("window.pyengineApp.state()")["game"] is None
    page.wait_for_function("document.getElementById('loading').dataset.step !== 'download'", timeout=60000)
    wheel.release()
    page.wait_for_function("window.pyengineApp.state().game === 'daifugo'", timeout=90000)
    settle(page)
    assert page.locator("#loading").is_hidden()
    assert errors == []
    context.close()
    assert guard.blocked == []


def test_progress_moves_through_real_steps(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    context.add_init_script("""
      window.seenSteps = [];
      const seen = (step) => { if (step && window.seenSteps[window.seenSteps.length - 1] !== step) window.seenSteps.push(step); };
      new MutationObserver((records) => {
        for (const r of records) seen(r.oldValue);
        seen(document.getElementById('loading').dataset.step);
      }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-step'] });
      window.seenHeadings = [];
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.getElementById('loading-text');
        const look = () => { const text = heading.textContent; if (window.seenHeadings[window.seenHeadings.length - 1] !== text) window.seenHeadings.push(text); };
        look();
        new MutationObserver(look).observe(heading, { subtree: true, childList: true, characterData: true });
      });
    """)
    page = open_app(context, server.url)
    assert page.evaluate("window.seenSteps") == ["download", "runtime", "engine", "bridge", "ready"]
    # The heading names each step from the moment the bar draws it: the page's general heading
    # (the page's own, before its script) never comes back over a step's (every drawing of the
    # page writes its words again, the bar's heading included).
    headings = page.evaluate("window.seenHeadings")
    general = headings[0]
    assert general.startswith("Loading the game engine"), headings
    assert len(headings) >= 4 and general not in headings[1:], headings
    # The bar's bytes are the engine's Worker's own downloads, every one counted (the page fetches
    # none of the runtime's files itself: no file is asked for twice).
    counted = page.evaluate("window.pyengineEarly.bytes")
    runtime = page.evaluate("window.PYENGINE_BUILD.runtime")
    assert counted == sum(n for rel, n in runtime.items() if rel.endswith((".wasm", ".zip", ".json")))
    asked = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    assert not [name for name in asked if "/vendor/pyodide-" in name and not name.endswith(".mjs")]


SHEETS_AT_FIRST_DRAW = """
  window.sheetsAtFirstDraw = {};
  new MutationObserver((records) => {
    for (const r of records) {
      const table = r.target.closest && r.target.closest('.game-table');
      if (!table || table.dataset.game in window.sheetsAtFirstDraw || !r.addedNodes.length) continue;
      window.sheetsAtFirstDraw[table.dataset.game] =
        Array.from(document.styleSheets).map((s) => (s.href || '').split('/').pop()).filter(Boolean);
    }
  }).observe(document, { subtree: true, childList: true });
"""


@pytest.mark.parametrize(("game", "sheets"), [("cetkaik", {"cetkaik.css"}),
                                              ("daifugo", {"cardkit.css", "daifugo.css", "hintkit.css"}),
                                              ("chabashi", {"cardkit.css", "chabashi.css", "hintkit.css"})])
def test_a_table_is_never_drawn_before_its_styles(ctx: tuple[Any, Guard], server: Server, game: str, sheets: set[str]) -> None:
    """A slow stylesheet holds its table back: drawn unstyled, a board is laid out full width for
    a moment (in a small embed, out of the frame)."""
    context, guard = ctx

    def slow(route: Any) -> None:
        time.sleep(0.8)
        guard(route)

    context.route("**/tables/*.css", slow)
    context.add_init_script(SHEETS_AT_FIRST_DRAW)
    page = open_app(context, server.url + "?speed=instant")
    start(page, game)
    settle(page)
    assert sheets <= set(page.evaluate("window.sheetsAtFirstDraw")[game])
    assert page.errors == []


@pytest.mark.parametrize("game", ["daifugo", "cetkaik"])
def test_a_first_frame_asks_for_its_table_with_its_starting_view(browser: Any, server: Server, game: str) -> None:
    """A link that starts a game draws its first frame from the build's starting view and the
    table's module and words: all three are asked for at once, not one after another (the table
    used to wait for the view, and its words for its module)."""
    context, guard = make_context(browser, server.url, service_workers="block")

    def slow(route: Any) -> None:  # the starting view comes late
        time.sleep(1.0)
        guard(route)

    context.route("**/start/*.json", slow)
    page = context.new_page()
    page.goto(server.url + f"?game={game}&speed=instant")
    page.wait_for_function("performance.getEntriesByName('pyengine:first-table').length > 0", timeout=60000)
    got = page.evaluate("""(game) => {
      const at = (end) => Object.fromEntries(performance.getEntriesByType('resource')
        .filter((e) => new RegExp(`/(start|tables|i18n)/${game}[.]`).test(e.name))
        .map((e) => [e.name.split('/').slice(-2).join('/'), Math.round(end ? e.responseEnd : e.startTime)]));
      return { asked: at(false), came: at(true) };
    }""", game)
    view = f"start/{game}.en.json"
    assert view in got["came"], got
    # the table's module and its words were asked for before the (slow) starting view came
    assert got["asked"][f"tables/{game}.js"] < got["came"][view], got
    assert got["asked"][f"i18n/{game}.en.json"] < got["came"][view], got
    context.close()
    assert guard.blocked == []


# ---------------------------------------------------------------- installable
def test_manifest_icons_and_offline_start_from_the_home_screen(browser: Any, site: Path, tmp_path: Path) -> None:
    srv = Server(site)
    # a profile of its own: Chromium never offers to install from an incognito window
    context = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS)
    guard = Guard()
    guard.allowed = [srv.url]
    context.route("**/*", guard)
    try:
        page = open_app(context, srv.url)
        # named by the page once the engine is up (app.js, linkManifest), not in the head: there it
        # had the browser check installability and draw its interface through the start
        assert 'rel="manifest"' not in page.evaluate("fetch(location.href).then((r) => r.text())")
        href = page.evaluate("document.querySelector('link[rel=manifest]').href")
        manifest = page.evaluate("(u) => fetch(u).then((r) => r.json())", href)
        assert manifest["name"].startswith("Tabletop") and manifest["short_name"] == "Tabletop"
        assert manifest["display"] == "standalone" and manifest["start_url"] and manifest["theme_color"]
        purposes = set()
        for icon in manifest["icons"]:
            url = page.evaluate("([i, m]) => new URL(i, m).href", [icon["src"], href])
            got = page.evaluate("(u) => fetch(u).then(async (r) => [r.status, r.headers.get('content-type'), (await r.text()).length])", url)
            assert got[0] == 200 and got[1] == icon["type"] and got[2] > 200
            purposes.add(icon["purpose"])
        assert purposes == {"any", "maskable"}
        # the home-screen icon of iOS (a PNG there: no SVG), 180 px square, full bleed in the theme's colour
        touch = page.evaluate("document.querySelector('link[rel=apple-touch-icon]').href")
        png = page.evaluate("""(u) => fetch(u).then(async (r) => {
          const bitmap = await createImageBitmap(await r.blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height); const g = canvas.getContext('2d');
          g.drawImage(bitmap, 0, 0);
          return [r.headers.get('content-type'), bitmap.width, bitmap.height, [...g.getImageData(1, 1, 1, 1).data]]; })""", touch)
        theme = manifest["theme_color"].lstrip("#")
        assert png[:3] == ["image/png", 180, 180]
        assert png[3][:3] == [int(theme[i:i + 2], 16) for i in (0, 2, 4)] and png[3][3] == 255
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout=30000)
        srv.stop()
        launched = context.new_page()
        launched.goto(page.evaluate("([s, m]) => new URL(s, m).href", [manifest["start_url"], href]))
        launched.evaluate("window.pyengineApp.ready")
        assert launched.locator(".game-card").count() == 3
    finally:
        context.close()
    assert guard.blocked == []


# ---------------------------------------------------------------- accessibility and every string, in three languages
@pytest.mark.parametrize("lang", LANGS)
def test_axe_finds_no_serious_violation_on_the_start_page_and_each_table(returning_browser: Any, server: Server, lang: str) -> None:
    """The shell's pages whole, and each game at its table: with the generic table whole, and
    with its own table the shell around it (each table's module is checked by its own tests,
    with the same helper)."""
    context, guard = returning_browser(server.url, locale=lang)
    page = open_app(context, server.url + "?speed=instant")
    assert axe_violations(page) == []
    new_buttons = page.locator('.game-card [data-action="new"]')
    names = [new_buttons.nth(i).get_attribute("aria-label") for i in range(new_buttons.count())]
    assert len(set(names)) == len(names) == 3  # "New game of …", one per game
    generic = open_app(context, server.url + "?speed=instant&table=generic")
    for game in ("cetkaik", "daifugo", "chabashi"):
        for p, exclude in ((page, (".game-table",)), (generic, ())):
            p.evaluate("location.hash = 'games'")
            p.wait_for_selector(".game-card")
            start(p, game)
            settle(p)
            p.wait_for_timeout(300)
            assert axe_violations(p, exclude=exclude) == [], game
    p.evaluate("location.hash = 'games'")
    p.wait_for_selector(".library-entry")
    assert axe_violations(p) == []  # the library
    context.close()
    assert guard.blocked == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_shell_string_is_translated_and_none_is_a_placeholder(returning_browser: Any, server: Server, lang: str) -> None:
    context, guard = returning_browser(server.url, locale=lang)
    page = open_app(context, server.url + "?speed=instant&table=generic")
    assert scan_text(page, lang) == []
    for game in ("cetkaik", "daifugo", "chabashi"):
        page.locator(f'.game-card[data-game="{game}"] [data-action="new"]').click()
        page.wait_for_selector(".setup")
        assert scan_text(page, lang) == [], f"{game} set-up form"
    page.locator('.game-card[data-game="chabashi"] .setup button[type="submit"]').click()
    settle(page)
    assert page.locator("#table .table-body").count() == 1  # the generic table
    assert scan_text(page, lang) == [], "generic table"
    page.evaluate("location.hash = 'games'")
    page.wait_for_selector(".library-entry")
    assert scan_text(page, lang) == [], "library"
    page.evaluate("location.hash = '%%%garbage'")
    page.wait_for_function("!document.getElementById('notice').hidden")
    assert scan_text(page, lang) == [], "link error"
    assert page.errors == []
    context.close()
    assert guard.blocked == []


# ---------------------------------------------------------------- stable controls, a deal in one step (issue 17)
@pytest.mark.parametrize("game", ["daifugo", "chabashi"])
def test_pause_resume_speed_and_navigation_answer_the_first_press_at_instant(ctx: tuple[Any, Guard], server: Server,
                                                                            game: str) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    start(page, game, ["bot:random"] * 3, players=3)
    page.wait_for_function("window.pyengineApp.state().length > 60", timeout=60000)
    # the speed, chosen while the bots play (it is shown only then), is kept
    page.locator('[data-tool="speed"]').select_option("fast")
    assert page.evaluate("localStorage.getItem('pyengine:speed')") == "fast"
    page.locator('[data-tool="speed"]').select_option("instant")
    # the same button element stays in place while bots play: a press is never lost to a rebuild
    page.evaluate("document.querySelector('[data-tool=pause]').dataset.mark = 'kept'")
    # ... nor moved by the game growing below it (a press aimed at Pause landed on the log)
    place = page.locator('[data-tool="pause"]').bounding_box()
    page.wait_for_function("window.pyengineApp.state().length > 80", timeout=60000)
    assert page.evaluate("document.querySelector('[data-tool=pause]').dataset.mark") == "kept"
    assert page.locator('[data-tool="pause"]').bounding_box() == place
    for _ in range(3):
        if page.evaluate("window.pyengineApp.state().status") == "over":
            break  # three random bots may finish a short session: nothing left to pause
        page.locator('[data-tool="pause"]').click()
        page.wait_for_function("""!document.querySelector('[data-tool=resume]').hidden
            || window.pyengineApp.state().status === 'over'""")
        if page.evaluate("window.pyengineApp.state().status") == "over":
            break
        expect(page.locator('[data-tool="resume"]')).to_be_visible()
        # a step the engine was already making when the pause came lands; after it nothing moves
        stopped = page.evaluate("window.pyengineApp.settled().then((s) => s.length)")
        page.wait_for_timeout(400)
        assert page.evaluate("window.pyengineApp.state().length") == stopped
        if page.evaluate("window.pyengineApp.state().status") in ("bot", "chance"):  # the table says why nothing moves
            expect(page.locator(".df-prompt, .cb-prompt")).to_have_text("Paused")
        page.locator('[data-tool="resume"]').click()
        expect(page.locator('[data-tool="pause"]')).to_be_visible()
        page.wait_for_function(f"window.pyengineApp.state().length > {stopped}", timeout=30000)
    page.locator('[data-tool="home"]').click()
    expect(page.locator("#start")).to_be_visible()
    assert page.evaluate("window.pyengineApp.state()")["status"] == "start"
    assert page.errors == []


STALL_BOTS = """
const post = Worker.prototype.postMessage;
window.__stalled = 0;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && message.type === "choose") { window.__stalled++; return; }  // a bot that thinks for ever
  return post.call(this, message, ...rest);
};
"""


def test_a_press_does_not_wait_for_a_bot_that_is_still_thinking(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    context.add_init_script(STALL_BOTS)
    page = open_app(context, server.url + "?speed=instant")
    start(page, "daifugo", ["bot:strong"] * 4, players=4)
    page.wait_for_function("window.__stalled >= 1 && window.pyengineApp.state().status === 'bot'", timeout=60000)
    status = page.locator(".status")
    expect(status).to_contain_text("thinking")  # once the Worker is up, no longer "starting"
    page.locator('[data-tool="pause"]').click()
    expect(page.locator('[data-tool="resume"]')).to_be_visible(timeout=5000)
    expect(status).not_to_contain_text("thinking")
    page.locator('[data-tool="resume"]').click()  # the bot is asked again, and thinks again
    page.wait_for_function("window.__stalled >= 2", timeout=10000)
    expect(status).to_contain_text("thinking")
    page.locator('[data-tool="home"]').click()  # answers now, not when the bot is done
    expect(page.locator("#start")).to_be_visible(timeout=5000)
    assert page.evaluate("window.pyengineApp.state()")["status"] == "start"
    assert page.errors == []


def test_a_five_player_deal_arrives_in_one_step(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=fast")
    page.evaluate("""() => {
      window.lengths = [];
      const seen = () => { window.lengths.push(window.pyengineApp.state().length); requestAnimationFrame(seen); };
      seen();
    }""")
    start(page, "daifugo", ["human"] + ["bot:random"] * 4, players=5)
    settle(page)
    lengths = sorted(set(page.evaluate("window.lengths")))
    assert 0 in lengths and all(n == 0 or n >= 54 for n in lengths), lengths  # 54 cards: none seen one by one


# ---------------------------------------------------------------- wikis as they are
def render_widget(template: str, values: dict[str, str]) -> str:
    """What the Widgets extension makes of our widget page for ``{{#widget:Tabletop|…}}``: the
    ``includeonly`` part, with Smarty's ``if``, ``default`` and ``escape`` as the page uses them."""
    import html
    import re
    from urllib.parse import quote

    body = template.split("<includeonly>", 1)[1].split("</includeonly>", 1)[0]
    body = re.sub(r"<!--\{if \$(\w+)\}-->(.*?)<!--\{/if\}-->", lambda m: m.group(2) if values.get(m.group(1)) else "", body)

    def var(m: re.Match[str]) -> str:
        name, filters = m.group(1), m.group(2) or ""
        value = values.get(name, "")
        for f in re.findall(r"\|(\w+):'([^']*)'", filters):
            if f[0] == "default" and not value:
                value = f[1]
            elif f[0] == "escape":
                value = quote(value, safe="") if f[1] == "url" else html.escape(value)
        return value

    return re.sub(r"<!--\{\$(\w+)((?:\|\w+:'[^']*')*)\}-->", var, body)


def test_wiki_embeds_as_the_extensions_make_them_on_another_origin(returning_browser: Any, server: Server, tmp_path: Path) -> None:
    context, _ = returning_browser(server.url)
    page = open_app(context, server.url + "?speed=instant")
    start(page, "cetkaik")
    record = settle(page)["record"]
    context.close()
    app_url = server.url.replace("127.0.0.1", "localhost")
    widget = (ROOT / "web" / "wiki" / "Widget-Tabletop.wiki").read_text(encoding="utf-8")
    iframetag = (ROOT / "web" / "wiki" / "IframeTag.wiki").read_text(encoding="utf-8")
    widget_frame = render_widget(widget, {"record": record, "height": "400", "width": "420", "lang": "ko"})
    tag = iframetag.split("-->", 1)[1].strip().replace("1.eJy…", record)
    body = (widget_frame + "\n" + tag).replace("https://example.org/tabletop/", app_url)
    (tmp_path / "wiki.html").write_text(f"<!doctype html><meta charset=utf-8><title>Wiki</title><h1>A wiki page</h1>\n{body}\n")
    host = Server(tmp_path)
    try:
        wiki, guard = returning_browser(host.url, app_url)
        wp = wiki.new_page()
        wp.goto(host.url + "wiki.html")
        frames = wp.locator("iframe")
        assert frames.count() == 2
        assert frames.nth(1).get_attribute("sandbox") == "allow-scripts allow-same-origin allow-popups"
        for i, lang in ((0, "ko"), (1, "en")):
            frame = frames.nth(i).element_handle().content_frame()
            frame.wait_for_function("window.pyengineApp && window.pyengineApp.state().game !== null", timeout=90000)
            assert frame.evaluate("window.pyengineApp.state()")["record"] == record
            assert frame.evaluate("document.documentElement.lang") == lang
            assert frame.locator("header.chrome").is_hidden()
        wiki.close()
        assert guard.blocked == []
    finally:
        host.stop()
