"""Every preset of every game is pinned: old links keep meaning what they meant.

A link carries a game's rules as ``<version>.<preset>[~<option>=<value>]...``, so a preset's
name stands for all its option values.  ``tests/golden/presets.json`` records, for each rules
``VERSION``, every preset's encoding and its full option values (``Rules.to_json()``); these
tests compare the code with that committed file (they never regenerate it).

To change what a preset means (or rename an option): bump the game's ``Rules.VERSION``, write
``Rules.migrate`` so that every encoding of the older version decodes to exactly the options
it meant, then run ``tests/golden/make_presets.py`` to append the new version's entries
(it keeps the old ones) and review the diff.  Editing a preset without a bump fails
``test_old_encodings_keep_their_meaning``; a new preset or version that is not pinned yet
fails ``test_every_preset_is_pinned``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

import pytest
from conformance_support import GAME_IDS
from toygame import KuhnRules

from pyengine.core import EngineError, Rules, load_game

GOLDEN_FILE = Path(__file__).resolve().parents[1] / "golden" / "presets.json"
GOLDEN: dict[str, dict[str, dict[str, dict[str, Any]]]] = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))
HOW = "bump the rules VERSION, write migrate(), then append with tests/golden/make_presets.py"

Pinned = dict[str, dict[str, dict[str, Any]]]
"""``{version: {preset: {"encoding": ..., "options": {path: value}}}}`` of one game."""


def broken_pins(rules_type: type[Rules], pinned: Pinned) -> list[str]:
    """Every pinned encoding that no longer decodes to its pinned options, and every preset
    of the current version that is not pinned as it is.

    An older version whose options were renamed or added to (its pinned paths are not the
    current ones) cannot decode to the same ``to_json``: there the preset's encoding must decode
    to the same rules as the full list of its pinned options written in that version against
    any other preset of that version — ``migrate`` must give the preset name and every old
    option the same meaning."""
    out = []
    current_paths = {p for p, _ in rules_type.default().options()}
    for version, presets in sorted(pinned.items()):
        for name, entry in sorted(presets.items()):
            encoding = entry["encoding"]
            if encoding != f"{version}.{name}":
                out.append(f"{encoding} is pinned as v{version} {name}")
                continue
            try:
                decoded = rules_type.decode(encoding)
                now = decoded.to_json()
            except EngineError as exc:
                out.append(f"{encoding} no longer opens ({exc}): {HOW}")
                continue
            if set(entry["options"]) != current_paths:
                out += _migration_problems(rules_type, version, name, entry["options"], presets, decoded)
                continue
            if now != entry["options"]:
                was = entry["options"]
                diff = {k: (was.get(k), now.get(k)) for k in sorted(set(was) | set(now))
                        if was.get(k) != now.get(k)}
                out.append(f"{encoding} no longer means what it meant (pinned, now: {diff}): {HOW}")
    current = pinned.get(str(rules_type.VERSION), {})
    for name, preset in rules_type.presets().items():
        if current.get(name) != {"encoding": preset.encode(), "options": preset.to_json()}:
            out.append(f"v{rules_type.VERSION} preset {name!r} is not pinned as it is: {HOW}")
    gone = sorted(set(current) - set(rules_type.presets()))
    out += [f"pinned v{rules_type.VERSION} preset {name!r} is gone" for name in gone]
    return out


def _spelt(value: Any) -> str:
    """An option value as an encoding writes it (the pinned JSON form)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, list):
        return ",".join(value)
    return str(value)


def _migration_problems(rules_type: type[Rules], version: str, name: str, options: dict[str, Any],
                        presets: dict[str, dict[str, Any]], decoded: Rules) -> list[str]:
    """``<version>.<name>`` must mean what its pinned options say, read from every other preset."""
    changes = "~".join(f"{path}={_spelt(value)}" for path, value in sorted(options.items()))
    out = []
    for base in sorted(presets):
        if base == name:
            continue
        try:
            spelt = rules_type.decode(f"{version}.{base}~{changes}", validate=False)
        except EngineError as exc:
            out.append(f"v{version} {name}'s pinned options no longer open ({exc}): {HOW}")
            break
        if spelt != decoded:
            diff = {p: (a, b) for (p, a), (_, b) in zip(decoded.options(), spelt.options(), strict=True) if a != b}
            out.append(f"{version}.{name} no longer means its pinned options (read from {base}: {diff}): {HOW}")
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_presets_are_pinned_and_old_encodings_keep_their_meaning(game_id: str) -> None:
    assert game_id in GOLDEN, f"{game_id} has no pinned presets: run tests/golden/make_presets.py"
    assert broken_pins(load_game(game_id).rules_type, GOLDEN[game_id]) == []


# --- the pin can fail, and a version bump with a migration satisfies it --------------------------

@dataclass(frozen=True, slots=True)
class EditedKuhnRules(KuhnRules):
    """The toy game with its ``high`` preset edited in place (bet 3 instead of 2)."""

    @classmethod
    def presets(cls) -> dict[str, Self]:
        return {"basic": cls(), "high": cls(bet=3)}


@dataclass(frozen=True, slots=True)
class BumpedKuhnRules(EditedKuhnRules):
    """The same edit done right: version 2, and v1's ``high`` still means bet 2."""

    VERSION: ClassVar[int] = 2

    @classmethod
    def migrate(cls, version: int, preset: str,
                pairs: list[tuple[str, str]]) -> tuple[str, list[tuple[str, str]]]:
        if version == 1 and preset == "high":
            return "high", [("bet", "2"), *pairs]
        return preset, pairs


def test_an_edited_preset_breaks_the_pin() -> None:
    problems = broken_pins(EditedKuhnRules, GOLDEN["kuhn"])
    assert any(p.startswith("1.high no longer means what it meant") and "'bet': (2, 3)" in p
               for p in problems)
    assert "v1 preset 'high' is not pinned as it is: " + HOW in problems


def test_a_version_bump_with_a_migration_keeps_the_pin() -> None:
    appended = {**GOLDEN["kuhn"], "2": {
        "basic": {"encoding": "2.basic", "options": {"ante": 1, "bet": 1}},
        "high": {"encoding": "2.high", "options": {"ante": 1, "bet": 3}},
    }}
    assert broken_pins(BumpedKuhnRules, appended) == []
    assert broken_pins(BumpedKuhnRules, GOLDEN["kuhn"]) == [f"v2 preset {n!r} is not pinned as it is: {HOW}"
                                                            for n in ("basic", "high")]
