"""A language switch mid-game draws the whole table again in the new language (issue 30): its
title, record, tools and settings too, not only the parts that change with the position."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Guard, Server, engine_held, open_app, scan_text
from playwright.sync_api import expect
from test_shell import settle, start

pytestmark = pytest.mark.e2e
SEATS = {"cetkaik": ["human", "bot:random"], "daifugo": ["human", "bot:random", "bot:random"],
         "chabashi": ["human", "bot:random"]}


@pytest.mark.parametrize("game", ["cetkaik", "daifugo", "chabashi"])
@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_switching_language_mid_game_redraws_the_whole_table(ctx: tuple[Any, Guard], server: Server, game: str,
                                                             lang: str) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    start(page, game, SEATS[game], players=None if game == "cetkaik" else len(SEATS[game]))
    settle(page)
    page.locator("#lang-picker").select_option(lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    # the table's words arrive, then the engine's view in the new language: the page is redrawn
    # a moment after the switch (longer on a busy machine), and then has no English left
    found = scan_text(page, lang)
    for _ in range(40):
        if not found:
            break
        page.evaluate("window.pyengineApp.settled()")
        page.wait_for_timeout(250)
        found = scan_text(page, lang)
    assert found == []
    state = page.evaluate("window.pyengineApp.state()")
    assert state["game"] == game and state["status"] in ("human", "over")
    assert page.errors == []


def test_a_setup_form_left_open_comes_back_in_the_new_language_as_it_was(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    card = page.locator('.game-card[data-game="daifugo"]')
    card.locator('[data-action="new"]').click()
    form = card.locator("form.setup")
    form.locator('select[name="players"]').select_option("6")
    form.locator('select[name="seat3"]').select_option("human")
    form.locator('select[name="preset"]').select_option(
        form.locator('select[name="preset"] option[data-preset="jdf"]').get_attribute("value"))
    chosen = form.evaluate("(f) => Array.from(f.elements).filter((e) => e.name).map((e) => [e.name, e.value])")
    page.locator("#lang-picker").select_option("ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    form = page.locator('.game-card[data-game="daifugo"] form.setup')
    expect(form).to_be_visible()
    assert form.evaluate("(f) => Array.from(f.elements).filter((e) => e.name).map((e) => [e.name, e.value])") == chosen
    assert scan_text(page, "ko") == []
    assert page.errors == []


def test_a_table_drawn_before_the_engine_is_redrawn_in_the_new_language(browser: Any, server: Server) -> None:
    """The first frame of a game started while the engine starts (its start view) comes again in
    the language chosen meanwhile: no English (or Korean) left on it, the engine still held."""
    with engine_held(browser, server) as (page, wheel):
        page.goto(server.url + "?speed=instant")
        for game, lang, old in (("cetkaik", "ko", "Spring"), ("chabashi", "ja", "차바시")):
            page.locator(f'.game-card[data-game="{game}"] [data-action="new"]').click()
            page.locator(f'.game-card[data-game="{game}"] .setup button[type="submit"]').click()
            page.wait_for_selector(f'#table .game-table[data-game="{game}"]')
            page.locator("#lang-picker").select_option(lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            expect(page.locator("#table")).not_to_contain_text(old)
            assert scan_text(page, lang) == []
            assert page.evaluate("window.pyengineApp.state().game") is None  # (the engine was still held)
            # (the second table stands at #games, where the first Home left the address: Home works there too)
            page.locator('[data-tool="home"]').click()
            expect(page.locator("#start")).to_be_visible()
        wheel.release()
        page.evaluate("window.pyengineApp.ready")
        assert page.errors == []
