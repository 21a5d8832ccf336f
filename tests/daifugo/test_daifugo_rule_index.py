"""The rule-to-function index in ``pyengine.daifugo``'s docstring points at real functions.

A newcomer looks a rule up there (``#13 eight_cut → effects.eight_cut``): every catalogue
number appears once, its id is one of the rules' options, and every function it names exists.
"""

from __future__ import annotations

import dataclasses
import importlib
import re

import pyengine.daifugo as daifugo
from pyengine.daifugo.engine import Engine
from pyengine.daifugo.rules import DaifugoRules

REF = re.compile(r"\b([a-z_]+(?:\.[A-Za-z_]+)+)\b")


def _index_lines() -> list[str]:
    doc = daifugo.__doc__ or ""
    start = doc.index("Where each rule lives")
    return [line.strip() for line in doc[start:].splitlines() if line.startswith("    ")]


def _resolve(ref: str) -> object:
    head, *rest = ref.split(".")
    if head == "Engine":
        obj: object = Engine
    else:
        obj = importlib.import_module(f"pyengine.daifugo.{head}")
    for name in rest:
        obj = getattr(obj, name)
    return obj


def _is_option(rule: str) -> bool:
    """A rule named by an option's field name, its path, or ``path=value`` (an effect-table entry)."""
    options = {f.name for group in dataclasses.fields(DaifugoRules)
               for f in dataclasses.fields(getattr(DaifugoRules(), group.name))}
    if "=" not in rule and "." not in rule:
        return rule in options
    try:
        if "=" in rule:
            DaifugoRules.decode(f"{DaifugoRules.VERSION}.basic~{rule}", validate=False)
        else:
            DaifugoRules().get(rule)
    except ValueError:
        return False
    return True


def test_every_catalogue_rule_is_indexed_once_under_its_option_name() -> None:
    numbered = [line.split()[:2] for line in _index_lines() if line.startswith("#")]
    assert [int(num[1:]) for num, _ in numbered] == list(range(1, len(numbered) + 1))
    assert len(numbered) >= 43  # the specification's catalogue (§5.0) and the rules added since
    assert [rule for _, rule in numbered if not _is_option(rule)] == []


def test_every_function_the_index_names_exists() -> None:
    # what follows the rule (its number and option) names functions
    refs = [ref for line in _index_lines()
            for ref in REF.findall(" ".join(line.split()[2:]) if line.startswith("#") else line)]
    assert len(refs) > 80
    missing = []
    for ref in refs:
        try:
            target = _resolve(ref)
        except (AttributeError, ModuleNotFoundError):
            missing.append(ref)
            continue
        assert callable(target), ref
    assert missing == []


def test_the_eight_cut_is_where_a_newcomer_looks() -> None:
    effects = importlib.import_module("pyengine.daifugo.effects")
    clears = importlib.import_module("pyengine.daifugo.clears")
    assert "8-cut" in (effects.eight_cut.__doc__ or "")  # steps 1–5 in effects, step 6 in clears
    # the functions of a play's effects are defined in the order of §1.13's steps
    names = [n for mod in (effects, clears) for n, f in vars(mod).items()
             if callable(f) and getattr(f, "__module__", "") == mod.__name__]
    order = ["eleven_back", "omen", "revolution", "seven_pass", "ten_discard", "q_bomber", "five_skip",
             "nine_reverse", "eight_cut", "four_stop", "q_cut", "sandstorm", "ambulance", "rokurokubi"]
    assert [n for n in names if n in order] == order
