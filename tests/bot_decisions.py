"""Fixed sets of bot decisions, for the tests that bots decide alike on any device.

* :func:`positions` — seeded decision views of a game, spread evenly over the decisions (with
  more than one legal action) of games between levels that never read a clock, each view
  carrying the page's budget;
* :func:`decide_all` — every level's action on each view, each from a fresh bot with its own
  generator, as the page's Worker decides (:func:`decide_each` also tells whether a safety net
  tripped during each decision);
* :func:`clock_speed` — every clock a bot could read runs ``factor`` times as fast as real time:
  the ``time`` module's clocks, any module of ``pyengine`` that holds one of them under its own
  name, and any function of ``pyengine`` that holds one as a default argument.

The module imports only the standard library and ``pyengine``, so its source also runs as a
script in Pyodide (under Node, or in a Chromium Worker): :func:`script` is that source plus a
line printing ``RESULT`` and the decisions as JSON, which the cross-interpreter tests compare
with the decisions made in CPython.
"""

from __future__ import annotations

import inspect
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from pyengine.ai.bot import BotView, SafetyNet
from pyengine.ai.decision import BOT_BUDGET
from pyengine.ai.levels import levels
from pyengine.core.chance import sample_chance
from pyengine.core.game import State
from pyengine.core.registry import load_game
from pyengine.core.rng import Pcg32

GAMES = ("cetkaik", "daifugo", "chabashi")
TABLES: dict[str, tuple[tuple[str, int, str], ...]] = {
    # game: (rules, players, the level that plays every seat to make the positions)
    "cetkaik": (("1.official~seasons=1", 2, "greedy"), ("1.cerke_online~seasons=1", 2, "greedy")),
    "daifugo": (("popular", 4, "greedy"), ("party", 4, "greedy"), ("uecda", 5, "greedy")),
    "chabashi": (("hand_limit=6", 2, "normal"), ("hand_limit=4", 3, "normal"), ("hand_limit=3", 5, "normal")),
}
"""Where the positions come from.  These levels play with no time budget, so no clock (nor
safety net) can touch the positions."""
PLIES = 120
"""Decisions played on each table (positions are picked evenly among them)."""


def _rules_code(game_id: str, text: str) -> str:
    game = load_game(game_id)
    rules_type: Any = game.rules_type
    if game_id == "daifugo":
        return str(rules_type.preset(text).encode())
    if game_id == "chabashi":
        name, value = text.split("=")
        return str(rules_type.default().with_option(name, int(value)).encode())
    return text


def _table_views(game_id: str, rules_text: str, players: int, level: str, seed: int,
                 budget: float) -> list[BotView]:
    """Every decision with more than one legal action in ``PLIES`` decisions of one table."""
    game = load_game(game_id)
    code = _rules_code(game_id, rules_text)
    state: State = game.new_initial_state(game.rules_type.decode(code), players)
    chance, minds = Pcg32(seed, 0xC4A), Pcg32(seed, 0xB07)
    bot_type = levels(game_id)[level]
    out: list[BotView] = []
    for ply in range(PLIES):
        while state.is_chance():
            state = state.apply(sample_chance(state, chance))
        if state.is_terminal():
            break
        player = state.current_player
        view = BotView(game_id, code, player, state.observation(player), state.legal_actions(), budget)
        if len(view.legal) > 1:
            out.append(view)
        state = state.apply(bot_type(minds.derive(ply + 1)).act(replace(view, budget=math.inf)))
    return out


def positions(game_id: str, count: int, budget: float = BOT_BUDGET, seed: int = 1) -> list[BotView]:
    """``count`` decision views of ``game_id``, as evenly from each of its tables and from the
    start to the end of each table's decisions as the counts allow."""
    tables = TABLES[game_id]
    out: list[BotView] = []
    for i, (rules_text, players, level) in enumerate(tables):
        want = count // len(tables) + (1 if i < count % len(tables) else 0)
        if not want:
            continue
        views = _table_views(game_id, rules_text, players, level, seed * 100 + i, budget)
        step = len(views) / want
        out.extend(views[int(step * j + step / 2)] for j in range(want))
    return out


def decide_all(game_id: str, views: list[BotView], seed: int = 2024) -> dict[str, list[str]]:
    """``{level: [its action on each view]}``, a fresh bot with its own generator per decision."""
    each = decide_each(game_id, views, seed)
    return {level: [action for action, _ in row] for level, row in each.items()}


