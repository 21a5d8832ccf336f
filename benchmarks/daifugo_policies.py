"""Daifugō: the playout policies as players, head to head.

    python benchmarks/daifugo_policies.py [--deals 2000] [--presets popular,party] [--pairs light-kit,...]

The strong level plays its guessed worlds out with ``light_move``, the master level and the
UECda client with ``smart_move``, and the client models the standard client with ``kit_move``
(``pyengine/ai/daifugo/playout.py``). Here each pair plays whole first games of a match with
4 players, one policy at seats 1 and 3, the other at seats 2 and 4, then the same deal with the
seats swapped (the same chance seed: the deal and every random draw before the first move are
the same). Printed: the first policy's mean points a seat and game less the second's, on the
preset's ``n - place`` scale, with its 95% interval over deals. A playout policy need not be a
strong player to make a good search (it must judge the choices in front of it as the table
would), but a policy that loses by half a point a game to the standard client misjudges
something the table does (2026-12-01: see the README under "Against the level below it").
A figure, not a timing: about a minute a pair at the defaults on one core.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.ai.daifugo.playout import kit_move, light_move, resolve_chance, smart_move  # noqa: E402
from pyengine.core.rng import Pcg32  # noqa: E402
from pyengine.daifugo.ctx import Ctx, compile_rules  # noqa: E402
from pyengine.daifugo.engine import CHANCE_PHASES, OVER, PLAY, Engine  # noqa: E402
from pyengine.daifugo.rules import DaifugoRules  # noqa: E402

Policy = Callable[[Engine, Pcg32], Any]
POLICIES: dict[str, Policy] = {"light": light_move, "smart": smart_move, "kit": kit_move}


def game(cx: Ctx, seats: list[Policy], seed: int) -> list[int]:
    """One first game of a match from its deal: each seat's points (``n - place``)."""
    e = Engine(cx, log=False)
    rng = Pcg32(seed, 9)
    while not e.results and e.phase != OVER:
        if e.phase == PLAY:
            t = e.turn
            m = seats[t](e, rng)
            if m[0] == 0:
                e._pass(t)
            else:
                e._play(t, m)
        elif e.phase in CHANCE_PHASES:
            resolve_chance(e, rng)
        else:  # (a follow-up choice: a 7-pass, a 10-discard, a Q-bomb: as the playouts make it)
            e.step(light_move(e, rng))
    placing = e.results[-1]
    return [cx.n - placing.index(p) for p in range(cx.n)]


def duel(preset: str, a: Policy, b: Policy, deals: int) -> list[float]:
    """Per deal, ``a``'s mean points a seat less ``b``'s, over the deal played twice (seats swapped)."""
    cx = compile_rules(DaifugoRules.preset(preset), 4)
    out = []
    for g in range(deals):
        d = 0.0
        for seats, sign in (([a, b, a, b], 1), ([b, a, b, a], -1)):
            pts = game(cx, seats, 100_000 + g)
            d += sign * ((pts[0] + pts[2]) - (pts[1] + pts[3])) / 2
        out.append(d / 2)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--presets", default="popular,party")
    ap.add_argument("--pairs", default="light-kit,smart-kit,smart-light")
    args = ap.parse_args()
    for preset in args.presets.split(","):
        for pair in args.pairs.split(","):
            x, y = pair.split("-")
            d = duel(preset, POLICIES[x], POLICIES[y], args.deals)
            m = sum(d) / len(d)
            half = 1.96 * math.sqrt(sum((v - m) ** 2 for v in d) / (len(d) - 1) / len(d))
            print(f"{preset}, {len(d)} deals: {x} less {y} {m:+.3f} ± {half:.3f} points a seat and game", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
