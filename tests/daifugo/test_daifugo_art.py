"""The French card art (web/tables/deck-french.js) draws every card of the engine's deck."""

from __future__ import annotations

import pytest
from web_modules import evaluate

from pyengine.daifugo.cards import CODES, JOKER_CODE, RANK_NAMES, RANKS, SUIT_SYMBOLS, SUITS

pytestmark = pytest.mark.cpython_only  # runs Node

CARDS = sorted(set(CODES))


def test_every_engine_card_has_a_face_a_name_and_its_corner_text() -> None:
    drawn = evaluate("tables/deck-french.js", f"""
      return {CARDS!r}.map((c) => ({{ svg: m.svg(c), short: m.short(c), labels: ["en", "ko", "ja"].map((l) => m.label(c, l)) }}));""")
    assert len(CARDS) == 53
    for code, card in zip(CARDS, drawn, strict=True):
        if code == JOKER_CODE:
            assert card["short"] == "★"
        else:
            assert card["short"] == SUIT_SYMBOLS[SUITS.index(code[0])] + RANK_NAMES[RANKS.index(code[1])]
        for text in [card["svg"], *card["labels"]]:
            assert "undefined" not in text and "NaN" not in text
    for lang in range(3):
        assert len({c["labels"][lang] for c in drawn}) == len(CARDS)
    assert len({c["svg"] for c in drawn}) == len(CARDS)
