"""A friend who opens an invitation in a browser whose engine is still starting (a first visit, a
slow phone): the invitation is answered at once, the host's lobby says that the friend is
connected and still starting the game engine, and after Start the host's table says whose browser
the deal waits for (not a bare "Dealing…"); once that engine is up, the cards are dealt and the
line says the table is live. The friend's engine is held back by holding the runtime's
WebAssembly (tests/e2e/conftest.py's ``HeldWheel``). Runs in a network namespace of its own
(conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import WIRE_TAP, e2e, host_daifugo, open_page, panel_link
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
REPLY = "(document.querySelector('.live-link') || {value: ''}).value"


def test_the_table_says_whose_browser_is_still_starting(returning_browser: Any, server: Any) -> None:
    contexts = [returning_browser(server.url) for _ in range(2)]
    try:
        held = e2e.HeldWheel(contexts[1][0], "**/*.wasm")
        contexts[0][0].add_init_script(WIRE_TAP)  # (the host's channels)
        a = open_page(contexts[0][0], server.url + "?speed=instant#games")
        a.evaluate("window.pyengineApp.ready")
        host_daifugo(a, 3, [1])
        b = open_page(contexts[1][0], panel_link(a, '.live-seats [data-seat="1"] .live-link', "join"))
        b.wait_for_function(f"{REPLY}.includes('#reply=')", timeout=30_000)  # (answered before its engine)
        expect(b.locator("#loading")).to_be_visible()
        a.locator(".live-reply").fill(b.evaluate(REPLY))
        a.locator('[data-live="connect"]').click()
        seat = a.locator('.live-seats [data-seat="1"]')
        expect(seat).to_have_attribute("data-state", "open", timeout=30_000)
        expect(seat).to_contain_text("Player 2 · connected · still starting the game engine")
        expect(seat).to_have_attribute("data-engine", "starting")
        a.locator('[data-live="start"]').click()
        panel = a.locator(".live-panel")
        expect(panel).to_have_attribute("data-state", "starting", timeout=30_000)
        expect(panel).to_contain_text("Waiting for Player 2: the game engine is still starting in their browser")
        assert b.evaluate("document.querySelector('#loading').hidden") is False  # (still held)

        held.release()
        hand = "(window.pyengineApp.state() || {observation: null}).observation"
        for page in (a, b):
            page.wait_for_function(f"({hand} || {{hand: []}}).hand.length >= 17", timeout=90_000)
        expect(panel).to_have_attribute("data-state", "open")
        expect(panel).to_contain_text("Live with 2 people")
        expect(seat).to_have_count(0)  # (the lobby gave way to the table)
        expect(b.locator(".live-panel")).to_have_attribute("data-state", "open")
        # the word travels once a change: the friend's "engine" once a connection, the host's
        # "starting" once a change (it once went back and forth between them without end)
        wire = a.evaluate("window.wire")
        said = [(way, "engine" if '"t":"engine"' in f else "starting") for way, f in wire if '"t":"engine"' in f or '"t":"starting"' in f]
        assert said.count(("in", "engine")) == 1 and 1 <= said.count(("out", "starting")) <= 4, said
        assert a.errors == [] and b.errors == []
    finally:
        for context, _ in contexts:
            context.close()
