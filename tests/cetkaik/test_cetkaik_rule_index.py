"""The rule-to-function index in ``pyengine.cetkaik``'s docstring follows the specification.

A newcomer looks a rule up there (``§8 … water cast → CetkaikState._land``): every numbered
section and list item of ``../shared/rules/cetkaik.md`` appears once and in order, every hand,
penalty and preset setting the specification names is there, and every name it gives exists.
"""

from __future__ import annotations

import dataclasses
import inspect
import re

from rule_index import (
    dotted_names,
    entry_names,
    index_ids,
    index_lines,
    index_section,
    readme_copy,
    resolving,
    spec,
    spec_ids,
    spec_sections,
    unresolved,
)

from pyengine import cetkaik
from pyengine.cetkaik.rules import CetkaikRules
from pyengine.cetkaik.scoring import FLASH, HAND_VALUES, PENALTY_VALUES
from pyengine.cetkaik.state import CetkaikState

ALIASES = {"CetkaikState": CetkaikState}


def _text() -> str:
    return "\n".join(index_lines(cetkaik))


def test_every_numbered_section_and_rule_of_the_spec_is_indexed_once_in_order() -> None:
    expected = spec_ids(spec("cetkaik"))
    assert len(expected) > 50 and "§17.7.8" in expected and "§13.4" in expected
    assert index_ids(cetkaik) == expected


def test_every_hand_and_penalty_of_the_spec_is_indexed() -> None:
    sections = spec_sections(spec("cetkaik"))
    hands = re.findall(r"^\| The [^|]+\| ([^\s|]+) \|", sections["13"], re.MULTILINE)
    penalties = sorted(set(re.findall(r"^\| ([\u4e00-\u9fff]+)", sections["12"], re.MULTILINE)))
    assert len(hands) == 10 and penalties == ["撃皇", "皇再来"]
    assert {n for n in HAND_VALUES if not n.startswith(FLASH)} == set(hands)  # the code knows exactly these
    assert set(PENALTY_VALUES) == set(penalties)
    text = _text()
    assert [name for name in hands + penalties if name not in text] == []


def test_every_preset_setting_of_the_spec_is_an_option_and_is_indexed() -> None:
    settings = re.findall(r"\(`(\w+)`\)", spec_sections(spec("cetkaik"))["15.1"])
    assert len(settings) == 7
    rules = CetkaikRules()
    options = {f"{group.name}.{f.name}": f.name for group in dataclasses.fields(rules)
               if dataclasses.is_dataclass(getattr(rules, group.name))
               for f in dataclasses.fields(getattr(rules, group.name))}
    assert sorted(options.values()) == sorted(settings)
    text = _text()
    assert [path for path in options if path not in text] == []
    assert "§15.1" in text and "seasons" in text


def test_every_name_the_index_gives_exists() -> None:
    assert len(dotted_names(cetkaik)) > 150
    assert unresolved(cetkaik, ALIASES, CetkaikRules()) == []


def test_an_unknown_name_is_caught() -> None:
    # the resolver must be able to fail, or the test above could not
    assert resolving(cetkaik, ("state.CetkaikState._no_such_step", "movegn.generate_moves", "hue.no_such_option"), ALIASES, CetkaikRules()) == []


def test_the_water_cast_and_kut2_tam2_are_where_a_newcomer_looks() -> None:
    water = entry_names(cetkaik, "which moves need a water cast")
    assert "CetkaikState._land" in water
    assert "water cast" in (CetkaikState._land.__doc__ or "")
    kut2 = entry_names(cetkaik, "kut2 tam2 撃皇")
    assert "CetkaikState._end_turn" in kut2 and "CetkaikState._apply_move" in kut2
    assert "KUT2TAM2" in inspect.getsource(CetkaikState._end_turn)
    assert "kut2" in inspect.getsource(CetkaikState._apply_move)


def test_the_index_is_at_the_end_of_the_docstring_and_has_a_readme_form() -> None:
    section = index_section(cetkaik)
    assert section[0] == "Where each rule lives"
    copy = readme_copy(cetkaik)
    assert copy.startswith("Board, pieces and movement (§1–§11):\n§1 ")
    assert "\n\nPenalties, hands, turns and seasons (§12–§15):\n" in copy
