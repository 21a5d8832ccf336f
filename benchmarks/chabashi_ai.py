"""Chabashi AI: time per decision (CPython and Pyodide under Node) and the arena ladder.

    python benchmarks/chabashi_ai.py [--hands 2000] [--seed 1] [--players 2,3,5]
                                     [--no-pyodide] [--no-ladder] [--no-timing]

Timing: the same fixed set of decisions (seeded 2-, 3- and 5-player hands, every phase) is given to
every level, each time to a fresh bot as the page's Worker does, with the Worker's budget of 0.4 s.
The first decision of a process also fills the evaluator's tables; it is reported separately.
Target (issue 10): at most 0.5 s per decision in Pyodide (so about 0.2 s in CPython).

Ladder (CPython): ``pyengine.ai.chabashi.arena`` tables of 2, 3 and 5 seats, chips won per hand with a
95% interval, plus paired per-hand differences between two bots of the same table.  Targets:
``strong`` wins chips against ``normal``, ``calling`` and ``random`` (interval above zero);
``normal`` beats ``calling`` and ``random``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = r'''
import json, time
from pyengine.ai.levels import levels
from pyengine.chabashi.game import GAME
from pyengine.ai.bot import BotView
from pyengine.core import Pcg32, sample_chance

def decisions(n, hands, seed):
    """Views of every decision of seeded hands between normal bots (a fixed, typical set)."""
    r = GAME.rules_type.default().with_option("hand_limit", hands).with_option("stakes.bankroll", 1000)
    s = GAME.new_initial_state(r, n)
    chance, minds = Pcg32(seed, 1), Pcg32(seed, 2)
    out = []
    bots = levels("chabashi")
    while not s.is_terminal():
        if s.is_chance():
            s = s.apply(sample_chance(s, chance)); continue
        p = s.current_player
        v = BotView("chabashi", r.encode(), p, s.observation(p), s.legal_actions(), 0.4)
        out.append(v)
        s = s.apply(bots["normal"](minds.derive(len(out))).act(v))
    return out

res = {}
first = decisions(5, 1, 99)[-1]  # made with the normal bots, whose tables are warm by now
from pyengine.chabashi import hands
hands._EVALUATORS.clear()  # a cold evaluator, as in a fresh Worker
t = time.perf_counter()
levels("chabashi")["strong"](Pcg32(0)).act(first)
res["first_decision_s"] = time.perf_counter() - t
for n, hands in ((2, 6), (3, 4), (5, 3)):
    views = decisions(n, hands, 7 + n)
    for level in ("normal", "strong"):
        times = []
        by_phase = {}
        for i, v in enumerate(views):
            bot = levels("chabashi")[level](Pcg32(i, 5))
            t = time.perf_counter()
            a = bot.act(v)
            dt = time.perf_counter() - t
            assert a in v.legal
            times.append(dt)
            by_phase.setdefault(v.observation["phase"], []).append(dt)
        times.sort()
        res[f"{level}_{n}"] = {
            "decisions": len(times), "mean": sum(times) / len(times),
            "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1],
            "phases": {k: sum(x) / len(x) for k, x in by_phase.items()},
        }
print("RESULT " + json.dumps(res))
'''

LADDER: list[list[str]] = [
    ["strong", "normal"], ["strong", "calling"], ["strong", "random"],
    ["normal", "calling"], ["normal", "random"],
    ["strong", "normal", "calling"], ["strong", "normal", "random"], ["normal", "calling", "random"],
    ["strong", "normal", "calling", "random", "normal"], ["normal", "calling", "random", "normal", "calling"],
]


def show_timing(name: str, res: dict[str, object]) -> None:
    print(f"{name}: first decision of a process (cold tables) {res['first_decision_s']:.3f} s")
    for key, row in res.items():
        if not isinstance(row, dict):
            continue
        level, n = key.rsplit("_", 1)
        phases = ", ".join(f"{k} {1000 * v:.0f}" for k, v in sorted(row["phases"].items()))
        print(f"  {level:<7} {n} players: mean {1000 * row['mean']:6.1f} ms, p95 {1000 * row['p95']:6.1f} ms, "
              f"max {1000 * row['max']:6.1f} ms over {row['decisions']} decisions  (ms by phase: {phases})")


def ladder(hands: int, seed: int, players: set[int]) -> None:
    sys.path.insert(0, str(ROOT))
    from pyengine.ai.chabashi.arena import format_result, run_arena
    from pyengine.ai.stats import Summary

    for seats in LADDER:
        if len(seats) not in players:
            continue
        t0 = time.perf_counter()
        res = run_arena(seats, hands=hands, seed=seed)
        print(format_result(res))
        rows = res.rows
        first: dict[str, int] = {}
        for i, r in enumerate(rows):
            first.setdefault(r.level, i)
        for i, j in ((i, j) for i in first.values() for j in first.values() if i < j):
            a, b = rows[i], rows[j]
            d = Summary.of(x - y for x, y in zip(a.deltas, b.deltas, strict=False))
            print(f"  paired difference {i + 1}.{a.level} − {j + 1}.{b.level}: {d.mean:+.3f} ± "
                  f"{d.half_width:.3f} (95% CI {d.low:+.3f}..{d.high:+.3f})")
        print(f"  ({time.perf_counter() - t0:.0f} s)\n", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--no-ladder", action="store_true")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--players", default="2,3,5", help="ladder tables of these sizes only (e.g. 5)")
    args = ap.parse_args()
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    sys.path.insert(0, str(ROOT / "tools"))
    from pyodide_run import result_of, run_python_here, run_python_in_pyodide

    if not args.no_timing:
        show_timing(f"CPython {sys.version.split()[0]}", result_of(run_python_here(CODE)))
        if not args.no_pyodide:
            try:
                show_timing("Pyodide (Node)", result_of(run_python_in_pyodide(CODE)))
            except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
                print(f"Pyodide: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
        print(flush=True)
    if not args.no_ladder:
        ladder(args.hands, args.seed, {int(x) for x in args.players.split(",")})
    return 0


if __name__ == "__main__":
    sys.exit(main())
