"""The Cetkaik table as a cerke_online player meets it (issue 16), in Chromium: the board keeps
the player's side at the bottom through moves and replays, casts and a bot's declarations stay
on screen until the player moves, every season ends with a summary, the essentials fit 1280×720
and 1366×768 (screenshots checked for overflow), a finished game's record buttons (download,
copy, analyse) are in reach beside the board from 1280×720 to 1920×1080 and on a phone, its
import box opens into view and its Open in replay stays in reach (keyboard and mouse, while an
analysis grows the record above it) at 1280×720 and on a phone (issue 30), phones stack without
sideways scrolling,
captures take one click, a 400×400 embed of another origin plays drops, the text view is one
tab stop driven by arrow keys, play by link says what to do, and no English is left in Korean
or Japanese."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import FACES, GLYPH_PIXELS, Guard, PageChance, Server, drawn, fix_chance, open_app
from playwright.sync_api import expect

from pyengine.cetkaik.board import SQUARE_INDEX
from pyengine.cetkaik.rules import OFFICIAL
from pyengine.cetkaik.state import CetkaikState
from pyengine.core import Record, Seat, encode_fragment
from pyengine.core.chance import sample_chance

pytestmark = pytest.mark.e2e
VECTORS = Path(__file__).resolve().parents[3] / "shared" / "vectors" / "cetkaik"
# The page's chance fixed to 652 (conftest.PageChance): the A side moves first in spring.
CHANCE_A_FIRST = 652
# A stepping over tam2 (kut2 tam2): under the official rules a penalty that must be declared.
KUT2 = ["ZI", "ZO", "CO"]
# A seeded line that leaves the IA side to move with a captured red Vessel in hand.
IA_HOLDS_A_VESSEL = ["一位色赤", "ZI片ZOCO", "再行", "NAI片NO水", "水四", "KA片KE心KA", "橋三", "KA", "CAI片CO水", "水五",
                     "ZO皇[ZU]ZI"]
# tam2 never turns, so no turned piece cell may hold its round token
NO_TURNED_TAM2 = "document.querySelectorAll('.ck-board .ck-pc.down circle').length === 0"
ESSENTIALS = [".ck-board", ".ck-bar", ".ck-season", ".ck-rate", '.ck-score[data-side="0"]', '.ck-score[data-side="1"]',
              ".ck-turn", ".ck-prompt", '.ck-hand[data-side="0"]', '.ck-hand[data-side="1"]']
INSIDE = """(sel) => { const el = document.querySelector(sel); if (!el) return 'missing';
  const r = el.getBoundingClientRect(); if (!r.width || !r.height) return 'not drawn';
  return r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1 ? 'in' : `out ${JSON.stringify(r)}`; }"""
# anything of the table drawn beyond the right edge, and the page's own sideways scroll
OVERFLOW = """() => { const out = [];
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push('page ' + document.documentElement.scrollWidth);
  for (const el of document.querySelectorAll('.ck *')) { const r = el.getBoundingClientRect();
    if (r.width && r.right > innerWidth + 1 && !el.closest('.ck-kiaak, .ck-news, dialog')) out.push(el.className || el.tagName); }
  return out.slice(0, 5); }"""
SAW_GENERIC_HEAD = """window.__genericHead = false;
new MutationObserver(() => { const el = document.querySelector('#table[data-game="cetkaik"] .table-head');
  if (el && el.checkVisibility()) window.__genericHead = true; })
  .observe(document, {childList: true, subtree: true, attributes: true});"""


def fragment(actions: list[str] | tuple[str, ...] = (), seats: tuple[str, ...] = ("human", "human"),
             rules: str = "1.official", seed: int = 2, cursor: int | None = None) -> str:
    return encode_fragment(Record("cetkaik", rules, tuple(Seat("", k) for k in seats), tuple(actions), seed, cursor))


def sq(page: Any, name: str) -> Any:
    return page.locator(f'.ck-board [data-sq="{SQUARE_INDEX[name]}"]')


def click(page: Any, *names: str) -> None:
    for name in names:
        sq(page, name).click()


def wait_human(page: Any) -> None:
    page.evaluate("window.pyengineApp.settled()")  # the click's move has reached the engine
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)")
    drawn(page)  # the table draws the engine's answer in the next frame (what is on screen is checked)


def board(page: Any) -> list[Any]:
    return page.evaluate("window.pyengineApp.state().observation.board")  # type: ignore[no-any-return]


def open_table(context: Any, server: Server, frag: str, query: str = "?speed=instant") -> Any:
    page = open_app(context, server.url + query + "#" + frag)
    page.wait_for_selector(".ck-board")
    page.wait_for_function("['human', 'over', 'waiting'].includes(window.pyengineApp.state().status)"
                           " || window.pyengineApp.state().ply < window.pyengineApp.state().length"
                           " || Boolean(document.querySelector('.ck-summary:not([hidden])'))")  # bots wait for it
    drawn(page)  # the table draws the engine's answer in the next frame
    return page


def where(page: Any, name: str) -> tuple[float, float]:
    box = sq(page, name).bounding_box()
    return (round(box["x"]), round(box["y"]))


def assert_inside(page: Any, *selectors: str) -> None:
    for sel in selectors:
        assert page.evaluate(INSIDE, sel) == "in", sel


def english_words(text: str) -> list[str]:
    """Words of English left in a Korean or Japanese page: Latin words with a lower-case letter,
    apart from the names a player types or reads as they are (square names and side marks are
    upper case; the preset cerke_online; the keys)."""
    allowed = {"cerke_online", "Esc", "Enter", "Space", "kiaak"}
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_]*[a-z][A-Za-z_]*", text) if w not in allowed and len(w) > 1]


def scan_text(page: Any, lang: str, root: str = "body") -> list[str]:
    """The problems in the text of ``root``: JavaScript leftovers in any language, English in ko/ja
    (but for words marked as another language or not to translate: the help's legend of names).
    (Our own check: the shell's conftest.scan_text had not landed on main when this was written.)"""
    text = page.locator(root).evaluate("(el) => [...el.querySelectorAll('[lang], [translate=no]')]"
                                       ".filter((x) => x.getAttribute('translate') === 'no' || x.lang !== document.documentElement.lang)"
                                       ".reduce((t, x) => t.replace(x.innerText, ' '), el.innerText)"
                                       " + ' ' + [...el.querySelectorAll('[aria-label],[title]')]"
                                       ".map((x) => (x.getAttribute('aria-label') || '') + ' ' + (x.getAttribute('title') || '')).join(' ')")
    problems = [bad for bad in ("undefined", "NaN", "[object", "null") if re.search(rf"(^|\W){re.escape(bad)}(\W|$)", text)]
    if lang in ("ko", "ja"):
        problems += english_words(text)
    return problems


# --- 1. orientation -------------------------------------------------------------------------------
def test_orientation_stays_over_a_replayed_record_and_a_game(ctx: tuple[Any, Guard], server: Server) -> None:
    from pyengine.app.views.cetkaik import import_record

    context, _ = ctx
    context.add_init_script(SAW_GENERIC_HEAD)
    record = import_record((VECTORS / "records" / "real" / "case1.txt").read_text(encoding="utf-8"))
    page = open_table(context, server, encode_fragment(Record("cetkaik", record.rules, (Seat("A"), Seat("IA")),
                                                              record.actions, 1, 0)))
    flipped = page.locator(".ck").get_attribute("data-flipped")
    corner = where(page, "ZA")
    for _ in range(14):  # each ply of both sides, and their casts
        page.locator('.ck-replay [data-nav="next"]').click()
        assert page.locator(".ck").get_attribute("data-flipped") == flipped
        assert where(page, "ZA") == corner
        assert page.evaluate(NO_TURNED_TAM2)
    page.locator('.ck-replay [data-nav="last"]').click()
    page.wait_for_function("window.pyengineApp.state().ply === window.pyengineApp.state().length")
    assert page.locator(".ck").get_attribute("data-flipped") == flipped and where(page, "ZA") == corner
    # "Turn the board" turns it, and the replay keeps it turned
    page.locator('[data-setting="flip"]').click()
    expect(page.locator(".ck")).not_to_have_attribute("data-flipped", flipped)
    turned = where(page, "ZA")
    assert turned != corner
    for _ in range(5):
        page.locator('.ck-replay [data-nav="prev"]').click()
        assert where(page, "ZA") == turned
    assert page.evaluate("window.__genericHead") is False  # the generic table never showed first
    assert page.errors == []


def test_the_pieces_and_the_record_are_drawn_in_their_own_fonts(ctx: tuple[Any, Guard], server: Server) -> None:
    """The kanji of the pieces and of the record's kiaak come with the table (cuts of Noto Serif
    CJK JP and Noto Sans CJK JP), the pieces' loaded before the board is first drawn: a device with
    no CJK font (this Chromium, unless the machine added one) draws each glyph, not the box it
    draws for a character that no font has (U+0378)."""
    from pyengine.cetkaik.board import PROFESSION_CHARS

    context, _ = ctx
    context.add_init_script("""window.__piecesFontAtFirstDraw = null;
      new MutationObserver(() => { if (window.__piecesFontAtFirstDraw === null && document.querySelector('.ck-board .ck-pc svg text'))
        window.__piecesFontAtFirstDraw = [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Cetkaik Pieces').map((f) => f.status); })
        .observe(document, {childList: true, subtree: true});""")
    page = open_table(context, server, fragment(IA_HOLDS_A_VESSEL))
    assert page.evaluate("window.__piecesFontAtFirstDraw") == ["loaded"]
    texts = page.locator(".ck-board .ck-pc svg text").evaluate_all("(ts) => ts.map((t) => t.getAttribute('font-family'))")
    assert texts and all(t.startswith("'Cetkaik Pieces'") for t in texts)
    expect(page.locator(".ck-kiaak li")).not_to_have_count(0)
    kiaak = "".join(page.locator(".ck-kiaak li").all_inner_texts())
    shown = sorted({ch for ch in kiaak if "\u3400" <= ch <= "\u9fff"})
    assert len(shown) >= 8  # 片 心 橋 水 手 赤 黒 and the numbers at least
    page.evaluate("document.fonts.ready")
    assert page.evaluate(FACES, "Cetkaik Notation") == ["loaded"]
    for font, glyphs in (("700 48px 'Cetkaik Pieces'", PROFESSION_CHARS + "皇"), ("400 48px 'Cetkaik Notation'", "".join(shown))):
        pixels = page.evaluate(GLYPH_PIXELS, [font, [*glyphs, "\u0378"]])
        nothing = pixels.pop()
        assert all(p != nothing for p in pixels), (font, [g for g, p in zip(glyphs, pixels, strict=True) if p == nothing])
        assert len(set(pixels)) == len(glyphs)  # each a glyph of its own
    assert page.errors == []


def test_a_game_of_two_people_keeps_its_board_unless_asked(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fix_chance(context, CHANCE_A_FIRST)
    page = open_table(context, server, fragment())
    expect(page.locator(".ck")).to_have_attribute("data-flipped", "1")  # the first mover's side at the bottom
    corner = where(page, "ZA")
    click(page, "NI", "NU")  # A
    wait_human(page)
    click(page, "NAI", "NY")  # IA
    wait_human(page)
    assert where(page, "ZA") == corner and page.locator(".ck").get_attribute("data-flipped") == "1"
    # the hot-seat option turns it for each player, and only for a person about to play
    page.locator(".ck-settings summary").click()
    page.locator('[data-setting="turn_each"]').check()
    expect(page.locator(".ck")).to_have_attribute("data-flipped", "1")  # A to move
    click(page, "TI", "TU")
    wait_human(page)
    expect(page.locator(".ck")).to_have_attribute("data-flipped", "0")  # IA to move
    page.locator('.ck-replay [data-nav="prev"]').click()
    page.wait_for_function("window.pyengineApp.state().ply < window.pyengineApp.state().length")
    expect(page.locator(".ck")).to_have_attribute("data-flipped", "0")  # a replay never turns it
    assert page.errors == []


# --- 2. pacing you can read -----------------------------------------------------------------------
def test_a_bots_declaration_stays_until_you_move(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fix_chance(context, 7)
    # the A side (a bot) has just stepped over tam2: it must declare, at the default speed
    page = open_table(context, server, fragment(["一位色赤", "ZI片ZOCO"], seats=("bot:random", "human")), "?speed=fast")
    if page.locator(".ck-summary").is_visible():  # ta xot1: the season's summary first, then the bot goes on
        page.locator('[data-summary="close"]').click()
    wait_human(page)
    news = page.locator(".ck-news")
    expect(news).to_contain_text(re.compile(r"declared (ty mok1|ta xot1) on a penalty"))
    expect(news).to_contain_text("Stepping over tam2 (kut2 tam2) is penalised")  # explained as it happens
    expect(page.locator(".ck-kiaak li.decl.fresh")).to_have_count(1)  # and marked in the move list
    page.wait_for_timeout(2500)
    expect(news).to_contain_text("declared")
    if page.locator(".ck-summary").is_visible():
        page.locator('[data-summary="close"]').click()
    page.wait_for_function("window.pyengineApp.legal().length > 0")
    click(page, "NAI", "NY")  # the person moves: the news is theirs now
    wait_human(page)
    expect(news).not_to_contain_text("declared", timeout=6000)
    expect(page.locator(".ck-kiaak li.decl.fresh")).to_have_count(0)
    assert page.errors == []


def test_your_cast_result_stays_and_instant_skips_only_the_animation(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fix_chance(context, CHANCE_A_FIRST)
    page = open_table(context, server, fragment(seats=("human", "bot:random")))
    click(page, "NI", "NO")  # into the water: a water cast, then the bot answers at once
    wait_human(page)
    assert page.evaluate("window.pyengineApp.state().length") > 3  # the bot has moved
    cast = page.locator(".ck-cast")
    expect(cast).to_contain_text(re.compile(r"A · Player 1: Water cast: \d"))
    assert "animate" not in (cast.get_attribute("class") or "")
    page.wait_for_timeout(1600)
    expect(cast).to_contain_text("Water cast")
    expect(page.locator(".ck-news li")).not_to_have_count(0)
    assert page.errors == []


def test_season_summary_after_ta_xot(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fix_chance(context, CHANCE_A_FIRST)
    chance = PageChance(CHANCE_A_FIRST)
    state = CetkaikState(OFFICIAL)
    assert sample_chance(state, chance.rng()) == "一位色赤"
    ended = state.apply("一位色赤").apply("ZI片ZOCO").apply("終季")
    next_first = "A" if sample_chance(ended, chance.rng()) == "一位色赤" else "IA"
    page = open_table(context, server, fragment())
    click(page, *KUT2)
    page.locator('[data-declare="ta_xot"]').click()
    wait_human(page)
    summary = page.locator(".ck-summary")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text("End of Spring")
    expect(summary).to_contain_text("The Stepping (penalty)")
    expect(summary).to_contain_text("-5 × rate 1 = -5 points")
    assert summary.locator('tr[data-side="0"] td.num').all_inner_texts() == ["20", "15"]
    assert summary.locator('tr[data-side="1"] td.num').all_inner_texts() == ["20", "25"]
    expect(summary).to_contain_text(f"Next: Summer, {next_first} · ")
    expect(page.locator(".ck-season")).to_contain_text("Summer (2/4)")
    summary.locator('[data-summary="close"]').click()
    expect(summary).to_be_hidden()
    assert page.errors == []


def test_the_next_season_waits_for_the_summary(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fix_chance(context, CHANCE_A_FIRST)  # A first in spring, IA (the bot) first in summer
    chance = PageChance(CHANCE_A_FIRST)
    state = CetkaikState(OFFICIAL)
    ended = state.apply(sample_chance(state, chance.rng())).apply("ZI片ZOCO").apply("終季")
    assert sample_chance(ended, chance.rng()) == "一位色黒"
    page = open_table(context, server, fragment(seats=("human", "bot:random")))
    click(page, *KUT2)
    page.locator('[data-declare="ta_xot"]').click()
    summary = page.locator(".ck-summary")
    expect(summary).to_be_visible()
    # the sticks decide who moves first in summer, then the summary says who: from then on nothing moves
    expect(summary.locator(".ck-summary-next")).to_contain_text("Summer, IA · ")
    # the table waits for the player, not for the bot: the status says what to do
    expect(page.locator(".ck-turn")).to_have_text("End of the season: press Continue to play on")
    length = page.evaluate("window.pyengineApp.state().length")
    assert length == 4  # the cast, the move, the end of the season, summer's cast
    page.wait_for_timeout(1500)  # instant speed: the bot would have moved long ago
    assert page.evaluate("window.pyengineApp.state().length") == length
    expect(summary.locator("h2")).to_have_text("End of Spring")
    summary.locator('[data-summary="close"]').click()
    expect(summary).to_be_hidden()
    page.wait_for_function(f"window.pyengineApp.state().length > {length}")  # now the bot plays
    wait_human(page)
    expect(page.locator(".ck-turn")).not_to_contain_text("Continue")
    assert page.errors == []


# --- 3. one screen ----------------------------------------------------------------------------------
@pytest.mark.parametrize("width,height", [(1280, 720), (1366, 768)])
def test_essentials_fit_the_screen(returning_browser: Any, server: Server, tmp_path: Path, width: int, height: int) -> None:
    context, guard = returning_browser(server.url, viewport={"width": width, "height": height})
    fix_chance(context, CHANCE_A_FIRST)
    page = open_table(context, server, fragment())
    assert_inside(page, *ESSENTIALS, ".ck-cast")
    click(page, "ZI", "ZO")  # a piece selected and a warning in the prompt
    expect(page.locator(".ck-prompt-text")).to_contain_text("penalty")
    assert_inside(page, ".ck-prompt-text", '[data-choice="cancel"]')
    click(page, "CO")  # the declaration
    expect(page.locator(".ck-decl")).to_be_visible()
    assert_inside(page, ".ck-decl", '[data-declare="ty_mok"]', '[data-declare="ta_xot"]')
    page.screenshot(path=str(tmp_path / f"declaration-{width}x{height}.png"))
    assert page.evaluate(OVERFLOW) == []
    page.locator('[data-declare="ta_xot"]').click()
    wait_human(page)
    expect(page.locator(".ck-summary")).to_be_visible()
    assert_inside(page, *ESSENTIALS, ".ck-summary", '[data-summary="close"]', ".ck-cast")
    page.screenshot(path=str(tmp_path / f"summary-{width}x{height}.png"))
    assert page.evaluate(OVERFLOW) == []
    assert page.evaluate("window.scrollY") == 0
    assert page.errors == []
    context.close()
    assert guard.blocked == []


@pytest.mark.parametrize("width,height", [(360, 740), (320, 640)])
def test_phones_stack_without_sideways_scrolling(returning_browser: Any, server: Server, tmp_path: Path, width: int, height: int) -> None:
    context, guard = returning_browser(server.url, viewport={"width": width, "height": height})
    fix_chance(context, CHANCE_A_FIRST)
    page = open_table(context, server, fragment(seats=("human", "bot:random")))
    click(page, "ZI", "ZO")
    expect(page.locator('[data-choice="cancel"]')).to_be_visible()
    board_box = page.locator(".ck-board").bounding_box()
    assert board_box["x"] >= 0 and board_box["x"] + board_box["width"] <= width
    tops = [page.locator(s).bounding_box()["y"] for s in (".ck-bar", ".ck-board", ".ck-prompt")]
    assert tops == sorted(tops)  # stacked: status, board, prompt
    page.screenshot(path=str(tmp_path / f"phone-{width}x{height}.png"), full_page=True)
    assert page.evaluate(OVERFLOW) == []
    assert page.errors == []
    context.close()
    assert guard.blocked == []


# each of a finished game's record buttons is the element at its own centre, inside the window
HIT = """(sel) => { const e = document.querySelector(sel); const b = e.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight && hit === e; }"""
RECORD_BUTTONS = ['[data-export="download"]', '[data-export="copy"]', '[data-analyse="start"]']


def finished_case2(returning_browser: Any, server: Server, width: int, height: int) -> tuple[Any, Any, Any]:
    """case2 played to its end at Instant in a window of that size, its summary closed."""
    from pyengine.app.views.cetkaik import import_record

    record = import_record((VECTORS / "records" / "real" / "case2.txt").read_text(encoding="utf-8"))
    context, guard = returning_browser(server.url, viewport={"width": width, "height": height})
    page = open_app(context, f"{server.url}?speed=instant#{encode_fragment(record)}")
    page.wait_for_function("window.pyengineApp.state().status === 'over'", timeout=60000)
    page.locator('[data-summary="close"]').click()
    expect(page.locator(".ck-summary")).to_be_hidden()
    return context, guard, page


@pytest.mark.parametrize("width,height", [(1280, 720), (1366, 768), (1920, 1080), (360, 740)])
def test_a_finished_games_record_buttons_are_in_reach(returning_browser: Any, server: Server, tmp_path: Path, width: int,
                                                      height: int) -> None:
    # case2 played to its end: beside the board (wide) the record's export and analysis lie in
    # the window with several lines of the list, the side panel unscrolled; on a phone the page
    # scrolls to them

    context, guard, page = finished_case2(returning_browser, server, width, height)
    lines = page.evaluate("() => { const l = document.querySelector('.ck-kiaak'); return l.clientHeight / l.querySelector('li').getBoundingClientRect().height; }")
    assert lines >= 5
    wide = width >= 760
    for sel in RECORD_BUTTONS:
        if not wide:
            page.locator(sel).evaluate("(e) => e.scrollIntoView({block: 'center'})")  # the page scrolls, nothing inside it
        assert page.evaluate(HIT, sel), sel
    if wide:
        assert page.evaluate("document.querySelector('.ck-side').scrollTop") == 0
    page.screenshot(path=str(tmp_path / f"finished-{width}x{height}.png"), full_page=not wide)
    # the tools' box holds only the import now: its title says so
    expect(page.locator(".ck-import > summary")).to_have_text("Import a record")
    board = page.locator(".ck-board").bounding_box()
    page.locator('[data-export="copy"]').click()  # the record's own button works where it now stands
    expect(page.locator(".notice")).to_be_visible()
    assert page.locator(".ck-board").bounding_box() == board  # the notice floats: nothing under the hand moves
    page.locator(".ck-kiaak li button").first.click()  # a press on the table puts it away
    expect(page.locator(".notice")).to_be_hidden()
    assert page.errors == []
    context.close()
    assert guard.blocked == []


# a control in reach: drawn inside the window (to a pixel's fraction, as scrolling rounds) and the
# element at its own centre (nothing over it, not clipped by the side column that scrolls on its own)
AT_HAND = """(e) => { const b = e.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  const inside = b.width > 0 && b.height > 0 && b.left >= -1 && b.top >= -1 && b.right <= innerWidth + 1 && b.bottom <= innerHeight + 1;
  return inside && hit !== null && (hit === e || e.contains(hit)) ? 'in reach'
    : `out of reach: ${JSON.stringify(b)} under ${hit ? hit.tagName + '.' + hit.className : 'nothing'}`; }"""
IMPORT_FORM = ['[data-import="text"]', '[data-import="file"]', '[data-import="rules"]', '[data-import="open"]']


def mouse_click(page: Any, sel: str) -> None:
    """A click where the control stands now (Playwright's own click would scroll to it first)."""
    assert page.locator(sel).evaluate(AT_HAND) == "in reach", sel
    box = page.locator(sel).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.parametrize("width,height", [(1280, 720), (360, 740)])
def test_a_finished_games_record_opens_another_in_replay(returning_browser: Any, server: Server, tmp_path: Path, width: int,
                                                         height: int) -> None:
    # case2 played to its end (issue 30): Download, Copy, Analyse and the import box each in reach
    # once scrolled to; the import box, opened by keyboard or mouse at the foot of the side column,
    # comes into view whole, no wider than the screen; an analysis started meanwhile grows the
    # record above it without pushing Open in replay away; Open in replay, clicked where it
    # stands, opens case1 at its start
    from pyengine.app.views.cetkaik import import_record

    other = (VECTORS / "records" / "real" / "case1.txt").read_text(encoding="utf-8")
    context, guard, page = finished_case2(returning_browser, server, width, height)
    for sel in (*RECORD_BUTTONS, ".ck-import > summary"):
        page.locator(sel).evaluate("(e) => e.scrollIntoView({block: 'center'})")
        assert page.locator(sel).evaluate(AT_HAND) == "in reach", sel
    # by keyboard: from Download, Tab reaches Copy, Analyse and the import box, Enter opens it
    page.locator(RECORD_BUTTONS[0]).focus()
    focused = "document.activeElement"
    for _ in range(12):
        assert page.evaluate(f"({AT_HAND})({focused})") == "in reach", page.evaluate(f"{focused}.outerHTML.slice(0, 80)")
        if page.evaluate(f"{focused}.matches('.ck-import > summary')"):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached the import box")
    page.keyboard.press("Enter")
    expect(page.locator(".ck-import")).to_have_attribute("open", "")
    for sel in IMPORT_FORM:  # the whole box in view at once, the focus still on its summary
        assert page.locator(sel).evaluate(AT_HAND) == "in reach", sel
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
    for sel in IMPORT_FORM:
        page.keyboard.press("Tab")
        assert page.evaluate(f"{focused}.matches('{sel}')"), sel
        assert page.evaluate(f"({AT_HAND})({focused})") == "in reach", sel
    # by mouse: the box closed and opened again at the foot of the column comes into view whole
    mouse_click(page, ".ck-import > summary")
    expect(page.locator(".ck-import")).not_to_have_attribute("open", "")
    mouse_click(page, ".ck-import > summary")
    expect(page.locator(".ck-import")).to_have_attribute("open", "")
    for sel in IMPORT_FORM:
        assert page.locator(sel).evaluate(AT_HAND) == "in reach", sel
    # an analysis started (its progress line pushes the box down: the player scrolls to it), the
    # player pastes another record: the worst moves found meanwhile grow the record above the box
    # without pushing Open in replay away
    mouse_click(page, '[data-analyse="start"]')
    expect(page.locator('[data-analyse="progress"]')).to_be_visible()
    page.locator('[data-import="open"]').evaluate("(e) => e.scrollIntoView({block: 'nearest'})")
    mouse_click(page, '[data-import="text"]')
    page.locator('[data-import="text"]').fill(other)
    before = page.locator('[data-import="open"]').bounding_box()
    expect(page.locator("[data-worst]").first).to_be_visible(timeout=90000)
    drawn(page)
    after = page.locator('[data-import="open"]').bounding_box()
    assert abs(after["y"] - before["y"]) < 2 and after["x"] == before["x"], (before, after)
    page.screenshot(path=str(tmp_path / f"import-{width}x{height}.png"))
    mouse_click(page, '[data-import="open"]')
    page.wait_for_function(f"window.pyengineApp.state().length === {len(import_record(other).actions)}"
                           " && window.pyengineApp.state().ply === 0")
    expect(page.locator('[data-import="text"]')).to_have_value("")
    expect(page.locator("#notice")).to_be_hidden()
    assert page.errors == []
    context.close()
    assert guard.blocked == []


# --- 4. input ---------------------------------------------------------------------------------------
def test_one_click_capture_reselect_and_escape(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    line = ["一位色赤", "CA片CIPO", "CAI片CAU"]  # the A Chariot on PO can take the black Pawn on PAI
    page = open_table(context, server, fragment(line))
    click(page, "PO")
    expect(sq(page, "PAI")).to_have_class(re.compile(r"\bdest\b.*\bsteppable\b|\bsteppable\b.*\bdest\b"))
    click(page, "PAI")  # one click captures
    page.wait_for_function("window.pyengineApp.state().length === 4")
    assert board(page)[SQUARE_INDEX["PAI"]] == "赤車A"
    assert page.evaluate("window.pyengineApp.state().observation.hands.A") == ["黒兵"]
    page.locator('[data-tool="undo"]').click()
    page.wait_for_function("window.pyengineApp.state().length === 3")
    # stepping over a piece that could be captured is asked for
    click(page, "PO")
    page.locator('[data-choice="step"]').click()
    click(page, "PAI")
    expect(page.locator(".ck")).to_have_attribute("data-selection", "via")
    expect(page.locator(".ck-prompt-text")).to_contain_text("Stepping over PAI")
    # while a destination is pending, another own piece is selected at once
    click(page, "KE")
    expect(page.locator(".ck")).to_have_attribute("data-selection", "piece")
    expect(sq(page, "KE")).to_have_class(re.compile(r"\bsel\b"))
    page.keyboard.press("Escape")
    expect(page.locator(".ck")).to_have_attribute("data-selection", "")
    assert page.evaluate("window.pyengineApp.state().length") == 3
    assert page.errors == []


# --- 5. embed ---------------------------------------------------------------------------------------
def test_a_drop_and_a_declaration_inside_400x400_embeds(returning_browser: Any, server: Server, tmp_path: Path) -> None:
    app_url = server.url.replace("127.0.0.1", "localhost")  # another origin than the wiki page's
    drop = fragment(IA_HOLDS_A_VESSEL, seats=("bot:random", "human"))
    declare = fragment(["一位色赤", "ZI片ZOCO"], seats=("human", "bot:random"))
    frames = "".join(f'<iframe id="{name}" style="border:0;width:400px;height:400px" '
                     f'src="{app_url}index.html?embed=1&speed=instant#{frag}"></iframe>'
                     for name, frag in (("drop", drop), ("declare", declare)))
    (tmp_path / "host.html").write_text(f"<!doctype html><meta charset=utf-8><title>Wiki</title><h1>A wiki page</h1>{frames}")
    host = Server(tmp_path)
    context, guard = returning_browser(host.url, app_url, viewport={"width": 900, "height": 600})
    context.add_init_script(SAW_GENERIC_HEAD)
    try:
        page = context.new_page()
        page.goto(host.url + "host.html")
        live = page.wait_for_selector("#drop").content_frame()
        live.wait_for_function("window.pyengineApp && window.pyengineApp.state().status === 'human'", timeout=60000)
        live.wait_for_selector(".ck-board")
        for sel in (*ESSENTIALS, ".ck-replay"):
            if sel != ".ck-prompt":
                assert live.evaluate(INSIDE, sel) == "in", sel
        expect(live.locator(".ck-turn")).to_contain_text("IA · Player 2 to move")
        expect(live.locator(".ck-kiaak")).to_be_hidden()
        # the IA side drops the red Vessel it captured: only its own piece lights up
        live.locator('.ck-hand[data-side="1"] .ck-handpc[data-code="0"]').click()
        expect(live.locator('.ck-hand[data-side="1"] .ck-handpc.sel')).to_have_count(1)
        expect(live.locator('.ck-hand[data-side="0"] .ck-handpc.sel')).to_have_count(0)
        expect(live.locator(f'.ck-board [data-sq="{SQUARE_INDEX["CU"]}"]')).to_have_class(re.compile(r"\bdest\b"))
        live.locator(f'.ck-board [data-sq="{SQUARE_INDEX["CU"]}"]').click()
        live.wait_for_function("window.pyengineApp.state().length > 11")
        assert live.evaluate("window.pyengineApp.state().observation.board")[SQUARE_INDEX["CU"]] == "赤船IA"
        assert live.evaluate(OVERFLOW) == []
        # a declaration's dialog fits the frame
        other = page.wait_for_selector("#declare").content_frame()
        other.wait_for_function("window.pyengineApp && window.pyengineApp.state().status === 'human'", timeout=60000)
        other.wait_for_selector(".ck-decl:not([hidden])")
        for sel in (".ck-decl", '[data-declare="ty_mok"]', '[data-declare="ta_xot"]', ".ck-bar"):
            assert other.evaluate(INSIDE, sel) == "in", sel
        assert other.evaluate(OVERFLOW) == []
        page.screenshot(path=str(tmp_path / "embeds.png"))
        assert live.evaluate("window.__genericHead") is False and other.evaluate("window.__genericHead") is False
    finally:
        context.close()
        host.stop()
    assert guard.blocked == []


# --- 8. the text view -------------------------------------------------------------------------------
def test_keyboard_play_with_arrows_in_the_text_view(ctx: tuple[Any, Guard], server: Server) -> None:
    context, _ = ctx
    fix_chance(context, CHANCE_A_FIRST)
    page = open_table(context, server, fragment(), "?speed=instant&lang=ko")
    page.locator(".ck-settings summary").click()
    page.locator('[data-setting="text"]').check()
    grid = page.locator(".ck-texttable")
    expect(grid).to_be_visible()
    expect(grid.locator('.ck-tsq[tabindex="0"]')).to_have_count(1)  # one tab stop for the board
    zo = grid.locator(f'[data-sq="{SQUARE_INDEX["ZO"]}"]')
    expect(zo).to_have_attribute("aria-label", re.compile(r"^Z-O, 물, 황처, 황\(皇\), 움직일 수 있음$"))
    zo.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('ck-tsq')") is False
    zo.focus()
    for key in ("ArrowUp", "ArrowUp", "ArrowLeft", "ArrowLeft"):  # ZO → NI (row A is at the top)
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.sq") == str(SQUARE_INDEX["NI"])
    page.keyboard.press("Enter")
    ni = grid.locator(f'[data-sq="{SQUARE_INDEX["NI"]}"]')
    expect(ni).to_have_attribute("aria-label", re.compile("^N-I, 황처, 흑 병\\(兵\\) \\(A\\), .*선택됨"))
    page.keyboard.press("Escape")
    expect(ni).not_to_have_attribute("aria-label", re.compile("선택됨"))
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    nu = grid.locator(f'[data-sq="{SQUARE_INDEX["NU"]}"]')
    expect(nu).to_be_focused()
    expect(nu).to_have_attribute("aria-label", re.compile("갈 수 있는 칸"))
    page.keyboard.press("Enter")
    wait_human(page)
    assert board(page)[SQUARE_INDEX["NU"]] == "黒兵A"
    expect(page.locator("#announcer")).to_contain_text("NU")
    assert scan_text(page, "ko", ".ck") == []
    assert page.errors == []


# --- play by link -----------------------------------------------------------------------------------
def test_play_by_link_says_what_to_do_and_keeps_your_side_at_the_bottom(returning_browser: Any, server: Server) -> None:
    ctx_a, guard_a = returning_browser(server.url)
    ctx_b, guard_b = returning_browser(server.url)
    try:
        a = open_app(ctx_a, server.url + "?speed=instant")
        card = a.locator('.game-card[data-game="cetkaik"]')
        card.locator('[data-action="new"]').click()
        form = card.locator("form.setup")
        expect(form.locator('[data-setup="preset-about"]')).to_contain_text("standardized rule")
        form.locator('select[name="seat1"]').select_option("human")
        form.locator('select[name="where"]').select_option("link")
        form.locator('button[type="submit"]').click()
        a.wait_for_function("window.pyengineApp.state().status === 'waiting'")
        expect(a.locator(".ck-prompt-text")).to_contain_text(re.compile("send the link to your opponent", re.IGNORECASE))
        expect(a.locator('[data-choice="copy-link"]')).to_be_visible()
        expect(a.locator(".ck-turn")).to_contain_text("Waiting for")
        expect(a.locator(".ck")).to_have_attribute("data-flipped", "1")  # this device plays the A side
        b = open_app(ctx_b, a.locator(".share-link").input_value())
        b.wait_for_selector(".ck-board")
        b.wait_for_function("['human', 'waiting'].includes(window.pyengineApp.state().status)")
        expect(b.locator(".ck")).to_have_attribute("data-flipped", "0")  # and that one the IA side
        expect(b.locator(".ck-prompt-text")).to_contain_text(re.compile("send the link to your opponent", re.IGNORECASE))
        # B's link back brings B's secret: A's page casts the contest and shows who moves first
        a.goto(b.locator(".share-link").input_value())
        a.evaluate("window.pyengineApp.ready")
        a.wait_for_selector(".ck-board")
        a.wait_for_function("window.pyengineApp.state().length > 0")
        expect(a.locator(".ck-cast")).to_contain_text("moves first")
        expect(a.locator(".ck")).to_have_attribute("data-flipped", "1")
        assert a.errors == [] and b.errors == []
    finally:
        ctx_a.close()
        ctx_b.close()
    assert guard_a.blocked == [] and guard_b.blocked == []


# --- every message in the chosen language -----------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_no_leftovers_and_no_english_in_korean_or_japanese(ctx: tuple[Any, Guard], server: Server, lang: str) -> None:
    context, _ = ctx
    fix_chance(context, CHANCE_A_FIRST)
    page = open_table(context, server, fragment(seats=("human", "bot:strong")), f"?speed=instant&lang={lang}")
    assert scan_text(page, lang, ".ck") == []
    click(page, "ZI", "ZO")  # a selection, a warning
    assert scan_text(page, lang, ".ck") == []
    click(page, "CO")  # a penalty to declare
    page.wait_for_selector(".ck-decl:not([hidden])")
    assert scan_text(page, lang, ".ck") == []
    page.locator('[data-declare="ty_mok"]').click()
    wait_human(page)  # the strong bot has answered
    assert scan_text(page, lang, ".ck") == []
    page.locator('[data-help="open"]').click()
    expect(page.locator(".ck-help")).to_be_visible()
    expect(page.locator('.ck-help [data-diagram]')).to_have_count(5)
    expect(page.locator('.ck-help tr[data-option]')).to_have_count(7)
    assert scan_text(page, lang, ".ck-help") == []
    page.keyboard.press("Escape")
    expect(page.locator(".ck-help")).to_be_hidden()
    assert page.errors == []


def test_a_record_that_cannot_be_read_is_explained_in_japanese(ctx: tuple[Any, Guard], server: Server) -> None:
    # the engine's reason comes back in the page's language (issue 16: no English error reasons)
    context, _ = ctx
    page = open_table(context, server, fragment(), "?speed=instant&lang=ja")
    page.locator(".ck-import summary").click()
    page.locator('[data-import="text"]').fill("{一位色:赤赤赤赤}\nKO片KU無撃裁")  # no piece stands on KO
    page.locator('[data-import="open"]').click()
    said = page.locator('.ck-import [data-import="error"]')  # under the button, where the player looks
    expect(said).to_have_text("棋譜を読めません：1手目: KO片KU無撃裁: KO片KU: KOに駒がありません")
    expect(said).to_be_in_viewport()
    assert scan_text(page, "ja", ".ck-import") == []
    expect(page.locator("#notice")).to_be_hidden()
    page.locator('[data-import="text"]').fill("{一位色:赤赤赤赤}")  # a new try: the old reason goes
    expect(said).to_be_hidden()
    assert page.errors == []
