"""The Dido-poikas card art (web/tables/deck-dido.js) draws exactly the engine's deck."""

from __future__ import annotations

import pytest
from web_modules import evaluate

from pyengine.chabashi.cards import CODES, COLOUR, COLOURS, GONG, HON, NUMBER, SEON, TYPE, TYPE_NAMES, WON

pytestmark = pytest.mark.cpython_only  # runs Node

ROMAN = {WON: "won", SEON: "seon", HON: "hon", GONG: "gong"}


def art() -> dict[str, object]:
    return dict(evaluate("tables/deck-dido.js", """
      return {
        codes: m.CODES,
        cards: m.CODES.map((c) => ({ ...m.parts(c), svg: m.svg(c), labels: ["en", "ko", "ja"].map((l) => m.label(c, l)) })),
      };"""))


def test_the_art_has_every_card_of_the_engine_and_no_other() -> None:
    assert art()["codes"] == list(CODES)


def test_each_card_is_drawn_with_the_engines_colour_number_and_type() -> None:
    cards = art()["cards"]
    assert isinstance(cards, list)
    for i, card in enumerate(cards):
        assert card["code"] == CODES[i]
        assert card["colour"] == COLOURS[COLOUR[i]]
        assert card["number"] == NUMBER[i]
        assert card["type"] == TYPE_NAMES[TYPE[i]]
        assert f'data-type="{ROMAN[TYPE[i]]}"' in card["svg"]
        for text in [card["svg"], *card["labels"]]:
            assert "undefined" not in text and "NaN" not in text
    for lang in range(3):  # every card has its own name in every language
        assert len({c["labels"][lang] for c in cards}) == len(CODES)
