"""Every option and every value of the Daifugō rules has its words in English, Korean and Japanese
(``pyengine.daifugo.options``: a name, a one-line explanation and an example per option)."""

from __future__ import annotations

import enum
import re

import pytest

from pyengine.daifugo.options import GROUPS, LANGS, OPTIONS, group_text, option_text, value_text
from pyengine.daifugo.rules import DaifugoRules
from pyengine.daifugo.values import FORBIDDEN_ITEMS

PATHS = [path for path, _ in DaifugoRules.default().options()]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _values(path: str) -> list[str]:
    value = DaifugoRules.default().get(path)
    if isinstance(value, enum.Enum):
        return [m.value for m in type(value)]
    if isinstance(value, tuple):
        return list(FORBIDDEN_ITEMS)
    return []


def test_every_option_has_words_and_nothing_else_has() -> None:
    assert sorted(OPTIONS) == sorted(PATHS)
    assert sorted(GROUPS) == sorted({p.split(".")[0] for p in PATHS})


@pytest.mark.parametrize("path", PATHS)
def test_each_option_has_a_name_an_explanation_and_an_example_in_three_languages(path: str) -> None:
    for lang in LANGS:
        text = option_text(path, lang)
        for part in (text.name, text.explain, text.example):
            assert part.strip(), (path, lang)
            if lang == "ko":
                assert HANGUL.search(part) or part.isascii() and text.name == part, (path, part)
            if lang == "ja":
                assert KANA_KANJI.search(part) or part.isascii() and text.name == part, (path, part)
        assert "\n" not in text.explain, "one line"
    en, ko, ja = (option_text(path, lang).explain for lang in LANGS)
    assert len({en, ko, ja}) == 3


@pytest.mark.parametrize("path", [p for p in PATHS if _values(p)])
def test_every_value_of_a_choice_has_its_line_in_three_languages(path: str) -> None:
    assert sorted(OPTIONS[path].values) == sorted(_values(path))
    for value in _values(path):
        lines = [value_text(path, value, lang) for lang in LANGS]
        assert all(line.strip() for line in lines)
        assert HANGUL.search(lines[1]) or lines[1] == lines[0], (path, value)
        assert KANA_KANJI.search(lines[2]) or lines[2] == lines[0], (path, value)


def test_groups_and_unknown_languages() -> None:
    assert group_text("effects", "ja") == "数字ごとの効果"
    assert option_text("clears.eight_cut", "xx") == option_text("clears.eight_cut", "en")
