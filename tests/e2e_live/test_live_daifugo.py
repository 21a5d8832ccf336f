"""A live Daifugō game between two browsers and two bots through the app (issue 31): the host's
set-up (one game of the popular rules), the invitation and reply, the seating, dealer and leader
drawn by commit–reveal among all four seats, the deal by all of them, the rules' hidden reads
answered by the browser of the seat they look at, the end-of-game verification in both browsers
and the record with every hand.

Trust: at many moments each browser's page (its DOM, page state and storage) is scanned for the
cards its seat did not know then, computed afterwards from the verified record in the full
engine. Runs in a network namespace of its own (conftest.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import make_context, open_page, panel_link, play_to_the_end, wait_verified
from playwright.sync_api import expect

from pyengine.core import decode_fragment

pytestmark = pytest.mark.e2e


def test_a_live_daifugo_game_with_a_friend_and_two_bots(browser: Any, server: Any) -> None:
    contexts = [make_context(browser, server.url, service_workers="block") for _ in range(2)]
    try:
        a = open_page(contexts[0][0], server.url + "?speed=instant#games")
        a.evaluate("window.pyengineApp.ready")
        a.locator('.game-card:has-text("Daifugō") button').first.click()
        form = a.locator("form.setup")
        form.locator("select[name=players]").select_option("4")
        form.locator("select[name=seat1]").select_option("human")
        form.locator("select[name=where]").select_option("live")
        form.locator(".df-rules > summary").click()
        form.locator('[data-path="match.games"]').fill("1")
        form.locator('[data-path="match.games"]').dispatch_event("change")
        expect(form.locator(".df-rules-code")).to_contain_text("match.games=1")
        form.locator("button[type=submit]").click()
        b = open_page(contexts[1][0], panel_link(a, '.live-seats [data-seat="1"] .live-link', "join"))
        a.locator(".live-reply").fill(panel_link(b, ".live-link", "reply"))
        a.locator('[data-live="connect"]').click()
        expect(a.locator('[data-live="start"]')).to_be_enabled(timeout=20_000)
        a.locator('[data-live="start"]').click()
        pages = [a, b]
        for page in pages:
            page.wait_for_selector(".game-table", timeout=60_000)

        snaps = play_to_the_end(pages, random.Random(3), seconds=300, scan=0.3)

        wait_verified(pages)
        records = []
        for page in pages:
            records.append(page.locator('[data-live="record"]').get_attribute("href").split("#", 1)[1])
        assert records[0] == records[1]
        record = decode_fragment(records[0])
        replay = record.replay()
        assert replay[-1].is_terminal() and "match.games=1" in record.rules

        leaks, checked = [], 0
        for seat, snap in snaps:
            hidden = {c for c in replay[snap["length"]].hidden_tokens(seat) if c != "JK"}
            checked += len(hidden)
            text = snap["state"] + snap["storage"]
            leaks += [(seat, snap["length"], c) for c in hidden if f'"{c}"' in text or f'data-card="{c}"' in snap["html"]]
        assert leaks == [] and checked > 100
        assert all(p.errors == [] for p in pages)
    finally:
        for context, _ in contexts:
            context.close()
    assert all(guard.blocked == [] for _, guard in contexts)
