"""Trust in the browser (issue 15): links of card games in progress deal no hand, new-game links
decide nothing in advance, a hot seat's history shows no hand, and a Cetkaik game played by
link between two browsers gets its casts from both players' secrets."""

from __future__ import annotations

import json
from typing import Any

from conftest import Guard, Server, fix_chance, open_app

from pyengine.app.session import Session
from pyengine.core import Record, Seat, decode_fragment, encode_fragment


def hand(page: Any) -> list[str]:
    return list(page.evaluate("window.pyengineApp.state().observation.hand") or [])


def test_an_in_progress_daifugo_link_does_not_deal_the_senders_hand(returning_browser: Any, server: Server) -> None:
    setup = Session.new("daifugo", "1.popular", [("", "human")] + [("", "bot:random")] * 3, 1).fragment()
    ctx_a, guard_a = returning_browser(server.url)
    ctx_b, guard_b = returning_browser(server.url)
    try:
        a = open_app(ctx_a, server.url + "?speed=instant#" + setup)
        a.wait_for_function("window.pyengineApp.state().status === 'human'")
        mine = hand(a)
        link = a.evaluate("location.href")
        shared = a.locator(".share-link").input_value()
        for url in (link, shared):
            record = decode_fragment(url.split("#", 1)[1])  # what the link carries: the set-up only
            assert record.actions == ()
            assert not any(card in "".join(record.actions) + json.dumps(record.to_json()) for card in mine)
        b = open_app(ctx_b, shared)
        b.wait_for_function("window.pyengineApp.state().status === 'human'")
        assert hand(b) != mine and abs(len(hand(b)) - len(mine)) <= 1  # a fresh deal (who gets the odd card varies)
        # and the sender's own browser resumes the sender's game from the same link
        a.reload()
        a.evaluate("window.pyengineApp.ready")
        a.wait_for_function("window.pyengineApp.state().status === 'human'")
        assert hand(a) == mine
        assert a.errors == [] and b.errors == []
    finally:
        ctx_a.close()
        ctx_b.close()
    assert guard_a.blocked == [] and guard_b.blocked == []


def test_the_same_new_game_link_does_not_decide_the_first_mover_everywhere(returning_browser: Any, server: Server) -> None:
    link = server.url + "?speed=instant#" + encode_fragment(
        Record("cetkaik", "1.official", (Seat("", "human"), Seat("", "human")), (), 5))
    firsts = []
    for _ in range(12):  # the chance that twelve fresh browsers all agree: 1 in 2048
        context, guard = returning_browser(server.url)
        try:
            page = open_app(context, link)
            page.wait_for_function("window.pyengineApp.state().status === 'human'")
            record = decode_fragment(page.evaluate("window.pyengineApp.state().record"))
            firsts.append(record.actions[0])
        finally:
            context.close()
        assert guard.blocked == []
        if len(set(firsts)) == 2:
            break
    assert set(firsts) == {"一位色赤", "一位色黒"}


