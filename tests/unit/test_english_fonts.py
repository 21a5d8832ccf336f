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
from pyengine.daifugo.game import GAME as DAIFUGO

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


def test_no_english_words_quote_korean_or_japanese_but_the_names_a_table_brings_a_font_for() -> None:
    """Every English string the UI shows, scanned for Hangul, kanji and kana: the shell's and each
    table's catalogue with the words the engine adds to it (Daifugō's rule options: they quoted
    大富豪, 大貧民, 超革命 … — boxes on a device with no CJK font, and unreadable to an English
    reader), each game's name and summary, the engine's messages, and Daifugō's table in English
    over a match of every preset.  Quoted only: a name in its own script that the table draws with
    a cut of its own, the last of its English fonts (Cetkaik's 役, 再行 …, checked with the record
    panel in tests/cetkaik/test_cetkaik_view.py; Chabashi's hand names, in the test below), and the
    kiaak record's own tokens in the messages that check a Cetkaik record (赤, 終季, 此無 …: a
    record is written in them)."""
    from pyengine.app.messages_ko import KO
    from pyengine.app.views import page_strings
    from pyengine.app.views.daifugo import table_view as daifugo_view
    from pyengine.app.views.daifugo_rules_panel import usual_players
    from pyengine.catalog import BUILTIN
    from pyengine.daifugo.rules import DaifugoRules

    def quoted(text: str) -> list[str]:
        return HANGUL.findall(text) + KANJI_KANA.findall(text)

    assert quoted(english_words("en.json")) == []  # the shell
    for game in ("daifugo", "chabashi"):
        assert quoted(english_words(f"{game}.en.json") + " ".join(page_strings(game, "en").values())) == [], game
    cetkaik = english_words("cetkaik.en.json") + " ".join(page_strings("cetkaik", "en").values())
    assert set(quoted(cetkaik)) <= last_english_face("cetkaik", "Cetkaik Notation")
    for entry in BUILTIN:
        assert quoted(entry.info.names["en"] + entry.info.summary["en"]) == [], entry.id
    kiaak = {p.read_text(encoding="utf-8") for p in (WEB.parent / "pyengine" / "cetkaik").glob("*.py")}
    for template in KO:  # the engine's messages, keyed by their English (a test keeps the table whole)
        assert not quoted(template) or any(template in src for src in kiaak), template
    rng = Pcg32(3)
    for preset in DaifugoRules.presets():
        rules = f"1.{preset}~match.games=2"
        n = usual_players(preset)
        s = DAIFUGO.new_initial_state(DaifugoRules.decode(rules), n)
        states = [s]
        while not s.is_terminal():
            s = s.apply(sample_chance(s, rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
            states.append(s)
        for cursor in range(0, len(states), 7):
            ctx = TableContext(states, [], cursor, 0, "en", ("human",) * n)
            assert quoted(json.dumps(daifugo_view(ctx), ensure_ascii=False)) == [], (preset, cursor)


@pytest.mark.slow
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
