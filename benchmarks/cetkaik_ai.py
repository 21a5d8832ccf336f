"""Cetkaik AI: time per move of every bot level in CPython and in Pyodide (Node), and the
arena results of the ladder.

    python benchmarks/cetkaik_ai.py [--positions 40] [--no-pyodide] [--games 200] [--no-arena]

* Time per move: the same positions in both interpreters (every decision of seeded
  ``rules`` vs ``greedy`` one-season games under ``official``: moves, stepping choices,
  declarations), each level deciding every position with a fresh bot, as the page's Worker
  does (``levels("cetkaik")[level](rng).act(view)``, budget 0.8 s).  Mean, median and maximum wall time, and process CPU time (the
  steadier figure on a loaded machine).
* The ladder: ``python -m pyengine.ai.arena cetkaik`` in process for strong–rules,
  strong–greedy, rules–greedy and greedy–random, ``--games`` one-season games each, sides
  alternating, seed 2024 (the same figures as the arena command with ``--seed 2024``).

Targets (issue 8): strong ≥ 80% of one-season games against rules and ≥ 95% against greedy
(200 games each), rules beats greedy clearly, greedy beats random in almost every game;
strong ≤ 1 s per move inside Pyodide.  Timings depend on the machine and its load; run
with ``nice`` on a shared machine and compare the ratios printed in one run.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = r'''
import json, statistics, time
from pyengine.ai.levels import levels
from pyengine.cetkaik import GAME, CetkaikRules
from pyengine.ai.bot import BotView
from pyengine.ai.match import play_match
from pyengine.core.record import Seat
from pyengine.core.rng import Pcg32

POSITIONS = __POSITIONS__
rules = "1.official~seasons=1"
views = []
seed = 0
while len(views) < POSITIONS:
    seats = (Seat("a", "bot:rules"), Seat("b", "bot:greedy")) if seed % 2 == 0 else (
        Seat("a", "bot:greedy"), Seat("b", "bot:rules"))
    result = play_match("cetkaik", rules, seats, seed=1000 + seed, max_plies=400, keep_states=True)
    seed += 1
    for st in result.states:
        player = st.current_player
        if player >= 0 and len(views) < POSITIONS:
            views.append(BotView("cetkaik", rules, player, st.observation(player), st.legal_actions(), 0.8))
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
    res[level] = {"mean": statistics.mean(times), "median": statistics.median(times), "max": max(times),
                  "cpu_mean": statistics.mean(cpu), "cpu_max": max(cpu)}
print("RESULT " + json.dumps(res))
'''

LADDER = (("strong", "rules"), ("strong", "greedy"), ("rules", "greedy"), ("greedy", "random"))


def code(positions: int) -> str:
    return CODE.replace("__POSITIONS__", str(positions))


def show(name: str, res: dict[str, object]) -> None:
    print(f"{name}: {res['positions']} positions, {res['legal_mean']:.0f} legal actions on average")
    for level in ("random", "greedy", "rules", "strong"):
        t = res[level]
        assert isinstance(t, dict)
        print(f"  {level:<7} wall: mean {t['mean'] * 1000:7.1f} ms  median {t['median'] * 1000:7.1f} ms"
              f"  max {t['max'] * 1000:7.1f} ms;  CPU: mean {t['cpu_mean'] * 1000:7.1f} ms"
              f"  max {t['cpu_max'] * 1000:7.1f} ms  per decision")


def ladder(games: int) -> None:
    sys.path.insert(0, str(ROOT))
    from pyengine.ai.arena import main as arena

    for a, b in LADDER:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            arena(["cetkaik", "--a", a, "--b", b, "--games", str(games), "--seasons", "1", "--seed", "2024",
                   "--quiet"])
        print(out.getvalue().rstrip(), flush=True)
        print()


def main() -> int:
    sys.path.insert(0, str(ROOT / "tools"))
    from pyodide_run import result_of, run_python_here, run_python_in_pyodide

    positions = int(sys.argv[sys.argv.index("--positions") + 1]) if "--positions" in sys.argv else 40
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 200
    started = time.perf_counter()
    here = result_of(run_python_here(code(positions)))
    show(f"CPython {sys.version.split()[0]}", here)
    if "--no-pyodide" not in sys.argv:
        try:
            there = result_of(run_python_in_pyodide(code(positions)))
            show("Pyodide (Node)", there)
            for level in ("greedy", "rules", "strong"):
                a, b = there[level], here[level]
                assert isinstance(a, dict) and isinstance(b, dict)
                print(f"  Pyodide / CPython (wall), {level}: {a['mean'] / b['mean']:.2f}")
        except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
            print(f"Pyodide: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
    print()
    if "--no-arena" not in sys.argv:
        ladder(games)
    print(f"(benchmark wall time {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
