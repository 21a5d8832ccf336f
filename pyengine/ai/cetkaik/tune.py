"""Self-play tuning of the ``master`` evaluation (:mod:`.evaluation`, weights in :mod:`.weights`).

    python -m pyengine.ai.cetkaik.tune play --games 400 --seed 1 --out games.jsonl [--preset official]
    python -m pyengine.ai.cetkaik.tune fit games.jsonl [more.jsonl ...] [--rounds 30]

``play`` plays one-season self-play games and writes one JSON line per game (rules, the
engine actions, the final scores).  Both sides are the master search at a small work budget
(``--nodes``, 400 by default) that, to see varied positions, plays one of its five best
depth-1 candidates at random instead of its choice in ``--explore`` of its moves (a fifth by
default); casts are drawn from ``--seed``, so a file is reproducible.

``fit`` replays the games and takes every position where a turn has just ended (the other
side to move), labelled with the game's result for the side that just moved (1 won, ½ drawn,
0 lost).  It then adjusts the evaluation's weights one at a time (Texel's method: a step up,
a step down, keep what lowers the error, halve the steps when nothing does) to minimise the
mean squared error between the evaluation's expected score (:func:`.master.expected_score`)
and the result, and prints the weights as a Python table for :mod:`.weights`.  The weight of
a failed cast is not a static weight and is left as it is (it was chosen by arena runs).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ...cetkaik.rules import CetkaikRules
from ...cetkaik.state import MOVE, STEPPING_CHOICE, CetkaikState
from ...core.chance import sample_chance
from ...core.rng import Pcg32
from .evaluation import Evaluation, Features
from .master import MasterSearch, expected_score
from .weights import WEIGHTS

STATIC_WEIGHTS = ("keys", "held", "potential", "loss", "press", "mobility", "tempo", "survive_one", "survive_fork")
"""The weights ``fit`` adjusts (every weight of the static evaluation)."""


def self_play(seed: int, preset: str, nodes: int, explore: float) -> dict[str, object]:
    """One one-season self-play game (see the module docstring)."""
    rules = replace(CetkaikRules.preset(preset), seasons=1)
    state = CetkaikState(rules)
    chance = Pcg32(seed, 0xC4A)
    rng = Pcg32(seed, 0x7E5)
    actions: list[str] = []
    plies = 0
    while not state.is_terminal() and plies < 300:
        if state.is_chance():
            action = sample_chance(state, chance)
        else:
            search = MasterSearch(nodes)
            legal = state.legal_actions()
            if state.phase == MOVE:
                plies += 1
                ranked = search.rank(state, legal)
                action = ranked[0][1]
                if rng.random() < explore:
                    action = rng.choice([a for _, a in ranked[:5]])
            elif state.phase == STEPPING_CHOICE:
                action = search.choose_step(state, legal)
            else:
                action = search.declare(state)
        state = state.apply(action)
        actions.append(action)
    return {"rules": rules.encode(), "actions": actions, "scores": list(state.scores)}


def positions(game: dict[str, object]) -> Iterator[tuple[CetkaikState, float]]:
    """Every position of a game where a turn has just ended, with the result for the side
    that just moved."""
    rules = CetkaikRules.decode(str(game["rules"]))
    scores = game["scores"]
    assert isinstance(scores, list)
    state = CetkaikState(rules)
    actions = game["actions"]
    assert isinstance(actions, list)
    for action in actions:
        before = state.side
        state = state.apply(action)
        if state.phase == MOVE and state.side != before and not state.is_terminal():
            mover = 1 - state.side
            lead = scores[mover] - scores[1 - mover]
            yield state, 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5


def error(samples: Sequence[tuple[CetkaikState, Features, float]], weights: dict[str, float]) -> float:
    """Mean squared error of the expected scores the weights give against the results."""
    ev = Evaluation(weights)
    total = 0.0
    for state, f, result in samples:
        total += (expected_score(ev.value(state, f)) - result) ** 2
    return total / len(samples)


def fit(samples: Sequence[tuple[CetkaikState, Features, float]], weights: dict[str, float], rounds: int,
        log: bool = True) -> dict[str, float]:
    """Texel's local search over :data:`STATIC_WEIGHTS` (see the module docstring)."""
    best = dict(weights)
    best_error = error(samples, best)
    steps = {name: max(abs(best[name]) * 0.25, 0.002) for name in STATIC_WEIGHTS}
    for round_ in range(rounds):
        improved = False
        for name in STATIC_WEIGHTS:
            for sign in (1.0, -1.0):
                trial = dict(best)
                trial[name] = best[name] + sign * steps[name]
                if name.startswith("survive") and not 0.0 <= trial[name] <= 1.0:
                    continue
                e = error(samples, trial)
                if e < best_error:
                    best, best_error, improved = trial, e, True
                    break
        if log:
            print(f"round {round_ + 1}: error {best_error:.5f}", file=sys.stderr, flush=True)
        if not improved:
            steps = {k: v / 2 for k, v in steps.items()}
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyengine.ai.cetkaik.tune", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play self-play games")
    play.add_argument("--games", type=int, default=400)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--start", type=int, default=0)
    play.add_argument("--preset", choices=("official", "cerke_online"), default="official")
    play.add_argument("--nodes", type=int, default=400)
    play.add_argument("--explore", type=float, default=0.2)
    play.add_argument("--out", required=True)
    tune = sub.add_parser("fit", help="fit the weights to games")
    tune.add_argument("files", nargs="+")
    tune.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    if args.command == "play":
        with open(args.out, "a", encoding="utf-8") as out:
            for game in range(args.start, args.start + args.games):
                record = self_play(args.seed * 1_000_003 + game, args.preset, args.nodes, args.explore)
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                out.flush()
        return 0
    samples: list[tuple[CetkaikState, Features, float]] = []
    ev = Evaluation()
    for name in args.files:
        with open(name, encoding="utf-8") as lines:
            for line in lines:
                for state, result in positions(json.loads(line)):
                    samples.append((state, ev.features(state), result))
    print(f"{len(samples)} positions; error with the current weights {error(samples, dict(WEIGHTS)):.5f}",
          file=sys.stderr)
    weights = fit(samples, dict(WEIGHTS), args.rounds)
    print("WEIGHTS: Final[dict[str, float]] = {")
    for name, value in weights.items():
        print(f'    "{name}": {round(value, 4)!r},')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
