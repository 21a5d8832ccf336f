"""Daifugō AI: time per decision of each level (CPython and Pyodide under Node) and the arena ladder.

    python benchmarks/daifugo_ai.py [--decisions N] [--games G] [--levels L,...] [--no-pyodide] [--no-chromium] [--no-ladder]

Decision times: the positions met in games between the levels themselves (``popular`` and
``party`` with 4 players, ``uecda`` with 5), every decision with more than one legal action,
each bot built fresh with the page's budget of 0.8 s; mean, median, 95th percentile and
maximum, in CPython, in Pyodide under Node, and in Pyodide in a module Worker of headless
Chromium as on the page (target: at most 1 s per decision there; needs ``./dev test``'s set-up);
on ``uecda`` also ``strong_kit``, the strong level as the UECda client plays it with ``--kit 0.9``
(the master search with a model of the standard client, :func:`pyengine.ai.daifugo.uecda.for_uecda`;
by default the client plays as the page's master).
The ladder: ``strong,normal,greedy,random`` on ``popular`` and ``party`` (4 players) and
``strong,normal,greedy,greedy,random`` on ``uecda`` (5 players), rotating seats, mean points per
game with 95% intervals.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = r'''
import json, time
from pyengine.ai.levels import levels
from pyengine.core import sample_chance
from pyengine.ai.bot import BotView
from pyengine.core.rng import Pcg32
from pyengine.daifugo import GAME, DaifugoRules

N = __DECISIONS__
res = {}
bots = levels("daifugo")


from pyengine.ai.daifugo.uecda import for_uecda
from pyengine.ai.daifugo.uecda_opponents import KIT_PRIOR


def make(level, rng):
    if level != "strong_kit":
        return bots[level](rng)
    return for_uecda(bots["strong"](rng), KIT_PRIOR)  # strong as the UECda client plays it with its model

for preset, n in (("popular", 4), ("party", 4), ("uecda", 5)):
    rules = DaifugoRules.preset(preset)
    code = rules.encode()
    for level in [lv for lv in ("greedy", "normal", "strong", "master") + (("strong_kit",) if preset == "uecda" else ())
                  if lv in __LEVELS__]:
        times = []
        rng = Pcg32(77, 1)
        s = GAME.new_initial_state(rules, n)
        k = 0
        while len(times) < N:
            if s.current_player == -2:
                s = GAME.new_initial_state(rules, n)
            if s.is_chance():
                s = s.apply(sample_chance(s, rng))
                continue
            p = s.current_player
            legal = s.legal_actions()
            view = BotView("daifugo", code, p, s.observation(p), legal, 0.8)
            k += 1
            t = time.perf_counter()
            a = make(level, Pcg32(k, 3)).act(view)
            dt = time.perf_counter() - t
            if len(legal) > 1:
                times.append(dt)
            s = s.apply(a)
        times.sort()
        res[preset + "_" + level] = {
            "mean": sum(times) / len(times), "median": times[len(times) // 2],
            "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1], "n": len(times)}
print("RESULT " + json.dumps(res))
'''


def code(decisions: int, levels: list[str]) -> str:
    return CODE.replace("__DECISIONS__", str(decisions)).replace("__LEVELS__", repr(levels))


def show(name: str, res: dict[str, dict[str, float]]) -> None:
    print(f"{name}: seconds per decision (mean / median / p95 / max, n)")
    for key, v in res.items():
        print(f"  {key:<16} {v['mean']:.3f} / {v['median']:.3f} / {v['p95']:.3f} / {v['max']:.3f}  (n={int(v['n'])})")


def ladder(games: int) -> None:
    sys.path.insert(0, str(ROOT))
    from pyengine.ai.daifugo.arena import main as arena

    arena(["--preset", "popular", "--players", "4", "--seats", "strong,normal,greedy,random",
           "--games", str(games), "--seed", "2024", "--quiet"])
    arena(["--preset", "party", "--players", "4", "--seats", "strong,normal,greedy,random",
           "--games", str(games), "--seed", "2024", "--quiet"])
    arena(["--preset", "uecda", "--players", "5", "--seats", "strong,normal,greedy,greedy,random",
           "--games", str(games), "--seed", "2024", "--quiet"])


def main() -> int:
    if "-h" in sys.argv or "--help" in sys.argv:  # (the usage, not a run of several minutes)
        print(__doc__)
        return 0
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    sys.path.insert(0, str(ROOT / "tools"))
    from pyodide_run import result_of, run_python_here, run_python_in_chromium, run_python_in_pyodide

    decisions = 60
    if "--decisions" in sys.argv:
        decisions = int(sys.argv[sys.argv.index("--decisions") + 1])
    levels = ["greedy", "normal", "strong", "master", "strong_kit"]
    if "--levels" in sys.argv:
        levels = sys.argv[sys.argv.index("--levels") + 1].split(",")
    games = 200
    if "--games" in sys.argv:
        games = int(sys.argv[sys.argv.index("--games") + 1])
    here = result_of(run_python_here(code(decisions, levels)))
    show(f"CPython {sys.version.split()[0]}", here)
    if "--no-pyodide" not in sys.argv:
        try:
            there = result_of(run_python_in_pyodide(code(max(10, decisions // 2), levels)))
            show("Pyodide (Node)", there)
            for key in here:
                print(f"  Pyodide / CPython, {key}: {there[key]['mean'] / max(here[key]['mean'], 1e-9):.2f}")
        except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
            print(f"Pyodide: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
    if "--no-chromium" not in sys.argv:
        try:
            there = result_of(run_python_in_chromium(code(max(10, decisions // 2), levels)))
            show("Pyodide (Chromium, in a Worker)", there)
        except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
            print(f"Chromium: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
    if "--no-ladder" not in sys.argv:
        ladder(games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
