"""Chabashi hand-evaluation speed, in CPython and in Pyodide (Node).

    python benchmarks/chabashi_eval.py [--no-pyodide]

Figures: the full §10 table over all 353,430 splits (cold: the 4-card table is built on the way),
four-card evaluations per second with a fixed floor pair (warm table and cold), 5-card sets
(3-card hand + 2 floor cards), and best-floor-pair evaluations (2-card hand + 4 floor cards,
6 pairs; 3-card hand + 3 floor cards, 3 pairs).  Targets (issue 5): ≥ 200,000 four-card
evaluations/s in CPython, the full table in < 3 s.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = r'''
import json, time
from pyengine.chabashi.hands import Evaluator, SEED_ORDER
from pyengine.core.rng import Pcg32

def samples(k, count, seed):
    rng = Pcg32(seed, 11)
    out = []
    for _ in range(count):
        deck = list(range(36))
        for i in range(k):
            j = i + rng.below(36 - i)
            deck[i], deck[j] = deck[j], deck[i]
        out.append(tuple(deck[:k]))
    return out

res = {}
ev = Evaluator(SEED_ORDER)
t = time.perf_counter(); freq = ev.frequencies(); res["full_table_s"] = time.perf_counter() - t
assert sum(freq.values()) == 353430

fours = samples(4, 200000, 1)
key4 = ev.key4
t = time.perf_counter()
for h0, h1, p0, p1 in fours:
    key4(h0, h1, p0, p1)
res["key4_warm_per_s"] = len(fours) / (time.perf_counter() - t)

cold = Evaluator(SEED_ORDER)
few = fours[:30000]
t = time.perf_counter()
for h0, h1, p0, p1 in few:
    cold.key4(h0, h1, p0, p1)
res["key4_cold_per_s"] = len(few) / (time.perf_counter() - t)

fives = samples(5, 20000, 2)
t = time.perf_counter()
for c in fives:
    ev.best_key(c[:3], c[3:])
res["five_card_sets_per_s"] = len(fives) / (time.perf_counter() - t)

sixes = samples(6, 30000, 3)
t = time.perf_counter()
for c in sixes:
    ev.best_key(c[:2], c[2:])
res["best_pair_2plus4_per_s"] = len(sixes) / (time.perf_counter() - t)
res["best_pair_2plus4_splits_per_s"] = 6 * res["best_pair_2plus4_per_s"]

t = time.perf_counter()
for c in sixes[:10000]:
    ev.best_key(c[:3], c[3:])
res["best_pair_3plus3_per_s"] = 10000 / (time.perf_counter() - t)
print("RESULT " + json.dumps(res))
'''



def show(name: str, res: dict[str, float]) -> None:
    print(f"{name}:")
    print(f"  full §10 table (353,430 splits, cold)   {res['full_table_s']:.2f} s")
    print(f"  4-card evaluations, warm table           {res['key4_warm_per_s']:,.0f} /s")
    print(f"  4-card evaluations, cold table           {res['key4_cold_per_s']:,.0f} /s")
    print(f"  5-card sets (3 hand + 2 floor)           {res['five_card_sets_per_s']:,.0f} /s")
    print(f"  best floor pair, 2 hand + 4 floor        {res['best_pair_2plus4_per_s']:,.0f} hands/s"
          f" ({res['best_pair_2plus4_splits_per_s']:,.0f} pairs/s)")
    print(f"  best floor pair, 3 hand + 3 floor        {res['best_pair_3plus3_per_s']:,.0f} hands/s")


def main() -> int:
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    sys.path.insert(0, str(ROOT / "tools"))
    from pyodide_run import result_of, run_python_here, run_python_in_pyodide

    show(f"CPython {sys.version.split()[0]}", result_of(run_python_here(CODE)))
    if "--no-pyodide" in sys.argv:
        return 0
    try:
        show("Pyodide (Node)", result_of(run_python_in_pyodide(CODE)))
    except Exception as exc:  # noqa: BLE001 - the figure is reported as unavailable
        print(f"Pyodide: figure unavailable ({type(exc).__name__}: {str(exc)[:300]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
