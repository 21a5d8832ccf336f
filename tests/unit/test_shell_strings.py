"""The shell's strings (web/i18n/{en,ko,ja}.json): every key in every language with the same
placeholders, and a translation for every link-error code the engine can raise."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

from pyengine.core import InvalidLinkError

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"


def catalog(lang: str) -> dict[str, str]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_every_shell_string_is_translated_with_the_same_placeholders(lang: str) -> None:
    en, other = catalog("en"), catalog(lang)
    assert set(other) == set(en)
    for key, text in en.items():
        assert placeholders(other[key]) == placeholders(text), key
        assert other[key].strip(), key


def test_every_link_error_code_has_words_in_every_language() -> None:
    # the docstring's table of codes (dedented: Python 3.13+, as in Pyodide, strips docstrings' indent itself)
    table = re.split(r"\n=+ =+\n", inspect.cleandoc(InvalidLinkError.__doc__ or ""))[1]
    codes = set(re.findall(r"^``(\w+)``", table, re.MULTILINE))
    assert {"not_a_link", "damaged", "newer_version", "unknown_game", "illegal_record"} <= codes
    for lang in ("en", "ko", "ja"):
        strings = catalog(lang)
        assert {c for c in codes if f"link.{c}" not in strings} == set(), lang
