"""The Cetkaik piece art (web/tables/cetkaik-art.js) numbers professions and colours as the engine does."""

from __future__ import annotations

import re

import pytest
from web_modules import WEB, evaluate

from pyengine.cetkaik.board import COLOUR_CHARS, PROFESSION_CHARS
from pyengine.cetkaik.describe import PROFESSIONS

pytestmark = pytest.mark.cpython_only  # runs Node


def test_glyphs_follow_the_engines_profession_and_colour_numbers() -> None:
    art = evaluate("tables/cetkaik-art.js", """
      return { prof: m.PROF_CHARS, latin: m.LATIN, colour: m.COLOUR_CHARS,
               kanji: [...m.PROF_CHARS].map((_, p) => m.pieceSvg(p, 0, "kanji")),
               letters: [...m.LATIN].map((_, p) => m.pieceSvg(p, 1, "latin")) };""")
    assert art["prof"] == PROFESSION_CHARS
    assert art["colour"] == COLOUR_CHARS
    assert art["latin"] == "".join(name[0] for name in PROFESSIONS["en"])
    for p, svg in enumerate(art["kanji"]):
        assert f">{PROFESSION_CHARS[p]}</text>" in svg
    for p, svg in enumerate(art["letters"]):
        assert f">{PROFESSIONS['en'][p][0]}</text>" in svg


def test_symbols_are_drawn_not_typed() -> None:
    """Navigation, protection, results and help are our own SVG (issue 16: ⏮ ⏭ 🛡 showed as
    empty boxes without an emoji font), and the table's code types no symbol character."""
    art = evaluate("tables/cetkaik-art.js", """
      return { names: m.ICONS, icons: m.ICONS.map((n) => m.icon(n)), sticks: m.sticksSvg([0, 2]) };""")
    assert {"first", "prev", "next", "last", "shield", "check", "cross", "help", "close", "flip", "penalty"} <= set(art["names"])
    for svg in [*art["icons"], art["sticks"]]:
        assert svg.startswith("<svg") and svg.endswith("</svg>") and "<text" not in svg
    symbols = re.compile("[\u2190-\u2bff\U0001f000-\U0001ffff]")
    files = sorted((WEB / "tables").glob("cetkaik*.js")) + [WEB / "tables" / "cetkaik.css"]  # the table and its parts
    assert len(files) >= 5
    for path in files:
        name = path.name
        code = path.read_text(encoding="utf-8")
        code = re.sub(r"/\*.*?\*/", "", code, flags=re.DOTALL)
        code = "\n".join(line.split("//")[0] if "://" not in line else line for line in code.splitlines())
        assert symbols.findall(code) == [], name


def test_the_kanji_are_drawn_in_the_pieces_own_font() -> None:
    """Every kanji of the pieces is drawn in the face cetkaik.css declares first (so a device with
    no CJK font draws them too, issue 16's boxes again otherwise), and that face's file holds
    exactly those glyphs, with its licence beside it."""
    from fontTools.ttLib import TTFont

    art = evaluate("tables/cetkaik-art.js", """
      return { tam: m.TAM_CHAR, font: m.PIECE_FONT,
               svgs: [m.pieceSvg(-1, 0, "kanji"), ...[...m.PROF_CHARS].flatMap((_, p) => [m.pieceSvg(p, 0, "kanji"), m.pieceSvg(p, 1, "kanji")])] };""")
    css = (WEB / "tables" / "cetkaik.css").read_text(encoding="utf-8")
    face = re.search(r'@font-face\s*\{[^}]*font-family:\s*"([^"]+)";[^}]*src:\s*url\("([^"]+)"\)', css)
    assert face is not None
    family, src = face.groups()
    assert f"'{family}'" in art["font"]
    for svg in art["svgs"]:
        texts = re.findall(r"<text [^>]*font-family=\"'([^']+)'", svg)
        assert texts == [family], svg
    font = TTFont(str(WEB / "tables" / src))
    assert {chr(c) for c in font.getBestCmap()} == set(PROFESSION_CHARS + art["tam"])
    assert "SIL Open Font License" in font["name"].getDebugName(13)
    assert "SIL OPEN FONT LICENSE Version 1.1" in (WEB / "tables" / "fonts" / "OFL.txt").read_text(encoding="utf-8")
