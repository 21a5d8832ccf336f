"""A live Chabashi table between three browsers through the app as players use it (issue 31): the
host's set-up with two friends and a bot, an invitation per friend, one reply pasted into the
lobby and one opened in another tab of the host's browser, a friend who leaves the lobby and comes
back (the first deck, shuffled there, is made again), a whole hand dealt by all four seats
together (web/live/cards.js over web/live/deal.js), the end-of-game verification in every browser
and the record with every hand. And a host that forges a friend's move: the other friend's page
refuses it and names it.

Trust: every frame each browser received is scanned (no card is named in any: the deal's messages
are curve points and keys), and at many moments of the hand each browser's page (its DOM, its
page state and its storage) is scanned for the cards its seat did not know then, computed
afterwards from the verified record in the full engine. Runs in a network namespace of its own
(conftest.py)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from conftest import WIRE_TAP, open_page, panel_link, play_to_the_end, wait_verified
from playwright.sync_api import expect

from pyengine.chabashi.cards import CODES
from pyengine.chabashi.state import ChabashiState
from pyengine.core import decode_fragment

pytestmark = pytest.mark.e2e
CARD = re.compile(r'"[RBYG][0-8]"')
# (WIRE_TAP taps the channels a page creates, the host's; a guest's channel comes to it)
GUEST_TAP = """
const Connection = window.RTCPeerConnection;
window.RTCPeerConnection = class extends Connection {
  constructor(...args) {
    super(...args);
    this.addEventListener("datachannel", (e) => e.channel.addEventListener("message", (m) => window.wire.push(["in", String(m.data)])));
  }
};
"""


def unknown_cards(state: ChabashiState, seat: int) -> set[str]:
    """The cards on the table that ``seat`` does not know in ``state``."""
    on_table = set(state.dfloor) | {c for c, _, _ in state.centre}
    on_table |= {c for row in state.floors for c, _, _ in row} | {c for hand in state.hands for c, _ in hand}
    return {CODES[c] for c in on_table - state.known_cards(seat)}


TABLE_ID = "async () => (await import('./live/cards-state.js')).table.id"


def host_chabashi(a: Any, players: int, friends: list[int]) -> None:
    """The host's set-up of a live Chabashi table of one hand (``friends``: the seats of people),
    submitted through the form as a person does it."""
    a.evaluate("window.pyengineApp.ready")
    a.locator('.game-card:has-text("Chabashi") button').first.click()
    a.locator("select[name=players]").select_option(str(players))
    for seat in friends:
        a.locator(f"select[name=seat{seat}]").select_option("human")
    expect(a.locator("select[name=where] option[value=live]")).to_have_text("Friends on their own devices, live")
    a.locator("select[name=where]").select_option("live")
    # one hand: the preset with a hand limit of 1 (what the form sends as the rules)
    a.evaluate("document.querySelector('select[name=preset]').selectedOptions[0].value = '2.seed~hand_limit=1'")
    a.locator("form.setup button[type=submit]").click()


def first_deck(page: Any, name: re.Pattern[str], seconds: float = 30) -> str:
    """The name of the page's first deal once it matches ``name`` (its seats shuffle it)."""
    end = time.monotonic() + seconds
    while True:
        got = page.evaluate("""async () => {
            const { table } = await import('./live/cards-state.js');
            return table.deals[0] ? [...table.deals[0].values()][0].setup.deal : '';
        }""")
        if name.search(got):
            return str(got)
        assert time.monotonic() < end, f"the first deck is {got!r}"
        time.sleep(0.1)


