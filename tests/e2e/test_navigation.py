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


def test_all_games_and_pause_pressed_before_the_engine_is_up_are_answered(browser: Any, server: Server) -> None:
    """Presses on tables drawn while the engine starts (each game started from the set-up form
    shows its table at once): "All games" goes to the start page at once (no route waiting for
    the engine holds it) and the game it left never opens; Pause on the next game holds it once
    it opens, until Resume."""
    with engine_held(browser, server) as (page, wheel):  # the engine starts when the test lets it
        page.goto(server.url + "?speed=instant")
        card = page.locator('.game-card[data-game="daifugo"]')
        card.locator('[data-action="new"]').click()
        card.locator('.setup button[type="submit"]').click()  # a person and three bots
        page.wait_for_selector('#table .game-table[data-game="daifugo"]')
        page.locator('[data-tool="home"]').click()
        expect(page.locator("#start")).to_be_visible()
        expect(page.locator("#table")).to_be_hidden()
        assert page.evaluate("location.hash") == "#games"
        # the next game: three bots, nothing waits for a person; paused before the engine is up
        card.locator('[data-action="new"]').click()
        card.locator('.setup select[name="players"]').select_option("3")
        card.locator('.setup select[name="seat0"]').select_option("bot:random")
        card.locator('.setup button[type="submit"]').click()
        page.wait_for_selector('#table .game-table[data-game="daifugo"]')
        page.locator('[data-tool="pause"]').click()
        expect(page.locator('[data-tool="resume"]')).to_be_visible()
        assert page.evaluate("window.pyengineApp.state()")["game"] is None  # (the engine was still held)
        wheel.release()
        page.wait_for_function("window.pyengineApp.state().game === 'daifugo'", timeout=90000)
        page.wait_for_timeout(800)  # (bots at Instant would have played many moves by now, and the game left opened)
        state = page.evaluate("window.pyengineApp.state()")
        assert state["length"] == 0 and len(state["observation"]["counts"]) == 3, state  # the paused one
        expect(page.locator('[data-tool="resume"]')).to_be_visible()
        expect(page.locator(".df-prompt")).to_have_text("Paused")
        page.locator('[data-tool="resume"]').click()
        page.wait_for_function("window.pyengineApp.state().length > 5", timeout=60000)
        page.locator('[data-tool="home"]').click()
        expect(page.locator(".library-entry")).to_have_count(1)  # the game left before the engine was never made
        assert page.errors == []
