"""Bots decide alike on any device: a decision depends on the view, the generator and the
level's fixed work, never on the clock (issue 19).

Every level of every game decides a fixed set of seeded positions at the page's budget, and
the wall-clock safety net must never trip on the way (with every clock ten times as slow, so a
loaded machine cannot trip it: ``bot_decisions.SLACK``).  With every clock a bot could read running
ten times as slow (a device ten times as fast) and ten times as fast (a device ten times as
slow), each decision must be the same again — or, only where the safety net tripped during that
decision, the level's documented fallback, itself the same at any clock speed (the decision made
when the net trips at its first check).  In CPython the same decisions are also made inside
Pyodide under Node and compared (the Chromium Worker's comparison is in ``tests/e2e``).
"""

from __future__ import annotations

import sys
import time
import types
from collections.abc import Callable
from pathlib import Path

import pytest
from bot_decisions import GAMES, SLACK, clock_speed, decide_each, hurried, positions, report, script

from pyengine.ai.bot import BotView
from pyengine.ai.decision import BOT_BUDGET
from pyengine.ai.levels import levels

pytestmark = pytest.mark.slow  # minutes of bot decisions: ./dev test runs them, --quick does not

COUNT = 9 if sys.platform == "emscripten" else 24
"""Positions per game (fewer inside Pyodide, which is slower)."""

Decisions = dict[str, list[tuple[str, bool]]]
_CACHE: dict[tuple[str, str], tuple[list[BotView], Decisions]] = {}


def decided(game_id: str, kind: str = "page") -> tuple[list[BotView], Decisions]:
    """The positions of ``game_id`` and every level's decisions on them (the page's at
    :data:`SLACK`, the hurried ones at the real clock), with
    the page's budget (``page``) or one that trips every safety net (``hurried``); computed once
    per process."""
    key = (game_id, kind)
    if key not in _CACHE:
        views = positions(game_id, COUNT)
        if kind == "hurried":
            views = hurried(views)
            _CACHE[key] = (views, decide_each(game_id, views))
        else:
            with clock_speed(SLACK):  # a loaded machine cannot trip the net (bot_decisions.SLACK)
                _CACHE[key] = (views, decide_each(game_id, views))
    return _CACHE[key]


def actions(decisions: Decisions) -> dict[str, list[str]]:
    return {level: [a for a, _ in row] for level, row in decisions.items()}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_safety_net_never_trips_at_the_pages_budget(game_id: str) -> None:
    views, decisions = decided(game_id)
    assert len(views) == COUNT and {v.budget for v in views} == {BOT_BUDGET}
    assert {len(v.legal) > 1 for v in views} == {True}
    assert set(decisions) == set(levels(game_id))
    for level, row in decisions.items():
        assert all(a in v.legal for (a, _), v in zip(row, views, strict=True)), level
        assert [i for i, (_, tripped) in enumerate(row) if tripped] == [], level


@pytest.mark.parametrize("factor", [0.1, 10.0])
@pytest.mark.parametrize("game_id", GAMES)
def test_decisions_do_not_depend_on_the_clock(game_id: str, factor: float) -> None:
    views, expected = decided(game_id)
    _, fallback = decided(game_id, "hurried")
    with clock_speed(factor):
        got = decide_each(game_id, views)
    wrong = [(level, i, action, (fallback if tripped else expected)[level][i][0], tripped)
             for level, row in got.items() for i, (action, tripped) in enumerate(row)
             if action != (fallback if tripped else expected)[level][i][0]]
    assert wrong == []
    if factor < 1:  # the net is ten times as far away as at the real clock, where it never trips
        assert not any(tripped for row in got.values() for _, tripped in row)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tripped_safety_net_still_gives_a_legal_move_that_depends_on_the_view_alone(game_id: str) -> None:
    views, first = decided(game_id, "hurried")
    with clock_speed(10.0):
        second = decide_each(game_id, views)
    assert actions(second) == actions(first)
    for level, row in first.items():
        assert all(a in v.legal for (a, _), v in zip(row, views, strict=True)), level
    strong = [tripped for _, tripped in first["strong"]]
    assert any(strong)
    if game_id == "daifugo":  # the strong level falls back on the normal level's choice
        assert actions(first)["strong"] == actions(first)["normal"]


def _read(clock: Callable[[], float] = time.perf_counter) -> float:
    return clock()


def test_clock_speed_reaches_the_time_module_aliases_and_default_arguments() -> None:
    """A module of ``pyengine`` holding ``perf_counter`` under its own name (``from time import
    perf_counter``) and a function holding it as a default argument both see the scaled clock."""
    real = time.perf_counter
    probe = types.ModuleType("pyengine._clock_probe")
    probe.perf_counter = real  # type: ignore[attr-defined]
    probe.read = _read  # type: ignore[attr-defined]
    sys.modules[probe.__name__] = probe

    def readings() -> tuple[float, ...]:
        return real(), time.perf_counter(), probe.perf_counter(), _read(), time.monotonic()

    try:
        with clock_speed(10.0):
            first = readings()
            time.sleep(1.0)  # long beside a pause of the process between two readings on a busy machine
            second = readings()
        after = (time.perf_counter is real, probe.perf_counter is real, _read.__defaults__ == (real,))
    finally:
        del sys.modules[probe.__name__]
    spans = [b - a for a, b in zip(first, second, strict=True)]
    assert all(8.0 * spans[0] < span < 12.0 * spans[0] for span in spans[1:]), spans
    assert after == (True, True, True)


@pytest.mark.cpython_only
def test_pyodide_under_node_decides_as_cpython() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from pyodide_run import result_of, run_python_in_pyodide

    count = 6
    there = result_of(run_python_in_pyodide(script(count)))
    here = report(count)
    assert here["trips"] == there["trips"] == 0
    assert {len(here["decisions"][g]["random"]) for g in GAMES} == {count}
    for game_id in GAMES:
        assert here["decisions"][game_id] == there["decisions"][game_id], game_id
