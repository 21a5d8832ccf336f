"""The Cetkaik piece art (web/tables/cetkaik-art.js) numbers professions and colours as the engine does."""

from __future__ import annotations

import pytest
from web_modules import evaluate

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
