"""The English pages draw every Korean or Japanese character they show, on a device with no CJK
font too (where such a font is missing the browser draws empty boxes, as issue 16 found for
symbols): where English words quote one (Chabashi's hand names 공패군…, Cetkaik's 役 and kiaak),
the table brings a cut of Noto CJK holding its glyph as the last of its English fonts; elsewhere
the English words quote none.  (Cetkaik's view and record panel: tests/cetkaik/test_cetkaik_view.py.)"""

from __future__ import annotations

import json
import re

import pytest
from web_modules import WEB, evaluate

from pyengine.app.views import TableContext
from pyengine.app.views.chabashi import ranking_json, table_view
from pyengine.chabashi.cards import CODES, TYPE_NAMES
from pyengine.chabashi.game import GAME
from pyengine.chabashi.rules import ChabashiRules
from pyengine.core import CHANCE, Pcg32, sample_chance

pytestmark = pytest.mark.cpython_only  # fontTools reads the cuts (not installed in Pyodide)

HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
KANJI_KANA = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def english_words(name: str) -> str:
    return " ".join(json.loads((WEB / "i18n" / name).read_text(encoding="utf-8")).values())


def last_english_face(game: str, family: str) -> set[str]:
    """The characters of ``family``'s cut, checked to be the last font of the English table."""
    from fontTools.ttLib import TTFont

    css = (WEB / "tables" / f"{game}.css").read_text(encoding="utf-8")
    src = re.search(rf'font-family: "{family}"; src: url\("([^"]+)"\)', css)
    assert src is not None, family
    assert re.search(rf':lang\(en\) \{{ font-family: [^}};]*, "{family}"; \}}', css), family
    return {chr(c) for c in TTFont(str(WEB / "tables" / src[1])).getBestCmap()}


def test_the_shell_and_daifugo_quote_no_korean_or_japanese_in_english() -> None:
    for name in ("en.json", "daifugo.en.json"):
        text = english_words(name)
        assert HANGUL.findall(text) == [] and KANJI_KANA.findall(text) == [], name


def test_chabashi_brings_the_hangul_of_every_name_its_english_table_shows() -> None:
    cut = last_english_face("chabashi", "Chabashi Hangul")
    shown = english_words("chabashi.en.json")
    for preset in ("1.seed", "1.balanced"):
        shown += json.dumps(ranking_json(preset), ensure_ascii=False)
    rng = Pcg32(5)
    for n, rules in ((3, "1.seed~hand_limit=2"), (5, "1.balanced~hand_limit=2")):
        s = GAME.new_initial_state(ChabashiRules.decode(rules), n)
        states = [s]
        while not s.is_terminal():
            s = s.apply(sample_chance(s, rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
            states.append(s)
        for cursor in range(0, len(states), 2):
            ctx = TableContext(states, [], cursor, 0, "en", ("human",) * n)
            shown += json.dumps(table_view(ctx), ensure_ascii=False)
    hangul = set(HANGUL.findall(shown))
    assert len(hangul) >= 20 and hangul <= cut, sorted(hangul - cut)
    assert KANJI_KANA.findall(shown) == []


def test_every_card_names_its_type_in_hangul_with_the_cut_as_its_last_font() -> None:
    """Every Dido card shows its type (원 선 혼 공) in a corner, in every language: a device with no
    Korean font draws it with the table's cut instead of an empty box."""
    cut = last_english_face("chabashi", "Chabashi Hangul")
    svgs = evaluate("tables/deck-dido.js", "return m.CODES.map((c) => m.svg(c));")
    assert isinstance(svgs, list) and len(svgs) == len(CODES)
    for svg, code in zip(svgs, CODES, strict=True):
        texts = re.findall(r'<text [^>]*font-family="([^"]*)"[^>]*>([^<]*)</text>', svg)
        korean = [(family, text) for family, text in texts if HANGUL.search(text)]
        assert len(korean) == 1, code  # the type, once
        family, text = korean[0]
        assert text in TYPE_NAMES.values() and text in cut, code
        assert family.endswith(", 'Chabashi Hangul'"), (code, family)
