"""How fast this machine is right now: the line every timing benchmark prints first.

    python benchmarks/machine.py [--seconds S]

A timing figure means little without the speed of the machine it came from, and ours differ:
the same 2-core machine type ran the same Daifugō decisions about twice as slowly on 2026-12-01
as on 2026-11-30. Programs whose search is stopped by a clock (FujiGokoro) also get weaker
on a slower machine, so a head-to-head figure against them needs this line too. Two fixed,
seeded workloads on one core, each for about ``seconds`` (default 1):

* ``loop``: millions of steps of a plain Python loop a second (the interpreter alone);
* ``engine``: random 4-player Daifugō games under ``popular`` a second, from the deal to the last
  place, on the engine the playouts use (``pyengine.ai.daifugo.playout.random_game``): the
  work a Daifugō search mostly does.

Both count process CPU time, not wall time, so another program on the other core changes them
less; a figure lower than usual still means a slower or busier machine. The line also names the
CPU model, the cores and the load average over the minute before it (taken before its own
work), which says whether the machine was idle.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _rate(step: Callable[[], object], seconds: float) -> float:
    """Calls of ``step`` a CPU-second, run for about ``seconds`` of CPU time."""
    done = 0
    start = time.process_time()
    while True:
        step()
        done += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


def speed(seconds: float = 1.0) -> dict[str, float]:
    """The two figures (``loop``: million steps a second; ``engine``: games a second)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pyengine.ai.daifugo.playout import random_game
    from pyengine.core.rng import Pcg32
    from pyengine.daifugo import DaifugoRules
    from pyengine.daifugo.ctx import compile_rules

    def loop() -> None:  # 100,000 steps
        s = 0
        for i in range(100_000):
            s += i * i

    cx = compile_rules(DaifugoRules.preset("popular"), 4)
    rng = Pcg32(2026, 12)
    for _ in range(50):  # fill the move-generation caches first
        random_game(cx, 4, rng)
    return {"loop": _rate(loop, seconds) * 0.1, "engine": _rate(lambda: random_game(cx, 4, rng), seconds)}


def line(seconds: float = 1.0) -> str:
    """One line: the machine, its load, and the two figures of :func:`speed`."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")  # before our own work
    got = speed(seconds)
    return (f"machine: {_cpu_model()}, {os.cpu_count()} cores, load {load:.2f}, "
            f"Python {platform.python_version()}: {got['loop']:.1f} M loop steps/s, "
            f"{got['engine']:,.0f} random Daifugō games/s (popular, 4 players), one core, CPU time")


def main() -> int:
    seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 1.0
    print(line(seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
