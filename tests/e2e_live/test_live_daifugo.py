"""A live Daifugō game between five friends, each in a browser of their own, through the app as
people use it (issue 31): the host's set-up (five players, every seat a person, one game of the
party rules: 7-passes hand cards over privately), an invitation per friend and each friend's reply
pasted into the host's lobby, the seating, dealer and leader drawn by commit–reveal among all five
seats, the deal by all of them, the rules' hidden reads answered by the browser of the seat they
look at, each card passed privately followed by its receiver's rehand (its hand under fresh
handles, so that nobody can tell later which card was passed), the end-of-game verification in
every browser and the record with every hand. (Bots at a live table
play in the host's browser: test_live_chabashi.py has one; tests/unit/test_live_table.py
plays Daifugō with one, in CPython and Pyodide.)

Trust: at many moments each browser's page (its DOM, page state and storage) is scanned for the
cards its seat did not know then, computed afterwards from the verified record in the full
engine. About 50 s on the 2-core machine with little else running (70–90 s beside other tests),
most of it five Pyodide engines starting and the game's 150-odd lockstep steps. Runs in a
network namespace of its own (conftest.py)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from conftest import host_daifugo, open_page, panel_link, play_to_the_end, wait_verified
from playwright.sync_api import expect

from pyengine.core import decode_fragment

pytestmark = pytest.mark.e2e
FRIENDS = [1, 2, 3, 4]


def test_a_live_daifugo_game_between_five_friends(returning_browser: Any, server: Any) -> None:
    contexts = [returning_browser(server.url) for _ in range(5)]
    try:
        a = open_page(contexts[0][0], server.url + "?speed=instant#games")
        a.evaluate("window.pyengineApp.ready")
        host_daifugo(a, 5, FRIENDS, preset="party")
        invitations = [panel_link(a, f'.live-seats [data-seat="{seat}"] .live-link', "join") for seat in FRIENDS]
        assert len(set(invitations)) == len(FRIENDS)
        expect(a.locator(".live-lobby")).not_to_contain_text("The bots play in your browser")
        friends = [open_page(contexts[seat][0], link) for seat, link in zip(FRIENDS, invitations, strict=True)]
        for seat, page in zip(FRIENDS, friends, strict=True):
            a.locator(".live-reply").fill(panel_link(page, ".live-link", "reply"))
            a.locator('[data-live="connect"]').click()
            # (each seat open before the next reply is pasted: the lobby is drawn afresh when a
            # seat's connection changes, and a reply box filled meanwhile would be emptied)
            expect(a.locator(f'.live-seats [data-seat="{seat}"]')).to_have_attribute("data-state", "open", timeout=30_000)
        expect(a.locator('[data-live="start"]')).to_be_enabled()
        a.locator('[data-live="start"]').click()
        pages = [a, *friends]
        for page in pages:
            page.wait_for_selector(".game-table", timeout=60_000)
        # a friend switches language mid-game: the live table is drawn again in it (its view is
        # the live table's, not an ordinary game's: the page once went blank here) and plays on
        in_language(friends[1], "ko", re.compile("[가-힣]"))  # (whatever it says then)

        snaps = play_to_the_end(pages, random.Random(3), seconds=300, scan=0.3)

        wait_verified(pages)
        in_language(friends[2], "ja", "検証済み")  # and at the end: the verified panel and its record stay
        expect(friends[2].locator('.live-panel[data-state="verified"] [data-live="record"]')).to_be_visible()
        # the match-over summary says so too, with the same record, where the eye is at the end
        # (at 1280×720 the panel above the table is out of view by then)
        for page in (a, friends[0], friends[2]):
            end = page.locator('.df-results .ck-live-end[data-state="verified"] [data-live="end-record"]')
            expect(end).to_be_in_viewport()
            assert end.get_attribute("href") == page.locator('[data-live="record"]').get_attribute("href")
            expect(page.locator(".df-results .df-ranks")).to_have_count(1)  # (one game: its order is the match's)
        records = [page.locator('[data-live="record"]').get_attribute("href").split("#", 1)[1] for page in pages]
        assert len(set(records)) == 1
        record = decode_fragment(records[0])
        assert [s.kind for s in record.seats] == ["human"] * 5 and "match.games=1" in record.rules
        replay = record.replay()
        assert replay[-1].is_terminal()
        # the 7-passes, each followed by its receiver's rehand in every deal (none would finish without)
        # (the game's deck is the first; the next one, shuffled ahead, was never dealt)
        passes = [x for x in record.actions if x.startswith("give:") and x != "give:-"]
        seen = a.evaluate("async () => (await import('./live/cards.js')).diagnose().deals[0]")
        assert passes and seen[0]["rehands"] >= len(passes), (passes, seen, record.rules, record.actions)

        # nothing a seat did not know was in its browser, at any moment scanned
        leaks, checked, drawn = [], 0, set()
        for seat, snap in snaps:
            state = replay[snap["length"]]
            hidden = {c for c in state.hidden_tokens(seat) if c != "JK"}
            checked += len(hidden)
            text = snap["state"] + snap["storage"]
            leaks += [(seat, snap["length"], c) for c in hidden if f'"{c}"' in text or f'data-card="{c}"' in snap["html"]]
            hand = state.observation(seat)["hand"]
            if hand and all(f'data-card="{c}"' in snap["html"] for c in hand):
                drawn.add(seat)
        assert leaks == [] and checked > 100
        assert drawn == set(range(5))  # every browser's DOM scanned had its own hand drawn in it
        assert len({snap["length"] for _, snap in snaps}) > 10  # as the game went
        assert all(p.errors == [] for p in pages)
    finally:
        for context, _ in contexts:
            context.close()
    assert all(guard.blocked == [] for _, guard in contexts)


def in_language(page: Any, lang: str, live_word: str | re.Pattern[str]) -> None:
    """The page switched to ``lang``: the live table and its panel are drawn again, in it."""
    page.locator("#lang-picker").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".game-table")).to_be_visible()
    expect(page.locator(".live-panel")).to_contain_text(live_word)
