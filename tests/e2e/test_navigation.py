"""Navigation is never lost (issue 30): "All games" pressed while bots play at Instant answers
every press, and going back to the game lets the bots play on; no press freezes a table."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Guard, Server, engine_held, open_app
from playwright.sync_api import expect
from test_shell import start

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game", ["daifugo", "chabashi"])
def test_all_games_answers_every_press_while_five_bots_play_at_instant(ctx: tuple[Any, Guard], server: Server,
                                                                      game: str) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    start(page, game, ["bot:random"] * 5, players=5)
    for _ in range(10):
        before = page.evaluate("window.pyengineApp.state().length")
        page.wait_for_function(f"window.pyengineApp.state().length > {before + 2}", timeout=60000)
        page.locator('[data-tool="home"]').click()
        # answered, not lost (a lost press never shows the start page); how soon is not a check
        expect(page.locator("#start")).to_be_visible(timeout=20000)
        assert page.evaluate("location.hash") == "#games"
        page.wait_for_timeout(150)  # a bot's move still on its way must not take the page back
        assert page.evaluate("location.hash") == "#games"
        assert page.locator("#start").is_visible()
        # back to the game: the bots play on from where they were (nothing froze)
        page.locator('.library-entry [data-action="continue"]').first.click()
        expect(page.locator("#table")).to_be_visible()
        state = page.evaluate("window.pyengineApp.state()")
        if state["status"] == "over":  # a short match may end: a new one keeps the presses coming
            page.locator('[data-tool="home"]').click()
            start(page, game, ["bot:random"] * 5, players=5)
    assert page.errors == []


def test_all_games_pressed_before_the_engine_is_up_is_answered_and_the_game_left_never_opens(browser: Any,
                                                                                          server: Server) -> None:
    """A game started from the set-up form while the engine starts shows its table at once; "All
    games" pressed there goes to the start page at once (no route waiting for the engine holds
    it), and the game it left does not open once the engine is up."""
    with engine_held(browser, server) as (page, wheel):  # the engine starts when the test lets it
        page.goto(server.url + "?speed=instant")
        card = page.locator('.game-card[data-game="daifugo"]')
        card.locator('[data-action="new"]').click()
        card.locator('.setup button[type="submit"]').click()
        page.wait_for_selector('#table .game-table[data-game="daifugo"]')
        page.locator('[data-tool="home"]').click()
        expect(page.locator("#start")).to_be_visible()
        expect(page.locator("#table")).to_be_hidden()
        assert page.evaluate("window.pyengineApp.state()")["game"] is None  # the engine was still held
        wheel.release()
        page.evaluate("window.pyengineApp.ready")
        page.wait_for_timeout(500)  # (the game left would have opened by now)
        expect(page.locator("#start")).to_be_visible()
        assert page.evaluate("location.hash") == "#games"
        assert page.evaluate("window.pyengineApp.state()")["game"] is None
        assert page.locator(".library-entry").count() == 0
        # and the page plays on: a game started now opens
        card.locator('[data-action="new"]').click()
        card.locator('.setup button[type="submit"]').click()
        page.wait_for_function("window.pyengineApp.state().game === 'daifugo'", timeout=60000)
        assert page.errors == []


def test_pause_pressed_before_the_engine_is_up_holds_the_game_once_it_opens(browser: Any, server: Server) -> None:
    with engine_held(browser, server) as (page, wheel):  # the engine starts when the test lets it
        page.goto(server.url + "?speed=instant")
        card = page.locator('.game-card[data-game="daifugo"]')
        card.locator('[data-action="new"]').click()
        card.locator('.setup select[name="seat0"]').select_option("bot:random")  # bots only: nothing waits for a person
        card.locator('.setup button[type="submit"]').click()
        page.wait_for_selector('#table .game-table[data-game="daifugo"]')
        page.locator('[data-tool="pause"]').click()
        expect(page.locator('[data-tool="resume"]')).to_be_visible()
        wheel.release()
        page.wait_for_function("window.pyengineApp.state().game === 'daifugo'", timeout=90000)
        page.wait_for_timeout(800)  # (bots at Instant would have played many moves by now)
        assert page.evaluate("window.pyengineApp.state().length") == 0
        expect(page.locator('[data-tool="resume"]')).to_be_visible()
        expect(page.locator(".df-prompt")).to_have_text("Paused")
        page.locator('[data-tool="resume"]').click()
        page.wait_for_function("window.pyengineApp.state().length > 5", timeout=60000)
        assert page.errors == []
