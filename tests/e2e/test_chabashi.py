"""Chabashi table journeys in Chromium: a whole hot-seat hand with both betting rounds, a step-8
swap and the showdown (the hand-over screen never shows the previous hand), the odds panel from
the Worker, keyboard-only play against bots, layouts from 320 px (a phone's overlapped floor keeps
every mark readable), a cross-origin embed, and a person out of chips while the bots play on."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import PRESSABLE, Guard, Server, drawn, host_page, open_app
from playwright.sync_api import expect

from pyengine.app.session import Session
from pyengine.core.chance import SeededChance

pytestmark = pytest.mark.e2e
CARD = re.compile(r"^[RBYG][0-8]$")


def new_hot_seat_game(page: Any) -> None:
    card = page.locator('.game-card[data-game="chabashi"]')
    card.locator('[data-action="new"]').click()
    form = card.locator(".setup")
    form.locator('select[name="players"]').select_option("2")
    form.locator('select[name="seat1"]').select_option("human")
    form.locator('button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().status === 'human'")


def own_hand(page: Any) -> list[str]:
    state = page.evaluate("window.pyengineApp.state()")
    return [c for c in state["observation"]["hands"][state["viewer"]] if c]


def hand_over_if_asked(page: Any, previous: list[str]) -> bool:
    """Pass the device when the page asks; meanwhile no card of the previous hand is in the page."""
    page.wait_for_function("document.querySelector('[data-tool=\"handover\"]') || document.querySelector('.cb-table')")
    button = page.locator('[data-tool="handover"]')
    if not button.count():
        return False
    assert page.locator(".cb-table").count() == 0
    html = page.content()
    for code in previous:
        assert f'data-card="{code}"' not in html and f"({code}," not in html, code
    button.click()
    page.wait_for_selector(".cb-table")
    settle(page)
    return True


def act(page: Any, action: str) -> None:
    before = page.evaluate("window.pyengineApp.state().ply")
    page.locator(f'.cb-actions [data-action="{action}"]').click()
    page.wait_for_function("(p) => window.pyengineApp.state().ply > p", arg=before)
    # chance (the next deal) follows by itself: wait until a person is to act again
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)")
    settle(page)


def settle(page: Any) -> None:
    """Let the table draw (it batches its updates into an animation frame) once the engine has
    answered what was asked."""
    page.evaluate("window.pyengineApp.settled()")
    drawn(page)


def test_hot_seat_hand_with_swap_both_rounds_and_showdown(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    new_hot_seat_game(page)
    handovers = 0
    previous: list[str] = []

    def turn() -> str:
        nonlocal handovers, previous
        if hand_over_if_asked(page, previous):
            handovers += 1
        previous = own_hand(page)
        return page.locator(".cb-table").get_attribute("data-step") or ""

    # step 6: the first player draws one and declines; the second draws none
    assert turn() == "draw"
    first = page.evaluate("window.pyengineApp.state().viewer")
    expect(page.locator(".cb-prompt")).to_contain_text("Draw 0, 1 or 2")
    assert page.locator(".cb-me .ck-cardbtn").count() == 4  # 2 floor + 2 hand cards
    assert page.locator('.cb-me [data-card="back:yours"]').count() == 1  # own face-down card: a marked back
    act(page, "draw:1")
    assert page.locator(".cb-actions [data-pick='take']").count() == 1
    act(page, "decline")
    assert turn() == "draw"
    assert page.evaluate("window.pyengineApp.state().viewer") != first
    # the other seat's cards: its two hand cards are backs
    assert page.locator(f'.cb-seat[data-seat="{first}"] .cb-seat-hand [data-card="back"]').count() == 2
    act(page, "draw:0")
    # betting round 1: bet, call (amounts on the buttons)
    assert turn() == "bet1"
    expect(page.locator('.cb-actions [data-action="bet"]')).to_have_text("Bet 2")
    act(page, "bet")
    assert turn() == "bet1"
    expect(page.locator('.cb-actions [data-action="call"]')).to_have_text(re.compile(r"Call 2"))
    expect(page.locator('.cb-actions [data-action="raise"]')).to_have_text("Raise to 4 (+4)")
    act(page, "call")
    # step 8: the first player (3 floor cards) swaps through the centre by picking two cards
    assert turn() == "interact"
    assert page.evaluate("window.pyengineApp.state().viewer") == first
    centre_before = page.locator(".cb-centre .ck-cardbtn").count()
    page.locator('.cb-actions [data-pick="swap"]').click()
    expect(page.locator(".cb-prompt")).to_contain_text("Pick the hand card")
    hand_card = page.locator('.cb-me-hand .ck-cardbtn.ck-playable').first
    put_down = hand_card.get_attribute("data-card")
    hand_card.click()
    expect(page.locator(".cb-prompt")).to_contain_text("Pick a floor card")
    page.locator('.cb-me-floor .ck-cardbtn.ck-playable').first.click()
    page.wait_for_function("(f) => window.pyengineApp.state().observation.phase !== 'interact' || window.pyengineApp.state().to_move !== f", arg=first)
    settle(page)
    history = page.evaluate("window.pyengineApp.state().record")
    assert history  # set-up only while the hand is private
    assert turn() == "interact"
    # the card put down lies face down in the centre: unknown to this seat
    assert page.locator(".cb-centre .ck-cardbtn").count() == centre_before + 1
    assert page.locator(f'.cb-centre [data-card="{put_down}"]').count() == 0
    act(page, "pass")
    # betting round 2: bet, raise, call
    assert turn() == "bet2"
    expect(page.locator('.cb-actions [data-action="bet"]')).to_have_text("Bet 4")
    act(page, "bet")
    assert turn() == "bet2"
    act(page, "raise")
    assert turn() == "bet2"
    act(page, "call")
    # the next hand is dealt at once; after the hand-over its table shows the last hand's
    # showdown: both hands named (Korean with a translation), floor pairs and the payout
    assert turn() == "draw"
    assert page.evaluate("window.pyengineApp.state().observation.hand_no") == 2
    result = page.locator(".cb-result")
    expect(result).to_contain_text("Hand 1: result")
    assert result.locator(".cb-shown[data-seat]").count() == 2
    names = result.locator(".cb-shown .cb-hand-name").all_inner_texts()
    assert all(re.search(r"[가-힣]", n) for n in names)
    assert result.locator(".cb-shown").first.locator(".muted").first.inner_text().startswith("(")
    expect(result.locator(".cb-payout")).to_contain_text("Payout")
    assert result.locator(".cb-pots li").count() >= 1
    assert handovers >= 6
    # layouts: no horizontal overflow from 320 px to wide
    for width in (320, 768, 1400):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), width
    assert page.errors == []


def test_own_face_down_floor_cards_each_show_their_mark_on_a_phone(ctx: tuple[Any, Guard], server: Server) -> None:
    """On a 360 px phone a floor of four cards overlaps: the mark of each face-down card of one's
    own ("yours") stays whole, in what shows of its card, apart from the others, uncovered."""
    context, _ = ctx
    context.add_init_script("window.pyengineApp = {testing: {chanceSeed: 3}};")  # a deal where the person draws
    page = open_app(context, server.url + "?speed=instant&game=chabashi")
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function("window.pyengineApp.state().status === 'human'", timeout=60000)
    assert "draw:2" in page.evaluate("window.pyengineApp.legal()")
    page.evaluate("window.pyengineApp.play('draw:2')")  # two more face-down cards onto the floor
    page.wait_for_function("window.pyengineApp.state().status === 'human'", timeout=60000)
    notes = page.locator(".cb-me .ck-note")
    expect(notes).to_have_count(3)
    notes.first.scroll_into_view_if_needed()
    boxes = notes.evaluate_all("""(ns) => ns.map((n) => {
        const r = n.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        const own = n.closest('.ck-cardbtn') || n;  // (a card's face takes no press: its button does)
        return {x: r.x, right: r.right, whole: n.scrollWidth <= n.clientWidth, text: n.textContent, top: own.contains(hit)};
    })""")
    assert all(b["text"] == "yours" and b["whole"] and b["top"] for b in boxes), boxes
    assert all(a["right"] <= b["x"] for a, b in zip(boxes, boxes[1:], strict=False)), boxes  # apart, in order
    assert page.errors == []


def test_a_face_down_note_on_a_whole_card_is_never_cut(ctx: tuple[Any, Guard], server: Server) -> None:
    """A card of one's floor known and face down says so ("face down") in full, on a wide screen
    and on a phone (on its small card it was cut to "face…")."""
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant#" + finished_session(3))
    page.wait_for_function("window.pyengineApp.state().status === 'over'", timeout=60000)
    for width, height in ((1280, 720), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        notes = page.locator(".cb-me .ck-note")
        expect(notes.filter(has_text="face down")).to_have_count(1)
        page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        cut = notes.evaluate_all("(ns) => ns.filter((n) => n.scrollWidth > n.clientWidth || n.scrollHeight > n.clientHeight).map((n) => n.textContent)")
        assert cut == [], (width, cut)
    assert page.errors == []


def test_keyboard_only_play_odds_and_text_view(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant&game=chabashi")
    page.wait_for_function("window.pyengineApp.state().status === 'human'")
    # the first choice has the focus: keyboard play starts at once
    page.wait_for_function("document.activeElement && document.activeElement.closest('.cb-actions') !== null")
    start = page.evaluate("window.pyengineApp.state().ply")
    assert page.evaluate("window.pyengineApp.state().observation.phase") == "draw"
    page.keyboard.press("1")  # draw one
    page.wait_for_function("window.pyengineApp.legal().includes('decline')")
    # move a floor card into the hand with Tab, Enter and Space only
    for _ in range(30):  # from wherever the focus is after the redraw
        if page.evaluate("document.activeElement && document.activeElement.dataset.pick") == "take":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.pick") == "take"
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.classList.contains('ck-playable')")
    page.keyboard.press("Space")
    page.wait_for_function("!window.pyengineApp.legal().includes('decline')")
    obs = page.evaluate("window.pyengineApp.state().observation")
    assert len(obs["hands"][obs["seat"]]) == 3  # the floor card went into the hand
    # the odds panel (computed in the Worker) and the text view, switched on by keyboard
    page.locator('[data-cb="odds-toggle"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.cb-odds [data-odds="win"]', timeout=90000)
    assert page.locator(".cb-odds-hands tr").count() >= 1
    page.locator('[data-cb="text-toggle"]').focus()
    page.keyboard.press("Enter")
    lines = page.locator(".cb-text-lines li").all_inner_texts()
    assert lines[0].startswith("Dealer's floor:") and any("(you" in line for line in lines)
    # betting and step 8 by letter keys until the hand is over for this seat
    for _ in range(12):
        page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)")
        legal = page.evaluate("window.pyengineApp.legal()")
        before = page.evaluate("window.pyengineApp.state().ply")
        if not legal or page.evaluate("window.pyengineApp.state().observation.phase") == "draw":
            break
        page.keyboard.press("c" if ("check" in legal or "call" in legal) else "p")
        page.wait_for_function("(p) => window.pyengineApp.state().ply > p", arg=before)
    assert page.evaluate("window.pyengineApp.state().ply") > start + 3
    assert page.locator(".cb-result").is_visible() or page.evaluate("window.pyengineApp.state().observation.phase") != "draw"
    assert page.errors == []


@pytest.mark.smoke
def test_embed_in_an_iframe_of_another_origin(returning_browser: Any, server: Server, tmp_path: Path) -> None:
    body = """<h1>Chabashi on a wiki page</h1>
