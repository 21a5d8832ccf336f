"""A live Cetkaik table between two browsers, through the app as players use it: the set-up's
"live" choice, the invitation and reply links, the reply opened in another tab of the host's
browser (relayed to the table's tab), stepping casts decided by both pages' secrets over the
channel, a friend who reloads and comes back with a fresh invitation pasted into the Connect box,
and bad STUN/TURN settings refused with a message. Runs in a network namespace of its own
(conftest.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from conftest import open_page, panel_link
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def state(page: Any) -> dict[str, Any]:
    return page.evaluate("window.pyengineApp.state()")  # type: ignore[no-any-return]


def same_game(a: Any, b: Any, timeout: float = 30.0) -> tuple[dict[str, Any], dict[str, Any]]:
    """Wait until both pages hold the same position and one of them is to move."""
    end = time.monotonic() + timeout
    while True:
        sa, sb = state(a), state(b)
        if (sa["length"] == sb["length"] and sa["observation"]["board"] == sb["observation"]["board"]
                and "human" in (sa["status"], sb["status"])):
            return sa, sb
        assert time.monotonic() < end, f"the pages do not agree: {sa['length']} {sa['status']} / {sb['length']} {sb['status']}"
        time.sleep(0.1)


def test_a_live_cetkaik_game_with_stepping_casts_survives_a_reload(returning_browser: Any, server: Any) -> None:
    ctx_a, guard_a = returning_browser(server.url)
    ctx_b, guard_b = returning_browser(server.url)
    try:
        a = open_page(ctx_a, server.url + "?speed=instant#games")
        a.evaluate("window.pyengineApp.ready")
        a.locator('.game-card:has-text("Cetkaik") button').first.click()
        a.locator("select[name=seat1]").select_option("human")
        a.locator("select[name=where]").select_option("live")
        a.locator("form.setup button[type=submit]").click()
        invitation = panel_link(a, ".live-link", "join")
        expect(a.locator(".live-panel")).to_have_attribute("data-state", "invited")

        b = open_page(ctx_b, invitation)
        reply = panel_link(b, ".live-link", "reply")
        expect(b.locator(".live-panel")).to_contain_text("Send this reply link")
        expect(b.locator(".live-panel .live-title")).to_have_text("Live game of Cetkaik")  # (what the invitation is to)
        # the reply opened in another tab of the host's browser goes to the table's tab
        relay = open_page(ctx_a, reply)
        expect(relay.locator(".live-panel")).to_have_attribute("data-state", "relayed")
        expect(relay.locator(".live-panel")).to_contain_text("you can close this tab")
        relay.evaluate("window.pyengineApp.ready")
        expect(relay.locator(".live-panel")).to_be_visible()  # (not replaced once the engine is up)
        relay.close()
        expect(a.locator(".live-panel")).to_have_attribute("data-state", "open", timeout=20_000)
        b.wait_for_selector(".ck-board", timeout=60_000)
        expect(b.locator(".live-panel")).to_have_attribute("data-state", "open")
        assert state(b)["observation"] is not None

        # six moves, each a stepping move where there is one (a cast from both pages' secrets)
        casts = 0
        for _ in range(6):
            sa, sb = same_game(a, b)
            mover = a if sa["status"] == "human" else b
            legal = mover.evaluate("window.pyengineApp.legal()")
            stepping = [x for x in legal if "心" in x]
            casts += bool(stepping)
            mover.evaluate("(x) => window.pyengineApp.play(x)", (stepping or legal)[0])
        sa, sb = same_game(a, b)
        assert casts >= 2 and sa["length"] >= 6
        assert sa["record"].split(".")[0] == sb["record"].split(".")[0]  # the same game
        # the host switches language: the board and the live panel are drawn again in it, still live
        a.locator("#lang-picker").select_option("ko")
        expect(a.locator("html")).to_have_attribute("lang", "ko")
        expect(a.locator(".ck-board")).to_be_visible()
        expect(a.locator(".live-panel")).to_have_attribute("data-state", "open")
        expect(a.locator(".live-panel")).to_contain_text("실시간")
        assert same_game(a, b)[0]["length"] == sa["length"]
        # nothing to copy by hand at a live table, and no take-back of a move the friend has
        expect(a.locator('[data-choice="copy-link"]')).to_have_count(0)
        expect(a.locator('[data-tool="undo"]')).to_be_disabled()

        # the friend reloads: both pages say so, the game stays; a fresh invitation resumes it
        length = sb["length"]
        b.reload()
        b.evaluate("window.pyengineApp.ready")  # (the board's first frame comes before the engine; the panel after)
        b.wait_for_function("window.pyengineApp.state().status !== 'start'", timeout=60_000)
        expect(b.locator(".live-panel")).to_have_attribute("data-state", "closed", timeout=20_000)
        expect(b.locator(".live-panel")).to_contain_text("Ask them for a new invitation")
        assert state(b)["length"] == length
        expect(a.locator(".live-panel")).to_have_attribute("data-state", "closed", timeout=20_000)
        a.locator('[data-live="again"]').click()
        invitation2 = panel_link(a, ".live-link", "join", other_than=invitation)
        b.goto(invitation2)
        reply2 = panel_link(b, ".live-link", "reply")
        a.locator(".live-reply").fill(reply2)
        a.locator('[data-live="connect"]').click()
        expect(a.locator(".live-panel")).to_have_attribute("data-state", "open", timeout=20_000)
        b.wait_for_selector(".ck-board", timeout=60_000)
        sa, sb = same_game(a, b)
        assert sa["length"] == length
        mover = a if sa["status"] == "human" else b
        mover.evaluate("(x) => window.pyengineApp.play(x)", mover.evaluate("window.pyengineApp.legal()")[0])
        sa, sb = same_game(a, b)
        assert sa["length"] > length
        assert a.errors == [] and b.errors == []
    finally:
        ctx_a.close()
        ctx_b.close()
    assert guard_a.blocked == [] and guard_b.blocked == []


def test_connection_settings_refuse_what_is_no_stun_or_turn_server(returning_browser: Any, server: Any) -> None:
    ctx, guard = returning_browser(server.url)
    try:
        a = open_page(ctx, server.url + "?speed=instant#games")
        a.evaluate("window.pyengineApp.ready")
        a.locator('.game-card:has-text("Cetkaik") button').first.click()
        a.locator("select[name=seat1]").select_option("human")
        a.locator("select[name=where]").select_option("live")
        a.locator("form.setup button[type=submit]").click()
        panel_link(a, ".live-link", "join")
        a.locator(".live-settings summary").click()
        ice = a.locator(".live-ice")
        ice.fill("http://example.org")
        ice.dispatch_event("change")
        expect(ice).to_have_attribute("aria-invalid", "true")
        expect(a.locator(".live-settings")).to_contain_text("Not a STUN or TURN server")
        ice.fill("turn:turn.example.org:3478")
        ice.dispatch_event("change")
        expect(a.locator(".live-settings")).to_contain_text("needs a user name and a password")
        assert a.evaluate("localStorage.getItem('pyengine:live-ice')") is None
        ice.fill("stun:stun.example.org:3478\nturn:turn.example.org:3478 ann secret")
        ice.dispatch_event("change")
        expect(ice).not_to_have_attribute("aria-invalid", "true")
        assert a.evaluate("localStorage.getItem('pyengine:live-ice')").startswith("stun:stun.example.org")
        # a garbled reply pasted into the Connect box: a message, the invitation still waits
        a.locator(".live-reply").fill("not a reply")
        a.locator('[data-live="connect"]').click()
        expect(a.locator(".live-problem")).to_contain_text("not a reply link")
        expect(a.locator(".live-panel")).to_have_attribute("data-state", "invited")
        assert a.errors == []
    finally:
        ctx.close()
    assert guard.blocked == [], "a STUN/TURN server was contacted without an invitation"
