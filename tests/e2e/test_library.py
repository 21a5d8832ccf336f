"""The library of saved games (issue 30): each entry says the game, the rules, the opponents with
their levels, the result or the position, and the date; a finished game stays finished, listed
and restored so, even when its replay was left at an earlier position."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import Guard, HeldWheel, Server, engine_held, make_context, open_app
from playwright.sync_api import expect

from pyengine.app.session import Session
from pyengine.core.chance import SeededChance

pytestmark = pytest.mark.e2e


def finished_daifugo() -> tuple[str, bool]:
    """A whole Daifugō match (basic rules, a seeded deal: the same match in every run) of a person,
    who always plays the first legal action, against two random bots: its link, and whether the
    person won (scored most, a shared first place included, as the library counts it)."""
    s = Session.new("daifugo", seats=[("", "human"), ("", "bot:random"), ("", "bot:random")], seed=5, rules="2.basic",
                    chance=SeededChance(5))
    while s.status() != "over":
        if s.status() == "human":
            s.play(s.legal()[0])
        else:
            s.step_auto()
    scores = s.state.returns()
    return s.fragment(), scores[0] == max(scores)


def test_a_finished_game_is_listed_and_restored_as_finished_with_its_result(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fragment, won = finished_daifugo()
    page = open_app(context, server.url + "?speed=instant#" + fragment)
    page.wait_for_function("window.pyengineApp.state().status === 'over'", timeout=60000)
    length = page.evaluate("window.pyengineApp.state().length")
    # stepped back in its replay, then left
    for _ in range(3):
        page.locator('[data-df-nav="prev"]').click()
    page.wait_for_function(f"window.pyengineApp.state().ply === {length - 3}")
    assert page.evaluate("window.pyengineApp.state().status") != "over"
    page.locator('[data-tool="home"]').click()
    entry = page.locator(".library-entry").first
    expect(entry).to_contain_text("Daifugō")
    expect(entry.locator("strong")).to_contain_text("basic")  # the rules
    expect(entry.locator('[data-entry="seats"]')).to_have_text("You against Computer (random) ×2")
    expect(entry.locator('[data-entry="result"]')).to_have_text("Finished: you won" if won else "Finished: you lost")
    expect(entry.locator("time")).to_be_visible()
    # reopening the app does not resume it as a game in progress
    page.goto(server.url + "?speed=instant")
    page.evaluate("window.pyengineApp.ready")
    expect(page.locator("#start")).to_be_visible()
    # continued, it opens finished, at its end
    page.locator('.library-entry [data-action="continue"]').first.click()
    page.wait_for_function("window.pyengineApp.state().game === 'daifugo'")
    state = page.evaluate("window.pyengineApp.state()")
    assert (state["status"], state["ply"]) == ("over", length)
    assert page.errors == []


@pytest.mark.parametrize(("lang", "words"), [("ko", "나 대 컴퓨터 (마스터)"), ("ja", "あなた 対 コンピューター（名人）")])
def test_a_library_entry_speaks_the_readers_language(ctx: tuple[Any, Guard], server: Server, lang: str, words: str) -> None:
    context, _ = ctx
    context.add_init_script(f"localStorage.setItem('pyengine:lang', '{lang}')")
    page = open_app(context, server.url + "?speed=instant")
    card = page.locator('.game-card[data-game="cetkaik"]')
    card.locator('[data-action="new"]').click()
    card.locator('.setup button[type="submit"]').click()
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)", timeout=60000)
    page.locator('[data-tool="home"]').click()
    entry = page.locator(".library-entry").first
    expect(entry.locator('[data-entry="seats"]')).to_have_text(words)
    assert "master" not in entry.inner_text()
    assert page.errors == []


VECTORS = Path(__file__).resolve().parents[3] / "shared" / "vectors" / "cetkaik" / "records" / "real"


def test_a_kiaak_record_opens_from_the_start_page_by_file_drop_and_paste(ctx: tuple[Any, Guard], server: Server,
                                                                         tmp_path: Path) -> None:
    from pyengine.app.views.cetkaik import import_record

    context, _ = ctx
    text = (VECTORS / "case1.txt").read_text(encoding="utf-8")
    plies = len(import_record(text).actions)
    page = open_app(context, server.url + "?speed=instant")
    # the file picker of "Import games or a record…"
    (tmp_path / "game.txt").write_text(text, encoding="utf-8")
    page.locator("#library-file").set_input_files(str(tmp_path / "game.txt"))
    page.wait_for_function("window.pyengineApp.state().game === 'cetkaik'", timeout=60000)
    assert page.evaluate("window.pyengineApp.state()")["length"] == plies
    assert page.evaluate("document.getElementById('notice').hidden")
    # a paste on the start page
    page.locator('[data-tool="home"]').click()
    expect(page.locator("#start")).to_be_visible()
    page.evaluate(PASTE, text)
    page.wait_for_function("location.hash !== '#games' && window.pyengineApp.state().game === 'cetkaik'", timeout=60000)
    # a drop of the file
    page.locator('[data-tool="home"]').click()
    expect(page.locator("#start")).to_be_visible()
    page.evaluate("""(text) => { const data = new DataTransfer(); data.items.add(new File([text], 'game.txt', { type: 'text/plain' }));
      document.getElementById('start').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true })); }""", text)
    page.wait_for_function("location.hash !== '#games' && window.pyengineApp.state().game === 'cetkaik'", timeout=60000)
    # something that is neither: a clear message, nothing changes
    page.locator('[data-tool="home"]').click()
    (tmp_path / "junk.txt").write_text("not a record at all", encoding="utf-8")
    page.locator("#library-file").set_input_files(str(tmp_path / "junk.txt"))
    expect(page.locator("#notice")).to_contain_text("neither a games file")
    expect(page.locator("#start")).to_be_visible()
    assert page.errors == []


PASTE = """(text) => { const data = new DataTransfer(); data.setData('text/plain', text);
  document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true })); }"""


def test_a_record_pasted_while_the_engine_starts_says_it_waits_and_opens_once_it_is_up(browser: Any, server: Server) -> None:
    from pyengine.app.views.cetkaik import import_record

    text = (VECTORS / "case1.txt").read_text(encoding="utf-8")
    with engine_held(browser, server) as (page, wheel):  # the engine starts when the test lets it
        page.goto(server.url + "?speed=instant")
        page.wait_for_selector(".game-card")
        page.evaluate(PASTE, text)
        # the paste is answered at once: the page says that it waits, and the start page stays
        expect(page.locator("#notice")).to_contain_text("as soon as the engine has started")
        expect(page.locator("#start")).to_be_visible()
        assert page.evaluate("window.pyengineApp.state()")["game"] is None
        wheel.release()
        page.wait_for_function("window.pyengineApp.state().game === 'cetkaik'", timeout=90000)
        assert page.evaluate("window.pyengineApp.state()")["length"] == len(import_record(text).actions)
        expect(page.locator("#notice")).to_be_hidden()
        expect(page.locator("#start")).to_be_hidden()
        assert page.errors == []


def test_continue_pressed_while_the_engine_starts_opens_the_game_once_it_is_up(browser: Any, server: Server) -> None:
    """A returning player's older game, continued from the library before the engine is up: the
    press is answered at once (the table says the game is opening, above it the engine's progress)
    and the game opens once the engine is."""
    context, guard = make_context(browser, server.url, service_workers="block")
    page = open_app(context, server.url + "?speed=instant")
    for game in ("cetkaik", "chabashi"):  # two games in the library, the Chabashi one the last shown
        page.locator(f'.game-card[data-game="{game}"] [data-action="new"]').click()
        page.locator(f'.game-card[data-game="{game}"] .setup button[type="submit"]').click()
        # (this game's own state: the Cetkaik game's, still there when the Chabashi one is asked for, would
        # let the loop go on before the Chabashi game is on screen, and the Cetkaik one stay the last shown)
        page.wait_for_function("(g) => window.pyengineApp.state().game === g"
                               " && ['human', 'over'].includes(window.pyengineApp.state().status)",
                               arg=game, timeout=90000)
        # the table last on screen is kept 0.4 s after it is drawn, or as it is left: until the Chabashi
        # game's is kept, the next visit draws the Cetkaik one at once, as the last shown, instead of the
        # opening line (CI failed so twice, before a table left at once was kept)
        page.wait_for_function("(g) => (JSON.parse(localStorage.getItem('pyengine:lastview') || 'null')"
                               " || {view: {}}).view.game === g", arg=game)
        page.evaluate("location.hash = 'games'")
        page.wait_for_selector(f'.library-entry[data-game="{game}"]')
    page.close()
    wasm = HeldWheel(context, "**/*.wasm")  # the engine cannot start, from the snapshot either
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "?speed=instant#games")
    entry = page.locator('.library-entry[data-game="cetkaik"]')
    entry.locator('[data-action="continue"]').click()
    expect(page.locator("#table .opening")).to_be_visible()
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#start")).to_be_hidden()
    wasm.release()
    page.wait_for_function("window.pyengineApp.state().game === 'cetkaik'", timeout=90000)
    expect(page.locator("#start")).to_be_hidden()
    assert errors == []
    context.close()
    assert guard.blocked == []


def test_a_table_left_at_once_stays_the_one_last_shown(ctx: tuple[Any, Guard], server: Server) -> None:
    """The table on screen is kept as the last shown 0.4 s after it is drawn (a run of bot moves writes
    it once); a table left for the start page sooner than that is kept as it is left, so the next
    visit draws it first."""
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    page.locator('.game-card[data-game="chabashi"] [data-action="new"]').click()
    page.locator('.game-card[data-game="chabashi"] .setup button[type="submit"]').click()
    # "All games", pressed the moment the library holds the new game (its view is not kept yet)
    key = page.evaluate("""() => new Promise((done) => {
        const poll = () => {
            const keys = Object.keys(JSON.parse(localStorage.getItem('pyengine:games') || '{}'));
            if (keys.length) { location.hash = 'games'; done(keys[0]); } else setTimeout(poll, 2);
        };
        poll();
    })""")
    expect(page.locator('.library-entry[data-game="chabashi"]')).to_be_visible()
    last = page.evaluate("JSON.parse(localStorage.getItem('pyengine:lastview') || 'null')")
    assert last is not None and last["key"] == key and last["view"]["game"] == "chabashi"
    assert page.errors == []
