"""Rules as frozen data: presets, options, validation, the versioned link encoding."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Self

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.core.errors import InvalidRulesError
from pyengine.core.rules import Rules


class Speed(enum.Enum):
    SLOW = "slow"
    FAST = "fast"


@dataclass(frozen=True, slots=True)
class Lock:
    enabled: bool = False
    strict: bool = False


@dataclass(frozen=True, slots=True)
class DemoRules(Rules):
    VERSION = 2
    seasons: int = 4
    speed: Speed = Speed.SLOW
    lock: Lock = field(default_factory=Lock)
    order: tuple[str, ...] = ("a", "b")
    name: str = "x"

    @classmethod
    def presets(cls) -> dict[str, Self]:
        return {"plain": cls(), "quick": cls(seasons=1, speed=Speed.FAST), "locked": cls(lock=Lock(True))}

    def validate(self) -> None:
        if self.seasons not in (1, 2, 4):
            raise InvalidRulesError("seasons must be 1, 2 or 4")
        if self.lock.strict and not self.lock.enabled:
            raise InvalidRulesError("a strict lock needs the lock")

    @classmethod
    def migrate(cls, version: int, preset: str, pairs: list[tuple[str, str]]) -> tuple[str, list[tuple[str, str]]]:
        if version == 1:  # v1 called the option "fast" (a boolean)
            out = [("speed", "fast" if raw == "1" else "slow") if path == "fast" else (path, raw) for path, raw in pairs]
            return preset, out
        raise InvalidRulesError(f"rules v{version} can no longer be read")


def test_presets_encode_to_their_name() -> None:
    assert DemoRules().encode() == "2.plain"
    assert DemoRules.preset("quick").encode() == "2.quick"
    assert DemoRules.default() == DemoRules()
    assert DemoRules.preset("locked").preset_name() == "locked"


def test_changes_use_the_nearest_preset() -> None:
    r = DemoRules.preset("quick").with_option("lock.enabled", True)
    assert r.encode() == "2.quick~lock.enabled=1"
    assert DemoRules.decode(r.encode()) == r
    r2 = DemoRules().with_option("order", ("b", "a")).with_option("name", "y-z")
    assert DemoRules.decode(r2.encode()) == r2
    assert r2.preset_name() is None


def test_old_versions_migrate() -> None:
    assert DemoRules.decode("1.plain~fast=1") == DemoRules(speed=Speed.FAST)
    with pytest.raises(InvalidRulesError, match="no longer"):
        DemoRules.decode("0.plain")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("plain", "version"),
        ("3.plain", "newer version"),
        ("2.nope", "unknown preset"),
        ("2.plain~seasons=3", "seasons must be"),
        ("2.plain~seasons=x", "whole number"),
        ("2.plain~lock.enabled=2", "0 or 1"),
        ("2.plain~speed=warp", "must be one of"),
        ("2.plain~colour=1", "unknown rule option"),
        ("2.plain~lock=1", "group of options"),
        ("2.plain~seasons", "malformed"),
        ("2.plain~lock.strict=1", "needs the lock"),
        ("2.plain~seasons=1~seasons=2", "twice"),
    ],
)
def test_bad_encodings_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        DemoRules.decode(text)


def test_unvalidated_decode_keeps_a_combination_that_does_not_go_together() -> None:
    # a rules editor shows the clash; malformed text and unknown options are still refused
    rules = DemoRules.decode("2.plain~lock.strict=1", validate=False)
    assert rules.lock == Lock(enabled=False, strict=True)
    with pytest.raises(InvalidRulesError, match="needs the lock"):
        rules.validate()
    with pytest.raises(InvalidRulesError, match="unknown rule option"):
        DemoRules.decode("2.plain~colour=1", validate=False)
    assert DemoRules.decode("1.plain~fast=1", validate=False).speed is Speed.FAST  # migrated


def test_with_option_checks_types() -> None:
    with pytest.raises(InvalidRulesError):
        DemoRules().with_option("seasons", "4")
    with pytest.raises(InvalidRulesError):
        DemoRules().with_option("lock.enabled", 1)
    assert DemoRules().with_option("speed", "fast").speed is Speed.FAST


def test_to_json_is_flat_and_plain() -> None:
    assert DemoRules().to_json() == {
        "seasons": 4, "speed": "slow", "lock.enabled": False, "lock.strict": False, "order": ["a", "b"], "name": "x",
    }


@given(
    st.sampled_from(["plain", "quick", "locked"]),
    st.sampled_from([1, 2, 4]),
    st.sampled_from(list(Speed)),
    st.booleans(),
    st.lists(st.sampled_from(["a", "b", "c"]), max_size=3),
)
def test_encoding_round_trips(preset: str, seasons: int, speed: Speed, strict: bool, order: list[str]) -> None:
    r = DemoRules.preset(preset).with_option("seasons", seasons).with_option("speed", speed)
    if strict:
        r = r.with_option("lock.enabled", True).with_option("lock.strict", True)
    r = r.with_option("order", tuple(order))
    text = r.encode()
    assert DemoRules.decode(text) == r
    assert all(c.isalnum() or c in "._~=-," for c in text)
