"""The rule-to-function index in ``pyengine.chabashi``'s docstring follows the specification.

A newcomer looks a rule up there (``8-3 take from the centre → Transition.interact``): every
numbered section, step, follow-up and decision of ``../shared/rules/chabashi.md`` appears once
and in order, every hand category, preset, option and payout mode is there, and every name it
gives exists.
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

from pyengine import chabashi
from pyengine.chabashi.hands import KOREAN, Evaluator
from pyengine.chabashi.rules import ChabashiRules, DealerMode
from pyengine.chabashi.state import ChabashiState
from pyengine.chabashi.transitions import Transition

ALIASES = {"ChabashiState": ChabashiState, "Transition": Transition, "Evaluator": Evaluator}
STEPS_AND_DECISIONS = r"\*\*(\d-\d|[AD]-\d+)\b"
"""The step-6 and step-8 choices (``**6-1**``, ``**8-3 Take …**``) and the decisions of §11."""


def _text() -> str:
    return "\n".join(index_lines(chabashi))


def test_every_section_step_and_decision_of_the_spec_is_indexed_once_in_order() -> None:
    expected = spec_ids(spec("chabashi"), STEPS_AND_DECISIONS)
    for known in ("§4.9", "6-2", "8-3", "§7.6", "§8.5", "§9.5", "A-18", "D-8", "§13"):
        assert known in expected
    assert len(expected) > 60
    assert index_ids(chabashi) == expected


def test_every_hand_category_of_the_spec_is_indexed() -> None:
    sections = spec_sections(spec("chabashi"))
    listed = re.findall(r"^\| \d+ \| ([가-힣]+)", sections["8.3"], re.MULTILINE)
    wiki = re.findall(r"^\| ([가-힣]+) \|", sections["8.4"], re.MULTILINE)
    assert len(listed) == 17 and wiki == ["건", "지", "선"]
    assert set(KOREAN.values()) == set(listed + wiki)  # the evaluator knows exactly these
    text = _text()
    assert [name for name in listed + wiki if name not in text] == []


def test_every_preset_option_and_payout_mode_is_indexed() -> None:
    sections = spec_sections(spec("chabashi"))
    presets = re.findall(r"^\* \*\*`(\w+)`\*\*", sections["8.4"], re.MULTILINE)
    modes = re.findall(r"^  \* `(\w+)`", sections["7.4"], re.MULTILINE)
    assert sorted(presets) == sorted(ChabashiRules.presets()) == ["balanced", "seed"]
    assert sorted(modes) == sorted(m.value for m in DealerMode)
    text = _text()
    fields = [f.name for f in dataclasses.fields(ChabashiRules())]
    assert [word for word in presets + modes + fields if word not in text] == []


def test_every_name_the_index_gives_exists() -> None:
    assert len(dotted_names(chabashi)) > 150
    assert unresolved(chabashi, ALIASES, ChabashiRules()) == []


def test_an_unknown_name_is_caught() -> None:
    # the resolver must be able to fail, or the test above could not
    assert resolving(chabashi, ("Transition.no_such_step", "hand.Evaluator", "pyengine.app.views.chabashi.NOTHING"), ALIASES, ChabashiRules()) == []


def test_the_centre_and_the_three_card_bar_are_where_a_newcomer_looks() -> None:
    assert "Transition.interact" in entry_names(chabashi, "take from the centre")
    assert "self.centre.pop" in inspect.getsource(Transition.interact)
    bar = entry_names(chabashi, "the 3-card-hand bar")
    assert "Evaluator._evaluate" in bar and "hands.BARRED_WITH_THREE" in bar
    assert "BARRED_WITH_THREE" in inspect.getsource(Evaluator._evaluate)


def test_the_index_has_a_readme_form() -> None:
    assert index_section(chabashi)[0] == "Where each rule lives"
    copy = readme_copy(chabashi)
    assert copy.startswith("The deck, the table and one hand (§1–§7):\n§1 ")
    assert "\n\nHand evaluation (§8–§10):\n" in copy
