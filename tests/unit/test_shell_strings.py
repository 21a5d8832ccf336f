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


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_preset_and_bot_level_the_set_up_form_offers_has_a_name_in_every_language(lang: str) -> None:
    # the set-up form and the library name a game's rule set by `preset.<game>.<id>` (the game's
    # words) and a bot level by `level.<id>` (the shell's or the game's), or else show the bare
    # id ("seed"): every one needs its words
    from pyengine.app.start_page import game_setup_json, games_json

    shell = catalog(lang)
    # (the games the site ships with words of their own: a test may register a toy game)
    offered = {g["id"]: game_setup_json(g["id"]) for g in games_json("en") if (I18N / f"{g['id']}.en.json").exists()}
    assert {"cetkaik", "daifugo", "chabashi"} <= {game for game, setup in offered.items() if setup["presets"]}
    for game, setup in offered.items():
        words = json.loads((I18N / f"{game}.{lang}.json").read_text(encoding="utf-8"))
        for preset in setup["presets"]:
            assert words.get(f"preset.{game}.{preset['id']}", "").strip(), (game, preset["id"])
        for level in setup["levels"]:
            assert {**shell, **words}.get(f"level.{level}", "").strip(), (game, level)