<iframe src="{app}?embed=1&game=chabashi&speed=instant" style="width:380px;height:560px;border:0"></iframe>"""
    with host_page(returning_browser, server, tmp_path, body) as (hp, _):
        frame = hp.wait_for_selector("iframe").content_frame()
        frame.wait_for_function("window.pyengineApp && window.pyengineApp.state().status === 'human'", timeout=60000)
        frame.wait_for_selector(".cb-table")
        assert frame.locator("header.chrome").is_hidden()
        assert frame.locator(".cb-table").evaluate("e => e.classList.contains('cb-embed')")
        assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        # every other seat keeps its whole name, and its chips as a number (in words for screen readers)
        seats = frame.locator(".cb-seat").evaluate_all("""(ls) => ls.map((li) => { const who = li.querySelector('.cb-seat-who');
          const short = li.querySelector('.cb-seat-chips-short');
          return [who.textContent, who.scrollWidth <= who.clientWidth, short.checkVisibility() ? short.textContent : null,
                  li.querySelector('.cb-seat-name').textContent]; })""")
        chips = frame.evaluate("window.pyengineApp.state().observation.chips")
        assert len(seats) == 3
        for who, whole, short, name in seats:
            seat = int(re.search(r"\d+", who).group()) - 1
            assert whole and short == str(chips[seat]) and f"{chips[seat]} chips" in name, (who, whole, short, name)
        # your own cards are drawn and a choice can be made by a click inside the frame
        assert frame.locator(".cb-me .ck-cardbtn").count() == 4
        codes = [c for c in frame.evaluate("window.pyengineApp.state().observation.hands")[0] if c]
        assert all(CARD.match(c) for c in codes) and len(codes) == 2
        before = frame.evaluate("window.pyengineApp.state().ply")
        frame.locator('.cb-actions [data-action="draw:0"]').click()
        frame.wait_for_function("(p) => window.pyengineApp.state().ply > p", arg=before)


PASSIVE = ("draw:0", "check", "call", "pass", "decline")


def test_showdown_says_why_and_marks_the_winning_hand(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    context.add_init_script("window.pyengineApp = {testing: {chanceSeed: 3}};")  # a deal that comes to a showdown
    page = open_app(context, server.url + "?speed=instant&game=chabashi")
    for _ in range(60):  # play along (check, call, pass) until a hand has come to a showdown
        page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)"
                               " || !!document.querySelector('[data-cb=deal]:not([hidden])')", timeout=60000)
        settle(page)
        if page.locator(".cb-result .cb-showdown").count():
            break
        if page.locator('.cb-gate:not([hidden]) [data-cb="deal"]').count():
            page.locator('.cb-gate:not([hidden]) [data-cb="deal"]').click()
            continue
        legal = page.evaluate("window.pyengineApp.legal()")
        before = page.evaluate("window.pyengineApp.state().ply")
        page.locator(f'.cb-actions [data-action="{next(a for a in PASSIVE if a in legal)}"]').click()
        page.wait_for_function("(p) => window.pyengineApp.state().ply > p", arg=before)
    result = page.locator(".cb-result")
    expect(result.locator(".cb-showdown")).to_be_visible()
    # the winning hand (a seat's, or the dealer hand's when it was stronger) is framed and says so in words
    marked = result.locator('.cb-shown[data-wins="true"]')
    assert marked.count() >= 1
    expect(marked.first.locator(".cb-win-badge")).to_have_text(re.compile(r"^(Winner|Strongest)$"))
    assert result.locator('.cb-shown[data-wins="false"]').count() >= 1
    # every contested pot says why, naming both sides and the deciding step
    whys = result.locator(".cb-why").all_inner_texts()
    steps = result.locator(".cb-why").evaluate_all("(ls) => ls.map((l) => l.dataset.step)")
    says = {"category": " beats ", "defining": " beats ", "kicker": " beats ", "size": "fewer cards win (",
            "count": " wins ("}  # (which deal comes to the showdown varies: any deciding step may come)
    assert whys and len(steps) == len(whys) and set(steps) <= set(says), (steps, whys)
    assert all(" against " in w and says[step] in w for w, step in zip(whys, steps, strict=True)), whys
    assert page.errors == []


FRAME = """<h1>Chabashi on a wiki page</h1>
<iframe src="{app}?embed=1&game=chabashi&speed=instant" style="width:400px;height:400px;border:0"></iframe>"""
FITS = """() => { const d = document.scrollingElement; const box = (s) => { const e = document.querySelector(s);
  return e ? e.getBoundingClientRect().bottom : null; };
  return [d.scrollHeight, d.scrollWidth, innerHeight, box('.cb-me'), box('.cb-actions'), box('.cb-centre')]; }"""


def test_the_embed_fits_400_by_400_without_scrolling(returning_browser: Any, server: Server, tmp_path: Path) -> None:
    with host_page(returning_browser, server, tmp_path, FRAME) as (hp, _):
        frame = hp.wait_for_selector("iframe").content_frame()
        frame.wait_for_function("window.pyengineApp && window.pyengineApp.state().status === 'human'", timeout=60000)
        frame.wait_for_selector(".cb-table.cb-embed")
        # at the start, then at the longest choice (the 6-2 follow-up after drawing two cards), then betting
        for action in ("draw:2", "decline", None):
            frame.wait_for_function("window.pyengineApp.state().status === 'human'", timeout=60000)
            frame.evaluate("new Promise((r) => setTimeout(r, 1200))")  # a deal animation at the default speed
            height, width, inner, me, actions, centre = frame.evaluate(FITS)
            step = frame.locator(".cb-table").get_attribute("data-step")
            assert inner == 400 and height <= 400 and width <= 400, (step, height, width)
            assert me is not None and me <= 400 and actions is not None and actions <= 400 and centre <= 400, step
            if action is None:
                break
            before = frame.evaluate("window.pyengineApp.state().ply")
            frame.locator(f'.cb-actions [data-action="{action}"]').click()
            frame.wait_for_function("(p) => window.pyengineApp.state().ply > p", arg=before)


def finished_session(seats: int) -> str:
    """A short session (three hands) of ``seats`` seats, the person and random bots, played out."""
    s = Session.new("chabashi", "2.balanced~hand_limit=3", [("", "human")] + [("", "bot:random")] * (seats - 1), seats,
                    chance=SeededChance(3))
    while s.status() != "over":
        if s.status() == "human":
            s.play(s.legal()[0])
        else:
            s.step_auto()
    return s.fragment()


@pytest.mark.parametrize("seats", [3, 5])
def test_a_finished_session_in_a_400_by_400_embed_fits_with_its_standings(returning_browser: Any, server: Server,
                                                                         tmp_path: Path, seats: int) -> None:
    """The end of a session in a wiki's frame: the final standings and Play again inside the 400×400
    frame, which does not scroll (as a list of a line a seat, they pushed it 49 px past)."""
    body = f"""<iframe src="{{app}}?embed=1#{finished_session(seats)}" style="width:400px;height:400px;border:0"></iframe>"""
    with host_page(returning_browser, server, tmp_path, body) as (hp, _):
        frame = hp.wait_for_selector("iframe").content_frame()
        frame.wait_for_function("window.pyengineApp && window.pyengineApp.state().status === 'over'", timeout=60000)
        standings = frame.locator(".cb-standings")
        expect(standings.locator("li")).to_have_count(seats)
        frame.evaluate("new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300)))")
        height, width, inner = frame.evaluate("[document.scrollingElement.scrollHeight, document.scrollingElement.scrollWidth, innerHeight]")
        assert inner == 400 and height <= 400 and width <= 400, (height, width)
        again = standings.locator('[data-cb="again"]')
        box = again.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 400
        assert frame.evaluate("""() => { const b = document.querySelector('.cb-standings [data-cb="again"]').getBoundingClientRect();
          return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)?.closest('[data-cb="again"]') !== null; }""")


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (360, 740)])
def test_the_final_standings_come_into_view_with_their_play_again(returning_browser: Any, server: Server, width: int,
                                                                  height: int) -> None:
    """A finished session's standings lie under the table: they are brought into view once, their
    Play again where a press reaches it (before: below the fold at 1280×720 and on a phone); going
    back through the replay does not pull the page down again."""
    context, _ = returning_browser(server.url, viewport={"width": width, "height": height})
    try:
        page = open_app(context, server.url + "?speed=instant#" + finished_session(3))
        page.wait_for_function("window.pyengineApp.state().status === 'over'", timeout=60000)
        page.wait_for_function(PRESSABLE, arg='.cb-standings [data-cb="again"]')
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # (pressed from script: a press by Playwright would scroll the button into view itself)
        page.evaluate("window.scrollTo(0, 0); document.querySelector('[data-cb-nav=\"prev\"]').click()")
        page.wait_for_function("window.pyengineApp.state().status !== 'over'")
        page.evaluate("window.scrollTo(0, 0); document.querySelector('[data-cb-nav=\"last\"]').click()")
        page.wait_for_function("window.pyengineApp.state().status === 'over'")
        drawn(page)
        assert not page.evaluate(PRESSABLE, '.cb-standings [data-cb="again"]')  # still below, where the page was left
        assert page.errors == []
    finally:
        context.close()


def out_of_chips() -> str:
    """A session (8 chips each) in which the person folds or checks and the bots (calling: they
    check or call) play on until the person has no chips left; both bots keep plenty."""
    s = Session.new("chabashi", "2.seed~stakes.bankroll=8", [("", "human"), ("", "bot:calling"), ("", "bot:calling")], 3,
                    chance=SeededChance(9))
    for _ in range(1000):
        if s.status() == "chance":
            s.play_chance(s.draw_chance())
            continue
        legal, seat = s.state.legal_actions(), s.state.current_player
        prefer = ("fold", "check", "pass") if seat == 0 else ("check", "call", "pass")
        action = next((a for a in prefer if a in legal), legal[0])
        (s.play if seat == 0 else lambda a: s.play_bot(a, len(s.record.actions)))(action)
        obs = s.state.observation(0)
        if obs["chips"][0] == 0 and not obs["active"][0]:
            break
    assert obs["chips"][0] == 0 and min(obs["chips"][1:]) >= 5 and s.status() != "over", obs["chips"]
    return s.fragment()


def test_a_person_out_of_chips_is_told_and_can_start_a_new_session(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=normal#" + out_of_chips())
    note = page.locator(".cb-out-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("out of the session")
    # the bots stop with the person out (they may play on by Resume); the session is not over,
    # so the shell offers no "Play again" yet: the note does
    expect(page.locator('[data-tool="resume"]')).to_be_visible()
    before = page.evaluate("window.pyengineApp.state()")
    assert before["status"] != "over"
    # the head's figures are gains and losses against the 8 chips each began with, signed: the
    # person's "−8" beside a "+5" (never a bare "5" that reads as chips held)
    figures = page.locator(".table-head .scores li strong").all_inner_texts()
    returns = [c - 8 for c in before["observation"]["chips"]]
    assert min(returns) < 0 < max(returns)
    assert figures == [f"\u2212{-r}" if r < 0 else f"+{r}" if r > 0 else "0" for r in returns], (figures, returns)
    page.wait_for_timeout(500)
    assert page.evaluate("window.pyengineApp.state().ply") == before["ply"]
    expect(page.locator('[data-tool="again"]')).to_be_hidden()
    note.locator('[data-cb="new-session"]').click()
    page.wait_for_function("(r) => window.pyengineApp.state().record !== r && window.pyengineApp.state().length < 20",
                           arg=before["record"])
    after = page.evaluate("window.pyengineApp.state()")
    assert after["game"] == "chabashi" and after["rules"] == before["rules"]
    expect(note).to_be_hidden()
    obs = page.evaluate("window.pyengineApp.state().observation")
    assert obs["hand_no"] == 1 and all(6 <= c <= 8 for c in obs["chips"]), obs["chips"]  # everyone back in, 8 chips each
    assert page.errors == []
