"""Hints and the Cetkaik analysis in Chromium (issue 21, item 3): hints are off until the table's
setting turns them on, the Hint button asks the AI Worker and the table highlights the suggestion
and gives its reason (a card game's hint also says why in a sentence, issue 32: on a phone's width),
the move played after it is marked in the record, and a finished Cetkaik game is analysed with its
blunder marked and reachable."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import ROOT, Guard, Server, daifugo_settings, open_app
from playwright.sync_api import expect

from pyengine.core import Record, Seat, decode_fragment, encode_fragment

pytestmark = pytest.mark.e2e
STATUS = "['human', 'over', 'waiting'].includes(window.pyengineApp.state().status)"


def why_sentences(game: str) -> list[re.Pattern[str]]:
    """The English sentences of a hint's reasons, each value (``{x}``, ``{x|one|other}``) any words."""
    words = json.loads((ROOT / f"web/i18n/{game}.en.json").read_text("utf-8"))
    return [re.compile(".+?".join(re.escape(part) for part in re.split(r"\{\w+(?:\|[^{}]*)?\}", text)))
            for key, text in words.items() if key.startswith(f"{game}.hint.why.")]


def open_record(context: Any, server: Server, record: Record) -> Any:
    page = open_app(context, f"{server.url}?speed=instant#{encode_fragment(record)}")
    page.wait_for_function(STATUS, timeout=60000)
    return page


def test_cetkaik_hint_highlights_the_move_and_marks_the_record(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    record = Record("cetkaik", "1.official", (Seat("", "human"), Seat("", "bot:greedy")), ("一位色赤",), 2)
    page = open_record(context, server, record)
    expect(page.locator('[data-hint="ask"]')).to_be_hidden()  # off by default
    page.locator(".ck-settings summary").click()
    page.locator('[data-hint="setting"]').check()
    ask = page.locator('[data-hint="ask"]')
    expect(ask).to_be_visible()
    ask.focus()
    page.keyboard.press("Enter")  # keyboard reachable
    reason = page.locator('[data-hint="reason"]')
    expect(reason).to_contain_text("Master suggests: ", timeout=60000)
    assert "would play" not in reason.inner_text()  # the move's own label carries its verb
    expect(reason).to_contain_text("%")
    assert page.locator(".ck-board .ck-sq.hinted").count() >= 2  # the origin and the destination at least
    legal = page.evaluate("window.pyengineApp.legal()")
    # play the hinted move by its highlighted squares' action: the one the reason names
    state = page.evaluate("window.pyengineApp.state()")
    assert state["status"] == "human"
    page.evaluate("(a) => window.pyengineApp.play(a)", legal[0])
    page.wait_for_function(STATUS, timeout=60000)
    expect(page.locator(".ck-board .ck-sq.hinted")).to_have_count(0)  # a new position drops the hint
    record_after = decode_fragment(page.evaluate("window.pyengineApp.state().record"))
    assert dict(record_after.meta)["hints"] == "2"
    expect(page.locator('.ck-kiaak [data-hint-mark="1"]')).to_have_count(1)
    assert page.errors == []


def test_cetkaik_analysis_marks_the_blunder_of_a_finished_game(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    record = Record("cetkaik", "1.official~seasons=1", (Seat("", "human"), Seat("", "human")),
                    ("一位色赤", "ZI片ZOCO", "終季"), 2, meta=(("hints", "3"),))
    page = open_record(context, server, record)
    assert page.evaluate("window.pyengineApp.state().status") == "over"
    expect(page.locator('[data-hints="used"]')).to_contain_text("Hints used: 1")
    page.locator('[data-analyse="start"]').click()
    status = page.locator('[data-analyse="status"]')
    expect(status).to_contain_text("Analysis done: 1 moves marked.", timeout=60000)
    mark = page.locator('.ck-kiaak [data-loss="??"]')
    expect(mark).to_have_count(1)
    entry = page.locator('.ck-kiaak li:has([data-loss="??"]) button')
    assert "Best: " in (mark.get_attribute("title") or "") and "ty mok1" in (entry.get_attribute("title") or "")
    page.locator('[data-worst="3"]').click()
    page.wait_for_function("window.pyengineApp.state().ply === 2")
    assert page.errors == []


@pytest.mark.parametrize(("game", "rules", "players", "words"), [
    ("daifugo", "1.popular", 4, "The master level suggests: "),
    ("chabashi", "1.seed", 3, "equity"),
])
def test_card_game_hint_highlights_the_suggestion_with_its_reason(ctx: tuple[Any, Guard], server: Server, game: str,
                                                                  rules: str, players: int, words: str) -> None:
    context, _ = ctx
    seats = (Seat("", "human"),) + tuple(Seat("", "bot:normal") for _ in range(players - 1))
    page = open_record(context, server, Record(game, rules, seats, (), 5))
    page.set_viewport_size({"width": 360, "height": 740})  # a phone: the reason wraps, nothing overflows
    page.wait_for_function("window.pyengineApp.state().status === 'human'", timeout=60000)
    expect(page.locator('[data-hint="ask"]')).to_be_hidden()  # off by default
    (daifugo_settings(page) if game == "daifugo" else page).locator('[data-hint="setting"]').check()
    page.locator('[data-hint="ask"]').click()
    expect(page.locator('[data-hint="reason"]')).to_contain_text(words, timeout=60000)
    assert page.locator(".hinted").count() >= 1
    # why, in a sentence of its own inside the live region that reads the hint out
    why = page.locator('[data-hint="reason"][aria-live="polite"] [data-hint="why"]')
    expect(why).to_be_visible()
    text = why.inner_text()
    assert any(p.fullmatch(text) for p in why_sentences(game)) and "…" not in text, text
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator('[data-hint="reason"]').evaluate("(e) => e.scrollWidth <= e.clientWidth")
    if game == "daifugo":  # the move in its own words, which carry the verb ("Pass", "Play ♣2"): none added
        reason = (page.locator('[data-hint="reason"]').text_content() or "").replace(text, "")  # (the why may say "would")
        assert " would " not in reason and " play Pla" not in reason and " play Pass" not in reason, reason
    assert page.errors == []