def test_hot_seat_history_never_shows_a_hand(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fix_chance(context, 3)
    setup = Session.new("daifugo", "1.popular", [("", "human"), ("", "human"), ("", "bot:random"), ("", "bot:random")],
                        7).fragment()
    page = open_app(context, server.url + "?speed=instant#" + setup)
    for _ in range(2):
        page.wait_for_selector('[data-tool="handover"]')
        page.locator('[data-tool="handover"]').click()
        page.wait_for_selector(".df .ck-cardbtn")
        assert hand(page)
        # one press of ◀ during this seat's turn: the public view, no hand of anybody
        page.locator('[data-df-nav="prev"]').click()
        page.wait_for_function("window.pyengineApp.state().ply < window.pyengineApp.state().length")
        assert page.evaluate("window.pyengineApp.state().viewer") == -1
        assert hand(page) == [] and page.locator(".ck-cardbtn").count() == 0
        page.locator('[data-df-nav="first"]').click()
        page.wait_for_function("window.pyengineApp.state().ply === 0")
        assert page.locator(".ck-cardbtn").count() == 0
        page.locator('[data-df-nav="last"]').click()
        page.wait_for_function("window.pyengineApp.state().status === 'human'")
        page.wait_for_selector(".df .ck-cardbtn")  # the same person still holds the device
        legal = page.evaluate("window.pyengineApp.legal()")
        page.evaluate("(a) => window.pyengineApp.play(a)", legal[0])
        # after the move, undo or not, the device shows no hand until the next hand-over
        page.wait_for_function("window.pyengineApp.state().status === 'human'")
        if page.locator('[data-tool="handover"]').count():
            assert page.locator(".ck-cardbtn").count() == 0
    assert page.errors == []


def _new_game_by_link(page: Any) -> None:
    card = page.locator('.game-card[data-game="cetkaik"]')
    card.locator('[data-action="new"]').click()
    form = card.locator("form.setup")
    form.locator('select[name="seat1"]').select_option("human")
    where = form.locator('select[name="where"]')
    where.wait_for(state="visible")
    where.select_option("link")
    form.locator('button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().game === 'cetkaik'")


def _link(page: Any) -> str:
    page.wait_for_function("window.pyengineApp.state().status === 'waiting' || window.pyengineApp.state().status === 'over'")
    return str(page.locator(".share-link").input_value())


def _open(page: Any, link: str) -> None:
    """The other player clicks the link they were sent (a new page load in their browser)."""
    page.goto(link)
    page.evaluate("window.pyengineApp.ready")
    page.evaluate("window.pyengineApp.settled()")  # (the same page: a new address, opened a moment later)
    page.wait_for_function("['human', 'waiting', 'over'].includes(window.pyengineApp.state().status)")


def test_play_by_link_between_two_browsers_with_a_stepping_cast(returning_browser: Any, server: Server) -> None:
    ctx_a, guard_a = returning_browser(server.url)
    ctx_b, guard_b = returning_browser(server.url)
    try:
        a = open_app(ctx_a, server.url + "?speed=instant")
        b = open_app(ctx_b, server.url + "?speed=instant")
        _new_game_by_link(a)
        assert a.evaluate("window.pyengineApp.state().status") == "waiting"  # the contest needs B
        expect_copy = a.locator('[data-tool="copy"]')
        assert "opponent" in expect_copy.inner_text()
        pages = {"A": a, "B": b}
        holder, other = "A", "B"
        link = _link(a)
        cast_seen = False
        for _ in range(14):
            _open(pages[other], link)
            holder, other = other, holder
            page = pages[holder]
            state = page.evaluate("window.pyengineApp.state()")
            if state["status"] == "human":
                legal = page.evaluate("window.pyengineApp.legal()")
                ranged = [x for x in legal if "心" in x]
                move = ranged[0] if ranged and not cast_seen else legal[0]
                page.evaluate("(m) => window.pyengineApp.play(m)", move)
                if "心" in move:
                    # the mover cannot know the cast yet: it waits for the opponent's secret
                    after = page.evaluate("window.pyengineApp.state()")
                    assert after["status"] == "waiting"
                    cast_seen = True
                while page.evaluate("window.pyengineApp.state().status") == "human":
                    page.evaluate("(m) => window.pyengineApp.play(m)", page.evaluate("window.pyengineApp.legal()")[0])
            link = _link(page)
            rec_a = decode_fragment(a.evaluate("location.hash.slice(1)"))
            rec_b = decode_fragment(b.evaluate("location.hash.slice(1)"))
            casts = [x for x in rec_a.actions if x.startswith("橋")]
            if cast_seen and casts and len(rec_a.actions) > 4:
                break
        assert cast_seen and casts
        common = min(len(rec_a.actions), len(rec_b.actions))
        assert rec_a.actions[:common] == rec_b.actions[:common]
        fair = json.loads(dict(rec_a.meta)["fair"])
        assert {e[0] for e in fair} >= {"c", "r"}
        assert a.errors == [] and b.errors == []
    finally:
        ctx_a.close()
        ctx_b.close()
    assert guard_a.blocked == [] and guard_b.blocked == []
