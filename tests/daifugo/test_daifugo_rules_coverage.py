"""Every rule of the catalogue has a scenario that quotes its source.

The scenarios (``test_daifugo_rules_*.py``, marked with :func:`scenarios.rule`) must cover every
option of ``DaifugoRules`` and every value of every choice — for the effect table every effect and
every rank — and each quote must be words of the source article (``shared/seeds/002…``) or the
specification (``shared/rules/daifugo.md``)."""

from __future__ import annotations

import enum
import os
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))

import test_daifugo_rules_effects  # noqa: E402, F401  (the scenarios register themselves)
import test_daifugo_rules_order  # noqa: E402, F401
import test_daifugo_rules_specials  # noqa: E402, F401
from scenarios import QUOTES, SCENARIOS  # noqa: E402

from pyengine.daifugo.rules import DaifugoRules  # noqa: E402
from pyengine.daifugo.values import RANK_FIELDS, Effect  # noqa: E402

SHARED = Path(__file__).resolve().parents[3] / "shared"
SOURCES = (SHARED / "seeds" / "002_5e4c77e750d28890.txt", SHARED / "rules" / "daifugo.md")


def _choices() -> list[tuple[str, str]]:
    out = []
    for path, value in DaifugoRules.default().options():
        if isinstance(value, enum.Enum) and not path.startswith("effects."):
            out += [(path, m.value) for m in type(value)]
    return out


def test_every_option_has_a_scenario() -> None:
    paths = [p for p, _ in DaifugoRules.default().options()]
    assert [p for p in paths if p not in SCENARIOS and not any(k.startswith(p + "=") for k in SCENARIOS)] == []


def test_every_value_of_every_choice_has_a_scenario() -> None:
    assert [f"{p}={v}" for p, v in _choices() if f"{p}={v}" not in SCENARIOS] == []


def test_every_effect_and_every_rank_of_the_effect_table_has_a_scenario() -> None:
    played = {k.split("=")[1] for k in SCENARIOS if k.startswith("effects.") and "=" in k}
    assert {e.value for e in Effect if e is not Effect.NONE} - played == set()
    ranks = {k.split("=")[0].removeprefix("effects.") for k in SCENARIOS if k.startswith("effects.")}
    assert set(RANK_FIELDS) - ranks == set()


def test_at_least_a_hundred_scenarios() -> None:
    assert len(QUOTES) >= 100


def _normal(text: str) -> str:
    """Words only: no footnote marks ([41]), no wiki or Markdown emphasis, single spaces."""
    text = re.sub(r"\[\d+\]", "", text)
    for mark in ("\'\'\'", "\'\'", "**", "`"):
        text = text.replace(mark, "")
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.cpython_only
def test_every_quote_is_the_source_s_words() -> None:
    missing = [str(p) for p in SOURCES if not p.exists()]
    assert not missing, f"the sources are not there: {missing} (shared/ next to the checkout)"
    text = " ".join(_normal(p.read_text(encoding="utf-8")) for p in SOURCES)
    wrong = []
    for name, quote in QUOTES.items():
        for part in re.split(r" … | / ", quote):
            part = _normal(part).rstrip(".")
            if part and part not in text:
                wrong.append(f"{name}: {part!r}")
    assert wrong == []