def test_a_live_chabashi_hand_with_two_friends_and_a_bot(returning_browser: Any, server: Any) -> None:
    contexts = [returning_browser(server.url) for _ in range(3)]
    for context, _ in contexts:
        context.add_init_script(WIRE_TAP)
        context.add_init_script(GUEST_TAP)
    try:
        a = open_page(contexts[0][0], server.url + "?speed=instant#games")
        host_chabashi(a, 4, [1, 2])
        invite_b = panel_link(a, '.live-seats [data-seat="1"] .live-link', "join")
        invite_c = panel_link(a, '.live-seats [data-seat="2"] .live-link', "join")
        expect(a.locator(".live-lobby")).to_contain_text("their hands are in your browser")
        expect(a.locator('[data-live="start"]')).to_be_disabled()
        # the lobby names the game and every seat: the host's own, each friend's, the bot's
        expect(a.locator(".live-lobby .live-title")).to_have_text("Live game of Chabashi")
        expect(a.locator('.live-seats [data-seat="0"]')).to_have_text("Player 1 · you")
        expect(a.locator('.live-seats [data-seat="3"]')).to_have_text(re.compile(r"^Player 4 · Computer \(\w+\)$"))

        b = open_page(contexts[1][0], invite_b)
        c = open_page(contexts[2][0], invite_c)
        # so does a friend's invitation: the game and its seat, then (once every friend is in) who sits where
        expect(c.locator(".live-panel .live-title")).to_have_text("Live game of Chabashi: you play Player 3.")
        a.locator(".live-reply").fill(panel_link(b, ".live-link", "reply"))
        a.locator('[data-live="connect"]').click()
        relay = open_page(contexts[0][0], panel_link(c, ".live-link", "reply"))  # another tab of the host's browser
        expect(relay.locator(".live-panel")).to_have_attribute("data-state", "relayed")
        relay.close()
        expect(a.locator('[data-live="start"]')).to_be_enabled(timeout=20_000)
        expect(c.locator(".live-table-seats li")).to_have_text(
            ["Player 1 · host", "Player 2 · friend", "Player 3 · you", re.compile(r"^Player 4 · Computer \(\w+\)$")])
        # every friend is here: the first deck is shuffled in the lobby; a friend who leaves before
        # Start takes its keys of it away, so the host puts it aside and, once the friend is back
        # with a new invitation, every seat shuffles a new one under a new name
        first_deck(a, re.compile(r"-0$"))
        b.goto(server.url + "?speed=instant#games")
        expect(a.locator('.live-seats [data-seat="1"] [data-live="reinvite"]')).to_be_visible(timeout=30_000)
        expect(a.locator('[data-live="start"]')).to_be_disabled()
        a.locator('.live-seats [data-seat="1"] [data-live="reinvite"]').click()
        b.goto(panel_link(a, '.live-seats [data-seat="1"] .live-link', "join", other_than=invite_b))
        a.locator(".live-reply").fill(panel_link(b, ".live-link", "reply"))
        a.locator('[data-live="connect"]').click()
        expect(a.locator('[data-live="start"]')).to_be_enabled(timeout=20_000)
        expect(b.locator(".live-panel")).to_contain_text("the game starts when everyone is here")
        for page in (a, b, c):  # (each page's first deck is the new one)
            assert first_deck(page, re.compile(r"[.]1-0$")).startswith(a.evaluate(TABLE_ID))
        a.locator('[data-live="start"]').click()
        pages = [a, b, c]
        for page in pages:
            page.wait_for_selector(".game-table", timeout=60_000)
        # a friend's browser that speaks for another seat (a modified page): the host refuses it,
        # names it, and passes nothing on (the hand below still ends verified in every browser)
        b.evaluate("""async () => (await import("./live/table.js")).live.guest.send(
            {t: "move", step: 0, seat: 0, move: {action: "fold", pos: null}})""")
        expect(a.locator("#notice")).to_contain_text("A message from Player 2 was refused: it speaks for Player 1's seat")
        # the same for the deal: a friend that sends another seat's deal message (its shuffle, to take
        # that seat's place in the deal) is refused by the host and named
        b.evaluate("""async () => (await import("./live/table.js")).live.guest.send({t: "deal", msg:
            {v: 1, deal: "x-0", seat: 2, seq: 2, kind: "shuffle", body: {}, prev: "", sig: ""}})""")
        expect(a.locator("#notice")).to_contain_text("A message from Player 2 was refused: it speaks for Player 3's seat")

        snaps = play_to_the_end(pages, random.Random(5), seconds=240)

        wait_verified(pages)
        records = []
        for page in pages:
            panel = page.locator(".live-panel")
            expect(panel).to_contain_text("every deal was fair and every move legal")
            href = page.locator('[data-live="record"]').get_attribute("href")
            records.append(href.split("#", 1)[1])
            # the final standings say so too, with the same record, in view
            end = page.locator('.cb-standings .ck-live-end[data-state="verified"] [data-live="end-record"]')
            expect(end).to_be_in_viewport()
            assert end.get_attribute("href") == href
        assert records[0] == records[1] == records[2]
        record = decode_fragment(records[0])
        assert [s.kind for s in record.seats] == ["human", "human", "human", record.seats[3].kind]
        assert record.seats[3].kind.startswith("bot:")
        replay = record.replay()
        assert replay[-1].is_terminal()

        # nothing a seat did not know was in its browser, at any moment scanned
        leaks, checked = [], 0
        for seat, snap in snaps:
            hidden = unknown_cards(replay[snap["length"]], seat)  # type: ignore[arg-type]
            checked += len(hidden)
            page_text = snap["state"] + snap["storage"]
            for code in hidden:
                if f'"{code}"' in page_text or f'data-card="{code}"' in snap["html"]:
                    leaks.append((seat, snap["length"], code))
        assert leaks == [] and checked > 100  # (other seats' hands and face-down cards were there to find)
        assert len({snap["length"] for _, snap in snaps}) > 10  # the scans saw the hand as it went
        # and no frame on the wire named a card
        for page in pages:
            frames = page.evaluate("window.wire.filter(([way]) => way === 'in').map(([, text]) => text)")
            assert len(frames) > 20 and not any(CARD.search(f) for f in frames)
        # the record with every hand opens as an ordinary finished game
        a.goto(server.url + "#" + records[0])
        a.evaluate("window.pyengineApp.ready")
        a.wait_for_function("window.pyengineApp.state().status === 'over'")
        assert all(p.errors == [] for p in pages)
        assert "refused" not in c.locator("#notice").inner_text()  # nothing of it reached the other friend
    finally:
        for context, _ in contexts:
            context.close()
    assert all(guard.blocked == [] for _, guard in contexts)