def decide_each(game_id: str, views: list[BotView], seed: int = 2024) -> dict[str, list[tuple[str, bool]]]:
    """``{level: [(its action on each view, whether a safety net tripped meanwhile)]}``."""
    out: dict[str, list[tuple[str, bool]]] = {}
    for level, bot_type in levels(game_id).items():
        row = out[level] = []
        for i, view in enumerate(views):
            before = SafetyNet.trips
            action = bot_type(Pcg32(seed, i)).act(view)
            row.append((action, SafetyNet.trips != before))
    return out


def hurried(views: list[BotView]) -> list[BotView]:
    """The same views with a budget so small that any safety net trips at its first check."""
    return [replace(view, budget=1e-9) for view in views]


CLOCKS = ("perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns",
          "process_time", "process_time_ns", "thread_time", "thread_time_ns")


def _scaled(clock: Callable[[], Any], factor: float) -> Callable[[], Any]:
    origin = clock()
    if isinstance(origin, int):
        return lambda: origin + int((clock() - origin) * factor)
    return lambda: origin + (clock() - origin) * factor


def _functions(value: Any) -> Iterator[Any]:
    """The functions a module-level value holds: itself, or a class's methods."""
    if inspect.isfunction(value):
        yield value
    elif inspect.isclass(value):
        for member in vars(value).values():
            member = getattr(member, "__func__", member)
            if inspect.isfunction(member):
                yield member


@contextmanager
def clock_speed(factor: float) -> Iterator[None]:
    """Inside the block, every clock a bot could read runs ``factor`` times as fast as real time
    (``factor`` 0.1: a device ten times as fast; 10: ten times as slow)."""
    originals: dict[str, Callable[[], Any]] = {}
    for name in CLOCKS:
        clock = getattr(time, name, None)
        if clock is not None:
            originals[name] = clock
    fakes = {id(clock): _scaled(clock, factor) for clock in originals.values()}
    undo: list[Callable[[], None]] = []

    def put(obj: Any, attr: str, value: Any) -> None:
        old = getattr(obj, attr)
        setattr(obj, attr, value)
        undo.append(lambda: setattr(obj, attr, old))

    for name, clock in originals.items():
        put(time, name, fakes[id(clock)])
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith("pyengine"):
            continue
        for attr, value in list(vars(module).items()):
            if id(value) in fakes:
                put(module, attr, fakes[id(value)])
            for func in _functions(value):
                if func.__defaults__ and any(id(d) in fakes for d in func.__defaults__):
                    put(func, "__defaults__", tuple(fakes.get(id(d), d) for d in func.__defaults__))
                if func.__kwdefaults__ and any(id(d) in fakes for d in func.__kwdefaults__.values()):
                    kwdefaults = {k: fakes.get(id(d), d) for k, d in func.__kwdefaults__.items()}
                    put(func, "__kwdefaults__", kwdefaults)
    try:
        yield
    finally:
        for restore in reversed(undo):
            restore()


def trips() -> int:
    """How many safety nets have tripped in this process so far."""
    return SafetyNet.trips


SLACK = 0.1
"""The clock speed at which decisions are compared between interpreters and the page's budget is
checked: every clock a bot reads runs ten times as slow, so a machine up to ten times as loaded as
an idle one cannot trip a safety net (how long decisions take is a figure for benchmarks/, not
a check; that the decisions do not depend on the clock is tests/unit/test_bots_reproducible.py's)."""


def report(count: int) -> dict[str, Any]:
    """Every level's decisions on ``count`` positions of each game, and the nets that tripped
    (with the clocks at :data:`SLACK`)."""
    before = trips()
    with clock_speed(SLACK):
        decisions = {game_id: decide_all(game_id, positions(game_id, count)) for game_id in GAMES}
    return {"decisions": decisions, "trips": trips() - before}


def result_line(count: int) -> str:
    """``RESULT`` and :func:`report` as JSON, the line the runners' callers look for."""
    return "RESULT " + json.dumps(report(count))


def script(count: int) -> str:
    """This module's source plus a line printing :func:`result_line` (without the ``__future__``
    import, which the runners' own first lines would displace)."""
    with open(__file__, encoding="utf-8") as f:
        source = f.read().replace("from __future__ import annotations\n", "")
    return source + f"\nprint(result_line({int(count)}))\n"
