"""Daifugō: where `master` and `strong` choose differently, which choice do the playouts prefer?

    python benchmarks/daifugo_choices.py [--positions 40] [--playouts 2000] [--presets popular,party]

The positions are the play decisions of 4-player games of the normal level (seed 95) where the
two levels, each built fresh as in the page, choose different plays. Each pair of choices is
then played out in the same freshly guessed worlds, ``--playouts`` times each (the strong
level's search over just the two, no halving, no prior), once with the light playout policy
(the strong level's) and once with the smart one (the master level's). Printed: the mean points
a decision (on the preset's scale) of the master level's choice less the strong level's, with
its 95% interval, under each policy. Each level's choice wins by its own playouts; the arena
says which playouts tell the table's truth (2026-12-01: see the README under "Against the level
below it"). A figure, not a timing: about 7 minutes a preset at the defaults on one core.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.ai.bot import BotView, SafetyNet  # noqa: E402
from pyengine.ai.daifugo.bots import MasterBot, NormalBot, StrongBot  # noqa: E402
from pyengine.ai.daifugo.knowledge import Knowledge  # noqa: E402
from pyengine.core import sample_chance  # noqa: E402
from pyengine.core.rng import Pcg32  # noqa: E402
from pyengine.daifugo import GAME, DaifugoRules  # noqa: E402


def judge(preset: str, positions: int, playouts: int) -> dict[str, list[float]]:
    """Per policy, the master level's choice less the strong level's, decision by decision."""

    class Judge(StrongBot):
        keep = 0
        prior = 0.0

    Judge.playouts = playouts
    rules = DaifugoRules.preset(preset)
    code = rules.encode()
    chance = Pcg32(95, 1)
    state = GAME.new_initial_state(rules, 4)
    k = 0
    out: dict[str, list[float]] = {"light": [], "smart": []}
    while len(out["light"]) < positions:
        if state.current_player == -2:
            state = GAME.new_initial_state(rules, 4)
        if state.is_chance():
            state = state.apply(sample_chance(state, chance))
            continue
        p = state.current_player
        legal = state.legal_actions()
        view = BotView("daifugo", code, p, state.observation(p), legal, 100)
        k += 1
        if len(legal) > 1 and view.observation["phase"] == "play":
            a = MasterBot(Pcg32(k, 3)).act(view)
            b = StrongBot(Pcg32(k, 4)).act(view)
            if a != b:
                knowledge = Knowledge(view)
                for policy in out:
                    j = Judge(Pcg32(k, 9))
                    j.policy = policy
                    got = j._search(knowledge, [a, b], SafetyNet(math.inf))
                    assert got is not None
                    points = {c.action: c.points for c in got}
                    out[policy].append(points[a] - points[b])
        state = state.apply(NormalBot(Pcg32(k, 5)).act(view))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--playouts", type=int, default=2000)
    ap.add_argument("--presets", default="popular,party")
    args = ap.parse_args()
    for preset in args.presets.split(","):
        for policy, d in judge(preset, args.positions, args.playouts).items():
            m = sum(d) / len(d)
            half = 1.96 * math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
            print(f"{preset}, {len(d)} decisions, judged by {policy} playouts ({args.playouts} each): "
                  f"master's choice {m:+.3f} ± {half:.3f} points", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