def test_a_host_that_forges_a_friends_move_is_named_by_the_other_friend(returning_browser: Any, server: Any) -> None:
    """The host relays every friend's move to the others but cannot forge one: a move travels
    signed with its seat's key of the first deal (announced in that seat's shuffle). A host's page
    that sends one friend a move for the other friend's seat, before that friend has moved, is
    refused by the first friend's page at once and named with the seat it claimed to be."""
    contexts = [returning_browser(server.url) for _ in range(3)]
    try:
        a = open_page(contexts[0][0], server.url + "?speed=instant#games")
        host_chabashi(a, 3, [1, 2])
        pages = [a]
        for seat, (context, _) in ((1, contexts[1]), (2, contexts[2])):
            page = open_page(context, panel_link(a, f'.live-seats [data-seat="{seat}"] .live-link', "join"))
            a.locator(".live-reply").fill(panel_link(page, ".live-link", "reply"))
            a.locator('[data-live="connect"]').click()
            pages.append(page)
        a, b, c = pages
        expect(a.locator('[data-live="start"]')).to_be_enabled(timeout=20_000)
        a.locator('[data-live="start"]').click()
        rng = random.Random(3)
        end = time.monotonic() + 120
        while b.evaluate("window.pyengineApp.state().status") != "human":  # the others move until it is Player 2's turn
            assert time.monotonic() < end, "Player 2's turn never came"
            for page in (a, c):
                if page.evaluate("window.pyengineApp.state().status") == "human" and (legal := page.evaluate("window.pyengineApp.legal()")):
                    page.evaluate("(x) => window.pyengineApp.play(x)", rng.choice(legal))
            time.sleep(0.05)
        step = b.evaluate("window.pyengineApp.state().length")
        legal = b.evaluate("window.pyengineApp.legal()")
        a.evaluate("""async ([step, action]) => (await import('./live/cards-state.js')).table.host.send(2,
            {t: "move", step, seat: 1, move: {action, pos: null}, sig: "ab".repeat(64)})""", [step, legal[0]])
        expect(c.locator("#notice")).to_contain_text(
            "A message from Player 2 was refused: its signature is not that seat's", timeout=30_000)
        assert "refused" not in b.locator("#notice").inner_text()  # (sent to Player 3 alone)
        assert all(p.errors == [] for p in pages)
    finally:
        for context, _ in contexts:
            context.close()
    assert all(guard.blocked == [] for _, guard in contexts)
