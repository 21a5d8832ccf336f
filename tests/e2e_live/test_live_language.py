"""A live table before its game, drawn again in a new language: the host's lobby (its seats,
invitations and the reply being pasted kept) and a friend's invitation with its reply link. (The
tables in play are switched mid-game in test_live_daifugo.py and test_live_cetkaik.py.) And a reply
link opened where no table waits for it. No connection is made: the pages only prepare their links, inside the test's network namespace."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import host_daifugo, open_page, panel_link
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_a_lobby_and_an_invitation_are_drawn_again_in_a_new_language(returning_browser: Any, server: Any) -> None:
    contexts = [returning_browser(server.url) for _ in range(2)]
    try:
        a = open_page(contexts[0][0], server.url + "?speed=instant#games")
        a.evaluate("window.pyengineApp.ready")
        host_daifugo(a, 4, [1])
        invitation = panel_link(a, '.live-seats [data-seat="1"] .live-link', "join")
        expect(a.locator(".live-lobby .live-title")).to_have_text("Live game of Daifugō (Tycoon)")
        a.locator(".live-reply").fill("half a reply")
        a.locator("#lang-picker").select_option("ko")
        lobby = a.locator(".live-lobby")
        expect(lobby.locator(".live-title")).to_contain_text("실시간 게임")
        expect(lobby).to_have_attribute("aria-label", "실시간 테이블")
        expect(lobby.locator(".live-state")).to_contain_text("친구들을 초대하세요")
        expect(lobby).not_to_contain_text("Invite your friends")
        assert a.locator('.live-seats [data-seat="1"] .live-link').input_value() == invitation  # the same invitation
        expect(a.locator(".live-reply")).to_have_value("half a reply")  # and what was being pasted

        b = open_page(contexts[1][0], invitation)
        reply = panel_link(b, ".live-link", "reply")
        expect(b.locator(".live-panel")).to_contain_text("Send this reply link")
        b.locator("#lang-picker").select_option("ja")
        expect(b.locator(".live-panel .live-title")).to_contain_text("ライブ対戦")
        expect(b.locator(".live-panel")).to_contain_text("返信をコピー")
        expect(b.locator(".live-panel")).not_to_contain_text("Send this reply link")

        # a reply link opened in a browser with no table waiting for it: the tab says so, and says
        # it again in a new language
        lost = open_page(contexts[1][0], reply)
        expect(lost.locator(".live-panel")).to_have_attribute("data-state", "lost")
        expect(lost.locator(".live-panel")).to_contain_text("待っている卓はありません")  # (the browser's language is Japanese now)
        lost.locator("#lang-picker").select_option("ko")
        expect(lost.locator(".live-panel")).to_contain_text("기다리는 테이블이 없습니다")
        expect(lost.locator(".live-panel a")).to_have_text("모든 게임")
        assert a.errors == [] and b.errors == [] and lost.errors == []
    finally:
        for context, _ in contexts:
            context.close()
    assert all(guard.blocked == [] for _, guard in contexts)
