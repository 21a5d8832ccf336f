"""Daifugō random-playout speed, in CPython and in Pyodide (Node).

    python benchmarks/daifugo_playouts.py [--no-pyodide] [--games N]

Figures: random 5-player games per second under the ``uecda`` and ``party`` presets (one game
= the deal to the last place, on one engine stepped in place with the engine's own
``legal()``/``step()``; see ``pyengine.ai.daifugo.playout``), and for comparison the public
immutable-state API (string actions, copies, history).  Wall time and process CPU time are
both shown: on a shared machine the CPU figure is the steadier one.
Targets (issue 4): ≥ 2,000 random 5-player games/s in CPython; in Pyodide at least a third.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = r'''
import json, time
from pyengine.core.rng import Pcg32
from pyengine.core import sample_chance
from pyengine.daifugo import GAME, DaifugoRules
from pyengine.daifugo.ctx import compile_rules
from pyengine.ai.daifugo.playout import random_game

GAMES = __GAMES__
res = {}
for preset in ("uecda", "party"):
    cx = compile_rules(DaifugoRules.preset(preset), 5)
    rng = Pcg32(2024, 1)
    for _ in range(min(200, GAMES // 5)):  # warm the move-generation caches
        random_game(cx, 5, rng)
    w, c = time.perf_counter(), time.process_time()
    for _ in range(GAMES):
        random_game(cx, 5, rng)
    res[preset + "_wall"] = GAMES / (time.perf_counter() - w)
    res[preset + "_cpu"] = GAMES / max(time.process_time() - c, 1e-9)

# the public API (immutable states, string actions) for comparison
rules = DaifugoRules.preset("uecda")
rng = Pcg32(7, 2)
n_public = max(10, GAMES // 100)
w = time.perf_counter()
for _ in range(n_public):
    s = GAME.new_initial_state(rules, 5)
    while not s._e.results:
        a = sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions())
        s = s.apply(a)
res["public_api_wall"] = n_public / (time.perf_counter() - w)
print("RESULT " + json.dumps(res))
'''


def code(games: int) -> str:
    return CODE.replace("__GAMES__", str(games))



def show(name: str, res: dict[str, float]) -> None:
    print(f"{name}:")
    for preset in ("uecda", "party"):
        print(f"  random 5-player games, {preset:<6} {res[preset + '_wall']:8,.0f} /s wall"
              f"   {res[preset + '_cpu']:8,.0f} /s CPU")
    print(f"  public API (uecda, immutable states)  {res['public_api_wall']:8,.0f} /s wall")


def main() -> int:
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    sys.path.insert(0, str(ROOT / "tools"))
    from pyodide_run import result_of, run_python_here, run_python_in_pyodide

    games = 3000
    if "--games" in sys.argv:
        games = int(sys.argv[sys.argv.index("--games") + 1])
    here = result_of(run_python_here(code(games)))
    show(f"CPython {sys.version.split()[0]}", here)
    if "--no-pyodide" in sys.argv:
        return 0
    try:
        there = result_of(run_python_in_pyodide(code(max(300, games // 3))))
        show("Pyodide (Node)", there)
        for preset in ("uecda", "party"):
            print(f"  Pyodide / CPython, {preset}: {there[preset + '_cpu'] / here[preset + '_cpu']:.2f}")
    except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
        print(f"Pyodide: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
