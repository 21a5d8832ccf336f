"""The set-up forms on the start page (issue 30): every control visible and clickable at every
size in three languages, the page never wider than the window, and a Daifugō preset that keeps
the chosen number of players unless it cannot be played by that many (and then says so)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Guard, Server, open_app

pytestmark = pytest.mark.e2e
SIZES = [(1280, 720), (1280, 800), (1366, 768), (1920, 1080), (360, 740)]

# Every shown control of the open form, scrolled into view: the element at its centre must be the
# control itself (not the neighbouring game's card drawn over it), and it must lie in the window.
HIDDEN_CONTROLS = """() => {
  const bad = [];
  const form = document.querySelector('.setup');
  for (const el of form.querySelectorAll('select, input, button, summary')) {
    if (el.type === 'hidden' || !el.getClientRects().length) continue;
    if (el.tagName !== 'SUMMARY' && el.closest('details:not([open])')) continue;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const mine = hit && (hit === el || el.contains(hit) || (hit.tagName === 'LABEL' && hit.control === el));
    if (!mine || r.left < 0 || r.right > innerWidth) {
      bad.push(`${el.name || el.textContent.trim().slice(0, 24) || el.tagName} under ${hit ? hit.className || hit.tagName : 'nothing'}`);
    }
  }
  return bad;
}"""


def open_form(page: Any, game: str) -> Any:
    card = page.locator(f'.game-card[data-game="{game}"]')
    card.locator('[data-action="new"]').click()
    form = card.locator(".setup")
    form.wait_for()
    if game == "daifugo":  # its rules panel comes from the engine
        page.wait_for_function("document.querySelector('.df-rules-code code')?.textContent.length > 0", timeout=60000)
    return form


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_setup_control_is_visible_and_clickable_at_every_size(ctx: tuple[Any, Guard], server: Server, lang: str) -> None:
    context, _ = ctx
    context.add_init_script(f"localStorage.setItem('pyengine:lang', '{lang}')")
    page = open_app(context, server.url)
    problems = []
    for game in ("cetkaik", "daifugo", "chabashi"):
        form = open_form(page, game)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            wide = page.evaluate("document.documentElement.scrollWidth")
            if wide > width:
                problems.append(f"{game} {width}x{height}: the page is {wide} px wide")
            for bad in page.evaluate(HIDDEN_CONTROLS):
                problems.append(f"{game} {width}x{height}: {bad}")
        # the control a newcomer looked for: the number of seasons, picked with the mouse
        if game == "cetkaik":
            page.set_viewport_size({"width": 1280, "height": 720})
            form.locator('select[name="seasons"]').scroll_into_view_if_needed()
            form.locator('select[name="seasons"]').click(trial=True)
    assert problems == []
    assert page.errors == []


def test_a_daifugo_preset_keeps_the_players_unless_it_cannot(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url)
    form = open_form(page, "daifugo")
    players = form.locator('select[name="players"]')
    preset = form.locator('select[name="preset"]')
    note = form.locator(".df-rules-players")
    players.select_option("6")
    preset.select_option(label=preset.locator('option[data-preset="party"]').inner_text())
    page.wait_for_function("document.querySelector('.df-rules-code code').textContent.includes('party')")
    assert players.input_value() == "6"  # party is played by 3 to 8: six stay six
    assert note.is_hidden()
    assert form.locator('select[name="seat5"]').count() == 1
    # JDF is for four: the count follows, and the form says why
    preset.select_option(label=preset.locator('option[data-preset="jdf"]').inner_text())
    page.wait_for_function("document.querySelector('.df-rules-code code').textContent.includes('jdf')")
    page.wait_for_function("document.querySelector('select[name=players]').value === '4'")
    assert note.is_visible()
    assert "4" in note.inner_text() and "JDF" in note.inner_text()
    assert form.locator('select[name="seat4"]').count() == 0
    # back to the popular rules: four stay four, the note goes
    preset.select_option(label=preset.locator('option[data-preset="popular"]').inner_text())
    page.wait_for_function("document.querySelector('.df-rules-code code').textContent.includes('popular')")
    assert players.input_value() == "4"
    assert note.is_hidden()
    assert page.errors == []


def test_a_game_started_at_the_foot_of_a_phone_page_opens_at_the_table_top(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    page.set_viewport_size({"width": 360, "height": 740})
    form = open_form(page, "daifugo")
    for i in range(3):  # bots only: no turn of the person's to bring into view
        form.locator(f'select[name="seat{i}"]').select_option("bot:random")
    form.locator('button[type="submit"]').scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > 0
    form.locator('button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().game === 'daifugo'", timeout=60000)
    assert page.evaluate("scrollY") == 0
    # the controls pressed while bots play come first on a phone, above the title
    home = page.locator('[data-tool="home"]').bounding_box()
    title = page.locator("#table .table-head h1").bounding_box()
    assert home is not None and title is not None and home["y"] < title["y"] and home["y"] + home["height"] <= 740
    assert page.errors == []


def test_a_rules_control_being_typed_in_keeps_its_text_when_an_earlier_change_comes_back(ctx: tuple[Any, Guard],
                                                                                            server: Server) -> None:
    """The rules panel redraws when the engine answers a change; a control the player is typing in
    meanwhile keeps its element, its text and the focus (it was rebuilt from the last answer, and
    a number typed then became "21" where "2" was typed)."""
    context, _ = ctx
    page = open_app(context, server.url)
    form = open_form(page, "daifugo")
    form.locator(".df-rules > summary").click()
    jokers = form.locator('[data-path="deck.jokers"]')
    handle = jokers.element_handle()
    jokers.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("2")  # typed, not yet committed (a number input's change comes on Enter or blur)
    # meanwhile another option's change goes to the engine, and its answer redraws the panel
    form.locator('[data-path="match.games"]').evaluate("(e) => { e.value = '3'; e.dispatchEvent(new Event('change')); }")
    page.wait_for_function("document.querySelector('.df-rules-code code').textContent.includes('match.games=3')")
    assert handle.evaluate("(e) => [e.isConnected, e === document.activeElement, e.value]") == [True, True, "2"]
    assert form.locator('[data-path="match.games"]').input_value() == "3"
    page.keyboard.press("Enter")  # committed: the engine takes it too
    page.wait_for_function("document.querySelector('.df-rules-code code').textContent.includes('deck.jokers=2')")
    assert "match.games=3" in form.locator(".df-rules-code").inner_text()
    assert page.errors == []
