"""The Cetkaik help teaches the pieces (the team's issue: "no diagram of each piece's moves, no
legend of the kanji, the Latin letters and the names"), in Chromium: in each language the "?"
dialog draws a move diagram for every piece and tam2 whose marks are the engine's, a legend with
each piece's kanji, letter, pekzep and names in three languages, drawn in the table's own fonts
(not the box of a missing glyph), no raw key; it reads at 1280×720 and on a 360×740 phone (the
dialog scrolls, nothing runs off sideways, the diagrams keep their size) and the keyboard
scrolls and closes it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import (
    FACES,
    GLYPH_PIXELS,
    Guard,
    Server,
    axe_violations,
    engine_held,
    open_app,
    scan_text,
)
from playwright.sync_api import expect

from pyengine.app.views.cetkaik_help import piece_help
from pyengine.core import Record, Seat, encode_fragment

pytestmark = pytest.mark.e2e
LETTERS = "VPACTHOSGK"  # web/tables/cetkaik-art.js LATIN (tests/cetkaik/test_cetkaik_art.py keeps it)
# what a missing word would show: its key (cetkaik.help.piece.vessel) or a part of one
RAW_KEY = re.compile(r"\b(cetkaik|help|legend|pieces?|key)\.[a-z_.0-9]+")


def open_help(context: Any, server: Server, lang: str) -> Any:
    frag = encode_fragment(Record("cetkaik", "1.official", (Seat("", "human"), Seat("", "human")), (), 2, None))
    page = open_app(context, f"{server.url}?speed=instant&lang={lang}#{frag}")
    page.wait_for_selector(".ck-board")
    page.locator('[data-help="open"]').click()
    expect(page.locator(".ck-help")).to_be_visible()
    expect(page.locator(".ck-move-card")).to_have_count(11)
    page.evaluate("document.fonts.ready")
    return page


def drawn_marks(card: Any) -> list[dict[str, Any]]:
    """Each diagram of a card: its marked squares and rays as the SVG holds them, and its size."""
    return card.locator(".ck-move-pic").evaluate_all("""(pics) => pics.map((p) => ({
      cells: Object.fromEntries([...p.querySelectorAll('[data-at]')].map((m) => [m.dataset.at, m.dataset.kind])),
      rays: [...p.querySelectorAll('[data-ray]')].map((m) => `${m.dataset.ray}:${m.dataset.kind}`).sort(),
      width: p.querySelector('svg').getBoundingClientRect().width,
      glyph: [...p.querySelectorAll('svg text')].map((t) => t.textContent).join(''),
      label: p.getAttribute('aria-label') }))""")


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_piece_has_its_diagrams_and_its_names(ctx: tuple[Any, Guard], server: Server, lang: str) -> None:
    context, _ = ctx
    page = open_help(context, server, lang)
    pieces = piece_help()
    for p in pieces:
        card = page.locator(f'.ck-move-card[data-piece="{p["id"]}"]')
        expect(card).to_be_visible()
        drawn = drawn_marks(card)
        assert len(drawn) == len(p["diagrams"])
        for d, want in zip(drawn, p["diagrams"], strict=True):
            # the marks are the engine's, square by square; the piece sits in the middle, drawn
            assert d["cells"] == {f"{c['dr']},{c['dc']}": c["kind"] for c in want["cells"]}, p["id"]
            assert d["rays"] == sorted(f"{r['dr']},{r['dc']}:{r['kind']}" for r in want["rays"]), p["id"]
            assert d["cells"] and d["glyph"] == p["kanji"] and d["width"] >= 130
            assert p["names"][lang] in d["label"]
        assert p["names"][lang] in card.locator("h4").inner_text()
        assert card.locator("p").inner_text().strip()
    # the legend: kanji, letter, pekzep, and the names in all three languages
    rows = page.locator(".ck-legend tbody tr")
    expect(rows).to_have_count(11)
    for i, p in enumerate(pieces):
        row = rows.nth(i)
        assert row.get_attribute("data-piece") == p["id"]
        assert row.locator(".ck-help-glyph").inner_text() == p["kanji"]
        assert row.locator(".ck-legend-letter").inner_text() == (LETTERS[p["prof"]] if p["prof"] >= 0 else "—")
        assert row.locator(".ck-legend-pekzep").inner_text() == p["pekzep"]
        for other in ("en", "ko", "ja"):
            cell = row.locator(f".ck-legend-name.lang-{other}")
            assert cell.inner_text() == p["names"][other] and cell.get_attribute("lang") == other
    assert page.locator(".ck-move-key li").count() == 6
    text = page.locator(".ck-help").inner_text()
    assert RAW_KEY.findall(text) == [] and scan_text(page, lang) == []
    assert axe_violations(page) == []
    assert page.errors == []


def test_the_legend_and_the_diagrams_are_drawn_in_the_tables_fonts(ctx: tuple[Any, Guard], server: Server) -> None:
    """On a device with no CJK font (this Chromium, unless the machine added one) the kanji and
    the Hangul of the Korean names come from the table's cuts: each is a glyph of its own, not the
    box drawn for a character no font has (U+0378)."""
    context, _ = ctx
    page = open_help(context, server, "en")
    assert page.evaluate(FACES, "Cetkaik Pieces") == ["loaded"]
    assert page.evaluate(FACES, "Cetkaik Hangul") == ["loaded"]  # asked for by the Korean names
    fonts = page.locator(".ck-legend .ck-help-glyph").evaluate_all("(els) => els.map((e) => getComputedStyle(e).fontFamily)")
    assert len(fonts) == 11 and all(f.startswith('"Cetkaik Pieces"') for f in fonts)
    ko = page.locator(".ck-legend-name.lang-ko").evaluate_all("(els) => els.map((e) => getComputedStyle(e).fontFamily)")
    assert all(f.endswith('"Cetkaik Hangul", "Cetkaik Pieces"') for f in ko)
    svg_fonts = page.locator(".ck-move-pic svg text").evaluate_all("(ts) => ts.map((t) => t.getAttribute('font-family'))")
    assert svg_fonts and all(f.startswith("'Cetkaik Pieces'") for f in svg_fonts)
    kanji = "".join(p["kanji"] for p in piece_help())
    hangul = sorted({ch for p in piece_help() for ch in p["names"]["ko"] if "\uac00" <= ch <= "\ud7af"})
    for font, glyphs in (("700 48px 'Cetkaik Pieces'", list(kanji)), ("400 48px 'Cetkaik Hangul'", hangul)):
        pixels = page.evaluate(GLYPH_PIXELS, [font, [*glyphs, "\u0378"]])
        nothing = pixels.pop()
        assert all(p != nothing for p in pixels), (font, [g for g, p in zip(glyphs, pixels, strict=True) if p == nothing])
        assert len(set(pixels)) == len(glyphs)
    assert page.errors == []


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (360, 740)])
def test_the_help_reads_on_a_desktop_and_a_phone_and_the_keyboard_works_it(ctx: tuple[Any, Guard], server: Server,
                                                                            width: int, height: int) -> None:
    context, _ = ctx
    page = open_help(context, server, "en")
    page.set_viewport_size({"width": width, "height": height})
    help_ = page.locator(".ck-help")
    box = help_.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] >= 0 and box["y"] + box["height"] <= height
    sizes = help_.evaluate("""(d) => ({scroll: d.scrollWidth, client: d.clientWidth, tall: d.scrollHeight > d.clientHeight,
      legend: d.querySelector('.ck-legend-wrap').scrollWidth - d.querySelector('.ck-legend-wrap').clientWidth,
      widths: [...d.querySelectorAll('.ck-move-svg')].map((s) => s.getBoundingClientRect().width),
      right: Math.max(...[...d.querySelectorAll('.ck-help-body *')].map((e) => e.getBoundingClientRect().right)),
      edge: d.getBoundingClientRect().right})""")
    assert sizes["scroll"] <= sizes["client"] and sizes["tall"]  # it scrolls down, never sideways
    assert sizes["legend"] <= 0 and sizes["right"] <= sizes["edge"]
    assert min(sizes["widths"]) >= 130  # a square of a diagram stays at least 26 px
    # the keyboard: the close button has the focus, the page keys scroll, Escape closes
    assert page.evaluate("document.activeElement.dataset.help") == "close"
    page.keyboard.press("PageDown")
    page.wait_for_function("document.querySelector('.ck-help').scrollTop > 0")
    # a key pressed while the smooth scroll of the one before still runs may be lost on a busy machine
    page.evaluate("""() => new Promise((done) => { const d = document.querySelector('.ck-help'); let last = -1;
      const look = () => { if (d.scrollTop === last) done(); else { last = d.scrollTop; setTimeout(look, 150); } }; look(); })""")
    page.keyboard.press("End")
    page.wait_for_function("(d) => d.scrollTop + d.clientHeight >= d.scrollHeight - 2", arg=help_.element_handle())
    page.keyboard.press("Escape")
    expect(help_).to_be_hidden()
    assert page.evaluate("document.activeElement.dataset.help") == "open"
    assert page.errors == []


def test_the_help_pressed_before_the_engine_is_up_opens_at_once_and_fills_when_it_is(browser: Any, server: Server) -> None:
    """The rules' words come from the engine: pressed while it starts, the dialog opens at once,
    says it is loading them, and shows them once the engine is up."""
    with engine_held(browser, server) as (page, wheel):  # the engine starts when the test lets it
        page.goto(server.url + "?game=cetkaik")
        page.wait_for_selector(".ck-board")
        page.locator('[data-help="open"]').click()
        expect(page.locator(".ck-help")).to_be_visible()
        expect(page.locator(".ck-help")).to_contain_text("Loading the rules…")
        assert page.evaluate("window.pyengineApp.state().game") is None  # (the engine was still held)
        wheel.release()
        expect(page.locator(".ck-move-card")).to_have_count(11, timeout=90000)
        expect(page.locator(".ck-help")).not_to_contain_text("Loading the rules…")
        page.keyboard.press("Escape")
        expect(page.locator(".ck-help")).to_be_hidden()
        assert page.errors == []
