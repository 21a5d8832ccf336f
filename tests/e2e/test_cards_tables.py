"""Journeys of the card tables for issue 17 in Chromium (outside requests blocked): the rules panel
(every conflict at once with one-click fixes, presets with their player counts, a one-game match, no
scroll box of its own), the help of both games, replays of finished games with every card, ties,
text views that name the plays, hands that stay tappable on a phone, the share box on a phone, the
deal never shown as "Chance", and both tables in a 400×400 frame of another origin."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import FACES, GLYPH_PIXELS, Guard, Server, daifugo_settings, drawn, host_page, open_app
from playwright.sync_api import expect

from pyengine.app.session import Session

pytestmark = pytest.mark.e2e


def settle(page: Any) -> None:
    page.evaluate("window.pyengineApp.settled()")  # the engine has answered what was asked
    drawn(page)


def wait_for_person(page: Any) -> str:
    """Wait until a person is to act (pressing "Deal" when a hand the person deals waits for it)."""
    page.evaluate("window.pyengineApp.settled()")
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)"
                           " || !!document.querySelector('[data-cb=deal]:not([hidden])')", timeout=60000)
    deal = page.locator('.cb-gate:not([hidden]) [data-cb="deal"]')
    if deal.count():
        deal.click()
        page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)", timeout=60000)
    settle(page)
    return str(page.evaluate("window.pyengineApp.state().status"))


def daifugo_form(page: Any) -> Any:
    card = page.locator('.game-card[data-game="daifugo"]')
    card.locator('[data-action="new"]').click()
    form = card.locator(".setup")
    form.locator("details.df-rules summary").click()
    return form


@pytest.mark.smoke
def test_rules_panel_lists_every_conflict_with_one_click_fixes(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    form = daifugo_form(page)
    form.locator('[data-path="clears.eight_cut"]').uncheck()
    conflicts = form.locator(".df-conflicts > li")
    expect(conflicts).to_have_count(2)  # both rules that need 8-cut, at once
    expect(conflicts.nth(0)).to_contain_text("Joker as an 8 cuts")
    expect(conflicts.nth(1)).to_contain_text("Forbidden finishes")
    assert "clears." not in form.locator(".df-rules-error").inner_text()
    # the first fix of the first conflict, one click: one conflict left, 8-cut still off
    conflicts.nth(0).locator('[data-fix="0"]').click()
    expect(conflicts).to_have_count(1)
    expect(form.locator('[data-path="clears.eight_cut_joker"]')).not_to_be_checked()
    expect(form.locator('[data-path="clears.eight_cut"]')).not_to_be_checked()
    conflicts.nth(0).locator('[data-fix="0"]').click()
    expect(form.locator(".df-rules-error")).to_be_hidden()
    expect(form.locator('[data-path="finishing.forbidden_finish"] [data-item="eight"]')).not_to_be_checked()
    # "Fix all" after two conflicts of different rules
    form.locator('[data-path="clears.four_stop"]').check()
    form.locator('[data-path="order.strong_eleven_back"]').check()
    form.locator('[data-path="order.eleven_back"]').select_option("off")
    expect(conflicts).to_have_count(2)
    form.locator('[data-df="fix-all"]').click()
    expect(form.locator(".df-rules-error")).to_be_hidden()
    # a one-game match is allowed under popular (miyako-ochi simply never applies)
    form.locator('[data-path="match.games"]').fill("1")
    form.locator('[data-path="match.games"]').dispatch_event("change")
    expect(form.locator(".df-rules-code")).to_contain_text("match.games=1")
    expect(form.locator(".df-rules-error")).to_be_hidden()
    for i in range(1, 4):
        form.locator(f'select[name="seat{i}"]').select_option("bot:random")
    form.locator('button[type="submit"]').click()
    page.wait_for_function("window.pyengineApp.state().game === 'daifugo'")
    rules = page.evaluate("window.pyengineApp.state().rules")
    assert "match.games=1" in rules and "clears.eight_cut=0" in rules
    assert page.errors == []


def test_a_preset_sets_its_player_count_and_the_panel_has_no_scroll_box(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    page.set_viewport_size({"width": 1280, "height": 720})
    form = daifugo_form(page)
    players = form.locator('select[name="players"]')
    for preset, n in (("uecda", 5), ("jdf", 4), ("two_player", 2), ("popular", 4)):
        value = form.locator(f'select[name="preset"] option[data-preset="{preset}"]').get_attribute("value")
        form.locator('select[name="preset"]').select_option(value)
        expect(players).to_have_value(str(n))
        expect(form.locator('select[name^="seat"]')).to_have_count(n)
        expect(form.locator(".df-rules-error")).to_be_hidden()
    # the jdf preset at 5 players: one conflict, fixed by the player count
    players.select_option("5")
    form.locator('select[name="preset"]').select_option(form.locator('option[data-preset="jdf"]').get_attribute("value"))
    players.select_option("5")
    expect(form.locator(".df-conflicts > li")).to_have_count(1)
    form.locator('.df-conflicts [data-fix="0"]').click()
    expect(players).to_have_value("4")
    expect(form.locator(".df-rules-error")).to_be_hidden()
    # the panel opens to the page width and has no scroll box of its own
    body = form.locator(".df-rules-body")
    overflow = body.evaluate("(b) => ({scroll: b.scrollHeight, client: b.clientHeight, style: getComputedStyle(b).overflowY})")
    assert overflow["style"] == "visible" and overflow["scroll"] <= overflow["client"] + 1
    assert page.locator('.game-card[data-game="daifugo"]').bounding_box()["width"] > 900
    assert page.errors == []


def test_daifugo_help_explains_every_rule_of_the_preset(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    frag = Session.new("daifugo", "1.party", [("", "human")] + [("", "bot:random")] * 3, 2).fragment()
    page = open_app(context, server.url + "?speed=instant#" + frag)
    wait_for_person(page)
    page.locator('[data-df="help"]').click()
    helpbox = page.locator(".df-help")
    expect(helpbox.locator(".df-help-rule").first).to_be_visible()
    expect(helpbox).to_contain_text("party (effect cards)")
    shown = set(helpbox.locator(".df-help-rule").evaluate_all("(ls) => ls.map((l) => l.dataset.option)"))
    options = page.evaluate("window.pyengineApp.state().rules")
    assert options.startswith("2.party")  # a version 1 link reads as the same rules in version 2
    # every rule party switches on is explained with an example; a rule it leaves off is only named
    for path in ("effects.five", "effects.seven", "effects.queen", "locks.number_lock", "clears.eight_cut",
                 "order.revolution", "order.seq_revolution"):
        assert path in shown, path
        rule = helpbox.locator(f'[data-option="{path}"]')
        expect(rule.locator(".df-help-example")).to_be_visible()
        assert len(rule.inner_text()) > 40
    assert "clears.ambulance" not in shown
    expect(helpbox.locator(".df-help-unused")).to_contain_text("Ambulance")
    expect(helpbox.locator(".df-help-steps li")).to_have_count(7)
    page.locator('[data-df="help-close"]').click()
    expect(helpbox).to_be_hidden()
    assert page.errors == []


def test_chabashi_help_ranks_every_hand_with_a_picture_and_its_exact_frequency(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    frag = Session.new("chabashi", "1.seed", [("", "human")] + [("", "bot:random")] * 2, 4).fragment()
    page = open_app(context, server.url + "?speed=instant#" + frag)
    page.wait_for_selector(".cb-table")
    page.locator('[data-cb="help"]').click()
    rows = page.locator(".cb-help .cb-ranking tbody tr")
    expect(rows).to_have_count(17)  # the ranking at once; pictures and frequencies once counted
    expect(page.locator(".cb-help-steps li")).to_have_count(9)
    expect(page.locator(".cb-rank-note")).to_contain_text("353,430", timeout=60000)
    # §10 of the specification: 야색군주 85,746 of 353,430 (24.26 %); 선지행진 never scores under seed
    row = page.locator('.cb-ranking tr[data-hand="yasaekgunju"]')
    expect(row.locator(".cb-freq")).to_have_text("24.26% (85,746)")
    expect(page.locator('.cb-ranking tr[data-hand="seonjihaengjin"] .cb-freq')).to_contain_text("never")
    expect(page.locator('.cb-ranking tr[data-hand="gongpaegun"] .cb-freq')).to_contain_text("(6)")
    for tr in rows.all():  # a picture of every hand: two hand cards | the floor pair
        expect(tr.locator(".cb-example [data-card]")).to_have_count(4)
    expect(page.locator(".cb-help-presets dt")).to_have_count(2)
    expect(page.locator(".cb-help-presets")).to_contain_text("can never score")
    # the hands' Korean names come with the table, its last font: a device with a Korean font draws
    # them in its own face, one with none (a bare Linux desktop) in the table's; in both, each name is
    # drawn in the table's fonts, not as the box of a character no font has
    hangul = sorted(set(re.findall("[\uac00-\ud7af]", page.locator(".cb-ranking").inner_text())))
    assert len(hangul) >= 20
    page.evaluate("document.fonts.ready")
    device_has_hangul = len(set(page.evaluate(GLYPH_PIXELS, ["48px sans-serif", [hangul[0], "\u0378"]]))) == 2
    if not device_has_hangul:
        assert page.evaluate(FACES, "Chabashi Hangul") == ["loaded"]  # the page asked for the table's face
    table_fonts = "400 48px " + page.evaluate("getComputedStyle(document.querySelector('.cb-ranking')).fontFamily")
    assert table_fonts.endswith('"Chabashi Hangul"')
    page.evaluate("(text) => document.fonts.load(\"400 48px 'Chabashi Hangul'\", text)", "".join(hangul))
    for font in (table_fonts, "400 48px 'Chabashi Hangul'"):  # as the table draws them; the cut alone has each
        pixels = page.evaluate(GLYPH_PIXELS, [font, [*hangul, "\u0378"]])
        nothing = pixels.pop()
        assert all(p != nothing for p in pixels) and len(set(pixels)) == len(hangul), font
    # each card's type in its corner (원 선 혼 공) comes with the same last resort
    corners = page.evaluate("""() => [...document.querySelectorAll('.cb-ranking .dd-card text')]
      .filter((t) => /[\\uac00-\\ud7af]/.test(t.textContent)).map((t) => [t.textContent, getComputedStyle(t).fontFamily])""")
    assert {text for text, _ in corners} == {"원", "선", "혼", "공"}
    for text, family in set(map(tuple, corners)):
        drawn, nothing = page.evaluate(GLYPH_PIXELS, ["400 48px " + family, [text, "\u0378"]])
        assert drawn != nothing, (text, family)
    # the second time it comes from this browser at once
    page.locator('[data-cb="help-close"]').click()
    page.locator('[data-cb="help"]').click()
    expect(page.locator(".cb-rank-note")).to_contain_text("353,430", timeout=2000)
    expect(rows.first.locator(".cb-example [data-card]")).to_have_count(4, timeout=2000)
    assert page.errors == []


def test_replay_of_finished_games_shows_every_hand(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    done = Session.new("daifugo", "1.popular~match.games=1", [("", "bot:random")] * 4, 9)
    done.run_auto()
    page = open_app(context, server.url + "?speed=instant#" + done.fragment())
    page.wait_for_selector(".df-results:not([hidden])")
    expect(page.locator(".df-reveal")).to_be_hidden()
    first_play = next(i for i, s in enumerate(done.states) if s.observation(-1)["phase"] == "play")
    page.evaluate("(c) => { const s = document.querySelector('[data-df-nav=slider]'); s.value = c; s.dispatchEvent(new Event('input')); }", first_play)
    page.wait_for_function(f"window.pyengineApp.state().ply === {first_play}")
    reveal = page.locator(".df-reveal")
    expect(reveal).to_be_visible()
    counts = done.states[first_play].observation(-1)["counts"]
    for seat, n in enumerate(counts):
        expect(reveal.locator(f'li[data-seat="{seat}"] [data-card]')).to_have_count(n)
    shown = sorted(reveal.locator("[data-card]").evaluate_all("(cs) => cs.map((c) => c.dataset.card)"))
    assert shown == sorted(c for p in range(4) for c in done.states[first_play].observation(p)["hand"])
    # Chabashi: every card of the position face up, the table says so
    cb = Session.new("chabashi", "1.seed~hand_limit=1", [("", "bot:random")] * 3, 5)
    cb.run_auto()
    page.evaluate("(f) => window.pyengineApp.open(f)", cb.fragment())
    page.wait_for_selector(".cb-standings:not([hidden])")
    expect(page.locator('.cb-standings [data-cb="again"]')).to_be_visible()  # the next session, a press away
    page.locator('[data-cb-nav="prev"]').click()
    page.wait_for_selector('.cb-table[data-revealed="true"]')
    backs = page.locator('.cb-seats [data-card="back"], .cb-seats [data-card="back:yours"]')
    assert backs.count() == 0 and page.locator(".cb-seats [data-card]").count() > 6
    assert page.errors == []


def test_final_standings_mark_ties(ctx: tuple[Any, Guard], server: Server) -> None:
    for seed in range(1, 200):
        done = Session.new("daifugo", "1.popular~match.games=2", [("", "bot:random")] * 4, seed)
        done.run_auto()
        scores = done.state.observation(-1)["scores"]
        if len(set(scores)) < 4:
            break
    tied = [p for p in range(4) if scores.count(scores[p]) > 1]
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant#" + done.fragment())
    final = page.locator(".df-results .df-standings")  # (the match's, above the last game's order)
    expect(page.locator(".df-results .df-ranks").first).to_have_class("df-ranks df-standings")
    expect(final.locator("li")).to_have_count(4)
    expect(final.locator("li.df-tied")).to_have_count(len(tied))
    for p in tied:
        place = 1 + sum(1 for q in scores if q > scores[p])
        expect(final.locator(f'li[data-seat="{p}"] .df-place')).to_have_text(f"={place}.")
    # the next match from the summary itself: the same players and rules
    over = page.evaluate("window.pyengineApp.state()")
    page.locator('.df-results [data-df="again"]').click()
    page.wait_for_function("(r) => window.pyengineApp.state().record !== r", arg=over["record"])
    assert page.evaluate("window.pyengineApp.state().rules") == over["rules"]
    assert page.errors == []


@pytest.mark.smoke
def test_text_views_name_the_playable_cards_and_every_play(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    frag = Session.new("daifugo", "1.popular", [("", "human")] + [("", "bot:random")] * 3, 3).fragment()
    page = open_app(context, server.url + "?speed=instant#" + frag)
    wait_for_person(page)
    daifugo_settings(page).locator('[data-df="textview"]').check()
    legal = page.evaluate("window.pyengineApp.legal()")
    while legal == ["pass"]:  # a turn with something to play
        page.evaluate("window.pyengineApp.play('pass')")
        wait_for_person(page)
        legal = page.evaluate("window.pyengineApp.legal()")
    plays = [a for a in legal if a != "pass"]
    expect(page.locator(".df-text-plays button")).to_have_count(len(plays))
    assert sorted(page.locator(".df-text-plays button").evaluate_all("(bs) => bs.map((b) => b.dataset.action)")) == sorted(plays)
    playable = set(page.locator(".df-text-hand button").evaluate_all(
        "(bs) => bs.filter((b) => b.textContent.includes('playable')).map((b) => b.dataset.key)"))
    in_plays = {c.split("=")[0] for a in plays for c in a.split(".")}
    assert playable and {k.split("#")[0] for k in playable} <= in_plays | {"JK"}
    before = page.evaluate("window.pyengineApp.state().ply")
    page.locator(".df-text-plays button").first.click()
    page.wait_for_function(f"window.pyengineApp.state().ply > {before}")
    # Chabashi: every choice by its name, the card picks spelled out
    cb = Session.new("chabashi", "1.seed", [("", "bot:random"), ("", "human"), ("", "bot:random")], 2).fragment()
    page.evaluate("(f) => window.pyengineApp.open(f)", cb)
    wait_for_person(page)
    page.locator('[data-cb="text-toggle"]').click()
    legal = page.evaluate("window.pyengineApp.legal()")
    buttons = page.locator(".cb-text-choices button")
    expect(buttons).to_have_count(len(legal))
    assert sorted(buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")) == sorted(legal)
    assert all(len(t) > 3 for t in buttons.all_inner_texts())
    assert page.errors == []


def test_eighteen_cards_on_a_phone_stay_tappable(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    page = open_app(context, server.url + "?speed=instant")
    page.set_viewport_size({"width": 360, "height": 740})
    frag = Session.new("daifugo", "1.basic", [("", "human")] + [("", "bot:random")] * 2, 1).fragment()
    page.evaluate("(f) => window.pyengineApp.open(f)", frag)
    page.wait_for_selector(".df .ck-cardbtn")
    page.wait_for_function("document.querySelectorAll('.df .ck-hand .ck-cardbtn').length >= 17")
    settle(page)
    hand = page.locator(".df .ck-hand")
    assert int(hand.get_attribute("data-rows") or "1") >= 2
    # what shows of every card (up to the next card to its right and the row below) is at least 32 px each way
    sizes = page.evaluate("""() => {
      const bs = [...document.querySelectorAll('.df .ck-hand .ck-cardbtn')].map((b) => b.getBoundingClientRect());
      return bs.map((r, i) => {
        const right = bs.filter((o, j) => j !== i && Math.abs(o.top - r.top) < 2 && o.left > r.left).map((o) => o.left);
        const below = bs.filter((o) => o.top > r.top + 2 && o.left < r.right && o.right > r.left).map((o) => o.top);
        return [Math.min(r.right, ...right) - r.left, Math.min(r.bottom, ...below) - r.top];
      });
    }""")
    assert len(sizes) >= 17
    assert min(w for w, _ in sizes) >= 32 and min(h for _, h in sizes) >= 32, sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # the share box keeps a usable width
    assert page.locator("input.share-link").bounding_box()["width"] >= 200
    # an error notice (a garbled link) floats below the play controls: each stays pressable
    page.evaluate("location.hash = '%%%garbage'")
    page.wait_for_function("!document.getElementById('notice').hidden")
    pressable = page.evaluate("""() => [...document.querySelectorAll('#table .play-controls :is(button, select)')]
      .filter((b) => b.getBoundingClientRect().width > 0).map((b) => {
        const r = b.getBoundingClientRect();
        return [b.dataset.tool, b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))];
      })""")
    assert ["home", True] in pressable and all(ok for _, ok in pressable), pressable
    notice = page.locator("#notice").bounding_box()
    assert notice["y"] > 0 and notice["y"] + notice["height"] <= 740, notice
    assert page.errors == []


WATCH_STATUS = """
window.__chanceStatus = [];
window.__prompts = new Set();
new MutationObserver(() => {
  const t = document.getElementById('table');
  const s = t && t.querySelector('.table-head .status');
  if (t && t.dataset.status === 'chance' && s) window.__chanceStatus.push(getComputedStyle(s).visibility + ':' + s.textContent);
  const p = document.querySelector('.df-prompt, .cb-prompt');
  if (p) window.__prompts.add(p.textContent);
}).observe(document, {subtree: true, attributes: true, childList: true, characterData: true});
"""


@pytest.mark.parametrize("game", ["daifugo", "chabashi"])
def test_the_deal_is_never_called_chance(ctx: tuple[Any, Guard], server: Server, game: str) -> None:
    context, _ = ctx
    context.add_init_script(WATCH_STATUS)
    page = open_app(context, server.url + "?speed=fast")
    card = page.locator(f'.game-card[data-game="{game}"]')
    card.locator('[data-action="new"]').click()
    card.locator('button[type="submit"]').click()
    wait_for_person(page)
    assert "Dealing…" in page.evaluate("[...window.__prompts]")  # the table said it was dealing
    seen = page.evaluate("window.__chanceStatus")
    assert seen and all(s.startswith("hidden:") for s in seen), seen[:5]
    assert page.errors == []


EMBED = """<h1>A wiki page</h1>
<script src="{app}embed.js" data-game="%s" data-width="400px" data-height="400px"></script>"""
FITS = """(sels) => sels.map((s) => { const e = document.querySelector(s); if (!e) return [s, null];
  const r = e.getBoundingClientRect(); return [s, r.bottom, r.right, r.height]; })"""


@pytest.mark.parametrize("game,parts", [
    ("daifugo", [".ck-field", ".df .ck-hand", ".df-prompt"]),
    ("chabashi", [".cb-centre", ".cb-me", ".cb-actions"]),
])
def test_embed_fits_400_by_400_with_the_field_the_hand_and_the_actions(returning_browser: Any, server: Server, tmp_path: Path,
                                                                      game: str, parts: list[str]) -> None:
    # (how long a cold embed takes to be playable is measured by benchmarks/load.py)
    with host_page(returning_browser, server, tmp_path, EMBED % game) as (hp, _):
        hp.wait_for_selector("iframe")
        while len(hp.frames) < 2:
            hp.wait_for_timeout(20)
        inner = hp.frames[1]
        inner.wait_for_function("window.pyengineApp && window.pyengineApp.state().game", timeout=60000)
        wait_for_person(inner)
        inner.evaluate("new Promise((r) => setTimeout(r, 1200))")  # a deal animation at the default speed
        boxes = inner.evaluate(FITS, parts)
        for sel, bottom, right, height in boxes:
            assert bottom is not None and height > 10, sel
            assert bottom <= 400 and right <= 400, (sel, bottom, right)
        if game == "daifugo":  # the actions are on screen when the person is to play
            controls = inner.evaluate(FITS, [".df-controls"])[0]
            assert controls[1] is None or controls[3] == 0 or controls[1] <= 400
        assert inner.evaluate("document.documentElement.scrollWidth") <= 400
