"""Cetkaik AI: time per decision of every bot level in CPython, in Pyodide under Node and in
Pyodide in a Chromium Worker (as on the page), and the arena results of the ladder.

    python benchmarks/cetkaik_ai.py [--positions 40] [--no-pyodide] [--no-chromium]
                                    [--games 200] [--master-games 400] [--no-arena]

* Time per decision: the same positions in the three interpreters: every decision (moves,
  stepping choices, declarations) of seeded one-season games under both presets, half from
  ``rules`` against ``greedy`` and half from ``master`` against ``strong`` (the positions are
  made once in CPython and sent to the others as records, so all three decide exactly the same
  positions).  Each level decides every position with a fresh bot, as the page's Worker does
  (``levels("cetkaik")[level](rng).act(view)``, budget 0.8 s).  Mean, median, 95th percentile
  and maximum wall time, and in CPython the process CPU time too (the steadier figure on a
  loaded machine).  Target (issue 21): master ≤ 1 s per decision in Pyodide in Chromium.
* The ladder: ``python -m pyengine.ai.arena cetkaik`` in process, one-season games, sides
  alternating, seed 2024: master–strong and master–rules (``--master-games`` each), then
  strong–rules, strong–greedy, rules–greedy and greedy–random (``--games`` each).  The arena
  also prints each level's moves with casts, how many failed and the longest run of one failed
  move played again.

Timings depend on the machine and its load; run with ``nice`` on a shared machine and compare
the ratios printed in one run.  The Chromium figures need ``./dev test``'s set-up (Playwright
and Debian's Chromium).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVEL_NAMES = ("random", "greedy", "rules", "strong", "master")

CODE = r'''
import json, statistics, time
from pyengine.ai.levels import levels
from pyengine.ai.bot import BotView
from pyengine.cetkaik import CetkaikRules
from pyengine.cetkaik.state import CetkaikState
from pyengine.core.rng import Pcg32

GAMES = json.loads(__GAMES__)
views = []
for rules_code, actions in GAMES:
    state = CetkaikState(CetkaikRules.decode(rules_code))
    for action in actions:
        player = state.current_player
        if player >= 0 and len(state.legal_actions()) > 1:
            views.append(BotView("cetkaik", rules_code, player, state.observation(player), state.legal_actions(), 0.8))
        state = state.apply(action)
res = {"positions": len(views), "legal_mean": statistics.mean(len(v.legal) for v in views)}
for level, bot_type in levels("cetkaik").items():
    times = []
    cpu = []
    for i, view in enumerate(views):
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bot_type(Pcg32(7, i)).act(view)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert action in view.legal
    times.sort()
    res[level] = {"mean": statistics.mean(times), "median": statistics.median(times),
                  "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1],
                  "cpu_mean": statistics.mean(cpu), "cpu_max": max(cpu)}
print("RESULT " + json.dumps(res))
'''

LADDER = (("strong", "rules"), ("strong", "greedy"), ("rules", "greedy"), ("greedy", "random"))
MASTER_LADDER = (("master", "strong"), ("master", "rules"))


def games(positions: int) -> list[tuple[str, list[str]]]:
    """Seeded one-season games (``rules``–``greedy`` and ``master``–``strong``, both presets)
    whose decisions add up to at least ``positions``, as (rules, engine actions)."""
    sys.path.insert(0, str(ROOT))
    from pyengine.ai.match import play_match
    from pyengine.core.record import Seat

    pairs = (("rules", "greedy"), ("master", "strong"))
    out: list[tuple[str, list[str]]] = []
    count = seed = 0
    while count < positions:
        a, b = pairs[seed % 2]
        rules = ("1.official~seasons=1", "1.cerke_online~seasons=1")[(seed // 2) % 2]
        seats = (Seat("a", f"bot:{a}"), Seat("b", f"bot:{b}")) if seed % 4 < 2 else (
            Seat("a", f"bot:{b}"), Seat("b", f"bot:{a}"))
        result = play_match("cetkaik", rules, seats, seed=1000 + seed, max_plies=400, keep_states=True)
        decisions = [i for i, st in enumerate(result.states[:-1])
                     if st.current_player >= 0 and len(st.legal_actions()) > 1]
        keep = decisions[: positions - count]
        count += len(keep)
        out.append((rules, list(result.record.actions[: keep[-1] + 1 if keep else 0])))
        seed += 1
    return out


def code(positions: int) -> str:
    return CODE.replace("__GAMES__", repr(json.dumps(games(positions))))


def show(name: str, res: dict[str, object], cpu: bool) -> None:
    print(f"{name}: {res['positions']} positions, {res['legal_mean']:.0f} legal actions on average")
    for level in LEVEL_NAMES:
        t = res[level]
        assert isinstance(t, dict)
        line = (f"  {level:<7} wall: mean {t['mean'] * 1000:7.1f} ms  median {t['median'] * 1000:7.1f} ms"
                f"  p95 {t['p95'] * 1000:7.1f} ms  max {t['max'] * 1000:7.1f} ms")
        if cpu:
            line += f";  CPU: mean {t['cpu_mean'] * 1000:7.1f} ms  max {t['cpu_max'] * 1000:7.1f} ms"
        print(line + "  per decision")


def ratios(name: str, there: dict[str, object], here: dict[str, object]) -> None:
    for level in ("greedy", "rules", "strong", "master"):
        a, b = there[level], here[level]
        assert isinstance(a, dict) and isinstance(b, dict)
        print(f"  {name} / CPython (wall), {level}: mean {a['mean'] / b['mean']:.2f}, max {a['max'] / b['max']:.2f}")


def ladder(pairs: tuple[tuple[str, str], ...], games_each: int) -> None:
    sys.path.insert(0, str(ROOT))
    from pyengine.ai.arena import main as arena

    for a, b in pairs:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            arena(["cetkaik", "--a", a, "--b", b, "--games", str(games_each), "--seasons", "1", "--seed", "2024",
                   "--quiet"])
        print(out.getvalue().rstrip(), flush=True)
        print()


def main() -> int:
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    sys.path.insert(0, str(ROOT / "tools"))
    from pyodide_run import result_of, run_python_here, run_python_in_chromium, run_python_in_pyodide

    def arg(name: str, default: int) -> int:
        return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default

    positions = arg("--positions", 40)
    started = time.perf_counter()
    source = code(positions)
    here = result_of(run_python_here(source))
    show(f"CPython {sys.version.split()[0]}", here, cpu=True)
    if "--no-pyodide" not in sys.argv:
        try:
            there = result_of(run_python_in_pyodide(source))
            show("Pyodide (Node)", there, cpu=False)
            ratios("Pyodide (Node)", there, here)
        except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
            print(f"Pyodide: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
    if "--no-chromium" not in sys.argv:
        try:
            there = result_of(run_python_in_chromium(source))
            show("Pyodide (Chromium, in a Worker)", there, cpu=False)
            ratios("Chromium", there, here)
        except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
            print(f"Chromium: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
    print(flush=True)
    if "--no-arena" not in sys.argv:
        ladder(MASTER_LADDER, arg("--master-games", 400))
        ladder(LADDER, arg("--games", 200))
    print(f"(benchmark wall time {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
